//===--- OverflowGuards.cpp -----------------------------------------------===//

#include "analysis/dataflow/OverflowGuards.h"
#include "analysis/expressions/SizeExpressions.h"
#include "analysis/expressions/StatementEffects.h"
#include "support/Callees.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/BitVector.h"

#include <algorithm>
#include <iterator>

namespace clang::tidy::calloc {

/// How often a loop head is joined into before its ranges widen to their
/// types: enough for the guards of small constant loops to settle.
constexpr unsigned VisitsBeforeWidening = 12;
/// How many values a query follows at most, the asked ones included.
constexpr size_t MaxFollowedKeys = 16;
/// How many steps of "computed from" and "compared with" are followed.
constexpr int RelatedKeyDepth = 2;

//===----------------------------------------------------------------------===//
// PointFacts
//===----------------------------------------------------------------------===//

std::optional<ValueRange> PointFacts::rangeOf(const ValueKey &Key) const {
  const KeyState *S = state(Key);
  if (!S || !Reached)
    return std::nullopt;
  return S->Range;
}

static bool samePair(const PointFacts::ProductFact &F, const ValueKey &A,
                     const ValueKey &B) {
  return (F.A == A && F.B == B) || (F.A == B && F.B == A);
}

std::optional<Wide> PointFacts::productBound(const ValueKey &A,
                                             const ValueKey &B) const {
  if (!Reached)
    return std::nullopt;
  for (const ProductFact &F : Products)
    if (!F.Holder.Var && !F.AExpr && !F.BExpr && !F.C.Var && !F.Scale &&
        samePair(F, A, B))
      return F.Bound;
  return std::nullopt;
}

bool PointFacts::scaledProductFits(const ValueKey &A, Wide Scale,
                                   Wide Limit) const {
  if (!Reached || Scale < 1)
    return false;
  return llvm::any_of(Products, [&](const ProductFact &F) {
    return F.Scale > 0 && F.A == A && !F.B.Var && !F.Holder.Var &&
           !F.AExpr && F.Bound / F.Scale <= Limit / Scale;
  });
}

/// Whether the factors \p P, \p Q and \p R are \p X, \p Y and \p Z in
/// some order.
static bool sameFactors(const ValueKey &P, const ValueKey &Q,
                        const ValueKey &R, const ValueKey &X,
                        const ValueKey &Y, const ValueKey &Z) {
  llvm::SmallVector<ValueKey, 3> Left{P, Q, R};
  for (const ValueKey &K : {X, Y, Z}) {
    auto It = llvm::find(Left, K);
    if (It == Left.end())
      return false;
    Left.erase(It);
  }
  return true;
}

/// Whether \p F is a fact about three factors that are \p X, \p Y and
/// \p Z in some order.
static bool sameTriple(const PointFacts::ProductFact &F, const ValueKey &X,
                       const ValueKey &Y, const ValueKey &Z) {
  return F.C.Var && !F.Holder.Var && !F.AExpr &&
         sameFactors(F.A, F.B, F.C, X, Y, Z);
}

const Expr *PointFacts::wrappedTestOf(const Expr *E,
                                      const BinaryOperator *Product) const {
  if (!Reached || !Ctx)
    return nullptr;
  E = stripWideningCasts(E, *Ctx)->IgnoreParens();
  auto IsFactor = [&](const Expr *Partner) {
    if (!Partner)
      return true;
    if (!Product)
      return false;
    std::optional<llvm::APSInt> C = constantValue(Partner, *Ctx);
    return llvm::any_of(productFactors(Product), [&](const Expr *F) {
      // A test of e * 4 would bound e * 3 as well.
      if (C)
        if (std::optional<llvm::APSInt> FC = constantValue(F, *Ctx)) {
          std::optional<Wide> Tested = toWide(*C), Used = toWide(*FC);
          return Tested && Used && *Used >= 0 && *Used <= *Tested;
        }
      return sameValue(stripWideningCasts(F, *Ctx)->IgnoreParens(),
                       stripWideningCasts(Partner, *Ctx)->IgnoreParens(),
                       *Ctx);
    });
  };
  for (const WrappedTest &T : WrappedTests)
    if (sameValue(T.E, E, *Ctx) && IsFactor(T.Partner))
      return T.At;
  return nullptr;
}

const PointFacts::ExpressionFact *
PointFacts::expressionFact(const Expr *E) const {
  if (!Ctx)
    return nullptr;
  auto It = llvm::find_if(Expressions, [&](const ExpressionFact &F) {
    return sameValue(F.E, E, *Ctx);
  });
  return It == Expressions.end() ? nullptr : &*It;
}

std::optional<ValueRange> PointFacts::rangeOfExpression(const Expr *E) const {
  const ExpressionFact *F = Reached ? expressionFact(E) : nullptr;
  return F ? std::optional<ValueRange>(F->Range) : std::nullopt;
}

/// `key + c` (or `c + key`) with a constant c: the key and c.
static std::optional<std::pair<ValueKey, Wide>>
keyPlusConstant(const Expr *E, const ASTContext &Ctx) {
  const auto *Add =
      dyn_cast<BinaryOperator>(stripWideningCasts(E, Ctx)->IgnoreParens());
  if (!Add || Add->getOpcode() != BO_Add)
    return std::nullopt;
  for (const Expr *Side : {Add->getLHS(), Add->getRHS()}) {
    const Expr *Other = Side == Add->getLHS() ? Add->getRHS() : Add->getLHS();
    std::optional<ValueKey> Key = keyOfOperand(Side, Ctx);
    std::optional<llvm::APSInt> C = constantValue(Other, Ctx);
    if (Key && C)
      if (std::optional<Wide> V = toWide(*C))
        return std::make_pair(*Key, *V);
  }
  return std::nullopt;
}

/// The two values \p E multiplies (`x * y`, either widened), if it is
/// such a product.
static std::optional<std::pair<ValueKey, ValueKey>>
productOfTwoKeys(const Expr *E, const ASTContext &Ctx) {
  const auto *Mul =
      dyn_cast<BinaryOperator>(stripWideningCasts(E, Ctx)->IgnoreParens());
  if (!Mul || Mul->getOpcode() != BO_Mul)
    return std::nullopt;
  std::optional<ValueKey> X = keyOfOperand(Mul->getLHS(), Ctx);
  std::optional<ValueKey> Y = keyOfOperand(Mul->getRHS(), Ctx);
  if (!X || !Y)
    return std::nullopt;
  return std::make_pair(*X, *Y);
}

/// A fact `p * q * r <= K` from `p * q > K / r` that bounds \p Compound
/// times \p Other when the three factors are the same values grouped
/// otherwise: `c * s * b` after `c * b > K / s` (FLAC's MD5 buffer).
/// Products are commutative and associative, and the fact is only kept
/// when `p * q` could not wrap where it was tested
/// (applyExpressionComparison), so it is about the product itself.
const PointFacts::ProductFact *
PointFacts::regroupedProduct(const Expr *Compound,
                             const ValueKey &Other) const {
  std::optional<std::pair<ValueKey, ValueKey>> XY =
      productOfTwoKeys(Compound, *Ctx);
  if (!XY)
    return nullptr;
  for (const ProductFact &F : Products) {
    if (!F.AExpr || F.Holder.Var || F.BExpr || F.C.Var || F.Scale ||
        F.Memory || !F.B.Var)
      continue;
    std::optional<std::pair<ValueKey, ValueKey>> PQ =
        productOfTwoKeys(F.AExpr, *Ctx);
    if (PQ && sameFactors(PQ->first, PQ->second, F.B, XY->first,
                          XY->second, Other))
      return &F;
  }
  return nullptr;
}

/// `e * c` with a constant c after a test of e times a constant at least
/// c (`overflow2(w * h, 4)` before `w * h * 4`): the test's bound.
std::optional<Wide> PointFacts::scaledExpressionBound(const Expr *A,
                                                      const Expr *B) const {
  for (const Expr *Side : {A, B}) {
    const Expr *Other = Side == A ? B : A;
    std::optional<llvm::APSInt> C = constantValue(Other, *Ctx);
    std::optional<Wide> Factor = C ? toWide(*C) : std::nullopt;
    if (!Factor || *Factor < 0)
      continue;
    const Expr *E = stripWideningCasts(Side, *Ctx)->IgnoreParens();
    for (const ProductFact &F : Products)
      if (F.AExpr && F.Scale && !F.B.Var && !F.BExpr && !F.Holder.Var &&
          *Factor <= F.Scale && sameValue(F.AExpr, E, *Ctx))
        return F.Bound;
  }
  return std::nullopt;
}

std::optional<Wide> PointFacts::productBoundOf(const Expr *A,
                                               const Expr *B) const {
  if (!Reached || !Ctx)
    return std::nullopt;
  std::optional<ValueKey> KA = keyOfOperand(A, *Ctx);
  std::optional<ValueKey> KB = keyOfOperand(B, *Ctx);
  if (KA && KB)
    return productBound(*KA, *KB);
  // A guard with a compound divisor: each side the fact's value or
  // expression.
  // Facts keep their expressions without widening casts: so are the
  // operands compared with them.
  auto Matches = [&](const ValueKey &Key, const Expr *FE, const Expr *E) {
    std::optional<ValueKey> K = keyOfOperand(E, *Ctx);
    return FE ? !K && sameValue(FE, stripWideningCasts(E, *Ctx), *Ctx)
              : K && *K == Key;
  };
  for (const ProductFact &F : Products)
    if (F.BExpr && !F.Holder.Var &&
        ((Matches(F.A, F.AExpr, A) && Matches({}, F.BExpr, B)) ||
         (Matches(F.A, F.AExpr, B) && Matches({}, F.BExpr, A))))
      return F.Bound;
  // A compound first operand against a value: a fact about that
  // expression, or `a + c` within a guard's margin.
  const Expr *Compound = stripWideningCasts(KA ? B : A, *Ctx);
  std::optional<ValueKey> Other = KA ? KA : KB;
  if (!Other)
    return scaledExpressionBound(A, B);
  std::optional<std::pair<ValueKey, Wide>> Shifted =
      keyPlusConstant(Compound, *Ctx);
  // `(a * b) * c` after `a > K / b / c`.
  if (const auto *Inner = dyn_cast<BinaryOperator>(
          stripWideningCasts(Compound, *Ctx)->IgnoreParens());
      Inner && Inner->getOpcode() == BO_Mul) {
    std::optional<ValueKey> X = keyOfOperand(Inner->getLHS(), *Ctx);
    std::optional<ValueKey> Y = keyOfOperand(Inner->getRHS(), *Ctx);
    if (X && Y)
      for (const ProductFact &F : Products)
        if (sameTriple(F, *X, *Y, *Other))
          return F.Bound;
  }
  if (const ProductFact *F = regroupedProduct(Compound, *Other))
    return F->Bound;
  for (const ProductFact &F : Products) {
    if (F.Holder.Var || F.B != *Other)
      continue;
    if (F.AExpr && sameValue(F.AExpr, Compound, *Ctx))
      return F.Bound;
    if (!F.AExpr && Shifted && Shifted->first == F.A && Shifted->second >= 0 &&
        Shifted->second <= F.Margin)
      return F.Bound;
  }
  return std::nullopt;
}

bool PointFacts::verifiedScaled(const ValueKey &Holder, const ValueKey &A,
                                Wide Factor) const {
  return Reached && llvm::any_of(Products, [&](const ProductFact &F) {
           return F.Holder.Var && F.Holder == Holder && F.A == A && !F.B.Var &&
                  F.Bound == Factor;
         });
}

bool PointFacts::verifiedProduct(const ValueKey &Holder, const ValueKey &A,
                                 const ValueKey &B, Wide Scale) const {
  return Reached && llvm::any_of(Products, [&](const ProductFact &F) {
           return F.Holder.Var && F.Holder == Holder && samePair(F, A, B) &&
                  F.Scale == (Scale == 1 ? 0 : Scale);
         });
}

const PointFacts::KeyState *PointFacts::state(const ValueKey &Key) const {
  auto It = Keys.find(Key);
  return It == Keys.end() ? nullptr : &It->second;
}

//===----------------------------------------------------------------------===//
// Building the analysis of one function
//===----------------------------------------------------------------------===//

GuardAnalysis::GuardAnalysis(const Decl *Function, ASTContext &Ctx,
                             const IntegerModel &Model, bool AssertsAreGuards,
                             ParameterRanges *Callers, PointerStores *Outs)
    : Function(Function), Ctx(Ctx), Model(Model),
      AssertsAreGuards(AssertsAreGuards), Callers(Callers), Outs(Outs),
      Counters(Function, Model, Callers) {
  Stmt *Body = Function ? Function->getBody() : nullptr;
  HasErrors = Function && Function->isInvalidDecl();
  if (!Body || HasErrors)
    return;
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  // A call inside a `try` may throw to its handlers: without these edges
  // the CFG takes every `catch` for code that never runs, and an
  // allocation there would go unexamined.
  Options.AddEHEdges = Ctx.getLangOpts().CXXExceptions;
  Graph = CFG::buildCFG(Function, Body, &Ctx, Options);
  if (!Graph)
    return;
  Order = std::make_unique<PostOrderCFGView>(Graph.get());
  findLoopHeads();
  indexStatements();
  findOpaqueTests();
  if (Ctx.getLangOpts().CPlusPlus)
    findReferenceAliases(Body);
}

/// The variable whose storage \p E names: `h`, `s.inner.n`, `a[i]`.
static const VarDecl *namedStorage(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Name = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(Name->getDecl());
    if (const auto *Member = dyn_cast<MemberExpr>(E);
        Member && !Member->isArrow())
      E = Member->getBase();
    else if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E);
             Element &&
             Element->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = Element->getBase();
    else
      return nullptr;
  }
  return nullptr;
}

