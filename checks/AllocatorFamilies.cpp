//===--- AllocatorFamilies.cpp --------------------------------------------===//

#include "AllocatorFamilies.h"
#include "LLVMCompat.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::calloc {

const char *AllocatorTable::libcDefault() {
  return "malloc(size) array=calloc zeroing-array=calloc; "
         "realloc(ptr, size) array=reallocarray; "
         "aligned_alloc(alignment, size)";
}

static bool isIdentifier(llvm::StringRef S) {
  if (S.empty() || llvm::isDigit(S.front()))
    return false;
  return llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
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
    else {
      Error = "unknown key '" + Key.str() +
              "' (expected array, zeroing-array or zeroing)";
      return false;
    }
  }
  return true;
}

AllocatorTable::AllocatorTable(llvm::StringRef Spec) : Spec(Spec.str()) {
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Spec.split(Items, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty())
      continue;
    AllocatorFamily Family;
    std::string Error;
    if (parseEntry(Item, Family, Error))
      Entries.push_back(std::move(Family));
    else
      Errors.emplace_back(Item.str(), Error);
  }
}

bool isNamespaceScopeFunction(const Decl *D) {
  const DeclContext *DC = D->getDeclContext()->getRedeclContext();
  if (DC->isTranslationUnit())
    return true;
  if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
    return NS->isStdNamespace();
  return false;
}

const AllocatorFamily *AllocatorTable::find(const FunctionDecl *Callee) const {
  if (!Callee || !Callee->getIdentifier() || !isNamespaceScopeFunction(Callee))
    return nullptr;
  llvm::StringRef Name = Callee->getName();
  for (const AllocatorFamily &F : Entries)
    if (F.Name == Name && F.NumArgs == Callee->getNumParams())
      return &F;
  return nullptr;
}

void AllocatorTable::reportErrors(const ClangTidyCheck &Check) const {
  for (const auto &[Entry, Error] : Errors)
    Check.configurationDiag(
        "invalid entry in option '%0.%1': '%2': %3; the entry is ignored")
        << checkName(Check) << OptionName << Entry << Error;
}

std::vector<llvm::StringRef> AllocatorTable::names(bool WithZeroingForm) const {
  std::vector<llvm::StringRef> Names;
  for (const AllocatorFamily &F : Entries)
    if (!WithZeroingForm || !F.ZeroingArray.empty() || !F.ZeroingSingle.empty())
      Names.push_back(F.Name);
  return Names;
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
