//===--- UncheckedMultiplicationCheck.h - allocation sizes that can wrap --===//
//
// calloc-unchecked-multiplication: the options, the matcher, and the
// diagnostic; the analysis is in WrappingProducts.h, the fix in
// CallocFixes.h.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_CALLOC_UNCHECKEDMULTIPLICATIONCHECK_H
#define CALLOC_TIDY_CALLOC_UNCHECKEDMULTIPLICATIONCHECK_H

#include "allocators/AllocatorFamilies.h"
#include "fixes/CallocFixes.h"
#include "vocabulary/ObjectLengths.h"
#include "facts/OtherUnits.h"
#include "facts/OutParameters.h"
#include "analysis/dataflow/OverflowGuards.h"
#include "facts/ValueSources.h"
#include "analysis/WrappingProducts.h"
#include "analysis/expressions/FunctionResults.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>
#include <string>

namespace clang::tidy::calloc {

/// Finds allocation sizes whose multiplication can wrap, with nothing on
/// the way that rules it out, and rewrites them to `calloc(count, size)`.
///
/// For the user-facing documentation see:
/// docs/calloc-unchecked-multiplication.md
class ProgramFacts;

class UncheckedMultiplicationCheck : public ClangTidyCheck {
public:
  UncheckedMultiplicationCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  /// The analysis of one matched call, on the analysis stack.
  void checkCall(const ast_matchers::MatchFinder::MatchResult &Result);
  /// The size (or, for an array form, the factor) \p Family reads of
  /// \p Call, which \p Function makes.
  void checkSize(const CallExpr *Call, const AllocatorFamily &Family,
                 const Decl *Function, ASTContext &Ctx);
  FunctionAnalyses &analysesOf(const Decl *Function, ASTContext &Ctx);
  /// The facts of the unit, made the first time a call or the facts pass
  /// asks, with the program's facts file when one is found.
  void unitFacts(ASTContext &Ctx);
  /// The program's facts for this unit, once.
  void loadProgramFacts(const SourceManager &SM);
  /// With `FactsOutput`, writes what this unit tells the others there.
  void writeUnitFacts();
  void emitDiagnostic(const CallExpr *Call, const SizeOrigin &Origin,
                      const WrappingProduct &Wrap, bool CanWrap, bool Always,
                      const std::optional<LargeValueSource> &Source,
                      const CallocFix &Fix, const AllocatorFamily &Family,
                      const ASTContext &Ctx);
  /// \p Limit: the narrow type the product wraps in, if it is narrow.
  void emitSourceNote(const LargeValueSource &Source, StringRef Limit,
                      const ASTContext &Ctx);

  const AllocatorTable Allocators;
  /// The project's length accessors (the `Lengths` option).
  const LengthAccessors Lengths;
  /// The project's sources of large numbers (the `Inputs` option).
  const InputFunctions Inputs;
  const unsigned ConfiguredSizeTypeBits;
  /// As configured; 0 (the target's) when the configured value is invalid.
  const unsigned SizeTypeBits;
  const bool AssertsAreGuards;
  const bool ReportEmbeddedProducts;
  /// Also report products that fit but that nothing checks.
  const bool ReportUncheckedProducts;
  /// Say "can overflow" of a product computed in size_t only when a factor
  /// comes from input (ValueSources.h); else the count is assumed to
  /// measure memory.
  const bool WideProductsNeedInput;
  /// Say "can overflow" of a product computed (or stored) in a type
  /// narrower than size_t only when a factor has a source that can make it
  /// that large: input, a value the file grows, an object's length.
  const bool NarrowProductsNeedSource;
  /// Fix `malloc` to `reallocarray(NULL, ...)`, which does not zero.
  const bool NonZeroingMallocFix;
  /// The program's facts file: empty to look for calloc-facts.tsv, `none`
  /// for none (ProgramFacts.h).
  const std::string ProgramFactsFile;
  /// Where the facts pass wants this unit's summary written, or empty.
  const std::string FactsOutput;
  /// The facts file holds every caller of the program's functions (an
  /// application): parameters take what the program passes (CallSites.h).
  const bool WholeProgram;
  ASTContext *Unit = nullptr;
  std::shared_ptr<const ProgramFacts> Program;
  bool FactsLoaded = false;
  std::unique_ptr<IntegerModel> Model;
  std::unique_ptr<FunctionResults> Results;
  std::unique_ptr<ProgramCallResults> CallResultsOfProgram;
  std::unique_ptr<FileWalk> Walk;
  std::unique_ptr<CallSites> Callers;
  std::unique_ptr<OutParameters> Outs;
  std::unique_ptr<ValueSources> Sources;
  Preprocessor *PP = nullptr;
  llvm::DenseMap<const Decl *, std::unique_ptr<FunctionAnalyses>> Functions;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_CALLOC_UNCHECKEDMULTIPLICATIONCHECK_H