void GuardAnalysis::findReferenceAliases(const Stmt *Body) {
  llvm::SmallVector<const Stmt *, 64> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *Ref = dyn_cast<VarDecl>(D);
            Ref && Ref->getType()->isReferenceType() &&
            !Ref->getType().getNonReferenceType().isConstQualified() &&
            Ref->getInit())
          if (const VarDecl *Named = namedStorage(Ref->getInit()))
            ReferencedByAlias.insert(Named);
    if (const auto *Lambda = dyn_cast<LambdaExpr>(S))
      for (const LambdaCapture &C : Lambda->captures())
        if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
          if (const auto *Var = dyn_cast<VarDecl>(C.getCapturedVar()))
            ReferencedByAlias.insert(Var);
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
}

/// The targets of edges that go back in reverse post-order: every cycle has
/// one, and only these widen, so a guard after a loop keeps its range.
void GuardAnalysis::findLoopHeads() {
  std::vector<unsigned> Number(Graph->getNumBlockIDs(), ~0u);
  unsigned Next = 0;
  for (const CFGBlock *Block : *Order)
    Number[Block->getBlockID()] = Next++;
  LoopHead.assign(Graph->getNumBlockIDs(), false);
  for (const CFGBlock *Block : *Order)
    for (const CFGBlock::AdjacentBlock &Succ : Block->succs())
      if (const CFGBlock *To = Succ.getReachableBlock();
          To && Number[To->getBlockID()] <= Number[Block->getBlockID()])
        LoopHead[To->getBlockID()] = true;
}

/// Each `&v` of a local v passed directly as an argument of \p Call.
void GuardAnalysis::indexOutArguments(const CallExpr *Call) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const auto *UO = dyn_cast<UnaryOperator>(Call->getArg(I)->IgnoreParens());
    if (!UO || UO->getOpcode() != UO_AddrOf)
      continue;
    const auto *Ref =
        dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var || !Var->hasLocalStorage() || !Var->getType()->isIntegerType())
      continue;
    OutArguments[UO] = {Call, I};
    OutArgumentsOf[Call].push_back({I, UO});
  }
}

/// Whether \p Call passes two integers to a function declared with
/// parameters for them: only such a call can bound a product wherever its
/// callee returns (applyReturnedPair), which the dataflow asks at every
/// visit.
static bool mayBoundPair(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Callee->isNoReturn() ||
      Call->getNumArgs() != Callee->getNumParams())
    return false;
  unsigned Integers = 0;
  for (const Expr *Arg : Call->arguments())
    Integers += Arg->getType()->isIntegerType();
  return Integers >= 2;
}

/// Where each statement is evaluated, what is assigned to each variable,
/// and every comparison; and whether any of it failed to compile.
void GuardAnalysis::indexStatements() {
  Stops.assign(Graph->getNumBlockIDs(), false);
  for (const CFGBlock *Block : *Graph) {
    if (const auto *If = dyn_cast_or_null<IfStmt>(Block->getTerminatorStmt()))
      Decisions[If] = Block;
    if (Block->hasNoReturnElement())
      Stops[Block->getBlockID()] = true;
    unsigned Index = 0;
    for (const CFGElement &Element : *Block) {
      unsigned At = Index++;
      std::optional<CFGStmt> S = Element.getAs<CFGStmt>();
      if (!S)
        continue;
      const Stmt *St = S->getStmt();
      Where.try_emplace(St, Block, At);
      HasAsm |= isa<AsmStmt>(St);
      // A call that never returns ends the paths through its block (a
      // `throw` does not count: a caller's handler may go on).
      if (const auto *Call = dyn_cast<CallExpr>(St);
          Call && (Outs ? Outs->neverReturns(Call) : neverReturns(Call, Ctx)))
        Stops[Block->getBlockID()] = true;
      if (const auto *E = dyn_cast<Expr>(St))
        HasErrors |= E->containsErrors();
      if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
        if (BO->isComparisonOp())
          Comparisons.push_back(BO);
        else if (BO->getOpcode() == BO_Assign)
          if (std::optional<ValueKey> K = keyOf(BO->getLHS())) {
            if (K->isPart()) {
              AssignedParts.push_back({*K, BO->getRHS()});
            } else {
              Assigned[K->Var].push_back(BO->getRHS());
              AssignmentOf[BO->getRHS()] = BO;
            }
          }
      } else if (const auto *Call = dyn_cast<CallExpr>(St); Call && Outs) {
        indexOutArguments(Call);
        if (mayBoundPair(Call))
          PairCalls.insert(Call);
      } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D)) {
            if (VD->getInit())
              Assigned[VD].push_back(VD->getInit());
            if (!Declared.try_emplace(VD, Block, At).second)
              DeclaredTwice.insert(VD);
          }
      }
    }
  }
}

void GuardAnalysis::initialize(PointFacts &Entry,
                               llvm::ArrayRef<ValueKey> Keys) const {
  Entry.Reached = true;
  Entry.Ctx = &Ctx;
  for (const ValueKey &Key : Keys) {
    PointFacts::KeyState &S = Entry.Keys[Key];
    S.Range = entryRange(Key);
    S.Definitions = Sets.one(nullptr);
    S.Escaped = ReferencedByAlias.contains(dyn_cast<VarDecl>(Key.Var));
  }
}

/// What a value holds when the function starts: any value of its type, or
/// for a parameter, what the callers pass.
ValueRange GuardAnalysis::entryRange(const ValueKey &Key) const {
  ValueRange Type = Model.rangeOf(typeOfKey(Key));
  const auto *Param = dyn_cast<ParmVarDecl>(Key.Var);
  if (!Callers || Key.isPart() || !Param ||
      Param->getDeclContext() != dyn_cast_or_null<DeclContext>(Function))
    return Type;
  std::optional<ValueRange> Passed = Callers->rangeOf(Param);
  return Passed ? Type.meet(*Passed) : Type;
}

/// The value a comparison operand reads: `n`, `(size_t)n`, and the
/// variable assigned in `(n = next()) > cap`.
static std::optional<ValueKey> keyOfCompared(const Expr *E,
                                             const ASTContext &Ctx) {
  E = stripWideningCasts(E, Ctx);
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Assign)
    E = BO->getLHS();
  return keyOf(E);
}

/// \p Keys plus the values they are computed from and compared with:
/// `n = 1 << bits` (or `s->bins = 1 << bits`) makes a guard on `bits`
/// matter, and `if (len > cap)` one on `cap`.
std::vector<ValueKey>
GuardAnalysis::withRelatedKeys(llvm::ArrayRef<ValueKey> Keys) const {
  std::vector<ValueKey> All(Keys.begin(), Keys.end());
  size_t Begin = 0;
  for (int Depth = 0; Depth < RelatedKeyDepth && All.size() < MaxFollowedKeys;
       ++Depth) {
    size_t End = All.size();
    for (size_t I = Begin; I < End && All.size() < MaxFollowedKeys; ++I) {
      ValueKey Key = All[I];
      if (!Key.isPart()) {
        if (auto It = Assigned.find(Key.Var); It != Assigned.end())
          for (const Expr *Value : It->second)
            collectKeys(Value, All);
      } else {
        for (const auto &[Part, Value] : AssignedParts)
          if (Part == Key)
            collectKeys(Value, All);
      }
      for (const BinaryOperator *Cmp : Comparisons) {
        std::optional<ValueKey> L = keyOfCompared(Cmp->getLHS(), Ctx);
        std::optional<ValueKey> R = keyOfCompared(Cmp->getRHS(), Ctx);
        if (L && *L == Key)
          collectKeys(Cmp->getRHS(), All);
        else if (R && *R == Key)
          collectKeys(Cmp->getLHS(), All);
      }
    }
    Begin = End;
  }
  if (All.size() > MaxFollowedKeys)
    All.resize(MaxFollowedKeys);
  return All;
}

//===----------------------------------------------------------------------===//
// Transfer: what a statement does to the followed values
//===----------------------------------------------------------------------===//

static bool readsKey(const Expr *E, const ValueKey &Key) {
  std::vector<ValueKey> Read;
  collectKeys(E, Read);
  return llvm::is_contained(Read, Key);
}

/// Forgets every fact about \p Key, also those about expressions that
/// read it.
static void killProducts(PointFacts &State, const ValueKey &Key) {
  llvm::erase_if(State.Products, [&](const PointFacts::ProductFact &F) {
    return F.A == Key || F.B == Key || F.C == Key || F.Holder == Key ||
           (F.AExpr && readsKey(F.AExpr, Key)) ||
           (F.BExpr && readsKey(F.BExpr, Key));
  });
  llvm::erase_if(State.Expressions, [&](const PointFacts::ExpressionFact &F) {
    return readsKey(F.E, Key);
  });
  llvm::erase_if(State.WrappedTests, [&](const PointFacts::WrappedTest &T) {
    return readsKey(T.E, Key) || (T.Partner && readsKey(T.Partner, Key));
  });
}

/// \p Key now holds any value of its type, defined by \p Definition.
static void reset(PointFacts &State, const ValueKey &Key,
                  PointFacts::KeyState &S, const IntegerModel &Model,
                  DefinitionSets::Set Definition) {
  S.Range = Model.rangeOf(typeOfKey(Key));
  S.Definitions = Definition;
  killProducts(State, Key);
}

void GuardAnalysis::assign(PointFacts &State, const ValueKey &Key,
                           const ValueRange &R, const Stmt *Definition) const {
  auto It = State.Keys.find(Key);
  if (It != State.Keys.end()) {
    ValueRange TypeRange = Model.rangeOf(typeOfKey(Key));
    It->second.Range = TypeRange.contains(R) ? R : TypeRange;
    It->second.Definitions = Sets.one(Definition);
    killProducts(State, Key);
  }
  // A new value of a whole variable is a new value of all its fields and
  // elements, and of the elements it indexes; a store to one element may
  // be a store to any other.
  for (auto &[Other, S] : State.Keys) {
    if (Other == Key)
      continue;
    bool Changes = Key.isPart()
                       ? (Key.Index && Other.Var == Key.Var && Other.Index)
                       : ((Other.Var == Key.Var && Other.isPart()) ||
                          Other.Index == Key.Var);
    if (Changes)
      reset(State, Other, S, Model, Sets.one(Definition));
  }
}

void GuardAnalysis::forget(PointFacts &State, const ValueKey &Key,
                           const Stmt *Definition) const {
  assign(State, Key, Model.rangeOf(typeOfKey(Key)), Definition);
}

/// A value whose address was taken may change at any call or store
/// through a pointer from then on; what a guard learns afterwards holds
/// until the next such event.
void GuardAnalysis::forgetEscaped(PointFacts &State, const Stmt *Event,
                                  QualType Stored) const {
  for (auto &[Key, S] : State.Keys)
    if (S.Escaped && (Stored.isNull() || mayAlias(Stored, typeOfKey(Key))))
      reset(State, Key, S, Model, Sets.one(Event));
}

/// Whether \p State follows \p Key, or, for a whole variable, any part
/// of it: what markEscaped would change.
static bool followsAnyOf(const PointFacts &State, const ValueKey &Key) {
  for (const auto &Entry : State.Keys)
    if (Entry.first == Key || (!Key.isPart() && Entry.first.Var == Key.Var))
      return true;
  return false;
}

static void markEscaped(PointFacts &State, const ValueKey &Key) {
  for (auto &[Other, S] : State.Keys)
    if (Other == Key || (!Key.isPart() && Other.Var == Key.Var)) {
      S.Escaped = true;
      killProducts(State, Other);
    }
}

/// What \p Var points to may change when a callee gets the pointer, or
/// through a store like `*p = ...`.
void GuardAnalysis::forgetPartsOf(PointFacts &State, const ValueDecl *Var,
                                  const Stmt *Definition,
                                  QualType Stored) const {
  for (auto &[Other, S] : State.Keys)
    if (Other.Var == Var && Other.isPart() &&
        (Stored.isNull() || mayAlias(Stored, typeOfKey(Other))))
      reset(State, Other, S, Model, Sets.one(Definition));
}

/// The variable a store through `*p`, `p[k]` or `p->a.b` goes through.
static const DeclRefExpr *storeBase(const Expr *LHS) {
  const Expr *Base = LHS->IgnoreParenImpCasts();
  while (true) {
    if (const auto *ME = dyn_cast<MemberExpr>(Base))
      Base = ME->getBase()->IgnoreParenImpCasts();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Base))
      Base = AS->getBase()->IgnoreParenImpCasts();
    else if (const auto *UO = dyn_cast<UnaryOperator>(Base);
             UO && UO->getOpcode() == UO_Deref)
      Base = UO->getSubExpr()->IgnoreParenImpCasts();
    else
      return dyn_cast<DeclRefExpr>(Base);
  }
}

