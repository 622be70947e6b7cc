//===--- ValueSources.cpp -------------------------------------------------===//

#include "facts/ValueSources.h"
#include "support/AstWalks.h"
#include "support/LLVMCompat.h"
#include "analysis/expressions/LocalValues.h"
#include "vocabulary/ObjectLengths.h"
#include "analysis/expressions/SizeExpressions.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::calloc {

//===----------------------------------------------------------------------===//
// The index of the translation unit's writes
//===----------------------------------------------------------------------===//

/// The field or variable an lvalue names: `x`, `p->f`, `s.f`.
static const ValueDecl *storageOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

/// A change that adds to a place (`n += k`, `n = n + k`). A counter kept
/// at file scope (a global, a `static` local) counts over the whole run,
/// as far as the input goes (nasm's count of line records, `nlines++` in
/// a callback): there, a step up is growth too. One in a structure counts
/// the items of one object, whose number a format, a protocol or another
/// file usually limits.
static bool addsTo(const BinaryOperator *BO,
                   llvm::function_ref<bool(const Expr *)> IsSelf) {
  if (BO->getOpcode() == BO_AddAssign)
    return true;
  const auto *Sum =
      dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  return BO->getOpcode() == BO_Assign && Sum && Sum->getOpcode() == BO_Add &&
         (IsSelf(Sum->getLHS()) || IsSelf(Sum->getRHS()));
}

/// Whether \p E reads the place \p IsSelf recognizes anywhere in it.
static bool readsPlace(const Expr *E,
                       llvm::function_ref<bool(const Expr *)> IsSelf) {
  return anyStatement(E, [&](const Stmt *S) {
    const auto *Part = dyn_cast<Expr>(S);
    return Part && IsSelf(Part);
  });
}

/// A change of a place that multiplies it, the way a capacity grows when
/// full: `cap *= 2`, `cap <<= 1`, `cap = cap * 2`, `cap += cap / 2`. A
/// step that adds to it (`n++`, `n += k`, `n = n + k`) counts something
/// instead, which the file can rarely bound and a maintainer rarely
/// believes unbounded: it is no source.
static bool growsGeometrically(const Stmt *S,
                               llvm::function_ref<bool(const Expr *)> IsSelf) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(S);
  if (!BO)
    return false;
  switch (BO->getOpcode()) {
  case BO_MulAssign:
  case BO_ShlAssign:
    return true;
  case BO_AddAssign:
    return readsPlace(BO->getRHS(), IsSelf);
  case BO_Assign:
    break;
  default:
    return false;
  }
  const auto *Step =
      dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
  if (!Step)
    return false;
  bool Left = IsSelf(Step->getLHS());
  bool Right = IsSelf(Step->getRHS());
  switch (Step->getOpcode()) {
  case BO_Mul:
    return Left || Right;
  case BO_Shl:
    return Left;
  case BO_Add:
    return (Left && readsPlace(Step->getRHS(), IsSelf)) ||
           (Right && readsPlace(Step->getLHS(), IsSelf));
  default:
    return false;
  }
}

void ValueSources::read(const Stmt *S) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (BO->isRelationalOp()) {
      // Read as "side Op other": `n > C` tests n against a limit above it.
      bool Greater = Op == BO_GT || Op == BO_GE;
      noteComparison(BO, BO->getLHS(), BO->getRHS(), Greater);
      noteComparison(BO, BO->getRHS(), BO->getLHS(), !Greater);
      return;
    }
    if (Op != BO_Assign && Op != BO_AddAssign && Op != BO_MulAssign &&
        Op != BO_ShlAssign) {
      // Any other compound assignment (`-=`, `|=`, `/=`) is a write whose
      // values the index does not follow: no least or largest value holds.
      if (BO->isCompoundAssignmentOp())
        if (const ValueDecl *D = storageOf(BO->getLHS())) {
          const auto *Var = dyn_cast<VarDecl>(D);
          if (!Var || Var->hasGlobalStorage()) {
            Writes &W = Index[D];
            W.LeastUnknown = W.MostUnknown = true;
            noteWriter(W);
          }
        }
      return;
    }
    const ValueDecl *D = storageOf(BO->getLHS());
    const auto *Var = dyn_cast_or_null<VarDecl>(D);
    // Locals are read from their function (LocalValues.h).
    if (D && (!Var || Var->hasGlobalStorage())) {
      Writes &W = Index[D];
      W.Values.push_back(BO->getRHS());
      noteLeast(W, BO);
      noteWriter(W);
      auto IsSelf = [&](const Expr *E) { return storageOf(E) == D; };
      if (!W.Growth &&
          (growsGeometrically(BO, IsSelf) || (Var && addsTo(BO, IsSelf))))
        W.Growth = BO;
    }
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    noteNanPassingTests(If);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->isIncrementDecrementOp()) {
    const ValueDecl *D = storageOf(UO->getSubExpr());
    const auto *Var = dyn_cast_or_null<VarDecl>(D);
    if (D && (!Var || Var->hasGlobalStorage())) {
      noteWriter(Index[D]);
      // A step up keeps the least value; a step down may pass it; either
      // may pass the largest value `=` gives (a wrap down from 0, too).
      Index[D].MostUnknown = true;
      if (UO->isDecrementOp())
        Index[D].LeastUnknown = true;
      else if (Var)
        if (Writes &W = Index[Var]; !W.Growth)
          W.Growth = UO;
    }
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    // The callee's definition, looked up at the first `&x` (most calls
    // have none).
    std::optional<const FunctionDecl *> Def;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      const auto *Addr = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
      if (!Addr || Addr->getOpcode() != UO_AddrOf)
        continue;
      const ValueDecl *D = storageOf(Addr->getSubExpr());
      if (!D)
        continue;
      // What the callee stores there is not read here.
      Index[D].LeastUnknown = true;
      Index[D].MostUnknown = true;
      noteWriter(Index[D]);
      if (Inputs.storesInputThrough(Call, I)) {
        Index[D].InputCalls.push_back(Call);
        continue;
      }
      if (!Def)
        Def = definitionThatRuns(Call, Ctx);
      if (*Def && I < (*Def)->getNumParams())
        Index[D].OutCalls.push_back({Call, I});
    }
  }
}

void ValueSources::noteLeast(Writes &W, const BinaryOperator *BO) {
  ValueRange Value = RangeEvaluator(Model, nullptr).evaluate(BO->getRHS());
  if (!W.MostUnknown) {
    if (BO->getOpcode() != BO_Assign || Value.Hi >= WideLimit)
      W.MostUnknown = true;
    else
      W.Most = W.Most ? std::max(*W.Most, Value.Hi) : Value.Hi;
  }
  if (W.LeastUnknown)
    return;
  Wide Least;
  switch (BO->getOpcode()) {
  case BO_Assign:
    Least = Value.Lo;
    break;
  case BO_AddAssign:
  case BO_MulAssign:
  case BO_ShlAssign:
    // Adding, multiplying or shifting by what is not negative keeps a
    // value that is not negative at least where it was.
    if (Value.Lo < 0 || (W.Least && *W.Least < 0)) {
      W.LeastUnknown = true;
      return;
    }
    Least = 0;
    break;
  default:
    W.LeastUnknown = true;
    return;
  }
  if (Least <= -WideLimit) {
    W.LeastUnknown = true;
    return;
  }
  W.Least = W.Least ? std::min(*W.Least, Least) : Least;
}

