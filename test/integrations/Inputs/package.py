"""The Debian package of this build (CMakeLists.txt, "The Debian package"):
`cmake --build` and `cpack` in the build folder make it; its fields (the
clang-tidy it pins, derived here again from the clang-tidy itself) and its
files are checked; `apt-get install ./calloc-tidy-NN_*.deb` installs it on
this machine; the installed calloc-tidy lints the bundled examples as the
plugin of the build does, a preset and tidy2ci.py work from
/usr/share/calloc-tidy, calloc-clang-tidy finds the same, calloc-clangd
(where this LLVM has one) publishes the same over LSP, and the pre-commit
hook `calloc-tidy-installed` runs it; `apt-get remove` leaves none of its
files, and the hook then says that calloc-tidy is missing. Last, the CI
examples' package variant: the GitHub workflow's "Set up calloc-tidy"
installs it from CALLOC_TIDY_DEB and its later steps run on a scratch pull
request, then the GitLab job's before_script entry that sets calloc-tidy
up, and its script, on a scratch merge request; and it is removed again.

Root and apt only (REQUIRES: deb-install). One run at a time on the
machine (the builds of other LLVM versions, other work trees), by a lock in
/tmp. A calloc-tidy package that is installed before the test is left
alone: the test fails and says so.
"""

import fcntl
import glob
import json
import os
import re
import sys

import ci_workflow
import gitlab_ci
import pre_commit_hook
from harness import Test

SYSTEM_PATH = "/usr/sbin:/usr/bin:/sbin:/bin"
# apt-get, waiting for another apt or dpkg rather than failing at once.
APT_GET = ["apt-get", "-o", "DPkg::Lock::Timeout=300", "-y"]
EXAMPLES = ("malloc_memset.c", "unchecked_multiplication.c")
GLIB_ROWS_C = """\
#include <stddef.h>

void *g_malloc(size_t n_bytes);
void *g_malloc_n(size_t n_blocks, size_t n_block_bytes);

void *rows(size_t n, size_t width) {
  return g_malloc(n * width);
}
"""
FINDING = re.compile(r"^(\S+?):(\d+):\d+: warning: .* \[([a-z-]+)\]$", re.M)


def output(t, command, **kwargs):
    status, out, err = t.run(command, **kwargs)
    if status != 0:
        sys.exit("FAIL: %s exited with %d:\n%s%s" % (" ".join(command), status, out, err))
    return out


def installed_packages(t, pattern):
    """The names of the installed packages that match PATTERN."""
    _, out, _ = t.run(["dpkg-query", "-W", "-f=${Package} ${db:Status-Abbrev}\n", pattern])
    return [line.split()[0] for line in out.splitlines() if line.split()[1:2] == ["ii"]]


def pin(t, path, release):
    """The Depends entries that pin the package owning PATH to RELEASE
    (major.minor.patch), as CMakeLists.txt should write them."""
    owner = output(t, ["dpkg-query", "-S", os.path.realpath(path)]).split(": /")[0].split(":")[0]
    version = output(t, ["dpkg-query", "-W", "-f=${Version}", owner])
    epoch = version.split(":")[0] + ":" if ":" in version else ""
    major, minor, patch = release.split(".")
    return ["%s (>= %s%s~)" % (owner, epoch, release),
            "%s (<< %s%s.%s.%d~)" % (owner, epoch, major, minor, int(patch) + 1)]


def make_package(t):
    """cmake --build, then cpack into <work>/deb; the one .deb it writes."""
    output(t, ["cmake", "--build", t.build])
    output(t, ["cpack", "-B", t.path("deb")], cwd=t.build)
    debs = glob.glob(t.path("deb", "*.deb"))
    if len(debs) != 1:
        sys.exit("FAIL: cpack should write one .deb, not %r" % debs)
    return debs[0]