/// The field of the object \p Var names or points to that a store to
/// \p LHS stays inside (`p->handle[3]`, `s.hdr.len`, `p->rows[i].n`):
/// only members and elements of arrays inside it lie between. Null when
/// the store goes through another pointer, which may reach anything.
static const FieldDecl *storedField(const Expr *LHS, const ValueDecl *Var) {
  const Expr *E = LHS->IgnoreParens();
  while (true) {
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
      const auto *Ref =
          dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
      if (Ref && Ref->getDecl() == Var)
        return Field && !Field->getParent()->isUnion() ? Field : nullptr;
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase()->IgnoreParens();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *Decay =
          dyn_cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens());
      if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
        return nullptr;
      E = Decay->getSubExpr()->IgnoreParens();
    } else {
      return nullptr;
    }
  }
}

/// Whether \p E names a reference variable: a store to it is a store to
/// what it is bound to.
static bool namesReference(const Expr *E) {
  const auto *Name = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Name && Name->getDecl()->getType()->isReferenceType();
}

void GuardAnalysis::transferAssignment(PointFacts &State,
                                       const BinaryOperator *BO) const {
  if (namesReference(BO->getLHS()))
    forgetEscaped(State, BO, BO->getLHS()->getType());
  std::optional<ValueKey> Key = keyOf(BO->getLHS());
  if (!Key) {
    // A store through a pointer may change what the pointer's followed
    // parts hold, and anything escaped; one inside a field of the object
    // (`p->handle[3] = 0`), only that field and the elements. Through
    // another pointer (`v->rows[i] = q`), only what a store of its type may
    // change: a pointer stored there leaves an int field alone.
    QualType Stored = BO->getLHS()->getType();
    if (const DeclRefExpr *Base = storeBase(BO->getLHS())) {
      const ValueDecl *Var = Base->getDecl();
      if (const FieldDecl *Field = storedField(BO->getLHS(), Var)) {
        for (auto &[Other, S] : State.Keys)
          if (Other.Var == Var && (Other.Field == Field || Other.Index))
            reset(State, Other, S, Model, Sets.one(BO));
      } else {
        forgetPartsOf(State, Var, BO, Stored);
      }
    }
    forgetEscaped(State, BO, Stored);
    return;
  }
  // The new value's range matters only for a followed value; a store to
  // one that is not followed still changes the parts of it that are.
  if (BO->getOpcode() == BO_Assign && !State.state(*Key))
    return assign(State, *Key, ValueRange{}, BO->getRHS());
  RangeEvaluator Evaluator(Model, &State);
  if (BO->getOpcode() == BO_Assign)
    return assign(State, *Key, Evaluator.evaluate(BO->getRHS()), BO->getRHS());
  // `n += m`, `n -= m`, `n *= k`: the new value, when it stays inside the
  // type of `n` (assign() widens it to the type otherwise).
  const PointFacts::KeyState *Old = State.state(*Key);
  if (!Old)
    return forget(State, *Key, BO);
  ValueRange R = Evaluator.evaluate(BO->getRHS());
  switch (BO->getOpcode()) {
  case BO_AddAssign:
    return assign(State, *Key, {Old->Range.Lo + R.Lo, Old->Range.Hi + R.Hi},
                  BO);
  case BO_SubAssign:
    return assign(State, *Key, {Old->Range.Lo - R.Hi, Old->Range.Hi - R.Lo},
                  BO);
  case BO_MulAssign:
    return assign(State, *Key, multiply(Old->Range, R), BO);
  default:
    return forget(State, *Key, BO);
  }
}

void GuardAnalysis::transferUnary(PointFacts &State,
                                  const UnaryOperator *UO) const {
  if (UO->getOpcode() == UO_AddrOf) {
    // Only a followed value can escape; the summary is asked for only then.
    if (std::optional<ValueKey> Key = keyOf(UO->getSubExpr()))
      if (followsAnyOf(State, *Key) && !isOutArgument(UO))
        markEscaped(State, *Key);
    return;
  }
  if (!UO->isIncrementDecrementOp())
    return;
  if (namesReference(UO->getSubExpr()))
    forgetEscaped(State, UO, UO->getSubExpr()->getType());
  std::optional<ValueKey> Key = keyOf(UO->getSubExpr());
  if (!Key)
    return;
  const PointFacts::KeyState *Old = State.state(*Key);
  if (!Old)
    return forget(State, *Key, UO);
  Wide Step = UO->isIncrementOp() ? 1 : -1;
  assign(State, *Key, {Old->Range.Lo + Step, Old->Range.Hi + Step}, UO);
}

void GuardAnalysis::transferDeclaration(PointFacts &State,
                                        const DeclStmt *DS) const {
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !State.follows(ValueKey{VD, nullptr, nullptr}))
      continue;
    ValueKey Key{VD, nullptr, nullptr};
    if (const Expr *Init = VD->getInit()) {
      RangeEvaluator Evaluator(Model, &State);
      assign(State, Key, Evaluator.evaluate(Init), Init);
    } else {
      assign(State, Key, Model.rangeOf(VD->getType()), nullptr);
    }
  }
}

void GuardAnalysis::transferCall(PointFacts &State,
                                 const CallExpr *Call) const {
  // Where the integer arguments' values came from before the call
  // (applyReturnedPair).
  std::optional<ArgumentDefinitions> Before;
  if (PairCalls.contains(Call)) {
    Before.emplace();
    for (const Expr *Arg : Call->arguments())
      if (std::optional<ValueKey> Key = keyOfOperand(Arg, Ctx))
        if (const PointFacts::KeyState *KS = State.state(*Key))
          Before->push_back({*Key, KS->Definitions});
  }
  const FunctionDecl *Callee = Call->getDirectCallee();
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const Expr *Arg = Call->getArg(I)->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Arg))
      if (DRE->getType()->isPointerType() || DRE->getType()->isArrayType())
        forgetPartsOf(State, DRE->getDecl(), Call);
    // A non-const reference parameter (C++) may be assigned.
    if (Callee && I < Callee->getNumParams()) {
      QualType P = Callee->getParamDecl(I)->getType();
      if (P->isReferenceType() && !P->getPointeeType().isConstQualified())
        if (std::optional<ValueKey> Key = keyOf(Arg))
          forget(State, *Key, Call);
    }
  }
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
    if (const Expr *Object = Member->getImplicitObjectArgument())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(Object->IgnoreParenImpCasts()))
        forgetPartsOf(State, DRE->getDecl(), Call);
  forgetEscaped(State, Call);
  // Any callee may change a global.
  for (auto &[Key, KS] : State.Keys) {
    const auto *VD = dyn_cast<VarDecl>(Key.Var);
    if (VD && VD->hasGlobalStorage() && !VD->getType().isConstQualified())
      reset(State, Key, KS, Model, Sets.one(Call));
  }
  transferOutArguments(State, Call);
  if (Before)
    applyReturnedPair(State, Call, *Before);
}

/// Whether \p AddressOf hands a local to a function of this file that only
/// stores through it (PointerStores): the local does not escape.
bool GuardAnalysis::isOutArgument(const UnaryOperator *AddressOf) const {
  auto It = OutArguments.find(AddressOf);
  return It != OutArguments.end() &&
         Outs->onlyStoresThrough(It->second.first, It->second.second);
}

/// Whether the local \p Key names was declared without a value and has not
/// been given one on any path here. Only in C and without inline assembly:
/// a C++ reference or lambda capture, an `asm` output or a `__block`
/// variable's block can write it where the dataflow does not look.
bool GuardAnalysis::neverSet(const ValueKey &Key,
                             const PointFacts::KeyState &S) const {
  const auto *Var = dyn_cast<VarDecl>(Key.Var);
  return Var && !Key.isPart() && !isa<ParmVarDecl>(Var) &&
         Var->hasLocalStorage() && !Ctx.getLangOpts().CPlusPlus && !HasAsm &&
         !Var->hasAttr<BlocksAttr>() && S.Definitions.size() == 1 &&
         S.Definitions.front() == nullptr;
}

/// A local whose address \p Call gets holds afterwards what the callee
/// stores through it, or, on a path that stores nothing, its value before.
void GuardAnalysis::transferOutArguments(PointFacts &State,
                                         const CallExpr *Call) const {
  auto It = OutArgumentsOf.find(Call);
  if (It == OutArgumentsOf.end())
    return;
  for (auto [Index, AddressOf] : It->second) {
    std::optional<ValueKey> Key = keyOf(AddressOf->getSubExpr());
    auto Found = Key ? State.Keys.find(*Key) : State.Keys.end();
    if (Found == State.Keys.end() || Found->second.Escaped ||
        !isOutArgument(AddressOf))
      continue;
    std::optional<ValueRange> Stored = Outs->storedRange(Call, Index, &State);
    if (!Stored)
      continue;
    const PointFacts::KeyState &Old = Found->second;
    assign(State, *Key, neverSet(*Key, Old) ? *Stored : Old.Range.join(*Stored),
           AddressOf);
  }
}

/// Whether \p E reads only memory and results of calls: a variable, a
/// field, an element, `*p`, a constant, or a call of a named function
/// whose arguments are such reads. Nothing in it stores, and nothing is
/// volatile.
static bool readsOnlyMemory(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (E->getType().isVolatileQualified())
    return false;
  if (constantValue(E, Ctx))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl>(DRE->getDecl());
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(ME->getMemberDecl()) &&
           readsOnlyMemory(ME->getBase(), Ctx);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return readsOnlyMemory(AS->getBase(), Ctx) &&
           readsOnlyMemory(AS->getIdx(), Ctx);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref && readsOnlyMemory(UO->getSubExpr(), Ctx);
  // A plain call (not a C++ member or operator call) of a named function
  // given only values, or pointers to const: two calls with the same
  // arguments are read as the same value (sameValue()). A call with no
  // argument (`next()`) or one handed a pointer it may write through (a
  // stream reader's `rd(f)`) may give another value each time.
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && Call->getStmtClass() == Stmt::CallExprClass &&
      Call->getDirectCallee() && Call->getNumArgs() > 0)
    return llvm::all_of(Call->arguments(), [&](const Expr *Arg) {
      QualType T = Arg->IgnoreParenImpCasts()->getType();
      if (T->isPointerType() && !T->getPointeeType().isConstQualified())
        return false;
      return readsOnlyMemory(Arg, Ctx);
    });
  return false;
}

/// An integer operand a guard can bound though no followed value names it:
/// a read of memory (`a[i].n`, `p->hdr.count`) or a call's result
/// (`size_of(a[i].fmt)`), as readsOnlyMemory() has it.
static bool isMemoryOperand(const Expr *E, const ASTContext &Ctx) {
  E = stripWideningCasts(E, Ctx)->IgnoreParens();
  return E->getType()->isIntegerType() && !keyOf(E) && !constantValue(E, Ctx) &&
         isa<MemberExpr, ArraySubscriptExpr, UnaryOperator, CallExpr>(E) &&
         readsOnlyMemory(E, Ctx);
}

/// Whether \p E is, or contains, a call with the same value as \p Call.
static bool containsSameCall(const Expr *E, const CallExpr *Call,
                             const ASTContext &Ctx) {
  if (!E)
    return false;
  if (const auto *Own = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
      Own && sameValue(Own, Call, Ctx))
    return true;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child);
        CE && containsSameCall(CE, Call, Ctx))
      return true;
  return false;
}

/// A fact about a memory operand holds until something may store: an
/// assignment, `++` or `--`, a call, or any statement that is not a plain
/// read. A call the fact is about is read as the same value again
/// (sameValue()), so it is not a store here.
void GuardAnalysis::forgetMemoryFacts(PointFacts &State, const Stmt *S) const {
  auto IsMemory = [](const auto &F) { return F.Memory; };
  if (llvm::none_of(State.Products, IsMemory) &&
      llvm::none_of(State.Expressions, IsMemory))
    return;
  bool Stores = true;
  if (isa<DeclStmt>(S)) {
    Stores = false;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    Stores = BO->isAssignmentOp();
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    Stores = UO->isIncrementDecrementOp();
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    Stores = !llvm::any_of(State.Products,
                           [&](const PointFacts::ProductFact &F) {
                             return F.Memory &&
                                    (containsSameCall(F.AExpr, Call, Ctx) ||
                                     containsSameCall(F.BExpr, Call, Ctx));
                           }) &&
             !llvm::any_of(State.Expressions,
                           [&](const PointFacts::ExpressionFact &F) {
                             return F.Memory && containsSameCall(F.E, Call, Ctx);
                           });
  } else if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr, CastExpr,
                 ParenExpr, IntegerLiteral, CharacterLiteral,
                 UnaryExprOrTypeTraitExpr, ConditionalOperator>(S)) {
    Stores = false;
  }
  if (!Stores)
    return;
  llvm::erase_if(State.Products, IsMemory);
  llvm::erase_if(State.Expressions, IsMemory);
}

void GuardAnalysis::transfer(PointFacts &State, const Stmt *S) const {
  forgetMemoryFacts(State, S);
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      transferAssignment(State, BO);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    transferUnary(State, UO);
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    transferDeclaration(State, DS);
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    transferCall(State, Call);
  }
}

//===----------------------------------------------------------------------===//
// Conditions: what a branch teaches
//===----------------------------------------------------------------------===//

