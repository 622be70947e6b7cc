//===--- RunnerFixture.cpp - a deliberately simple check for runner tests
//--===//
//
// Not part of calloc-tidy. The runner's own tests load this plugin to get
// diagnostics and fix-its they fully control, including a fix-it that breaks
// the build, which no real check must ever produce.
//
//===----------------------------------------------------------------------===//

#include "support/LLVMCompat.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace clang::tidy::fixture {
namespace {

using namespace ast_matchers;

/// Warns on calls to `rename_me` (fix: call `renamed`) and to `break_me`
/// (fix: an extra parenthesis that does not compile).
class FixtureCallsCheck : public ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(
        callExpr(callee(functionDecl(hasAnyName("rename_me", "break_me"))
                            .bind("callee")))
            .bind("call"),
        this);
  }
  void check(const MatchFinder::MatchResult &Result) override {
    const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
    const auto *Callee = Result.Nodes.getNodeAs<FunctionDecl>("callee");
    SourceLocation Name = Call->getCallee()->getBeginLoc();
    if (Callee->getName() == "rename_me")
      diag(Name, "call to 'rename_me'") << FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(Name, Name), "renamed");
    else
      diag(Name, "call to 'break_me'")
          << FixItHint::CreateInsertion(Call->getRParenLoc(), "(");
    diag(Callee->getLocation(), "'%0' declared here", DiagnosticIDs::Note)
        << Callee->getName();
  }
};

class FixtureModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<FixtureCallsCheck>("fixture-calls");
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<FixtureModule>
    Registration("runner-fixture", "Test fixture for check_calloc_tidy.py.");

} // namespace clang::tidy::fixture
