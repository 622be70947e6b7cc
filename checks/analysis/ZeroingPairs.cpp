//===--- ZeroingPairs.cpp -------------------------------------------------===//

#include "analysis/ZeroingPairs.h"
#include "support/Callees.h"
#include "analysis/dataflow/OverflowGuards.h"
#include "analysis/expressions/SizeExpressions.h"
#include "support/StatementOperands.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::calloc {

//===----------------------------------------------------------------------===//
// The statements around the pair: zeroing calls and null checks
//===----------------------------------------------------------------------===//

/// The name a call is made by, when it is a function at namespace scope;
/// in a template, the name of the candidates not resolved yet.
static StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD->getIdentifier() && isNamespaceScopeFunction(FD) ? FD->getName()
                                                               : StringRef();
  const auto *Lookup =
      dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!Lookup || !Lookup->getName().isIdentifier() || Lookup->decls().empty())
    return {};
  for (const NamedDecl *D : Lookup->decls())
    if (!isa<FunctionDecl>(D->getUnderlyingDecl()) ||
        !isNamespaceScopeFunction(D->getUnderlyingDecl()))
      return {};
  return Lookup->getName().getAsIdentifierInfo()->getName();
}

static std::optional<Zeroing> asZeroing(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  while (E) {
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
      E = Cleanups->getSubExpr();
    else if (const auto *Paren = dyn_cast<ParenExpr>(E))
      E = Paren->getSubExpr();
    else if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
             Cast && Cast->getCastKind() == CK_ToVoid)
      E = Cast->getSubExpr();
    else
      break;
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  if (!Call)
    return std::nullopt;
  StringRef Name = calleeName(Call);
  Zeroing Z;
  Z.Call = Call;
  Z.Name = Name;
  if ((Name == "memset" || Name == "__builtin_memset") &&
      Call->getNumArgs() == 3) {
    Z.Pointer = Call->getArg(0);
    Z.Fill = Call->getArg(1);
    Z.Size = Call->getArg(2);
    return Z;
  }
  if ((Name == "bzero" || Name == "__builtin_bzero") &&
      Call->getNumArgs() == 2) {
    Z.Pointer = Call->getArg(0);
    Z.Size = Call->getArg(1);
    return Z;
  }
  return std::nullopt;
}

/// The lvalue whose value a pointer argument passes, through pointer casts:
/// `p` in `memset((char *)p, ...)`.
static const Expr *passedLvalue(const Expr *Arg) {
  const Expr *E = Arg;
  while (true) {
    E = E->IgnoreParens();
    const auto *Cast = dyn_cast<CastExpr>(E);
    if (!Cast)
      break;
    CastKind K = Cast->getCastKind();
    if (K == CK_LValueToRValue)
      return stripLvalue(Cast->getSubExpr());
    if (K != CK_NoOp && K != CK_BitCast)
      return nullptr;
    E = Cast->getSubExpr();
  }
  // In a template the pointer may be named without a conversion.
  if (isa<DeclRefExpr, MemberExpr>(E) && E->isInstantiationDependent())
    return E;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Allocation sites
//===----------------------------------------------------------------------===//

/// Strips parens and the casts an allocation's pointer passes through on
/// its way to where it is stored.
static const Expr *stripPointerConversions(const Expr *E) {
  while (true) {
    if (const auto *Paren = dyn_cast<ParenExpr>(E)) {
      E = Paren->getSubExpr();
      continue;
    }
    const auto *Cast = dyn_cast<CastExpr>(E);
    if (!Cast || Cast->getCastKind() == CK_LValueToRValue ||
        !(Cast->getType()->isPointerType() ||
          Cast->getType()->isDependentType()))
      return E;
    E = Cast->getSubExpr();
  }
}

/// The statement a block's child stands for, through labels and cleanups.
static const Stmt *unwrapStatement(const Stmt *S) {
  while (true) {
    if (const auto *Label = dyn_cast<LabelStmt>(S))
      S = Label->getSubStmt();
    else if (const auto *Case = dyn_cast<SwitchCase>(S))
      S = Case->getSubStmt();
    else if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
      S = Attributed->getSubStmt();
    else if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
      S = Cleanups->getSubExpr();
    else
      return S;
  }
}

/// The assignment of an allocation tested by an `if`: `if (!(p = malloc(n)))`
/// and `if ((p = malloc(n)) == NULL)`, also inside `__builtin_expect`.
static const BinaryOperator *testedAssignment(const Expr *Cond) {
  if (const auto *Assign = dyn_cast<BinaryOperator>(Cond);
      Assign && Assign->getOpcode() == BO_Assign)
    return Assign;
  if (const auto *Paren = dyn_cast<ParenExpr>(Cond))
    return testedAssignment(Paren->getSubExpr());
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Cond))
    return testedAssignment(Cast->getSubExpr());
  if (const auto *Not = dyn_cast<UnaryOperator>(Cond);
      Not && Not->getOpcode() == UO_LNot)
    return testedAssignment(Not->getSubExpr());
  if (const auto *Cmp = dyn_cast<BinaryOperator>(Cond);
      Cmp && Cmp->isEqualityOp()) {
    if (const BinaryOperator *Found = testedAssignment(Cmp->getLHS()))
      return Found;
    return testedAssignment(Cmp->getRHS());
  }
  if (const auto *Call = dyn_cast<CallExpr>(Cond))
    for (const Expr *Arg : Call->arguments())
      if (const BinaryOperator *Found = testedAssignment(Arg))
        return Found;
  return nullptr;
}

