//===--- OutParameters.cpp ------------------------------------------------===//

#include "facts/OutParameters.h"
#include "support/AstWalks.h"
#include "facts/CallSites.h"
#include "analysis/dataflow/OverflowGuards.h"
#include "analysis/expressions/SizeExpressions.h"
#include "analysis/expressions/StatementEffects.h"
#include "analysis/expressions/StorageLocations.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::calloc {

/// Functions nested deeper than this while summarizing have no summary.
constexpr unsigned MaxNesting = 4;
/// A function with more stores and hand-overs of the pointer than this has
/// no summary: each costs a pass of its dataflow.
constexpr unsigned MaxUses = 16;
/// Past this many stored values, one range stands for all of them.
constexpr unsigned MaxValues = 16;

namespace {
/// How a function uses one of its pointer parameters.
struct PointerUses {
  std::vector<const BinaryOperator *> Stores;                   // `*p = v`
  std::vector<std::pair<const CallExpr *, unsigned>> Handovers; // `g(p)`
  bool Other = false;                                           // anything else
};
} // namespace

static bool refersTo(const Expr *E, const ParmVarDecl *Param) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == Param;
}

/// `*p`, through parens and the read of p.
static bool isDereferenceOf(const Expr *E, const ParmVarDecl *Param) {
  const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParens());
  return UO && UO->getOpcode() == UO_Deref && refersTo(UO->getSubExpr(), Param);
}

/// `p` itself as an argument, converted only by reading it: a cast to
/// another pointer type would store another type.
static bool isPlainPointerArgument(const Expr *E, const ParmVarDecl *Param) {
  E = E->IgnoreParens();
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() != CK_LValueToRValue &&
        Cast->getCastKind() != CK_NoOp)
      return false;
    E = Cast->getSubExpr()->IgnoreParens();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref && Ref->getDecl() == Param;
}

/// The operands that only test a pointer: conditions, `!p`, `p == q`.
static bool isTestOperand(const Stmt *Parent, const Expr *E) {
  if (const auto *If = dyn_cast<IfStmt>(Parent))
    return If->getCond() == E;
  if (const auto *While = dyn_cast<WhileStmt>(Parent))
    return While->getCond() == E;
  if (const auto *Do = dyn_cast<DoStmt>(Parent))
    return Do->getCond() == E;
  if (const auto *For = dyn_cast<ForStmt>(Parent))
    return For->getCond() == E;
  if (const auto *CO = dyn_cast<ConditionalOperator>(Parent))
    return CO->getCond() == E;
  if (const auto *UO = dyn_cast<UnaryOperator>(Parent))
    return UO->getOpcode() == UO_LNot;
  if (const auto *BO = dyn_cast<BinaryOperator>(Parent))
    return BO->isLogicalOp() || BO->isEqualityOp();
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent))
    return Cast->getCastKind() == CK_PointerToBoolean;
  return false;
}

/// Whether \p S mentions \p Param anywhere.
static bool mentions(const Stmt *S, const ParmVarDecl *Param) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return Ref->getDecl() == Param;
  if (const auto *Block = dyn_cast<BlockExpr>(S))
    return mentions(Block->getBody(), Param);
  for (const Stmt *Child : S->children())
    if (mentions(Child, Param))
      return true;
  return false;
}

static void scanUses(const Stmt *S, const ParmVarDecl *Param,
                     PointerUses &Uses) {
  if (!S || Uses.Other)
    return;
  // A block or lambda runs when it is called, which may be later or
  // never: a use of the pointer there is not one this scan can place.
  if (const auto *Block = dyn_cast<BlockExpr>(S)) {
    Uses.Other |= mentions(Block->getBody(), Param);
    return;
  }
  if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
    Uses.Other |= mentions(Lambda->getBody(), Param);
    return;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    Uses.Other |= Ref->getDecl() == Param;
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->getOpcode() == BO_Assign &&
      isDereferenceOf(BO->getLHS(), Param)) {
    Uses.Stores.push_back(BO);
    return scanUses(BO->getRHS(), Param, Uses);
  }
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S);
      Cast && Cast->getCastKind() == CK_LValueToRValue &&
      isDereferenceOf(Cast->getSubExpr(), Param))
    return; // a read of *p
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    scanUses(Call->getCallee(), Param, Uses);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (isPlainPointerArgument(Call->getArg(I), Param))
        Uses.Handovers.push_back({Call, I});
      else
        scanUses(Call->getArg(I), Param, Uses);
    }
    return;
  }
  for (const Stmt *Child : S->children()) {
    const auto *E = dyn_cast_or_null<Expr>(Child);
    if (E && refersTo(E, Param) && isTestOperand(S, E))
      continue;
    scanUses(Child, Param, Uses);
  }
}

