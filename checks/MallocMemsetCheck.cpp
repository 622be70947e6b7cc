//===--- MallocMemsetCheck.cpp --------------------------------------------===//
//
// The check reads the statements that follow an allocation in its block:
//   1. where the pointer goes: from the call up through casts to the
//      declaration or assignment that stores it (a local, a field, `*out`);
//   2. the statements after it, in order, until the zeroing call of the same
//      pointer, stepping over null checks and into `if (p) { ... }`;
//   3. every statement in between, whose reads, writes, escapes and calls
//      must leave the pointer, its memory and the size's operands alone;
//   4. the edits: the allocation becomes its zeroing counterpart, and the
//      zeroing statement goes, with its line when it stood alone.
// Nothing runs for a function until it contains a candidate allocation.
//
//===----------------------------------------------------------------------===//

#include "MallocMemsetCheck.h"
#include "CallocRewrite.h"
#include "OverflowGuards.h"
#include "SizeExpressions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <optional>

using namespace clang::ast_matchers;

namespace clang::tidy::calloc {
namespace {

//===----------------------------------------------------------------------===//
// Places: what storage an lvalue names.
//===----------------------------------------------------------------------===//

/// The storage an lvalue names, as precisely as a reading of one statement
/// can tell: a variable, or the memory a pointer variable (or `this`) points
/// to, narrowed to the first field selected from it. Anything else is
/// unknown.
struct Place {
  const VarDecl *Root = nullptr;
  bool IsThis = false;
  /// The memory Root points to, rather than the variable Root.
  bool Indirect = false;
  /// The first field selected from the root; null for all of it.
  const FieldDecl *First = nullptr;

  bool known() const { return Root || IsThis; }
};

bool sameRoot(const Place &A, const Place &B) {
  return A.known() && B.known() && A.IsThis == B.IsThis && A.Root == B.Root;
}

/// For two places with the same root: may they share storage?
bool overlapsSameRoot(const Place &A, const Place &B) {
  return A.Indirect == B.Indirect &&
         (!A.First || !B.First || A.First == B.First);
}

/// Strips what does not change which object an lvalue names.
const Expr *stripLvalue(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
    if (!Cast)
      return E;
    CastKind K = Cast->getCastKind();
    if (K != CK_NoOp && K != CK_DerivedToBase &&
        K != CK_UncheckedDerivedToBase)
      return E;
    E = Cast->getSubExpr();
  }
}

Place placeOf(const Expr *E);

/// The place a pointer value points into: `p` gives p's memory, `arr`
/// (decayed) gives the array itself, `this` the object.
Place pointeeOf(const Expr *Pointer) {
  const Expr *E = Pointer;
  while (true) {
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      switch (Cast->getCastKind()) {
      case CK_NoOp:
      case CK_BitCast:
        E = Cast->getSubExpr();
        continue;
      case CK_ArrayToPointerDecay:
        return placeOf(Cast->getSubExpr());
      case CK_LValueToRValue: {
        const Expr *Var = stripLvalue(Cast->getSubExpr());
        const auto *Ref = dyn_cast<DeclRefExpr>(Var);
        const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
        Place P;
        if (VD && !VD->getType()->isReferenceType()) {
          P.Root = VD;
          P.Indirect = true;
        }
        return P;
      }
      default:
        return {};
      }
    }
    Place P;
    if (isa<CXXThisExpr>(E)) {
      P.IsThis = true;
      P.Indirect = true;
    } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      // A pointer named in a template, where no conversion is spelled out.
      const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
      if (VD && !VD->getType()->isReferenceType() &&
          E->isInstantiationDependent()) {
        P.Root = VD;
        P.Indirect = true;
      }
    }
    return P;
  }
}

Place placeOf(const Expr *E) {
  E = stripLvalue(E);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    Place P;
    // A reference may name anything: it stays unknown.
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && !VD->getType()->isReferenceType())
      P.Root = VD;
    return P;
  }
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    if (const auto *Static = dyn_cast<VarDecl>(Member->getMemberDecl())) {
      Place P;
      P.Root = Static;
      return P;
    }
    Place P = Member->isArrow() ? pointeeOf(Member->getBase())
                                : placeOf(Member->getBase());
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (P.known() && Field && !P.First && !Field->getParent()->isUnion())
      P.First = Field;
    return P;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E);
      Unary && Unary->getOpcode() == UO_Deref)
    return pointeeOf(Unary->getSubExpr());
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
    return pointeeOf(Subscript->getBase());
  return {};
}

bool sameLvalue(const Expr *A, const Expr *B);

/// The same pointer value: `this`, or the same lvalue read.
bool samePointer(const Expr *A, const Expr *B) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(A) && isa<CXXThisExpr>(B))
    return true;
  return isa<DeclRefExpr, MemberExpr>(A) && isa<DeclRefExpr, MemberExpr>(B) &&
         sameLvalue(A, B);
}

/// The same object, spelled as a variable, a field chain, or `*ptr`.
bool sameLvalue(const Expr *A, const Expr *B) {
  A = stripLvalue(A);
  B = stripLvalue(B);
  if (const auto *RA = dyn_cast<DeclRefExpr>(A)) {
    const auto *RB = dyn_cast<DeclRefExpr>(B);
    return RB && isa<VarDecl>(RA->getDecl()) &&
           RA->getDecl()->getCanonicalDecl() ==
               RB->getDecl()->getCanonicalDecl();
  }
  if (const auto *MA = dyn_cast<MemberExpr>(A)) {
    const auto *MB = dyn_cast<MemberExpr>(B);
    if (!MB || MA->isArrow() != MB->isArrow() ||
        MA->getMemberDecl()->getCanonicalDecl() !=
            MB->getMemberDecl()->getCanonicalDecl() ||
        !isa<FieldDecl>(MA->getMemberDecl()))
      return false;
    return MA->isArrow() ? samePointer(MA->getBase(), MB->getBase())
                         : sameLvalue(MA->getBase(), MB->getBase());
  }
  const auto *UA = dyn_cast<UnaryOperator>(A);
  const auto *UB = dyn_cast<UnaryOperator>(B);
  return UA && UB && UA->getOpcode() == UO_Deref &&
         UB->getOpcode() == UO_Deref &&
         samePointer(UA->getSubExpr(), UB->getSubExpr());
}

/// Whether a store or a load of this type can hold a pointer: a pointer, a
/// character type (which may alias anything), an aggregate, or a type not
/// known yet. Plain numbers cannot, under the aliasing rules.
bool mayHoldPointer(QualType T) {
  if (T.isNull() || T->isDependentType())
    return true;
  T = T.getCanonicalType();
  if (T->isCharType() || T->isChar8Type() || T->isStdByteType())
    return true;
  return !(T->isIntegralOrEnumerationType() || T->isRealFloatingType() ||
           T->isAnyComplexType());
}

//===----------------------------------------------------------------------===//
// Accesses: what one statement reads, writes, lets escape and calls.
//===----------------------------------------------------------------------===//

enum class AccessKind { Read, Write, Escape };

struct Access {
  Place Where;
  AccessKind Kind;
  QualType Type;
};

/// Collects the accesses of a statement: an lvalue read, an lvalue stored
/// to, an lvalue whose address (or reference) is taken, and whether the
/// statement calls anything that may return. Code that is not evaluated
/// (sizeof, noexcept) is skipped; constructs whose effect is not modelled
/// (inline assembly, labels that can be jumped to) make it opaque.
class AccessScanner {
public:
  void scan(const Stmt *S);

