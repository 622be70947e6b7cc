//===--- CallSites.h - what a translation unit passes to its own functions ===//
//
// A function with internal linkage (`static`, or in an anonymous namespace)
// whose address is never taken is called only from its translation unit,
// and only directly. Each of its parameters then holds one of the values
// its callers pass: the union of the arguments' ranges bounds it. The
// translation unit is read once (FileWalk.h), and only when a check first
// asks.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FACTS_CALLSITES_H
#define CALLOC_TIDY_FACTS_CALLSITES_H

#include "support/Callees.h"
#include "analysis/expressions/IntegerRanges.h"
#include "analysis/expressions/LocalValues.h"
#include "analysis/expressions/StatementEffects.h"
#include "analysis/dataflow/UnitQueries.h"
#include "facts/FileWalk.h"
#include "facts/OtherUnits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>

namespace clang::tidy::calloc {

/// Reads the calls of the file in its FileWalk.
class CallSites : public StatementReader, public ParameterRanges {
public:
  CallSites(const IntegerModel &Model, FileWalk &Walk);

  /// The values \p Param takes over every call in the translation unit,
  /// when its function is only called directly from there and the calls
  /// bound it more tightly than its type; none otherwise. An argument that
  /// is a local of the caller counts as every value that local is given
  /// (LocalValues.h). With \p ExactConversions, also none when an argument
  /// may lie outside the parameter's type (a negative count passed as a
  /// size_t, which the default reading counts as a huge value).
  std::optional<ValueRange> rangeOf(const ParmVarDecl *Param,
                                    bool ExactConversions = false) override;

  /// Every call of \p Function, when it has internal linkage and is only
  /// called directly; null otherwise.
  const llvm::SmallVectorImpl<const CallExpr *> *
  callsOf(const FunctionDecl *Function);

  void read(const Stmt *S) override;

  /// With \p Facts and \p WholeProgram (every caller of the program's
  /// functions is in the facts: an application, not a library), a
  /// parameter of a function with external linkage takes the values the
  /// program's calls pass (OtherUnits::passed).
  void useProgramFacts(const OtherUnits *Facts, bool WholeProgram) {
    Program = WholeProgram ? Facts : nullptr;
  }

  /// For the facts pass: the values this unit passes each integer
  /// parameter of each function with external linkage it calls directly
  /// (the union over its calls, as the argument's range before the
  /// conversion to the parameter), and the functions with external linkage
  /// it names other than by calling them (their address escapes).
  void summarizeCalls(
      llvm::function_ref<void(const FunctionDecl *, unsigned, ValueRange)>
          Passes,
      llvm::function_ref<void(const FunctionDecl *)> Escaped);

private:
  std::optional<ValueRange> computeRangeOf(const ParmVarDecl *Param,
                                           bool ExactConversions);
  /// The range of \p Arg: the values a caller's local holds anywhere in
  /// its function, when only `=` sets it (LocalValues.h), else from the
  /// argument's form.
  ValueRange argumentRange(const Expr *Arg);
  /// The function the index files \p FD's calls under (its first
  /// declaration), or null when it does not follow \p FD.
  const FunctionDecl *followed(const FunctionDecl *FD);

  const IntegerModel &Model;
  FileWalk &Walk;
  /// Per function with internal linkage, its direct calls; null when its
  /// address is taken (or it is named other than by a call).
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const CallExpr *, 4>>
      Calls;
  llvm::DenseMap<const FunctionDecl *, bool> Escapes;
  /// The same for functions with external linkage, for the facts pass.
  llvm::MapVector<const FunctionDecl *, llvm::SmallVector<const CallExpr *, 4>>
      ExternalCalls;
  llvm::SetVector<const FunctionDecl *> ExternalEscapes;
  const OtherUnits *Program = nullptr;
  /// internalFunction() of each function the walk met, asked once.
  llvm::DenseMap<const FunctionDecl *, const FunctionDecl *> Followed;
  /// The names of callees read so far: not escapes.
  llvm::DenseSet<const DeclRefExpr *> CalleeNames;
  /// The effects of the callers whose locals are arguments, read once each.
  llvm::DenseMap<const Decl *, std::unique_ptr<FunctionEffects>> CallerEffects;
  /// How those callers touch their locals, from one walk each.
  llvm::DenseMap<const Decl *, std::unique_ptr<LocalTouchIndex>> CallerTouches;
  /// rangeOf's answers.
  llvm::DenseMap<std::pair<const ParmVarDecl *, unsigned>,
                 std::optional<ValueRange>>
      Ranges;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FACTS_CALLSITES_H
