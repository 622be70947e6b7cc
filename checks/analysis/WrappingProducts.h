//===--- WrappingProducts.h - an allocation size that can wrap
//-------------===//
//
// What calloc-unchecked-multiplication decides about one allocation:
//   1. where its size comes from: the argument itself, or the one product a
//      local variable holds at the call (the guard dataflow's reaching
//      definition), and the facts that hold where that product is computed
//      and at the call;
//   2. whether the code checked the product after computing it
//      (`if (len / n != size) fail;`, or `if (r < x) fail;` after a
//      doubling);
//   3. which multiplication can wrap given those facts, and the product
//      around it that a fix would split.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_WRAPPINGPRODUCTS_H
#define CALLOC_TIDY_ANALYSIS_WRAPPINGPRODUCTS_H

#include "analysis/expressions/IntegerRanges.h"
#include "analysis/dataflow/OverflowGuards.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>
#include <optional>
#include <string>

namespace clang::tidy::calloc {

/// What the analysis of one function needs, each part built the first
/// time a call in it gets that far.
struct SizeCandidate;

class FunctionAnalyses {
public:
  FunctionAnalyses(const Decl *Function, ASTContext &Ctx,
                   const IntegerModel &Model, bool AssertsAreGuards,
                   ParameterRanges *Callers, PointerStores *Outs)
      : Function(Function), Ctx(Ctx), Model(Model),
        AssertsAreGuards(AssertsAreGuards), Callers(Callers), Outs(Outs) {}

  /// The guard dataflow over the function's CFG.
  GuardAnalysis &guards();
  /// Whether the function assigns local or field \p D a product
  /// somewhere (`bitmap->length = w * h * bpp;`, through any object): only
  /// an allocation sized by one of them needs the dataflow. Without
  /// \p EveryProduct, only a product that can wrap by its types, or one
  /// \p D's type truncates, or a multiplication in place (`n *= 2`).
  bool holdsProduct(const ValueDecl *D, bool EveryProduct);
  /// Whether the function assigns local \p Var a product that can wrap in
  /// a type narrower than \p Var's own, widened as it is stored
  /// (`unsigned long n = width * height;` with unsigned factors).
  bool holdsWidenedProduct(const VarDecl *Var);
  /// Whether \p Value reads a local holding a narrow product that can
  /// wrap: one narrower than \p Value, or widened as it was stored.
  bool readsNarrowProduct(const Expr *Value);
  /// Whether \p Candidate's size, or a value its holder is given, reads such
  /// a local: its wrap needs no source, so the source pre-check cannot
  /// drop the candidate.
  bool mayReadNarrowProduct(const SizeCandidate &Candidate);

private:
  /// Fills Holders and FieldHolders, in one walk of the body.
  void collectHoldersOnce();

