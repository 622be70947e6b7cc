//===--- WrappingProducts.cpp ---------------------------------------------===//

#include "analysis/WrappingProducts.h"
#include "analysis/expressions/SizeExpressions.h"
#include "support/StatementOperands.h"

namespace clang::tidy::calloc {

/// A doubled value plus this much at most still wraps to below the value
/// itself, for any value a buffer can already have.
constexpr Wide SmallIncrement = Wide(1) << 32;

static bool containsProduct(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && (BO->getOpcode() == BO_Mul || BO->getOpcode() == BO_MulAssign))
    return true;
  return llvm::any_of(S->children(), containsProduct);
}

/// The locals and the fields \p Body assigns a product (or multiplies in
/// place); in \p Wrapping, those of them given a value \p CanWrap holds
/// for, or multiplied in place.
static void
collectHolders(const Stmt *Body, llvm::SmallPtrSetImpl<const VarDecl *> &Locals,
               llvm::SmallPtrSetImpl<const FieldDecl *> &Fields,
               llvm::SmallPtrSetImpl<const ValueDecl *> &Wrapping,
               llvm::SmallPtrSetImpl<const ValueDecl *> &Widened,
               llvm::SmallVectorImpl<std::pair<const ValueDecl *, const Expr *>>
                   &Values,
               llvm::function_ref<bool(const Expr *, QualType)> CanWrap,
               llvm::function_ref<bool(const Expr *, QualType)> Widens) {
  llvm::SmallVector<const Stmt *, 64> Work;
  if (Body)
    Work.push_back(Body);
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && containsProduct(VD->getInit())) {
          Locals.insert(VD);
          if (CanWrap(VD->getInit(), VD->getType()))
            Wrapping.insert(VD);
          Values.push_back({VD, VD->getInit()});
          if (Widens(VD->getInit(), VD->getType()))
            Widened.insert(VD);
        }
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S);
               BO && BO->isAssignmentOp() &&
               (BO->getOpcode() == BO_MulAssign ||
                containsProduct(BO->getRHS()))) {
      const Expr *Target = BO->getLHS()->IgnoreParenImpCasts();
      const ValueDecl *Holder = nullptr;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Target)) {
        if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
          Locals.insert(VD), Holder = VD;
      } else if (const auto *ME = dyn_cast<MemberExpr>(Target)) {
        if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          Fields.insert(FD), Holder = FD;
      }
      if (Holder && (BO->getOpcode() != BO_Assign ||
                     CanWrap(BO->getRHS(), Holder->getType())))
        Wrapping.insert(Holder);
      if (Holder)
        Values.push_back({Holder, BO->getRHS()});
      if (Holder && BO->getOpcode() == BO_Assign &&
          Widens(BO->getRHS(), Holder->getType()))
        Widened.insert(Holder);
    }
    pushOwnParts(S, Work);
  }
}

GuardAnalysis &FunctionAnalyses::guards() {
  if (!Guards)
    Guards = std::make_unique<GuardAnalysis>(Function, Ctx, Model,
                                             AssertsAreGuards, Callers, Outs);
  return *Guards;
}

static bool mayWrap(const Expr *E, const IntegerModel &Model);
static const BinaryOperator *truncatedProduct(const Expr *Value,
                                              QualType Store,
                                              const PointFacts *Facts,
                                              const IntegerModel &Model);

void FunctionAnalyses::collectHoldersOnce() {
  if (Holders)
    return;
  Holders.emplace();
  FieldHolders.emplace();
  WrappingHolders.emplace();
  WidenedHolders.emplace();
  // The test findSizeOrigin puts to the value that reaches the call, put
  // to every value first: a local none of whose products can wrap by their
  // types needs no dataflow to find which of them reaches it.
  llvm::SmallVector<std::pair<const ValueDecl *, const Expr *>, 8> Values;
  collectHolders(
      Function->getBody(), *Holders, *FieldHolders, *WrappingHolders,
      *WidenedHolders, Values,
      [&](const Expr *Value, QualType Holder) {
        return mayWrap(Value, Model) ||
               truncatedProduct(Value, Holder, nullptr, Model);
      },
      [&](const Expr *Value, QualType Holder) {
        const auto *Cast = dyn_cast<ImplicitCastExpr>(Value->IgnoreParens());
        return Cast && Cast->getCastKind() == CK_IntegralCast &&
               Holder->isIntegerType() &&
               Model.width(Cast->getSubExpr()->getType()) <
                   Model.width(Holder) &&
               mayWrap(Cast->getSubExpr(), Model);
      });
  // A value whose own products fit may still read a local that holds a
  // narrow product (`len = dstn + extra * 2;`): findSizeOrigin follows it
  // there.
  NarrowReaders.emplace();
  for (const auto &[Holder, Value] : Values)
    if (readsNarrowProduct(Value)) {
      WrappingHolders->insert(Holder);
      NarrowReaders->insert(Holder);
    }
}

