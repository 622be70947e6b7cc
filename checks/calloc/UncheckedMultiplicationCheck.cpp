//===--- UncheckedMultiplicationCheck.cpp ---------------------------------===//

#include "calloc/UncheckedMultiplicationCheck.h"
#include "calloc/AllocationMatchers.h"
#include "support/AnalysisStack.h"
#include "support/LLVMCompat.h"
#include "facts/program/ProgramFacts.h"
#include "fixes/SourceEdits.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace clang::ast_matchers;

namespace clang::tidy::calloc {

static constexpr llvm::StringLiteral SizeTypeBitsOption = "SizeTypeBits";
static constexpr llvm::StringLiteral AssertsAreGuardsOption =
    "AssertsAreGuards";
static constexpr llvm::StringLiteral ReportEmbeddedProductsOption =
    "ReportEmbeddedProducts";
static constexpr llvm::StringLiteral ReportUncheckedProductsOption =
    "ReportUncheckedProducts";
static constexpr llvm::StringLiteral NonZeroingMallocFixOption =
    "NonZeroingMallocFix";
static constexpr llvm::StringLiteral WideProductsNeedInputOption =
    "WideProductsNeedInput";
static constexpr llvm::StringLiteral NarrowProductsNeedSourceOption =
    "NarrowProductsNeedSource";
static constexpr llvm::StringLiteral ProgramFactsOption = "ProgramFacts";
static constexpr llvm::StringLiteral FactsOutputOption = "FactsOutput";
static constexpr llvm::StringLiteral WholeProgramOption = "WholeProgram";

/// Where the facts pass wants summaries: the option, else the environment
/// variable CALLOC_TIDY_FACTS_OUTPUT, which tools/calloc_facts.py sets so
/// that the project's own .clang-tidy stays in force.
static std::string factsOutput(StringRef Configured) {
  if (!Configured.empty())
    return Configured.str();
  const char *Env = std::getenv("CALLOC_TIDY_FACTS_OUTPUT");
  return Env ? Env : "";
}

static bool isSizeTypeWidth(unsigned Bits) {
  return Bits == 0 || Bits == 16 || Bits == 32 || Bits == 64;
}

UncheckedMultiplicationCheck::UncheckedMultiplicationCheck(
    StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Allocators(Options),
      Lengths(Options.getLocalOrGlobal(LengthAccessors::OptionName, "")),
      Inputs(Options.getLocalOrGlobal(InputFunctions::OptionName, "")),
      ConfiguredSizeTypeBits(Options.get<unsigned>(SizeTypeBitsOption, 0)),
      SizeTypeBits(
          isSizeTypeWidth(ConfiguredSizeTypeBits) ? ConfiguredSizeTypeBits : 0),
      AssertsAreGuards(Options.get<bool>(AssertsAreGuardsOption, true)),
      ReportEmbeddedProducts(
          Options.get<bool>(ReportEmbeddedProductsOption, true)),
      ReportUncheckedProducts(
          Options.get<bool>(ReportUncheckedProductsOption, false)),
      WideProductsNeedInput(
          Options.get<bool>(WideProductsNeedInputOption, true)),
      NarrowProductsNeedSource(
          Options.get<bool>(NarrowProductsNeedSourceOption, false)),
      NonZeroingMallocFix(Options.get<bool>(NonZeroingMallocFixOption, false)),
      ProgramFactsFile(Options.getLocalOrGlobal(ProgramFactsOption, "")),
      FactsOutput(factsOutput(Options.get(FactsOutputOption, ""))),
      WholeProgram(Options.getLocalOrGlobal(WholeProgramOption, false)) {}

void UncheckedMultiplicationCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  Allocators.storeOptions(Options, Opts);
  Options.store(Opts, LengthAccessors::OptionName, Lengths.spec());
  Options.store(Opts, InputFunctions::OptionName, Inputs.spec());
  Options.store(Opts, WideProductsNeedInputOption, WideProductsNeedInput);
  Options.store(Opts, NarrowProductsNeedSourceOption, NarrowProductsNeedSource);
  Options.store(Opts, SizeTypeBitsOption, SizeTypeBits);
  Options.store(Opts, AssertsAreGuardsOption, AssertsAreGuards);
  Options.store(Opts, ReportEmbeddedProductsOption, ReportEmbeddedProducts);
  Options.store(Opts, ReportUncheckedProductsOption, ReportUncheckedProducts);
  Options.store(Opts, NonZeroingMallocFixOption, NonZeroingMallocFix);
  Options.store(Opts, ProgramFactsOption, ProgramFactsFile);
  // As configured: the environment variable is not configuration.
  Options.store(Opts, FactsOutputOption, Options.get(FactsOutputOption, ""));
  Options.store(Opts, WholeProgramOption, WholeProgram);
}

void UncheckedMultiplicationCheck::registerMatchers(MatchFinder *Finder) {
  // Configuration errors are reported here rather than in the constructor:
  // LLVM 16's --dump-config constructs the checks without a diagnostics
  // engine, and a report there crashes it.
  Allocators.reportErrors(*this);
  Lengths.reportErrors(*this);
  Inputs.reportErrors(*this);
  if (!isSizeTypeWidth(ConfiguredSizeTypeBits))
    configurationDiag("option '%0.%1' is %2; expected 0 (the target's), 16, "
                      "32 or 64; using 0")
        << checkName(*this) << SizeTypeBitsOption << ConfiguredSizeTypeBits;
  matchers::addAllocationCallMatchers(
      *Finder, this, Allocators,
      /*WithZeroingForm=*/false, matchers::TemplateReading::Instantiations);
  // The facts pass summarises every unit, whether it allocates or not.
  if (!FactsOutput.empty())
    Finder->addMatcher(translationUnitDecl().bind("unit"), this);
}

void UncheckedMultiplicationCheck::registerPPCallbacks(const SourceManager &SM,
                                                       Preprocessor *PP,
                                                       Preprocessor *) {
  this->PP = PP;
  loadProgramFacts(SM);
}

void UncheckedMultiplicationCheck::writeUnitFacts() {
  if (FactsOutput.empty() || !Unit)
    return;
  std::string Text;
  onAnalysisStack([&] {
    unitFacts(*Unit);
    Text = summarizeUnit(*Sources, *Callers, Allocators, Results.get(),
                         Outs.get());
  });
  // A folder gets one file per unit, named for its main file (a lint run
  // of many files in one process); a file name is used as it is.
  std::string Target = FactsOutput;
  if (llvm::sys::fs::is_directory(Target)) {
    const SourceManager &SM = Unit->getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    llvm::SmallString<256> Name(Main ? Main->getName() : "unit");
    llvm::sys::fs::make_absolute(Name);
    llvm::SmallString<256> Path(Target);
    llvm::sys::path::append(
        Path, llvm::toHex(llvm::SHA1::hash(llvm::arrayRefFromStringRef(Name)),
                          /*LowerCase=*/true) +
                  ".tsv");
    Target = std::string(Path);
  }
  // Written whole, then renamed: a merge that runs meanwhile never reads
  // half a summary.
  std::string Temporary = Target + ".tmp";
  std::error_code EC;
  {
    llvm::raw_fd_ostream Out(Temporary, EC);
    if (EC)
      return;
    Out << Text;
  }
  llvm::sys::fs::rename(Temporary, Target);
}

void UncheckedMultiplicationCheck::onEndOfTranslationUnit() {
  writeUnitFacts();
  Unit = nullptr;
  Program.reset();
  FactsLoaded = false;
  matchers::forgetOwnCalls();
  Functions.clear();
  Allocators.forgetDiscovered();
  Sources.reset();
  Outs.reset();
  Callers.reset();
  Model.reset();
  CallResultsOfProgram.reset();
  Results.reset();
  Walk.reset();
}

void UncheckedMultiplicationCheck::loadProgramFacts(const SourceManager &SM) {
  // The program's facts, when there are any: never while writing them, so
  // that a unit's summary says what the unit itself shows. Loaded before
  // the unit's first question to the allocator table, whose discovery reads
  // wrappers and counterparts other units define.
  if (FactsLoaded)
    return;
  FactsLoaded = true;
  if (FactsOutput.empty())
    Program = ProgramFacts::forUnit(SM, ProgramFactsFile);
  Allocators.useDefinitionsElsewhere(Program.get());
}

void UncheckedMultiplicationCheck::unitFacts(ASTContext &Ctx) {
  if (Model)
    return;
  Model = std::make_unique<IntegerModel>(Ctx, SizeTypeBits, &Lengths);
  Results = std::make_unique<FunctionResults>(*Model);
  Walk = std::make_unique<FileWalk>(Ctx);
  Callers = std::make_unique<CallSites>(*Model, *Walk);
  Outs = std::make_unique<OutParameters>(Ctx, *Model, AssertsAreGuards,
                                         Callers.get());
  Sources =
      std::make_unique<ValueSources>(Ctx, *Model, Inputs, *Callers, *Walk);
  loadProgramFacts(Ctx.getSourceManager());
  Sources->useProgramFacts(Program.get());
  Callers->useProgramFacts(Program.get(), WholeProgram);
  Outs->useProgramFacts(Program.get());
  // Calls of this unit's functions, and with the facts, of the program's.
  CallResultsOfProgram =
      std::make_unique<ProgramCallResults>(*Results, Program.get());
  Model->setCallResults(CallResultsOfProgram.get());
}

FunctionAnalyses &UncheckedMultiplicationCheck::analysesOf(const Decl *Function,
                                                           ASTContext &Ctx) {
  std::unique_ptr<FunctionAnalyses> &Slot = Functions[Function];
  if (!Slot)
    Slot = std::make_unique<FunctionAnalyses>(
        Function, Ctx, *Model, AssertsAreGuards, Callers.get(), Outs.get());
  return *Slot;
}

void UncheckedMultiplicationCheck::check(
    const MatchFinder::MatchResult &Result) {
  // Code can be deeper than this thread's stack holds the analyses' frames
  // for (AnalysisStack.h).
  onAnalysisStack([&] { checkCall(Result); });
}

void UncheckedMultiplicationCheck::checkCall(
    const MatchFinder::MatchResult &Result) {
  if (Result.Nodes.getNodeAs<TranslationUnitDecl>("unit")) {
    Unit = Result.Context;
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Function = Result.Nodes.getNodeAs<Decl>("function");
  if (!Call || Call->containsErrors() ||
      Allocators.isDiscoveredWrapper(Function))
    return;
  ASTContext &Ctx = *Result.Context;
  if (const AllocatorFamily *Family = Allocators.find(Call)) {
    checkSize(Call, *Family, Function, Ctx);
    return;
  }
  for (const AllocatorFamily &Form : Allocators.arrayForms(Call))
    checkSize(Call, Form, Function, Ctx);
}

void UncheckedMultiplicationCheck::checkSize(const CallExpr *Call,
                                             const AllocatorFamily &Family,
                                             const Decl *Function,
                                             ASTContext &Ctx) {
  if (Call->getNumArgs() <= Family.SizeArg)
    return;
  unitFacts(Ctx);
  FunctionAnalyses &Analyses = analysesOf(Function, Ctx);
  QualType SizeType = sizeParameterType(Call, Family);
  std::optional<SizeCandidate> Candidate =
      sizeCandidate(Call->getArg(Family.SizeArg), SizeType, Analyses, *Model,
                    ReportUncheckedProducts);
  if (!Candidate)
    return;
  // When every product needs a named source and no factor has one, no
  // guard the dataflow could find changes the outcome: it is not run. A
  // size that reads a local holding a narrow product needs no source.
  if (!ReportUncheckedProducts && WideProductsNeedInput &&
      !Sources->maySource(*Candidate, SizeType, Function,
                          NarrowProductsNeedSource) &&
      (NarrowProductsNeedSource || !Analyses.mayReadNarrowProduct(*Candidate)))
    return;
  std::optional<SizeOrigin> Origin = findSizeOrigin(
      Call, *Candidate, Analyses, *Model, ReportUncheckedProducts);
  if (!Origin || isVerifiedAfterTheFact(*Origin, *Model))
    return;
  std::optional<WrappingProduct> Wrap =
      findWrappingProduct(*Origin, SizeType, *Model);
  bool CanWrap = Wrap.has_value();
  bool Always = false;
  std::optional<LargeValueSource> Source;
  if (Wrap) {
    SourceVerdict Verdict =
        Sources->judge(*Wrap, *Origin, SizeType, Function,
                       WideProductsNeedInput, NarrowProductsNeedSource);
    Source = Verdict.Source;
    Always = Verdict.Always;
    CanWrap = !Verdict.Bounded && (!Verdict.Needed || Source);
    if (!CanWrap && !ReportUncheckedProducts)
      return;
    // The strict level reports the size's own product then, with its fix.
    if (!CanWrap && Origin->Whole) {
      Origin = ownProductOrigin(Call, *Candidate, Analyses, *Model);
      if (!Origin)
        return;
      Wrap.reset();
    }
  }
  if (!Wrap && ReportUncheckedProducts)
    Wrap = findUncheckedProduct(*Origin, *Model);
  if (!Wrap || (!Wrap->WholeSize && !ReportEmbeddedProducts))
    return;
  if (CanWrap && Wrap->Facts)
    Wrap->TestedAt = Wrap->Facts->wrappedTestOf(Wrap->Inner, Wrap->Product);
  CallocFix Fix =
      Family.FactorOfArrayForm != AllocatorFamily::ArrayFactor::None
          ? widenedFactor(Call, Family, *Origin, *Wrap, Function, *Model)
          : checkedArrayForm(Call, Family, *Origin, *Wrap, Function, PP,
                             *Model, Allocators, NonZeroingMallocFix);
  keepToUserFiles(Fix, Ctx.getSourceManager());
  emitDiagnostic(Call, *Origin, *Wrap, CanWrap, Always, Source, Fix, Family,
                 Ctx);
}

void UncheckedMultiplicationCheck::emitDiagnostic(
    const CallExpr *Call, const SizeOrigin &Origin, const WrappingProduct &Wrap,
    bool CanWrap, bool Always, const std::optional<LargeValueSource> &Source,
    const CallocFix &Fix, const AllocatorFamily &Family,
    const ASTContext &Ctx) {
  // A call spelled by a system header's macro is reported where the user's
  // file expands it.
  SourceLocation At = reportedLoc(Call, Ctx.getSourceManager());
  // The holder as the code reads it: `len`, or `bitmap->length`.
  std::string Holder =
      Origin.ThroughRead ? displayText(Origin.ThroughRead, Ctx)
      : Origin.Through   ? Origin.Through->getName().str()
                         : std::string();
  std::string Size = Origin.Whole     ? displayText(Origin.Whole, Ctx)
                     : Origin.Through ? Holder
                                      : displayText(Origin.Value, Ctx);
  bool Fixed = !Fix.Replacement.empty() && !Fix.OnNote;
  // The type a narrow product wraps in, as a parenthesis of the message.
  std::string Narrow;
  if (!Wrap.NarrowType.empty())
    Narrow = " ('" + displayText(Wrap.Inner, Ctx) + "' is " +
             (Wrap.Stored ? "stored" : "computed") + " in '" +
             Wrap.NarrowType + "')";
  if (Family.FactorOfArrayForm != AllocatorFamily::ArrayFactor::None) {
    std::string SizeType = sizeParameterType(Call, Family).getAsString(
        Ctx.getPrintingPolicy());
    bool Count =
        Family.FactorOfArrayForm == AllocatorFamily::ArrayFactor::Count;
    auto D =
        CanWrap
            ? diag(At, "%select{element size|count}0 '%1' of '%2' "
                       "%select{can overflow|always overflows}3%4 before '%2' "
                       "checks the multiplication%select{|; use '%6', which "
                       "computes it in '%7'}5")
                  << Count << Size << Family.Name << Always << Narrow << Fixed
                  << Fix.Replacement << SizeType
            : diag(At,
                   "%select{element size|count}0 '%1' of '%2' is not checked "
                   "for overflow%select{|; use '%4', which computes it in "
                   "'%5'}3")
                  << Count << Size << Family.Name << Fixed << Fix.Replacement
                  << SizeType;
    if (Fixed)
      for (const FixItHint &Hint : Fix.Edits)
        D << Hint;
  } else {
    auto D =
        CanWrap ? diag(At, "allocation size '%0' %select{can overflow|always "
                           "overflows}1%2%select{ and nothing checks the "
                           "multiplication|; use '%4', which checks the "
                           "multiplication}3")
                      << Size << Always << Narrow << Fixed << Fix.Replacement
                : diag(At,
                       "allocation size '%0' is not checked for overflow"
                       "%select{|; use '%2', which checks the multiplication}1")
                      << Size << Fixed << Fix.Replacement;
    if (Fixed)
      for (const FixItHint &Hint : Fix.Edits)
        D << Hint;
  }
  if (Fix.OnNote) {
    auto N = diag(At,
                  "'%0' may check the multiplication: %1, so only --fix-notes "
                  "applies this rewrite",
                  DiagnosticIDs::Note)
             << Fix.Replacement << Fix.OnNoteWhy;
    for (const FixItHint &Hint : Fix.Edits)
      N << Hint;
  }
  // The value the variable carries to the call, as written; and, when the
  // product that can wrap is only part of it, that product.
  if (Origin.Through) {
    const Expr *Value = Origin.Value->IgnoreParenImpCasts();
    diag(Value->getExprLoc(), "'%0' is computed here as '%1'",
         DiagnosticIDs::Note)
        << Holder << displayText(Origin.Value, Ctx)
        << Origin.Value->getSourceRange();
    if (!Wrap.WholeSize && Wrap.Product != Value)
      diag(Wrap.Product->getExprLoc(), "'%0' is the product that can overflow",
           DiagnosticIDs::Note)
          << displayText(Wrap.Product, Ctx) << Wrap.Product->getSourceRange();
  }
  if (Wrap.TestedAt)
    diag(Wrap.TestedAt->getBeginLoc(),
         "'%0' is tested here, but it can overflow before the test sees it",
         DiagnosticIDs::Note)
        << displayText(Wrap.Inner, Ctx) << Wrap.TestedAt->getSourceRange();
  if (Source) {
    std::string Limit = Wrap.NarrowType;
    if (Limit.empty() && Origin.Through)
      Limit = Origin.Through->getType().getAsString(Ctx.getPrintingPolicy());
    emitSourceNote(*Source, Limit, Ctx);
  }
  if (Fix.Replacement.empty() && !Fix.WhyNot.empty())
    diag(At, "no fix: %0", DiagnosticIDs::Note) << Fix.WhyNot;
}

void UncheckedMultiplicationCheck::emitSourceNote(
    const LargeValueSource &Source, StringRef Limit, const ASTContext &Ctx) {
  if (Source.Kind == LargeValueSource::Length && Source.Counter) {
    const auto *Step = cast<Expr>(Source.Counter);
    diag(Step->getBeginLoc(),
         "'%0' goes up here ('%1') once per element of an object in memory "
         "that the loop reads ('%2'), and an object can be long enough that "
         "the product overflows '%3'",
         DiagnosticIDs::Note)
        << displayText(Source.Factor, Ctx) << displayText(Step, Ctx)
        << displayText(cast<Expr>(Source.At), Ctx) << Limit
        << Step->getSourceRange();
    return;
  }
  if (Source.Kind == LargeValueSource::Growth ||
      Source.Kind == LargeValueSource::Length) {
    const auto *At = cast<Expr>(Source.At);
    diag(At->getBeginLoc(),
         "%select{'%0' grows here ('%1') and nothing in this file bounds it, "
         "so it can grow until|'%0' comes from the length of an object in "
         "memory ('%1'), and an object can be long enough that}2 the product "
         "overflows '%3'",
         DiagnosticIDs::Note)
        << displayText(Source.Factor, Ctx) << displayText(At, Ctx)
        << (Source.Kind == LargeValueSource::Length) << Limit
        << At->getSourceRange();
    return;
  }
  if (Source.Kind == LargeValueSource::Input && !Source.ProgramFact.empty()) {
    const auto *At = cast<Expr>(Source.At);
    diag(At->getExprLoc(),
         "'%0' can be as large as this '%1', which %select{another file "
         "sets|returns}2 a number from outside the program (%3, by the "
         "program's facts) that nothing bounds",
         DiagnosticIDs::Note)
        << displayText(Source.Factor, Ctx) << displayText(At, Ctx)
        << isa<CallExpr>(At) << Source.ProgramFact << At->getSourceRange();
    return;
  }
  if (Source.Kind == LargeValueSource::Input) {
    const auto *At = cast<Expr>(Source.At);
    bool Bytes = !isa<CallExpr>(At) && !isa<MemberExpr>(At);
    diag(At->getExprLoc(),
         "'%0' can be as large as this '%1', a number %select{from outside "
         "the program|assembled from bytes in memory}2 that nothing in this "
         "file bounds",
         DiagnosticIDs::Note)
        << displayText(Source.Factor, Ctx) << displayText(At, Ctx) << Bytes
        << At->getSourceRange();
    if (Source.NanTest)
      diag(Source.NanTest->getBeginLoc(),
           "NaN passes this test ('%0'): every ordered comparison with NaN is "
           "false, and converting NaN to an integer is undefined",
           DiagnosticIDs::Note)
          << displayText(Source.NanTest, Ctx)
          << Source.NanTest->getSourceRange();
    return;
  }
  if (Source.Kind == LargeValueSource::WideValues) {
    std::string Names;
    for (const Expr *V : Source.Values)
      Names += (Names.empty() ? "'" : " and '") + displayText(V, Ctx) + "'";
    diag(Source.Product->getExprLoc(),
         "%0 can together be large enough that '%1' overflows '%2', and "
         "nothing on the way bounds them",
         DiagnosticIDs::Note)
        << Names << displayText(Source.Product, Ctx)
        << Source.Type.getAsString(Ctx.getPrintingPolicy())
        << Source.Product->getSourceRange();
    return;
  }
  diag(Source.Api->getLocation(),
       "'%0' and '%1' are parameters of '%2', which code outside this file "
       "may call with any values",
       DiagnosticIDs::Note)
      << Source.Parameters[0]->getName() << Source.Parameters[1]->getName()
      << Source.Api->getName();
}

} // namespace clang::tidy::calloc
