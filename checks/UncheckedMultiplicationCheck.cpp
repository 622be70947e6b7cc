//===--- UncheckedMultiplicationCheck.cpp ---------------------------------===//

#include "UncheckedMultiplicationCheck.h"
#include "CallocRewrite.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::calloc {

static bool isValidSizeTypeBits(unsigned Bits) {
  return Bits == 0 || Bits == 16 || Bits == 32 || Bits == 64;
}

UncheckedMultiplicationCheck::UncheckedMultiplicationCheck(
    StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), CheckName(Name.str()),
      AllocatorsSpec(Options.getLocalOrGlobal("Allocators",
                                              AllocatorTable::libcDefault())),
      ConfiguredSizeTypeBits(Options.get<unsigned>("SizeTypeBits", 0)),
      SizeTypeBits(isValidSizeTypeBits(ConfiguredSizeTypeBits)
                       ? ConfiguredSizeTypeBits
                       : 0),
      AssertsAreGuards(Options.get<bool>("AssertsAreGuards", true)),
      ReportEmbeddedProducts(Options.get<bool>("ReportEmbeddedProducts", true)) {
  Allocators = AllocatorTable::parse(AllocatorsSpec, AllocatorErrors);
}

void UncheckedMultiplicationCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Allocators", AllocatorsSpec);
  Options.store(Opts, "SizeTypeBits", SizeTypeBits);
  Options.store(Opts, "AssertsAreGuards", AssertsAreGuards);
  Options.store(Opts, "ReportEmbeddedProducts", ReportEmbeddedProducts);
}

void UncheckedMultiplicationCheck::registerMatchers(MatchFinder *Finder) {
  if (!ReportedConfiguration) {
    ReportedConfiguration = true;
    for (const std::string &Error : AllocatorErrors)
      configurationDiag("invalid entry in option '%0.Allocators': %1; the "
                        "entry is ignored")
          << CheckName << Error;
    if (!isValidSizeTypeBits(ConfiguredSizeTypeBits))
      configurationDiag("option '%0.SizeTypeBits' is %1; expected 0 (the "
                        "target's), 16, 32 or 64; using 0")
          << CheckName << ConfiguredSizeTypeBits;
  }
  std::vector<StringRef> Names;
  for (const AllocatorFamily &F : Allocators.entries())
    Names.push_back(F.Name);
  if (Names.empty())
    return;
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(Names))),
               unless(isExpansionInSystemHeader()),
               forCallable(decl().bind("function")))
          .bind("call"),
      this);
}

void UncheckedMultiplicationCheck::registerPPCallbacks(
    const SourceManager &, Preprocessor *PP, Preprocessor *) {
  this->PP = PP;
}

static bool containsProduct(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && (BO->getOpcode() == BO_Mul || BO->getOpcode() == BO_MulAssign))
    return true;
  for (const Stmt *Child : S->children())
    if (containsProduct(Child))
      return true;
  return false;
}

static void collectProductHolders(const Stmt *S,
                                  llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (containsProduct(VD->getInit()))
          Out.insert(VD);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S);
             BO && BO->isAssignmentOp()) {
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
        if (BO->getOpcode() == BO_MulAssign || containsProduct(BO->getRHS()))
          Out.insert(VD);
  }
  for (const Stmt *Child : S->children())
    collectProductHolders(Child, Out);
}

const llvm::SmallPtrSetImpl<const VarDecl *> &
UncheckedMultiplicationCheck::productHolders(const Decl *Function) {
  auto [It, Inserted] = ProductHolders.try_emplace(Function);
  if (Inserted && Function)
    collectProductHolders(Function->getBody(), It->second);
  return It->second;
}

void UncheckedMultiplicationCheck::onEndOfTranslationUnit() {
  ProductHolders.clear();
  Guards.clear();
  Model.reset();
}

GuardAnalysis &
UncheckedMultiplicationCheck::guardsFor(const Decl *Function, ASTContext &Ctx,
                                        const IntegerModel &Model) {
  std::unique_ptr<GuardAnalysis> &Slot = Guards[Function];
  if (!Slot)
    Slot = std::make_unique<GuardAnalysis>(Function, Ctx, Model,
                                           AssertsAreGuards);
  return *Slot;
}

