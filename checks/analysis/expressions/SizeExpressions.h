//===--- SizeExpressions.h - the shape of an allocation size
//---------------===//
//
// An allocation size is arithmetic over variables, constants and `sizeof`.
// This file models its shape and identity: the factors of a product, the
// constants among them, the product that encloses a wrapping one, and
// whether two expressions compute the same value. Ranges are in
// IntegerRanges.h; storage in StorageLocations.h.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_EXPRESSIONS_SIZEEXPRESSIONS_H
#define CALLOC_TIDY_ANALYSIS_EXPRESSIONS_SIZEEXPRESSIONS_H

#include "analysis/expressions/StorageLocations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace clang::tidy::calloc {

/// Whether \p Pred holds for \p S or any statement inside it, searched
/// with an explicit stack (an expression of any depth).
bool anyStatement(const Stmt *S, llvm::function_ref<bool(const Stmt *)> Pred);

/// The value of an integer constant expression without side effects; none
/// for anything dependent or not constant.
std::optional<llvm::APSInt> constantValue(const Expr *E, const ASTContext &Ctx);

/// True for a `sizeof`/`alignof` or an integer constant expression.
bool isConstantFactor(const Expr *E, const ASTContext &Ctx);

/// `a * b * c` flattened through parens and implicit conversions, in source
/// order. Explicit casts end the flattening (`(size_t)w * h` has the factors
/// `(size_t)w` and `h`).
llvm::SmallVector<const Expr *, 4> productFactors(const BinaryOperator *Mul);

/// The outermost multiplication that contains \p Inner, following only
/// multiplications, parens and implicit casts upwards inside \p Root.
const BinaryOperator *outermostProduct(const Expr *Root,
                                       const BinaryOperator *Inner);

/// Whether two side-effect-free expressions, evaluated with the same values
/// of their operands, give the same value: equal constants, or the same
/// expression up to parentheses, no-op casts, and the order of the factors
/// of a product or the operands of a sum, and conditionals (`a ? 4 : 3`)
/// of the same parts; an element read at the same index
/// (`sizes[i]`, sameLvalue()) is an operand like a variable. In a template,
/// `sizeof(T)` equals only `sizeof(T)` (or `sizeof(*p)` of a `T *p`).
bool sameValue(const Expr *A, const Expr *B, const ASTContext &Ctx);

/// The operands a MIN or MAX macro compares and returns: the same variable,
/// field or element, or equal constants, seen through widening casts.
bool sameOperand(const Expr *A, const Expr *B, const ASTContext &Ctx);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ANALYSIS_EXPRESSIONS_SIZEEXPRESSIONS_H
