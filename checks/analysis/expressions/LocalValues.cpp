//===--- LocalValues.cpp --------------------------------------------------===//

#include "analysis/expressions/LocalValues.h"
#include "analysis/expressions/SizeExpressions.h"
#include "support/StatementOperands.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprObjC.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtObjC.h"

namespace clang::tidy::calloc {

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt>(S); }

/// A call to a function that may return twice (`setjmp`, `sigsetjmp`):
/// control comes back to it from code that runs later.
static bool returnsTwice(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return false;
  if (Callee->hasAttr<ReturnsTwiceAttr>())
    return true;
  const IdentifierInfo *Name = Callee->getIdentifier();
  return Name && Name->getName().contains("setjmp");
}

bool jumpsBackward(const GotoStmt *Goto, const SourceManager &SM) {
  const LabelStmt *Target =
      Goto->getLabel() ? Goto->getLabel()->getStmt() : nullptr;
  return !Target || !SM.isBeforeInTranslationUnit(
                        SM.getExpansionLoc(Goto->getBeginLoc()),
                        SM.getExpansionLoc(Target->getBeginLoc()));
}

bool jumpsUnnamed(const Stmt *S) {
  if (isa<IndirectGotoStmt>(S))
    return true;
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(S))
    return Asm->isAsmGoto();
  if (const auto *Call = dyn_cast<CallExpr>(S))
    return returnsTwice(Call);
  return false;
}

/// Whether a jump can land inside \p S: it holds a label or a `case`.
static bool canBeEntered(const Stmt *S) {
  return anyStatement(
      S, [](const Stmt *T) { return isa<LabelStmt, SwitchCase>(T); });
}

/// The branch of \p If that never runs: its condition is an integer
/// constant (`if (ENABLE_FEATURE_X)` with the macro 0) and no jump lands
/// in it.
static const Stmt *deadBranch(const IfStmt *If, const ASTContext &Ctx) {
  if (If->getInit() || If->getConditionVariable() || !If->getCond())
    return nullptr;
  std::optional<llvm::APSInt> Value = constantValue(If->getCond(), Ctx);
  if (!Value)
    return nullptr;
  const Stmt *Dead = Value->getBoolValue() ? If->getElse() : If->getThen();
  return Dead && !canBeEntered(Dead) ? Dead : nullptr;
}

std::optional<Wide> smallConstant(const Expr *E, const ASTContext &Ctx) {
  std::optional<llvm::APSInt> C = E ? constantValue(E, Ctx) : std::nullopt;
  if (!C || C->isNegative() || C->getActiveBits() > 64)
    return std::nullopt;
  return Wide(C->getZExtValue());
}

bool refersTo(const Expr *E, const VarDecl *Var) {
  const auto *Ref = E ? dyn_cast<DeclRefExpr>(E->IgnoreParens()) : nullptr;
  return Ref && Ref->getDecl() == Var;
}

namespace {
/// Walks a function's body for the modifications of its variables: of one
/// (\p Only), or of all of them at once.
///
/// With \p ReadOrder, it also reads the order of the code (LocalTouchIndex):
/// which touches sit in a branch that never runs, the outermost loop around
/// each, and whether the function jumps back.
class TouchFinder {
public:
  TouchFinder(const VarDecl *Only, const ASTContext &Ctx,
              llvm::DenseMap<const VarDecl *, LocalTouches> &Out,
              bool ReadOrder = false)
      : Only(Only), Ctx(Ctx), Out(Out), ReadOrder(ReadOrder) {}

