//===--- UncheckedMultiplicationCheck.h -----------------------------------===//

#ifndef CALLOC_TIDY_UNCHECKEDMULTIPLICATIONCHECK_H
#define CALLOC_TIDY_UNCHECKEDMULTIPLICATIONCHECK_H

#include "AllocatorFamilies.h"
#include "OverflowGuards.h"

#include "clang-tidy/ClangTidyCheck.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <memory>

namespace clang::tidy::calloc {

/// Finds allocation sizes whose multiplication can wrap, with nothing on
/// the way that rules it out, and rewrites them to `calloc(count, size)`.
///
/// For the user-facing documentation see:
/// docs/calloc-unchecked-multiplication.md
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
  GuardAnalysis &guardsFor(const Decl *Function, ASTContext &Ctx,
                           const IntegerModel &Model);

  const std::string CheckName;
  const std::string AllocatorsSpec;
  /// As configured; SizeTypeBits is 0 (the target's) when this is invalid.
  const unsigned ConfiguredSizeTypeBits;
  const unsigned SizeTypeBits;
  const bool AssertsAreGuards;
  const bool ReportEmbeddedProducts;
  AllocatorTable Allocators;
  std::vector<std::string> AllocatorErrors;
  bool ReportedConfiguration = false;
  std::unique_ptr<IntegerModel> Model;
  Preprocessor *PP = nullptr;
  std::map<const Decl *, std::unique_ptr<GuardAnalysis>> Guards;
  /// Per function, the locals that are assigned a product somewhere in it:
  /// only an allocation sized by one of them needs the CFG.
  std::map<const Decl *, llvm::SmallPtrSet<const VarDecl *, 8>> ProductHolders;
  const llvm::SmallPtrSetImpl<const VarDecl *> &productHolders(const Decl *Function);
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_UNCHECKEDMULTIPLICATIONCHECK_H
