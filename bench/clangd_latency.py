#!/usr/bin/env python3
"""How much later calloc-clangd publishes a file's first diagnostics than
Debian's own clangd of the same LLVM; started by bench/clangd-latency.

Three files, each in its own project folder with compile_flags.txt and the
documented .clangd (Add: [calloc-*], FastCheckFilter: Loose):

  small    examples/unchecked_multiplication.c (88 lines, one finding)
  sqlite3  SQLite's amalgamation sqlite3.c (about 250,000 lines), made from
           Debian's sqlite3 source package (`apt-get source`, then
           `make sqlite3.c`, which needs tclsh)
  stdlib   a C++17 file that includes nearly every standard header

Each repetition starts a fresh server per configuration, in a shuffled
order, and times didOpen to the first textDocument/publishDiagnostics:

  plain    Debian's clangd-NN (knows no calloc-* check; ignores the Add)
  off      calloc-clangd, in a copy of the project with our checks removed
  ours     calloc-clangd with the checks on, as users run it

"our share" is the median over the repetitions of ours / plain - 1, for
the wall-clock time and for the CPU time clangd used. With --instructions,
each configuration also runs once under callgrind, and the share of
instructions (deaf to the machine's other load) decides the budget. The
table goes to
stdout, the raw times to bench/work/clangd-latency/results-NN.json, and
docs/clangd-latency.md is rewritten from every results-NN.json there (so
running --llvm 19 and --llvm 22 documents both). Exits 1 when a share
reaches --budget percent.
"""

import argparse
import datetime
import json
import os
import random
import shutil
import statistics
import subprocess
import sys

from machine import machine
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
WORK = BENCH / "work"
OUT = WORK / "clangd-latency"
sys.path.insert(0, str(ROOT / "test" / "clangd" / "Inputs"))
import lsp_client  # noqa: E402  (the LSP client of the clangd tests)

CLANGD_ON = "Diagnostics:\n  ClangTidy:\n    Add: [calloc-*]\n    FastCheckFilter: Loose\n"
# Our checks named and removed again: left without any check named, clangd
# would turn on its own default checks, which plain clangd, given the Add
# above, does not run either.
CLANGD_OFF = ("Diagnostics:\n  ClangTidy:\n    Add: [calloc-*]\n    Remove: [calloc-*]\n"
              "    FastCheckFilter: Loose\n")

# The C++17 standard library headers that libstdc++ 12 provides, less the
# ones C++17 deprecates (<codecvt>, <ccomplex>, <cstdalign>, <cstdbool>,
# <ctgmath>, which warn).
STDLIB_HEADERS = """
algorithm any array atomic bitset cassert cctype cerrno cfenv cfloat charconv
chrono cinttypes climits clocale cmath complex condition_variable csetjmp
csignal cstdarg cstddef cstdint cstdio cstdlib cstring ctime cuchar cwchar
cwctype deque exception execution filesystem forward_list fstream functional
future initializer_list iomanip ios iosfwd iostream istream iterator limits
list locale map memory memory_resource mutex new numeric optional ostream
queue random ratio regex scoped_allocator set shared_mutex sstream stack
stdexcept streambuf string string_view system_error thread tuple type_traits
typeindex typeinfo unordered_map unordered_set utility valarray variant vector
""".split()

STDLIB_BODY = """
struct Sample { std::string name; std::vector<double> values; };

// One finding, so the checks have something to report: two counts whose
// product nothing bounds (one count times its element size is not one).
Sample *samples(std::size_t rows, std::size_t cols) {
  return static_cast<Sample *>(std::malloc(rows * cols * sizeof(Sample)));
}

std::map<std::string, double> means(const std::vector<Sample> &all) {
  std::map<std::string, double> out;
  for (const auto &s : all)
    out[s.name] = std::accumulate(s.values.begin(), s.values.end(), 0.0) /
                  static_cast<double>(std::max<std::size_t>(s.values.size(), 1));
  return out;
}
"""


def log(message):
    print(message, flush=True)


def sh(command, cwd, logfile):
    with open(logfile, "a") as f:
        f.write("$ %s\n" % command)
        f.flush()
        return subprocess.run(command, shell=True, cwd=cwd, stdout=f, stderr=subprocess.STDOUT).returncode


