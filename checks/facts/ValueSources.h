//===--- ValueSources.h - where a count too large for memory comes from ---===//
//
// A product computed in size_t wraps only when its factors reach about
// 2^64 together: far beyond any count of objects in memory, since no object
// is larger than PTRDIFF_MAX bytes. A value that large comes from outside
// the program: a number parsed from text or decoded from data, or what code
// outside the file passes to a public function. This file names that
// source, following a factor back through locals, the fields and globals
// the translation unit writes, the functions it defines, and the callers of
// its static functions. Without a source, calloc-unchecked-multiplication
// assumes the count measures memory, and by default does not say "can
// overflow" (docs/calloc-unchecked-multiplication.md).
//
// A product computed (or stored) in a narrower type, such as int, wraps
// for counts memory holds; for it two more sources count: a place the file
// grows from its own value with nothing bounding it (`cap *= 2`, `n++`),
// and the length of an object in memory. A count set only elsewhere is
// taken to be bounded where it is set.
//
// The `Inputs` option names the project's own sources (InputFunctions.h).
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FACTS_VALUESOURCES_H
#define CALLOC_TIDY_FACTS_VALUESOURCES_H

#include "facts/CallSites.h"
#include "facts/OtherUnits.h"
#include "vocabulary/InputFunctions.h"
#include "analysis/expressions/IntegerRanges.h"
#include "analysis/expressions/LocalValues.h"
#include "analysis/expressions/StatementEffects.h"
#include "analysis/WrappingProducts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::calloc {

/// Where a wrapping product's large factor comes from.
struct LargeValueSource {
  enum SourceKind {
    /// A call that returns, or stores, a number from outside the program.
    Input,
    /// Two or more parameters of a public function, which code outside
    /// the file may call with any values.
    PublicParameters,
    /// For a narrow product: a place the file grows from its own value.
    Growth,
    /// For a narrow product: the length of an object in memory.
    Length,
    /// For a product that wraps only at 64 bits: factors that reach there
    /// together without input (Values): two or more that can each hold
    /// more than 32 bits, or narrower ones whose largest values multiply
    /// past the limit.
    WideValues,
  } Kind = Input;
  /// The factor of the product that carries the value.
  const Expr *Factor = nullptr;
  /// Input: the call, or the read of a field configured in `Inputs`;
  /// Growth: the statement that grows it; Length: the length read, or the
  /// element a loop reads as it walks an object (with Counter).
  const Stmt *At = nullptr;
  /// Length: the step of a counter that goes up once per element a loop
  /// walks (`for (i = 0; list[i]; i++) count++;`), or null.
  const Stmt *Counter = nullptr;
  /// Input: the condition of a test of the floating-point value on its way
  /// that NaN passes (Writes::NanTest), or null.
  const Expr *NanTest = nullptr;
  /// Input: where another unit reads the number, by the program's facts
  /// (OtherUnits.h), as `file:line`; At is then the read in this unit.
  std::string ProgramFact;
  /// PublicParameters: the function, and the parameters that are factors.
  const FunctionDecl *Api = nullptr;
  llvm::SmallVector<const ParmVarDecl *, 2> Parameters;
  /// WideValues: the product, its factors that are not constants, and the
  /// type it overflows (the allocator's size type).
  const BinaryOperator *Product = nullptr;
  QualType Type;
  llvm::SmallVector<const Expr *, 2> Values;
};

/// Whether \p Wrap can wrap only for counts no object in memory has: the
/// type it wraps in (the narrow type it is computed in, the narrower
/// variable it is stored in on its way to the call, or else the size type
/// \p SizeType) has 64 bits. A product that wraps in 32 bits (`int`, or
/// size_t with `SizeTypeBits: 32`) wraps for counts memory holds.
bool wrapsOnlyBeyondMemory(const WrappingProduct &Wrap,
                           const SizeOrigin &Origin, QualType SizeType,
                           const IntegerModel &Model);

/// Whether a wrapping product needs a named source before the check says
/// "can overflow", and the source found; and whether every value the
/// product can have, as the code shows them, leaves its type.
struct SourceVerdict {
  bool Needed = false;
  bool Always = false;
  /// The limits the file states on the product's fields and globals keep
  /// it within its type (ValueSources::statedBound()).
  bool Bounded = false;
  std::optional<LargeValueSource> Source;
};