/// Whether \p S always leaves the code after it: a `return`, a jump, a
/// call of a noreturn function, or a block or an `if`-`else` that ends in
/// one on every branch.
static bool leaves(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, BreakStmt, ContinueStmt>(S))
    return true;
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && leaves(Block->body_back());
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getElse() && leaves(If->getElse()) && leaves(If->getThen());
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
    return leaves(Attributed->getSubStmt());
  const auto *E = dyn_cast<Expr>(S);
  const auto *Call = E ? dyn_cast<CallExpr>(E->IgnoreParenImpCasts()) : nullptr;
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Callee->isNoReturn();
}

/// The floating-point place \p Side names (`d`, `p->ms`), or null.
static const ValueDecl *floatingPlace(const Expr *Side) {
  const ValueDecl *D = storageOf(Side);
  return D && D->getType()->isRealFloatingType() ? D : nullptr;
}

namespace {
/// The values a condition can take.
struct Outcomes {
  bool True = true;
  bool False = true;
};
} // namespace

/// The values \p E can take when the floating-point place \p D holds NaN:
/// an ordered comparison of it (and `==`) is false, `!=` true; `isnan` is
/// true and the other classifications false; `!`, `&&` and `||` combine;
/// anything else can be either.
static Outcomes whenNaN(const Expr *E, const ValueDecl *D) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot) {
    Outcomes Sub = whenNaN(UO->getSubExpr(), D);
    return {Sub.False, Sub.True};
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_LOr || BO->getOpcode() == BO_LAnd) {
      Outcomes L = whenNaN(BO->getLHS(), D);
      Outcomes R = whenNaN(BO->getRHS(), D);
      if (BO->getOpcode() == BO_LOr)
        return {L.True || R.True, L.False && R.False};
      return {L.True && R.True, L.False || R.False};
    }
    if (BO->getOpcode() == BO_Comma)
      return whenNaN(BO->getRHS(), D);
    if ((BO->isRelationalOp() || BO->isEqualityOp()) &&
        (floatingPlace(BO->getLHS()) == D ||
         floatingPlace(BO->getRHS()) == D)) {
      bool Unequal = BO->getOpcode() == BO_NE;
      return {Unequal, !Unequal};
    }
    return {};
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() != 1 ||
        floatingPlace(Call->getArg(0)) != D)
      return {};
    llvm::StringRef Name = Callee->getName();
    Name.consume_front("__builtin_");
    if (Name == "isnan")
      return {true, false};
    if (Name == "isfinite" || Name == "finite" || Name == "isinf" ||
        Name == "isinf_sign" || Name == "isnormal")
      return {false, true};
  }
  return {};
}

/// The comparisons \p Cond combines with `!`, `&&` and `||`.
static void collectTests(const Expr *Cond,
                         llvm::SmallVectorImpl<const BinaryOperator *> &Out) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot) {
    collectTests(UO->getSubExpr(), Out);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->isLogicalOp()) {
      collectTests(BO->getLHS(), Out);
      collectTests(BO->getRHS(), Out);
    } else if (BO->isRelationalOp()) {
      Out.push_back(BO);
    }
  }
}

void ValueSources::noteNanPassingTests(const IfStmt *If) {
  // Only a test that rejects: the code after the `if` runs where its
  // condition is false.
  const Expr *Cond = If->getCond();
  if (!Cond || !leaves(If->getThen()))
    return;
  llvm::SmallVector<const BinaryOperator *, 4> Tests;
  collectTests(Cond, Tests);
  // Each place the condition tests is judged once (a long chain of tests
  // of one place reads the condition once).
  llvm::SmallDenseMap<const ValueDecl *, bool, 4> Passes;
  for (const BinaryOperator *Test : Tests)
    for (const Expr *Side : {Test->getLHS(), Test->getRHS()})
      if (const ValueDecl *D = floatingPlace(Side)) {
        auto [It, New] = Passes.try_emplace(D, false);
        if (New)
          It->second = whenNaN(Cond, D).False;
        if (It->second)
          NanPassing.try_emplace(Test, Cond);
      }
}

/// A comparison that limits the value from above: `n > C` or `n >= C` with C
/// above 1 (`n > 0` only tests for zero), or `n < C` and `n <= C` with C of
/// at least 256. A smaller C there is read as a minimum (`if (cap < 16) cap
/// = 16; else cap *= 2;`, `if (len < 4) return;`), which bounds nothing.
/// A floating-point place counts as bounded by any test with a constant,
/// except one NaN passes (noteNanPassingTests()).
void ValueSources::noteComparison(const BinaryOperator *Test, const Expr *Side,
                                  const Expr *Other, bool Above) {
  if (const ValueDecl *D = floatingPlace(Side)) {
    if (Other->isValueDependent() || !Other->isEvaluatable(Ctx))
      return;
    auto Passing = NanPassing.find(Test);
    Writes &W = Index[D];
    if (Passing == NanPassing.end())
      W.Compared = true;
    else if (Above && !W.NanTest)
      W.NanTest = Passing->second;
    return;
  }
  const ValueDecl *D = storageOf(stripWideningCasts(Side, Ctx));
  std::optional<llvm::APSInt> Limit =
      D ? constantValue(Other, Ctx) : std::nullopt;
  std::optional<Wide> C = Limit ? toWide(*Limit) : std::nullopt;
  if (!C)
    return;
  Writes &W = Index[D];
  if (*C > (Above ? 1 : 255)) {
    W.Compared = true;
    W.Upper = W.Upper ? std::min(*W.Upper, *C) : *C;
    auto [It, New] = W.UpperIn.try_emplace(ReadingIn, *C);
    if (!New)
      It->second = std::min(It->second, *C);
  } else if (!Above) {
    W.Lower = W.Lower ? std::max(*W.Lower, *C) : *C;
    auto [It, New] = W.LowerIn.try_emplace(ReadingIn, *C);
    if (!New)
      It->second = std::max(It->second, *C);
  }
}

ValueSources::ValueSources(ASTContext &Ctx, const IntegerModel &Model,
                           const InputFunctions &Inputs, CallSites &Callers,
                           FileWalk &Walk)
    : Ctx(Ctx), Model(Model), Inputs(Inputs), Callers(Callers), Walk(Walk) {
  Walk.add(*this);
}

ValueSources::~ValueSources() = default;

const ValueSources::Writes *ValueSources::writesOf(const ValueDecl *D) {
  Walk.ensureWalked();
  auto Found = Index.find(D);
  return Found == Index.end() ? nullptr : &Found->second;
}

