//===--- AllocatorFamilies.h - allocation functions and their safe forms --===//
//
// Which functions allocate, which of their arguments is the byte count, and
// what a fix-it may call instead: the overflow-checked array form
// (calloc, reallocarray, kmalloc_array, ...), the zeroing array form
// (calloc, kcalloc, ...) and the zeroing single-size form (kzalloc, ...).
// Both checks read the same table, from the `Allocators` option.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ALLOCATORFAMILIES_H
#define CALLOC_TIDY_ALLOCATORFAMILIES_H

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace clang::tidy::calloc {

/// One allocation function and its counterparts. Counterparts take the
/// same arguments, except that an array form takes `count, size` where the
/// allocation takes the byte count.
struct AllocatorFamily {
  std::string Name;
  unsigned NumArgs = 1;
  unsigned SizeArg = 0;
  /// Checks `count * size` and takes (count, size) in place of the size.
  std::string CheckedArray;
  /// Zeroes the memory and takes (count, size) in place of the size.
  std::string ZeroingArray;
  /// Zeroes the memory and takes the same arguments.
  std::string ZeroingSingle;
};

/// The allocation functions a check knows. Entries are written, in the
/// option and in `config/`, as
///   `malloc(size) array=calloc zeroing-array=calloc`
///   `realloc(ptr, size) array=reallocarray`
///   `kmalloc(size, flags) array=kmalloc_array zeroing-array=kcalloc
///   zeroing=kzalloc`
/// separated by `;`. The parameter named `size` is the byte count; the other
/// parameter names are only documentation.
class AllocatorTable {
public:
  /// The name both checks give the option.
  static constexpr llvm::StringLiteral OptionName = "Allocators";
  static const char *libcDefault();

  /// Parses \p Spec, the value of the option. Malformed entries are
  /// skipped and kept for reportErrors().
  explicit AllocatorTable(llvm::StringRef Spec);

  /// Reports each malformed entry of the option through \p Check's
  /// configurationDiag.
  void reportErrors(const ClangTidyCheck &Check) const;

  /// The option's value as configured, for `--dump-config`.
  const std::string &spec() const { return Spec; }

  /// The entry for a call to \p Callee: a function with one of the
  /// configured names, at namespace scope (global or std), with the
  /// configured number of parameters.
  const AllocatorFamily *find(const FunctionDecl *Callee) const;

  const std::vector<AllocatorFamily> &entries() const { return Entries; }

  /// The names of the configured allocators; only those with a zeroing
  /// counterpart when \p WithZeroingForm.
  std::vector<llvm::StringRef> names(bool WithZeroingForm) const;

  /// Whether \p Function is itself one of the zeroing counterparts:
  /// rewriting its body to call one would make it call itself.
  bool isZeroingCounterpart(const FunctionDecl *Function) const;

private:
  std::string Spec;
  std::vector<AllocatorFamily> Entries;
  /// The malformed entries, each with what is wrong with it.
  std::vector<std::pair<std::string, std::string>> Errors;
};

/// A C function: declared at global scope, in `std`, or in an `extern "C"`
/// block; never a class member.
bool isNamespaceScopeFunction(const Decl *D);

/// True when a rewrite to \p Replacement inside \p Enclosing would make the
/// function call itself (a project's own `xcalloc` built on `xmalloc`).
bool wouldCallItself(const FunctionDecl *Enclosing,
                     llvm::StringRef Replacement);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ALLOCATORFAMILIES_H
