//===--- MallocMemsetCheck.h - malloc followed by zeroing
//------------------===//
//
// calloc-malloc-memset: the options, the matcher, and the diagnostic; the
// pair search is in ZeroingPairs.h, the fix in CallocFixes.h.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_CALLOC_MALLOCMEMSETCHECK_H
#define CALLOC_TIDY_CALLOC_MALLOCMEMSETCHECK_H

#include "allocators/AllocatorFamilies.h"
#include "fixes/CallocFixes.h"
#include "analysis/dataflow/OverflowGuards.h"
#include "analysis/expressions/StatementEffects.h"
#include "analysis/ZeroingPairs.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <memory>
#include <optional>

namespace clang::tidy::calloc {

/// Finds memory from `malloc` that is zeroed whole by `memset` or `bzero`
/// before anything uses it, and merges the two calls into one `calloc`.
///
/// For the user-facing documentation see:
/// docs/calloc-malloc-memset.md
class ProgramFacts;

class MallocMemsetCheck : public ClangTidyCheck {
public:
  MallocMemsetCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  /// The analysis of one matched call, on the analysis stack.
  void checkCall(const ast_matchers::MatchFinder::MatchResult &Result);
  /// What is computed once per function that has a candidate call, each
  /// part only when a call gets that far.
  struct FunctionState {
    explicit FunctionState(const Decl *Function) : Sites(Function) {}
    AllocationSites Sites;
    std::optional<FunctionEffects> Effects;
    std::unique_ptr<GuardAnalysis> Guards;
  };
  FunctionState &stateOf(const Decl *Function, ASTContext &Ctx);
  bool isCandidate(const CallExpr *Call, const AllocatorFamily &Family,
                   const Decl *Function, const ASTContext &Ctx) const;
  void emitDiagnostic(const CallExpr *Call, const AllocatorFamily &Family,
                      const ZeroingPair &Pair, const CallocFix &Fix,
                      const SourceManager &SM);

  const AllocatorTable Allocators;
  const std::uint64_t MinimumSize;
  /// The program's facts file (the global `ProgramFacts`, as the other
  /// check reads it), and this unit's facts.
  const std::string ProgramFactsFile;
  std::shared_ptr<const ProgramFacts> Program;
  std::unique_ptr<IntegerModel> Model;
  llvm::DenseMap<const Decl *, std::unique_ptr<FunctionState>> Functions;
  /// The macros a fix may name (AllocationRewrite).
  Preprocessor *PP = nullptr;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_CALLOC_MALLOCMEMSETCHECK_H
