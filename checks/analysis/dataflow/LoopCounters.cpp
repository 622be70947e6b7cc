//===--- LoopCounters.cpp -------------------------------------------------===//

#include "analysis/dataflow/LoopCounters.h"
#include "analysis/expressions/SizeExpressions.h"

#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::calloc {

namespace {

bool isLocalCounter(const VarDecl *Var) {
  return Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) &&
         Var->getType()->isIntegerType() &&
         !Var->getType().isVolatileQualified();
}

using LoopStack = llvm::SmallVector<const Stmt *, 4>;

/// Every goto and label with the loops around it; every loop with the
/// loops around it and whether a `case` of a switch outside it is inside.
struct Jumps {
  llvm::SmallVector<std::pair<const GotoStmt *, LoopStack>, 4> Gotos;
  llvm::DenseMap<const LabelStmt *, LoopStack> Labels;
  llvm::DenseMap<const Stmt *, unsigned> Depth;
  llvm::SmallPtrSet<const Stmt *, 4> EnteredByCase;
  /// A jump no label names (jumpsUnnamed).
  bool Indirect = false;

  /// \p Switches: the switches around \p S, each with the loop depth at
  /// which it stands.
  void find(const Stmt *S, LoopStack &Loops,
            llvm::SmallVectorImpl<size_t> &Switches) {
    if (!S)
      return;
    Indirect |= jumpsUnnamed(S);
    if (const auto *G = dyn_cast<GotoStmt>(S))
      Gotos.push_back({G, Loops});
    if (const auto *L = dyn_cast<LabelStmt>(S))
      Labels[L] = Loops;
    // A case label inside loops that its switch is outside of.
    if (isa<SwitchCase>(S) && !Switches.empty())
      for (size_t I = Switches.back(); I < Loops.size(); ++I)
        EnteredByCase.insert(Loops[I]);
    bool Loop = isLoop(S);
    bool Switch = isa<SwitchStmt>(S);
    if (Loop) {
      Depth[S] = Loops.size();
      Loops.push_back(S);
    }
    if (Switch)
      Switches.push_back(Loops.size());
    for (const Stmt *Child : S->children())
      find(Child, Loops, Switches);
    if (Switch)
      Switches.pop_back();
    if (Loop)
      Loops.pop_back();
  }
};

} // namespace

void LoopCounters::indexJumps() {
  Indexed = true;
  if (!Function || !Function->getBody())
    return;
  Jumps J;
  LoopStack Loops;
  llvm::SmallVector<size_t, 2> Switches;
  J.find(Function->getBody(), Loops, Switches);
  const SourceManager &SM = Model.context().getSourceManager();
  JumpsForward = !J.Indirect && llvm::all_of(J.Gotos, [&](const auto &G) {
    if (jumpsBackward(G.first, SM))
      return false;
    auto It = J.Labels.find(G.first->getLabel()->getStmt());
    if (It == J.Labels.end())
      return false;
    // Into no loop that the goto is not already in.
    return llvm::all_of(It->second, [&](const Stmt *Loop) {
      return llvm::is_contained(G.second, Loop);
    });
  });
  for (const auto &[Loop, Depth] : J.Depth)
    if (Depth == 0 && !J.EnteredByCase.count(Loop))
      OutermostLoops.insert(Loop);
}

const FunctionEffects &LoopCounters::effects() const {
  if (!Effects)
    Effects.emplace(Function);
  return *Effects;
}

LocalTouches LoopCounters::touches(const VarDecl *Var) const {
  if (!Touches)
    Touches.emplace(Function, Model.context());
  return Touches->of(Var, effects());
}

