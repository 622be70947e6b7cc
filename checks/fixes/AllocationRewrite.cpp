//===--- AllocationRewrite.cpp --------------------------------------------===//

#include "fixes/AllocationRewrite.h"
#include "fixes/SourceEdits.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"

namespace clang::tidy::calloc {

/// A declaration named \p Name of the same kind as \p Callee (a function,
/// a function-pointer variable, a function-pointer field) where a call can
/// reach it, seen before \p Loc, taking \p NumParams parameters.
static bool isDeclaredBefore(llvm::StringRef Name, const ValueDecl *Callee,
                             unsigned NumParams, SourceLocation Loc,
                             const ASTContext &Ctx) {
  const IdentifierInfo *II = &Ctx.Idents.get(Name);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const ValueDecl *V : declarationsLike(Callee, Name)) {
    if (parameterCount(V) != NumParams)
      continue;
    for (const Decl *Redecl : V->redecls())
      if (SM.isBeforeInTranslationUnit(Redecl->getLocation(), Loc))
        return true;
  }
  // Names brought into std by using-declarations (std::calloc) resolve to
  // the global declarations.
  if (const auto *NS =
          dyn_cast<NamespaceDecl>(Callee->getDeclContext()->getRedeclContext());
      NS && NS->isStdNamespace())
    for (const Decl *D :
         Ctx.getTranslationUnitDecl()->lookup(DeclarationName(II)))
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->getNumParams() == NumParams &&
            SM.isBeforeInTranslationUnit(FD->getLocation(), Loc))
          return true;
  return false;
}

/// Where the callee of \p Call is named: the function or function-pointer
/// variable's name, or the field's after `.` or `->`.
static SourceLocation calleeNameLoc(const CallExpr *Call) {
  const Expr *E = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E);
      Ref && isa<FunctionDecl, VarDecl>(Ref->getDecl()))
    return Ref->getLocation();
  if (const auto *Member = dyn_cast<MemberExpr>(E);
      Member && isa<FieldDecl>(Member->getMemberDecl()))
    return Member->getMemberLoc();
  return {};
}

/// Where the callee's name is written in the file: its own token, or an
/// object-like macro that names it (`#define xmalloc malloc`).
static SourceLocation writtenCalleeName(const CallExpr *Call,
                                        const ASTContext &Ctx) {
  SourceLocation Name = calleeNameLoc(Call);
  if (Name.isInvalid() || Call->getBeginLoc() != Name)
    return Name.isFileID() && Call->getBeginLoc().isFileID() ? Name
                                                             : SourceLocation();
  return writtenTokenLoc(Name, Ctx);
}

std::string whyNotEditable(const CallExpr *Call, const ASTContext &Ctx) {
  if (calleeNameLoc(Call).isInvalid() || !calleeDeclaration(Call))
    return "the call is not a plain call by name";
  if (writtenCalleeName(Call, Ctx).isInvalid() ||
      Call->getRParenLoc().isMacroID())
    return "the call is written inside a macro";
  return "";
}

/// The one identifier an object-like macro expands to (`#define xmalloc
/// malloc`: malloc); empty for any other macro.
static llvm::StringRef renamedIdentifier(const MacroInfo *MI) {
  if (!MI || !MI->isObjectLike() || MI->getNumTokens() != 1 ||
      !MI->getReplacementToken(0).is(tok::identifier))
    return {};
  return MI->getReplacementToken(0).getIdentifierInfo()->getName();
}

/// An object-like macro that names \p Function and nothing else
/// (`#define xcalloc calloc`), defined at \p Loc outside system headers:
/// the one defined in \p Near's file if there is one, else the first.
static std::optional<std::string> macroNaming(llvm::StringRef Function,
                                              SourceLocation Loc,
                                              SourceLocation Near,
                                              Preprocessor *PP) {
  if (!PP)
    return std::nullopt;
  const SourceManager &SM = PP->getSourceManager();
  std::optional<std::string> Found;
  for (const auto &Entry : PP->macros()) {
    const IdentifierInfo *II = Entry.first;
    // The definition in force at the call, not the last in the file.
    const MacroInfo *MI =
        PP->getMacroDefinitionAtLoc(const_cast<IdentifierInfo *>(II), Loc)
            .getMacroInfo();
    if (renamedIdentifier(MI) != Function ||
        SM.isInSystemHeader(MI->getDefinitionLoc()))
      continue;
    bool Beside = SM.getFileID(MI->getDefinitionLoc()) == SM.getFileID(Near);
    if (Beside)
      return II->getName().str();
    if (!Found || II->getName() < *Found)
      Found = II->getName().str();
  }
  return Found;
}