bool FunctionAnalyses::readsNarrowProduct(const Expr *Value) {
  collectHoldersOnce();
  // Code that did not compile has no width to compare (clang 16 asks the
  // layout of an incomplete record for it).
  if (!Value || Value->containsErrors() ||
      !Value->getType()->isIntegerType())
    return false;
  unsigned Width = Model.width(Value->getType());
  llvm::SmallVector<const Stmt *, 16> Work{Value};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<CallExpr>(S))
      continue;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
          Var && Var->hasLocalStorage() && Var->getType()->isIntegerType() &&
          (WidenedHolders->count(Var) ||
           (WrappingHolders->count(Var) &&
            Model.width(Var->getType()) < Width)))
        return true;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

bool FunctionAnalyses::mayReadNarrowProduct(const SizeCandidate &Candidate) {
  collectHoldersOnce();
  if (const ValueDecl *Holder =
          Candidate.Through ? static_cast<const ValueDecl *>(Candidate.Through)
                            : Candidate.ThroughField)
    return NarrowReaders->count(Holder);
  return readsNarrowProduct(Candidate.SizeArg);
}

bool FunctionAnalyses::holdsWidenedProduct(const VarDecl *Var) {
  collectHoldersOnce();
  return WidenedHolders->count(Var);
}

bool FunctionAnalyses::holdsProduct(const ValueDecl *D, bool EveryProduct) {
  collectHoldersOnce();
  if (!EveryProduct)
    return WrappingHolders->count(D);
  if (const auto *Var = dyn_cast<VarDecl>(D))
    return Holders->count(Var);
  const auto *Field = dyn_cast<FieldDecl>(D);
  return Field && FieldHolders->count(Field);
}

/// Whether evaluating \p E (without facts) finds a multiplication that can
/// wrap: nothing else needs a closer look.
static bool mayWrap(const Expr *E, const IntegerModel &Model) {
  RangeEvaluator Plain(Model, nullptr);
  Plain.evaluate(E);
  return !Plain.wrapping().empty();
}

/// The multiplications in the arithmetic of \p E (not inside calls), the
/// outer ones first.
static void
collectProducts(const Expr *E,
                llvm::SmallVectorImpl<const BinaryOperator *> &Out) {
  E = E->IgnoreParenCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Mul)
      Out.push_back(BO);
    collectProducts(BO->getLHS(), Out);
    collectProducts(BO->getRHS(), Out);
  } else if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    collectProducts(CO->getTrueExpr(), Out);
    collectProducts(CO->getFalseExpr(), Out);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    collectProducts(UO->getSubExpr(), Out);
  }
}

/// A product that multiplies a value, not only constants, and not by 1.
static bool multipliesValue(const BinaryOperator *Mul, const ASTContext &Ctx) {
  bool ConstL = isConstantFactor(Mul->getLHS(), Ctx);
  bool ConstR = isConstantFactor(Mul->getRHS(), Ctx);
  if (ConstL == ConstR)
    return !ConstL;
  std::optional<llvm::APSInt> C =
      constantValue(ConstL ? Mul->getLHS() : Mul->getRHS(), Ctx);
  return !C || *C != 1;
}

static bool hasValueProduct(const Expr *E, const ASTContext &Ctx) {
  llvm::SmallVector<const BinaryOperator *, 4> Products;
  collectProducts(E, Products);
  return llvm::any_of(Products, [&](const BinaryOperator *Mul) {
    return multipliesValue(Mul, Ctx);
  });
}

/// The local a size argument reads, when the check follows it back to its
/// definition: an integer local of this function, not volatile, read as it
/// is or through a cast that keeps its width (`(size_t)total`).
static const VarDecl *sizeVariable(const Expr *SizeArg, const ASTContext &Ctx) {
  const auto *Ref = dyn_cast<DeclRefExpr>(stripWideningCasts(SizeArg, Ctx));
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (Var && Var->hasLocalStorage() && Var->getType()->isIntegerType() &&
      !Var->getType().isVolatileQualified())
    return Var;
  return nullptr;
}

