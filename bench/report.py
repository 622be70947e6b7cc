"""Writes docs/evaluation.md and docs/zeroing.png from bench/work/.

Reads bench/work/results/<project>.json (written by bench/harness.py), the
triage labels in bench/triage/<project>.yaml, and the zeroing measurements
bench/work/zeroing-{default,fixed}.tsv. Precision is computed here from the
labels: nothing in the report is typed in by hand. The sections that only a
full run measures (fix validation, speed, peers, zeroing) are kept from the
previous docs/evaluation.md, and marked so, when the results lack them
(`bench/run --findings-only` followed by `--report-only`).
"""

import csv
import datetime
import json
import os
import platform
import re
import statistics
from pathlib import Path

import yaml

import findings as fnd

CHECKS = ("calloc-unchecked-multiplication", "calloc-malloc-memset")
SHORT = {"calloc-unchecked-multiplication": "multiplication", "calloc-malloc-memset": "memset"}
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
# The sections only a full run measures (fix validation, speed, peers and
# ZEROING): when this run's results lack one, the previous page's is kept
# under a line that starts with KEPT.
ZEROING = "Why calloc: zeroed memory on this machine"
KEPT = "_Kept from the page generated"
NOISY = 0.10  # a spread (max - min) above this share of the median is called noisy


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = 0
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = int(line.split()[1]) // (1024 * 1024)
    except OSError:
        pass
    distro = ""
    try:
        for line in open("/etc/os-release"):
            if line.startswith("PRETTY_NAME="):
                distro = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores, {mem} GiB, {distro}, "
            f"Linux {platform.release()}, glibc {platform.libc_ver()[1]}")


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


def fmt_pct(tp, fp):
    return f"{100 * tp / (tp + fp):.0f}%" if tp + fp else "–"


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


def triage(root, res):
    """{check: [tp, fp, unlabelled, sampled, total]}, the labelled pairs, stubs."""
    labels = fnd.load_labels(root / "bench" / "triage", res["name"])
    found = res.get("findings") or []
    chosen = fnd.sample(found, res["name"])
    pairs = fnd.match(chosen, labels)
    counts = {c: [0, 0, 0, 0, sum(1 for f in found if f["check"] == c)] for c in CHECKS}
    stubs = []
    for f, lab in pairs:
        c = counts.setdefault(f["check"], [0, 0, 0, 0, 0])
        c[3] += 1
        if lab is None:
            c[2] += 1
            stubs.append(fnd.stub(f))
        elif lab["label"] == "tp":
            c[0] += 1
        else:
            c[1] += 1
    return counts, pairs, stubs


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
          "bench/run --report-only   # this page again from bench/work/ and bench/triage/", "```",
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

    # Headline numbers.
    tot = {c: [0, 0, 0, 0, 0] for c in CHECKS}
    for r in ok:
        for c in CHECKS:
            for i in range(5):
                tot[c][i] += tri[r["name"]][0].get(c, [0] * 5)[i]
    L += ["## Headline", ""]
    units = sum(r.get("units", 0) for r in ok)
    lines = sum(r.get("lines", 0) for r in ok)
    first = {}
    for r in ok:
        first.setdefault(r.get("package", r["name"]), r)
    configured = [r["name"] for r in ok if r.get("config")]
    L.append(f"- {len(first)} projects, {sum(r.get('units', 0) for r in first.values())} "
             f"translation units, {sum(r.get('lines', 0) for r in first.values()):,} lines of C, "
             f"in {len(ok)} runs"
             + (f" ({', '.join(configured)} with the project's allocators configured)"
                if configured else "")
             + (f"; {len(failed)} project(s) did not build in the harness (below)." if failed else "."))
    for c in CHECKS:
        tp, fp, un, sampled, total = tot[c]
        L.append(f"- `{c}`: {total} finding{'' if total == 1 else 's'}; {sampled} triaged, {tp} true and {fp} false "
                 f"positives{f', {un} not yet labelled' if un else ''}: precision "
                 f"**{fmt_pct(tp, fp)}**.")
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
    L.append("")

    # Per project.
    L += ["## Findings and precision", "",
          "Precision = true / (true + false) positives among the labelled findings (all of "
          "them, or a random sample of 30 per check when there are more). A true positive is a "
          "product that can wrap given the code visible in the function, or a malloc + memset "
          "pair that calloc replaces exactly; a false positive is one the code already makes "
          "safe. Fix-its: findings that come with a fix.", "",
          "| project | version | linted | configuration | TUs | lines | multiplication | memset | "
          "fix-its | TP / FP | precision | unlabelled |",
          "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in ok:
        counts = tri[r["name"]][0]
        fs = r.get("findings") or []
        tp = sum(counts[c][0] for c in counts)
        fp = sum(counts[c][1] for c in counts)
        un = sum(counts[c][2] for c in counts)
        conf = f"`{r['config']}`" if r.get("config") else "defaults"
        L.append(f"| {r['name']} | {r.get('version', '')} | {r.get('library', '')} | {conf} | "
                 f"{r.get('units', 0)} | {r.get('lines', 0):,} | "
                 f"{counts.get(CHECKS[0], [0] * 5)[4]} | {counts.get(CHECKS[1], [0] * 5)[4]} | "
                 f"{sum(1 for f in fs if f['fix'])} | {tp} / {fp} | {fmt_pct(tp, fp)} | {un} |")
    all_f = [f for r in ok for f in r.get("findings") or []]
    L.append(f"| **total** | | | | {units} | {lines:,} | {tot[CHECKS[0]][4]} | {tot[CHECKS[1]][4]} | "
             f"{sum(1 for f in all_f if f['fix'])} | "
             f"{sum(tot[c][0] for c in CHECKS)} / {sum(tot[c][1] for c in CHECKS)} | "
             f"{fmt_pct(sum(tot[c][0] for c in CHECKS), sum(tot[c][1] for c in CHECKS))} | "
             f"{sum(tot[c][2] for c in CHECKS)} |")
    L.append("")
    for c in CHECKS:
        tp, fp, un, sampled, total = tot[c]
        L.append(f"- `{c}`: precision {fmt_pct(tp, fp)} ({tp} TP, {fp} FP of {sampled} "
                 f"triaged; {total} finding{'' if total == 1 else 's'}).")
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

    # False positives, listed.
    fps = [(r["name"], f, lab) for r in ok for f, lab in tri[r["name"]][1]
           if lab and lab["label"] == "fp"]
    L += ["## False positives (known limitations)", ""]
    if fps:
        L += ["Every finding labelled false in `bench/triage/`, with its reason.", "",
              "| project | where | check | why it is safe |", "| --- | --- | --- | --- |"]
        for name, f, lab in fps:
            reason = lab.get("reason", "").replace("|", "\\|")
            L.append(f"| {name} | `{f['file']}:{f['line']}` | {SHORT.get(f['check'], f['check'])} | "
                     f"{reason} |")
    else:
        L.append("None among the labelled findings.")
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

    # Zeroing.
    if zero is None and kept_section(previous, ZEROING):
        L += kept_section(previous, ZEROING)
    else:
        L += zeroing_section(zero)
    (root / "docs" / "evaluation.md").write_text("\n".join(L))
