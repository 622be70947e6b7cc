#!/usr/bin/env python3
"""bench/cves: lints real allocation-size overflows, vulnerable and fixed.

See README.md beside this file. Every case of cases*.yaml names a git
repository, a vulnerable and a fixed commit, a translation unit and the line
of the allocation. Each version's tree is extracted from a clone (never from
this repository), compiled with the recorded flags, and linted at every level
of calloc-unchecked-multiplication. The result: per level, recall on the
vulnerable versions (64-bit cases at the target's width, 32-bit-only cases
with SizeTypeBits: 32) and how many fixed versions are silent there.
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys


HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import cvecases  # noqa: E402

CHECK = "calloc-unchecked-multiplication"

# The levels a user can pick, each as clang-tidy options.
LEVELS = {
    "default": {},
    "strict": {f"{CHECK}.ReportUncheckedProducts": True},
}

DIAG = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<kind>warning|error): (?P<text>.*?)(?: \[(?P<check>[^\]]+)\])?$")


def load_cases(paths, only):
    import yaml
    cases = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for case in yaml.safe_load(f) or []:
                case["_from"] = os.path.relpath(path, ROOT)
                cases.append(case)
    ids = [c["id"] for c in cases]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        sys.exit(f"cves: ids used twice: {', '.join(twice)}")
    if only:
        wanted = set(only.split(","))
        cases = [c for c in cases if c["id"] in wanted]
        missing = wanted - {c["id"] for c in cases}
        if missing:
            sys.exit(f"cves: no case {', '.join(sorted(missing))}")
    for c in cases:
        for key in ("id", "project", "repo", "vulnerable", "fixed", "file", "line", "width", "input"):
            if key not in c:
                sys.exit(f"cves: case {c.get('id', '?')} ({c['_from']}) has no '{key}'")
        if c["width"] not in (32, 64):
            sys.exit(f"cves: case {c['id']}: width is 32 or 64")
        c["fixed_line"] = c.get("fixed_line") or [c["line"]]
        if isinstance(c["fixed_line"], str):
            c["fixed_line"] = [c["fixed_line"]]
    return cases


def git_dir(clones, repo):
    """The clone of OWNER/NAME under CLONES, cloned there when missing."""
    key = repo.replace("/", "+")
    path = os.path.join(clones, key)
    if os.path.isdir(os.path.join(path, ".git")):
        return os.path.join(path, ".git")
    if os.path.isdir(path):
        return path
    os.makedirs(clones, exist_ok=True)
    url = f"https://github.com/{repo}.git"
    print(f"cves: cloning {url} into {path}", file=sys.stderr)
    done = subprocess.run(["git", "clone", "--bare", "-q", url, path], capture_output=True, text=True)
    if done.returncode != 0:
        return None
    return path


def tree_of(work, clones, case, commit):
    """A folder holding the repository at COMMIT, prepared; None when it cannot be had."""
    repo = git_dir(clones, case["repo"])
    if not repo:
        return None, f"no clone of {case['repo']} under {clones}, and cloning failed"
    paths = list(case.get("paths") or [])
    part = "-" + cvecases.line_hash(" ".join(paths))[:6] if paths else ""
    where = os.path.join(work, "trees", case["repo"].replace("/", "+"), commit[:12] + part)
    stamp = os.path.join(where, ".calloc-cves-ready")
    if not os.path.exists(stamp):
        shutil.rmtree(where, ignore_errors=True)
        os.makedirs(where)
        # `paths` limits the tree to what the unit reads: some mirrors lack
        # the blobs of large test data, which a whole archive needs.
        archive = subprocess.Popen(["git", "--git-dir", repo, "archive", commit, "--"] + paths,
                                   stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        untar = subprocess.run(["tar", "-x", "-C", where], stdin=archive.stdout, capture_output=True)
        archive.stdout.close()
        err = archive.stderr.read().decode(errors="replace")
        if archive.wait() != 0 or untar.returncode != 0:
            return None, (f"git archive {commit[:12]} failed: {err.strip()[:200]} "
                          "(a case's `paths` can leave out what the clone lacks)")
        open(stamp, "w").close()
    # Stubs and the preparation belong to the case: two cases may share a tree.
    stubs = os.path.join(where, ".calloc-stubs", case["id"])
    shutil.rmtree(stubs, ignore_errors=True)
    os.makedirs(stubs)
    for name, text in (case.get("stubs") or {}).items():
        path = os.path.join(stubs, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    if case.get("prepare"):
        mark = os.path.join(where, f".calloc-prepared-{case['id']}")
        if not os.path.exists(mark):
            done = subprocess.run(["bash", "-c", case["prepare"]], cwd=where, capture_output=True, text=True)
            if done.returncode != 0:
                return None, f"prepare failed: {(done.stdout + done.stderr).strip()[-300:]}"
            open(mark, "w").close()
    return where, None


def compile_flags(case):
    stubs = os.path.join(".calloc-stubs", case["id"])
    # A 32-bit-only case is compiled for a 32-bit target too: its fix is often
    # written under `#if SIZE_MAX ...`, compiled only there.
    target = ["-m32"] if case["width"] == 32 else []
    return [f"-I{stubs}"] + target + list(case.get("flags") or [])


def program_facts(clang_tidy, plugin, tree, case, jobs):
    """With --facts: the program's facts file (docs/facts.md) of the units
    beside the case's file (its folder's .c files, compiled with the case's
    flags; one that does not compile tells the others nothing), merged into
    a file of the tree. Made once per tree and width."""
    # Named for the checks library that wrote the summaries: a new build
    # summarises again.
    checks = os.path.join(os.path.dirname(os.path.abspath(plugin)), "CallocTidyChecks.so")
    stamp = os.stat(checks) if os.path.exists(checks) else os.stat(plugin)
    build = f"{stamp.st_size:x}{int(stamp.st_mtime):x}"
    out = os.path.join(tree, f".calloc-facts-{case['id']}-{build}.tsv")
    if os.path.exists(out):
        return out
    folder = os.path.dirname(case["file"])
    units = sorted(os.path.join(folder, n) for n in os.listdir(os.path.join(tree, folder or "."))
                   if n.endswith(".c"))
    summaries = os.path.join(tree, f".calloc-facts-{case['id']}-{build}.d")
    os.makedirs(summaries, exist_ok=True)

    def one(unit):
        target = os.path.join(summaries, unit.replace("/", "+") + ".tsv")
        env = dict(os.environ, CALLOC_TIDY_FACTS_OUTPUT=target)
        subprocess.run([clang_tidy, f"--load={plugin}", f"--checks=-*,{CHECK}", "--config={}",
                        "--quiet", unit, "--"] + compile_flags(case),
                       cwd=tree, env=env, capture_output=True)
        return target
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        targets = list(pool.map(one, units))
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "calloc_facts.py"), "merge",
                    "-o", out] + [t for t in targets if os.path.exists(t)],
                   check=True, capture_output=True)
    return out


def lint(clang_tidy, plugin, tree, case, options):
    """(findings [(line, message)], error count, first errors) of CHECK on the case's file in TREE."""
    import yaml
    config = {"CheckOptions": dict(options)}
    if case.get("config"):
        with open(os.path.join(ROOT, "config", case["config"]), encoding="utf-8") as f:
            preset = yaml.safe_load(f) or {}
        merged = dict(preset.get("CheckOptions") or {})
        merged.update(config["CheckOptions"])
        config["CheckOptions"] = merged
    cmd = [clang_tidy, f"--load={plugin}", f"--checks=-*,{CHECK}", f"--config={json.dumps(config)}",
           case["file"], "--"] + compile_flags(case)
    done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, errors="replace")
    findings, errors = [], []
    target = os.path.normpath(os.path.join(tree, case["file"]))
    for raw in done.stdout.splitlines() + done.stderr.splitlines():
        m = DIAG.match(raw)
        if not m:
            continue
        if m["kind"] == "error":
            errors.append(raw)
            continue
        if m["check"] != CHECK:
            continue
        where = os.path.normpath(os.path.join(tree, m["file"]))
        if where == target:
            findings.append((int(m["line"]), m["text"]))
    return findings, len(errors), errors[:3]


