//===--- OverflowGuards.h - what the code checked before an allocation ----===//
//
// A forward dataflow over the CFG of one function that follows a few values
// (the factors of an allocation size, and a variable holding the size) and
// learns from the branches taken on the way to a program point:
//   * ranges: `if (n > 4096) return;` leaves n in [.., 4096] after it, a
//     clamp `if (n > CAP) n = CAP;` too, `if (!b)` pins b to 0;
//   * product bounds: `if (a > SIZE_MAX / b) goto fail;` leaves a * b
//     <= SIZE_MAX;
//   * reaching definitions: which assignment a variable's value comes from;
//   * escapes: a value whose address was taken is no longer followed.
// Exits are whatever the CFG says ends a path: return, goto, break,
// continue, and calls to noreturn functions (exit, abort, __assert_fail).
// It runs only for functions that contain a candidate call.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_OVERFLOWGUARDS_H
#define CALLOC_TIDY_OVERFLOWGUARDS_H

#include "SizeExpressions.h"

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <memory>
#include <vector>

namespace clang::tidy::calloc {

/// What holds for the followed values at one point of a function.
class PointFacts : public ValueFacts {
public:
  struct KeyState {
    ValueRange Range;
    bool Escaped = false;
    /// The expressions whose values reach here: the right-hand side of an
    /// assignment or an initializer; nullptr for "from the function's entry"
    /// (a parameter, or a declaration without initializer), or the
    /// modifying statement itself for ++, += and the like.
    llvm::SmallVector<const Stmt *, 2> Definitions;
  };
  /// `A * B <= Bound`; or, when Holder is set, "Holder holds A * B and it
  /// did not wrap" (learned from `if (holder / a != b) fail;`).
  struct ProductFact {
    ValueKey A, B;
    Wide Bound;
    ValueKey Holder;
  };

  std::optional<ValueRange> rangeOf(const ValueKey &Key) const override;
  std::optional<Wide> productBound(const ValueKey &A,
                                   const ValueKey &B) const override;
  /// Whether \p Holder is known to hold the unwrapped product A * B.
  bool verifiedProduct(const ValueKey &Holder, const ValueKey &A,
                       const ValueKey &B) const;
  /// Null when \p Key is not followed.
  const KeyState *state(const ValueKey &Key) const;

  bool Reached = false;
  std::map<ValueKey, KeyState> Keys;
  std::vector<ProductFact> Products;
};

class GuardAnalysis {
public:
  GuardAnalysis(const Decl *Function, ASTContext &Ctx,
                const IntegerModel &Model, bool AssertsAreGuards);

  /// The facts right before \p S is evaluated, following \p Keys. Null when
  /// the function has no CFG or \p S is not evaluated in it.
  std::unique_ptr<PointFacts> factsBefore(const Stmt *S,
                                          llvm::ArrayRef<ValueKey> Keys);

  /// The function contains code that did not compile: a guard may be
  /// among it, so nothing here is known.
  bool hasErrors() const { return HasErrors; }

private:
  using BlockState = PointFacts;
  void initialize(BlockState &Entry, llvm::ArrayRef<ValueKey> Keys) const;
  void transfer(BlockState &State, const Stmt *S) const;
  void assign(BlockState &State, const ValueKey &Key, const ValueRange &R,
              const Stmt *Definition) const;
  void forget(BlockState &State, const ValueKey &Key,
              const Stmt *Definition) const;
  void applyCondition(BlockState &State, const Expr *Cond, bool Truth) const;
  void applyComparison(BlockState &State, const BinaryOperator *BO,
                       bool Truth) const;
  void applyEquality(BlockState &State, const BinaryOperator *BO) const;
  void applyOverflowBuiltin(BlockState &State, const CallExpr *Call,
                            bool Truth) const;
  bool isAssertCondition(const Expr *Cond) const;
  static bool joinInto(BlockState &Into, const BlockState &From, bool Widen,
                       const IntegerModel &Model);

  ASTContext &Ctx;
  const IntegerModel &Model;
  std::vector<ValueKey> withRelatedKeys(llvm::ArrayRef<ValueKey> Keys) const;

  bool AssertsAreGuards;
  bool HasErrors = false;
  /// Per variable, the values assigned to it in the function; and every
  /// comparison. Used to follow the values a followed value depends on.
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const Expr *, 2>> Assigned;
  std::vector<const BinaryOperator *> Comparisons;
  std::unique_ptr<CFG> Graph;
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Where;
  std::vector<unsigned> Order;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_OVERFLOWGUARDS_H
