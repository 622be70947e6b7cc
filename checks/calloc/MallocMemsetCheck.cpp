//===--- MallocMemsetCheck.cpp --------------------------------------------===//

#include "calloc/MallocMemsetCheck.h"
#include "facts/program/ProgramFacts.h"
#include "calloc/AllocationMatchers.h"
#include "support/AnalysisStack.h"
#include "analysis/expressions/SizeExpressions.h"
#include "fixes/SourceEdits.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::calloc {

static constexpr llvm::StringLiteral MinimumSizeOption = "MinimumSize";

MallocMemsetCheck::MallocMemsetCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Allocators(Options),
      MinimumSize(Options.get<std::uint64_t>(MinimumSizeOption, 0)),
      ProgramFactsFile(Options.getLocalOrGlobal("ProgramFacts", "")) {}

void MallocMemsetCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Allocators.storeOptions(Options, Opts);
  Options.store(Opts, "ProgramFacts", ProgramFactsFile);
  Options.store(Opts, MinimumSizeOption, MinimumSize);
}

void MallocMemsetCheck::registerMatchers(MatchFinder *Finder) {
  // Reported here, not in the constructor: see UncheckedMultiplicationCheck.
  Allocators.reportErrors(*this);
  // Only allocations that have a zeroing counterpart are candidates.
  matchers::addAllocationCallMatchers(*Finder, this, Allocators,
                                      /*WithZeroingForm=*/true,
                                      matchers::TemplateReading::Definitions);
}

void MallocMemsetCheck::registerPPCallbacks(const SourceManager &SM,
                                            Preprocessor *PP, Preprocessor *) {
  this->PP = PP;
  // Wrappers and zeroing counterparts other units define, by the program's
  // facts (docs/facts.md): loaded before the matchers ask the table.
  Program = ProgramFacts::forUnit(SM, ProgramFactsFile);
  Allocators.useDefinitionsElsewhere(Program.get());
}

void MallocMemsetCheck::onEndOfTranslationUnit() {
  Program.reset();
  matchers::forgetOwnCalls();
  Functions.clear();
  Allocators.forgetDiscovered();
  Model.reset();
}

MallocMemsetCheck::FunctionState &
MallocMemsetCheck::stateOf(const Decl *Function, ASTContext &Ctx) {
  std::unique_ptr<FunctionState> &State = Functions[Function];
  if (!State)
    State = std::make_unique<FunctionState>(Function);
  return *State;
}

/// A call worth reading on: a zeroing form exists, the function is not that
/// zeroing form itself, the size has no side effects and is not a constant
/// below MinimumSize.
bool MallocMemsetCheck::isCandidate(const CallExpr *Call,
                                    const AllocatorFamily &Family,
                                    const Decl *Function,
                                    const ASTContext &Ctx) const {
  if (Call->containsErrors() || Function->isInvalidDecl() ||
      Call->getNumArgs() != Family.NumArgs || !Family.hasZeroingForm() ||
      Allocators.isZeroingCounterpart(dyn_cast<FunctionDecl>(Function)) ||
      wouldCallItself(dyn_cast<FunctionDecl>(Function), Family.ZeroingArray) ||
      wouldCallItself(dyn_cast<FunctionDecl>(Function), Family.ZeroingSingle))
    return false;
  const Expr *Size = Call->getArg(Family.SizeArg);
  if (hasSideEffects(Size, Ctx))
    return false;
  std::optional<llvm::APSInt> Value = constantValue(Size, Ctx);
  return !Value ||
         (!Value->isNegative() && (Value->getActiveBits() > 64 ||
                                   Value->getZExtValue() >= MinimumSize));
}

/// The pointer must be stored in a pointer that nothing volatile is about.
static bool isPlainPointerStore(const AllocationSite &Site) {
  QualType T =
      Site.Var ? Site.Var->getType() : Site.Assign->getLHS()->getType();
  if (T.isVolatileQualified() || !Site.Target.known())
    return false;
  if (T->isDependentType())
    return true;
  return T->isPointerType() && !T->getPointeeType().isVolatileQualified();
}

