//===--- LocalValues.cpp --------------------------------------------------===//

#include "LocalValues.h"
#include "SizeExpressions.h"

#include "clang/AST/Expr.h"

namespace clang::tidy::calloc {

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt>(S); }

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
/// Walks a function's body for the modifications of one local.
class TouchFinder {
public:
  TouchFinder(const VarDecl *Var, const ASTContext &Ctx) : Var(Var), Ctx(Ctx) {}

  void walk(const Stmt *S) {
    if (!S || modification(S))
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      declaration(DS);
    bool Loop = isLoop(S);
    if (Loop)
      Loops.push_back(S);
    for (const Stmt *Child : S->children())
      walk(Child);
    if (Loop)
      Loops.pop_back();
  }

  LocalTouches T;

private:
  /// Records \p S when it is `++`, `--` or an assignment of the local;
  /// false when it is not.
  bool modification(const Stmt *S) {
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp() && refersTo(UO->getSubExpr(), Var)) {
      T.Arithmetic = true;
      touch(UO->isIncrementOp() ? LocalTouch::Step : LocalTouch::Other, 1, UO);
      return true;
    }
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || !BO->isAssignmentOp() || !refersTo(BO->getLHS(), Var))
      return false;
    std::optional<Wide> C = smallConstant(BO->getRHS(), Ctx);
    if (BO->getOpcode() == BO_Assign) {
      T.Values.push_back(BO->getRHS());
      touch(C ? LocalTouch::Set : LocalTouch::Other, C.value_or(0), BO);
    } else {
      T.Arithmetic = true;
      bool Step = BO->getOpcode() == BO_AddAssign && C && *C > 0;
      touch(Step ? LocalTouch::Step : LocalTouch::Other, C.value_or(0), BO);
    }
    walk(BO->getRHS());
    return true;
  }

  /// A declaration of the local with an initializer sets it; one without
  /// gives it no value to read.
  void declaration(const DeclStmt *DS) {
    if (!llvm::is_contained(DS->decls(), Var) || !Var->getInit())
      return;
    T.Values.push_back(Var->getInit());
    std::optional<Wide> C = smallConstant(Var->getInit(), Ctx);
    touch(C ? LocalTouch::Set : LocalTouch::Other, C.value_or(0), DS);
  }

  void touch(LocalTouch::TouchKind Kind, Wide Value, const Stmt *At) {
    T.Touches.push_back({Kind, Value, At, {Loops.begin(), Loops.end()}});
  }

  const VarDecl *Var;
  const ASTContext &Ctx;
  llvm::SmallVector<const Stmt *, 4> Loops;
};
} // namespace

LocalTouches touchesOf(const VarDecl *Var, const Decl *Function,
                       const FunctionEffects &Effects, const ASTContext &Ctx) {
  TouchFinder Finder(Var, Ctx);
  Finder.walk(Function ? Function->getBody() : nullptr);
  Finder.T.Escapes = Effects.HasErrors || Effects.Escaped.count(Var) ||
                     Var->getType()->isReferenceType() ||
                     Var->getType().isVolatileQualified();
  return Finder.T;
}

std::optional<ValueRange> rangeEverywhere(const VarDecl *Var,
                                          const Decl *Function,
                                          const FunctionEffects &Effects,
                                          const IntegerModel &Model) {
  if (!Var || isa<ParmVarDecl>(Var) || !Var->hasLocalStorage() ||
      !Var->getType()->isIntegerType() ||
      Var->getType().isVolatileQualified() || !Function || !Function->getBody())
    return std::nullopt;
  LocalTouches T = touchesOf(Var, Function, Effects, Model.context());
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