/// The field of a local or a parameter that \p SizeArg only reads
/// (`bitmap->length`, `ctx.size`), and its key.
static std::optional<std::pair<const FieldDecl *, ValueKey>>
sizeField(const Expr *SizeArg, const ASTContext &Ctx) {
  const auto *ME = dyn_cast<MemberExpr>(
      stripWideningCasts(SizeArg, Ctx)->IgnoreParenImpCasts());
  const auto *Field = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  std::optional<ValueKey> Key = ME ? keyOf(ME) : std::nullopt;
  const auto *Base = Key ? dyn_cast_or_null<VarDecl>(Key->Var) : nullptr;
  if (!Field || !Base || !Base->hasLocalStorage() ||
      !Field->getType()->isIntegerType() ||
      Field->getType().isVolatileQualified())
    return std::nullopt;
  return std::make_pair(Field, *Key);
}

/// The first product of a value in \p Value (the outer ones first) that
/// can pass what \p Store holds, when \p Value, computed wider, is
/// stored in a variable of type \p Store and can pass it too: the store
/// truncates the product (`UINT16 count = number * 2;`, `int size = hdr +
/// n * 42;` in size_t).
static const BinaryOperator *truncatedProduct(const Expr *Value,
                                              QualType Store,
                                              const PointFacts *Facts,
                                              const IntegerModel &Model) {
  const ASTContext &Ctx = Model.context();
  // The stored value before the conversion that stores it.
  Value = Value->IgnoreParenImpCasts();
  if (!Store->isIntegerType() || !Value->getType()->isIntegerType() ||
      Model.width(Store) >= Model.width(Value->getType()))
    return nullptr;
  const ValueFacts *Known = Facts && Facts->Reached ? Facts : nullptr;
  Wide Max = Model.rangeOf(Store).Hi;
  if (RangeEvaluator(Model, Known).evaluate(Value).Hi <= Max)
    return nullptr;
  llvm::SmallVector<const BinaryOperator *, 4> Products;
  collectProducts(Value, Products);
  for (const BinaryOperator *Mul : Products)
    if (multipliesValue(Mul, Ctx) &&
        RangeEvaluator(Model, Known).evaluate(Mul).Hi > Max)
      return Mul;
  return nullptr;
}

/// How many increments of a holder are stepped over to the product it
/// was given before them.
static constexpr int MaxIncrementSteps = 4;

/// The origin of a size held by \p Holder (a local, or a field of a local
/// or a parameter, keyed \p HolderKey): its one reaching definition, and the
/// facts where it is computed and at the call.
static std::optional<SizeOrigin>
originThrough(const ValueDecl *Holder, const ValueKey &HolderKey,
              const CallExpr *Call, FunctionAnalyses &Function,
              const IntegerModel &Model, bool EveryProduct) {
  GuardAnalysis &Guards = Function.guards();
  const auto *Var = dyn_cast<VarDecl>(Holder);
  auto DefinitionAt = [&](const Stmt *At) {
    return Var && !HolderKey.isPart() ? Guards.reachingDefinition(Var, At)
                                      : Guards.reachingDefinition(HolderKey, At);
  };
  const Expr *Def = DefinitionAt(Call);
  // `++n` (`n++`, `--n`) moves the value n held by one: a product stored
  // before it that wrapped is still wrapped (zbar's `lines->clines *= 2;`
  // then `++lines->clines * size`).
  const Expr *MovedBy = nullptr;
  for (int Steps = 0; Def && Steps < MaxIncrementSteps; ++Steps) {
    const auto *Step = dyn_cast<UnaryOperator>(Def->IgnoreParens());
    if (!Step || !Step->isIncrementDecrementOp() ||
        keyOf(Step->getSubExpr()) != HolderKey)
      break;
    MovedBy = MovedBy ? MovedBy : Step;
    Def = DefinitionAt(Step);
  }
  if (!Def ||
      !(mayWrap(Def, Model) ||
        truncatedProduct(Def, Holder->getType(), nullptr, Model) ||
        (EveryProduct && hasValueProduct(Def, Model.context())) ||
        Function.readsNarrowProduct(Def)))
    return std::nullopt;
  std::vector<ValueKey> Keys;
  collectKeys(Def, Keys);
  // `s = s * 2` (or `s *= 2`): at the call, s no longer holds the operand
  // the product read.
  bool ReadsItself = llvm::is_contained(Keys, HolderKey);
  if (!ReadsItself)
    Keys.insert(Keys.begin(), HolderKey);
  SizeOrigin Origin;
  Origin.Value = Def;
  Origin.Through = Holder;
  Origin.Holder = HolderKey;
  Origin.AtCall = Guards.factsBefore(Call, Keys);
  Origin.AtValue = Guards.factsBefore(Def, Keys);
  if (ReadsItself)
    Origin.FactorsUnchanged = false;
  // Moved since: judged where the product was computed.
  if (MovedBy) {
    Origin.MovedBy = MovedBy;
    Origin.FactorsUnchanged = false;
  }
  if (!Origin.AtCall || !Origin.AtValue) {
    Origin.FactorsUnchanged = false;
    return Origin;
  }
  for (const ValueKey &K : Keys) {
    if (K == HolderKey)
      continue;
    const PointFacts::KeyState *A = Origin.AtCall->state(K);
    const PointFacts::KeyState *B = Origin.AtValue->state(K);
    if (!A || !B || A->Escaped || A->Definitions != B->Definitions)
      Origin.FactorsUnchanged = false;
  }
  return Origin;
}

