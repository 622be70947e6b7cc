//===--- OptionLists.h - the `;`-separated entries of an option -----------===//
//
// Allocators, Lengths and Inputs are lists of entries separated by `;`,
// each parsed by its own grammar. A malformed entry is skipped and reported
// once, with why, as a configuration warning.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_SUPPORT_OPTIONLISTS_H
#define CALLOC_TIDY_SUPPORT_OPTIONLISTS_H

#include "support/LLVMCompat.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::calloc {

/// A malformed entry as written, and why it is malformed.
using MalformedEntries = std::vector<std::pair<std::string, std::string>>;

/// Calls \p Parse(Item, Error) on each trimmed, non-empty entry of \p Spec;
/// an entry it refuses (false) goes to \p Errors with the Error it gave.
template <typename ParseFn>
void parseOptionList(llvm::StringRef Spec, ParseFn Parse,
                     MalformedEntries &Errors) {
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Spec.split(Items, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty())
      continue;
    std::string Error;
    if (!Parse(Item, Error))
      Errors.emplace_back(Item.str(), Error);
  }
}

/// Reports each of \p Errors of option \p Option of \p Check.
inline void reportOptionErrors(const ClangTidyCheck &Check,
                               llvm::StringRef Option,
                               const MalformedEntries &Errors) {
  for (const auto &[Entry, Error] : Errors)
    Check.configurationDiag(
        "invalid entry in option '%0.%1': '%2': %3; the entry is ignored")
        << checkName(Check) << Option << Entry << Error;
}

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_SUPPORT_OPTIONLISTS_H
