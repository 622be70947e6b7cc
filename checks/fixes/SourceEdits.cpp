//===--- SourceEdits.cpp --------------------------------------------------===//

#include "fixes/SourceEdits.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <tuple>

namespace clang::tidy::calloc {

CharSourceRange fileRange(SourceRange R, const ASTContext &Ctx) {
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

SourceLocation reportedLoc(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isMacroID() && SM.isInSystemMacro(Loc))
    return SM.getExpansionLoc(Loc);
  return Loc;
}

SourceLocation reportedLoc(const CallExpr *Call, const SourceManager &SM) {
  SourceLocation Begin = Call->getBeginLoc();
  if (Begin.isMacroID() && SM.isMacroArgExpansion(Begin)) {
    SourceLocation Callee =
        Call->getCallee()->IgnoreParenImpCasts()->getExprLoc();
    if (Callee.isMacroID() && !SM.isMacroArgExpansion(Callee))
      Begin = Callee;
  }
  return reportedLoc(Begin, SM);
}

bool editsSystemHeader(const std::vector<FixItHint> &Edits,
                       const SourceManager &SM) {
  return llvm::any_of(Edits, [&](const FixItHint &Hint) {
    SourceLocation At = Hint.RemoveRange.getBegin();
    return At.isValid() && SM.isInSystemHeader(SM.getSpellingLoc(At));
  });
}

SourceLocation writtenTokenLoc(SourceLocation Loc, const ASTContext &Ctx) {
  if (Loc.isInvalid() || Loc.isFileID())
    return Loc;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // The whole expansion of a macro's body, in one step from the file.
  if (!SM.isMacroBodyExpansion(Loc) ||
      !Lexer::isAtStartOfMacroExpansion(Loc, SM, LO) ||
      !Lexer::isAtEndOfMacroExpansion(Loc, SM, LO))
    return {};
  CharSourceRange Use = SM.getImmediateExpansionRange(Loc);
  if (!Use.getBegin().isFileID() || Use.getBegin() != Use.getEnd())
    return {};
  return Use.getBegin();
}

std::string foldWhitespace(llvm::StringRef Text) {
  std::string Folded;
  bool Space = false;
  for (char C : Text) {
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\f' ||
        C == '\v') {
      Space = !Folded.empty();
      continue;
    }
    if (Space)
      Folded += ' ';
    Space = false;
    Folded += C;
  }
  return Folded;
}

std::string displayText(const Expr *E, const ASTContext &Ctx) {
  std::string Raw;
  if (std::optional<std::string> Spelled = spelledText(E, Ctx)) {
    Raw = *Spelled;
  } else {
    llvm::raw_string_ostream OS(Raw);
    E->printPretty(OS, nullptr, PrintingPolicy(Ctx.getLangOpts()));
  }
  std::string Folded = foldWhitespace(Raw);
  if (Folded.size() > 72)
    Folded = Folded.substr(0, 69) + "...";
  return Folded;
}

//===----------------------------------------------------------------------===//
// Removing a statement
//===----------------------------------------------------------------------===//

static bool isBlank(StringRef Line) {
  return Line.find_first_not_of(" \t\r\n\f\v") == StringRef::npos;
}

static size_t lineStart(StringRef Data, size_t Pos) {
  size_t Newline = Data.substr(0, Pos).rfind('\n');
  return Newline == StringRef::npos ? 0 : Newline + 1;
}

/// Offset just past the newline that ends the line containing \p Pos.
static size_t nextLineStart(StringRef Data, size_t Pos) {
  size_t Newline = Data.find('\n', Pos);
  return Newline == StringRef::npos ? Data.size() : Newline + 1;
}

static size_t skipBlanks(StringRef Data, size_t Pos) {
  while (Pos < Data.size() && (Data[Pos] == ' ' || Data[Pos] == '\t'))
    ++Pos;
  return Pos;
}

/// The tokens of \p Text, lexed raw (comments skipped): a copy, since the
/// lexer needs the text to end in a NUL.
static void forEachRawToken(StringRef Text, const ASTContext &Ctx,
                            llvm::function_ref<bool(const Token &)> Visit) {
  std::string Copy = Text.str();
  Lexer Raw(SourceLocation(), Ctx.getLangOpts(), Copy.c_str(), Copy.c_str(),
            Copy.c_str() + Copy.size());
  Token Tok;
  do {
    Raw.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof) || !Visit(Tok))
      return;
  } while (true);
}

