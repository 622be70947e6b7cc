"""Shared by the integration tests: where things are, running commands,
installing this build into a prefix, and collecting failures.

Each test script takes the same arguments from its RUN line:
  --source-root %S/../..  --plugin %calloc_plugin  --clang-tidy %clang_tidy
  --llvm %llvm_major      --work %t
"""

import argparse
import os
import shutil
import subprocess
import sys


class Test:
    def __init__(self, description):
        parser = argparse.ArgumentParser(description=description)
        parser.add_argument("--source-root", required=True)
        parser.add_argument("--plugin", required=True, help="CallocTidy.so of the build under test")
        parser.add_argument("--clang-tidy", required=True)
        parser.add_argument("--llvm", required=True)
        parser.add_argument("--work", required=True, help="a scratch folder, emptied first")
        args = parser.parse_args()
        self.source_root = os.path.realpath(args.source_root)
        self.plugin = os.path.realpath(args.plugin)
        self.build = os.path.dirname(self.plugin)
        self.clang_tidy = args.clang_tidy
        self.llvm = args.llvm
        self.work = os.path.realpath(args.work)
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)
        self.python = sys.executable
        self.failures = []
        self.prefix = None

    # ---- files

    def path(self, *parts):
        return os.path.join(self.work, *parts)

    def write(self, path, text, newline="\n"):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "w", encoding="utf-8", newline=newline) as f:
            f.write(text)
        return path

    # ---- commands

    def run(self, command, cwd=None, env=None, input=None):
        """Runs command; returns (exit status, stdout, stderr) as text."""
        full_env = dict(os.environ)
        full_env.update(env or {})
        p = subprocess.run(command, cwd=cwd or self.work, env=full_env, input=input,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        return (p.returncode, p.stdout.decode("utf-8", "replace"),
                p.stderr.decode("utf-8", "replace"))

    def install(self):
        """cmake --install of the build under test into <work>/prefix; the
        installed launcher's path."""
        if self.prefix is None:
            self.prefix = self.path("prefix")
            status, out, err = self.run(["cmake", "--install", self.build, "--prefix", self.prefix])
            if status != 0:
                sys.exit("cmake --install %s failed:\n%s%s" % (self.build, out, err))
        return os.path.join(self.prefix, "bin", "calloc-tidy")

    def repository_wrapper(self):
        """The repository's ./calloc-tidy, when the build under test is the
        one it uses (build/llvm-NN of this source tree); else None."""
        expected = os.path.join(self.source_root, "build", "llvm-" + self.llvm)
        if os.path.exists(expected) and os.path.samefile(expected, self.build):
            return os.path.join(self.source_root, "calloc-tidy")
        return None

    def tidy2ci(self):
        return [self.python, os.path.join(self.source_root, "tools", "tidy2ci.py")]

    # ---- clangd

    def clangd_diagnostics(self, clangd, source, cwd, name):
        """Starts CLANGD (over LSP, with test/clangd/Inputs/lsp_client.py) in
        CWD with a scratch HOME, opens SOURCE, whose folder holds the
        .clangd and compile_flags.txt it needs, and shuts it down; the
        [(code, line)] of the diagnostics it first publishes for SOURCE
        (lines from 1), or None when that fails (a failure is recorded,
        with the end of clangd's log in <work>/NAME.log)."""
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                        os.pardir, os.pardir, "clangd", "Inputs"))
        import lsp_client
        home = self.path(name + "-home")
        os.makedirs(home, exist_ok=True)
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"))
        log = self.path(name + ".log")
        with open(source, encoding="utf-8") as f:
            text = f.read()
        client = lsp_client.Client([clangd], cwd, env, log)
        try:
            lsp_client.initialize(client, os.path.dirname(source))
            uri = lsp_client.uri_of(source)
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "c", "version": 1, "text": text}})
            _, _, params = client.wait_for("textDocument/publishDiagnostics",
                                           lambda p: p["uri"] == uri, timeout=120)
            found = [(d.get("code"), d["range"]["start"]["line"] + 1) for d in params["diagnostics"]]
            self.equal(client.shutdown(), 0, "%s: exit status after shutdown" % clangd)
            return found
        except lsp_client.LspError as e:
            client.kill()
            with open(log, errors="replace") as f:
                self.check(False, "%s: %s" % (clangd, e), f.read()[-3000:])
            return None

    # ---- verdicts

    def check(self, condition, message, detail=None):
        if not condition:
            self.failures.append(message + ("\n" + detail.rstrip() if detail else ""))
        return condition

    def equal(self, actual, expected, message):
        if actual != expected:
            self.failures.append("%s\n  expected: %r\n  actual:   %r" % (message, expected, actual))
            return False
        return True

    def finish(self):
        for failure in self.failures:
            print("FAIL: " + failure)
        if self.failures:
            sys.exit(1)
        print("ok")
