//===--- IntegerRanges.cpp ------------------------------------------------===//

#include "analysis/expressions/IntegerRanges.h"
#include "analysis/expressions/SizeExpressions.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"

#include <algorithm>

namespace clang::tidy::calloc {

std::optional<Wide> toWide(const llvm::APSInt &V) {
  if (V.isSigned())
    return V.getSignificantBits() <= 64 ? std::optional<Wide>(V.getSExtValue())
                                        : std::nullopt;
  return V.getActiveBits() <= 64 ? std::optional<Wide>(V.getZExtValue())
                                 : std::nullopt;
}

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
  return R.Lo <= R.Hi ? R : *this;
}

ValueRange multiply(const ValueRange &A, const ValueRange &B) {
  Wide C[] = {saturatingMultiply(A.Lo, B.Lo), saturatingMultiply(A.Lo, B.Hi),
              saturatingMultiply(A.Hi, B.Lo), saturatingMultiply(A.Hi, B.Hi)};
  return {*std::min_element(std::begin(C), std::end(C)),
          *std::max_element(std::begin(C), std::end(C))};
}

IntegerModel::IntegerModel(const ASTContext &Ctx, unsigned SizeTypeBits,
                           const LengthAccessors *Lengths)
    : Ctx(Ctx), SizeTypeBits(SizeTypeBits), Lengths(Lengths) {}

std::optional<ObjectLength> IntegerModel::lengthOf(const Expr *E) const {
  if (Lengths)
    return Lengths->measure(E, Ctx);
  return builtinLength(E, Ctx);
}

Wide IntegerModel::maxElements(const ObjectLength &Length) const {
  QualType PtrDiff = Ctx.getPointerDiffType();
  // A pointer is as wide as ptrdiff_t, also when SizeTypeBits narrows both.
  Wide Bytes = Length.ElementBytes ? Wide(Length.ElementBytes)
                                   : std::max<Wide>(1, width(PtrDiff) / 8);
  return rangeOf(PtrDiff).Hi / Bytes;
}

