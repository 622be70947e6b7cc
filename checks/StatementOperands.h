//===--- StatementOperands.h - operands read without children() ----------===//
//
// The walks that read whole function bodies (the file walk, a function's
// touches of its locals, the locals holding products, the allocation sites
// of the memset check) spend most of their time on a few kinds of
// expression: names, literals, casts, parentheses, member accesses, unary
// and binary operators. Stmt::children() is an out-of-line switch over
// every statement class and an iterator of three fields; for these kinds
// the operands are read here directly, at a fraction of that cost.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_STATEMENTOPERANDS_H
#define CALLOC_TIDY_STATEMENTOPERANDS_H

#include "clang/AST/Expr.h"
#include "llvm/Support/Compiler.h"

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

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_STATEMENTOPERANDS_H
