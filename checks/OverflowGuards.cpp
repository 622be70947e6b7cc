//===--- OverflowGuards.cpp -----------------------------------------------===//

#include "OverflowGuards.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <set>

namespace clang::tidy::calloc {

std::optional<ValueRange> PointFacts::rangeOf(const ValueKey &Key) const {
  const KeyState *S = state(Key);
  if (!S || !Reached)
    return std::nullopt;
  return S->Range;
}

static bool samePair(const PointFacts::ProductFact &F, const ValueKey &A,
                     const ValueKey &B) {
  return (F.A == A && F.B == B) || (F.A == B && F.B == A);
}

std::optional<Wide> PointFacts::productBound(const ValueKey &A,
                                             const ValueKey &B) const {
  if (!Reached)
    return std::nullopt;
  for (const ProductFact &F : Products)
    if (!F.Holder.Var && samePair(F, A, B))
      return F.Bound;
  return std::nullopt;
}

bool PointFacts::verifiedScaled(const ValueKey &Holder, const ValueKey &A,
                                Wide Factor) const {
  return Reached && llvm::any_of(Products, [&](const ProductFact &F) {
           return F.Holder.Var && F.Holder == Holder && F.A == A && !F.B.Var &&
                  F.Bound == Factor;
         });
}

bool PointFacts::verifiedProduct(const ValueKey &Holder, const ValueKey &A,
                                 const ValueKey &B) const {
  return Reached && llvm::any_of(Products, [&](const ProductFact &F) {
           return F.Holder.Var && F.Holder == Holder && samePair(F, A, B);
         });
}

const PointFacts::KeyState *PointFacts::state(const ValueKey &Key) const {
  auto It = Keys.find(Key);
  return It == Keys.end() ? nullptr : &It->second;
}

GuardAnalysis::GuardAnalysis(const Decl *Function, ASTContext &Ctx,
                             const IntegerModel &Model, bool AssertsAreGuards)
    : Ctx(Ctx), Model(Model),
      AssertsAreGuards(AssertsAreGuards) {
  Stmt *Body = Function ? Function->getBody() : nullptr;
  HasErrors = Function && Function->isInvalidDecl();
  if (!Body || HasErrors)
    return;
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  Graph = CFG::buildCFG(Function, Body, &Ctx, Options);
  if (!Graph)
    return;
  // Reverse post-order numbers of the blocks, for the worklist.
  Order.assign(Graph->getNumBlockIDs(), ~0u);
  {
    std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>> Stack;
    std::vector<bool> Seen(Graph->getNumBlockIDs(), false);
    std::vector<const CFGBlock *> Post;
    const CFGBlock *Entry = &Graph->getEntry();
    Seen[Entry->getBlockID()] = true;
    Stack.push_back({Entry, Entry->succ_begin()});
    while (!Stack.empty()) {
      auto &[Block, It] = Stack.back();
      if (It == Block->succ_end()) {
        Post.push_back(Block);
        Stack.pop_back();
        continue;
      }
      const CFGBlock *Next = It->getReachableBlock();
      ++It;
      if (Next && !Seen[Next->getBlockID()]) {
        Seen[Next->getBlockID()] = true;
        Stack.push_back({Next, Next->succ_begin()});
      }
    }
    unsigned Number = 0;
    for (auto It = Post.rbegin(); It != Post.rend(); ++It)
      Order[(*It)->getBlockID()] = Number++;
    // The targets of edges that go back in that order: every cycle has one,
    // and only these widen, so a guard after a loop keeps its range.
    LoopHead.assign(Graph->getNumBlockIDs(), false);
    for (const CFGBlock *Block : Post)
      for (const CFGBlock::AdjacentBlock &Succ : Block->succs())
        if (const CFGBlock *Next = Succ.getReachableBlock();
            Next && Order[Next->getBlockID()] <= Order[Block->getBlockID()])
          LoopHead[Next->getBlockID()] = true;
  }
  for (const CFGBlock *Block : *Graph) {
    unsigned Index = 0;
    for (const CFGElement &Element : *Block) {
      if (std::optional<CFGStmt> S = Element.getAs<CFGStmt>()) {
        const Stmt *St = S->getStmt();
        Where.try_emplace(St, Block, Index);
        if (const auto *E = dyn_cast<Expr>(St))
          HasErrors |= E->containsErrors();
        if (const auto *BO = dyn_cast<BinaryOperator>(St)) {
          if (BO->isComparisonOp())
            Comparisons.push_back(BO);
          else if (BO->getOpcode() == BO_Assign)
            if (std::optional<ValueKey> K = keyOf(BO->getLHS()); K && !K->isPart())
              Assigned[K->Var].push_back(BO->getRHS());
        } else if (const auto *DS = dyn_cast<DeclStmt>(St)) {
          for (const Decl *D : DS->decls())
            if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
              Assigned[VD].push_back(VD->getInit());
        }
      }
      ++Index;
    }
  }
}

void GuardAnalysis::initialize(BlockState &Entry,
                               llvm::ArrayRef<ValueKey> Keys) const {
  Entry.Reached = true;
  for (const ValueKey &Key : Keys) {
    PointFacts::KeyState &S = Entry.Keys[Key];
    S.Range = Model.rangeOf(typeOfKey(Key));
    S.Definitions = {nullptr};
  }
}

static void killProducts(PointFacts &State, const ValueKey &Key) {
  llvm::erase_if(State.Products, [&](const PointFacts::ProductFact &F) {
    return F.A == Key || F.B == Key || F.Holder == Key;
  });
}

void GuardAnalysis::assign(BlockState &State, const ValueKey &Key,
                           const ValueRange &R, const Stmt *Definition) const {
  auto It = State.Keys.find(Key);
  if (It != State.Keys.end()) {
    ValueRange TypeRange = Model.rangeOf(typeOfKey(Key));
    It->second.Range = TypeRange.contains(R) ? R : TypeRange;
    It->second.Definitions = {Definition};
    killProducts(State, Key);
  }
  // A new value of a whole variable is a new value of all its fields and
  // elements, and of the elements it indexes; a store to one element may
  // be a store to any other.
  for (auto &[Other, S] : State.Keys) {
    if (Other == Key)
      continue;
    bool Changes = Key.isPart()
                       ? (Key.Index && Other.Var == Key.Var && Other.Index)
                       : ((Other.Var == Key.Var && Other.isPart()) ||
                          Other.Index == Key.Var);
    if (!Changes)
      continue;
    S.Range = Model.rangeOf(typeOfKey(Other));
    S.Definitions = {Definition};
    killProducts(State, Other);
  }
}

void GuardAnalysis::forget(BlockState &State, const ValueKey &Key,
                           const Stmt *Definition) const {
  assign(State, Key, Model.rangeOf(typeOfKey(Key)), Definition);
}

/// A value whose address was taken may change at any call or store
/// through a pointer from then on; what a guard learns afterwards holds
/// until the next such event.
static void forgetEscaped(PointFacts &State, const IntegerModel &Model,
                          const Stmt *Event) {
  for (auto &[Key, S] : State.Keys)
    if (S.Escaped) {
      S.Range = Model.rangeOf(typeOfKey(Key));
      S.Definitions = {Event};
      killProducts(State, Key);
    }
}

static void markEscaped(PointFacts &State, const ValueKey &Key) {
  for (auto &[Other, S] : State.Keys)
    if (Other == Key || (!Key.isPart() && Other.Var == Key.Var)) {
      S.Escaped = true;
      killProducts(State, Other);
    }
}

/// What \p Var points to may change when a callee gets the pointer, or
/// through a store like `*p = ...`.
static void forgetPartsOf(PointFacts &State, const ValueDecl *Var,
                          const IntegerModel &Model, const Stmt *Definition) {
  for (auto &[Other, S] : State.Keys)
    if (Other.Var == Var && Other.isPart()) {
      S.Range = Model.rangeOf(typeOfKey(Other));
      S.Definitions = {Definition};
      killProducts(State, Other);
    }
}

void GuardAnalysis::transfer(BlockState &State, const Stmt *S) const {
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (!BO->isAssignmentOp() && !BO->isCompoundAssignmentOp())
      return;
    std::optional<ValueKey> Key = keyOf(BO->getLHS());
    if (!Key) {
      // A store through `*p`, `p[k]` or `p->a.b` may change what p's
      // followed parts hold.
      const Expr *Base = BO->getLHS()->IgnoreParenImpCasts();
      while (true) {
        if (const auto *ME = dyn_cast<MemberExpr>(Base))
          Base = ME->getBase()->IgnoreParenImpCasts();
        else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Base))
          Base = AS->getBase()->IgnoreParenImpCasts();
        else if (const auto *UO = dyn_cast<UnaryOperator>(Base);
                 UO && UO->getOpcode() == UO_Deref)
          Base = UO->getSubExpr()->IgnoreParenImpCasts();
        else
          break;
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
        forgetPartsOf(State, DRE->getDecl(), Model, BO);
      forgetEscaped(State, Model, BO);
      return;
    }
    if (BO->getOpcode() == BO_Assign) {
      RangeEvaluator Evaluator(Model, &State);
      assign(State, *Key, Evaluator.evaluate(BO->getRHS()), BO->getRHS());
    } else {
      forget(State, *Key, BO);
    }
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->getOpcode() == UO_AddrOf) {
      if (std::optional<ValueKey> Key = keyOf(UO->getSubExpr()))
        markEscaped(State, *Key);
      return;
    }
    if (!UO->isIncrementDecrementOp())
      return;
    std::optional<ValueKey> Key = keyOf(UO->getSubExpr());
    if (!Key)
      return;
    if (const PointFacts::KeyState *Old = State.state(*Key)) {
      Wide Step = UO->isIncrementOp() ? 1 : -1;
      assign(State, *Key, {Old->Range.Lo + Step, Old->Range.Hi + Step}, UO);
    } else {
      forget(State, *Key, UO);
    }
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        continue;
      ValueKey Key{VD, nullptr, nullptr};
      if (!State.Keys.count(Key))
        continue;
      if (const Expr *Init = VD->getInit()) {
        RangeEvaluator Evaluator(Model, &State);
        assign(State, Key, Evaluator.evaluate(Init), Init);
      } else {
        assign(State, Key, Model.rangeOf(VD->getType()), nullptr);
      }
    }
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I)->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Arg))
        if (DRE->getType()->isPointerType() || DRE->getType()->isArrayType())
          forgetPartsOf(State, DRE->getDecl(), Model, Call);
      // A non-const reference parameter (C++) may be assigned.
      if (Callee && I < Callee->getNumParams()) {
        QualType P = Callee->getParamDecl(I)->getType();
        if (P->isReferenceType() && !P->getPointeeType().isConstQualified())
          if (std::optional<ValueKey> Key = keyOf(Arg))
            forget(State, *Key, Call);
      }
    }
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(
              Member->getImplicitObjectArgument()
                  ? Member->getImplicitObjectArgument()->IgnoreParenImpCasts()
                  : nullptr))
        forgetPartsOf(State, DRE->getDecl(), Model, Call);
    forgetEscaped(State, Model, Call);
    // Any callee may change a global.
    for (auto &[Key, KS] : State.Keys) {
      const auto *VD = dyn_cast<VarDecl>(Key.Var);
      if (VD && VD->hasGlobalStorage() && !VD->getType().isConstQualified()) {
        KS.Range = Model.rangeOf(typeOfKey(Key));
        KS.Definitions = {Call};
        killProducts(State, Key);
      }
    }
  }
}

