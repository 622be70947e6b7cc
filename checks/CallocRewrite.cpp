//===--- CallocRewrite.cpp ------------------------------------------------===//

#include "CallocRewrite.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"

namespace clang::tidy::calloc {

static CharSourceRange fileRange(SourceRange R, const ASTContext &Ctx) {
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R),
                                  Ctx.getSourceManager(), Ctx.getLangOpts());
}

std::optional<std::string> spelledText(const Expr *E, const ASTContext &Ctx) {
  CharSourceRange Range = fileRange(E->getSourceRange(), Ctx);
  if (Range.isInvalid())
    return std::nullopt;
  bool Invalid = false;
  llvm::StringRef Text = Lexer::getSourceText(Range, Ctx.getSourceManager(),
                                              Ctx.getLangOpts(), &Invalid);
  if (Invalid || Text.empty())
    return std::nullopt;
  return Text.str();
}

std::string displayText(const Expr *E, const ASTContext &Ctx) {
  std::string Raw;
  if (std::optional<std::string> Spelled = spelledText(E, Ctx)) {
    Raw = *Spelled;
  } else {
    llvm::raw_string_ostream OS(Raw);
    E->printPretty(OS, nullptr, PrintingPolicy(Ctx.getLangOpts()));
  }
  std::string Folded;
  bool Space = false;
  for (char C : Raw) {
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      Space = !Folded.empty();
      continue;
    }
    if (Space)
      Folded += ' ';
    Space = false;
    Folded += C;
  }
  if (Folded.size() > 72)
    Folded = Folded.substr(0, 69) + "...";
  return Folded;
}

/// Whether \p E can stand as an operand of `*` without parentheses.
static bool isPrimary(const Expr *E) {
  E = E->IgnoreImpCasts();
  return isa<DeclRefExpr, IntegerLiteral, ParenExpr, CallExpr, MemberExpr,
             ArraySubscriptExpr, UnaryExprOrTypeTraitExpr>(E);
}

/// A factor as an argument: parentheses that only wrapped a primary
/// expression are dropped, `(n)` becomes `n`.
static std::optional<std::string> factorText(const Expr *F,
                                             const ASTContext &Ctx) {
  const Expr *Inner = F->IgnoreImpCasts();
  while (const auto *P = dyn_cast<ParenExpr>(Inner)) {
    const Expr *Sub = P->getSubExpr()->IgnoreImpCasts();
    // Parentheses that come from a macro's body stay: they are part of the
    // expansion the text is copied from.
    if (!isPrimary(Sub) || isa<ParenExpr>(Sub) || P->getLParen().isMacroID() ||
        P->getRParen().isMacroID())
      break;
    Inner = Sub;
  }
  return spelledText(Inner, Ctx);
}

/// Factors joined by ` * `, the first one cast to \p FirstCast if given.
/// A factor that is itself a binary expression (`a / b` out of `a / b * c`)
/// is parenthesized, since its place in the chain may change.
static std::optional<std::string>
joinFactors(llvm::ArrayRef<const Expr *> Factors, const ASTContext &Ctx,
            llvm::StringRef FirstCast) {
  std::string Out;
  for (size_t I = 0; I < Factors.size(); ++I) {
    std::optional<std::string> Text = factorText(Factors[I], Ctx);
    if (!Text)
      return std::nullopt;
    const Expr *Bare = Factors[I]->IgnoreImpCasts();
    if (Factors.size() > 1 &&
        isa<BinaryOperator, ConditionalOperator, BinaryConditionalOperator>(
            Bare))
      *Text = "(" + *Text + ")";
    if (I == 0 && !FirstCast.empty())
      *Text = "(" + FirstCast.str() + ")" + *Text;
    if (I)
      Out += " * ";
    Out += *Text;
  }
  return Out;
}