/// True when a local \p Var declared in the function can be named at
/// \p Use: its declaration's block encloses \p Use and no declaration of
/// the same name in between hides it.
static bool isVisibleAt(const VarDecl *Var, const Stmt *Use, ASTContext &Ctx) {
  if (isa<ParmVarDecl>(Var) || Var->hasGlobalStorage())
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  DynTypedNodeList Parents = Ctx.getParents(*Var);
  if (Parents.empty())
    return false;
  const auto *DS = Parents[0].get<DeclStmt>();
  if (!DS)
    return false;
  DynTypedNodeList Scope = Ctx.getParents(*DS);
  if (Scope.empty())
    return false;
  const auto *Block = Scope[0].get<Stmt>();
  if (!Block)
    return false;
  SourceRange R = Block->getSourceRange();
  SourceLocation At = Use->getBeginLoc();
  if (!R.isValid() || SM.isBeforeInTranslationUnit(At, R.getBegin()) ||
      SM.isBeforeInTranslationUnit(R.getEnd(), At))
    return false;
  // A declaration of the same name nearer to the use would hide it.
  DynTypedNodeList Up = Ctx.getParents(*Use);
  while (!Up.empty()) {
    const auto *S = Up[0].get<Stmt>();
    if (!S || S == Block)
      break;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (const Stmt *Child : CS->body())
        if (const auto *D = dyn_cast<DeclStmt>(Child))
          for (const Decl *Inner : D->decls())
            if (const auto *ND = dyn_cast<NamedDecl>(Inner))
              if (ND != Var && ND->getDeclName() == Var->getDeclName())
                return false;
    Up = Ctx.getParents(*S);
  }
  return true;
}

/// For `x * 2`, `2 * x` or `x * 2 + small`: x. Doubling is the one growth
/// whose wrap a later `if (r < x)` detects: a wrapped 2x (+ a small
/// increment) is below x, for any x a buffer can already have.
static std::optional<ValueKey> doubled(const Expr *E, const ASTContext &Ctx,
                                       const IntegerModel &Model,
                                       const ValueFacts *Facts) {
  E = E->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return std::nullopt;
  if (BO->getOpcode() == BO_Add) {
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
      const Expr *Other = Side == BO->getLHS() ? BO->getRHS() : BO->getLHS();
      RangeEvaluator Evaluator(Model, Facts);
      ValueRange Small = Evaluator.evaluate(Other);
      if (Small.Lo >= 0 && Small.Hi <= (Wide(1) << 32))
        if (std::optional<ValueKey> X = doubled(Side, Ctx, Model, Facts);
            X && isa<BinaryOperator>(Side->IgnoreParenImpCasts()) &&
            cast<BinaryOperator>(Side->IgnoreParenImpCasts())->getOpcode() ==
                BO_Mul)
          return X;
    }
    return std::nullopt;
  }
  if (BO->getOpcode() != BO_Mul)
    return std::nullopt;
  for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
    const Expr *Other = Side == BO->getLHS() ? BO->getRHS() : BO->getLHS();
    Expr::EvalResult Two;
    if (!Side->isValueDependent() && Side->EvaluateAsInt(Two, Ctx) &&
        Two.Val.getInt() == 2)
      return keyOf(stripWideningCasts(Other, Ctx));
  }
  return std::nullopt;
}

namespace {
/// The multiplication behind a size, and where the facts about it hold.
struct SizeOrigin {
  const Expr *Value = nullptr;          // the expression computing the size
  const VarDecl *Through = nullptr;     // the variable that carried it
  std::unique_ptr<PointFacts> AtValue;  // facts where Value is computed
  std::unique_ptr<PointFacts> AtCall;   // facts at the allocation
  bool FactorsUnchanged = true;         // Value's operands are the same at the call
};
} // namespace

