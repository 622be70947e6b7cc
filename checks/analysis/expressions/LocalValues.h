//===--- LocalValues.h - what a function does to one of its locals -------===//
//
// One walk over a function's body tells how it touches a local variable:
// the values `=` gives it, the constants it is set to, the steps up; the
// escapes of StatementEffects.h tell whether anything else may change it.
// LoopCounters bounds counters from it, and CallSites bounds an argument
// that is a caller's local by every value that local is given.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_EXPRESSIONS_LOCALVALUES_H
#define CALLOC_TIDY_ANALYSIS_EXPRESSIONS_LOCALVALUES_H

#include "analysis/expressions/IntegerRanges.h"
#include "analysis/expressions/StatementEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace clang::tidy::calloc {

/// One modification of a local.
struct LocalTouch {
  enum TouchKind {
    /// Set to the non-negative constant Value.
    Set,
    /// Stepped up by the positive constant Value (`++`, `+= 2`).
    Step,
    /// Changed any other way.
    Other,
  } Kind;
  Wide Value = 0;
  const Stmt *At = nullptr;
  /// The loops around it, outermost first.
  llvm::SmallVector<const Stmt *, 2> Loops;
  /// The outermost loop of any kind around it (a range `for` too); only
  /// LocalTouchIndex records it.
  const Stmt *OutermostLoop = nullptr;
  /// False in a branch that never runs: the branch of an `if` whose
  /// condition is an integer constant (`if (ENABLE_FEATURE_X)` with the
  /// macro 0), when no label or `case` in it lets a jump in. Only
  /// LocalTouchIndex tells; touchesOf() leaves it true.
  bool MayRun = true;
};

/// How a function's code touches one local.
struct LocalTouches {
  /// Every modification, in the order of the code.
  llvm::SmallVector<LocalTouch, 4> Touches;
  /// The values given to it by `=` or an initializer.
  llvm::SmallVector<const Expr *, 4> Values;
  /// Whether it is also changed by arithmetic (`++`, `+=`, ...).
  bool Arithmetic = false;
  /// Something other than its name can reach it (FunctionEffects: an
  /// address taken, a reference bound, a capture), or the body did not
  /// compile: the code may change it where no modification is written.
  bool Escapes = false;
};

/// How the body of \p Function, whose effects are \p Effects, touches
/// \p Var.
LocalTouches touchesOf(const VarDecl *Var, const Decl *Function,
                       const FunctionEffects &Effects, const ASTContext &Ctx);

/// How the body of a function touches each of its variables, and the
/// order of its code, from one walk: for code that asks about many locals
/// of the same function.
///
/// The order is read from the source, the loops and the jumps, without a
/// CFG: a write that starts after a read, outside every loop around both,
/// runs after that read on every path, unless the function jumps back (a
/// `goto` to a label above it, a computed or `asm` goto, a call that
/// returns twice like `setjmp`).
class LocalTouchIndex {
public:
  LocalTouchIndex(const Decl *Function, const ASTContext &Ctx);
  /// The same as touchesOf(Var, Function, Effects, Ctx).
  LocalTouches of(const VarDecl *Var, const FunctionEffects &Effects) const;
  /// The modifications written in the body, without the escape verdict
  /// (Escapes stays false): for a reader that follows the other ways a
  /// local changes (`&v` handed to a function) itself.
  const LocalTouches &written(const VarDecl *Var) const;

  /// Whether \p Touch, one of written()'s, may run before \p Read on some
  /// path through the function (a write that contains the read counts as
  /// before).
  bool mayRunBefore(const LocalTouch &Touch, const Stmt *Read) const;

  /// Whether \p Touch may run more than once in one call of the function:
  /// a loop holds it, or the function jumps back.
  bool mayRepeat(const LocalTouch &Touch) const {
    return JumpsBack || Touch.OutermostLoop;
  }

private:
  const SourceManager &SM;
  llvm::DenseMap<const VarDecl *, LocalTouches> Index;
  bool JumpsBack = false;
};

/// A loop statement: `for`, `while` or `do`.
bool isLoop(const Stmt *S);

/// Whether \p Goto goes to a label that does not come after it in the
/// source (or to none), so that code above it may run again.
bool jumpsBackward(const GotoStmt *Goto, const SourceManager &SM);

/// Whether \p S moves control to a place no `goto` label of it names, as
/// far as the AST tells: a computed goto, an `asm goto`, a call that
/// returns twice (`setjmp`, to which a later `longjmp` comes back).
bool jumpsUnnamed(const Stmt *S);

/// Whether \p E, without parentheses, names \p Var.
bool refersTo(const Expr *E, const VarDecl *Var);

/// A non-negative constant no wider than 64 bits.
std::optional<Wide> smallConstant(const Expr *E, const ASTContext &Ctx);

/// The values a local of \p Function holds anywhere in it, when only `=`
/// and its initializer set it and nothing else can change it: every value
/// it is given, evaluated from its operands' types, each inside the
/// local's type (a declaration without initializer gives no value: reading
/// it before a `=` is undefined). None otherwise, and for a parameter.
/// \p Touches, the function's index when the caller keeps one, saves a
/// walk of the body for each local asked about.
std::optional<ValueRange>
rangeEverywhere(const VarDecl *Var, const Decl *Function,
                const FunctionEffects &Effects, const IntegerModel &Model,
                const LocalTouchIndex *Touches = nullptr);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ANALYSIS_EXPRESSIONS_LOCALVALUES_H
