//===--- CallocFixes.cpp --------------------------------------------------===//

#include "fixes/CallocFixes.h"
#include "support/AstWalks.h"
#include "fixes/AllocationRewrite.h"
#include "fixes/LeftoverVariables.h"
#include "fixes/ProductSplit.h"
#include "analysis/expressions/SizeExpressions.h"
#include "fixes/SourceEdits.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"

namespace clang::tidy::calloc {

void keepToUserFiles(CallocFix &Fix, const SourceManager &SM) {
  if (!editsSystemHeader(Fix.Edits, SM))
    return;
  Fix.Edits.clear();
  Fix.Replacement.clear();
  Fix.OnNote = false;
  Fix.WhyNot = "the allocation is spelled in a macro of a system header, "
               "which the rewrite would have to change";
}

/// What the size argument of \p Call is to the fixes of both checks: the
/// size of an allocation, or of a zeroing.
static std::pair<SizeRole, const Expr *>
sizeArgumentOf(const CallExpr *Call, const AllocatorTable &Allocators) {
  if (const AllocatorFamily *F = Allocators.find(Call);
      F && Call->getNumArgs() > F->SizeArg)
    return {SizeRole::Allocation, Call->getArg(F->SizeArg)};
  if (const Expr *Size = zeroedSize(Call))
    return {SizeRole::Zeroing, Size};
  return {SizeRole::None, nullptr};
}

/// Adds to \p Removals the statements that a fix of \p Footprint leaves
/// without a purpose: the declaration of a size variable no longer read, and
/// the assignments to it. False, with \p WhyNot set, when one cannot go.
static bool addLeftoverRemovals(const Decl *Function,
                                const FixFootprint &Footprint,
                                const ASTContext &Ctx,
                                std::vector<StatementRemoval> &Removals,
                                std::string &WhyNot) {
  std::optional<llvm::SmallVector<Leftover, 4>> Leftovers =
      leftoverStatements(Function, Footprint, Ctx, WhyNot);
  if (!Leftovers)
    return false;
  // An instantiation does not show the uses in branches it discarded.
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Function);
  if (!Leftovers->empty() && FD && FD->getTemplateInstantiationPattern()) {
    WhyNot = "'" + Leftovers->front().Var->getNameAsString() +
             "' would be left unused in a template, which is read only as "
             "instantiated";
    return false;
  }
  for (const Leftover &L : *Leftovers) {
    std::string What =
        (L.IsDeclaration ? "the declaration of '" : "an assignment to '") +
        L.Var->getNameAsString() + "'";
    std::optional<StatementRemoval> Removal =
        removeStatement(L.Statement, What, Ctx, WhyNot);
    if (!Removal)
      return false;
    Removals.push_back(*Removal);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The checked array form
//===----------------------------------------------------------------------===//

/// The statements from \p Root down to \p Target, both included; empty when
/// \p Target is not in \p Root (or only inside a nested function).
static bool pathTo(const Stmt *Root, const Stmt *Target,
                   llvm::SmallVectorImpl<const Stmt *> &Path) {
  if (!Root || isa<LambdaExpr, BlockExpr>(Root))
    return false;
  Path.push_back(Root);
  if (Root == Target)
    return true;
  for (const Stmt *Child : Root->children())
    if (pathTo(Child, Target, Path))
      return true;
  Path.pop_back();
  return false;
}

static bool declares(const Stmt *S, const VarDecl *Var) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  return DS && llvm::is_contained(DS->decls(), Var);
}

/// Whether local \p Var of \p Function can be named at \p Use: a statement
/// around \p Use declares it, and no declaration of the same name in a
/// block between them hides it.
static bool isVisibleAt(const VarDecl *Var, const Stmt *Use,
                        const Decl *Function) {
  if (isa<ParmVarDecl>(Var) || Var->hasGlobalStorage())
    return true;
  llvm::SmallVector<const Stmt *, 16> Path;
  if (!Function || !pathTo(Function->getBody(), Use, Path))
    return false;
  auto Scope = llvm::find_if(Path, [&](const Stmt *S) {
    return llvm::any_of(S->children(), [&](const Stmt *Child) {
      return Child && declares(Child, Var);
    });
  });
  if (Scope == Path.end())
    return false;
  for (const Stmt *S : llvm::make_range(std::next(Scope), Path.end()))
    if (const auto *Block = dyn_cast<CompoundStmt>(S))
      for (const Stmt *Child : Block->body())
        if (const auto *DS = dyn_cast<DeclStmt>(Child))
          for (const Decl *D : DS->decls())
            if (const auto *ND = dyn_cast<NamedDecl>(D);
                ND && ND != Var && ND->getDeclName() == Var->getDeclName())
              return false;
  return true;
}

/// The rewrite repeats a stored product's operands at the call: they must
/// be safe to evaluate again and mean the same there.
static bool operandsRepeatable(const BinaryOperator *Product,
                               const CallExpr *Call, const Decl *Function,
                               const ASTContext &Ctx, std::string &WhyNot) {
  for (const Expr *E : {Product->getLHS(), Product->getRHS()})
    if (E->HasSideEffects(Ctx)) {
      WhyNot = "the operands of the product have side effects";
      return false;
    }
  std::vector<ValueKey> Operands;
  collectKeys(Product, Operands);
  for (const ValueKey &K : Operands) {
    const auto *VD = dyn_cast<VarDecl>(K.Var);
    if (!VD || !isVisibleAt(VD, Call, Function)) {
      WhyNot = "an operand of the product is not visible at the allocation";
      return false;
    }
  }
  return true;
}

/// Why \p Family has no overflow-checked form, and for a discovered
/// allocator how it was recognised and how to name one.
static std::string whyNoCounterpart(const AllocatorFamily &Family) {
  if (Family.Source == AllocatorSource::OperatorNew)
    return "'" + Family.Name +
           "' has no overflow-checked form; 'new T[n]' checks the "
           "multiplication";
  if (!Family.isDiscovered())
    return "no overflow-checked form of '" + Family.Name + "' is configured";
  std::string Why = "'" + Family.Name + "' is " + describeSource(Family);
  if (!Family.CheckedArrayRefused.empty())
    return Why + ", and " + Family.CheckedArrayRefused;
  std::string Entry = Family.Name + "(";
  for (unsigned I = 0; I < Family.NumArgs; ++I)
    Entry +=
        std::string(I ? ", " : "") + (I == Family.SizeArg ? "size" : "arg");
  return Why +
         ", and no overflow-checked form of it was found; name one "
         "in option 'Allocators': '" +
         Entry + ") array=NAME'";
}

/// Why the file does not show what \p Counterpart does.
static std::string whyUnseen(const AllocatorFamily &Family,
                             llvm::StringRef Counterpart) {
  if (Family.Kind != CalleeKind::Function)
    return "'" + Counterpart.str() + "' is called through a function pointer";
  return "'" + Counterpart.str() +
         "' was found by its name and is not defined in this file";
}

/// The C library's `malloc`, as configured by default.
static bool isLibcMalloc(const AllocatorFamily &Family) {
  return !Family.isDiscovered() && Family.Name == "malloc" &&
         Family.NumArgs == 1 && Family.CheckedArray == "calloc";
}

/// A null pointer as the code at \p Loc writes one: `nullptr` in C++,
/// `NULL` where it is defined, `(void *)0` otherwise.
static std::string nullPointerText(SourceLocation Loc, const ASTContext &Ctx,
                                   Preprocessor *PP) {
  if (Ctx.getLangOpts().CPlusPlus11)
    return "nullptr";
  if (PP && PP->getMacroDefinitionAtLoc(PP->getIdentifierInfo("NULL"), Loc))
    return "NULL";
  return "(void *)0";
}

/// Why no two-argument form can replace the size of \p Call, whichever
/// it is; empty when one can.
static std::string whyNotSplittable(const CallExpr *Call,
                                    const AllocatorFamily &Family,
                                    const WrappingProduct &Wrap,
                                    const IntegerModel &Model) {
  const ASTContext &Ctx = Model.context();
  PrintingPolicy Policy(Ctx.getLangOpts());
  QualType SizeType = sizeParameterType(Call, Family);
  // `size *= 2` stores the product as well: the check belongs there.
  if (Wrap.Inner && Wrap.Inner->isCompoundAssignmentOp())
    return "'" + displayText(Wrap.Inner, Ctx) +
           "' also stores the product; check it before it is stored";
  // The code reads the truncated value as its count: a fix that allocated
  // the whole product would only hide that.
  if (Wrap.Stored)
    return "'" + displayText(Wrap.Inner, Ctx) + "' is cut to '" +
           Wrap.NarrowType + "' where it is stored; keep it in a type that "
           "holds it";
  if (!Wrap.WholeSize && !Wrap.NarrowType.empty() &&
      Model.width(Wrap.Product->getType()) < Model.width(SizeType))
    return "'" + displayText(Wrap.Product, Ctx) + "' is computed in '" +
           Wrap.NarrowType +
           "' and only then widened; convert an operand to '" +
           SizeType.getAsString(Policy) + "' first";
  if (!Wrap.WholeSize)
    return "the product is only part of the size, which has no two-argument "
           "form";
  return "";
}

static const char *const FactorsChange =
    "the operands of the product change before the allocation";

/// Why the checked array form cannot replace \p Call; empty when it can.
static std::string whyNoCheckedForm(const CallExpr *Call,
                                    const AllocatorFamily &Family,
                                    const SizeOrigin &Origin,
                                    const Decl *Function, Preprocessor *PP) {
  const std::string &Checked = Family.CheckedArray;
  if (Checked.empty())
    return whyNoCounterpart(Family);
  std::optional<std::string> Target =
      calledFunctionName(Checked, Call->getBeginLoc(), PP);
  if (!Target)
    return "'" + Checked + "' is a function-like macro here";
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Function);
      wouldCallItself(FD, *Target))
    return "the rewrite would make '" + FD->getName().str() + "' call itself";
  if (Origin.MovedBy)
    return "'" + displayText(Origin.MovedBy, Function->getASTContext()) +
           "' changes the size after the product";
  if (Origin.Through && !Origin.FactorsUnchanged)
    return FactorsChange;
  return "";
}