bool GuardAnalysis::isAssertCondition(const Expr *Cond) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Loc = Cond->getBeginLoc();
  for (unsigned Depth = 0; Loc.isMacroID() && Depth < 16; ++Depth) {
    llvm::StringRef Name =
        Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts());
    if (Name == "assert" || Name == "ASSERT" || Name == "g_assert")
      return true;
    Loc = SM.getImmediateMacroCallerLoc(Loc);
  }
  return false;
}

/// The value a comparison operand reads: `n`, `(size_t)n`, and the
/// variable assigned in `(n = next()) > cap`.
static std::optional<ValueKey> keyOfCompared(const Expr *E,
                                             const ASTContext &Ctx) {
  E = stripWideningCasts(E, Ctx);
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->getOpcode() == BO_Assign)
    E = BO->getLHS();
  return keyOf(E);
}

void GuardAnalysis::applyComparison(BlockState &State,
                                    const BinaryOperator *BO,
                                    bool Truth) const {
  BinaryOperatorKind Op = BO->getOpcode();
  if (!Truth)
    Op = BinaryOperator::negateComparisonOp(Op);
  QualType Compared = BO->getLHS()->getType();
  bool ComparedSigned = Model.isSigned(Compared);
  for (int Side = 0; Side < 2; ++Side) {
    const Expr *Mine = Side == 0 ? BO->getLHS() : BO->getRHS();
    const Expr *Other = Side == 0 ? BO->getRHS() : BO->getLHS();
    BinaryOperatorKind KeyOp =
        Side == 0 ? Op : BinaryOperator::reverseComparisonOp(Op);
    std::optional<ValueKey> Key = keyOfCompared(Mine, Ctx);
    if (!Key)
      continue;
    auto It = State.Keys.find(*Key);
    if (It == State.Keys.end())
      continue;
    PointFacts::KeyState &KS = It->second;

    RangeEvaluator Evaluator(Model, &State);
    ValueRange O = Evaluator.evaluate(Other);
    ValueRange Bound;
    switch (KeyOp) {
    case BO_LT:
      Bound.Hi = O.Hi - 1;
      break;
    case BO_LE:
      Bound.Hi = O.Hi;
      break;
    case BO_GT:
      Bound.Lo = O.Lo + 1;
      break;
    case BO_GE:
      Bound.Lo = O.Lo;
      break;
    case BO_EQ:
      Bound = O;
      break;
    case BO_NE:
      if (O.Lo == O.Hi && O.Lo == KS.Range.Lo)
        Bound.Lo = O.Lo + 1;
      else if (O.Lo == O.Hi && O.Lo == KS.Range.Hi)
        Bound.Hi = O.Hi - 1;
      break;
    default:
      continue;
    }
    // A signed value compared as unsigned: an upper bound that a negative
    // number would exceed also rules negatives out; a lower bound says
    // nothing.
    if (Model.isSigned(typeOfKey(*Key)) && !ComparedSigned) {
      ValueRange Own = Model.rangeOf(typeOfKey(*Key));
      if (Bound.Hi <= Own.Hi)
        Bound = {0, Bound.Hi};
      else
        Bound = ValueRange();
    }
    // A value that cannot pass the test: no run takes this edge.
    if (!KS.Range.intersects(Bound)) {
      State.Reached = false;
      return;
    }
    KS.Range = KS.Range.meet(Bound);

    // `if (r < x) fail;` with r computed from x: r did not wrap below x.
    if (KeyOp == BO_GE || KeyOp == BO_GT)
      if (std::optional<ValueKey> Base = keyOfCompared(Other, Ctx);
          Base && !(*Base == *Key) && State.Keys.count(*Base))
        State.Products.push_back(
            {*Base, *Base, Model.rangeOf(typeOfKey(*Key)).Hi, *Key});

    // `a < K / b` and `a <= K / b`: the product a * b is at most K.
    if (KeyOp != BO_LT && KeyOp != BO_LE)
      continue;
    const auto *Div = dyn_cast<BinaryOperator>(Other->IgnoreParenImpCasts());
    // `K / b - c` is below K / b: a bound on a by it bounds a * b by K too.
    if (Div && Div->getOpcode() == BO_Sub)
      Div = dyn_cast<BinaryOperator>(Div->getLHS()->IgnoreParenImpCasts());
    if (!Div || Div->getOpcode() != BO_Div)
      continue;
    Expr::EvalResult Limit;
    std::optional<ValueKey> Divisor =
        keyOf(stripWideningCasts(Div->getRHS(), Ctx));
    if (!Divisor || !State.Keys.count(*Divisor) ||
        Div->getLHS()->isValueDependent() ||
        !Div->getLHS()->EvaluateAsInt(Limit, Ctx))
      continue;
    const llvm::APSInt &K = Limit.Val.getInt();
    if (K.isNegative() || K.getActiveBits() > 64)
      continue;
    killProducts(State, *Key);
    State.Products.push_back(
        {*Key, *Divisor, Wide(K.getZExtValue()), ValueKey{}});
  }
}