static std::optional<SizeOrigin>
originThrough(const VarDecl *Var, const CallExpr *Call,
              FunctionAnalyses &Function, const IntegerModel &Model,
              bool EveryProduct) {
  return originThrough(Var, ValueKey{Var, nullptr, nullptr}, Call, Function,
                       Model, EveryProduct);
}

/// The multiplications of \p Value that wrap given \p Facts.
/// The division in \p Cond (a conjunct `P / a == b`, or `b == P / a`) that
/// shows, where \p Cond is true, that a product P of a and b did not wrap:
/// `m != 0 && (v * m) / m == v`, libtiff's TIFFSafeMultiply. Null if none.
static const BinaryOperator *divisionCheck(const Expr *Cond,
                                           const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO)
    return nullptr;
  if (BO->getOpcode() == BO_LAnd) {
    if (const BinaryOperator *Found = divisionCheck(BO->getLHS(), Ctx))
      return Found;
    return divisionCheck(BO->getRHS(), Ctx);
  }
  if (BO->getOpcode() != BO_EQ)
    return nullptr;
  for (auto [Quotient, Other] : {std::pair(BO->getLHS(), BO->getRHS()),
                                 std::pair(BO->getRHS(), BO->getLHS())}) {
    const auto *Div = dyn_cast<BinaryOperator>(Quotient->IgnoreParenCasts());
    const auto *Mul =
        Div && Div->getOpcode() == BO_Div
            ? dyn_cast<BinaryOperator>(Div->getLHS()->IgnoreParenCasts())
            : nullptr;
    if (!Mul || Mul->getOpcode() != BO_Mul)
      continue;
    const Expr *A = Mul->getLHS(), *B = Mul->getRHS(), *By = Div->getRHS();
    if ((sameValue(By, A, Ctx) && sameValue(Other, B, Ctx)) ||
        (sameValue(By, B, Ctx) && sameValue(Other, A, Ctx)))
      return Mul;
  }
  return nullptr;
}

/// Whether \p Product, in \p Value, is checked by a conditional around it:
/// it is the product a division in the condition checks, or the same
/// product in the branch that runs when the check passes.
static bool guardedInValue(const Expr *Value, const BinaryOperator *Product,
                           const ASTContext &Ctx) {
  const Expr *E = Value->IgnoreParenCasts();
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    if (const BinaryOperator *Checked = divisionCheck(CO->getCond(), Ctx)) {
      if (Product == Checked)
        return true;
      if (sameValue(Product, Checked, Ctx) &&
          anyStatement(CO->getTrueExpr(),
                       [&](const Stmt *S) { return S == Product; }))
        return true;
    }
    return guardedInValue(CO->getTrueExpr(), Product, Ctx) ||
           guardedInValue(CO->getFalseExpr(), Product, Ctx);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return guardedInValue(BO->getLHS(), Product, Ctx) ||
           guardedInValue(BO->getRHS(), Product, Ctx);
  return false;
}

static llvm::SmallVector<const BinaryOperator *, 2>
wrappingIn(const Expr *Value, const PointFacts *Facts,
           const IntegerModel &Model) {
  RangeEvaluator Evaluator(Model, Facts && Facts->Reached ? Facts : nullptr);
  Evaluator.evaluate(Value);
  llvm::SmallVector<const BinaryOperator *, 2> Out;
  for (const BinaryOperator *P : Evaluator.wrapping())
    if (!guardedInValue(Value, P, Model.context()))
      Out.push_back(P);
  return Out;
}

