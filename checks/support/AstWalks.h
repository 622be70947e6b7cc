//===--- AstWalks.h - small questions about where a declaration stands ---===//
//
// Helpers about the AST that several layers ask and that belong to none of
// them: they model no part of the analysis, so they live below it.
// Where a declaration stands, which functions a unit defines and what their
// bodies return, and where a location is, as a note or a facts file names
// it.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_SUPPORT_ASTWALKS_H
#define CALLOC_TIDY_SUPPORT_ASTWALKS_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

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

/// The functions \p DC defines (with a body, not templates' patterns),
/// inside namespaces and linkage blocks too, in declaration order.
void collectDefinitions(const DeclContext *DC,
                        llvm::SmallVectorImpl<const FunctionDecl *> &Out);

/// The return statements of \p Body, outside nested lambdas and blocks
/// (whose returns are their own). With \p MaxStatements, false, and \p Out
/// incomplete, when the body has more statements than that.
bool collectReturns(const Stmt *Body,
                    llvm::SmallVectorImpl<const ReturnStmt *> &Out,
                    unsigned MaxStatements = 0);

/// `file:line` of \p Loc (where a macro is expanded, for a location inside
/// one), by the file's name alone: short in a note, and the same whichever
/// folder the unit was compiled from. Empty when it has none.
std::string fileAndLine(SourceLocation Loc, const SourceManager &SM);

} // namespace clang::tidy::calloc

#endif
