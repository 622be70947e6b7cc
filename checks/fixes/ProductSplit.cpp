//===--- ProductSplit.cpp -------------------------------------------------===//

#include "fixes/ProductSplit.h"
#include "analysis/expressions/SizeExpressions.h"
#include "fixes/SourceEdits.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::calloc {

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

/// A factor that becomes a whole argument: its parentheses are not needed
/// any more, `(n + 1)` becomes `n + 1`; only those around a comma
/// expression, which would split the argument, and those a macro body
/// wrote stay.
static std::optional<std::string> argumentText(const Expr *F,
                                               const ASTContext &Ctx) {
  const Expr *Inner = F->IgnoreImpCasts();
  while (const auto *P = dyn_cast<ParenExpr>(Inner)) {
    const Expr *Sub = P->getSubExpr()->IgnoreImpCasts();
    const auto *Comma = dyn_cast<BinaryOperator>(Sub);
    if ((Comma && Comma->getOpcode() == BO_Comma) ||
        P->getLParen().isMacroID() || P->getRParen().isMacroID())
      break;
    Inner = Sub;
  }
  return spelledText(Inner, Ctx);
}

/// Whether a name's last word says it is the size of one element: `size`
/// or any word ending in it (`elsize`, `itemsize`, `elem_size`,
/// `itemSize`), `sz`, `width`, `kind`.
static bool namesElementSize(llvm::StringRef Name) {
  Name = Name.rtrim('_');
  size_t Start = 0;
  for (size_t I = 1; I < Name.size(); ++I)
    if (Name[I - 1] == '_' ||
        (isLowercase(Name[I - 1]) && isUppercase(Name[I])))
      Start = I;
  std::string Word = Name.substr(Start).lower();
  return llvm::StringRef(Word).ends_with("size") || Word == "sz" ||
         Word == "width" || Word == "kind";
}

/// A variable, parameter or field whose name says it is an element size
/// (`kind` in `len * kind`), through parens and casts.
static bool isElementSize(const Expr *F) {
  const Expr *E = F->IgnoreParenCasts();
  const NamedDecl *D = nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    D = dyn_cast<VarDecl>(Ref->getDecl());
  else if (const auto *Member = dyn_cast<MemberExpr>(E))
    D = dyn_cast<FieldDecl>(Member->getMemberDecl());
  return D && D->getIdentifier() && namesElementSize(D->getName());
}