  llvm::SmallVector<Access, 8> Accesses;
  bool Calls = false;
  bool Opaque = false;
  /// Code that did not compile: it may have meant anything.
  bool Errors = false;

private:
  void lvalue(const Expr *E, AccessKind Kind);
  void bases(const Expr *E);
  void record(const Expr *E, AccessKind Kind) {
    Accesses.push_back({placeOf(E), Kind, E->getType()});
  }
  unsigned SwitchDepth = 0;
};

/// Builtins that only inform the optimizer; they call nothing.
bool isHintBuiltin(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return false;
  StringRef Name = FD->getName();
  return Name == "__builtin_expect" ||
         Name == "__builtin_expect_with_probability" ||
         Name == "__builtin_assume" || Name == "__builtin_constant_p" ||
         Name == "__builtin_unreachable";
}

void AccessScanner::lvalue(const Expr *E, AccessKind Kind) {
  E = stripLvalue(E);
  if (isa<StringLiteral, PredefinedExpr>(E))
    return;
  record(E, Kind);
  bases(E);
}

/// Scans the parts of an lvalue that are evaluated to find it: the pointer
/// of `p->f` and `*p`, the index of `a[i]`.
void AccessScanner::bases(const Expr *E) {
  E = stripLvalue(E);
  if (isa<DeclRefExpr>(E))
    return;
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const Expr *Base = stripLvalue(Member->getBase());
    if (Member->isArrow() || !isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr,
                                  UnaryOperator>(Base))
      scan(Member->getBase());
    else
      bases(Base);
    return;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E);
      Unary && Unary->getOpcode() == UO_Deref) {
    scan(Unary->getSubExpr());
    return;
  }
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = Subscript->getBase()->IgnoreParens();
    const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
    if (Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
      bases(Decay->getSubExpr());
    else
      scan(Subscript->getBase());
    scan(Subscript->getIdx());
    return;
  }
  // Some other lvalue: a call, a conditional, a compound literal.
  for (const Stmt *Child : E->children())
    scan(Child);
}

void AccessScanner::scan(const Stmt *S) {
  if (!S)
    return;
  if (isa<LabelStmt, AsmStmt>(S))
    Opaque = true;
  if (isa<SwitchCase>(S) && SwitchDepth == 0)
    Opaque = true;
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    scan(Switch->getInit());
    scan(Switch->getConditionVariableDeclStmt());
    scan(Switch->getCond());
    ++SwitchDepth;
    scan(Switch->getBody());
    --SwitchDepth;
    return;
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E) {
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (D->isInvalidDecl())
          Opaque = Errors = true;
    for (const Stmt *Child : S->children())
      scan(Child);
    return;
  }
  if (E->containsErrors())
    Opaque = Errors = true;

  // Not evaluated.
  if (const auto *Trait = dyn_cast<UnaryExprOrTypeTraitExpr>(E);
      Trait && !Trait->getTypeOfArgument()->isVariablyModifiedType())
    return;
  if (isa<CXXNoexceptExpr>(E))
    return;
  if (const auto *TypeId = dyn_cast<CXXTypeidExpr>(E);
      TypeId && !TypeId->isPotentiallyEvaluated())
    return;
  if (const auto *Generic = dyn_cast<GenericSelectionExpr>(E);
      Generic && !Generic->isResultDependent()) {
    scan(Generic->getResultExpr());
    return;
  }

  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      return lvalue(Cast->getSubExpr(), AccessKind::Read);
    if (Cast->getCastKind() == CK_ArrayToPointerDecay)
      return lvalue(Cast->getSubExpr(), AccessKind::Escape);
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(E);
      Binary && Binary->isAssignmentOp()) {
    if (Binary->isCompoundAssignmentOp())
      record(stripLvalue(Binary->getLHS()), AccessKind::Read);
    lvalue(Binary->getLHS(), AccessKind::Write);
    scan(Binary->getRHS());
    return;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E)) {
    if (Unary->isIncrementDecrementOp()) {
      record(stripLvalue(Unary->getSubExpr()), AccessKind::Read);
      return lvalue(Unary->getSubExpr(), AccessKind::Write);
    }
    if (Unary->getOpcode() == UO_AddrOf)
      return lvalue(Unary->getSubExpr(), AccessKind::Escape);
  }
  // An lvalue used in any other way (bound to a reference, passed to a
  // member function as `this`): it escapes.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E);
      Ref && !isa<VarDecl>(Ref->getDecl()))
    return; // a function, an enumerator
  if (E->isGLValue() &&
      (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(E) ||
       (isa<UnaryOperator>(E) &&
        cast<UnaryOperator>(E)->getOpcode() == UO_Deref)))
    return lvalue(E, AccessKind::Escape);
  if (const auto *Block = dyn_cast<BlockExpr>(E)) {
    // A block captures variables by address; its body runs later.
    for (const BlockDecl::Capture &Capture :
         Block->getBlockDecl()->captures()) {
      Place P;
      P.Root = Capture.getVariable();
      Accesses.push_back({P, AccessKind::Escape, QualType()});
    }
    Calls = true;
    return;
  }

  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    // A call that does not return cannot affect what comes after it.
    if (!(Callee && (Callee->isNoReturn() || isHintBuiltin(Callee))))
      Calls = true;
  } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (!Ctor || !Ctor->isTrivial())
      Calls = true;
  } else if (isa<CXXNewExpr, CXXDeleteExpr, CXXThrowExpr, CXXBindTemporaryExpr,
                 CXXUnresolvedConstructExpr, CXXDependentScopeMemberExpr,
                 UnresolvedMemberExpr, CXXPseudoDestructorExpr>(E)) {
    Calls = true;
  } else if (const auto *Value = dyn_cast<OpaqueValueExpr>(E)) {
    // Its source is not among its children.
    scan(Value->getSourceExpr());
    return;
  } else if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E)) {
    scan(Default->getExpr());
    return;
  } else if (const auto *DefaultInit = dyn_cast<CXXDefaultInitExpr>(E)) {
    scan(DefaultInit->getExpr());
    return;
  }
  for (const Stmt *Child : E->children())
    scan(Child);
}

/// Side effects, also in a template, where clang assumes them for any
/// dependent expression.
bool hasSideEffects(const Expr *E, const ASTContext &Ctx) {
  if (!E->isInstantiationDependent())
    return E->HasSideEffects(Ctx);
  AccessScanner Scanner;
  Scanner.scan(E);
  return Scanner.Calls || Scanner.Opaque ||
         llvm::any_of(Scanner.Accesses, [](const Access &A) {
           return A.Kind == AccessKind::Write;
         });
}

//===----------------------------------------------------------------------===//
// Sizes: when the zeroed byte count is the allocated one.
//===----------------------------------------------------------------------===//

std::optional<llvm::APSInt> constantValue(const Expr *E,
                                          const ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult Result;
  if (E->HasSideEffects(Ctx) || !E->EvaluateAsInt(Result, Ctx))
    return std::nullopt;
  return Result.Val.getInt();
}

/// Strips parentheses and the casts that do not change a value.
const Expr *stripValue(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *Cast = dyn_cast<CastExpr>(E);
    if (!Cast || (Cast->getCastKind() != CK_NoOp &&
                  Cast->getCastKind() != CK_LValueToRValue))
      return E;
    E = Cast->getSubExpr();
  }
}

bool sameValue(const Expr *A, const Expr *B, const ASTContext &Ctx);