void MallocMemsetCheck::check(const MatchFinder::MatchResult &Result) {
  // Code can be deeper than this thread's stack holds the analyses' frames
  // for (AnalysisStack.h).
  onAnalysisStack([&] { checkCall(Result); });
}

void MallocMemsetCheck::checkCall(const MatchFinder::MatchResult &Result) {

  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Function = Result.Nodes.getNodeAs<Decl>("function");
  ASTContext &Ctx = *Result.Context;
  const AllocatorFamily *Family = Call ? Allocators.find(Call) : nullptr;
  if (!Family || !Function || !isCandidate(Call, *Family, Function, Ctx))
    return;
  if (!Model)
    Model = std::make_unique<IntegerModel>(Ctx, 0);
  FunctionState &State = stateOf(Function, Ctx);
  const AllocationSite *Site = State.Sites.find(Call);
  // The function is read further only when it holds a candidate pair, and
  // not at all when part of it did not compile.
  if (!Site || !isPlainPointerStore(*Site) || !mayBeZeroedLater(*Site))
    return;
  if (!State.Effects)
    State.Effects.emplace(Function);
  if (State.Effects->HasErrors)
    return;
  if (!State.Guards)
    State.Guards = std::make_unique<GuardAnalysis>(Function, Ctx, *Model,
                                                   /*AssertsAreGuards=*/true);
  std::optional<ZeroingPair> Pair = findZeroingPair(
      Call, Family->SizeArg, *Site, *State.Effects, *State.Guards, Ctx);
  // A pair a system header's macro writes whole (GLib's g_slice_new0 under
  // optimisation) is no code of the user's.
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Pair || (SM.isInSystemMacro(Call->getBeginLoc()) &&
                SM.isInSystemMacro(Pair->Zero.Call->getBeginLoc())))
    return;
  CallocFix Fix = zeroingForm(Call, *Family, *Site, *Pair, *State.Effects,
                              *State.Guards, *Model, Allocators, PP);
  keepToUserFiles(Fix, SM);
  emitDiagnostic(Call, *Family, *Pair, Fix, SM);
}

void MallocMemsetCheck::emitDiagnostic(const CallExpr *Call,
                                       const AllocatorFamily &Family,
                                       const ZeroingPair &Pair,
                                       const CallocFix &Fix,
                                       const SourceManager &SM) {
  // Only the C library's calloc is known to skip zeroing fresh pages; a
  // project's zeroing allocator may well be malloc + memset inside.
  bool FreshPages = Fix.Callee == "calloc";
  // A call spelled by a system header's macro is reported where the user's
  // file expands it.
  SourceLocation At = reportedLoc(Call, SM);
  bool Fixed = !Fix.Edits.empty() && !Fix.OnNote;
  {
    auto D = diag(At,
                  "memory allocated by '%0' is zeroed right away by '%1'; "
                  "%select{'%3'|use '%3', which}2 "
                  "%select{zeroes as it allocates|can skip zeroing fresh "
                  "pages}4")
             << Family.Name << Pair.Zero.Name << Fixed
             << (Fixed ? Fix.Replacement : Fix.Callee) << FreshPages;
    if (Fixed)
      for (const FixItHint &Hint : Fix.Edits)
        D << Hint;
  }
  if (Fix.OnNote) {
    auto N = diag(At,
                  "'%0' may zero as it allocates: %1, so only --fix-notes "
                  "applies this rewrite",
                  DiagnosticIDs::Note)
             << Fix.Replacement << Fix.OnNoteWhy;
    for (const FixItHint &Hint : Fix.Edits)
      N << Hint;
  }
  diag(reportedLoc(Pair.Zero.Call, SM), "'%0' zeroes the whole allocation here",
       DiagnosticIDs::Note)
      << Pair.Zero.Name;
  if (Fix.Edits.empty() && !Fix.WhyNot.empty())
    diag(At, "no fix: %0", DiagnosticIDs::Note) << Fix.WhyNot;
}

} // namespace clang::tidy::calloc
