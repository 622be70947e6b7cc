"""Findings of bench/run: where they are, their keys, and their triage labels.

A finding is keyed by the file relative to the project's root, the line,
the check, and a line hash: the first 16 hex digits of the SHA-256 of the
source from the finding's column on, spaces collapsed, cut at SNIPPET
characters (UTF-8). bench/triage/<project>.yaml holds one label per key; a
label still applies when the line moved (the file, the check and the hash
must match, the nearest line wins), so the labels survive a new Debian
revision that shifts code around. The hash keeps the project's code out of
our repository: the text it is computed from (the snippet) is read from the
downloaded source at run time and only stored under bench/work/.
"""

import hashlib
import os
import random
import re
from pathlib import Path

import yaml

SNIPPET = 48
SAMPLE = 30  # at most this many findings per check and project are triaged
NEAREST = 400  # how far (in lines) a label may have moved

MULTIPLICATION = "calloc-unchecked-multiplication"
MEMSET = "calloc-malloc-memset"
# The labels of each check (bench/triage/README.md), the one that counts as
# a true finding first: precision is its share of the labelled findings.
LABELS = {
    MULTIPLICATION: ("wraps", "bounded-here", "bounded-elsewhere"),
    MEMSET: ("tp", "fp"),
}
# Labels that say why the product cannot wrap: they carry a `shape`, and
# bounded-here also says `where` the bound is.
SHAPED = ("bounded-here", "bounded-elsewhere")
WHERE = ("function", "file")
SHAPE_RE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def true_label(check):
    """The label of a finding that is right (wraps, tp)."""
    return LABELS[check][0]


def _offsets_to_positions(path):
    data = Path(path).read_bytes()
    starts = [0] + [m.end() for m in re.finditer(b"\n", data)]
    return data, starts


def snippet(path, line, col):
    """The normalized source a finding is keyed by ("" when unreadable)."""
    try:
        text = Path(path).read_bytes().split(b"\n")[line - 1].decode("utf-8", "replace")
    except (OSError, IndexError):
        return ""
    return " ".join(text[col - 1:].split())[:SNIPPET]