ValueSources::FunctionFacts &ValueSources::factsOf(const Decl *Function) {
  std::unique_ptr<FunctionFacts> &Slot = Functions[Function];
  if (!Slot)
    Slot = std::make_unique<FunctionFacts>(Function, Ctx);
  return *Slot;
}

//===----------------------------------------------------------------------===//
// Following one factor back
//===----------------------------------------------------------------------===//

namespace {
/// What a factor was followed back to.
struct Trace {
  /// A call returning or storing input, or a read of a configured field.
  const Expr *Input = nullptr;
  /// Otherwise, a parameter of a public function it may hold.
  const ParmVarDecl *Public = nullptr;
  /// The largest value the types it went through can hold.
  Wide Capacity = WideLimit;
  /// Sources only of values a narrow type cannot hold: where the file grows
  /// a place from its own value (`cap *= 2`, `n++`), or the length of an
  /// object in memory.
  const Stmt *Growth = nullptr;
  const Expr *Length = nullptr;
  /// With Length, the element a loop walks: the step of a counter that goes
  /// up once per element.
  const Stmt *Counter = nullptr;
  /// With Input: a test NaN passes on the way (Writes::NanTest).
  const Expr *NanTest = nullptr;
  /// With Input: where another unit, by the program's facts, reads the
  /// number that reaches this one (`net.c:12`); empty when this unit shows
  /// the input itself.
  std::string ProgramFact;
};

/// \p T, with the test NaN passes of \p W, the place it went through.
static Trace withNanTest(Trace T, const ValueSources::Writes *W) {
  if (T.Input && W && W->NanTest && !T.NanTest)
    T.NanTest = W->NanTest;
  return T;
}

/// The argument of a call that rounds a floating-point value, or takes its
/// magnitude (`ceil(x)`, `lround(x)`, `fabs(x)`): the value passes.
static const Expr *roundedArgument(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() != 1 ||
      !Call->getArg(0)->getType()->isRealFloatingType())
    return nullptr;
  llvm::StringRef Name = Callee->getName();
  Name.consume_front("__builtin_");
  if (Name.size() > 4 && (Name.ends_with("f") || Name.ends_with("l")))
    Name = Name.drop_back();
  for (llvm::StringRef Rounding :
       {"ceil", "floor", "round", "trunc", "rint", "nearbyint", "lround",
        "llround", "lrint", "llrint", "fabs"})
    if (Name == Rounding)
      return Call->getArg(0);
  return nullptr;
}

/// How much a trace says: input, then memory, then a public parameter.
static int rank(const Trace &T) {
  if (T.Input)
    return 3;
  if (T.Growth || T.Length)
    return 2;
  return T.Public ? 1 : 0;
}

/// A function that code outside the translation unit may call directly.
static bool isPublic(const FunctionDecl *F) {
  return F->isExternallyVisible() && !F->isMain() &&
         F->getVisibility() == DefaultVisibility;
}

/// E for the step of a counted loop, `for (...; i < E; i++)` (or `<=`,
/// `E > i`, `++i`): the loop stops the counter at E, so its values are
/// E's. Null for any other change of \p Var.
static const Expr *loopLimit(const LocalTouch &Touch, const VarDecl *Var) {
  const auto *For =
      Touch.Loops.empty() ? nullptr : dyn_cast<ForStmt>(Touch.Loops.back());
  const auto *Step = dyn_cast_or_null<UnaryOperator>(Touch.At);
  if (!For || !Step || !Step->isIncrementOp() || For->getInc() != Step ||
      !For->getCond())
    return nullptr;
  const auto *Cond =
      dyn_cast<BinaryOperator>(For->getCond()->IgnoreParenImpCasts());
  if (!Cond)
    return nullptr;
  const Expr *L = Cond->getLHS()->IgnoreParenImpCasts();
  const Expr *R = Cond->getRHS()->IgnoreParenImpCasts();
  switch (Cond->getOpcode()) {
  case BO_LT:
  case BO_LE:
    return refersTo(L, Var) ? Cond->getRHS() : nullptr;
  case BO_GT:
  case BO_GE:
    return refersTo(R, Var) ? Cond->getLHS() : nullptr;
  default:
    return nullptr;
  }
}

/// A read of an integer from memory: `p[i]`, `*p`.
static bool readsMemory(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref;
  return isa<ArraySubscriptExpr>(E);
}
} // namespace

/// Follows a value back to input through what holds it: each local,
/// field, global, parameter or function result on the way is a place the
/// value passes, and caps it at its type. A place the code compares with a
/// constant is taken as bounded there, and ends the search.
class ValueSources::Tracer {
public:
  explicit Tracer(ValueSources &Sources) : Sources(Sources) {}

  Trace trace(const Expr *E, unsigned Depth) {
    if (!E || Depth > MaxDepth || ++Steps > MaxSteps)
      return {};
    Wide Cap = WideLimit;
    E = peel(E, Cap);
    if (!Factor)
      Factor = E;
    return capped(traceValue(E, Depth), Cap);
  }

private:
  static constexpr unsigned MaxDepth = 8;
  static constexpr unsigned MaxSteps = 256;

  /// \p E without parentheses and integer conversions; \p Cap is lowered
  /// to the largest value each conversion keeps.
  const Expr *peel(const Expr *E, Wide &Cap) const {
    while (true) {
      if (const auto *Paren = dyn_cast<ParenExpr>(E)) {
        E = Paren->getSubExpr();
      } else if (const auto *Cast = dyn_cast<CastExpr>(E)) {
        if (Cast->getType()->isIntegerType())
          Cap = std::min(Cap, typeMax(Cast->getType()));
        E = Cast->getSubExpr();
      } else {
        return E;
      }
    }
  }

  Wide typeMax(QualType T) const { return Sources.Model.rangeOf(T).Hi; }

  static Trace capped(Trace T, Wide Cap) {
    T.Capacity = std::min(T.Capacity, Cap);
    return T;
  }

  /// \p First when it found input, else the better of it and \p Second.
  template <typename Fn> static Trace either(Trace First, Fn Second) {
    if (First.Input)
      return First;
    Trace Other = Second();
    return rank(Other) > rank(First) ? Other : First;
  }

  Trace traceValue(const Expr *E, unsigned Depth);

  Trace traceAll(llvm::ArrayRef<const Expr *> Values, unsigned Depth) {
    Trace Best;
    for (const Expr *V : Values) {
      Best = either(Best, [&] { return trace(V, Depth); });
      if (Best.Input)
        break;
    }
    return Best;
  }

  Trace traceCall(const CallExpr *Call, unsigned Depth);

  /// What the callee of each of \p Calls stores through the pointer it
  /// gets as the argument paired with it.
  Trace
  traceOutCalls(llvm::ArrayRef<std::pair<const CallExpr *, unsigned>> Calls,
                unsigned Depth);

  /// What \p Function stores through its pointer parameter \p Param:
  /// `*p = v` and `p[0] = v`, and what a function it hands `p` to stores.
  Trace traceStoresThrough(const FunctionDecl *Function,
                           const ParmVarDecl *Param, unsigned Depth);

