//===--- CallocFixes.h - the fix each finding gets
//--------------------------===//
//
// The one place where a finding's fix is chosen and its edits assembled,
// from the product split (ProductSplit.h), the call rewrite
// (AllocationRewrite.h), statement removal (SourceEdits.h) and the locals
// left unread (LeftoverVariables.h). A fix is either exact or absent; when
// absent, WhyNot says why, for the note.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FIXES_CALLOCFIXES_H
#define CALLOC_TIDY_FIXES_CALLOCFIXES_H

#include "allocators/AllocatorFamilies.h"
#include "analysis/dataflow/OverflowGuards.h"
#include "analysis/WrappingProducts.h"
#include "analysis/ZeroingPairs.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"

#include <string>
#include <vector>

namespace clang::tidy::calloc {

/// A fix: the edits and the call as it reads afterwards; or, with no
/// edits, why there is none.
struct CallocFix {
  std::vector<FixItHint> Edits;
  /// The function the fix calls, also when there are no edits.
  std::string Callee;
  /// The call after the fix, for the message; empty without edits.
  std::string Replacement;
  std::string WhyNot;
  /// The counterpart was found by discovery and its definition is not in
  /// the file: the edits go on a note, which `--fix-notes` applies and
  /// `--fix` does not.
  bool OnNote = false;
  /// Why the fix is on a note, for the note.
  std::string OnNoteWhy;
};

/// Takes the edits back from \p Fix when one of them would change a system
/// header (the allocation is spelled by one of its macros), with why.
void keepToUserFiles(CallocFix &Fix, const SourceManager &SM);

/// For a product inside one argument of an array form (\p Family's
/// FactorOfArrayForm, `calloc(w * h, 4)`): the same product computed in
/// the argument's type, `calloc((size_t)w * h, 4)`, when that cannot wrap
/// (two factors, each at most half as wide as the type) and the product
/// was computed in a narrower type; no edits otherwise, with why.
CallocFix widenedFactor(const CallExpr *Call, const AllocatorFamily &Family,
                        const SizeOrigin &Origin, const WrappingProduct &Wrap,
                        const Decl *Function, const IntegerModel &Model);

/// The overflow-checked array form of \p Call for the wrapping product
/// \p Wrap of \p Origin: `calloc(count, size)`; with \p NonZeroing, for
/// the C library's `malloc`, `reallocarray(NULL, count, size)` where
/// `reallocarray` is declared (it checks without zeroing).
CallocFix checkedArrayForm(const CallExpr *Call, const AllocatorFamily &Family,
                           const SizeOrigin &Origin,
                           const WrappingProduct &Wrap, const Decl *Function,
                           Preprocessor *PP, const IntegerModel &Model,
                           const AllocatorTable &Allocators,
                           bool NonZeroing = false);

/// The zeroing counterpart of \p Call, which the zeroing \p Pair follows:
/// the array form with count and size when the size is a product (written
/// in the call, or held by a local computed just before) that splits
/// without overflow; otherwise the single-size form with the same
/// arguments, or the array form with a count of 1. A product of variables
/// that cannot be split gets no fix: wrapping it in `calloc(1, ...)` would
/// hide it from calloc-unchecked-multiplication without checking it. The
/// edits rename the call and remove the zeroing statement, and the
/// declaration of a size variable nothing reads any more.
CallocFix zeroingForm(const CallExpr *Call, const AllocatorFamily &Family,
                      const AllocationSite &Site, const ZeroingPair &Pair,
                      const FunctionEffects &Effects, GuardAnalysis &Guards,
                      const IntegerModel &Model,
                      const AllocatorTable &Allocators, Preprocessor *PP);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FIXES_CALLOCFIXES_H
