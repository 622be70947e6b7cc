//===--- InputFunctions.cpp -----------------------------------------------===//

#include "vocabulary/InputFunctions.h"
#include "vocabulary/ObjectLengths.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>

namespace clang::tidy::calloc {

static bool parseInputEntry(llvm::StringRef Text, InputEntry &Out,
                            std::string &Error) {
  llvm::StringRef Name = Text;
  if (size_t Open = Text.find('('); Open != llvm::StringRef::npos) {
    llvm::StringRef Arg = Text.drop_front(Open + 1).trim();
    unsigned N = 0;
    if (!Arg.consume_back(")") || !Arg.trim().starts_with("out=") ||
        Arg.trim().drop_front(4).trim().getAsInteger(10, N) || N == 0) {
      Error = "expected 'name', 'name(out=N)' with N counted from 1, or "
              "'record.field'";
      return false;
    }
    Out.OutArgument = N;
    Name = Text.take_front(Open);
  }
  Name = Name.trim();
  auto [Record, Field] = Name.split('.');
  if (!Field.empty() || Name.ends_with(".")) {
    if (Out.OutArgument || !isIdentifier(Record.trim()) ||
        !isIdentifier(Field.trim())) {
      Error = "'" + Text.str() + "' is not 'record.field'";
      return false;
    }
    Out.Record = Record.trim().str();
    Out.Name = Field.trim().str();
    return true;
  }
  if (!isIdentifier(Name)) {
    Error = "'" + Name.str() + "' is not a function name";
    return false;
  }
  Out.Name = Name.str();
  return true;
}

InputFunctions::InputFunctions(llvm::StringRef Spec) : Spec(Spec.str()) {
  parseOptionList(
      Spec,
      [&](llvm::StringRef Item, std::string &Error) {
        InputEntry Entry;
        if (!parseInputEntry(Item, Entry, Error))
          return false;
        Entries.push_back(std::move(Entry));
        return true;
      },
      Errors);
}

void InputFunctions::reportErrors(const ClangTidyCheck &Check) const {
  reportOptionErrors(Check, OptionName, Errors);
}

static bool isCharacterPointer(QualType T) {
  return T->isPointerType() && (T->getPointeeType()->isAnyCharacterType() ||
                                T->getPointeeType()->isWideCharType());
}

/// A name that says the function turns text into a number: the C library's
/// `strtol`, `atoi`, `wcstoul` and their kin in projects (`ngx_atoi`,
/// `ngx_atosz`, `parse_strtoul`).
static bool namesTextToNumber(llvm::StringRef Lower) {
  for (llvm::StringRef Word :
       {"atoi", "atol", "atosz", "atoof", "hextoi", "strto", "wcsto"})
    if (Lower.contains(Word))
      return true;
  return false;
}

/// A name that says the function decodes a 64-bit integer from bytes in a
/// given order (`read_be64`, `archive_le64dec`, `__bswap_64`).
static bool namesDecoded64(llvm::StringRef Lower) {
  for (llvm::StringRef Word :
       {"be64", "le64", "64be", "64le", "bswap64", "bswap_64"})
    if (Lower.contains(Word))
      return true;
  return Lower == "__uint64_identity";
}

bool InputFunctions::returnsInput(const CallExpr *Call) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return false;
  llvm::StringRef Name = Callee->getName();
  for (const InputEntry &E : Entries)
    if (E.Record.empty() && !E.OutArgument && E.Name == Name)
      return true;
  QualType Result = Callee->getReturnType();
  bool Floating = Result->isRealFloatingType();
  if (!Result->isIntegerType() && !Floating)
    return false;
  std::string Lower = Name.lower();
  if (Callee->getNumParams() >= 1 &&
      isCharacterPointer(Callee->getParamDecl(0)->getType()) &&
      (namesTextToNumber(Lower) ||
       (Floating && llvm::StringRef(Lower).ends_with("atof"))))
    return true;
  return !Floating && Callee->getASTContext().getTypeSize(Result) >= 64 &&
         namesDecoded64(Lower);
}

/// For a function of the `scanf` family, the index of its format argument.
static std::optional<unsigned> scanfFormatIndex(const FunctionDecl *Callee) {
  if (!Callee->isVariadic())
    return std::nullopt;
  llvm::StringRef Name = Callee->getName();
  // glibc's redirections, when a file names them directly.
  for (llvm::StringRef Prefix : {"__isoc99_", "__isoc23_"})
    Name.consume_front(Prefix);
  if (Name == "scanf" || Name == "wscanf")
    return 0;
  if (Name == "sscanf" || Name == "fscanf" || Name == "swscanf" ||
      Name == "fwscanf")
    return 1;
  return std::nullopt;
}

/// Whether the conversion of a `scanf` \p Format that fills the argument
/// \p Arg (counted among the arguments after the format, from 0) reads a
/// number: `d i o u x X` and `a e f g` (any case) with any length
/// modifier. `%n` stores how many characters were read so far, not a
/// number from the input; `s c [ p` store no number; `*` assigns nothing
/// and takes no argument.
static bool scansNumberInto(const StringLiteral *Format, unsigned Arg) {
  unsigned Length = Format->getLength();
  auto At = [&](unsigned I) -> uint32_t {
    return I < Length ? Format->getCodeUnit(I) : 0;
  };
  unsigned Next = 0; // the argument the next assigning conversion fills
  for (unsigned I = 0; I < Length; ++I) {
    if (At(I) != '%')
      continue;
    ++I;
    if (At(I) == '%')
      continue;
    bool Assigns = true;
    if (At(I) == '*') {
      Assigns = false;
      ++I;
    }
    while (At(I) >= '0' && At(I) <= '9')
      ++I;
    while (At(I) && llvm::StringRef("hljztLqm").contains(char(At(I))))
      ++I;
    uint32_t Conversion = At(I);
    if (Conversion == '[') {
      // A set: `]` right after `[` or `[^` belongs to it.
      ++I;
      if (At(I) == '^')
        ++I;
      if (At(I) == ']')
        ++I;
      while (I < Length && At(I) != ']')
        ++I;
    }
    if (!Assigns)
      continue;
    if (Next++ == Arg)
      return Conversion < 128 &&
             llvm::StringRef("diouxXaAeEfFgG").contains(char(Conversion));
  }
  return false;
}

bool InputFunctions::storesInputThrough(const CallExpr *Call,
                                        unsigned Arg) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || Arg >= Call->getNumArgs())
    return false;
  for (const InputEntry &E : Entries)
    if (E.Record.empty() && E.OutArgument && E.Name == Callee->getName() &&
        E.OutArgument == Arg + 1)
      return true;
  std::optional<unsigned> FormatIndex = scanfFormatIndex(Callee);
  if (!FormatIndex || Arg <= *FormatIndex)
    return false;
  // A format that is not written at the call is not read: no argument is
  // taken for input.
  const auto *Format = dyn_cast<StringLiteral>(
      Call->getArg(*FormatIndex)->IgnoreParenImpCasts());
  return Format && scansNumberInto(Format, Arg - *FormatIndex - 1);
}

bool InputFunctions::holdsInput(const FieldDecl *Field) const {
  const RecordDecl *Record = Field->getParent();
  for (const InputEntry &E : Entries) {
    if (E.Record.empty() || E.Name != Field->getName())
      continue;
    if (Record->getName() == E.Record)
      return true;
    if (const TypedefNameDecl *Typedef = Record->getTypedefNameForAnonDecl();
        Typedef && Typedef->getName() == E.Record)
      return true;
  }
  return false;
}

} // namespace clang::tidy::calloc
