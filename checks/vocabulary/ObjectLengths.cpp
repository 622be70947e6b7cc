//===--- ObjectLengths.cpp ------------------------------------------------===//

#include "vocabulary/ObjectLengths.h"
#include "support/LLVMCompat.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace clang::tidy::calloc {

//===----------------------------------------------------------------------===//
// The option
//===----------------------------------------------------------------------===//

bool isIdentifier(llvm::StringRef S) {
  if (S.empty() || llvm::isDigit(S.front()))
    return false;
  return llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

/// `elem=N` or `elem=pointer`, the text between the parentheses.
static bool parseElement(llvm::StringRef Text, uint64_t &Bytes,
                         std::string &Error) {
  Text = Text.trim();
  if (Text.empty())
    return true;
  auto [Key, Value] = Text.split('=');
  Key = Key.trim();
  Value = Value.trim();
  if (Key != "elem") {
    Error = "unknown key '" + Key.str() + "' (expected elem)";
    return false;
  }
  if (Value == "pointer") {
    Bytes = 0;
    return true;
  }
  if (Value.getAsInteger(10, Bytes) || Bytes == 0) {
    Error = "'elem=" + Value.str() +
            "' is not a positive number of bytes or 'pointer'";
    return false;
  }
  return true;
}

static bool parseEntry(llvm::StringRef Text, LengthAccessor &Out,
                       std::string &Error) {
  llvm::StringRef Name = Text;
  size_t Open = Text.find('(');
  if (Open != llvm::StringRef::npos) {
    if (!Text.ends_with(")")) {
      Error = "expected 'name' or 'record.field', optionally followed by "
              "'(elem=N)'";
      return false;
    }
    Name = Text.take_front(Open);
    if (!parseElement(Text.slice(Open + 1, Text.size() - 1), Out.ElementBytes,
                      Error))
      return false;
  }
  Name = Name.trim();
  auto [Record, Field] = Name.split('.');
  if (!Field.empty() || Name.ends_with(".")) {
    Record = Record.trim();
    Field = Field.trim();
    if (!isIdentifier(Record) || !isIdentifier(Field)) {
      Error = "'" + Name.str() + "' is not 'record.field'";
      return false;
    }
    Out.Record = Record.str();
    Out.Name = Field.str();
    return true;
  }
  if (!isIdentifier(Name)) {
    Error = "'" + Name.str() + "' is not a function or macro name";
    return false;
  }
  Out.Name = Name.str();
  return true;
}

LengthAccessors::LengthAccessors(llvm::StringRef Spec) : Spec(Spec.str()) {
  parseOptionList(
      Spec,
      [&](llvm::StringRef Item, std::string &Error) {
        LengthAccessor Accessor;
        if (!parseEntry(Item, Accessor, Error))
          return false;
        HasCallables |= Accessor.Record.empty();
        Entries.push_back(std::move(Accessor));
        return true;
      },
      Errors);
}

void LengthAccessors::reportErrors(const ClangTidyCheck &Check) const {
  reportOptionErrors(Check, OptionName, Errors);
}

const LengthAccessor *
LengthAccessors::findCallable(llvm::StringRef Name) const {
  for (const LengthAccessor &A : Entries)
    if (A.Record.empty() && A.Name == Name)
      return &A;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Recognizing a count
//===----------------------------------------------------------------------===//

std::optional<ObjectLength> stringLength(const CallExpr *Call,
                                         const ASTContext &Ctx) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() < 1)
    return std::nullopt;
  llvm::StringRef Name = Callee->getName();
  Name.consume_front("__builtin_");
  bool Bounded = Name == "strnlen" || Name == "wcsnlen";
  if (!(Name == "strlen" || Name == "wcslen" ||
        (Bounded && Call->getNumArgs() == 2)))
    return std::nullopt;
  if (!Call->getArg(0)->getType()->isPointerType())
    return std::nullopt;
  // The elements are those the argument points to as passed (wchar_t for
  // wcslen); an incomplete or unknown type counts as bytes.
  ObjectLength L;
  QualType Element = Call->getArg(0)->getType()->getPointeeType();
  if (!Element->isIncompleteType() && !Element->isDependentType())
    L.ElementBytes =
        std::max<uint64_t>(1, Ctx.getTypeSizeInChars(Element).getQuantity());
  if (Bounded)
    L.Limit = Call->getArg(1);
  return L;
}