/// The type a sizeof measures. For `sizeof(*p)` with `T *p` in a template,
/// T, which older clangs do not give the dereference itself.
QualType measuredType(const UnaryExprOrTypeTraitExpr *E) {
  if (!E->isArgumentType())
    if (const auto *Deref =
            dyn_cast<UnaryOperator>(E->getArgumentExpr()->IgnoreParens());
        Deref && Deref->getOpcode() == UO_Deref)
      if (const auto *Pointer = Deref->getSubExpr()
                                    ->IgnoreParenImpCasts()
                                    ->getType()
                                    ->getAs<PointerType>())
        return Pointer->getPointeeType();
  return E->getTypeOfArgument();
}

/// The factors of a chain of multiplications computed in one type.
void collectFactors(const Expr *E, QualType Type,
                    llvm::SmallVectorImpl<const Expr *> &Out) {
  const Expr *Bare = stripValue(E);
  if (const auto *Mul = dyn_cast<BinaryOperator>(Bare);
      Mul && Mul->getOpcode() == BO_Mul &&
      Mul->getType().getCanonicalType() == Type.getCanonicalType()) {
    collectFactors(Mul->getLHS(), Type, Out);
    collectFactors(Mul->getRHS(), Type, Out);
    return;
  }
  Out.push_back(Bare);
}

/// `a * b * c` against any order of the same factors, when every
/// multiplication happens in the same type (so the order cannot change
/// where a result wraps).
bool sameProduct(const BinaryOperator *A, const BinaryOperator *B,
                 const ASTContext &Ctx) {
  QualType Type = A->getType();
  if (Type.getCanonicalType() != B->getType().getCanonicalType())
    return false;
  llvm::SmallVector<const Expr *, 4> FA, FB;
  collectFactors(A, Type, FA);
  collectFactors(B, Type, FB);
  if (FA.size() != FB.size())
    return false;
  llvm::SmallVector<bool, 4> Used(FB.size(), false);
  for (const Expr *F : FA) {
    bool Matched = false;
    for (size_t I = 0; I < FB.size() && !Matched; ++I)
      if (!Used[I] && sameValue(F, FB[I], Ctx))
        Used[I] = Matched = true;
    if (!Matched)
      return false;
  }
  return true;
}

/// Whether two side-effect-free expressions, evaluated with the same
/// values of their operands, give the same value: equal constants, or the
/// same expression up to parentheses, no-op casts, and the order of the
/// factors of a product or the operands of a sum.
bool sameValue(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  std::optional<llvm::APSInt> CA = constantValue(A, Ctx);
  std::optional<llvm::APSInt> CB = constantValue(B, Ctx);
  if (CA || CB)
    return CA && CB && llvm::APSInt::isSameValue(*CA, *CB);
  A = stripValue(A);
  B = stripValue(B);
  if (A->getStmtClass() != B->getStmtClass() &&
      !(isa<CastExpr>(A) && isa<CastExpr>(B)))
    return false;

  if (const auto *Cast = dyn_cast<CastExpr>(A)) {
    const auto *Other = cast<CastExpr>(B);
    return Cast->getCastKind() == Other->getCastKind() &&
           Cast->getType().getCanonicalType() ==
               Other->getType().getCanonicalType() &&
           sameValue(Cast->getSubExpr(), Other->getSubExpr(), Ctx);
  }
  if (const auto *BA = dyn_cast<BinaryOperator>(A)) {
    const auto *BB = cast<BinaryOperator>(B);
    if (BA->getOpcode() != BB->getOpcode() || BA->isAssignmentOp())
      return false;
    if (BA->getOpcode() == BO_Mul)
      return sameProduct(BA, BB, Ctx);
    if (sameValue(BA->getLHS(), BB->getLHS(), Ctx) &&
        sameValue(BA->getRHS(), BB->getRHS(), Ctx))
      return true;
    return BA->getOpcode() == BO_Add &&
           sameValue(BA->getLHS(), BB->getRHS(), Ctx) &&
           sameValue(BA->getRHS(), BB->getLHS(), Ctx);
  }
  if (const auto *UA = dyn_cast<UnaryOperator>(A)) {
    const auto *UB = cast<UnaryOperator>(B);
    return UA->getOpcode() == UB->getOpcode() &&
           !UA->isIncrementDecrementOp() &&
           sameValue(UA->getSubExpr(), UB->getSubExpr(), Ctx);
  }
  if (isa<DeclRefExpr, MemberExpr>(A))
    return sameLvalue(A, B);
  if (const auto *TA = dyn_cast<UnaryExprOrTypeTraitExpr>(A)) {
    // Only in templates: sizeof(T) against sizeof(T), or sizeof(*p).
    const auto *TB = cast<UnaryExprOrTypeTraitExpr>(B);
    QualType QA = measuredType(TA), QB = measuredType(TB);
    return TA->getKind() == TB->getKind() && !QA->isVariablyModifiedType() &&
           !QB->isVariablyModifiedType() &&
           QA.getCanonicalType().getUnqualifiedType() ==
               QB.getCanonicalType().getUnqualifiedType();
  }
  if (const auto *CallA = dyn_cast<CallExpr>(A)) {
    const auto *CallB = cast<CallExpr>(B);
    const FunctionDecl *F = CallA->getDirectCallee();
    if (!F || F != CallB->getDirectCallee() ||
        CallA->getNumArgs() != CallB->getNumArgs())
      return false;
    for (unsigned I = 0; I < CallA->getNumArgs(); ++I)
      if (!sameValue(CallA->getArg(I), CallB->getArg(I), Ctx))
        return false;
    return true;
  }
  if (isa<CXXThisExpr>(A))
    return true;
  return false;
}

//===----------------------------------------------------------------------===//
// The statements around the pair: zeroing calls, null checks, exits.
//===----------------------------------------------------------------------===//

/// A function declared at namespace scope (global, `std`, `extern "C"`).
bool isNamespaceScope(const NamedDecl *D) {
  const DeclContext *DC = D->getDeclContext()->getRedeclContext();
  if (DC->isTranslationUnit())
    return true;
  const auto *NS = dyn_cast<NamespaceDecl>(DC);
  return NS && NS->isStdNamespace();
}

/// The name a call is made by, when it is a function at namespace scope;
/// in a template, the name of the candidates not resolved yet.
StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD->getIdentifier() && isNamespaceScope(FD) ? FD->getName()
                                                       : StringRef();
  const auto *Lookup =
      dyn_cast<UnresolvedLookupExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (!Lookup || !Lookup->getName().isIdentifier() || Lookup->decls().empty())
    return {};
  for (const NamedDecl *D : Lookup->decls())
    if (!isa<FunctionDecl>(D->getUnderlyingDecl()) ||
        !isNamespaceScope(D->getUnderlyingDecl()))
      return {};
  return Lookup->getName().getAsIdentifierInfo()->getName();
}

/// A statement that is only a call to memset or bzero.
struct Zeroing {
  const CallExpr *Call = nullptr;
  StringRef Name;
  const Expr *Pointer = nullptr;
  const Expr *Fill = nullptr; // null for bzero
  const Expr *Size = nullptr;
};

