//===--- StorageLocations.cpp ---------------------------------------------===//

#include "analysis/expressions/StorageLocations.h"

#include "clang/AST/ExprCXX.h"

namespace clang::tidy::calloc {

const Expr *stripWideningCasts(const Expr *E, const ASTContext &Ctx) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      E = ICE->getSubExpr();
      continue;
    }
    const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
    if (Cast && Cast->getCastKind() == CK_NoOp) { // (size_t)n of a size_t n
      E = Cast->getSubExpr();
      continue;
    }
    if (!Cast || Cast->getCastKind() != CK_IntegralCast)
      return E;
    QualType From = Cast->getSubExpr()->getType(), To = Cast->getType();
    if (From->isDependentType() || To->isDependentType() ||
        Ctx.getIntWidth(From) > Ctx.getIntWidth(To))
      return E;
    E = Cast->getSubExpr();
  }
}

std::optional<ValueKey> keyOf(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return ValueKey{VD, nullptr, nullptr};
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    const auto *Base =
        dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
    if (!Field || !Base)
      return std::nullopt;
    if (const auto *VD = dyn_cast<VarDecl>(Base->getDecl()))
      return ValueKey{VD, Field, nullptr};
    return std::nullopt;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const auto *Base =
        dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
    const auto *Index =
        dyn_cast<DeclRefExpr>(AS->getIdx()->IgnoreParenImpCasts());
    if (!Base || !Index || !isa<VarDecl>(Base->getDecl()) ||
        !isa<VarDecl>(Index->getDecl()))
      return std::nullopt;
    return ValueKey{Base->getDecl(), nullptr, Index->getDecl()};
  }
  return std::nullopt;
}

void collectKeys(const Stmt *S, std::vector<ValueKey> &Keys) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S))
    if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(
            E->IgnoreParenImpCasts()))
      if (std::optional<ValueKey> Key = keyOf(E)) {
        if (!llvm::is_contained(Keys, *Key))
          Keys.push_back(*Key);
        if (Key->isPart() && !llvm::is_contained(Keys, Key->whole()))
          Keys.push_back(Key->whole());
      }
  for (const Stmt *Child : S->children())
    collectKeys(Child, Keys);
}

QualType typeOfKey(const ValueKey &Key) {
  if (Key.Field)
    return Key.Field->getType();
  if (Key.Index)
    if (const Type *Element =
            Key.Var->getType()->getPointeeOrArrayElementType())
      return QualType(Element, 0);
  return Key.Var->getType();
}

std::optional<ValueKey> keyOfOperand(const Expr *E, const ASTContext &Ctx) {
  return E ? keyOf(stripWideningCasts(E, Ctx)) : std::nullopt;
}

const Expr *stripLvalue(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
    if (!Cast)
      return E;
    CastKind K = Cast->getCastKind();
    if (K != CK_NoOp && K != CK_DerivedToBase && K != CK_UncheckedDerivedToBase)
      return E;
    E = Cast->getSubExpr();
  }
}

Place pointeeOf(const Expr *Pointer) {
  const Expr *E = Pointer;
  while (true) {
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      switch (Cast->getCastKind()) {
      case CK_NoOp:
      case CK_BitCast:
        E = Cast->getSubExpr();
        continue;
      case CK_ArrayToPointerDecay:
        return placeOf(Cast->getSubExpr());
      case CK_LValueToRValue: {
        const Expr *Var = stripLvalue(Cast->getSubExpr());
        const auto *Ref = dyn_cast<DeclRefExpr>(Var);
        const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
        Place P;
        if (VD && !VD->getType()->isReferenceType()) {
          P.Root = VD;
          P.Indirect = true;
        }
        return P;
      }
      default:
        return {};
      }
    }
    Place P;
    if (isa<CXXThisExpr>(E)) {
      P.IsThis = true;
      P.Indirect = true;
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      // A pointer named in a template, where no conversion is spelled out.
      const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
      if (VD && !VD->getType()->isReferenceType() &&
          E->isInstantiationDependent()) {
        P.Root = VD;
        P.Indirect = true;
      }
    }
    return P;
  }
}

Place placeOf(const Expr *E) {
  E = stripLvalue(E);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    Place P;
    // A reference may name anything: it stays unknown.
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && !VD->getType()->isReferenceType())
      P.Root = VD;
    return P;
  }
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    if (const auto *Static = dyn_cast<VarDecl>(Member->getMemberDecl())) {
      Place P;
      P.Root = Static;
      return P;
    }
    Place P = Member->isArrow() ? pointeeOf(Member->getBase())
                                : placeOf(Member->getBase());
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!P.known() || !Field || Field->getParent()->isUnion())
      return P;
    if (!P.First)
      P.First = Field;
    else if (!P.Second)
      P.Second = Field;
    return P;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E);
      Unary && Unary->getOpcode() == UO_Deref)
    return pointeeOf(Unary->getSubExpr());
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
    return pointeeOf(Subscript->getBase());
  return {};
}

