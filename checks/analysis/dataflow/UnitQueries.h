//===--- UnitQueries.h - what the dataflow asks of the rest of the unit ---===//
//
// The analysis of one function sometimes needs an answer that only the
// whole translation unit (or, later, the whole program) has: the values a
// parameter is passed. The dataflow declares the question here and the
// facts layer answers it (facts/CallSites.h), so that the analysis of one
// function never includes the files that read the whole unit.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_DATAFLOW_UNITQUERIES_H
#define CALLOC_TIDY_ANALYSIS_DATAFLOW_UNITQUERIES_H

#include "analysis/expressions/IntegerRanges.h"

#include "clang/AST/Decl.h"

#include <optional>

namespace clang::tidy::calloc {

/// The values a parameter can hold, from what its callers pass.
class ParameterRanges {
public:
  virtual ~ParameterRanges() = default;
  /// The values \p Param takes over every call, when every call is known
  /// and they bound it more tightly than its type; none otherwise. With
  /// \p ExactConversions, also none when an argument may lie outside the
  /// parameter's type (a negative count passed as a size_t).
  virtual std::optional<ValueRange>
  rangeOf(const ParmVarDecl *Param, bool ExactConversions = false) = 0;
};

} // namespace clang::tidy::calloc

#endif
