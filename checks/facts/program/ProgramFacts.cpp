#include "facts/program/ProgramFacts.h"

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
    if (IsFunction) {
      if (Kind == "input" && Functions[Key].InputAt.empty())
        Functions[Key].InputAt = Cols[2].str();
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
    } else if (Kind == "least") {
      // Every unit that writes it says how low; one that cannot say
      // (`?`) leaves it unknown for good.
      if (Unknown.contains(Key))
        continue;
      std::optional<Wide> V = parseLimit(Cols[2]);
      if (!V) {
        Unknown.insert(Key);
        P.Least.reset();
      } else {
        P.Least = P.Least ? std::min(*P.Least, *V) : *V;
      }
    } else if (Kind == "minimum") {
      // Tested against a small constant from below only: a minimum, not
      // a limit that bounds it (`if (w < 1) fail;`).
      llvm::StringRef Limit = Cols[2];
      if (Limit.consume_front(">="))
        if (std::optional<Wide> V = parseLimit(Limit))
          P.Lower = P.Lower ? std::max(*P.Lower, *V) : *V;
    } else if (Kind == "limit") {
      // Tested somewhere against these constants: the smallest limit from
      // above and the largest from below hold, as within one file.
      P.Compared = true;
      for (llvm::StringRef Limit : llvm::ArrayRef(Cols).drop_front(2)) {
        if (Limit.consume_front("<=")) {
          if (std::optional<Wide> V = parseLimit(Limit))
            P.Upper = P.Upper ? std::min(*P.Upper, *V) : *V;
        } else if (Limit.consume_front(">=")) {
          if (std::optional<Wide> V = parseLimit(Limit))
            P.Lower = P.Lower ? std::max(*P.Lower, *V) : *V;
        }
      }
    }
  }
}

const PlaceSummary *ProgramFacts::place(const ValueDecl *D) const {
  std::string Key = programKey(D);
  auto Found = Key.empty() ? Places.end() : Places.find(Key);
  return Found == Places.end() ? nullptr : &Found->second;
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

std::string summarizeUnit(ValueSources &Sources) {
  std::vector<std::string> Lines;
  // A limit beyond 64 bits limits nothing a facts file needs to say.
  auto Printable = [](const std::optional<Wide> &V) {
    return V && *V >= Wide(INT64_MIN) && *V <= Wide(INT64_MAX);
  };
  auto Limits = [&](const PlaceSummary &P) {
    std::string Out;
    if (Printable(P.Upper))
      Out += "\t<=" + std::to_string(static_cast<long long>(*P.Upper));
    if (Printable(P.Lower))
      Out += "\t>=" + std::to_string(static_cast<long long>(*P.Lower));
    return Out.empty() ? std::string("\t-") : Out;
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
        else if (Printable(P.Lower))
          Lines.push_back(Key + "\tminimum\t>=" +
                          std::to_string(static_cast<long long>(*P.Lower)));
        if (!P.LeastKnown)
          Lines.push_back(Key + "\tleast\t?");
        else if (Printable(P.Least))
          Lines.push_back(Key + "\tleast\t" +
                          std::to_string(static_cast<long long>(*P.Least)));
      },
      [&](const FunctionDecl *F, const FunctionSummary &S) {
        Lines.push_back(programKey(F) + "\tinput\t" + S.InputAt);
      });
  llvm::sort(Lines);
  Lines.erase(std::unique(Lines.begin(), Lines.end()), Lines.end());
  std::string Out;
  for (const std::string &L : Lines)
    Out += L + "\n";
  return Out;
}

} // namespace clang::tidy::calloc