/// The integer type a parameter points to; null for any other parameter.
static QualType integerPointee(const ParmVarDecl *Param) {
  QualType T = Param->getType();
  if (!T->isPointerType())
    return {};
  QualType Pointee = T->getPointeeType();
  if (!Pointee->isIntegerType() || Pointee.isConstQualified() ||
      Pointee.isVolatileQualified())
    return {};
  return Pointee;
}

/// The definition the callee of \p Call runs (definitionThatRuns), when
/// its parameter \p Index points to an integer of type \p Pointee.
static const FunctionDecl *definitionFor(const CallExpr *Call, unsigned Index,
                                         QualType Pointee,
                                         const ASTContext &Ctx) {
  const FunctionDecl *Definition = definitionThatRuns(Call, Ctx);
  if (!Definition || Index >= Definition->getNumParams())
    return nullptr;
  QualType Expected = integerPointee(Definition->getParamDecl(Index));
  if (Expected.isNull() ||
      !Ctx.hasSameUnqualifiedType(Expected, Pointee.getUnqualifiedType()))
    return nullptr;
  return Definition;
}

/// The value a store writes, through the casts between integer types
/// (`*count = (uint32_t)n` stores n when n fits).
static const Expr *storedOperand(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *Cast = dyn_cast<CStyleCastExpr>(E)) {
    if (Cast->getCastKind() != CK_IntegralCast &&
        Cast->getCastKind() != CK_NoOp)
      break;
    E = Cast->getSubExpr()->IgnoreParenImpCasts();
  }
  return E;
}

/// Whether \p Param still holds what the caller passed at a point.
/// Whether \p Param still holds what the caller passed at a point: no
/// assignment reaches it, and nothing but its name can reach it (a C++
/// reference bound to it could change it unseen).
static bool unchanged(const PointFacts &Facts, const ParmVarDecl *Param,
                      const FunctionEffects &Effects) {
  const PointFacts::KeyState *S = Facts.state({Param, nullptr, nullptr});
  return S && !S->Escaped && S->Definitions.size() == 1 &&
         S->Definitions.front() == nullptr && !Effects.Escaped.count(Param);
}

/// The keys to follow at a point: what \p E reads, and every integer
/// parameter of \p Function.
static std::vector<ValueKey> keysFor(const Expr *E,
                                     const FunctionDecl *Function) {
  std::vector<ValueKey> Keys;
  collectKeys(E, Keys);
  for (const ParmVarDecl *Param : Function->parameters())
    if (Param->getType()->isIntegerType())
      Keys.push_back({Param, nullptr, nullptr});
  return Keys;
}

OutParameters::OutParameters(ASTContext &Ctx, const IntegerModel &Model,
                             bool AssertsAreGuards, CallSites *Callers)
    : Ctx(Ctx), Model(Model), AssertsAreGuards(AssertsAreGuards),
      Callers(Callers) {}

OutParameters::~OutParameters() = default;

const FunctionEffects &OutParameters::effectsOf(const FunctionDecl *Function) {
  std::unique_ptr<FunctionEffects> &Slot = Effects[Function];
  if (!Slot)
    Slot = std::make_unique<FunctionEffects>(Function);
  return *Slot;
}

GuardAnalysis &OutParameters::guardsOf(const FunctionDecl *Function) {
  std::unique_ptr<GuardAnalysis> &Slot = Guards[Function];
  if (!Slot)
    Slot = std::make_unique<GuardAnalysis>(Function, Ctx, Model,
                                           AssertsAreGuards, Callers, this);
  return *Slot;
}

const StoredValues *OutParameters::storedThrough(const CallExpr *Call,
                                                 unsigned Index) {
  if (Index >= Call->getNumArgs())
    return nullptr;
  QualType Arg = Call->getArg(Index)->IgnoreParens()->getType();
  if (!Arg->isPointerType())
    return nullptr;
  const FunctionDecl *Callee =
      definitionFor(Call, Index, Arg->getPointeeType(), Ctx);
  return Callee ? summarize(Callee, Index) : nullptr;
}

