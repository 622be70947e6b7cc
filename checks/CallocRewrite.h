//===--- CallocRewrite.h - turning an allocation into its array form ------===//
//
// Both checks end in the same edit: `malloc(a * b)` becomes `calloc(a, b)`
// (or the family's counterpart), keeping every other argument, the callee's
// qualifier and the casts around the call. This file decides how a product
// splits into count and size, and builds the edit only when it is exact:
// no macro in the way, every piece copied from the source as written, the
// replacement function declared before the call.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_CALLOCREWRITE_H
#define CALLOC_TIDY_CALLOCREWRITE_H

#include "AllocatorFamilies.h"
#include "SizeExpressions.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"

#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::calloc {

/// The source text of \p E as written, when it maps to one range of a file
/// (possibly a whole macro expansion such as `ITEM_SIZE`).
std::optional<std::string> spelledText(const Expr *E, const ASTContext &Ctx);

/// \p E's text for a message: as written, whitespace folded, shortened.
std::string displayText(const Expr *E, const ASTContext &Ctx);

/// Count and size arguments for the array form of `Product`.
struct CountAndSize {
  std::string Count;
  std::string Size;
};

/// Splits the factors of \p Product into calloc's (count, size): constant
/// and `sizeof` factors go into the size, the rest into the count. When
/// more than one non-constant factor remains, one of them becomes the count
/// only if the others provably cannot wrap as a size_t product (they get a
/// size_t cast when needed). On failure \p WhyNot says why.
std::optional<CountAndSize> splitForArrayForm(const BinaryOperator *Product,
                                              const ASTContext &Ctx,
                                              const IntegerModel &Model,
                                              const ValueFacts *Facts,
                                              QualType SizeType,
                                              std::string &WhyNot);

/// The edit that turns \p Call (to \p Family's function) into a call to
/// \p NewCallee whose size argument is replaced by \p NewSizeArgs (one or
/// more comma-separated arguments). Empty, with \p WhyNot set, when the edit
/// would not be exact.
std::vector<FixItHint> rewriteAllocation(const CallExpr *Call,
                                         const AllocatorFamily &Family,
                                         llvm::StringRef NewCallee,
                                         llvm::StringRef NewSizeArgs,
                                         const ASTContext &Ctx,
                                         std::string &WhyNot);

/// The edit that turns \p Call into a call to \p NewCallee with the same
/// arguments (`kmalloc(size, flags)` into `kzalloc(size, flags)`): only the
/// callee's name changes. Empty, with \p WhyNot set, when the edit would not
/// be exact.
std::vector<FixItHint> renameCallee(const CallExpr *Call,
                                    llvm::StringRef NewCallee,
                                    const ASTContext &Ctx,
                                    std::string &WhyNot);

/// The function a call to \p Name at \p Loc reaches: \p Name itself, or the
/// function an object-like macro `#define Name other` renames it to. None
/// when \p Name is any other kind of macro there.
std::optional<std::string> calledFunctionName(llvm::StringRef Name,
                                              SourceLocation Loc,
                                              Preprocessor *PP);

/// The call text after the rewrite, for the message: `calloc(n, sizeof(T))`.
std::string rewrittenCallText(const CallExpr *Call,
                              const AllocatorFamily &Family,
                              llvm::StringRef NewCallee,
                              llvm::StringRef NewSizeArgs,
                              const ASTContext &Ctx);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_CALLOCREWRITE_H