/// Whether a pointer of type \p Destination can hold a pointer to
/// \p Element without a conversion the compiler warns about.
static bool holdsPointerTo(QualType Destination, QualType Element,
                           const ASTContext &Ctx) {
  if (!Destination->isPointerType())
    return false;
  QualType Pointee = Ctx.getCanonicalType(Destination->getPointeeType());
  QualType Canonical = Ctx.getCanonicalType(Element);
  if (Pointee->isVoidType())
    return true;
  return Ctx.hasSameUnqualifiedType(Pointee, Canonical) &&
         (Canonical.getCVRQualifiers() & ~Pointee.getCVRQualifiers()) == 0;
}

/// Whether the result of \p Call, which is `void *`, can become a pointer
/// to \p Element (what `kmalloc_objs` returns) and mean the same: it is
/// converted to a pointer to \p Element or to void, cast explicitly, or
/// handed, unconverted, to an assignment, an initializer (not a deduced
/// type), a return or an argument, which all take a pointer to \p Element
/// as well. A call written inside a macro invocation is judged by the
/// expression the whole invocation is.
static bool resultCanPointToElement(const CallExpr *Call, QualType Element,
                                    const Decl *Function,
                                    const ASTContext &Ctx) {
  llvm::SmallVector<const Stmt *, 16> Path;
  if (!Function || !pathTo(Function->getBody(), Call, Path))
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange First = SM.getExpansionRange(Call->getBeginLoc());
  CharSourceRange Last = SM.getExpansionRange(Call->getRParenLoc());
  // Statements too: a macro may wrap the call in `({ ... })`.
  auto IsTheInvocation = [&](const Stmt *S) {
    return SM.getExpansionRange(S->getBeginLoc()).getBegin() ==
               First.getBegin() &&
           SM.getExpansionRange(S->getEndLoc()).getEnd() == Last.getEnd();
  };
  size_t I = Path.size() - 1;
  while (I > 0 && IsTheInvocation(Path[I - 1]))
    --I;
  QualType Destination;
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Path[I]))
    Destination = Cast->getType();
  for (; I > 0 && isa<ParenExpr, ImplicitCastExpr>(Path[I - 1]); --I)
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Path[I - 1]))
      Destination = Cast->getType();
  const Stmt *Parent = I > 0 ? Path[I - 1] : nullptr;
  if (isa_and_nonnull<ExplicitCastExpr>(Parent))
    return true;
  if (!Destination.isNull())
    return holdsPointerTo(Destination, Element, Ctx);
  if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(Parent))
    return Assign->getOpcode() == BO_Assign && Assign->getRHS() == Path[I];
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Parent))
    return llvm::all_of(DS->decls(), [](const Decl *D) {
      const auto *VD = dyn_cast<VarDecl>(D);
      const TypeSourceInfo *Written = VD ? VD->getTypeSourceInfo() : nullptr;
      return Written && !Written->getType()->getContainedDeducedType();
    });
  return isa_and_nonnull<ReturnStmt, CallExpr>(Parent);
}

