//===--- UncheckedMultiplicationCheck.cpp ---------------------------------===//

#include "UncheckedMultiplicationCheck.h"
#include "AllocationMatchers.h"
#include "LLVMCompat.h"
#include "SourceEdits.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::calloc {

static constexpr llvm::StringLiteral SizeTypeBitsOption = "SizeTypeBits";
static constexpr llvm::StringLiteral AssertsAreGuardsOption =
    "AssertsAreGuards";
static constexpr llvm::StringLiteral ReportEmbeddedProductsOption =
    "ReportEmbeddedProducts";

static bool isSizeTypeWidth(unsigned Bits) {
  return Bits == 0 || Bits == 16 || Bits == 32 || Bits == 64;
}

UncheckedMultiplicationCheck::UncheckedMultiplicationCheck(
    StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      Allocators(Options.getLocalOrGlobal(AllocatorTable::OptionName,
                                          AllocatorTable::libcDefault())),
      ConfiguredSizeTypeBits(Options.get<unsigned>(SizeTypeBitsOption, 0)),
      SizeTypeBits(
          isSizeTypeWidth(ConfiguredSizeTypeBits) ? ConfiguredSizeTypeBits : 0),
      AssertsAreGuards(Options.get<bool>(AssertsAreGuardsOption, true)),
      ReportEmbeddedProducts(
          Options.get<bool>(ReportEmbeddedProductsOption, true)) {}

void UncheckedMultiplicationCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, AllocatorTable::OptionName, Allocators.spec());
  Options.store(Opts, SizeTypeBitsOption, SizeTypeBits);
  Options.store(Opts, AssertsAreGuardsOption, AssertsAreGuards);
  Options.store(Opts, ReportEmbeddedProductsOption, ReportEmbeddedProducts);
}

void UncheckedMultiplicationCheck::registerMatchers(MatchFinder *Finder) {
  // Configuration errors are reported here rather than in the constructor:
  // LLVM 16's --dump-config constructs the checks without a diagnostics
  // engine, and a report there crashes it.
  Allocators.reportErrors(*this);
  if (!isSizeTypeWidth(ConfiguredSizeTypeBits))
    configurationDiag("option '%0.%1' is %2; expected 0 (the target's), 16, "
                      "32 or 64; using 0")
        << checkName(*this) << SizeTypeBitsOption << ConfiguredSizeTypeBits;
  matchers::addAllocationCallMatchers(
      *Finder, this, Allocators,
      /*WithZeroingForm=*/false, matchers::TemplateReading::Instantiations);
}

void UncheckedMultiplicationCheck::registerPPCallbacks(const SourceManager &,
                                                       Preprocessor *PP,
                                                       Preprocessor *) {
  this->PP = PP;
}

void UncheckedMultiplicationCheck::onEndOfTranslationUnit() {
  Functions.clear();
  Model.reset();
}

UncheckedMultiplicationCheck::FunctionState &
UncheckedMultiplicationCheck::stateOf(const Decl *Function, ASTContext &Ctx) {
  auto [It, Inserted] = Functions.try_emplace(Function);
  if (Inserted) {
    It->second.Guards = std::make_unique<GuardAnalysis>(Function, Ctx, *Model,
                                                        AssertsAreGuards);
    collectProductHolders(Function, It->second.ProductHolders);
  }
  return It->second;
}

void UncheckedMultiplicationCheck::check(
    const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Function = Result.Nodes.getNodeAs<Decl>("function");
  ASTContext &Ctx = *Result.Context;
  const AllocatorFamily *Family =
      Call ? Allocators.find(Call->getDirectCallee()) : nullptr;
  if (!Family || Call->containsErrors() ||
      Call->getNumArgs() <= Family->SizeArg)
    return;
  if (!Model)
    Model = std::make_unique<IntegerModel>(Ctx, SizeTypeBits);
  FunctionState &State = stateOf(Function, Ctx);

  std::optional<SizeOrigin> Origin =
      findSizeOrigin(Call, Call->getArg(Family->SizeArg), State.Guards.get(),
                     State.ProductHolders, *Model);
  if (!Origin || isVerifiedAfterTheFact(*Origin, *Model))
    return;
  QualType SizeType =
      Call->getDirectCallee()->getParamDecl(Family->SizeArg)->getType();
  std::optional<WrappingProduct> Wrap =
      findWrappingProduct(*Origin, SizeType, *Model);
  if (!Wrap || (!Wrap->WholeSize && !ReportEmbeddedProducts))
    return;
  CallocFix Fix = checkedArrayForm(Call, *Family, *Origin, *Wrap, Function, PP,
                                   *Model, Allocators);
  emitDiagnostic(Call, *Origin, *Wrap, Fix, Ctx);
}

void UncheckedMultiplicationCheck::emitDiagnostic(const CallExpr *Call,
                                                  const SizeOrigin &Origin,
                                                  const WrappingProduct &Wrap,
                                                  const CallocFix &Fix,
                                                  const ASTContext &Ctx) {
  std::string Size = Origin.Through ? Origin.Through->getName().str()
                                    : displayText(Origin.Value, Ctx);
  {
    auto D = diag(Call->getBeginLoc(),
                  "allocation size '%0' can overflow"
                  "%select{| ('%2' is computed in '%3')}1"
                  "%select{ and nothing checks the multiplication|; use '%5', "
                  "which checks the multiplication}4")
             << Size << !Wrap.NarrowType.empty() << displayText(Wrap.Inner, Ctx)
             << Wrap.NarrowType << !Fix.Replacement.empty() << Fix.Replacement;
    for (const FixItHint &Hint : Fix.Edits)
      D << Hint;
  }
  // The value the variable carries to the call, as written; and, when the
  // product that can wrap is only part of it, that product.
  if (Origin.Through) {
    diag(Origin.Value->IgnoreParenImpCasts()->getExprLoc(),
         "'%0' is computed here as '%1'", DiagnosticIDs::Note)
        << Origin.Through->getName() << displayText(Origin.Value, Ctx)
        << Origin.Value->getSourceRange();
    if (!Wrap.WholeSize)
      diag(Wrap.Product->getExprLoc(), "'%0' is the product that can overflow",
           DiagnosticIDs::Note)
          << displayText(Wrap.Product, Ctx) << Wrap.Product->getSourceRange();
  }
  if (Fix.Replacement.empty() && !Fix.WhyNot.empty())
    diag(Call->getBeginLoc(), "no fix: %0", DiagnosticIDs::Note) << Fix.WhyNot;
}

} // namespace clang::tidy::calloc