def check_fields(t, deb, executables):
    fields = {name: output(t, ["dpkg-deb", "-f", deb, name]).strip()
              for name in ("Package", "Version", "Architecture", "Depends", "Provides", "Conflicts", "Replaces")}
    t.equal(fields["Package"], "calloc-tidy-" + t.llvm, "the package's name")
    commit = output(t, ["git", "-C", t.source_root, "log", "-1", "--format=%h", "--abbrev=12"]).strip()
    t.check(re.fullmatch(r"0~git\d{14}\." + commit, fields["Version"]),
            "the version should be 0~git<time>.%s" % commit, fields["Version"])
    t.equal(fields["Architecture"], output(t, ["dpkg", "--print-architecture"]).strip(), "the architecture")
    t.equal(os.path.basename(deb), "calloc-tidy-%s_%s_%s.deb" % (t.llvm, fields["Version"], fields["Architecture"]),
            "the file's name")
    for name in ("Provides", "Conflicts", "Replaces"):
        t.equal(fields[name], "calloc-tidy", name + ": one calloc-tidy-NN at a time")
    scripts = re.findall(r"\b(preinst|postinst|prerm|postrm)\b", output(t, ["dpkg-deb", "-I", deb]))
    t.equal(scripts, [], "maintainer scripts (apt-get remove would leave the package known to dpkg)")

    release = re.search(r"LLVM version (\d+\.\d+\.\d+)", output(t, [t.clang_tidy, "--version"])).group(1)
    depends = fields["Depends"].split(", ")
    wanted = pin(t, t.clang_tidy, release) + ["python3", "python3-yaml"]
    if executables:
        wanted += pin(t, os.path.join(t.build, "lib", "clang", t.llvm, "include", "stddef.h"), release)
    t.equal([d for d in wanted if d not in depends], [], "Depends lacks these (it is %r)" % depends)
    # dpkg-shlibdeps: the libraries the executables link.
    shared = {"libclang-cpp%s" % t.llvm} if executables else set()
    if "calloc-clangd" in executables:
        shared.add("libgrpc++1.51")
    t.equal(sorted(s for s in shared if not any(d.startswith(s + " ") for d in depends)), [],
            "Depends lacks the shared libraries of %s (it is %r)" % (executables, depends))


def expected_files(t, executables):
    """Every file and link the package should hold."""
    share = "/usr/share/calloc-tidy"
    files = {"/usr/bin/calloc-tidy", "/usr/lib/calloc-tidy/CallocTidy.so", "/usr/lib/calloc-tidy/CallocTidyChecks.so",
             share + "/README.md", share + "/tools/tidy2ci.py", share + "/tools/calloc_facts.py"}
    for folder, keep in (("docs", (".md", ".png")), ("config", ("",)), ("examples", ("",))):
        for where, _, names in os.walk(os.path.join(t.source_root, folder)):
            for name in names:
                if name.endswith(keep):
                    relative = os.path.relpath(os.path.join(where, name), t.source_root)
                    files.add(share + "/" + relative)
    for exe in executables:
        files |= {"/usr/bin/" + exe, "/usr/lib/calloc-tidy/bin/" + exe}
    if executables:
        files.add("/usr/lib/calloc-tidy/lib/clang/" + t.llvm)
    return files


def check_contents(t, deb, executables):
    """The package's files and links are those expected; their paths."""
    listing = output(t, ["dpkg-deb", "-c", deb]).splitlines()
    paths = {}
    for line in listing:
        mode, path = line.split()[0], line.split(None, 5)[5]
        target = None
        if " -> " in path:
            path, target = path.split(" -> ")
        if not mode.startswith("d"):
            paths[path[1:]] = target
    t.equal(sorted(set(paths) - expected_files(t, executables)), [], "files in the package that should not be")
    t.equal(sorted(expected_files(t, executables) - set(paths)), [], "files missing from the package")
    for exe in executables:
        t.equal(paths.get("/usr/bin/" + exe), "../lib/calloc-tidy/bin/" + exe, "/usr/bin/%s: a relative link" % exe)
    return sorted(paths)


def findings(text, folder):
    return [(os.path.relpath(f, folder), int(line), check) for f, line, check in FINDING.findall(text)]


