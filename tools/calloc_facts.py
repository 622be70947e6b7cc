#!/usr/bin/env python3
"""calloc_facts: the program's facts file for calloc-unchecked-multiplication.

clang-tidy reads one translation unit at a time; the facts pass gives each
unit what the others say about the names it uses (docs/facts.md). Each unit
is summarised by the check itself (its FactsOutput option, or the
CALLOC_TIDY_FACTS_OUTPUT environment variable this tool sets), then the
summaries are merged into one sorted file, calloc-facts.tsv, which the
check finds beside the compilation database.

  calloc_facts.py collect -p BUILD --clang-tidy CT --plugin SO [-j N] [-o OUT]
      Summarise every unit of BUILD/compile_commands.json in parallel, each
      cached under BUILD/calloc-facts.d/ by the unit's content and command
      (a re-run redoes only what changed), then merge into OUT (default
      BUILD/calloc-facts.tsv).
  calloc_facts.py merge -o OUT SUMMARY...
      The reduce: the sorted union of the summaries' facts.
  calloc_facts.py ninja -p BUILD --clang-tidy CT --plugin SO [-o FILE]
      A Ninja file doing the same, one edge per unit with the unit's
      dependency file, so that Ninja (or anything that runs Ninja files)
      schedules the summaries and redoes exactly the units whose sources
      or headers changed: `ninja -f BUILD/calloc-facts.ninja`.

Summaries and the merged file have the same format: one fact per line,
KEY<TAB>KIND<TAB>VALUE..., sorted, after one comment line.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import shlex
import subprocess
import sys
import tempfile

HEADER = "# calloc-tidy program facts, format 1\n"
CHECKS = "-*,calloc-unchecked-multiplication"


class Failure(Exception):
    """An error to print as one line and exit 2 with."""


def read_database(build):
    path = os.path.join(build, "compile_commands.json")
    try:
        with open(path, encoding="utf-8") as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        raise Failure(f"cannot read {path}: {e}")
    units = []
    seen = set()
    for e in entries:
        directory = e.get("directory", build)
        file = os.path.normpath(os.path.join(directory, e["file"]))
        if file in seen:
            continue
        seen.add(file)
        command = e.get("arguments") or shlex.split(e.get("command", ""))
        units.append((file, directory, command))
    return units


def unit_key(file, command):
    """What the summary of a unit depends on that a cache can see: the
    unit's own bytes and its command. (Headers are not in it: `ninja`
    uses each unit's dependency file instead.)"""
    h = hashlib.sha256()
    with open(file, "rb") as f:
        h.update(f.read())
    h.update(b"\0" + json.dumps(command).encode())
    return h.hexdigest()[:32]


def facts_of(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [line.rstrip("\n") for line in f
                    if line.strip() and not line.startswith("#")]
    except OSError:
        return []


def merge(summaries, out):
    facts = set()
    for s in summaries:
        facts.update(facts_of(s))
    text = HEADER + "".join(line + "\n" for line in sorted(facts))
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, out)
    return len(facts)


def tidy_command(args, file):
    config = [f"--config-file={args.config_file}"] if args.config_file else []
    return [args.clang_tidy, f"--load={args.plugin}", *config, f"--checks={CHECKS}",
            "--quiet", "-p", args.build, file]


def summarise(args, file, target):
    env = dict(os.environ, CALLOC_TIDY_FACTS_OUTPUT=target)
    proc = subprocess.run(tidy_command(args, file), env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    if not os.path.exists(target):
        # A unit that does not parse tells the others nothing; say so.
        sys.stderr.write(f"calloc_facts: no summary of {file} "
                         f"(clang-tidy exit {proc.returncode})\n")
        return False
    return True


def tool_key(args):
    """What every summary depends on beyond its unit: the plugin that wrote
    it and the configuration it read."""
    h = hashlib.sha256()
    # CallocTidy.so only loads the checks library beside it, which is what
    # changes when the checks do.
    checks = os.path.join(os.path.dirname(os.path.abspath(args.plugin)),
                          "CallocTidyChecks.so")
    for path in (args.plugin, checks, args.config_file):
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                h.update(f.read())
        h.update(b"\0")
    return h.hexdigest()


def collect(args):
    # clang-tidy runs each unit in its compile command's folder: every path
    # it is handed must not depend on ours.
    args.build = os.path.abspath(args.build)
    units = read_database(args.build)
    tool = tool_key(args)
    cache = os.path.join(args.build, "calloc-facts.d")
    os.makedirs(cache, exist_ok=True)
    wanted, todo = [], []
    for file, _, command in units:
        if not os.path.exists(file):
            continue
        target = os.path.join(cache, unit_key(file, command + [tool]) + ".tsv")
        wanted.append(target)
        if not os.path.exists(target):
            todo.append((file, target))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(lambda u: summarise(args, *u), todo))
    # Summaries of units that changed or left the database are dropped, so
    # the merged file never keeps a fact of code that is gone.
    keep = set(wanted)
    for name in os.listdir(cache):
        path = os.path.join(cache, name)
        if path not in keep:
            os.remove(path)
    out = args.output or os.path.join(args.build, "calloc-facts.tsv")
    n = merge([w for w in wanted if os.path.exists(w)], out)
    print(f"calloc_facts: {len(units)} units, {len(todo)} summarised, "
          f"{len(units) - len(todo)} from the cache; {n} facts in {out}")


