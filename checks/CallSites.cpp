//===--- CallSites.cpp ----------------------------------------------------===//

#include "CallSites.h"
#include "LocalValues.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::calloc {

namespace {
/// Collects the direct calls of functions with internal linkage, and the
/// ones named any other way.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  CallCollector(const SourceManager &SM,
                llvm::DenseMap<const FunctionDecl *,
                               llvm::SmallVector<const CallExpr *, 4>> &Calls,
                llvm::DenseMap<const FunctionDecl *, bool> &Escapes)
      : SM(SM), Calls(Calls), Escapes(Escapes) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  // System headers cannot call this file's functions.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && inSystemHeader(D, SM))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = internalFunction(Call->getDirectCallee());
    if (!Callee)
      return true;
    Calls[Callee].push_back(Call);
    if (const auto *Name =
            dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
      CalleeNames.insert(Name);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl());
    if (const FunctionDecl *Callee = internalFunction(FD);
        Callee && !CalleeNames.count(Ref))
      Escapes[Callee] = true;
    return true;
  }

private:
  static const FunctionDecl *internalFunction(const FunctionDecl *FD) {
    if (!FD || FD->isExternallyVisible() || FD->isDependentContext() ||
        FD->isVariadic())
      return nullptr;
    return FD->getCanonicalDecl();
  }

  const SourceManager &SM;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const CallExpr *, 4>>
      &Calls;
  llvm::DenseMap<const FunctionDecl *, bool> &Escapes;
  llvm::DenseSet<const DeclRefExpr *> CalleeNames;
};
} // namespace

bool inSystemHeader(const Decl *D, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

void CallSites::scan() {
  Scanned = true;
  CallCollector Collector(Ctx.getSourceManager(), Calls, Escapes);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
}

ValueRange CallSites::argumentRange(const Expr *Arg) {
  ValueRange Range = RangeEvaluator(Model, nullptr).evaluate(Arg);
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const auto *Owner =
      Var ? dyn_cast_or_null<Decl>(Var->getParentFunctionOrMethod()) : nullptr;
  if (!Owner)
    return Range;
  std::unique_ptr<FunctionEffects> &Effects = CallerEffects[Owner];
  if (!Effects)
    Effects = std::make_unique<FunctionEffects>(Owner);
  if (std::optional<ValueRange> Held =
          rangeEverywhere(Var, Owner, *Effects, Model);
      Held && Model.rangeOf(Arg->getType()).contains(*Held))
    return Range.meet(*Held);
  return Range;
}

const llvm::SmallVectorImpl<const CallExpr *> *
CallSites::callsOf(const FunctionDecl *Function) {
  if (!Function || Function->isExternallyVisible())
    return nullptr;
  if (!Scanned)
    scan();
  const FunctionDecl *Canonical = Function->getCanonicalDecl();
  auto Found = Calls.find(Canonical);
  if (Found == Calls.end() || Escapes.lookup(Canonical))
    return nullptr;
  return &Found->second;
}

std::optional<ValueRange> CallSites::rangeOf(const ParmVarDecl *Param,
                                             bool ExactConversions) {
  // Every dataflow of the parameter's function asks at its entry: once.
  std::pair<const ParmVarDecl *, unsigned> Id{Param, ExactConversions};
  auto Cached = Ranges.find(Id);
  if (Cached != Ranges.end())
    return Cached->second;
  std::optional<ValueRange> R = computeRangeOf(Param, ExactConversions);
  Ranges[Id] = R;
  return R;
}

std::optional<ValueRange> CallSites::computeRangeOf(const ParmVarDecl *Param,
                                                    bool ExactConversions) {
  const auto *Function =
      dyn_cast_or_null<FunctionDecl>(Param->getDeclContext());
  if (!Param->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  const llvm::SmallVectorImpl<const CallExpr *> *Found = callsOf(Function);
  if (!Found)
    return std::nullopt;
  unsigned Index = Param->getFunctionScopeIndex();
  ValueRange Type = Model.rangeOf(Param->getType());
  std::optional<ValueRange> All;
  for (const CallExpr *Call : *Found) {
    if (Index >= Call->getNumArgs())
      return std::nullopt;
    // The argument as converted to the parameter's type.
    ValueRange Passed = argumentRange(Call->getArg(Index));
    if (ExactConversions && !Type.contains(Passed))
      return std::nullopt;
    ValueRange Arg = Type.meet(Passed);
    All = All ? All->join(Arg) : Arg;
  }
  if (!All || *All == Type)
    return std::nullopt;
  return All;
}

} // namespace clang::tidy::calloc