def use_installed(t, executables):
    """What a user of the installed package runs."""
    env = {"PATH": SYSTEM_PATH}
    examples = "/usr/share/calloc-tidy/examples"
    source_examples = os.path.join(t.source_root, "examples")

    # The bundled examples, linted by the installed command: what clang-tidy
    # with this build's plugin prints for the source tree's examples.
    tidy = output(t, ["sh", "-c", "command -v calloc-tidy"], env=env).strip()
    t.equal(tidy, "/usr/bin/calloc-tidy", "calloc-tidy on PATH")
    fixes = t.path("examples.yaml")
    got = t.run([tidy, "--export-fixes=" + fixes] + [os.path.join(examples, e) for e in EXAMPLES], env=env)
    want = t.run([t.clang_tidy, "--load=" + t.plugin, "--checks=calloc-*"]
                 + [os.path.join(source_examples, e) for e in EXAMPLES] + ["--"])
    t.equal([got[0], got[1].replace(examples, "EXAMPLES"), got[2].replace(examples, "EXAMPLES")],
            [want[0], want[1].replace(source_examples, "EXAMPLES"), want[2].replace(source_examples, "EXAMPLES")],
            "installed calloc-tidy on the bundled examples: not what clang-tidy --load gives")
    found = findings(got[1], examples)
    for example in EXAMPLES:
        check = "calloc-" + example[:-2].replace("_", "-")
        t.check((example, check) in [(f, c) for f, _, c in found],
                "installed calloc-tidy: no %s finding in %s" % (check, example), got[1])

    # The same from calloc-clang-tidy, with its own --checks.
    if "calloc-clang-tidy" in executables:
        got = t.run(["calloc-clang-tidy", "--checks=-*,calloc-*"]
                    + [os.path.join(examples, e) for e in EXAMPLES] + ["--"], env=env)
        t.equal(findings(got[1], examples), found, "installed calloc-clang-tidy on the bundled examples")

    # A preset from /usr/share/calloc-tidy/config names the checked form.
    rows = t.write(t.path("glib", "rows.c"), GLIB_ROWS_C)
    out = output(t, ["calloc-tidy", "--config-file=/usr/share/calloc-tidy/config/glib.yaml", rows], env=env)
    t.check("use 'g_malloc_n(n, width)'" in out, "the installed GLib preset: no g_malloc_n fix", out)

    # `calloc-tidy facts`: the installed calloc_facts.py summarises a
    # two-unit project with the installed plugin, and the merged file makes
    # the count another unit reads a finding of the installed command.
    facts_dir = t.path("facts-project")
    t.write(os.path.join(facts_dir, "net.c"),
            "#include <stddef.h>\nsize_t read_count(const unsigned char *p) {\n"
            "  return (size_t)p[0] << 56 | (size_t)p[1];\n}\n")
    t.write(os.path.join(facts_dir, "use.c"),
            "#include <stdlib.h>\nsize_t read_count(const unsigned char *p);\n"
            "long *items(const unsigned char *p) {\n  size_t n = read_count(p);\n"
            "  return malloc(n * sizeof(long));\n}\n")
    t.write(os.path.join(facts_dir, "build", "compile_commands.json"), json.dumps(
        [{"directory": facts_dir, "file": f, "arguments": ["cc", "-c", f]} for f in ("net.c", "use.c")]))
    out = output(t, ["calloc-tidy", "facts", "-p", os.path.join(facts_dir, "build")], env=env)
    t.check("2 units, 2 summarised" in out and os.path.exists(os.path.join(facts_dir, "build", "calloc-facts.tsv")),
            "installed calloc-tidy facts: two units summarised into build/calloc-facts.tsv", out)
    out = output(t, ["calloc-tidy", "-p", os.path.join(facts_dir, "build"), os.path.join(facts_dir, "use.c")],
                 env=env)
    t.check("(net.c:3, by the program's facts)" in out,
            "installed calloc-tidy with the facts: the count net.c reads is reported", out)

    # tidy2ci.py, run by the system's Python, finds the check docs beside it.
    sarif = t.path("examples.sarif")
    output(t, ["python3", "/usr/share/calloc-tidy/tools/tidy2ci.py", "sarif", fixes, "-o", sarif], env=env)
    with open(sarif, encoding="utf-8") as f:
        rules = json.load(f)["runs"][0]["tool"]["driver"]["rules"]
    for rule in rules:
        with open(os.path.join(t.source_root, "docs", rule["id"] + ".md"), encoding="utf-8") as f:
            t.equal(rule.get("help", {}).get("markdown"), f.read(), "installed tidy2ci.py: %s's help" % rule["id"])
    t.equal(sorted(r["id"] for r in rules), sorted({c for _, _, c in found}), "installed tidy2ci.py: the rules")

    # calloc-clangd over LSP on a copy of one example: the same findings.
    if "calloc-clangd" in executables:
        project = t.path("clangd-project")
        source = t.write(os.path.join(project, EXAMPLES[1]),
                         open(os.path.join(examples, EXAMPLES[1]), encoding="utf-8").read())
        t.write(os.path.join(project, ".clangd"),
                "Diagnostics:\n  ClangTidy:\n    Add: [calloc-*]\n    FastCheckFilter: Loose\n")
        t.write(os.path.join(project, "compile_flags.txt"), "-std=c11\n")
        t.equal(t.clangd_diagnostics("/usr/bin/calloc-clangd", source, t.work, "clangd"),
                [(c, line) for f, line, c in found if f == EXAMPLES[1]],
                "installed calloc-clangd on %s: the diagnostics" % EXAMPLES[1])


def remove(t, package, files):
    """apt-get remove; then none of FILES is left, nor the package."""
    output(t, APT_GET + ["remove", package])
    t.equal([f for f in files if os.path.lexists(f)], [], "files left after apt-get remove")
    t.equal([d for d in ("/usr/lib/calloc-tidy", "/usr/share/calloc-tidy") if os.path.lexists(d)], [],
            "folders left after apt-get remove")
    status, out, _ = t.run(["dpkg-query", "-W", "-f=${db:Status-Abbrev}", package])
    t.check(status != 0 or out.strip() == "un", "dpkg still knows %s after apt-get remove" % package, out)


