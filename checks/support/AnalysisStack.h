//===--- AnalysisStack.h - room for recursion as deep as the code ---------===//
//
// The analyses recurse through expressions and statements, one frame or
// more per level. Clang builds operator chains without recursion, so
// `k + k + ... + k` with 60,000 terms parses, and clang-tidy's own checks
// read it, on the 8 MiB stack of a thread; our frames are larger than
// clang's, and such a chain used up that stack before the checks did.
//
// Each check therefore analyses a call on a stack of its own: one region
// of address space per thread, reserved at its first use, of which only
// the pages the recursion reaches are ever backed by memory. It is large
// enough that clang's own traversal runs out before ours does. Where the
// region cannot be had (an address-space limit, a system without
// ucontext), the analysis runs where it is called, as before.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_SUPPORT_ANALYSISSTACK_H
#define CALLOC_TIDY_SUPPORT_ANALYSISSTACK_H

#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::calloc {

/// Calls \p Fn on this thread's analysis stack, and returns when it has
/// returned. Called again from inside \p Fn, it calls the inner function
/// directly.
void onAnalysisStack(llvm::function_ref<void()> Fn);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_SUPPORT_ANALYSISSTACK_H
