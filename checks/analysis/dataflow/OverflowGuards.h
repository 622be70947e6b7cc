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
// Blocks are visited in reverse post-order (clang's PostOrderCFGView and
// ForwardDataflowWorklist); only loop heads widen. It runs only for
// functions that contain a candidate call. Assertions (`assert(n <= MAX)`)
// are guards here; what an assertion macro is, and whether this
// configuration compiles its argument, is shared with the memset check.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_DATAFLOW_OVERFLOWGUARDS_H
#define CALLOC_TIDY_ANALYSIS_DATAFLOW_OVERFLOWGUARDS_H

#include "analysis/expressions/IntegerRanges.h"
#include "analysis/dataflow/LoopCounters.h"
#include "analysis/expressions/StorageLocations.h"
#include "analysis/dataflow/UnitQueries.h"

#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"

#include <memory>
#include <optional>
#include <vector>

namespace llvm {
template <> struct DenseMapInfo<clang::tidy::calloc::ValueKey> {
  using Key = clang::tidy::calloc::ValueKey;
  using Ptr = DenseMapInfo<const void *>;
  static Key getEmptyKey() {
    return {static_cast<const clang::ValueDecl *>(Ptr::getEmptyKey()), nullptr,
            nullptr};
  }
  static Key getTombstoneKey() {
    return {static_cast<const clang::ValueDecl *>(Ptr::getTombstoneKey()),
            nullptr, nullptr};
  }
  static unsigned getHashValue(const Key &K) {
    return detail::combineHashValue(
        Ptr::getHashValue(K.Var),
        detail::combineHashValue(Ptr::getHashValue(K.Field),
                                 Ptr::getHashValue(K.Index)));
  }
  static bool isEqual(const Key &A, const Key &B) { return A == B; }
};
} // namespace llvm

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
    /// modifying statement itself for ++, += and the like. Sorted (by
    /// address): a set, compared and merged as one; kept once by the
    /// analysis that made it (DefinitionSets), so that copying a point's
    /// facts copies no definitions.
    llvm::ArrayRef<const Stmt *> Definitions;
  };
  /// `A * B <= Bound`; or, when Holder is set, "Holder holds A * B and it
  /// did not wrap" (learned from `if (holder / a != b) fail;`); with Holder
  /// set and no B, the same for A times the constant Bound.
  struct ProductFact {
    ValueKey A, B;
    Wide Bound;
    ValueKey Holder;
    /// When set, the fact is about this compound expression over followed
    /// values in place of A (which is then no value).
    const Expr *AExpr = nullptr;
    /// `(A + Margin) * B <= Bound` holds too: the guard was
    /// `a > K / b - Margin`.
    Wide Margin = 0;
    /// When set, a third factor: `A * B * C <= Bound`, from
    /// `a > K / b / c`. Such a fact bounds only the product of all three.
    ValueKey C = {};
    /// When set, a compound expression over followed values in place of B
    /// (`a * b > K / (w + 1)`, libtiff's tiffcrop after CVE-2016-9532).
    const Expr *BExpr = nullptr;
    /// When set (and no B, no Holder): `A * Scale <= Bound`, from
    /// `a > K / s` with a constant s (`n > SIZE_MAX / sizeof(T)`); with B and
    /// Holder: Holder holds A * B * Scale unwrapped.
    Wide Scale = 0;
    /// AExpr or BExpr is read from memory or returned by a call (a memory
    /// operand: `a[i].n`, `size_of(a[i].fmt)`), which no followed value
    /// names: the fact holds until the next store or call
    /// (GuardAnalysis::forgetMemoryFacts).
    bool Memory = false;
    bool operator==(const ProductFact &O) const {
      return A == O.A && B == O.B && Bound == O.Bound && Holder == O.Holder &&
             AExpr == O.AExpr && Margin == O.Margin && C == O.C &&
             Scale == O.Scale && BExpr == O.BExpr && Memory == O.Memory;
    }
  };
  /// A compound expression over followed values, and the range a guard
  /// left it in.
  struct ExpressionFact {
    const Expr *E;
    ValueRange Range;
    /// E is a memory operand (ProductFact::Memory): the fact holds until
    /// the next store or call.
    bool Memory = false;
    bool operator==(const ExpressionFact &O) const {
      return E == O.E && Range == O.Range && Memory == O.Memory;
    }
  };

  std::optional<ValueRange> rangeOf(const ValueKey &Key) const override;
  std::optional<Wide> productBound(const ValueKey &A,
                                   const ValueKey &B) const override;
  std::optional<ValueRange> rangeOfExpression(const Expr *E) const override;
  std::optional<Wide> productBoundOf(const Expr *A,
                                     const Expr *B) const override;
  /// The fact about \p E, if any.
  const ExpressionFact *expressionFact(const Expr *E) const;
  /// A fact about three values whose product \p Compound times \p Other
  /// is, grouped otherwise.
  const ProductFact *regroupedProduct(const Expr *Compound,
                                      const ValueKey &Other) const;
  /// A bound on a compound expression times a constant, from a test of the
  /// same expression times a constant at least as large.
  std::optional<Wide> scaledExpressionBound(const Expr *A,
                                            const Expr *B) const;
  /// The largest value \p A can have by a guard on its product with a
  /// constant (`n > K / s`, ProductFact::Scale), when that product times
  /// \p Scale is at most \p Limit: a check of that product.
  bool scaledProductFits(const ValueKey &A, Wide Scale, Wide Limit) const;
  /// Whether \p Holder is known to hold the unwrapped product A * Factor
  /// (`if (len / n != sizeof(T)) fail;`).
  bool verifiedScaled(const ValueKey &Holder, const ValueKey &A,
                      Wide Factor) const;
  /// Whether \p Holder is known to hold the unwrapped product A * B (times
  /// the constant \p Scale: `(holder / b) / C == a`).
  bool verifiedProduct(const ValueKey &Holder, const ValueKey &A,
                       const ValueKey &B, Wide Scale = 1) const;
  /// Null when \p Key is not followed.
  const KeyState *state(const ValueKey &Key) const;
  /// \p Key is followed.
  bool follows(const ValueKey &Key) const { return Keys.count(Key); }

  /// A path reaches this point (false for code the CFG or a test proves
  /// dead).
  bool Reached = false;
  /// The followed values: a handful, kept in the order they were added.
  llvm::SmallMapVector<ValueKey, KeyState, 8> Keys;
  std::vector<ProductFact> Products;
  std::vector<ExpressionFact> Expressions;
  /// A test of a compound expression over followed values that did not
  /// count because the expression can wrap where it is tested (`c * b >
  /// K / s` with c * b unbounded, `overflow2(w * h, 4)`): E and the operand
  /// that tests it. Kept while the values E reads stay as they were and
  /// every path has the same test; a finding on E points at it.
  struct WrappedTest {
    const Expr *E;
    const Expr *At;
    /// What the test multiplies E by, when it says: the divisor of `K / s`,
    /// the other argument of `overflow2(w * h, 4)`.
    const Expr *Partner = nullptr;
    bool operator==(const WrappedTest &O) const {
      return E == O.E && At == O.At && Partner == O.Partner;
    }
  };
  std::vector<WrappedTest> WrappedTests;
  /// Where \p E was tested though it could wrap there, if it was, by a test
  /// of it times a factor of \p Product (the test of another product is no
  /// reason the check gives for this one).
  const Expr *wrappedTestOf(const Expr *E, const BinaryOperator *Product) const;
  /// For comparing expressions; set by the analysis.
  const ASTContext *Ctx = nullptr;
};

