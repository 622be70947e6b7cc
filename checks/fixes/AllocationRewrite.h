//===--- AllocationRewrite.h - the edits that rewrite an allocation -------===//
//
// Both checks end in the same edit: `malloc(a * b)` becomes `calloc(a, b)`
// (or the family's counterpart), keeping every other argument, the callee's
// qualifier and the casts around the call. The edits are built only when
// they are exact: no macro in the way, every piece copied from the source
// as written, the replacement function declared before the call.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FIXES_ALLOCATIONREWRITE_H
#define CALLOC_TIDY_FIXES_ALLOCATIONREWRITE_H

#include "allocators/AllocatorFamilies.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"

#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::calloc {

/// Why \p Call cannot be edited in place: it is not a plain call by name,
/// or it is written inside a macro (other than an object-like macro that
/// only names the callee, `#define xmalloc malloc`). Empty when it can.
std::string whyNotEditable(const CallExpr *Call, const ASTContext &Ctx);

/// The edit that turns \p Call (to \p Family's function) into a call to
/// \p NewCallee whose size argument is replaced by \p NewSizeArgs (one or
/// more comma-separated arguments). Empty, with \p WhyNot set, when the edit
/// would not be exact. A call written through a macro that names its callee
/// (`#define xmalloc malloc`) is renamed to the macro that names
/// \p NewCallee (`xcalloc`), which \p PP has.
/// \p LeadingArgs is the number of arguments \p NewCallee takes before
/// the allocator's own (`reallocarray(NULL, n, size)` for `malloc`).
std::vector<FixItHint>
rewriteAllocation(const CallExpr *Call, const AllocatorFamily &Family,
                  llvm::StringRef NewCallee, llvm::StringRef NewSizeArgs,
                  const ASTContext &Ctx, Preprocessor *PP, std::string &WhyNot,
                  unsigned LeadingArgs = 0);

/// Where \p Call is written: the call itself, outside macros; or, for a
/// call written as the invocation `WrittenAs(...)` of \p Family's macro
/// (`kmalloc(n, gfp)` around `kmalloc_noprof`), that whole invocation.
/// Invalid, with \p WhyNot set, otherwise.
CharSourceRange writtenCall(const CallExpr *Call, const AllocatorFamily &Family,
                            const ASTContext &Ctx, std::string &WhyNot);

/// The edit that turns \p Call, written as writtenCall() says, into an
/// invocation of the function-like macro \p Macro (the caller has seen it
/// defined there), whose
/// first arguments \p NewSizeArgs replace the size (the first argument):
/// `kmalloc(n * sizeof(*p), gfp)` into `kmalloc_objs(*p, n, gfp)`. Empty,
/// with \p WhyNot set, when the edit would not be exact.
std::vector<FixItHint>
rewriteToMacro(const CallExpr *Call, const AllocatorFamily &Family,
               llvm::StringRef Macro, llvm::StringRef NewSizeArgs,
               const ASTContext &Ctx, std::string &WhyNot);

/// The edit that turns \p Call into a call to \p NewCallee with the same
/// arguments (`kmalloc(size, flags)` into `kzalloc(size, flags)`): only the
/// callee's name changes. Empty, with \p WhyNot set, when the edit would not
/// be exact.
std::vector<FixItHint> renameCallee(const CallExpr *Call,
                                    llvm::StringRef NewCallee,
                                    const ASTContext &Ctx, Preprocessor *PP,
                                    std::string &WhyNot);

/// How a rename of \p Call to \p NewCallee writes the new name: as it is,
/// or, for a call spelled through a macro that only names its callee, the
/// project's macro that names \p NewCallee (none if it has no such macro).
std::optional<std::string> spelledCallee(const CallExpr *Call,
                                         llvm::StringRef NewCallee,
                                         const ASTContext &Ctx,
                                         Preprocessor *PP);

/// The function a call to \p Name at \p Loc reaches: \p Name itself, or the
/// function an object-like macro `#define Name other` renames it to. None
/// when \p Name is any other kind of macro there.
std::optional<std::string>
calledFunctionName(llvm::StringRef Name, SourceLocation Loc, Preprocessor *PP);

/// The call text after the rewrite, for the message: `calloc(n, sizeof(T))`.
std::string rewrittenCallText(const CallExpr *Call,
                              const AllocatorFamily &Family,
                              llvm::StringRef NewCallee,
                              llvm::StringRef NewSizeArgs,
                              const ASTContext &Ctx);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FIXES_ALLOCATIONREWRITE_H