const StoredValues *OutParameters::summarize(const FunctionDecl *Function,
                                             unsigned Index) {
  std::pair<const FunctionDecl *, unsigned> Id{Function, Index};
  // A function already being summarized (recursion), or too deep a chain.
  // Such a failure depends on where the chain was entered: it is not kept,
  // nor is any summary that failed because of it.
  for (const auto &Open : InProgress)
    if (Open.first == Function) {
      ++CutOffs;
      return nullptr;
    }
  if (InProgress.size() >= MaxNesting) {
    ++CutOffs;
    return nullptr;
  }
  // Looked up only now, so that the answer at a depth does not depend on
  // which chain computed the summary first.
  if (auto It = Summaries.find(Id); It != Summaries.end())
    return It->second.get();
  unsigned CutOffsBefore = CutOffs;
  InProgress.insert(Id);
  auto Values = std::make_unique<StoredValues>();
  bool Known = summarizeInto(Function, Function->getParamDecl(Index), *Values);
  InProgress.erase(Id);
  if (!Known && CutOffs != CutOffsBefore)
    return nullptr;
  std::unique_ptr<StoredValues> &Slot = Summaries[Id];
  Slot = Known ? std::move(Values) : nullptr;
  return Slot.get();
}

/// The bounds `value * parameter <= K` that hold for the value a store
/// writes, from a guard like `if (MAX / width < n) fail; *p = n;`. They hold
/// when n is not negative and the store keeps it (the bound fits the
/// pointee, each parameter being at least 1 where the bound is used).
static llvm::SmallVector<StoredValue::Scaled, 1>
scalesOf(const Expr *Stored, const FunctionDecl *Function,
         const PointFacts &Facts, const FunctionEffects &Effects,
         const ValueRange &Pointee, const IntegerModel &Model) {
  llvm::SmallVector<StoredValue::Scaled, 1> Scales;
  const Expr *Operand = storedOperand(Stored);
  std::optional<ValueKey> Key = keyOf(Operand);
  if (!Key || RangeEvaluator(Model, &Facts).evaluate(Operand).Lo <
                  std::max<Wide>(0, Pointee.Lo))
    return Scales;
  for (unsigned I = 0; I < Function->getNumParams(); ++I) {
    const ParmVarDecl *Other = Function->getParamDecl(I);
    if (Other == Key->Var || !Other->getType()->isIntegerType() ||
        !unchanged(Facts, Other, Effects))
      continue;
    std::optional<Wide> Bound =
        Facts.productBound(*Key, {Other, nullptr, nullptr});
    if (Bound && *Bound <= Pointee.Hi)
      Scales.push_back({I, *Bound});
  }
  return Scales;
}

bool OutParameters::addStore(const FunctionDecl *Function,
                             const BinaryOperator *Store, QualType Pointee,
                             StoredValues &Out) {
  std::optional<PointFacts> Facts =
      guardsOf(Function).factsBefore(Store, keysFor(Store->getRHS(), Function));
  if (!Facts)
    return false;
  if (!Facts->Reached)
    return true; // dead code
  StoredValue Value;
  Value.Range = RangeEvaluator(Model, &*Facts).evaluate(Store->getRHS());
  Value.Scales = scalesOf(Store->getRHS(), Function, *Facts,
                          effectsOf(Function), Model.rangeOf(Pointee), Model);
  Out.push_back(std::move(Value));
  return true;
}

/// The index of \p Function's parameter \p Arg reads, when the argument is
/// that parameter as the function got it, in the parameter's own type.
static std::optional<unsigned> ownParameter(const Expr *Arg,
                                            const FunctionDecl *Function,
                                            const PointFacts &Facts,
                                            const FunctionEffects &Effects,
                                            const ASTContext &Ctx) {
  const auto *Ref = dyn_cast<DeclRefExpr>(stripWideningCasts(Arg, Ctx));
  const auto *Own = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Own || !Own->getType()->isIntegerType() ||
      !unchanged(Facts, Own, Effects) ||
      !Ctx.hasSameUnqualifiedType(Arg->getType(), Own->getType()))
    return std::nullopt;
  for (unsigned I = 0; I < Function->getNumParams(); ++I)
    if (Function->getParamDecl(I) == Own)
      return I;
  return std::nullopt;
}

