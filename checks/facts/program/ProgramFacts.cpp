#include "facts/program/ProgramFacts.h"
#include "support/AstWalks.h"
#include "support/Callees.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <vector>

namespace clang::tidy::calloc {

/// A limit as the file writes it: a decimal integer, possibly negative.
static std::optional<Wide> parseLimit(llvm::StringRef Text) {
  long long V;
  if (Text.getAsInteger(10, V))
    return std::nullopt;
  return Wide(V);
}

/// One unit's `passes INDEX LO HI`, joined into what the others pass; a
/// bound the unit could not give (`*`) leaves the parameter unknown.
void ProgramFacts::notePassed(FunctionSummary &F, llvm::StringRef IndexText,
                              llvm::StringRef Lo, llvm::StringRef Hi) {
  unsigned Index;
  if (IndexText.getAsInteger(10, Index) || Index > 255)
    return;
  if (F.Passed.size() <= Index) {
    F.Passed.resize(Index + 1);
    F.Unbounded.resize(Index + 1, false);
  }
  std::optional<Wide> L = parseLimit(Lo), H = parseLimit(Hi);
  std::optional<ValueRange> &Slot = F.Passed[Index];
  if (F.Unbounded[Index])
    return;
  if (!L || !H || *L > *H) {
    F.Unbounded[Index] = true;
    Slot.reset();
    return;
  }
  ValueRange R{*L, *H};
  Slot = Slot ? Slot->join(R) : R;
}

/// One unit's `returns LO HI` for a function it defines: every unit that
/// defines one of that name says what its definition returns, and the
/// program's answer is their union (`*` in any of them: any value).
void ProgramFacts::noteReturns(FunctionSummary &F, llvm::StringRef Key,
                               llvm::StringRef Lo, llvm::StringRef Hi) {
  if (UnknownReturns.contains(Key))
    return;
  std::optional<Wide> L = parseLimit(Lo), H = parseLimit(Hi);
  if (!L || !H || *L > *H) {
    UnknownReturns.insert(Key);
    F.Returns.reset();
    return;
  }
  ValueRange R{*L, *H};
  F.Returns = F.Returns ? F.Returns->join(R) : R;
}

/// One definition's `ends`: `never`, `returns`, or `returns A B BOUND`.
/// The program's answer holds for every definition of the name: it never
/// returns only when none returns, and bounds a product only when every
/// one that returns bounds the same pair (a definition that never returns
/// bounds any).
void ProgramFacts::noteEnds(FunctionSummary &F, llvm::StringRef Key,
                            llvm::ArrayRef<llvm::StringRef> Values) {
  if (Values.empty())
    return;
  if (Values[0] == "never") {
    F.NoReturn = !MayReturn.contains(Key);
    return;
  }
  MayReturn.insert(Key);
  F.NoReturn = false;
  unsigned I, J;
  uint64_t Most;
  if (UnboundedProducts.contains(Key) || Values.size() < 4 ||
      Values[1].getAsInteger(10, I) || Values[2].getAsInteger(10, J) ||
      Values[3].getAsInteger(10, Most) ||
      (F.ProductOf && *F.ProductOf != std::pair(I, J))) {
    UnboundedProducts.insert(Key);
    F.ProductOf.reset();
    return;
  }
  F.ProductBound =
      F.ProductOf ? std::max(F.ProductBound, Wide(Most)) : Wide(Most);
  F.ProductOf = std::pair(I, J);
}

void ProgramFacts::noteDefinition(Definition &D, llvm::StringRef Kind,
                                  llvm::ArrayRef<llvm::StringRef> Cols) {
  unsigned A, B;
  if (Kind == "defined") {
    if (D.File.empty())
      D.File = Cols[2].str();
  } else if (Kind == "checks-product" && Cols.size() >= 4 &&
             !Cols[2].getAsInteger(10, A) && !Cols[3].getAsInteger(10, B) &&
             B == A + 1) {
    D.ChecksProductAt.push_back(A);
  } else if (Kind == "zeroes") {
    D.Zeroes = true;
  } else if (Kind == "wrapper" && Cols.size() >= 5 &&
             !Cols[2].getAsInteger(10, A) && !Cols[4].getAsInteger(10, B) &&
             !D.Wrapper) {
    AllocatorFamily F;
    F.Name = Cols[0].drop_front(3).str();
    F.SizeArg = A;
    F.Source = AllocatorSource::Wrapper;
    F.Wraps = Cols[3].str();
    F.Resizes = B != 0;
    D.Wrapper = F;
  }
}

const ProgramFacts::Definition *
ProgramFacts::definitionOf(const FunctionDecl *F) const {
  std::string Key = programKey(F);
  auto Found = Key.empty() ? Definitions.end() : Definitions.find(Key);
  // A function the facts name but no unit defines says nothing.
  if (Found == Definitions.end() || Found->second.File.empty())
    return nullptr;
  return &Found->second;
}

std::string ProgramFacts::definedIn(const FunctionDecl *F) const {
  const Definition *D = definitionOf(F);
  return D ? D->File : std::string();
}

bool ProgramFacts::checksProduct(const FunctionDecl *F, unsigned Count,
                                 unsigned Size) const {
  const Definition *D = definitionOf(F);
  return D && Size == Count + 1 && llvm::is_contained(D->ChecksProductAt, Count);
}

bool ProgramFacts::zeroes(const FunctionDecl *F) const {
  const Definition *D = definitionOf(F);
  return D && D->Zeroes;
}

std::optional<AllocatorFamily>
ProgramFacts::wrapper(const FunctionDecl *F) const {
  const Definition *D = definitionOf(F);
  return D ? D->Wrapper : std::nullopt;
}

/// One unit's least (or largest) written value of a place, joined into the
/// others': the least of them (the largest); a unit that cannot say (`?`,
/// `*`) leaves it unknown for good.
void ProgramFacts::joinWritten(std::optional<Wide> &Slot,
                               llvm::StringSet<> &UnknownKeys,
                               llvm::StringRef Key, llvm::StringRef Text,
                               bool Largest) {
  if (UnknownKeys.contains(Key))
    return;
  std::optional<Wide> V = parseLimit(Text);
  if (!V) {
    UnknownKeys.insert(Key);
    Slot.reset();
    return;
  }
  Slot = !Slot ? *V : Largest ? std::max(*Slot, *V) : std::min(*Slot, *V);
}

ProgramFacts::ProgramFacts(llvm::StringRef Text, llvm::StringRef Path)
    : Path(Path.str()) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n', -1, false);
  for (llvm::StringRef Line : Lines) {
    Line = Line.rtrim("\r");
    if (Line.starts_with("#"))
      continue;
    llvm::SmallVector<llvm::StringRef, 4> Cols;
    Line.split(Cols, '\t');
    if (Cols.size() < 3)
      continue;
    llvm::StringRef Key = Cols[0], Kind = Cols[1];
    bool IsFunction = Key.starts_with("fn ");
    if (IsFunction && (Kind == "defined" || Kind == "checks-product" ||
                       Kind == "zeroes" || Kind == "wrapper")) {
      noteDefinition(Definitions[Key], Kind, Cols);
      continue;
    }
    if (IsFunction) {
      FunctionSummary &F = Functions[Key];
      if (Kind == "input" && F.InputAt.empty())
        F.InputAt = Cols[2].str();
      else if (Kind == "escapes")
        F.Escapes = true;
      else if (Kind == "passes" && Cols.size() >= 5)
        notePassed(F, Cols[2], Cols[3], Cols[4]);
      else if (Kind == "returns" && Cols.size() >= 4)
        noteReturns(F, Key, Cols[2], Cols[3]);
      else if (Kind == "ends")
        noteEnds(F, Key, llvm::ArrayRef(Cols).drop_front(2));
      continue;
    }
    if (!Key.starts_with("field ") && !Key.starts_with("var "))
      continue;
    PlaceSummary &P = Places[Key];
    if (Kind == "input") {
      if (P.InputAt.empty())
        P.InputAt = Cols[2].str();
    } else if (Kind == "growth") {
      if (P.GrowthAt.empty())
        P.GrowthAt = Cols[2].str();
    } else if (Kind == "most") {
      joinWritten(P.Most, UnknownMost, Key, Cols[2], /*Largest=*/true);
    } else if (Kind == "least") {
      joinWritten(P.Least, Unknown, Key, Cols[2], /*Largest=*/false);
    } else if (Kind == "limit") {
      // Each unit that writes it says what its writers test; the weakest
      // holds for the program, and nothing once one unit says `?`.
      if (Unlimited.contains(Key))
        continue;
      std::optional<Wide> Up, Low;
      for (llvm::StringRef Limit : llvm::ArrayRef(Cols).drop_front(2)) {
        if (Limit.consume_front("<="))
          Up = parseLimit(Limit);
        else if (Limit.consume_front(">="))
          Low = parseLimit(Limit);
      }
      if (!Up) {
        Unlimited.insert(Key);
        P.Compared = false;
        P.Upper.reset();
        P.Lower.reset();
        continue;
      }
      bool First = !P.Compared;
      P.Compared = true;
      P.Upper = P.Upper ? std::max(*P.Upper, *Up) : *Up;
      // A minimum holds only where every unit's writers test one.
      if (First)
        P.Lower = Low;
      else if (P.Lower)
        P.Lower = Low ? std::optional(std::min(*P.Lower, *Low)) : std::nullopt;
    }
  }
}