/// The multiplications of \p Origin's value that wrap, and in
/// \p JudgedWith the facts that decided it; \p Stored is set when the one
/// found wraps only as the variable holding it truncates it.
static llvm::SmallVector<const BinaryOperator *, 2>
wrappingOf(const SizeOrigin &Origin, const IntegerModel &Model,
           const PointFacts **JudgedWith = nullptr, bool *Stored = nullptr) {
  bool Truncated = false;
  auto At = [&](const PointFacts *Facts) {
    llvm::SmallVector<const BinaryOperator *, 2> Wrapping =
        wrappingIn(Origin.Value, Facts, Model);
    Truncated = false;
    if (Wrapping.empty() && Origin.Through)
      if (const BinaryOperator *Mul = truncatedProduct(
              Origin.Value, Origin.Through->getType(), Facts, Model)) {
        Wrapping.push_back(Mul);
        Truncated = true;
      }
    return Wrapping;
  };
  // Judged where the product is computed; for a stored size whose operands
  // did not change on the way, also at the allocation.
  const std::optional<PointFacts> &Judged =
      Origin.Through ? Origin.AtValue : Origin.AtCall;
  const PointFacts *Facts = Judged ? &*Judged : nullptr;
  llvm::SmallVector<const BinaryOperator *, 2> Wrapping = At(Facts);
  bool TruncatedWhereComputed = Truncated;
  if (!Wrapping.empty() && Origin.Through && Origin.FactorsUnchanged) {
    Facts = Origin.AtCall ? &*Origin.AtCall : nullptr;
    if (At(Facts).empty())
      Wrapping.clear();
  }
  if (JudgedWith)
    *JudgedWith = Facts;
  if (Stored)
    *Stored = !Wrapping.empty() && TruncatedWhereComputed;
  return Wrapping;
}

/// A local narrower than \p SizeType that \p E, the size, reads as a factor
/// or an addend (`(size_t)n * sizeof(T)`, `n + 1`) and that the function
/// assigns a product: a wrap of that product is already in the local when
/// the size widens it. The first such local, in source order.
static std::optional<SizeCandidate> narrowPart(const Expr *E,
                                               QualType SizeType,
                                               FunctionAnalyses &Function,
                                               const IntegerModel &Model,
                                               bool EveryProduct) {
  const ASTContext &Ctx = Model.context();
  if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
      BO && (BO->getOpcode() == BO_Mul || BO->getOpcode() == BO_Add)) {
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
      if (auto Part = narrowPart(Side, SizeType, Function, Model, EveryProduct))
        return Part;
    return std::nullopt;
  }
  // `++lines->clines * sizeof(T)` reads the value the field held, plus
  // one: a product stored there before (`lines->clines *= 2;` in int,
  // zbar's finder lines) wrapped before the increment.
  if (const auto *Step = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
      Step && Step->isPrefix() && Step->isIncrementDecrementOp())
    E = Step->getSubExpr();
  unsigned SizeBits = Model.width(SizeType);
  SizeCandidate Part;
  Part.Part = true;
  // Also a local as wide as the size that was given a narrow product,
  // widened as it was stored: the wrap happened before the widening.
  if (const VarDecl *Var = sizeVariable(E, Ctx);
      Var && ((Model.width(Var->getType()) < SizeBits &&
               Function.holdsProduct(Var, EveryProduct)) ||
              Function.holdsWidenedProduct(Var))) {
    Part.Through = Var;
    return Part;
  }
  // A narrow field the function assigns a product (libvorbis's
  // `v->pcm_storage = v->pcm_current + vals * 2;` in int, read as a factor).
  if (auto Field = sizeField(E, Ctx);
      Field && Model.width(Field->first->getType()) < SizeBits &&
      Function.holdsProduct(Field->first, EveryProduct)) {
    Part.ThroughField = Field->first;
    Part.FieldKey = Field->second;
    Part.FieldRead = E;
    return Part;
  }
  return std::nullopt;
}

std::optional<SizeCandidate> sizeCandidate(const Expr *SizeArg,
                                           QualType SizeType,
                                           FunctionAnalyses &Function,
                                           const IntegerModel &Model,
                                           bool EveryProduct) {
  // A local that is never assigned a product needs no further look.
  if (const VarDecl *Var = sizeVariable(SizeArg, Model.context()))
    return Function.holdsProduct(Var, EveryProduct)
               ? std::optional(SizeCandidate{SizeArg, Var})
               : std::nullopt;
  // A field the function assigns a product: followed like a local.
  if (auto Field = sizeField(SizeArg, Model.context());
      Field && Function.holdsProduct(Field->first, EveryProduct)) {
    SizeCandidate Candidate{SizeArg, nullptr};
    Candidate.ThroughField = Field->first;
    Candidate.FieldKey = Field->second;
    return Candidate;
  }
  // A multiplication in the size itself that can wrap is judged first; a
  // narrow local it reads comes next. With EveryProduct, a size whose
  // products all fit is judged for its own product when the local's
  // product cannot wrap (findSizeOrigin).
  if (mayWrap(SizeArg, Model))
    return SizeCandidate{SizeArg, nullptr};
  if (std::optional<SizeCandidate> Part =
          narrowPart(SizeArg, SizeType, Function, Model, EveryProduct)) {
    Part->SizeArg = SizeArg;
    return Part;
  }
  if (EveryProduct && hasValueProduct(SizeArg, Model.context()))
    return SizeCandidate{SizeArg, nullptr};
  return std::nullopt;
}

