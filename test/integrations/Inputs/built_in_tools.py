"""calloc-clang-tidy and calloc-clangd as `cmake --install` leaves them.

P/bin/calloc-clang-tidy and P/bin/calloc-clangd (where this LLVM has a
clangd to build) are links into P/lib/calloc-tidy/bin/, which finds clang's
built-in headers through P/lib/calloc-tidy/lib/clang/NN. Installed, then
moved elsewhere, and run from another folder, the clang-tidy lints a file
that includes <stddef.h>, <stdint.h> and <stdlib.h> exactly as clang-tidy
with the plugin does; the clangd publishes our finding for it and nothing
else, so no header is missing.
"""

import os
import shutil

from harness import Test

SOURCE = """\
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int64_t *counters(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return malloc(n * sizeof(int64_t));
}
"""


def main():
    t = Test(__doc__)
    built = {name: os.path.exists(os.path.join(t.build, "bin", name))
             for name in ("calloc-clang-tidy", "calloc-clangd")}
    t.check(built["calloc-clang-tidy"], "the build has no bin/calloc-clang-tidy")
    t.install()
    for name, present in built.items():
        link = os.path.join(t.prefix, "bin", name)
        if not present:
            t.check(not os.path.lexists(link), "P/bin/%s is installed but was not built" % name)
            continue
        t.check(os.path.islink(link) and not os.path.isabs(os.readlink(link)),
                "P/bin/%s should be a relative link" % name)
        t.equal(os.path.realpath(link), os.path.join(t.prefix, "lib", "calloc-tidy", "bin", name),
                "P/bin/%s points into P/lib/calloc-tidy/bin" % name)
    headers = os.path.join(t.prefix, "lib", "calloc-tidy", "lib", "clang", t.llvm, "include", "stddef.h")
    t.check(os.path.exists(headers), "no clang resource directory beside the installed tools: " + headers)

    # Moved: the links are relative, the resource directory is found from
    # the executable's real path.
    moved = t.path("moved")
    shutil.move(t.prefix, moved)
    project = t.path("project")
    source = t.write(os.path.join(project, "counters.c"), SOURCE)
    elsewhere = t.path("elsewhere")
    os.makedirs(elsewhere)

    tidy = os.path.join(moved, "bin", "calloc-clang-tidy")
    arguments = ["--checks=-*,calloc-*", "--config={}", source, "--", "-std=c11"]
    got = t.run([tidy] + arguments, cwd=elsewhere)
    want = t.run([t.clang_tidy, "--load=" + t.plugin] + arguments, cwd=elsewhere)
    t.equal(got, want, "installed calloc-clang-tidy, moved: not what clang-tidy --load gives")
    t.check(got[0] == 0 and "counters.c:7:10: warning: allocation size 'n * sizeof(int64_t)'" in got[1]
            and "file not found" not in got[1] + got[2],
            "installed calloc-clang-tidy, moved: our finding, without header errors", got[1] + got[2])

    if built["calloc-clangd"]:
        t.write(os.path.join(project, ".clangd"),
                "Diagnostics:\n  ClangTidy:\n    Add: [calloc-*]\n    FastCheckFilter: Loose\n")
        t.write(os.path.join(project, "compile_flags.txt"), "-std=c11\n")
        found = t.clangd_diagnostics(os.path.join(moved, "bin", "calloc-clangd"), source, elsewhere, "clangd")
        t.equal(found, [("calloc-unchecked-multiplication", 7)], "installed calloc-clangd, moved: the diagnostics")
    t.finish()


if __name__ == "__main__":
    main()