void UncheckedMultiplicationCheck::check(
    const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Function = Result.Nodes.getNodeAs<Decl>("function");
  ASTContext &Ctx = *Result.Context;
  // Templates are checked in their instantiations, where sizeof(T) and the
  // guards on it have values; identical findings of several instantiations
  // are reported once.
  const auto *Context = dyn_cast_or_null<DeclContext>(Function);
  if (!Call || Call->containsErrors() ||
      (Context && Context->isDependentContext()))
    return;
  const AllocatorFamily *Family = Allocators.find(Call->getDirectCallee());
  if (!Family || Call->getNumArgs() <= Family->SizeArg)
    return;
  const Expr *SizeArg = Call->getArg(Family->SizeArg);
  if (!Model)
    Model = std::make_unique<IntegerModel>(Ctx, SizeTypeBits);

  // A multiplication written in the call, or one stored in a local first.
  SizeOrigin Origin;
  Origin.Value = SizeArg;
  const auto *Ref = dyn_cast<DeclRefExpr>(SizeArg->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  bool ThroughVariable = Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) &&
                         Var->getType()->isIntegerType() &&
                         !Var->getType().isVolatileQualified();
  // A local that is never assigned a product needs no further look.
  if (ThroughVariable && !productHolders(Function).count(Var))
    return;
  if (!ThroughVariable) {
    // Nothing to do unless the argument contains a multiplication.
    RangeEvaluator Plain(*Model, nullptr);
    Plain.evaluate(SizeArg);
    if (Plain.wrapping().empty())
      return;
  }

  GuardAnalysis *Guards = Function ? &guardsFor(Function, Ctx, *Model) : nullptr;
  if (Guards && Guards->hasErrors())
    return;
  if (ThroughVariable) {
    if (!Guards)
      return;
    ValueKey VarKey{Var, nullptr, nullptr};
    std::unique_ptr<PointFacts> First = Guards->factsBefore(Call, {VarKey});
    const PointFacts::KeyState *VS = First ? First->state(VarKey) : nullptr;
    if (!VS || !First->Reached || VS->Escaped || VS->Definitions.size() != 1)
      return;
    const auto *Def = dyn_cast_or_null<Expr>(VS->Definitions.front());
    if (!Def)
      return;
    RangeEvaluator Plain(*Model, nullptr);
    Plain.evaluate(Def);
    if (Plain.wrapping().empty())
      return;
    std::vector<ValueKey> Keys{VarKey};
    collectKeys(Def, Keys);
    Origin.Value = Def;
    Origin.Through = Var;
    Origin.AtCall = Guards->factsBefore(Call, Keys);
    Origin.AtValue = Guards->factsBefore(Def, Keys);
    if (Origin.AtCall && Origin.AtValue)
      for (const ValueKey &K : Keys) {
        if (K == VarKey)
          continue;
        const PointFacts::KeyState *A = Origin.AtCall->state(K);
        const PointFacts::KeyState *B = Origin.AtValue->state(K);
        if (!A || !B || A->Escaped || A->Definitions != B->Definitions)
          Origin.FactorsUnchanged = false;
      }
    else
      Origin.FactorsUnchanged = false;
  } else if (Guards) {
    std::vector<ValueKey> Keys;
    collectKeys(SizeArg, Keys);
    Origin.AtCall = Guards->factsBefore(Call, Keys);
  }
  // Code the CFG proves dead in this configuration (under a condition that
  // folds to false, such as __builtin_constant_p of a variable) runs never.
  if (Origin.AtCall && !Origin.AtCall->Reached)
    return;

  // Does the product wrap, given what holds where it is computed, or (for a
  // stored size whose operands did not change) at the allocation?
  auto Wraps = [&](const PointFacts *Facts,
                   llvm::SmallVector<const BinaryOperator *, 2> &Out) {
    RangeEvaluator Evaluator(*Model, Facts && Facts->Reached ? Facts : nullptr);
    Evaluator.evaluate(Origin.Value);
    Out.assign(Evaluator.wrapping().begin(), Evaluator.wrapping().end());
    return !Out.empty();
  };
  // `if (len / n != size) fail;` between the product and the allocation.
  if (Origin.Through && Origin.AtCall && Origin.AtCall->Reached)
    if (const auto *Mul = dyn_cast<BinaryOperator>(Origin.Value->IgnoreParenImpCasts());
        Mul && Mul->getOpcode() == BO_Mul) {
      ValueKey Holder{Var, nullptr, nullptr};
      std::optional<ValueKey> A = keyOf(stripWideningCasts(Mul->getLHS(), Ctx));
      std::optional<ValueKey> B = keyOf(stripWideningCasts(Mul->getRHS(), Ctx));
      if (A && B && Origin.AtCall->verifiedProduct(Holder, *A, *B))
        return;
      // One operand a constant: `len = n * sizeof(T); if (len / n != sizeof(T))`.
      if (A.has_value() != B.has_value()) {
        const Expr *Constant = A ? Mul->getRHS() : Mul->getLHS();
        Expr::EvalResult C;
        if (!Constant->isValueDependent() && Constant->EvaluateAsInt(C, Ctx) &&
            C.Val.getInt().getActiveBits() <= 64 &&
            Origin.AtCall->verifiedScaled(Holder, A ? *A : *B,
                                          Wide(C.Val.getInt().getZExtValue())))
          return;
      }
    }
  // `r = x * 2 + small; if (r < x) fail;` before the allocation.
  if (Origin.Through && Origin.AtCall && Origin.AtCall->Reached)
    if (std::optional<ValueKey> X =
            doubled(Origin.Value, Ctx, *Model, Origin.AtValue.get());
        X && Origin.AtCall->verifiedProduct(ValueKey{Var, nullptr, nullptr},
                                            *X, *X))
      return;
  llvm::SmallVector<const BinaryOperator *, 2> Wrapping;
  const PointFacts *Facts = Origin.Through ? Origin.AtValue.get() : Origin.AtCall.get();
  if (!Wraps(Facts, Wrapping))
    return;
  if (Origin.Through && Origin.FactorsUnchanged) {
    llvm::SmallVector<const BinaryOperator *, 2> AtCall;
    if (!Wraps(Origin.AtCall.get(), AtCall))
      return;
    Facts = Origin.AtCall.get();
  }

  const BinaryOperator *Inner = Wrapping.front();
  const BinaryOperator *Product = outermostProduct(Origin.Value, Inner);
  if (!Product)
    Product = Inner;
  bool WholeSize = Product == Origin.Value->IgnoreParenImpCasts();
  if (!WholeSize && !ReportEmbeddedProducts)
    return;

  // Where the product is computed in a type narrower than size_t, say so.
  QualType SizeType = Call->getDirectCallee()->getParamDecl(Family->SizeArg)->getType();
  std::string Narrow;
  for (const BinaryOperator *W : Wrapping)
    if (Model->width(W->getType()) < Model->width(SizeType)) {
      Narrow = W->getType().getAsString(PrintingPolicy(Ctx.getLangOpts()));
      break;
    }

  // The fix: the family's overflow-checked array form.
  std::string WhyNot;
  std::optional<CountAndSize> Split;
  std::vector<FixItHint> Fix;
  const std::string &Checked = Family->CheckedArray;
  if (!WholeSize && !Narrow.empty() &&
      Model->width(Product->getType()) < Model->width(SizeType))
    WhyNot = "'" + displayText(Product, Ctx) + "' is computed in '" + Narrow +
             "' and only then widened; convert an operand to '" +
             SizeType.getAsString(PrintingPolicy(Ctx.getLangOpts())) +
             "' first";
  else if (!WholeSize)
    WhyNot = "the product is only part of the size, which has no "
             "two-argument form";
  else if (Checked.empty())
    WhyNot = "no overflow-checked form of '" + Family->Name + "' is configured";
  else if (std::optional<std::string> Target =
               calledFunctionName(Checked, Call->getBeginLoc(), PP);
           !Target)
    WhyNot = "'" + Checked + "' is a function-like macro here";
  else if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Function);
           wouldCallItself(FD, *Target))
    WhyNot = "the rewrite would make '" + FD->getName().str() +
             "' call itself";
  else if (Origin.Through && !Origin.FactorsUnchanged)
    WhyNot = "the operands of the product change before the allocation";
  else
    Split = splitForArrayForm(Product, Ctx, *Model, Facts, SizeType, WhyNot);

  if (Split && Origin.Through) {
    // The rewrite repeats the operands at the call: they must mean the same
    // there and be safe to evaluate again.
    for (const Expr *E : {Product->getLHS(), Product->getRHS()})
      if (E->HasSideEffects(Ctx)) {
        Split.reset();
        WhyNot = "the operands of the product have side effects";
      }
    std::vector<ValueKey> Operands;
    collectKeys(Product, Operands);
    for (const ValueKey &K : Operands) {
      const auto *VD = dyn_cast<VarDecl>(K.Var);
      if (Split && (!VD || !isVisibleAt(VD, Call, Ctx))) {
        Split.reset();
        WhyNot = "an operand of the product is not visible at the allocation";
      }
    }
  }
  std::string Replacement;
  if (Split) {
    std::string Args = Split->Count + ", " + Split->Size;
    Fix = rewriteAllocation(Call, *Family, Checked, Args, Ctx, WhyNot);
    if (!Fix.empty())
      Replacement = rewrittenCallText(Call, *Family, Checked, Args, Ctx);
  }

  std::string SizeText = Origin.Through ? Var->getName().str()
                                        : displayText(Origin.Value, Ctx);
  std::string Message = "allocation size '" + SizeText + "' can overflow";
  if (!Narrow.empty())
    Message += " ('" + displayText(Wrapping.front(), Ctx) +
               "' is computed in '" + Narrow + "')";
  if (!Replacement.empty())
    Message += "; use '" + Replacement + "', which checks the multiplication";
  else
    Message += " and nothing checks the multiplication";
  {
    auto D = diag(Call->getBeginLoc(), "%0");
    D << Message;
    for (const FixItHint &Hint : Fix)
      D << Hint;
  }
  if (Origin.Through)
    diag(Product->getExprLoc(), "'%0' is computed here as '%1'",
         DiagnosticIDs::Note)
        << Var->getName() << displayText(Product, Ctx);
  if (Replacement.empty() && !WhyNot.empty())
    diag(Call->getBeginLoc(), "no fix: %0", DiagnosticIDs::Note) << WhyNot;
}

} // namespace clang::tidy::calloc
