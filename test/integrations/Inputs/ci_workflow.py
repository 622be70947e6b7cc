"""The example workflow, examples/.github/workflows/calloc-tidy.yml: its
shape (a pull_request trigger, the permissions it needs, the SARIF upload),
then its own `run:` steps from "Configure" to "Review suggestions",
executed as GitHub would (bash -eo pipefail, in the checkout) in a scratch
repository whose pull request adds two findings to a file that already had
one. Only the two new ones may be reported, annotated and suggested."""

import json
import os
import sys

import jsonschema
import yaml

from harness import Test

HERE = os.path.dirname(os.path.abspath(__file__))
WORKFLOW = os.path.join("examples", ".github", "workflows", "calloc-tidy.yml")
STEPS_RUN = ["Configure", "Lint the changed lines", "Annotate the pull request",
             "SARIF for code scanning", "Review suggestions"]

CMAKELISTS = """\
cmake_minimum_required(VERSION 3.20)
project(demo C)
add_library(demo src/old.c src/new.c)
"""
OLD_C = """\
#include <stdlib.h>

void *old_table(size_t n, size_t size) {
  return malloc(n * size);
}
"""
OLD_C_AFTER = OLD_C + """
void *new_table(size_t rows, size_t width) {
  return malloc(rows * width);
}
"""
NEW_C = """\
#include <stdlib.h>
#include <string.h>

char *zeroed(size_t n) {
  char *p = malloc(n);
  memset(p, 0, n);
  return p;
}
"""


def main():
    t = Test(__doc__)
    with open(os.path.join(t.source_root, WORKFLOW), encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads `on` as true
    t.check(isinstance(triggers, dict) and "pull_request" in triggers, "workflow: not run on pull_request")
    t.equal(workflow.get("permissions", {}).get("security-events"), "write",
            "workflow: upload-sarif needs security-events: write")
    t.equal(workflow.get("permissions", {}).get("pull-requests"), "write",
            "workflow: the review needs pull-requests: write")
    steps = next(iter(workflow["jobs"].values()))["steps"]
    uploads = [s for s in steps if str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif@")]
    t.check(uploads and uploads[0]["with"]["sarif_file"] == "calloc-tidy.sarif",
            "workflow: no upload-sarif step for calloc-tidy.sarif")
    by_name = {s.get("name"): s for s in steps}
    for name in STEPS_RUN:
        if not t.check(name in by_name and "run" in by_name[name], "workflow: no run step named " + name):
            t.finish()

    launcher = t.install()
    venv_bin = os.path.dirname(sys.executable)
    shims = t.path("shims")
    os.makedirs(shims)
    diff_script = "clang-tidy-diff-%s.py" % t.llvm
    if not any(os.path.exists(os.path.join(d, diff_script))
               for d in os.environ.get("PATH", "").split(os.pathsep)):
        # Not a Debian layout: the same script from the LLVM under test.
        llvm = os.path.dirname(os.path.dirname(os.path.realpath(t.clang_tidy)))
        os.symlink(os.path.join(llvm, "share", "clang", "clang-tidy-diff.py"), os.path.join(shims, diff_script))
    home = t.path("home")
    os.makedirs(home)
    env = dict(workflow.get("env", {}))
    env.update({
        "HOME": home, "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        # What "Set up calloc-tidy" leaves in $GITHUB_ENV, for this build.
        "CALLOC_TIDY": launcher, "CALLOC_TIDY_TOOLS": os.path.join(t.source_root, "tools"),
        "CALLOC_TIDY_LLVM": t.llvm, "GITHUB_BASE_REF": "main",
        "GITHUB_STEP_SUMMARY": t.path("summary.md"),
        "PATH": os.pathsep.join([venv_bin, shims, os.environ.get("PATH", "")]),
    })

    def sh(command, cwd):
        status, out, err = t.run(command, cwd=cwd, env=env)
        if status != 0:
            sys.exit("%s failed:\n%s%s" % (" ".join(command), out, err))
        return out

    # origin has main; the checkout is the pull request's branch.
    origin, repo = t.path("origin.git"), t.path("repo")
    sh(["git", "init", "-q", "--bare", "-b", "main", origin], cwd=t.work)
    sh(["git", "clone", "-q", origin, repo], cwd=t.work)
    env["GITHUB_WORKSPACE"] = repo
    t.write(os.path.join(repo, "CMakeLists.txt"), CMAKELISTS)
    t.write(os.path.join(repo, ".clang-tidy"), "Checks: '-*,bugprone-*'\n")
    t.write(os.path.join(repo, "src", "old.c"), OLD_C)
    t.write(os.path.join(repo, "src", "new.c"), "")
    sh(["git", "checkout", "-q", "-b", "main"], cwd=repo)
    sh(["git", "add", "."], cwd=repo)
    sh(["git", "commit", "-q", "-m", "base"], cwd=repo)
    sh(["git", "push", "-q", "origin", "main"], cwd=repo)
    sh(["git", "checkout", "-q", "-b", "feature"], cwd=repo)
    t.write(os.path.join(repo, "src", "old.c"), OLD_C_AFTER)
    t.write(os.path.join(repo, "src", "new.c"), NEW_C)
    sh(["git", "commit", "-q", "-am", "pull request"], cwd=repo)

    outputs = {}
    for name in STEPS_RUN:
        status, out, err = t.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                                  by_name[name]["run"]], cwd=repo, env=env)
        outputs[name] = out
        if not t.check(status == 0, "step '%s' failed (%d)" % (name, status), out + err):
            t.finish()

    annotations = [line for line in outputs["Annotate the pull request"].splitlines() if line.startswith("::")]
    t.equal(sorted(line.split("::")[1] for line in annotations), [
        "warning file=src/new.c,line=5,col=13,title=calloc-malloc-memset",
        "warning file=src/old.c,line=8,col=10,title=calloc-unchecked-multiplication"],
        "annotations: only the pull request's two findings, on their lines")

    with open(os.path.join(repo, "calloc-tidy.sarif"), encoding="utf-8") as f:
        log = json.load(f)
    with open(os.path.join(HERE, "sarif-schema-2.1.0.json"), encoding="utf-8") as f:
        jsonschema.validate(log, json.load(f), cls=jsonschema.Draft4Validator)
    results = log["runs"][0]["results"]
    t.equal(sorted((r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results),
            [("calloc-malloc-memset", 5), ("calloc-unchecked-multiplication", 8)], "SARIF results")
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    t.check(all(r["helpUri"].startswith(env["CALLOC_TIDY_REPO"] + "/blob/") for r in rules),
            "SARIF: helpUri should point into CALLOC_TIDY_REPO's docs", json.dumps(rules)[:500])

    with open(os.path.join(repo, "calloc-tidy-review.json"), encoding="utf-8") as f:
        review = json.load(f)
    bodies = {(c["path"], c["line"]): c["body"] for c in review["comments"]}
    t.equal(sorted(bodies), [("src/new.c", 6), ("src/old.c", 8)], "review comments")
    t.check("```suggestion\n  return calloc(rows, width);\n```" in bodies.get(("src/old.c", 8), ""),
            "review: the suggestion for old.c", json.dumps(review, indent=1))
    with open(env["GITHUB_STEP_SUMMARY"], encoding="utf-8") as f:
        summary = f.read()
    t.check("## calloc-tidy: 2 findings" in summary and "```diff" in summary,
            "the job summary lacks the Markdown report", summary)
    t.finish()


if __name__ == "__main__":
    main()
