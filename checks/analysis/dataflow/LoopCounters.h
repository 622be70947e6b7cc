//===--- LoopCounters.h - counters a bounded loop steps up ----------------===//
//
// `n = 0; for (i = 0; i < count; i++) if (...) n++;` leaves n at most the
// largest value count's type holds: n goes up at most once per pass, and
// the loop makes at most that many passes. The ranges of OverflowGuards
// widen such a counter to its whole type at the loop head; this file gives
// the bound that holds at every point of the function instead, read from
// the function's syntax alone.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_DATAFLOW_LOOPCOUNTERS_H
#define CALLOC_TIDY_ANALYSIS_DATAFLOW_LOOPCOUNTERS_H

#include "analysis/expressions/IntegerRanges.h"
#include "analysis/expressions/LocalValues.h"
#include "analysis/expressions/StatementEffects.h"
#include "analysis/dataflow/UnitQueries.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

namespace clang::tidy::calloc {

/// The counters of one function and their bounds, computed on demand.
class LoopCounters {
public:
  /// \p Callers, when given, bounds a parameter used as a loop's limit.
  LoopCounters(const Decl *Function, const IntegerModel &Model,
               ParameterRanges *Callers)
      : Function(Function), Model(Model), Callers(Callers) {}

  /// The largest value \p Var holds at the head of \p Loop, when \p Var
  /// is a local counter of it: before the loop, only set to non-negative
  /// constants or stepped up outside loops; in the loop, only stepped up
  /// by positive constants directly in its body; \p Loop a
  /// `for (i = s; i < N; i++)` loop that no other loop encloses, which
  /// makes at most max(N) - s passes (`i` may also be stepped up in it); no
  /// address of either taken; every goto of the function forward and into no
  /// loop. What the code does to
  /// \p Var after the loop does not matter. None otherwise.
  std::optional<Wide> bound(const VarDecl *Var, const Stmt *Loop);

private:
  std::optional<Wide> compute(const VarDecl *Var, const Stmt *Loop);
  std::optional<Wide> passes(const ForStmt *For) const;
  /// The largest value \p Limit, a loop's limit, can have: its type's, or
  /// for a local or parameter that only `=` sets (and nothing else can
  /// change), the largest of those values and of what callers pass.
  std::optional<Wide> largestLimit(const Expr *Limit) const;
  /// Indexes the function's loops, gotos and labels once.
  void indexJumps();
  /// How the function touches \p Var.
  LocalTouches touches(const VarDecl *Var) const;
  const FunctionEffects &effects() const;

  const Decl *Function;
  const IntegerModel &Model;
  ParameterRanges *Callers;
  /// What the whole body lets escape, read once when first needed.
  mutable std::optional<FunctionEffects> Effects;
  /// How the body touches each local, from one walk when first needed.
  mutable std::optional<LocalTouchIndex> Touches;
  llvm::DenseMap<std::pair<const VarDecl *, const Stmt *>, std::optional<Wide>>
      Bounds;
  bool Indexed = false;
  /// Whether every goto jumps forward and into no loop it is not in: no
  /// goto makes a loop run again or start in its middle.
  bool JumpsForward = false;
  /// The loops no other loop encloses and that no `case` of an outer
  /// `switch` enters.
  llvm::SmallPtrSet<const Stmt *, 8> OutermostLoops;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ANALYSIS_DATAFLOW_LOOPCOUNTERS_H
