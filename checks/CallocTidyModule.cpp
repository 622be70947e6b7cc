//===--- CallocTidyModule.cpp - registers the calloc-* checks -------------===//

#include "LLVMCompat.h"
#include "UncheckedMultiplicationCheck.h"

namespace clang::tidy::calloc {
namespace {

class CallocTidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<UncheckedMultiplicationCheck>(
        "calloc-unchecked-multiplication");
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<CallocTidyModule>
    Registration("calloc-module",
                 "Unchecked allocation-size multiplications and "
                 "malloc + memset pairs, fixed to calloc.");

} // namespace clang::tidy::calloc