def ninja_escape(s):
    return s.replace("$", "$$").replace(" ", "$ ").replace(":", "$:")


INCLUDE_FLAGS = ("-I", "-isystem", "-iquote", "-idirafter")


def dependency_command(command, directory, file):
    """The unit's compile command without its outputs, for `-M` to list the
    headers the unit reads; with the source and the include folders made
    absolute, so that every header it lists is, whatever folder Ninja runs
    in."""
    out, skip, absolute_next = [], False, False
    for a in command:
        if skip:
            skip = False
            continue
        if absolute_next:
            out.append(os.path.join(directory, a))
            absolute_next = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD", "-M", "-MM", "-MP") or a.startswith(("-o", "-MF", "-MT", "-MQ")):
            continue
        if a in INCLUDE_FLAGS:
            out.append(a)
            absolute_next = True
            continue
        flag = next((f for f in INCLUDE_FLAGS if a.startswith(f) and len(a) > len(f)), None)
        if flag:
            out.append(flag + os.path.join(directory, a[len(flag):]))
            continue
        if os.path.normpath(os.path.join(directory, a)) == file:
            out.append(file)
            continue
        out.append(a)
    return out


def write_ninja(args):
    units = read_database(args.build)
    build = os.path.abspath(args.build)
    out_dir = os.path.join(build, "calloc-facts.d")
    merged = os.path.join(build, "calloc-facts.tsv")
    me = os.path.abspath(__file__)
    lines = [
        "# Generated by tools/calloc_facts.py ninja: the facts pass as Ninja edges.",
        "ninja_required_version = 1.3",
        f"builddir = {ninja_escape(out_dir)}",
        "rule summarise",
        # clang-tidy drops -MD from a unit's flags, so the unit's own
        # compiler lists its headers first (-M: preprocessing only).
        "  command = cd $dir && $listheaders -M -MF $out.d -MT $out && "
        "env CALLOC_TIDY_FACTS_OUTPUT=$out "
        f"{shlex.quote(args.clang_tidy)} --load={shlex.quote(args.plugin)} "
        f"--checks={CHECKS} --quiet -p {shlex.quote(build)} $in >/dev/null",
        "  depfile = $out.d",
        "  deps = gcc",
        "  description = facts of $in",
        "rule merge",
        f"  command = {shlex.quote(sys.executable)} {shlex.quote(me)} merge -o $out $in",
        "  description = merging the facts of the program",
    ]
    summaries = []
    for file, directory, command in units:
        name = hashlib.sha256(file.encode()).hexdigest()[:32] + ".tsv"
        target = os.path.join(out_dir, name)
        summaries.append(target)
        lines.append(f"build {ninja_escape(target)}: summarise {ninja_escape(file)}")
        lines.append(f"  dir = {ninja_escape(shlex.quote(directory))}")
        lines.append("  listheaders = " + ninja_escape(
            " ".join(shlex.quote(a) for a in dependency_command(command, directory, file))))
    lines.append(f"build {ninja_escape(merged)}: merge "
                 + " ".join(ninja_escape(s) for s in summaries))
    lines.append(f"default {ninja_escape(merged)}")
    out = args.output or os.path.join(build, "calloc-facts.ninja")
    os.makedirs(out_dir, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"calloc_facts: wrote {out} ({len(units)} units)")


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    for name in ("collect", "ninja"):
        s = sub.add_parser(name)
        s.add_argument("-p", dest="build", required=True,
                       help="the folder of compile_commands.json")
        s.add_argument("--clang-tidy", required=True)
        s.add_argument("--plugin", required=True,
                       help="CallocTidy.so (with calloc-clang-tidy: the same file is ignored)")
        s.add_argument("-o", dest="output")
        if name == "collect":
            s.add_argument("-j", dest="jobs", type=int, default=os.cpu_count() or 1)
            s.add_argument("--config-file",
                           help="clang-tidy's --config-file, for a project whose "
                                "configuration is not a .clang-tidy above its sources")
    m = sub.add_parser("merge")
    m.add_argument("-o", dest="output", required=True)
    m.add_argument("summaries", nargs="*")
    args = p.parse_args(argv)
    try:
        if args.command == "merge":
            n = merge(args.summaries, args.output)
            print(f"calloc_facts: {n} facts in {args.output}")
        elif args.command == "collect":
            collect(args)
        else:
            write_ninja(args)
    except Failure as e:
        sys.stderr.write(f"calloc_facts: {e}\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