/// Factors joined by ` * `, the first one cast to \p FirstCast if given.
/// A factor that is itself a binary expression (`a / b` out of `a / b * c`)
/// is parenthesized, since its place in the chain may change.
static std::optional<std::string>
joinFactors(llvm::ArrayRef<const Expr *> Factors, const ASTContext &Ctx,
            llvm::StringRef FirstCast) {
  if (Factors.size() == 1 && FirstCast.empty())
    return argumentText(Factors.front(), Ctx);
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

/// Whether the constant factors, multiplied left to right in their own
/// types, stay in range before they reach the size type.
static bool constantsFit(llvm::ArrayRef<const Expr *> Constants,
                         const IntegerModel &Model) {
  RangeEvaluator Evaluator(Model, nullptr);
  ValueRange Value = ValueRange::point(1);
  QualType Running = Constants.front()->getType();
  for (const Expr *C : Constants) {
    Value = multiply(Value, Evaluator.evaluate(C));
    if (Model.width(C->getType()) > Model.width(Running))
      Running = C->getType();
    if (!productFits(Model, Running, Value))
      return false;
  }
  return true;
}

/// (count, size) with \p Variables[Count] as the count and the other
/// factors, constants last, as the size; none when that size could wrap.
static std::optional<CountAndSize>
splitAround(unsigned Count, llvm::ArrayRef<const Expr *> Variables,
            llvm::ArrayRef<const Expr *> Constants, const ASTContext &Ctx,
            const IntegerModel &Model, const ValueFacts *Facts,
            QualType SizeType, std::string &WhyNot) {
  llvm::SmallVector<const Expr *, 4> Group;
  for (unsigned J = 0; J < Variables.size(); ++J)
    if (J != Count)
      Group.push_back(Variables[J]);
  Group.append(Constants.begin(), Constants.end());

  RangeEvaluator Evaluator(Model, Facts);
  ValueRange Value = ValueRange::point(1);
  for (const Expr *F : Group)
    Value = multiply(Value, Evaluator.evaluate(F));
  if (!productFits(Model, SizeType, Value))
    return std::nullopt;
  // Computed left to right: unless the first factor already has the size
  // type's width and is unsigned, cast it so the whole group is.
  std::string Cast;
  QualType First = Group.front()->IgnoreParenImpCasts()->getType();
  if (Group.size() > 1 && !isConstantFactor(Group.front(), Ctx) &&
      (Model.isSigned(First) || Model.width(First) < Model.width(SizeType)))
    Cast = SizeType.getAsString(PrintingPolicy(Ctx.getLangOpts()));
  std::optional<std::string> CountText = argumentText(Variables[Count], Ctx);
  std::optional<std::string> SizeText = joinFactors(Group, Ctx, Cast);
  if (!CountText || !SizeText) {
    WhyNot = "a factor is not spelled in one piece of the file";
    return std::nullopt;
  }
  return CountAndSize{*CountText, *SizeText};
}

std::optional<CountAndSize>
splitForArrayForm(const BinaryOperator *Product, const ASTContext &Ctx,
                  const IntegerModel &Model, const ValueFacts *Facts,
                  QualType SizeType, std::string &WhyNot) {
  // Count first, size second: a factor named as an element size goes after
  // the other variables, which keep their written order.
  llvm::SmallVector<const Expr *, 4> Constants, Variables, Sizes;
  for (const Expr *F : productFactors(Product))
    (isConstantFactor(F, Ctx) ? Constants
     : isElementSize(F)       ? Sizes
                              : Variables)
        .push_back(F);
  Variables.append(Sizes.begin(), Sizes.end());
  if (Variables.empty()) {
    WhyNot = "every factor is a constant";
    return std::nullopt;
  }
  if (Constants.size() > 1 && !constantsFit(Constants, Model)) {
    WhyNot = "the constant factors overflow on their own";
    return std::nullopt;
  }
  // `malloc(a * b)` with no constant: calloc(a, b).
  if (Variables.size() == 2 && Constants.empty()) {
    std::optional<std::string> A = argumentText(Variables[0], Ctx);
    std::optional<std::string> B = argumentText(Variables[1], Ctx);
    if (!A || !B) {
      WhyNot = "a factor is not spelled in one piece of the file";
      return std::nullopt;
    }
    return CountAndSize{*A, *B};
  }
  // One factor becomes the count; the rest must be a size that cannot wrap
  // on its own.
  for (unsigned I = 0; I < Variables.size(); ++I) {
    std::string Unspelled;
    std::optional<CountAndSize> Split = splitAround(
        I, Variables, Constants, Ctx, Model, Facts, SizeType, Unspelled);
    if (!Unspelled.empty())
      WhyNot = Unspelled;
    if (Split || !Unspelled.empty())
      return Split;
  }
  WhyNot = "no split of the factors into a count and a size is itself free "
           "of overflow";
  return std::nullopt;
}

/// Whether \p Text has a comma outside parentheses, which would split a
/// macro argument (`struct pair<int, int>`).
static bool hasBareComma(llvm::StringRef Text) {
  int Depth = 0;
  for (char C : Text) {
    Depth += C == '(' ? 1 : C == ')' ? -1 : 0;
    if (C == ',' && Depth == 0)
      return true;
  }
  return false;
}

std::optional<ElementAndCount>
splitForObjectsForm(const BinaryOperator *Product, const ASTContext &Ctx,
                    std::string &WhyNot) {
  llvm::SmallVector<const Expr *, 4> Factors = productFactors(Product);
  const UnaryExprOrTypeTraitExpr *Sizeof = nullptr;
  const Expr *Count = nullptr;
  for (const Expr *F : Factors) {
    const auto *S =
        dyn_cast<UnaryExprOrTypeTraitExpr>(F->IgnoreParenImpCasts());
    if (S && S->getKind() == UETT_SizeOf && !Sizeof)
      Sizeof = S;
    else
      Count = F;
  }
  if (Factors.size() != 2 || !Sizeof || !Count ||
      isConstantFactor(Count, Ctx)) {
    WhyNot = "the size is not a count times the size of one element";
    return std::nullopt;
  }
  QualType Element = Sizeof->getTypeOfArgument();
  if (Element.isNull() || Element->isVoidType() ||
      Element->isVariablyModifiedType() || Element->isDependentType()) {
    WhyNot = "the element's type cannot name the result";
    return std::nullopt;
  }
  std::optional<std::string> ElementText;
  if (Sizeof->isArgumentType()) {
    CharSourceRange Range = fileRange(
        Sizeof->getArgumentTypeInfo()->getTypeLoc().getSourceRange(), Ctx);
    if (Range.isValid())
      ElementText =
          Lexer::getSourceText(Range, Ctx.getSourceManager(), Ctx.getLangOpts())
              .str();
  } else {
    ElementText = spelledText(Sizeof->getArgumentExpr()->IgnoreParens(), Ctx);
  }
  std::optional<std::string> CountText = argumentText(Count, Ctx);
  if (!ElementText || ElementText->empty() || !CountText) {
    WhyNot = "a factor is not spelled in one piece of the file";
    return std::nullopt;
  }
  if (hasBareComma(*ElementText) || hasBareComma(*CountText)) {
    WhyNot = "a comma in a factor would split the macro's arguments";
    return std::nullopt;
  }
  return ElementAndCount{*ElementText, *CountText, Element};
}

std::optional<CountAndSize> splitConstants(const BinaryOperator *Product,
                                           const ASTContext &Ctx) {
  llvm::SmallVector<const Expr *, 4> Factors = productFactors(Product);
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
  std::optional<std::string> CountText = argumentText(Count, Ctx);
  std::optional<std::string> SizeText = argumentText(Size, Ctx);
  if (!CountText || !SizeText)
    return std::nullopt;
  return CountAndSize{*CountText, *SizeText};
}

} // namespace clang::tidy::calloc
