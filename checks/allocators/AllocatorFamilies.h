//===--- AllocatorFamilies.h - allocation functions and their safe forms --===//
//
// Which functions allocate, which of their arguments is the byte count, and
// what a fix-it may call instead: the overflow-checked array form
// (calloc, reallocarray, kmalloc_array, ...), the zeroing array form
// (calloc, kcalloc, ...) and the zeroing single-size form (kzalloc, ...).
// Both checks read the same table, from the `Allocators` option.
//
//===----------------------------------------------------------------------===//

#ifndef CALLOC_TIDY_ALLOCATORS_ALLOCATORFAMILIES_H
#define CALLOC_TIDY_ALLOCATORS_ALLOCATORFAMILIES_H

#include "support/Callees.h"
#include "support/OptionLists.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::calloc {

/// How an allocator came to be known.
enum class AllocatorSource {
  /// Named in the `Allocators` option (or its default, the C library).
  Configured,
  /// Declared with `__attribute__((alloc_size(N)))`.
  Attribute,
  /// Named like an allocator and typed like one.
  NameAndType,
  /// Defined in the file, returning what an allocator returned for one of
  /// its parameters.
  Wrapper,
  /// C++'s replaceable global `operator new`.
  OperatorNew,
};

/// What the callee of an allocation call is.
enum class CalleeKind { Function, PointerVariable, PointerField };

/// What the file shows about a counterpart that discovery found.
enum class CounterpartProof {
  /// Configured, or its definition in the file checks (or zeroes).
  Shown,
  /// Its definition is not in the file: the fix is offered on a note.
  Unseen,
};

/// One allocation function and its counterparts. Counterparts take the
/// same arguments, except that an array form takes `count, size` where the
/// allocation takes the byte count.
struct AllocatorFamily {
  std::string Name;
  /// A wrapper another unit defines (the program's facts): that unit's
  /// file; empty for one defined here, or anything else.
  std::string DefinedIn;
  unsigned NumArgs = 1;
  unsigned SizeArg = 0;
  /// Checks `count * size` and takes (count, size) in place of the size.
  std::string CheckedArray;
  /// Zeroes the memory and takes (count, size) in place of the size.
  std::string ZeroingArray;
  /// Zeroes the memory and takes the same arguments.
  std::string ZeroingSingle;
  /// A function-like macro that takes the element (a type or an object),
  /// the count and then the other arguments, and checks the product:
  /// Linux 7.0's `kmalloc_objs(*p, n, gfp)`. Offered before CheckedArray
  /// where the macro is defined and the size is `count * sizeof(element)`.
  std::string ObjectsForm;
  /// A function-like macro through which calls to this allocator are
  /// written, taking the same arguments (`kmalloc(...)` around
  /// `kmalloc_noprof`): a call written as its whole invocation can become
  /// the ObjectsForm.
  std::string WrittenAs;

  AllocatorSource Source = AllocatorSource::Configured;
  CalleeKind Kind = CalleeKind::Function;
  /// Resizes memory it is given (`realloc`): never a source of fresh memory.
  bool Resizes = false;
  /// Zeroes what it allocates (a discovered `ngx_pcalloc`, or a wrapper
  /// that calls memset): no zeroing form to rewrite it to.
  bool Zeroes = false;
  /// For a wrapper, the allocator it wraps.
  std::string Wraps;
  CounterpartProof CheckedArrayProof = CounterpartProof::Shown;
  CounterpartProof ZeroingArrayProof = CounterpartProof::Shown;
  CounterpartProof ZeroingSingleProof = CounterpartProof::Shown;
  /// Why a counterpart found by name is not used (its definition in the
  /// file does not check the product); empty otherwise.
  std::string CheckedArrayRefused;
  /// For a call to an array form whose count or size is 1, taken for an
  /// allocation of the other argument (AllocatorTable::arrayForms()):
  /// the index of the 1, which a rewrite replaces together with the size.
  std::optional<unsigned> UnitArg;
  /// For a call to an array form with no 1 in it (AllocatorTable::
  /// arrayForms()): SizeArg is one of the two factors the form
  /// multiplies, its count or its element size, read for a product of its
  /// own, which wraps before the form checks anything (`calloc(w * h, 4)`).
  enum class ArrayFactor { None, Count, ElementSize };
  ArrayFactor FactorOfArrayForm = ArrayFactor::None;

  bool isDiscovered() const { return Source != AllocatorSource::Configured; }
  bool hasZeroingForm() const {
    return !Resizes && !Zeroes &&
           (!ZeroingArray.empty() || !ZeroingSingle.empty());
  }
};

/// How \p Family came to be known, for messages: "a function-pointer
/// allocator, by its name and type".
std::string describeSource(const AllocatorFamily &Family);

