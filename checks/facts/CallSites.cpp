//===--- CallSites.cpp ----------------------------------------------------===//

#include "facts/CallSites.h"
#include "analysis/expressions/LocalValues.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::calloc {

/// A function the index follows: internal linkage, not a template pattern,
/// not variadic; by its first declaration.
static const FunctionDecl *internalFunction(const FunctionDecl *FD) {
  if (!FD || FD->isExternallyVisible() || FD->isDependentContext() ||
      FD->isVariadic())
    return nullptr;
  return FD->getCanonicalDecl();
}

CallSites::CallSites(const IntegerModel &Model, FileWalk &Walk)
    : Model(Model), Walk(Walk) {
  Walk.add(*this);
}

const FunctionDecl *CallSites::followed(const FunctionDecl *FD) {
  if (!FD)
    return nullptr;
  auto [It, New] = Followed.try_emplace(FD, nullptr);
  if (New)
    It->second = internalFunction(FD);
  return It->second;
}

/// A function with external linkage whose calls the facts pass reports.
static const FunctionDecl *externalFunction(const FunctionDecl *FD) {
  if (!FD || !FD->isExternallyVisible() || FD->isDependentContext() ||
      FD->isVariadic() || programKey(FD).empty())
    return nullptr;
  return FD->getCanonicalDecl();
}

void CallSites::read(const Stmt *S) {
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = followed(Call->getDirectCallee());
    if (!Callee) {
      if (const FunctionDecl *External =
              externalFunction(Call->getDirectCallee())) {
        ExternalCalls[External].push_back(Call);
        if (const auto *Name = dyn_cast<DeclRefExpr>(
                Call->getCallee()->IgnoreParenImpCasts()))
          CalleeNames.insert(Name);
      }
      return;
    }
    Calls[Callee].push_back(Call);
    if (const auto *Name =
            dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts()))
      CalleeNames.insert(Name);
    return;
  }
  // A function named other than as the callee of a call (read after it).
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    if (const FunctionDecl *Named =
            followed(dyn_cast<FunctionDecl>(Ref->getDecl()));
        Named && !CalleeNames.count(Ref))
      Escapes[Named] = true;
    else if (const FunctionDecl *External =
                 externalFunction(dyn_cast<FunctionDecl>(Ref->getDecl()));
             External && !CalleeNames.count(Ref))
      ExternalEscapes.insert(External);
  }
}

void CallSites::summarizeCalls(
    llvm::function_ref<void(const FunctionDecl *, unsigned, ValueRange)>
        Passes,
    llvm::function_ref<void(const FunctionDecl *)> Escaped) {
  Walk.ensureWalked();
  for (const FunctionDecl *F : ExternalEscapes)
    if (!inSystemHeader(F, Model.context().getSourceManager()))
      Escaped(F);
  const SourceManager &SM = Model.context().getSourceManager();
  for (const auto &[F, FunctionCalls] : ExternalCalls) {
    // The C library's and other system functions are not the program's.
    if (inSystemHeader(F, SM))
      continue;
    for (unsigned I = 0; I < F->getNumParams(); ++I) {
      if (!F->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
        continue;
      std::optional<ValueRange> All;
      for (const CallExpr *Call : FunctionCalls) {
        if (I >= Call->getNumArgs()) {
          All.reset();
          break;
        }
        ValueRange Arg = argumentRange(Call->getArg(I));
        All = All ? All->join(Arg) : Arg;
      }
      if (All)
        Passes(F, I, *All);
    }
  }
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
  std::unique_ptr<LocalTouchIndex> &Touches = CallerTouches[Owner];
  if (!Touches)
    Touches = std::make_unique<LocalTouchIndex>(Owner, Model.context());
  if (std::optional<ValueRange> Held =
          rangeEverywhere(Var, Owner, *Effects, Model, Touches.get());
      Held && Model.rangeOf(Arg->getType()).contains(*Held))
    return Range.meet(*Held);
  return Range;
}

const llvm::SmallVectorImpl<const CallExpr *> *
CallSites::callsOf(const FunctionDecl *Function) {
  if (!Function || Function->isExternallyVisible())
    return nullptr;
  Walk.ensureWalked();
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
  // A function other units call: what the whole program passes, when the
  // user says the program is whole (useProgramFacts).
  if (Program && Function && Function->isExternallyVisible()) {
    std::optional<ValueRange> Passed = Program->passed(Param);
    ValueRange Type = Model.rangeOf(Param->getType());
    if (!Passed || (ExactConversions && !Type.contains(*Passed)))
      return std::nullopt;
    ValueRange Held = Type.meet(*Passed);
    return Held == Type ? std::nullopt : std::optional(Held);
  }
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
