#include "analysis/expressions/FunctionResults.h"

#include "support/AstWalks.h"

#include "clang/AST/DeclCXX.h"

namespace clang::tidy::calloc {

/// Bodies longer than this are not read: the answer is rarely a bound, and
/// the walk would cost more than it saves.
static constexpr unsigned MaxStatements = 2048;
/// Calls inside returns are read this many functions deep; a longer chain
/// (generated code) returns any value rather than recurse as deep.
static constexpr unsigned MaxNesting = 16;

std::optional<ValueRange>
FunctionResults::resultOf(const CallExpr *Call) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  return resultOfDefinition(Callee ? Callee->getDefinition() : nullptr);
}

std::optional<ValueRange>
FunctionResults::resultOfDefinition(const FunctionDecl *Definition) const {
  if (!Definition || !Definition->hasBody() ||
      !Definition->getReturnType()->isIntegerType() ||
      Definition->isDependentContext())
    return std::nullopt;
  // A virtual method may be another's at run time.
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Definition);
      Method && Method->isVirtual())
    return std::nullopt;
  auto Found = Cache.find(Definition);
  if (Found != Cache.end())
    return Found->second;
  if (Reading.size() >= MaxNesting || !Reading.insert(Definition).second)
    return std::nullopt;
  std::optional<ValueRange> R = compute(Definition);
  Reading.erase(Definition);
  Cache[Definition] = R;
  return R;
}

std::optional<ValueRange>
FunctionResults::compute(const FunctionDecl *Definition) const {
  llvm::SmallVector<const ReturnStmt *, 8> Returns;
  if (!collectReturns(Definition->getBody(), Returns, MaxStatements))
    return std::nullopt;
  // No return: the function does not come back, or falls off its end.
  if (Returns.empty())
    return std::nullopt;
  std::optional<ValueRange> All;
  for (const ReturnStmt *Ret : Returns) {
    const Expr *Value = Ret->getRetValue();
    if (!Value || Value->isTypeDependent() || Value->isValueDependent())
      return std::nullopt;
    // The value converted to the return type, as the call sees it.
    ValueRange R = RangeEvaluator(Model, nullptr).evaluate(Value);
    All = All ? All->join(R) : R;
  }
  return Model.rangeOf(Definition->getReturnType()).meet(*All);
}

} // namespace clang::tidy::calloc
