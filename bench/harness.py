#!/usr/bin/env python3
"""Measures calloc-tidy on real C projects; started by bench/run.

For each project of bench/projects.yaml it downloads the Debian source
package, builds it once to get a compilation database, lints the library's
translation units with run-clang-tidy and the plugin, times our checks
beside `clang -fsyntax-only`, clang-tidy's cheapest check and the peers on
the same files, applies our fixes to a second copy and runs the project's
own tests, and stores everything in bench/work/results/<project>.json.
bench/report.py turns those files and the triage labels in bench/triage/
into docs/evaluation.md; bench/zeroing.c gives docs/zeroing.png.
"""

import argparse
import concurrent.futures
import datetime
import difflib
import functools
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import yaml

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# Resolved: builds record real paths, and bench/work may be a link to
# another checkout's.
WORK = (BENCH / "work").resolve()
RESULTS = WORK / "results"

sys.path.insert(0, str(BENCH))
import findings as fnd  # noqa: E402  (bench/findings.py)
import report  # noqa: E402  (bench/report.py)

# The clang-tidy configurations timed on every translation unit. Our checks,
# the parse alone, the cheapest built-in check (clang-tidy's own floor: the
# parse plus the AST matchers' traversal), and the peers.
FLOOR_CHECK = "readability-misplaced-array-index"
PEER_CHECKS = {
    "widening": "bugprone-implicit-widening-of-multiplication-result",
    "taint": "clang-analyzer-optin.taint.TaintedAlloc",
    "mallocoverflow": "clang-analyzer-alpha.security.MallocOverflow",
}
COCCI = BENCH / "peers" / "malloc_memset.cocci"
# The path-sensitive analyzers take one to two orders of magnitude longer
# than the rest; they are repeated --analyzer-reps times only.
SLOW = ("taint", "mallocoverflow")

DIAG_RE = re.compile(
    r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?P<kind>warning|error): "
    r"(?P<msg>.*?)(?: \[(?P<check>[\w.,-]+)\])?$")
COCCI_RE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): malloc zeroed")

print_lock = threading.Lock()


def log(msg, end="\n"):
    with print_lock:
        sys.stdout.write(msg + end)
        sys.stdout.flush()


