//===--- FunctionResults.h - the values a function defined here returns ---===//
//
// For a call of a function whose body is in this translation unit, the
// range of every value its `return` statements give, each evaluated from
// its own form (types, constants, masks, shifts, and the results of the
// calls it makes): `return (bits & 0xFFFF) >> m;` returns at most 65535,
// `return p[0];` of an unsigned char at most 255. Cached per function.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_EXPRESSIONS_FUNCTIONRESULTS_H
#define CALLOC_TIDY_ANALYSIS_EXPRESSIONS_FUNCTIONRESULTS_H

#include "analysis/expressions/IntegerRanges.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::calloc {

class FunctionResults : public CallResults {
public:
  explicit FunctionResults(const IntegerModel &Model) : Model(Model) {}
  std::optional<ValueRange> resultOf(const CallExpr *Call) const override;
  std::optional<ValueRange>
  resultOfDefinition(const FunctionDecl *Definition) const override;

private:
  /// The join of what \p Definition's returns give, when every return
  /// gives a value and the body is small enough to read.
  std::optional<ValueRange> compute(const FunctionDecl *Definition) const;

  const IntegerModel &Model;
  mutable llvm::DenseMap<const FunctionDecl *, std::optional<ValueRange>>
      Cache;
  /// Functions being read: a call back into one of them is not known.
  mutable llvm::SmallPtrSet<const FunctionDecl *, 4> Reading;
};

} // namespace clang::tidy::calloc

#endif
