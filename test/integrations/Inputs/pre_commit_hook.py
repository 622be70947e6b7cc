"""The `calloc-tidy` hook of .pre-commit-hooks.yaml, run by the real
pre-commit on `git commit` in a scratch repository: a clean file commits, a
staged file with an unchecked malloc(n * size) fails the commit and the
finding is printed, and the hook finds build/compile_commands.json by
itself. Offline: the hook is a `script` hook from a local repository, and
PRE_COMMIT_HOME is a scratch folder."""

import json
import os
import shutil
import sys

from harness import Test

CLEAN_C = """\
#include <stdlib.h>

void *make(size_t n) {
  return calloc(n, 16);
}
"""

# The allocation exists only with the compilation database's -D, so a
# finding proves that the hook passed -p build.
UNCHECKED_C = """\
#include <stdlib.h>

void *grow(size_t n, size_t size) {
#ifdef WITH_GROW
  return malloc(n * size);
#else
  return 0;
#endif
}
"""


def main():
    t = Test(__doc__)
    launcher = t.install()
    venv_bin = os.path.dirname(sys.executable)
    pre_commit = os.path.join(venv_bin, "pre-commit")
    if not os.path.exists(pre_commit):
        sys.exit("pre-commit is not installed beside %s (requirements.txt)" % sys.executable)
    home = t.path("home")
    os.makedirs(home)
    env = {
        "HOME": home, "PRE_COMMIT_HOME": t.path("pre-commit-home"),
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        "CALLOC_TIDY": launcher, "PATH": venv_bin + os.pathsep + os.environ.get("PATH", ""),
    }

    def git(*args, cwd):
        status, out, err = t.run(["git", "-c", "init.defaultBranch=main", *args], cwd=cwd, env=env)
        if status != 0:
            sys.exit("git %s failed:\n%s%s" % (" ".join(args), out, err))
        return out.strip()

    # The hook repository: this source tree's hook files, committed.
    hooks = t.path("hooks")
    for name in (".pre-commit-hooks.yaml", "scripts/pre-commit-hook"):
        os.makedirs(os.path.dirname(os.path.join(hooks, name)), exist_ok=True)
        shutil.copy2(os.path.join(t.source_root, name), os.path.join(hooks, name))
    git("init", "-q", cwd=hooks)
    git("add", ".", cwd=hooks)
    git("commit", "-q", "-m", "hooks", cwd=hooks)
    rev = git("rev-parse", "HEAD", cwd=hooks)

    # The user's repository.
    repo = t.path("repo")
    t.write(os.path.join(repo, ".pre-commit-config.yaml"),
            "repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: calloc-tidy\n" % (hooks, rev))
    t.write(os.path.join(repo, "build", "compile_commands.json"), json.dumps([
        {"directory": repo, "file": "src/grow.c", "arguments": ["cc", "-DWITH_GROW", "-c", "src/grow.c"]},
        {"directory": repo, "file": "src/clean.c", "arguments": ["cc", "-c", "src/clean.c"]}]))
    t.write(os.path.join(repo, ".gitignore"), "build/\n")
    git("init", "-q", cwd=repo)
    git("add", ".", cwd=repo)
    git("commit", "-q", "-m", "start", cwd=repo)
    status, out, err = t.run([pre_commit, "install"], cwd=repo, env=env)
    t.check(status == 0, "pre-commit install failed", out + err)

    # A clean file commits.
    t.write(os.path.join(repo, "src", "clean.c"), CLEAN_C)
    git("add", "src/clean.c", cwd=repo)
    status, out, err = t.run(["git", "commit", "-m", "clean"], cwd=repo, env=env)
    t.check(status == 0, "a clean file did not commit", out + err)
    t.check("calloc-tidy" in out + err and "Passed" in out + err,
            "pre-commit did not report the calloc-tidy hook as passed", out + err)

    # An unchecked multiplication fails the commit, and says where.
    t.write(os.path.join(repo, "src", "grow.c"), UNCHECKED_C)
    git("add", "src/grow.c", cwd=repo)
    status, out, err = t.run(["git", "commit", "-m", "grow"], cwd=repo, env=env)
    output = out + err
    t.check(status != 0, "the commit of an unchecked malloc(n * size) succeeded", output)
    t.check("Failed" in output, "pre-commit did not report the hook as failed", output)
    t.check("src/grow.c:5:10: error: allocation size 'n * size' can overflow" in output
            and "[calloc-unchecked-multiplication,-warnings-as-errors]" in output,
            "the finding is not printed", output)
    t.equal(git("log", "--format=%s", cwd=repo).splitlines(), ["clean", "start"],
            "commits made")

    # A header alone is not linted on its own (exclude_types: [header]).
    git("reset", "-q", cwd=repo)
    t.write(os.path.join(repo, "src", "grow.h"), "void *grow(unsigned long n, unsigned long size);\n")
    git("add", "src/grow.h", cwd=repo)
    status, out, err = t.run(["git", "commit", "-m", "header"], cwd=repo, env=env)
    t.check(status == 0 and "no files to check" in out + err,
            "a staged header alone should skip the hook", out + err)
    t.finish()


if __name__ == "__main__":
    main()
