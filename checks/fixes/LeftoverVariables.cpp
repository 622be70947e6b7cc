//===--- LeftoverVariables.cpp --------------------------------------------===//

#include "fixes/LeftoverVariables.h"
#include "fixes/SourceEdits.h"
#include "analysis/expressions/StatementEffects.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::calloc {

namespace {
/// How a local is referred to, with the fix applied.
struct VariableUses {
  unsigned Kept = 0;    // reads the fix leaves in place, for good
  unsigned Removed = 0; // reads the fix takes out
  /// Reads the fix leaves, as the size of another allocation or zeroing,
  /// which another fix may take out.
  unsigned AllocationSizes = 0, ZeroingSizes = 0;
  /// The declaration, when it is a statement of a block, and that block.
  const DeclStmt *Declaration = nullptr;
  const CompoundStmt *Scope = nullptr;
  /// `v = value;` statements of blocks that the fix leaves in place.
  llvm::SmallVector<const BinaryOperator *, 2> Stores;
  /// Why a change of the variable cannot go; empty when every one can.
  std::string Unremovable;
};

/// Counts, for each variable, the reads a fix keeps and those it removes.
/// Stores are not reads: a variable that is only stored to is unused.
class UseCounter {
public:
  UseCounter(const llvm::SmallPtrSetImpl<const Stmt *> &Removed,
             const llvm::SmallPtrSetImpl<const Stmt *> &Copied,
             const FixFootprint &Footprint)
      : Removed(Removed), Copied(Copied), Footprint(Footprint) {}

  void visit(const Stmt *S, bool InRemoved, bool InCopied);

  llvm::MapVector<const VarDecl *, VariableUses> Uses;

private:
  void visitBlock(const CompoundStmt *Block, bool InRemoved, bool InCopied);
  bool visitChange(const Stmt *S, bool InRemoved, bool InCopied);
  bool visitSizeArgument(const CallExpr *Call, bool InRemoved);
  void read(const ValueDecl *D, bool InRemoved, bool InCopied);

  const llvm::SmallPtrSetImpl<const Stmt *> &Removed;
  const llvm::SmallPtrSetImpl<const Stmt *> &Copied;
  const FixFootprint &Footprint;
  /// The role of the size argument being visited, while it is.
  SizeRole Role = SizeRole::None;
};
} // namespace

void UseCounter::read(const ValueDecl *D, bool InRemoved, bool InCopied) {
  const auto *Var = dyn_cast_or_null<VarDecl>(D);
  if (!Var)
    return;
  VariableUses &U = Uses[Var];
  if (InRemoved && !InCopied)
    ++U.Removed;
  else if (Role == SizeRole::Allocation)
    ++U.AllocationSizes;
  else if (Role == SizeRole::Zeroing)
    ++U.ZeroingSizes;
  else
    ++U.Kept;
}

/// The variable an assignment or increment changes, when it names one.
static const VarDecl *changedVariable(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

static const BinaryOperator *asStore(const Stmt *S) {
  const auto *Assign = dyn_cast<BinaryOperator>(S);
  return Assign && Assign->getOpcode() == BO_Assign &&
                 changedVariable(Assign->getLHS())
             ? Assign
             : nullptr;
}

void UseCounter::visitBlock(const CompoundStmt *Block, bool InRemoved,
                            bool InCopied) {
  for (const Stmt *Child : Block->body()) {
    if (const auto *DS = dyn_cast<DeclStmt>(Child))
      for (const Decl *D : DS->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D)) {
          Uses[Var].Declaration = DS;
          Uses[Var].Scope = Block;
        }
    // `v = value;` on its own can go with v.
    if (const BinaryOperator *Store = asStore(Child);
        Store && !InRemoved && !Removed.count(Child)) {
      Uses[changedVariable(Store->getLHS())].Stores.push_back(Store);
      visit(Store->getRHS(), InRemoved, InCopied);
      continue;
    }
    visit(Child, InRemoved, InCopied);
  }
}

/// Assignments and increments anywhere else change the variable without
/// reading it, and cannot simply go.
bool UseCounter::visitChange(const Stmt *S, bool InRemoved, bool InCopied) {
  const VarDecl *Var = nullptr;
  const Expr *Value = nullptr;
  if (const auto *Assign = dyn_cast<BinaryOperator>(S);
      Assign && Assign->isAssignmentOp()) {
    Var = changedVariable(Assign->getLHS());
    Value = Assign->getRHS();
  } else if (const auto *Unary = dyn_cast<UnaryOperator>(S);
             Unary && Unary->isIncrementDecrementOp()) {
    Var = changedVariable(Unary->getSubExpr());
  }
  if (!Var)
    return false;
  if (!InRemoved)
    Uses[Var].Unremovable = "it is changed inside another statement";
  visit(Value, InRemoved, InCopied);
  return true;
}

