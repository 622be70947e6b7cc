//===--- IntegerRanges.h - the values an integer expression can take ------===//
//
// Interval arithmetic over mathematical integers, the integer widths of the
// target (optionally capped, to check code as if for a 32-bit target), and
// an evaluator that computes the range of an expression from its types,
// constants, masks and remainders, and from what is known at the point it
// is evaluated (ValueFacts, which the guard dataflow provides). The
// evaluator records every multiplication whose result can leave its type.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_EXPRESSIONS_INTEGERRANGES_H
#define CALLOC_TIDY_ANALYSIS_EXPRESSIONS_INTEGERRANGES_H

#include "vocabulary/ObjectLengths.h"
#include "analysis/expressions/StorageLocations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace clang::tidy::calloc {

/// Wide enough for the product of any two 64-bit values; values further out
/// than +-2^100 are clamped there and mean "unbounded".
using Wide = __int128;
constexpr Wide WideLimit = Wide(1) << 100;

/// \p V when it has at most 64 significant bits.
std::optional<Wide> toWide(const llvm::APSInt &V);

/// A closed interval of mathematical integers.
struct ValueRange {
  Wide Lo = -WideLimit;
  Wide Hi = WideLimit;

  static ValueRange point(Wide V) { return {V, V}; }
  bool contains(const ValueRange &O) const { return Lo <= O.Lo && O.Hi <= Hi; }
  bool operator==(const ValueRange &O) const {
    return Lo == O.Lo && Hi == O.Hi;
  }
  bool operator!=(const ValueRange &O) const { return !(*this == O); }
  ValueRange join(const ValueRange &O) const;
  /// The intersection; an empty one (an infeasible path) keeps this range
  /// rather than inventing facts from a contradiction.
  ValueRange meet(const ValueRange &O) const;
  bool intersects(const ValueRange &O) const {
    return Lo <= O.Hi && O.Lo <= Hi;
  }
  bool isNonNegative() const { return Lo >= 0; }
};

ValueRange multiply(const ValueRange &A, const ValueRange &B);

/// Where `v KeyOp o` holds, with v in \p Current and o in \p Other: the
/// bound that puts on v (a side it leaves open is unbounded), none for an
/// operator that is no comparison.
std::optional<ValueRange> comparisonBound(BinaryOperatorKind KeyOp,
                                          const ValueRange &Current,
                                          const ValueRange &Other);

/// What is known about values at one program point. The checks get it from
/// the guard analysis (OverflowGuards.h).
class ValueFacts {
public:
  virtual ~ValueFacts() = default;
  /// The range \p Key is known to lie in here, if narrower than its type's.
  virtual std::optional<ValueRange> rangeOf(const ValueKey &Key) const = 0;
  /// A bound K such that `A * B <= K` is known here (a guard like
  /// `if (a > SIZE_MAX / b) return`).
  virtual std::optional<Wide> productBound(const ValueKey &A,
                                           const ValueKey &B) const = 0;
  /// The range a compound expression over followed values (`n + 1`,
  /// `a + b`) is known to lie in here (`if (n + 1 > MAX) return`).
  virtual std::optional<ValueRange> rangeOfExpression(const Expr *E) const {
    return std::nullopt;
  }
  /// A bound K such that `A * B <= K` for the operands as written: two
  /// values, `a + c` within the margin of a guard `a > K / b - c`, or a
  /// compound expression a guard compared (`if (a + b > K / s) return`).
  virtual std::optional<Wide> productBoundOf(const Expr *A,
                                             const Expr *B) const {
    return std::nullopt;
  }
};

/// The values calls can return, from what is known of their callees
/// (FunctionResults.h reads the callee's returns).
class CallResults {
public:
  virtual ~CallResults() = default;
  virtual std::optional<ValueRange> resultOf(const CallExpr *Call) const = 0;
  /// What \p Definition, defined in this unit, returns (for the facts
  /// pass, which states it for the units that call it).
  virtual std::optional<ValueRange>
  resultOfDefinition(const FunctionDecl *Definition) const {
    return std::nullopt;
  }
};