/// Whether only spaces and comments (such as a lint annotation for the
/// statement) stand on its line before \p Begin.
static bool onlyCommentsBefore(StringRef Data, size_t LineBegin, size_t Begin,
                               const ASTContext &Ctx) {
  bool Code = false;
  forEachRawToken(Data.slice(LineBegin, Begin), Ctx, [&](const Token &) {
    Code = true;
    return false;
  });
  return !Code;
}

/// The end of the line containing \p Pos, before its newline (and the
/// carriage return of a CRLF).
static size_t lineEnd(StringRef Data, size_t Pos) {
  size_t Newline = Data.find('\n', Pos);
  if (Newline == StringRef::npos)
    return Data.size();
  return Newline > Pos && Data[Newline - 1] == '\r' ? Newline - 1 : Newline;
}

/// Past the `//` comment lines that continue a trailing `//` comment
/// starting at \p Comment: the lines right after it holding only a `//`
/// comment in the same column.
static size_t pastContinuedComment(StringRef Data, size_t Comment, size_t End) {
  size_t Column = Comment - lineStart(Data, Comment);
  while (End < Data.size()) {
    size_t Next = nextLineStart(Data, End);
    size_t Text = skipBlanks(Data, Next);
    if (Text - Next != Column || !Data.substr(Text).starts_with("//"))
      break;
    End = lineEnd(Data, Text);
  }
  return End;
}

/// The offset past the comments that end the statement's line, if any do
/// (`memset(...); // clear`, `/* a */ /* b */`), with the lines that
/// continue a trailing `//` comment in its column; or past the spaces after
/// \p End.
static size_t pastTrailingComments(StringRef Data, size_t End) {
  size_t After = skipBlanks(Data, End);
  while (Data.substr(After).starts_with("/*")) {
    size_t Close = Data.find("*/", After + 2);
    if (Close == StringRef::npos ||
        Data.slice(After, Close).find('\n') != StringRef::npos)
      return After;
    After = skipBlanks(Data, Close + 2);
  }
  if (Data.substr(After).starts_with("//"))
    return pastContinuedComment(Data, After, lineEnd(Data, After));
  return After;
}

namespace {
/// The bytes of a statement in its file, and the file's text.
struct Span {
  FileID File;
  StringRef Data;
  size_t Begin = 0, End = 0;
};
} // namespace

/// The bytes of \p S with its semicolon, when all of it is written in one
/// file outside macros.
static std::optional<Span> statementSpan(const Stmt *S, llvm::StringRef What,
                                         const ASTContext &Ctx,
                                         std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = writtenTokenLoc(S->getBeginLoc(), Ctx);
  SourceLocation E = S->getEndLoc();
  WhyNot = What.str() + " is written inside a macro";
  if (B.isInvalid() || E.isInvalid() || !B.isFileID() || !E.isFileID())
    return std::nullopt;
  auto [File, Begin] = SM.getDecomposedLoc(B);
  auto [EndFile, EndTok] = SM.getDecomposedLoc(E);
  bool Invalid = false;
  StringRef Data = SM.getBufferData(File, &Invalid);
  if (File != EndFile || EndTok < Begin || Invalid || EndTok >= Data.size())
    return std::nullopt;
  // A block ends in its brace and a declaration in its semicolon; an
  // expression is followed by one.
  SourceLocation After =
      Data[EndTok] == '}' || (isa<DeclStmt>(S) && Data[EndTok] == ';')
          ? Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts())
          : Lexer::findLocationAfterToken(E, tok::semi, SM, Ctx.getLangOpts(),
                                          /*SkipTrailingWhitespaceAndNewLine=*/
                                          false);
  if (After.isInvalid()) {
    WhyNot = What.str() + " does not end in ';'";
    return std::nullopt;
  }
  WhyNot.clear();
  return Span{File, Data, Begin, SM.getFileOffset(After)};
}

/// The first and the last token of \p Line, comments aside.
static std::pair<tok::TokenKind, tok::TokenKind>
outerTokens(StringRef Line, const ASTContext &Ctx) {
  std::pair<tok::TokenKind, tok::TokenKind> Kinds{tok::unknown, tok::unknown};
  forEachRawToken(Line, Ctx, [&](const Token &Tok) {
    if (Kinds.first == tok::unknown)
      Kinds.first = Tok.getKind();
    Kinds.second = Tok.getKind();
    return true;
  });
  return Kinds;
}

