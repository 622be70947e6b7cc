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
///   `kmalloc(size, flags) array=kmalloc_array zeroing-array=kcalloc zeroing=kzalloc`
/// separated by `;`. The parameter named `size` is the byte count; the other
/// parameter names are only documentation.
class AllocatorTable {
public:
  static const char *libcDefault();

  /// Parses \p Spec. Malformed entries are skipped and described in
  /// \p Errors, one message each.
  static AllocatorTable parse(llvm::StringRef Spec,
                              std::vector<std::string> &Errors);

  /// The entry for a call to \p Callee: a function with one of the
  /// configured names, at namespace scope (global or std), with the
  /// configured number of parameters.
  const AllocatorFamily *find(const FunctionDecl *Callee) const;

  const std::vector<AllocatorFamily> &entries() const { return Entries; }

private:
  std::vector<AllocatorFamily> Entries;
};

/// True when a rewrite to \p Replacement inside \p Enclosing would make the
/// function call itself (a project's own `xcalloc` built on `xmalloc`).
bool wouldCallItself(const FunctionDecl *Enclosing, llvm::StringRef Replacement);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ALLOCATORFAMILIES_H