/// Which allocators are found without configuration (option
/// `DiscoverAllocators`) and the name rule (option `AllocatorNamePattern`).
struct DiscoveryOptions {
  static constexpr llvm::StringLiteral SourcesOption = "DiscoverAllocators";
  static constexpr llvm::StringLiteral PatternOption = "AllocatorNamePattern";
  static const char *defaultSources();
  static const char *defaultPattern();

  std::string SourcesSpec;
  std::string PatternSpec;
  bool Attribute = false;
  bool NameAndType = false;
  bool Wrapper = false;
  bool any() const { return Attribute || NameAndType || Wrapper; }
};

class AllocatorDiscovery;

/// The allocation functions a check knows. Entries are written, in the
/// option and in `config/`, as
///   `malloc(size) array=calloc zeroing-array=calloc`
///   `realloc(ptr, size) array=reallocarray`
///   `kmalloc(size, flags) array=kmalloc_array zeroing-array=kcalloc
///   zeroing=kzalloc`
///   `kmalloc_noprof(size, flags) macro=kmalloc objs=kmalloc_objs`
/// separated by `;`. The parameter named `size` is the byte count; the other
/// parameter names are only documentation.
/// What another unit of the program shows of a function this unit only
/// declares: the program's facts (facts/program/ProgramFacts.h answers),
/// asked by discovery for wrappers and counterparts defined elsewhere.
class DefinitionsElsewhere {
public:
  virtual ~DefinitionsElsewhere() = default;
  /// The file another unit defines \p F in (`xalloc.c`); empty when none.
  virtual std::string definedIn(const FunctionDecl *F) const = 0;
  /// Whether that definition checks the product of parameters \p Count
  /// and \p Size before it allocates (as a counterpart's in the file must).
  virtual bool checksProduct(const FunctionDecl *F, unsigned Count,
                             unsigned Size) const = 0;
  /// Whether that definition zeroes what it allocates.
  virtual bool zeroes(const FunctionDecl *F) const = 0;
  /// That definition as a wrapper: the family discovery would give it
  /// from its body (name, size argument, what it wraps); none otherwise.
  virtual std::optional<AllocatorFamily>
  wrapper(const FunctionDecl *F) const = 0;
};

/// What discovery reads in a definition this unit has, for the facts
/// pass: whether it is a wrapper, and which product of two neighbouring
/// parameters it checks, and whether it zeroes.
struct DefinitionFacts {
  std::optional<AllocatorFamily> Wrapper;
  llvm::SmallVector<unsigned, 2> ChecksProductAt;
  bool Zeroes = false;
};

class AllocatorTable {
public:
  /// The name both checks give the option.
  static constexpr llvm::StringLiteral OptionName = "Allocators";
  static const char *libcDefault();

  /// Reads the options both checks share (`Allocators`,
  /// `DiscoverAllocators`, `AllocatorNamePattern`), local or global, from
  /// \p Options. Malformed entries are skipped and kept for reportErrors().
  explicit AllocatorTable(const ClangTidyCheck::OptionsView &Options);
  ~AllocatorTable();
  AllocatorTable(const AllocatorTable &) = delete;
  AllocatorTable &operator=(const AllocatorTable &) = delete;

  /// Stores the options for `--dump-config`.
  void storeOptions(const ClangTidyCheck::OptionsView &Options,
                    ClangTidyOptions::OptionMap &Opts) const;

  /// Reports each malformed entry of the option through \p Check's
  /// configurationDiag.
  void reportErrors(const ClangTidyCheck &Check) const;

  /// The family of the allocator \p Call calls: a configured one (a
  /// function at namespace scope, global or std, or a function-pointer
  /// variable or field, with one of the configured names and the configured
  /// number of parameters), else one discovery finds. Null when \p Call
  /// calls no allocator. Computed once per callee declaration.
  const AllocatorFamily *find(const CallExpr *Call) const;

  /// The family of \p Callee, a function, function-pointer variable or
  /// function-pointer field; as find().
  const AllocatorFamily *findCallee(const ValueDecl *Callee) const;

  /// A call to the checked or zeroing array form of a configured family
  /// (`calloc`, `reallocarray`, `kcalloc`), as the sizes the multiplication
  /// check reads in it. The form multiplies its two arguments with a check,
  /// but not a product written inside one:
  /// - with the constant 1 for its count or its size (`calloc(1, n *
  ///   size)`), one form: the family's allocation of the other argument,
  ///   whose checked form is the array form itself (UnitArg), which
  ///   `calloc(n, size)` fixes;
  /// - otherwise (`calloc(w * h, 4)`), one form for each argument, that
  ///   argument as its SizeArg, FactorOfArrayForm saying which it is.
  /// Empty for any other call.
  llvm::SmallVector<AllocatorFamily, 2> arrayForms(const CallExpr *Call) const;

