"""Which checks calloc-tidy runs. Where no configuration names checks (no
.clang-tidy with Checks above the file, no --config, --config-file or
--checks), it runs the calloc-* checks alone, not clang-tidy's default
clang-analyzer-*: --list-checks lists exactly ours, and a file with a
division by zero gets our finding and not the analyzer's. A .clang-tidy
(found above the file, or inherited through InheritParentConfig), a
--config, a --config-file or a --checks that names another check adds it.
Checked for the installed launcher and, when the build under test is the
source tree's own, for ./calloc-tidy."""

import os
import re

import yaml

from harness import Test

OURS = ["calloc-malloc-memset", "calloc-unchecked-multiplication"]
OTHER = "bugprone-sizeof-expression"
RATIO_C = """\
#include <stdlib.h>

int ratio(int a) {
  int z = 0;
  return a / z;
}

void *table(size_t n, size_t size) {
  return malloc(n * size);
}
"""
FINDING = re.compile(r"^\S+:(\d+):\d+: warning: .* \[([^\]]+)\]$", re.M)


def listed(output):
    """The checks of `--list-checks` output, sorted."""
    return sorted(line.strip() for line in output.splitlines()[1:] if line.strip())


def main():
    t = Test(__doc__)
    bare = t.path("bare")
    source = t.write(os.path.join(bare, "src", "ratio.c"), RATIO_C)
    # A .clang-tidy above the scratch folder would make this test meaningless.
    above, folder = [], t.work
    while os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
        if os.path.exists(os.path.join(folder, ".clang-tidy")):
            above.append(folder)
    if not t.check(not above, "a .clang-tidy above the scratch folder: " + ", ".join(above)):
        t.finish()

    project = t.path("project")
    t.write(os.path.join(project, ".clang-tidy"), "Checks: '-*,%s'\nWarningsAsErrors: ''\n" % OTHER)
    inherits = os.path.join(project, "inherits")
    t.write(os.path.join(inherits, ".clang-tidy"),
            "InheritParentConfig: true\nCheckOptions:\n  - key: %s.WarnOnSizeOfConstant\n    value: false\n" % OTHER)
    resets = os.path.join(project, "resets")
    t.write(os.path.join(resets, ".clang-tidy"), "CheckOptions:\n  - key: x.y\n    value: z\n")
    divides_c = t.write(os.path.join(t.path("divides"), "src", "ratio.c"), RATIO_C)
    t.write(t.path("divides", ".clang-tidy"), "Checks: '-*,clang-analyzer-core.DivideZero'\n")
    config_file = t.write(t.path("named.yaml"), "Checks: '-*,%s'\n" % OTHER)

    tools = [("installed calloc-tidy", [t.install()], {})]
    wrapper = t.repository_wrapper()
    if wrapper:
        tools.append(("./calloc-tidy", [wrapper], {"CALLOC_TIDY_LLVM": t.llvm}))
    for name, tool, env in tools:
        def checks(arguments, cwd, what):
            status, out, err = t.run(tool + ["--list-checks"] + arguments, cwd=cwd, env=env)
            t.equal(status, 0, "%s, %s: --list-checks failed: %s" % (name, what, err))
            return listed(out)

        t.equal(checks([], bare, "no .clang-tidy"), OURS, name + ", no .clang-tidy: exactly ours")
        t.equal(checks([], os.path.join(bare, "src"), "below a folder with none"), OURS,
                name + ", a subfolder without .clang-tidy: exactly ours")
        t.equal(checks(["--checks=" + OTHER], bare, "--checks"), sorted(OURS + [OTHER]),
                name + ", --checks=%s without .clang-tidy: ours and it, no clang-analyzer-*" % OTHER)
        t.equal(checks([], project, ".clang-tidy"), sorted(OURS + [OTHER]),
                name + ", .clang-tidy naming %s: ours and it" % OTHER)
        t.equal(checks([], inherits, "InheritParentConfig"), sorted(OURS + [OTHER]),
                name + ", a .clang-tidy without Checks that inherits its parent's: ours and the parent's")
        t.equal(checks(["--config-file=" + config_file], bare, "--config-file"), sorted(OURS + [OTHER]),
                name + ", --config-file naming %s: ours and it" % OTHER)
        t.equal(checks(["--config", "{Checks: '-*,%s'}" % OTHER], bare, "--config"), sorted(OURS + [OTHER]),
                name + ", --config naming %s: ours and it" % OTHER)
        t.equal(checks(["--config-file", config_file, "--checks=-calloc-malloc-memset"], bare, "-calloc"),
                sorted(["calloc-unchecked-multiplication", OTHER]),
                name + ", --checks=-calloc-malloc-memset still turns one of ours off")
        # A .clang-tidy that names no checks leaves clang-tidy's defaults on,
        # as no file at all would: ours alone, there too.
        t.equal(checks([], resets, ".clang-tidy without Checks"), OURS,
                name + ", a .clang-tidy without Checks nor InheritParentConfig: exactly ours")

        # Linting, not only listing: the analyzer's division by zero is not
        # reported, our finding is; with a .clang-tidy the named check runs.
        status, out, err = t.run(tool + [source], cwd=bare, env=env)
        t.equal(sorted(FINDING.findall(out)), [("9", "calloc-unchecked-multiplication")],
                name + ": findings in a folder without .clang-tidy")
        t.equal(status, 0, name + ": exit status " + err)
        status, out, err = t.run(tool + ["--checks=clang-analyzer-core.DivideZero", source], cwd=bare, env=env)
        t.equal(sorted(FINDING.findall(out)), [("5", "clang-analyzer-core.DivideZero"),
                                               ("9", "calloc-unchecked-multiplication")],
                name + ": --checks=clang-analyzer-core.DivideZero adds the analyzer's one check")
        status, out, err = t.run(tool + [divides_c], cwd=bare, env=env)
        t.equal(sorted(FINDING.findall(out)), [("5", "clang-analyzer-core.DivideZero"),
                                               ("9", "calloc-unchecked-multiplication")],
                name + ": a file below a .clang-tidy naming the analyzer's check, linted from elsewhere")

    # Where this LLVM's clang-tidy runs clang-analyzer-* by default (up to
    # LLVM 21; 22 enables clang-diagnostic-* alone), plain clang-tidy does
    # report the division by zero: what the launchers leave out is there.
    status, out, _ = t.run([t.clang_tidy, "--dump-config"], cwd=bare)
    defaults = (yaml.safe_load(out) or {}).get("Checks", "") if status == 0 else ""
    if "clang-analyzer-*" in defaults.split(","):
        status, out, _ = t.run([t.clang_tidy, "--load=" + t.plugin, source, "--"], cwd=bare)
        t.check(("5", "clang-analyzer-core.DivideZero") in FINDING.findall(out),
                "plain clang-tidy: no clang-analyzer finding to leave out", out)
    else:
        t.check(defaults and "clang-analyzer" not in defaults,
                "plain clang-tidy's default checks, from --dump-config: %r" % defaults)
    t.finish()


if __name__ == "__main__":
    main()
