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

#ifndef CALLOC_TIDY_ALLOCATIONMATCHERS_H
#define CALLOC_TIDY_ALLOCATIONMATCHERS_H

#include "AllocatorFamilies.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <vector>

namespace clang::tidy::calloc {

/// Whether \p D is, or is inside, a template instantiation.
inline bool isInstantiatedCode(const Decl *D) {
  for (const DeclContext *DC = dyn_cast<DeclContext>(D); DC;
       DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC);
        FD && FD->isTemplateInstantiation())
      return true;
    if (const auto *RD = dyn_cast<CXXRecordDecl>(DC);
        RD && RD->getTemplateSpecializationKind() != TSK_Undeclared &&
        RD->getTemplateSpecializationKind() != TSK_ExplicitSpecialization)
      return true;
  }
  return false;
}

namespace matchers {

using namespace ast_matchers;

/// Code of a template that still depends on its parameters.
AST_MATCHER(Decl, isDependentCode) {
  const auto *DC = dyn_cast<DeclContext>(&Node);
  return DC && DC->isDependentContext();
}

/// Code instantiated from a template.
AST_MATCHER(Decl, isInstantiated) { return isInstantiatedCode(&Node); }

/// A call to an allocator the table knows, configured or discovered; with
/// \p WithZeroingForm, only one that has a zeroing counterpart. The table
/// answers once per callee declaration.
AST_MATCHER_P2(CallExpr, callsAllocator, const AllocatorTable *, Table, bool,
               WithZeroingForm) {
  const AllocatorFamily *F = Table->find(&Node);
  return F && (!WithZeroingForm || F->hasZeroingForm());
}

/// Matches a function (or lambda, or block) once for each call in its own
/// body that \p Inner matches; calls in nested lambdas, blocks and local
/// classes belong to those.
AST_MATCHER_P(Decl, forEachOwnCall, ast_matchers::internal::Matcher<CallExpr>,
              Inner) {
  ast_matchers::internal::BoundNodesTreeBuilder Result;
  bool Matched = false;
  llvm::SmallVector<const Stmt *, 32> Work{Node.getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      ast_matchers::internal::BoundNodesTreeBuilder Bound(*Builder);
      if (Inner.matches(*Call, Finder, &Bound)) {
        Matched = true;
        Result.addMatch(Bound);
      }
    }
    size_t First = Work.size();
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
    std::reverse(Work.begin() + First, Work.end()); // source order
  }
  *Builder = std::move(Result);
  return Matched;
}

/// How a check reads templates.
enum class TemplateReading {
  /// In their instantiations; the definition is skipped.
  Instantiations,
  /// In their definition as written; instantiations are skipped.
  Definitions,
};

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
  auto Calls = forEachOwnCall(callExpr(unless(isExpansionInSystemHeader()),
                                       callsAllocator(&Table, WithZeroingForm))
                                  .bind("call"));
  auto Skipped = Reading == TemplateReading::Instantiations
                     ? decl(isDependentCode())
                     : decl(isInstantiated());
  Finder.addMatcher(functionDecl(isDefinition(), hasBody(stmt()),
                                 unless(isExpansionInSystemHeader()),
                                 unless(Skipped), Calls)
                        .bind("function"),
                    Check);
  Finder.addMatcher(
      blockDecl(unless(isExpansionInSystemHeader()), unless(Skipped), Calls)
          .bind("function"),
      Check);
}

} // namespace matchers
} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ALLOCATIONMATCHERS_H
