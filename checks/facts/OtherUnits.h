//===--- OtherUnits.h - what the rest of the program says about a name ----===//
//
// clang-tidy reads one translation unit; what decides whether a product can
// wrap often lives in another: the header parser that limits a field, the
// reader that fills it from a file, the function whose result is a decoded
// number. The facts pass (facts/program/) writes, for every unit, what it
// tells the others about such names, and merges them into one file for the
// program. The tracer and the verdict (ValueSources.h) ask this interface,
// which facts/program/ProgramFacts answers, so that the facts of one unit
// never include the layer that reads the whole program.
//
// Names leave a unit by key (programKey()): a function or global with
// external linkage by its name, a field by its record's name and its own.
// A key the facts do not hold (a name renamed since, a unit not summarised)
// answers nothing, and the check judges as if there were no facts file.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FACTS_OTHERUNITS_H
#define CALLOC_TIDY_FACTS_OTHERUNITS_H

#include "analysis/expressions/IntegerRanges.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace clang::tidy::calloc {

/// What the program writes to a field or a global, and how it tests it.
struct PlaceSummary {
  /// Where a number from outside the program is stored into it
  /// (`h->width = read_u32(p)`), as `file:line`; empty when nowhere.
  std::string InputAt;
  /// Where the program grows it from its own value (`cap *= 2`).
  std::string GrowthAt;
  /// Every function of the program that writes it tests it against a
  /// constant that bounds it there (`h->width = get16(p); if (h->width >
  /// 16384) return -1;`): the limit holds wherever it is read.
  bool Compared = false;
  /// Those limits, the weakest of the writers' (from above, and from below
  /// where every writer tests one).
  std::optional<Wide> Upper, Lower;
  /// In a unit's summary: a function of the unit writes it and tests no
  /// limit; no limit holds for the program then.
  bool LimitUnknown = false;
  /// In a unit's summary: a writer tests no minimum.
  bool NoLower = false;
  /// The least value the program's writes give it, when every write is
  /// read (ValueSources::Writes::Least); a unit that writes it in a way
  /// not read (`n--`, `&n` handed to a call) makes it unknown.
  std::optional<Wide> Least;
  /// In a unit's summary: whether this unit's writes are all read.
  bool LeastKnown = true;
  /// The same from above: the largest value the program's `=` give it,
  /// when every write is such an `=` (ValueSources::Writes::Most).
  std::optional<Wide> Most;
  bool MostKnown = true;
};

/// What a function defined in another unit returns.
struct FunctionSummary {
  /// Where the number from outside the program its result carries comes
  /// from, as `file:line`; empty when it carries none.
  std::string InputAt;
  /// What the program's calls pass each integer parameter (the union over
  /// the units that call it), by index; none where a call passes a value
  /// no range was read for.
  llvm::SmallVector<std::optional<ValueRange>, 2> Passed;
  /// By index: some unit passes a value it could not bound.
  llvm::SmallVector<bool, 2> Unbounded;
  /// A unit names it other than by calling it: its address escapes, and
  /// its callers are not all known.
  bool Escapes = false;
  /// The values its returns give, read where it is defined, when that is
  /// narrower than its type.
  std::optional<ValueRange> Returns;
  /// Where it is defined, it never returns (support/Callees.h).
  bool NoReturn = false;
  /// Where it is defined, it returns only where the product of parameters
  /// ProductOf[0] and ProductOf[1] is at most ProductBound.
  std::optional<std::pair<unsigned, unsigned>> ProductOf;
  Wide ProductBound = 0;
};

class OtherUnits;

/// What calls return: a function of this unit from its returns
/// (FunctionResults), one defined in another unit from the program's
/// `returns` facts.
class ProgramCallResults : public CallResults {
public:
  ProgramCallResults(const CallResults &Unit, const OtherUnits *Program)
      : Unit(Unit), Program(Program) {}
  std::optional<ValueRange> resultOf(const CallExpr *Call) const override;
  std::optional<ValueRange>
  resultOfDefinition(const FunctionDecl *Definition) const override {
    return Unit.resultOfDefinition(Definition);
  }

private:
  const CallResults &Unit;
  const OtherUnits *Program;
};

/// The program's facts about names defined or written in other units.
class OtherUnits {
public:
  virtual ~OtherUnits() = default;
  /// The facts about field or global \p D, when the program has any.
  virtual const PlaceSummary *place(const ValueDecl *D) const = 0;
  /// The facts about function \p F's result, when it is defined elsewhere.
  virtual const FunctionSummary *function(const FunctionDecl *F) const = 0;
  /// The values the program's calls pass \p Param, when its function
  /// has external linkage, the program calls it, and no unit lets its
  /// address escape. Whether that is all its callers is the user's word
  /// (the WholeProgram option): a library's callers are not in it.
  virtual std::optional<ValueRange> passed(const ParmVarDecl *Param) const = 0;
  /// The file the facts come from, for notes.
  virtual llvm::StringRef source() const = 0;
};

/// The key under which \p D leaves its unit: `fn NAME` for a function and
/// `var NAME` for a global, both with external linkage; `field RECORD.NAME`
/// for a field of a record with a name (its tag, the typedef of an
/// anonymous one, or the path to an unnamed one declared as a field's
/// type: `field hdr.tiling.cols`). Empty for anything no other unit can
/// name.
std::string programKey(const ValueDecl *D);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FACTS_OTHERUNITS_H