/// When the statement had its line to itself: from the newline before the
/// line to the one that ends it, so that the edit never ends right before a
/// space (clang's fix-it merging would take that space too); with a blank
/// line around it that would otherwise end up doubled or against a brace
/// (a comment after the brace aside). Comment lines around it stay.
static void widenToLine(StringRef Data, size_t LineBegin, size_t LineEnd,
                        const ASTContext &Ctx, size_t &Begin, size_t &End) {
  auto NewlineBefore = [&](size_t Line) {
    return Line >= 2 && Data[Line - 2] == '\r' ? Line - 2 : Line - 1;
  };
  Begin = NewlineBefore(LineBegin);
  End = LineEnd;
  size_t Next = nextLineStart(Data, LineEnd);
  size_t PrevBegin = lineStart(Data, Begin);
  StringRef Prev = Data.slice(PrevBegin, Begin);
  StringRef NextLine = Data.slice(Next, nextLineStart(Data, Next));
  bool HasNext = Next < Data.size();
  bool PrevBlank = PrevBegin > 0 && isBlank(Prev);
  bool NextBlank = HasNext && isBlank(NextLine);
  bool PrevOpens = outerTokens(Prev, Ctx).second == tok::l_brace;
  bool NextCloses = HasNext && outerTokens(NextLine, Ctx).first == tok::r_brace;
  if (PrevBlank && (NextBlank || NextCloses)) {
    Begin = NewlineBefore(PrevBegin);
  } else if (NextBlank && PrevOpens) {
    size_t Ending = Data.find('\n', Next);
    End = Ending == StringRef::npos ? Data.size() : Ending;
    if (End > Next && Data[End - 1] == '\r')
      --End;
  }
}

std::optional<StatementRemoval> removeStatement(const Stmt *S,
                                                llvm::StringRef What,
                                                const ASTContext &Ctx,
                                                std::string &WhyNot) {
  std::optional<Span> Found = statementSpan(S, What, Ctx, WhyNot);
  if (!Found)
    return std::nullopt;
  StringRef Data = Found->Data;
  size_t Begin = Found->Begin, End = Found->End;
  size_t LineBegin = lineStart(Data, Begin);
  bool AloneBefore = onlyCommentsBefore(Data, LineBegin, Begin, Ctx);
  size_t After = pastTrailingComments(Data, End);
  bool AloneAfter = After == Data.size() || Data[After] == '\n' ||
                    Data.substr(After).starts_with("\r\n");
  if (AloneBefore && AloneAfter && LineBegin > 0) {
    widenToLine(Data, LineBegin, After, Ctx, Begin, End);
  } else if (AloneBefore) {
    // Code follows on the line: it takes the statement's place, after the
    // indentation.
    Begin = skipBlanks(Data, LineBegin);
    End = skipBlanks(Data, End);
  } else {
    while (Begin > LineBegin &&
           (Data[Begin - 1] == ' ' || Data[Begin - 1] == '\t'))
      --Begin;
  }
  SourceLocation Start =
      Ctx.getSourceManager().getLocForStartOfFile(Found->File);
  return StatementRemoval{
      FixItHint::CreateRemoval(CharSourceRange::getCharRange(
          Start.getLocWithOffset(Begin), Start.getLocWithOffset(End))),
      Found->File, unsigned(Begin), unsigned(End)};
}

std::vector<FixItHint> joinRemovals(std::vector<StatementRemoval> Removals,
                                    const ASTContext &Ctx) {
  llvm::sort(Removals,
             [](const StatementRemoval &A, const StatementRemoval &B) {
               return std::tie(A.File, A.Begin) < std::tie(B.File, B.Begin);
             });
  // Two removals may share the blank line between them: one edit removes
  // both, or clang would refuse the overlapping pair.
  std::vector<StatementRemoval> Joined;
  for (const StatementRemoval &R : Removals) {
    if (!Joined.empty() && Joined.back().File == R.File &&
        R.Begin <= Joined.back().End)
      Joined.back().End = std::max(Joined.back().End, R.End);
    else
      Joined.push_back(R);
  }
  std::vector<FixItHint> Edits;
  for (const StatementRemoval &R : Joined) {
    SourceLocation Start = Ctx.getSourceManager().getLocForStartOfFile(R.File);
    Edits.push_back(FixItHint::CreateRemoval(CharSourceRange::getCharRange(
        Start.getLocWithOffset(R.Begin), Start.getLocWithOffset(R.End))));
  }
  return Edits;
}

bool directiveBetween(SourceLocation From, FileID File, unsigned End,
                      const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  From = SM.getExpansionLoc(From);
  StringRef Data = SM.getBufferData(File);
  if (SM.getFileID(From) != File || End > Data.size())
    return false;
  size_t Begin = lineStart(Data, SM.getFileOffset(From));
  bool Directive = false;
  forEachRawToken(Data.slice(Begin, End), Ctx, [&](const Token &Tok) {
    Directive = Tok.is(tok::hash) && Tok.isAtStartOfLine();
    return !Directive;
  });
  return Directive;
}

} // namespace clang::tidy::calloc
