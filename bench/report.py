"""Writes docs/evaluation.md and docs/zeroing.png from bench/work/.

Reads bench/work/results/<project>.json (written by bench/harness.py), the
triage labels in bench/triage/<project>.yaml, and the zeroing measurements
bench/work/zeroing-{default,fixed}.tsv. Precision is computed here from the
labels: nothing in the report is typed in by hand. The sections that only a
full run measures (fix validation, speed, peers, zeroing) are kept from the
previous docs/evaluation.md, and marked so, when the results lack them
(`bench/run --findings-only` followed by `--report-only`).
"""

import collections
import csv
import datetime
import functools
import json
import re
import statistics
from pathlib import Path

import yaml

import findings as fnd
import sections
from machine import machine

CHECKS = (fnd.MULTIPLICATION, fnd.MEMSET)
SHORT = {fnd.MULTIPLICATION: "multiplication", fnd.MEMSET: "memset"}
# The levels a run can be made at (a recipe's `level`), in the order of the
# report's columns; a level not listed here comes after them.
LEVELS = ("default", "strict")
# The sections only a full run measures (fix validation, speed, peers and
# ZEROING): when this run's results lack one, the previous page's is kept
# under a line that starts with KEPT.
ZEROING = "Why calloc: zeroed memory on this machine"
KEPT = "_Kept from the page generated"
PEER_NAMES = {
    "widening": "`bugprone-implicit-widening-of-multiplication-result`",
    "taint": "`clang-analyzer-optin.taint.TaintedAlloc`",
    "mallocoverflow": "`clang-analyzer-alpha.security.MallocOverflow`",
    "coccinelle": "Coccinelle `bench/peers/malloc_memset.cocci`",
}
# Which of our checks a peer is compared with.
PEER_OF = {"widening": "calloc-unchecked-multiplication",
           "taint": "calloc-unchecked-multiplication",
           "mallocoverflow": "calloc-unchecked-multiplication",
           "coccinelle": "calloc-malloc-memset"}
NOISY = 0.10  # a spread (max - min) above this share of the median is called noisy


def ratio(num, den):
    """Median, min and max of the per-repetition ratios num[i] / den[i]."""
    rs = [a / b for a, b in zip(num, den) if b > 0]
    if not rs:
        return None
    return statistics.median(rs), min(rs), max(rs)


def fmt_ratio(r, noisy_marks):
    if r is None:
        return "–"
    med, lo, hi = r
    text = f"{med:.2f}"
    if len({lo, hi}) > 1:
        text += f" ({lo:.2f}–{hi:.2f})"
    if med > 0 and (hi - lo) / med > NOISY:
        text += " ⚠"
        noisy_marks.append(1)
    return text


def fmt_share(part, whole):
    return f"{100 * part / whole:.0f}%" if whole else "–"


def yesno(v):
    return "–" if v is None else ("yes" if v else "**no**")


def load(results_dir, recipes):
    out = []
    for name in recipes:
        path = results_dir / f"{name}.json"
        if path.exists():
            with open(path) as f:
                out.append(json.load(f))
    return out


class Tally:
    """The labels of one check's findings in one run, or summed over runs."""

    def __init__(self, check):
        self.check = check
        self.labels = collections.Counter()
        self.unlabelled = 0
        self.sampled = 0  # the findings drawn for triage
        self.total = 0  # all the findings

    def __iadd__(self, other):
        self.labels.update(other.labels)
        self.unlabelled += other.unlabelled
        self.sampled += other.sampled
        self.total += other.total
        return self

    @property
    def labelled(self):
        return sum(self.labels.values())

    @property
    def right(self):
        """Findings labelled with the check's true label (wraps, tp)."""
        return self.labels[fnd.true_label(self.check)]

    def precision(self):
        return fmt_share(self.right, self.labelled)


def tallies():
    return {c: Tally(c) for c in CHECKS}


def add_tallies(into, other):
    for c in CHECKS:
        into[c] += other[c]
    return into


def triage(root, res):
    """({check: Tally}, [(finding, label or None)], stubs, stale labels).

    A run at another level than its base run's (`level_of`) is matched with
    its own labels first, then with the base run's: a finding's label does
    not depend on the level that reported it. For the same reason a base
    run labelled at the strict level (bench/triage/NAME-strict.yaml, the
    held-out projects) is matched with those labels. Stale labels are the
    run's own labels that match no finding of this run."""
    triage_dir = root / "bench" / "triage"
    own = fnd.load_labels(triage_dir, res["name"])
    labels = list(own)
    if res.get("level_of"):
        labels += fnd.load_labels(triage_dir, res["level_of"])
    else:
        labels += fnd.load_labels(triage_dir, res["name"] + "-strict")
    found = res.get("findings") or []
    pairs = fnd.match(fnd.sample(found, res["name"]), labels)
    counts = tallies()
    for f in found:
        counts[f["check"]].total += 1
    stubs = []
    for f, lab in pairs:
        t = counts[f["check"]]
        t.sampled += 1
        if lab is None:
            t.unlabelled += 1
            stubs.append(fnd.stub(f))
        else:
            t.labels[lab["label"]] += 1
    used = {id(lab) for _, lab in pairs if lab is not None}
    stale = [lab for lab in own if id(lab) not in used]
    return counts, pairs, stubs, stale