bool OutParameters::addHandover(const FunctionDecl *Function,
                                const CallExpr *Call, unsigned Index,
                                QualType Pointee, StoredValues &Out) {
  const FunctionDecl *Callee = definitionFor(Call, Index, Pointee, Ctx);
  const StoredValues *Inner = Callee ? summarize(Callee, Index) : nullptr;
  if (!Inner)
    return false;
  std::optional<PointFacts> Facts =
      guardsOf(Function).factsBefore(Call, keysFor(Call, Function));
  if (!Facts)
    return false;
  if (!Facts->Reached)
    return true;
  for (const StoredValue &V : *Inner) {
    StoredValue Mapped{V.Range, {}};
    for (const StoredValue::Scaled &S : V.Scales) {
      // A call through a declaration without a prototype may pass fewer
      // arguments than the definition has parameters.
      if (S.Param >= Call->getNumArgs())
        continue;
      const Expr *Arg = Call->getArg(S.Param);
      // This function's own parameter, passed on: the bound is on the
      // product with it. Otherwise the argument's range applies here.
      if (std::optional<unsigned> Own =
              ownParameter(Arg, Function, *Facts, effectsOf(Function), Ctx)) {
        Mapped.Scales.push_back({*Own, S.Bound});
        continue;
      }
      ValueRange Factor = RangeEvaluator(Model, &*Facts).evaluate(Arg);
      if (Factor.Lo >= 1)
        Mapped.Range = Mapped.Range.meet({0, S.Bound / Factor.Lo});
    }
    Out.push_back(std::move(Mapped));
  }
  return true;
}

bool OutParameters::summarizeInto(const FunctionDecl *Function,
                                  const ParmVarDecl *Param, StoredValues &Out) {
  QualType Pointee = integerPointee(Param);
  if (Pointee.isNull())
    return false;
  PointerUses Uses;
  scanUses(Function->getBody(), Param, Uses);
  if (Uses.Other || Uses.Stores.size() + Uses.Handovers.size() > MaxUses ||
      guardsOf(Function).hasErrors())
    return false;
  // A parameter reachable other than by its name (a C++ reference bound to
  // it, its address taken) may change where the dataflow does not look.
  for (const ParmVarDecl *Other : Function->parameters())
    if (effectsOf(Function).Escaped.count(Other))
      return false;
  for (const BinaryOperator *Store : Uses.Stores)
    if (!addStore(Function, Store, Pointee, Out))
      return false;
  for (auto [Call, Index] : Uses.Handovers)
    if (!addHandover(Function, Call, Index, Pointee, Out))
      return false;
  if (Out.size() > MaxValues) {
    StoredValue All{Out.front().Range, {}};
    for (const StoredValue &V : Out)
      All.Range = All.Range.join(V.Range);
    Out.assign(1, All);
  }
  return true;
}

std::optional<ValueRange> OutParameters::storedRange(const CallExpr *Call,
                                                     unsigned Index,
                                                     const ValueFacts *Facts) {
  const StoredValues *Values = storedThrough(Call, Index);
  if (!Values || Values->empty())
    return std::nullopt;
  std::optional<ValueRange> All;
  for (const StoredValue &V : *Values) {
    ValueRange R = V.Range;
    for (const StoredValue::Scaled &S : V.Scales) {
      if (S.Param >= Call->getNumArgs())
        continue;
      ValueRange Factor =
          RangeEvaluator(Model, Facts).evaluate(Call->getArg(S.Param));
      if (Factor.Lo >= 1)
        R = R.meet({0, S.Bound / Factor.Lo});
    }
    All = All ? All->join(R) : R;
  }
  return All;
}

//===----------------------------------------------------------------------===//
// Functions that test a product of their parameters
//===----------------------------------------------------------------------===//

std::optional<CheckedPair> OutParameters::checkedPair(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Call->getNumArgs() != Callee->getNumParams())
    return std::nullopt;
  if (const FunctionDecl *Definition = definitionThatRuns(Call, Ctx))
    return checkedPairOf(Definition);
  // Defined in another unit: what the program's facts say of it.
  if (Callee->hasBody() || !Program)
    return std::nullopt;
  const FunctionSummary *F = Program->function(Callee);
  if (!F || !F->ProductOf || F->ProductOf->first >= Callee->getNumParams() ||
      F->ProductOf->second >= Callee->getNumParams())
    return std::nullopt;
  return CheckedPair{F->ProductOf->first, F->ProductOf->second,
                     F->ProductBound, true};
}

bool OutParameters::neverReturns(const CallExpr *Call) {
  if (calloc::neverReturns(Call, Ctx))
    return true;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || Callee->hasBody() || !Program)
    return false;
  const FunctionSummary *F = Program->function(Callee);
  return F && F->NoReturn;
}