  const Decl *Function;
  ASTContext &Ctx;
  const IntegerModel &Model;
  bool AssertsAreGuards;
  ParameterRanges *Callers;
  PointerStores *Outs;
  std::unique_ptr<GuardAnalysis> Guards;
  std::optional<llvm::SmallPtrSet<const VarDecl *, 8>> Holders;
  std::optional<llvm::SmallPtrSet<const FieldDecl *, 8>> FieldHolders;
  std::optional<llvm::SmallPtrSet<const ValueDecl *, 8>> WrappingHolders;
  std::optional<llvm::SmallPtrSet<const ValueDecl *, 8>> WidenedHolders;
  /// The holders given a value that readsNarrowProduct().
  std::optional<llvm::SmallPtrSet<const ValueDecl *, 8>> NarrowReaders;
};

/// The expression behind an allocation size, and where facts about it hold.
struct SizeOrigin {
  const Expr *Value = nullptr; // the expression computing the size
  /// The local, or the field, that carried it, if any; with a field, the
  /// place it was read (`bitmap->length`) and the place's key.
  const ValueDecl *Through = nullptr;
  const Expr *ThroughRead = nullptr;
  ValueKey Holder;
  /// Through carries only part of the size, which is Whole: a factor or an
  /// addend narrower than the size (`(size_t)n * sizeof(T)` after
  /// `int n = a * b;`), whose product wraps before the size is computed.
  const Expr *Whole = nullptr;
  std::optional<PointFacts> AtValue; // facts where Value is computed
  std::optional<PointFacts> AtCall;  // facts at the allocation
  bool FactorsUnchanged = true; // Value's operands are the same at the call
  /// An increment of the holder after Value (`++n`): the size is Value
  /// moved by it, so no fix may put Value's factors in its place.
  const Expr *MovedBy = nullptr;
};

/// A size argument that the syntax alone does not settle: it has a
/// multiplication that can wrap for some values of its operands (with
/// EveryProduct, one of a value), or it reads a local that the function
/// assigns a product.
struct SizeCandidate {
  const Expr *SizeArg = nullptr;
  /// The local it reads, when the dataflow follows it back: SizeArg is
  /// only a read of it, or, with Part, reads it as a factor or an addend.
  const VarDecl *Through = nullptr;
  bool Part = false;
  /// Or the field SizeArg reads (with Part, as a factor or an addend, at
  /// FieldRead), which the function assigns a product
  /// (FunctionAnalyses::holdsProduct()), with its key.
  const FieldDecl *ThroughField = nullptr;
  ValueKey FieldKey;
  const Expr *FieldRead = nullptr;
};

/// \p SizeArg, passed to a parameter of type \p SizeType, as a candidate;
/// none when a look at its syntax (and at the assignments of the locals it
/// reads) shows it has no product to judge.
std::optional<SizeCandidate> sizeCandidate(const Expr *SizeArg,
                                           QualType SizeType,
                                           FunctionAnalyses &Function,
                                           const IntegerModel &Model,
                                           bool EveryProduct);

/// Where the size \p Candidate of \p Call comes from, from the dataflow;
/// none when its variable holds no single product that could wrap, or when
/// the call is in code the CFG proves dead. With \p EveryProduct, also a
/// size whose products all fit but are not checked (see
/// findUncheckedProduct).
std::optional<SizeOrigin> findSizeOrigin(const CallExpr *Call,
                                         const SizeCandidate &Candidate,
                                         FunctionAnalyses &Function,
                                         const IntegerModel &Model,
                                         bool EveryProduct);

/// For a candidate whose local is only part of the size (SizeCandidate::
/// Part): the size's own product, judged at the call, for the strict level
/// when the local's product is not one that can overflow; none when the
/// size has no product of a value.
std::optional<SizeOrigin> ownProductOrigin(const CallExpr *Call,
                                           const SizeCandidate &Candidate,
                                           FunctionAnalyses &Function,
                                           const IntegerModel &Model);

/// Whether the code checked the stored product before the allocation:
/// `if (len / n != size) fail;`, or `r = x * 2 + small; if (r < x) fail;`.
bool isVerifiedAfterTheFact(const SizeOrigin &Origin,
                            const IntegerModel &Model);

/// A product in the size that can wrap.
struct WrappingProduct {
  /// The outermost product around the first wrapping multiplication.
  const BinaryOperator *Product = nullptr;
  /// The first wrapping multiplication.
  const BinaryOperator *Inner = nullptr;
  /// Product is the whole size, so the array form can take it.
  bool WholeSize = false;
  /// The type narrower than the size type a wrapping multiplication is
  /// computed in (or, with Stored, the one the variable holding it has);
  /// empty when none is.
  std::string NarrowType;
  /// Inner fits the type it is computed in, but not the narrower variable
  /// that holds it (`UINT16 count = number * 2;`): the store truncates it.
  bool Stored = false;
  /// The facts it was judged with.
  const PointFacts *Facts = nullptr;
  /// Where the code tests Inner's own value though Inner may have wrapped
  /// there (`if (c * b > MAX / s)`, `overflow2(w * h, 4)`), which is why
  /// the test does not count: PointFacts::wrappedTestOf().
  const Expr *TestedAt = nullptr;
};

/// The product of \p Origin that can wrap, for an allocator whose size
/// parameter has type \p SizeType; none when every product fits.
std::optional<WrappingProduct> findWrappingProduct(const SizeOrigin &Origin,
                                                   QualType SizeType,
                                                   const IntegerModel &Model);

/// The first product in the arithmetic of \p Origin's size that has a
/// factor other than a constant and that no check covers: a guard on that
/// very product (`a > K / b`), `__builtin_mul_overflow`, or a check after
/// the fact. Ranges do not count: this is the rule of projects that route
/// every array allocation through a checked form.
std::optional<WrappingProduct> findUncheckedProduct(const SizeOrigin &Origin,
                                                    const IntegerModel &Model);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ANALYSIS_WRAPPINGPRODUCTS_H
