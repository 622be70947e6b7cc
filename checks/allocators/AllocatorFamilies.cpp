//===--- AllocatorFamilies.cpp --------------------------------------------===//

#include "allocators/AllocatorFamilies.h"
#include "allocators/AllocatorDiscovery.h"
#include "support/LLVMCompat.h"
#include "vocabulary/ObjectLengths.h"
#include "analysis/expressions/SizeExpressions.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::calloc {

const char *AllocatorTable::libcDefault() {
  return "malloc(size) array=calloc zeroing-array=calloc; "
         "realloc(ptr, size) array=reallocarray; "
         "aligned_alloc(alignment, size)";
}

static bool parseEntry(llvm::StringRef Text, AllocatorFamily &Out,
                       std::string &Error) {
  size_t Open = Text.find('('), Close = Text.find(')');
  if (Open == llvm::StringRef::npos || Close == llvm::StringRef::npos ||
      Close < Open) {
    Error = "expected 'name(arguments)'";
    return false;
  }
  Out.Name = Text.take_front(Open).trim().str();
  if (!isIdentifier(Out.Name)) {
    Error = "'" + Out.Name + "' is not a function name";
    return false;
  }
  llvm::SmallVector<llvm::StringRef, 4> Params;
  Text.slice(Open + 1, Close).split(Params, ',');
  Out.NumArgs = Params.size();
  bool SawSize = false;
  for (unsigned I = 0; I < Params.size(); ++I) {
    if (Params[I].trim() != "size")
      continue;
    if (SawSize) {
      Error = "more than one argument is named 'size'";
      return false;
    }
    SawSize = true;
    Out.SizeArg = I;
  }
  if (!SawSize) {
    Error = "no argument is named 'size'";
    return false;
  }
  llvm::SmallVector<llvm::StringRef, 4> Fields;
  Text.drop_front(Close + 1).split(Fields, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Field : Fields) {
    auto [Key, Value] = Field.split('=');
    if (!isIdentifier(Value)) {
      Error = "'" + Field.str() + "' is not 'key=function'";
      return false;
    }
    if (Key == "array")
      Out.CheckedArray = Value.str();
    else if (Key == "zeroing-array")
      Out.ZeroingArray = Value.str();
    else if (Key == "zeroing")
      Out.ZeroingSingle = Value.str();
    else if (Key == "objs")
      Out.ObjectsForm = Value.str();
    else if (Key == "macro")
      Out.WrittenAs = Value.str();
    else {
      Error = "unknown key '" + Key.str() +
              "' (expected array, zeroing-array, zeroing, objs or macro)";
      return false;
    }
  }
  // kmalloc_objs(element, count, gfp) takes the element and the count
  // where the allocator takes the size: only a size that comes first keeps
  // the other arguments in place.
  if (!Out.ObjectsForm.empty() && Out.SizeArg != 0) {
    Error = "'objs=' needs 'size' to be the first argument";
    return false;
  }
  return true;
}

const char *DiscoveryOptions::defaultSources() {
  return "attribute;name;wrapper";
}

const char *DiscoveryOptions::defaultPattern() {
  return "([Aa]lloc|ALLOC)(ate|ATE)?([^a-z]|$)";
}