std::optional<CheckedPair>
OutParameters::checkedPairOf(const FunctionDecl *Definition) {
  if (Definition->isVariadic() || isa<CXXMethodDecl>(Definition) ||
      !Definition->hasBody())
    return std::nullopt;
  auto [It, Inserted] = Pairs.try_emplace(Definition);
  if (Inserted) // an entry first, so that a recursive call finds none
    It->second = computeCheckedPair(Definition);
  return Pairs.find(Definition)->second;
}

/// Whether \p Body is short and compares something, or calls a builtin
/// (`__builtin_mul_overflow`): a function that tests a product is. Others
/// are not read with the dataflow, which in a long function costs more
/// than a finding it could remove.
static bool mayTestProduct(const Stmt *Body) {
  constexpr unsigned MaxStatements = 256;
  unsigned Count = 0;
  bool Tests = false;
  llvm::SmallVector<const Stmt *, 32> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (++Count > MaxStatements)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      Tests |= BO->isRelationalOp() || BO->isEqualityOp();
    else if (const auto *Call = dyn_cast<CallExpr>(S))
      Tests |= Call->getBuiltinCallee() != 0;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return Tests;
}

/// Whether \p Facts bound the product of \p A and \p B: by a fact on it, or
/// because one of them is 0.
static std::optional<Wide> productBoundIn(const PointFacts &Facts,
                                          const ValueKey &A,
                                          const ValueKey &B) {
  std::optional<Wide> Bound = Facts.productBound(A, B);
  for (const ValueKey &K : {A, B})
    if (const PointFacts::KeyState *KS = Facts.state(K);
        KS && KS->Range.Lo == 0 && KS->Range.Hi == 0)
      Bound = 0;
  return Bound;
}

/// The first pair of integer parameters, only read in the body, whose
/// product a guard bounds wherever the function returns (the paths through
/// a call that never returns end there), or else at every return of a
/// value other than 0; the bound is the largest over those returns.
std::optional<CheckedPair>
OutParameters::computeCheckedPair(const FunctionDecl *Function) {
  const Stmt *Body = Function->getBody();
  llvm::SmallVector<unsigned, 4> Params;
  for (unsigned I = 0; I < Function->getNumParams(); ++I) {
    const ParmVarDecl *P = Function->getParamDecl(I);
    if (P->getType()->isIntegerType() && isOnlyRead(P, Body))
      Params.push_back(I);
  }
  if (Params.size() < 2 || Params.size() > 4 || !mayTestProduct(Body))
    return std::nullopt;
  llvm::SmallVector<const ReturnStmt *, 8> Returns;
  collectReturns(Body, Returns);
  GuardAnalysis &Guards = guardsOf(Function);
  if (Guards.hasErrors())
    return std::nullopt;
  for (size_t I = 0; I < Params.size(); ++I)
    for (size_t J = I + 1; J < Params.size(); ++J) {
      ValueKey A{Function->getParamDecl(Params[I]), nullptr, nullptr};
      ValueKey B{Function->getParamDecl(Params[J]), nullptr, nullptr};
      if (std::optional<PointFacts> AtReturn = Guards.factsAtReturn({A, B});
          AtReturn && AtReturn->Reached)
        if (std::optional<Wide> Bound = productBoundIn(*AtReturn, A, B))
          return CheckedPair{Params[I], Params[J], *Bound, true};
      if (!Function->getReturnType()->isIntegralOrEnumerationType())
        continue;
      std::optional<Wide> Bound;
      bool Holds = true, Nonzero = false;
      for (const ReturnStmt *Ret : Returns) {
        const Expr *Value = Ret->getRetValue();
        if (!Value) {
          Holds = false;
          break;
        }
        if (std::optional<llvm::APSInt> C = constantValue(Value, Ctx);
            C && *C == 0)
          continue;
        std::optional<PointFacts> Facts = Guards.factsBefore(Ret, {A, B});
        if (!Facts) {
          Holds = false;
          break;
        }
        if (!Facts->Reached)
          continue;
        Guards.assumeTrue(*Facts, Value);
        Nonzero = true;
        std::optional<Wide> Here = productBoundIn(*Facts, A, B);
        if (!Here) {
          Holds = false;
          break;
        }
        Bound = Bound ? std::max(*Bound, *Here) : *Here;
      }
      if (Holds && Nonzero && Bound)
        return CheckedPair{Params[I], Params[J], *Bound};
    }
  return std::nullopt;
}

} // namespace clang::tidy::calloc