def judge_version(args, case, version, commit):
    tree, why = tree_of(args.work, args.clones, case, commit)
    if not tree:
        return {"error": why}
    path = os.path.join(tree, case["file"])
    if not os.path.exists(path):
        return {"error": f"{case['file']} is not in {commit[:12]}"}
    with open(path, encoding="utf-8", errors="replace") as f:
        hashes = cvecases.line_hashes(f.read())
    wanted = {case["line"]} if version == "vulnerable" else set(case["fixed_line"])
    lines = sorted(n for n, h in hashes.items() if h in wanted)
    out = {"lines": lines, "levels": {}}
    if not lines:
        out["error"] = f"no line of {case['file']} at {commit[:12]} has hash {', '.join(sorted(wanted))}"
        return out
    facts = (program_facts(args.clang_tidy, args.plugin, tree, case, args.jobs)
             if args.facts else "none")
    for level, options in LEVELS.items():
        opts = dict(options)
        if case["width"] == 32:
            opts[f"{CHECK}.SizeTypeBits"] = 32
        opts[f"{CHECK}.ProgramFacts"] = facts
        findings, nerrors, first = lint(args.clang_tidy, args.plugin, tree, case, opts)
        at = [text for n, text in findings if n in lines]
        out["levels"][level] = {"hit": bool(at), "messages": at, "findings": len(findings),
                                "errors": nerrors, "first_errors": first}
    return out


