//===--- ZeroingPairs.h - an allocation and the zeroing that follows it
//----===//
//
// The pair calloc-malloc-memset looks for, found by reading the statements
// that follow an allocation in its block:
//   1. where the pointer goes: the declaration or assignment of the block
//      that stores the call's result (a local, a field, `*out`);
//   2. the statements after it, in order, until the zeroing call of the same
//      pointer, stepping over null checks and into `if (p) { ... }`;
//   3. every statement in between, whose effects (StatementEffects.h) must
//      leave the pointer, its memory and the size's operands alone.
// The search is a private finder in the manner of clang-tidy's
// UseAfterMoveCheck; nothing runs for a function until it contains a
// candidate allocation.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_ZEROINGPAIRS_H
#define CALLOC_TIDY_ANALYSIS_ZEROINGPAIRS_H

#include "analysis/dataflow/OverflowGuards.h"
#include "analysis/expressions/StatementEffects.h"
#include "analysis/expressions/StorageLocations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace clang::tidy::calloc {

/// Where an allocation's pointer is stored, and the block the statement
/// storing it stands in.
struct AllocationSite {
  const VarDecl *Var = nullptr;           // `T *p = malloc(n);`
  const BinaryOperator *Assign = nullptr; // `p = malloc(n);`, `s->buf = ...`
  const Stmt *Statement = nullptr;        // the statement of the block
  const CompoundStmt *Block = nullptr;
  unsigned Index = 0; // Statement's position in Block
  /// The place that holds the pointer.
  Place Target;
};

/// The allocation sites of one function, found in one walk down its body:
/// a call whose result a statement of a block stores right away (through
/// parens and pointer casts), as a declaration's last initializer, an
/// assignment, or an assignment tested by an `if`.
class AllocationSites {
public:
  explicit AllocationSites(const Decl *Function);
  /// The site of \p Call, if it has one.
  const AllocationSite *find(const CallExpr *Call) const;

private:
  void visitBlock(const CompoundStmt *Block);
  llvm::DenseMap<const CallExpr *, AllocationSite> Sites;
};

/// A statement that is only a call to memset or bzero.
struct Zeroing {
  const CallExpr *Call = nullptr;
  StringRef Name;
  const Expr *Pointer = nullptr;
  const Expr *Fill = nullptr; // null for bzero
  const Expr *Size = nullptr;
};

/// The zeroing that pairs with an allocation.
struct ZeroingPair {
  Zeroing Zero;
  /// The statement the fix removes: the zeroing, or `if (p) memset(...);`.
  const Stmt *Remove = nullptr;
};

/// The zeroing of the memory \p Call (storing at \p Site, sized by its
/// argument \p SizeArg) allocated, with nothing in between that reads the
/// memory, changes the pointer or the size, or lets them escape; none
/// otherwise. \p Flow says which null checks leave the function.
std::optional<ZeroingPair>
findZeroingPair(const CallExpr *Call, unsigned SizeArg,
                const AllocationSite &Site, const FunctionEffects &Effects,
                const GuardAnalysis &Flow, ASTContext &Ctx);

/// The size a call to memset or bzero zeroes; null for any other call.
const Expr *zeroedSize(const CallExpr *Call);

/// Whether a zeroing call of the pointer appears among the statements after
/// the allocation at all: a cheap test before the real search.
bool mayBeZeroedLater(const AllocationSite &Site);

/// The multiplication a local size variable \p Var holds at the site: its
/// \p Definition (as the guard dataflow found it reaching the call) is an
/// earlier statement of the same block, and nothing in between changes the
/// variable or the factors.
const BinaryOperator *productHeldBy(const VarDecl *Var, const Expr *Definition,
                                    const AllocationSite &Site,
                                    const FunctionEffects &Effects,
                                    ASTContext &Ctx);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ANALYSIS_ZEROINGPAIRS_H
