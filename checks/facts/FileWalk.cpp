//===--- FileWalk.cpp -----------------------------------------------------===//
//
// The walk goes from declarations to the code they hold (function bodies,
// constructor initializers, variable and field initializers, default
// arguments) and through that code with an explicit stack, rather than
// with a RecursiveASTVisitor: the readers look at statements only, and
// the visitor's tour of every type, template argument and name specifier
// cost more than the readers themselves.
//
//===----------------------------------------------------------------------===//

#include "facts/FileWalk.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

namespace clang::tidy::calloc {

/// A default argument written in the source (not one still to be
/// instantiated or parsed).
static bool hasWrittenDefault(const ParmVarDecl *P) {
  return P->hasDefaultArg() && !P->hasUninstantiatedDefaultArg() &&
         !P->hasUnparsedDefaultArg();
}

namespace {
/// Every statement of code outside system headers, template patterns and
/// their instantiations included (they call and write like the code they
/// come from); code the compiler wrote (implicit members) is not read.
class Walker {
public:
  using CallIndex = llvm::DenseMap<const Decl *, std::vector<const CallExpr *>>;

  Walker(const SourceManager &SM, llvm::ArrayRef<StatementReader *> Readers,
         CallIndex &Calls)
      : SM(SM), Readers(Readers), Calls(Calls) {}

  void walkContext(const DeclContext *DC) {
    for (const Decl *D : DC->decls())
      walkDecl(D);
  }

private:
  void walkDecl(const Decl *D) {
    if (!D || D->isImplicit())
      return;
    // The location is looked up only for declarations that hold code.
    auto Outside = [&] { return inSystemHeader(D, SM); };
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if ((!FD->doesThisDeclarationHaveABody() &&
           llvm::none_of(FD->parameters(), hasWrittenDefault)) ||
          Outside())
        return;
      walkFunction(FD);
      return;
    }
    if (isa<TemplateDecl>(D)) {
      if (!Outside())
        walkTemplate(D);
      return;
    }
    if (const auto *Var = dyn_cast<VarDecl>(D)) {
      if (!Var->getInit() || Outside())
        return;
      walkStmt(Var->getInit());
      return;
    }
    if (const auto *Field = dyn_cast<FieldDecl>(D)) {
      if (!Field->hasInClassInitializer() || !Field->getInClassInitializer() ||
          Outside())
        return;
      walkStmt(Field->getInClassInitializer());
      return;
    }
    if (const auto *Block = dyn_cast<BlockDecl>(D)) {
      walkStmt(Block->getBody(), Block);
      return;
    }
    if (D->hasBody()) { // Objective-C methods, captured regions
      if (!Outside())
        walkStmt(D->getBody());
      return;
    }
    // Namespaces, linkage specifications, classes (their members,
    // instantiated ones too), enumerations.
    if (const auto *DC = dyn_cast<DeclContext>(D)) {
      if (isa<TagDecl>(D) && !cast<TagDecl>(D)->isThisDeclarationADefinition())
        return;
      if (Outside())
        return;
      for (const Decl *Member : DC->decls())
        walkDecl(Member);
      return;
    }
    if (const auto *Enumerator = dyn_cast<EnumConstantDecl>(D))
      walkStmt(Enumerator->getInitExpr());
  }

  /// A template's pattern, and its instantiations: they are not written
  /// anywhere, so they are read with their template, once (at its
  /// canonical declaration).
  void walkTemplate(const Decl *D) {
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
      walkDecl(FT->getTemplatedDecl());
      if (FT->isCanonicalDecl())
        for (const FunctionDecl *Spec : FT->specializations())
          if (Spec->getTemplateSpecializationKind() !=
              TSK_ExplicitSpecialization)
            walkDecl(Spec);
    } else if (const auto *CT = dyn_cast<ClassTemplateDecl>(D)) {
      walkDecl(CT->getTemplatedDecl());
      if (CT->isCanonicalDecl())
        for (const ClassTemplateSpecializationDecl *Spec :
             CT->specializations())
          if (Spec->getSpecializationKind() == TSK_ImplicitInstantiation ||
              Spec->getSpecializationKind() == TSK_Undeclared)
            walkContext(Spec);
    } else if (const auto *VT = dyn_cast<VarTemplateDecl>(D)) {
      walkDecl(VT->getTemplatedDecl());
    }
  }

  void walkFunction(const FunctionDecl *FD) {
    for (const ParmVarDecl *P : FD->parameters())
      if (hasWrittenDefault(P))
        walkStmt(P->getDefaultArg());
    if (!FD->doesThisDeclarationHaveABody())
      return;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten())
          walkStmt(Init->getInit());
    walkStmt(FD->getBody(), FD);
  }

  /// Parents before their children, children in source order. The calls
  /// are kept as \p Owner's own, when it is given (the body of a function
  /// or a block); a lambda's or a block's body is code of its own.
  void walkStmt(const Stmt *Root, const Decl *Owner = nullptr) {
    if (!Root)
      return;
    std::vector<const CallExpr *> Own;
    llvm::SmallVector<const Stmt *, 64> Work{Root};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (isRead(S)) {
        for (StatementReader *R : Readers)
          R->readIn(S, Owner);
        if (const auto *Call = dyn_cast<CallExpr>(S); Call && Owner)
          Own.push_back(Call);
      }
      if (const auto *Block = dyn_cast<BlockExpr>(S)) {
        walkStmt(Block->getBody(), Block->getBlockDecl());
      } else if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
        const CXXMethodDecl *Op = Lambda->getCallOperator();
        const Stmt *Body = Lambda->getBody();
        walkStmt(Body, Op && Op->getBody() == Body ? Op : nullptr);
      } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        // Local variables' initializers are its children; local classes
        // and functions are declarations with code of their own.
        for (const Decl *D : DS->decls())
          if (!isa<VarDecl>(D))
            walkDecl(D);
      }
      pushOwnParts(S, Work);
    }
    // Kept after the walk: the nested bodies above add to the index.
    if (Owner)
      Calls[Owner] = std::move(Own);
  }

  /// Whether \p S is one of the statements the readers read
  /// (StatementReader).
  static bool isRead(const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      return BO->isAssignmentOp() || BO->isRelationalOp();
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      return UO->isIncrementDecrementOp();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      return isa<FunctionDecl>(Ref->getDecl());
    return isa<CallExpr, IfStmt>(S);
  }

  const SourceManager &SM;
  llvm::ArrayRef<StatementReader *> Readers;
  CallIndex &Calls;
};
} // namespace

static thread_local const FileWalk *CurrentWalk = nullptr;

FileWalk::FileWalk(ASTContext &Ctx) : Ctx(Ctx) { CurrentWalk = this; }

FileWalk::~FileWalk() {
  if (CurrentWalk == this)
    CurrentWalk = nullptr;
}

const FileWalk *FileWalk::current() { return CurrentWalk; }

void FileWalk::ensureWalked() {
  if (Walked)
    return;
  Walked = true;
  Walker(Ctx.getSourceManager(), Readers, Calls)
      .walkContext(Ctx.getTranslationUnitDecl());
}

std::optional<llvm::ArrayRef<const CallExpr *>>
FileWalk::ownCalls(const Decl *Function) const {
  auto It = Walked ? Calls.find(Function) : Calls.end();
  if (It == Calls.end())
    return std::nullopt;
  return llvm::ArrayRef<const CallExpr *>(It->second);
}

} // namespace clang::tidy::calloc