AllocationSites::AllocationSites(const Decl *Function) {
  llvm::SmallVector<const Stmt *, 32> Work;
  if (Function)
    Work.push_back(Function->getBody());
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *Block = dyn_cast<CompoundStmt>(S))
      visitBlock(Block);
    pushOwnParts(S, Work);
  }
}

void AllocationSites::visitBlock(const CompoundStmt *Block) {
  unsigned Index = 0;
  for (const Stmt *Child : Block->body()) {
    AllocationSite Site;
    Site.Block = Block;
    Site.Index = Index++;
    const Stmt *S = unwrapStatement(Child);
    const Expr *Stored = nullptr;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      // `T *p = malloc(n), *q = p;` would copy the pointer right away.
      const auto *VD = dyn_cast<VarDecl>(DS->decls().end()[-1]);
      if (!VD || !VD->getInit() || !VD->hasLocalStorage() ||
          isa<ParmVarDecl>(VD))
        continue;
      Site.Var = VD;
      Site.Statement = DS;
      Site.Target.Root = VD;
      Stored = VD->getInit();
    } else if (const auto *Assign = dyn_cast<BinaryOperator>(S);
               Assign && Assign->getOpcode() == BO_Assign) {
      Site.Assign = Assign;
      Site.Statement = Assign;
    } else if (const auto *If = dyn_cast<IfStmt>(S); If && If->getCond()) {
      Site.Assign = testedAssignment(If->getCond());
      Site.Statement = If;
    }
    if (Site.Assign) {
      Stored = Site.Assign->getRHS();
      Site.Target = placeOf(Site.Assign->getLHS());
    }
    if (const auto *Call =
            Stored ? dyn_cast<CallExpr>(stripPointerConversions(Stored))
                   : nullptr)
      Sites.try_emplace(Call, Site);
  }
}

const AllocationSite *AllocationSites::find(const CallExpr *Call) const {
  auto It = Sites.find(Call);
  return It == Sites.end() ? nullptr : &It->second;
}

//===----------------------------------------------------------------------===//
// What the statements between may do to the pair
//===----------------------------------------------------------------------===//

namespace {
/// The places a pair depends on, and which accesses disturb them: the
/// pointer (Target) and the operands of the size (Keys).
class PairEffects {
public:
  PairEffects(const Place &Target, const FunctionEffects &Function)
      : Target(Target), Function(Function) {}