  /// Whether \p Call calls the checked or zeroing array form of a
  /// configured family, with its configured number of arguments.
  bool isArrayFormCall(const CallExpr *Call) const {
    bool Zeroing = false;
    return arrayFamilyOf(Call, Zeroing) != nullptr;
  }

  /// Whether \p Function is a wrapper that discovery recognises: the
  /// allocations inside it are its callers' to check.
  bool isDiscoveredWrapper(const Decl *Function) const;

  /// Forgets what discovery found: the declarations belong to a
  /// translation unit that ends. Each check calls it at the end of every
  /// unit: the discovery it shares with the other check (discoveryFor())
  /// goes when neither holds it.
  void forgetDiscovered() const;

  /// The program's facts about functions defined in other units, for this
  /// unit (may be null); set before the first question of the unit.
  void useDefinitionsElsewhere(const DefinitionsElsewhere *Facts) const {
    Elsewhere = Facts;
  }

  /// For the facts pass: what discovery reads in \p Def.
  DefinitionFacts describeDefinition(const FunctionDecl *Def) const;

  const DiscoveryOptions &discovery() const { return Options; }

  const std::vector<AllocatorFamily> &entries() const { return Entries; }

  /// Whether \p Function is itself one of the zeroing counterparts:
  /// rewriting its body to call one would make it call itself.
  bool isZeroingCounterpart(const FunctionDecl *Function) const;

  /// Whether \p Name is configured as a checked array form or a zeroing
  /// array form: a counterpart that calls it with its count and size checks
  /// the product.
  bool isConfiguredArrayForm(llvm::StringRef Name) const;
  /// Whether \p Name is configured as a zeroing form.
  bool isConfiguredZeroingForm(llvm::StringRef Name) const;

  /// The configured family of \p Callee, ignoring discovery.
  const AllocatorFamily *findConfigured(const ValueDecl *Callee) const;

private:
  std::string Spec;
  std::vector<AllocatorFamily> Entries;
  /// The checked and zeroing array forms the entries name.
  llvm::StringSet<> ArrayFormNames;

  /// The configured family whose checked or zeroing array form \p Call
  /// calls (\p Zeroing says which), with the form's number of arguments.
  const AllocatorFamily *arrayFamilyOf(const CallExpr *Call,
                                       bool &Zeroing) const;
  /// \p Family's array form \p Name, called, as a family of its own.
  AllocatorFamily arrayFormAsFamily(const AllocatorFamily &Family,
                                    llvm::StringRef Name, bool Zeroing) const;
  DiscoveryOptions Options;
  /// Option values that are not valid, each with what is wrong.
  std::vector<std::pair<std::string, std::string>> OptionErrors;
  /// The discovery of the translation unit of \p D: this table's, or that
  /// of another table of the same options in the same unit and thread,
  /// shared.
  AllocatorDiscovery &discoveryFor(const Decl *D) const;

  /// A cache of discovery, a function of the translation unit's AST, and
  /// that unit.
  mutable std::shared_ptr<AllocatorDiscovery> Discovery;
  mutable const ASTContext *DiscoveryUnit = nullptr;
  mutable const DefinitionsElsewhere *Elsewhere = nullptr;
  /// The malformed entries, each with what is wrong with it.
  MalformedEntries Errors;
};

/// The declaration \p Call calls through: its function, or the
/// function-pointer variable or field it calls; null otherwise.
const ValueDecl *calleeDeclaration(const CallExpr *Call);

/// The prototype of \p Callee, a function or a pointer to one.
const FunctionProtoType *prototypeOf(const ValueDecl *Callee);

/// The number of parameters \p Callee takes; ~0U when it has no prototype.
unsigned parameterCount(const ValueDecl *Callee);

/// The declarations named \p Name of the same kind as \p Callee (a
/// function, a function-pointer variable, a function-pointer field) where a
/// call to \p Callee could reach them instead: the same scope, or the same
/// record for a field.
llvm::SmallVector<const ValueDecl *, 2>
declarationsLike(const ValueDecl *Callee, llvm::StringRef Name);

/// The type of the size parameter of \p Family's allocator as \p Call
/// calls it.
QualType sizeParameterType(const CallExpr *Call, const AllocatorFamily &Family);

/// True when a rewrite to \p Replacement inside \p Enclosing would make the
/// function call itself (a project's own `xcalloc` built on `xmalloc`).
bool wouldCallItself(const FunctionDecl *Enclosing,
                     llvm::StringRef Replacement);

} // namespace clang::tidy::calloc

#endif // CALLOC_TIDY_ALLOCATORS_ALLOCATORFAMILIES_H
