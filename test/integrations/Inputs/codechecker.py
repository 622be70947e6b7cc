"""CodeChecker (from PyPI, in build/codechecker-venv) with calloc-clang-tidy
as its clang-tidy, as docs/ci.md says to run it.

A scratch project whose .clang-tidy names a project allocator, grab(),
with its checked form grab_array(): `CodeChecker analyze` finds grab's
product only with `--analyzer-config
clang-tidy:take-config-from-directory=true` (without it CodeChecker gives
clang-tidy a configuration of its own and the .clang-tidy is not read).
A real CodeChecker server, started here on a free local port with its
default SQLite database, stores a first run, then a second after a commit
deletes `if (count > SIZE_MAX / size) return NULL;`: `CodeChecker cmd diff
--new` between the two runs shows exactly the allocation below the deleted
guard, `--resolved` nothing, `--unresolved` the two older findings, though
both moved up a line. Last, on local report folders, what CodeChecker's
default report hash cannot tell apart: a finding whose line and message
equal another's in the same file has the same hash, so deleting the guard
above one of two identical allocations makes nothing new; with
`--report-hash diagnostic-message`, which hashes the notes too, it does.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time

from harness import Test

GRAB_H = """\
#include <stddef.h>

void *grab(size_t size);
void *grab_array(size_t n, size_t size);
"""
POOL_C = """\
#include <stdint.h>
#include <stdlib.h>
#include "grab.h"

void *pool(size_t count, size_t size) {
  if (count > SIZE_MAX / size) return NULL;
  return malloc(count * size);
}

void *spare(size_t n, size_t size) {
  return malloc(n * size);
}

void *arena(size_t n, size_t width) {
  return grab(n * width);
}
"""
GUARD = "  if (count > SIZE_MAX / size) return NULL;\n"
CLANG_TIDY = """\
Checks: '-*,calloc-*'
CheckOptions:
  calloc-unchecked-multiplication.Allocators: 'malloc(size) array=calloc; grab(size) array=grab_array'
"""
# The same file where the guarded allocation reads like spare()'s.
TWINS_C = POOL_C.replace("count", "n")
TWIN_GUARD = GUARD.replace("count", "n")
UNCHECKED = "calloc-unchecked-multiplication"
TAKE_CONFIG = ["--analyzer-config", "clang-tidy:take-config-from-directory=true"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class CodeChecker:
    def __init__(self, t, program, calloc_clang_tidy):
        self.t = t
        self.program = program
        home = t.path("home")
        os.makedirs(home, exist_ok=True)
        # HOME: CodeChecker keeps sessions and passwords there.
        self.env = {"HOME": home, "CC_ANALYZER_BIN": "clang-tidy:" + calloc_clang_tidy}

    def __call__(self, *args, cwd=None):
        status, out, err = self.t.run([self.program] + list(args), cwd=cwd, env=self.env)
        if status != 0:
            sys.exit("FAIL: CodeChecker %s exited with %d:\n%s%s" % (" ".join(args), status, out, err[-4000:]))
        return out

    def analyze(self, project, output, *options):
        self("analyze", os.path.join(project, "compile_commands.json"), "--analyzers", "clang-tidy",
             "-o", output, *options, cwd=project)

    def parse(self, reports, project):
        """(file, line, checker, message) of each report in the folder."""
        status, out, err = self.t.run([self.program, "parse", reports, "-e", "json", "-o", reports + ".json"],
                                      env=self.env)
        if not os.path.exists(reports + ".json"):
            sys.exit("FAIL: CodeChecker parse %s (%d):\n%s%s" % (reports, status, out, err))
        with open(reports + ".json", encoding="utf-8") as f:
            return rows(json.load(f), project)

    def diff(self, root, base, new, which, *options):
        """The reports of `cmd diff`, which exits with 2 when there are
        some; from the server's runs when --url is given."""
        command = ["cmd", "diff", "-b", base, "-n", new, which, "-o", "json"] + list(options)
        status, out, err = self.t.run([self.program] + command, env=self.env)
        if status not in (0, 2) or "{" not in out:
            sys.exit("FAIL: CodeChecker %s exited with %d:\n%s%s" % (" ".join(command), status, out, err[-4000:]))
        if "--url" in options:
            self.t.check("Compared multiple remote runs %s" % base in err,
                         "cmd diff %s: not the server's runs" % which, err)
        return rows(json.loads(out[out.index("{"):]), root)


def rows(document, root):
    """(file relative to ROOT, line, checker, message) of each report."""
    found = []
    for report in document["reports"]:
        path = report["file"].get("original_path") or report["file"]["path"]
        found.append((os.path.relpath(path, root) if os.path.isabs(path) else path,
                      report["line"], report["checker_name"], report["message"]))
    return sorted(found)


def project(t, name, source):
    """A project with src/pool.c (SOURCE), src/grab.h, .clang-tidy and a
    compilation database."""
    root = t.path(name)
    t.write(os.path.join(root, "src", "pool.c"), source)
    t.write(os.path.join(root, "src", "grab.h"), GRAB_H)
    t.write(os.path.join(root, ".clang-tidy"), CLANG_TIDY)
    t.write(os.path.join(root, "compile_commands.json"), json.dumps([
        {"directory": root, "file": "src/pool.c", "arguments": ["cc", "-c", "src/pool.c", "-o", "pool.o"]}]))
    return root


def finding(line, product, fix):
    return ("src/pool.c", line, UNCHECKED,
            "allocation size '%s' can overflow; use '%s', which checks the multiplication" % (product, fix))