/// `holder / a == b` (or a product spelled out instead of the holder): the
/// check that a multiplication did not wrap, after the fact.
void GuardAnalysis::applyEquality(BlockState &State,
                                  const BinaryOperator *BO) const {
  for (int Side = 0; Side < 2; ++Side) {
    const auto *Div = dyn_cast<BinaryOperator>(
        (Side == 0 ? BO->getLHS() : BO->getRHS())->IgnoreParenImpCasts());
    const Expr *Other = Side == 0 ? BO->getRHS() : BO->getLHS();
    if (!Div || Div->getOpcode() != BO_Div)
      continue;
    std::optional<ValueKey> A = keyOf(stripWideningCasts(Div->getRHS(), Ctx));
    std::optional<ValueKey> B = keyOf(stripWideningCasts(Other, Ctx));
    const Expr *Dividend = stripWideningCasts(Div->getLHS(), Ctx);
    // `holder / n == sizeof(T)` or `holder / sizeof(T) == n`: one side a
    // constant, kept as the bound of a fact whose B is no value.
    if (A.has_value() != B.has_value()) {
      const Expr *Constant = A ? Other : Div->getRHS();
      std::optional<ValueKey> Holder = keyOf(Dividend);
      Expr::EvalResult C;
      if (Holder && State.Keys.count(*Holder) &&
          !Constant->isValueDependent() && Constant->EvaluateAsInt(C, Ctx) &&
          C.Val.getInt().getActiveBits() <= 64)
        State.Products.push_back({A ? *A : *B, ValueKey{},
                                  Wide(C.Val.getInt().getZExtValue()), *Holder});
      continue;
    }
    if (!A || !B)
      continue;
    if (const auto *Mul = dyn_cast<BinaryOperator>(Dividend);
        Mul && Mul->getOpcode() == BO_Mul) {
      std::optional<ValueKey> X = keyOf(stripWideningCasts(Mul->getLHS(), Ctx));
      std::optional<ValueKey> Y = keyOf(stripWideningCasts(Mul->getRHS(), Ctx));
      if (X && Y && ((*X == *A && *Y == *B) || (*X == *B && *Y == *A)) &&
          State.Keys.count(*A) && State.Keys.count(*B))
        State.Products.push_back(
            {*A, *B, Model.rangeOf(Mul->getType()).Hi, ValueKey{}});
      continue;
    }
    std::optional<ValueKey> Holder = keyOf(Dividend);
    if (Holder && State.Keys.count(*Holder))
      State.Products.push_back({*A, *B, Model.rangeOf(typeOfKey(*Holder)).Hi,
                                *Holder});
  }
}

