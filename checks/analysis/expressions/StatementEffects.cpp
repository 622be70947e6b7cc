//===--- StatementEffects.cpp ---------------------------------------------===//

#include "analysis/expressions/StatementEffects.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"

namespace clang::tidy::calloc {

bool isHintBuiltin(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  StringRef Name = FD->getName();
  return Name == "__builtin_expect" ||
         Name == "__builtin_expect_with_probability" ||
         Name == "__builtin_assume" || Name == "__builtin_constant_p" ||
         Name == "__builtin_unreachable";
}

const Expr *ignoreExpectHints(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    const auto *Call = dyn_cast<CallExpr>(E);
    if (!Call || Call->getNumArgs() < 1)
      return E;
    unsigned Builtin = Call->getBuiltinCallee();
    if (Builtin != Builtin::BI__builtin_expect &&
        Builtin != Builtin::BI__builtin_expect_with_probability)
      return E;
    E = Call->getArg(0);
  }
}

bool StatementEffects::writes() const {
  return llvm::any_of(
      Accesses, [](const Access &A) { return A.Kind == AccessKind::Write; });
}

void StatementEffects::lvalue(const Expr *E, AccessKind Kind) {
  E = stripLvalue(E);
  if (isa<StringLiteral, PredefinedExpr>(E))
    return;
  record(E, Kind);
  bases(E);
}

/// Scans the parts of an lvalue that are evaluated to find it: the pointer
/// of `p->f` and `*p`, the index of `a[i]`.
void StatementEffects::bases(const Expr *E) {
  E = stripLvalue(E);
  if (isa<DeclRefExpr>(E))
    return;
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = stripLvalue(Member->getBase());
    if (Member->isArrow() ||
        !isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr, UnaryOperator>(Base))
      scan(Member->getBase());
    else
      bases(Base);
    return;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E);
      Unary && Unary->getOpcode() == UO_Deref) {
    scan(Unary->getSubExpr());
    return;
  }
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = Subscript->getBase()->IgnoreParens();
    const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
    if (Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
      bases(Decay->getSubExpr());
    else
      scan(Subscript->getBase());
    scan(Subscript->getIdx());
    return;
  }
  // Some other lvalue: a call, a conditional, a compound literal.
  for (const Stmt *Child : E->children())
    scan(Child);
}

/// Statements that are not expressions: labels and assembly are opaque, a
/// switch is followed into its cases, the rest into their children.
bool StatementEffects::scanSpecialStatement(const Stmt *S) {
  if (isa<LabelStmt, AsmStmt>(S))
    Opaque = true;
  if (isa<SwitchCase>(S) && SwitchDepth == 0)
    Opaque = true;
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    scan(Switch->getInit());
    scan(Switch->getConditionVariableDeclStmt());
    scan(Switch->getCond());
    ++SwitchDepth;
    scan(Switch->getBody());
    --SwitchDepth;
    return true;
  }
  if (isa<Expr>(S))
    return false;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (D->isInvalidDecl())
        Opaque = Errors = true;
  for (const Stmt *Child : S->children())
    scan(Child);
  return true;
}

/// Code that is never evaluated has no effect; a `_Generic` only its choice.
bool StatementEffects::skipUnevaluated(const Expr *E) {
  if (const auto *Trait = dyn_cast<UnaryExprOrTypeTraitExpr>(E);
      Trait && !Trait->getTypeOfArgument()->isVariablyModifiedType())
    return true;
  if (isa<CXXNoexceptExpr>(E))
    return true;
  if (const auto *TypeId = dyn_cast<CXXTypeidExpr>(E);
      TypeId && !TypeId->isPotentiallyEvaluated())
    return true;
  if (const auto *Generic = dyn_cast<GenericSelectionExpr>(E);
      Generic && !Generic->isResultDependent()) {
    scan(Generic->getResultExpr());
    return true;
  }
  return false;
}

