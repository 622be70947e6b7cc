#!/usr/bin/env python3
"""Runs one calloc-tidy lit test: clang-tidy with the plugin, then FileCheck.

Usage (from a RUN line, through the %check_calloc_tidy substitution):

  %check_calloc_tidy [options] <source> <check-name> <temp> \
      [-- <clang-tidy args> [-- <compiler args>]]

Options:
  -check-suffix=S / -check-suffixes=A,B
                      verify CHECK-MESSAGES-A, CHECK-FIXES-A, ... instead of
                      the unsuffixed prefixes
  -config=YAML        passed to clang-tidy as --config (default: '{}', so a
                      stray .clang-tidy above the test is never read)
  -config-file=PATH   passed to clang-tidy as --config-file instead (a
                      preset from config/)
  -check-option=KEY=VALUE
                      one more CheckOptions entry, added to -config (which
                      must then be '{}' or start '{CheckOptions: {') or to a
                      copy of the -config-file
  -std=STD            the language standard of this run (compiler -std=)
  -expect-clang-tidy-error
                      the input does not compile; clang-tidy must fail and
                      its errors are matched like warnings

What is verified:
  * CHECK-MESSAGES lines against clang-tidy's warnings and errors; any
    warning or error that no line matches fails the test;
  * CHECK-NOTES lines the same way, with notes included;
  * CHECK-FIXES lines against the fixed file, whole lines (spacing at the
    ends of a line is not compared, as in LLVM's runner);
    without CHECK-FIXES the file must come back unchanged;
  * a source without any CHECK line must produce no diagnostic at all;
  * the fixed file must compile without a warning (clang -fsyntax-only
    -Werror -Wall -Wextra with the same flags): a -Werror build must still
    build after the fix.
"""

import difflib
import os
import re
import shlex
import subprocess
import sys

KINDS = ("MESSAGES", "NOTES", "FIXES")
CHECK_COMMENT = re.compile(r"[ \t]*//\s*CHECK-(?:MESSAGES|NOTES|FIXES)[A-Za-z0-9-]*:.*$")


def fail(reason, details=""):
    sys.stderr.write("check_calloc_tidy: FAIL: %s\n" % reason)
    if details:
        sys.stderr.write(details.rstrip("\n") + "\n")
    sys.exit(1)


def run(cmd, **kwargs):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kwargs)


def configuration(opts, temp):
    """The --config or --config-file argument, with -check-option added."""
    entries = "".join("%s: '%s', " % (k, v.replace("'", "''"))
                      for k, v in opts["check_options"])
    if opts["config_file"]:
        if not entries:
            return "--config-file=" + opts["config_file"]
        with open(opts["config_file"]) as f:
            text = f.read()
        if not re.search(r"^CheckOptions:\n", text, re.M):
            fail("-check-option: %s has no block 'CheckOptions:'" % opts["config_file"])
        lines = "".join("  %s: '%s'\n" % (k, v.replace("'", "''"))
                        for k, v in opts["check_options"])
        text = re.sub(r"^CheckOptions:\n", lambda m: m.group(0) + lines, text,
                      count=1, flags=re.M)
        copy = temp + ".config.yaml"
        os.makedirs(os.path.dirname(os.path.abspath(copy)), exist_ok=True)
        with open(copy, "w") as f:
            f.write(text)
        return "--config-file=" + copy
    config = opts["config"].strip()
    if entries:
        if config == "{}":
            config = "{CheckOptions: {" + entries.rstrip(", ") + "}}"
        elif re.match(r"\{\s*CheckOptions:\s*\{", config):
            config = re.sub(r"\{\s*CheckOptions:\s*\{", lambda m: m.group(0) + entries,
                            config, count=1)
        else:
            fail("-check-option: cannot add to -config=%s" % config)
    return "--config=" + config


def parse_args(argv):
    tools = {}
    opts = {"suffixes": [""], "config": "{}", "config_file": None, "std": None,
            "expect_error": False, "check_options": []}
    positional = []
    rest = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest = argv[i + 1:]
            break
        if arg.startswith("--tool-"):
            name, _, value = arg[len("--tool-"):].partition("=")
            tools[name] = value
        elif arg.startswith("-check-suffix=") or arg.startswith("-check-suffixes="):
            value = arg.split("=", 1)[1]
            opts["suffixes"] = [s.strip() for s in value.split(",") if s.strip()]
            bad = [s for s in opts["suffixes"] if not re.fullmatch(r"[A-Z0-9-]+", s)]
            if bad or not opts["suffixes"]:
                fail("check suffixes must be upper-case letters, digits and '-': %r" % value)
        elif arg.startswith("-config="):
            opts["config"] = arg.split("=", 1)[1]
        elif arg.startswith("-config-file="):
            opts["config_file"] = arg.split("=", 1)[1]
        elif arg.startswith("-check-option="):
            key, eq, value = arg.split("=", 1)[1].partition("=")
            if not eq or not re.fullmatch(r"[A-Za-z0-9.-]+", key):
                fail("expected -check-option=KEY=VALUE, got %r" % arg)
            opts["check_options"].append((key, value))
        elif arg.startswith("-std="):
            opts["std"] = arg
        elif arg == "-expect-clang-tidy-error":
            opts["expect_error"] = True
        elif arg.startswith("-") and len(arg) > 1:
            fail("unknown runner option %r" % arg)
        else:
            positional.append(arg)
        i += 1
    if len(positional) != 3:
        fail("expected <source> <check-name> <temp>, got %r" % positional)
    tidy_args, compiler_args = rest, []
    if "--" in rest:
        cut = rest.index("--")
        tidy_args, compiler_args = rest[:cut], rest[cut + 1:]
    for needed in ("clang-tidy", "plugin", "clang", "filecheck"):
        if not tools.get(needed):
            fail("the lit configuration did not pass --tool-%s" % needed)
    return tools, opts, positional, tidy_args, compiler_args