std::optional<std::string> spelledCallee(const CallExpr *Call,
                                         llvm::StringRef NewCallee,
                                         const ASTContext &Ctx,
                                         Preprocessor *PP) {
  SourceLocation Name = writtenCalleeName(Call, Ctx);
  if (Name.isInvalid() || Name == calleeNameLoc(Call))
    return NewCallee.str();
  return macroNaming(NewCallee, Name,
                     Ctx.getSourceManager().getSpellingLoc(calleeNameLoc(Call)),
                     PP);
}

/// The edit that renames the callee of \p Call to \p NewCallee, declared
/// before the call with \p NumParams parameters; none, with \p WhyNot set,
/// when the call is not a plain call by name outside macros. A call written
/// through an object-like macro that names its callee (`xmalloc(n)` with
/// `#define xmalloc malloc`) keeps to macros: it takes the one that names
/// \p NewCallee (`xcalloc`), or gets no edit.
static std::optional<FixItHint>
renameEdit(const CallExpr *Call, llvm::StringRef NewCallee, unsigned NumParams,
           const ASTContext &Ctx, Preprocessor *PP, std::string &WhyNot) {
  WhyNot = whyNotEditable(Call, Ctx);
  if (!WhyNot.empty())
    return std::nullopt;
  SourceLocation Name = writtenCalleeName(Call, Ctx);
  if (!isDeclaredBefore(NewCallee, calleeDeclaration(Call), NumParams,
                        Call->getBeginLoc(), Ctx)) {
    WhyNot = "'" + NewCallee.str() + "' is not declared before this call";
    return std::nullopt;
  }
  std::optional<std::string> Written = spelledCallee(Call, NewCallee, Ctx, PP);
  if (!Written) {
    WhyNot = "'" +
             Lexer::getSourceText(CharSourceRange::getTokenRange(Name),
                                  Ctx.getSourceManager(), Ctx.getLangOpts())
                 .str() +
             "' names '" + calleeDeclaration(Call)->getName().str() +
             "' through a macro, and no macro names '" + NewCallee.str() +
             "' the same way";
    return std::nullopt;
  }
  return FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Name, Name), *Written);
}

std::vector<FixItHint>
rewriteAllocation(const CallExpr *Call, const AllocatorFamily &Family,
                  llvm::StringRef NewCallee, llvm::StringRef NewSizeArgs,
                  const ASTContext &Ctx, Preprocessor *PP, std::string &WhyNot,
                  unsigned LeadingArgs) {
  if (Call->getNumArgs() <= Family.SizeArg) {
    WhyNot = "the call is not a plain call by name";
    return {};
  }
  // An array form called with a 1 (`calloc(1, n * size)`) keeps its
  // name: the 1 goes with the size.
  bool SameCallee = Family.UnitArg && NewCallee == Family.Name;
  std::optional<FixItHint> Rename;
  if (!SameCallee) {
    Rename = renameEdit(Call, NewCallee, Family.NumArgs + 1 + LeadingArgs, Ctx,
                        PP, WhyNot);
    if (!Rename)
      return {};
  } else if (WhyNot = whyNotEditable(Call, Ctx); !WhyNot.empty()) {
    return {};
  }
  const Expr *First = Call->getArg(Family.SizeArg), *Last = First;
  if (Family.UnitArg)
    (*Family.UnitArg < Family.SizeArg ? First : Last) =
        Call->getArg(*Family.UnitArg);
  CharSourceRange SizeRange = fileRange(
      SourceRange(First->getBeginLoc(), Last->getEndLoc()), Ctx);
  if (SizeRange.isInvalid()) {
    WhyNot = "the size argument is not spelled in one piece of the file";
    return {};
  }
  std::vector<FixItHint> Edits;
  if (Rename)
    Edits.push_back(*Rename);
  Edits.push_back(FixItHint::CreateReplacement(SizeRange, NewSizeArgs));
  return Edits;
}

