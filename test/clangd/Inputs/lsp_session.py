#!/usr/bin/env python3
"""calloc-clangd in a real LSP session over stdio, as an editor drives it.

  lsp_session.py quick-fix    --clangd CLANGD --clang CLANG --work DIR
  lsp_session.py syntax-error --clangd CLANGD --clang CLANG --work DIR
  lsp_session.py facts --clangd CLANGD --clang CLANG --work DIR

quick-fix: a project whose .clangd enables calloc-* the documented way.
didOpen of a C file must publish exactly our finding; the quick fix that
textDocument/codeAction offers for it, applied, must give the expected
text, after which the diagnostic goes away (didChange); typing a
malloc + memset pair then brings calloc-malloc-memset with its note, and
its quick fix too. The result must compile. The same for a C++ file, and
for a project that selects one check in .clang-tidy instead.

syntax-error: a file that does not parse gets clang's error and still our
finding in the function that does; a finding typed one character at a time
(every prefix a broken file) keeps the server alive and ends with the
finding; fixing the syntax leaves a file that compiles. In both modes
clangd must exit cleanly on shutdown, with no crash in its log.

Prints what it checked; exits 1 with every failure listed.
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lsp_client  # noqa: E402
from lsp_client import LspError  # noqa: E402

# The documented way to turn the checks on in clangd: clangd 18 and later
# run only checks it knows to be fast unless FastCheckFilter says otherwise.
CLANGD_CONFIG = """\
Diagnostics:
  ClangTidy:
    Add: [calloc-*]
    FastCheckFilter: Loose
"""

NUMBERS_C = """\
#include <stdlib.h>
#include <string.h>

int *numbers(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return malloc(n * sizeof(int));
}
"""
NUMBERS_C_FIXED = NUMBERS_C.replace("malloc(n * sizeof(int))", "calloc(n, sizeof(int))")

# What the user then types at the end of the file.
ZEROED = """
char *zeroed(size_t n) {
  char *p = malloc(n);
  if (!p)
    return NULL;
  memset(p, 0, n);
  return p;
}
"""
ZEROED_FIXED = """
char *zeroed(size_t n) {
  char *p = calloc(1, n);
  if (!p)
    return NULL;
  return p;
}
"""

NUMBERS_CPP = """\
#include <cstdlib>

struct Point { double x, y; };

Point *points(const char *arg) {
  std::size_t n = std::strtoull(arg, nullptr, 10);
  return static_cast<Point *>(std::malloc(n * sizeof(Point)));
}
"""
NUMBERS_CPP_FIXED = NUMBERS_CPP.replace("std::malloc(n * sizeof(Point))",
                                        "std::calloc(n, sizeof(Point))")

BROKEN_C = """\
#include <stdlib.h>

int *numbers(const char *arg) {
  size_t n = strtoull(arg, NULL, 10);
  return malloc(n * sizeof(int));
}

