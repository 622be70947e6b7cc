#!/usr/bin/env python3
"""Replaces one `## HEADING` section of docs/evaluation.md with a file's text.

    bench/sections.py HEADING FILE

Three sections of the page come from elsewhere than bench/report.py and are
kept by it as they are: the real CVEs (bench/cves, `bench/run --cves`), the
projects labelled at the strict level (bench/recall.py, `bench/run --recall
DIR`), and the program's facts (written from `bench/run --findings-only
--facts` and `bench/cves/run --facts` runs). A section the page lacks is
added after the headline.
"""

import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "evaluation.md"
CVES = "Real allocation-size overflows (bench/cves)"
RECALL = "Held out, labelled at the strict level: precision and recall"
FACTS = "Program facts (docs/facts.md)"
OWN = (CVES, RECALL, FACTS)


def replace(heading, body, page=PAGE):
    lines = page.read_text().split("\n") if page.exists() else ["# calloc-tidy on real C projects", ""]
    new = [f"## {heading}", ""] + body.rstrip("\n").split("\n") + [""]
    start = next((i for i, l in enumerate(lines) if l.strip() == f"## {heading}"), None)
    if start is None:
        # After the headline section, or at the end.
        head = next((i for i, l in enumerate(lines) if l.strip() == "## Headline"), None)
        at = len(lines)
        if head is not None:
            at = next((i for i in range(head + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        lines[at:at] = new
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        lines[start:end] = new
    page.write_text("\n".join(lines))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    replace(sys.argv[1], Path(sys.argv[2]).read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
