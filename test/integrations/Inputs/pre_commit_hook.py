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


def environment(t, calloc_tidy=None, path=None):
    """The environment of the scratch repositories: a scratch HOME and
    PRE_COMMIT_HOME, an identity for git, this venv's pre-commit first on
    PATH (then PATH's or the one given), and CALLOC_TIDY when given."""
    venv_bin = os.path.dirname(sys.executable)
    if not os.path.exists(os.path.join(venv_bin, "pre-commit")):
        sys.exit("pre-commit is not installed beside %s (requirements.txt)" % sys.executable)
    home = t.path("home")
    os.makedirs(home, exist_ok=True)
    env = {
        "HOME": home, "PRE_COMMIT_HOME": t.path("pre-commit-home"),
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        "PATH": venv_bin + os.pathsep + (path or os.environ.get("PATH", "")),
    }
    # The hook takes an empty CALLOC_TIDY as none.
    env["CALLOC_TIDY"] = calloc_tidy or ""
    return env


def git(t, env, *args, cwd):
    status, out, err = t.run(["git", "-c", "init.defaultBranch=main", *args], cwd=cwd, env=env)
    if status != 0:
        sys.exit("git %s failed:\n%s%s" % (" ".join(args), out, err))
    return out.strip()


def user_repository(t, env, hook_id, name="repo"):
    """A hook repository holding this source tree's hook files, and a user
    repository <work>/NAME whose .pre-commit-config.yaml uses its hook
    HOOK_ID, with a build/compile_commands.json for src/grow.c and
    src/clean.c, `pre-commit install`ed."""
    hooks = t.path("hooks")
    if not os.path.isdir(hooks):
        for hook_file in (".pre-commit-hooks.yaml", "scripts/pre-commit-hook"):
            os.makedirs(os.path.dirname(os.path.join(hooks, hook_file)), exist_ok=True)
            shutil.copy2(os.path.join(t.source_root, hook_file), os.path.join(hooks, hook_file))
        git(t, env, "init", "-q", cwd=hooks)
        git(t, env, "add", ".", cwd=hooks)
        git(t, env, "commit", "-q", "-m", "hooks", cwd=hooks)
    rev = git(t, env, "rev-parse", "HEAD", cwd=hooks)

    repo = t.path(name)
    t.write(os.path.join(repo, ".pre-commit-config.yaml"),
            "repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n" % (hooks, rev, hook_id))
    t.write(os.path.join(repo, "build", "compile_commands.json"), json.dumps([
        {"directory": repo, "file": "src/grow.c", "arguments": ["cc", "-DWITH_GROW", "-c", "src/grow.c"]},
        {"directory": repo, "file": "src/clean.c", "arguments": ["cc", "-c", "src/clean.c"]}]))
    t.write(os.path.join(repo, ".gitignore"), "build/\n")
    git(t, env, "init", "-q", cwd=repo)
    git(t, env, "add", ".", cwd=repo)
    git(t, env, "commit", "-q", "-m", "start", cwd=repo)
    status, out, err = t.run([os.path.join(os.path.dirname(sys.executable), "pre-commit"), "install"],
                             cwd=repo, env=env)
    t.check(status == 0, "pre-commit install failed", out + err)
    return repo


def commit(t, env, repo, path, text, message):
    """Writes and stages PATH of REPO, then `git commit`s; (status, output)."""
    t.write(os.path.join(repo, path), text)
    git(t, env, "add", path, cwd=repo)
    status, out, err = t.run(["git", "commit", "-m", message], cwd=repo, env=env)
    return status, out + err


def check_unchecked_fails(t, env, repo, what):
    """An unchecked multiplication in src/grow.c fails the commit, and the
    hook says where; nothing is committed."""
    status, output = commit(t, env, repo, "src/grow.c", UNCHECKED_C, "grow")
    t.check(status != 0, "%s: the commit of an unchecked malloc(n * size) succeeded" % what, output)
    t.check("Failed" in output, "%s: pre-commit did not report the hook as failed" % what, output)
    t.check("src/grow.c:5:10: error: allocation size 'n * size' can overflow" in output
            and "[calloc-unchecked-multiplication,-warnings-as-errors]" in output,
            "%s: the finding is not printed" % what, output)
    git(t, env, "reset", "-q", cwd=repo)


def main():
    t = Test(__doc__)
    env = environment(t, calloc_tidy=t.install())
    repo = user_repository(t, env, "calloc-tidy")

    # A clean file commits.
    status, output = commit(t, env, repo, "src/clean.c", CLEAN_C, "clean")
    t.check(status == 0, "a clean file did not commit", output)
    t.check("calloc-tidy" in output and "Passed" in output,
            "pre-commit did not report the calloc-tidy hook as passed", output)

    # An unchecked multiplication fails the commit, and says where.
    check_unchecked_fails(t, env, repo, "hook calloc-tidy")
    t.equal(git(t, env, "log", "--format=%s", cwd=repo).splitlines(), ["clean", "start"],
            "commits made")

    # A header alone is not linted on its own (exclude_types: [header]).
    status, output = commit(t, env, repo, "src/grow.h",
                            "void *grow(unsigned long n, unsigned long size);\n", "header")
    t.check(status == 0 and "no files to check" in output,
            "a staged header alone should skip the hook", output)
    t.finish()


if __name__ == "__main__":
    main()
