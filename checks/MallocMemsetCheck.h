//===--- MallocMemsetCheck.h ----------------------------------------------===//

#ifndef CALLOC_TIDY_MALLOCMEMSETCHECK_H
#define CALLOC_TIDY_MALLOCMEMSETCHECK_H

#include "AllocatorFamilies.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang::tidy::calloc {

/// Finds memory from `malloc` that is zeroed whole by `memset` or `bzero`
/// before anything uses it, and merges the two calls into one `calloc`.
///
/// For the user-facing documentation see:
/// docs/calloc-malloc-memset.md
class MallocMemsetCheck : public ClangTidyCheck {
public:
  MallocMemsetCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  /// What the whole body of a function shows, read once per function.
  struct FunctionFacts {
    /// Locals whose address is taken, or that are captured or bound to a
    /// reference: something other than their name can reach them.
    llvm::SmallPtrSet<const VarDecl *, 8> Escaped;
    /// Part of the body did not compile.
    bool HasErrors = false;
  };
  const FunctionFacts &factsOf(const Decl *Function);

  const std::string CheckName;
  const std::string AllocatorsSpec;
  const std::uint64_t MinimumSize;
  AllocatorTable Allocators;
  std::vector<std::string> AllocatorErrors;
  bool ReportedConfiguration = false;
  llvm::DenseMap<const Decl *, FunctionFacts> Functions;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_MALLOCMEMSETCHECK_H
