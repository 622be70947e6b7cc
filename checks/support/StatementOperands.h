//===--- StatementOperands.h - operands read without children() ----------===//
//
// The walks that read whole function bodies (the file walk, a function's
// touches of its locals, the locals holding products, the allocation sites
// of the memset check) spend most of their time on a few kinds of
// expression: names, literals, casts, parentheses, member accesses, unary
// and binary operators. Stmt::children() is an out-of-line switch over
// every statement class and an iterator of three fields; for these kinds
// the operands are read here directly, at a fraction of that cost. And
// the one rule of which function owns a statement, for all of them.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_SUPPORT_STATEMENTOPERANDS_H
#define CALLOC_TIDY_SUPPORT_STATEMENTOPERANDS_H

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Compiler.h"

#include <algorithm>

namespace clang::tidy::calloc {

/// When \p S is one of the commonest expressions, sets \p First and
/// \p Second to its operands in source order (null where it has fewer:
/// both for a name or a literal) and returns true: they are then exactly
/// its children(). False for any other statement.
LLVM_ATTRIBUTE_ALWAYS_INLINE bool
plainOperands(const Stmt *S, const Stmt *&First, const Stmt *&Second) {
  First = Second = nullptr;
  switch (S->getStmtClass()) {
  case Stmt::DeclRefExprClass:
  case Stmt::IntegerLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::StringLiteralClass:
  case Stmt::FloatingLiteralClass:
    return true;
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
    First = cast<CastExpr>(S)->getSubExpr();
    return true;
  case Stmt::ParenExprClass:
    First = cast<ParenExpr>(S)->getSubExpr();
    return true;
  case Stmt::UnaryOperatorClass:
    First = cast<UnaryOperator>(S)->getSubExpr();
    return true;
  case Stmt::MemberExprClass:
    First = cast<MemberExpr>(S)->getBase();
    return true;
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    First = cast<BinaryOperator>(S)->getLHS();
    Second = cast<BinaryOperator>(S)->getRHS();
    return true;
  default:
    return false;
  }
}

/// Pushes onto \p Work the parts of \p S that are code of the same
/// function as \p S, the first on top: its children, except that of a
/// lambda only the captures' initializers are (its body is the call
/// operator's), and of a block none is (its body is the block's). The
/// one rule of which function owns a statement, for every walk of a
/// function's code (the file walk, the matchers, the memset check's
/// allocation sites, the locals holding products).
/// Every statement of the file passes here: always inlined, and the
/// commonest kinds take their operands directly (plainOperands()).
LLVM_ATTRIBUTE_ALWAYS_INLINE void
pushOwnParts(const Stmt *S, llvm::SmallVectorImpl<const Stmt *> &Work) {
  // Pushed last to first: the first on top.
  if (const Stmt *First, *Second; plainOperands(S, First, Second)) {
    if (Second)
      Work.push_back(Second);
    if (First)
      Work.push_back(First);
    return;
  }
  auto Push = [&](const Stmt *Part) {
    if (Part)
      Work.push_back(Part);
  };
  size_t First = Work.size();
  if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
    for (const Expr *Init : Lambda->capture_inits())
      Push(Init);
  } else {
    for (const Stmt *Child : S->children())
      Push(Child);
  }
  std::reverse(Work.begin() + First, Work.end()); // source order
}

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_SUPPORT_STATEMENTOPERANDS_H
