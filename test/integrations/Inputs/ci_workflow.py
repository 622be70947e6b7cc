"""The example workflow, examples/.github/workflows/calloc-tidy.yml: its
shape (a pull_request trigger, the permissions it needs, the SARIF upload),
then its own `run:` steps from "Configure" to "Review suggestions",
executed as GitHub would (bash -eo pipefail, in the checkout) in a scratch
repository whose pull request adds two findings to a file that already had
one and deletes the guard above an allocation it leaves alone. Only the
three new ones may be reported, annotated and suggested; the one off the
diff's lines goes into the review's body, with its fix."""

import json
import os
import sys

import jsonschema
import yaml

from harness import Test

HERE = os.path.dirname(os.path.abspath(__file__))
WORKFLOW = os.path.join("examples", ".github", "workflows", "calloc-tidy.yml")
STEPS_RUN = ["Configure", "New findings of the change", "Annotate the pull request",
             "SARIF for code scanning", "Review suggestions"]

CMAKELISTS = """\
cmake_minimum_required(VERSION 3.20)
project(demo C)
add_library(demo src/old.c src/new.c)
"""
OLD_C = """\
#include <stdint.h>
#include <stdlib.h>

void *guarded(size_t n, size_t size) {
  if (n > SIZE_MAX / size) return NULL;
  /* one block of n elements,
     each of them size bytes,
     that the caller frees
     when it is done */
  return malloc(n * size);
}

void *old_table(size_t n, size_t size) {
  return malloc(n * size);
}
"""
# The guard goes (line 5), so the malloc of guarded() (now line 9, four
# lines off the deletion's hunk) is new; new_table() comes at the end.
OLD_C_AFTER = OLD_C.replace("  if (n > SIZE_MAX / size) return NULL;\n", "") + """
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


def load_workflow(t):
    """The workflow's shape: a pull_request trigger, the permissions it
    needs, the SARIF upload and the steps run here; its steps by name."""
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
    return workflow, by_name


def environment(t, workflow):
    """What the job's steps see but for where calloc-tidy is: the
    workflow's env, a scratch HOME, an identity for git, GitHub's
    variables, this venv's Python first on PATH."""
    home = t.path("home")
    os.makedirs(home, exist_ok=True)
    env = dict(workflow.get("env", {}))
    env.update({
        "HOME": home, "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        "CALLOC_TIDY_LLVM": t.llvm, "GITHUB_BASE_REF": "main",
        "GITHUB_STEP_SUMMARY": t.path("summary.md"),
        "PATH": os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")]),
    })
    return env


def run_step(t, step, env, cwd):
    """A `run:` step as GitHub runs it; its standard output."""
    status, out, err = t.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                             cwd=cwd, env=env)
    if not t.check(status == 0, "step '%s' failed (%d)" % (step.get("name"), status), out + err):
        t.finish()
    return out


def run_pull_request(t, by_name, env):
    """The steps from "Configure" to "Review suggestions" on a scratch pull
    request, with the calloc-tidy of env's CALLOC_TIDY and CALLOC_TIDY_TOOLS:
    only its three new findings are annotated, uploaded and suggested."""
    env = dict(env)

    def sh(command, cwd):
        status, out, err = t.run(command, cwd=cwd, env=env)
        if status != 0:
            sys.exit("%s failed:\n%s%s" % (" ".join(command), out, err))
        return out

    # origin has main; the checkout is the pull request's branch.
    origin, repo = t.path("github", "origin.git"), t.path("github", "repo")
    os.makedirs(t.path("github"))
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

    outputs = {name: run_step(t, by_name[name], env, repo) for name in STEPS_RUN}

    annotations = [line for line in outputs["Annotate the pull request"].splitlines() if line.startswith("::")]
    t.equal(sorted(line.split("::")[1] for line in annotations), [
        "warning file=src/new.c,line=5,col=13,title=calloc-malloc-memset",
        "warning file=src/old.c,line=17,col=10,title=calloc-unchecked-multiplication",
        "warning file=src/old.c,line=9,col=10,title=calloc-unchecked-multiplication"],
        "annotations: only the pull request's three findings, on their lines")

    with open(os.path.join(repo, "calloc-tidy.sarif"), encoding="utf-8") as f:
        log = json.load(f)
    with open(os.path.join(HERE, "sarif-schema-2.1.0.json"), encoding="utf-8") as f:
        jsonschema.validate(log, json.load(f), cls=jsonschema.Draft4Validator)
    results = log["runs"][0]["results"]
    t.equal(sorted((r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results),
            [("calloc-malloc-memset", 5), ("calloc-unchecked-multiplication", 9),
             ("calloc-unchecked-multiplication", 17)], "SARIF results")
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    t.check(all(r["helpUri"].startswith(env["CALLOC_TIDY_REPO"] + "/blob/") for r in rules),
            "SARIF: helpUri should point into CALLOC_TIDY_REPO's docs", json.dumps(rules)[:500])

    with open(os.path.join(repo, "calloc-tidy-review.json"), encoding="utf-8") as f:
        review = json.load(f)
    bodies = {(c["path"], c["line"]): c["body"] for c in review["comments"]}
    t.equal(sorted(bodies), [("src/new.c", 6), ("src/old.c", 17)], "review comments")
    t.check("```suggestion\n  return calloc(rows, width);\n```" in bodies.get(("src/old.c", 17), ""),
            "review: the suggestion for old.c", json.dumps(review, indent=1))
    t.check("1 outside" in review["body"] and "**src/old.c:9:10**" in review["body"]
            and "+   return calloc(n, size);" in review["body"],
            "review: the body carries the finding below the deleted guard, with its fix", review["body"])
    with open(env["GITHUB_STEP_SUMMARY"], encoding="utf-8") as f:
        summary = f.read()
    t.check("## calloc-tidy: 3 findings" in summary and "```diff" in summary,
            "the job summary lacks the Markdown report", summary)


def main():
    t = Test(__doc__)
    workflow, by_name = load_workflow(t)
    env = environment(t, workflow)
    # What "Set up calloc-tidy" leaves in $GITHUB_ENV, for this build.
    env.update({"CALLOC_TIDY": t.install(), "CALLOC_TIDY_TOOLS": os.path.join(t.source_root, "tools")})
    run_pull_request(t, by_name, env)
    t.finish()


if __name__ == "__main__":
    main()
