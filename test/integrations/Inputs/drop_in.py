"""calloc-tidy is a drop-in clang-tidy: run the way editors and CI tools run
clang-tidy, it gives plain clang-tidy's exit status and output, plus our
findings and nothing else. Checked for the launcher that `cmake --install`
puts in <prefix>/bin and, when the build under test is the source tree's
own, for the repository's ./calloc-tidy."""

import json
import os
import re

import yaml

from harness import Test

TABLE_C = """\
#include <stdlib.h>

int pick(int x) {
  if (x) return 1;
  return 0;
}

void *table(size_t n, size_t size) {
#ifdef FROM_DATABASE
  return malloc(n * size);
#else
  return 0;
#endif
}
"""
PICK_LINE, MALLOC_LINE = 4, 10

BROKEN_C = """\
#include <stdlib.h>
void *broken(size_t n {
  return malloc(n * 4);
}
"""

DIAGNOSTIC = re.compile(r"^\S.*?:\d+:\d+: (warning|error|note): .*?(?: \[([^\]]+)\])?$")
GENERATED = re.compile(r"^(\d+ (warning|error)s?( and \d+ errors?)? generated\.|"
                       r"Suppressed \d+ warnings.*|Use -header-filter=.*)$")


def without_ours(text):
    """clang-tidy's text output with our diagnostics (and their notes and
    source lines) taken out, and the 'N warnings generated.' counts."""
    kept, dropping = [], False
    for line in text.splitlines():
        m = DIAGNOSTIC.match(line)
        if m and m.group(1) != "note":
            dropping = (m.group(2) or "").startswith("calloc-")
        if GENERATED.match(line) or dropping:
            continue
        kept.append(line)
    return "\n".join(kept)


def checks_in(text):
    return [m.group(2) for m in map(DIAGNOSTIC.match, text.splitlines()) if m and m.group(2)]


def fixes(path):
    with open(path, encoding="utf-8") as f:
        document = yaml.safe_load(f) or {}
    return document.get("Diagnostics") or []


