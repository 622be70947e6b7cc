"""The example GitLab job, examples/.gitlab-ci.yml: its shape (merge
request and default branch rules, a full clone, the codequality report),
then its `script`, run as GitLab runs it (one bash, -e, in the checkout),
with the repository's ./calloc-tidy as $CALLOC_TIDY. Once on the target
branch and once in a merge request that deletes a guard above an
allocation it leaves alone: both reports are valid against GitLab's
documented Code Quality format, the finding both have keeps its
fingerprint though its line moved, and the only fingerprint the merge
request adds, what GitLab's widget shows as new, is the unguarded
allocation's, which the job's log also prints with its fix."""

import json
import os

import jsonschema
import yaml

from harness import Test

HERE = os.path.dirname(os.path.abspath(__file__))
CMAKELISTS = """\
cmake_minimum_required(VERSION 3.20)
project(demo C)
add_library(demo src/pool.c)
"""
POOL_C = """\
#include <stdint.h>
#include <stdlib.h>

void *pool(size_t n, size_t size) {
  if (n > SIZE_MAX / size) return NULL;
  return malloc(n * size);
}

void *spare(size_t n, size_t size) {
  return malloc(n * size);
}
"""
GUARD = "  if (n > SIZE_MAX / size) return NULL;\n"
REPORT = "gl-code-quality.json"


def load_job(t):
    """The pipeline and its job, after checking the job's shape (merge
    request and default branch rules, a full clone, the codequality
    report)."""
    with open(os.path.join(t.source_root, "examples", ".gitlab-ci.yml"), encoding="utf-8") as f:
        pipeline = yaml.safe_load(f)
    job = pipeline.get("calloc-tidy", {})
    rules = [rule.get("if", "") for rule in job.get("rules", [])]
    t.check(any("merge_request_event" in r for r in rules) and any("CI_DEFAULT_BRANCH" in r for r in rules),
            "job: should run in merge requests and on the default branch", str(rules))
    t.equal(job.get("variables", {}).get("GIT_DEPTH"), "0", "job: the merge base needs a full clone")
    t.equal(job.get("artifacts", {}).get("reports", {}).get("codequality"), REPORT,
            "job: the codequality report")
    return pipeline, job


def run_merge_request(t, pipeline, job, variables, before=()):
    """The job's `script`, after the lines BEFORE (some of its
    before_script), on the target branch and on a merge request that
    deletes a guard, with the pipeline's and the job's variables and
    VARIABLES: the reports are valid, and the one finding the merge
    request adds is the unguarded allocation's."""
    with open(os.path.join(HERE, "gitlab-code-quality.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    repo = t.path("gitlab", "repo")
    env = dict(pipeline.get("variables", {}))
    env.update(job.get("variables", {}))
    env.update({
        "HOME": t.path("home"), "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
        "CALLOC_TIDY_LLVM": t.llvm, "CI_PROJECT_DIR": repo,
        "PATH": os.pathsep.join([os.path.dirname(t.python), os.environ.get("PATH", "")]),
    })
    env.update(variables)
    os.makedirs(env["HOME"], exist_ok=True)

    def sh(*command):
        status, out, err = t.run(list(command), cwd=repo, env=env)
        if not t.check(status == 0, "%s failed" % " ".join(command), out + err):
            t.finish()
        return out.strip()

    def job_script(pipeline_variables):
        status, out, err = t.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c",
                                  "\n".join(list(before) + job["script"])],
                                 cwd=repo, env=dict(env, **pipeline_variables))
        if not t.check(status == 0, "the job's script failed (%d)" % status, out + err):
            t.finish()
        with open(os.path.join(repo, REPORT), encoding="utf-8") as f:
            issues = json.load(f)
        try:
            jsonschema.validate(issues, schema, cls=jsonschema.Draft7Validator)
        except jsonschema.ValidationError as e:
            t.check(False, "%s: not GitLab's Code Quality format: %s" % (REPORT, str(e)[:2000]))
        return out, {i["fingerprint"]: (i["check_name"], i["location"]["path"], i["location"]["lines"]["begin"])
                     for i in issues}

    t.write(os.path.join(repo, "CMakeLists.txt"), CMAKELISTS)
    t.write(os.path.join(repo, "src", "pool.c"), POOL_C)
    t.write(os.path.join(repo, ".gitignore"), "build/\n*.json\n*.yaml\n*.log\n")
    sh("git", "init", "-q", "-b", "main")
    sh("git", "add", ".")
    sh("git", "commit", "-q", "-m", "base")
    base = sh("git", "rev-parse", "HEAD")

    # The target branch's pipeline: the guarded pool() has no finding.
    _, target = job_script({"CI_COMMIT_BRANCH": "main", "CI_DEFAULT_BRANCH": "main"})
    t.equal(sorted(target.values()), [("calloc-unchecked-multiplication", "src/pool.c", 10)],
            "target branch: the report")

    # The merge request deletes the guard.
    sh("git", "checkout", "-q", "-b", "feature")
    t.write(os.path.join(repo, "src", "pool.c"), POOL_C.replace(GUARD, ""))
    sh("git", "commit", "-q", "-am", "no guard")
    log, merge_request = job_script({"CI_PIPELINE_SOURCE": "merge_request_event",
                                     "CI_MERGE_REQUEST_DIFF_BASE_SHA": base})
    t.equal(sorted(merge_request.values()), [("calloc-unchecked-multiplication", "src/pool.c", 5),
                                             ("calloc-unchecked-multiplication", "src/pool.c", 9)],
            "merge request: the report, every finding of the project")
    t.equal([merge_request[p] for p in merge_request if p not in target],
            [("calloc-unchecked-multiplication", "src/pool.c", 5)],
            "merge request: what the widget shows as new (fingerprints the target's report lacks)")
    t.equal([target[p] for p in target if p not in merge_request], [],
            "merge request: what the widget shows as resolved: spare()'s finding moved up a line, no more")
    t.check("## calloc-tidy: 1 finding" in log and "**src/pool.c:5:10**" in log
            and "+   return calloc(n, size);" in log,
            "merge request: the job's log shows the new finding and its fix", log)


def main():
    t = Test(__doc__)
    wrapper = t.repository_wrapper()
    if not t.check(wrapper, "the job runs the repository's ./calloc-tidy, which uses build/llvm-%s of "
                   "the source tree; the build under test is elsewhere" % t.llvm):
        t.finish()
    pipeline, job = load_job(t)
    # What before_script exports, for this build.
    run_merge_request(t, pipeline, job, {"CALLOC_TIDY": wrapper,
                                         "CALLOC_TIDY_TOOLS": os.path.join(t.source_root, "tools")})
    t.finish()


if __name__ == "__main__":
    main()