/// `if (__builtin_mul_overflow(a, b, &r)) fail;` (and C23 `ckd_mul`, which
/// expands to it): where it returned false, a * b fits r's type.
void GuardAnalysis::applyOverflowBuiltin(BlockState &State,
                                         const CallExpr *Call,
                                         bool Truth) const {
  if (Truth || Call->getNumArgs() != 3 ||
      Call->getBuiltinCallee() != Builtin::BI__builtin_mul_overflow)
    return;
  std::optional<ValueKey> A = keyOf(stripWideningCasts(Call->getArg(0), Ctx));
  std::optional<ValueKey> B = keyOf(stripWideningCasts(Call->getArg(1), Ctx));
  QualType Result = Call->getArg(2)->getType()->getPointeeType();
  if (!A || !B || Result.isNull() || !State.Keys.count(*A) ||
      !State.Keys.count(*B))
    return;
  State.Products.push_back({*A, *B, Model.rangeOf(Result).Hi, ValueKey{}});
}

void GuardAnalysis::applyCondition(BlockState &State, const Expr *Cond,
                                   bool Truth) const {
  Cond = Cond->IgnoreParenImpCasts();
  if (!AssertsAreGuards && isAssertCondition(Cond))
    return;
  if (const auto *Call = dyn_cast<CallExpr>(Cond)) {
    unsigned Builtin = Call->getBuiltinCallee();
    // unlikely(x) and likely(x) are __builtin_expect(x, c).
    if ((Builtin == Builtin::BI__builtin_expect ||
         Builtin == Builtin::BI__builtin_expect_with_probability) &&
        Call->getNumArgs() >= 1)
      return applyCondition(State, Call->getArg(0), Truth);
    return applyOverflowBuiltin(State, Call, Truth);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return applyCondition(State, UO->getSubExpr(), !Truth);
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->getOpcode() == BO_LAnd && Truth) {
      applyCondition(State, BO->getLHS(), true);
      applyCondition(State, BO->getRHS(), true);
    } else if (BO->getOpcode() == BO_LOr && !Truth) {
      applyCondition(State, BO->getLHS(), false);
      applyCondition(State, BO->getRHS(), false);
    } else if (BO->isComparisonOp()) {
      applyComparison(State, BO, Truth);
      if (BO->isEqualityOp() && (BO->getOpcode() == BO_EQ) == Truth)
        applyEquality(State, BO);
    }
    return;
  }
  // A value used as a condition: false means it is 0.
  std::optional<ValueKey> Key = keyOf(stripWideningCasts(Cond, Ctx));
  if (!Key)
    return;
  auto It = State.Keys.find(*Key);
  if (It == State.Keys.end())
    return;
  ValueRange &R = It->second.Range;
  if (!Truth && !R.intersects(ValueRange::point(0)))
    State.Reached = false;
  else if (!Truth)
    R = R.meet(ValueRange::point(0));
  else if (R.Lo == 0 && R.Hi == 0)
    State.Reached = false;
  else if (R.Lo == 0)
    R.Lo = 1;
  else if (R.Hi == 0)
    R.Hi = -1;
}

