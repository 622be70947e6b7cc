//===--- FileWalk.cpp -----------------------------------------------------===//

#include "FileWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::calloc {

bool inSystemHeader(const Decl *D, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

namespace {
/// Every statement outside system headers, template instantiations
/// included (they call and write like the code they come from).
class Walker : public RecursiveASTVisitor<Walker> {
public:
  Walker(const SourceManager &SM, llvm::ArrayRef<StatementReader *> Readers)
      : SM(SM), Readers(Readers) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && inSystemHeader(D, SM))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitStmt(Stmt *S) {
    for (StatementReader *R : Readers)
      R->read(S);
    return true;
  }

private:
  const SourceManager &SM;
  llvm::ArrayRef<StatementReader *> Readers;
};
} // namespace

void FileWalk::ensureWalked() {
  if (Walked)
    return;
  Walked = true;
  Walker(Ctx.getSourceManager(), Readers)
      .TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace clang::tidy::calloc