SourceLocation assertExpansion(SourceLocation Loc, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (unsigned Depth = 0; Loc.isMacroID() && Depth < 16; ++Depth) {
    llvm::StringRef Name =
        Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
    if (Name == "assert" || Name == "ASSERT" || Name == "g_assert")
      return Loc;
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return {};
}

/// Whether an evaluated part of \p S is spelled in the file between
/// \p Begin and \p End (offsets of \p File): a macro argument written there.
static bool evaluatesSpelling(const Stmt *S, FileID File, unsigned Begin,
                              unsigned End, const SourceManager &SM) {
  if (!S || isa<UnaryExprOrTypeTraitExpr>(S))
    return false;
  if (const auto *E = dyn_cast<Expr>(S);
      E && E->getBeginLoc().isMacroID() &&
      SM.isMacroArgExpansion(E->getBeginLoc())) {
    auto [SpelledFile, Offset] =
        SM.getDecomposedLoc(SM.getSpellingLoc(E->getBeginLoc()));
    if (SpelledFile == File && Offset >= Begin && Offset < End)
      return true;
  }
  return llvm::any_of(S->children(), [&](const Stmt *Child) {
    return evaluatesSpelling(Child, File, Begin, End, SM);
  });
}

std::optional<Assertion> assertionAt(const Stmt *S, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation Loc = assertExpansion(S->getBeginLoc(), Ctx);
  if (Loc.isInvalid())
    return std::nullopt;
  // `assert(...)` as written, and the statement must be all of it.
  CharSourceRange Call =
      Lexer::makeFileCharRange(SM.getImmediateExpansionRange(Loc), SM, LO);
  CharSourceRange Whole = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(S->getSourceRange()), SM, LO);
  if (Call.isInvalid() || Whole.isInvalid() ||
      Call.getBegin() != Whole.getBegin() || Call.getEnd() != Whole.getEnd())
    return std::nullopt;
  StringRef Text = Lexer::getSourceText(Call, SM, LO);
  size_t Open = Text.find('(');
  if (Open == StringRef::npos || !Text.ends_with(")"))
    return std::nullopt;
  Assertion A;
  A.Argument = Text.slice(Open + 1, Text.size() - 1).trim();
  auto [File, Begin] = SM.getDecomposedLoc(Call.getBegin());
  A.Evaluated =
      evaluatesSpelling(S, File, Begin + Open + 1, Begin + Text.size() - 1, SM);
  return A;
}

bool GuardAnalysis::isAssertCondition(const Expr *Cond) const {
  return assertExpansion(Cond->getBeginLoc(), Ctx).isValid();
}

/// The range `key OP other` leaves the key in, or none when it says
/// nothing; `Reached` is cleared by the caller when it cannot hold.
std::optional<ValueRange> GuardAnalysis::boundFromComparison(
    BinaryOperatorKind KeyOp, QualType Type, const ValueRange &Current,
    const Expr *Other, const PointFacts &State, bool ComparedSigned) const {
  RangeEvaluator Evaluator(Model, &State);
  std::optional<ValueRange> Found =
      comparisonBound(KeyOp, Current, Evaluator.evaluate(Other));
  if (!Found)
    return std::nullopt;
  ValueRange Bound = *Found;
  // A signed value compared as unsigned: an upper bound that a negative
  // number would exceed also rules negatives out; a lower bound says
  // nothing.
  if (Model.isSigned(Type) && !ComparedSigned) {
    ValueRange Own = Model.rangeOf(Type);
    Bound = Bound.Hi <= Own.Hi ? ValueRange{0, Bound.Hi} : ValueRange();
  }
  return Bound;
}

static bool isArithmeticOfFollowed(const Expr *E, const PointFacts &State,
                                   const ASTContext &Ctx, bool &SawValue);

/// \p E without widening casts when it is arithmetic over followed values
/// (`w * h`, `n + 1`) with no side effects; null otherwise.
static const Expr *followedCompound(const Expr *E, const PointFacts &State,
                                    const ASTContext &Ctx) {
  E = stripWideningCasts(E, Ctx)->IgnoreParens();
  bool SawValue = false;
  if (!isa<BinaryOperator>(E) || E->HasSideEffects(Ctx) ||
      !isArithmeticOfFollowed(E, State, Ctx, SawValue) || !SawValue)
    return nullptr;
  return E;
}

/// `a > K / d` with a divisor that is no value: a constant s (`n > SIZE_MAX
/// / sizeof(T)`, a check of the product a * s, with K read at the model's
/// width), or a compound expression over followed values (`a * b > K / (w
/// + 1)`). Whether it was one of them.
static bool learnOtherDivisor(PointFacts &State, const ValueKey &Key,
                              const Expr *AExpr, const BinaryOperator *Div,
                              Wide K, const IntegerModel &Model) {
  const ASTContext &Ctx = Model.context();
  if (std::optional<llvm::APSInt> S = constantValue(Div->getRHS(), Ctx)) {
    if (AExpr || !S->isStrictlyPositive() || S->getActiveBits() > 64)
      return false;
    PointFacts::ProductFact Fact{Key, ValueKey{}, 0, ValueKey{}};
    Fact.Bound = Model.modelledConstant(K, Div->getLHS()->getType());
    Fact.Scale = Wide(S->getZExtValue());
    State.Products.push_back(Fact);
    return true;
  }
  const Expr *Compound = followedCompound(Div->getRHS(), State, Ctx);
  if (!Compound)
    return false;
  PointFacts::ProductFact Fact{Key, ValueKey{}, K, ValueKey{}};
  Fact.AExpr = AExpr;
  Fact.BExpr = Compound;
  State.Products.push_back(Fact);
  return true;
}

/// The largest value \p Dividend has where `a <= dividend / d` is tested
/// with a dividend that is no constant, a in \p A and d in \p D: a * d is
/// at most that. None unless all three are known not to be negative: with
/// negative operands (`w = h = -50000`, `len / h` at most 0) the test
/// passes and the product still wraps.
static std::optional<Wide> dividendLimit(RangeEvaluator &Evaluator,
                                         const Expr *Dividend,
                                         const ValueRange &A,
                                         const ValueRange &D) {
  ValueRange R = Evaluator.evaluate(Dividend);
  if (R.Lo < 0 || A.Lo < 0 || D.Lo < 0)
    return std::nullopt;
  return R.Hi;
}

/// `a < K / b` and `a <= K / b` (also `K / b - c`, which is below K / b,
/// and leaves (a + c) * b <= K): the product a * b is at most K. The first
/// operand is the value \p Key or, when \p AExpr is set, that compound
/// expression.
void GuardAnalysis::learnDivisionBound(PointFacts &State, const ValueKey &Key,
                                       const Expr *AExpr,
                                       const Expr *Other) const {
  // `(uint64_t)(K / b)`: a widening cast keeps the quotient.
  const auto *Div =
      dyn_cast<BinaryOperator>(stripWideningCasts(Other, Ctx)->IgnoreParens());
  Wide Margin = 0;
  if (Div && Div->getOpcode() == BO_Sub) {
    std::optional<llvm::APSInt> C = constantValue(Div->getRHS(), Ctx);
    std::optional<Wide> M = C ? toWide(*C) : std::nullopt;
    Margin = M && *M > 0 ? *M : 0;
    Div = dyn_cast<BinaryOperator>(
        stripWideningCasts(Div->getLHS(), Ctx)->IgnoreParens());
  }
  if (!Div || Div->getOpcode() != BO_Div)
    return;
  std::optional<ValueKey> Divisor = keyOfOperand(Div->getRHS(), Ctx);
  // `K / b / c`: the first divisor, and K.
  const auto *First =
      dyn_cast<BinaryOperator>(Div->getLHS()->IgnoreParenImpCasts());
  std::optional<ValueKey> FirstDivisor;
  if (First && First->getOpcode() == BO_Div && !AExpr && Margin == 0)
    FirstDivisor = keyOfOperand(First->getRHS(), Ctx);
  std::optional<llvm::APSInt> K =
      constantValue(FirstDivisor ? First->getLHS() : Div->getLHS(), Ctx);
  if (!Divisor && !FirstDivisor && K && !K->isNegative() &&
      K->getActiveBits() <= 64 && Margin == 0 &&
      learnOtherDivisor(State, Key, AExpr, Div, Wide(K->getZExtValue()), Model))
    return;
  // The limit: the constant K, or the largest value a dividend that is no
  // constant has here (`n > len / size`: n * size <= len).
  std::optional<Wide> Limit;
  if (K && !K->isNegative() && K->getActiveBits() <= 64)
    Limit = Wide(K->getZExtValue());
  else if (!K && !FirstDivisor && Divisor && State.follows(*Divisor) &&
           !Div->getLHS()->HasSideEffects(Ctx)) {
    RangeEvaluator Evaluator(Model, &State);
    const PointFacts::KeyState *D = State.state(*Divisor);
    const PointFacts::KeyState *A = AExpr ? nullptr : State.state(Key);
    if (D && (AExpr || A))
      Limit = dividendLimit(Evaluator, Div->getLHS(),
                            AExpr ? Evaluator.evaluate(AExpr) : A->Range,
                            D->Range);
  }
  if (!Divisor || !State.follows(*Divisor) || !Limit ||
      (FirstDivisor && !State.follows(*FirstDivisor)))
    return;
  if (!AExpr)
    killProducts(State, Key);
  // A guard that divides a limit by a size is written for a positive size
  // (`n > PY_SSIZE_T_MAX / itemsize` with `int itemsize`), and for a count
  // that is a size too (`height > INT_MAX / width` with int height, as an
  // opaque test of two sizes is read): read it so.
  for (const std::optional<ValueKey> &D : {Divisor, FirstDivisor})
    if (D)
      if (PointFacts::KeyState *S = &State.Keys.find(*D)->second;
          Model.isSigned(typeOfKey(*D)) && S->Range.Hi >= 1)
        S->Range = S->Range.meet({1, S->Range.Hi});
  if (!AExpr)
    assumeSize(State, Key);
  Wide Bound = *Limit;
  if (FirstDivisor) {
    // a <= K / b / c: a * b * c <= K and, each divisor being at least 1,
    // a * b <= K and a * c <= K.
    PointFacts::ProductFact Triple{Key, *FirstDivisor, Bound, ValueKey{}};
    Triple.C = *Divisor;
    State.Products.push_back(Triple);
    State.Products.push_back({Key, *FirstDivisor, Bound, ValueKey{}});
  }
  PointFacts::ProductFact Fact{Key, *Divisor, Bound, ValueKey{}};
  Fact.AExpr = AExpr;
  Fact.Margin = Margin;
  State.Products.push_back(Fact);
}

/// `a <= K / d` where a or d is a memory operand (isMemoryOperand(): `if
/// (size_of(e[i].fmt) && len / size_of(e[i].fmt) < e[i].n) fail;`), the
/// other a followed value or one too: a * d is at most K, the largest
/// value the dividend can have here, a constant or not (each of a and d is
/// at least 0, and d at least 1 where the division is defined). \p Key is
/// a's key when it has one.
void GuardAnalysis::learnMemoryDivisionBound(PointFacts &State,
                                             const std::optional<ValueKey> &Key,
                                             const Expr *Mine,
                                             const Expr *Other) const {
  const auto *Div =
      dyn_cast<BinaryOperator>(stripWideningCasts(Other, Ctx)->IgnoreParens());
  if (HasAsm || !Div || Div->getOpcode() != BO_Div ||
      Div->getLHS()->HasSideEffects(Ctx))
    return;
  const Expr *Divisor = stripWideningCasts(Div->getRHS(), Ctx)->IgnoreParens();
  std::optional<ValueKey> DivisorKey = keyOf(Divisor);
  bool MemoryDivisor = !DivisorKey && isMemoryOperand(Divisor, Ctx);
  bool MemoryMine = !Key && isMemoryOperand(Mine, Ctx);
  // Values alone are learnDivisionBound()'s.
  if ((!MemoryDivisor && !MemoryMine) || (!MemoryDivisor && !DivisorKey) ||
      (!MemoryMine && !Key))
    return;
  RangeEvaluator Evaluator(Model, &State);
  std::optional<Wide> Limit =
      dividendLimit(Evaluator, Div->getLHS(), Evaluator.evaluate(Mine),
                    Evaluator.evaluate(Divisor));
  if (!Limit)
    return;
  PointFacts::ProductFact Fact{Key ? *Key : ValueKey{},
                               DivisorKey ? *DivisorKey : ValueKey{}, *Limit,
                               ValueKey{}};
  Fact.AExpr = Key ? nullptr : stripWideningCasts(Mine, Ctx)->IgnoreParens();
  Fact.BExpr = DivisorKey ? nullptr : Divisor;
  Fact.Memory = true;
  State.Products.push_back(Fact);
}

/// A memory operand used as a condition (`if (size_of(e[i].fmt) && ...)`):
/// false means it is 0, true that it is not, until the next store.
void GuardAnalysis::applyMemoryTruthValue(PointFacts &State, const Expr *Cond,
                                          bool Truth) const {
  const Expr *E = stripWideningCasts(Cond, Ctx)->IgnoreParens();
  if (HasAsm || !isMemoryOperand(E, Ctx))
    return;
  ValueRange R = RangeEvaluator(Model, &State).evaluate(E);
  if (R.Lo < 0)
    return;
  ValueRange Now = Truth ? ValueRange{std::max<Wide>(R.Lo, 1), R.Hi}
                         : ValueRange::point(0);
  if (Now.Lo > Now.Hi)
    return;
  llvm::erase_if(State.Expressions, [&](const PointFacts::ExpressionFact &F) {
    return sameValue(F.E, E, Ctx);
  });
  State.Expressions.push_back({E, Now, true});
}

