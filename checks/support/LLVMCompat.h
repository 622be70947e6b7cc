//===--- LLVMCompat.h - the one place that knows LLVM versions apart ------===//
//
// calloc-tidy builds against LLVM 16, 19 and 22 from one source tree. Every
// API difference between them is absorbed here, so that no check contains an
// `#if LLVM_VERSION_MAJOR`.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_SUPPORT_LLVMCOMPAT_H
#define CALLOC_TIDY_SUPPORT_LLVMCOMPAT_H

#include "llvm/Config/llvm-config.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"

// LLVM 22 moved the registry into ClangTidyModule.h and made the old header
// emit a deprecation #warning.
#if LLVM_VERSION_MAJOR < 22
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif

namespace clang::tidy::calloc {

/// The name \p Check was registered under. ClangTidyCheck::getID() is
/// private in LLVM 16; it overrides MatchCallback's public one, which every
/// version can call.
inline llvm::StringRef checkName(const ClangTidyCheck &Check) {
  return static_cast<const ast_matchers::MatchFinder::MatchCallback &>(Check)
      .getID();
}

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_SUPPORT_LLVMCOMPAT_H
