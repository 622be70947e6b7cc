//===--- FileWalk.h - one walk over the code of a translation unit --------===//
//
// Two analyses read every statement of the translation unit outside system
// headers: CallSites (the direct calls of each internal function, and the
// functions named other than by a call) and ValueSources (what the file
// writes to each field and global). One walk feeds them both, the first
// time either asks; a file whose checks never ask is not walked at all.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FILEWALK_H
#define CALLOC_TIDY_FILEWALK_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::calloc {

/// Whether \p D is declared in a system header: code there cannot call or
/// write what the translation unit defines, so walks skip it.
bool inSystemHeader(const Decl *D, const SourceManager &SM);

/// An analysis that reads the statements of the file that can change or
/// name something: operators, calls and names (BinaryOperator,
/// UnaryOperator, CallExpr, DeclRefExpr, and their subclasses); parents
/// before their children (a call before the name of its callee). The
/// other statements, most of any file, are walked through but not handed
/// over.
class StatementReader {
public:
  virtual ~StatementReader() = default;
  virtual void read(const Stmt *S) = 0;
};

class FileWalk {
public:
  explicit FileWalk(ASTContext &Ctx) : Ctx(Ctx) {}

  /// \p Reader reads the statements when the walk runs; add it before.
  void add(StatementReader &Reader) { Readers.push_back(&Reader); }

  /// Walks the file for every reader, the first time it is called.
  void ensureWalked();

private:
  ASTContext &Ctx;
  llvm::SmallVector<StatementReader *, 2> Readers;
  bool Walked = false;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FILEWALK_H