def line_sha(text):
    """The key of a snippet: 16 hex digits of its SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def key_sha(f):
    """A finding's line hash (results written before it was stored carry
    only the snippet)."""
    return f.get("line_sha") or line_sha(f.get("snippet", ""))


def _relative(path, root):
    """The path relative to the project's root; the root may be reached
    through a link (bench/work/NAME linking to another work tree's), and
    clang-tidy prints the paths the build recorded, the link's target."""
    p = Path(os.path.normpath(path))
    for r in (Path(root), Path(root).resolve()):
        if p.is_relative_to(r):
            return p.relative_to(r).as_posix()
    return p.as_posix()


def _exported_fixes(fixes_yaml):
    """{(abs path, line, col, check): {(abs path, offset, length, text)}}:
    the exported diagnostics with a fix-it, and their replacements."""
    out = {}
    if not fixes_yaml or not Path(fixes_yaml).exists():
        return out
    with open(fixes_yaml) as f:
        data = yaml.safe_load(f) or {}
    cache = {}
    for d in data.get("Diagnostics") or []:
        msg = d.get("DiagnosticMessage") or {}
        reps = list(msg.get("Replacements") or [])
        for note in d.get("Notes") or []:
            reps += note.get("Replacements") or []
        if not reps or not msg.get("FilePath"):
            continue
        build_dir = d.get("BuildDirectory") or ""
        path = os.path.normpath(os.path.join(build_dir, msg["FilePath"]))
        if path not in cache:
            try:
                cache[path] = _offsets_to_positions(path)[1]
            except OSError:
                continue
        starts = cache[path]
        off = msg.get("FileOffset", 0)
        line = max(i for i in range(len(starts)) if starts[i] <= off) + 1
        key = (path, line, off - starts[line - 1] + 1, d.get("DiagnosticName"))
        # run-clang-tidy exports a header's diagnostic once per unit that
        # includes it: the same replacements, kept once.
        out.setdefault(key, set()).update(
            (os.path.normpath(os.path.join(build_dir, r.get("FilePath") or msg["FilePath"])),
             r.get("Offset", 0), r.get("Length", 0), r.get("ReplacementText") or "")
            for r in reps)
    return out


def count_fixes(fixes_yaml):
    return len(_exported_fixes(fixes_yaml))


def describe(diags, root, fixes_yaml):
    """Our diagnostics, de-duplicated, keyed, and marked when they have a
    fix; `fixes` lists the fix's replacements (file, byte offset, length,
    new text), so two runs on the same sources can compare fixes."""
    fixes = _exported_fixes(fixes_yaml)
    seen, out = set(), []
    for d in diags:
        path = os.path.normpath(d["file"])
        key = (path, d["line"], d["col"], d["check"])
        if key in seen:
            continue
        seen.add(key)
        text = snippet(path, d["line"], d["col"])
        reps = [{"file": _relative(p, root), "offset": o, "length": n, "text": t}
                for p, o, n, t in sorted(fixes.get(key, ()))]
        out.append({"file": _relative(path, root), "line": d["line"], "col": d["col"],
                    "check": d["check"], "message": d["message"], "snippet": text,
                    "line_sha": line_sha(text), "fix": key in fixes, "fixes": reps})
    out.sort(key=lambda f: (f["file"], f["line"], f["col"], f["check"]))
    return out


def locations(diags, root):
    seen, out = set(), []
    for d in diags:
        key = (_relative(d["file"], root), d["line"], d["col"])
        if key not in seen:
            seen.add(key)
            out.append({"file": key[0], "line": key[1], "col": key[2]})
    return sorted(out, key=lambda f: (f["file"], f["line"], f["col"]))


def load_labels(triage_dir, project):
    path = Path(triage_dir) / f"{project}.yaml"
    if not path.exists():
        return []
    with open(path) as f:
        data = yaml.safe_load(f) or {}
    labels = data.get("findings") or []
    for lab in labels:
        check_label(path, lab)
        if "snippet" in lab:
            # The old key quoted the project's code; the hash replaces it.
            raise ValueError(f"{path}: labels are keyed by line_sha, not snippet: replace "
                             f"`snippet` by `line_sha: {line_sha(str(lab['snippet']))}` in {lab}")
        sha = lab.get("line_sha")
        # YAML reads an unquoted all-digit hash as a number.
        if not isinstance(sha, str) or not re.fullmatch(r"[0-9a-f]{16}", sha):
            raise ValueError(f"{path}: line_sha must be 16 lowercase hex digits, in quotes when "
                             f"they are all decimal: {lab}")
    return labels


def check_label(path, lab):
    """Raises ValueError when a triage entry breaks bench/triage/README.md's
    scheme: a label its check does not have, a missing or stray shape or
    where, or a reason that is not one line."""
    check, label = lab.get("check"), lab.get("label")
    if check not in LABELS:
        raise ValueError(f"{path}: unknown check {check!r} (one of {', '.join(LABELS)}): {lab}")
    if label not in LABELS[check]:
        hint = (" (tp and fp are for calloc-malloc-memset; relabel by whether the product "
                "can wrap, see bench/triage/README.md)" if check == MULTIPLICATION else "")
        raise ValueError(f"{path}: label of {check} must be {' or '.join(LABELS[check])}"
                         f"{hint}: {lab}")
    shape = lab.get("shape")
    if label in SHAPED:
        if not isinstance(shape, str) or not SHAPE_RE.fullmatch(shape):
            raise ValueError(f"{path}: a {label} label needs `shape:`, a short kebab-case name "
                             f"of the bound (e.g. compound-guard): {lab}")
    elif shape is not None:
        raise ValueError(f"{path}: only {' and '.join(SHAPED)} labels have a shape: {lab}")
    where = lab.get("where")
    if label == "bounded-here":
        if where not in WHERE:
            raise ValueError(f"{path}: a bounded-here label needs `where: function` or "
                             f"`where: file` (where the bound is): {lab}")
    elif where is not None:
        raise ValueError(f"{path}: only bounded-here labels have `where`: {lab}")
    reason = lab.get("reason")
    if not isinstance(reason, str) or not reason.strip() or "\n" in reason.strip():
        raise ValueError(f"{path}: the reason must be one line of our own words: {lab}")


def sample(findings, project):
    """The findings to triage: all of a check's, or SAMPLE of them at random
    (seeded by the project's name, so the sample is the same every run)."""
    chosen = []
    checks = sorted({f["check"] for f in findings})
    for check in checks:
        mine = [f for f in findings if f["check"] == check]
        if len(mine) > SAMPLE:
            mine = random.Random(f"{project}/{check}").sample(mine, SAMPLE)
        chosen += mine
    return chosen


def match(findings, labels):
    """Pairs each finding with its label (or None); each label used once."""
    free = list(labels)
    out = []
    for f in findings:
        best = None
        sha = key_sha(f)
        for lab in free:
            if (lab.get("file"), lab.get("check"), lab.get("line_sha")) != (f["file"], f["check"], sha):
                continue
            dist = abs(int(lab.get("line", 0)) - f["line"])
            if dist <= NEAREST and (best is None or dist < abs(int(best.get("line", 0)) - f["line"])):
                best = lab
        if best is not None:
            free.remove(best)
        out.append((f, best))
    return out


def stub(f):
    """A triage entry to fill in, for a finding without a label: its key
    (no source text) and the diagnostic as the reason to replace."""
    return {"file": f["file"], "line": f["line"], "check": f["check"], "line_sha": key_sha(f),
            "label": "?", "reason": f["message"]}
