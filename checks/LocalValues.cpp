//===--- LocalValues.cpp --------------------------------------------------===//

#include "LocalValues.h"
#include "SizeExpressions.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

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
class TouchFinder {
public:
  TouchFinder(const VarDecl *Var, const ASTContext &Ctx) : Var(Var), Ctx(Ctx) {}

  void walk(const Stmt *S) {
    if (!S)
      return;
    if (isa<LambdaExpr, BlockExpr>(S)) {
      ++Closures;
      for (const Stmt *Child : S->children())
        walk(Child);
      --Closures;
      return;
    }
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S);
        Cast && Cast->getCastKind() == CK_LValueToRValue &&
        refersTo(Cast->getSubExpr(), Var))
      return; // read by value
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && refersTo(UO->getSubExpr(), Var)) {
      T.Arithmetic |= UO->isIncrementDecrementOp();
      if (UO->isIncrementOp())
        step(1, UO);
      else if (UO->isDecrementOp())
        modify(UO);
      else
        T.Escapes = true;
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && refersTo(BO->getLHS(), Var)) {
      std::optional<Wide> C = smallConstant(BO->getRHS(), Ctx);
      if (BO->getOpcode() == BO_Assign)
        T.Values.push_back(BO->getRHS());
      else
        T.Arithmetic = true;
      if (BO->getOpcode() == BO_Assign && C)
        set(*C, BO);
      else if (BO->getOpcode() == BO_AddAssign && C && *C > 0)
        step(*C, BO);
      else
        modify(BO);
      walk(BO->getRHS());
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        // A declaration without initializer gives it no value to read.
        if (D == Var && Var->getInit()) {
          T.Values.push_back(Var->getInit());
          if (std::optional<Wide> C = smallConstant(Var->getInit(), Ctx))
            set(*C, DS);
          else
            modify(DS);
        }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S);
        Ref && Ref->getDecl() == Var)
      T.Escapes = true; // any other use may change it
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
  void touch(LocalTouch::TouchKind Kind, Wide Value, const Stmt *At) {
    T.Touches.push_back({Kind, Value, At, {Loops.begin(), Loops.end()}});
    T.Escapes |= Closures > 0;
  }
  void modify(const Stmt *At) { touch(LocalTouch::Other, 0, At); }
  void set(Wide Value, const Stmt *At) { touch(LocalTouch::Set, Value, At); }
  void step(Wide By, const Stmt *At) { touch(LocalTouch::Step, By, At); }

  const VarDecl *Var;
  const ASTContext &Ctx;
  llvm::SmallVector<const Stmt *, 4> Loops;
  unsigned Closures = 0;
};
} // namespace

LocalTouches touchesOf(const VarDecl *Var, const Stmt *Body,
                       const ASTContext &Ctx) {
  TouchFinder Finder(Var, Ctx);
  Finder.walk(Body);
  return Finder.T;
}

std::optional<ValueRange> rangeEverywhere(const VarDecl *Var,
                                          const Decl *Function,
                                          const IntegerModel &Model) {
  if (!Var || isa<ParmVarDecl>(Var) || !Var->hasLocalStorage() ||
      !Var->getType()->isIntegerType() ||
      Var->getType().isVolatileQualified() || !Function || !Function->getBody())
    return std::nullopt;
  LocalTouches T = touchesOf(Var, Function->getBody(), Model.context());
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
