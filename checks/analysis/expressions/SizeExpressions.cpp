//===--- SizeExpressions.cpp ----------------------------------------------===//

#include "analysis/expressions/SizeExpressions.h"

#include "clang/AST/ExprCXX.h"

namespace clang::tidy::calloc {

bool anyStatement(const Stmt *S, llvm::function_ref<bool(const Stmt *)> Pred) {
  llvm::SmallVector<const Stmt *, 32> Work{S};
  while (!Work.empty()) {
    const Stmt *Part = Work.pop_back_val();
    if (!Part)
      continue;
    if (Pred(Part))
      return true;
    for (const Stmt *Child : Part->children())
      Work.push_back(Child);
  }
  return false;
}

/// Whether \p E reads a variable the evaluator cannot know (a parameter, or
/// a local or global neither const nor a reference) on a path that every
/// evaluation of \p E takes: through arithmetic, comparisons, casts,
/// members and subscripts only (not `&&`, `||`, `?:`, calls, `&`, `sizeof`,
/// which can give a value without that read; the walk does not enter
/// them). Such an expression is no constant, and saying so here spares the
/// evaluator's setup on each of the many conditions and assignments that
/// are not (`if (rc != 0)`, `n = len + 1`). The right operand is read
/// first: in a chain `k + k + ... + k` the first read is at hand.
static bool readsUnknownVariable(const Expr *E) {
  llvm::SmallVector<const Expr *, 8> Work{E};
  while (!Work.empty()) {
    const Expr *Part = Work.pop_back_val()->IgnoreParens();
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Part);
        Cast && Cast->getCastKind() == CK_LValueToRValue) {
      const auto *Ref =
          dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens());
      const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (Var && !Var->getType()->isReferenceType() &&
          (isa<ParmVarDecl>(Var) ||
           (!Var->getType().isConstQualified() && !Var->isConstexpr())))
        return true;
      Work.push_back(Cast->getSubExpr());
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(Part)) {
      if (BO->isLogicalOp() || BO->isCommaOp() || BO->isAssignmentOp())
        continue;
      Work.push_back(BO->getLHS());
      Work.push_back(BO->getRHS());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(Part)) {
      if (UO->getOpcode() == UO_AddrOf || UO->getOpcode() == UO_Deref ||
          UO->isIncrementDecrementOp())
        continue;
      Work.push_back(UO->getSubExpr());
    } else if (const auto *Cast = dyn_cast<CastExpr>(Part)) {
      Work.push_back(Cast->getSubExpr());
    } else if (const auto *Member = dyn_cast<MemberExpr>(Part)) {
      Work.push_back(Member->getBase());
    } else if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Part)) {
      Work.push_back(Sub->getBase());
      Work.push_back(Sub->getIdx());
    }
  }
  return false;
}

std::optional<llvm::APSInt> constantValue(const Expr *E,
                                          const ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType() || readsUnknownVariable(E))
    return std::nullopt;
  Expr::EvalResult Result;
  if (E->HasSideEffects(Ctx) || !E->EvaluateAsInt(Result, Ctx))
    return std::nullopt;
  return Result.Val.getInt();
}

bool isConstantFactor(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  return isa<UnaryExprOrTypeTraitExpr>(E) || constantValue(E, Ctx).has_value();
}

static void collectFactors(const Expr *E,
                           llvm::SmallVectorImpl<const Expr *> &Out) {
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(Bare);
      BO && BO->getOpcode() == BO_Mul) {
    collectFactors(BO->getLHS(), Out);
    collectFactors(BO->getRHS(), Out);
    return;
  }
  Out.push_back(E->IgnoreImpCasts());
}

llvm::SmallVector<const Expr *, 4> productFactors(const BinaryOperator *Mul) {
  llvm::SmallVector<const Expr *, 4> Factors;
  // `size *= 2`: the product it stores, of its two operands.
  if (Mul->getOpcode() == BO_MulAssign) {
    collectFactors(Mul->getLHS(), Factors);
    collectFactors(Mul->getRHS(), Factors);
    return Factors;
  }
  collectFactors(Mul, Factors);
  return Factors;
}