/// A variable that is all of the size of another allocation or zeroing: a
/// fix of that call may take the read out as this one does.
bool UseCounter::visitSizeArgument(const CallExpr *Call, bool InRemoved) {
  auto [CallRole, Size] = Footprint.SizeOf
                              ? Footprint.SizeOf(Call)
                              : std::make_pair(SizeRole::None, nullptr);
  const auto *Ref =
      Size ? dyn_cast<DeclRefExpr>(Size->IgnoreParenImpCasts()) : nullptr;
  if (!Ref || InRemoved || Removed.count(Size))
    return false;
  Role = CallRole;
  read(Ref->getDecl(), false, false);
  Role = SizeRole::None;
  for (const Stmt *Child : Call->children())
    if (Child != Size)
      visit(Child, InRemoved, false);
  return true;
}

void UseCounter::visit(const Stmt *S, bool InRemoved, bool InCopied) {
  if (!S)
    return;
  InRemoved |= Removed.count(S) != 0;
  InCopied |= Copied.count(S) != 0;
  if (const auto *Call = dyn_cast<CallExpr>(S);
      Call && visitSizeArgument(Call, InRemoved))
    return;
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return visitBlock(Block, InRemoved, InCopied);
  if (visitChange(S, InRemoved, InCopied))
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    read(Ref->getDecl(), InRemoved, InCopied);
  // A block's captures are not among its children.
  if (const auto *Block = dyn_cast<BlockExpr>(S))
    for (const BlockDecl::Capture &Capture : Block->getBlockDecl()->captures())
      read(Capture.getVariable(), InRemoved, InCopied);
  for (const Stmt *Child : S->children())
    visit(Child, InRemoved, InCopied);
}

/// Why the declaration of \p Var and the stores to it cannot go; empty when
/// they can.
static std::string whyNotRemovable(const VarDecl *Var, const VariableUses &U,
                                   const ASTContext &Ctx) {
  if (isa<ParmVarDecl>(Var))
    return "it is a parameter";
  if (!Var->hasLocalStorage() || !Var->getType()->isScalarType() ||
      Var->getType().isVolatileQualified())
    return "it is not a plain local variable";
  if (!U.Unremovable.empty())
    return U.Unremovable;
  if (!U.Declaration)
    return "its declaration is not a statement of a block";
  if (!U.Declaration->isSingleDecl())
    return "its declaration declares other variables too";
  if (const Expr *Init = Var->getInit(); Init && hasSideEffects(Init, Ctx))
    return "its initializer has side effects";
  if (llvm::any_of(U.Stores, [&](const BinaryOperator *Store) {
        return hasSideEffects(Store->getRHS(), Ctx);
      }))
    return "a value assigned to it has side effects";
  auto InMacro = [](const Stmt *S) {
    return S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID();
  };
  if (InMacro(U.Declaration) || llvm::any_of(U.Stores, InMacro))
    return "it is declared or assigned inside a macro";
  // Code under the other side of an `#if` in its scope was never read.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation From = U.Declaration->getBeginLoc();
  SourceLocation To = SM.getExpansionLoc(U.Scope->getRBracLoc());
  if (SM.getFileID(From) != SM.getFileID(To) ||
      directiveBetween(From, SM.getFileID(To), SM.getFileOffset(To), Ctx))
    return "a preprocessor directive in its scope may use it";
  return "";
}

std::optional<llvm::SmallVector<Leftover, 4>>
leftoverStatements(const Decl *Function, const FixFootprint &Footprint,
                   const ASTContext &Ctx, std::string &WhyNot) {
  llvm::SmallPtrSet<const Stmt *, 8> Removed(Footprint.Removed.begin(),
                                             Footprint.Removed.end());
  llvm::SmallPtrSet<const Stmt *, 8> Copied(Footprint.Copied.begin(),
                                            Footprint.Copied.end());
  llvm::SmallVector<Leftover, 4> Out;
  // A declaration that goes may hold the last read of another local: go on
  // until no more locals are left unread.
  for (unsigned Round = 0; Round < 8; ++Round) {
    UseCounter Counter(Removed, Copied, Footprint);
    Counter.visit(Function ? Function->getBody() : nullptr, false, false);
    bool More = false;
    for (const auto &[Var, U] : Counter.Uses) {
      if (!U.Removed || U.Kept || Var->hasAttr<UnusedAttr>() ||
          (U.Declaration && Removed.count(U.Declaration)))
        continue;
      // Another allocation's fix may take out the other reads, as this one
      // takes out its own; a zeroing whose allocation keeps its size stays.
      if (!U.AllocationSizes && U.ZeroingSizes)
        continue;
      if (U.AllocationSizes) {
        WhyNot = "'" + Var->getNameAsString() +
                 "' also sizes another allocation, and fixing both would "
                 "leave it unused";
        return std::nullopt;
      }
      if (std::string Why = whyNotRemovable(Var, U, Ctx); !Why.empty()) {
        WhyNot =
            "'" + Var->getNameAsString() + "' would be left unused, and " + Why;
        return std::nullopt;
      }
      Out.push_back({U.Declaration, Var, true});
      Removed.insert(U.Declaration);
      for (const BinaryOperator *Store : U.Stores) {
        Out.push_back({Store, Var, false});
        Removed.insert(Store);
      }
      More = true;
    }
    if (!More)
      return Out;
  }
  WhyNot = "removing the locals it leaves unused goes on too long";
  return std::nullopt;
}

} // namespace clang::tidy::calloc