/// The origin of \p SizeArg itself, with the facts at the call.
static SizeOrigin originAtCall(const Expr *SizeArg, const CallExpr *Call,
                               GuardAnalysis &Guards) {
  SizeOrigin Origin;
  Origin.Value = SizeArg;
  std::vector<ValueKey> Keys;
  collectKeys(SizeArg, Keys);
  // `realloc(p, n *= 2)`: what holds of n before it is doubled, not after.
  const auto *Stores = dyn_cast<BinaryOperator>(SizeArg->IgnoreParenImpCasts());
  bool Doubles = Stores && Stores->getOpcode() == BO_MulAssign;
  Origin.AtCall = Doubles ? Guards.factsBefore(Stores, Keys) : std::nullopt;
  if (!Origin.AtCall)
    Origin.AtCall = Guards.factsBefore(Call, Keys);
  return Origin;
}

std::optional<SizeOrigin> ownProductOrigin(const CallExpr *Call,
                                           const SizeCandidate &Candidate,
                                           FunctionAnalyses &Function,
                                           const IntegerModel &Model) {
  GuardAnalysis &Guards = Function.guards();
  if (Guards.hasErrors() || !Candidate.Part ||
      !hasValueProduct(Candidate.SizeArg, Model.context()))
    return std::nullopt;
  SizeOrigin Origin = originAtCall(Candidate.SizeArg, Call, Guards);
  if (Origin.AtCall && !Origin.AtCall->Reached)
    return std::nullopt;
  return Origin;
}

/// The origin of a local that \p Origin's value reads as a factor or an
/// addend and that holds a narrow product that wraps (narrower than the
/// value, or widened as it was stored).
static std::optional<SizeOrigin>
narrowPartOrigin(const SizeOrigin &Origin, const Expr *SizeArg,
                 const CallExpr *Call, FunctionAnalyses &Function,
                 const IntegerModel &Model) {
  QualType Type = Origin.Value->getType();
  if (!Type->isIntegerType())
    return std::nullopt;
  std::optional<SizeCandidate> Part = narrowPart(
      Origin.Value, Type, Function, Model, /*EveryProduct=*/false);
  if (!Part || !Part->Through)
    return std::nullopt;
  std::optional<SizeOrigin> Inner = originThrough(
      Part->Through, Call, Function, Model, /*EveryProduct=*/false);
  if (!Inner || isVerifiedAfterTheFact(*Inner, Model) ||
      wrappingOf(*Inner, Model).empty() ||
      (Inner->AtCall && !Inner->AtCall->Reached))
    return std::nullopt;
  Inner->Whole = SizeArg;
  return Inner;
}