/// The family's objects form for \p Call: `kmalloc_objs(*p, n, gfp)` for
/// `kmalloc(n * sizeof(*p), gfp)`, where the macro is defined. Edits empty
/// when it does not apply; \p WhyNot then says why, when the call is
/// written the way the form takes it and the form is defined.
static std::vector<FixItHint>
objectsForm(const CallExpr *Call, const AllocatorFamily &Family,
            const WrappingProduct &Wrap, const Decl *Function, Preprocessor *PP,
            const ASTContext &Ctx, std::string &Args, std::string &WhyNot) {
  WhyNot.clear();
  std::string Unused;
  CharSourceRange Written = writtenCall(Call, Family, Ctx, Unused);
  if (Family.ObjectsForm.empty() || Written.isInvalid() || !PP)
    return {};
  const MacroInfo *MI =
      PP->getMacroDefinitionAtLoc(PP->getIdentifierInfo(Family.ObjectsForm),
                                  Written.getBegin())
          .getMacroInfo();
  if (!MI || !MI->isFunctionLike())
    return {};
  std::optional<ElementAndCount> Split =
      splitForObjectsForm(Wrap.Product, Ctx, WhyNot);
  if (!Split)
    return {};
  if (!resultCanPointToElement(Call, Split->ElementType, Function, Ctx)) {
    WhyNot = "'" + Family.ObjectsForm + "' returns a pointer to '" +
             Split->ElementType.getAsString(PrintingPolicy(Ctx.getLangOpts())) +
             "', which the code does not store as one";
    return {};
  }
  Args = Split->joined();
  return rewriteToMacro(Call, Family, Family.ObjectsForm, Args, Ctx, WhyNot);
}

