//===--- ObjectLengths.h - counts that measure an object in memory --------===//
//
// A count read from an object that already sits in memory cannot exceed
// PTRDIFF_MAX divided by the size of the elements it counts: no object is
// larger than PTRDIFF_MAX bytes. This file recognizes such counts: the C
// library's string lengths (strlen, wcslen, strnlen, wcsnlen), the
// distance between two pointers into an object, and the
// project's own length accessors, named in the `Lengths` option (function-
// like macros, functions and struct fields), with that option's grammar and
// its configuration errors. IntegerRanges turns a recognized count into a
// range.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_VOCABULARY_OBJECTLENGTHS_H
#define CALLOC_TIDY_VOCABULARY_OBJECTLENGTHS_H

#include "support/OptionLists.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::calloc {

/// A C identifier, as the option grammars (`Lengths`, `Allocators`) accept
/// names.
bool isIdentifier(llvm::StringRef S);

/// One configured length accessor: `NAME` (a function or a function-like
/// macro, whose result is the count) or `RECORD.FIELD` (a field, whose value
/// is the count), with the size in bytes of one element it counts.
struct LengthAccessor {
  /// Empty for a function or macro; the struct, union or class (its tag or
  /// a typedef name through which it is accessed) for a field.
  std::string Record;
  std::string Name;
  /// Bytes per element; 0 means the size of a pointer (`elem=pointer`).
  uint64_t ElementBytes = 1;
};

/// What a count measures: the elements it counts and, for strnlen and
/// wcsnlen, the bound the call itself was given.
struct ObjectLength {
  /// Bytes per element; 0 means the size of a pointer.
  uint64_t ElementBytes = 1;
  /// The maximum argument of a bounded length (strnlen's second), if any.
  const Expr *Limit = nullptr;
};

/// The `Lengths` option: the project's accessors whose value counts the
/// elements of an object in memory. Entries are written, separated by `;`,
/// as
///   `Py_SIZE`                    a function or function-like macro
///   `PyList_GET_SIZE(elem=pointer)`
///   `strbuf.len(elem=1)`         a field of `struct strbuf`
/// `elem=` is the size in bytes of one element counted (default 1, always
/// safe); `pointer` is the target's pointer size.
class LengthAccessors {
public:
  /// The name the option has, in the check and globally.
  static constexpr llvm::StringLiteral OptionName = "Lengths";

  /// Parses \p Spec, the value of the option. Malformed entries are
  /// skipped and kept for reportErrors().
  explicit LengthAccessors(llvm::StringRef Spec);

  /// Reports each malformed entry through \p Check's configurationDiag.
  void reportErrors(const ClangTidyCheck &Check) const;

  /// The option's value as configured, for `--dump-config`.
  const std::string &spec() const { return Spec; }

  const std::vector<LengthAccessor> &entries() const { return Entries; }

  /// What \p E counts when its value is exactly a string length or a
  /// configured accessor's value: a call to the function, the whole
  /// expansion of the macro, or a read of the field.
  std::optional<ObjectLength> measure(const Expr *E,
                                      const ASTContext &Ctx) const;

private:
  const LengthAccessor *findCallable(llvm::StringRef Name) const;
  std::optional<ObjectLength> measureMacro(const Expr *E,
                                           const ASTContext &Ctx) const;
  std::optional<ObjectLength> measureField(const MemberExpr *ME) const;

  std::string Spec;
  std::vector<LengthAccessor> Entries;
  bool HasCallables = false;
  /// The malformed entries, each with what is wrong with it.
  MalformedEntries Errors;
};

/// The lengths no option names: a string's (stringLength) and the
/// distance between two pointers into one object (`end - start`, in
/// elements of that object).
std::optional<ObjectLength> builtinLength(const Expr *E, const ASTContext &Ctx);

/// strlen, wcslen, strnlen and wcsnlen (also as `__builtin_`): the length
/// of the string their first argument points to.
std::optional<ObjectLength> stringLength(const CallExpr *Call,
                                         const ASTContext &Ctx);

/// The element a `for` loop reads on each pass as it walks an object in
/// memory to its end, one element a pass: `nsList[i]` in
/// `for (i = 0; nsList[i] != NULL; i++)`, `*p` in `for (; *p; p++)`. A
/// counter stepped in that loop counts at most so many elements of an
/// object that exists. Null for any other loop: the step must move the
/// index or pointer up by one, and the condition must read through it
/// first (not behind a `&&` or `||` that can end the loop without it).
const Expr *walkedElement(const ForStmt *Loop);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_VOCABULARY_OBJECTLENGTHS_H
