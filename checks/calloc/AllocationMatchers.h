//===--- AllocationMatchers.h - the matchers both checks start from
//--------===//
//
// Both checks start from the same node: a call to a configured allocator,
// together with the function whose own code makes it. The matchers go top
// down, from each function definition to the calls in its body, so that
// clang never builds the parent map of the translation unit (matchers such
// as forCallable and hasAncestor would, system headers included). Lambdas,
// blocks and local classes are functions of their own: their calls are
// matched with them, not with the function around them.
//
// Templates: the multiplication check reads a template in its
// instantiations, where `sizeof(T)` and the guards on it have values (a
// finding that several instantiations share is reported once); the memset
// check reads it in its definition as written, since its fix removes a
// statement that every instantiation shares, and two sizes equal in one
// instantiation (`sizeof(int)`, `sizeof(unsigned)`) are not the same size.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_CALLOC_ALLOCATIONMATCHERS_H
#define CALLOC_TIDY_CALLOC_ALLOCATIONMATCHERS_H

#include "allocators/AllocatorFamilies.h"
#include "support/AstWalks.h"
#include "facts/FileWalk.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <vector>

namespace clang::tidy::calloc {

namespace matchers {

using namespace ast_matchers;

/// Whether \p Call calls an allocator \p Table knows, configured or
/// discovered (with \p WithZeroingForm, only one that has a zeroing
/// counterpart; without, also a call of an array form, `calloc(1, size)`
/// or `calloc(w * h, 4)`), outside system headers. The table answers once
/// per callee declaration; the location is looked up only for allocator
/// calls.
inline bool isAllocationCall(const CallExpr &Call, const AllocatorTable &Table,
                             bool WithZeroingForm, const SourceManager &SM) {
  const AllocatorFamily *F = Table.find(&Call);
  bool Allocates = F ? !WithZeroingForm || F->hasZeroingForm()
                     : !WithZeroingForm && Table.isArrayFormCall(&Call);
  return Allocates &&
         !SM.isInSystemHeader(SM.getExpansionLoc(Call.getBeginLoc()));
}

/// The calls of one function's own body, in source order; calls in nested
/// lambdas, blocks and local classes belong to those (a lambda's captures
/// are initialized by the function that makes the lambda). Both checks ask for
/// the same function one right after the other (their matchers run on the
/// same node), so the last answer is kept, per thread (clangd parses on
/// several), until a translation unit starts or ends (forgetOwnCalls).
/// Once the multiplication check has walked the file (FileWalk), the
/// answer is the one that walk kept, and the body is not walked again.
struct OwnCalls {
  const Decl *Function = nullptr;
  llvm::ArrayRef<const CallExpr *> Answer;
  /// The answer, when the function was walked here.
  std::vector<const CallExpr *> Walked;
};

inline OwnCalls &lastOwnCalls() {
  static thread_local OwnCalls Last;
  return Last;
}

/// Drops the kept answer: the next translation unit may reuse addresses.
inline void forgetOwnCalls() { lastOwnCalls() = OwnCalls(); }

inline llvm::ArrayRef<const CallExpr *> ownCalls(const Decl &Function) {
  OwnCalls &Last = lastOwnCalls();
  if (Last.Function == &Function)
    return Last.Answer;
  Last.Function = &Function;
  if (const FileWalk *Walk = FileWalk::current())
    if (std::optional<llvm::ArrayRef<const CallExpr *>> Kept =
            Walk->ownCalls(&Function))
      return Last.Answer = *Kept;
  Last.Walked.clear();
  // Every statement of every function passes here: an explicit stack (no
  // recursion, whatever the depth of an expression), nothing else.
  llvm::SmallVector<const Stmt *, 64> Work{Function.getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      Last.Walked.push_back(Call);
    pushOwnParts(S, Work);
  }
  return Last.Answer = Last.Walked;
}

/// How a check reads templates.
enum class TemplateReading {
  /// In their instantiations; the definition is skipped.
  Instantiations,
  /// In their definition as written; instantiations are skipped.
  Definitions,
};

/// Whether the check reads the code of \p D, a function or a block: one
/// with a body, outside system headers, and as \p Reading says of
/// templates. Prototypes, most of the functions a file declares, fail the
/// first test.
inline bool readsCodeOf(const Decl &D, TemplateReading Reading,
                        const SourceManager &SM) {
  if (const auto *FD = dyn_cast<FunctionDecl>(&D);
      FD && (!FD->doesThisDeclarationHaveABody() || !FD->getBody()))
    return false;
  SourceLocation Where = SM.getExpansionLoc(D.getBeginLoc());
  if (Where.isValid() && SM.isInSystemHeader(Where))
    return false;
  if (Reading == TemplateReading::Instantiations) {
    const auto *DC = dyn_cast<DeclContext>(&D);
    return !DC || !DC->isDependentContext();
  }
  return !isInstantiatedCode(&D);
}

/// What forEachOwnAllocationCall looks for.
struct AllocationCalls {
  const AllocatorTable *Table;
  /// Only calls of allocators that have a zeroing form.
  bool WithZeroingForm;
  TemplateReading Reading;
};

/// Matches a function (or lambda, or block) whose code the check reads
/// (readsCodeOf) once for each allocator call in its own body (see
/// ownCalls and isAllocationCall), bound as "call". One matcher for all of
/// it: each matcher of a conjunction costs the finder a dispatch on every
/// function the file declares, system headers' too.
AST_MATCHER_P(Decl, forEachOwnAllocationCall, AllocationCalls, Wanted) {
  const SourceManager &SM = Finder->getASTContext().getSourceManager();
  if (!readsCodeOf(Node, Wanted.Reading, SM))
    return false;
  ast_matchers::internal::BoundNodesTreeBuilder Result;
  bool Matched = false;
  for (const CallExpr *Call : ownCalls(Node)) {
    if (!isAllocationCall(*Call, *Wanted.Table, Wanted.WithZeroingForm, SM))
      continue;
    ast_matchers::internal::BoundNodesTreeBuilder Bound(*Builder);
    Bound.setBinding("call", DynTypedNode::create(*Call));
    Result.addMatch(Bound);
    Matched = true;
  }
  *Builder = std::move(Result);
  return Matched;
}

/// Registers \p Check for every call to an allocator of \p Table (only
/// those with a zeroing form, when \p WithZeroingForm), bound as "call",
/// in a function, lambda or block outside system headers whose own code
/// makes it, bound as "function". One matcher per kind of node, so that
/// the matcher is tried on function definitions and blocks only.
inline void addAllocationCallMatchers(MatchFinder &Finder,
                                      MatchFinder::MatchCallback *Check,
                                      const AllocatorTable &Table,
                                      bool WithZeroingForm,
                                      TemplateReading Reading) {
  auto Calls = forEachOwnAllocationCall({&Table, WithZeroingForm, Reading});
  Finder.addMatcher(functionDecl(Calls).bind("function"), Check);
  Finder.addMatcher(blockDecl(Calls).bind("function"), Check);
}

} // namespace matchers
} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_CALLOC_ALLOCATIONMATCHERS_H