/// Where \p Loc stands in the expansion of an assertion macro (`assert`,
/// `ASSERT`, `g_assert`), when it is in one; invalid otherwise.
SourceLocation assertExpansion(SourceLocation Loc, const ASTContext &Ctx);

/// An assertion written as a statement of its own.
struct Assertion {
  /// The argument as written.
  StringRef Argument;
  /// This configuration evaluates the argument. With NDEBUG, `assert(x)`
  /// expands to `((void)0)`: x is not compiled, and what it would do without
  /// NDEBUG is not known here.
  bool Evaluated = false;
};

/// Whether every mention of \p Var in \p Body reads its value (an
/// lvalue-to-rvalue conversion of the name), except \p Except's left-hand
/// side when given: nothing else assigns it, takes its address or binds a
/// reference to it.
bool isOnlyRead(const VarDecl *Var, const Stmt *Body,
                const BinaryOperator *Except = nullptr);

/// \p S as an `assert(...)` (`ASSERT`, `g_assert`) written in a file;
/// none when \p S is not the whole expansion of one.
std::optional<Assertion> assertionAt(const Stmt *S, const ASTContext &Ctx);

/// Two parameters of a function whose product the function tests: where
/// it returns nonzero, the product of arguments A and B is at most Bound;
/// when WhereverItReturns, it is so wherever the function returns at all
/// (`overflow2(a, b)`, which calls a function that never returns unless
/// a * b fits).
struct CheckedPair {
  unsigned A, B;
  Wide Bound;
  bool WhereverItReturns = false;
};