  /// Follows the operands of a size: stores to them in between would make
  /// the zeroed size differ from the allocated one. False when the size
  /// cannot be followed (it stores, or reads something volatile).
  bool setSize(const Expr *Size, const ASTContext &Ctx);
  /// Follows the variables that index the element \p Target names
  /// (`s->bufs[ch] = malloc(n)`): the zeroing names the same element only
  /// while they keep their values. False when an index cannot be
  /// followed.
  bool followIndexes(const Expr *Target);
  /// Follows one more place, like an operand of the size, read as \p Type.
  void addKey(const Place &P, QualType Type) {
    Keys.push_back({P, Type});
    SizeShared |= !Function.isPrivate(P);
  }
  /// Whether the allocation's own store of the new pointer, of type
  /// \p Stored, to the target changes the size. Through another pointer it
  /// may be the same object, unless the aliasing rules say a store of this
  /// type cannot change what the size reads: a pointer stored to `m->state`
  /// does not change the `size_t` at `def->size`.
  bool storeChangesSize(QualType Stored) const {
    return changesSize({Target, AccessKind::Write, Stored},
                       /*ByType=*/true);
  }
  /// Whether \p S leaves the followed places (and, \p WithTarget, the
  /// pointer and its memory) alone.
  bool isClear(const Stmt *S, bool WithTarget) const;
  /// Whether \p Statements leave the followed operands alone (the
  /// allocated pointer aside): for the definition of a size variable.
  bool keysUnchangedOver(llvm::ArrayRef<const Stmt *> Statements) const;
  /// Whether \p S, an assertion that the pointer is not null, leaves the
  /// pair alone: it reads the pointer's value, nothing else of it, and calls
  /// nothing that returns.
  bool isClearNullAssertion(const Stmt *S) const;

private:
  bool touchesTarget(const Access &A) const;
  bool changesSize(const Access &A, bool ByType = false) const;

  /// A place the size reads, and the type it reads there.
  struct Key {
    Place Where;
    QualType Type;
  };

  Place Target;
  const FunctionEffects &Function;
  llvm::SmallVector<Key, 4> Keys;
  bool SizeOpaque = false; // the size reads memory that cannot be named
  bool SizeShared = false; // a call or a store elsewhere may change the size
};
} // namespace

bool PairEffects::setSize(const Expr *Size, const ASTContext &Ctx) {
  if (constantValue(Size, Ctx))
    return true;
  StatementEffects Effects;
  Effects.scan(Size);
  if (Effects.Opaque)
    return false;
  SizeOpaque |= Effects.Calls;
  for (const Access &A : Effects.Accesses) {
    // A volatile operand may read differently the second time.
    if (A.Kind != AccessKind::Read || A.Type.isVolatileQualified())
      return false;
    if (A.Where.known())
      addKey(A.Where, A.Type);
    else
      SizeOpaque = true;
  }
  SizeShared |= SizeOpaque;
  return true;
}

bool PairEffects::followIndexes(const Expr *TargetExpr) {
  StatementEffects Effects;
  Effects.scan(TargetExpr);
  if (Effects.Opaque || Effects.Calls)
    return false;
  // The pointer the element is reached through is the target's own root,
  // which the statements between are checked against already.
  for (const Access &A : Effects.Accesses)
    if (!A.Where.sameRoot(Target)) {
      if (!A.Where.known() || A.Type.isVolatileQualified())
        return false;
      addKey(A.Where, A.Type);
    }
  return true;
}

bool PairEffects::touchesTarget(const Access &A) const {
  const Place &P = A.Where;
  if (P.sameRoot(Target))
    // The pointer itself, or the variable it is reached through changing
    // or escaping.
    return P.overlapsSameRoot(Target) ||
           (A.Kind != AccessKind::Read && !P.Indirect && Target.Indirect);
  if (Function.isPrivate(Target) || Function.isPrivate(P))
    return false;
  // Storage that may be the pointer's own, or a copy of the pointer that
  // leads to the new memory.
  if (A.Kind == AccessKind::Write)
    return mayHoldPointer(A.Type);
  if (A.Kind == AccessKind::Read)
    return A.Type.isNull() || A.Type->isPointerType() ||
           A.Type->isDependentType() || A.Type->isRecordType() ||
           A.Type->isArrayType();
  return false;
}