/// Reads, stores, increments, address-taking, and lvalues used any other way
/// (bound to a reference, passed to a member function as `this`), which
/// escape.
bool StatementEffects::scanLvalueUse(const Expr *E) {
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue) {
      lvalue(Cast->getSubExpr(), AccessKind::Read);
      return true;
    }
    if (Cast->getCastKind() == CK_ArrayToPointerDecay) {
      lvalue(Cast->getSubExpr(), AccessKind::Escape);
      return true;
    }
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(E);
      Binary && Binary->isAssignmentOp()) {
    if (Binary->isCompoundAssignmentOp())
      record(stripLvalue(Binary->getLHS()), AccessKind::Read);
    lvalue(Binary->getLHS(), AccessKind::Write);
    scan(Binary->getRHS());
    return true;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    if (Unary->isIncrementDecrementOp()) {
      record(stripLvalue(Unary->getSubExpr()), AccessKind::Read);
      lvalue(Unary->getSubExpr(), AccessKind::Write);
      return true;
    }
    if (Unary->getOpcode() == UO_AddrOf) {
      lvalue(Unary->getSubExpr(), AccessKind::Escape);
      return true;
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E);
      Ref && !isa<VarDecl>(Ref->getDecl()))
    return true; // a function, an enumerator
  bool Deref =
      isa<UnaryOperator>(E) && cast<UnaryOperator>(E)->getOpcode() == UO_Deref;
  if (E->isGLValue() &&
      (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(E) || Deref)) {
    lvalue(E, AccessKind::Escape);
    return true;
  }
  return false;
}

/// Calls, constructors, new and delete, blocks; and the nodes whose
/// evaluated parts are not among their children.
void StatementEffects::scanCallLike(const Expr *E) {
  if (const auto *Block = dyn_cast<BlockExpr>(E)) {
    // A block captures variables by address; its body runs later.
    for (const BlockDecl::Capture &Capture :
         Block->getBlockDecl()->captures()) {
      Place P;
      P.Root = Capture.getVariable();
      Accesses.push_back({P, AccessKind::Escape, QualType()});
    }
    Calls = true;
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    // A call that does not return cannot affect what comes after it.
    if (!(Callee && (Callee->isNoReturn() || isHintBuiltin(Callee))))
      Calls = true;
  } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor || !Ctor->isTrivial())
      Calls = true;
  } else if (isa<CXXNewExpr, CXXDeleteExpr, CXXThrowExpr, CXXBindTemporaryExpr,
                 CXXUnresolvedConstructExpr, CXXDependentScopeMemberExpr,
                 UnresolvedMemberExpr, CXXPseudoDestructorExpr>(E)) {
    Calls = true;
  } else if (const auto *Value = dyn_cast<OpaqueValueExpr>(E)) {
    scan(Value->getSourceExpr());
    return;
  } else if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E)) {
    scan(Default->getExpr());
    return;
  } else if (const auto *DefaultInit = dyn_cast<CXXDefaultInitExpr>(E)) {
    scan(DefaultInit->getExpr());
    return;
  }
  for (const Stmt *Child : E->children())
    scan(Child);
}

void StatementEffects::scan(const Stmt *S) {
  if (!S || scanSpecialStatement(S))
    return;
  const auto *E = cast<Expr>(S);
  if (E->containsErrors())
    Opaque = Errors = true;
  if (skipUnevaluated(E) || scanLvalueUse(E))
    return;
  scanCallLike(E);
}

bool hasSideEffects(const Expr *E, const ASTContext &Ctx) {
  if (!E->isInstantiationDependent())
    return E->HasSideEffects(Ctx);
  StatementEffects Effects;
  Effects.scan(E);
  return Effects.Calls || Effects.Opaque || Effects.writes();
}

FunctionEffects::FunctionEffects(const Decl *Function) {
  StatementEffects Effects;
  Effects.scan(Function ? Function->getBody() : nullptr);
  for (const Access &A : Effects.Accesses)
    if (A.Kind == AccessKind::Escape && A.Where.Root && !A.Where.Indirect)
      Escaped.insert(A.Where.Root);
  HasErrors = Effects.Errors;
}

bool FunctionEffects::isPrivate(const Place &P) const {
  return P.Root && !P.IsThis && !P.Indirect && P.Root->hasLocalStorage() &&
         !P.Root->getType()->isReferenceType() &&
         !P.Root->getType().isVolatileQualified() && !Escaped.count(P.Root);
}

} // namespace clang::tidy::calloc
