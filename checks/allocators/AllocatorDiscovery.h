//===--- AllocatorDiscovery.h - allocators nobody configured --------------===//
//
// The allocators a translation unit declares or calls that the `Allocators`
// option does not name, found the first time a call reaches them:
//  - functions declared with `__attribute__((alloc_size(N)))`;
//  - functions, function-pointer variables and function-pointer fields
//    named like an allocator (option `AllocatorNamePattern`) and typed like
//    one: a `void *` or `char *` result and one integer parameter as wide as
//    `size_t` that is the byte count;
//  - functions defined in the file whose result is what an allocator
//    returned for one of their parameters (`xmalloc`);
//  - C++'s replaceable global `operator new`.
// For each, the counterparts a fix may call, looked up by name among the
// declarations the file sees, with the signature the counterpart must have;
// when a counterpart's definition is in the file, it is used only if that
// definition checks the product (or zeroes the memory).
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ALLOCATORS_ALLOCATORDISCOVERY_H
#define CALLOC_TIDY_ALLOCATORS_ALLOCATORDISCOVERY_H

#include "allocators/AllocatorFamilies.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Regex.h"

#include <deque>
#include <optional>

namespace clang::tidy::calloc {

class AllocatorDiscovery {
public:
  /// \p Pattern is the valid name rule; \p Table answers for the configured
  /// allocators, which win over anything discovered.
  AllocatorDiscovery(const DiscoveryOptions &Options, llvm::Regex Pattern,
                     const AllocatorTable &Table);

  /// The family of \p Callee: configured, else discovered; null when it is
  /// no allocator. Cached per declaration.
  const AllocatorFamily *familyOf(const ValueDecl *Callee);

  /// Whether \p Function is a discovered wrapper.
  bool isWrapper(const FunctionDecl *Function);

  /// \p Function as a project's calloc-like array form, taking a count and
  /// an element size: declared with `alloc_size(N, M)`, or named like an
  /// allocator and typed like calloc (a byte pointer result; two integer
  /// parameters as wide as size_t, after at most one pointer, as
  /// reallocarray has). Its SizeArg is the count, NumArgs one less than
  /// its parameters (AllocatorTable::arrayForms()). Null otherwise; cached.
  const AllocatorFamily *arrayFormOf(const FunctionDecl *Function);

  /// With the program's facts, a function defined in another unit is read
  /// as that unit read it: a wrapper, a counterpart that checks or zeroes.
  void useDefinitionsElsewhere(const DefinitionsElsewhere *Facts) {
    Elsewhere = Facts;
  }

  /// For the facts pass: what this discovery reads in \p Def.
  DefinitionFacts describeDefinition(const FunctionDecl *Def);

private:
  std::optional<AllocatorFamily> discover(const ValueDecl *Callee);
  std::optional<AllocatorFamily> byAttribute(const FunctionDecl *Function);
  std::optional<AllocatorFamily> byNameAndType(const ValueDecl *Callee);
  std::optional<AllocatorFamily> asWrapper(const FunctionDecl *Function);
  /// The index of the parameter of \p Function that a call in its body
  /// passes to an allocator as the size, when \p Result is that call's
  /// result (or null); sets \p Wrapped to that allocator.
  std::optional<unsigned> forwardedSize(const Expr *Result,
                                        const FunctionDecl *Function,
                                        const AllocatorFamily *&Wrapped);
  void findCounterparts(const ValueDecl *Callee, AllocatorFamily &Family);

  const DiscoveryOptions &Options;
  llvm::Regex Pattern;
  const AllocatorTable &Table;
  const DefinitionsElsewhere *Elsewhere = nullptr;
  /// The pattern is the default one (DiscoveryOptions::defaultPattern()).
  const bool DefaultPattern;
  /// Null for a declaration that is no allocator; absent while unasked.
  llvm::DenseMap<const Decl *, const AllocatorFamily *> Families;
  /// Function definitions being read as wrappers, against recursion.
  llvm::DenseMap<const Decl *, bool> InProgress;
  std::deque<AllocatorFamily> Discovered;
  /// arrayFormOf()'s answers; null for a function that is none.
  llvm::DenseMap<const Decl *, const AllocatorFamily *> ArrayForms;
};

/// Whether \p Name matches the allocator names of \p Pattern.
bool isAllocatorName(llvm::StringRef Name, const llvm::Regex &Pattern);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ALLOCATORS_ALLOCATORDISCOVERY_H
