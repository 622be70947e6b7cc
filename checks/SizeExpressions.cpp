//===--- SizeExpressions.cpp ----------------------------------------------===//

#include "SizeExpressions.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"

#include <algorithm>

namespace clang::tidy::calloc {

static Wide clampWide(Wide V) {
  return std::max(-WideLimit, std::min(WideLimit, V));
}

static Wide absWide(Wide V) { return V < 0 ? -V : V; }

static Wide saturatingMultiply(Wide A, Wide B) {
  if (A == 0 || B == 0)
    return 0;
  bool Negative = (A < 0) != (B < 0);
  if (absWide(A) > WideLimit / absWide(B))
    return Negative ? -WideLimit : WideLimit;
  return A * B;
}

ValueRange ValueRange::join(const ValueRange &O) const {
  return {std::min(Lo, O.Lo), std::max(Hi, O.Hi)};
}

ValueRange ValueRange::meet(const ValueRange &O) const {
  ValueRange R{std::max(Lo, O.Lo), std::min(Hi, O.Hi)};
  // An empty meet means the path is infeasible; keep what was known rather
  // than inventing facts from a contradiction.
  return R.Lo <= R.Hi ? R : *this;
}

ValueRange multiply(const ValueRange &A, const ValueRange &B) {
  Wide C[] = {saturatingMultiply(A.Lo, B.Lo), saturatingMultiply(A.Lo, B.Hi),
              saturatingMultiply(A.Hi, B.Lo), saturatingMultiply(A.Hi, B.Hi)};
  return {*std::min_element(std::begin(C), std::end(C)),
          *std::max_element(std::begin(C), std::end(C))};
}

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
    const auto *Base = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
    const auto *Index = dyn_cast<DeclRefExpr>(AS->getIdx()->IgnoreParenImpCasts());
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
    if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(E->IgnoreParenImpCasts()))
      if (std::optional<ValueKey> Key = keyOf(E)) {
        if (!llvm::is_contained(Keys, *Key))
          Keys.push_back(*Key);
        ValueKey Whole{Key->Var, nullptr, nullptr};
        if (Key->isPart() && !llvm::is_contained(Keys, Whole))
          Keys.push_back(Whole);
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

IntegerModel::IntegerModel(const ASTContext &Ctx, unsigned SizeTypeBits)
    : Ctx(Ctx), SizeTypeBits(SizeTypeBits) {}

static QualType integerTypeOf(QualType T) {
  if (const auto *ET = T->getAs<EnumType>())
    if (const EnumDecl *ED = ET->getDecl(); ED && !ED->getIntegerType().isNull())
      return ED->getIntegerType();
  return T;
}

unsigned IntegerModel::width(QualType T) const {
  T = integerTypeOf(T);
  if (T->isBooleanType())
    return 1;
  unsigned W = Ctx.getIntWidth(T);
  if (SizeTypeBits == 0 || W <= SizeTypeBits)
    return W;
  QualType C = T.getCanonicalType();
  bool PointerSized = Ctx.hasSameType(C, Ctx.getSizeType()) ||
                      Ctx.hasSameType(C, Ctx.getPointerDiffType()) ||
                      C->isSpecificBuiltinType(BuiltinType::Long) ||
                      C->isSpecificBuiltinType(BuiltinType::ULong);
  return PointerSized ? SizeTypeBits : W;
}

bool IntegerModel::isSigned(QualType T) const {
  return integerTypeOf(T)->isSignedIntegerType();
}

ValueRange IntegerModel::rangeOf(QualType T) const {
  if (T.isNull() || T->isDependentType() || !T->isIntegralOrEnumerationType())
    return {};
  unsigned W = width(T);
  if (W >= 100)
    return {};
  if (isSigned(T))
    return {-(Wide(1) << (W - 1)), (Wide(1) << (W - 1)) - 1};
  return {0, (Wide(1) << W) - 1};
}

ValueRange IntegerModel::sizeRange() const {
  return rangeOf(Ctx.getSizeType());
}

Wide IntegerModel::sizeTypeMin() const {
  return -(Wide(1) << (width(Ctx.getSizeType()) - 1));
}

bool productFits(const IntegerModel &Model, QualType T,
                 const ValueRange &Product) {
  ValueRange Allowed = Model.rangeOf(T);
  if (Allowed.contains(Product))
    return true;
  if (Product.Hi > Allowed.Hi)
    return false;
  // Only the negative side leaves the type, which takes a negative count.
  // In a signed type (`int cap; cap * 2`) that is a capacity below zero, a
  // different bug from the one looked for here. In an unsigned type as
  // wide as size_t a negative result down to -2^(W-1) is a huge request
  // that fails; below that it wraps to anything.
  if (Model.isSigned(T))
    return true;
  unsigned W = Model.width(T);
  return W >= Model.width(Model.context().getSizeType()) &&
         Product.Lo >= -(Wide(1) << (W - 1));
}

ValueRange RangeEvaluator::convert(const ValueRange &R, QualType From,
                                   QualType To) const {
  ValueRange Target = Model.rangeOf(To);
  if (Target.contains(R))
    return R;
  // A negative value converted to an unsigned type at least as wide as
  // size_t stays "negative" here: as a byte count it is huge and the
  // allocation fails, which is not the short buffer this check is about.
  if (!Model.isSigned(To) && To->isIntegerType() &&
      Model.width(To) >= Model.width(Model.context().getSizeType()) &&
      R.Lo >= -(Wide(1) << (Model.width(To) - 1)) && R.Hi <= Target.Hi)
    return R;
  return Target;
}

ValueRange RangeEvaluator::evaluate(const Expr *E) {
  E = E->IgnoreParens();
  QualType T = E->getType();
  if (E->isTypeDependent() || E->isValueDependent())
    return Model.rangeOf(T);
  if (!T->isIntegralOrEnumerationType())
    return {};
  Expr::EvalResult Result;
  const ASTContext &Ctx = Model.context();
  if (!E->HasSideEffects(Ctx) && E->EvaluateAsInt(Result, Ctx)) {
    const llvm::APSInt &V = Result.Val.getInt();
    if (V.getSignificantBits() <= 64)
      return ValueRange::point(V.isSigned() ? Wide(V.getSExtValue())
                                            : Wide(V.getZExtValue()));
    return Model.rangeOf(T);
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
      return evaluate(Cast->getSubExpr());
    case CK_IntegralCast:
      return convert(evaluate(Cast->getSubExpr()),
                     Cast->getSubExpr()->getType(), T);
    default:
      return Model.rangeOf(T);
    }
  }
  if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(E)) {
    ValueRange R = Model.rangeOf(T);
    if (Facts)
      if (std::optional<ValueKey> Key = keyOf(E))
        if (std::optional<ValueRange> Known = Facts->rangeOf(*Key))
          R = R.meet(*Known);
    return R;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return evaluateBinary(BO);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return evaluateConditional(CO);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // The length of a string is the size of an object less one, and no
    // object is larger than PTRDIFF_MAX bytes.
    unsigned Builtin = Call->getBuiltinCallee();
    if (Builtin == Builtin::BIstrlen || Builtin == Builtin::BI__builtin_strlen ||
        Builtin == Builtin::BIwcslen)
      return Model.rangeOf(T).meet(
          {0, Model.rangeOf(Model.context().getPointerDiffType()).Hi});
    return Model.rangeOf(T);
  }
  if (const auto *SE = dyn_cast<StmtExpr>(E)) {
    // ({ ...; value; }) has the value of its last statement.
    const CompoundStmt *Body = SE->getSubStmt();
    if (Body && !Body->body_empty())
      if (const auto *Last = dyn_cast<Expr>(Body->body_back()))
        return Model.rangeOf(T).meet(evaluate(Last));
    return Model.rangeOf(T);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Plus:
      return evaluate(UO->getSubExpr());
    case UO_Minus: {
      ValueRange R = evaluate(UO->getSubExpr());
      ValueRange Neg{-R.Hi, -R.Lo};
      return Model.rangeOf(T).contains(Neg) ? Neg : Model.rangeOf(T);
    }
    case UO_LNot:
      return {0, 1};
    default:
      return Model.rangeOf(T);
    }
  }
  return Model.rangeOf(T);
}

