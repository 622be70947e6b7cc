//===--- SizeExpressions.h - what an allocation size can evaluate to ------===//
//
// An allocation size is arithmetic over variables, constants and `sizeof`.
// This file models it: the ranges its parts can take (from their types,
// from constants, masks and remainders, and from what the guards on the path
// established), which multiplications in it can wrap, and how a product
// splits into the `count, size` arguments of calloc.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_SIZEEXPRESSIONS_H
#define CALLOC_TIDY_SIZEEXPRESSIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace clang::tidy::calloc {

/// Wide enough for the product of any two 64-bit values; values further out
/// than +-2^100 are clamped there and mean "unbounded".
using Wide = __int128;
constexpr Wide WideLimit = Wide(1) << 100;

/// A closed interval of mathematical integers.
struct ValueRange {
  Wide Lo = -WideLimit;
  Wide Hi = WideLimit;

  static ValueRange point(Wide V) { return {V, V}; }
  bool contains(const ValueRange &O) const { return Lo <= O.Lo && O.Hi <= Hi; }
  bool operator==(const ValueRange &O) const { return Lo == O.Lo && Hi == O.Hi; }
  bool operator!=(const ValueRange &O) const { return !(*this == O); }
  ValueRange join(const ValueRange &O) const;
  ValueRange meet(const ValueRange &O) const;
  bool intersects(const ValueRange &O) const {
    return Lo <= O.Hi && O.Lo <= Hi;
  }
};

ValueRange multiply(const ValueRange &A, const ValueRange &B);

/// A variable, a field of a variable (`p->count`, `s.len`), or an element
/// of an array or pointer variable indexed by a variable (`sizes[i]`): the
/// values a guard can bound and the dataflow can follow.
struct ValueKey {
  const ValueDecl *Var = nullptr;
  const FieldDecl *Field = nullptr;
  const ValueDecl *Index = nullptr;
  bool isPart() const { return Field || Index; }
  bool operator<(const ValueKey &O) const {
    if (Var != O.Var)
      return Var < O.Var;
    return Field != O.Field ? Field < O.Field : Index < O.Index;
  }
  bool operator==(const ValueKey &O) const {
    return Var == O.Var && Field == O.Field && Index == O.Index;
  }
};

/// Adds every variable, field and element read in \p S to \p Keys (and,
/// for a field or element, the whole variable, whose new value is a new
/// value of the part).
void collectKeys(const Stmt *S, std::vector<ValueKey> &Keys);

/// The type of the value \p Key names.
QualType typeOfKey(const ValueKey &Key);

/// The key \p E reads (through parens and implicit casts), if any.
std::optional<ValueKey> keyOf(const Expr *E);

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
};

/// Integer widths as the analysis sees them: the target's, except that
/// `SizeTypeBits` (when not 0) caps size_t, ptrdiff_t and the long types, so
/// that code can be checked as if for a 32-bit target.
class IntegerModel {
public:
  IntegerModel(const ASTContext &Ctx, unsigned SizeTypeBits);
  unsigned width(QualType T) const;
  bool isSigned(QualType T) const;
  /// The values of type \p T; unbounded for non-integers.
  ValueRange rangeOf(QualType T) const;
  /// The byte counts an allocation can receive: [0, max of size_t].
  ValueRange sizeRange() const;
  /// A value of the size type may be this low and still mean "negative
  /// number converted to size_t", i.e. a huge request that fails.
  Wide sizeTypeMin() const;
  const ASTContext &context() const { return Ctx; }

private:
  const ASTContext &Ctx;
  unsigned SizeTypeBits;
};

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
  ValueRange convert(const ValueRange &R, QualType From, QualType To) const;
  ValueRange evaluateBinary(const BinaryOperator *BO);
  ValueRange evaluateConditional(const ConditionalOperator *CO);

  const IntegerModel &Model;
  const ValueFacts *Facts;
  llvm::SmallVector<const BinaryOperator *, 2> Wrapping;
};

/// True when a multiplication whose mathematical result lies in \p Product
/// gives the right value in type \p T, or, for an unsigned type at least as
/// wide as size_t, a value so large that the allocation fails (a negative
/// count converted to size_t). Neither can hand back a short buffer.
bool productFits(const IntegerModel &Model, QualType T,
                 const ValueRange &Product);

/// `a * b * c` flattened through parens and implicit conversions, in source
/// order. Explicit casts end the flattening (`(size_t)w * h` has the factors
/// `(size_t)w` and `h`).
llvm::SmallVector<const Expr *, 4> productFactors(const BinaryOperator *Mul);

/// The outermost multiplication that contains \p Inner, following only
/// multiplications, parens and implicit casts upwards inside \p Root.
const BinaryOperator *outermostProduct(const Expr *Root,
                                       const BinaryOperator *Inner);

/// Strips parens, implicit casts and explicit integer casts to a type at
/// least as wide: `(size_t)n` and `n` name the same value for a guard on n.
const Expr *stripWideningCasts(const Expr *E, const ASTContext &Ctx);

/// True for a `sizeof`/`alignof` or an integer constant expression.
bool isConstantFactor(const Expr *E, const ASTContext &Ctx);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_SIZEEXPRESSIONS_H