CharSourceRange writtenCall(const CallExpr *Call, const AllocatorFamily &Family,
                            const ASTContext &Ctx, std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  WhyNot = whyNotEditable(Call, Ctx);
  if (WhyNot.empty())
    return fileRange(Call->getSourceRange(), Ctx);
  if (Family.WrittenAs.empty() || !Call->getBeginLoc().isMacroID())
    return {};
  CharSourceRange Invocation = SM.getExpansionRange(Call->getBeginLoc());
  CharSourceRange Closing = SM.getExpansionRange(Call->getRParenLoc());
  if (Invocation.getBegin() != Closing.getBegin() ||
      Invocation.getEnd() != Closing.getEnd() ||
      !Invocation.getBegin().isFileID())
    return {};
  llvm::StringRef Name = Lexer::getSourceText(
      CharSourceRange::getTokenRange(Invocation.getBegin()), SM,
      Ctx.getLangOpts());
  if (Name != Family.WrittenAs) {
    WhyNot = "the call is written inside a macro other than '" +
             Family.WrittenAs + "'";
    return {};
  }
  WhyNot.clear();
  return Invocation;
}

std::vector<FixItHint>
rewriteToMacro(const CallExpr *Call, const AllocatorFamily &Family,
               llvm::StringRef Macro, llvm::StringRef NewSizeArgs,
               const ASTContext &Ctx, std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Written = writtenCall(Call, Family, Ctx, WhyNot);
  if (Written.isInvalid())
    return {};
  // `std::kmalloc(...)` or `hooks->alloc(...)` would keep a qualifier or
  // object that no macro takes.
  if (Family.SizeArg != 0 || Call->getNumArgs() == 0 ||
      Family.Kind != CalleeKind::Function ||
      (Written.getBegin() == Call->getBeginLoc() &&
       calleeNameLoc(Call) != Call->getBeginLoc())) {
    WhyNot = "the call is not a plain call by name";
    return {};
  }
  // The size must be written inside the invocation, after the name.
  CharSourceRange Size = fileRange(Call->getArg(0)->getSourceRange(), Ctx);
  if (Size.isInvalid() ||
      !SM.isBeforeInTranslationUnit(Written.getBegin(), Size.getBegin()) ||
      SM.isBeforeInTranslationUnit(Written.getEnd(), Size.getEnd())) {
    WhyNot = "the size argument is not spelled in one piece of the file";
    return {};
  }
  return {FixItHint::CreateReplacement(
              CharSourceRange::getTokenRange(Written.getBegin()), Macro),
          FixItHint::CreateReplacement(Size, NewSizeArgs)};
}

std::vector<FixItHint> renameCallee(const CallExpr *Call,
                                    llvm::StringRef NewCallee,
                                    const ASTContext &Ctx, Preprocessor *PP,
                                    std::string &WhyNot) {
  const ValueDecl *Callee = calleeDeclaration(Call);
  std::optional<FixItHint> Rename = renameEdit(
      Call, NewCallee, Callee ? parameterCount(Callee) : 0, Ctx, PP, WhyNot);
  if (!Rename)
    return {};
  return {*Rename};
}

std::optional<std::string>
calledFunctionName(llvm::StringRef Name, SourceLocation Loc, Preprocessor *PP) {
  if (!PP)
    return Name.str();
  IdentifierInfo *II = PP->getIdentifierInfo(Name);
  MacroDefinition Def = PP->getMacroDefinitionAtLoc(II, Loc);
  const MacroInfo *MI = Def.getMacroInfo();
  if (!MI)
    return Name.str();
  // `#define reallocarray openbsd_reallocarray`
  if (llvm::StringRef Renamed = renamedIdentifier(MI); !Renamed.empty())
    return Renamed.str();
  return std::nullopt;
}

std::string rewrittenCallText(const CallExpr *Call,
                              const AllocatorFamily &Family,
                              llvm::StringRef NewCallee,
                              llvm::StringRef NewSizeArgs,
                              const ASTContext &Ctx) {
  std::string Out = NewCallee.str() + "(";
  llvm::StringRef Separator;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (Family.UnitArg && I == *Family.UnitArg)
      continue;
    Out += Separator;
    Separator = ", ";
    Out += I == Family.SizeArg ? foldWhitespace(NewSizeArgs)
                               : displayText(Call->getArg(I), Ctx);
  }
  return Out + ")";
}

} // namespace clang::tidy::calloc