def count_where(runs, tri, where):
    """bounded-here labels of the multiplication check whose bound is in
    the function (where="function") or elsewhere in the file."""
    return sum(1 for r in runs for f, lab in tri[r["name"]][1]
               if lab and f["check"] == fnd.MULTIPLICATION and lab["label"] == "bounded-here"
               and lab.get("where") == where)


def level_order(levels):
    return sorted(set(levels), key=lambda v: (LEVELS.index(v) if v in LEVELS else len(LEVELS), v))


def page_sections(path):
    """The previous page: ({heading: lines under it}, when it was generated)."""
    try:
        text = path.read_text()
    except OSError:
        return {}, None
    sections, current = {}, None
    for line in text.split("\n"):
        if line.startswith("## "):
            current = line[3:].strip()
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    m = re.search(r"^Generated (\d{4}-\d\d-\d\d \d\d:\d\d) ", text, re.M)
    return sections, (m.group(1) if m else None)


def kept_section(previous, heading):
    """A measured section of the previous page, marked as kept (once: a
    section kept twice keeps its first mark); [] when it has none."""
    sections, generated = previous
    body = sections.get(heading)
    if not body:
        return []
    while body and not body[-1].strip():
        body = body[:-1]
    lines = body[1:] if body and not body[0].strip() else body
    if lines and lines[0].startswith(KEPT):
        return ["## " + heading, ""] + lines + [""]
    return (["## " + heading, "",
             f"{KEPT} {generated or 'before this one'} (the history of docs/evaluation.md "
             f"says with which plugin): this run (`bench/run --findings-only`) did not "
             f"measure it._", ""] + lines + [""])


def same_call(peer, ours):
    """Peer findings on a line where one of ours stands (same call)."""
    lines = {(f["file"], f["line"]) for f in ours}
    return sum(1 for p in peer if (p["file"], p["line"]) in lines)


def plot(root):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    work = root / "bench" / "work"
    modes = [("default", "glibc defaults (dynamic mmap threshold)"),
             ("fixed", "mmap threshold fixed at 128 KiB")]
    data = {}
    for key, _ in modes:
        path = work / f"zeroing-{key}.tsv"
        if not path.exists():
            return None
        rows = list(csv.DictReader(open(path), delimiter="\t"))
        data[key] = rows
    fig, axes = plt.subplots(1, 2, figsize=(12, 5), sharey=True)
    styles = {"malloc+memset": ("tab:red", "o", "-"), "calloc": ("tab:blue", "s", "-"),
              "calloc+touch": ("tab:blue", "^", "--")}
    labels = {"malloc+memset": "malloc + memset + free", "calloc": "calloc + free",
              "calloc+touch": "calloc + write every page + free"}
    for ax, (key, title) in zip(axes, modes):
        for method, (color, marker, ls) in styles.items():
            pts = [(int(r["bytes"]), int(r["median_ns"]) / 1000) for r in data[key]
                   if r["method"] == method]
            ax.loglog([p[0] for p in pts], [max(p[1], 1e-3) for p in pts], color=color,
                      marker=marker, linestyle=ls, label=labels[method])
        ax.axvline(128 * 1024, color="gray", linestyle=":")
        ax.text(128 * 1024 * 1.15, 0.02, "128 KiB:\nglibc mmap\nthreshold", color="gray",
                fontsize=8, va="bottom")
        if key == "default":
            ax.axvline(32 * 1024 * 1024, color="gray", linestyle=":")
            ax.text(32 * 1024 * 1024 * 1.15, 0.02, "32 MiB:\nlargest\ndynamic\nthreshold",
                    color="gray", fontsize=8, va="bottom")
        ticks = [1 << k for k in range(10, 31, 4)]
        ax.set_xticks(ticks)
        ax.set_xticklabels(["1 KiB", "16 KiB", "256 KiB", "4 MiB", "64 MiB", "1 GiB"])
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("bytes requested (N)")
        ax.grid(True, which="major", alpha=0.3)
    axes[0].set_ylabel("time per allocation, µs (median of 11)")
    axes[0].legend(loc="upper left", fontsize=8)
    fig.suptitle("Getting N zeroed bytes: calloc vs malloc + memset (bench/zeroing.c)", fontsize=11)
    fig.tight_layout()
    out = root / "docs" / "zeroing.png"
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return data


