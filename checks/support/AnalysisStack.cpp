//===--- AnalysisStack.cpp ------------------------------------------------===//
//
// The switch is the C library's ucontext: swapcontext onto the region and
// back, on the same thread, so thread-local state, clang's pretty stack
// trace and the crash handlers all stay as they were.
//
//===----------------------------------------------------------------------===//

#include "support/AnalysisStack.h"

#include <cstddef> // defines __GLIBC__ where it applies

// glibc's ucontext only: macOS declares it only under _XOPEN_SOURCE, and
// musl has none.
#if defined(__GLIBC__)
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#define CALLOC_TIDY_HAS_UCONTEXT 1
#endif

namespace clang::tidy::calloc {

#ifdef CALLOC_TIDY_HAS_UCONTEXT

namespace {
/// 1 GiB of addresses: at the few hundred bytes a level that the analyses
/// take, far deeper than clang's traversal of the same code gets on its
/// 8 MiB. Untouched pages cost nothing (MAP_NORESERVE).
constexpr size_t RegionSize = size_t(1) << 30;

class Region {
public:
  ~Region() {
    if (Base)
      munmap(Base, RegionSize);
  }

  /// Reserves the region on first use; false when it cannot be had.
  bool reserve() {
    if (Base || Unavailable)
      return Base;
    void *Map = mmap(nullptr, RegionSize, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (Map == MAP_FAILED) {
      Unavailable = true;
      return false;
    }
    // The lowest page stays unmapped for reading and writing: running off
    // the end is a crash at once, not a write into whatever lies below.
    long Page = sysconf(_SC_PAGESIZE);
    if (Page <= 0 || mprotect(Map, size_t(Page), PROT_NONE) != 0) {
      munmap(Map, RegionSize);
      Unavailable = true;
      return false;
    }
    Base = static_cast<char *>(Map);
    Guard = size_t(Page);
    return true;
  }

  char *Base = nullptr;
  size_t Guard = 0;
  bool Unavailable = false;
  bool Active = false;
  ucontext_t Outside;
  ucontext_t Inside;
  llvm::function_ref<void()> *Task = nullptr;
};

thread_local Region ThisThread;

/// Where the region's context starts: runs the task, then returns to the
/// caller's context (uc_link).
void runTask() { (*ThisThread.Task)(); }
} // namespace

void onAnalysisStack(llvm::function_ref<void()> Fn) {
  Region &R = ThisThread;
  if (R.Active || !R.reserve() || getcontext(&R.Inside) != 0) {
    Fn();
    return;
  }
  R.Inside.uc_stack.ss_sp = R.Base + R.Guard;
  R.Inside.uc_stack.ss_size = RegionSize - R.Guard;
  R.Inside.uc_link = &R.Outside;
  makecontext(&R.Inside, runTask, 0);
  R.Task = &Fn;
  R.Active = true;
  if (swapcontext(&R.Outside, &R.Inside) != 0) {
    R.Active = false;
    Fn();
    return;
  }
  R.Active = false;
}

#else

void onAnalysisStack(llvm::function_ref<void()> Fn) { Fn(); }

#endif

} // namespace clang::tidy::calloc