/// Whether \p E is arithmetic (+, -, *) over followed values and constants,
/// with at least one value: a compound operand a guard can bound.
static bool isArithmeticOfFollowed(const Expr *E, const PointFacts &State,
                                   const ASTContext &Ctx, bool &SawValue) {
  E = stripWideningCasts(E, Ctx)->IgnoreParens();
  if (std::optional<ValueKey> Key = keyOf(E)) {
    SawValue = true;
    return State.follows(*Key);
  }
  if (constantValue(E, Ctx))
    return true;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  return BO &&
         (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub ||
          BO->getOpcode() == BO_Mul) &&
         isArithmeticOfFollowed(BO->getLHS(), State, Ctx, SawValue) &&
         isArithmeticOfFollowed(BO->getRHS(), State, Ctx, SawValue);
}

/// The divisor of `K / d` (also widened), or null.
static const Expr *divisorOf(const Expr *E, const ASTContext &Ctx) {
  const auto *Div =
      dyn_cast<BinaryOperator>(stripWideningCasts(E, Ctx)->IgnoreParens());
  return Div && Div->getOpcode() == BO_Div ? Div->getRHS() : nullptr;
}

/// \p E, tested at \p At (times \p Partner), may have wrapped there
/// (PointFacts::WrappedTest).
static void noteWrappedTest(PointFacts &State, const Expr *E, const Expr *At,
                            const Expr *Partner) {
  PointFacts::WrappedTest T{E, At, Partner};
  if (!llvm::is_contained(State.WrappedTests, T))
    State.WrappedTests.push_back(T);
}

/// `n + 1 > K`, `2 * k > K / s`, `a + b > K / s`: a guard on a compound
/// operand leaves a range for that expression, and a bound on its product
/// with the divisor.
void GuardAnalysis::applyExpressionComparison(PointFacts &State,
                                              const Expr *Mine,
                                              BinaryOperatorKind KeyOp,
                                              const Expr *Other,
                                              bool ComparedSigned) const {
  const Expr *E = followedCompound(Mine, State, Ctx);
  if (!E)
    return;
  RangeEvaluator Evaluator(Model, &State);
  ValueRange Current = Evaluator.evaluate(E);
  std::optional<ValueRange> Bound = boundFromComparison(
      KeyOp, E->getType(), Current, Other, State, ComparedSigned);
  if (!Bound)
    return;
  if (!Current.intersects(*Bound)) {
    State.Reached = false;
    return;
  }
  llvm::erase_if(State.Expressions, [&](const PointFacts::ExpressionFact &F) {
    return sameValue(F.E, E, Ctx);
  });
  State.Expressions.push_back({E, Current.meet(*Bound)});
  // `c * b > K / s` bounds the product of c, b and s only when `c * b`
  // itself cannot wrap here: otherwise the test passes a wrapped value
  // (c = b = 2^32 in 64 bits make it 0), and what it bounds is that value
  // times s, not the product the program means.
  if (KeyOp != BO_LT && KeyOp != BO_LE)
    return;
  if (Evaluator.wrapping().empty())
    learnDivisionBound(State, ValueKey{}, E, Other);
  else
    noteWrappedTest(State, E, Mine, divisorOf(Other, Ctx));
}

void GuardAnalysis::applyComparison(PointFacts &State, const BinaryOperator *BO,
                                    bool Truth) const {
  BinaryOperatorKind Op = BO->getOpcode();
  if (!Truth)
    Op = BinaryOperator::negateComparisonOp(Op);
  bool ComparedSigned = Model.isSigned(BO->getLHS()->getType());
  for (int Side = 0; Side < 2; ++Side) {
    const Expr *Mine = Side == 0 ? BO->getLHS() : BO->getRHS();
    const Expr *Other = Side == 0 ? BO->getRHS() : BO->getLHS();
    BinaryOperatorKind KeyOp =
        Side == 0 ? Op : BinaryOperator::reverseComparisonOp(Op);
    std::optional<ValueKey> Key = keyOfCompared(Mine, Ctx);
    if (KeyOp == BO_LT || KeyOp == BO_LE)
      learnMemoryDivisionBound(State, Key, Mine, Other);
    if (!Key) {
      applyExpressionComparison(State, Mine, KeyOp, Other, ComparedSigned);
      if (!State.Reached)
        return;
      continue;
    }
    auto It = State.Keys.find(*Key);
    if (It == State.Keys.end())
      continue;
    PointFacts::KeyState &KS = It->second;
    std::optional<ValueRange> Bound = boundFromComparison(
        KeyOp, typeOfKey(*Key), KS.Range, Other, State, ComparedSigned);
    if (!Bound)
      continue;
    // A value that cannot pass the test: no run takes this edge.
    if (!KS.Range.intersects(*Bound)) {
      State.Reached = false;
      return;
    }
    KS.Range = KS.Range.meet(*Bound);

    // `if (r < x) fail;` with r computed from x: r did not wrap below x.
    if (KeyOp == BO_GE || KeyOp == BO_GT)
      if (std::optional<ValueKey> Base = keyOfCompared(Other, Ctx);
          Base && *Base != *Key && State.follows(*Base))
        State.Products.push_back(
            {*Base, *Base, Model.rangeOf(typeOfKey(*Key)).Hi, *Key});
    if (KeyOp == BO_LT || KeyOp == BO_LE) {
      learnDivisionBound(State, *Key, nullptr, Other);
      learnPowerOfTwoWrapTest(KS, *Key, Other);
    }
  }
}

/// A constant power of two, no wider than 64 bits.
static std::optional<Wide> powerOfTwo(const Expr *E, const ASTContext &Ctx) {
  std::optional<llvm::APSInt> C = constantValue(E, Ctx);
  if (!C || !C->isStrictlyPositive() || !C->isPowerOf2() ||
      C->getActiveBits() > 64)
    return std::nullopt;
  return Wide(C->getZExtValue());
}

/// Whether every value that reaches \p KS is a power of two: `1 << e`, or
/// a constant power of two.
static bool holdsPowerOfTwo(const PointFacts::KeyState &KS,
                            const ASTContext &Ctx) {
  return !KS.Definitions.empty() &&
         llvm::all_of(KS.Definitions, [&](const Stmt *D) {
           const auto *E = dyn_cast_or_null<Expr>(D);
           if (!E)
             return false;
           E = E->IgnoreParenImpCasts();
           if (const auto *Shl = dyn_cast<BinaryOperator>(E);
               Shl && Shl->getOpcode() == BO_Shl)
             if (std::optional<llvm::APSInt> One =
                     constantValue(Shl->getLHS(), Ctx))
               return *One == 1;
           return powerOfTwo(E, Ctx).has_value();
         });
}

/// `if (x * 8 < x) fail;` past the test, with x a power of two: a power of
/// two times a power of two wraps to 0, which the test catches, so x * 8
/// did not wrap. (For other factors the test misses wraps: 2^62 * 5 wraps
/// to 2^62.) A doubling is caught for every x: 2x is below twice the
/// modulus, so it wraps at most once, to 2x - 2^n, which is below x.
void GuardAnalysis::learnPowerOfTwoWrapTest(PointFacts::KeyState &KS,
                                            const ValueKey &Key,
                                            const Expr *Other) const {
  const auto *Mul = dyn_cast<BinaryOperator>(Other->IgnoreParenImpCasts());
  if (!Mul || Mul->getOpcode() != BO_Mul)
    return;
  for (const Expr *Side : {Mul->getLHS(), Mul->getRHS()}) {
    const Expr *Scale = Side == Mul->getLHS() ? Mul->getRHS() : Mul->getLHS();
    std::optional<ValueKey> K = keyOfOperand(Side, Ctx);
    std::optional<Wide> C = powerOfTwo(Scale, Ctx);
    if (!K || *K != Key || !C || (*C != 2 && !holdsPowerOfTwo(KS, Ctx)))
      continue;
    Wide Max = Model.rangeOf(Mul->getType()).Hi / *C;
    KS.Range = KS.Range.meet({KS.Range.Lo, Max});
    return;
  }
}

/// `holder / n == sizeof(T)` or `holder / sizeof(T) == n`: one side a
/// constant, kept as the bound of a fact whose B is no value.
void GuardAnalysis::learnScaledHolder(PointFacts &State, const ValueKey &Factor,
                                      const Expr *Constant,
                                      const Expr *Dividend) const {
  std::optional<llvm::APSInt> C = constantValue(Constant, Ctx);
  if (!C || C->getActiveBits() > 64)
    return;
  std::optional<ValueKey> Holder = keyOf(Dividend);
  if (Holder && State.follows(*Holder)) {
    State.Products.push_back(
        {Factor, ValueKey{}, Wide(C->getZExtValue()), *Holder});
    return;
  }
  // `(holder / b) / C == a` (libtiff's tiff2rgba after CVE-2016-3945):
  // holder holds a * b * C, unwrapped (a wrap makes the quotient smaller).
  const auto *Div = dyn_cast<BinaryOperator>(Dividend->IgnoreParenImpCasts());
  if (!Div || Div->getOpcode() != BO_Div)
    return;
  std::optional<ValueKey> B = keyOfOperand(Div->getRHS(), Ctx);
  Holder = keyOfOperand(Div->getLHS(), Ctx);
  if (!B || !Holder || !State.follows(*B) || !State.follows(*Holder) ||
      !C->isStrictlyPositive())
    return;
  PointFacts::ProductFact Fact{Factor, *B, 0, *Holder};
  Fact.Scale = Wide(C->getZExtValue());
  Fact.Bound = Fact.Scale;
  State.Products.push_back(Fact);
}

/// `holder / a == b`, or `(a * b) / a == b` spelled out.
void GuardAnalysis::learnCheckedProduct(PointFacts &State, const ValueKey &A,
                                        const ValueKey &B,
                                        const Expr *Dividend) const {
  if (const auto *Mul = dyn_cast<BinaryOperator>(Dividend);
      Mul && Mul->getOpcode() == BO_Mul) {
    std::optional<ValueKey> X = keyOfOperand(Mul->getLHS(), Ctx);
    std::optional<ValueKey> Y = keyOfOperand(Mul->getRHS(), Ctx);
    if (X && Y && ((*X == A && *Y == B) || (*X == B && *Y == A)) &&
        State.follows(A) && State.follows(B))
      State.Products.push_back(
          {A, B, Model.rangeOf(Mul->getType()).Hi, ValueKey{}});
    return;
  }
  std::optional<ValueKey> Holder = keyOf(Dividend);
  if (Holder && State.follows(*Holder))
    State.Products.push_back(
        {A, B, Model.rangeOf(typeOfKey(*Holder)).Hi, *Holder});
}

/// `holder / a == b` (or a product spelled out instead of the holder): the
/// check that a multiplication did not wrap, after the fact.
void GuardAnalysis::applyEquality(PointFacts &State,
                                  const BinaryOperator *BO) const {
  for (int Side = 0; Side < 2; ++Side) {
    const auto *Div = dyn_cast<BinaryOperator>(
        (Side == 0 ? BO->getLHS() : BO->getRHS())->IgnoreParenImpCasts());
    const Expr *Other = Side == 0 ? BO->getRHS() : BO->getLHS();
    if (!Div || Div->getOpcode() != BO_Div)
      continue;
    std::optional<ValueKey> A = keyOfOperand(Div->getRHS(), Ctx);
    std::optional<ValueKey> B = keyOfOperand(Other, Ctx);
    const Expr *Dividend = stripWideningCasts(Div->getLHS(), Ctx);
    if (A && B)
      learnCheckedProduct(State, *A, *B, Dividend);
    else if (A || B)
      learnScaledHolder(State, A ? *A : *B, A ? Other : Div->getRHS(),
                        Dividend);
  }
}

/// `if (__builtin_mul_overflow(a, b, &r)) fail;` (and C23 `ckd_mul`, which
/// expands to it): where it returned false, a * b fits r's type.
void GuardAnalysis::applyOverflowBuiltin(PointFacts &State,
                                         const CallExpr *Call,
                                         bool Truth) const {
  if (Truth || Call->getNumArgs() != 3 ||
      Call->getBuiltinCallee() != Builtin::BI__builtin_mul_overflow)
    return;
  std::optional<ValueKey> A = keyOfOperand(Call->getArg(0), Ctx);
  std::optional<ValueKey> B = keyOfOperand(Call->getArg(1), Ctx);
  QualType Result = Call->getArg(2)->getType()->getPointeeType();
  if (!A || !B || Result.isNull() || !State.follows(*A) || !State.follows(*B))
    return;
  State.Products.push_back({*A, *B, Model.rangeOf(Result).Hi, ValueKey{}});
}