/// With \p ByType, a store through another pointer changes the size only
/// when the aliasing rules let its type change what the size reads;
/// without, any such store may.
bool PairEffects::changesSize(const Access &A, bool ByType) const {
  if (A.Kind == AccessKind::Read)
    return false;
  const Place &P = A.Where;
  for (const Key &K : Keys) {
    if (P.sameRoot(K.Where)) {
      if (P.overlapsSameRoot(K.Where) || (!P.Indirect && K.Where.Indirect))
        return true;
    } else if (A.Kind == AccessKind::Write && !Function.isPrivate(K.Where) &&
               !Function.isPrivate(P) &&
               (!ByType || mayAlias(A.Type, K.Type))) {
      return true;
    }
  }
  return A.Kind == AccessKind::Write && SizeOpaque && !Function.isPrivate(P);
}

bool PairEffects::isClear(const Stmt *S, bool WithTarget) const {
  StatementEffects Effects;
  Effects.scan(S);
  if (Effects.Opaque)
    return false;
  // A callee may reach whatever is not private.
  if (Effects.Calls &&
      ((WithTarget && !Function.isPrivate(Target)) || SizeShared))
    return false;
  return llvm::none_of(Effects.Accesses, [&](const Access &A) {
    return (WithTarget && touchesTarget(A)) || changesSize(A);
  });
}

bool PairEffects::isClearNullAssertion(const Stmt *S) const {
  StatementEffects Effects;
  Effects.scan(S);
  if (Effects.Opaque || Effects.Calls)
    return false;
  return llvm::none_of(Effects.Accesses, [&](const Access &A) {
    const Place &P = A.Where;
    bool ReadsPointer = A.Kind == AccessKind::Read && P.sameRoot(Target) &&
                        P.Indirect == Target.Indirect &&
                        P.First == Target.First &&
                        P.Second == Target.Second;
    return !ReadsPointer && (touchesTarget(A) || changesSize(A));
  });
}

bool PairEffects::keysUnchangedOver(
    llvm::ArrayRef<const Stmt *> Statements) const {
  return llvm::all_of(Statements, [&](const Stmt *S) {
    return !isa<LabelStmt, SwitchCase>(S) && isClear(S, /*WithTarget=*/false);
  });
}

//===----------------------------------------------------------------------===//
// The search
//===----------------------------------------------------------------------===//

/// Whether \p E names the pointer the allocation at \p Site stored.
static bool namesTarget(const AllocationSite &Site, const Expr *E) {
  if (!E)
    return false;
  if (Site.Var) {
    const auto *Ref = dyn_cast<DeclRefExpr>(stripLvalue(E));
    return Ref && Ref->getDecl() == Site.Var;
  }
  return Site.Assign && sameLvalue(Site.Assign->getLHS(), E);
}

/// \p Text without spaces, and without the parentheses that enclose all of
/// it.
static std::string bareText(StringRef Text) {
  std::string Out;
  for (char C : Text)
    if (!llvm::isSpace(C))
      Out += C;
  while (Out.size() >= 2 && Out.front() == '(' && Out.back() == ')') {
    int Depth = 0;
    size_t I = 0;
    for (; I + 1 < Out.size(); ++I) {
      Depth += Out[I] == '(' ? 1 : Out[I] == ')' ? -1 : 0;
      if (Depth == 0)
        break; // the first parenthesis closes before the end
    }
    if (I + 1 < Out.size())
      break;
    Out = Out.substr(1, Out.size() - 2);
  }
  return Out;
}