/// What a call leaves in an integer whose address it gets as an argument:
/// the guard dataflow asks, OutParameters.h answers (by reading the
/// callee), so that a local handed to a function that only stores through
/// the pointer does not escape.
class PointerStores {
public:
  virtual ~PointerStores() = default;
  /// The pair \p Call's callee checks, when it is defined in this file and
  /// returns nonzero only where the product of two of its parameters is
  /// bounded (`if (size > MAX / n) return 0; ... return 1;`). It answers
  /// here because it reads callees the way the stores through a pointer
  /// are read, with their own guard dataflow.
  virtual std::optional<CheckedPair> checkedPair(const CallExpr *Call) {
    return std::nullopt;
  }
  /// Whether \p Call never returns: support/Callees.h's neverReturns, or
  /// what the answerer knows of callees defined elsewhere.
  virtual bool neverReturns(const CallExpr *Call) = 0;
  /// Whether the callee of \p Call only stores integers through its
  /// argument \p Index (reads them, tests the pointer, or hands it on to
  /// another such function), and this is known.
  virtual bool onlyStoresThrough(const CallExpr *Call, unsigned Index) = 0;
  /// The range of what it may store, given \p Facts at the call; none when
  /// it stores nothing or that is not known.
  virtual std::optional<ValueRange> storedRange(const CallExpr *Call,
                                                unsigned Index,
                                                const ValueFacts *Facts) = 0;
};

/// The sets of definitions one analysis makes, each content kept once:
/// two equal sets are the same array, so a set is copied and compared as
/// a pointer, and the union of two sets is computed once. A variable that
/// a bytecode interpreter's switch assigns in hundreds of places reaches
/// every block of the loop with hundreds of definitions.
class DefinitionSets {
public:
  using Set = llvm::ArrayRef<const Stmt *>;
  /// {D}.
  Set one(const Stmt *D);
  /// A and B together; A itself when B adds nothing.
  Set unite(Set A, Set B);

private:
  Set intern(Set Sorted);
  llvm::BumpPtrAllocator Storage;
  llvm::DenseMap<const Stmt *, Set> Ones;
  llvm::DenseMap<std::pair<const void *, const void *>, Set> Unions;
  /// By the hash of the content: the sets with that hash.
  llvm::DenseMap<unsigned, llvm::SmallVector<Set, 1>> ByContent;
};

class GuardAnalysis {
public:
  /// \p Callers, when given, bounds the function's parameters by what
  /// its callers pass (CallSites.h); \p Outs, when given, a local whose
  /// address is passed to a function of this file by what that function
  /// stores through it (PointerStores).
  GuardAnalysis(const Decl *Function, ASTContext &Ctx,
                const IntegerModel &Model, bool AssertsAreGuards,
                ParameterRanges *Callers = nullptr, PointerStores *Outs = nullptr);

  /// The facts right before \p S is evaluated, following \p Keys. None
  /// when the function has no CFG or \p S is not evaluated in it.
  std::optional<PointFacts> factsBefore(const Stmt *S,
                                        llvm::ArrayRef<ValueKey> Keys);

  /// The facts where the function returns, by a `return` or at the end of
  /// its body, following \p Keys: the paths through calls that never
  /// return are not among them. None without a CFG.
  std::optional<PointFacts> factsAtReturn(llvm::ArrayRef<ValueKey> Keys);

  /// \p Facts narrowed to where \p Cond, evaluated there, is true: what a
  /// function that returns `n != 0 && size <= MAX / n` knows when it
  /// returns nonzero.
  void assumeTrue(PointFacts &Facts, const Expr *Cond) const {
    applyCondition(Facts, Cond, true);
  }

  /// The one expression whose value \p Var holds right before \p S: the
  /// initializer or the right-hand side of the one assignment that reaches
  /// it, when \p Var's address was not taken. Null otherwise.
  const Expr *reachingDefinition(const VarDecl *Var, const Stmt *S);
  /// The same for a field of a local or a parameter (`p->len`): its one
  /// definition that reaches \p S, if it has one and nothing escaped it.
  const Expr *reachingDefinition(const ValueKey &Key, const Stmt *S);

  /// Whether control that enters the then-branch of \p If never reaches
  /// what follows the `if`: the branch returns, jumps away, leaves a loop or
  /// calls a noreturn function, as the CFG has it. False when unknown.
  bool thenBranchExits(const IfStmt *If) const;