const PlaceSummary *ProgramFacts::place(const ValueDecl *D) const {
  std::string Key = programKey(D);
  auto Found = Key.empty() ? Places.end() : Places.find(Key);
  return Found == Places.end() ? nullptr : &Found->second;
}

std::optional<ValueRange>
ProgramFacts::passed(const ParmVarDecl *Param) const {
  const auto *F = dyn_cast_or_null<FunctionDecl>(Param->getDeclContext());
  const FunctionSummary *S = F ? function(F) : nullptr;
  unsigned Index = Param->getFunctionScopeIndex();
  if (!S || S->Escapes || Index >= S->Passed.size())
    return std::nullopt;
  return S->Passed[Index];
}

const FunctionSummary *ProgramFacts::function(const FunctionDecl *F) const {
  std::string Key = programKey(F);
  auto Found = Key.empty() ? Functions.end() : Functions.find(Key);
  return Found == Functions.end() ? nullptr : &Found->second;
}

namespace {
/// One file read, with what identified its contents then.
struct Loaded {
  llvm::sys::TimePoint<> Modified;
  uint64_t Size = 0;
  std::shared_ptr<const ProgramFacts> Facts;
};
} // namespace

std::shared_ptr<const ProgramFacts> ProgramFacts::load(llvm::StringRef Path) {
  // clangd lints on several threads; clang-tidy loads once per process.
  static std::mutex Lock;
  static llvm::StringMap<Loaded> Cache;
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status) ||
      !llvm::sys::fs::is_regular_file(Status))
    return nullptr;
  std::lock_guard<std::mutex> Guard(Lock);
  Loaded &Slot = Cache[Path];
  if (Slot.Facts && Slot.Modified == Status.getLastModificationTime() &&
      Slot.Size == Status.getSize())
    return Slot.Facts;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return nullptr;
  Slot.Modified = Status.getLastModificationTime();
  Slot.Size = Status.getSize();
  Slot.Facts = std::make_shared<ProgramFacts>((*Buffer)->getBuffer(), Path);
  return Slot.Facts;
}