/// Whether an assertion's argument, as written, says that the pointer
/// stored at \p Site is not null: `p`, `p != NULL`, `NULL != p`, also with
/// 0, nullptr and parentheses.
static bool assertsNonNull(StringRef Argument, const AllocationSite &Site,
                           const ASTContext &Ctx) {
  std::string Pointer;
  if (Site.Var) {
    Pointer = Site.Var->getNameAsString();
  } else {
    CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Site.Assign->getLHS()->getSourceRange()),
        Ctx.getSourceManager(), Ctx.getLangOpts());
    if (Range.isInvalid())
      return false;
    Pointer = bareText(
        Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts()));
  }
  std::string Test = bareText(Argument);
  if (Pointer.empty() || Test == Pointer)
    return !Pointer.empty();
  size_t NotEqual = Test.find("!=");
  if (NotEqual == std::string::npos)
    return false;
  std::string Left = bareText(StringRef(Test).take_front(NotEqual));
  std::string Right = bareText(StringRef(Test).drop_front(NotEqual + 2));
  auto IsNull = [](StringRef T) {
    return T == "NULL" || T == "0" || T == "nullptr" || T == "(void*)0";
  };
  return (Left == Pointer && IsNull(Right)) ||
         (Right == Pointer && IsNull(Left));
}

namespace {
/// Reads the statements after an allocation, in order, for the zeroing.
class ZeroingSearch {
public:
  ZeroingSearch(ASTContext &Ctx, const AllocationSite &Site,
                const PairEffects &Effects, const GuardAnalysis &Flow)
      : Ctx(Ctx), Site(Site), Effects(Effects), Flow(Flow) {}

  /// `if (!p) return ...;`: only the path with a pointer goes on.
  bool isNullExit(const IfStmt *If) const {
    std::optional<bool> Null = nullTest(If->getCond());
    return Null && *Null && !If->getElse() && !If->getInit() &&
           !If->getConditionVariable() && Flow.thenBranchExits(If);
  }

  /// Reads the statements after the allocation.
  std::optional<ZeroingPair> find(const Expr *AllocSize);

private:
  enum class Step { Next, Found, Stop };
  Step visit(const Stmt *S, const Expr *AllocSize, ZeroingPair &Out);
  std::optional<Step> visitAssertion(const Stmt *S) const;
  Step visitNullGuarded(const IfStmt *If, const Expr *AllocSize,
                        ZeroingPair &Out);
  Step visitSequence(llvm::ArrayRef<const Stmt *> Statements,
                     const Expr *AllocSize, ZeroingPair &Out);
  /// True when the condition holds for a null pointer, false when it holds
  /// for a non-null one; nothing when it is not a null test.
  std::optional<bool> nullTest(const Expr *Cond) const;
  bool exactZeroing(const Zeroing &Z, const Expr *AllocSize) const;

  ASTContext &Ctx;
  const AllocationSite &Site;
  const PairEffects &Effects;
  const GuardAnalysis &Flow;
};
} // namespace

std::optional<bool> ZeroingSearch::nullTest(const Expr *Cond) const {
  const Expr *E = Cond->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    StringRef Name = calleeName(Call);
    if ((Name == "__builtin_expect" ||
         Name == "__builtin_expect_with_probability") &&
        Call->getNumArgs() >= 1)
      return nullTest(Call->getArg(0));
    return std::nullopt;
  }
  if (const auto *Not = dyn_cast<UnaryOperator>(E);
      Not && Not->getOpcode() == UO_LNot) {
    std::optional<bool> Inner = nullTest(Not->getSubExpr());
    return Inner ? std::optional<bool>(!*Inner) : std::nullopt;
  }
  auto IsPointer = [&](const Expr *X) {
    // Through casts to other pointer types (`(void *)p == (void *)0`):
    // they keep a null pointer null.
    X = X->IgnoreParenImpCasts();
    while (const auto *Cast = dyn_cast<ExplicitCastExpr>(X)) {
      if (!Cast->getType()->isPointerType() ||
          !Cast->getSubExpr()->getType()->isPointerType())
        break;
      X = Cast->getSubExpr()->IgnoreParenImpCasts();
    }
    return X == Site.Assign || namesTarget(Site, X);
  };
  if (const auto *Cmp = dyn_cast<BinaryOperator>(E);
      Cmp && (Cmp->getOpcode() == BO_EQ || Cmp->getOpcode() == BO_NE)) {
    for (int Side = 0; Side < 2; ++Side) {
      const Expr *Mine = Side ? Cmp->getRHS() : Cmp->getLHS();
      const Expr *Other = Side ? Cmp->getLHS() : Cmp->getRHS();
      if (IsPointer(Mine) &&
          Other->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
        return Cmp->getOpcode() == BO_EQ;
    }
    return std::nullopt;
  }
  if (IsPointer(E))
    return false;
  return std::nullopt;
}