/// Whether \p A and \p B are the same value: the same variable or field,
/// or equal constants.
static bool sameValue(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  A = stripWideningCasts(A, Ctx);
  B = stripWideningCasts(B, Ctx);
  std::optional<ValueKey> KA = keyOf(A), KB = keyOf(B);
  if (KA && KB)
    return *KA == *KB;
  if (A->isValueDependent() || B->isValueDependent())
    return false;
  Expr::EvalResult VA, VB;
  return !KA && !KB && A->EvaluateAsInt(VA, Ctx) && B->EvaluateAsInt(VB, Ctx) &&
         llvm::APSInt::isSameValue(VA.Val.getInt(), VB.Val.getInt());
}

ValueRange RangeEvaluator::evaluateConditional(const ConditionalOperator *CO) {
  ValueRange T = evaluate(CO->getTrueExpr());
  ValueRange F = evaluate(CO->getFalseExpr());
  // `a < b ? a : b` is min(a, b), `a > b ? a : b` is max(a, b): the MIN and
  // MAX macros, and clamps written inline.
  const auto *Cmp = dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
  if (Cmp && Cmp->isRelationalOp()) {
    const ASTContext &Ctx = Model.context();
    bool Less = Cmp->getOpcode() == BO_LT || Cmp->getOpcode() == BO_LE;
    bool Direct = sameValue(Cmp->getLHS(), CO->getTrueExpr(), Ctx) &&
                  sameValue(Cmp->getRHS(), CO->getFalseExpr(), Ctx);
    bool Swapped = sameValue(Cmp->getLHS(), CO->getFalseExpr(), Ctx) &&
                   sameValue(Cmp->getRHS(), CO->getTrueExpr(), Ctx);
    if (Direct || Swapped) {
      bool IsMin = Direct == Less;
      if (IsMin)
        return {std::min(T.Lo, F.Lo), std::min(T.Hi, F.Hi)};
      return {std::max(T.Lo, F.Lo), std::max(T.Hi, F.Hi)};
    }
  }
  return T.join(F);
}