std::optional<Zeroing> asZeroing(const Stmt *S) {
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
const Expr *passedLvalue(const Expr *Arg) {
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

/// A statement after which control never reaches the next statement.
bool neverFallsThrough(const Stmt *S, const ASTContext &Ctx);

/// Whether \p S contains a `break` or `continue` that leaves the loop
/// whose body it is.
bool leavesLoop(const Stmt *S, bool InSwitch) {
  if (!S)
    return false;
  if (isa<BreakStmt>(S))
    return !InSwitch;
  if (isa<ContinueStmt>(S))
    return true;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
    return false;
  bool Switch = InSwitch || isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (leavesLoop(Child, Switch))
      return true;
  return false;
}

bool neverFallsThrough(const Stmt *S, const ASTContext &Ctx) {
  if (!S)
    return false;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, BreakStmt, ContinueStmt>(S))
    return true;
  if (const auto *Label = dyn_cast<LabelStmt>(S))
    return neverFallsThrough(Label->getSubStmt(), Ctx);
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
    return neverFallsThrough(Attributed->getSubStmt(), Ctx);
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && neverFallsThrough(Block->body_back(), Ctx);
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getElse() && neverFallsThrough(If->getThen(), Ctx) &&
           neverFallsThrough(If->getElse(), Ctx);
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    // do { ...; return; } while (0), the body of many macros.
    std::optional<llvm::APSInt> Cond = constantValue(Do->getCond(), Ctx);
    return Cond && Cond->isZero() && neverFallsThrough(Do->getBody(), Ctx) &&
           !leavesLoop(Do->getBody(), false);
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
      E = Cleanups->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
        Cast && Cast->getCastKind() == CK_ToVoid)
      E = Cast->getSubExpr()->IgnoreParenImpCasts();
    if (isa<CXXThrowExpr>(E))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        return Callee->isNoReturn();
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Removing a statement, with its line when it stood alone.
//===----------------------------------------------------------------------===//

bool isBlank(StringRef Line) {
  return Line.find_first_not_of(" \t\r\n\f\v") == StringRef::npos;
}

/// The offset past spaces and comments from \p Pos.
size_t skipSpaceAndComments(StringRef Data, size_t Pos) {
  while (Pos < Data.size()) {
    if (StringRef(" \t\r\n\f\v").contains(Data[Pos])) {
      ++Pos;
    } else if (Data.substr(Pos).starts_with("//")) {
      Pos = Data.find('\n', Pos);
      if (Pos == StringRef::npos)
        return Data.size();
    } else if (Data.substr(Pos).starts_with("/*")) {
      size_t Close = Data.find("*/", Pos + 2);
      if (Close == StringRef::npos)
        return Data.size();
      Pos = Close + 2;
    } else {
      break;
    }
  }
  return Pos;
}

size_t lineStart(StringRef Data, size_t Pos) {
  while (Pos > 0 && Data[Pos - 1] != '\n')
    --Pos;
  return Pos;
}

/// Offset just past the newline that ends the line containing \p Pos.
size_t nextLineStart(StringRef Data, size_t Pos) {
  size_t Newline = Data.find('\n', Pos);
  return Newline == StringRef::npos ? Data.size() : Newline + 1;
}

struct FileSpan {
  FileID File;
  size_t Begin = 0, End = 0;
};

/// The file offsets of \p S including its semicolon, when all of it is
/// written in one file outside macros.
std::optional<FileSpan> statementSpan(const Stmt *S, const ASTContext &Ctx,
                                      StringRef &Data, std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = S->getBeginLoc(), E = S->getEndLoc();
  WhyNot = "the zeroing call is written inside a macro";
  if (B.isInvalid() || E.isInvalid() || !B.isFileID() || !E.isFileID())
    return std::nullopt;
  auto [File, Begin] = SM.getDecomposedLoc(B);
  auto [EndFile, EndTok] = SM.getDecomposedLoc(E);
  if (File != EndFile || EndTok < Begin)
    return std::nullopt;
  bool Invalid = false;
  Data = SM.getBufferData(File, &Invalid);
  if (Invalid || EndTok >= Data.size())
    return std::nullopt;
  size_t End = EndTok + Lexer::MeasureTokenLength(E, SM, Ctx.getLangOpts());
  if (Data[EndTok] != '}') {
    End = skipSpaceAndComments(Data, End);
    if (End >= Data.size() || Data[End] != ';') {
      WhyNot = "the zeroing statement does not end in ';'";
      return std::nullopt;
    }
    ++End;
  }
  WhyNot.clear();
  return FileSpan{File, Begin, End};
}

/// Removes \p S: the whole line when nothing else is on it (a comment
/// after it goes too), otherwise the statement and the spaces that set it
/// apart. A blank line that would end up doubled, or next to a brace, goes
/// as well.
std::optional<FixItHint> removeStatement(const Stmt *S, const ASTContext &Ctx,
                                         FileSpan &Removed,
                                         std::string &WhyNot) {
  StringRef Data;
  std::optional<FileSpan> Span = statementSpan(S, Ctx, Data, WhyNot);
  if (!Span)
    return std::nullopt;
  size_t Begin = Span->Begin, End = Span->End;
  size_t LineBegin = lineStart(Data, Begin);
  // Spaces and comments only, such as a lint annotation for the call.
  bool AloneBefore = skipSpaceAndComments(Data.slice(0, Begin), LineBegin) ==
                     Begin;
  size_t After = End;
  while (After < Data.size() && (Data[After] == ' ' || Data[After] == '\t'))
    ++After;
  if (Data.substr(After).starts_with("//")) {
    After = Data.find('\n', After);
    if (After == StringRef::npos)
      After = Data.size();
  } else if (Data.substr(After).starts_with("/*")) {
    size_t Close = Data.find("*/", After + 2);
    if (Close != StringRef::npos &&
        Data.slice(After, Close).find('\n') == StringRef::npos) {
      After = Close + 2;
      while (After < Data.size() && (Data[After] == ' ' || Data[After] == '\t'))
        ++After;
    }
  }
  bool AloneAfter = After == Data.size() || Data[After] == '\n' ||
                    Data.substr(After).starts_with("\r\n");

  if (AloneBefore && AloneAfter && LineBegin > 0) {
    // From the newline before the line to the one that ends it, so that
    // the edit never ends right before a space: clang's fix-it merging
    // would take that space too.
    auto NewlineBefore = [&](size_t Line) {
      return Line >= 2 && Data[Line - 2] == '\r' ? Line - 2 : Line - 1;
    };
    Begin = NewlineBefore(LineBegin);
    End = After;
    size_t Next = nextLineStart(Data, After);
    size_t PrevBegin = lineStart(Data, Begin);
    StringRef Prev = Data.slice(PrevBegin, Begin);
    StringRef NextLine = Data.slice(Next, nextLineStart(Data, Next));
    bool HasNext = Next < Data.size();
    bool PrevBlank = PrevBegin > 0 && isBlank(Prev);
    bool NextBlank = HasNext && isBlank(NextLine);
    bool PrevOpens = Prev.rtrim().ends_with("{");
    bool NextCloses = HasNext && NextLine.ltrim().starts_with("}");
    if (PrevBlank && (NextBlank || NextCloses)) {
      Begin = NewlineBefore(PrevBegin);
    } else if (NextBlank && PrevOpens) {
      size_t Ending = Data.find('\n', Next);
      End = Ending == StringRef::npos ? Data.size() : Ending;
      if (End > Next && Data[End - 1] == '\r')
        --End;
    }
  } else if (AloneBefore) {
    // Code follows on the line: it takes the statement's place, after the
    // indentation.
    Begin = Data.find_first_not_of(" \t", LineBegin);
    while (End < Data.size() && (Data[End] == ' ' || Data[End] == '\t'))
      ++End;
  } else {
    while (Begin > LineBegin &&
           (Data[Begin - 1] == ' ' || Data[Begin - 1] == '\t'))
      --Begin;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Start = SM.getLocForStartOfFile(Span->File);
  Removed = {Span->File, Begin, End};
  return FixItHint::CreateRemoval(CharSourceRange::getCharRange(
      Start.getLocWithOffset(Begin), Start.getLocWithOffset(End)));
}

/// A preprocessor directive between two offsets: code on the other side of
/// an `#if` was never seen, so the edit could be wrong there.
bool hasDirective(StringRef Data, size_t Begin, size_t End) {
  for (size_t Pos = lineStart(Data, Begin); Pos < End;
       Pos = nextLineStart(Data, Pos)) {
    size_t First = Data.find_first_not_of(" \t", Pos);
    if (First != StringRef::npos && First < End && Data[First] == '#')
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// The pair and what lies between.
//===----------------------------------------------------------------------===//

/// Where an allocation's pointer is stored, and the block the statement
/// storing it stands in.
struct AllocationSite {
  const VarDecl *Var = nullptr;         // `T *p = malloc(n);`
  const BinaryOperator *Assign = nullptr; // `p = malloc(n);`, `s->buf = ...`
  const Stmt *Statement = nullptr;      // the statement of the block
  const CompoundStmt *Block = nullptr;
  unsigned Index = 0;                   // Statement's position in Block
};

/// The statement \p S stands for in a block: S, or a label around it.
bool findInBlock(const Stmt *S, ASTContext &Ctx, AllocationSite &Site) {
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*S);
    if (Parents.size() != 1)
      return false;
    const auto *Parent = Parents[0].get<Stmt>();
    if (!Parent)
      return false;
    if (const auto *Block = dyn_cast<CompoundStmt>(Parent)) {
      unsigned Index = 0;
      for (const Stmt *Child : Block->body()) {
        if (Child == S) {
          Site.Block = Block;
          Site.Index = Index;
          return true;
        }
        ++Index;
      }
      return false;
    }
    if (isa<LabelStmt, SwitchCase, AttributedStmt, ExprWithCleanups>(Parent)) {
      S = Parent;
      continue;
    }
    return false;
  }
}

/// The result of reading the statements after an allocation.
struct Pairing {
  std::optional<Zeroing> Zero;
  const Stmt *Remove = nullptr; // the zeroing statement, or `if (p) ...`
};

class PairFinder {
public:
  PairFinder(ASTContext &Ctx, const AllocationSite &Site, const Place &Target,
             const llvm::SmallPtrSetImpl<const VarDecl *> &Escaped)
      : Ctx(Ctx), Site(Site), Target(Target), Escaped(Escaped) {}

  /// Follows the operands of a size: stores to them in between would make
  /// the zeroed size differ from the allocated one. False when the size
  /// cannot be followed (it stores, or reads something volatile).
  bool setSize(const Expr *Size);
  /// Follows one more place, like an operand of the size.
  void addKey(const Place &P) {
    Keys.push_back(P);
    SizeShared |= !isPrivate(P);
  }

  /// Whether an expression names the allocation's pointer.
  bool isTarget(const Expr *E) const;

  /// `if (!p) return ...;`: only the path with a pointer goes on.
  bool isNullExit(const IfStmt *If) const {
    std::optional<bool> Null = nullTest(If->getCond());
    return Null && *Null && !If->getElse() && !If->getInit() &&
           !If->getConditionVariable() && neverFallsThrough(If->getThen(), Ctx);
  }

  /// Reads the statements after the allocation.
  std::optional<Pairing> find(const Expr *AllocSize);

  /// Whether storing a new pointer to the target changes the size.
  bool storeChangesSize() const {
    return changesSize({Target, AccessKind::Write, QualType()});
  }

  /// Whether \p Statements leave the followed operands alone (the
  /// allocated pointer aside): for the definition of a size variable.
  bool keysUnchangedOver(llvm::ArrayRef<const Stmt *> Statements) const;

  /// A local that nothing but its name can reach: its address is never
  /// taken, it is not a reference and not volatile.
  bool isPrivate(const Place &P) const {
    return P.Root && !P.IsThis && !P.Indirect && P.Root->hasLocalStorage() &&
           !P.Root->getType()->isReferenceType() &&
           !P.Root->getType().isVolatileQualified() && !Escaped.count(P.Root);
  }

private:
  enum class Step { Next, Found, Stop };
  Step visit(const Stmt *S, const Expr *AllocSize, Pairing &Out);
  Step visitSequence(llvm::ArrayRef<const Stmt *> Statements,
                     const Expr *AllocSize, Pairing &Out);
  /// True when the condition holds for a null pointer, false when it holds
  /// for a non-null one; nothing when it is not a null test.
  std::optional<bool> nullTest(const Expr *Cond) const;
  bool isClear(const Stmt *S, bool WithTarget) const;
  bool touchesTarget(const Access &A) const;
  bool changesSize(const Access &A) const;
  bool exactZeroing(const Zeroing &Z, const Expr *AllocSize) const;

  ASTContext &Ctx;
  const AllocationSite &Site;
  Place Target;
  const llvm::SmallPtrSetImpl<const VarDecl *> &Escaped;
  llvm::SmallVector<Place, 4> Keys;
  bool SizeOpaque = false; // the size reads memory that cannot be named
  bool SizeShared = false; // a call or a store elsewhere may change the size
};

bool PairFinder::setSize(const Expr *Size) {
  if (constantValue(Size, Ctx))
    return true;
  AccessScanner Scanner;
  Scanner.scan(Size);
  if (Scanner.Opaque)
    return false;
  SizeOpaque |= Scanner.Calls;
  for (const Access &A : Scanner.Accesses) {
    // A volatile operand may read differently the second time.
    if (A.Kind != AccessKind::Read || A.Type.isVolatileQualified())
      return false;
    if (A.Where.known())
      addKey(A.Where);
    else
      SizeOpaque = true;
  }
  SizeShared |= SizeOpaque;
  return true;
}

/// Whether \p E names the pointer the allocation at \p Site stored.
bool namesTarget(const AllocationSite &Site, const Expr *E) {
  if (!E)
    return false;
  if (Site.Var) {
    const auto *Ref = dyn_cast<DeclRefExpr>(stripLvalue(E));
    return Ref && Ref->getDecl() == Site.Var;
  }
  return Site.Assign && sameLvalue(Site.Assign->getLHS(), E);
}

bool PairFinder::isTarget(const Expr *E) const { return namesTarget(Site, E); }

std::optional<bool> PairFinder::nullTest(const Expr *Cond) const {
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
    X = X->IgnoreParenImpCasts();
    return X == Site.Assign || isTarget(X);
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

bool PairFinder::touchesTarget(const Access &A) const {
  const Place &P = A.Where;
  if (sameRoot(P, Target))
    // The pointer itself, or the variable it is reached through changing
    // or escaping.
    return overlapsSameRoot(P, Target) ||
           (A.Kind != AccessKind::Read && !P.Indirect && Target.Indirect);
  if (isPrivate(Target) || isPrivate(P))
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

bool PairFinder::changesSize(const Access &A) const {
  if (A.Kind == AccessKind::Read)
    return false;
  const Place &P = A.Where;
  for (const Place &K : Keys) {
    if (sameRoot(P, K)) {
      if (overlapsSameRoot(P, K) || (!P.Indirect && K.Indirect))
        return true;
    } else if (A.Kind == AccessKind::Write && !isPrivate(K) && !isPrivate(P)) {
      return true;
    }
  }
  return A.Kind == AccessKind::Write && SizeOpaque && !isPrivate(P);
}

bool PairFinder::isClear(const Stmt *S, bool WithTarget) const {
  AccessScanner Scanner;
  Scanner.scan(S);
  if (Scanner.Opaque)
    return false;
  // A callee may reach whatever is not private.
  if (Scanner.Calls && ((WithTarget && !isPrivate(Target)) || SizeShared))
    return false;
  return llvm::none_of(Scanner.Accesses, [&](const Access &A) {
    return (WithTarget && touchesTarget(A)) || changesSize(A);
  });
}

bool PairFinder::keysUnchangedOver(
    llvm::ArrayRef<const Stmt *> Statements) const {
  return llvm::all_of(Statements, [&](const Stmt *S) {
    return !isa<LabelStmt, SwitchCase>(S) && isClear(S, /*WithTarget=*/false);
  });
}

bool PairFinder::exactZeroing(const Zeroing &Z, const Expr *AllocSize) const {
  if (Z.Fill) {
    std::optional<llvm::APSInt> Fill = constantValue(Z.Fill, Ctx);
    if (!Fill || !Fill->isZero())
      return false;
  }
  return !hasSideEffects(Z.Size, Ctx) && sameValue(AllocSize, Z.Size, Ctx);
}

PairFinder::Step PairFinder::visitSequence(
    llvm::ArrayRef<const Stmt *> Statements, const Expr *AllocSize,
    Pairing &Out) {
  for (const Stmt *S : Statements) {
    Step R = visit(S, AllocSize, Out);
    if (R != Step::Next)
      return R;
  }
  return Step::Next;
}

PairFinder::Step PairFinder::visit(const Stmt *S, const Expr *AllocSize,
                                   Pairing &Out) {
  // Another way in would skip the allocation.
  if (isa<LabelStmt, SwitchCase>(S))
    return Step::Stop;
  if (std::optional<Zeroing> Z = asZeroing(S);
      Z && isTarget(passedLvalue(Z->Pointer))) {
    if (!exactZeroing(*Z, AllocSize))
      return Step::Stop;
    Out.Zero = Z;
    Out.Remove = S;
    return Step::Found;
  }
  if (const auto *If = dyn_cast<IfStmt>(S);
      If && If->getCond() && !If->getInit() && !If->getConditionVariable()) {
    if (isNullExit(If))
      return Step::Next;
    std::optional<bool> Null = nullTest(If->getCond());
    // `if (p) memset(...);` and `if (p != NULL) { ...; memset(...); }`.
    if (Null && !*Null && !If->getElse()) {
      const Stmt *Then = If->getThen();
      const auto *Block = dyn_cast<CompoundStmt>(Then);
      llvm::SmallVector<const Stmt *, 8> Body;
      if (Block)
        Body.append(Block->body_begin(), Block->body_end());
      else
        Body.push_back(Then);
      Step R = visitSequence(Body, AllocSize, Out);
      if (R != Step::Found)
        return Step::Stop;
      if (Body.size() == 1)
        Out.Remove = If;
      return Step::Found;
    }
  }
  return isClear(S, /*WithTarget=*/true) ? Step::Next : Step::Stop;
}

std::optional<Pairing> PairFinder::find(const Expr *AllocSize) {
  llvm::SmallVector<const Stmt *, 16> After;
  auto Body = Site.Block->body();
  unsigned Index = 0;
  for (const Stmt *S : Body)
    if (Index++ > Site.Index)
      After.push_back(S);
  Pairing Out;
  if (visitSequence(After, AllocSize, Out) != Step::Found)
    return std::nullopt;
  return Out;
}

/// Whether a zeroing call of the pointer appears among the statements after
/// the allocation at all: a cheap test before the real reading.
bool mayBeZeroedLater(const AllocationSite &Site) {
  unsigned Index = 0;
  for (const Stmt *S : Site.Block->body()) {
    if (Index++ <= Site.Index)
      continue;
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

/// Finds where the allocation \p Call stores its pointer.
std::optional<AllocationSite> findSite(const CallExpr *Call, ASTContext &Ctx) {
  AllocationSite Site;
  const Expr *E = Call;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*E);
    if (Parents.size() != 1)
      return std::nullopt;
    if (const auto *VD = Parents[0].get<VarDecl>()) {
      Site.Var = VD;
      break;
    }
    const auto *Parent = Parents[0].get<Expr>();
    if (!Parent)
      return std::nullopt;
    if (isa<ParenExpr>(Parent) ||
        (isa<CastExpr>(Parent) && (Parent->getType()->isPointerType() ||
                                   Parent->getType()->isDependentType()) &&
         cast<CastExpr>(Parent)->getCastKind() != CK_LValueToRValue)) {
      E = Parent;
      continue;
    }
    const auto *Assign = dyn_cast<BinaryOperator>(Parent);
    if (!Assign || Assign->getOpcode() != BO_Assign || Assign->getRHS() != E)
      return std::nullopt;
    Site.Assign = Assign;
    break;
  }

  if (Site.Var) {
    const VarDecl *VD = Site.Var;
    if (!VD->hasLocalStorage() || isa<ParmVarDecl>(VD))
      return std::nullopt;
    DynTypedNodeList Parents = Ctx.getParents(*VD);
    const auto *DS = Parents.size() == 1 ? Parents[0].get<DeclStmt>() : nullptr;
    // `T *p = malloc(n), *q = p;` would copy the pointer right away.
    if (!DS || DS->decls().empty() || DS->decls().end()[-1] != VD)
      return std::nullopt;
    Site.Statement = DS;
    return findInBlock(DS, Ctx, Site) ? std::optional<AllocationSite>(Site)
                                      : std::nullopt;
  }

  // `p = malloc(n);` as a statement of its own.
  if (findInBlock(Site.Assign, Ctx, Site)) {
    Site.Statement = Site.Assign;
    return Site;
  }
  // `if (!(p = malloc(n))) return ...;` and `if ((p = malloc(n)) == NULL)`.
  const Stmt *Node = Site.Assign;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Node);
    if (Parents.size() != 1)
      return std::nullopt;
    const auto *Parent = Parents[0].get<Stmt>();
    if (const auto *If = dyn_cast_or_null<IfStmt>(Parent)) {
      if (If->getCond() != Node || !findInBlock(If, Ctx, Site))
        return std::nullopt;
      Site.Statement = If;
      return Site;
    }
    if (!Parent || !(isa<ParenExpr, ImplicitCastExpr, CallExpr>(Parent) ||
                     (isa<UnaryOperator>(Parent) &&
                      cast<UnaryOperator>(Parent)->getOpcode() == UO_LNot) ||
                     (isa<BinaryOperator>(Parent) &&
                      cast<BinaryOperator>(Parent)->isEqualityOp())))
      return std::nullopt;
    Node = Parent;
  }
}

/// The multiplication a local size variable holds at the allocation: its
/// definition is an earlier statement of the same block, and nothing in
/// between changes the variable or the factors.
const BinaryOperator *
productBehind(const VarDecl *Var, const AllocationSite &Site, ASTContext &Ctx,
              const Place &Target,
              const llvm::SmallPtrSetImpl<const VarDecl *> &Escaped) {
  PairFinder Finder(Ctx, Site, Target, Escaped);
  Place VarPlace;
  VarPlace.Root = Var;
  if (!Var->getType()->isIntegerType() || !Finder.isPrivate(VarPlace) ||
      isa<ParmVarDecl>(Var))
    return nullptr;
  llvm::SmallVector<const Stmt *, 8> Before(Site.Block->body_begin(),
                                            Site.Block->body_begin() +
                                                Site.Index);
  for (size_t I = Before.size(); I-- > 0;) {
    const Expr *Value = nullptr;
    if (const auto *DS = dyn_cast<DeclStmt>(Before[I])) {
      if (llvm::is_contained(DS->decls(), Var))
        Value = Var->getInit();
    } else if (const auto *Assign = dyn_cast<BinaryOperator>(Before[I]);
               Assign && Assign->getOpcode() == BO_Assign) {
      const auto *Ref = dyn_cast<DeclRefExpr>(stripLvalue(Assign->getLHS()));
      if (Ref && Ref->getDecl() == Var)
        Value = Assign->getRHS();
    }
    if (!Value)
      continue;
    const auto *Product =
        dyn_cast<BinaryOperator>(Value->IgnoreParenImpCasts());
    if (!Product || Product->getOpcode() != BO_Mul ||
        hasSideEffects(Product, Ctx) || !Finder.setSize(Product))
      return nullptr;
    Finder.addKey(VarPlace);
    llvm::ArrayRef<const Stmt *> Between(Before.begin() + I + 1, Before.end());
    return Finder.keysUnchangedOver(Between) ? Product : nullptr;
  }
  return nullptr;
}

/// `64 * sizeof(T)` as calloc's (64, sizeof(T)): two constant factors, the
/// `sizeof` one second, when their product did not wrap in its type.
std::optional<CountAndSize>
splitConstants(llvm::ArrayRef<const Expr *> Factors,
               const BinaryOperator *Product, const ASTContext &Ctx) {
  if (Factors.size() != 2)
    return std::nullopt;
  std::optional<llvm::APSInt> A = constantValue(Factors[0], Ctx);
  std::optional<llvm::APSInt> B = constantValue(Factors[1], Ctx);
  std::optional<llvm::APSInt> Whole = constantValue(Product, Ctx);
  if (!A || !B || !Whole || A->isNegative() || B->isNegative() ||
      A->getActiveBits() > 64 || B->getActiveBits() > 64 ||
      Whole->getActiveBits() > 64)
    return std::nullopt;
  if (Wide(A->getZExtValue()) * Wide(B->getZExtValue()) !=
      Wide(Whole->getZExtValue()))
    return std::nullopt;
  auto IsSizeof = [](const Expr *F) {
    return isa<UnaryExprOrTypeTraitExpr>(F->IgnoreParenImpCasts());
  };
  bool SizeFirst = IsSizeof(Factors[0]) && !IsSizeof(Factors[1]);
  const Expr *Count = SizeFirst ? Factors[1] : Factors[0];
  const Expr *Size = SizeFirst ? Factors[0] : Factors[1];
  std::optional<std::string> CountText = spelledText(Count, Ctx);
  std::optional<std::string> SizeText = spelledText(Size, Ctx);
  if (!CountText || !SizeText)
    return std::nullopt;
  return CountAndSize{*CountText, *SizeText};
}

} // namespace

//===----------------------------------------------------------------------===//
// The check.
//===----------------------------------------------------------------------===//

MallocMemsetCheck::MallocMemsetCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), CheckName(Name.str()),
      AllocatorsSpec(Options.getLocalOrGlobal("Allocators",
                                              AllocatorTable::libcDefault())),
      MinimumSize(Options.get<std::uint64_t>("MinimumSize", 0)) {
  Allocators = AllocatorTable::parse(AllocatorsSpec, AllocatorErrors);
}

void MallocMemsetCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Allocators", AllocatorsSpec);
  Options.store(Opts, "MinimumSize", MinimumSize);
}

void MallocMemsetCheck::registerMatchers(MatchFinder *Finder) {
  if (!ReportedConfiguration) {
    ReportedConfiguration = true;
    for (const std::string &Error : AllocatorErrors)
      configurationDiag("invalid entry in option '%0.Allocators': %1; the "
                        "entry is ignored")
          << CheckName << Error;
  }
  // Only allocations that have a zeroing counterpart are candidates.
  std::vector<StringRef> Names;
  for (const AllocatorFamily &F : Allocators.entries())
    if (!F.ZeroingArray.empty() || !F.ZeroingSingle.empty())
      Names.push_back(F.Name);
  if (Names.empty())
    return;
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(Names))),
               unless(isInTemplateInstantiation()),
               unless(isExpansionInSystemHeader()),
               forCallable(decl().bind("function")))
          .bind("call"),
      this);
}

void MallocMemsetCheck::onEndOfTranslationUnit() { Functions.clear(); }

const MallocMemsetCheck::FunctionFacts &
MallocMemsetCheck::factsOf(const Decl *Function) {
  auto [It, Inserted] = Functions.try_emplace(Function);
  if (Inserted) {
    AccessScanner Scanner;
    Scanner.scan(Function->getBody());
    for (const Access &A : Scanner.Accesses)
      if (A.Kind == AccessKind::Escape && A.Where.Root && !A.Where.Indirect)
        It->second.Escaped.insert(A.Where.Root);
    It->second.HasErrors = Scanner.Errors;
  }
  return It->second;
}

