//===--- StorageLocations.h - what an lvalue names
//-------------------------===//
//
// Both checks ask what storage an expression reads or writes, at two grains:
//   * a ValueKey is a value the guard dataflow can follow and bound: a local
//     or global variable, a field of one (`s.len`, `p->count`), or an
//     element indexed by a variable (`sizes[i]`);
//   * a Place is the storage an access may touch, as far as one statement
//     tells: a variable, or the memory a pointer variable (or `this`)
//     points to, narrowed to the first field selected from it. Two accesses
//     conflict when their places may overlap.
// Every other file asks these questions here.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ANALYSIS_EXPRESSIONS_STORAGELOCATIONS_H
#define CALLOC_TIDY_ANALYSIS_EXPRESSIONS_STORAGELOCATIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <vector>

namespace clang::tidy::calloc {

/// A value the dataflow follows: a variable, a field of a variable, or an
/// element of an array or pointer variable indexed by a variable.
struct ValueKey {
  const ValueDecl *Var = nullptr;
  const FieldDecl *Field = nullptr;
  const ValueDecl *Index = nullptr;

  bool isPart() const { return Field || Index; }
  /// The whole variable this key is part of (itself for a variable).
  ValueKey whole() const { return {Var, nullptr, nullptr}; }
  bool operator==(const ValueKey &O) const {
    return Var == O.Var && Field == O.Field && Index == O.Index;
  }
  bool operator!=(const ValueKey &O) const { return !(*this == O); }
};

/// Strips parens, implicit casts and explicit integer casts to a type at
/// least as wide: `(size_t)n` and `n` name the same value for a guard on n.
const Expr *stripWideningCasts(const Expr *E, const ASTContext &Ctx);

/// The key \p E reads, through parens and implicit casts.
std::optional<ValueKey> keyOf(const Expr *E);

/// The key an operand of arithmetic or of a comparison reads, also through
/// widening casts: `(size_t)n` names n for a guard on n.
std::optional<ValueKey> keyOfOperand(const Expr *E, const ASTContext &Ctx);

/// Adds every key read in \p S to \p Keys (and, for a field or element, the
/// whole variable, whose new value is a new value of the part).
void collectKeys(const Stmt *S, std::vector<ValueKey> &Keys);

/// The type of the value \p Key names.
QualType typeOfKey(const ValueKey &Key);

/// The storage an lvalue names: a variable, or the memory a pointer
/// variable (or `this`) points to, narrowed to the first field selected
/// from it. Anything else is unknown.
struct Place {
  const VarDecl *Root = nullptr;
  bool IsThis = false;
  /// The memory Root points to, rather than the variable Root.
  bool Indirect = false;
  /// The first field selected from the root; null for all of it.
  const FieldDecl *First = nullptr;
  /// The field selected from First, a structure (or an element of an array
  /// of them), with no pointer between (`p->dsd.lookup`, `s.rows[i].len`);
  /// null for all of First.
  const FieldDecl *Second = nullptr;

  bool known() const { return Root || IsThis; }
  /// The same variable, or both `this`.
  bool sameRoot(const Place &O) const {
    return known() && O.known() && IsThis == O.IsThis && Root == O.Root;
  }
  /// For a place with the same root: may the two share storage? Two
  /// fields of one structure never do.
  bool overlapsSameRoot(const Place &O) const {
    return Indirect == O.Indirect &&
           (!First || !O.First ||
            (First == O.First &&
             (!Second || !O.Second || Second == O.Second)));
  }
};

/// Strips parens and the implicit casts that do not change which object an
/// lvalue names.
const Expr *stripLvalue(const Expr *E);

/// The place lvalue \p E names.
Place placeOf(const Expr *E);

/// The place a pointer value points into: `p` gives p's memory, `arr`
/// (decayed) the array itself, `this` the object.
Place pointeeOf(const Expr *Pointer);

/// The same object, spelled as a variable, a field chain, `*ptr`, or an
/// element of the same array or pointer at the same index, one variable or
/// equal literals (`s->bufs[ch]`); for an index variable, the caller makes
/// sure it holds the same value at both.
bool sameLvalue(const Expr *A, const Expr *B);

/// The same pointer value: `this`, or the same lvalue read.
bool samePointer(const Expr *A, const Expr *B);

/// Whether a store or a load of this type can hold a pointer: a pointer, a
/// character type (which may alias anything), an aggregate, or a type not
/// known yet. Plain numbers cannot, under the aliasing rules.
bool mayHoldPointer(QualType T);

/// Whether a store of type \p Stored may change an object read as type
/// \p Read through another lvalue, under the aliasing rules: unless both
/// are scalars of different kinds (an integer, a pointer, a floating-point
/// number), it may. Integers of any width and sign are taken to alias, and
/// so are any two pointers; a character type, an aggregate, or a type not
/// known aliases anything.
bool mayAlias(QualType Stored, QualType Read);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ANALYSIS_EXPRESSIONS_STORAGELOCATIONS_H