def progress(label, done, total):
    """One line rewritten in place on a terminal, every tenth in a log."""
    if sys.stdout.isatty():
        log(f"\r  {label}: {done}/{total}", end="" if done < total else "\n")
    elif done == total or done % max(1, total // 4) == 0:
        log(f"  {label}: {done}/{total}")


class Failure(Exception):
    """A step of one project failed; the message says which and where."""


def shown(path):
    """PATH from the top of the checkout, or whole when it lies elsewhere."""
    try:
        return path.relative_to(ROOT)
    except ValueError:
        return path


def sh(cmd, cwd, logfile, env=None, timeout=None):
    """Runs a shell command, appending its output to logfile; returns rc."""
    with open(logfile, "a") as out:
        out.write(f"\n$ cd {cwd} && {cmd}\n")
        out.flush()
        try:
            return subprocess.run(cmd, shell=True, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                  env=env, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            out.write(f"\n[bench: timed out after {timeout} s]\n")
            return 124


def timed(argv, cwd, env=None):
    """Runs argv; returns (exit code, output, user+sys seconds, peak RSS KiB)."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return proc.returncode, text, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def plugin_path(given, llvm):
    """The CallocTidy.so to load: the one given (a file, or the build folder
    holding it), or this work tree's build/llvm-NN/CallocTidy.so."""
    if not given:
        return ROOT / "build" / f"llvm-{llvm}" / "CallocTidy.so"
    path = Path(given).resolve()
    return path / "CallocTidy.so" if path.is_dir() else path


class Tools:
    """The LLVM NN binaries, the plugin, and what each configuration runs."""

    def __init__(self, llvm, plugin=None):
        self.llvm = llvm
        prefix = Path(f"/usr/lib/llvm-{llvm}/bin")
        self.clang = prefix / "clang"
        self.tidy = prefix / "clang-tidy"
        self.apply = prefix / "clang-apply-replacements"
        self.run_tidy = shutil.which(f"run-clang-tidy-{llvm}") or str(prefix / "run-clang-tidy")
        self.plugin = plugin_path(plugin, llvm)
        self.spatch = shutil.which("spatch")
        listed = subprocess.run([str(self.tidy), "--list-checks", "--checks=*",
                                 "--allow-enabling-analyzer-alpha-checkers"],
                                capture_output=True, text=True).stdout
        self.peers = {k: v for k, v in PEER_CHECKS.items() if v in listed}
        self.version = subprocess.run([str(self.tidy), "--version"], capture_output=True,
                                      text=True).stdout
        m = re.search(r"LLVM version (\S+)", self.version)
        self.version = m.group(1) if m else str(llvm)

    def tidy_argv(self, checks, db, header_filter, config, load=False):
        argv = [str(self.tidy), "--quiet", f"-p={db}", f"--checks=-*,{checks}",
                f"--header-filter={header_filter}"]
        argv += [f"--config-file={config}"] if config else ["--config={}"]
        if load:
            argv.append(f"--load={self.plugin}")
        if "alpha." in checks:
            argv.append("--allow-enabling-analyzer-alpha-checkers")
        return argv


# ----------------------------------------------------------------------------
# Recipes


def load_recipes():
    """bench/projects.yaml and bench/projects.d/*.yaml (one file a group of
    projects, in the same format), with each `extends: NAME` recipe
    completed by NAME's (its package, build and tests; its own keys win)."""
    with open(BENCH / "projects.yaml") as f:
        recipes = yaml.safe_load(f)["projects"]
    for extra in sorted((BENCH / "projects.d").glob("*.yaml")):
        with open(extra) as f:
            more = (yaml.safe_load(f) or {}).get("projects") or {}
        twice = sorted(set(more) & set(recipes))
        if twice:
            sys.exit(f"bench: {extra.name} names {', '.join(twice)} again")
        recipes.update(more)
    for name, recipe in recipes.items():
        base = recipe.get("extends")
        if base:
            if base not in recipes or recipes[base].get("extends"):
                sys.exit(f"bench: {name} extends {base!r}, which is not a plain recipe")
            merged = {k: v for k, v in recipes[base].items() if k not in ("quick", "set")}
            merged.setdefault("package", base)
            merged.update(recipe)
            recipes[name] = merged
    return recipes


def select_projects(recipes, args):
    if args.projects:
        names = [n.strip() for n in args.projects.split(",") if n.strip()]
        unknown = [n for n in names if n not in recipes]
        if unknown:
            sys.exit(f"bench: unknown project(s) {', '.join(unknown)}; "
                     f"bench/projects.yaml has {', '.join(recipes)}")
        return names
    if args.quick:
        return [n for n, r in recipes.items() if r.get("quick")]
    return [n for n, r in recipes.items()
            if r.get("set", "default") == "default" or (args.large and r.get("set") == "large")]


# ----------------------------------------------------------------------------
# Download and build


def apt_install(names, logfile):
    """The Debian packages named, through scripts/bootstrap.sh's installer
    (the one ./calloc-tidy uses): its messages shown, its output logged."""
    script = 'source "$1" && shift && ct_install_missing "$@"'
    with open(logfile, "a") as out:
        out.write(f"\n$ ct_install_missing {' '.join(names)}\n")
        proc = subprocess.run(["bash", "-c", script, "bash", str(ROOT / "scripts" / "bootstrap.sh"),
                               *names], cwd=WORK, stdout=out, stderr=subprocess.PIPE, text=True,
                              errors="replace")
        out.write(proc.stderr)
    for line in proc.stderr.splitlines():
        if line.startswith("calloc-tidy: "):
            log("  " + line[len("calloc-tidy: "):])
    if proc.returncode != 0:
        raise Failure(f"installing {' '.join(names)} failed (see {logfile})")


def source_versions(package):
    """The versions of a Debian source package that apt knows, newest first."""
    text = subprocess.run(["apt-cache", "showsrc", "--only-source", package],
                          capture_output=True, text=True).stdout
    versions = sorted(set(re.findall(r"^Version: (\S+)$", text, re.M)))

    def compare(a, b):
        if a == b:
            return 0
        return -1 if subprocess.run(["dpkg", "--compare-versions", a, "lt", b]).returncode == 0 else 1
    return sorted(versions, key=functools.cmp_to_key(compare), reverse=True)


def debian_version(src):
    """The Debian version of an unpacked source (its .dsc's Version)."""
    for dsc in sorted(src.parent.glob("*.dsc")):
        m = re.search(r"^Version: (\S+)$", dsc.read_text(errors="replace"), re.M)
        if m:
            return m.group(1)
    return None


def fetch_source(name, recipe, logfile):
    """bench/work/src/<package>/<dir>, unpacked by `apt-get source`."""
    package = recipe.get("package", name)
    dest = WORK / "src" / package
    dirs = [d for d in dest.glob("*") if d.is_dir()] if dest.exists() else []
    if dirs and (dest / ".complete").exists():
        return dirs[0]
    log(f"  apt-get source {package}")
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    if recipe.get("source") == "orig":
        return unpack_orig(package, dest, logfile)
    get = f"apt-get source --only-source {shlex.quote(package)}"
    if sh(get, dest, logfile) != 0 and sh(f"apt-get update && {get}", dest, logfile) != 0:
        # A mirror may list a version (often the security update's) it does
        # not serve: fall back to the older versions the sources list.
        for version in source_versions(package)[1:]:
            log(f"  apt-get source {package}: the newest version failed; trying {version}")
            shutil.rmtree(dest, ignore_errors=True)
            dest.mkdir(parents=True)
            if sh(f"{get}={shlex.quote(version)}", dest, logfile) == 0:
                break
        else:
            raise Failure(f"apt-get source {package} failed (see {logfile})")
    dirs = [d for d in dest.glob("*") if d.is_dir()]
    if len(dirs) != 1:
        raise Failure(f"apt-get source {package} left {len(dirs)} directories in {dest}")
    (dest / ".complete").touch()
    return dirs[0]


def unpack_orig(package, dest, logfile):
    """The recipe's `source: orig`: Debian's upstream tarball, unpacked as it
    is. The download of the whole source may fail on the .debian.tar alone,
    so the .orig is looked for whatever apt-get says."""
    get = f"apt-get source --download-only --only-source {shlex.quote(package)}"
    origs = []
    for command in (get, f"apt-get update && {get}"):
        sh(command, dest, logfile)
        # Not the signature (`.orig.tar.gz.asc`) beside the tarball.
        origs = sorted(o for o in dest.glob(f"{package}_*.orig.tar.*")
                       if o.suffix != ".asc")
        if origs:
            break
    if len(origs) != 1 or sh(f"tar xf {shlex.quote(origs[0].name)}", dest, logfile) != 0:
        raise Failure(f"no orig tarball of {package} to unpack (see {logfile})")
    dirs = [d for d in dest.glob("*") if d.is_dir()]
    if len(dirs) != 1:
        raise Failure(f"the orig tarball of {package} left {len(dirs)} directories in {dest}")
    (dest / ".complete").touch()
    return dirs[0]


def build_env(tools):
    env = dict(os.environ)
    env["CC"] = str(tools.clang)
    env["CXX"] = str(tools.clang) + "++"
    env["MAKEFLAGS"] = "-j2"
    env["BENCH_DIR"] = str(BENCH)
    env.pop("CFLAGS", None)
    return env


def prepare_tree(name, recipe, src, tree, tools, logfile):
    """A fresh copy of src at tree, built by the recipe; returns the db dir."""
    stamp = tree / ".bench-built"
    recipe_text = json.dumps([str(src), recipe["build"], recipe.get("db", ".")])
    if stamp.exists() and stamp.read_text() == recipe_text:
        return tree / recipe.get("db", ".")
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(src, tree, symlinks=True)
    env = build_env(tools)
    for cmd in recipe["build"]:
        if sh(cmd, tree, logfile, env) != 0:
            raise Failure(f"build step `{cmd}` failed (see {logfile})")
    db = tree / recipe.get("db", ".")
    if not (db / "compile_commands.json").exists():
        raise Failure(f"the build made no {db}/compile_commands.json (see {logfile})")
    stamp.write_text(recipe_text)
    return db


def is_compilation(entry):
    argv = entry.get("arguments") or shlex.split(entry["command"])
    return "-c" in argv and not any(a in ("-cc1", "-E", "-Eonly", "-M", "-MM") for a in argv)


def lint_units(recipe, tree, db, out_db):
    """Writes out_db/compile_commands.json with one entry per linted file."""
    pattern = re.compile(recipe["lint"])
    exclude = re.compile(recipe["exclude"]) if recipe.get("exclude") else None
    seen, entries = set(), []
    # bench/work/NAME may be a link to another work tree's, whose build
    # recorded the paths it was built at.
    trees = [tree, tree.resolve()]
    with open(db / "compile_commands.json") as f:
        # Compilations first: bear also records preprocessor-only runs
        # (dependency generation, `clang -cc1 -Eonly`) of the same file.
        for e in sorted(json.load(f), key=lambda e: not is_compilation(e)):
            if not is_compilation(e):
                continue
            path = Path(os.path.normpath(Path(e["directory"]) / e["file"]))
            rel = next((path.relative_to(t).as_posix() for t in trees
                        if path.is_relative_to(t)), None)
            if rel is None:
                continue
            if rel in seen or not pattern.search(rel) or (exclude and exclude.search(rel)):
                continue
            if not path.exists():
                continue
            seen.add(rel)
            e = dict(e, file=str(path))
            entries.append(e)
    entries.sort(key=lambda e: e["file"])
    out_db.mkdir(parents=True, exist_ok=True)
    with open(out_db / "compile_commands.json", "w") as f:
        json.dump(entries, f, indent=1)
    return entries


def compile_argv(entry, clang):
    """The entry's compiler command as `clang -fsyntax-only`."""
    argv = entry.get("arguments") or shlex.split(entry["command"])
    out, skip = [str(clang)], False
    for a in argv[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD", "-MP") or a.startswith("-o"):
            continue
        out.append(a)
    return out + ["-fsyntax-only"]


# ----------------------------------------------------------------------------
# Lint, time, peers


def run_clang_tidy(tools, db, tree, config, logfile, fix=False, export=None):
    """run-clang-tidy over db with our checks; returns its output."""
    argv = [sys.executable, tools.run_tidy, f"-clang-tidy-binary={tools.tidy}",
            f"-clang-apply-replacements-binary={tools.apply}", f"-load={tools.plugin}",
            "-checks=-*,calloc-*", f"-header-filter=^{re.escape(str(tree))}/", "-j2",
            "-p", str(db)]
    argv += [f"-config-file={config}"] if config else ["-config={}"]
    if fix:
        argv.append("-fix")
    if export:
        argv.append(f"-export-fixes={export}")
    total = len(json.load(open(db / "compile_commands.json")))
    lines, done = [], 0
    with open(logfile, "a") as out:
        out.write("\n$ " + shlex.join(argv) + "\n")
        proc = subprocess.Popen(argv, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, errors="replace")
        for line in proc.stdout:
            out.write(line)
            lines.append(line)
            # run-clang-tidy prints each command it ran: one per file.
            if re.match(r"^(\[\s*\d+/\d+\]\[[\d.]+s\] )?\S*clang-tidy\S* ", line):
                done += 1
                progress("run-clang-tidy" + (" -fix" if fix else ""), min(done, total), total)
        rc = proc.wait()
    if done < total:
        progress("run-clang-tidy" + (" -fix" if fix else ""), total, total)
    return rc, "".join(lines)


def resolve(path, dirs):
    """An absolute path for a file named in a diagnostic: as is, or relative
    to one of the units' directories (clang-tidy names files as the
    compilation database wrote them)."""
    if os.path.isabs(path):
        return os.path.normpath(path)
    for d in dirs:
        candidate = os.path.normpath(os.path.join(d, path))
        if os.path.exists(candidate):
            return candidate
    return os.path.normpath(path)


def parse_diags(text, dirs, check_prefix=None):
    out = []
    for line in text.splitlines():
        m = DIAG_RE.match(line)
        if not m or m.group("kind") != "warning" or not m.group("check"):
            continue
        if check_prefix and not m.group("check").startswith(check_prefix):
            continue
        out.append({"file": resolve(m.group("file"), dirs), "line": int(m.group("line")),
                    "col": int(m.group("col")), "check": m.group("check"), "message": m.group("msg")})
    return out


def configurations(tools, entry, db, tree, config):
    """name -> (argv, cwd) for one translation unit."""
    header = f"^{re.escape(str(tree))}/"
    f = entry["file"]
    conf = {
        "parse": (compile_argv(entry, tools.clang), entry["directory"]),
        "floor": (tools.tidy_argv(FLOOR_CHECK, db, header, config) + [f], tree),
        "ours": (tools.tidy_argv("calloc-*", db, header, config, load=True) + [f], tree),
        "multiplication": (tools.tidy_argv("calloc-unchecked-multiplication", db, header, config,
                                           load=True) + [f], tree),
        "memset": (tools.tidy_argv("calloc-malloc-memset", db, header, config, load=True) + [f],
                   tree),
    }
    for key, check in tools.peers.items():
        conf[key] = (tools.tidy_argv(check, db, header, config) + [f], tree)
    if tools.spatch:
        # spatch reads the file alone: its -D defines virtual rules, not
        # macros, and headers are not needed to match within a function.
        conf["coccinelle"] = ([tools.spatch, "--sp-file", str(COCCI), "--very-quiet",
                               "--no-includes", "--no-show-diff", f], entry["directory"])
    return conf


def measure(tools, entries, db, tree, config, reps, slow_reps, jobs):
    """Times every configuration on every unit, reps times, interleaved.

    Returns {config: {"cpu": [total per rep], "rss": [max per rep]}} and the
    diagnostics of the first repetition per configuration."""
    names = list(configurations(tools, entries[0], db, tree, config)) if entries else []
    cpu = {n: [0.0] * reps for n in names}
    rss = {n: [0] * reps for n in names}
    per_unit = {n: {} for n in names}
    outputs = {n: [] for n in names}
    failures = {n: 0 for n in names}
    jobs_list = []
    for r in range(reps):
        for i, e in enumerate(entries):
            # Rotate the order so no configuration always runs first.
            rotated = names[(i + r) % len(names):] + names[:(i + r) % len(names)]
            for n in rotated:
                if n in SLOW and r >= slow_reps:
                    continue
                jobs_list.append((r, e, n))
    total, done = len(jobs_list), 0

    def one(job):
        r, e, n = job
        argv, cwd = configurations(tools, e, db, tree, config)[n]
        rc, text, t, m = timed(argv, cwd)
        return r, e, n, rc, text, t, m

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for r, e, n, rc, text, t, m in pool.map(one, jobs_list):
            cpu[n][r] += t
            rss[n][r] = max(rss[n][r], m)
            per_unit[n].setdefault(e["file"], []).append(t)
            if r == 0:
                outputs[n].append(text)
                if rc != 0:
                    failures[n] += 1
            done += 1
            progress(f"timing {len(names)} configurations x {reps}", done, total)
    for n in names:
        if n in SLOW:
            cpu[n], rss[n] = cpu[n][:slow_reps], rss[n][:slow_reps]
    return ({n: {"cpu": cpu[n], "rss": rss[n], "failures": failures[n]} for n in names},
            {n: "\n".join(v) for n, v in outputs.items()})


def count_lines(entries):
    n = 0
    for e in entries:
        with open(e["file"], "rb") as f:
            n += f.read().count(b"\n")
    return n


# ----------------------------------------------------------------------------
# One project


def plugin_revision(plugin):
    """The commit of the work tree the plugin was built in, marked when its
    checks/ has uncommitted changes, and followed by the plugin's path when
    that is not this work tree's build/; the path alone outside git."""
    def git(*argv):
        return subprocess.run(["git", *argv], capture_output=True, text=True,
                              check=True).stdout.strip()
    try:
        tree = git("-C", str(plugin.parent), "rev-parse", "--show-toplevel")
        head = git("-C", tree, "rev-parse", "--short", "HEAD")
        dirty = git("-C", tree, "status", "--porcelain", "--", "checks")
    except (OSError, subprocess.CalledProcessError):
        return str(plugin)
    out = "commit " + head + (" with uncommitted changes in checks/" if dirty else "")
    if Path(tree).resolve() != ROOT or plugin.parent.parent != ROOT / "build":
        out += f" ({plugin})"
    return out


def run_project(name, recipe, tools, args):
    pdir = WORK / name
    pdir.mkdir(parents=True, exist_ok=True)
    logfile = pdir / "log.txt"
    logfile.write_text(f"bench/run {name} {datetime.datetime.now().isoformat()}\n")
    result = {"name": name, "package": recipe.get("package", name), "llvm": tools.version,
              "date": datetime.date.today().isoformat(), "status": "ok",
              "library": recipe.get("library", ""), "config": recipe.get("config"),
              "level": recipe.get("level", "default"),
              "plugin": plugin_revision(tools.plugin)}
    if recipe.get("level_of"):
        result["level_of"] = recipe["level_of"]
    config = None
    if recipe.get("config"):
        if (ROOT / recipe["config"]).exists():
            config = str(ROOT / recipe["config"])
        else:
            log(f"  no {recipe['config']} in this checkout: the checks' defaults instead")
            result["config"] = None
    t0 = time.monotonic()
    try:
        if recipe.get("apt"):
            apt_install(recipe["apt"], logfile)
        if recipe.get("build_dep"):
            log(f"  apt-get build-dep {result['package']}")
            if sh(f"apt-get build-dep -y {result['package']}", WORK, logfile,
                  dict(os.environ, DEBIAN_FRONTEND="noninteractive")) != 0:
                raise Failure(f"apt-get build-dep failed (see {logfile})")
        src = fetch_source(name, recipe, logfile)
        result["version"] = src.name
        result["debian_version"] = debian_version(src)
        log(f"  building {src.name} (log: {shown(logfile)})")
        base = pdir / "base"
        db = prepare_tree(name, recipe, src, base, tools, logfile)
        lint_db = pdir / "db"
        entries = lint_units(recipe, base, db, lint_db)
        if not entries:
            raise Failure(f"no translation unit of the compilation database matches "
                          f"lint: {recipe['lint']!r}")
        result["units"] = len(entries)
        result["lines"] = count_lines(entries)
        log(f"  {len(entries)} translation units, {result['lines']} lines")

        # The program's facts (docs/facts.md), with --facts: summarised over
        # the same units with the same configuration, and put where the
        # check looks for them (the tree's top folder). Without --facts no
        # file may be left there from an earlier run.
        facts_file = base / "calloc-facts.tsv"
        facts_file.unlink(missing_ok=True)
        if args.facts:
            argv = [sys.executable, str(ROOT / "tools" / "calloc_facts.py"), "collect",
                    "-p", str(lint_db), "--clang-tidy", str(tools.tidy),
                    "--plugin", str(tools.plugin),
                    "-j", str(args.jobs), "-o", str(facts_file)]
            if config:
                argv += ["--config-file", str(config)]
            t_facts = time.monotonic()
            if sh(shlex.join(argv), base, logfile) != 0 or not facts_file.exists():
                raise Failure(f"the facts pass failed (see {logfile})")
            result["facts"] = {"seconds": round(time.monotonic() - t_facts, 1),
                               "facts": sum(1 for line in open(facts_file)
                                            if not line.startswith("#")),
                               "bytes": facts_file.stat().st_size}
            log(f"  facts: {result['facts']['facts']} in {result['facts']['seconds']} s")

        # Lint: our checks over every unit, fixes exported.
        fixes_yaml = pdir / "fixes.yaml"
        fixes_yaml.unlink(missing_ok=True)
        rc, text = run_clang_tidy(tools, lint_db, base, config, logfile, export=fixes_yaml)
        dirs = sorted({e["directory"] for e in entries})
        diags = parse_diags(text, dirs, "calloc-")
        result["findings"] = fnd.describe(diags, base, fixes_yaml)
        result["parse_errors"] = len({m.group(1) for m in re.finditer(
            r"^([^:\n]+):\d+:\d+: error:", text, re.M)})
        result["crashed"] = bool(re.search(r"Stack dump|PLEASE submit", text))
        log(f"  findings: {len(result['findings'])} "
            f"({sum(1 for f in result['findings'] if f['fix'])} with a fix-it)")

        # Timing and peers, side by side on the same units.
        if not args.skip_timing:
            slow_reps = min(args.reps, args.analyzer_reps or (args.reps if args.quick else 1))
            timing, outputs = measure(tools, entries, lint_db, base, config, args.reps, slow_reps,
                                      args.jobs)
            result["timing"] = timing
            result["reps"] = args.reps
            result["analyzer_reps"] = slow_reps
            peers = {}
            for key in tools.peers:
                peers[key] = {"check": tools.peers[key],
                              "findings": fnd.locations(parse_diags(outputs[key], dirs, tools.peers[key]), base)}
            if "coccinelle" in outputs:
                cocci = [{"file": resolve(m.group("file"), dirs), "line": int(m.group("line")),
                          "col": int(m.group("col")), "check": "coccinelle"}
                         for m in map(COCCI_RE.match, outputs["coccinelle"].splitlines()) if m]
                peers["coccinelle"] = {"check": "bench/peers/malloc_memset.cocci",
                                       "findings": fnd.locations(cocci, base)}
            result["peers"] = peers

        # Fix validation on a second copy.
        if recipe.get("test") and not args.skip_fix:
            result["fix"] = validate_fixes(name, recipe, src, tools, config, logfile)
    except Failure as e:
        result["status"] = "failed"
        result["error"] = str(e)
        log(f"  FAILED: {e}")
    result["seconds"] = round(time.monotonic() - t0, 1)
    args.results.mkdir(parents=True, exist_ok=True)
    with open(args.results / f"{name}.json", "w") as f:
        json.dump(result, f, indent=1)
    return result


def run_tests(recipe, tree, tools, logfile):
    env = build_env(tools)
    for cmd in recipe["test"]:
        if sh(cmd, tree, logfile, env, timeout=recipe.get("test_timeout", 1800)) != 0:
            return False
    return True


def source_diff(src, fixed):
    """(files changed, unified diffs) of the .c and .h files: the built
    tree without fixes against the one with them."""
    changed, hunks = 0, []
    for path in sorted(src.rglob("*")):
        if path.suffix not in (".c", ".h") or not path.is_file() or path.is_symlink():
            continue
        rel = path.relative_to(src)
        other = fixed / rel
        a = path.read_bytes()
        b = other.read_bytes() if other.exists() else b""
        if a == b:
            continue
        changed += 1
        hunks.append("".join(difflib.unified_diff(
            a.decode("utf-8", "replace").splitlines(True), b.decode("utf-8", "replace").splitlines(True),
            f"a/{rel}", f"b/{rel}")))
    return changed, hunks


def validate_fixes(name, recipe, src, tools, config, logfile):
    """Our fixes applied to a fresh build; the project rebuilt and tested."""
    pdir = WORK / name
    base, fixed = pdir / "base", pdir / "fixed"
    out = {}
    log("  tests before the fixes")
    out["tests_before"] = run_tests(recipe, base, tools, logfile)
    log("  fix validation: fresh copy, build, run-clang-tidy -fix, rebuild, tests")
    (fixed / ".bench-built").unlink(missing_ok=True)
    db = prepare_tree(name, recipe, src, fixed, tools, logfile)
    fix_db = pdir / "fixed-db"
    lint_units(recipe, fixed, db, fix_db)
    export = pdir / "fixes-applied.yaml"
    export.unlink(missing_ok=True)
    run_clang_tidy(tools, fix_db, fixed, config, logfile, fix=True, export=export)
    changed, hunks = source_diff(base, fixed)
    (pdir / "fixes.diff").write_text("".join(hunks))
    out["files_changed"] = changed
    out["fixes_offered"] = fnd.count_fixes(export)
    out["lines_changed"] = sum(len(re.findall(r"(?m)^[-+](?![-+])", h)) for h in hunks)
    env = build_env(tools)
    out["build"] = all(sh(cmd, fixed, logfile, env) == 0
                       for cmd in recipe.get("rebuild", recipe["build"][-1:]))
    out["tests_after"] = out["build"] and run_tests(recipe, fixed, tools, logfile)
    log(f"  fixes: {out['fixes_offered']} in {out['files_changed']} files; build "
        f"{'ok' if out['build'] else 'FAILED'}; tests "
        f"{'ok' if out['tests_after'] else 'FAILED'} (before: "
        f"{'ok' if out['tests_before'] else 'FAILED'})")
    return out


# ----------------------------------------------------------------------------


def zeroing(tools, args):
    """Builds bench/zeroing.c and measures; writes bench/work/zeroing-*.tsv."""
    exe = WORK / "zeroing"
    subprocess.run([str(tools.clang), "-O2", "-o", str(exe), str(BENCH / "zeroing.c")], check=True)
    runs = {"default": {}, "fixed": {"GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=131072"}}
    for key, extra in runs.items():
        log(f"zeroing benchmark ({key} malloc settings)")
        with open(WORK / f"zeroing-{key}.tsv", "w") as out:
            subprocess.run([str(exe), str(args.zeroing_max)], stdout=out, check=True,
                           env=dict(os.environ, **extra))


def main():
    parser = argparse.ArgumentParser(
        prog="bench/run",
        description="Measure calloc-tidy on Debian source packages and write docs/evaluation.md "
                    "and docs/zeroing.png.")
    parser.add_argument("--quick", action="store_true", help="only the projects marked quick")
    parser.add_argument("--large", action="store_true", help="add the large projects")
    parser.add_argument("--projects", help="comma-separated names from bench/projects.yaml")
    parser.add_argument("--llvm", default="19", help="LLVM major version (bench/run sets it)")
    parser.add_argument("--reps", type=int, default=3, help="timing repetitions (default 3)")
    parser.add_argument("--analyzer-reps", type=int,
                        help="repetitions of the clang-analyzer peers (default 1, with --quick "
                             "as many as --reps)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes (default 2)")
    parser.add_argument("--plugin", metavar="PATH",
                        help="the CallocTidy.so to measure, or the build folder holding it "
                             "(default: this work tree's build/llvm-NN/, which bench/run builds)")
    parser.add_argument("--findings-only", action="store_true",
                        help="download, build and lint, and write the results; no timing, "
                             "peers, fix validation, zeroing or docs/ (for comparing the "
                             "findings of two builds with bench/compare-findings)")
    parser.add_argument("--results", metavar="DIR", type=Path, default=RESULTS,
                        help="where to write <project>.json (default bench/work/results; "
                             "docs/ is written from there too)")
    parser.add_argument("--facts", action="store_true",
                        help="run the facts pass first and lint with the program's facts")
    parser.add_argument("--skip-timing", action="store_true", help="no timing, no peers")
    parser.add_argument("--skip-fix", action="store_true", help="no fix validation")
    parser.add_argument("--skip-zeroing", action="store_true", help="keep the last zeroing data")
    parser.add_argument("--zeroing-max", type=int, default=1 << 30,
                        help="largest block for bench/zeroing.c (default 1 GiB)")
    parser.add_argument("--report-only", action="store_true",
                        help="only regenerate docs/ from bench/work/results and bench/triage")
    args = parser.parse_args()
    args.results = args.results.resolve()
    if args.findings_only:
        args.skip_timing = args.skip_fix = args.skip_zeroing = True

    recipes = load_recipes()
    names = select_projects(recipes, args)
    WORK.mkdir(parents=True, exist_ok=True)
    tools = Tools(args.llvm, args.plugin)
    if not args.report_only:
        if not tools.plugin.exists():
            sys.exit(f"bench: no plugin at {tools.plugin}"
                     + ("" if args.plugin else " (bench/run builds it)"))
        log(f"plugin: {tools.plugin}")
        if not args.skip_zeroing:
            zeroing(tools, args)
        for i, name in enumerate(names, 1):
            log(f"[{i}/{len(names)}] {name}")
            run_project(name, recipes[name], tools, args)
    if args.findings_only:
        log(f"wrote {', '.join(str(args.results / (n + '.json')) for n in names)}")
        return
    report.write(ROOT, recipes, tools, args.results)
    log("wrote docs/evaluation.md and docs/zeroing.png")


if __name__ == "__main__":
    main()