/// Whether the token at \p Loc, climbing out of the macro expansions it
/// ends (\p AtEnd) or starts, reaches \p Target: the expression begins (or
/// ends) exactly where an expansion whose bounds are at \p Target does.
static bool climbsTo(SourceLocation Loc, SourceLocation Target, bool AtEnd,
                     const SourceManager &SM, const LangOptions &LO) {
  for (unsigned Depth = 0; Depth < 32; ++Depth) {
    if (Loc == Target)
      return true;
    if (!Loc.isMacroID())
      return false;
    SourceLocation Up;
    if (AtEnd) {
      unsigned Length =
          Lexer::MeasureTokenLength(SM.getSpellingLoc(Loc), SM, LO);
      if (Length == 0 || !SM.isAtEndOfImmediateMacroExpansion(
                             Loc.getLocWithOffset(Length), &Up))
        return false;
    } else if (!SM.isAtStartOfImmediateMacroExpansion(Loc, &Up)) {
      return false;
    }
    Loc = Up;
  }
  return false;
}

std::optional<ObjectLength>
LengthAccessors::measureMacro(const Expr *E, const ASTContext &Ctx) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  SourceLocation Begin = E->getBeginLoc(), End = E->getEndLoc();
  if (!Begin.isMacroID() || !End.isMacroID())
    return std::nullopt;
  // Climb from the first token out of the expansions it starts; each macro
  // body left on the way is a macro whose expansion E may be all of.
  SourceLocation Loc = Begin;
  for (unsigned Depth = 0; Depth < 32 && Loc.isMacroID(); ++Depth) {
    const SrcMgr::SLocEntry &Entry = SM.getSLocEntry(SM.getFileID(Loc));
    if (!Entry.isExpansion())
      return std::nullopt;
    const SrcMgr::ExpansionInfo &Expansion = Entry.getExpansion();
    SourceLocation Up;
    if (!SM.isAtStartOfImmediateMacroExpansion(Loc, &Up))
      return std::nullopt;
    if (Expansion.isMacroBodyExpansion() &&
        Expansion.isFunctionMacroExpansion()) {
      // Up is the macro's name where it is invoked.
      SourceLocation NameLoc = SM.getSpellingLoc(Up);
      unsigned Length = Lexer::MeasureTokenLength(NameLoc, SM, LO);
      bool Invalid = false;
      const char *Text = SM.getCharacterData(NameLoc, &Invalid);
      if (!Invalid && Length > 0)
        if (const LengthAccessor *A =
                findCallable(llvm::StringRef(Text, Length)))
          if (climbsTo(End, Expansion.getExpansionLocEnd(), /*AtEnd=*/true, SM,
                       LO))
            return ObjectLength{A->ElementBytes, nullptr};
    }
    Loc = Up;
  }
  return std::nullopt;
}

/// Whether \p Name names the record \p ME reads from: its tag, the typedef
/// of an anonymous one, or a typedef the base is accessed through.
static bool namesRecordOf(llvm::StringRef Name, const MemberExpr *ME,
                          const RecordDecl *RD) {
  if (RD->getName() == Name)
    return true;
  if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl();
      TD && TD->getName() == Name)
    return true;
  QualType T = ME->getBase()->getType();
  if (ME->isArrow()) {
    const auto *PT = T->getAs<PointerType>();
    if (!PT)
      return false;
    T = PT->getPointeeType();
  }
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    const auto *TT = T->getAs<TypedefType>();
    if (!TT)
      return false;
    if (TT->getDecl()->getName() == Name)
      return true;
    T = TT->desugar();
  }
  return false;
}

std::optional<ObjectLength>
LengthAccessors::measureField(const MemberExpr *ME) const {
  const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!Field || !Field->getIdentifier())
    return std::nullopt;
  const RecordDecl *RD = Field->getParent();
  for (const LengthAccessor &A : Entries)
    if (!A.Record.empty() && A.Name == Field->getName() &&
        namesRecordOf(A.Record, ME, RD))
      return ObjectLength{A.ElementBytes, nullptr};
  return std::nullopt;
}