ValueRange RangeEvaluator::evaluateBinary(const BinaryOperator *BO) {
  QualType T = BO->getType();
  ValueRange TypeRange = Model.rangeOf(T);
  if (BO->getOpcode() == BO_Assign)
    return TypeRange.meet(evaluate(BO->getRHS())); // `(len = 20) * 4`
  if (BO->isCompoundAssignmentOp())
    return TypeRange;
  if (BO->isComparisonOp() || BO->isLogicalOp())
    return {0, 1};
  if (BO->getOpcode() == BO_Comma)
    return evaluate(BO->getRHS());

  ValueRange L = evaluate(BO->getLHS());
  ValueRange R = evaluate(BO->getRHS());
  auto FitOrType = [&](ValueRange V) {
    V = {clampWide(V.Lo), clampWide(V.Hi)};
    return productFits(Model, T, V) ? V : TypeRange;
  };

  switch (BO->getOpcode()) {
  case BO_Mul: {
    ValueRange P = multiply(L, R);
    if (Facts) {
      std::optional<ValueKey> A = keyOf(stripWideningCasts(BO->getLHS(), Model.context()));
      std::optional<ValueKey> B = keyOf(stripWideningCasts(BO->getRHS(), Model.context()));
      if (A && B)
        if (std::optional<Wide> Bound = Facts->productBound(*A, *B))
          P.Hi = std::min(P.Hi, *Bound);
    }
    if (!productFits(Model, T, P)) {
      Wrapping.push_back(BO);
      return TypeRange;
    }
    return P;
  }
  case BO_Add:
    return FitOrType({L.Lo + R.Lo, L.Hi + R.Hi});
  case BO_Sub:
    return FitOrType({L.Lo - R.Hi, L.Hi - R.Lo});
  default:
    break;
  }

  // The remaining operators do not keep "negative means huge": bring the
  // operands of unsigned operations back into their type first.
  if (!Model.isSigned(T)) {
    if (L.Lo < 0)
      L = TypeRange;
    if (R.Lo < 0)
      R = TypeRange;
  }
  switch (BO->getOpcode()) {
  case BO_Div: {
    // Division by zero is undefined: the divisor is taken as non-zero. A
    // divisor that may be negative can only shrink the magnitude.
    if (R.Lo < 1 && R.Hi >= 0 && R.Lo >= 0)
      R.Lo = 1;
    if (R.Lo < 1) {
      Wide M = std::max(absWide(L.Lo), absWide(L.Hi));
      return FitOrType({-M, M});
    }
    if (R.Hi < 1)
      return TypeRange;
    Wide C[] = {L.Lo / R.Lo, L.Lo / R.Hi, L.Hi / R.Lo, L.Hi / R.Hi};
    return FitOrType({*std::min_element(std::begin(C), std::end(C)),
                      *std::max_element(std::begin(C), std::end(C))});
  }
  case BO_Rem: {
    if (R.Lo < 1)
      return TypeRange;
    Wide M = R.Hi - 1;
    if (L.Lo >= 0)
      return {0, std::min(L.Hi, M)};
    return FitOrType({-M, M});
  }
  case BO_And:
    if (L.Lo >= 0 && R.Lo >= 0)
      return {0, std::min(L.Hi, R.Hi)};
    if (R.Lo >= 0)
      return {0, R.Hi};
    if (L.Lo >= 0)
      return {0, L.Hi};
    return TypeRange;
  case BO_Or:
  case BO_Xor: {
    // Bytes assembled into a word: no more bits than the wider operand.
    if (L.Lo < 0 || R.Lo < 0)
      return TypeRange;
    Wide Max = std::max(L.Hi, R.Hi), Ceiling = 1;
    while (Ceiling <= Max && Ceiling < WideLimit)
      Ceiling <<= 1;
    return FitOrType({0, Ceiling - 1});
  }
  case BO_Shr:
    if (L.Lo >= 0 && R.Lo >= 0)
      return {L.Lo >> int(std::min(R.Hi, Wide(127))),
              L.Hi >> int(std::min(R.Lo, Wide(127)))};
    return TypeRange;
  case BO_Shl:
    // `1 << bits` with bits bounded by a guard.
    if (L.Lo >= 0 && R.Lo >= 0 && R.Hi < 100)
      return FitOrType(multiply(L, {Wide(1) << int(R.Lo), Wide(1) << int(R.Hi)}));
    return TypeRange;
  default:
    return TypeRange;
  }
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
    if (const BinaryOperator *Found = outermostProduct(CO->getTrueExpr(), Inner))
      return Found;
    return outermostProduct(CO->getFalseExpr(), Inner);
  }
  return nullptr;
}

bool isConstantFactor(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (E->isValueDependent() || E->isTypeDependent())
    return false;
  Expr::EvalResult Result;
  return !E->HasSideEffects(Ctx) && E->EvaluateAsInt(Result, Ctx);
}

} // namespace clang::tidy::calloc