def github_variant(t, deb):
    """The workflow's "Set up calloc-tidy" with CALLOC_TIDY_DEB installs the
    package (as the runner's sudo: a stand-in, since this runs as root), and
    the later steps run with what it wrote to $GITHUB_ENV."""
    workflow, by_name = ci_workflow.load_workflow(t)
    shim = t.write(t.path("shim", "sudo"), "#!/bin/sh\nexec \"$@\"\n")
    os.chmod(shim, 0o755)
    env = ci_workflow.environment(t, workflow)
    env.update({"CALLOC_TIDY_DEB": "file://" + deb, "RUNNER_TEMP": t.path("runner-temp"),
                "GITHUB_ENV": t.path("github-env"), "DEBIAN_FRONTEND": "noninteractive",
                "PATH": os.pathsep.join([os.path.dirname(shim), os.path.dirname(sys.executable), SYSTEM_PATH])})
    os.makedirs(env["RUNNER_TEMP"])
    ci_workflow.run_step(t, by_name["Set up calloc-tidy"], env, t.work)
    with open(env["GITHUB_ENV"], encoding="utf-8") as f:
        exported = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
    t.equal(exported, {"CALLOC_TIDY": "/usr/bin/calloc-tidy", "CALLOC_TIDY_TOOLS": "/usr/share/calloc-tidy/tools"},
            "what the package variant of \"Set up calloc-tidy\" writes to $GITHUB_ENV")
    t.equal(installed_packages(t, "calloc-tidy-" + t.llvm), ["calloc-tidy-" + t.llvm],
            "installed by \"Set up calloc-tidy\"")
    env.update(exported)
    ci_workflow.run_pull_request(t, by_name, env)


def gitlab_variant(t, deb):
    """The job's before_script entry that sets calloc-tidy up, with
    CALLOC_TIDY_DEB, then its script, with the system's Python only. Its
    other entries prepare the image (apt-get update, and install curl, git,
    cmake, ...): they are not run here, where they would upgrade this
    machine's packages, but what they install must be here."""
    pipeline, job = gitlab_ci.load_job(t)
    setup = [entry for entry in job["before_script"] if "CALLOC_TIDY_DEB" in entry]
    if not t.check(len(setup) == 1, "the GitLab job: one before_script entry should install CALLOC_TIDY_DEB"):
        return
    image = [entry for entry in job["before_script"] if entry.startswith("apt-get install ")]
    wanted = [w for entry in image for w in entry.split()[2:] if not w.startswith("-")]
    t.equal([w for w in wanted if not installed_packages(t, w)], [],
            "what the job's image is given and this machine lacks")
    gitlab_ci.run_merge_request(t, pipeline, job, {
        "CALLOC_TIDY_DEB": "file://" + deb, "DEBIAN_FRONTEND": "noninteractive", "PATH": SYSTEM_PATH},
        before=setup)


def main():
    t = Test(__doc__)
    package = "calloc-tidy-" + t.llvm
    lock = open("/tmp/calloc-tidy-package-test.lock", "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    present = installed_packages(t, "calloc-tidy-*")
    if present:
        sys.exit("FAIL: %s installed on this machine; this test installs and removes %s, which would "
                 "replace it: apt-get remove it first" % (" and ".join(present), package))
    executables = [e for e in ("calloc-clang-tidy", "calloc-clangd") if os.path.exists(os.path.join(t.build, "bin", e))]
    deb = make_package(t)
    check_fields(t, deb, executables)
    files = check_contents(t, deb, executables)

    hook_env = pre_commit_hook.environment(t, path=SYSTEM_PATH)
    hook_repo = pre_commit_hook.user_repository(t, hook_env, "calloc-tidy-installed", name="pre-commit-repo")
    try:
        output(t, APT_GET + ["install", "./" + os.path.basename(deb)], cwd=os.path.dirname(deb),
               env={"DEBIAN_FRONTEND": "noninteractive"})
        t.equal(installed_packages(t, package), [package], "installed by apt-get install ./…deb")
        use_installed(t, executables)
        pre_commit_hook.check_unchecked_fails(t, hook_env, hook_repo, "hook calloc-tidy-installed")
    finally:
        remove(t, package, files)
    status, out = pre_commit_hook.commit(t, hook_env, hook_repo, "src/grow.c", pre_commit_hook.UNCHECKED_C, "grow")
    t.check(status != 0 and "calloc-tidy-installed: no calloc-tidy on PATH" in out,
            "hook calloc-tidy-installed, the package removed: should fail and say why", out)

    try:
        github_variant(t, deb)
        gitlab_variant(t, deb)
    finally:
        remove(t, package, files)
    t.finish()


if __name__ == "__main__":
    main()