static std::optional<ObjectLength> pointerDistance(const Expr *E,
                                                   const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!BO || BO->getOpcode() != BO_Sub ||
      !BO->getLHS()->getType()->isPointerType() ||
      !BO->getRHS()->getType()->isPointerType())
    return std::nullopt;
  // Counted in the elements both point to; an incomplete type (`void *`
  // as a GNU extension) counts bytes.
  ObjectLength L;
  QualType Element = BO->getLHS()->getType()->getPointeeType();
  if (!Element->isIncompleteType() && !Element->isDependentType() &&
      !Element->isFunctionType())
    L.ElementBytes =
        std::max<uint64_t>(1, Ctx.getTypeSizeInChars(Element).getQuantity());
  return L;
}

std::optional<ObjectLength> builtinLength(const Expr *E,
                                          const ASTContext &Ctx) {
  if (const auto *Call = dyn_cast<CallExpr>(E->IgnoreParens()))
    return stringLength(Call, Ctx);
  return pointerDistance(E, Ctx);
}

std::optional<ObjectLength>
LengthAccessors::measure(const Expr *E, const ASTContext &Ctx) const {
  if (HasCallables && E->getBeginLoc().isMacroID())
    if (std::optional<ObjectLength> L = measureMacro(E, Ctx))
      return L;
  if (std::optional<ObjectLength> L = builtinLength(E, Ctx))
    return L;
  const Expr *Inner = E->IgnoreParens();
  if (const auto *Call = dyn_cast<CallExpr>(Inner)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (HasCallables && Callee && Callee->getIdentifier() &&
        !isa<CXXMethodDecl>(Callee))
      if (const LengthAccessor *A = findCallable(Callee->getName()))
        return ObjectLength{A->ElementBytes, nullptr};
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(Inner))
    return measureField(ME);
  return std::nullopt;
}

/// The variable \p Step moves up by one: `v++`, `++v`, `v += 1`.
static const VarDecl *steppedByOne(const Expr *Step) {
  if (!Step)
    return nullptr;
  const Expr *Target = nullptr;
  Step = Step->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Step); UO && UO->isIncrementOp())
    Target = UO->getSubExpr();
  if (const auto *BO = dyn_cast<BinaryOperator>(Step);
      BO && BO->getOpcode() == BO_AddAssign)
    if (const auto *One =
            dyn_cast<IntegerLiteral>(BO->getRHS()->IgnoreParenImpCasts());
        One && One->getValue() == 1)
      Target = BO->getLHS();
  const auto *Ref =
      Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

static bool namesVar(const Expr *E, const VarDecl *Var) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == Var;
}

/// The read through \p Var that \p Cond makes whenever it is evaluated.
static const Expr *readThrough(const Expr *Cond, const VarDecl *Var) {
  // Iterative: a condition is one chain of operators, read left first.
  while (Cond) {
    const Expr *E = Cond->IgnoreParenImpCasts();
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
      return namesVar(Sub->getIdx(), Var) || namesVar(Sub->getBase(), Var)
                 ? E
                 : nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Deref)
        return namesVar(UO->getSubExpr(), Var) ? E : nullptr;
      Cond = UO->getOpcode() == UO_LNot ? UO->getSubExpr() : nullptr;
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || !(BO->isComparisonOp() || BO->isLogicalOp()))
      return nullptr;
    // A comparison reads both sides; `&&` and `||` only their left for sure.
    if (BO->isComparisonOp())
      if (const Expr *Right = readThrough(BO->getRHS(), Var))
        return Right;
    Cond = BO->getLHS();
  }
  return nullptr;
}

const Expr *walkedElement(const ForStmt *Loop) {
  const VarDecl *Var = Loop ? steppedByOne(Loop->getInc()) : nullptr;
  if (!Var || !Loop->getCond())
    return nullptr;
  return readThrough(Loop->getCond(), Var);
}

} // namespace clang::tidy::calloc