  /// The integer a pointer parameter points at (`*size`): what its
  /// function stores there, or grows there from itself (`*size *= 2`),
  /// and what its callers in this file keep there. A limit on it, in that
  /// function or on a caller's place, ends the search.
  Trace tracePointee(const ParmVarDecl *Param, unsigned Depth);

  Trace traceBinary(const BinaryOperator *BO, unsigned Depth);

  /// What \p Var holds; at \p Read, when given (the factor itself), only
  /// from the writes that may run before that read.
  Trace traceVariable(const VarDecl *Var, unsigned Depth,
                      const Expr *Read = nullptr);

  /// What a local's own writes that may run before \p Read give it: the
  /// values to follow (`=` and the initializer first, then the operands
  /// of compound assignments), a step that multiplies it (Growth), and a
  /// step once per element a loop walks (Counter, with that Element).
  struct LocalWrites {
    llvm::SmallVector<const Expr *, 6> Values;
    const Stmt *Growth = nullptr;
    const Stmt *Counter = nullptr;
    const Expr *Element = nullptr;
  };
  static LocalWrites localWrites(const VarDecl *Var, FunctionFacts &Facts,
                                 const Expr *Read);

  Trace traceParameter(const ParmVarDecl *Param, unsigned Depth);

  /// What the translation unit writes to a field or a global.
  Trace traceStorage(const ValueDecl *D, unsigned Depth,
                     const Expr *Read = nullptr);

  /// What the program's facts say of \p D, read at \p Read: the input
  /// another unit stores there, or a limit another unit states.
  std::optional<Trace> traceOtherUnits(const ValueDecl *D, const Expr *Read);

public:
  /// Whether the result of \p Def carries input, followed through its
  /// returns (for the facts pass).
  Trace traceResult(const FunctionDecl *Def, unsigned Depth) {
    llvm::SmallVector<const ReturnStmt *, 4> Returns;
    collectReturns(Def->getBody(), Returns);
    llvm::SmallVector<const Expr *, 4> Returned;
    for (const ReturnStmt *Ret : Returns)
      if (Ret->getRetValue())
        Returned.push_back(Ret->getRetValue());
    return capped(traceAll(Returned, Depth + 1),
                  typeMax(Def->getReturnType()));
  }

  /// What the unit's own writes give \p D (for the facts pass).
  Trace traceWrites(const ValueDecl *D) { return traceStorage(D, 0); }

private:

  ValueSources &Sources;
  /// The factor the trace started from: only its own read is where the
  /// order of the writes is asked (a local met again further on may be
  /// read at several places, and is followed once).
  const Expr *Factor = nullptr;
  llvm::SmallPtrSet<const Decl *, 16> Seen;
  unsigned Steps = 0;
};

Trace ValueSources::Tracer::traceValue(const Expr *E, unsigned Depth) {
  if (std::optional<ObjectLength> Length = Sources.Model.lengthOf(E)) {
    Trace T;
    T.Length = E;
    T.Capacity = Sources.Model.maxElements(*Length);
    return T;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return traceCall(Call, Depth);
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (Field && Sources.Inputs.holdsInput(Field))
      return {ME, nullptr, typeMax(Field->getType())};
    return Field ? traceStorage(Field, Depth, ME) : Trace{};
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return traceVariable(dyn_cast<VarDecl>(Ref->getDecl()), Depth,
                         Ref == Factor ? Ref : nullptr);
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
      if (const auto *Param = dyn_cast<ParmVarDecl>(Ref->getDecl()))
        return tracePointee(Param, Depth);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return traceBinary(BO, Depth);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return either(trace(CO->getTrueExpr(), Depth),
                  [&] { return trace(CO->getFalseExpr(), Depth); });
  return {};
}

Trace ValueSources::Tracer::traceCall(const CallExpr *Call, unsigned Depth) {
  if (Sources.Inputs.returnsInput(Call))
    return {Call, nullptr, typeMax(Call->getType())};
  if (const Expr *Rounded = roundedArgument(Call))
    return trace(Rounded, Depth);
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  if ((!Def || !Def->hasBody()) && Callee && Sources.Program)
    if (const FunctionSummary *F = Sources.Program->function(Callee);
        F && !F->InputAt.empty()) {
      Trace T{Call, nullptr, typeMax(Call->getType())};
      T.ProgramFact = F->InputAt;
      return T;
    }
  if (!Def || !Def->hasBody() || !Seen.insert(Def).second)
    return {};
  return traceResult(Def, Depth);
}

Trace ValueSources::Tracer::traceOutCalls(
    llvm::ArrayRef<std::pair<const CallExpr *, unsigned>> Calls,
    unsigned Depth) {
  Trace Best;
  for (const auto &[Call, Index] : Calls) {
    const FunctionDecl *Def = definitionThatRuns(Call, Sources.Ctx);
    if (!Def || Index >= Def->getNumParams())
      continue;
    const ParmVarDecl *Param = Def->getParamDecl(Index);
    Best =
        either(Best, [&] { return traceStoresThrough(Def, Param, Depth + 1); });
    if (Best.Input)
      break;
  }
  return Best;
}

/// Whether \p E is the place \p Param points at: `*p` or `p[0]`.
static bool isPointee(const Expr *E, const ParmVarDecl *Param,
                      const ASTContext &Ctx) {
  E = E->IgnoreParens();
  const Expr *Base = nullptr;
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    Base = UO->getSubExpr();
  else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    std::optional<llvm::APSInt> I = constantValue(AS->getIdx(), Ctx);
    if (I && *I == 0)
      Base = AS->getBase();
  }
  const auto *Ref =
      Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
  return Ref && Ref->getDecl() == Param;
}

Trace ValueSources::Tracer::traceStoresThrough(const FunctionDecl *Function,
                                               const ParmVarDecl *Param,
                                               unsigned Depth) {
  if (!Function || !Param || Depth > MaxDepth || !Seen.insert(Param).second ||
      !Param->getType()->isPointerType() ||
      !Param->getType()->getPointeeType()->isIntegerType())
    return {};
  const ASTContext &Ctx = Sources.Ctx;
  auto IsPointee = [&](const Expr *E) {
    return isPointee(E->IgnoreParenImpCasts(), Param, Ctx);
  };
  llvm::SmallVector<const Expr *, 4> Stored;
  llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 2> HandedOn;
  const Stmt *Growth = nullptr;
  llvm::SmallVector<const Stmt *, 64> Work{Function->getBody()};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (BO && BO->isRelationalOp()) {
      // A limit on `*p` in this function bounds it, as a comparison with
      // a constant does for any other place (noteComparison).
      bool Greater = BO->getOpcode() == BO_GT || BO->getOpcode() == BO_GE;
      for (auto [Side, Other, Above] :
           {std::tuple(BO->getLHS(), BO->getRHS(), Greater),
            std::tuple(BO->getRHS(), BO->getLHS(), !Greater)})
        if (isPointee(stripWideningCasts(Side, Ctx), Param, Ctx))
          if (std::optional<llvm::APSInt> Limit = constantValue(Other, Ctx);
              Limit && *Limit > (Above ? 1 : 255))
            return {};
    } else if (BO && BO->isAssignmentOp() && IsPointee(BO->getLHS())) {
      Stored.push_back(BO->getRHS());
      if (!Growth && growsGeometrically(BO, IsPointee))
        Growth = BO;
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Def = definitionThatRuns(Call, Sources.Ctx);
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        const auto *Ref =
            dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
        if (!Ref || Ref->getDecl() != Param)
          continue;
        if (Sources.Inputs.storesInputThrough(Call, I))
          return {Call, nullptr, typeMax(Param->getType()->getPointeeType())};
        if (Def && I < Def->getNumParams())
          HandedOn.push_back({Call, I});
      }
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  Trace Found = either(traceAll(Stored, Depth),
                       [&] { return traceOutCalls(HandedOn, Depth); });
  // What it hands back is its caller's now, not this function's parameter.
  Found.Public = nullptr;
  if (Growth && rank(Found) < 2) {
    Found = Trace{};
    Found.Growth = Growth;
  }
  return capped(Found, typeMax(Param->getType()->getPointeeType()));
}

