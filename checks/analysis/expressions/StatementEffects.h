//===--- StatementEffects.h - what a statement may do to memory -----------===//
//
// What one statement or expression reads, writes, lets escape (takes the
// address of, binds to a reference, captures) and whether it calls
// anything that may return, in terms of the places of
// StorageLocations.h. Code that is not evaluated (sizeof, noexcept) is
// skipped; constructs whose effect is not modelled (inline assembly, labels
// that can be jumped to, code that did not compile) make it opaque.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_EXPRESSIONS_STATEMENTEFFECTS_H
#define CALLOC_TIDY_ANALYSIS_EXPRESSIONS_STATEMENTEFFECTS_H

#include "analysis/expressions/StorageLocations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::calloc {

enum class AccessKind { Read, Write, Escape };

struct Access {
  Place Where;
  AccessKind Kind;
  QualType Type;
};

/// The effects of a statement, collected by scan().
class StatementEffects {
public:
  void scan(const Stmt *S);

  llvm::SmallVector<Access, 8> Accesses;
  /// It calls something that may return.
  bool Calls = false;
  /// It contains something whose effect is not modelled.
  bool Opaque = false;
  /// Code that did not compile: it may have meant anything.
  bool Errors = false;

  bool writes() const;

private:
  bool scanSpecialStatement(const Stmt *S);
  bool skipUnevaluated(const Expr *E);
  bool scanLvalueUse(const Expr *E);
  void scanCallLike(const Expr *E);
  void lvalue(const Expr *E, AccessKind Kind);
  void bases(const Expr *E);
  void record(const Expr *E, AccessKind Kind) {
    Accesses.push_back({placeOf(E), Kind, E->getType()});
  }
  unsigned SwitchDepth = 0;
};

/// Builtins that only inform the optimizer; they call nothing.
bool isHintBuiltin(const FunctionDecl *FD);

/// `__builtin_expect(x, c)` (the likely/unlikely macros) gives x; anything
/// else gives itself.
const Expr *ignoreExpectHints(const Expr *E);

/// Side effects, also in a template, where clang assumes them for any
/// dependent expression.
bool hasSideEffects(const Expr *E, const ASTContext &Ctx);

/// What the whole body of a function shows, read once.
struct FunctionEffects {
  /// Locals whose address is taken, or that are captured or bound to a
  /// reference: something other than their name can reach them.
  llvm::SmallPtrSet<const VarDecl *, 8> Escaped;
  /// Part of the body did not compile.
  bool HasErrors = false;

  explicit FunctionEffects(const Decl *Function);

  /// A local that nothing but its name can reach: its address is never
  /// taken, it is not a reference and not volatile.
  bool isPrivate(const Place &P) const;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ANALYSIS_EXPRESSIONS_STATEMENTEFFECTS_H
