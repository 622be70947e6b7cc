//===--- LLVMCompat.h - the one place that knows LLVM versions apart ------===//
//
// calloc-tidy builds against LLVM 16, 19 and 22 from one source tree. Every
// API difference between them is absorbed here, so that no check contains an
// `#if LLVM_VERSION_MAJOR`.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_LLVMCOMPAT_H
#define CALLOC_TIDY_LLVMCOMPAT_H

#include "llvm/Config/llvm-config.h"

// LLVM 22 moved the registry into ClangTidyModule.h and made the old header
// emit a deprecation #warning.
#if LLVM_VERSION_MAJOR >= 22
#include "clang-tidy/ClangTidyModule.h"
#else
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif

#endif // CALLOC_TIDY_LLVMCOMPAT_H