/// The condition a two-way block decides. For `if (a && b)` the block that
/// evaluates `b` carries the whole condition as its terminator, but what it
/// decides is `b`.
static const Expr *decidedCondition(const CFGBlock *Block) {
  const Stmt *Terminator = Block->getTerminatorStmt();
  if (!Terminator || Block->succ_size() != 2)
    return nullptr;
  const auto *Cond =
      dyn_cast_or_null<Expr>(Block->getTerminatorCondition(false));
  while (Cond) {
    Cond = Cond->IgnoreParens();
    const auto *BO = dyn_cast<BinaryOperator>(Cond);
    if (!BO || !BO->isLogicalOp())
      break;
    // The block that ends in `x && ...` itself decides `x`; a block that
    // ends in the statement using `... && y` decides `y`.
    Cond = BO == Terminator ? BO->getLHS() : BO->getRHS();
  }
  return Cond;
}

bool GuardAnalysis::joinInto(BlockState &Into, const BlockState &From,
                             const KeyPairs &Pairs, bool Widen, const IntegerModel &Model) {
  if (!From.Reached)
    return false;
  if (!Into.Reached) {
    Into = From;
    return true;
  }
  // A product bound survives the join when each side either has it or
  // implies it through its ranges (on the path where `b == 0`, a * b is 0).
  auto Implied = [&](const PointFacts &Side, const PointFacts::ProductFact &P)
      -> std::optional<Wide> {
    if (P.Holder.Var) {
      bool Scaled = !P.B.Var; // A times the constant P.Bound
      if (Scaled ? Side.verifiedScaled(P.Holder, P.A, P.Bound)
                 : Side.verifiedProduct(P.Holder, P.A, P.B))
        return P.Bound;
      // On a path where the operands are small enough (`n == 0` skipped the
      // division), the product did not wrap either.
      std::optional<ValueRange> A = Side.rangeOf(P.A);
      std::optional<ValueRange> B =
          Scaled ? std::optional<ValueRange>(ValueRange::point(P.Bound))
                 : Side.rangeOf(P.B);
      Wide Limit = Model.rangeOf(typeOfKey(P.Holder)).Hi;
      if (A && B && A->Lo >= 0 && B->Lo >= 0 && multiply(*A, *B).Hi <= Limit)
        return P.Bound;
      return std::nullopt;
    }
    if (std::optional<Wide> Known = Side.productBound(P.A, P.B))
      return Known;
    std::optional<ValueRange> A = Side.rangeOf(P.A), B = Side.rangeOf(P.B);
    if (!A || !B || A->Lo < 0 || B->Lo < 0)
      return std::nullopt;
    Wide Hi = multiply(*A, *B).Hi;
    // A candidate made up from ranges alone keeps the bound they give, if
    // it says anything a 64-bit product could not.
    if (P.Bound == WideLimit)
      return Hi < (Wide(1) << 64) ? std::optional<Wide>(Hi) : std::nullopt;
    return Hi <= P.Bound ? std::optional<Wide>(P.Bound) : std::nullopt;
  };
  std::vector<PointFacts::ProductFact> Candidates = Into.Products;
  for (const PointFacts::ProductFact &P : From.Products)
    if (P.Holder.Var ? llvm::none_of(Into.Products,
                                     [&](const PointFacts::ProductFact &Q) {
                                       return Q.Holder == P.Holder &&
                                              Q.A == P.A && Q.B == P.B &&
                                              Q.Bound == P.Bound;
                                     })
                     : !Into.productBound(P.A, P.B))
      Candidates.push_back(P);
  // Bounds that each side implies only through its ranges are made explicit
  // here, before the ranges are joined: after `if ((a >= M || b >= M) &&
  // a > SIZE_MAX / b) fail;` one path knows a, b < M and the other a * b <=
  // SIZE_MAX, and only the product bound survives the join.
  for (const auto &[A, B] : Pairs)
    if (!Into.productBound(A, B) && !From.productBound(A, B))
      Candidates.push_back({A, B, WideLimit, ValueKey{}});
  // Decided before the ranges below are widened by the join.
  std::vector<PointFacts::ProductFact> Kept;
  for (const PointFacts::ProductFact &P : Candidates) {
    std::optional<Wide> Mine = Implied(Into, P), Theirs = Implied(From, P);
    if (!Mine || !Theirs)
      continue;
    Wide Bound = std::max(*Mine, *Theirs);
    // In a loop a bound may keep growing: widening drops it.
    std::optional<Wide> Before = P.Holder.Var ? std::nullopt
                                              : Into.productBound(P.A, P.B);
    if (Widen && Before && Bound > *Before)
      continue;
    Kept.push_back({P.A, P.B, Bound, P.Holder});
  }
  bool Changed = false;
  for (auto &[Key, S] : Into.Keys) {
    const PointFacts::KeyState *F = From.state(Key);
    if (!F)
      continue;
    ValueRange Joined = S.Range.join(F->Range);
    if (Joined != S.Range) {
      S.Range = Widen ? Model.rangeOf(typeOfKey(Key)) : Joined;
      Changed = true;
    }
    if (F->Escaped && !S.Escaped) {
      S.Escaped = true;
      Changed = true;
    }
    for (const Stmt *D : F->Definitions)
      if (!llvm::is_contained(S.Definitions, D)) {
        S.Definitions.push_back(D);
        Changed = true;
      }
  }
  bool ProductsChanged = Kept.size() != Into.Products.size();
  for (size_t I = 0; !ProductsChanged && I < Kept.size(); ++I)
    ProductsChanged = !(Kept[I].A == Into.Products[I].A) ||
                      !(Kept[I].B == Into.Products[I].B) ||
                      !(Kept[I].Holder == Into.Products[I].Holder) ||
                      Kept[I].Bound != Into.Products[I].Bound;
  Into.Products = std::move(Kept);
  return Changed || ProductsChanged;
}