/// Integer widths as the analysis sees them: the target's, except that
/// `SizeTypeBits` (when not 0) caps size_t, ptrdiff_t and the long types, so
/// that code can be checked as if for a 32-bit target; and which values
/// count the elements of an object in memory (ObjectLengths.h).
class IntegerModel {
public:
  /// \p Lengths, the project's length accessors, may be null: then only
  /// the C library's string lengths are known.
  IntegerModel(const ASTContext &Ctx, unsigned SizeTypeBits,
               const LengthAccessors *Lengths = nullptr);
  unsigned width(QualType T) const;
  bool isSigned(QualType T) const;
  /// A constant \p V of type \p T as the model sees it: where
  /// `SizeTypeBits` narrows \p T and \p V lies outside it, \p V was
  /// written for the target's width (`SIZE_MAX / sizeof(T)`), and is scaled
  /// down to the modelled one, so that a limit written with SIZE_MAX keeps
  /// bounding the product it was written for.
  Wide modelledConstant(Wide V, QualType T) const;
  /// The values of type \p T; unbounded for non-integers.
  ValueRange rangeOf(QualType T) const;
  /// Whether a negative value converted to \p To (unsigned, at least as wide
  /// as size_t, and above the lowest such negative) stays "negative": as a
  /// byte count it is a huge request that fails, never a short buffer.
  bool keepsNegativeAsHuge(QualType To, const ValueRange &R) const;
  const ASTContext &context() const { return Ctx; }
  /// What \p E counts, when its value is a string length or a configured
  /// accessor's.
  std::optional<ObjectLength> lengthOf(const Expr *E) const;
  /// The largest count of elements of \p Length's size that an object can
  /// hold: PTRDIFF_MAX (of this model) divided by the element size.
  Wide maxElements(const ObjectLength &Length) const;
  /// What calls return, when known (null: a call may return any value of
  /// its type).
  const CallResults *callResults() const { return Results; }
  void setCallResults(const CallResults *R) { Results = R; }

private:
  const ASTContext &Ctx;
  unsigned SizeTypeBits;
  const LengthAccessors *Lengths;
  const CallResults *Results = nullptr;
};

/// True when a multiplication whose mathematical result lies in \p Product
/// gives the right value in type \p T, or, for an unsigned type at least as
/// wide as size_t, a value so large that the allocation fails (a negative
/// count converted to size_t). Neither can hand back a short buffer.
bool productFits(const IntegerModel &Model, QualType T,
                 const ValueRange &Product);

/// Computes the range of an integer expression, and records every
/// multiplication in it whose result can leave its type's range.
class RangeEvaluator {
public:
  RangeEvaluator(const IntegerModel &Model, const ValueFacts *Facts)
      : Model(Model), Facts(Facts) {}

  ValueRange evaluate(const Expr *E);

  /// The multiplications found to wrap by evaluate(), innermost first.
  const llvm::SmallVectorImpl<const BinaryOperator *> &wrapping() const {
    return Wrapping;
  }

private:
  /// The range of \p E from its own form, before what it measures.
  ValueRange evaluateValue(const Expr *E);
  ValueRange convert(const ValueRange &R, QualType To) const;
  ValueRange evaluateCast(const CastExpr *Cast);
  ValueRange evaluateUnary(const UnaryOperator *UO);
  ValueRange evaluateBinary(const BinaryOperator *BO);
  /// \p WrapsBefore: how many wraps were recorded before \p BO's operands
  /// were evaluated.
  ValueRange evaluateProduct(const BinaryOperator *BO, ValueRange L,
                             ValueRange R, size_t WrapsBefore);
  ValueRange evaluateDivision(const BinaryOperator *BO, ValueRange L,
                              ValueRange R);
  ValueRange evaluateBitwise(const BinaryOperator *BO, ValueRange L,
                             ValueRange R);
  ValueRange evaluateConditional(const ConditionalOperator *CO);
  /// The value \p Cmp compares and its range where \p Cmp is \p Truth.
  std::optional<std::pair<ValueKey, ValueRange>>
  branchBound(const BinaryOperator *Cmp, bool Truth);
  ValueRange evaluateWhere(const Expr *E, const BinaryOperator *Cmp,
                           bool Truth);
  /// \p V if it fits \p BO's type, else the whole type.
  ValueRange fitOrType(const BinaryOperator *BO, ValueRange V) const;

  const IntegerModel &Model;
  const ValueFacts *Facts;
  llvm::SmallVector<const BinaryOperator *, 2> Wrapping;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ANALYSIS_EXPRESSIONS_INTEGERRANGES_H
