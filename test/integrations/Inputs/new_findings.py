"""tools/tidy2ci.py new: the findings a change brings, on changed lines or
not, in a scratch git repository whose code needs its compile flags (-D and
-I from compile_commands.json: without them there is nothing to find), with
the installed calloc-tidy as clang-tidy. One commit each:
  a guard deleted  the untouched malloc below it is new, with its fix; the
                   review's body carries it (it is off the diff's lines)
  code moved       no new finding, though a finding sits on moved lines
  memset added     the old malloc above it has a new calloc-malloc-memset
  file renamed     no new finding
  a copy of a line in the same function: one new finding, the later one
"""

import json
import os
import re

import yaml

from harness import Test

TABLE_H = """\
#include <stddef.h>
void *rows(size_t n, size_t size);
"""
TABLE_C = """\
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "table.h"

#ifdef WITH_TABLES
void *rows(size_t n, size_t size) {
  if (n > SIZE_MAX / size) return NULL;
  /* The rows lie one after the other, each
     size bytes long, in one block that the
     caller fills in and frees; nothing here
     reads them. */
  char *p = malloc(n * size);
  return p;
}

void cells(size_t n, size_t size, void **a) {
  *a = malloc(n * size);
}

char *zeroed(size_t n) {
  char *q = malloc(n);
  q[0] = 1;
  return q;
}
#endif
"""
GUARD = "  if (n > SIZE_MAX / size) return NULL;\n"
UNGUARDED = "  char *p = malloc(n * size);"
CELL = "  *a = malloc(n * size);\n"
ZEROED = "  char *q = malloc(n);\n"


def line_of(text, needle, start=0):
    """1-based line of the first line holding needle at or after line start."""
    lines = text.split("\n")
    return next(i + 1 for i in range(start, len(lines)) if needle in lines[i])


def added_lines(diff):
    """Lines of the new file that a unified diff (-U0) adds."""
    added = set()
    for m in re.finditer(r"^@@ -\S+ \+(\d+)(?:,(\d+))? @@", diff, re.M):
        start, count = int(m.group(1)), int(m.group(2) if m.group(2) is not None else 1)
        added.update(range(start, start + count))
    return added