std::shared_ptr<const ProgramFacts>
ProgramFacts::forUnit(const SourceManager &SM, llvm::StringRef Configured) {
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return nullptr;
  std::string Path = locate(Main->getName(), Configured);
  return Path.empty() ? nullptr : load(Path);
}

std::string ProgramFacts::locate(llvm::StringRef MainFile,
                                 llvm::StringRef Configured) {
  if (Configured == "none")
    return {};
  if (!Configured.empty())
    return Configured.str();
  llvm::SmallString<256> Dir(MainFile);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  for (llvm::StringRef D = Dir; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    for (const char *Sub : {"", "build"}) {
      llvm::SmallString<256> Candidate(D);
      llvm::sys::path::append(Candidate, Sub, FactsFileName);
      if (llvm::sys::fs::is_regular_file(Candidate))
        return std::string(Candidate);
    }
  }
  return {};
}

/// A bound as the file writes it: `*` beyond 64 bits, where it bounds
/// nothing.
static std::string bound(Wide V) {
  if (V < Wide(INT64_MIN) || V > Wide(INT64_MAX))
    return "*";
  return std::to_string(static_cast<long long>(V));
}

/// Whether \p FD, defined here, can be an allocator or a counterpart that
/// another unit calls: external linkage, a pointer result, and a number
/// (a size or a count) among its parameters.
static bool mayAllocate(const FunctionDecl *FD) {
  return FD->getReturnType()->isPointerType() && !programKey(FD).empty() &&
         llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
           return P->getType()->isIntegerType();
         });
}