def run_case(args, case):
    return {
        "vulnerable": judge_version(args, case, "vulnerable", case["vulnerable"]),
        "fixed": judge_version(args, case, "fixed", case["fixed"]),
    }


def summary(cases, results):
    """Per level: (found 64, of 64, found 32, of 32, fixed silent, of fixed)."""
    out = {}
    for level in LEVELS:
        s = {"64": [0, 0], "32": [0, 0], "silent": [0, 0], "still": [0, 0]}
        for c in cases:
            r = results[c["id"]]
            v = r["vulnerable"].get("levels", {}).get(level)
            f = r["fixed"].get("levels", {}).get(level)
            w = str(c["width"])
            s[w][1] += 1
            if v and v["hit"]:
                s[w][0] += 1
            # A fix that leaves the product able to wrap at the judged width
            # (`fixed_wraps`) should be reported: counted apart.
            key = "still" if c.get("fixed_wraps") else "silent"
            s[key][1] += 1
            if f and (not f["hit"]) == (key == "silent"):
                s[key][0] += 1
        out[level] = s
    return out


def pct(a, b):
    return f"{a} of {b} ({100 * a // b}%)" if b else "0 of 0"


def markdown(cases, results, sums, head):
    lines = [
        f"{len(cases)} real allocation-size overflows in {len({c['project'] for c in cases})} projects "
        f"(bench/cves/cases*.yaml), linted at {head}: the real file of the vulnerable and of the fixed "
        "commit, with the project's own headers. 32-bit-only cases are judged with `SizeTypeBits: 32`.",
        "",
        "| level | recall, wraps on 64-bit | recall, 32-bit only | fixed versions silent | fixes that still wrap, reported |",
        "|---|---|---|---|---|",
    ]
    for level, s in sums.items():
        lines.append(f"| {level} | {pct(*s['64'])} | {pct(*s['32'])} | {pct(*s['silent'])} | {pct(*s['still'])} |")
    lines += ["", "| case | project | width | default | strict | fixed silent (default) | what drives it |",
              "|---|---|---|---|---|---|---|"]
    for c in cases:
        r = results[c["id"]]
        v, f = r["vulnerable"], r["fixed"]

        def mark(res, level, want_hit=True):
            if "levels" not in res or level not in res["levels"]:
                return "not run: " + res.get("error", "?")
            hit = res["levels"][level]["hit"]
            return ("found" if hit else "missed") if want_hit else ("silent" if not hit else "reported")
        lines.append(f"| {c['id']} | {c['project']} | {c['width']} | {mark(v, 'default')} | {mark(v, 'strict')} "
                     f"| {mark(f, 'default', False)} | {c['input']} |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    h = sub.add_parser("hash", help="the hash of one line of a file")
    h.add_argument("file")
    h.add_argument("line", type=int)
    parser.add_argument("--cases", action="append", help="a cases file (default: bench/cves/cases*.yaml)")
    parser.add_argument("--only", help="case ids, comma-separated")
    parser.add_argument("--clones", default=os.environ.get("CALLOC_CVES_CLONES",
                                                           os.path.join(ROOT, "bench", "work", "cves", "clones")))
    parser.add_argument("--work", default=os.path.join(ROOT, "bench", "work", "cves"))
    parser.add_argument("--plugin", help="CallocTidy.so, or the build folder holding it")
    parser.add_argument("--llvm", default="19")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--markdown", help="write the tables to this file")
    parser.add_argument("--json", help="write every result to this file")
    parser.add_argument("--verbose", "-v", action="store_true", help="print each finding's message")
    parser.add_argument("--facts", action="store_true",
                        help="lint with the program's facts of the units beside each case's file")
    args = parser.parse_args()
    if args.command == "hash":
        with open(args.file, encoding="utf-8", errors="replace") as f:
            print(cvecases.line_hash(f.read().split("\n")[args.line - 1]))
        return 0
    args.plugin = args.plugin or os.path.join(ROOT, "build", f"llvm-{args.llvm}")
    if os.path.isdir(args.plugin):
        args.plugin = os.path.join(args.plugin, "CallocTidy.so")
    args.plugin = os.path.abspath(args.plugin)
    args.clang_tidy = shutil.which(f"clang-tidy-{args.llvm}") or f"/usr/lib/llvm-{args.llvm}/bin/clang-tidy"
    args.clones = os.path.abspath(args.clones)
    args.work = os.path.abspath(args.work)
    paths = args.cases or sorted(glob.glob(os.path.join(HERE, "cases*.yaml")))
    cases = load_cases(paths, args.only)
    packages = sorted({p for c in cases for p in c.get("apt") or []})
    if any(c["width"] == 32 for c in cases):
        packages.append("libc6-dev-i386")  # the headers of a 32-bit target
    if packages:
        done = subprocess.run(["bash", "-c", 'source "$1"/scripts/bootstrap.sh && ct_install_missing "${@:2}"',
                               "install", ROOT] + packages)
        if done.returncode != 0:
            return 1
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_case, args, c): c for c in cases}
        for fut in concurrent.futures.as_completed(futures):
            c = futures[fut]
            results[c["id"]] = r = fut.result()
            parts = []
            for version in ("vulnerable", "fixed"):
                res = r[version]
                if "levels" not in res:
                    parts.append(f"{version}: NOT RUN ({res.get('error')})")
                    continue
                lv = res["levels"]
                errs = lv["default"]["errors"]
                parsed = "parsed" if errs == 0 else f"parsed with {errs} errors"
                parts.append(f"{version}: {parsed}; default {'hit' if lv['default']['hit'] else '-'}, "
                             f"strict {'hit' if lv['strict']['hit'] else '-'}")
            print(f"{c['id']:<24} {c['project']:<14} w{c['width']}  " + "; ".join(parts), flush=True)
            if args.verbose:
                for version in ("vulnerable", "fixed"):
                    for level, lv in r[version].get("levels", {}).items():
                        for m in lv["messages"]:
                            print(f"    {version} {level}: {m}")
                        for e in lv["first_errors"]:
                            print(f"    {version} {level} error: {e}")
    sums = summary(cases, results)
    print()
    for level, s in sums.items():
        print(f"{level:<8} 64-bit {pct(*s['64']):<16} 32-bit {pct(*s['32']):<16} fixed silent {pct(*s['silent']):<16} "
              f"still wrapping, reported {pct(*s['still'])}")
    head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip() or "?"
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(markdown(cases, results, sums, head))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"head": head, "results": results, "summary": sums}, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