static bool inProductTree(const Expr *E, const BinaryOperator *Inner) {
  E = E->IgnoreParenImpCasts();
  if (E == Inner)
    return true;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  return BO && BO->getOpcode() == BO_Mul &&
         (inProductTree(BO->getLHS(), Inner) ||
          inProductTree(BO->getRHS(), Inner));
}

const BinaryOperator *outermostProduct(const Expr *Root,
                                       const BinaryOperator *Inner) {
  if (!Root)
    return nullptr;
  const Expr *E = Root->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Mul && inProductTree(BO, Inner))
      return BO;
    if (const BinaryOperator *Found = outermostProduct(BO->getLHS(), Inner))
      return Found;
    return outermostProduct(BO->getRHS(), Inner);
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return outermostProduct(Cast->getSubExpr(), Inner);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return outermostProduct(UO->getSubExpr(), Inner);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    if (const BinaryOperator *Found =
            outermostProduct(CO->getTrueExpr(), Inner))
      return Found;
    return outermostProduct(CO->getFalseExpr(), Inner);
  }
  return nullptr;
}

/// Strips parentheses and the casts that do not change a value.
static const Expr *stripValue(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *Cast = dyn_cast<CastExpr>(E);
    if (!Cast || (Cast->getCastKind() != CK_NoOp &&
                  Cast->getCastKind() != CK_LValueToRValue))
      return E;
    E = Cast->getSubExpr();
  }
}

/// The type a sizeof measures. For `sizeof(*p)` with `T *p` in a template,
/// T, which older clangs do not give the dereference itself.
static QualType measuredType(const UnaryExprOrTypeTraitExpr *E) {
  if (!E->isArgumentType())
    if (const auto *Deref =
            dyn_cast<UnaryOperator>(E->getArgumentExpr()->IgnoreParens());
        Deref && Deref->getOpcode() == UO_Deref)
      if (const auto *Pointer = Deref->getSubExpr()
                                    ->IgnoreParenImpCasts()
                                    ->getType()
                                    ->getAs<PointerType>())
        return Pointer->getPointeeType();
  return E->getTypeOfArgument();
}

/// The factors of a chain of multiplications computed in one type.
static void sameTypeFactors(const Expr *E, QualType Type,
                            llvm::SmallVectorImpl<const Expr *> &Out) {
  const Expr *Bare = stripValue(E);
  if (const auto *Mul = dyn_cast<BinaryOperator>(Bare);
      Mul && Mul->getOpcode() == BO_Mul &&
      Mul->getType().getCanonicalType() == Type.getCanonicalType()) {
    sameTypeFactors(Mul->getLHS(), Type, Out);
    sameTypeFactors(Mul->getRHS(), Type, Out);
    return;
  }
  Out.push_back(Bare);
}

/// `a * b * c` against any order of the same factors, when every
/// multiplication happens in the same type (so the order cannot change
/// where a result wraps).
static bool sameProduct(const BinaryOperator *A, const BinaryOperator *B,
                        const ASTContext &Ctx) {
  QualType Type = A->getType();
  if (Type.getCanonicalType() != B->getType().getCanonicalType())
    return false;
  llvm::SmallVector<const Expr *, 4> FA, FB;
  sameTypeFactors(A, Type, FA);
  sameTypeFactors(B, Type, FB);
  if (FA.size() != FB.size())
    return false;
  llvm::SmallVector<bool, 4> Used(FB.size(), false);
  for (const Expr *F : FA) {
    bool Matched = false;
    for (size_t I = 0; I < FB.size() && !Matched; ++I)
      if (!Used[I] && sameValue(F, FB[I], Ctx))
        Used[I] = Matched = true;
    if (!Matched)
      return false;
  }
  return true;
}

static bool sameBinary(const BinaryOperator *A, const BinaryOperator *B,
                       const ASTContext &Ctx) {
  if (A->getOpcode() != B->getOpcode() || A->isAssignmentOp())
    return false;
  if (A->getOpcode() == BO_Mul)
    return sameProduct(A, B, Ctx);
  if (sameValue(A->getLHS(), B->getLHS(), Ctx) &&
      sameValue(A->getRHS(), B->getRHS(), Ctx))
    return true;
  return A->getOpcode() == BO_Add && sameValue(A->getLHS(), B->getRHS(), Ctx) &&
         sameValue(A->getRHS(), B->getLHS(), Ctx);
}