def main():
    t = Test(__doc__)
    project = t.path("project")
    source = t.write(os.path.join(project, "src", "table.c"), TABLE_C)
    t.write(os.path.join(project, "src", "broken.c"), BROKEN_C)
    t.write(os.path.join(project, ".clang-tidy"), "Checks: '-*,readability-braces-around-statements'\n")
    t.write(os.path.join(project, "build", "compile_commands.json"), json.dumps([
        {"directory": project, "file": source,
         "arguments": ["clang", "-DFROM_DATABASE", "-c", "src/table.c"]}]))

    tools = [("installed calloc-tidy", [t.install()], {})]
    wrapper = t.repository_wrapper()
    if wrapper:
        tools.append(("./calloc-tidy", [wrapper], {"CALLOC_TIDY_LLVM": t.llvm}))
    plain = [t.clang_tidy]

    line_filter = lambda line: json.dumps([{"name": "src/table.c", "lines": [[line, line]]}])
    # (what, arguments, our findings expected)
    cases = [
        ("-p build FILE (editors)", ["-p", "build", "src/table.c"], 1),
        ("FILE -p=BUILD after the file (VS Code)", ["--quiet", "src/table.c", "-p=" + project + "/build"], 1),
        ("--quiet", ["--quiet", "-p", "build", "src/table.c"], 1),
        ("-- compiler flags", ["src/table.c", "--", "-DFROM_DATABASE"], 1),
        ("--line-filter on our line", ["--line-filter=" + line_filter(MALLOC_LINE), "-p", "build", "src/table.c"], 1),
        ("--line-filter elsewhere", ["--line-filter=" + line_filter(PICK_LINE), "-p", "build", "src/table.c"], 0),
        ("--warnings-as-errors", ["--warnings-as-errors=*", "-p", "build", "src/table.c"], 1),
        ("--checks=-calloc-* turns ours off", ["--checks=-calloc-*", "-p", "build", "src/table.c"], 0),
        ("a file with a syntax error", ["src/broken.c", "--"], 0),
    ]
    for name, tool, env in tools:
        for what, arguments, ours in cases:
            label = "%s, %s" % (name, what)
            want = t.run(plain + arguments, cwd=project)
            got = t.run(tool + arguments, cwd=project, env=env)
            t.equal(got[0], want[0], label + ": exit status differs from clang-tidy's")
            t.equal(without_ours(got[1]), without_ours(want[1]),
                    label + ": output other than ours differs from clang-tidy's")
            found = [c for c in checks_in(got[1]) if c.startswith("calloc-")]
            t.equal(len(found), ours, label + ": number of calloc-* findings")
            if "--quiet" in arguments:
                t.equal(without_ours(got[2]), without_ours(want[2]), label + ": standard error differs")
        # The user's .clang-tidy is still read: its check fires through us.
        status, out, _ = t.run(tool + ["-p", "build", "src/table.c"], cwd=project, env=env)
        t.check("readability-braces-around-statements" in checks_in(out),
                name + ": the check enabled by .clang-tidy did not run", out)
        t.check("src/table.c:%d:" % MALLOC_LINE in out, name + ": our finding is not on its line", out)
        t.equal(status, 0, name + ": warnings alone must exit 0, as in clang-tidy")

        # -p and no file: every file of the database, linted as when named
        # (plain clang-tidy wants them named); with --list-checks, none.
        got = t.run(tool + ["--quiet", "-p", "build"], cwd=project, env=env)
        want = t.run(plain + ["--quiet", "-p", "build", source], cwd=project)
        t.equal((got[0], without_ours(got[1])), (want[0], without_ours(want[1])),
                name + ", -p and no file: not what clang-tidy gives for the database's one file")
        t.equal(checks_in(got[1]).count("calloc-unchecked-multiplication"), 1,
                name + ", -p and no file: our finding")
        got = t.run(tool + ["-p", "build", "--list-checks"], cwd=project, env=env)
        t.check(got[0] == 0 and "calloc-malloc-memset" in got[1] and "warning:" not in got[1],
                name + ", -p and --list-checks: lists, lints nothing", got[1] + got[2])

        # --export-fixes: the same YAML, plus our diagnostics.
        mine, theirs = t.path("mine.yaml"), t.path("theirs.yaml")
        got = t.run(tool + ["--export-fixes=" + mine, "-p", "build", "src/table.c"], cwd=project, env=env)
        want = t.run(plain + ["--export-fixes=" + theirs, "-p", "build", "src/table.c"], cwd=project)
        t.equal(got[0], want[0], name + ", --export-fixes: exit status")
        ours = [d for d in fixes(mine) if d["DiagnosticName"].startswith("calloc-")]
        t.equal([d for d in fixes(mine) if d not in ours], fixes(theirs),
                name + ", --export-fixes: the other diagnostics differ")
        t.equal([d["DiagnosticName"] for d in ours], ["calloc-unchecked-multiplication"],
                name + ", --export-fixes: our diagnostics")
        t.check(ours and ours[0]["DiagnosticMessage"]["Replacements"],
                name + ", --export-fixes: our fix-it is missing")

        # What editors ask before they lint.
        got, want = t.run(tool + ["--version"], env=env), t.run(plain + ["--version"])
        t.equal(got, want, name + ": --version differs from clang-tidy's")
        got = t.run(tool + ["--list-checks"], cwd=project, env=env)
        want = t.run(plain + ["--list-checks"], cwd=project)
        t.equal(got[0], 0, name + ": --list-checks exit status")
        t.equal(sorted(got[1].split()), sorted(want[1].split() + ["calloc-malloc-memset",
                                                                 "calloc-unchecked-multiplication"]),
                name + ": --list-checks should add exactly our two checks")
        # An option clang-tidy rejects is rejected the same way.
        got, want = t.run(tool + ["--no-such-option", "src/table.c"], cwd=project, env=env), \
            t.run(plain + ["--no-such-option", "src/table.c"], cwd=project)
        t.equal(got[0], want[0], name + ": exit status for an unknown option")

    # The installed launcher runs from anywhere, through a symlink, and
    # with the prefix moved: it finds the plugin relative to itself.
    moved = t.path("moved")
    os.rename(t.prefix, moved)
    link = t.path("bin", "calloc-tidy")
    os.makedirs(os.path.dirname(link))
    os.symlink(os.path.join(moved, "bin", "calloc-tidy"), link)
    status, out, err = t.run([link, "--quiet", "-p", "build", "src/table.c"], cwd=project)
    t.check(status == 0 and "[calloc-unchecked-multiplication]" in out,
            "installed calloc-tidy, moved and symlinked: no finding", out + err)
    t.finish()


if __name__ == "__main__":
    main()