CallocFix checkedArrayForm(const CallExpr *Call, const AllocatorFamily &Family,
                           const SizeOrigin &Origin,
                           const WrappingProduct &Wrap, const Decl *Function,
                           Preprocessor *PP, const IntegerModel &Model,
                           const AllocatorTable &Allocators, bool NonZeroing) {
  const ASTContext &Ctx = Model.context();
  CallocFix Fix;
  Fix.Callee = Family.CheckedArray;
  Fix.WhyNot = whyNotSplittable(Call, Family, Wrap, Model);
  // The product kept in a field is read elsewhere too, as the size it
  // holds: the fix belongs where it is computed.
  if (Fix.WhyNot.empty() && Origin.Through && isa<FieldDecl>(Origin.Through))
    Fix.WhyNot = "the size is kept in the field '" +
                 Origin.Through->getName().str() +
                 "'; check the product where it is stored";
  if (!Fix.WhyNot.empty())
    return Fix;
  std::string Args, ObjectsWhyNot;
  if (!Origin.Through || Origin.FactorsUnchanged)
    Fix.Edits =
        objectsForm(Call, Family, Wrap, Function, PP, Ctx, Args, ObjectsWhyNot);
  if (!Fix.Edits.empty()) {
    Fix.Callee = Family.ObjectsForm;
    if (Origin.Through &&
        !operandsRepeatable(Wrap.Product, Call, Function, Ctx, Fix.WhyNot)) {
      Fix.Edits.clear();
      return Fix;
    }
  } else {
    Fix.WhyNot = whyNoCheckedForm(Call, Family, Origin, Function, PP);
  }
  if (Fix.Edits.empty() && Fix.WhyNot.empty()) {
    QualType SizeType = sizeParameterType(Call, Family);
    std::optional<CountAndSize> Split = splitForArrayForm(
        Wrap.Product, Ctx, Model, Wrap.Facts, SizeType, Fix.WhyNot);
    if (!Split)
      return Fix;
    Args = Split->joined();
    if (Origin.Through &&
        !operandsRepeatable(Wrap.Product, Call, Function, Ctx, Fix.WhyNot))
      return Fix;
    if (NonZeroing && isLibcMalloc(Family)) {
      std::string Leading =
          nullPointerText(Call->getBeginLoc(), Ctx, PP) + ", ";
      std::string Ignored;
      Fix.Edits = rewriteAllocation(Call, Family, "reallocarray",
                                    Leading + Args, Ctx, PP, Ignored,
                                    /*LeadingArgs=*/1);
      if (!Fix.Edits.empty()) {
        Fix.Callee = "reallocarray";
        Args = Leading + Args;
      }
    }
    if (Fix.Edits.empty())
      Fix.Edits = rewriteAllocation(Call, Family, Fix.Callee, Args, Ctx, PP,
                                    Fix.WhyNot);
  }
  // A call written through the family's macro can only take the objects
  // form: why that failed says more than "inside a macro".
  if (Fix.Edits.empty() && !ObjectsWhyNot.empty() &&
      !whyNotEditable(Call, Ctx).empty())
    Fix.WhyNot = ObjectsWhyNot;
  if (Fix.Edits.empty())
    return Fix;
  // `malloc(bytes)` may have been the last read of `bytes`.
  auto SizeOf = [&](const CallExpr *C) {
    return sizeArgumentOf(C, Allocators);
  };
  FixFootprint Footprint;
  Footprint.Removed.push_back(Call->getArg(Family.SizeArg));
  Footprint.Copied.push_back(Wrap.Product);
  Footprint.SizeOf = SizeOf;
  std::vector<StatementRemoval> Removals;
  if (!addLeftoverRemovals(Function, Footprint, Ctx, Removals, Fix.WhyNot)) {
    Fix.Edits.clear();
    return Fix;
  }
  llvm::append_range(Fix.Edits, joinRemovals(std::move(Removals), Ctx));
  Fix.Replacement = rewrittenCallText(
      Call, Family,
      spelledCallee(Call, Fix.Callee, Ctx, PP).value_or(Fix.Callee), Args, Ctx);
  Fix.OnNote = Fix.Callee == Family.CheckedArray &&
               Family.CheckedArrayProof == CounterpartProof::Unseen;
  Fix.OnNoteWhy = whyUnseen(Family, Fix.Callee);
  return Fix;
}