AllocatorTable::AllocatorTable(const ClangTidyCheck::OptionsView &View)
    : Spec(View.getLocalOrGlobal(OptionName, libcDefault()).str()) {
  Options.SourcesSpec =
      View.getLocalOrGlobal(DiscoveryOptions::SourcesOption,
                            DiscoveryOptions::defaultSources())
          .str();
  Options.PatternSpec =
      View.getLocalOrGlobal(DiscoveryOptions::PatternOption,
                            DiscoveryOptions::defaultPattern())
          .str();
  llvm::SmallVector<llvm::StringRef, 4> Sources;
  llvm::StringRef(Options.SourcesSpec).split(Sources, ';', -1, false);
  for (llvm::StringRef Source : Sources) {
    Source = Source.trim();
    if (Source == "attribute")
      Options.Attribute = true;
    else if (Source == "name")
      Options.NameAndType = true;
    else if (Source == "wrapper")
      Options.Wrapper = true;
    else if (Source != "none" && !Source.empty())
      OptionErrors.emplace_back(
          DiscoveryOptions::SourcesOption.str(),
          "unknown source '" + Source.str() +
              "' (expected 'attribute', 'name', 'wrapper' or 'none')");
  }
  std::string RegexError;
  if (!llvm::Regex(Options.PatternSpec).isValid(RegexError))
    OptionErrors.emplace_back(DiscoveryOptions::PatternOption.str(),
                              "'" + Options.PatternSpec +
                                  "' is not a regular expression (" +
                                  RegexError + "); the default is used");
  parseOptionList(
      Spec,
      [&](llvm::StringRef Item, std::string &Error) {
        AllocatorFamily Family;
        if (!parseEntry(Item, Family, Error))
          return false;
        Entries.push_back(std::move(Family));
        return true;
      },
      Errors);
  for (const AllocatorFamily &F : Entries)
    for (const std::string &Form : {F.CheckedArray, F.ZeroingArray})
      if (!Form.empty())
        ArrayFormNames.insert(Form);
}

AllocatorTable::~AllocatorTable() = default;

void AllocatorTable::storeOptions(const ClangTidyCheck::OptionsView &View,
                                  ClangTidyOptions::OptionMap &Opts) const {
  View.store(Opts, OptionName, Spec);
  View.store(Opts, DiscoveryOptions::SourcesOption, Options.SourcesSpec);
  View.store(Opts, DiscoveryOptions::PatternOption, Options.PatternSpec);
}

const ValueDecl *calleeDeclaration(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    return FD;
  const Expr *E = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *Deref = dyn_cast<UnaryOperator>(E);
      Deref && Deref->getOpcode() == UO_Deref)
    E = Deref->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(Ref->getDecl());
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return dyn_cast<FieldDecl>(Member->getMemberDecl());
  return nullptr;
}

const FunctionProtoType *prototypeOf(const ValueDecl *Callee) {
  QualType T = Callee->getType();
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType();
  return T->getAs<FunctionProtoType>();
}

unsigned parameterCount(const ValueDecl *Callee) {
  if (const auto *FD = dyn_cast<FunctionDecl>(Callee))
    return FD->getNumParams();
  const FunctionProtoType *Proto = prototypeOf(Callee);
  return Proto ? Proto->getNumParams() : ~0U;
}

llvm::SmallVector<const ValueDecl *, 2>
declarationsLike(const ValueDecl *Callee, llvm::StringRef Name) {
  const DeclContext *DC = Callee->getDeclContext();
  if (!isa<FieldDecl>(Callee))
    DC = DC->getRedeclContext();
  ASTContext &Ctx = Callee->getASTContext();
  llvm::SmallVector<const ValueDecl *, 2> Out;
  for (const NamedDecl *D : DC->lookup(DeclarationName(&Ctx.Idents.get(Name))))
    if (const auto *V = dyn_cast<ValueDecl>(D->getUnderlyingDecl());
        V && V->getKind() == Callee->getKind() && !V->isInvalidDecl())
      Out.push_back(V);
  return Out;
}

QualType sizeParameterType(const CallExpr *Call,
                           const AllocatorFamily &Family) {
  const ValueDecl *Callee = calleeDeclaration(Call);
  // A function's own parameter keeps the type as written (`size_t`).
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Callee);
      FD && FD->getNumParams() > Family.SizeArg)
    return FD->getParamDecl(Family.SizeArg)->getType();
  const FunctionProtoType *Proto = Callee ? prototypeOf(Callee) : nullptr;
  if (!Proto || Proto->getNumParams() <= Family.SizeArg)
    return Call->getArg(Family.SizeArg)->getType();
  return Proto->getParamType(Family.SizeArg);
}

const AllocatorFamily *
AllocatorTable::findConfigured(const ValueDecl *Callee) const {
  if (!Callee || !Callee->getIdentifier())
    return nullptr;
  if (isa<FunctionDecl>(Callee) ? !isNamespaceScopeFunction(Callee)
                                : !isa<VarDecl, FieldDecl>(Callee))
    return nullptr;
  unsigned NumParams = parameterCount(Callee);
  llvm::StringRef Name = Callee->getName();
  for (const AllocatorFamily &F : Entries)
    if (F.Name == Name && F.NumArgs == NumParams)
      return &F;
  return nullptr;
}