class Server:
    """`CodeChecker server` on a free port of 127.0.0.1, with its workspace
    (and so its default SQLite database) in <work>/workspace."""

    def __init__(self, t, codechecker):
        self.t, self.codechecker = t, codechecker
        self.workspace = t.path("workspace")
        self.port = free_port()
        self.url = "http://127.0.0.1:%d/Default" % self.port
        self.log = open(t.path("server.log"), "wb")
        self.process = subprocess.Popen(
            [codechecker.program, "server", "--workspace", self.workspace, "--host", "127.0.0.1",
             "--port", str(self.port)], env=dict(os.environ, **codechecker.env),
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)

    def wait(self, seconds=90):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            status, _, _ = self.t.run([self.codechecker.program, "cmd", "runs", "--url", self.url],
                                      env=self.codechecker.env)
            if status == 0:
                return
            time.sleep(0.5)
        self.stop()
        with open(self.t.path("server.log"), errors="replace") as f:
            sys.exit("FAIL: CodeChecker server did not answer on %s:\n%s" % (self.url, f.read()[-3000:]))

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()


def main():
    t = Test(__doc__)
    calloc_clang_tidy = os.path.join(t.build, "bin", "calloc-clang-tidy")
    codechecker = CodeChecker(t, os.environ["CODECHECKER"], calloc_clang_tidy)
    analyzers = codechecker("analyzers")
    t.check(calloc_clang_tidy in analyzers, "CodeChecker analyzers: not calloc-clang-tidy", analyzers)

    # Started first: it takes a few seconds to answer.
    server = Server(t, codechecker)
    try:
        # Our configuration reaches clang-tidy only when CodeChecker is told.
        root = project(t, "project", POOL_C)
        codechecker.analyze(root, t.path("unconfigured"), "--enable", "calloc")
        t.equal(codechecker.parse(t.path("unconfigured"), root),
                [finding(11, "n * size", "calloc(n, size)")],
                "analyze --enable calloc: malloc only, grab() unknown without the .clang-tidy")
        codechecker.analyze(root, t.path("base"), *TAKE_CONFIG)
        t.equal(codechecker.parse(t.path("base"), root),
                [finding(11, "n * size", "calloc(n, size)"), finding(15, "n * width", "grab_array(n, width)")],
                "analyze with take-config-from-directory")

        # Each run is stored as it is analyzed (store reads the sources).
        server.wait()
        codechecker("store", t.path("base"), "--name", "pool-base", "--url", server.url, "--trim-path-prefix", root)
        with open(os.path.join(root, "src", "pool.c"), "w", encoding="utf-8") as f:
            f.write(POOL_C.replace(GUARD, ""))
        codechecker.analyze(root, t.path("head"), *TAKE_CONFIG)
        codechecker("store", t.path("head"), "--name", "pool-head", "--url", server.url, "--trim-path-prefix", root)
        t.check(os.path.exists(os.path.join(server.workspace, "Default.sqlite")),
                "the server's default SQLite database is not in its workspace")
        runs = codechecker("cmd", "runs", "--url", server.url, "-o", "json")
        t.equal(sorted(name for run in json.loads(runs) for name in run), ["pool-base", "pool-head"], "the stored runs")
        t.equal(codechecker.diff(root, "pool-base", "pool-head", "--new", "--url", server.url),
                [finding(6, "count * size", "calloc(count, size)")],
                "cmd diff --new: the allocation below the deleted guard, and nothing else")
        t.equal(codechecker.diff(root, "pool-base", "pool-head", "--resolved", "--url", server.url), [],
                "cmd diff --resolved: nothing (the older findings moved, they are not gone)")
        t.equal(codechecker.diff(root, "pool-base", "pool-head", "--unresolved", "--url", server.url),
                [finding(10, "n * size", "calloc(n, size)"), finding(14, "n * width", "grab_array(n, width)")],
                "cmd diff --unresolved: the two older findings, a line up")
    finally:
        server.stop()

    # Identical lines and messages in one file share CodeChecker's default
    # hash (clang-tidy's reports are hashed by file, message, line text and
    # column): deleting the guard of the twin of a finding is not new. With
    # --report-hash diagnostic-message the notes count too, and the note
    # "'n' and 'size' are parameters of 'pool'" tells the twins apart.
    twins = project(t, "twins", TWINS_C)
    unguarded = finding(6, "n * size", "calloc(n, size)")
    for hashing, new in (([], []), (["--report-hash", "diagnostic-message"], [unguarded])):
        label = "twins, %s hash" % (hashing[1:] or ["the default"])[0]
        with open(os.path.join(twins, "src", "pool.c"), "w", encoding="utf-8") as f:
            f.write(TWINS_C)
        codechecker.analyze(twins, t.path("twins-base"), *(TAKE_CONFIG + hashing))
        with open(os.path.join(twins, "src", "pool.c"), "w", encoding="utf-8") as f:
            f.write(TWINS_C.replace(TWIN_GUARD, ""))
        codechecker.analyze(twins, t.path("twins-head"), *(TAKE_CONFIG + hashing))
        t.equal(len(codechecker.parse(t.path("twins-head"), twins)), 3, label + ": findings after the change")
        t.equal(codechecker.diff(twins, t.path("twins-base"), t.path("twins-head"), "--new"), new,
                label + ": cmd diff --new")
    t.finish()


if __name__ == "__main__":
    main()
