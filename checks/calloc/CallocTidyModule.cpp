//===--- CallocTidyModule.cpp - registers the calloc-* checks -------------===//

#include "support/LLVMCompat.h"
#include "calloc/MallocMemsetCheck.h"
#include "calloc/UncheckedMultiplicationCheck.h"

namespace clang::tidy::calloc {
namespace {

class CallocTidyModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<UncheckedMultiplicationCheck>(
        "calloc-unchecked-multiplication");
    Factories.registerCheck<MallocMemsetCheck>("calloc-malloc-memset");
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<CallocTidyModule>
    Registration("calloc-module",
                 "Unchecked allocation-size multiplications and "
                 "malloc + memset pairs, fixed to calloc.");

} // namespace clang::tidy::calloc