std::string summarizeUnit(ValueSources &Sources, CallSites &Callers,
                          const AllocatorTable &Allocators,
                          const CallResults *Results,
                          OutParameters *Outs) {
  std::vector<std::string> Lines;
  auto Limits = [&](const PlaceSummary &P) {
    std::string Out;
    if (P.Upper)
      Out += "\t<=" + bound(*P.Upper);
    if (P.Lower)
      Out += "\t>=" + bound(*P.Lower);
    return Out.empty() ? std::string("\t-") : Out;
  };
  // A value written that a facts file cannot hold is no value it knows.
  auto Written = [&](bool Known, const std::optional<Wide> &V) {
    return !Known ? std::string("?") : V ? bound(*V) : std::string();
  };
  Sources.summarize(
      [&](const ValueDecl *D, const PlaceSummary &P) {
        std::string Key = programKey(D);
        if (!P.InputAt.empty())
          Lines.push_back(Key + "\tinput\t" + P.InputAt);
        if (!P.GrowthAt.empty())
          Lines.push_back(Key + "\tgrowth\t" + P.GrowthAt);
        if (P.Compared)
          Lines.push_back(Key + "\tlimit" + Limits(P));
        else if (P.LimitUnknown)
          Lines.push_back(Key + "\tlimit\t?");
        if (std::string Most = Written(P.MostKnown, P.Most); !Most.empty())
          Lines.push_back(Key + "\tmost\t" + Most);
        if (std::string Least = Written(P.LeastKnown, P.Least); !Least.empty())
          Lines.push_back(Key + "\tleast\t" + Least);
      },
      [&](const FunctionDecl *F, const FunctionSummary &S) {
        Lines.push_back(programKey(F) + "\tinput\t" + S.InputAt);
      });
  Callers.summarizeCalls(
      [&](const FunctionDecl *F, unsigned Index, ValueRange Passed) {
        Lines.push_back(programKey(F) + "\tpasses\t" + std::to_string(Index) +
                        "\t" + bound(Passed.Lo) + "\t" + bound(Passed.Hi));
      },
      [&](const FunctionDecl *F) {
        Lines.push_back(programKey(F) + "\tescapes\t-");
      });
  llvm::SmallVector<const FunctionDecl *, 16> Defined;
  ASTContext *Ctx = nullptr;
  Sources.withContext([&](ASTContext &C) { Ctx = &C; });
  if (Ctx) {
    collectDefinitions(Ctx->getTranslationUnitDecl(), Defined);
    const SourceManager &SM = Ctx->getSourceManager();
    // What each integer function of the program defined here returns:
    // every definition says it, bounded or not (`*`), so that another
    // definition of the name elsewhere is never taken for this one.
    for (const FunctionDecl *FD : Defined) {
      std::string Key = programKey(FD);
      if (Key.empty() || !FD->getReturnType()->isIntegerType() ||
          SM.isInSystemHeader(FD->getLocation()))
        continue;
      std::optional<ValueRange> R = Results ? Results->resultOfDefinition(FD)
                                            : std::nullopt;
      Lines.push_back(Key + "\treturns\t" + (R ? bound(R->Lo) : "*") + "\t" +
                      (R ? bound(R->Hi) : "*"));
    }
    // How each function ends: never, or where it returns, with the
    // product of two parameters it bounds there. Every definition says it,
    // so that two that differ (two programs in one database, overloads,
    // a weak one) cancel each other.
    for (const FunctionDecl *FD : Defined) {
      std::string Key = programKey(FD);
      if (Key.empty() || SM.isInSystemHeader(FD->getLocation()))
        continue;
      bool Runs = runsAsDefined(FD, *Ctx);
      if (Runs && definitionNeverReturns(FD, *Ctx)) {
        Lines.push_back(Key + "\tends\tnever");
        continue;
      }
      std::optional<CheckedPair> Pair =
          Runs && Outs && FD->getNumParams() >= 2 ? Outs->checkedPairOf(FD)
                                                  : std::nullopt;
      if (Pair && Pair->WhereverItReturns && Pair->Bound >= 0 &&
          Pair->Bound <= Wide(UINT64_MAX))
        Lines.push_back(Key + "\tends\treturns\t" + std::to_string(Pair->A) +
                        "\t" + std::to_string(Pair->B) + "\t" +
                        std::to_string(static_cast<uint64_t>(Pair->Bound)));
      else
        Lines.push_back(Key + "\tends\treturns");
    }
    for (const FunctionDecl *FD : Defined) {
      if (!mayAllocate(FD) || SM.isInSystemHeader(FD->getLocation()))
        continue;
      std::string Key = programKey(FD);
      std::string Where = fileAndLine(FD->getLocation(), SM);
      Lines.push_back(Key + "\tdefined\t" +
                      (Where.empty() ? std::string("?")
                                     : Where.substr(0, Where.rfind(':'))));
      DefinitionFacts F = Allocators.describeDefinition(FD);
      for (unsigned I : F.ChecksProductAt)
        Lines.push_back(Key + "\tchecks-product\t" + std::to_string(I) +
                        "\t" + std::to_string(I + 1));
      if (F.Zeroes)
        Lines.push_back(Key + "\tzeroes\t-");
      if (F.Wrapper)
        Lines.push_back(Key + "\twrapper\t" +
                        std::to_string(F.Wrapper->SizeArg) + "\t" +
                        F.Wrapper->Wraps + "\t" +
                        (F.Wrapper->Resizes ? "1" : "0"));
    }
  }
  llvm::sort(Lines);
  Lines.erase(std::unique(Lines.begin(), Lines.end()), Lines.end());
  std::string Out;
  for (const std::string &L : Lines)
    Out += L + "\n";
  return Out;
}

} // namespace clang::tidy::calloc