namespace {
/// What the allocation becomes: a callee, and the arguments that replace
/// the size (or all arguments kept, for a single-size zeroing form).
struct Replacement {
  std::string Callee;
  std::string SizeArgs;
  bool SameArguments = false;
  std::string WhyNot; // set when there is no exact edit
};
} // namespace

/// Chooses the zeroing counterpart of \p Call: the array form with count
/// and size when the size is a product (written in the call, or held by a
/// local computed just before) that splits without overflow; otherwise the
/// single-size form with the same arguments, or the array form with a count
/// of 1. A product of variables that cannot be split gets no fix: wrapping
/// it in `calloc(1, ...)` would hide it from calloc-unchecked-multiplication
/// without checking it.
static Replacement chooseCounterpart(
    const CallExpr *Call, const AllocatorFamily &Family, const Decl *Function,
    const AllocationSite &Site, const Place &Target,
    const llvm::SmallPtrSetImpl<const VarDecl *> &Escaped, ASTContext &Ctx) {
  Replacement R;
  R.Callee = Family.ZeroingArray.empty() ? Family.ZeroingSingle
                                         : Family.ZeroingArray;
  const Expr *Size = Call->getArg(Family.SizeArg);
  const BinaryOperator *Product = nullptr;
  bool Stored = false;
  if (!Family.ZeroingArray.empty()) {
    Product = dyn_cast<BinaryOperator>(Size->IgnoreParenImpCasts());
    if (Product && Product->getOpcode() != BO_Mul)
      Product = nullptr;
    const auto *Ref = dyn_cast<DeclRefExpr>(Size->IgnoreParenImpCasts());
    if (const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr) {
      Product = productBehind(Var, Site, Ctx, Target, Escaped);
      Stored = true;
    }
  }

  if (Product) {
    llvm::SmallVector<const Expr *, 4> Factors = productFactors(Product);
    unsigned Variables = llvm::count_if(
        Factors, [&](const Expr *F) { return !isConstantFactor(F, Ctx); });
    QualType SizeType =
        Call->getDirectCallee()->getParamDecl(Family.SizeArg)->getType();
    IntegerModel Model(Ctx, 0);
    std::string WhyNot;
    std::optional<CountAndSize> Split =
        splitForArrayForm(Product, Ctx, Model, nullptr, SizeType, WhyNot);
    const auto *Context = dyn_cast<DeclContext>(Function);
    bool Dependent = Context && Context->isDependentContext();
    if (!Split && Variables > 1 && !Dependent) {
      // What the code checked before may show that a split cannot wrap.
      std::vector<ValueKey> Keys;
      for (const Expr *F : Factors)
        if (std::optional<ValueKey> Key = keyOf(stripWideningCasts(F, Ctx)))
          Keys.push_back(*Key);
      GuardAnalysis Guards(Function, Ctx, Model, /*AssertsAreGuards=*/true);
      std::unique_ptr<PointFacts> Facts = Guards.factsBefore(Call, Keys);
      if (Facts && Facts->Reached)
        Split = splitForArrayForm(Product, Ctx, Model, Facts.get(), SizeType,
                                  WhyNot);
    }
    if (!Split && Variables == 0)
      Split = splitConstants(Factors, Product, Ctx);
    if (Split) {
      R.Callee = Family.ZeroingArray;
      R.SizeArgs = Split->Count + ", " + Split->Size;
      return R;
    }
    if (Variables > 0 && !Stored) {
      R.WhyNot = WhyNot;
      return R;
    }
  }

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

/// The counterpart for \p Call, as chooseCounterpart() picks it; inside a
/// macro it is named in the message but not written.
static Replacement chooseReplacement(
    const CallExpr *Call, const AllocatorFamily &Family, const Decl *Function,
    const AllocationSite &Site, const Place &Target,
    const llvm::SmallPtrSetImpl<const VarDecl *> &Escaped, ASTContext &Ctx) {
  Replacement R =
      chooseCounterpart(Call, Family, Function, Site, Target, Escaped, Ctx);
  if (Call->getBeginLoc().isMacroID() || Call->getRParenLoc().isMacroID())
    R.WhyNot = "the call is written inside a macro";
  return R;
}

/// Whether \p Function is itself one of the zeroing allocators: rewriting
/// its body to call one would make it call itself, or its own kind.
static bool implementsZeroing(const Decl *Function,
                              const AllocatorTable &Allocators) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Function);
  if (!FD)
    return false;
  return llvm::any_of(Allocators.entries(), [&](const AllocatorFamily &F) {
    return wouldCallItself(FD, F.ZeroingArray) ||
           wouldCallItself(FD, F.ZeroingSingle);
  });
}

void MallocMemsetCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Function = Result.Nodes.getNodeAs<Decl>("function");
  ASTContext &Ctx = *Result.Context;
  if (!Call || !Function || !Function->getBody() || Call->containsErrors() ||
      Function->isInvalidDecl())
    return;
  const AllocatorFamily *Family = Allocators.find(Call->getDirectCallee());
  if (!Family || Call->getNumArgs() != Family->NumArgs ||
      (Family->ZeroingArray.empty() && Family->ZeroingSingle.empty()) ||
      implementsZeroing(Function, Allocators))
    return;
  const Expr *Size = Call->getArg(Family->SizeArg);
  if (hasSideEffects(Size, Ctx))
    return;
  if (std::optional<llvm::APSInt> Value = constantValue(Size, Ctx);
      Value && (Value->isNegative() || (Value->getActiveBits() <= 64 &&
                                        Value->getZExtValue() < MinimumSize)))
    return;

  // 1. Where the pointer goes.
  std::optional<AllocationSite> Site = findSite(Call, Ctx);
  if (!Site)
    return;
  QualType PointerType =
      Site->Var ? Site->Var->getType() : Site->Assign->getLHS()->getType();
  if (PointerType.isVolatileQualified() ||
      (!PointerType->isPointerType() && !PointerType->isDependentType()) ||
      (PointerType->isPointerType() &&
       PointerType->getPointeeType().isVolatileQualified()))
    return;
  Place Target;
  if (Site->Var)
    Target.Root = Site->Var;
  else
    Target = placeOf(Site->Assign->getLHS());
  if (!Target.known())
    return;

  // A function is read only when it holds a candidate pair, and not at all
  // when part of it did not compile.
  if (!mayBeZeroedLater(*Site))
    return;
  const FunctionFacts &Facts = factsOf(Function);
  if (Facts.HasErrors)
    return;
  const llvm::SmallPtrSetImpl<const VarDecl *> &EscapedVars = Facts.Escaped;
  PairFinder Finder(Ctx, *Site, Target, EscapedVars);
  if (const auto *If = dyn_cast<IfStmt>(Site->Statement);
      If && !Finder.isNullExit(If))
    return;

  // The other arguments (realloc's pointer, flags) must not involve it, and
  // the size must not depend on the pointer that the allocation replaces.
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (I == Family->SizeArg)
      continue;
    AccessScanner Scanner;
    Scanner.scan(Call->getArg(I));
    for (const Access &A : Scanner.Accesses)
      if (sameRoot(A.Where, Target))
        return;
  }
  if (!Finder.setSize(Size) || Finder.storeChangesSize())
    return;

  // 2 and 3. The zeroing call, with nothing in between that matters.
  std::optional<Pairing> Pair = Finder.find(Size);
  if (!Pair)
    return;

  // 4. The edits.
  Replacement R = chooseReplacement(Call, *Family, Function, *Site, Target,
                                    EscapedVars, Ctx);
  std::string WhyNot = R.WhyNot;
  std::vector<FixItHint> Fix;
  if (WhyNot.empty() && R.SameArguments)
    Fix = renameCallee(Call, R.Callee, Ctx, WhyNot);
  else if (WhyNot.empty())
    Fix = rewriteAllocation(Call, *Family, R.Callee, R.SizeArgs, Ctx, WhyNot);
  if (!Fix.empty()) {
    FileSpan Removed;
    std::optional<FixItHint> Removal =
        removeStatement(Pair->Remove, Ctx, Removed, WhyNot);
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation From = SM.getExpansionLoc(Site->Statement->getBeginLoc());
    if (!Removal) {
      Fix.clear();
    } else if (SM.getFileID(From) != Removed.File) {
      WhyNot = "the allocation and the zeroing are in different files";
      Fix.clear();
    } else if (hasDirective(SM.getBufferData(Removed.File),
                            SM.getFileOffset(From), Removed.End)) {
      WhyNot = "a preprocessor directive stands between the allocation and "
               "the zeroing";
      Fix.clear();
    } else {
      Fix.push_back(*Removal);
    }
  }

  std::string Message = "memory allocated by '" + Family->Name +
                        "' is zeroed right away by '" + Pair->Zero->Name.str() +
                        "'; ";
  // Only the C library's calloc is known to skip zeroing fresh pages; a
  // project's zeroing allocator may well be malloc + memset inside.
  std::string Benefit = R.Callee == "calloc" ? "can skip zeroing fresh pages"
                                             : "zeroes as it allocates";
  if (!Fix.empty())
    Message += "use '" +
               rewrittenCallText(Call, *Family, R.Callee, R.SizeArgs, Ctx) +
               "', which " + Benefit;
  else
    Message += "'" + R.Callee + "' " + Benefit;
  {
    auto D = diag(Call->getBeginLoc(), "%0");
    D << Message;
    for (const FixItHint &Hint : Fix)
      D << Hint;
  }
  diag(Pair->Zero->Call->getBeginLoc(), "'%0' zeroes the whole allocation here",
       DiagnosticIDs::Note)
      << Pair->Zero->Name;
  if (Fix.empty() && !WhyNot.empty())
    diag(Call->getBeginLoc(), "no fix: %0", DiagnosticIDs::Note) << WhyNot;
}

} // namespace clang::tidy::calloc
