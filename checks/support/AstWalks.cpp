#include "support/AstWalks.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::calloc {

bool collectReturns(const Stmt *Body,
                    llvm::SmallVectorImpl<const ReturnStmt *> &Out,
                    unsigned MaxStatements) {
  llvm::SmallVector<const Stmt *, 32> Work{Body};
  unsigned Seen = 0;
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    if (MaxStatements && ++Seen > MaxStatements)
      return false;
    if (const auto *Ret = dyn_cast<ReturnStmt>(S))
      Out.push_back(Ret);
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return true;
}

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