bool ZeroingSearch::exactZeroing(const Zeroing &Z,
                                 const Expr *AllocSize) const {
  if (Z.Fill) {
    std::optional<llvm::APSInt> Fill = constantValue(Z.Fill, Ctx);
    if (!Fill || !Fill->isZero())
      return false;
  }
  return !hasSideEffects(Z.Size, Ctx) && sameValue(AllocSize, Z.Size, Ctx);
}

ZeroingSearch::Step
ZeroingSearch::visitSequence(llvm::ArrayRef<const Stmt *> Statements,
                             const Expr *AllocSize, ZeroingPair &Out) {
  for (const Stmt *S : Statements) {
    Step R = visit(S, AllocSize, Out);
    if (R != Step::Next)
      return R;
  }
  return Step::Next;
}

/// `if (p) memset(...);` and `if (p != NULL) { ...; memset(...); }`.
ZeroingSearch::Step ZeroingSearch::visitNullGuarded(const IfStmt *If,
                                                    const Expr *AllocSize,
                                                    ZeroingPair &Out) {
  const Stmt *Then = If->getThen();
  llvm::SmallVector<const Stmt *, 8> Body;
  if (const auto *Block = dyn_cast<CompoundStmt>(Then))
    Body.append(Block->body_begin(), Block->body_end());
  else
    Body.push_back(Then);
  if (visitSequence(Body, AllocSize, Out) != Step::Found)
    return Step::Stop;
  if (Body.size() == 1)
    Out.Remove = If;
  return Step::Found;
}

/// `assert(p)`: with NDEBUG nothing, without it an exit when the pointer is
/// null; either way only the pointer's value is read. Another assertion
/// whose argument this configuration does not compile stops the search:
/// what it does without NDEBUG is not known. Nothing for other statements.
std::optional<ZeroingSearch::Step>
ZeroingSearch::visitAssertion(const Stmt *S) const {
  std::optional<Assertion> A = assertionAt(S, Ctx);
  if (!A)
    return std::nullopt;
  if (assertsNonNull(A->Argument, Site, Ctx))
    return Effects.isClearNullAssertion(S) ? Step::Next : Step::Stop;
  if (!A->Evaluated)
    return Step::Stop;
  return std::nullopt;
}

ZeroingSearch::Step ZeroingSearch::visit(const Stmt *S, const Expr *AllocSize,
                                         ZeroingPair &Out) {
  // Another way in would skip the allocation.
  if (isa<LabelStmt, SwitchCase>(S))
    return Step::Stop;
  if (std::optional<Zeroing> Z = asZeroing(S);
      Z && namesTarget(Site, passedLvalue(Z->Pointer))) {
    if (!exactZeroing(*Z, AllocSize))
      return Step::Stop;
    Out.Zero = *Z;
    Out.Remove = S;
    return Step::Found;
  }
  if (const auto *If = dyn_cast<IfStmt>(S);
      If && If->getCond() && !If->getInit() && !If->getConditionVariable()) {
    if (isNullExit(If))
      return Step::Next;
    std::optional<bool> Null = nullTest(If->getCond());
    if (Null && !*Null && !If->getElse())
      return visitNullGuarded(If, AllocSize, Out);
  }
  if (std::optional<Step> AfterAssertion = visitAssertion(S))
    return *AfterAssertion;
  return Effects.isClear(S, /*WithTarget=*/true) ? Step::Next : Step::Stop;
}

