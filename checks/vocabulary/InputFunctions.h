//===--- InputFunctions.h - functions that hand the program a number ----===//
//
// The functions whose result, or what they store through an argument, is a
// number from outside the program: text parsed into a number, bytes
// decoded into one. The C library's are known by name and type; the
// `Inputs` option names a project's own, and fields that hold such a
// number. ValueSources follows a factor back to one of these.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_VOCABULARY_INPUTFUNCTIONS_H
#define CALLOC_TIDY_VOCABULARY_INPUTFUNCTIONS_H

#include "support/OptionLists.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace clang::tidy::calloc {

/// One entry of `Inputs`: a function whose result is a number from outside
/// the program (`NAME`), one that stores such a number through its
/// argument N (`NAME(out=N)`, counted from 1), or a field that holds one
/// (`RECORD.FIELD`).
struct InputEntry {
  std::string Record; // empty for a function
  std::string Name;
  unsigned OutArgument = 0; // 1-based; 0 for the result
};

/// The `Inputs` option, with the C library's parsers and the functions
/// recognized by name and type:
/// - one returning a number from a character pointer whose name says it
///   converts text to a number: `strtol`, `atoi`, `strtod`, `atof` and
///   their kin in projects (`ngx_atoi`, `parse_strtoul`, `g_ascii_strtod`);
///   a floating-point one counts for the integer it is converted to;
/// - one returning a 64-bit integer whose name says it decodes one
///   (`read_be64`, `archive_le64dec`);
/// - the `scanf` family (`sscanf`, `fscanf`, `scanf` and the wide ones)
///   with a literal format: the arguments of its numeric conversions.
class InputFunctions {
public:
  static constexpr llvm::StringLiteral OptionName = "Inputs";

  explicit InputFunctions(llvm::StringRef Spec);
  void reportErrors(const ClangTidyCheck &Check) const;
  const std::string &spec() const { return Spec; }

  /// Whether \p Call returns a number from outside the program.
  bool returnsInput(const CallExpr *Call) const;
  /// Whether \p Call stores such a number through its argument \p Arg
  /// (counted from 0).
  bool storesInputThrough(const CallExpr *Call, unsigned Arg) const;
  /// Whether \p Field is configured as holding such a number.
  bool holdsInput(const FieldDecl *Field) const;

private:
  std::string Spec;
  std::vector<InputEntry> Entries;
  MalformedEntries Errors;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_VOCABULARY_INPUTFUNCTIONS_H