def main():
    t = Test(__doc__)
    tidy = t.install()
    repo = t.path("repo")
    env = {"HOME": t.path("home"), "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
           "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com"}

    def sh(*command):
        status, out, err = t.run(list(command), cwd=repo, env=env)
        if status != 0:
            t.check(False, "%s failed:\n%s%s" % (" ".join(command), out, err))
            t.finish()
        return out

    os.makedirs(t.path("home"))
    t.write(os.path.join(repo, "include", "table.h"), TABLE_H)
    t.write(os.path.join(repo, "src", "table.c"), TABLE_C)
    t.write(os.path.join(repo, ".gitignore"), "build/\n")
    build = os.path.join(repo, "build")
    t.write(os.path.join(build, "compile_commands.json"), json.dumps([
        {"directory": build, "file": os.path.join(repo, "src", name),
         "arguments": ["cc", "-DWITH_TABLES", "-I" + os.path.join(repo, "include"), "-c",
                       os.path.join(repo, "src", name)]}
        for name in ("table.c", "tables.c")]))
    sh("git", "init", "-q", "-b", "main")
    sh("git", "add", ".")
    sh("git", "commit", "-q", "-m", "base")

    def commit(message, path, text):
        t.write(os.path.join(repo, path), text)
        sh("git", "add", "-A")
        sh("git", "commit", "-q", "-m", message)

    def new(what, *extra):
        """tidy2ci.py new against the previous commit: (findings as
        (check, line), the diagnostics, standard error)."""
        out = t.path(what.replace(" ", "-") + ".yaml")
        status, _, err = t.run(t.tidy2ci() + ["new", "--base", "HEAD~1", "-p", "build", "--clang-tidy", tidy,
                                              "-o", out] + list(extra), cwd=repo, env=env)
        t.equal(status, 1 if "--exit-code" in extra else 0, what + ": exit status; " + err)
        with open(out, encoding="utf-8") as f:
            diagnostics = (yaml.safe_load(f) or {}).get("Diagnostics") or []
        found = []
        for d in diagnostics:
            message = d["DiagnosticMessage"]
            with open(message["FilePath"], "rb") as f:
                before = f.read()[:message["FileOffset"]]
            found.append((d["DiagnosticName"], os.path.relpath(message["FilePath"], repo),
                          before.count(b"\n") + 1))
        return found, out, err

    # Without the database's flags nothing is found: they must reach both runs.
    status, out, _ = t.run([tidy, os.path.join(repo, "src", "table.c"), "--"], cwd=repo)
    t.check("[calloc-" not in out, "without -D and -I the file should have no finding", out)
    status, out, _ = t.run([tidy, "-p", "build", os.path.join(repo, "src", "table.c")], cwd=repo)
    t.equal(out.count("[calloc-unchecked-multiplication]"), 1, "the base's one finding (cells), with -p build")

    # (a) The guard goes; the malloc below it is untouched and now new.
    text = TABLE_C.replace(GUARD, "")
    commit("drop the guard", "src/table.c", text)
    unguarded = line_of(text, UNGUARDED)
    t.check(unguarded not in added_lines(sh("git", "diff", "-U0", "HEAD~1", "HEAD")),
            "(a): the malloc's line should be one the commit leaves alone")
    found, fixes, err = new("guard deleted", "--exit-code")
    t.equal(found, [("calloc-unchecked-multiplication", "src/table.c", unguarded)],
            "(a) guard deleted: the new findings")
    t.check("1 new of 2 findings" in err and "(1 at the base" in err, "(a): the summary line", err)
    diff = t.write(t.path("a.diff"), sh("git", "diff", "HEAD~1", "HEAD"))
    status, out, err = t.run(t.tidy2ci() + ["suggestions", "--root", repo, "--diff", diff, fixes])
    review = json.loads(out) if status == 0 else {}
    t.equal(review.get("comments"), [], "(a): no comment can go on the malloc's line, off the diff")
    body = review.get("body", "")
    t.check("1 outside" in body and "**src/table.c:%d:" % unguarded in body
            and "+ " + UNGUARDED.replace("malloc(n * size)", "calloc(n, size)") in body,
            "(a): the review's body should carry the finding and its fix", body)

    # (b) The same code, moved: cells() above rows().
    start, end = text.index("void cells"), text.index("char *zeroed")
    moved = text[:start] + text[end:]
    moved = moved.replace("#ifdef WITH_TABLES\n", "#ifdef WITH_TABLES\n" + text[start:end])
    commit("move cells up", "src/table.c", moved)
    cell_line = line_of(moved, CELL.rstrip("\n"))
    t.check(cell_line in added_lines(sh("git", "diff", "-U0", "HEAD~1", "HEAD")),
            "(b): the moved finding should be on a line the diff adds (what line filters report)")
    found, _, err = new("code moved")
    t.equal(found, [], "(b) code moved: no new finding")
    t.check("0 new of 2 findings" in err, "(b): both findings are still there at the head", err)

    # (c) A memset after the old malloc of zeroed().
    memset = moved.replace(ZEROED, ZEROED + "  memset(q, 0, n);\n")
    commit("zero the buffer", "src/table.c", memset)
    found, fixes, _ = new("memset added")
    t.equal(found, [("calloc-malloc-memset", "src/table.c", line_of(memset, ZEROED.rstrip("\n")))],
            "(c) memset added: the new findings")
    status, out, _ = t.run(t.tidy2ci() + ["suggestions", "--format", "markdown", "--root", repo, fixes])
    t.check("+   char *q = calloc(1, n);" in out, "(c): the fix merges the pair into calloc", out)

    # (d) The file renamed, unchanged.
    sh("git", "mv", "src/table.c", "src/tables.c")
    sh("git", "commit", "-q", "-m", "rename")
    found, _, err = new("file renamed")
    t.equal(found, [], "(d) file renamed: no new finding")
    t.check("0 new of 3 findings" in err, "(d): the findings are still there", err)

    # (e) A second, identical line in cells(): one of the two is new.
    copied = memset.replace(CELL, CELL + CELL)
    commit("allocate twice", "src/tables.c", copied)
    first = line_of(copied, CELL.rstrip("\n"))
    found, _, _ = new("line copied")
    t.equal(found, [("calloc-unchecked-multiplication", "src/tables.c", first + 1)],
            "(e) an identical line copied: the later one is new")
    t.finish()


if __name__ == "__main__":
    main()