/// Whether a test that refuses negative values (an opaque test: see
/// findOpaqueTests) tests \p Arg itself through \p Param: the argument
/// reaches it unnarrowed, or it is a constant the parameter holds
/// (`overflow2(n, sizeof(T))` with an int parameter), or it is unsigned and
/// as wide as the signed parameter: a value above the parameter's largest
/// arrives negative and is refused, so one that passes arrived unchanged
/// (libgd's `overflow2(line_length, ...)` of an unsigned length).
bool GuardAnalysis::reachesOpaqueTest(const Expr *Arg,
                                      const ParmVarDecl *Param) const {
  if (reachesUnnarrowed(Arg, Param))
    return true;
  QualType To = Param->getType();
  if (!To->isIntegerType())
    return false;
  // The argument as written, before its conversion to the parameter.
  const Expr *Written = Arg->IgnoreParenImpCasts();
  if (std::optional<llvm::APSInt> C = constantValue(Written, Ctx)) {
    std::optional<Wide> V = toWide(*C);
    return V && Model.rangeOf(To).contains(ValueRange::point(*V));
  }
  // Only a value as it was stored: a compound unsigned argument (`w * h`)
  // may have wrapped before the test saw it.
  QualType From = Written->getType();
  return keyOfOperand(Arg, Ctx) && From->isUnsignedIntegerType() &&
         Model.isSigned(To) && Model.width(From) == Model.width(To);
}

/// Whether the integer \p Arg reaches the integer parameter \p Param with
/// every value it can have: a test of the parameter tests the argument.
bool GuardAnalysis::reachesUnnarrowed(const Expr *Arg,
                                      const ParmVarDecl *Param) const {
  QualType From = stripWideningCasts(Arg, Ctx)->getType();
  QualType To = Param->getType();
  return From->isIntegerType() && To->isIntegerType() &&
         Model.rangeOf(To).contains(Model.rangeOf(From));
}

/// `if (!check_size(n, size)) fail;` with a function of this file that
/// returns nonzero only where n * size is bounded (PointerStores): where it
/// returned nonzero, so is the product of the two arguments, when each
/// reaches its parameter unchanged.
void GuardAnalysis::applyCheckedPair(PointFacts &State, const CallExpr *Call,
                                     bool Truth) const {
  if (!Truth || !Outs)
    return;
  if (std::optional<CheckedPair> Pair = Outs->checkedPair(Call))
    addCheckedProduct(State, Call, *Pair);
}

/// `overflow2(a, b);` with a function of this file that returns only where
/// a * b is bounded (it calls one that never returns otherwise): past the
/// call, so is the product of the two arguments. Asked for PairCalls only
/// (transferCall), and the callee is read only when two integer arguments
/// are values the dataflow follows.
void GuardAnalysis::applyReturnedPair(PointFacts &State, const CallExpr *Call,
                                      const ArgumentDefinitions &Before) const {
  unsigned Followed = 0;
  for (const Expr *Arg : Call->arguments())
    if (Arg->getType()->isIntegerType())
      if (std::optional<ValueKey> Key = keyOfOperand(Arg, Ctx);
          Key && State.follows(*Key))
        ++Followed;
  if (Followed < 2)
    return;
  std::optional<CheckedPair> Pair = Outs->checkedPair(Call);
  if (!Pair || !Pair->WhereverItReturns)
    return;
  // The callee checked the values it was given; one it may have changed
  // since (a global, a field of an object it got a pointer to, a local
  // whose address it got) is not the value checked.
  for (unsigned Index : {Pair->A, Pair->B}) {
    std::optional<ValueKey> Key = keyOfOperand(Call->getArg(Index), Ctx);
    const PointFacts::KeyState *Now = Key ? State.state(*Key) : nullptr;
    const auto *Then = llvm::find_if(
        Before, [&](const auto &Entry) { return Key && Entry.first == *Key; });
    if (!Now || Then == Before.end() || Now->Escaped ||
        Now->Definitions.data() != Then->second.data() ||
        Now->Definitions.size() != Then->second.size())
      return;
  }
  addCheckedProduct(State, Call, *Pair);
}

/// The bound \p Pair puts on the product of \p Call's two arguments, when
/// each reaches its parameter unchanged.
void GuardAnalysis::addCheckedProduct(PointFacts &State, const CallExpr *Call,
                                      const CheckedPair &Pair) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return;
  std::optional<ValueKey> Keys[2];
  unsigned Index[2] = {Pair.A, Pair.B};
  for (int I = 0; I < 2; ++I) {
    const Expr *Arg = Call->getArg(Index[I]);
    Keys[I] = keyOfOperand(Arg, Ctx);
    if (!Keys[I] || !State.follows(*Keys[I]) ||
        !reachesUnnarrowed(Arg, Callee->getParamDecl(Index[I])))
      return;
  }
  State.Products.push_back({*Keys[0], *Keys[1], Pair.Bound, ValueKey{}});
}

/// The call an `if` tests, through `!`, `== 0`, `!= 0`, parentheses and
/// branch hints, when it is a call of a function this file does not
/// define, returning an integer, with exactly two integer arguments.
static const CallExpr *opaqueTestCall(const Expr *Cond, const ASTContext &Ctx) {
  while (Cond) {
    Cond = ignoreExpectHints(Cond->IgnoreParenImpCasts());
    if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
        UO && UO->getOpcode() == UO_LNot) {
      Cond = UO->getSubExpr();
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(Cond);
    if (!BO || !BO->isEqualityOp())
      break;
    std::optional<llvm::APSInt> Zero = constantValue(BO->getRHS(), Ctx);
    if (!Zero || *Zero != 0)
      return nullptr;
    Cond = BO->getLHS();
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(Cond);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Callee->isDefined() || Callee->getBuiltinID() ||
      !Callee->getReturnType()->isIntegralOrEnumerationType() ||
      Callee->getNumParams() != Call->getNumArgs())
    return nullptr;
  unsigned Integers = 0;
  for (const Expr *Arg : Call->arguments())
    Integers += Arg->getType()->isIntegerType();
  return Integers == 2 ? Call : nullptr;
}

/// `if (overflow2(w, h)) return -1;` (libgd), `if (!mul_ok(n, size))
/// goto fail;`: a test of exactly two integers by a function defined in
/// another file, whose then-branch leaves. The check cannot read the test,
/// and takes its word: past the `if`, the two are sizes (not negative) and
/// their product fits the wider of the parameters' types.
static const Expr *decidedCondition(const CFGBlock *Block);

/// The `||` operators that join the disjuncts of \p Cond (`a || b || c`,
/// however parenthesized) into \p Joins, and the disjuncts, in order, into
/// \p Tests.
static void disjuncts(const Expr *Cond,
                      llvm::SmallPtrSetImpl<const Stmt *> &Joins,
                      llvm::SmallVectorImpl<const Expr *> &Tests) {
  Cond = Cond->IgnoreParens();
  if (const auto *Or = dyn_cast<BinaryOperator>(Cond);
      Or && Or->getOpcode() == BO_LOr) {
    Joins.insert(Or);
    disjuncts(Or->getLHS(), Joins, Tests);
    disjuncts(Or->getRHS(), Joins, Tests);
    return;
  }
  Tests.push_back(Cond);
}

void GuardAnalysis::findOpaqueTests() {
  // `if (overflow2(w, h) || overflow2(w * h, 4)) goto done;` leaves only
  // where every test gave 0: each block that decides one of the tests goes
  // on, on its false edge, only past that test.
  llvm::SmallPtrSet<const Stmt *, 8> Joins;
  llvm::SmallPtrSet<const Expr *, 8> Tests;
  for (auto [S, Block] : Decisions) {
    const auto *If = cast<IfStmt>(S);
    if (If->getConditionVariable() || If->getInit() ||
        Block->getTerminatorCondition(false) != If->getCond())
      continue;
    llvm::SmallPtrSet<const Stmt *, 4> TheseJoins;
    llvm::SmallVector<const Expr *, 4> TheseTests;
    disjuncts(If->getCond(), TheseJoins, TheseTests);
    // A condition that starts with other tests (`!ctx || x < 0 ||
    // !in_bounds(x, y)`) reads as a validation chain, where a call of two
    // integers may test anything: only tests of sizes in a row from the
    // start count. What follows the last of them runs only once all have
    // passed (libgd's `overflow2(w, c) || !(p = malloc(w * c))`) and does
    // not change what they mean.
    size_t Leading = 0;
    while (Leading < TheseTests.size() &&
           opaqueTestCall(TheseTests[Leading], Ctx))
      ++Leading;
    // Whether the branch leaves is a walk of the graph: asked only of the
    // conditions that have a test to count.
    if (!Leading || !thenBranchExits(If))
      continue;
    Joins.insert(If);
    Joins.insert(TheseJoins.begin(), TheseJoins.end());
    Tests.insert(TheseTests.begin(), TheseTests.begin() + Leading);
  }
  if (Tests.empty())
    return;
  for (const CFGBlock *Block : *Graph) {
    if (!Joins.count(Block->getTerminatorStmt()))
      continue;
    const Expr *Decided = decidedCondition(Block);
    if (Decided && Tests.count(Decided->IgnoreParens()))
      if (const CallExpr *Call = opaqueTestCall(Decided, Ctx))
        OpaqueTests[Block] = Call;
  }
}

/// A test of sizes passes no negative value: a signed \p Key it passed is
/// taken to be at least 0 past it.
void GuardAnalysis::assumeSize(PointFacts &State, const ValueKey &Key) const {
  auto It = State.Keys.find(Key);
  if (It != State.Keys.end() && Model.isSigned(typeOfKey(Key)) &&
      It->second.Range.Hi >= 0)
    It->second.Range = It->second.Range.meet({0, It->second.Range.Hi});
}

void GuardAnalysis::applyOpaqueTest(PointFacts &State,
                                    const CallExpr *Call) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  llvm::SmallVector<const Expr *, 2> Factors;
  Wide Bound = 0;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const Expr *Arg = Call->getArg(I);
    if (!Arg->getType()->isIntegerType())
      continue;
    // An argument narrowed on the way in is not the value tested.
    const ParmVarDecl *Param = Callee->getParamDecl(I);
    if (!reachesOpaqueTest(Arg, Param))
      return;
    Bound = std::max(Bound, Model.rangeOf(Param->getType()).Hi);
    Factors.push_back(Arg);
  }
  if (Factors.size() != 2 || Bound <= 0)
    return;
  // Two followed values, or one followed value and a constant
  // (`overflow2(w, 4)`: w is at most Bound / 4), or a compound expression
  // over followed values and one followed value or a constant
  // (`overflow2(w * h, depth)`, `overflow2(w * h, 4)`).
  for (int First = 0; First < 2; ++First) {
    const Expr *A = Factors[First], *B = Factors[1 - First];
    std::optional<llvm::APSInt> CB = constantValue(B, Ctx);
    std::optional<Wide> ScaleB = CB ? toWide(*CB) : std::nullopt;
    std::optional<ValueKey> KB = keyOfOperand(B, Ctx);
    bool FollowedB = KB && State.follows(*KB);
    if (const Expr *E = followedCompound(A, State, Ctx)) {
      if (ScaleB ? *ScaleB < 1 : !FollowedB)
        continue;
      // A compound that can wrap here passes the test wrapped: the test
      // bounds nothing of the product the program means (`w * h` =
      // 2^32 + 1 wraps to 1 in int, and `overflow2(1, d)` passes), in any
      // grouping.
      RangeEvaluator Evaluator(Model, &State);
      Evaluator.evaluate(E);
      if (!Evaluator.wrapping().empty())
        return noteWrappedTest(State, E, A, B);
      PointFacts::ProductFact Fact{ValueKey{}, ScaleB ? ValueKey{} : *KB,
                                   Bound, ValueKey{}};
      Fact.AExpr = E;
      if (ScaleB)
        Fact.Scale = *ScaleB;
      else
        assumeSize(State, *KB);
      State.Products.push_back(Fact);
      return;
    }
    if (!FollowedB)
      continue;
    std::optional<llvm::APSInt> C = constantValue(A, Ctx);
    if (std::optional<Wide> Scale = C ? toWide(*C) : std::nullopt) {
      if (*Scale < 1)
        return;
      auto It = State.Keys.find(*KB);
      It->second.Range = It->second.Range.meet({0, Bound / *Scale});
      PointFacts::ProductFact Fact{*KB, ValueKey{}, Bound, ValueKey{}};
      Fact.Scale = *Scale;
      State.Products.push_back(Fact);
      return;
    }
    if (std::optional<ValueKey> KA = keyOfOperand(A, Ctx)) {
      if (!State.follows(*KA))
        return;
      State.Products.push_back({*KA, *KB, Bound, ValueKey{}});
      assumeSize(State, *KA);
      assumeSize(State, *KB);
      return;
    }
  }
}

/// A value used as a condition: false means it is 0.
void GuardAnalysis::applyTruthValue(PointFacts &State, const Expr *Cond,
                                    bool Truth) const {
  std::optional<ValueKey> Key = keyOfOperand(Cond, Ctx);
  if (!Key)
    return applyMemoryTruthValue(State, Cond, Truth);
  auto It = State.Keys.find(*Key);
  if (It == State.Keys.end())
    return;
  ValueRange &R = It->second.Range;
  if (!Truth && !R.intersects(ValueRange::point(0)))
    State.Reached = false;
  else if (!Truth)
    R = R.meet(ValueRange::point(0));
  else if (R.Lo == 0 && R.Hi == 0)
    State.Reached = false;
  else if (R.Lo == 0)
    R.Lo = 1;
  else if (R.Hi == 0)
    R.Hi = -1;
}