std::optional<SizeOrigin> findSizeOrigin(const CallExpr *Call,
                                         const SizeCandidate &Candidate,
                                         FunctionAnalyses &Function,
                                         const IntegerModel &Model,
                                         bool EveryProduct) {
  const Expr *SizeArg = Candidate.SizeArg;
  const VarDecl *Var = Candidate.Through;
  GuardAnalysis &Guards = Function.guards();
  if (Guards.hasErrors())
    return std::nullopt;
  std::optional<SizeOrigin> Origin;
  if ((Var || Candidate.ThroughField) && Candidate.Part) {
    // The local's product when it can wrap; otherwise, with EveryProduct,
    // the size's own product, which the array form can take.
    Origin = Var ? originThrough(Var, Call, Function, Model, /*EveryProduct=*/false)
                 : originThrough(Candidate.ThroughField, Candidate.FieldKey,
                                 Call, Function, Model, /*EveryProduct=*/false);
    if (Origin && !Var)
      Origin->ThroughRead = Candidate.FieldRead;
    if (Origin && (isVerifiedAfterTheFact(*Origin, Model) ||
                   wrappingOf(*Origin, Model).empty()))
      Origin.reset();
    if (Origin)
      Origin->Whole = SizeArg;
    else if (EveryProduct)
      return ownProductOrigin(Call, Candidate, Function, Model);
  } else if (Var) {
    Origin = originThrough(Var, Call, Function, Model, EveryProduct);
  } else if (Candidate.ThroughField) {
    Origin = originThrough(Candidate.ThroughField, Candidate.FieldKey, Call,
                           Function, Model, EveryProduct);
    if (Origin)
      Origin->ThroughRead = SizeArg;
  } else {
    Origin = originAtCall(SizeArg, Call, Guards);
  }
  // Code the CFG proves dead in this configuration (under a condition that
  // folds to false, such as __builtin_constant_p of a variable) runs never.
  if (Origin && Origin->AtCall && !Origin->AtCall->Reached)
    return std::nullopt;
  // A size that does not wrap in its own type may still read a local that
  // holds a narrow product (`dstn = w * h;` in unsigned, kept in an
  // unsigned or an unsigned long, then `len = dstn * bpp;` in unsigned
  // long): that product wrapped before the size was computed.
  // It is the wrap to report when the size's own products wrap only wide
  // (as `n * 4` does for any n of 64 bits, a wrap that needs an input).
  if (Origin && !Candidate.Part &&
      llvm::none_of(wrappingOf(*Origin, Model),
                    [&](const BinaryOperator *Mul) {
                      return Model.width(Mul->getType()) <
                             Model.width(Origin->Value->getType());
                    }))
    if (std::optional<SizeOrigin> Widened =
            narrowPartOrigin(*Origin, SizeArg, Call, Function, Model))
      return Widened;
  return Origin;
}

/// For `x * 2`, `2 * x` or `x * 2 + small`: x. Doubling is the one growth
/// whose wrap a later `if (r < x)` detects: a wrapped 2x (+ a small
/// increment) is below x, for any x a buffer can already have.
static std::optional<ValueKey> doubled(const Expr *E, const IntegerModel &Model,
                                       const ValueFacts *Facts) {
  const ASTContext &Ctx = Model.context();
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO)
    return std::nullopt;
  for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
    const Expr *Other = Side == BO->getLHS() ? BO->getRHS() : BO->getLHS();
    if (BO->getOpcode() == BO_Add) {
      RangeEvaluator Evaluator(Model, Facts);
      ValueRange Small = Evaluator.evaluate(Other);
      const auto *Inner = dyn_cast<BinaryOperator>(Side->IgnoreParenImpCasts());
      if (Small.Lo >= 0 && Small.Hi <= SmallIncrement && Inner &&
          Inner->getOpcode() == BO_Mul)
        if (std::optional<ValueKey> X = doubled(Side, Model, Facts))
          return X;
    } else if (BO->getOpcode() == BO_Mul) {
      std::optional<llvm::APSInt> Two = constantValue(Side, Ctx);
      if (Two && *Two == 2)
        return keyOfOperand(Other, Ctx);
    }
  }
  return std::nullopt;
}

bool isVerifiedAfterTheFact(const SizeOrigin &Origin,
                            const IntegerModel &Model) {
  if (!Origin.Through || !Origin.AtCall || !Origin.AtCall->Reached)
    return false;
  const ASTContext &Ctx = Model.context();
  const PointFacts &AtCall = *Origin.AtCall;
  const ValueKey &Holder = Origin.Holder;
  // `if (len / n != size) fail;` between the product and the allocation.
  if (const auto *Mul =
          dyn_cast<BinaryOperator>(Origin.Value->IgnoreParenImpCasts());
      Mul && Mul->getOpcode() == BO_Mul) {
    std::optional<ValueKey> A = keyOfOperand(Mul->getLHS(), Ctx);
    std::optional<ValueKey> B = keyOfOperand(Mul->getRHS(), Ctx);
    if (A && B && AtCall.verifiedProduct(Holder, *A, *B))
      return true;
    // One operand a constant: `len = n * sizeof(T); if (len / n != sizeof(T))`.
    if (A.has_value() != B.has_value()) {
      std::optional<llvm::APSInt> C =
          constantValue(A ? Mul->getRHS() : Mul->getLHS(), Ctx);
      if (C && C->getActiveBits() <= 64 &&
          AtCall.verifiedScaled(Holder, A ? *A : *B, Wide(C->getZExtValue())))
        return true;
    }
  }
  // Two values and a constant: `len = a * b * C; if ((len / b) / C != a)`.
  if (const auto *Mul =
          dyn_cast<BinaryOperator>(Origin.Value->IgnoreParenImpCasts());
      Mul && Mul->getOpcode() == BO_Mul) {
    llvm::SmallVector<ValueKey, 2> Values;
    Wide Scale = 1;
    bool Plain = true;
    for (const Expr *F : productFactors(Mul)) {
      if (std::optional<llvm::APSInt> C = constantValue(F, Ctx)) {
        std::optional<Wide> V = toWide(*C);
        Plain &= V && *V >= 1;
        Scale = V ? Scale * *V : Scale;
      } else if (std::optional<ValueKey> K = keyOfOperand(F, Ctx)) {
        Values.push_back(*K);
      } else {
        Plain = false;
      }
    }
    if (Plain && Values.size() == 2 && Scale > 1 &&
        AtCall.verifiedProduct(Holder, Values[0], Values[1], Scale))
      return true;
  }
  // `r = x * 2 + small; if (r < x) fail;` before the allocation.
  const ValueFacts *AtValue = Origin.AtValue ? &*Origin.AtValue : nullptr;
  std::optional<ValueKey> X = doubled(Origin.Value, Model, AtValue);
  return X && AtCall.verifiedProduct(Holder, *X, *X);
}