def sqlite_amalgamation(logfile):
    """sqlite3.c generated from Debian's sqlite3 source package; the source
    is unpacked where bench/run keeps it (bench/work/src/sqlite3)."""
    made = OUT / "sqlite3-build" / "sqlite3.c"
    if made.exists():
        return made
    dest = WORK / "src" / "sqlite3"
    dirs = [d for d in dest.glob("*") if d.is_dir()] if dest.exists() else []
    if not (dirs and (dest / ".complete").exists()):
        log("  apt-get source sqlite3")
        shutil.rmtree(dest, ignore_errors=True)
        dest.mkdir(parents=True)
        if sh("apt-get source --only-source sqlite3", dest, logfile) != 0 and \
                sh("apt-get update && apt-get source --only-source sqlite3", dest, logfile) != 0:
            sys.exit("apt-get source sqlite3 failed (see %s)" % logfile)
        dirs = [d for d in dest.glob("*") if d.is_dir()]
        (dest / ".complete").touch()
    build = made.parent
    shutil.rmtree(build, ignore_errors=True)
    shutil.copytree(dirs[0], build, symlinks=True)
    log("  ./configure && make sqlite3.c")
    if sh("./configure && make sqlite3.c", build, logfile) != 0 or not made.exists():
        sys.exit("generating sqlite3.c failed (see %s)" % logfile)
    return made


def prepare(inputs, logfile):
    """{name: (language, flags, source text)}."""
    files = {}
    if "small" in inputs:
        files["small"] = ("c", ["-std=c11"], (ROOT / "examples" / "unchecked_multiplication.c").read_text())
    if "sqlite3" in inputs:
        files["sqlite3"] = ("c", [], sqlite_amalgamation(logfile).read_text(errors="surrogateescape"))
    if "stdlib" in inputs:
        text = "".join("#include <%s>\n" % h for h in STDLIB_HEADERS) + STDLIB_BODY
        files["stdlib"] = ("cpp", ["-std=c++17"], text)
    return files


def project(name, config, language, flags, text):
    root = OUT / "projects" / ("%s-%s" % (name, config))
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    (root / ".clangd").write_text(CLANGD_OFF if config == "off" else CLANGD_ON)
    (root / "compile_flags.txt").write_text("".join(f + "\n" for f in flags))
    path = root / ("input." + ("cpp" if language == "cpp" else "c"))
    path.write_text(text, errors="surrogateescape")
    return root, path