Trace ValueSources::Tracer::tracePointee(const ParmVarDecl *Param,
                                         unsigned Depth) {
  const auto *Function = dyn_cast<FunctionDecl>(Param->getDeclContext());
  if (!Function || !Function->hasBody())
    return {};
  // What the callers in this file keep there: a caller's local or field
  // that the file limits bounds it here too.
  llvm::SmallVector<const Expr *, 4> Passed;
  if (const llvm::SmallVectorImpl<const CallExpr *> *Calls =
          Sources.Callers.callsOf(Function)) {
    unsigned Index = Param->getFunctionScopeIndex();
    for (const CallExpr *Call : *Calls) {
      const auto *Addr = Index < Call->getNumArgs()
                             ? dyn_cast<UnaryOperator>(
                                   Call->getArg(Index)->IgnoreParenImpCasts())
                             : nullptr;
      const ValueDecl *Place = Addr && Addr->getOpcode() == UO_AddrOf
                                   ? storageOf(Addr->getSubExpr())
                                   : nullptr;
      if (!Place)
        return {};
      if (const ValueSources::Writes *W = Sources.writesOf(Place);
          W && W->Compared)
        return {};
      Passed.push_back(Addr->getSubExpr());
    }
  }
  Trace Found = traceStoresThrough(Function, Param, Depth);
  return either(Found, [&] { return traceAll(Passed, Depth + 1); });
}

Trace ValueSources::Tracer::traceBinary(const BinaryOperator *BO,
                                        unsigned Depth) {
  // Bytes assembled into an integer (`v << 8 | p[i]`): data decoded.
  if ((BO->getOpcode() == BO_Or || BO->getOpcode() == BO_Shl) &&
      (readsMemory(BO->getLHS()) || readsMemory(BO->getRHS())))
    return {BO, nullptr, typeMax(BO->getType())};
  if (BO->getOpcode() == BO_Or)
    return either(trace(BO->getLHS(), Depth),
                  [&] { return trace(BO->getRHS(), Depth); });
  // In floating point a small or NaN divisor, or a subtrahend far below
  // zero, makes the result large: `rate / speed` with the speed from input.
  bool Floating = BO->getType()->isRealFloatingType();
  switch (BO->getOpcode()) {
  case BO_Add:
  case BO_Mul:
  case BO_Shl:
    return either(trace(BO->getLHS(), Depth),
                  [&] { return trace(BO->getRHS(), Depth); });
  case BO_Sub:
  case BO_Div:
    if (Floating)
      return either(trace(BO->getLHS(), Depth),
                    [&] { return trace(BO->getRHS(), Depth); });
    return trace(BO->getLHS(), Depth);
  case BO_Shr:
    return trace(BO->getLHS(), Depth);
  case BO_Comma:
  case BO_Assign:
    return trace(BO->getRHS(), Depth);
  default:
    return {};
  }
}

ValueSources::Tracer::LocalWrites
ValueSources::Tracer::localWrites(const VarDecl *Var, FunctionFacts &Facts,
                                  const Expr *Read) {
  const LocalTouches &T = Facts.Touches.written(Var);
  // The values `=` and the initializer give come first, as T.Values
  // lists them, then the operands of compound assignments.
  LocalWrites L;
  llvm::SmallVector<const Expr *, 4> Operands;
  for (const LocalTouch &Touch : T.Touches) {
    // A write that never runs (`if (ENABLE_FEATURE_X) n += extra;` with
    // the macro 0), or only after the product (`n = i; goto fail;` past
    // the allocation), gives its factor no value.
    if (!Touch.MayRun || (Read && !Facts.Touches.mayRunBefore(Touch, Read)))
      continue;
    const auto *Set = dyn_cast_or_null<BinaryOperator>(Touch.At);
    if (Set && Set->getOpcode() == BO_Assign)
      L.Values.push_back(Set->getRHS());
    else if (isa<DeclStmt>(Touch.At) && Var->getInit())
      L.Values.push_back(Var->getInit());
    // A local grows only by a step that multiplies it and runs again in
    // the same call (`if (res * n != size) res *= 2;` doubles it once);
    // a counted loop's own step stops at its limit, which is followed.
    if (const Expr *Limit = loopLimit(Touch, Var))
      Operands.push_back(Limit);
    else if (!L.Growth &&
             growsGeometrically(Touch.At,
                                [&](const Expr *E) {
                                  return refersTo(E->IgnoreParenImpCasts(),
                                                  Var);
                                }) &&
             Facts.Touches.mayRepeat(Touch))
      L.Growth = Touch.At;
    else if (const auto *Walk =
                 Touch.Kind == LocalTouch::Step && !Touch.Loops.empty()
                     ? dyn_cast<ForStmt>(Touch.Loops.back())
                     : nullptr;
             Walk && !L.Counter)
      if ((L.Element = walkedElement(Walk)))
        L.Counter = Touch.At;
    if (Set && Set->isCompoundAssignmentOp())
      Operands.push_back(Set->getRHS());
  }
  L.Values.append(Operands.begin(), Operands.end());
  return L;
}