void GuardAnalysis::applyCondition(PointFacts &State, const Expr *Cond,
                                   bool Truth) const {
  Cond = Cond->IgnoreParenImpCasts();
  if (!AssertsAreGuards && isAssertCondition(Cond))
    return;
  if (const Expr *Hinted = ignoreExpectHints(Cond); Hinted != Cond)
    return applyCondition(State, Hinted, Truth);
  if (const auto *Call = dyn_cast<CallExpr>(Cond)) {
    applyCheckedPair(State, Call, Truth);
    applyMemoryTruthValue(State, Call, Truth);
    return applyOverflowBuiltin(State, Call, Truth);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return applyCondition(State, UO->getSubExpr(), !Truth);
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return applyTruthValue(State, Cond, Truth);
  if (BO->getOpcode() == BO_LAnd && Truth) {
    applyCondition(State, BO->getLHS(), true);
    applyCondition(State, BO->getRHS(), true);
  } else if (BO->getOpcode() == BO_LOr && !Truth) {
    applyCondition(State, BO->getLHS(), false);
    applyCondition(State, BO->getRHS(), false);
  } else if (BO->isComparisonOp()) {
    // `check(n, size) == 0` is `!check(n, size)`.
    if (BO->isEqualityOp())
      for (auto [Call, Zero] : {std::pair(BO->getLHS(), BO->getRHS()),
                                std::pair(BO->getRHS(), BO->getLHS())})
        if (const auto *CE = dyn_cast<CallExpr>(Call->IgnoreParenImpCasts()))
          if (std::optional<llvm::APSInt> V = constantValue(Zero, Ctx);
              V && *V == 0)
            applyCheckedPair(State, CE, (BO->getOpcode() == BO_NE) == Truth);
    applyComparison(State, BO, Truth);
    if (BO->isEqualityOp() && (BO->getOpcode() == BO_EQ) == Truth)
      applyEquality(State, BO);
  }
}

/// The condition a two-way block decides. For `if (a && b)` the block that
/// evaluates `b` carries the whole condition as its terminator, but what it
/// decides is `b`.
static const Expr *decidedCondition(const CFGBlock *Block) {
  const Stmt *Terminator = Block->getTerminatorStmt();
  if (!Terminator || Block->succ_size() != 2)
    return nullptr;
  const auto *Cond =
      dyn_cast_or_null<Expr>(Block->getTerminatorCondition(false));
  while (Cond) {
    Cond = Cond->IgnoreParens();
    const auto *BO = dyn_cast<BinaryOperator>(Cond);
    if (!BO || !BO->isLogicalOp())
      break;
    // The block that ends in `x && ...` itself decides `x`; a block that
    // ends in the statement using `... && y` decides `y`.
    Cond = BO == Terminator ? BO->getLHS() : BO->getRHS();
  }
  return Cond;
}

//===----------------------------------------------------------------------===//
// Joins
//===----------------------------------------------------------------------===//

/// The bound \p P has on the path \p Side, either as a fact or through the
/// ranges of its operands (on the path where `b == 0`, a * b is 0).
std::optional<Wide>
GuardAnalysis::impliedBound(const PointFacts &Side,
                            const PointFacts::ProductFact &P) const {
  // A fact about an expression, or about three factors, holds where it
  // was learned.
  if (P.AExpr || P.BExpr || P.C.Var) {
    if (llvm::is_contained(Side.Products, P))
      return P.Bound;
    // A fact about a memory operand holds too where a factor is 0 (`d &&
    // len / d < a` skipped the division).
    auto Zero = [&](const ValueKey &Key, const Expr *E) {
      std::optional<ValueRange> R =
          E ? Side.rangeOfExpression(E) : Side.rangeOf(Key);
      return R && *R == ValueRange::point(0);
    };
    if (P.Memory && (Zero(P.A, P.AExpr) || Zero(P.B, P.BExpr)))
      return P.Bound;
    return std::nullopt;
  }
  // A guard on a value times a constant holds where it was learned, and
  // where the value's range keeps the product within it; a checked
  // product of two values and a constant, where it was learned.
  if (P.Scale && P.Holder.Var)
    return llvm::is_contained(Side.Products, P) ? std::optional<Wide>(P.Bound)
                                                : std::nullopt;
  if (P.Scale) {
    std::optional<ValueRange> A = Side.rangeOf(P.A);
    return llvm::is_contained(Side.Products, P) ||
                   (A && A->Lo >= 0 && A->Hi <= P.Bound / P.Scale)
               ? std::optional<Wide>(P.Bound)
               : std::nullopt;
  }
  if (P.Holder.Var) {
    bool Scaled = !P.B.Var; // A times the constant P.Bound
    if (Scaled ? Side.verifiedScaled(P.Holder, P.A, P.Bound)
               : Side.verifiedProduct(P.Holder, P.A, P.B))
      return P.Bound;
    // On a path where the operands are small enough (`n == 0` skipped the
    // division), the product did not wrap either.
    std::optional<ValueRange> A = Side.rangeOf(P.A);
    std::optional<ValueRange> B =
        Scaled ? ValueRange::point(P.Bound) : Side.rangeOf(P.B);
    Wide Limit = Model.rangeOf(typeOfKey(P.Holder)).Hi;
    if (A && B && A->Lo >= 0 && B->Lo >= 0 && multiply(*A, *B).Hi <= Limit)
      return P.Bound;
    return std::nullopt;
  }
  if (std::optional<Wide> Known = Side.productBound(P.A, P.B))
    return Known;
  std::optional<ValueRange> A = Side.rangeOf(P.A), B = Side.rangeOf(P.B);
  // A factor that is 0 on this path (`b && a > K / b` skipped) makes the
  // product 0, whatever the other.
  auto Zero = [](const std::optional<ValueRange> &R) {
    return R && R->Lo == 0 && R->Hi == 0;
  };
  if (Zero(A) || Zero(B))
    return P.Bound == WideLimit ? std::optional<Wide>(0) : P.Bound;
  if (!A || !B || A->Lo < 0 || B->Lo < 0)
    return std::nullopt;
  Wide Hi = multiply(*A, *B).Hi;
  // A candidate made up from ranges alone keeps the bound they give, if it
  // says anything a 64-bit product could not.
  if (P.Bound == WideLimit)
    return Hi < (Wide(1) << 64) ? std::optional<Wide>(Hi) : std::nullopt;
  return Hi <= P.Bound ? std::optional<Wide>(P.Bound) : std::nullopt;
}

/// \p Key's state in \p Side, looked for first at \p Index: both sides of a
/// join follow the same keys, added in the same order, nearly always.
static const PointFacts::KeyState *
stateAt(const PointFacts &Side, size_t Index, const ValueKey &Key) {
  if (Index < Side.Keys.size() && Side.Keys.begin()[Index].first == Key)
    return &Side.Keys.begin()[Index].second;
  return Side.state(Key);
}

/// The product facts that hold on both paths, decided before the ranges
/// are joined.
std::vector<PointFacts::ProductFact>
GuardAnalysis::joinProducts(const PointFacts &Into, const PointFacts &From,
                            const KeyPairs &Pairs, bool Widen) const {
  std::vector<PointFacts::ProductFact> Candidates = Into.Products;
  for (const PointFacts::ProductFact &P : From.Products)
    if (P.Holder.Var || P.AExpr || P.BExpr || P.C.Var || P.Scale
            ? !llvm::is_contained(Into.Products, P)
            : !Into.productBound(P.A, P.B))
      Candidates.push_back(P);
  // Bounds that each side implies only through its ranges are made explicit
  // here: after `if ((a >= M || b >= M) && a > SIZE_MAX / b) fail;` one
  // path knows a, b < M and the other a * b <= SIZE_MAX, and only the
  // product bound survives the join.
  // Where both factors have the same range on both paths, the joined
  // ranges imply that bound themselves (the common case, at every join the
  // guard does not touch): no fact is needed.
  llvm::SmallVector<ValueKey, 8> Differ;
  size_t Index = 0;
  for (const auto &[Key, S] : Into.Keys) {
    const PointFacts::KeyState *F = stateAt(From, Index++, Key);
    if (!F || F->Range != S.Range)
      Differ.push_back(Key);
  }
  auto SameRange = [&](const ValueKey &K) {
    return !llvm::is_contained(Differ, K) && Into.state(K);
  };
  if (!Differ.empty() || Into.Keys.size() != From.Keys.size())
    for (const auto &[A, B] : Pairs)
      if (!(SameRange(A) && SameRange(B)) && !Into.productBound(A, B) &&
          !From.productBound(A, B))
        Candidates.push_back({A, B, WideLimit, ValueKey{}});
  std::vector<PointFacts::ProductFact> Kept;
  for (const PointFacts::ProductFact &P : Candidates) {
    std::optional<Wide> Mine = impliedBound(Into, P);
    std::optional<Wide> Theirs = impliedBound(From, P);
    if (!Mine || !Theirs)
      continue;
    Wide Bound = std::max(*Mine, *Theirs);
    // In a loop a bound may keep growing: widening drops it.
    std::optional<Wide> Before =
        P.Holder.Var || P.C.Var || P.Scale ? std::nullopt
                                           : Into.productBound(P.A, P.B);
    if (Widen && Before && Bound > *Before)
      continue;
    Kept.push_back(P);
    Kept.back().Bound = Bound;
    // A margin survives only where both paths learned it.
    if (!llvm::is_contained(Into.Products, P) ||
        !llvm::is_contained(From.Products, P))
      Kept.back().Margin = 0;
  }
  return Kept;
}

//===----------------------------------------------------------------------===//
// Definition sets
//===----------------------------------------------------------------------===//

DefinitionSets::Set DefinitionSets::intern(Set Sorted) {
  // The top bit is cleared: DenseMap keeps ~0U and ~0U - 1 for itself.
  unsigned Hash =
      unsigned(llvm::hash_combine_range(Sorted.begin(), Sorted.end())) &
      0x7FFFFFFFu;
  llvm::SmallVector<Set, 1> &Same = ByContent[Hash];
  for (Set Kept : Same)
    if (Kept == Sorted)
      return Kept;
  auto *Copy = Storage.Allocate<const Stmt *>(Sorted.size());
  std::copy(Sorted.begin(), Sorted.end(), Copy);
  Same.push_back(Set(Copy, Sorted.size()));
  return Same.back();
}

DefinitionSets::Set DefinitionSets::one(const Stmt *D) {
  auto [It, New] = Ones.try_emplace(D);
  if (New)
    It->second = intern(Set(&D, 1));
  return It->second;
}

DefinitionSets::Set DefinitionSets::unite(Set A, Set B) {
  // Each content is kept once: the same array is the same set.
  if (A.data() == B.data() || B.empty())
    return A;
  if (A.empty())
    return B;
  auto [It, New] = Unions.try_emplace({A.data(), B.data()});
  if (!New)
    return It->second;
  Set Result = A;
  if (!std::includes(A.begin(), A.end(), B.begin(), B.end())) {
    llvm::SmallVector<const Stmt *, 8> Merged;
    std::set_union(A.begin(), A.end(), B.begin(), B.end(),
                   std::back_inserter(Merged));
    Result = intern(Merged);
  }
  It->second = Result;
  return Result;
}

bool GuardAnalysis::joinKeyStates(PointFacts &Into, const PointFacts &From,
                                  bool Widen, const Stmt *Loop) const {
  bool Changed = false;
  size_t Index = 0;
  for (auto &[Key, S] : Into.Keys) {
    const PointFacts::KeyState *F = stateAt(From, Index++, Key);
    if (!F)
      continue;
    ValueRange Joined = S.Range.join(F->Range);
    if (Joined != S.Range) {
      ValueRange New = Joined;
      if (Widen) {
        // A counter a bounded loop steps up keeps its bound.
        New = Model.rangeOf(typeOfKey(Key));
        if (const auto *Var = dyn_cast<VarDecl>(Key.Var);
            Var && !Key.isPart() && Loop)
          if (std::optional<Wide> Max = Counters.bound(Var, Loop))
            New = New.meet({New.Lo, *Max});
      }
      Changed |= New != S.Range;
      S.Range = New;
    }
    if (F->Escaped && !S.Escaped) {
      S.Escaped = true;
      Changed = true;
    }
    // Kept sorted, so that a join is one linear merge: a variable a large
    // function assigns in hundreds of places (a bytecode interpreter's
    // switch) reaches its loop head with all of them.
    DefinitionSets::Set United = Sets.unite(S.Definitions, F->Definitions);
    if (United.data() != S.Definitions.data()) {
      S.Definitions = United;
      Changed = true;
    }
  }
  return Changed;
}

/// The expression facts that hold on both paths, their ranges joined.
bool GuardAnalysis::joinExpressions(PointFacts &Into, const PointFacts &From,
                                    bool Widen) const {
  std::vector<PointFacts::ExpressionFact> Kept;
  for (const PointFacts::ExpressionFact &F : Into.Expressions) {
    const PointFacts::ExpressionFact *G = From.expressionFact(F.E);
    if (!G)
      continue;
    ValueRange Joined = F.Range.join(G->Range);
    if (!Widen || Joined == F.Range)
      Kept.push_back({F.E, Joined});
  }
  bool Changed = Kept != Into.Expressions;
  Into.Expressions = std::move(Kept);
  // A test says why a finding is made only where every path had it.
  size_t Tests = Into.WrappedTests.size();
  llvm::erase_if(Into.WrappedTests, [&](const PointFacts::WrappedTest &T) {
    return !llvm::is_contained(From.WrappedTests, T);
  });
  return Changed || Tests != Into.WrappedTests.size();
}

bool GuardAnalysis::joinInto(PointFacts &Into, const PointFacts &From,
                             const KeyPairs &Pairs, bool Widen,
                             const Stmt *Loop) const {
  if (!From.Reached)
    return false;
  if (!Into.Reached) {
    Into = From;
    return true;
  }
  std::vector<PointFacts::ProductFact> Kept =
      joinProducts(Into, From, Pairs, Widen);
  bool Changed = joinKeyStates(Into, From, Widen, Loop);
  Changed |= joinExpressions(Into, From, Widen);
  Changed |= Kept != Into.Products;
  Into.Products = std::move(Kept);
  return Changed;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

std::optional<PointFacts>
GuardAnalysis::factsBefore(const Stmt *S, llvm::ArrayRef<ValueKey> Keys) {
  if (!Graph)
    return std::nullopt;
  auto Found = Where.find(S);
  // The CFG has no element for parentheses (`size_t n = (a * b);`): the
  // facts before them are those before what they enclose.
  if (const auto *E = dyn_cast<Expr>(S); E && Found == Where.end())
    Found = Where.find(E->IgnoreParens());
  if (Found == Where.end())
    return std::nullopt;
  auto [Target, TargetIndex] = Found->second;
  const std::vector<PointFacts> &In = solve(Keys);

  PointFacts Result = In[Target->getBlockID()];
  if (!Result.Reached)
    return Result;
  unsigned Index = 0;
  for (const CFGElement &Element : *Target) {
    if (Index++ == TargetIndex)
      break;
    if (std::optional<CFGStmt> CS = Element.getAs<CFGStmt>())
      transfer(Result, CS->getStmt());
  }
  return Result;
}

std::optional<PointFacts>
GuardAnalysis::factsAtReturn(llvm::ArrayRef<ValueKey> Keys) {
  if (!Graph)
    return std::nullopt;
  return solve(Keys)[Graph->getExit().getBlockID()];
}

/// Whether \p Block is where a throw goes: a `try`'s dispatch to its
/// handlers, or a handler (exception edges, CXXExceptions only).
static bool catchesThrows(const CFGBlock *Block) {
  return isa_and_nonnull<CXXTryStmt>(Block->getTerminatorStmt()) ||
         isa_and_nonnull<CXXCatchStmt>(Block->getLabel());
}

/// The facts at the entry of every block, following \p Keys. The last
/// answer is kept: a size's origin asks for the same keys at the call and
/// where the size is computed.
const std::vector<PointFacts> &
GuardAnalysis::solve(llvm::ArrayRef<ValueKey> Keys) {
  if (Solved && llvm::equal(SolvedKeys, Keys))
    return SolvedIn;
  KeyPairs Pairs;
  for (size_t I = 0; I < Keys.size(); ++I)
    for (size_t J = I + 1; J < Keys.size(); ++J)
      Pairs.push_back({Keys[I], Keys[J]});
  std::vector<PointFacts> In(Graph->getNumBlockIDs());
  std::vector<unsigned> Visits(Graph->getNumBlockIDs(), 0);
  const CFGBlock &Entry = Graph->getEntry();
  initialize(In[Entry.getBlockID()], withRelatedKeys(Keys));
  ForwardDataflowWorklist Work(*Graph, Order.get());
  Work.enqueueBlock(&Entry);
  while (const CFGBlock *Block = Work.dequeue()) {
    PointFacts Out = In[Block->getBlockID()];
    for (const CFGElement &Element : *Block)
      if (std::optional<CFGStmt> CS = Element.getAs<CFGStmt>())
        transfer(Out, CS->getStmt());
    // A call that never returns ends the path: nothing flows on, not even
    // into the exit, where a function's "wherever it returns" is read;
    // only into the handlers of a `try` around it, where what it throws
    // goes.
    if (Stops[Block->getBlockID()]) {
      for (const CFGBlock::AdjacentBlock &Succ : Block->succs())
        if (const CFGBlock *Next = Succ.getReachableBlock();
            Next && catchesThrows(Next) &&
            joinInto(In[Next->getBlockID()], Out, Pairs, false, nullptr))
          Work.enqueueBlock(Next);
      continue;
    }
    const Expr *Cond = decidedCondition(Block);
    unsigned Index = 0;
    for (const CFGBlock::AdjacentBlock &Succ : Block->succs()) {
      const CFGBlock *Next = Succ.getReachableBlock();
      unsigned Which = Index++;
      if (!Next)
        continue;
      auto Test = Which == 1 ? OpaqueTests.find(Block) : OpaqueTests.end();
      unsigned ID = Next->getBlockID();
      bool Widen = LoopHead[ID] && ++Visits[ID] > VisitsBeforeWidening;
      const Stmt *Loop = Widen ? Next->getTerminatorStmt() : nullptr;
      // An edge that learns nothing (a `switch` case, a `goto`) carries the
      // block's facts as they are: no copy for each of a switch's cases.
      if (!Cond && Test == OpaqueTests.end()) {
        if (joinInto(In[ID], Out, Pairs, Widen, Loop))
          Work.enqueueBlock(Next);
        continue;
      }
      // The last edge takes the block's facts; the others copy them.
      PointFacts Edge =
          Which + 1 == Block->succ_size() ? std::move(Out) : PointFacts(Out);
      if (Cond)
        applyCondition(Edge, Cond, Which == 0);
      if (Test != OpaqueTests.end())
        applyOpaqueTest(Edge, Test->second);
      if (joinInto(In[ID], Edge, Pairs, Widen, Loop))
        Work.enqueueBlock(Next);
    }
  }

  SolvedKeys.assign(Keys.begin(), Keys.end());
  SolvedIn = std::move(In);
  Solved = true;
  return SolvedIn;
}

bool GuardAnalysis::thenBranchExits(const IfStmt *If) const {
  auto Found = Decisions.find(If);
  if (Found == Decisions.end() || Found->second->succ_size() != 2)
    return false;
  const CFGBlock *Decision = Found->second;
  const CFGBlock *Then = Decision->succ_begin()[0].getReachableBlock();
  const CFGBlock *After = Decision->succ_begin()[1].getReachableBlock();
  if (!Then || !After)
    return false;
  // Every block the branch reaches without deciding the `if` again.
  llvm::BitVector Seen(Graph->getNumBlockIDs());
  llvm::SmallVector<const CFGBlock *, 16> Work{Then};
  Seen.set(Decision->getBlockID());
  Seen.set(Then->getBlockID());
  while (!Work.empty()) {
    const CFGBlock *Block = Work.pop_back_val();
    if (Block == After)
      return false;
    bool Stop = Stops[Block->getBlockID()];
    for (const CFGBlock::AdjacentBlock &Succ : Block->succs())
      if (const CFGBlock *Next = Succ.getReachableBlock();
          Next && !Seen.test(Next->getBlockID()) &&
          (!Stop || catchesThrows(Next))) {
        Seen.set(Next->getBlockID());
        Work.push_back(Next);
      }
  }
  return true;
}

bool isOnlyRead(const VarDecl *Var, const Stmt *Body,
                const BinaryOperator *Except) {
  unsigned Names = 0, Reads = Except ? 1 : 0;
  llvm::SmallVector<const Stmt *, 64> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
      Names += Ref->getDecl() == Var;
    } else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S);
               Cast && Cast->getCastKind() == CK_LValueToRValue) {
      const auto *Ref =
          dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens());
      Reads += Ref && Ref->getDecl() == Var;
    }
    for (const Stmt *Child : S->children())
      if (Child)
        Work.push_back(Child);
  }
  return Names == Reads;
}