/// The sources of the translation unit: its writes to fields and globals
/// and its calls of input functions are indexed once, the first time a
/// product needs a source.
class ValueSources : public StatementReader {
public:
  ValueSources(ASTContext &Ctx, const IntegerModel &Model,
               const InputFunctions &Inputs, CallSites &Callers,
               FileWalk &Walk);
  ~ValueSources();

  /// The source that makes \p Wrap, a product computed in the size type,
  /// really wrap: a factor that comes from input and whose range, times
  /// the other factors at their smallest, leaves the type. None when the
  /// check cannot name one.
  /// \p Function is the function the product is computed in: public
  /// parameters count only when they are its own.
  /// With \p Narrow (a product computed in a type narrower than memory),
  /// also a place the file grows, or the length of an object in memory.
  /// Without it (a product that wraps only at 64 bits), also factors that
  /// reach there together (LargeValueSource::WideValues).
  std::optional<LargeValueSource> sourceOf(const WrappingProduct &Wrap,
                                           const Decl *Function,
                                           bool Narrow = false,
                                           QualType Storage = {});

  /// Whether \p Wrap, found in \p Origin for an allocator whose size has
  /// type \p SizeType, needs a source under the options (a product in the
  /// size type with \p WideNeedsSource, a narrower one with
  /// \p NarrowNeedsSource), and if so, its source.
  SourceVerdict judge(const WrappingProduct &Wrap, const SizeOrigin &Origin,
                      QualType SizeType, const Decl *Function,
                      bool WideNeedsSource, bool NarrowNeedsSource);

  /// Whether a factor of some multiplication in \p Candidate (in its value,
  /// or in every value \p Function gives the local that carries it) can
  /// be followed back to a source of any kind. When none can, sourceOf()
  /// names none for any product of it, whatever facts hold: with both
  /// options set, the dataflow has nothing left to decide. Conservative
  /// (true) where the values of the local are not all in sight.
  /// \p SizeType is the type of the allocator's size parameter.
  /// With \p NarrowNeedsSource false, any product that wraps in fewer
  /// than 64 bits may be reported, and so may any product of two values.
  bool maySource(const SizeCandidate &Candidate, QualType SizeType,
                 const Decl *Function, bool NarrowNeedsSource);

  /// What the index records of one field or variable: the values written
  /// to it by `=` (or `+=`, `*=`, `<<=`; for fields and globals), the input
  /// calls storing into it, and whether the code compares it with a
  /// constant (`if (n > 65535) fail;`): then it is taken as bounded.
  struct Writes {
    llvm::SmallVector<const Expr *, 4> Values;
    llvm::SmallVector<const CallExpr *, 2> InputCalls;
    /// Calls that get its address as an argument (the index) of a function
    /// this file defines, which may store into it through that parameter.
    llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 1> OutCalls;
    /// A write that grows it from its own value (`cap *= 2`, `n++`).
    const Stmt *Growth = nullptr;
    bool Compared = false;
    /// The limits the file states for it in those comparisons: the
    /// smallest constant it is tested against from above, and the largest
    /// minimum (`n < C`, `n <= C` with a small C: `if (w < 1) fail;`).
    std::optional<Wide> Upper, Lower;
    /// The least value its writes give it, where every write the file
    /// makes is one the index reads (`=` of a value whose range is known,
    /// `+=` of one that is not negative, `++`): `n = 0; ... n++;` keeps it
    /// at 0 or more. None when a write may lower it further (`--`, `-=`,
    /// its address handed to a call) or it is never written here.
    std::optional<Wide> Least;
    bool LeastUnknown = false;
    /// The same from above: the largest value `=` gives it, where every
    /// write is an `=` of a value whose range is known (a step up, `+=`,
    /// `*=`, or its address handed to a call make it unknown).
    std::optional<Wide> Most;
    bool MostUnknown = false;
    /// For the facts pass: the functions that write it, and in each
    /// function the limits it is tested against there. A limit the
    /// function that sets a field tests holds wherever the field is read
    /// in the program (`h->width = get16(p); if (h->width > 16384) fail;`),
    /// where a test in some other function holds on that function's paths.
    llvm::SmallVector<const Decl *, 2> Writers;
    llvm::SmallDenseMap<const Decl *, Wide, 2> UpperIn, LowerIn;
    /// For a floating-point place that no test bounds: the condition of a
    /// test that would limit it from above but lets NaN through, since
    /// every ordered comparison with NaN is false (`if (d < 0 || d > 30)
    /// return -1;`). A NaN converted to an integer can be any value.
    const Expr *NanTest = nullptr;
  };