  /// The function contains code that did not compile: a guard may be
  /// among it, so nothing here is known.
  bool hasErrors() const { return HasErrors; }

  const Decl *function() const { return Function; }
  ASTContext &context() const { return Ctx; }

private:
  using KeyPairs = std::vector<std::pair<ValueKey, ValueKey>>;

  void indexStatements();
  const Expr *definitionThatDominates(const VarDecl *Var, const Stmt *S);
  const std::vector<PointFacts> &solve(llvm::ArrayRef<ValueKey> Keys);
  void indexOutArguments(const CallExpr *Call);
  void findLoopHeads();
  void initialize(PointFacts &Entry, llvm::ArrayRef<ValueKey> Keys) const;
  ValueRange entryRange(const ValueKey &Key) const;
  std::vector<ValueKey> withRelatedKeys(llvm::ArrayRef<ValueKey> Keys) const;

  // Transfer functions, one per kind of statement.
  void transfer(PointFacts &State, const Stmt *S) const;
  void transferAssignment(PointFacts &State, const BinaryOperator *BO) const;
  void transferUnary(PointFacts &State, const UnaryOperator *UO) const;
  void transferDeclaration(PointFacts &State, const DeclStmt *DS) const;
  void transferCall(PointFacts &State, const CallExpr *Call) const;
  void transferOutArguments(PointFacts &State, const CallExpr *Call) const;
  bool isOutArgument(const UnaryOperator *AddressOf) const;
  bool neverSet(const ValueKey &Key, const PointFacts::KeyState &S) const;
  void assign(PointFacts &State, const ValueKey &Key, const ValueRange &R,
              const Stmt *Definition) const;
  void forget(PointFacts &State, const ValueKey &Key,
              const Stmt *Definition) const;
  /// With \p Stored (a store of that type, not a call), only what a store
  /// of that type may change under the aliasing rules (mayAlias).
  void forgetEscaped(PointFacts &State, const Stmt *Event,
                     QualType Stored = QualType()) const;
  void forgetPartsOf(PointFacts &State, const ValueDecl *Var,
                     const Stmt *Definition,
                     QualType Stored = QualType()) const;

  // What a branch teaches.
  void applyCondition(PointFacts &State, const Expr *Cond, bool Truth) const;
  void applyComparison(PointFacts &State, const BinaryOperator *BO,
                       bool Truth) const;
  std::optional<ValueRange>
  boundFromComparison(BinaryOperatorKind KeyOp, QualType Type,
                      const ValueRange &Current, const Expr *Other,
                      const PointFacts &State, bool ComparedSigned) const;
  void learnDivisionBound(PointFacts &State, const ValueKey &Key,
                          const Expr *AExpr, const Expr *Other) const;
  void learnMemoryDivisionBound(PointFacts &State,
                                const std::optional<ValueKey> &Key,
                                const Expr *Mine, const Expr *Other) const;
  void applyMemoryTruthValue(PointFacts &State, const Expr *Cond,
                             bool Truth) const;
  void forgetMemoryFacts(PointFacts &State, const Stmt *S) const;
  void applyExpressionComparison(PointFacts &State, const Expr *Mine,
                                 BinaryOperatorKind KeyOp, const Expr *Other,
                                 bool ComparedSigned) const;
  void applyEquality(PointFacts &State, const BinaryOperator *BO) const;
  void learnScaledHolder(PointFacts &State, const ValueKey &Factor,
                         const Expr *Constant, const Expr *Dividend) const;
  void learnCheckedProduct(PointFacts &State, const ValueKey &A,
                           const ValueKey &B, const Expr *Dividend) const;
  bool reachesOpaqueTest(const Expr *Arg, const ParmVarDecl *Param) const;
  bool reachesUnnarrowed(const Expr *Arg, const ParmVarDecl *Param) const;
  void applyCheckedPair(PointFacts &State, const CallExpr *Call,
                        bool Truth) const;
  /// The definitions each followed argument of a call had before it.
  using ArgumentDefinitions = llvm::SmallVector<
      std::pair<ValueKey, llvm::ArrayRef<const Stmt *>>, 4>;
  void applyReturnedPair(PointFacts &State, const CallExpr *Call,
                         const ArgumentDefinitions &Before) const;
  void addCheckedProduct(PointFacts &State, const CallExpr *Call,
                         const CheckedPair &Pair) const;
  void findOpaqueTests();
  /// Fills ReferencedByAlias from \p Body.
  void findReferenceAliases(const Stmt *Body);
  void applyOpaqueTest(PointFacts &State, const CallExpr *Call) const;
  void assumeSize(PointFacts &State, const ValueKey &Key) const;
  void applyOverflowBuiltin(PointFacts &State, const CallExpr *Call,
                            bool Truth) const;
  void applyTruthValue(PointFacts &State, const Expr *Cond, bool Truth) const;
  bool isAssertCondition(const Expr *Cond) const;
  void learnPowerOfTwoWrapTest(PointFacts::KeyState &KS, const ValueKey &Key,
                               const Expr *Other) const;