int broken(int a) {
  return a +;
}
"""
BROKEN_C_SYNTAX_FIXED = BROKEN_C.replace("return a +;", "return a + 1;")

TYPED_LINE = "  long *q = malloc(n * sizeof(long));"


class Session:
    def __init__(self, args):
        self.args = args
        self.failures = []
        self.clients = []

    def check(self, condition, what, details=""):
        print("%s: %s" % ("ok" if condition else "FAIL", what))
        if not condition:
            self.failures.append(what + ("\n" + details if details else ""))
        return condition

    def project(self, name, files):
        root = os.path.join(self.args.work, name)
        os.makedirs(root)
        for relative, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, relative)), exist_ok=True)
            with open(os.path.join(root, relative), "w") as f:
                f.write(text)
        return root

    def start(self, root):
        home = os.path.join(self.args.work, "home")
        os.makedirs(home, exist_ok=True)
        # No user configuration (~/.config/clangd/config.yaml) may interfere.
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"))
        stderr = os.path.join(self.args.work, os.path.basename(root) + ".clangd.log")
        client = lsp_client.Client([self.args.clangd, "--log=info"], root, env, stderr)
        client.log_path = stderr
        self.clients.append(client)
        lsp_client.initialize(client, root)
        return client

    def finish(self, client, label):
        status = client.shutdown()
        with open(client.log_path, errors="replace") as f:
            log = f.read()
        crashed = re.search(r"Stack dump|PLEASE submit|Signalled|Segmentation fault", log)
        self.check(status == 0 and not crashed,
                   "%s: clangd shut down cleanly (exit status %s)" % (label, status),
                   log[-3000:] if crashed or status else "")

    # -- what an editor does ---------------------------------------------

    def open(self, client, path, language, text):
        uri = lsp_client.uri_of(path)
        since = len(client.notifications)
        opened = time.monotonic()
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": 1, "text": text}})
        diagnostics, arrived = self.diagnostics(client, uri, 1, since)
        print("   first diagnostics %.0f ms after didOpen" % ((arrived - opened) * 1000))
        return uri, diagnostics

    def change(self, client, uri, version, text, wait=True):
        since = len(client.notifications)
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": text}]})
        if wait:
            return self.diagnostics(client, uri, version, since)[0]
        return None

    @staticmethod
    def diagnostics(client, uri, version, since):
        def current(params):
            # clangd says which version the diagnostics are for.
            return params["uri"] == uri and params.get("version") == version
        _, arrived, params = client.wait_for("textDocument/publishDiagnostics", current,
                                             timeout=120, since=since)
        return params["diagnostics"], arrived

    def quick_fix(self, client, uri, text, diagnostic, label):
        """Asks for the code actions at DIAGNOSTIC, takes its quick fix and
        returns TEXT with the fix applied (None when there is none)."""
        actions = client.request("textDocument/codeAction", {
            "textDocument": {"uri": uri},
            "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic], "only": ["quickfix"]},
        }) or []
        fixes = [a for a in actions
                 if a.get("kind") == "quickfix" and "edit" in a
                 and any(d.get("code") == diagnostic["code"] for d in a.get("diagnostics", []))]
        if not self.check(len(fixes) == 1, "%s: exactly one quick fix for %s is offered"
                          % (label, diagnostic["code"]), repr(actions)):
            return None
        self.check(fixes[0].get("isPreferred") is True,
                   "%s: it is the preferred fix (applied by 'fix all' / auto-fix)" % label)
        return lsp_client.apply_text_edits(text, lsp_client.edits_for(fixes[0]["edit"], uri))

    def expect_codes(self, diagnostics, expected, label):
        codes = sorted(str(d.get("code")) for d in diagnostics)
        return self.check(codes == sorted(expected), "%s: diagnostics %s" % (label, sorted(expected)),
                          "got: %r" % [(d.get("code"), d["message"]) for d in diagnostics])

    def expect_text(self, actual, expected, label):
        diff = "".join(difflib.unified_diff(expected.splitlines(True),
                                            (actual or "").splitlines(True),
                                            "expected", "after the quick fix"))
        return self.check(actual == expected, "%s: the fixed text is exactly as expected" % label, diff)

    def compiles(self, path, text, flags, label):
        with open(path, "w") as f:
            f.write(text)
        result = subprocess.run([self.args.clang, "-fsyntax-only", "-Werror", "-Wall"] + flags
                                + [path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                universal_newlines=True)
        self.check(result.returncode == 0, "%s: the edited file compiles" % label, result.stdout)

    # -- the scenarios ----------------------------------------------------

    def quick_fix_mode(self):
        root = self.project("project", {".clangd": CLANGD_CONFIG, "compile_flags.txt": "-std=c11\n"})
        client = self.start(root)
        path = os.path.join(root, "numbers.c")

        uri, diags = self.open(client, path, "c", NUMBERS_C)
        if self.expect_codes(diags, ["calloc-unchecked-multiplication"], "numbers.c, on open"):
            d = diags[0]
            self.check(d["range"]["start"] == {"line": 5, "character": 9}
                       and d["severity"] == 2 and d.get("source") == "clang-tidy"
                       and "'n * sizeof(int)' can overflow" in d["message"],
                       "numbers.c: a warning from clang-tidy at 6:10 naming the product", repr(d))
            fixed = self.quick_fix(client, uri, NUMBERS_C, d, "numbers.c")
            if self.expect_text(fixed, NUMBERS_C_FIXED, "numbers.c"):
                diags = self.change(client, uri, 2, fixed)
                self.expect_codes(diags, [], "numbers.c after the fix")

        # Typing a new function brings the other check, with its note.
        typed = NUMBERS_C_FIXED + ZEROED
        diags = self.change(client, uri, 3, typed)
        if self.expect_codes(diags, ["calloc-malloc-memset"], "numbers.c, malloc + memset typed"):
            d = diags[0]
            related = d.get("relatedInformation") or []
            self.check(d["range"]["start"] == {"line": 9, "character": 12}
                       and len(related) == 1 and related[0]["location"]["range"]["start"]
                       == {"line": 12, "character": 2} and "memset" in related[0]["message"],
                       "numbers.c: the warning at 10:13 and the note at the memset (13:3)", repr(d))
            fixed = self.quick_fix(client, uri, typed, d, "numbers.c, memset")
            if self.expect_text(fixed, NUMBERS_C_FIXED + ZEROED_FIXED, "numbers.c, memset"):
                self.expect_codes(self.change(client, uri, 4, fixed), [],
                                  "numbers.c after the second fix")
                self.compiles(path, fixed, ["-std=c11"], "numbers.c")

        self.finish(client, "project with .clangd")

        # C++: std::malloc keeps its qualifier.
        root = self.project("cxx", {".clangd": CLANGD_CONFIG, "compile_flags.txt": "-std=c++17\n"})
        client = self.start(root)
        cpp = os.path.join(root, "points.cpp")
        uri, diags = self.open(client, cpp, "cpp", NUMBERS_CPP)
        if self.expect_codes(diags, ["calloc-unchecked-multiplication"], "points.cpp, on open"):
            fixed = self.quick_fix(client, uri, NUMBERS_CPP, diags[0], "points.cpp")
            if self.expect_text(fixed, NUMBERS_CPP_FIXED, "points.cpp"):
                self.compiles(cpp, fixed, ["-std=c++17"], "points.cpp")
        self.finish(client, "C++ project with .clangd")

        # The checks chosen in .clang-tidy (only FastCheckFilter in .clangd).
        root = self.project("tidy-config", {
            ".clangd": "Diagnostics:\n  ClangTidy:\n    FastCheckFilter: Loose\n",
            ".clang-tidy": "Checks: '-*,calloc-malloc-memset'\n",
            "compile_flags.txt": "-std=c11\n"})
        client = self.start(root)
        text = NUMBERS_C + ZEROED
        uri, diags = self.open(client, os.path.join(root, "both.c"), "c", text)
        self.expect_codes(diags, ["calloc-malloc-memset"],
                          "both.c with .clang-tidy enabling calloc-malloc-memset only")
        self.finish(client, "project with .clang-tidy")

    def syntax_error_mode(self):
        root = self.project("project", {".clangd": CLANGD_CONFIG, "compile_flags.txt": "-std=c11\n"})
        client = self.start(root)
        path = os.path.join(root, "broken.c")
        uri, diags = self.open(client, path, "c", BROKEN_C)
        errors = [d for d in diags if d["severity"] == 1]
        self.check(len(errors) == 1 and errors[0]["range"]["start"]["line"] == 8
                   and errors[0].get("source") == "clang"
                   and "expected expression" in errors[0]["message"].lower(),
                   "broken.c: clang's 'expected expression' error on line 9",
                   repr(diags))
        ours = [d for d in diags if d.get("code") == "calloc-unchecked-multiplication"]
        text = BROKEN_C
        if self.check(len(ours) == 1 and ours[0]["range"]["start"]["line"] == 4,
                      "broken.c: our finding in the function that parses", repr(diags)):
            fixed = self.quick_fix(client, uri, BROKEN_C, ours[0], "broken.c")
            expected = BROKEN_C.replace("malloc(n * sizeof(int))", "calloc(n, sizeof(int))")
            if self.expect_text(fixed, expected, "broken.c"):
                text = fixed
                diags = self.change(client, uri, 2, text)
                self.expect_codes(diags, ["expected_expression"], "broken.c after the fix")

        # The user types a finding character by character, into the broken
        # function: every version in between is a file that does not parse.
        cut = text.index("  return a +;")
        head = text[:cut].replace(
            "int broken(int a) {",
            "int broken(int a, const char *text) {\n  size_t n = strtoull(text, NULL, 10);")
        tail = text[cut:]
        version = 3
        for end in range(1, len(TYPED_LINE) + 1):
            self.change(client, uri, version, head + TYPED_LINE[:end] + "\n" + tail, wait=False)
            version += 1
        typed = head + TYPED_LINE + "\n  free(q);\n" + tail
        diags = self.change(client, uri, version, typed)
        self.check(client.proc.poll() is None, "broken.c: clangd is alive after %d edits" % version)
        self.expect_codes(diags, ["calloc-unchecked-multiplication", "expected_expression"],
                          "broken.c after typing a finding")
        version += 1
        repaired = typed.replace("return a +;", "return a + 1;")
        diags = self.change(client, uri, version, repaired)
        ours = [d for d in diags if d.get("code") == "calloc-unchecked-multiplication"]
        if self.expect_codes(diags, ["calloc-unchecked-multiplication"], "broken.c, syntax repaired"):
            fixed = self.quick_fix(client, uri, repaired, ours[0], "broken.c, typed finding")
            expected = repaired.replace("malloc(n * sizeof(long))", "calloc(n, sizeof(long))")
            if self.expect_text(fixed, expected, "broken.c, typed finding"):
                self.compiles(path, fixed, ["-std=c11"], "broken.c")
        self.finish(client, "syntax errors")


    def facts_mode(self):
        """calloc-clangd finds the program's facts file where tools find
        compile_commands.json (here in the project's build/ folder) and
        judges with it: a count another file reads is reported, with the
        fact named in a note. The same file in a project without the facts
        file gets no finding."""
        facts = ("# calloc-tidy program facts, format 1\n"
                 "fn read_count\tinput\tnet.c:3\n")
        for name, with_facts in (("with-facts", True), ("without-facts", False)):
            files = {".clangd": CLANGD_CONFIG, "compile_flags.txt": "-std=c11\n"}
            if with_facts:
                files["build/calloc-facts.tsv"] = facts
            root = self.project(name, files)
            client = self.start(root)
            path = os.path.join(root, "items.c")
            uri, diags = self.open(client, path, "c", FACTS_C)
            ours = [d for d in diags if d.get("code") == "calloc-unchecked-multiplication"]
            if not with_facts:
                self.check(not ours, "items.c without a facts file: no finding", repr(diags))
                self.finish(client, "no facts")
                continue
            notes = " ".join(r.get("message", "") for d in ours
                             for r in d.get("relatedInformation", []))
            self.check(len(ours) == 1 and ours[0]["range"]["start"]["line"] == 7,
                       "items.c with the facts file: the count read in net.c is reported",
                       repr(diags))
            self.check("net.c:3, by the program's facts" in notes + " " + " ".join(
                d.get("message", "") for d in ours),
                       "items.c: the note names the fact it rests on", repr(ours))
            self.finish(client, "facts")


FACTS_C = """\
#include <stdlib.h>
size_t read_count(const unsigned char *p);
struct item {
  int a, b;
};
struct item *items(const unsigned char *buf) {
  size_t n = read_count(buf);
  return malloc(n * sizeof(struct item));
}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["quick-fix", "syntax-error", "facts"])
    parser.add_argument("--clangd", required=True)
    parser.add_argument("--clang", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    args.work = os.path.realpath(args.work)
    args.clangd = os.path.abspath(args.clangd)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    session = Session(args)
    try:
        if args.mode == "quick-fix":
            session.quick_fix_mode()
        elif args.mode == "facts":
            session.facts_mode()
        else:
            session.syntax_error_mode()
    except LspError as e:
        session.failures.append("LSP session broke off: %s" % e)
        for client in session.clients:
            client.kill()
            with open(client.log_path, errors="replace") as f:
                sys.stderr.write("--- %s (last lines) ---\n%s\n" % (client.log_path, f.read()[-3000:]))
    if session.failures:
        sys.stderr.write("\n%d failure(s):\n" % len(session.failures))
        for failure in session.failures:
            sys.stderr.write("- %s\n" % failure)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
