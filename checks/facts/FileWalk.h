//===--- FileWalk.h - one walk over the code of a translation unit --------===//
//
// Two analyses read every statement of the translation unit outside system
// headers: CallSites (the direct calls of each internal function, and the
// functions named other than by a call) and ValueSources (what the file
// writes to each field and global). One walk feeds them both, the first
// time either asks; a file whose checks never ask is not walked at all.
// The walk also keeps the calls each function's own code makes, which the
// matchers would otherwise find with a walk of each body of their own
// (AllocationMatchers.h, ownCalls).
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_FACTS_FILEWALK_H
#define CALLOC_TIDY_FACTS_FILEWALK_H

#include "support/Callees.h"
#include "support/StatementOperands.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace clang::tidy::calloc {


/// An analysis that reads the statements of the file that can change or
/// name something, and the tests that decide what runs: assignments
/// (compound ones too), comparisons (`<`, `>`, `<=`, `>=`), `++` and `--`,
/// calls, the names of functions and `if` statements (those
/// BinaryOperators and UnaryOperators, CallExpr and its subclasses, a
/// DeclRefExpr of a FunctionDecl, and IfStmt); parents before their
/// children (a call before the name of its callee, an `if` before its
/// condition). The other statements, most of any file (names of variables,
/// arithmetic and logical operators among them), are walked through but
/// not handed over.
class StatementReader {
public:
  virtual ~StatementReader() = default;
  virtual void read(const Stmt *S) = 0;
  /// The same, with the function (or block) whose own code \p S is, or
  /// null outside any (a global's initializer).
  virtual void readIn(const Stmt *S, const Decl *Owner) { read(S); }
};

class FileWalk {
public:
  /// The walk of the translation unit this thread checks: the latest made
  /// and not yet destroyed (clangd checks files on several threads).
  explicit FileWalk(ASTContext &Ctx);
  ~FileWalk();
  FileWalk(const FileWalk &) = delete;
  FileWalk &operator=(const FileWalk &) = delete;

  /// \p Reader reads the statements when the walk runs; add it before.
  void add(StatementReader &Reader) { Readers.push_back(&Reader); }

  /// Walks the file for every reader, the first time it is called.
  void ensureWalked();

  /// This thread's walk (see the constructor), or null.
  static const FileWalk *current();

  /// Once the file is walked: the calls in the body of \p Function (a
  /// function, or a block) in source order, those of the lambdas and
  /// blocks inside it left to them; nullopt before the walk, and for code
  /// it does not read (system headers, implicit members).
  std::optional<llvm::ArrayRef<const CallExpr *>>
  ownCalls(const Decl *Function) const;

private:
  ASTContext &Ctx;
  llvm::SmallVector<StatementReader *, 2> Readers;
  bool Walked = false;
  llvm::DenseMap<const Decl *, std::vector<const CallExpr *>> Calls;
};

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_FACTS_FILEWALK_H