def prefixes_present(text, suffixes):
    """Which of CHECK-<KIND>[-<SUFFIX>] the source uses, per kind."""
    found = {kind: [] for kind in KINDS}
    for kind in KINDS:
        for suffix in suffixes:
            prefix = "CHECK-%s%s" % (kind, "-" + suffix if suffix else "")
            if re.search(r"//\s*" + re.escape(prefix) + r"(?:-(?:NOT|NEXT|SAME|DAG|EMPTY|LABEL|COUNT-\d+))?:", text):
                found[kind].append(prefix)
    return found


def blank_check_comments(text):
    """Drops every CHECK comment but keeps the line, so line numbers hold."""
    out = []
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        ending = line[len(body):]
        if CHECK_COMMENT.search(body):
            body = CHECK_COMMENT.sub("", body)
        out.append(body + ending)
    return "".join(out)


def diagnostic_lines(output, with_notes):
    kinds = ("warning", "error", "note") if with_notes else ("warning", "error")
    wanted = re.compile(r": (%s): " % "|".join(kinds))
    lines = []
    for line in output.splitlines():
        if not wanted.search(line):
            continue
        if "FIX-IT applied suggested code changes" in line:
            continue
        lines.append(line)
    return lines


def filecheck(tools, source, input_text, prefixes, extra, temp, label):
    path = "%s.%s" % (temp, label)
    with open(path, "w") as f:
        f.write(input_text)
    cmd = [tools["filecheck"], "-input-file=" + path, source,
           "-check-prefixes=" + ",".join(prefixes)] + extra
    result = run(cmd)
    if result.returncode != 0:
        fail("%s did not match (%s)" % ("/".join(prefixes), label),
             "command: %s\n%s\n--- %s ---\n%s" % (shlex.join(cmd), result.stdout, label, input_text))


def main(argv):
    tools, opts, (source, check, temp), tidy_args, compiler_args = parse_args(argv)
    with open(source) as f:
        original = f.read()
    extension = os.path.splitext(source)[1] or ".c"
    present = prefixes_present(original, opts["suffixes"])
    for suffix in opts["suffixes"]:
        tail = "-" + suffix if suffix else ""
        if ("CHECK-MESSAGES" + tail) in present["MESSAGES"] and ("CHECK-NOTES" + tail) in present["NOTES"]:
            fail("use CHECK-MESSAGES%s or CHECK-NOTES%s, not both" % (tail, tail))
    if opts["suffixes"] != [""]:
        for suffix in opts["suffixes"]:
            if not any(p.endswith("-" + suffix) for kind in KINDS for p in present[kind]):
                fail("-check-suffixes names %r but the file has no CHECK line with it" % suffix)

    cleaned = blank_check_comments(original)
    os.makedirs(os.path.dirname(os.path.abspath(temp)), exist_ok=True)
    work = temp + extension
    with open(work, "w") as f:
        f.write(cleaned)

    std = [opts["std"]] if opts["std"] else []
    config = configuration(opts, temp)
    cmd = [tools["clang-tidy"], "--load=" + tools["plugin"], work, "--fix",
           "--checks=-*," + check, config] + tidy_args
    cmd += ["--"] + std + compiler_args
    result = run(cmd)
    output = result.stdout
    if opts["expect_error"] and result.returncode == 0:
        fail("clang-tidy succeeded but the test expects a compile error", output)
    if not opts["expect_error"] and result.returncode != 0:
        fail("clang-tidy exited with %d" % result.returncode,
             "command: %s\n%s" % (shlex.join(cmd), output))
    if re.search(r"Stack dump|PLEASE submit a bug report|Segmentation fault", output):
        fail("clang-tidy crashed", output)
    with open(work) as f:
        fixed = f.read()

    messages = diagnostic_lines(output, with_notes=False)
    notes = diagnostic_lines(output, with_notes=True)
    any_check_line = any(present[kind] for kind in KINDS)
    if not any_check_line:
        if messages:
            fail("the test has no CHECK lines, so no diagnostic is expected", "\n".join(messages))
    if present["MESSAGES"] or (any_check_line and not present["NOTES"]):
        if present["MESSAGES"]:
            filecheck(tools, source, "\n".join(messages) + "\n", present["MESSAGES"],
                      ["-implicit-check-not={{warning|error}}:"], temp, "messages")
        elif messages:
            fail("diagnostics were produced but the test has no CHECK-MESSAGES line",
                 "\n".join(messages))
    if present["NOTES"]:
        filecheck(tools, source, "\n".join(notes) + "\n", present["NOTES"],
                  ["-implicit-check-not={{note|warning|error}}:"], temp, "notes")

    if present["FIXES"]:
        filecheck(tools, source, fixed, present["FIXES"],
                  ["-match-full-lines"], temp, "fixed")
    elif fixed != cleaned:
        diff = "".join(difflib.unified_diff(cleaned.splitlines(True), fixed.splitlines(True),
                                            "input", "fixed"))
        fail("the file was changed but the test has no CHECK-FIXES line", diff)

    if not opts["expect_error"]:
        compile_cmd = [tools["clang"], "-fsyntax-only", "-Werror", "-Wall", "-Wextra"]
        compile_cmd += std + compiler_args + [work]
        compiled = run(compile_cmd)
        if compiled.returncode != 0:
            fail("the fixed file does not compile with -Werror -Wall -Wextra",
                 "command: %s\n%s\n--- fixed file ---\n%s" % (shlex.join(compile_cmd), compiled.stdout, fixed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
