#!/usr/bin/env python3
"""Neovim, headless, with its built-in LSP client and calloc-clangd.

  nvim_session.py --nvim NVIM --clangd CLANGD --clang CLANG --work DIR

Neovim opens a C file in a project whose .clangd enables calloc-*, and
nvim_quick_fix.lua does what a user would: waits for the diagnostics,
moves to ours, opens the code action menu, picks the quick fix, :write.
Judged here from what Neovim reports (its vim.diagnostic list and its
menu) and from the file Neovim wrote, which must be exactly the fixed text
and compile.
"""

import argparse
import difflib
import json
import os
import shutil
import subprocess
import sys

CODE = "calloc-unchecked-multiplication"
SOURCE = """\
#include <stdlib.h>

struct item { long key; double weight; };

struct item *items(const char *arg) {
  size_t count = strtoull(arg, NULL, 10);
  struct item *all = malloc(count * sizeof(struct item));
  return all;
}
"""
FIXED = SOURCE.replace("malloc(count * sizeof(struct item))", "calloc(count, sizeof(struct item))")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nvim", required=True)
    parser.add_argument("--clangd", required=True)
    parser.add_argument("--clang", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    work = os.path.realpath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    project = os.path.join(work, "project")
    home = os.path.join(work, "home")
    os.makedirs(project)
    os.makedirs(home)
    with open(os.path.join(project, ".clangd"), "w") as f:
        f.write("Diagnostics:\n  ClangTidy:\n    Add: [calloc-*]\n    FastCheckFilter: Loose\n")
    with open(os.path.join(project, "compile_flags.txt"), "w") as f:
        f.write("-std=c11\n")
    source = os.path.join(project, "items.c")
    with open(source, "w") as f:
        f.write(SOURCE)
    result_path = os.path.join(work, "nvim-result.json")
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nvim_quick_fix.lua")

    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
               XDG_DATA_HOME=os.path.join(home, ".local", "share"),
               XDG_STATE_HOME=os.path.join(home, ".local", "state"),
               XDG_CACHE_HOME=os.path.join(home, ".cache"),
               CALLOC_CLANGD=os.path.abspath(args.clangd), CALLOC_NVIM_RESULT=result_path,
               CALLOC_NVIM_CODE=CODE)
    command = [args.nvim, "--headless", "--clean", "-n", "items.c", "-c", "luafile " + script]
    try:
        run = subprocess.run(command, cwd=project, env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=400)
        output = run.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        output = (e.stdout or b"").decode("utf-8", "replace") + "\n(nvim timed out)"
    failures = []

    def check(condition, what, details=""):
        print("%s: %s" % ("ok" if condition else "FAIL", what))
        if not condition:
            failures.append(what + ("\n" + details if details else ""))
        return condition

    if not check(os.path.exists(result_path), "Neovim ran the session script", output):
        return report(failures)
    with open(result_path) as f:
        result = json.load(f)
    print("Neovim %s, filetype %r" % (result.get("nvim"), result.get("filetype")))
    check(not result.get("error"), "the session went through", "%s\n%s" % (result.get("error"), output))

    ours = [d for d in result.get("diagnostics", []) if d.get("code") == CODE]
    check(len(ours) == 1 and ours[0]["lnum"] == 6 and ours[0]["col"] == 21
          and ours[0].get("source") == "clang-tidy"
          and "'count * sizeof(struct item)' can overflow" in ours[0].get("message", ""),
          "vim.diagnostic.get() lists our warning at 7:22, from clang-tidy",
          json.dumps(result.get("diagnostics"), indent=1))
    others = [d for d in result.get("diagnostics", []) if d.get("code") != CODE]
    check(not others, "and nothing else", json.dumps(others, indent=1))
    menu = result.get("menu") or []
    check(any("calloc(count, sizeof(struct item))" in title for title in menu),
          "the code action menu offers our quick fix", repr(menu))

    with open(source) as f:
        written = f.read()
    diff = "".join(difflib.unified_diff(FIXED.splitlines(True), written.splitlines(True),
                                        "expected", "written by Neovim"))
    if check(written == FIXED, "the file Neovim wrote is exactly the fixed text", diff):
        compiled = subprocess.run([args.clang, "-fsyntax-only", "-Werror", "-Wall", "-std=c11",
                                   source], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  universal_newlines=True)
        check(compiled.returncode == 0, "it compiles", compiled.stdout)
    check("after" in result and not any(d.get("code") == CODE for d in result["after"]),
          "after the fix, vim.diagnostic.get() no longer lists it",
          json.dumps(result.get("after"), indent=1))
    return report(failures)


def report(failures):
    if failures:
        sys.stderr.write("\n%d failure(s):\n" % len(failures))
        for failure in failures:
            sys.stderr.write("- %s\n" % failure)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