namespace {
/// A discovery that tables of the same options share in one translation
/// unit: both checks read the options (most often global, or from one
/// preset), and ask about the same callees, which one discovery then reads
/// once.
struct SharedDiscovery {
  const ASTContext *Unit;
  std::string Options;
  std::weak_ptr<AllocatorDiscovery> Discovery;
};
/// Per thread: clangd checks translation units on several threads, each
/// with checks of its own.
thread_local std::vector<SharedDiscovery> SharedDiscoveries;
} // namespace

AllocatorDiscovery &AllocatorTable::discoveryFor(const Decl *D) const {
  const ASTContext *Unit = &D->getASTContext();
  if (Discovery && DiscoveryUnit == Unit)
    return *Discovery;
  // The same options, NUL-separated (no option value holds a NUL).
  std::string Key = Spec + '\0' + Options.SourcesSpec + '\0' +
                    Options.PatternSpec;
  llvm::erase_if(SharedDiscoveries, [](const SharedDiscovery &S) {
    return S.Discovery.expired();
  });
  Discovery.reset();
  for (const SharedDiscovery &S : SharedDiscoveries)
    if (S.Unit == Unit && S.Options == Key)
      Discovery = S.Discovery.lock();
  if (!Discovery) {
    llvm::Regex Pattern(Options.PatternSpec);
    if (!Pattern.isValid())
      Pattern = llvm::Regex(DiscoveryOptions::defaultPattern());
    Discovery =
        std::make_shared<AllocatorDiscovery>(Options, std::move(Pattern), *this);
    SharedDiscoveries.push_back({Unit, std::move(Key), Discovery});
  }
  DiscoveryUnit = Unit;
  if (Elsewhere)
    Discovery->useDefinitionsElsewhere(Elsewhere);
  return *Discovery;
}

DefinitionFacts
AllocatorTable::describeDefinition(const FunctionDecl *Def) const {
  return discoveryFor(Def).describeDefinition(Def);
}

const AllocatorFamily *
AllocatorTable::findCallee(const ValueDecl *Callee) const {
  return Callee ? discoveryFor(Callee).familyOf(Callee) : nullptr;
}

const AllocatorFamily *AllocatorTable::find(const CallExpr *Call) const {
  return Call ? findCallee(calleeDeclaration(Call)) : nullptr;
}

bool AllocatorTable::isDiscoveredWrapper(const Decl *Function) const {
  return Function && discoveryFor(Function).isWrapper(
                         dyn_cast<FunctionDecl>(Function));
}

void AllocatorTable::forgetDiscovered() const {
  Discovery.reset();
  DiscoveryUnit = nullptr;
  Elsewhere = nullptr;
}

const AllocatorFamily *AllocatorTable::arrayFamilyOf(const CallExpr *Call,
                                                     bool &Zeroing) const {
  // Every call of the file that calls no allocator is asked: the name first.
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || !isNamespaceScopeFunction(Callee))
    return nullptr;
  llvm::StringRef Name = Callee->getName();
  if (ArrayFormNames.contains(Name)) {
    for (const AllocatorFamily &F : Entries) {
      Zeroing = F.ZeroingArray == Name;
      if ((Zeroing || F.CheckedArray == Name) &&
          Call->getNumArgs() == F.NumArgs + 1 &&
          Callee->getNumParams() == F.NumArgs + 1)
        return &F;
    }
    return nullptr;
  }
  // A project's own calloc-like function, found by discovery.
  const AllocatorFamily *F = discoveryFor(Callee).arrayFormOf(Callee);
  if (!F || Call->getNumArgs() != F->NumArgs + 1)
    return nullptr;
  Zeroing = F->Zeroes;
  return F;
}