  void walk(const Stmt *S) {
    if (!S)
      return;
    // The commonest expressions neither jump nor loop, and touch a variable
    // only as `++`, `--` or an assignment (modification()).
    if (const Stmt *First, *Second;
        !isModification(S) && plainOperands(S, First, Second)) {
      walk(First);
      walk(Second);
      return;
    }
    // Code that never runs neither repeats nor jumps.
    const Stmt *DeadChild = nullptr;
    if (ReadOrder && !InDead) {
      if (const auto *Goto = dyn_cast<GotoStmt>(S))
        JumpsBack |= jumpsBackward(Goto, Ctx.getSourceManager());
      else if (const auto *If = dyn_cast<IfStmt>(S))
        DeadChild = deadBranch(If, Ctx);
      else
        JumpsBack |= jumpsUnnamed(S);
    }
    if (modification(S))
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      declaration(DS);
    bool Loop = isLoop(S);
    if (Loop)
      Loops.push_back(S);
    bool Outermost = ReadOrder && !InDead && !OutermostLoop &&
                     (Loop || isa<CXXForRangeStmt, ObjCForCollectionStmt>(S));
    if (Outermost)
      OutermostLoop = S;
    for (const Stmt *Child : S->children()) {
      if (Child && Child == DeadChild) {
        InDead = true;
        walk(Child);
        InDead = false;
      } else {
        walk(Child);
      }
    }
    if (Outermost)
      OutermostLoop = nullptr;
    if (Loop)
      Loops.pop_back();
  }

  /// Whether the walked code jumps back (ReadOrder only).
  bool JumpsBack = false;

private:
  /// The variable \p E names, when its touches are recorded.
  const VarDecl *recorded(const Expr *E) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return Var && (!Only || Var == Only) ? Var : nullptr;
  }

  /// Whether \p S is `++`, `--` or an assignment, of anything.
  static bool isModification(const Stmt *S) {
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      return UO->isIncrementDecrementOp();
    const auto *BO = dyn_cast<BinaryOperator>(S);
    return BO && BO->isAssignmentOp();
  }

  /// Records \p S when it is `++`, `--` or an assignment of a recorded
  /// variable; false when it is not.
  bool modification(const Stmt *S) {
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp()) {
      const VarDecl *Var = recorded(UO->getSubExpr());
      if (!Var)
        return false;
      Out[Var].Arithmetic = true;
      touch(Var, UO->isIncrementOp() ? LocalTouch::Step : LocalTouch::Other, 1,
            UO);
      return true;
    }
    const auto *BO = dyn_cast<BinaryOperator>(S);
    const VarDecl *Var =
        BO && BO->isAssignmentOp() ? recorded(BO->getLHS()) : nullptr;
    if (!Var)
      return false;
    std::optional<Wide> C = smallConstant(BO->getRHS(), Ctx);
    if (BO->getOpcode() == BO_Assign) {
      Out[Var].Values.push_back(BO->getRHS());
      touch(Var, C ? LocalTouch::Set : LocalTouch::Other, C.value_or(0), BO);
    } else {
      Out[Var].Arithmetic = true;
      bool Step = BO->getOpcode() == BO_AddAssign && C && *C > 0;
      touch(Var, Step ? LocalTouch::Step : LocalTouch::Other, C.value_or(0),
            BO);
    }
    walk(BO->getRHS());
    return true;
  }

  /// A declaration with an initializer sets its variable; one without gives
  /// it no value to read.
  void declaration(const DeclStmt *DS) {
    for (const Decl *D : DS->decls()) {
      const auto *Var = dyn_cast<VarDecl>(D);
      if (!Var || !Var->getInit() || (Only && Var != Only))
        continue;
      Out[Var].Values.push_back(Var->getInit());
      std::optional<Wide> C = smallConstant(Var->getInit(), Ctx);
      touch(Var, C ? LocalTouch::Set : LocalTouch::Other, C.value_or(0), DS);
    }
  }

  void touch(const VarDecl *Var, LocalTouch::TouchKind Kind, Wide Value,
             const Stmt *At) {
    Out[Var].Touches.push_back({Kind,
                                Value,
                                At,
                                {Loops.begin(), Loops.end()},
                                OutermostLoop,
                                !InDead});
  }

  const VarDecl *Only;
  const ASTContext &Ctx;
  llvm::DenseMap<const VarDecl *, LocalTouches> &Out;
  llvm::SmallVector<const Stmt *, 4> Loops;
  const bool ReadOrder;
  const Stmt *OutermostLoop = nullptr;
  bool InDead = false;
};
} // namespace

