#include "support/Callees.h"
#include "clang/AST/DeclCXX.h"

namespace clang::tidy::calloc {

bool isNamespaceScopeFunction(const Decl *D) {
  const DeclContext *DC = D->getDeclContext()->getRedeclContext();
  if (DC->isTranslationUnit())
    return true;
  if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
    return NS->isStdNamespace();
  return false;
}

} // namespace clang::tidy::calloc
