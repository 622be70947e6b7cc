//===--- calloc-clang-tidy.cpp - clang-tidy with the calloc-* checks -------===//
//
// clang-tidy itself (clangTidyMain() of the LLVM we build against, with every
// built-in module), linked with the objects of checks/ so that the calloc-*
// checks are registered without --load: for tools that take the path of a
// clang-tidy executable and have no way to pass it arguments.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

int main(int argc, const char **argv) {
  // A command line written for the plugin still works: its
  // --load=.../CallocTidy.so is dropped, since the checks are already here
  // (and the plugin could not load into an executable that exports no
  // clang symbols). Any other --load is clang-tidy's to refuse.
  std::vector<const char *> Args;
  for (int I = 0; I < argc; ++I) {
    llvm::StringRef Arg = argv[I];
    if (Arg == "--") {
      Args.insert(Args.end(), argv + I, argv + argc);
      break;
    }
    llvm::StringRef Library;
    bool Separate = false;
    if (Arg.consume_front("--load=") || Arg.consume_front("-load="))
      Library = Arg;
    else if ((Arg == "--load" || Arg == "-load") && I + 1 < argc)
      Library = argv[I + 1], Separate = true;
    if (llvm::sys::path::filename(Library) == "CallocTidy.so") {
      llvm::errs() << "calloc-clang-tidy: ignoring --load=" << Library
                   << ": the calloc-* checks are built in\n";
      I += Separate;
      continue;
    }
    Args.push_back(argv[I]);
  }
  Args.push_back(nullptr);
  return clang::tidy::clangTidyMain(static_cast<int>(Args.size() - 1), Args.data());
}
