//===--- LeftoverVariables.h - locals a fix would leave unused ------------===//
//
// A fix takes code out of a function: `malloc(bytes)` becomes
// `calloc(n, sizeof(T))`, `memset(p, 0, bytes);` goes. When that code held
// the last read of a local (`size_t bytes = n * sizeof(T);`), the local
// would be left declared and never read, which `-Wall -Werror` builds
// reject. Its declaration and the assignments to it go with the fix when
// nothing they compute is needed; otherwise the fix is not made.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FIXES_LEFTOVERVARIABLES_H
#define CALLOC_TIDY_FIXES_LEFTOVERVARIABLES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace clang::tidy::calloc {

/// What a size argument is to the other fixes of both checks, which may
/// take it out of the code as this one does.
enum class SizeRole {
  None,
  Allocation, // the size of a call to a configured allocator
  Zeroing,    // the size of a memset or bzero
};

/// What a fix does to a function's code, as far as reads of locals go.
struct FixFootprint {
  /// The expressions and statements the fix deletes or replaces.
  llvm::SmallVector<const Stmt *, 4> Removed;
  /// The expressions whose text the fix writes again (the factors of a
  /// product copied into the new call): their reads stay.
  llvm::SmallVector<const Stmt *, 4> Copied;
  /// The size argument of a call, and what it is to the other fixes; none
  /// for other calls.
  llvm::function_ref<std::pair<SizeRole, const Expr *>(const CallExpr *)>
      SizeOf;
};

/// A statement that goes with a fix: the declaration of a local the fix
/// leaves unread, or an assignment to it.
struct Leftover {
  const Stmt *Statement = nullptr;
  const VarDecl *Var = nullptr;
  bool IsDeclaration = false;
};

/// The statements of \p Function that must go with a fix of \p Footprint so
/// that no variable is left without a read: for each local whose last read
/// the fix removes, its declaration and every assignment to it (and so on
/// for the locals those read). A local still read as the size of another
/// zeroing stays. None, with \p WhyNot set, when such a local cannot go: it
/// is a parameter or not a plain local, its declaration declares others or
/// is not a statement of a block, an initializer or an assigned value has
/// side effects, it is changed in some other way, or a preprocessor
/// directive in its scope may hide another use; and also when its other
/// reads are all the sizes of other allocations (and their zeroing), which
/// their own fixes take out too: fixing all of them would leave it unused,
/// and each fix must be right on its own.
std::optional<llvm::SmallVector<Leftover, 4>>
leftoverStatements(const Decl *Function, const FixFootprint &Footprint,
                   const ASTContext &Ctx, std::string &WhyNot);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FIXES_LEFTOVERVARIABLES_H