  /// Indexes the writes of the file, in its FileWalk.
  void read(const Stmt *S) override;
  void readIn(const Stmt *S, const Decl *Owner) override {
    ReadingIn = Owner;
    read(S);
  }

  /// Consults \p Facts (may be null) for names this unit does not define
  /// or does not write alone: fields and globals, and functions defined
  /// elsewhere.
  void useProgramFacts(const OtherUnits *Facts) { Program = Facts; }

  /// Calls \p Fn with the unit's ASTContext.
  void withContext(llvm::function_ref<void(ASTContext &)> Fn) { Fn(Ctx); }

  /// For the facts pass: what this unit says of every field and global it
  /// writes or tests, and of the result of every function it defines with
  /// external linkage and an integer result.
  void summarize(
      llvm::function_ref<void(const ValueDecl *, const PlaceSummary &)> Place,
      llvm::function_ref<void(const FunctionDecl *, const FunctionSummary &)>
          Function);

  /// Whether \p Product, judged with \p Facts, fits \p Limit once each
  /// factor that is a field or a global is held to the limits the file
  /// states for it (Writes::Upper, Writes::Lower): a header parser's
  /// `if (h->width > 65535) return -1;` bounds `h->width * h->height * 4`
  /// wherever the file computes it. Not a place the file grows from
  /// itself: the growth can take it past a limit tested before.
  bool statedBound(const BinaryOperator *Product, QualType Limit,
                   const PointFacts *Facts);

private:
  /// Follows one factor back (ValueSources.cpp).
  class Tracer;
  const Writes *writesOf(const ValueDecl *D);
  /// Lowers W.Least, and raises W.Most, by what the write \p BO can store.
  void noteLeast(Writes &W, const BinaryOperator *BO);
  void noteComparison(const BinaryOperator *Test, const Expr *Side,
                      const Expr *Other, bool Above);
  /// Records the tests of floating-point places in the condition of \p If
  /// that NaN passes when the `if` rejects what its condition accepts.
  void noteNanPassingTests(const IfStmt *If);
  /// What the tracer reads of one function's body, from one walk each.
  struct FunctionFacts {
    FunctionFacts(const Decl *Function, const ASTContext &Ctx)
        : Function(Function), Touches(Function, Ctx) {}
    /// Which locals escape, scanned the first time it is asked (the tracer
    /// reads the writes only).
    const FunctionEffects &effects() {
      if (!Effects)
        Effects.emplace(Function);
      return *Effects;
    }
    const Decl *Function;
    LocalTouchIndex Touches;

  private:
    std::optional<FunctionEffects> Effects;
  };
  FunctionFacts &factsOf(const Decl *Function);

  ASTContext &Ctx;
  const IntegerModel &Model;
  const InputFunctions &Inputs;
  CallSites &Callers;
  FileWalk &Walk;
  llvm::DenseMap<const ValueDecl *, Writes> Index;
  const OtherUnits *Program = nullptr;
  /// The function whose statement read() reads (FileWalk).
  const Decl *ReadingIn = nullptr;
  /// Notes that the function being read writes \p W.
  void noteWriter(Writes &W) {
    if (!llvm::is_contained(W.Writers, ReadingIn))
      W.Writers.push_back(ReadingIn);
  }
  /// The tests noteNanPassingTests() found, each with its condition; read
  /// before the tests themselves (the `if` comes first in the walk).
  llvm::DenseMap<const BinaryOperator *, const Expr *> NanPassing;
  llvm::DenseMap<const Decl *, std::unique_ptr<FunctionFacts>> Functions;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FACTS_VALUESOURCES_H
