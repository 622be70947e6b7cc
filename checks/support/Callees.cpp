#include "support/Callees.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::calloc {

bool isNamespaceScopeFunction(const Decl *D) {
  const DeclContext *DC = D->getDeclContext()->getRedeclContext();
  if (DC->isTranslationUnit())
    return true;
  if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
    return NS->isStdNamespace();
  return false;
}

bool inSystemHeader(const Decl *D, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

const FunctionDecl *definitionThatRuns(const CallExpr *Call,
                                       const ASTContext &Ctx) {
  // An operator call counts the object among its arguments, and its
  // parameters do not: skip it rather than shift indices.
  if (isa<CXXOperatorCallExpr>(Call))
    return nullptr;
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Definition = nullptr;
  if (!Callee || !Callee->hasBody(Definition) || !Definition ||
      !runsAsDefined(Definition, Ctx))
    return nullptr;
  // Without a prototype the arguments are not converted to the parameters'
  // types, so a bound on the product with one would be read on the wrong
  // value.
  if (!Callee->hasPrototype())
    return nullptr;
  return Definition;
}

bool runsAsDefined(const FunctionDecl *Definition, const ASTContext &Ctx) {
  if (Definition->isWeak() || Definition->isInvalidDecl() ||
      Definition->isDependentContext() || !Definition->hasPrototype() ||
      inSystemHeader(Definition, Ctx.getSourceManager()))
    return false;
  // A virtual call may run another override. A C inline definition that
  // is not externally visible may not be the one that runs.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Definition);
      Method && Method->isVirtual())
    return false;
  return Ctx.getLangOpts().CPlusPlus || !Definition->isInlined() ||
         !Definition->isExternallyVisible() ||
         Definition->isInlineDefinitionExternallyVisible();
}

/// How deep one function's last call may lead to another's before the
/// answer is "may return": a chain of helpers that end in each other is
/// short, and a cycle never ends in a call that does not return.
static constexpr unsigned MaxNoReturnDepth = 4;

static bool callNeverReturns(const CallExpr *Call, const ASTContext &Ctx,
                             unsigned Depth);
static bool bodyNeverReturns(const FunctionDecl *Definition,
                             const ASTContext &Ctx, unsigned Depth);

/// Whether \p S, reached, never completes: a call that never returns, or
/// a block whose last statement does not, or an `if`-`else` neither of
/// whose branches does.
static bool endsInNoReturn(const Stmt *S, const ASTContext &Ctx,
                           unsigned Depth) {
  if (!S)
    return false;
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && endsInNoReturn(Block->body_back(), Ctx, Depth);
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getElse() && endsInNoReturn(If->getThen(), Ctx, Depth) &&
           endsInNoReturn(If->getElse(), Ctx, Depth);
  if (const auto *Label = dyn_cast<LabelStmt>(S))
    return endsInNoReturn(Label->getSubStmt(), Ctx, Depth);
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
    return endsInNoReturn(Attributed->getSubStmt(), Ctx, Depth);
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  // A `throw` is no end here: a `try` around the call, in the caller, may
  // catch it, and the CFG has no edge from the call to that handler.
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  return Call && callNeverReturns(Call, Ctx, Depth);
}

/// Whether a `return` is written anywhere in \p S (lambdas and blocks
/// aside: theirs leave only them).
static bool hasReturn(const Stmt *Body) {
  llvm::SmallVector<const Stmt *, 64> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    if (isa<ReturnStmt, CoreturnStmt>(S))
      return true;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

static bool callNeverReturns(const CallExpr *Call, const ASTContext &Ctx,
                             unsigned Depth) {
  if (const FunctionDecl *Callee = Call->getDirectCallee();
      Callee && Callee->isNoReturn())
    return true;
  if (Depth >= MaxNoReturnDepth)
    return false;
  return bodyNeverReturns(definitionThatRuns(Call, Ctx), Ctx, Depth + 1);
}

/// Control reaches the end of a body only through its last statement: a
/// body without `return` whose last statement never completes never
/// returns. The walk for a `return` comes second: most bodies end in one.
static bool bodyNeverReturns(const FunctionDecl *Definition,
                             const ASTContext &Ctx, unsigned Depth) {
  return Definition && Definition->getBody() &&
         endsInNoReturn(Definition->getBody(), Ctx, Depth) &&
         !hasReturn(Definition->getBody());
}

bool neverReturns(const CallExpr *Call, const ASTContext &Ctx) {
  return callNeverReturns(Call, Ctx, 0);
}

bool definitionNeverReturns(const FunctionDecl *Definition,
                            const ASTContext &Ctx) {
  return Definition->isNoReturn() || bodyNeverReturns(Definition, Ctx, 0);
}

} // namespace clang::tidy::calloc