Trace ValueSources::Tracer::traceVariable(const VarDecl *Var, unsigned Depth,
                                          const Expr *Read) {
  if (!Var || !Seen.insert(Var).second)
    return {};
  if (const auto *Param = dyn_cast<ParmVarDecl>(Var))
    return capped(traceParameter(Param, Depth), typeMax(Var->getType()));
  if (Var->hasGlobalStorage()) {
    Trace Init;
    if (const VarDecl *Def = Var->getDefinition(); Def && Def->getInit())
      Init = trace(Def->getInit(), Depth + 1);
    return withNanTest(either(capped(Init, typeMax(Var->getType())),
                              [&] { return traceStorage(Var, Depth, Read); }),
                       Sources.writesOf(Var));
  }
  const auto *Owner = dyn_cast_or_null<Decl>(Var->getParentFunctionOrMethod());
  const ValueSources::Writes *W = Sources.writesOf(Var);
  if (!Owner || (W && W->Compared))
    return {};
  if (W && !W->InputCalls.empty())
    return withNanTest(
        {W->InputCalls.front(), nullptr, typeMax(Var->getType())}, W);
  Trace Handed = W ? traceOutCalls(W->OutCalls, Depth) : Trace{};
  if (Handed.Input)
    return withNanTest(capped(Handed, typeMax(Var->getType())), W);
  // What reaches the local other than by its name is followed above
  // (`&v` handed to a function of the file, or to an input function).
  LocalWrites L = localWrites(Var, Sources.factsOf(Owner), Read);
  Trace Found = either(Handed, [&] { return traceAll(L.Values, Depth); });
  if (L.Growth && rank(Found) < 2) {
    Found = Trace{};
    Found.Growth = L.Growth;
  } else if (L.Counter && rank(Found) < 2) {
    // It counts elements of an object in memory: as many as a length.
    Found = Trace{};
    Found.Length = L.Element;
    Found.Counter = L.Counter;
  }
  return withNanTest(capped(Found, typeMax(Var->getType())), W);
}

Trace ValueSources::Tracer::traceParameter(const ParmVarDecl *Param,
                                           unsigned Depth) {
  const auto *Function = dyn_cast<FunctionDecl>(Param->getDeclContext());
  if (!Function)
    return {};
  if (const ValueSources::Writes *W = Sources.writesOf(Param); W && W->Compared)
    return {};
  if (const llvm::SmallVectorImpl<const CallExpr *> *Calls =
          Sources.Callers.callsOf(Function)) {
    unsigned Index = Param->getFunctionScopeIndex();
    llvm::SmallVector<const Expr *, 4> Args;
    for (const CallExpr *Call : *Calls)
      if (Index < Call->getNumArgs())
        Args.push_back(Call->getArg(Index));
    return traceAll(Args, Depth + 1);
  }
  // With the whole program's facts, what its calls pass bounds it: no
  // outside caller remains to pass any value.
  if (std::optional<ValueRange> Passed = Sources.Callers.rangeOf(Param))
    return capped(Trace{}, Passed->Hi);
  if (isPublic(Function))
    return {nullptr, Param};
  return {};
}

Trace ValueSources::Tracer::traceStorage(const ValueDecl *D, unsigned Depth,
                                         const Expr *Read) {
  if (!Seen.insert(D).second && !isa<VarDecl>(D))
    return {};
  const ValueSources::Writes *W = Sources.writesOf(D);
  if (W && W->Compared)
    return {};
  if (std::optional<Trace> Other = traceOtherUnits(D, Read))
    return *Other;
  if (!W)
    return {};
  Wide Cap = typeMax(D->getType());
  if (!W->InputCalls.empty())
    return withNanTest({W->InputCalls.front(), nullptr, Cap}, W);
  Trace Found = either(traceAll(W->Values, Depth + 1),
                       [&] { return traceOutCalls(W->OutCalls, Depth); });
  // A parameter stored in a field is no longer that function's factor.
  Found.Public = nullptr;
  if (W->Growth && rank(Found) < 2)
    Found.Growth = W->Growth;
  return withNanTest(capped(Found, Cap), W);
}

std::optional<Trace>
ValueSources::Tracer::traceOtherUnits(const ValueDecl *D, const Expr *Read) {
  const PlaceSummary *P = Sources.Program ? Sources.Program->place(D) : nullptr;
  if (!P)
    return std::nullopt;
  // A limit another unit tests bounds it here too, as one of this unit's
  // own would; input another unit stores there reaches this read.
  if (P->Compared)
    return Trace{};
  if (P->InputAt.empty() || !Read)
    return std::nullopt;
  Trace T{Read, nullptr, typeMax(D->getType())};
  T.ProgramFact = P->InputAt;
  return T;
}

//===----------------------------------------------------------------------===//
// Whether the source makes the product wrap
//===----------------------------------------------------------------------===//

bool wrapsOnlyBeyondMemory(const WrappingProduct &Wrap,
                           const SizeOrigin &Origin, QualType SizeType,
                           const IntegerModel &Model) {
  unsigned Bits = Model.width(SizeType);
  if (!Wrap.NarrowType.empty() && Wrap.Inner)
    Bits = std::min(Bits, Model.width(Wrap.Inner->getType()));
  if (Origin.Through)
    Bits = std::min(Bits, Model.width(Origin.Through->getType()));
  return Bits >= 64;
}

static Wide saturatingProduct(Wide A, Wide B) {
  if (A <= 0 || B <= 0)
    return 0;
  if (A > WideLimit / B)
    return WideLimit;
  return A * B;
}

namespace {
/// One factor of a product, what it was followed back to, and its range.
struct Factor {
  const Expr *E;
  Trace T;
  ValueRange Range;
};
} // namespace

/// Two or more factors that are parameters of \p Function, when it is
/// public: code outside the file may pass any values.
static LargeValueSource publicParameters(llvm::ArrayRef<Factor> Factors,
                                         const Decl *Function) {
  LargeValueSource Api;
  Api.Kind = LargeValueSource::PublicParameters;
  for (const Factor &F : Factors) {
    if (!F.T.Public)
      continue;
    const auto *Owner = dyn_cast<FunctionDecl>(F.T.Public->getDeclContext());
    if (!Owner || Owner != Function)
      continue;
    Api.Api = Owner;
    if (!llvm::is_contained(Api.Parameters, F.T.Public))
      Api.Parameters.push_back(F.T.Public);
    if (!Api.Factor)
      Api.Factor = F.E;
  }
  if (Api.Parameters.size() < 2)
    Api.Api = nullptr;
  return Api;
}

/// The source to name for \p Factors, whose sourced factors reach past the
/// product's type: input first, then memory, then public parameters.
static std::optional<LargeValueSource>
nameSource(llvm::ArrayRef<Factor> Factors, bool Narrow,
           const LargeValueSource &Api) {
  for (const Factor &F : Factors)
    if (F.T.Input) {
      LargeValueSource S;
      S.Factor = F.E;
      S.At = F.T.Input;
      S.NanTest = F.T.NanTest;
      S.ProgramFact = F.T.ProgramFact;
      return S;
    }
  for (const Factor &F : Factors)
    if (Narrow && (F.T.Growth || F.T.Length)) {
      LargeValueSource S;
      S.Kind = F.T.Length ? LargeValueSource::Length : LargeValueSource::Growth;
      S.Factor = F.E;
      S.At = F.T.Length ? static_cast<const Stmt *>(F.T.Length) : F.T.Growth;
      S.Counter = F.T.Counter;
      return S;
    }
  if (Api.Api)
    return Api;
  return std::nullopt;
}

