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
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

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
  /// did not wrap" (learned from `if (holder / a != b) fail;`); with Holder
  /// set and no B, the same for A times the constant Bound.
  struct ProductFact {
    ValueKey A, B;
    Wide Bound;
    ValueKey Holder;
  };

  std::optional<ValueRange> rangeOf(const ValueKey &Key) const override;
  std::optional<Wide> productBound(const ValueKey &A,
                                   const ValueKey &B) const override;
  /// Whether \p Holder is known to hold the unwrapped product A * Factor
  /// (`if (len / n != sizeof(T)) fail;`).
  bool verifiedScaled(const ValueKey &Holder, const ValueKey &A,
                      Wide Factor) const;
  /// Whether \p Holder is known to hold the unwrapped product A * B.
  bool verifiedProduct(const ValueKey &Holder, const ValueKey &A,
                       const ValueKey &B) const;
  /// Null when \p Key is not followed.
  const KeyState *state(const ValueKey &Key) const;

  /// The followed values and their states: a handful, so a small vector
  /// searched in order is cheaper to copy along every edge than a map.
  class KeyTable {
  public:
    using Entry = std::pair<ValueKey, KeyState>;
    using iterator = llvm::SmallVector<Entry, 6>::iterator;
    using const_iterator = llvm::SmallVector<Entry, 6>::const_iterator;
    iterator begin() { return Entries.begin(); }
    iterator end() { return Entries.end(); }
    const_iterator begin() const { return Entries.begin(); }
    const_iterator end() const { return Entries.end(); }
    iterator find(const ValueKey &Key) {
      return llvm::find_if(Entries, [&](const Entry &E) { return E.first == Key; });
    }
    const_iterator find(const ValueKey &Key) const {
      return llvm::find_if(Entries, [&](const Entry &E) { return E.first == Key; });
    }
    size_t count(const ValueKey &Key) const { return find(Key) != end(); }
    KeyState &operator[](const ValueKey &Key) {
      iterator It = find(Key);
      if (It != end())
        return It->second;
      Entries.push_back({Key, KeyState()});
      return Entries.back().second;
    }

  private:
    llvm::SmallVector<Entry, 6> Entries;
  };

  bool Reached = false;
  KeyTable Keys;
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
  /// Pairs of values whose product the caller evaluates: the only ones
  /// worth a product bound implied by ranges at a join.
  using KeyPairs = std::vector<std::pair<ValueKey, ValueKey>>;
  static bool joinInto(BlockState &Into, const BlockState &From,
                       const KeyPairs &Pairs, bool Widen,
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
  std::vector<bool> LoopHead;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_OVERFLOWGUARDS_H
