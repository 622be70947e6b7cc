//===--- VersionLock.cpp - load the checks only into the right clang-tidy -===//
//
// This is the library users pass to `clang-tidy --load`. It deliberately uses
// no LLVM header and no LLVM symbol: it must load into any clang-tidy, ask that
// process which clang it is, and only then load CallocTidyChecks.so, which is
// bound to one LLVM major version. Loaded into another version, the checks
// library would fail on an unresolved symbol or, worse, load and crash later
// on a changed class layout; here the user gets one line saying what to do.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#ifndef CALLOC_TIDY_BUILT_FOR
#error "CALLOC_TIDY_BUILT_FOR must name the LLVM major version"
#endif

namespace {

// LLVM >= 16 exports this C function from libLLVM; a statically linked
// clang-tidy built with plugin support exports it too.
using LLVMGetVersionFn = void (*)(unsigned *, unsigned *, unsigned *);
// clang::getClangFullVersion(), "… clang version 19.1.7 …", as a fallback.
using ClangFullVersionFn = std::string (*)();

/// The major version of the LLVM that the hosting process runs, or 0 when
/// the process does not tell.
unsigned hostMajorVersion(std::string &Description) {
  if (auto Fn = reinterpret_cast<LLVMGetVersionFn>(
          dlsym(RTLD_DEFAULT, "LLVMGetVersion"))) {
    unsigned Major = 0, Minor = 0, Patch = 0;
    Fn(&Major, &Minor, &Patch);
    Description = "LLVM " + std::to_string(Major) + "." +
                  std::to_string(Minor) + "." + std::to_string(Patch);
    return Major;
  }
  if (auto Fn = reinterpret_cast<ClangFullVersionFn>(
          dlsym(RTLD_DEFAULT, "_ZN5clang19getClangFullVersionB5cxx11Ev"))) {
    Description = Fn();
    const char *At = std::strstr(Description.c_str(), "version ");
    if (At)
      return static_cast<unsigned>(std::strtoul(At + 8, nullptr, 10));
  }
  return 0;
}

[[noreturn]] void stop(const std::string &Line) {
  std::fprintf(stderr, "calloc-tidy: %s\n", Line.c_str());
  std::fflush(stderr);
  std::_Exit(1);
}

std::string directoryOfThisLibrary() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&directoryOfThisLibrary), &Info) ||
      !Info.dli_fname)
    return ".";
  std::string Path = Info.dli_fname;
  std::string::size_type Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

__attribute__((constructor)) void loadChecksForThisClangTidy() {
  const unsigned Built = CALLOC_TIDY_BUILT_FOR;
  std::string Host;
  const unsigned Running = hostMajorVersion(Host);
  if (Running != 0 && Running != Built)
    stop("this plugin was built for LLVM " + std::to_string(Built) +
         " but is loaded into clang-tidy of LLVM " + std::to_string(Running) +
         " (" + Host + "); rebuild it for " + std::to_string(Running) +
         " (CALLOC_TIDY_LLVM=" + std::to_string(Running) +
         ") or run clang-tidy-" + std::to_string(Built));

  const std::string Checks =
      directoryOfThisLibrary() + "/" + CALLOC_TIDY_CHECKS_FILE;
  // RTLD_NOW: an unresolved symbol is reported here, not as a crash later.
  if (!dlopen(Checks.c_str(), RTLD_NOW | RTLD_GLOBAL))
    stop(std::string("cannot load the checks (") + dlerror() +
         "); rebuild the plugin against this clang-tidy");
}

} // namespace
