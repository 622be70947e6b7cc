#!/usr/bin/env python3
"""calloc-clang-tidy against clang-tidy --load=CallocTidy.so, on every input
of the check tests.

  same_as_plugin.py --test-root test/ --plugin CallocTidy.so
      --clang-tidy CLANG_TIDY --standalone CALLOC_CLANG_TIDY --work DIR

For each `%check_calloc_tidy` RUN line of the check tests (test/calloc-*/
and test/config/), the input is prepared as the runner prepares it and
linted twice with that line's check, configuration and flags: by the
plugin in the LLVM's clang-tidy, and by the standalone executable. Both
runs use --fix and --export-fixes on a copy at the same path, so their exit
status, their whole output, the exported fixes and the fixed file must be
identical. Exits 1 naming every difference.
"""

import argparse
import concurrent.futures
import difflib
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

RUN_LINE = re.compile(r"^\s*//\s*RUN:(.*)$")
RUNNER = "%check_calloc_tidy"
# What lit.cfg.py substitutes for %any_count.
ANY_COUNT = ("-check-option=calloc-unchecked-multiplication.WideProductsNeedInput=false "
             "-check-option=calloc-unchecked-multiplication.NarrowProductsNeedSource=false")
CHECK_TEST_DIRS = ("calloc-malloc-memset", "calloc-unchecked-multiplication", "config")


def run_lines(test_root):
    """(source, [runner arguments]) for each %check_calloc_tidy RUN line; a
    line ending in a backslash goes on in the next RUN line, as in lit."""
    found = []
    for directory in CHECK_TEST_DIRS:
        for source in sorted(glob.glob(os.path.join(test_root, directory, "*.c"))
                             + glob.glob(os.path.join(test_root, directory, "*.cpp"))):
            command = ""
            with open(source) as f:
                for line in f:
                    match = RUN_LINE.match(line)
                    if not match:
                        continue
                    command += match.group(1).strip()
                    if command.endswith("\\"):
                        command = command[:-1] + " "
                        continue
                    if command.startswith(RUNNER + " "):
                        found.append((source, command[len(RUNNER) + 1:]))
                    command = ""
    return found


def lint(command, source_text, path):
    """Runs COMMAND on a fresh copy of the input at PATH; (status, output,
    exported fixes, fixed file)."""
    with open(path, "w") as f:
        f.write(source_text)
    fixes = path + ".fixes.yaml"
    if os.path.exists(fixes):
        os.remove(fixes)
    result = subprocess.run([command[0], "--export-fixes=" + fixes] + command[1:],
                            cwd=os.path.dirname(path),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True, timeout=300)
    exported = open(fixes).read() if os.path.exists(fixes) else None
    with open(path) as f:
        fixed = f.read()
    return result.returncode, result.stdout, exported, fixed


def compare(job):
    index, source, arguments, args, runner = job
    relative = os.path.relpath(source, args.test_root)
    work = os.path.join(args.work, "%03d" % index)
    os.makedirs(work)
    arguments = arguments.replace("%any_count", ANY_COUNT)
    argv = shlex.split(arguments.replace("%config_dir", shlex.quote(args.config_dir)))
    argv = [a.replace("%s", source).replace("%t", os.path.join(work, "t")) for a in argv]
    tools = ["--tool-%s=unused" % t for t in ("clang-tidy", "plugin", "clang", "filecheck")]
    _, opts, (_, check, _), tidy_args, compiler_args = runner.parse_args(tools + argv)
    with open(source) as f:
        text = runner.blank_check_comments(f.read())
    path = os.path.join(work, "input" + os.path.splitext(source)[1])
    config = runner.configuration(opts, os.path.join(work, "t"))
    common = [path, "--fix", "--checks=-*," + check, config] + tidy_args
    common += ["--"] + ([opts["std"]] if opts["std"] else []) + compiler_args
    plugin = lint([args.clang_tidy, "--load=" + args.plugin] + common, text, path)
    standalone = lint([args.standalone] + common, text, path)

    problems = []
    for what, a, b in (("exit status", plugin[0], standalone[0]), ("output", plugin[1], standalone[1]),
                       ("exported fixes", plugin[2], standalone[2]),
                       ("fixed file", plugin[3], standalone[3])):
        if a != b:
            diff = "".join(difflib.unified_diff(str(a).splitlines(True), str(b).splitlines(True),
                                                "with --load", "calloc-clang-tidy"))
            problems.append("%s (%s %s): %s differs\n%s" % (relative, check, arguments, what, diff))
    findings = len(re.findall(r": warning: .*\[calloc-", plugin[1]))
    fixed = plugin[3] != text
    return relative, findings, fixed, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--test-root", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--standalone", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    args.test_root = os.path.realpath(args.test_root)
    args.plugin = os.path.realpath(args.plugin)
    args.standalone = os.path.realpath(args.standalone)
    args.config_dir = os.path.join(os.path.dirname(args.test_root), "config")
    args.work = os.path.realpath(args.work)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    sys.path.insert(0, args.test_root)
    import check_calloc_tidy as runner

    lines = run_lines(args.test_root)
    jobs = [(i, source, arguments, args, runner) for i, (source, arguments) in enumerate(lines)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(compare, jobs))

    problems = [p for _, _, _, ps in results for p in ps]
    findings = sum(r[1] for r in results)
    fixed_inputs = sum(1 for r in results if r[2])
    inputs = len({r[0] for r in results})
    print("%d runs over %d inputs: %d calloc-* warnings, %d inputs fixed; %d differences"
          % (len(results), inputs, findings, fixed_inputs, len(problems)))
    # A comparison of nothing proves nothing: the check tests have over fifty
    # such RUN lines, over 150 findings, and fixes in over 30 inputs.
    if len(results) < 30 or findings < 100 or fixed_inputs < 15:
        problems.append("too little was compared: the RUN lines were not found or not run")
    for problem in problems:
        sys.stderr.write("- %s\n" % problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