/// \p Keys plus the values they are computed from and compared with, two
/// steps deep: `n = 1 << bits` makes a guard on `bits` matter, and
/// `if (len > cap)` one on `cap`.
std::vector<ValueKey>
GuardAnalysis::withRelatedKeys(llvm::ArrayRef<ValueKey> Keys) const {
  constexpr size_t MaxKeys = 16;
  std::vector<ValueKey> All(Keys.begin(), Keys.end());
  size_t Begin = 0;
  for (int Depth = 0; Depth < 2 && All.size() < MaxKeys; ++Depth) {
    size_t End = All.size();
    for (size_t I = Begin; I < End && All.size() < MaxKeys; ++I) {
      ValueKey Key = All[I];
      if (!Key.isPart())
        if (auto It = Assigned.find(Key.Var); It != Assigned.end())
          for (const Expr *Value : It->second)
            collectKeys(Value, All);
      for (const BinaryOperator *Cmp : Comparisons) {
        std::optional<ValueKey> L = keyOfCompared(Cmp->getLHS(), Ctx);
        std::optional<ValueKey> R = keyOfCompared(Cmp->getRHS(), Ctx);
        if (L && *L == Key)
          collectKeys(Cmp->getRHS(), All);
        else if (R && *R == Key)
          collectKeys(Cmp->getLHS(), All);
      }
    }
    Begin = End;
  }
  if (All.size() > MaxKeys)
    All.resize(MaxKeys);
  return All;
}

