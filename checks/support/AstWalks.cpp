#include "support/AstWalks.h"

#include "llvm/Support/Path.h"

namespace clang::tidy::calloc {

void collectDefinitions(const DeclContext *DC,
                        llvm::SmallVectorImpl<const FunctionDecl *> &Out) {
  for (const Decl *D : DC->decls()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext())
        Out.push_back(FD);
    } else if (isa<NamespaceDecl, LinkageSpecDecl>(D)) {
      collectDefinitions(cast<DeclContext>(D), Out);
    }
  }
}

std::string fileAndLine(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return {};
  return llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine());
}

} // namespace clang::tidy::calloc
