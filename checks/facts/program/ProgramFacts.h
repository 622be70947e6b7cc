//===--- ProgramFacts.h - the program's facts file, read and written ------===//
//
// The facts pass writes one summary per translation unit (what the unit
// says of names other units use: OtherUnits.h) and merges them into one
// file for the program, `calloc-facts.tsv`. Both are the same text: one
// fact per line, `KEY<TAB>KIND<TAB>VALUE...`, sorted, so that the merge is
// a sorted union (tools/calloc_facts.py) and a change shows as a small
// diff:
//
//   fn read_count	input	net.c:12        its result carries input
//   field hdr.width	input	parse.c:40      input is stored there
//   field hdr.width	limit	<=65535	>=1   every function of the unit that
//                                          writes it tests it against these
//   field hdr.depth	limit	?               one that writes it tests none
//   field buf.cap	growth	buf.c:7         a unit grows it from itself
//   field hdr.cols	least	0               a unit's writes keep it >= 0
//   field hdr.rows	least	?               a unit writes it unseen (`--`)
//   field hdr.w	most	65535           a unit's `=` give it at most this
//   fn make_table	passes	0	1	64     a unit's calls pass argument 0
//                                          values from 1 to 64 (`*`: no bound)
//   fn handler	escapes	-                 a unit takes its address
//   fn pm_error	ends	never           its definition never returns
//   fn overflow2	ends	returns	0	1	2147483647
//                                          it returns only where param 0
//                                          times param 1 is at most this
//   fn note	ends	returns             it returns (every definition says
//                                          how it ends)
//   fn xcalloc	defined	xalloc.c          a unit defines it (with a pointer
//                                          result), and what discovery read:
//   fn xcalloc	checks-product	0	1     it checks the product of params 0, 1
//   fn xzalloc	zeroes	-                 it zeroes what it allocates
//   fn get_buf	wrapper	0	malloc	0     it wraps malloc, size in param 0
//                                          (1: it resizes)
//
// A check loads the file once per process (again only when it changes),
// from the `ProgramFacts` option, or else by looking where tools look for
// compile_commands.json: in the folder of the file being linted and each
// folder above it, and in the `build/` folder of each. Lines this version
// does not know are skipped, so an older plugin reads a newer file.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FACTS_PROGRAM_PROGRAMFACTS_H
#define CALLOC_TIDY_FACTS_PROGRAM_PROGRAMFACTS_H

#include "allocators/AllocatorFamilies.h"
#include "facts/CallSites.h"
#include "facts/OtherUnits.h"
#include "facts/OutParameters.h"
#include "facts/ValueSources.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace clang::tidy::calloc {

/// The name of the merged facts file.
inline constexpr llvm::StringLiteral FactsFileName = "calloc-facts.tsv";

/// The merged facts of a program.
class ProgramFacts : public OtherUnits, public DefinitionsElsewhere {
public:
  /// Parses \p Text, the contents of \p Path.
  ProgramFacts(llvm::StringRef Text, llvm::StringRef Path);

  const PlaceSummary *place(const ValueDecl *D) const override;
  const FunctionSummary *function(const FunctionDecl *F) const override;
  std::optional<ValueRange> passed(const ParmVarDecl *Param) const override;
  llvm::StringRef source() const override { return Path; }

  std::string definedIn(const FunctionDecl *F) const override;
  bool checksProduct(const FunctionDecl *F, unsigned Count,
                     unsigned Size) const override;
  bool zeroes(const FunctionDecl *F) const override;
  std::optional<AllocatorFamily>
  wrapper(const FunctionDecl *F) const override;

  /// The facts at \p Path, read once per process and again when the file
  /// changes; null when it cannot be read.
  static std::shared_ptr<const ProgramFacts> load(llvm::StringRef Path);

  /// The facts file for \p MainFile: \p Configured when given (`none`
  /// turns the facts off), else `calloc-facts.tsv` in the file's folder or
  /// an ancestor, or in the `build/` folder of one. Empty when none.
  static std::string locate(llvm::StringRef MainFile,
                            llvm::StringRef Configured);

  /// The facts for the unit of \p Ctx (locate(), then load()); null when
  /// there are none.
  static std::shared_ptr<const ProgramFacts> forUnit(const SourceManager &SM,
                                                     llvm::StringRef Configured);

  size_t size() const { return Places.size() + Functions.size(); }

private:
  std::string Path;
  llvm::StringMap<PlaceSummary> Places;
  llvm::StringMap<FunctionSummary> Functions;
  /// What the allocator facts say of a function defined in some unit.
  struct Definition {
    std::string File;
    llvm::SmallVector<unsigned, 2> ChecksProductAt;
    bool Zeroes = false;
    std::optional<AllocatorFamily> Wrapper;
  };
  llvm::StringMap<Definition> Definitions;
  const Definition *definitionOf(const FunctionDecl *F) const;
  void noteDefinition(Definition &D, llvm::StringRef Kind,
                      llvm::ArrayRef<llvm::StringRef> Cols);
  void joinWritten(std::optional<Wide> &Slot, llvm::StringSet<> &UnknownKeys,
                   llvm::StringRef Key, llvm::StringRef Text, bool Largest);
  void notePassed(FunctionSummary &F, llvm::StringRef Index,
                  llvm::StringRef Lo, llvm::StringRef Hi);
  void noteReturns(FunctionSummary &F, llvm::StringRef Key,
                   llvm::StringRef Lo, llvm::StringRef Hi);
  void noteEnds(FunctionSummary &F, llvm::StringRef Key,
                llvm::ArrayRef<llvm::StringRef> Values);
  /// Functions some definition of which returns.
  llvm::StringSet<> MayReturn;
  /// Functions some definition of which returns without bounding the
  /// product the others bound.
  llvm::StringSet<> UnboundedProducts;
  /// Functions a unit defines without a range of results to give.
  llvm::StringSet<> UnknownReturns;
  /// Places some unit writes in a way no least value can be given for.
  llvm::StringSet<> Unknown;
  /// Places some unit writes with no largest value to give.
  llvm::StringSet<> UnknownMost;
  /// Places a unit writes without testing a limit where it writes them.
  llvm::StringSet<> Unlimited;
};

/// What \p Sources says this unit tells the others, as facts-file lines,
/// sorted.
std::string summarizeUnit(ValueSources &Sources, CallSites &Callers,
                          const AllocatorTable &Allocators,
                          const CallResults *Results = nullptr,
                          OutParameters *Outs = nullptr);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FACTS_PROGRAM_PROGRAMFACTS_H
