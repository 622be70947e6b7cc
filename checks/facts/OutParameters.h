//===--- OutParameters.h - what a function hands back through a pointer ---===//
//
// A function that checks a count before it stores it for its caller,
//   static int read_entries(..., uint32_t *count, uint32_t width) {
//     if (MAX / width < n) return 0;
//     *count = n;
// hands back a count whose product with the same width cannot exceed MAX.
// For a function defined in the translation unit and one of its
// pointer-to-integer parameters, this summarizes every value the function
// stores through that pointer: the range each stored value lies in, and
// bounds on its product with another parameter, which the caller's
// argument turns into a range.
//
// Only a pointer the function dereferences (`*p = v`, reads of `*p`),
// tests, or hands to another such function has a summary. Any other use
// (kept somewhere, indexed, `*p += v`, cast) and it has none: the caller's
// variable escapes, as before. A function may also store nothing on some
// path; the caller's variable then keeps its value. Summaries are computed
// when a guard dataflow first meets `&v` passed to a function, once per
// function and parameter.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FACTS_OUTPARAMETERS_H
#define CALLOC_TIDY_FACTS_OUTPARAMETERS_H

#include "analysis/expressions/IntegerRanges.h"
#include "analysis/dataflow/OverflowGuards.h"
#include "facts/OtherUnits.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>

namespace clang::tidy::calloc {

class CallSites;
struct FunctionEffects;

/// One value (or a group of values) a function may store through a
/// pointer parameter.
struct StoredValue {
  /// The range it lies in.
  ValueRange Range;
  /// `value * (the argument for parameter Param) <= Bound`.
  struct Scaled {
    unsigned Param;
    Wide Bound;
  };
  llvm::SmallVector<Scaled, 1> Scales;
};

/// Every value a function may store through one pointer parameter; empty
/// when it never stores one.
using StoredValues = llvm::SmallVector<StoredValue, 2>;

class OutParameters : public PointerStores {
public:
  OutParameters(ASTContext &Ctx, const IntegerModel &Model,
                bool AssertsAreGuards, CallSites *Callers);
  ~OutParameters() override;

  /// What the callee of \p Call stores through the pointer it gets as
  /// argument \p Index; null when the callee may use that pointer other
  /// than to store an integer of the pointee's type, read one, test it or
  /// hand it to another such function, or its body is not in this file.
  const StoredValues *storedThrough(const CallExpr *Call, unsigned Index);

  bool onlyStoresThrough(const CallExpr *Call, unsigned Index) override {
    return storedThrough(Call, Index) != nullptr;
  }

  /// The range of what \p Call may store through its argument \p Index,
  /// given \p Facts (those at the call); none when the summary is null or
  /// stores nothing.
  std::optional<ValueRange> storedRange(const CallExpr *Call, unsigned Index,
                                        const ValueFacts *Facts) override;

  /// For a callee defined in another unit, the program's facts answer
  /// (useProgramFacts): a `bounds-product` holds wherever it returns.
  std::optional<CheckedPair> checkedPair(const CallExpr *Call) override;

  /// The pair \p Definition, a body of this file, checks.
  std::optional<CheckedPair> checkedPairOf(const FunctionDecl *Definition);

  /// support/Callees.h's answer, or for a callee defined in another unit,
  /// the program's facts'.
  bool neverReturns(const CallExpr *Call) override;

  /// What other units say of the functions they define; null for none.
  void useProgramFacts(const OtherUnits *Facts) { Program = Facts; }

private:
  std::optional<CheckedPair> computeCheckedPair(const FunctionDecl *Function);
  const StoredValues *summarize(const FunctionDecl *Function, unsigned Index);
  bool summarizeInto(const FunctionDecl *Function, const ParmVarDecl *Param,
                     StoredValues &Out);
  /// Adds what `*p = v` stores; false when not known.
  bool addStore(const FunctionDecl *Function, const BinaryOperator *Store,
                QualType Pointee, StoredValues &Out);
  /// Adds what the callee of \p Call stores through the pointer it gets as
  /// argument \p Index; false when not known.
  bool addHandover(const FunctionDecl *Function, const CallExpr *Call,
                   unsigned Index, QualType Pointee, StoredValues &Out);
  GuardAnalysis &guardsOf(const FunctionDecl *Function);
  const FunctionEffects &effectsOf(const FunctionDecl *Function);

  ASTContext &Ctx;
  const IntegerModel &Model;
  const bool AssertsAreGuards;
  CallSites *Callers;
  const OtherUnits *Program = nullptr;
  /// Null for a parameter without a summary.
  llvm::DenseMap<std::pair<const FunctionDecl *, unsigned>,
                 std::unique_ptr<StoredValues>>
      Summaries;
  /// The summaries being computed: a cycle has none.
  llvm::DenseSet<std::pair<const FunctionDecl *, unsigned>> InProgress;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<GuardAnalysis>> Guards;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<FunctionEffects>>
      Effects;
  /// checkedPair's answers, per function (a cycle has none).
  llvm::DenseMap<const FunctionDecl *, std::optional<CheckedPair>> Pairs;
  /// Summaries refused because of a cycle or the nesting limit.
  unsigned CutOffs = 0;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FACTS_OUTPARAMETERS_H