CallocFix widenedFactor(const CallExpr *Call, const AllocatorFamily &Family,
                        const SizeOrigin &Origin, const WrappingProduct &Wrap,
                        const Decl *Function, const IntegerModel &Model) {
  const ASTContext &Ctx = Model.context();
  CallocFix Fix;
  Fix.Callee = Family.Name;
  const Expr *Product = Wrap.Product;
  Fix.WhyNot = "'" + Family.Name +
               "' checks the multiplication of its two arguments, not one "
               "inside an argument; check '" +
               displayText(Product, Ctx) +
               "' before the call (with __builtin_mul_overflow, or a limit on "
               "a factor)";
  // Only a product written in the argument, all of it, computed in a
  // narrower type: widened, it is what the code meant.
  const auto *Mul = dyn_cast<BinaryOperator>(
      Call->getArg(Family.SizeArg)->IgnoreParenImpCasts());
  if (Origin.Through || Wrap.NarrowType.empty() || !Mul ||
      Mul != Wrap.Product || Mul != Wrap.Inner ||
      Mul->getOpcode() != BO_Mul)
    return Fix;
  QualType SizeType = sizeParameterType(Call, Family);
  unsigned SizeWidth = Model.width(SizeType);
  // Each factor as the code holds it, before the usual conversions: two
  // values of at most half the width multiply without wrapping (a negative
  // one gives what the narrow product converted gives, or a size no
  // allocation takes).
  for (const Expr *Factor : {Mul->getLHS(), Mul->getRHS()}) {
    const Expr *Held = Factor->IgnoreParenImpCasts();
    if (!Held->getType()->isIntegerType() ||
        2 * Model.width(Held->getType()) > SizeWidth)
      return Fix;
  }
  // The cast goes before the left factor as written; a multiplicative
  // operator there (`a / b * c`) would take it instead.
  const Expr *Left = Mul->getLHS()->IgnoreImpCasts();
  if (isa<BinaryOperator>(Left) || !Mul->getBeginLoc().isFileID() ||
      !Mul->getEndLoc().isFileID() || Mul->getBeginLoc() != Left->getBeginLoc())
    return Fix;
  // One edit of a template's code serves every instantiation, whose
  // factors may have other types.
  if (Function && isInstantiatedCode(Function))
    return Fix;
  std::string Cast =
      "(" + SizeType.getAsString(Ctx.getPrintingPolicy()) + ")";
  Fix.Edits.push_back(FixItHint::CreateInsertion(Mul->getBeginLoc(), Cast));
  Fix.Replacement = Cast + displayText(Mul, Ctx);
  Fix.WhyNot.clear();
  return Fix;
}