def cpu_seconds(pid):
    """User + system CPU time of process PID so far, all its threads."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_diagnostics(clangd, root, path, language, text, wrapper=(), open_file=True):
    """Seconds from didOpen to the first publishDiagnostics, the CPU seconds
    clangd used meanwhile, and how many calloc-* diagnostics it holds.
    WRAPPER runs clangd under another program (callgrind); without
    OPEN_FILE the session is only initialize and shutdown."""
    home = OUT / "home"
    home.mkdir(exist_ok=True)
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"))
    client = lsp_client.Client(list(wrapper) + [clangd, "--log=error"], str(root), env,
                               str(OUT / "clangd.log"))
    slow = 30 if wrapper else 1
    try:
        client.request("initialize", lsp_client.initialize_params(str(root)), timeout=60 * slow)
        client.notify("initialized", {})
        if not open_file:
            client.shutdown(timeout=60 * slow)
            return 0.0, 0.0, 0
        uri = lsp_client.uri_of(str(path))
        since = len(client.notifications)
        cpu_before = cpu_seconds(client.proc.pid)
        start = time.monotonic()
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": 1, "text": text}})
        _, arrived, params = client.wait_for("textDocument/publishDiagnostics",
                                             lambda p: p["uri"] == uri, timeout=600 * slow,
                                             since=since)
        cpu = cpu_seconds(client.proc.pid) - cpu_before
        ours = sum(1 for d in params["diagnostics"] if str(d.get("code", "")).startswith("calloc-"))
        client.shutdown(timeout=60 * slow)
        return arrived - start, cpu, ours
    except lsp_client.LspError:
        client.kill()
        raise


def instructions(clangd, root, path, language, text, open_file=True):
    """Instructions clangd executes in a whole session under callgrind
    (valgrind's instruction counter): initialize, didOpen, the first
    diagnostics, shutdown; or without OPEN_FILE, the same minus the file."""
    out = OUT / "callgrind.out"
    wrapper = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + str(out)]
    _, _, found = first_diagnostics(clangd, root, path, language, text, wrapper, open_file)
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1]), found
    sys.exit("no instruction total in %s" % out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--llvm", required=True)
    parser.add_argument("--reps", type=int, default=15,
                        help="repetitions for stdlib (default 15)")
    parser.add_argument("--small-reps", type=int, default=60,
                        help="repetitions for the small file, whose times are short and noisy (default 60)")
    parser.add_argument("--sqlite-reps", type=int, default=9,
                        help="repetitions for sqlite3.c, which takes seconds each (default 9)")
    parser.add_argument("--inputs", default="small,sqlite3,stdlib")
    parser.add_argument("--budget", type=float, default=5.0, help="percent (default 5)")
    parser.add_argument("--no-doc", action="store_true", help="do not rewrite docs/clangd-latency.md")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions under callgrind, once per configuration "
                             "(minutes per file, but deaf to the machine's other load)")
    parser.add_argument("--note", default="",
                        help="a line for docs/clangd-latency.md on what was built (e.g. which commits)")
    args = parser.parse_args()

    plain = "/usr/lib/llvm-%s/bin/clangd" % args.llvm
    ours = str(ROOT / "build" / ("llvm-" + args.llvm) / "bin" / "calloc-clangd")
    for what, path in (("Debian's clangd", plain), ("calloc-clangd", ours)):
        if not os.access(path, os.X_OK):
            sys.exit("%s is missing: %s" % (what, path))
    OUT.mkdir(parents=True, exist_ok=True)
    logfile = OUT / "log.txt"
    servers = {"plain": plain, "off": ours, "ours": ours}
    files = prepare(args.inputs.split(","), logfile)

    results = {}
    for name, (language, flags, text) in files.items():
        reps = {"sqlite3": args.sqlite_reps, "small": args.small_reps}.get(name, args.reps)
        lines = text.count("\n")
        log("%s (%s lines): %d repetitions" % (name, "{:,}".format(lines), reps))
        dirs = {c: project(name, c, language, flags, text) for c in servers}
        wall = {c: [] for c in servers}
        cpu = {c: [] for c in servers}
        found = {c: set() for c in servers}
        # One round first, not counted: the first start pays for reading
        # the executables and headers from disk.
        for config in servers:
            first_diagnostics(servers[config], *dirs[config], language, text)
        for rep in range(reps):
            order = list(servers)
            random.shuffle(order)
            for config in order:
                seconds, used, count = first_diagnostics(servers[config], *dirs[config], language, text)
                wall[config].append(seconds)
                cpu[config].append(used)
                found[config].add(count)
            log("  %d/%d: %s" % (rep + 1, reps, ", ".join(
                "%s %.3fs (CPU %.2fs)" % (c, wall[c][-1], cpu[c][-1]) for c in servers)))
        results[name] = {"lines": lines, "wall": wall, "cpu": cpu,
                         "calloc_diagnostics": {c: sorted(found[c]) for c in servers}}
        if args.instructions:
            # The work of opening the file: a session with it, minus the
            # same session without it (start-up and shutdown), per binary.
            idle = {}
            for binary in sorted(set(servers.values())):
                idle[binary], _ = instructions(binary, *dirs["off"], language, text, open_file=False)
            work = {}
            for config in servers:
                total, count = instructions(servers[config], *dirs[config], language, text)
                work[config] = total - idle[servers[config]]
                found[config].add(count)
                log("  callgrind %s: %s instructions" % (config, "{:,}".format(work[config])))
            results[name]["instructions"] = work

    # A run whose checks found nothing measured nothing of ours.
    for name, r in results.items():
        if name != "sqlite3" and (0 in r["calloc_diagnostics"]["ours"]
                                  or r["calloc_diagnostics"]["plain"] != [0]):
            sys.exit("%s: calloc-clangd should report our finding and plain clangd none; got %r"
                     % (name, r["calloc_diagnostics"]))

    version = subprocess.run([plain, "--version"], stdout=subprocess.PIPE,
                             universal_newlines=True).stdout.splitlines()[0]
    run = {"llvm": args.llvm, "clangd": version, "machine": machine(), "budget": args.budget,
           "when": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), "results": results}
    run["note"] = args.note
    for r in results.values():
        r["share_percent"] = {k: {c: share(r, k, c) for c in ("off", "ours")}
                              for k in ("wall", "cpu")}
        if "instructions" in r:
            work = r["instructions"]
            r["share_percent"]["instructions"] = {
                c: (work[c] / work["plain"] - 1) * 100 for c in ("off", "ours")}
    (OUT / ("results-%s.json" % args.llvm)).write_text(json.dumps(run, indent=1))
    print("\n" + table(run))
    if not args.no_doc:
        write_doc()
    over = over_budget(run)
    if over:
        log("over the %g%% budget: %s" % (args.budget, ", ".join(over)))
        return 1
    return 0


def over_budget(run):
    """The files whose share reaches the budget: by instruction count when
    it was measured (the other load of a shared machine moves wall-clock
    medians by more than the budget), else by wall-clock time."""
    kind = lambda r: "instructions" if "instructions" in r["share_percent"] else "wall"
    return [name for name, r in run["results"].items()
            if r["share_percent"][kind(r)]["ours"] >= run["budget"]]


def share(r, kind, config):
    """Median over the repetitions of CONFIG's time over plain's in the same
    repetition, minus one, in percent: each repetition times both within
    seconds of each other, so load that comes and goes cancels out."""
    ratios = [x / y for x, y in zip(r[kind][config], r[kind]["plain"]) if y > 0]
    return (statistics.median(ratios) - 1) * 100 if ratios else float("nan")


def table(run):
    def spread(values):
        return "%.3f (%.3f–%.3f)" % (statistics.median(values), min(values), max(values))

    counted = all("instructions" in r for r in run["results"].values())
    rows = [
        "| file | lines | reps | plain clangd s | calloc-clangd, checks off s | calloc-clangd s"
        " | our share | of CPU | checks off vs plain |"
        + (" plain clangd, instructions | **our share of instructions** | checks off vs plain |"
           if counted else "") + " calloc-* diagnostics |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
        + (" ---: | ---: | ---: |" if counted else "") + " ---: |"]
    for name, r in run["results"].items():
        share = r["share_percent"]
        row = "| %s | %s | %d | %s | %s | %s | %+.1f%% | %+.1f%% | %+.1f%% |" % (
            name, "{:,}".format(r["lines"]), len(r["wall"]["plain"]),
            spread(r["wall"]["plain"]), spread(r["wall"]["off"]), spread(r["wall"]["ours"]),
            share["wall"]["ours"], share["cpu"]["ours"], share["wall"]["off"])
        if counted:
            row += " %s | **%+.2f%%** | %+.2f%% |" % (
                "{:,}".format(r["instructions"]["plain"]), share["instructions"]["ours"],
                share["instructions"]["off"])
        rows.append(row + " %s |" % "/".join(str(n) for n in r["calloc_diagnostics"]["ours"]))
    return "\n".join(rows)


def write_doc():
    """docs/clangd-latency.md from every results-NN.json measured so far."""
    runs = [json.loads(p.read_text()) for p in sorted(OUT.glob("results-*.json"))]
    sections = []
    for run in runs:
        over = over_budget(run)
        sections.append("## LLVM %s\n\nMeasured %s on %s, against %s.%s\n\n%s\n\n%s" % (
            run["llvm"], run["when"], run["machine"], run["clangd"],
            " " + run["note"] if run.get("note") else "", table(run),
            "Over the %g%% budget: %s." % (run["budget"], ", ".join(over)) if over
            else "Every share is under the %g%% budget." % run["budget"]))
    doc = ROOT / "docs" / "clangd-latency.md"
    doc.write_text("""\
# calloc-clangd: time to the first diagnostics

Written by `bench/clangd-latency` (`--llvm 19` or `22`; Debian's LLVM 16 has
no calloc-clangd). Seconds from `textDocument/didOpen` to the first
`textDocument/publishDiagnostics`: median over the repetitions (min–max),
a fresh server each time, the three servers in a shuffled order within
each repetition.

- **plain** is Debian's `clangd-NN` with the project's `.clangd`, which
  adds `calloc-*`: it knows no such check, so it runs no clang-tidy check;
- **checks off** is calloc-clangd with `Remove: [calloc-*]` as well: the
  same work as plain, done by our executable;
- **calloc-clangd** runs our checks, set up as in [editors.md](editors.md).

**Our share** is the median over the repetitions of calloc-clangd's time
over plain's in the same repetition, minus one. The same ratio of the CPU
time clangd spent between the two messages (user + system, all threads)
follows, and *checks off vs plain*, two servers doing the same work: how
far apart the noise of the machine alone puts them.

The machine these numbers come from is shared, and the other load moves
those medians by more than the 5%% budget. So `--instructions` also runs
each server once under callgrind, valgrind's instruction counter, which no
other load disturbs: the instructions of a session that opens the file
minus those of the same session without it (start-up and shutdown). Where
instructions were counted, the budget is judged on them: clangd parses and
checks a file on one thread, so on an idle machine the time to the first
diagnostics grows with the instructions executed.

The files:

- small: `examples/unchecked_multiplication.c`, one finding;
- sqlite3: SQLite's amalgamation, made by `make sqlite3.c` in Debian's
  `sqlite3` source package; no finding with the default configuration
  (SQLite allocates through `sqlite3Malloc`), but the checks examine every
  one of its functions;
- stdlib: a C++17 file that includes %d standard headers, with one
  finding; the headers go into clangd's preamble, and clang-tidy in clangd
  checks only the file's own declarations.

%s
""" % (len(STDLIB_HEADERS), "\n\n".join(sections)))
    log("wrote %s" % doc.relative_to(ROOT))


if __name__ == "__main__":
    sys.exit(main())