def zeroing_table(data):
    if not data:
        return ["(no zeroing measurements: run bench/run without --skip-zeroing)", ""]
    sizes = sorted({int(r["bytes"]) for r in data["default"]})
    want = [s for s in sizes if s in (4096, 65536, 262144, 1 << 20, 16 << 20, 64 << 20,
                                       256 << 20, 1 << 30)]

    def human(n):
        for unit, k in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
            if n >= 1 << k:
                return f"{n >> k} {unit}"
        return f"{n} B"

    def t(key, n, m):
        for r in data[key]:
            if int(r["bytes"]) == n and r["method"] == m:
                ns = int(r["median_ns"])
                return f"{ns / 1e6:.1f} ms" if ns >= 1e6 else (
                    f"{ns / 1e3:.1f} µs" if ns >= 1e3 else f"{ns} ns")
        return "–"

    lines = ["| N | malloc+memset | calloc | calloc + touch | malloc+memset (fixed 128 KiB) | "
             "calloc (fixed) | calloc + touch (fixed) |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for n in want:
        lines.append(f"| {human(n)} | " + " | ".join(
            t(k, n, m) for k in ("default", "fixed")
            for m in ("malloc+memset", "calloc", "calloc+touch")) + " |")
    return lines + [""]


def zeroing_section(zero):
    return (["## " + ZEROING, "",
             "![time to get N zeroed bytes](zeroing.png)", "",
             "`bench/zeroing.c` times allocate + zero + free for each N (median of 11 runs, "
             "`CLOCK_MONOTONIC`), twice: with glibc's defaults, and with the mmap threshold fixed "
             "at 128 KiB (`GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072`). With the defaults, "
             "glibc raises its threshold each time a larger mmapped block is freed (up to 32 MiB), "
             "so a program that allocates and frees large blocks gets them from the heap, where "
             "`calloc` has to clear reused memory just as `memset` does. Above the threshold "
             "`calloc` gets fresh pages from the kernel and skips the clearing; "
             "*calloc + touch* writes one byte per page, so the kernel's deferred zeroing is paid "
             "too: it is the fair comparison for a buffer the program then fills.", ""]
            + zeroing_table(zero)
            + ["What this means for `calloc-malloc-memset`: below the threshold the rewrite costs "
               "nothing and gains nothing in time (the same clearing, in one call); above it, "
               "`calloc` avoids writing pages the program never uses and clears the rest in the "
               "kernel on first touch. That is why `MinimumSize` defaults to 0 (the rewrite is "
               "measurably slower at no size here, and it also checks the multiplication) and why "
               "`131072` is the value to use to keep only the pairs where it saves time.", ""])


def write(root, recipes, tools, results_dir=None):
    results = load(results_dir or root / "bench" / "work" / "results", recipes)
    zero = plot(root)
    noisy = []
    L = []
    now = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    llvms = sorted({r.get("llvm", "?") for r in results})
    dates = sorted({r.get("date", "?") for r in results})
    by_plugin = {}
    for r in results:
        by_plugin.setdefault(r.get("plugin") or "an unrecorded commit", []).append(r["name"])
    L += ["# calloc-tidy on real C projects", "",
          "<!-- Generated by bench/run (bench/report.py); edit those, not this file. -->", "",
          f"Generated {now} by `bench/run`; projects measured on {', '.join(dates) or '–'} with "
          f"LLVM {', '.join(llvms) or tools.version} (clang-tidy, clang, run-clang-tidy of the "
          f"same version) on: {machine()}."
          + (" Plugin built from " + "; ".join(
              f"{p}" + (f" ({', '.join(names)})" if len(by_plugin) > 1 else "")
              for p, names in sorted(by_plugin.items())) + "." if by_plugin else ""), "",
          "Reproduce from a fresh clone, as root on Debian 12:", "",
          "```", "bench/run            # the default projects (add --large for the big ones)",
          "bench/run --quick    # two small projects", "bench/run --projects zlib,giflib",
          "bench/run --report-only   # this page again from bench/work/ and bench/triage/",
          "bench/run --findings-only && bench/run --report-only   # the findings, not the timing",
          "```",
          "",
          "It downloads each project with `apt-get source` into `bench/work/` (never committed), "
          "builds it once with clang to get a `compile_commands.json`, lints the library's "
          "translation units with `run-clang-tidy -load=CallocTidy.so`, times the same units "
          "under every tool below, applies our fixes to a second copy and runs the project's own "
          "tests. Recipes: `bench/projects.yaml`. Labels: `bench/triage/<project>.yaml`.", ""]

    ok = [r for r in results if r.get("status") == "ok"]
    failed = [r for r in results if r.get("status") != "ok"]
    tri = {r["name"]: triage(root, r) for r in ok}
    previous = page_sections(root / "docs" / "evaluation.md")
    held_out = [r["name"] for r in ok if recipes.get(r["name"], {}).get("held_out")]

    def summed(runs):
        return functools.reduce(add_tallies, (tri[r["name"]][0] for r in runs), tallies())

    # Headline numbers: the default level's. A run at another level reports
    # the same code again by another rule; it has its own column below.
    default = [r for r in ok if r.get("level", "default") == "default"]
    tot = summed(default)
    L += ["## Headline", ""]
    units = sum(r.get("units", 0) for r in ok)
    lines = sum(r.get("lines", 0) for r in ok)
    first = {}
    for r in ok:
        first.setdefault(r.get("package", r["name"]), r)
    configured = [r["name"] for r in default if r.get("config")]
    L.append(f"- {len(first)} projects, {sum(r.get('units', 0) for r in first.values())} "
             f"translation units, {sum(r.get('lines', 0) for r in first.values()):,} lines of C, "
             f"in {len(ok)} runs"
             + (f" ({', '.join(configured)} with the project's allocators configured)"
                if configured else "")
             + (f"; {len(failed)} project(s) did not build in the harness (below)." if failed else "."))
    levels = level_order(r.get("level", "default") for r in ok)
    L.append(f"- Level{'s' if len(levels) > 1 else ''} of the checks: "
             + ", ".join(f"`{v}` ({sum(1 for r in ok if r.get('level', 'default') == v)} runs)"
                         for v in levels) + ".")
    m = tot[fnd.MULTIPLICATION]
    L.append(f"- `{fnd.MULTIPLICATION}`{' at the `default` level' if len(levels) > 1 else ''}: "
             f"{m.total} finding{'' if m.total == 1 else 's'}; "
             f"{m.labelled} labelled: {m.labels['wraps']} products that can wrap, "
             f"{m.labels['bounded-here']} bounded in the same function or file "
             f"({count_where(default, tri, 'function')} in the same function), "
             f"{m.labels['bounded-elsewhere']} bounded elsewhere"
             f"{f', {m.unlabelled} not yet labelled' if m.unlabelled else ''}: precision "
             f"(wraps / labelled) **{m.precision()}**.")
    if held_out:
        h = summed([r for r in default if r["name"] in held_out])[fnd.MULTIPLICATION]
        t = summed([r for r in default if r["name"] not in held_out])[fnd.MULTIPLICATION]
        L.append(f"  On the runs held out from tuning ({', '.join(held_out)}): "
                 f"{h.labels['wraps']} of {h.labelled}, **{h.precision()}**; on the runs used "
                 f"in tuning {t.labels['wraps']} of {t.labelled}, {t.precision()}.")
    e = tot[fnd.MEMSET]
    L.append(f"- `{fnd.MEMSET}`: {e.total} finding{'' if e.total == 1 else 's'}; {e.sampled} "
             f"triaged, {e.labels['tp']} true and {e.labels['fp']} false positives"
             f"{f', {e.unlabelled} not yet labelled' if e.unlabelled else ''}: precision "
             f"**{e.precision()}**.")
    both = [ratio(r["timing"]["ours"]["cpu"], r["timing"]["parse"]["cpu"])
            for r in ok if r.get("timing")]
    both = [b for b in both if b]
    if both:
        meds = [b[0] for b in both]
        L.append(f"- Both checks together cost {min(meds):.2f}–{max(meds):.2f}× the CPU time of "
                 f"`clang -fsyntax-only` on the same files (median over runs "
                 f"{statistics.median(meds):.2f}×).")
    fixed = [r for r in ok if r.get("fix")]
    if fixed:
        applied = sum(r["fix"]["fixes_offered"] for r in fixed)
        changed = [r for r in fixed if r["fix"]["files_changed"]]
        green_b = sum(1 for r in fixed if r["fix"]["build"])
        before = [r for r in fixed if r["fix"]["tests_before"]]
        green_t = sum(1 for r in before if r["fix"]["tests_after"])
        red = [r["name"] for r in fixed if not r["fix"]["tests_before"]]
        L.append(f"- Fix validation in {len(fixed)} runs ({len(changed)} of them changed by "
                 f"the fixes): {applied} fixes applied; the build stayed green in {green_b} of "
                 f"{len(fixed)}, and the tests in {green_t} of the {len(before)} whose tests "
                 f"passed before the fixes"
                 + (f" ({', '.join(red)}: tests failing before any fix)" if red else "") + ".")
    if not both or not fixed:
        missing = [name for name, there in (("speed", both), ("fix validation", fixed))
                   if not there]
        L.append(f"- Not measured in this run: {' and '.join(missing)} (the sections below "
                 f"say where their numbers come from).")
    L.append("")

    # Per run.
    L += ["## Findings and precision", "",
          f"Every finding of `{fnd.MULTIPLICATION}` is labelled by reading the code (all of "
          "them, or a random sample of 30 per check and run when there are more) with whether "
          "the product can really wrap: **wraps** (some input makes it wrap; the label says "
          "which), **bounded here** (it cannot, because of a bound in the same function or "
          "file, one the check could learn to see), or **bounded elsewhere** (it cannot, "
          "because of a bound outside the file: callers in other files, memory that already "
          "holds that many elements, limits kept by other code). Its precision is wraps / "
          f"labelled. `{fnd.MEMSET}` is labelled true when one calloc replaces the pair "
          "exactly, false otherwise; its precision is true / labelled. Level: how the checks "
          "were configured to report: `default`, or `strict` (`ReportUncheckedProducts`, which "
          "also reports products that fit but that no check covers). Fix-its: findings that "
          "come with a fix.", "",
          "| run | version | linted | configuration | level | TUs | lines | multiplication | "
          "wraps | bounded here | bounded elsewhere | precision | memset | TP / FP | precision "
          "| fix-its | unlabelled |",
          "| --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
          "| ---: | ---: | ---: | ---: |"]

    def row(name, t, fix_its, cells):
        m, e = t[fnd.MULTIPLICATION], t[fnd.MEMSET]
        return (f"| {name} | {cells} | {m.total} | {m.labels['wraps']} | "
                f"{m.labels['bounded-here']} | {m.labels['bounded-elsewhere']} | "
                f"{m.precision()} | {e.total} | {e.labels['tp']} / {e.labels['fp']} | "
                f"{e.precision()} | {fix_its} | {m.unlabelled + e.unlabelled} |")
    for r in ok:
        conf = f"`{r['config']}`" if r.get("config") else "defaults"
        fs = r.get("findings") or []
        L.append(row(r["name"], tri[r["name"]][0], sum(1 for f in fs if f["fix"]),
                     f"{r.get('version', '')} | {r.get('library', '')} | {conf} | "
                     f"{r.get('level', 'default')} | {r.get('units', 0)} | {r.get('lines', 0):,}"))
    all_f = [f for r in default for f in r.get("findings") or []]
    label = "**total**" if len(default) == len(ok) else "**total** (`default` level)"
    L.append(row(label, tot, sum(1 for f in all_f if f["fix"]),
                 f" | | | | {sum(r.get('units', 0) for r in default)} | "
                 f"{sum(r.get('lines', 0) for r in default):,}"))
    L.append("")
    notes = []
    for r in ok:
        path = root / "bench" / "triage" / f"{r['name']}.yaml"
        if path.exists():
            note = (yaml.safe_load(path.read_text()) or {}).get("note")
            if note:
                notes.append(f"- {r['name']}: {note}")
    if notes:
        L += ["Notes from the triage files:", ""] + notes + [""]
    crashes = [r["name"] for r in ok if r.get("crashed")]
    perr = [f"{r['name']} ({r['parse_errors']})" for r in ok if r.get("parse_errors")]
    L.append(f"Crashes: {', '.join(crashes) if crashes else 'none'}. Files with compile errors "
             f"under clang-tidy: {', '.join(perr) if perr else 'none'}.")
    L.append("")

    # Precision of the multiplication check per level, one column per level.
    L += ["## Precision by level", "",
          f"`{fnd.MULTIPLICATION}`: wraps / labelled findings, per project and configuration "
          "(a row) and level (a column). A run made at another level than its project's "
          "names that run as `level_of` in `bench/projects.yaml`, and fills the same row"
          + (f"; held out from tuning: {', '.join(held_out)} (labelled before the checks "
             "were changed for them)" if held_out else "") + ".", "",
          "| run | " + " | ".join(f"`{v}`" for v in levels) + " |",
          "| --- |" + " ---: |" * len(levels)]
    def row_of(r):
        return r.get("level_of") or r["name"]
    rows = {}
    for r in ok:
        rows.setdefault(row_of(r), {})[r.get("level", "default")] = r

    def level_cells(runs_by_level):
        cells = []
        for v in levels:
            t = summed(runs_by_level.get(v, []))[fnd.MULTIPLICATION]
            cells.append(f"{t.labels['wraps']} / {t.labelled} ({t.precision()})"
                         if runs_by_level.get(v) else "–")
        return " | ".join(cells)
    for key, by_level in rows.items():
        name = key + (" (held out)" if key in held_out else "")
        L.append(f"| {name} | " + level_cells({v: [r] for v, r in by_level.items()}) + " |")
    groups = [("all runs", ok)]
    if held_out:
        groups = [("held out from tuning", [r for r in ok if row_of(r) in held_out]),
                  ("used in tuning", [r for r in ok if row_of(r) not in held_out])] + groups
    for label, runs in groups:
        by_level = {}
        for r in runs:
            by_level.setdefault(r.get("level", "default"), []).append(r)
        L.append(f"| **{label}** | " + level_cells(by_level) + " |")
    L.append("")

    # What the multiplication check still reports on products that cannot wrap.
    shapes = collections.defaultdict(list)
    for r in default:
        for f, lab in tri[r["name"]][1]:
            if lab and lab["label"] in fnd.SHAPED:
                shapes[(lab["label"], lab.get("where", ""), lab["shape"])].append((r["name"], lab))
    L += ["## Shapes that remain", "",
          f"The findings of `{fnd.MULTIPLICATION}` at the `default` level whose product cannot "
          "wrap, grouped by the "
          "shape of the bound (the label's `shape`). **bounded-here** rows are what the check "
          "should learn next (where: the bound is in the same function, or elsewhere in the "
          "file); **bounded-elsewhere** rows need knowledge from outside the file.", ""]
    if shapes:
        L += ["| label | where | shape | findings | runs | for example |",
              "| --- | --- | --- | ---: | --- | --- |"]
        order = sorted(shapes.items(), key=lambda kv: (fnd.SHAPED.index(kv[0][0]),
                                                       fnd.WHERE.index(kv[0][1]) if kv[0][1] else 0,
                                                       -len(kv[1]), kv[0][2]))
        for (label, where, shape), items in order:
            runs = ", ".join(f"{n} ({c})" if c > 1 else n
                             for n, c in collections.Counter(n for n, _ in items).items())
            example = items[0][1].get("reason", "").replace("|", "\\|")
            L.append(f"| {label} | {where or '–'} | `{shape}` | {len(items)} | {runs} | {example} |")
    else:
        L.append("None among the labelled findings.")
    L.append("")

    # Fix validation.
    if fixed:
        L += ["## Fix validation", "",
              "On a second, fresh copy: build, `run-clang-tidy -fix` with both checks, rebuild, "
              "and run the project's own tests (commands in `bench/projects.yaml`).", "",
              "| project | fixes applied | files changed | lines changed | build after | "
              "tests before | tests after | test command |",
              "| --- | ---: | ---: | ---: | --- | --- | --- | --- |"]
        for r in fixed:
            x = r["fix"]
            cmd = "; ".join(recipes[r["name"]].get("test", []))
            if len(cmd) > 70:
                cmd = cmd[:67] + "..."
            L.append(f"| {r['name']} | {x['fixes_offered']} | {x['files_changed']} | "
                     f"{x['lines_changed']} | {yesno(x['build'])} | {yesno(x['tests_before'])} | "
                     f"{yesno(x['tests_after'])} | `{cmd}` |")
        notest = [r["name"] for r in ok if not r.get("fix")]
        if notest:
            L.append("")
            L.append(f"Not validated (no offline test suite in the recipe): {', '.join(notest)}.")
        L.append("")

    else:
        L += kept_section(previous, "Fix validation")

    # Speed.
    timed = [r for r in ok if r.get("timing")]
    if timed:
        L += ["## Speed", "",
              "CPU time (user + sys) of each tool on the project's translation units, summed, "
              f"as a ratio to another tool's on the same units in the same run; median over the "
              f"repetitions (min–max in parentheses; ⚠ marks a spread above "
              f"{NOISY:.0%} of the median: a noisy measurement). **parse** is "
              "`clang -fsyntax-only` with the unit's flags, the work every clang-tidy check rides "
              f"on; **floor** is clang-tidy running only `{'readability-misplaced-array-index'}`, "
              "about the cheapest built-in check, so ours/floor is what our matchers and analysis "
              "add inside clang-tidy.", "",
              "| project | reps (analyzers) | parse CPU s | ours CPU s | **ours / parse** | ours / floor | "
              "floor / parse | multiplication / parse | memset / parse | ours / widening | "
              "ours / TaintedAlloc | ours / MallocOverflow | ours / Coccinelle |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for r in timed:
            t = r["timing"]

            def rt(a, b):
                if a not in t or b not in t:
                    return "–"
                return fmt_ratio(ratio(t[a]["cpu"], t[b]["cpu"]), noisy)
            L.append(f"| {r['name']} | {r.get('reps', 1)} ({r.get('analyzer_reps', r.get('reps', 1))}) | "
                     f"{statistics.median(t['parse']['cpu']):.2f} | "
                     f"{statistics.median(t['ours']['cpu']):.2f} | {rt('ours', 'parse')} | "
                     f"{rt('ours', 'floor')} | {rt('floor', 'parse')} | "
                     f"{rt('multiplication', 'parse')} | {rt('memset', 'parse')} | "
                     f"{rt('ours', 'widening')} | {rt('ours', 'taint')} | "
                     f"{rt('ours', 'mallocoverflow')} | {rt('ours', 'coccinelle')} |")
        untimed = [r["name"] for r in ok if not r.get("timing")]
        if untimed:
            L.append("")
            L.append(f"Not timed (run with `--skip-timing`): {', '.join(untimed)}.")
        L.append("")
        L += ["Peak memory (largest resident set of one process over the units), as a ratio to "
              "the parse's:", "",
              "| project | parse MiB | ours MiB | ours / parse | floor / parse | TaintedAlloc / parse "
              "| MallocOverflow / parse | Coccinelle / parse |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for r in timed:
            t = r["timing"]

            def mr(a):
                if a not in t:
                    return "–"
                return fmt_ratio(ratio(t[a]["rss"], t["parse"]["rss"]), noisy)
            L.append(f"| {r['name']} | {statistics.median(t['parse']['rss']) / 1024:.0f} | "
                     f"{statistics.median(t['ours']['rss']) / 1024:.0f} | {mr('ours')} | "
                     f"{mr('floor')} | {mr('taint')} | {mr('mallocoverflow')} | "
                     f"{mr('coccinelle')} |")
        L.append("")
        if noisy:
            L.append(f"**Noisy run:** {len(noisy)} ratio(s) above spread more than {NOISY:.0%} "
                     "of their median (⚠); the machine was shared while measuring.")
            L.append("")

    else:
        L += kept_section(previous, "Speed")

    # Peers.
    peered = [r for r in ok if r.get("peers")]
    if peered:
        L += ["## Peers on the same files", "",
              "Findings of each peer, and how many of them stand on the same line as one of "
              "ours (the same call): the multiplication peers are compared with "
              "`calloc-unchecked-multiplication`, the Coccinelle patch with "
              "`calloc-malloc-memset`. Columns: peer findings / on a call we also report / "
              "our findings on a line the peer does not report.", ""]
        keys = [k for k in PEER_NAMES if any(k in r["peers"] for r in peered)]
        L.append("| project | " + " | ".join(PEER_NAMES[k] for k in keys) + " |")
        L.append("| --- |" + " ---: |" * len(keys))
        sums = {k: [0, 0, 0] for k in keys}
        for r in peered:
            cells = []
            for k in keys:
                p = r["peers"].get(k)
                if p is None:
                    cells.append("–")
                    continue
                ours = [f for f in r.get("findings") or [] if f["check"] == PEER_OF[k]]
                both_n = same_call(p["findings"], ours)
                peer_lines = {(f["file"], f["line"]) for f in p["findings"]}
                ours_only = sum(1 for f in ours if (f["file"], f["line"]) not in peer_lines)
                sums[k][0] += len(p["findings"])
                sums[k][1] += both_n
                sums[k][2] += ours_only
                cells.append(f"{len(p['findings'])} / {both_n} / {ours_only}")
            L.append(f"| {r['name']} | " + " | ".join(cells) + " |")
        L.append("| **total** | " + " | ".join(f"{s[0]} / {s[1]} / {s[2]}" for s in sums.values())
                 + " |")
        L.append("")
        L += ["The peers answer different questions. `implicit-widening` flags a product "
              "computed in a narrow type and then widened, whether or not it can wrap, with no "
              "guard analysis and no allocation in mind (most of its findings are not sizes). "
              "`TaintedAlloc` reports an allocation size it can trace, path by path, to input "
              "it models as untrusted (`scanf`, `getenv`, `read`, ...); library code rarely "
              "reads input itself, so it finds nothing here. `MallocOverflow` (removed after "
              "LLVM 19) looks only at calls named `malloc` whose size multiplies a value by a "
              "constant with no comparison of that value nearby (in a probe it stayed silent "
              "on `malloc(a * b)` of two parameters); these projects allocate through their "
              "own functions or `realloc`. The Coccinelle patch finds the malloc + memset "
              "pairs whose size is written the same, with nothing that mentions the pointer "
              "between them, in the file alone (`--no-includes`), and only for `malloc`.", ""]

    else:
        L += kept_section(previous, "Peers on the same files")

    # Failures.
    if failed:
        L += ["## Projects that did not complete", "",
              "| project | what failed |", "| --- | --- |"]
        for r in failed:
            L.append(f"| {r['name']} | {r.get('error', '?')} |")
        L.append("")
    missing = [n for n, rec in recipes.items()
               if rec.get("set", "default") == "default" and n not in {r["name"] for r in results}]
    if missing:
        L += [f"Not measured yet (no result in `bench/work/results/`): {', '.join(missing)}.", ""]

    # The findings that are not right, listed.
    wrong = [(r["name"], f, lab) for r in ok
             for f, lab in sorted(tri[r["name"]][1], key=lambda p: (p[0]["file"], p[0]["line"]))
             if lab and lab["label"] != fnd.true_label(f["check"])]
    L += ["## Findings that cannot wrap, and false positives", ""]
    mult = [w for w in wrong if w[1]["check"] == fnd.MULTIPLICATION]
    memset = [w for w in wrong if w[1]["check"] == fnd.MEMSET]
    if mult:
        L += [f"Every finding of `{fnd.MULTIPLICATION}` labelled bounded-here or "
              "bounded-elsewhere in `bench/triage/`, with the shape and the reason.", "",
              "| run | where | label | bound in | shape | why it cannot wrap |",
              "| --- | --- | --- | --- | --- | --- |"]
        for name, f, lab in mult:
            reason = lab.get("reason", "").replace("|", "\\|")
            L.append(f"| {name} | `{f['file']}:{f['line']}` | {lab['label']} | "
                     f"{lab.get('where', 'another file')} | `{lab['shape']}` | {reason} |")
        L.append("")
    if memset:
        L += [f"`{fnd.MEMSET}` findings labelled false:", "",
              "| run | where | why it is not an exact calloc |", "| --- | --- | --- |"]
        for name, f, lab in memset:
            reason = lab.get("reason", "").replace("|", "\\|")
            L.append(f"| {name} | `{f['file']}:{f['line']}` | {reason} |")
        L.append("")
    if not wrong:
        L += ["None among the labelled findings.", ""]
    stale = [(r["name"], len(tri[r["name"]][3])) for r in ok if tri[r["name"]][3]]
    if stale:
        L += ["Labels in `bench/triage/` that match no finding of this run (the code changed, "
              "or the checks no longer report it; kept for when it comes back): "
              + ", ".join(f"{n} ({c})" for n, c in stale) + ".", ""]
    # Recall against earlier versions: a label that says "wraps" and
    # matches no finding is a real overflow the checks stopped reporting.
    lost = [(r["name"], lab) for r in ok for lab in tri[r["name"]][3]
            if lab.get("check") == fnd.MULTIPLICATION and lab.get("label") == "wraps"]
    if lost:
        L += ["Labelled **wraps** that this run no longer reports (real overflows an earlier "
              "version found; the code may also have moved):", "",
              "| run | where | why it wraps |", "| --- | --- | --- |"]
        for name, lab in lost:
            reason = lab.get("reason", "").replace("|", "\\|")
            L.append(f"| {name} | `{lab['file']}:{lab['line']}` | {reason} |")
        L.append("")

    # The unlabelled findings with their source as read from bench/work/ in
    # this run; the stubs for bench/triage/ carry only its hash.
    unlabelled = [(r["name"], f) for r in ok for f, lab in tri[r["name"]][1] if lab is None]
    if unlabelled:
        L += ["## Not yet labelled", "",
              "Findings in the triage sample without a label (add them to "
              "`bench/triage/<project>.yaml`; `bench/work/<project>/unlabelled.yaml` has "
              "entries to fill in):", ""]
        for name, f in unlabelled:
            L.append(f"- {name} `{f['file']}:{f['line']}` {SHORT.get(f['check'], f['check'])}: "
                     f"`{f.get('snippet', '')}`")
        L.append("")
    for r in ok:
        stub_list = tri[r["name"]][2]
        path = root / "bench" / "work" / r["name"] / "unlabelled.yaml"
        if stub_list:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w") as f:
                yaml.safe_dump({"findings": stub_list}, f, sort_keys=False, width=200)
        elif path.exists():
            path.unlink()

    # The sections other tools write (bench/sections.py), as they were.
    for heading in sections.OWN:
        if heading in previous[0]:
            L += [f"## {heading}"] + previous[0][heading]
    # Zeroing.
    if zero is None and kept_section(previous, ZEROING):
        L += kept_section(previous, ZEROING)
    else:
        L += zeroing_section(zero)
    (root / "docs" / "evaluation.md").write_text("\n".join(L))