std::optional<CountAndSize> splitForArrayForm(const BinaryOperator *Product,
                                              const ASTContext &Ctx,
                                              const IntegerModel &Model,
                                              const ValueFacts *Facts,
                                              QualType SizeType,
                                              std::string &WhyNot) {
  llvm::SmallVector<const Expr *, 4> Factors = productFactors(Product);
  llvm::SmallVector<const Expr *, 4> Constants, Variables;
  for (const Expr *F : Factors)
    (isConstantFactor(F, Ctx) ? Constants : Variables).push_back(F);
  if (Variables.empty()) {
    WhyNot = "every factor is a constant";
    return std::nullopt;
  }

  // The constant group is computed in its own type, left to right: make
  // sure it does not overflow there before it reaches the size type.
  if (Constants.size() > 1) {
    RangeEvaluator Evaluator(Model, nullptr);
    ValueRange Value = ValueRange::point(1);
    QualType Running = Constants.front()->getType();
    for (const Expr *C : Constants) {
      Value = multiply(Value, Evaluator.evaluate(C));
      if (Model.width(C->getType()) > Model.width(Running))
        Running = C->getType();
      if (!productFits(Model, Running, Value)) {
        WhyNot = "the constant factors overflow on their own";
        return std::nullopt;
      }
    }
  }

  std::string SizeName =
      SizeType.getAsString(PrintingPolicy(Ctx.getLangOpts()));
  // `malloc(a * b)` with no constant: calloc(a, b), in the written order.
  if (Variables.size() == 2 && Constants.empty()) {
    std::optional<std::string> A = factorText(Variables[0], Ctx);
    std::optional<std::string> B = factorText(Variables[1], Ctx);
    if (!A || !B) {
      WhyNot = "a factor is not spelled in one piece of the file";
      return std::nullopt;
    }
    return CountAndSize{*A, *B};
  }

  // One factor becomes the count; the rest (the constants last, in their
  // written order) must be a size that cannot wrap on its own.
  for (unsigned I = 0; I < Variables.size(); ++I) {
    llvm::SmallVector<const Expr *, 4> Group;
    for (unsigned J = 0; J < Variables.size(); ++J)
      if (J != I)
        Group.push_back(Variables[J]);
    Group.append(Constants.begin(), Constants.end());

    RangeEvaluator Evaluator(Model, Facts);
    ValueRange Value = ValueRange::point(1);
    for (const Expr *F : Group)
      Value = multiply(Value, Evaluator.evaluate(F));
    if (!productFits(Model, SizeType, Value))
      continue;
    // Computed left to right: unless the first factor already has the size
    // type's width and is unsigned, cast it so the whole group is.
    std::string Cast;
    QualType First = Group.front()->IgnoreParenImpCasts()->getType();
    if (Group.size() > 1 && !isConstantFactor(Group.front(), Ctx) &&
        (Model.isSigned(First) || Model.width(First) < Model.width(SizeType)))
      Cast = SizeName;
    std::optional<std::string> Count = factorText(Variables[I], Ctx);
    std::optional<std::string> Size = joinFactors(Group, Ctx, Cast);
    if (!Count || !Size) {
      WhyNot = "a factor is not spelled in one piece of the file";
      return std::nullopt;
    }
    return CountAndSize{*Count, *Size};
  }
  WhyNot = "no split of the factors into a count and a size is itself free "
           "of overflow";
  return std::nullopt;
}

/// The declaration of \p Name visible where \p Callee is, seen before
/// \p Loc, taking \p NumParams parameters.
static bool isDeclaredBefore(llvm::StringRef Name, const FunctionDecl *Callee,
                             unsigned NumParams, SourceLocation Loc,
                             const ASTContext &Ctx) {
  const DeclContext *DC = Callee->getDeclContext()->getRedeclContext();
  const IdentifierInfo *II = &Ctx.Idents.get(Name);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const NamedDecl *D : DC->lookup(DeclarationName(II))) {
    const auto *FD = dyn_cast<FunctionDecl>(D->getUnderlyingDecl());
    if (!FD || FD->getNumParams() != NumParams)
      continue;
    for (const FunctionDecl *Redecl : FD->redecls())
      if (SM.isBeforeInTranslationUnit(Redecl->getLocation(), Loc))
        return true;
  }
  // Names brought into std by using-declarations (std::calloc) resolve to
  // the global declarations.
  if (const auto *NS = dyn_cast<NamespaceDecl>(DC); NS && NS->isStdNamespace())
    for (const Decl *D :
         Ctx.getTranslationUnitDecl()->lookup(DeclarationName(II)))
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        if (FD->getNumParams() == NumParams &&
            SM.isBeforeInTranslationUnit(FD->getLocation(), Loc))
          return true;
  return false;
}

