//===--- Callees.h - what kind of function a declaration is ---------------===//
//
// Questions about a callee that the analysis, the allocator table, the
// program facts and the checks all ask, answered once here, below all of
// them.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_SUPPORT_CALLEES_H
#define CALLOC_TIDY_SUPPORT_CALLEES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace clang::tidy::calloc {

/// A C function: declared at global scope, in `std`, or in an `extern "C"`
/// block; never a class member.
bool isNamespaceScopeFunction(const Decl *D);

/// Whether \p D is declared in a system header: code there cannot call or
/// write what the translation unit defines, so walks skip it.
bool inSystemHeader(const Decl *D, const SourceManager &SM);

/// The definition in this file that \p Call runs, when that is known: a
/// direct call (not an operator call, whose object is an argument but not
/// a parameter, nor a virtual one) to a prototyped function defined here,
/// outside system headers, that the linker cannot replace (not weak, not
/// a C inline definition that another file may supply).
const FunctionDecl *definitionThatRuns(const CallExpr *Call,
                                       const ASTContext &Ctx);

/// Whether \p Definition is the code that runs where its function is
/// called (in a call whose callee's prototype is known): not weak, not a
/// virtual method, not a C inline definition another file may supply, in
/// no system header, and valid.
bool runsAsDefined(const FunctionDecl *Definition, const ASTContext &Ctx);

/// Whether \p Call never returns to its caller: its callee is declared
/// noreturn, or it is defined in this file (definitionThatRuns) without a
/// `return`, and its body ends, on every branch of a trailing `if`-`else`,
/// in a call that never returns. A body that ends in a `throw` may return
/// to a handler of the caller's: it does not count. `pm_error` ends in `pm_longjmp()`, which
/// is `if (buf) longjmp(*buf, 1); else exit(1);`: neither is declared
/// noreturn, both are. The compiler's CFG knows only the declared ones.
bool neverReturns(const CallExpr *Call, const ASTContext &Ctx);

/// Whether \p Definition, a body of this file, never returns by the rule
/// above (or is declared noreturn): what the facts pass tells other files.
bool definitionNeverReturns(const FunctionDecl *Definition,
                            const ASTContext &Ctx);

} // namespace clang::tidy::calloc

#endif