std::optional<ZeroingPair> ZeroingSearch::find(const Expr *AllocSize) {
  llvm::ArrayRef<const Stmt *> Body(Site.Block->body_begin(),
                                    Site.Block->body_end());
  ZeroingPair Out;
  if (visitSequence(Body.drop_front(Site.Index + 1), AllocSize, Out) !=
      Step::Found)
    return std::nullopt;
  return Out;
}

const Expr *zeroedSize(const CallExpr *Call) {
  std::optional<Zeroing> Z = asZeroing(Call);
  return Z ? Z->Size : nullptr;
}

bool mayBeZeroedLater(const AllocationSite &Site) {
  llvm::ArrayRef<const Stmt *> Body(Site.Block->body_begin(),
                                    Site.Block->body_end());
  for (const Stmt *S : Body.drop_front(Site.Index + 1)) {
    llvm::SmallVector<const Stmt *, 4> Candidates{S};
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (const auto *Block = dyn_cast<CompoundStmt>(If->getThen()))
        Candidates.append(Block->body_begin(), Block->body_end());
      else
        Candidates.push_back(If->getThen());
    }
    for (const Stmt *C : Candidates)
      if (std::optional<Zeroing> Z = asZeroing(C);
          Z && namesTarget(Site, passedLvalue(Z->Pointer)))
        return true;
  }
  return false;
}

std::optional<ZeroingPair>
findZeroingPair(const CallExpr *Call, unsigned SizeArg,
                const AllocationSite &Site, const FunctionEffects &Function,
                const GuardAnalysis &Flow, ASTContext &Ctx) {
  PairEffects Effects(Site.Target, Function);
  ZeroingSearch Search(Ctx, Site, Effects, Flow);
  if (const auto *If = dyn_cast<IfStmt>(Site.Statement);
      If && !Search.isNullExit(If))
    return std::nullopt;
  // The other arguments (realloc's pointer, flags) must not involve the
  // pointer, and the size must not depend on the pointer it replaces.
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (I == SizeArg)
      continue;
    StatementEffects Argument;
    Argument.scan(Call->getArg(I));
    for (const Access &A : Argument.Accesses)
      if (A.Where.sameRoot(Site.Target))
        return std::nullopt;
  }
  const Expr *Size = Call->getArg(SizeArg);
  QualType Stored =
      Site.Var ? Site.Var->getType() : Site.Assign->getLHS()->getType();
  if (!Effects.setSize(Size, Ctx) || Effects.storeChangesSize(Stored) ||
      (Site.Assign && !Effects.followIndexes(Site.Assign->getLHS())))
    return std::nullopt;
  return Search.find(Size);
}

const BinaryOperator *productHeldBy(const VarDecl *Var, const Expr *Definition,
                                    const AllocationSite &Site,
                                    const FunctionEffects &Function,
                                    ASTContext &Ctx) {
  Place VarPlace;
  VarPlace.Root = Var;
  if (!Definition || !Var->getType()->isIntegerType() ||
      !Function.isPrivate(VarPlace) || isa<ParmVarDecl>(Var))
    return nullptr;
  // The statement of the block that defines it.
  llvm::ArrayRef<const Stmt *> Before(Site.Block->body_begin(),
                                      Site.Block->body_begin() + Site.Index);
  const auto *Defining = llvm::find_if(Before, [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      return llvm::is_contained(DS->decls(), Var) &&
             Var->getInit() == Definition;
    const auto *Assign = dyn_cast<BinaryOperator>(S);
    return Assign && Assign->getOpcode() == BO_Assign &&
           Assign->getRHS() == Definition;
  });
  if (Defining == Before.end())
    return nullptr;
  const auto *Product =
      dyn_cast<BinaryOperator>(Definition->IgnoreParenImpCasts());
  PairEffects Effects(Site.Target, Function);
  if (!Product || Product->getOpcode() != BO_Mul ||
      hasSideEffects(Product, Ctx) || !Effects.setSize(Product, Ctx))
    return nullptr;
  Effects.addKey(VarPlace, Var->getType());
  return Effects.keysUnchangedOver(
             Before.drop_front(Defining - Before.begin() + 1))
             ? Product
             : nullptr;
}

} // namespace clang::tidy::calloc