static const DeclRefExpr *calleeName(const CallExpr *Call) {
  return dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
}

/// The edit that renames the callee of \p Call to \p NewCallee, a function
/// of \p NumParams parameters declared before the call; none, with \p WhyNot
/// set, when the call is not a plain call by name outside macros.
static std::optional<FixItHint> renameEdit(const CallExpr *Call,
                                           llvm::StringRef NewCallee,
                                           unsigned NumParams,
                                           const ASTContext &Ctx,
                                           std::string &WhyNot) {
  const DeclRefExpr *Name = calleeName(Call);
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Name || !Callee) {
    WhyNot = "the call is not a plain call by name";
    return std::nullopt;
  }
  if (Name->getLocation().isMacroID() || Call->getRParenLoc().isMacroID() ||
      Call->getBeginLoc().isMacroID()) {
    WhyNot = "the call is written inside a macro";
    return std::nullopt;
  }
  if (!isDeclaredBefore(NewCallee, Callee, NumParams, Call->getBeginLoc(),
                        Ctx)) {
    WhyNot = "'" + NewCallee.str() + "' is not declared before this call";
    return std::nullopt;
  }
  return FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Name->getLocation(), Name->getLocation()),
      NewCallee);
}

std::vector<FixItHint> rewriteAllocation(const CallExpr *Call,
                                         const AllocatorFamily &Family,
                                         llvm::StringRef NewCallee,
                                         llvm::StringRef NewSizeArgs,
                                         const ASTContext &Ctx,
                                         std::string &WhyNot) {
  if (Call->getNumArgs() <= Family.SizeArg) {
    WhyNot = "the call is not a plain call by name";
    return {};
  }
  std::optional<FixItHint> Rename =
      renameEdit(Call, NewCallee, Family.NumArgs + 1, Ctx, WhyNot);
  if (!Rename)
    return {};
  CharSourceRange SizeRange =
      fileRange(Call->getArg(Family.SizeArg)->getSourceRange(), Ctx);
  if (SizeRange.isInvalid()) {
    WhyNot = "the size argument is not spelled in one piece of the file";
    return {};
  }
  return {*Rename, FixItHint::CreateReplacement(SizeRange, NewSizeArgs)};
}

std::vector<FixItHint> renameCallee(const CallExpr *Call,
                                    llvm::StringRef NewCallee,
                                    const ASTContext &Ctx,
                                    std::string &WhyNot) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  std::optional<FixItHint> Rename =
      renameEdit(Call, NewCallee, Callee ? Callee->getNumParams() : 0, Ctx,
                 WhyNot);
  if (!Rename)
    return {};
  return {*Rename};
}

std::optional<std::string> calledFunctionName(llvm::StringRef Name,
                                              SourceLocation Loc,
                                              Preprocessor *PP) {
  if (!PP)
    return Name.str();
  IdentifierInfo *II = PP->getIdentifierInfo(Name);
  MacroDefinition Def = PP->getMacroDefinitionAtLoc(II, Loc);
  const MacroInfo *MI = Def.getMacroInfo();
  if (!MI)
    return Name.str();
  // `#define reallocarray openbsd_reallocarray`
  if (MI->isObjectLike() && MI->getNumTokens() == 1 &&
      MI->getReplacementToken(0).is(tok::identifier))
    return MI->getReplacementToken(0).getIdentifierInfo()->getName().str();
  return std::nullopt;
}

std::string rewrittenCallText(const CallExpr *Call,
                              const AllocatorFamily &Family,
                              llvm::StringRef NewCallee,
                              llvm::StringRef NewSizeArgs,
                              const ASTContext &Ctx) {
  std::string Out = NewCallee.str() + "(";
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (I)
      Out += ", ";
    Out += I == Family.SizeArg ? NewSizeArgs.str()
                               : displayText(Call->getArg(I), Ctx);
  }
  return Out + ")";
}

} // namespace clang::tidy::calloc