/// For a product that wraps only at 64 bits, with no factor from input:
/// the factors that reach there together. A factor that can hold more than
/// 32 bits is taken to count things in memory, and no object is larger
/// than PTRDIFF_MAX bytes: one such count times factors narrower than it is
/// the size of things that can exist. Two of them multiply two counts, and
/// nothing keeps that product in memory (`nmemb * size`); factors that all
/// fit 32 bits reach 64 only when their largest values multiply past
/// \p Max (`(size_t)w * h * 4` of two `uint32_t`).
static std::optional<LargeValueSource>
wideValues(llvm::ArrayRef<Factor> Factors, const BinaryOperator *Product,
           Wide Max, const ASTContext &Ctx) {
  constexpr Wide Max32 = (Wide(1) << 32) - 1;
  LargeValueSource S;
  S.Kind = LargeValueSource::WideValues;
  S.Product = Product;
  unsigned WideCount = 0;
  Wide Reach = 1;
  for (const Factor &F : Factors) {
    Reach = saturatingProduct(Reach, F.Range.Hi);
    if (isConstantFactor(F.E, Ctx))
      continue;
    S.Values.push_back(F.E);
    if (F.Range.Hi > Max32)
      ++WideCount;
  }
  if (Reach <= Max || WideCount == 1 || S.Values.size() < 2)
    return std::nullopt;
  S.Factor = S.Values.front();
  return S;
}

std::optional<LargeValueSource>
ValueSources::sourceOf(const WrappingProduct &Wrap, const Decl *Function,
                       bool Narrow, QualType Storage) {
  if (!Wrap.Product)
    return std::nullopt;
  // A product computed in a narrow type wraps there: its own factors and
  // type. One stored in a narrower variable wraps at that type.
  const BinaryOperator *Product =
      Narrow && !Wrap.NarrowType.empty() ? Wrap.Inner : Wrap.Product;
  QualType Limit = Storage.isNull() ? Product->getType() : Storage;
  llvm::SmallVector<Factor, 4> Factors;
  for (const Expr *E : productFactors(Product)) {
    Factor F{E, {}, RangeEvaluator(Model, Wrap.Facts).evaluate(E)};
    if (!isConstantFactor(E, Ctx))
      F.T = Tracer(*this).trace(E, 0);
    Factors.push_back(F);
  }
  LargeValueSource Api = publicParameters(Factors, Function);
  auto Sourced = [&](const Factor &F) {
    return F.T.Input || (Narrow && (F.T.Growth || F.T.Length)) ||
           (Api.Api && F.T.Public && F.T.Public->getDeclContext() == Api.Api);
  };
  // The sourced factors at their largest, the others at their smallest.
  Wide Reach = 1;
  for (const Factor &F : Factors)
    Reach =
        saturatingProduct(Reach, Sourced(F) ? std::min(F.Range.Hi, F.T.Capacity)
                                            : std::max<Wide>(F.Range.Lo, 1));
  Wide Max = Model.rangeOf(Limit).Hi;
  if (Reach > Max)
    return nameSource(Factors, Narrow, Api);
  if (!Narrow)
    return wideValues(Factors, Product, Max, Ctx);
  return std::nullopt;
}

/// Every multiplication in \p S (`*=` too), inside calls and conditions.
static void
collectAllProducts(const Stmt *S,
                   llvm::SmallVectorImpl<const BinaryOperator *> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && (BO->getOpcode() == BO_Mul || BO->getOpcode() == BO_MulAssign))
    Out.push_back(BO);
  for (const Stmt *Child : S->children())
    collectAllProducts(Child, Out);
}

bool ValueSources::maySource(const SizeCandidate &Candidate, QualType SizeType,
                             const Decl *Function, bool NarrowNeedsSource) {
  // A field's values are the dataflow's to find.
  if (Candidate.ThroughField)
    return true;
  const VarDecl *Var = Candidate.Through;
  unsigned SizeWidth = Model.width(SizeType);
  // A product that a narrow local holds wraps narrow: no source needed, and
  // nothing to read of the local's values here.
  if (!NarrowNeedsSource &&
      (SizeWidth < 64 || (Var && Model.width(Var->getType()) < SizeWidth)))
    return true;
  llvm::SmallVector<const Expr *, 4> Values;
  if (Var) {
    if (dyn_cast_or_null<Decl>(Var->getParentFunctionOrMethod()) != Function)
      return true;
    FunctionFacts &Facts = factsOf(Function);
    LocalTouches T = Facts.Touches.of(Var, Facts.effects());
    // Stored through a pointer: a definition the values below do not show.
    // A compound assignment (`+=`) defines it too, but the dataflow reads
    // no product out of one (RangeEvaluator gives it its type's range).
    if (T.Escapes)
      return true;
    Values.append(T.Values.begin(), T.Values.end());
  } else {
    Values.push_back(Candidate.SizeArg);
  }
  llvm::SmallVector<const BinaryOperator *, 8> Products;
  for (const Expr *V : Values)
    collectAllProducts(V, Products);
  // Growth and lengths count only for a product that can be judged narrow:
  // one computed in a type narrower than the size, or stored in a narrower
  // local (judge(), wrapsOnlyBeyondMemory()).
  bool Narrow = SizeWidth < 64 ||
                (Var && Model.width(Var->getType()) < SizeWidth) ||
                llvm::any_of(Products, [&](const BinaryOperator *Mul) {
                  return Model.width(Mul->getType()) < SizeWidth;
                });
  if (Narrow && !NarrowNeedsSource)
    return true;
  // As sourceOf() reads each product, but at any range: a factor from
  // input (or, narrow, from growth or a length), or two public parameters
  // of the function.
  for (const BinaryOperator *Mul : Products) {
    // A product whose factors' types keep it in range wraps from no
    // source: nothing to trace (`(size_t)u32 * 8`).
    RangeEvaluator ByTypes(Model, nullptr);
    ByTypes.evaluate(Mul);
    if (ByTypes.wrapping().empty())
      continue;
    // Two values may reach 64 bits together (wideValues()), whatever
    // their sources: nothing to trace.
    if (llvm::count_if(productFactors(Mul), [&](const Expr *E) {
          return !isConstantFactor(E, Ctx);
        }) >= 2)
      return true;
    llvm::SmallVector<Factor, 4> Factors;
    for (const Expr *E : productFactors(Mul)) {
      if (isConstantFactor(E, Ctx))
        continue;
      Factor F{E, Tracer(*this).trace(E, 0), {}};
      if (F.T.Input || (Narrow && (F.T.Growth || F.T.Length)))
        return true;
      Factors.push_back(F);
    }
    // Two values may reach 64 bits together (wideValues()).
    if (Factors.size() >= 2)
      return true;
    if (publicParameters(Factors, Function).Api)
      return true;
  }
  return false;
}

