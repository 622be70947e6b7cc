//===--- ProductSplit.h - a product as the arguments of an array form -----===//
//
// `malloc(a * b)` becomes `calloc(a, b)`: this file decides how the factors
// of a product split into a count and a size, such that the size (computed
// by the caller's code, not checked by calloc) cannot wrap on its own, and
// spells both as the source wrote them.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FIXES_PRODUCTSPLIT_H
#define CALLOC_TIDY_FIXES_PRODUCTSPLIT_H

#include "analysis/expressions/IntegerRanges.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace clang::tidy::calloc {

/// Count and size arguments for the array form of a product.
struct CountAndSize {
  std::string Count;
  std::string Size;
  std::string joined() const { return Count + ", " + Size; }
};

/// Splits the factors of \p Product into calloc's (count, size): constant
/// and `sizeof` factors go into the size, the rest into the count, except
/// that a variable or field named as an element size (`kind`, `elsize`)
/// goes after the others. When more than one non-constant factor remains,
/// one of them becomes the count only if the others provably cannot wrap as
/// a size_t product (they get a size_t cast when needed). On failure
/// \p WhyNot says why.
std::optional<CountAndSize>
splitForArrayForm(const BinaryOperator *Product, const ASTContext &Ctx,
                  const IntegerModel &Model, const ValueFacts *Facts,
                  QualType SizeType, std::string &WhyNot);

/// The arguments of a macro like Linux's `kmalloc_objs(*p, n, gfp)` for a
/// product `n * sizeof(*p)`: the element (an object or a type, as written
/// in the `sizeof`), the count, and the element's type.
struct ElementAndCount {
  std::string Element;
  std::string Count;
  QualType ElementType;
  std::string joined() const { return Element + ", " + Count; }
};

/// Splits \p Product, of exactly two factors, one a `sizeof` and the other
/// not a constant, into the element and the count. On failure \p WhyNot
/// says why.
std::optional<ElementAndCount>
splitForObjectsForm(const BinaryOperator *Product, const ASTContext &Ctx,
                    std::string &WhyNot);

/// `64 * sizeof(T)` as calloc's (64, sizeof(T)): two constant factors, the
/// `sizeof` one second, when their product did not wrap in its type.
std::optional<CountAndSize> splitConstants(const BinaryOperator *Product,
                                           const ASTContext &Ctx);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FIXES_PRODUCTSPLIT_H
