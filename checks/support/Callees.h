//===--- Callees.h - what kind of function a declaration is ---------------===//
//
// Questions about a callee that the analysis, the allocator table and the
// checks all ask, answered once here, below all of them.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_SUPPORT_CALLEES_H
#define CALLOC_TIDY_SUPPORT_CALLEES_H

#include "clang/AST/Decl.h"

namespace clang::tidy::calloc {

/// A C function: declared at global scope, in `std`, or in an `extern "C"`
/// block; never a class member.
bool isNamespaceScopeFunction(const Decl *D);

} // namespace clang::tidy::calloc

#endif