/// Whether some path from the end of \p From's element \p Index reaches
/// element \p ToIndex of \p To without passing element \p AvoidIndex of
/// \p Avoid.
static bool reachableAvoiding(const CFGBlock *From, unsigned Index,
                              const CFGBlock *To, unsigned ToIndex,
                              const CFGBlock *Avoid, unsigned AvoidIndex,
                              unsigned NumBlocks) {
  // What the rest of a block, from element First on, leads to: the target
  // (true), the avoided element (false), or its successors (nothing).
  auto Within = [&](const CFGBlock *B, unsigned First) -> std::optional<bool> {
    bool HasTo = B == To && ToIndex >= First;
    bool HasAvoid = B == Avoid && AvoidIndex >= First;
    if (HasTo && (!HasAvoid || ToIndex < AvoidIndex))
      return true;
    if (HasAvoid)
      return false;
    return std::nullopt;
  };
  if (std::optional<bool> Ends = Within(From, Index + 1))
    return *Ends;
  llvm::BitVector Seen(NumBlocks);
  llvm::SmallVector<const CFGBlock *, 16> Work{From};
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
      const CFGBlock *Next = Succ.getReachableBlock();
      if (!Next || Seen.test(Next->getBlockID()))
        continue;
      Seen.set(Next->getBlockID());
      if (std::optional<bool> Ends = Within(Next, 0)) {
        if (*Ends)
          return true;
        continue;
      }
      Work.push_back(Next);
    }
  }
  return false;
}

/// The reaching definition without the dataflow, for the common case: a
/// local or parameter given its one value by its initializer or by one
/// `=`, and otherwise only read, where that value comes before \p S on
/// every path to it and (for an assignment) the declaration cannot come
/// again in between. Null when that is not so: the dataflow then decides.
const Expr *GuardAnalysis::definitionThatDominates(const VarDecl *Var,
                                                   const Stmt *S) {
  if (!Var->hasLocalStorage() || Var->getType()->isReferenceType() ||
      Var->hasAttr<BlocksAttr>() || DeclaredTwice.count(Var))
    return nullptr;
  auto Values = Assigned.find(Var);
  auto Use = Where.find(S);
  if (Values == Assigned.end() || Values->second.size() != 1 ||
      Use == Where.end())
    return nullptr;
  const Expr *Value = Values->second.front();
  const BinaryOperator *Assignment = nullptr;
  std::pair<const CFGBlock *, unsigned> Def;
  auto Decl = Declared.find(Var);
  // Only a variable its one `=` (or initializer) alone changes: `++k`, a
  // reference bound to it or a lambda that captures it by reference
  // change it otherwise.
  if (!isOnlyRead(Var, Function->getBody(), AssignmentOf.lookup(Value)))
    return nullptr;
  if (Value == Var->getInit()) {
    if (Decl == Declared.end())
      return nullptr;
    Def = Decl->second;
  } else {
    Assignment = AssignmentOf.lookup(Value);
    auto At = Assignment ? Where.find(Assignment) : Where.end();
    if (At == Where.end())
      return nullptr;
    Def = At->second;
  }
  auto [UseBlock, UseIndex] = Use->second;
  // `int n; ... n = v; ... goto back;` could declare n again (without a
  // value) between the assignment and the use: when the declaration leads
  // on to the use without the assignment again. (With the assignment
  // before the use on every path, as required below, such a declaration
  // can only come after it; a loop around a `switch` passes the
  // declaration of every case's locals, but only on the way back to the
  // assignment.)
  if (Assignment && Decl != Declared.end() &&
      reachableAvoiding(Decl->second.first, Decl->second.second, UseBlock,
                        UseIndex, Def.first, Def.second,
                        Graph->getNumBlockIDs()))
    return nullptr;
  if (!Dominators) {
    Dominators = std::make_unique<CFGDomTree>();
    Dominators->buildDominatorTree(Graph.get());
  }
  // An unreachable use has no definition; the dataflow says so.
  if (!Dominators->getBase().getNode(const_cast<CFGBlock *>(UseBlock)))
    return nullptr;
  bool Before = Def.first == UseBlock
                    ? Def.second < UseIndex
                    : Dominators->dominates(Def.first, UseBlock);
  if (!Before || !isOnlyRead(Var, Function->getBody(), Assignment))
    return nullptr;
  return Value;
}

/// Whether C++ code in \p Body can change \p Var under another name: a
/// reference bound to it (`int &r = k;`) or a lambda that captures it by
/// reference. The dataflow follows neither.
const Expr *GuardAnalysis::reachingDefinition(const VarDecl *Var,
                                              const Stmt *S) {
  if (!Graph)
    return nullptr;
  if (ReferencedByAlias.contains(Var))
    return nullptr;
  if (const Expr *Value = definitionThatDominates(Var, S))
    return Value;
  return reachingDefinition(ValueKey{Var, nullptr, nullptr}, S);
}

const Expr *GuardAnalysis::reachingDefinition(const ValueKey &Key,
                                              const Stmt *S) {
  if (!Graph)
    return nullptr;
  std::optional<PointFacts> Facts = factsBefore(S, {Key});
  const PointFacts::KeyState *State = Facts ? Facts->state(Key) : nullptr;
  if (!State || !Facts->Reached || State->Escaped ||
      State->Definitions.size() != 1)
    return nullptr;
  return dyn_cast_or_null<Expr>(State->Definitions.front());
}

} // namespace clang::tidy::calloc