std::unique_ptr<PointFacts>
GuardAnalysis::factsBefore(const Stmt *S, llvm::ArrayRef<ValueKey> Keys) {
  if (!Graph)
    return nullptr;
  auto Found = Where.find(S);
  if (Found == Where.end())
    return nullptr;
  auto [Target, TargetIndex] = Found->second;

  KeyPairs Pairs;
  for (size_t I = 0; I < Keys.size(); ++I)
    for (size_t J = I + 1; J < Keys.size(); ++J)
      Pairs.push_back({Keys[I], Keys[J]});
  std::vector<BlockState> In(Graph->getNumBlockIDs());
  std::vector<unsigned> Visits(Graph->getNumBlockIDs(), 0);
  const CFGBlock &Entry = Graph->getEntry();
  initialize(In[Entry.getBlockID()], withRelatedKeys(Keys));
  // Blocks are taken in reverse post-order, so that outside loops every
  // block is visited once, after all its predecessors; only loop heads
  // visited again and again widen.
  std::set<std::pair<unsigned, const CFGBlock *>> Work;
  Work.insert({Order[Entry.getBlockID()], &Entry});
  while (!Work.empty()) {
    const CFGBlock *Block = Work.begin()->second;
    Work.erase(Work.begin());
    BlockState Out = In[Block->getBlockID()];
    for (const CFGElement &Element : *Block)
      if (std::optional<CFGStmt> CS = Element.getAs<CFGStmt>())
        transfer(Out, CS->getStmt());
    const Expr *Cond = decidedCondition(Block);
    unsigned Index = 0;
    for (const CFGBlock::AdjacentBlock &Succ : Block->succs()) {
      const CFGBlock *Next = Succ.getReachableBlock();
      unsigned Which = Index++;
      if (!Next)
        continue;
      BlockState Edge = Out;
      if (Cond)
        applyCondition(Edge, Cond, Which == 0);
      unsigned ID = Next->getBlockID();
      bool Widen = LoopHead[ID] && ++Visits[ID] > 12;
      if (joinInto(In[ID], Edge, Pairs, Widen, Model))
        Work.insert({Order[ID], Next});
    }
  }

  auto Result = std::make_unique<PointFacts>(In[Target->getBlockID()]);
  if (!Result->Reached)
    return Result;
  unsigned Index = 0;
  for (const CFGElement &Element : *Target) {
    if (Index++ == TargetIndex)
      break;
    if (std::optional<CFGStmt> CS = Element.getAs<CFGStmt>())
      transfer(*Result, CS->getStmt());
  }
  return Result;
}

} // namespace clang::tidy::calloc
