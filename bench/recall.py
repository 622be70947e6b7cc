#!/usr/bin/env python3
"""Precision beside recall, per level, for the projects labelled at the strict level.

A project NAME with a run NAME-strict (level strict, level_of NAME) has
every strict finding labelled in bench/triage/NAME-strict.yaml, so every
real wrap the strict level sees is known. For each level this prints, from
bench/run's results (--results DIR of `bench/run --findings-only`):

- findings: calloc-unchecked-multiplication findings of the run;
- precision: `wraps` among the labelled findings;
- recall: the labelled product wraps (labels with no `arithmetic:` or
  `arithmetic: product`) that the run reports. Wraps labelled as a sum or a
  shift (`arithmetic: sum`) are counted apart: no product rule covers them.

    bench/recall.py --results DIR [--projects a,b] [--markdown FILE]
"""

import argparse
import json
import sys
from pathlib import Path

import yaml

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
import findings as F  # noqa: E402
from harness import load_recipes  # noqa: E402

CHECK = F.MULTIPLICATION


def labelled_runs(recipes):
    """(project, its strict run) for every project labelled at strict."""
    out = []
    for name, r in recipes.items():
        if r.get("level") == "strict" and r.get("level_of") and \
                (BENCH / "triage" / f"{name}.yaml").exists():
            out.append((r["level_of"], name))
    return sorted(out)


def load_run(results, name):
    path = Path(results) / f"{name}.json"
    if not path.exists():
        return None
    with open(path) as f:
        return [x for x in json.load(f)["findings"] if x["check"] == CHECK]


def product_wrap(lab):
    return lab["label"] == "wraps" and lab.get("arithmetic", "product") == "product"


def measure(results, project, strict):
    labels = [lab for lab in F.load_labels(BENCH / "triage", strict) if lab["check"] == CHECK]
    labels += [lab for lab in F.load_labels(BENCH / "triage", project) if lab["check"] == CHECK]
    strict_findings = load_run(results, strict)
    if strict_findings is None:
        return None
    # The wraps the strict level sees, each once.
    wraps = [lab for f, lab in F.match(strict_findings, labels) if lab and product_wrap(lab)]
    other = [lab for f, lab in F.match(strict_findings, labels)
             if lab and lab["label"] == "wraps" and not product_wrap(lab)]
    row = {"project": project, "wraps": len(wraps), "other_wraps": len(other), "levels": {}}
    for level, run in (("default", project), ("strict", strict)):
        found = load_run(results, run)
        if found is None:
            continue
        pairs = F.match(found, labels)
        labelled = [lab for _, lab in pairs if lab]
        true = [lab for lab in labelled if lab["label"] == "wraps"]
        hit = {id(lab) for _, lab in F.match(found, wraps) if lab}
        row["levels"][level] = {
            "findings": len(found), "labelled": len(labelled), "true": len(true),
            "recall": len(hit), "unlabelled": len(found) - len(labelled),
        }
    return row


def pct(a, b):
    return f"{a}/{b} ({100 * a // b}%)" if b else "0/0"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", required=True)
    parser.add_argument("--projects")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    runs = labelled_runs(load_recipes())
    if args.projects:
        wanted = set(args.projects.split(","))
        runs = [r for r in runs if r[0] in wanted]
    rows = [row for p, s in runs if (row := measure(args.results, p, s))]
    lines = [f"{len(rows)} projects held out and labelled at the strict level before any change of the "
             "checks was made for them (bench/triage/NAME-strict.yaml), so every real wrap the strict level "
             "sees is known: per level, the multiplication check's findings, precision (wraps of the labelled), "
             "and the recall of the labelled product wraps. `bench/run --recall DIR` writes this section from a "
             "`--findings-only` run's results.", "",
             "| project | level | findings | precision (wraps of labelled) | recall of product wraps | unlabelled |",
             "|---|---|---|---|---|---|"]
    total = {}
    for row in rows:
        for level, m in row["levels"].items():
            t = total.setdefault(level, {"findings": 0, "labelled": 0, "true": 0, "recall": 0,
                                         "wraps": 0, "unlabelled": 0})
            for k in ("findings", "labelled", "true", "recall", "unlabelled"):
                t[k] += m[k]
            t["wraps"] += row["wraps"]
            lines.append(f"| {row['project']} | {level} | {m['findings']} | {pct(m['true'], m['labelled'])} "
                         f"| {pct(m['recall'], row['wraps'])} | {m['unlabelled']} |")
    for level, t in total.items():
        lines.append(f"| **all** | {level} | {t['findings']} | {pct(t['true'], t['labelled'])} "
                     f"| {pct(t['recall'], t['wraps'])} | {t['unlabelled']} |")
    others = sum(r["other_wraps"] for r in rows)
    lines += ["", f"Wraps in a sum or a shift, which no product rule covers, labelled apart: {others}."]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