//===----------------------------------------------------------------------===//
// The zeroing form
//===----------------------------------------------------------------------===//

namespace {
/// What the allocation becomes: a callee, and the arguments that replace
/// the size (or all arguments kept, for a single-size zeroing form).
struct Counterpart {
  std::string Callee;
  std::string SizeArgs;
  bool SameArguments = false;
  /// The expression whose text the new size arguments copy: the product,
  /// or the size itself.
  const Expr *Copied = nullptr;
  std::string WhyNot; // set when there is no exact edit
};
} // namespace

/// The product an allocation's size is, written in the call or held by a
/// local just computed; \p Stored says which.
static const BinaryOperator *sizeProduct(const CallExpr *Call,
                                         const AllocatorFamily &Family,
                                         const AllocationSite &Site,
                                         const FunctionEffects &Effects,
                                         GuardAnalysis &Guards, bool &Stored) {
  const Expr *Size = Call->getArg(Family.SizeArg)->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Size);
  Stored = false;
  if (const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr) {
    Stored = true;
    return productHeldBy(Var, Guards.reachingDefinition(Var, Call), Site,
                         Effects, Guards.context());
  }
  const auto *Product = dyn_cast<BinaryOperator>(Size);
  return Product && Product->getOpcode() == BO_Mul ? Product : nullptr;
}

/// `calloc(count, size)` for a product, when it splits without overflow:
/// on its own, with what the guards before the call establish, or as two
/// constants.
static std::optional<CountAndSize>
splitProduct(const BinaryOperator *Product, const CallExpr *Call,
             const AllocatorFamily &Family, const Decl *Function,
             GuardAnalysis &Guards, const IntegerModel &Model,
             unsigned Variables, std::string &WhyNot) {
  const ASTContext &Ctx = Model.context();
  QualType SizeType = sizeParameterType(Call, Family);
  std::optional<CountAndSize> Split =
      splitForArrayForm(Product, Ctx, Model, nullptr, SizeType, WhyNot);
  const auto *Context = dyn_cast<DeclContext>(Function);
  if (!Split && Variables > 1 && !(Context && Context->isDependentContext())) {
    std::vector<ValueKey> Keys;
    for (const Expr *F : productFactors(Product))
      if (std::optional<ValueKey> Key = keyOfOperand(F, Ctx))
        Keys.push_back(*Key);
    std::optional<PointFacts> Facts = Guards.factsBefore(Call, Keys);
    if (Facts && Facts->Reached)
      Split = splitForArrayForm(Product, Ctx, Model, &*Facts, SizeType, WhyNot);
  }
  if (!Split && Variables == 0)
    Split = splitConstants(Product, Ctx);
  return Split;
}

static Counterpart
chooseCounterpart(const CallExpr *Call, const AllocatorFamily &Family,
                  const AllocationSite &Site, const FunctionEffects &Effects,
                  GuardAnalysis &Guards, const IntegerModel &Model) {
  const ASTContext &Ctx = Model.context();
  Counterpart R;
  R.Callee =
      Family.ZeroingArray.empty() ? Family.ZeroingSingle : Family.ZeroingArray;
  bool Stored = false;
  const BinaryOperator *Product =
      Family.ZeroingArray.empty()
          ? nullptr
          : sizeProduct(Call, Family, Site, Effects, Guards, Stored);
  if (Product) {
    unsigned Variables =
        llvm::count_if(productFactors(Product), [&](const Expr *F) {
          return !isConstantFactor(F, Ctx);
        });
    std::string WhyNot;
    if (std::optional<CountAndSize> Split =
            splitProduct(Product, Call, Family, Guards.function(), Guards,
                         Model, Variables, WhyNot)) {
      R.Callee = Family.ZeroingArray;
      R.SizeArgs = Split->joined();
      R.Copied = Product;
      return R;
    }
    if (Variables > 0 && !Stored) {
      R.WhyNot = WhyNot;
      return R;
    }
  }
  const Expr *Size = Call->getArg(Family.SizeArg);
  R.Copied = Size;
  if (!Family.ZeroingSingle.empty()) {
    R.Callee = Family.ZeroingSingle;
    R.SameArguments = true;
    R.SizeArgs = displayText(Size, Ctx); // for the message
    return R;
  }
  std::optional<std::string> Text = spelledText(Size, Ctx);
  if (!Text) {
    R.WhyNot = "the size is not spelled in one piece of the file";
    return R;
  }
  R.Callee = Family.ZeroingArray;
  R.SizeArgs = "1, " + *Text;
  return R;
}