AllocatorFamily AllocatorTable::arrayFormAsFamily(const AllocatorFamily &F,
                                                  llvm::StringRef Name,
                                                  bool Zeroing) const {
  AllocatorFamily Form = F;
  Form.Name = Name.str();
  Form.CheckedArray = Name.str();
  Form.ZeroingArray = Zeroing ? Name.str() : "";
  Form.ZeroingSingle.clear();
  Form.ObjectsForm.clear();
  Form.WrittenAs.clear();
  Form.Zeroes = Zeroing;
  return Form;
}

llvm::SmallVector<AllocatorFamily, 2>
AllocatorTable::arrayForms(const CallExpr *Call) const {
  llvm::SmallVector<AllocatorFamily, 2> Forms;
  bool Zeroing = false;
  const AllocatorFamily *F = arrayFamilyOf(Call, Zeroing);
  if (!F)
    return Forms;
  const FunctionDecl *Callee = Call->getDirectCallee();
  unsigned Count = F->SizeArg, Size = F->SizeArg + 1;
  for (unsigned Unit : {Count, Size}) {
    std::optional<llvm::APSInt> One =
        constantValue(Call->getArg(Unit), Callee->getASTContext());
    if (!One || *One != 1)
      continue;
    AllocatorFamily &Form = Forms.emplace_back(
        arrayFormAsFamily(*F, Callee->getName(), Zeroing));
    Form.SizeArg = Unit == Count ? Size : Count;
    Form.UnitArg = Unit;
    return Forms;
  }
  for (unsigned Factor : {Count, Size}) {
    AllocatorFamily &Form = Forms.emplace_back(
        arrayFormAsFamily(*F, Callee->getName(), Zeroing));
    Form.SizeArg = Factor;
    Form.FactorOfArrayForm = Factor == Count
                                 ? AllocatorFamily::ArrayFactor::Count
                                 : AllocatorFamily::ArrayFactor::ElementSize;
  }
  return Forms;
}

bool AllocatorTable::isConfiguredArrayForm(llvm::StringRef Name) const {
  return !Name.empty() && llvm::any_of(Entries, [&](const AllocatorFamily &F) {
    return F.CheckedArray == Name || F.ZeroingArray == Name;
  });
}

bool AllocatorTable::isConfiguredZeroingForm(llvm::StringRef Name) const {
  return !Name.empty() && llvm::any_of(Entries, [&](const AllocatorFamily &F) {
    return F.ZeroingArray == Name || F.ZeroingSingle == Name;
  });
}

std::string describeSource(const AllocatorFamily &Family) {
  switch (Family.Source) {
  case AllocatorSource::Configured:
    return "a configured allocator";
  case AllocatorSource::Attribute:
    return "an allocator declared with alloc_size";
  case AllocatorSource::NameAndType:
    switch (Family.Kind) {
    case CalleeKind::Function:
      return "an allocator by its name and type";
    case CalleeKind::PointerVariable:
      return "a function-pointer allocator, by its name and type";
    case CalleeKind::PointerField:
      return "a function-pointer field allocator, by its name and type";
    }
    break;
  case AllocatorSource::Wrapper:
    return "a wrapper of '" + Family.Wraps + "' defined in " +
           (Family.DefinedIn.empty() ? std::string("this file")
                                     : Family.DefinedIn);
  case AllocatorSource::OperatorNew:
    return "C++'s global allocation function";
  }
  return "an allocator";
}

void AllocatorTable::reportErrors(const ClangTidyCheck &Check) const {
  reportOptionErrors(Check, OptionName, Errors);
  for (const auto &[Option, Error] : OptionErrors)
    Check.configurationDiag("invalid value of option '%0.%1': %2")
        << checkName(Check) << Option << Error;
}

bool AllocatorTable::isZeroingCounterpart(const FunctionDecl *Function) const {
  return llvm::any_of(Entries, [&](const AllocatorFamily &F) {
    return wouldCallItself(Function, F.ZeroingArray) ||
           wouldCallItself(Function, F.ZeroingSingle);
  });
}

bool wouldCallItself(const FunctionDecl *Enclosing,
                     llvm::StringRef Replacement) {
  return Enclosing && Enclosing->getIdentifier() &&
         Enclosing->getName() == Replacement;
}

} // namespace clang::tidy::calloc