std::optional<WrappingProduct> findWrappingProduct(const SizeOrigin &Origin,
                                                   QualType SizeType,
                                                   const IntegerModel &Model) {
  const PointFacts *Facts = nullptr;
  bool Stored = false;
  llvm::SmallVector<const BinaryOperator *, 2> Wrapping =
      wrappingOf(Origin, Model, &Facts, &Stored);
  if (Wrapping.empty())
    return std::nullopt;
  WrappingProduct W;
  W.Inner = Wrapping.front();
  W.Product = outermostProduct(Origin.Value, W.Inner);
  if (!W.Product)
    W.Product = W.Inner;
  W.WholeSize =
      !Origin.Whole && W.Product == Origin.Value->IgnoreParenImpCasts();
  W.Facts = Facts;
  PrintingPolicy Policy(Model.context().getLangOpts());
  W.Stored = Stored;
  if (Stored) {
    W.NarrowType = Origin.Through->getType().getAsString(Policy);
    return W;
  }
  for (const BinaryOperator *Mul : Wrapping)
    if (Model.width(Mul->getType()) < Model.width(SizeType)) {
      W.NarrowType = Mul->getType().getAsString(Policy);
      break;
    }
  return W;
}

/// Whether a guard checked \p Mul, one value times constants, as a
/// product: `if (n > SIZE_MAX / sizeof(T)) return NULL;` before
/// `n * sizeof(T)`.
static bool checkedByScaledGuard(const BinaryOperator *Mul,
                                 const PointFacts &Facts,
                                 const IntegerModel &Model) {
  const ASTContext &Ctx = Model.context();
  std::optional<ValueKey> Value;
  Wide Scale = 1;
  for (const Expr *F : productFactors(Mul)) {
    if (std::optional<llvm::APSInt> C = constantValue(F, Ctx)) {
      std::optional<Wide> W = toWide(*C);
      if (!W || *W < 1)
        return false;
      Scale = std::min<Wide>(Scale * *W, WideLimit);
      continue;
    }
    if (Value)
      return false;
    Value = keyOfOperand(F, Ctx);
    if (!Value)
      return false;
  }
  return Value && Facts.scaledProductFits(*Value, Scale,
                                          Model.rangeOf(Mul->getType()).Hi);
}

std::optional<WrappingProduct> findUncheckedProduct(const SizeOrigin &Origin,
                                                    const IntegerModel &Model) {
  const ASTContext &Ctx = Model.context();
  const std::optional<PointFacts> &Judged =
      Origin.Through ? Origin.AtValue : Origin.AtCall;
  const PointFacts *Facts = Judged && Judged->Reached ? &*Judged : nullptr;
  llvm::SmallVector<const BinaryOperator *, 4> Products;
  collectProducts(Origin.Value, Products);
  for (const BinaryOperator *Mul : Products) {
    if (!multipliesValue(Mul, Ctx) ||
        (Facts && (Facts->productBoundOf(Mul->getLHS(), Mul->getRHS()) ||
                   checkedByScaledGuard(Mul, *Facts, Model))))
      continue;
    WrappingProduct W;
    W.Inner = Mul;
    W.Product = outermostProduct(Origin.Value, Mul);
    if (!W.Product)
      W.Product = Mul;
    W.WholeSize =
        !Origin.Whole && W.Product == Origin.Value->IgnoreParenImpCasts();
    W.Facts = Facts;
    return W;
  }
  return std::nullopt;
}

} // namespace clang::tidy::calloc
