//===--- SourceEdits.h - source text and exact edits
//-----------------------===//
//
// The text of expressions as written, for messages and for the pieces a
// fix-it copies; and the removal of a whole statement, with its line when it
// stood alone (and the comments that ended that line), so the file reads as
// if the statement had never been written.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FIXES_SOURCEEDITS_H
#define CALLOC_TIDY_FIXES_SOURCEEDITS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::calloc {

/// The file range \p R covers, when it maps to one range of a file
/// (possibly a whole macro expansion such as `ITEM_SIZE`).
CharSourceRange fileRange(SourceRange R, const ASTContext &Ctx);

/// The source text of \p E as written, when it maps to one range of a file.
std::optional<std::string> spelledText(const Expr *E, const ASTContext &Ctx);

/// Where the token at \p Loc is written in a file: \p Loc itself, or, for
/// the one token an object-like macro expands to (`#define xmalloc
/// malloc`), the macro's name where it is used, which an edit can replace
/// as it would the token. Invalid for any other location in a macro.
SourceLocation writtenTokenLoc(SourceLocation Loc, const ASTContext &Ctx);

/// Where a diagnostic about the code at \p Loc goes: \p Loc, unless it
/// lies in a macro spelled in a system header (`_ogg_malloc` defined as
/// `malloc` in `<ogg/os_types.h>`), where clang-tidy would drop it: then
/// the expansion in the file that uses the macro.
SourceLocation reportedLoc(SourceLocation Loc, const SourceManager &SM);

/// Where a diagnostic about \p Call goes: as reportedLoc() for its first
/// token, except that a call a macro writes around one of its arguments
/// (`#define REALLOC(p, s) (p->mem.realloc_fcn((s)))`, whose first token
/// is the argument `p`) is reported at its callee, which the macro spells:
/// on the line of the macro's use, not of an argument further down.
SourceLocation reportedLoc(const CallExpr *Call, const SourceManager &SM);

/// Whether one of \p Edits changes a system header (a macro it defines).
bool editsSystemHeader(const std::vector<FixItHint> &Edits,
                       const SourceManager &SM);

/// \p Text with each run of whitespace (line breaks too) made one space, and
/// none at either end: code quoted in a one-line message.
std::string foldWhitespace(llvm::StringRef Text);

/// \p E's text for a message: as written, whitespace folded, shortened.
std::string displayText(const Expr *E, const ASTContext &Ctx);

/// A statement removed from a file: the edit, and the bytes it removes.
struct StatementRemoval {
  FixItHint Edit;
  FileID File;
  unsigned Begin = 0, End = 0;
};

/// Removes \p S: the whole line when nothing else is on it (the comments
/// after it go too, with the lines that continue a trailing `//` comment in
/// its column), otherwise the statement and the spaces that set it apart.
/// A blank line that would end up doubled, or next to a brace, goes as
/// well. Comment lines above it stay: they may speak for the code around. None,
/// with \p WhyNot set, when \p S is not all in one file outside macros or does
/// not end in `;` (\p What names it there: "the zeroing call").
std::optional<StatementRemoval> removeStatement(const Stmt *S,
                                                llvm::StringRef What,
                                                const ASTContext &Ctx,
                                                std::string &WhyNot);

/// The edits that make \p Removals, removals that overlap or touch joined
/// into one.
std::vector<FixItHint> joinRemovals(std::vector<StatementRemoval> Removals,
                                    const ASTContext &Ctx);

/// Whether a preprocessor directive stands between \p From (a location in
/// \p File) and the offset \p End of that file: code on the other side of
/// an `#if` was never seen, so an edit across it could be wrong.
bool directiveBetween(SourceLocation From, FileID File, unsigned End,
                      const ASTContext &Ctx);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FIXES_SOURCEEDITS_H