bool samePointer(const Expr *A, const Expr *B) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(A) && isa<CXXThisExpr>(B))
    return true;
  return isa<DeclRefExpr, MemberExpr>(A) && isa<DeclRefExpr, MemberExpr>(B) &&
         sameLvalue(A, B);
}

/// The same index: one variable (not volatile), or equal literals.
static bool sameIndex(const Expr *A, const Expr *B) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (const auto *LA = dyn_cast<IntegerLiteral>(A)) {
    const auto *LB = dyn_cast<IntegerLiteral>(B);
    return LB && llvm::APInt::isSameValue(LA->getValue(), LB->getValue());
  }
  const auto *RA = dyn_cast<DeclRefExpr>(A);
  const auto *RB = dyn_cast<DeclRefExpr>(B);
  const auto *Var = RA ? dyn_cast<VarDecl>(RA->getDecl()) : nullptr;
  return Var && RB && RB->getDecl() == Var &&
         !Var->getType().isVolatileQualified();
}

/// The same array, or the same pointer, that a subscript indexes.
static bool sameArray(const Expr *A, const Expr *B) {
  const auto *DA = dyn_cast<ImplicitCastExpr>(A->IgnoreParens());
  const auto *DB = dyn_cast<ImplicitCastExpr>(B->IgnoreParens());
  if (DA && DB && DA->getCastKind() == CK_ArrayToPointerDecay &&
      DB->getCastKind() == CK_ArrayToPointerDecay)
    return sameLvalue(DA->getSubExpr(), DB->getSubExpr());
  return samePointer(A, B);
}

bool sameLvalue(const Expr *A, const Expr *B) {
  A = stripLvalue(A);
  B = stripLvalue(B);
  if (const auto *RA = dyn_cast<DeclRefExpr>(A)) {
    const auto *RB = dyn_cast<DeclRefExpr>(B);
    return RB && isa<VarDecl>(RA->getDecl()) &&
           RA->getDecl()->getCanonicalDecl() ==
               RB->getDecl()->getCanonicalDecl();
  }
  if (const auto *MA = dyn_cast<MemberExpr>(A)) {
    const auto *MB = dyn_cast<MemberExpr>(B);
    if (!MB || MA->isArrow() != MB->isArrow() ||
        MA->getMemberDecl()->getCanonicalDecl() !=
            MB->getMemberDecl()->getCanonicalDecl() ||
        !isa<FieldDecl>(MA->getMemberDecl()))
      return false;
    return MA->isArrow() ? samePointer(MA->getBase(), MB->getBase())
                         : sameLvalue(MA->getBase(), MB->getBase());
  }
  if (const auto *SA = dyn_cast<ArraySubscriptExpr>(A)) {
    const auto *SB = dyn_cast<ArraySubscriptExpr>(B);
    return SB && sameIndex(SA->getIdx(), SB->getIdx()) &&
           sameArray(SA->getBase(), SB->getBase());
  }
  const auto *UA = dyn_cast<UnaryOperator>(A);
  const auto *UB = dyn_cast<UnaryOperator>(B);
  return UA && UB && UA->getOpcode() == UO_Deref &&
         UB->getOpcode() == UO_Deref &&
         samePointer(UA->getSubExpr(), UB->getSubExpr());
}

bool mayHoldPointer(QualType T) {
  if (T.isNull() || T->isDependentType())
    return true;
  T = T.getCanonicalType();
  if (T->isCharType() || T->isChar8Type() || T->isStdByteType())
    return true;
  return !(T->isIntegralOrEnumerationType() || T->isRealFloatingType() ||
           T->isAnyComplexType());
}

/// The kind of scalar a type is, for the aliasing rules; 0 for a type
/// that may alias anything.
static int scalarKind(QualType T) {
  if (T.isNull() || T->isDependentType())
    return 0;
  T = T.getCanonicalType();
  if (T->isCharType() || T->isChar8Type() || T->isStdByteType())
    return 0;
  if (T->isIntegralOrEnumerationType())
    return 1;
  if (T->isAnyPointerType() || T->isBlockPointerType() ||
      T->isMemberPointerType() || T->isNullPtrType())
    return 2;
  if (T->isRealFloatingType() || T->isAnyComplexType())
    return 3;
  return 0;
}

bool mayAlias(QualType Stored, QualType Read) {
  int A = scalarKind(Stored), B = scalarKind(Read);
  return !A || !B || A == B;
}

} // namespace clang::tidy::calloc
