#ifndef CALLOC_TIDY_UncheckedMultiplicationCHECK_H
#define CALLOC_TIDY_UncheckedMultiplicationCHECK_H
#include "clang-tidy/ClangTidyCheck.h"
namespace clang::tidy::calloc {
class UncheckedMultiplicationCheck : public ClangTidyCheck {
public:
  UncheckedMultiplicationCheck(StringRef Name, ClangTidyContext *Context) : ClangTidyCheck(Name, Context) {}
  void registerMatchers(ast_matchers::MatchFinder *Finder) override {}
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override {}
};
}
#endif