std::optional<Wide> LoopCounters::largestLimit(const Expr *Limit) const {
  Wide TypeMax = Model.rangeOf(Limit->getType()).Hi;
  const auto *Ref = dyn_cast<DeclRefExpr>(Limit->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  std::optional<ValueRange> Held;
  if (const auto *Param = dyn_cast_or_null<ParmVarDecl>(Var)) {
    // A parameter nothing changes holds what its callers pass, converted
    // exactly.
    LocalTouches T = touches(Param);
    if (Callers && !T.Escapes && T.Touches.empty() &&
        Param->getDeclContext() == dyn_cast<DeclContext>(Function))
      Held = Callers->rangeOf(Param, /*ExactConversions=*/true);
  } else {
    if (!Touches)
      Touches.emplace(Function, Model.context());
    Held = rangeEverywhere(Var, Function, effects(), Model, &*Touches);
  }
  return Held ? std::min(Held->Hi, TypeMax) : TypeMax;
}

std::optional<Wide> LoopCounters::bound(const VarDecl *Var, const Stmt *Loop) {
  auto [It, Inserted] = Bounds.try_emplace({Var, Loop});
  if (Inserted)
    It->second = compute(Var, Loop);
  return It->second;
}

std::optional<Wide> LoopCounters::compute(const VarDecl *Var,
                                          const Stmt *Loop) {
  const auto *For = dyn_cast_or_null<ForStmt>(Loop);
  if (!isLocalCounter(Var) || !For || !Function || !Function->getBody())
    return std::nullopt;
  if (!Indexed)
    indexJumps();
  if (!JumpsForward || !OutermostLoops.count(For))
    return std::nullopt;
  LocalTouches T = touches(Var);
  if (T.Escapes)
    return std::nullopt;
  const SourceManager &SM = Model.context().getSourceManager();
  SourceLocation LoopBegin = SM.getExpansionLoc(For->getBeginLoc());
  std::optional<Wide> Entry;
  Wide PerPass = 0;
  for (const LocalTouch &Touch : T.Touches) {
    if (llvm::is_contained(Touch.Loops, For)) {
      // In the loop: steps directly in it.
      if (Touch.Kind != LocalTouch::Step || Touch.Loops.back() != For)
        return std::nullopt;
      PerPass += Touch.Value;
      continue;
    }
    // After the loop: it cannot run before the loop's last pass.
    if (!SM.isBeforeInTranslationUnit(
            SM.getExpansionLoc(Touch.At->getBeginLoc()), LoopBegin))
      continue;
    // Before it: constants and steps, outside loops.
    if (!Touch.Loops.empty() || Touch.Kind == LocalTouch::Other)
      return std::nullopt;
    if (Touch.Kind == LocalTouch::Set)
      Entry = std::max(Entry.value_or(0), Touch.Value);
    else if (Entry)
      *Entry += Touch.Value;
  }
  std::optional<Wide> Passes = passes(For);
  if (!Entry || !Passes || PerPass == 0)
    return std::nullopt;
  Wide Bound = *Entry + PerPass * *Passes;
  if (Bound > Model.rangeOf(Var->getType()).Hi)
    return std::nullopt;
  return Bound;
}

/// The variable a for loop's initializer sets, and the constant it starts
/// at: `for (i = s; ...)` or `for (T i = s; ...)`.
static std::optional<std::pair<const VarDecl *, Wide>>
inductionStart(const ForStmt *For, const ASTContext &Ctx) {
  const VarDecl *I = nullptr;
  std::optional<Wide> Start;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit());
      DS && DS->isSingleDecl()) {
    I = dyn_cast<VarDecl>(DS->getSingleDecl());
    Start = I ? smallConstant(I->getInit(), Ctx) : std::nullopt;
  } else if (const auto *Init =
                 dyn_cast_or_null<BinaryOperator>(For->getInit());
             Init && Init->getOpcode() == BO_Assign) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParens()))
      I = dyn_cast<VarDecl>(Ref->getDecl());
    Start = smallConstant(Init->getRHS(), Ctx);
  }
  if (!isLocalCounter(I) || !Start)
    return std::nullopt;
  return std::make_pair(I, *Start);
}

/// Whether \p Inc is `i++`, `++i` or `i += 1`.
static bool stepsByOne(const Expr *Inc, const VarDecl *I,
                       const ASTContext &Ctx) {
  const auto *UO = dyn_cast<UnaryOperator>(Inc);
  const auto *BO = dyn_cast<BinaryOperator>(Inc);
  return (UO && UO->isIncrementOp() && refersTo(UO->getSubExpr(), I)) ||
         (BO && BO->getOpcode() == BO_AddAssign && refersTo(BO->getLHS(), I) &&
          smallConstant(BO->getRHS(), Ctx) == Wide(1));
}

/// The limit of `i < N` or `i <= N` (or the same the other way round), and
/// whether the limit itself is reached.
static std::optional<std::pair<const Expr *, bool>>
upperLimit(const Expr *Cond, const VarDecl *I) {
  const auto *Cmp = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!Cmp)
    return std::nullopt;
  BinaryOperatorKind Op = Cmp->getOpcode();
  bool Reached = Op == BO_LE || Op == BO_GE;
  if (refersTo(Cmp->getLHS()->IgnoreImpCasts(), I) &&
      (Op == BO_LT || Op == BO_LE))
    return std::make_pair(Cmp->getRHS(), Reached);
  if (refersTo(Cmp->getRHS()->IgnoreImpCasts(), I) &&
      (Op == BO_GT || Op == BO_GE))
    return std::make_pair(Cmp->getLHS(), Reached);
  return std::nullopt;
}

std::optional<Wide> LoopCounters::passes(const ForStmt *For) const {
  const ASTContext &Ctx = Model.context();
  std::optional<std::pair<const VarDecl *, Wide>> Induction =
      inductionStart(For, Ctx);
  if (!Induction || !For->getCond() || !For->getInc())
    return std::nullopt;
  auto [I, Start] = *Induction;
  const Expr *Inc = For->getInc()->IgnoreParens();
  if (!stepsByOne(Inc, I, Ctx))
    return std::nullopt;
  LocalTouches Touches = touches(I);
  if (Touches.Escapes)
    return std::nullopt;
  // In the loop it only moves up (skipping arguments, `j++` in the body):
  // each pass still moves it up by one at least.
  for (const LocalTouch &Touch : Touches.Touches)
    if (Touch.At != Inc && Touch.At != For->getInit() &&
        Touch.Kind != LocalTouch::Step && llvm::is_contained(Touch.Loops, For))
      return std::nullopt;
  std::optional<std::pair<const Expr *, bool>> Limit =
      upperLimit(For->getCond(), I);
  if (!Limit)
    return std::nullopt;
  // The largest value the limit can have as compared: its own, or the
  // comparison type's when a signed limit is compared as unsigned.
  const Expr *Own = Limit->first->IgnoreParenImpCasts();
  QualType Compared = Limit->first->getType();
  if (!Own->getType()->isIntegerType() || !Compared->isIntegerType())
    return std::nullopt;
  std::optional<Wide> Largest = largestLimit(Own);
  if (!Largest)
    return std::nullopt;
  Wide Max = Model.isSigned(Own->getType()) && !Model.isSigned(Compared)
                 ? Model.rangeOf(Compared).Hi
                 : *Largest;
  // The induction variable must reach the limit without wrapping.
  if (Max > Model.rangeOf(I->getType()).Hi)
    return std::nullopt;
  Wide Passes = Max - Start + (Limit->second ? 1 : 0);
  return Passes > 0 ? Passes : 0;
}

} // namespace clang::tidy::calloc
