#ifndef CALLOC_TIDY_MallocMemsetCHECK_H
#define CALLOC_TIDY_MallocMemsetCHECK_H
#include "clang-tidy/ClangTidyCheck.h"
namespace clang::tidy::calloc {
class MallocMemsetCheck : public ClangTidyCheck {
public:
  MallocMemsetCheck(StringRef Name, ClangTidyContext *Context) : ClangTidyCheck(Name, Context) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};
}
#endif
