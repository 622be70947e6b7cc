//===--- ReportingFloor.cpp - a check that reports once per file ----------===//
//
// Not part of calloc-tidy: bench/cost loads it to measure what clang-tidy
// itself spends on a file in which some check reports something. The first
// diagnostic in a file makes clang-tidy compute the file's line table (once
// while checking, once more to print) and scan the whole file for NOLINT
// comments; on a file of 8 MB (SQLite's amalgamation) that is about 2% of
// the parse. `bench-report-once` warns once, at the first declaration the
// main file makes, and does nothing else: the floor of any check that finds
// something in the file.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace clang::tidy::bench {
namespace {

using namespace ast_matchers;

class ReportOnceCheck : public ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl().bind("unit"), this);
  }
  void check(const MatchFinder::MatchResult &Result) override {
    const auto *Unit = Result.Nodes.getNodeAs<TranslationUnitDecl>("unit");
    const SourceManager &SM = *Result.SourceManager;
    for (const Decl *D : Unit->decls())
      if (SM.isWrittenInMainFile(SM.getExpansionLoc(D->getLocation()))) {
        diag(D->getLocation(), "the first declaration of the main file");
        return;
      }
  }
};

class ReportingFloorModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<ReportOnceCheck>("bench-report-once");
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<ReportingFloorModule>
    Registration("bench-reporting-floor",
                 "bench/cost's floor of a check that reports once.");

} // namespace clang::tidy::bench