  // Joining two paths.
  /// \p Loop: the loop statement whose head the join is at, if any.
  bool joinInto(PointFacts &Into, const PointFacts &From, const KeyPairs &Pairs,
                bool Widen, const Stmt *Loop = nullptr) const;
  std::optional<Wide> impliedBound(const PointFacts &Side,
                                   const PointFacts::ProductFact &P) const;
  std::vector<PointFacts::ProductFact> joinProducts(const PointFacts &Into,
                                                    const PointFacts &From,
                                                    const KeyPairs &Pairs,
                                                    bool Widen) const;
  bool joinKeyStates(PointFacts &Into, const PointFacts &From, bool Widen,
                     const Stmt *Loop) const;
  bool joinExpressions(PointFacts &Into, const PointFacts &From,
                       bool Widen) const;

  const Decl *Function;
  ASTContext &Ctx;
  const IntegerModel &Model;
  const bool AssertsAreGuards;
  ParameterRanges *Callers;
  PointerStores *Outs;
  bool HasErrors = false;
  /// The function contains inline assembly.
  bool HasAsm = false;
  /// The last fixpoint solve() computed, and for which keys.
  bool Solved = false;
  std::vector<ValueKey> SolvedKeys;
  std::vector<PointFacts> SolvedIn;
  /// `&v` passed directly to a call, with its argument index, for a local
  /// v; and the same per call.
  llvm::DenseMap<const UnaryOperator *, std::pair<const CallExpr *, unsigned>>
      OutArguments;
  llvm::DenseMap<
      const CallExpr *,
      llvm::SmallVector<std::pair<unsigned, const UnaryOperator *>, 1>>
      OutArgumentsOf;
  /// Per variable, the values assigned to it in the function; and every
  /// comparison. Used to follow the values a followed value depends on.
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const Expr *, 2>>
      Assigned;
  /// The same for fields and elements (`s->bins = 1 << width`).
  std::vector<std::pair<ValueKey, const Expr *>> AssignedParts;
  std::vector<const BinaryOperator *> Comparisons;
  std::unique_ptr<CFG> Graph;
  std::unique_ptr<PostOrderCFGView> Order;
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Where;
  /// Where each local is declared (its DeclStmt in the CFG), when once.
  llvm::DenseMap<const VarDecl *, std::pair<const CFGBlock *, unsigned>>
      Declared;
  llvm::DenseSet<const VarDecl *> DeclaredTwice;
  /// C++: the variables a reference is bound to (`int &r = h;`, `S &r =
  /// s.inner`) or a lambda captures by reference: they change through a
  /// name the dataflow does not follow, so they start escaped.
  llvm::DenseSet<const VarDecl *> ReferencedByAlias;
  /// The `=` each right-hand side of Assigned comes from.
  llvm::DenseMap<const Expr *, const BinaryOperator *> AssignmentOf;
  std::unique_ptr<CFGDomTree> Dominators;
  /// The block each `if` decides in.
  llvm::DenseMap<const Stmt *, const CFGBlock *> Decisions;
  /// Blocks that decide `if (test(a, b)) fail;` with a function defined
  /// in another file, and the call: past the `if`, a * b is taken to fit.
  llvm::DenseMap<const CFGBlock *, const CallExpr *> OpaqueTests;
  std::vector<bool> LoopHead;
  /// Blocks with a call that never returns (support/Callees.h): paths end
  /// there, though the CFG, which knows only declared noreturn functions,
  /// may go on.
  std::vector<bool> Stops;
  /// Calls that may bound a product of their arguments wherever the callee
  /// returns (two integer arguments).
  llvm::DenseSet<const CallExpr *> PairCalls;
  /// Bounds that widening at a loop head keeps for counters.
  mutable LoopCounters Counters;
  /// Where the definition sets of this function's facts are kept.
  mutable DefinitionSets Sets;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ANALYSIS_DATAFLOW_OVERFLOWGUARDS_H
