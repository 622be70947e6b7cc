//===--- calloc-clangd.cpp - clangd with the calloc-* checks built in -----===//
//
// clangd cannot load clang-tidy plugins, so this is clangd itself, linked
// with our checks: clangdMain() comes unchanged from the libclangdMain.a of
// the LLVM we build against, and the objects of checks/ are linked in
// beside it. Their static ClangTidyModuleRegistry entry puts the calloc-*
// checks in the same registry clangd fills its clang-tidy from, so they
// are enabled and configured like clangd's built-in ones.
//
//===----------------------------------------------------------------------===//

// libclangdMain.a installs no header for its entry point.
namespace clang::clangd {
int clangdMain(int argc, char *argv[]);
} // namespace clang::clangd

int main(int argc, char *argv[]) { return clang::clangd::clangdMain(argc, argv); }