/// Only in templates, where it has no value yet: sizeof(T) against
/// sizeof(T), or sizeof(*p).
static bool sameTrait(const UnaryExprOrTypeTraitExpr *A,
                      const UnaryExprOrTypeTraitExpr *B) {
  QualType QA = measuredType(A), QB = measuredType(B);
  return A->getKind() == B->getKind() && !QA->isVariablyModifiedType() &&
         !QB->isVariablyModifiedType() &&
         QA.getCanonicalType().getUnqualifiedType() ==
             QB.getCanonicalType().getUnqualifiedType();
}

static bool sameCall(const CallExpr *A, const CallExpr *B,
                     const ASTContext &Ctx) {
  const FunctionDecl *F = A->getDirectCallee();
  if (!F || F != B->getDirectCallee() || A->getNumArgs() != B->getNumArgs())
    return false;
  for (unsigned I = 0; I < A->getNumArgs(); ++I)
    if (!sameValue(A->getArg(I), B->getArg(I), Ctx))
      return false;
  return true;
}

bool sameValue(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  std::optional<llvm::APSInt> CA = constantValue(A, Ctx);
  std::optional<llvm::APSInt> CB = constantValue(B, Ctx);
  if (CA || CB)
    return CA && CB && llvm::APSInt::isSameValue(*CA, *CB);
  A = stripValue(A);
  B = stripValue(B);
  if (const auto *Cast = dyn_cast<CastExpr>(A)) {
    const auto *Other = dyn_cast<CastExpr>(B);
    return Other && Cast->getCastKind() == Other->getCastKind() &&
           Cast->getType().getCanonicalType() ==
               Other->getType().getCanonicalType() &&
           sameValue(Cast->getSubExpr(), Other->getSubExpr(), Ctx);
  }
  if (A->getStmtClass() != B->getStmtClass())
    return false;
  if (const auto *BA = dyn_cast<BinaryOperator>(A))
    return sameBinary(BA, cast<BinaryOperator>(B), Ctx);
  if (const auto *UA = dyn_cast<UnaryOperator>(A)) {
    const auto *UB = cast<UnaryOperator>(B);
    return UA->getOpcode() == UB->getOpcode() &&
           !UA->isIncrementDecrementOp() &&
           sameValue(UA->getSubExpr(), UB->getSubExpr(), Ctx);
  }
  if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(A))
    return sameLvalue(A, B);
  if (const auto *TA = dyn_cast<UnaryExprOrTypeTraitExpr>(A))
    return sameTrait(TA, cast<UnaryExprOrTypeTraitExpr>(B));
  if (const auto *CallA = dyn_cast<CallExpr>(A))
    return sameCall(CallA, cast<CallExpr>(B), Ctx);
  if (const auto *CondA = dyn_cast<ConditionalOperator>(A)) {
    const auto *CondB = cast<ConditionalOperator>(B);
    return sameValue(CondA->getCond(), CondB->getCond(), Ctx) &&
           sameValue(CondA->getTrueExpr(), CondB->getTrueExpr(), Ctx) &&
           sameValue(CondA->getFalseExpr(), CondB->getFalseExpr(), Ctx);
  }
  return isa<CXXThisExpr>(A);
}

bool sameOperand(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  A = stripWideningCasts(A, Ctx);
  B = stripWideningCasts(B, Ctx);
  std::optional<ValueKey> KA = keyOf(A), KB = keyOf(B);
  if (KA || KB)
    return KA && KB && *KA == *KB;
  std::optional<llvm::APSInt> CA = constantValue(A, Ctx);
  std::optional<llvm::APSInt> CB = constantValue(B, Ctx);
  return CA && CB && llvm::APSInt::isSameValue(*CA, *CB);
}

} // namespace clang::tidy::calloc
