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
import sys

from harness import Test

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clangd", "Inputs"))
import lsp_client  # noqa: E402

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
        clangd = os.path.join(moved, "bin", "calloc-clangd")
        t.write(os.path.join(project, ".clangd"),
                "Diagnostics:\n  ClangTidy:\n    Add: [calloc-*]\n    FastCheckFilter: Loose\n")
        t.write(os.path.join(project, "compile_flags.txt"), "-std=c11\n")
        home = t.path("home")
        os.makedirs(home)
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"))
        client = lsp_client.Client([clangd], elsewhere, env, t.path("clangd.log"))
        try:
            lsp_client.initialize(client, project)
            uri = lsp_client.uri_of(source)
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "c", "version": 1, "text": SOURCE}})
            _, _, params = client.wait_for("textDocument/publishDiagnostics",
                                           lambda p: p["uri"] == uri, timeout=120)
            codes = [(d.get("code"), d["message"]) for d in params["diagnostics"]]
            t.equal([c for c, _ in codes], ["calloc-unchecked-multiplication"],
                    "installed calloc-clangd, moved: the diagnostics (%r)" % codes)
            t.equal(client.shutdown(), 0, "installed calloc-clangd: exit status after shutdown")
        except lsp_client.LspError as e:
            client.kill()
            with open(t.path("clangd.log"), errors="replace") as f:
                t.check(False, "installed calloc-clangd: %s" % e, f.read()[-3000:])
    t.finish()


if __name__ == "__main__":
    main()
