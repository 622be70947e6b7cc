//===--- AstWalks.h - small questions about where a declaration stands ---===//
//
// Helpers about the AST that several layers ask and that belong to none of
// them: they model no part of the analysis, so they live below it.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_SUPPORT_ASTWALKS_H
#define CALLOC_TIDY_SUPPORT_ASTWALKS_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

namespace clang::tidy::calloc {

/// Whether \p D is, or is inside, a template instantiation.
inline bool isInstantiatedCode(const Decl *D) {
  for (const DeclContext *DC = dyn_cast<DeclContext>(D); DC;
       DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC);
        FD && FD->isTemplateInstantiation())
      return true;
    if (const auto *RD = dyn_cast<CXXRecordDecl>(DC);
        RD && RD->getTemplateSpecializationKind() != TSK_Undeclared &&
        RD->getTemplateSpecializationKind() != TSK_ExplicitSpecialization)
      return true;
  }
  return false;
}

} // namespace clang::tidy::calloc

#endif