/// \p T with what can reach \p Var besides its name.
static LocalTouches withEscapes(LocalTouches T, const VarDecl *Var,
                                const FunctionEffects &Effects) {
  T.Escapes = Effects.HasErrors || Effects.Escaped.count(Var) ||
              Var->getType()->isReferenceType() ||
              Var->getType().isVolatileQualified();
  return T;
}

LocalTouches touchesOf(const VarDecl *Var, const Decl *Function,
                       const FunctionEffects &Effects, const ASTContext &Ctx) {
  llvm::DenseMap<const VarDecl *, LocalTouches> One;
  TouchFinder(Var, Ctx, One).walk(Function ? Function->getBody() : nullptr);
  return withEscapes(One.lookup(Var), Var, Effects);
}

LocalTouchIndex::LocalTouchIndex(const Decl *Function, const ASTContext &Ctx)
    : SM(Ctx.getSourceManager()) {
  TouchFinder Finder(nullptr, Ctx, Index, /*ReadOrder=*/true);
  Finder.walk(Function ? Function->getBody() : nullptr);
  JumpsBack = Finder.JumpsBack;
}

bool LocalTouchIndex::mayRunBefore(const LocalTouch &Touch,
                                   const Stmt *Read) const {
  if (JumpsBack)
    return true;
  SourceLocation W = SM.getExpansionLoc(Touch.At->getBeginLoc());
  SourceLocation R = SM.getExpansionLoc(Read->getBeginLoc());
  if (!SM.isBeforeInTranslationUnit(R, W))
    return true;
  // A loop around both runs the write again before a later read; the
  // outermost loop around the write is around every other one.
  const Stmt *Loop = Touch.OutermostLoop;
  return Loop &&
         !SM.isBeforeInTranslationUnit(
             R, SM.getExpansionLoc(Loop->getBeginLoc())) &&
         !SM.isBeforeInTranslationUnit(
             SM.getExpansionRange(Loop->getEndLoc()).getEnd(), R);
}

LocalTouches LocalTouchIndex::of(const VarDecl *Var,
                                 const FunctionEffects &Effects) const {
  return withEscapes(Index.lookup(Var), Var, Effects);
}

const LocalTouches &LocalTouchIndex::written(const VarDecl *Var) const {
  static const LocalTouches None;
  auto Found = Index.find(Var);
  return Found == Index.end() ? None : Found->second;
}

std::optional<ValueRange>
rangeEverywhere(const VarDecl *Var, const Decl *Function,
                const FunctionEffects &Effects, const IntegerModel &Model,
                const LocalTouchIndex *Touches) {
  if (!Var || isa<ParmVarDecl>(Var) || !Var->hasLocalStorage() ||
      !Var->getType()->isIntegerType() ||
      Var->getType().isVolatileQualified() || !Function || !Function->getBody())
    return std::nullopt;
  LocalTouches T = Touches ? Touches->of(Var, Effects)
                           : touchesOf(Var, Function, Effects, Model.context());
  if (T.Escapes || T.Arithmetic || T.Values.empty() ||
      T.Values.size() != T.Touches.size())
    return std::nullopt;
  ValueRange Type = Model.rangeOf(Var->getType());
  std::optional<ValueRange> All;
  RangeEvaluator Evaluator(Model, nullptr);
  for (const Expr *Value : T.Values) {
    ValueRange R = Evaluator.evaluate(Value);
    if (!Type.contains(R))
      return std::nullopt;
    All = All ? All->join(R) : R;
  }
  return All;
}

} // namespace clang::tidy::calloc