/// The removal of the zeroing statement, and of the statements that \p R
/// leaves without a purpose; none, with \p WhyNot set, when one cannot go.
static std::optional<std::vector<StatementRemoval>>
zeroingRemovals(const CallExpr *Call, const AllocatorFamily &Family,
                const Counterpart &R, const AllocationSite &Site,
                const ZeroingPair &Pair, const Decl *Function,
                const AllocatorTable &Allocators, const ASTContext &Ctx,
                std::string &WhyNot) {
  std::optional<StatementRemoval> Removal =
      removeStatement(Pair.Remove, "the zeroing call", Ctx, WhyNot);
  if (!Removal)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation From = SM.getExpansionLoc(Site.Statement->getBeginLoc());
  if (SM.getFileID(From) != Removal->File) {
    WhyNot = "the allocation and the zeroing are in different files";
    return std::nullopt;
  }
  if (directiveBetween(From, Removal->File, Removal->End, Ctx)) {
    WhyNot = "a preprocessor directive stands between the allocation and "
             "the zeroing";
    return std::nullopt;
  }
  std::vector<StatementRemoval> Removals{*Removal};
  auto SizeOf = [&](const CallExpr *C) {
    return sizeArgumentOf(C, Allocators);
  };
  FixFootprint Footprint;
  Footprint.SizeOf = SizeOf;
  Footprint.Removed.push_back(Pair.Remove);
  if (!R.SameArguments) {
    Footprint.Removed.push_back(Call->getArg(Family.SizeArg));
    Footprint.Copied.push_back(R.Copied);
  }
  if (!addLeftoverRemovals(Function, Footprint, Ctx, Removals, WhyNot))
    return std::nullopt;
  return Removals;
}

CallocFix zeroingForm(const CallExpr *Call, const AllocatorFamily &Family,
                      const AllocationSite &Site, const ZeroingPair &Pair,
                      const FunctionEffects &Effects, GuardAnalysis &Guards,
                      const IntegerModel &Model,
                      const AllocatorTable &Allocators, Preprocessor *PP) {
  const ASTContext &Ctx = Model.context();
  Counterpart R = chooseCounterpart(Call, Family, Site, Effects, Guards, Model);
  CallocFix Fix;
  Fix.Callee = R.Callee;
  // A call that cannot be edited says so before any reason about its
  // arguments.
  Fix.WhyNot = whyNotEditable(Call, Ctx);
  if (Fix.WhyNot.empty())
    Fix.WhyNot = R.WhyNot;
  if (!Fix.WhyNot.empty())
    return Fix;
  Fix.Edits = R.SameArguments
                  ? renameCallee(Call, R.Callee, Ctx, PP, Fix.WhyNot)
                  : rewriteAllocation(Call, Family, R.Callee, R.SizeArgs, Ctx,
                                      PP, Fix.WhyNot);
  if (Fix.Edits.empty())
    return Fix;
  std::optional<std::vector<StatementRemoval>> Removals =
      zeroingRemovals(Call, Family, R, Site, Pair, Guards.function(),
                      Allocators, Ctx, Fix.WhyNot);
  if (!Removals) {
    Fix.Edits.clear();
    return Fix;
  }
  llvm::append_range(Fix.Edits, joinRemovals(std::move(*Removals), Ctx));
  Fix.Replacement = rewrittenCallText(
      Call, Family, spelledCallee(Call, R.Callee, Ctx, PP).value_or(R.Callee),
      R.SizeArgs, Ctx);
  CounterpartProof Proof = R.Callee == Family.ZeroingArray
                               ? Family.ZeroingArrayProof
                               : Family.ZeroingSingleProof;
  Fix.OnNote = Proof == CounterpartProof::Unseen;
  Fix.OnNoteWhy = whyUnseen(Family, Fix.Callee);
  return Fix;
}

} // namespace clang::tidy::calloc