static QualType integerTypeOf(QualType T) {
  if (const auto *ET = T->getAs<EnumType>())
    if (const EnumDecl *ED = ET->getDecl();
        ED && !ED->getIntegerType().isNull())
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

Wide IntegerModel::modelledConstant(Wide V, QualType T) const {
  unsigned Real = Ctx.getIntWidth(integerTypeOf(T));
  unsigned Bits = width(T);
  if (Bits >= Real || rangeOf(T).contains(ValueRange::point(V)))
    return V;
  // Written for the target's width: SIZE_MAX / sizeof(T), PTRDIFF_MAX / 2.
  return V >> (Real - Bits);
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

bool IntegerModel::keepsNegativeAsHuge(QualType To, const ValueRange &R) const {
  if (isSigned(To) || !To->isIntegerType())
    return false;
  unsigned W = width(To);
  return W >= width(Ctx.getSizeType()) && R.Lo >= -(Wide(1) << (W - 1)) &&
         R.Hi <= rangeOf(To).Hi;
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
  return Model.isSigned(T) || Model.keepsNegativeAsHuge(T, Product);
}

ValueRange RangeEvaluator::convert(const ValueRange &R, QualType To) const {
  ValueRange Target = Model.rangeOf(To);
  if (Target.contains(R) || Model.keepsNegativeAsHuge(To, R))
    return R;
  return Target;
}

ValueRange RangeEvaluator::evaluate(const Expr *E) {
  ValueRange R = evaluateValue(E);
  if (E->isTypeDependent() || E->isValueDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return R;
  // A count of the elements of an object in memory: no object is larger
  // than PTRDIFF_MAX bytes. Its magnitude is bounded (CPython's ob_size is
  // negative for a negative int); its type may cut off the negative side.
  if (std::optional<ObjectLength> Length = Model.lengthOf(E)) {
    Wide Max = Model.maxElements(*Length);
    // The bound's own products are not the size's: another evaluator.
    if (Length->Limit)
      Max = std::min(Max,
                     RangeEvaluator(Model, Facts).evaluate(Length->Limit).Hi);
    R = R.meet({-Max, Max});
  }
  return R;
}

namespace {
/// The values an element of a constant table may hold: `caps[v].width`
/// reads one of the widths its initializer lists, whatever v is (an index
/// outside the table is another bug, and undefined). Walks the initializer
/// along the accesses, taking every element at a subscript and the named
/// field at a member access.
class TableValues {
public:
  explicit TableValues(const ASTContext &Ctx) : Ctx(Ctx) {}

  std::optional<ValueRange> of(const Expr *E) {
    llvm::SmallVector<const Expr *, 4> Steps;
    while (true) {
      // Only the reads and conversions of a value: a derived-to-base
      // conversion would read a base's field at the derived's position.
      E = E->IgnoreParens();
      if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
        if (Cast->getCastKind() != CK_LValueToRValue &&
            Cast->getCastKind() != CK_NoOp &&
            Cast->getCastKind() != CK_ArrayToPointerDecay)
          return std::nullopt;
        E = Cast->getSubExpr();
        continue;
      }
      if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
        // `i[table]` is rare: only the base names the table.
        if (Sub->getBase()->getType()->isIntegerType())
          return std::nullopt;
        Steps.push_back(Sub);
        E = Sub->getBase();
      } else if (const auto *Member = dyn_cast<MemberExpr>(E);
                 Member && !Member->isArrow()) {
        Steps.push_back(Member);
        E = Member->getBase();
      } else {
        break;
      }
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    // Not a parameter (its "initializer" is a default argument, which a
    // caller replaces), nor a weak table another unit may replace.
    if (Steps.empty() || !Var || isa<ParmVarDecl>(Var) || Var->isWeak() ||
        !(Var->getType()->isArrayType() || Var->getType()->isRecordType()))
      return std::nullopt;
    QualType Element = Ctx.getBaseElementType(Var->getType());
    const Expr *Init = Var->getAnyInitializer();
    // Only an object nothing may write: const and not volatile, filled by
    // its initializer (every value of it a constant: see collect).
    if (!Init || !Element.isConstQualified() || Element.isVolatileQualified())
      return std::nullopt;
    std::reverse(Steps.begin(), Steps.end());
    if (!collect(Init, Steps))
      return std::nullopt;
    return Found;
  }

private:
  bool add(Wide V) {
    Found = Found ? Found->join(ValueRange::point(V)) : ValueRange::point(V);
    return true;
  }

  bool collect(const Expr *Init, llvm::ArrayRef<const Expr *> Steps) {
    constexpr unsigned MaxValues = 4096;
    if (++Visited > MaxValues)
      return false;
    if (isa<ImplicitValueInitExpr>(Init->IgnoreParenImpCasts()))
      return add(0);
    if (Steps.empty()) {
      // The value as stored: the initializer converted to the element's
      // type.
      std::optional<llvm::APSInt> V = constantValue(Init->IgnoreParens(), Ctx);
      std::optional<Wide> W = V ? toWide(*V) : std::nullopt;
      return W && add(*W);
    }
    const auto *List = dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts());
    if (!List || List->getType()->isUnionType())
      return false;
    if (isa<ArraySubscriptExpr>(Steps.front())) {
      const auto *Array = Ctx.getAsConstantArrayType(List->getType());
      if (!Array)
        return false;
      for (const Expr *Element : List->inits())
        if (!collect(Element, Steps.drop_front()))
          return false;
      // Elements the list leaves out are zero (or the filler's value).
      if (Array->getSize().ugt(List->getNumInits()))
        return List->hasArrayFiller()
                   ? collect(List->getArrayFiller(), Steps.drop_front())
                   : add(0);
      return true;
    }
    const auto *Field =
        dyn_cast<FieldDecl>(cast<MemberExpr>(Steps.front())->getMemberDecl());
    const RecordDecl *Record = List->getType()->getAsRecordDecl();
    // The field must be the list's record's own, not a base's; a class
    // with bases lists them first; a mutable or volatile field may change.
    if (!Field || Field->isBitField() || Field->isMutable() ||
        Field->getType().isVolatileQualified() || !Record ||
        Field->getParent()->getCanonicalDecl() != Record->getCanonicalDecl())
      return false;
    if (const auto *Class = dyn_cast<CXXRecordDecl>(Record);
        Class && Class->hasDefinition() && Class->getNumBases() > 0)
      return false;
    // The list has no element for an unnamed bit-field.
    unsigned Index = 0;
    for (const FieldDecl *F : Record->fields()) {
      if (F == Field)
        break;
      Index += !(F->isBitField() && !F->getDeclName());
    }
    if (Index >= List->getNumInits())
      return add(0);
    return collect(List->getInit(Index), Steps.drop_front());
  }

  const ASTContext &Ctx;
  std::optional<ValueRange> Found;
  unsigned Visited = 0;
};
} // namespace

ValueRange RangeEvaluator::evaluateValue(const Expr *E) {
  E = E->IgnoreParens();
  QualType T = E->getType();
  if (E->isTypeDependent() || E->isValueDependent())
    return Model.rangeOf(T);
  if (!T->isIntegralOrEnumerationType())
    return {};
  // constantValue answers at once for an expression that reads a variable:
  // asking the evaluator at every level of `k + k + ... + k` cost time
  // quadratic in its length.
  if (std::optional<llvm::APSInt> V = constantValue(E, Model.context())) {
    if (V->getSignificantBits() <= 64)
      return ValueRange::point(Model.modelledConstant(*toWide(*V), T));
    return Model.rangeOf(T);
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return evaluateCast(Cast);
  if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(E)) {
    ValueRange R = Model.rangeOf(T);
    if (!isa<DeclRefExpr>(E))
      if (std::optional<ValueRange> Table =
              TableValues(Model.context()).of(E))
        R = R.meet(*Table);
    if (Facts)
      if (std::optional<ValueKey> Key = keyOf(E))
        if (std::optional<ValueRange> Known = Facts->rangeOf(*Key))
          R = R.meet(*Known);
    return R;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    ValueRange R = evaluateBinary(BO);
    if (Facts)
      if (std::optional<ValueRange> Known = Facts->rangeOfExpression(BO))
        R = R.meet(*Known);
    return R;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return evaluateConditional(CO);
  if (const auto *SE = dyn_cast<StmtExpr>(E)) {
    // ({ ...; value; }) has the value of its last statement.
    const CompoundStmt *Body = SE->getSubStmt();
    if (Body && !Body->body_empty())
      if (const auto *Last = dyn_cast<Expr>(Body->body_back()))
        return Model.rangeOf(T).meet(evaluate(Last));
    return Model.rangeOf(T);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return evaluateUnary(UO);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const CallResults *Results = Model.callResults())
      if (std::optional<ValueRange> R = Results->resultOf(Call))
        return Model.rangeOf(T).meet(*R);
  return Model.rangeOf(T);
}

ValueRange RangeEvaluator::evaluateCast(const CastExpr *Cast) {
  switch (Cast->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
    return evaluate(Cast->getSubExpr());
  case CK_IntegralCast:
    return convert(evaluate(Cast->getSubExpr()), Cast->getType());
  default:
    return Model.rangeOf(Cast->getType());
  }
}

ValueRange RangeEvaluator::evaluateUnary(const UnaryOperator *UO) {
  QualType T = UO->getType();
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

std::optional<ValueRange> comparisonBound(BinaryOperatorKind KeyOp,
                                          const ValueRange &Current,
                                          const ValueRange &Other) {
  ValueRange Bound;
  switch (KeyOp) {
  case BO_LT:
    Bound.Hi = Other.Hi - 1;
    break;
  case BO_LE:
    Bound.Hi = Other.Hi;
    break;
  case BO_GT:
    Bound.Lo = Other.Lo + 1;
    break;
  case BO_GE:
    Bound.Lo = Other.Lo;
    break;
  case BO_EQ:
    Bound = Other;
    break;
  case BO_NE:
    // Only a constant at one end of the range moves that end.
    if (Other.Lo == Other.Hi && Other.Lo == Current.Lo)
      Bound.Lo = Other.Lo + 1;
    else if (Other.Lo == Other.Hi && Other.Lo == Current.Hi)
      Bound.Hi = Other.Hi - 1;
    break;
  default:
    return std::nullopt;
  }
  return Bound;
}

namespace {
/// What is known in one branch of a conditional: \p Base's facts, and a
/// range for the value its condition compared.
class BranchFacts : public ValueFacts {
public:
  BranchFacts(const ValueFacts *Base, ValueKey Key, ValueRange Range)
      : Base(Base), Key(Key), Range(Range) {}
  std::optional<ValueRange> rangeOf(const ValueKey &K) const override {
    std::optional<ValueRange> Known = Base ? Base->rangeOf(K) : std::nullopt;
    if (K != Key)
      return Known;
    return Known ? Known->meet(Range) : Range;
  }
  std::optional<Wide> productBound(const ValueKey &A,
                                   const ValueKey &B) const override {
    return Base ? Base->productBound(A, B) : std::nullopt;
  }
  std::optional<ValueRange> rangeOfExpression(const Expr *E) const override {
    return Base ? Base->rangeOfExpression(E) : std::nullopt;
  }
  std::optional<Wide> productBoundOf(const Expr *A,
                                     const Expr *B) const override {
    return Base ? Base->productBoundOf(A, B) : std::nullopt;
  }

private:
  const ValueFacts *Base;
  ValueKey Key;
  ValueRange Range;
};
} // namespace

std::optional<std::pair<ValueKey, ValueRange>>
RangeEvaluator::branchBound(const BinaryOperator *Cmp, bool Truth) {
  BinaryOperatorKind Op = Cmp->getOpcode();
  if (!Truth)
    Op = BinaryOperator::negateComparisonOp(Op);
  for (int Side = 0; Side < 2; ++Side) {
    const Expr *Mine = Side == 0 ? Cmp->getLHS() : Cmp->getRHS();
    const Expr *Other = Side == 0 ? Cmp->getRHS() : Cmp->getLHS();
    BinaryOperatorKind KeyOp =
        Side == 0 ? Op : BinaryOperator::reverseComparisonOp(Op);
    const Expr *Value = Mine->IgnoreParenImpCasts();
    std::optional<ValueKey> Key = keyOf(Value);
    // The comparison converts both sides to one type; a bound on the
    // converted value is one on the value only when that keeps every value.
    if (!Key || !Value->getType()->isIntegerType() ||
        !Model.rangeOf(Mine->getType()).contains(Model.rangeOf(Value->getType())))
      continue;
    // Evaluated without a bound of its own: the other side may read the
    // same value.
    ValueRange Type = Model.rangeOf(Value->getType());
    std::optional<ValueRange> Bound =
        comparisonBound(KeyOp, Type, evaluate(Other));
    if (!Bound || !Type.intersects(*Bound))
      continue;
    return std::make_pair(*Key, Type.meet(*Bound));
  }
  return std::nullopt;
}

/// \p E evaluated where \p Cmp is \p Truth (a branch of a conditional).
ValueRange RangeEvaluator::evaluateWhere(const Expr *E,
                                         const BinaryOperator *Cmp,
                                         bool Truth) {
  std::optional<std::pair<ValueKey, ValueRange>> Bound =
      Cmp && Cmp->isComparisonOp() ? branchBound(Cmp, Truth) : std::nullopt;
  if (!Bound)
    return evaluate(E);
  BranchFacts Branch(Facts, Bound->first, Bound->second);
  const ValueFacts *Outer = Facts;
  Facts = &Branch;
  ValueRange R = evaluate(E);
  Facts = Outer;
  return R;
}

ValueRange RangeEvaluator::evaluateConditional(const ConditionalOperator *CO) {
  // Each branch runs only where the condition says: `n <= MAX / 2 ? 2 * n
  // : MAX` doubles n only below half the limit.
  const auto *Cond =
      dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
  ValueRange T = evaluateWhere(CO->getTrueExpr(), Cond, true);
  ValueRange F = evaluateWhere(CO->getFalseExpr(), Cond, false);
  // `a < b ? a : b` is min(a, b), `a > b ? a : b` is max(a, b): the MIN and
  // MAX macros, and clamps written inline.
  const auto *Cmp =
      dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
  if (!Cmp || !Cmp->isRelationalOp())
    return T.join(F);
  const ASTContext &Ctx = Model.context();
  bool Less = Cmp->getOpcode() == BO_LT || Cmp->getOpcode() == BO_LE;
  bool Direct = sameOperand(Cmp->getLHS(), CO->getTrueExpr(), Ctx) &&
                sameOperand(Cmp->getRHS(), CO->getFalseExpr(), Ctx);
  bool Swapped = sameOperand(Cmp->getLHS(), CO->getFalseExpr(), Ctx) &&
                 sameOperand(Cmp->getRHS(), CO->getTrueExpr(), Ctx);
  if (!Direct && !Swapped)
    return T.join(F);
  if (Direct == Less) // the smaller one
    return {std::min(T.Lo, F.Lo), std::min(T.Hi, F.Hi)};
  return {std::max(T.Lo, F.Lo), std::max(T.Hi, F.Hi)};
}

ValueRange RangeEvaluator::fitOrType(const BinaryOperator *BO,
                                     ValueRange V) const {
  V = {clampWide(V.Lo), clampWide(V.Hi)};
  return productFits(Model, BO->getType(), V) ? V
                                              : Model.rangeOf(BO->getType());
}

ValueRange RangeEvaluator::evaluateBinary(const BinaryOperator *BO) {
  ValueRange TypeRange = Model.rangeOf(BO->getType());
  if (BO->getOpcode() == BO_Assign)
    return TypeRange.meet(evaluate(BO->getRHS())); // `(len = 20) * 4`
  // `size *= 2` is the product it stores, in the type it stores it in.
  size_t WrapsBefore = Wrapping.size();
  if (BO->getOpcode() == BO_MulAssign)
    return evaluateProduct(BO, evaluate(BO->getLHS()),
                           evaluate(BO->getRHS()), WrapsBefore);
  if (BO->isCompoundAssignmentOp())
    return TypeRange;
  if (BO->isComparisonOp() || BO->isLogicalOp())
    return {0, 1};
  if (BO->getOpcode() == BO_Comma)
    return evaluate(BO->getRHS());

  ValueRange L = evaluate(BO->getLHS());
  ValueRange R = evaluate(BO->getRHS());
  switch (BO->getOpcode()) {
  case BO_Mul:
    return evaluateProduct(BO, L, R, WrapsBefore);
  case BO_Add:
    return fitOrType(BO, {L.Lo + R.Lo, L.Hi + R.Hi});
  case BO_Sub:
    return fitOrType(BO, {L.Lo - R.Hi, L.Hi - R.Lo});
  default:
    break;
  }
  // The remaining operators do not keep "negative means huge": bring the
  // operands of unsigned operations back into their type first.
  if (!Model.isSigned(BO->getType())) {
    if (L.Lo < 0)
      L = TypeRange;
    if (R.Lo < 0)
      R = TypeRange;
  }
  if (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Rem)
    return evaluateDivision(BO, L, R);
  return evaluateBitwise(BO, L, R);
}

/// Whether \p Inner is a multiplication of \p Outer's operands, through
/// parentheses only and in \p Outer's type: a factor of the same product.
static bool isFactorProduct(const BinaryOperator *Outer,
                            const BinaryOperator *Inner) {
  for (const Expr *Side : {Outer->getLHS(), Outer->getRHS()}) {
    const auto *Mul = dyn_cast<BinaryOperator>(Side->IgnoreParens());
    if (!Mul || Mul->getOpcode() != BO_Mul ||
        Mul->getType().getCanonicalType() !=
            Outer->getType().getCanonicalType())
      continue;
    if (Mul == Inner || isFactorProduct(Mul, Inner))
      return true;
  }
  return false;
}

ValueRange RangeEvaluator::evaluateProduct(const BinaryOperator *BO,
                                           ValueRange L, ValueRange R,
                                           size_t WrapsBefore) {
  ValueRange P = multiply(L, R);
  // A bound on the product from a check of it: `a > K / b` (written for
  // sizes, whose product is not negative) or __builtin_mul_overflow into a
  // type whose values are within K of 0 on both sides.
  std::optional<Wide> Bound;
  if (Facts)
    if ((Bound = Facts->productBoundOf(BO->getLHS(), BO->getRHS())))
      P = P.meet({-*Bound - 1, *Bound});
  if (!productFits(Model, BO->getType(), P)) {
    Wrapping.push_back(BO);
    return Model.rangeOf(BO->getType());
  }
  // `w * h * s` after `SIZE_MAX / w / h < s` fails: unsigned products are
  // exact modulo 2^n in any order, so when the whole product is checked, a
  // wrap of `w * h` on the way (only possible for s = 0) cannot change it.
  if (Bound && !Model.isSigned(BO->getType()))
    Wrapping.erase(
        std::remove_if(Wrapping.begin() + WrapsBefore, Wrapping.end(),
                       [&](const BinaryOperator *Inner) {
                         return isFactorProduct(BO, Inner);
                       }),
        Wrapping.end());
  return P;
}

ValueRange RangeEvaluator::evaluateDivision(const BinaryOperator *BO,
                                            ValueRange L, ValueRange R) {
  ValueRange TypeRange = Model.rangeOf(BO->getType());
  if (BO->getOpcode() == BO_Rem) {
    if (R.Lo < 1)
      return TypeRange;
    Wide M = R.Hi - 1;
    if (L.Lo >= 0)
      return {0, std::min(L.Hi, M)};
    return fitOrType(BO, {-M, M});
  }
  // Division by zero is undefined: the divisor is taken as non-zero. A
  // divisor that may be negative can only shrink the magnitude.
  if (R.Lo == 0)
    R.Lo = 1;
  if (R.Lo < 1) {
    Wide M = std::max(absWide(L.Lo), absWide(L.Hi));
    return fitOrType(BO, {-M, M});
  }
  if (R.Hi < 1)
    return TypeRange;
  Wide C[] = {L.Lo / R.Lo, L.Lo / R.Hi, L.Hi / R.Lo, L.Hi / R.Hi};
  return fitOrType(BO, {*std::min_element(std::begin(C), std::end(C)),
                        *std::max_element(std::begin(C), std::end(C))});
}

ValueRange RangeEvaluator::evaluateBitwise(const BinaryOperator *BO,
                                           ValueRange L, ValueRange R) {
  ValueRange TypeRange = Model.rangeOf(BO->getType());
  switch (BO->getOpcode()) {
  case BO_And:
    if (L.isNonNegative() && R.isNonNegative())
      return {0, std::min(L.Hi, R.Hi)};
    if (R.isNonNegative())
      return {0, R.Hi};
    if (L.isNonNegative())
      return {0, L.Hi};
    return TypeRange;
  case BO_Or:
  case BO_Xor: {
    // Bytes assembled into a word: no more bits than the wider operand.
    if (!L.isNonNegative() || !R.isNonNegative())
      return TypeRange;
    Wide Max = std::max(L.Hi, R.Hi), Ceiling = 1;
    while (Ceiling <= Max && Ceiling < WideLimit)
      Ceiling <<= 1;
    return fitOrType(BO, {0, Ceiling - 1});
  }
  case BO_Shr:
    if (L.isNonNegative() && R.isNonNegative())
      return {L.Lo >> int(std::min(R.Hi, Wide(127))),
              L.Hi >> int(std::min(R.Lo, Wide(127)))};
    // A negative value shifts arithmetically (clang's and GCC's definition
    // of it), towards -1: `(limit - 1) >> 1` is at most INT_MAX / 2 for
    // any int limit.
    if (R.isNonNegative() && R.Hi < 64)
      return {L.Lo >> int(L.Lo < 0 ? R.Lo : R.Hi),
              L.Hi >> int(L.Hi < 0 ? R.Hi : R.Lo)};
    // By a count not known to be in range: a count that is negative or
    // not below the width is undefined, so a value that is not negative
    // shifts to at most itself (`(bits & 0xFFFF) >> (16 - n)`).
    if (L.isNonNegative())
      return {0, L.Hi};
    return TypeRange;
  case BO_Shl:
    // `1 << bits` with bits bounded by a guard.
    if (L.isNonNegative() && R.isNonNegative() && R.Hi < 100)
      return fitOrType(
          BO, multiply(L, {Wide(1) << int(R.Lo), Wide(1) << int(R.Hi)}));
    return TypeRange;
  default:
    return TypeRange;
  }
}

} // namespace clang::tidy::calloc