bool ValueSources::statedBound(const BinaryOperator *Product, QualType Limit,
                               const PointFacts *Facts) {
  Wide Reach = 1;
  for (const Expr *E : productFactors(Product)) {
    ValueRange R = RangeEvaluator(Model, Facts).evaluate(E);
    const ValueDecl *D = storageOf(stripWideningCasts(E, Ctx));
    const auto *Var = dyn_cast_or_null<VarDecl>(D);
    if (D && (isa<FieldDecl>(D) || (Var && Var->hasGlobalStorage())))
      if (const Writes *W = writesOf(D)) {
        // A place the file grows from itself (`size *= 2`) passes a limit
        // tested before the growth.
        if (W->Upper && !W->Growth)
          R.Hi = std::min(R.Hi, *W->Upper);
        if (W->Lower && *W->Lower >= 0)
          R.Lo = std::max(R.Lo, std::min(*W->Lower, R.Hi));
      }
    // The limits other units state, by the program's facts, the same way;
    // and the least value the writes of the whole program give it (one
    // unit alone cannot know that no other unit writes less).
    if (const PlaceSummary *P = D && Program ? Program->place(D) : nullptr;
        P && P->GrowthAt.empty()) {
      if (P->Upper)
        R.Hi = std::min(R.Hi, *P->Upper);
      if (P->Lower && *P->Lower >= 0)
        R.Lo = std::max(R.Lo, std::min(*P->Lower, R.Hi));
      if (P->Least && *P->Least >= 0)
        R.Lo = std::max(R.Lo, std::min(*P->Least, R.Hi));
      if (P->Most && *P->Most >= R.Lo)
        R.Hi = std::min(R.Hi, *P->Most);
    }
    // An upper limit alone leaves a signed factor free to be very negative.
    if (R.Lo < 0)
      return false;
    Reach = saturatingProduct(Reach, R.Hi);
  }
  return Reach <= Model.rangeOf(Limit).Hi;
}

/// Whether every value \p Product can have, as \p Facts show them, leaves
/// \p Limit: each factor is at least 1 and their smallest values multiply
/// past it (`huge * huge` after `size_t huge = INTPTR_MAX;`).
static bool alwaysWraps(const BinaryOperator *Product, QualType Limit,
                        const PointFacts *Facts, const IntegerModel &Model) {
  Wide Least = 1;
  for (const Expr *E : productFactors(Product)) {
    ValueRange R = RangeEvaluator(Model, Facts).evaluate(E);
    if (R.Lo < 1)
      return false;
    Least = saturatingProduct(Least, R.Lo);
  }
  return Least > Model.rangeOf(Limit).Hi;
}

SourceVerdict ValueSources::judge(const WrappingProduct &Wrap,
                                  const SizeOrigin &Origin, QualType SizeType,
                                  const Decl *Function, bool WideNeedsSource,
                                  bool NarrowNeedsSource) {
  bool Narrow = !wrapsOnlyBeyondMemory(Wrap, Origin, SizeType, Model);
  QualType Storage;
  if (Narrow && (Wrap.NarrowType.empty() || Wrap.Stored) && Origin.Through &&
      Model.width(Origin.Through->getType()) < Model.width(SizeType))
    Storage = Origin.Through->getType();
  SourceVerdict Verdict;
  const BinaryOperator *Judged =
      !Wrap.NarrowType.empty() ? Wrap.Inner : Wrap.Product;
  if (Storage.isNull() && Wrap.Stored && Origin.Through)
    Storage = Origin.Through->getType();
  if (Judged)
    Verdict.Always =
        alwaysWraps(Judged, Storage.isNull() ? Judged->getType() : Storage,
                    Wrap.Facts, Model);
  if (Judged && !Verdict.Always)
    Verdict.Bounded =
        statedBound(Judged, Storage.isNull() ? Judged->getType() : Storage,
                    Wrap.Facts);
  Verdict.Needed =
      !Verdict.Always && (Narrow ? NarrowNeedsSource : WideNeedsSource);
  // At the default reading a narrow product needs no source, but one is
  // named where there is one, as evidence in a note; the reading that
  // reports every unbounded product (both options off) names none.
  if (Verdict.Needed || (Narrow && !Verdict.Always && WideNeedsSource))
    Verdict.Source = sourceOf(Wrap, Function, Narrow, Storage);
  if (Verdict.Source && Verdict.Source->Kind == LargeValueSource::WideValues)
    Verdict.Source->Type = SizeType;
  return Verdict;
}

//===----------------------------------------------------------------------===//
// What this unit tells the others (the facts pass)
//===----------------------------------------------------------------------===//

/// `file:line` of \p S, or empty.
static std::string whereIs(const Stmt *S, const SourceManager &SM) {
  return S ? fileAndLine(S->getBeginLoc(), SM) : std::string();
}

void ValueSources::summarize(
    llvm::function_ref<void(const ValueDecl *, const PlaceSummary &)> Place,
    llvm::function_ref<void(const FunctionDecl *, const FunctionSummary &)>
        Function) {
  Walk.ensureWalked();
  const SourceManager &SM = Ctx.getSourceManager();
  const OtherUnits *Saved = Program;
  // What this unit says alone: the merge combines the units.
  Program = nullptr;
  for (const auto &[D, W] : Index) {
    const auto *Var = dyn_cast<VarDecl>(D);
    if (!isa<FieldDecl>(D) && !(Var && Var->hasGlobalStorage()))
      continue;
    if (programKey(D).empty() || inSystemHeader(D, SM))
      continue;
    PlaceSummary P;
    // What this unit guarantees wherever the place is read: the limits
    // each function that writes it tests there, the weakest of them; none
    // when a writer tests none. A unit that only reads it says nothing.
    if (!W.Writers.empty()) {
      P.Compared = true;
      for (const Decl *Writer : W.Writers) {
        auto Up = W.UpperIn.find(Writer);
        if (!Writer || Up == W.UpperIn.end()) {
          P.Compared = false;
          P.LimitUnknown = true;
          break;
        }
        P.Upper = P.Upper ? std::max(*P.Upper, Up->second) : Up->second;
        auto Low = W.LowerIn.find(Writer);
        if (Low == W.LowerIn.end())
          P.NoLower = true;
        else if (!P.NoLower)
          P.Lower = P.Lower ? std::min(*P.Lower, Low->second) : Low->second;
      }
      if (P.NoLower)
        P.Lower.reset();
    }
    P.GrowthAt = whereIs(W.Growth, SM);
    P.Least = W.LeastUnknown ? std::nullopt : W.Least;
    P.LeastKnown = !W.LeastUnknown;
    P.Most = W.MostUnknown ? std::nullopt : W.Most;
    P.MostKnown = !W.MostUnknown;
    if (!P.Compared) {
      Tracer T(*this);
      if (Trace Found = T.traceWrites(D); Found.Input)
        P.InputAt = whereIs(Found.Input, SM);
    }
    Place(D, P);
  }
  llvm::SmallVector<const FunctionDecl *, 64> Defined;
  collectDefinitions(Ctx.getTranslationUnitDecl(), Defined);
  for (const FunctionDecl *FD : Defined) {
    if (!FD->getReturnType()->isIntegerType() || programKey(FD).empty() ||
        inSystemHeader(FD, SM))
      continue;
    Tracer T(*this);
    if (Trace Found = T.traceResult(FD, 0); Found.Input) {
      FunctionSummary F;
      F.InputAt = whereIs(Found.Input, SM);
      Function(FD, F);
    }
  }
  Program = Saved;
}

} // namespace clang::tidy::calloc
