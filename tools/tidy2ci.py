#!/usr/bin/env python3
"""tidy2ci: clang-tidy's --export-fixes YAML, turned into what CI shows.

  tidy2ci.py github      FIXES.yaml...  GitHub workflow commands: one
                                        ::warning/::error per finding, shown
                                        on the lines of a pull request
  tidy2ci.py sarif       FIXES.yaml...  SARIF 2.1.0 for GitHub code scanning
                                        and other SARIF viewers, fix-its as
                                        SARIF fixes
  tidy2ci.py suggestions FIXES.yaml...  a pull-request review whose comments
                                        carry each fix-it as a ```suggestion
                                        block (JSON for the GitHub API), or
                                        the same as one Markdown comment
  tidy2ci.py codequality FIXES.yaml...  GitLab's Code Quality report (JSON)
  tidy2ci.py new --base REV [-p BUILD]  lints the files a change touches at
                                        REV and now, and writes the YAML of
                                        the findings that are new, wherever
                                        they are (for the commands above)

Works for any clang-tidy check, ours (calloc-*) or not. Needs PyYAML.

Positions: the YAML gives byte offsets. Lines end at "\\n" (so "\\r\\n"
files count like "\\n" files; a lone "\\r" ends no line, as in git and in
SARIF's default newline sequences). Columns are 1-based and count UTF-16
code units, the unit GitHub and SARIF (run.columnKind "utf16CodeUnits")
use: "é" is one column, "😀" two, where clang-tidy's own text output counts
bytes (two and four). Files that are not UTF-8 count each bad byte as one.
"""

import argparse
import bisect
import collections
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

try:
    import yaml
except ImportError:  # pragma: no cover - reported at run time
    yaml = None

TOOL_NAME = "calloc-tidy"
SARIF_SCHEMA = ("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/"
                "schemas/sarif-schema-2.1.0.json")
CLANG_TIDY_DOCS = "https://clang.llvm.org/extra/clang-tidy/checks/"
# tools/tidy2ci.py and docs/ sit side by side in the source tree and in an
# installation (<prefix>/share/calloc-tidy/{tools,docs}).
DOCS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "docs")
LEVELS = {"error": "error", "warning": "warning", "remark": "note", "note": "note"}
# What security tools rank our rules by (docs/ci.md says why): GitHub code
# scanning reads properties.tags ("security" makes security-severity count),
# precision and security-severity (a CVSS-like score, as a string);
# DefectDojo and others read the CWE tags or the rules' relationships to
# the CWE taxonomy.
RULE_PROPERTIES = {
    "calloc-unchecked-multiplication": {
        "tags": ["security", "external/cwe/cwe-190", "external/cwe/cwe-680"],
        "precision": "medium", "security-severity": "8.1", "problem.severity": "warning"},
    "calloc-malloc-memset": {
        "tags": ["performance"], "precision": "very-high", "problem.severity": "recommendation"},
}
CWE_NAMES = {"190": "Integer Overflow or Wraparound", "680": "Integer Overflow to Buffer Overflow"}


class Failure(Exception):
    """An error to print as one line and exit 2 with."""


# --------------------------------------------------------------- sources


class SourceFile:
    """A file's bytes, with byte offsets turned into (line, column)."""

    def __init__(self, path, read_from=None):
        self.path = path
        self._functions = None
        try:
            with open(read_from or path, "rb") as f:
                self.data = f.read()
        except OSError:
            self.data = None
            self.line_starts = [0]
            return
        self.line_starts = [0] + [m.end() for m in re.finditer(b"\n", self.data)]

    @property
    def readable(self):
        return self.data is not None

    def clamp(self, offset):
        return max(0, min(offset, len(self.data)))

    def position(self, offset):
        """(line, column) of a byte offset, both 1-based; None if unknown."""
        if not self.readable or offset is None:
            return None
        offset = self.clamp(offset)
        index = bisect.bisect_right(self.line_starts, offset) - 1
        before = self.data[self.line_starts[index]:offset].decode("utf-8", "replace")
        return index + 1, utf16_length(before) + 1

    def line_span(self, line):
        """Byte offsets of a line's text, without its "\\n" or "\\r\\n"."""
        start = self.line_starts[line - 1]
        end = self.line_starts[line] - 1 if line < len(self.line_starts) else len(self.data)
        if end > start and self.data[end - 1:end] == b"\r" and line < len(self.line_starts):
            end -= 1
        return start, end


    def line_text(self, offset):
        """The text of the line that holds a byte offset, without its end."""
        if not self.readable or offset is None:
            return ""
        line = bisect.bisect_right(self.line_starts, self.clamp(offset))
        start, end = self.line_span(line)
        return self.data[start:end].decode("utf-8", "replace")

    def function_at(self, offset):
        """The name of the function definition whose body holds a byte
        offset, or "" (outside any, or unknown)."""
        if not self.readable or offset is None:
            return ""
        if self._functions is None:
            self._functions = function_bodies(self.data)
        index = bisect.bisect_right(self._functions, (offset, float("inf"))) - 1
        if index >= 0 and offset < self._functions[index][1]:
            return self._functions[index][2]
        return ""


def utf16_length(text):
    return sum(2 if ord(c) > 0xFFFF else 1 for c in text)


class Sources:
    """SourceFiles by path; redirect maps a path to the file to read
    instead (the base's version of a file that a change touched)."""

    def __init__(self, redirect=None):
        self.files = {}
        self.redirect = redirect or {}

    def get(self, path):
        if path not in self.files:
            self.files[path] = SourceFile(path, self.redirect.get(path))
        return self.files[path]


# --------------------------------------------------------------- functions
#
# Which function a finding is in, from the text alone: clang-tidy's YAML
# does not say. A scan of C and C++ that knows comments, strings, character
# literals and preprocessor lines, and counts braces: a '{' outside any
# function opens a function body when the tokens before it (since the last
# ';', '{' or '}') hold a name followed by '(' before any '='. So
# "int f(void) {", "static void *A::grow(size_t n) const {" and
# "A::A(int x) : n(x) {" are definitions; "struct s {", "namespace n {",
# 'extern "C" {' and "int v[] = {" are not, and what they hold is scanned
# on. Macros are not expanded, and K&R definitions (declarations between
# ')' and '{') are not recognised.

C_TOKENS = re.compile(rb"""
    //[^\n]*
  | /\*.*?(?:\*/|\Z)
  | "(?:\\.|[^"\\\n])*"?
  | '(?:\\.|[^'\\\n])*'?
  | ^[ \t]*\#(?:\\\r?\n|[^\n])*
  | ~?[A-Za-z_]\w*(?:\s*::\s*~?[A-Za-z_]\w*)*
  | [{}();=]
""", re.S | re.M | re.X)
NOT_NAMES = {b"if", b"for", b"while", b"switch", b"return", b"sizeof", b"catch", b"do", b"else",
             b"case", b"alignof", b"_Alignof", b"defined", b"_Generic", b"_Static_assert",
             b"static_assert"}
# Names followed by a parenthesis that belong to the declaration around a
# function's name: skipped with what they enclose.
ATTRIBUTES = {b"__attribute__", b"__attribute", b"__declspec", b"alignas", b"_Alignas", b"decltype",
              b"__typeof__", b"__typeof", b"typeof", b"__asm__", b"__asm", b"asm", b"noexcept",
              b"throw", b"__THROW"}


def function_name(head):
    """The defined function's name in the tokens before a '{', or None."""
    index = 0
    while index < len(head):
        token = head[index]
        if token in (b"=", b"("):
            return None
        if index + 1 < len(head) and head[index + 1] == b"(":
            if token not in ATTRIBUTES:
                return None if token in NOT_NAMES else re.sub(rb"\s+", b"", token).decode("utf-8", "replace")
            depth, index = 0, index + 1
            while index < len(head):
                depth += {b"(": 1, b")": -1}.get(head[index], 0)
                index += 1
                if depth == 0:
                    break
            continue
        index += 1
    return None


def function_bodies(data):
    """[(offset of '{', offset after '}', name)] of the function
    definitions in a C or C++ file, in order."""
    bodies, head, depth, start, name = [], [], 0, 0, None
    for m in C_TOKENS.finditer(data):
        token = m.group()
        first = token.lstrip()[:1]
        if first in (b"/", b'"', b"'", b"#"):
            continue
        if depth:
            if token == b"{":
                depth += 1
            elif token == b"}":
                depth -= 1
                if depth == 0:
                    bodies.append((start, m.end(), name))
        elif token == b"{":
            name = function_name(head)
            if name is not None:
                depth, start = 1, m.start()
            head = []
        elif token in (b";", b"}"):
            head = []
        else:
            head.append(token)
    return bodies


# --------------------------------------------------------------- findings


class Place:
    """A byte range in a file: the position of a finding, a note or an edit."""

    def __init__(self, path, offset, length=0):
        self.path = path
        self.offset = offset
        self.length = length


class Replacement:
    def __init__(self, place, text):
        self.place = place
        self.text = text


class Note:
    def __init__(self, message, place):
        self.message = message
        self.place = place


class Finding:
    def __init__(self, check, level, message, place, replacements, notes, diagnostic=None):
        self.check = check
        self.level = level
        self.message = message
        self.place = place
        self.replacements = replacements
        self.notes = notes
        self.diagnostic = diagnostic  # as the YAML had it, to write back

    def key(self):
        p = self.place
        return (self.check, self.message, p.path if p else "", p.offset if p else -1)


def resolve(path, build_directory):
    if not path:
        return None
    if not os.path.isabs(path):
        path = os.path.join(build_directory or os.getcwd(), path)
    return os.path.normpath(path)


def place_of(entry, build_directory, offset_key):
    path = resolve(entry.get("FilePath"), build_directory)
    if path is None:
        return None
    offset = entry.get(offset_key)
    return Place(path, int(offset) if offset is not None else None, int(entry.get("Length") or 0))


def replacements_of(entry, build_directory):
    result = []
    for r in entry.get("Replacements") or []:
        place = place_of(r, build_directory, "Offset")
        if place is not None and place.offset is not None:
            result.append(Replacement(place, r.get("ReplacementText") or ""))
    return result


def parse_diagnostic(d):
    build_directory = d.get("BuildDirectory") or ""
    # clang-tidy 9 and later nest the message; older ones did not.
    message = d.get("DiagnosticMessage") or d
    notes = []
    for n in d.get("Notes") or []:
        notes.append(Note(n.get("Message") or "", place_of(n, build_directory, "FileOffset")))
    return Finding(
        check=d.get("DiagnosticName") or "clang-tidy",
        level=LEVELS.get(str(d.get("Level") or "Warning").lower(), "warning"),
        message=message.get("Message") or "",
        place=place_of(message, build_directory, "FileOffset"),
        replacements=replacements_of(message, build_directory),
        notes=notes,
        diagnostic=d)


def need_yaml():
    if yaml is None:
        raise Failure("PyYAML is needed: pip install pyyaml (or apt-get install python3-yaml)")


def load_findings(paths):
    """Every diagnostic of the given files (several YAML documents each, as
    run-clang-tidy may leave them), in order, each reported once."""
    need_yaml()
    findings, seen = [], set()
    for path in paths:
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
        except OSError as e:
            raise Failure("cannot read %s: %s" % (path, e.strerror or e))
        try:
            documents = list(yaml.safe_load_all(text))
        except yaml.YAMLError as e:
            raise Failure("%s is not clang-tidy's --export-fixes YAML: %s" % (path, e))
        for document in documents:
            if not document:
                continue
            if not isinstance(document, dict) or not isinstance(document.get("Diagnostics", []), list):
                raise Failure("%s is not clang-tidy's --export-fixes YAML (no Diagnostics list)" % path)
            for d in document.get("Diagnostics") or []:
                finding = parse_diagnostic(d)
                # A header's finding comes once per file that includes it.
                if finding.key() not in seen:
                    seen.add(finding.key())
                    findings.append(finding)
    return findings


def display_path(path, root):
    """Path relative to root with '/', or the absolute path when outside it."""
    relative = os.path.relpath(path, root)
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return path
    return relative.replace(os.sep, "/")


def default_root():
    return os.environ.get("GITHUB_WORKSPACE") or os.getcwd()


# --------------------------------------------------------------- fingerprints
#
# A finding's identity, the same wherever its lines move: the check, the
# file (relative to the root), the enclosing function, and the text of the
# finding's line with white space folded; findings equal in all four are
# told apart by their order in the file. The fingerprint is
# "<first 16 hex digits of SHA-256 of the four>:<occurrence, from 1>". It
# matches a change's findings to its base's (`new`), and is the SARIF
# partialFingerprints and the GitLab fingerprint of a result.


def identity(f, root, sources, paths=None):
    """The hash of what identifies a finding, but for its occurrence;
    paths maps a shown path to the one to use (a renamed file's new path)."""
    if f.place is None:
        parts = [f.check, "", "", " ".join(f.message.split())]
    else:
        source = sources.get(f.place.path)
        path = display_path(f.place.path, root)
        path = (paths or {}).get(path, path)
        text = source.line_text(f.place.offset) if source.readable else f.message
        parts = [f.check, path, source.function_at(f.place.offset), " ".join(text.split())]
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:16]


def fingerprints(findings, root, sources, paths=None):
    """The fingerprint of each finding, in the order given."""
    hashes = [identity(f, root, sources, paths) for f in findings]
    in_file_order = sorted(range(len(findings)), key=lambda i: (
        findings[i].place.path if findings[i].place else "",
        findings[i].place.offset if findings[i].place and findings[i].place.offset is not None else -1, i))
    seen, result = collections.Counter(), [None] * len(findings)
    for i in in_file_order:
        seen[hashes[i]] += 1
        result[i] = "%s:%d" % (hashes[i], seen[hashes[i]])
    return result


# --------------------------------------------------------------- github


def escape_data(text):
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text):
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


GITHUB_COMMANDS = {"error": "error", "warning": "warning", "note": "notice"}


def github_lines(findings, root, sources):
    for f in findings:
        properties = []
        position = None
        if f.place is not None:
            properties.append(("file", display_path(f.place.path, root)))
            position = sources.get(f.place.path).position(f.place.offset)
            if position:
                properties += [("line", str(position[0])), ("col", str(position[1]))]
        properties.append(("title", f.check))
        message = "%s [%s]" % (f.message, f.check)
        for note in f.notes:
            message += "\n" + note_text(note, root, sources)
        yield "::%s %s::%s" % (GITHUB_COMMANDS[f.level],
                               ",".join("%s=%s" % (k, escape_property(v)) for k, v in properties),
                               escape_data(message))


def note_text(note, root, sources):
    if note.place is None:
        return "note: " + note.message
    where = display_path(note.place.path, root)
    position = sources.get(note.place.path).position(note.place.offset)
    if position:
        where += ":%d:%d" % position
    return "note: %s: %s" % (where, note.message)


def run_github(args):
    findings = load_findings(args.fixes)
    sources = Sources()
    lines = list(github_lines(findings, args.root, sources))
    write_output(args.output, "".join(line + "\n" for line in lines))
    return 1 if (args.exit_code and findings) else 0


# --------------------------------------------------------------- sarif


def rule_doc(check):
    """(summary, markdown of the whole page) of one of our checks, or None."""
    try:
        with open(os.path.join(DOCS_DIR, check + ".md"), encoding="utf-8") as f:
            page = f.read()
    except OSError:
        return None
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", page) if p.strip()]
    body = [p for p in paragraphs if not p.startswith("#")]
    summary = " ".join(body[0].split()) if body else check
    return summary, page


def clang_tidy_doc_url(check):
    for module in ("clang-analyzer", "clang-diagnostic"):
        if check.startswith(module + "-"):
            if module == "clang-diagnostic":
                return None
            return CLANG_TIDY_DOCS + module + "/" + check[len(module) + 1:] + ".html"
    module, _, name = check.partition("-")
    return CLANG_TIDY_DOCS + module + "/" + name + ".html" if name else None


def sarif_rule(check, docs_url):
    rule = {"id": check}
    ours = check.startswith("calloc-")
    doc = rule_doc(check) if ours else None
    if doc:
        summary, page = doc
        rule["shortDescription"] = {"text": summary}
        rule["fullDescription"] = {"text": summary}
        rule["help"] = {"text": page, "markdown": page}
    elif check.startswith("clang-diagnostic-"):
        rule["shortDescription"] = {"text": "Clang compiler diagnostic " + check[len("clang-diagnostic-"):]}
    else:
        rule["shortDescription"] = {"text": "clang-tidy check " + check}
    url = (docs_url.rstrip("/") + "/" + check + ".md") if (ours and docs_url) else (
        None if ours else clang_tidy_doc_url(check))
    if url:
        rule["helpUri"] = url
        rule.setdefault("help", {"text": "See " + url, "markdown": "See [%s](%s)." % (check, url)})
    extra = RULE_PROPERTIES.get(check, {})
    rule["properties"] = dict(extra, tags=[TOOL_NAME if ours else "clang-tidy"] + extra.get("tags", []))
    cwes = rule_cwes(check)
    if cwes:
        rule["relationships"] = [{"target": {"id": cwe, "toolComponent": {"name": "CWE", "index": 0}},
                                  "kinds": ["relevant"]} for cwe in cwes]
    return rule


def rule_cwes(check):
    return [tag.rsplit("-", 1)[1] for tag in RULE_PROPERTIES.get(check, {}).get("tags", [])
            if tag.startswith("external/cwe/cwe-")]


def cwe_taxonomy(cwes):
    return {"name": "CWE", "organization": "MITRE", "informationUri": "https://cwe.mitre.org/",
            "shortDescription": {"text": "The MITRE Common Weakness Enumeration"},
            "taxa": [{"id": cwe, "name": CWE_NAMES.get(cwe, "CWE-" + cwe),
                      "helpUri": "https://cwe.mitre.org/data/definitions/%s.html" % cwe}
                     for cwe in sorted(cwes, key=int)]}


def artifact_location(path, root):
    shown = display_path(path, root)
    if os.path.isabs(shown):
        return {"uri": file_uri(shown)}
    return {"uri": urllib.parse.quote(shown), "uriBaseId": "%SRCROOT%"}


def file_uri(path, directory=False):
    uri = "file://" + urllib.parse.quote(os.path.abspath(path).replace(os.sep, "/"))
    return uri + "/" if directory and not uri.endswith("/") else uri


def sarif_region(source, offset, length=None):
    start = source.position(offset)
    if start is None:
        return None
    region = {"startLine": start[0], "startColumn": start[1]}
    if length is not None:
        end = source.position(offset + length)
        region["endLine"], region["endColumn"] = end
        region["byteOffset"] = source.clamp(offset)
        region["byteLength"] = source.clamp(offset + length) - region["byteOffset"]
    return region


def sarif_location(place, root, sources, length=None):
    physical = {"artifactLocation": artifact_location(place.path, root)}
    region = sarif_region(sources.get(place.path), place.offset, length)
    if region:
        physical["region"] = region
    return {"physicalLocation": physical}


def sarif_result(f, rule_index, root, sources, fingerprint):
    result = {"ruleId": f.check, "ruleIndex": rule_index, "level": f.level,
              "message": {"text": f.message},
              # Ours as GitHub's own key too, so that code scanning tracks
              # the finding by it rather than computing one of its own.
              "partialFingerprints": {"callocTidy/v1": fingerprint, "primaryLocationLineHash": fingerprint}}
    if f.place is not None:
        location = sarif_location(f.place, root, sources)
        region = location["physicalLocation"].get("region")
        # The finding is a point; when a fix starts there (calloc replacing
        # malloc, say) its first edit is the span to underline.
        first = next((r for r in f.replacements if r.place.path == f.place.path
                      and r.place.offset == f.place.offset and r.place.length), None)
        if region and first:
            end = sources.get(f.place.path).position(first.place.offset + first.place.length)
            if end[0] == region["startLine"]:
                region["endLine"], region["endColumn"] = end
        result["locations"] = [location]
    related = []
    for index, note in enumerate(f.notes):
        if note.place is None:
            continue
        location = sarif_location(note.place, root, sources)
        location["id"] = index
        location["message"] = {"text": note.message}
        related.append(location)
    if related:
        result["relatedLocations"] = related
    if f.replacements:
        changes = {}
        for r in f.replacements:
            source = sources.get(r.place.path)
            if not source.readable:
                continue
            region = sarif_region(source, r.place.offset, r.place.length)
            changes.setdefault(r.place.path, []).append(
                {"deletedRegion": region, "insertedContent": {"text": r.text}})
        if changes:
            result["fixes"] = [{
                "description": {"text": "Apply the fix-it of " + f.check},
                "artifactChanges": [
                    {"artifactLocation": artifact_location(path, root), "replacements": edits}
                    for path, edits in changes.items()]}]
    return result


def sarif_log(findings, root, docs_url, tool_version):
    sources = Sources()
    checks = sorted({f.check for f in findings})
    index = {check: i for i, check in enumerate(checks)}
    driver = {"name": TOOL_NAME, "rules": [sarif_rule(c, docs_url) for c in checks]}
    if docs_url:
        driver["informationUri"] = docs_url
    if tool_version:
        driver["version"] = tool_version
    prints = fingerprints(findings, root, sources)
    run = {
        "tool": {"driver": driver},
        "columnKind": "utf16CodeUnits",
        "originalUriBaseIds": {"%SRCROOT%": {"uri": file_uri(root, directory=True)}},
        "results": [sarif_result(f, index[f.check], root, sources, p) for f, p in zip(findings, prints)],
    }
    cwes = {cwe for check in checks for cwe in rule_cwes(check)}
    if cwes:
        run["taxonomies"] = [cwe_taxonomy(cwes)]
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def run_sarif(args):
    findings = load_findings(args.fixes)
    log = sarif_log(findings, args.root, args.docs_url, args.tool_version)
    write_output(args.output, json.dumps(log, indent=2, ensure_ascii=False) + "\n")
    return 0


# --------------------------------------------------------------- codequality
#
# GitLab's Code Quality report: a JSON array of issues, each with
# description, check_name, fingerprint (unique in the report), severity
# (info, minor, major, critical or blocker) and location.path (relative to
# the repository) with location.lines.begin.

GITLAB_SEVERITIES = {"error": "critical", "warning": "major", "note": "info"}


def gitlab_severity(f):
    """From the rule's security-severity where it has one, by the CVSS
    bands GitHub also uses (9 and up blocker, 7 critical, 4 major, else
    minor); a rule without one but with a tag of its own (performance)
    minor; otherwise from clang-tidy's level."""
    properties = RULE_PROPERTIES.get(f.check, {})
    if "security-severity" in properties:
        score = float(properties["security-severity"])
        return "blocker" if score >= 9 else "critical" if score >= 7 else "major" if score >= 4 else "minor"
    if properties:
        return "minor"
    return GITLAB_SEVERITIES[f.level]


def codequality_issues(findings, root, sources):
    issues = []
    for f, fingerprint in zip(findings, fingerprints(findings, root, sources)):
        position = sources.get(f.place.path).position(f.place.offset) if f.place else None
        if position is None:
            continue  # GitLab wants a file and a line
        issues.append({
            "description": f.message,
            "check_name": f.check,
            "fingerprint": fingerprint,
            "severity": gitlab_severity(f),
            "location": {"path": display_path(f.place.path, root), "lines": {"begin": position[0]}},
        })
    return issues


def run_codequality(args):
    findings = load_findings(args.fixes)
    issues = codequality_issues(findings, args.root, Sources())
    write_output(args.output, json.dumps(issues, indent=2, ensure_ascii=False) + "\n")
    return 0


# --------------------------------------------------------------- suggestions


def changed_lines(diff_text):
    """{path: set of lines of the new file that a review may comment on},
    from a unified diff (git diff): every line inside a hunk, kept or added."""
    commentable, path = {}, None
    hunk = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
    for line in diff_text.splitlines():
        if line.startswith("+++ "):
            name = line[4:].split("\t")[0]
            path = None if name == "/dev/null" else re.sub(r"^b/", "", name)
        elif line.startswith("@@") and path is not None:
            m = hunk.match(line)
            if m:
                start, count = int(m.group(1)), int(m.group(2) or 1)
                commentable.setdefault(path, set()).update(range(start, start + count))
    return commentable


def fence_for(text):
    longest = max([len(m) for m in re.findall(r"`+", text)] + [2])
    return "`" * (longest + 1)


def suggestion_for(f, sources):
    """(first line, last line, old lines, new lines) that the fix-it of f
    rewrites in f's own file, or None when there is nothing to suggest."""
    if f.place is None:
        return None
    edits = sorted((r for r in f.replacements if r.place.path == f.place.path),
                   key=lambda r: (r.place.offset, r.place.length))
    source = sources.get(f.place.path)
    if not edits or not source.readable:
        return None
    for a, b in zip(edits, edits[1:]):
        if a.place.offset + a.place.length > b.place.offset:
            return None  # overlapping edits: clang-tidy would not apply them either
    first = source.position(edits[0].place.offset)[0]
    last = source.position(edits[-1].place.offset + edits[-1].place.length)[0]
    start, _ = source.line_span(first)
    _, end = source.line_span(last)
    pieces, cursor = [], start
    for r in edits:
        offset = source.clamp(r.place.offset)
        pieces.append(source.data[cursor:offset])
        pieces.append(r.text.encode("utf-8"))
        cursor = max(cursor, source.clamp(offset + r.place.length))
    pieces.append(source.data[cursor:max(cursor, end)])
    old = source.data[start:end].decode("utf-8", "replace")
    new = b"".join(pieces).decode("utf-8", "replace")
    split = lambda text: [line.rstrip("\r") for line in text.split("\n")]
    return first, last, split(old), split(new)


def review_comments(findings, root, sources, commentable):
    comments, outside = [], []
    for f in findings:
        if f.place is None:
            outside.append(f)
            continue
        path = display_path(f.place.path, root)
        position = sources.get(f.place.path).position(f.place.offset)
        if position is None:
            outside.append(f)
            continue
        body = "warning: %s [%s]\n" % (f.message, f.check)
        suggestion = suggestion_for(f, sources)
        first = last = position[0]
        if suggestion:
            s_first, s_last, _, new = suggestion
            text = "\n".join(new)
            fence = fence_for(text)
            body += "\n%ssuggestion\n%s\n%s\n" % (fence, text, fence)
            first, last = s_first, s_last
        for note in f.notes:
            body += "\n" + note_text(note, root, sources) + "\n"
        if commentable is not None and not set(range(first, last + 1)) <= commentable.get(path, set()):
            outside.append(f)
            continue
        comment = {"path": path, "line": last, "side": "RIGHT", "body": body}
        if first != last:
            comment.update({"start_line": first, "start_side": "RIGHT"})
        comments.append(comment)
    return comments, outside


def markdown_report(findings, root, sources):
    if not findings:
        return "calloc-tidy found nothing to report.\n"
    out = ["## calloc-tidy: %d finding%s\n" % (len(findings), "" if len(findings) == 1 else "s")]
    return "\n".join(out + markdown_findings(findings, root, sources))


def markdown_findings(findings, root, sources):
    """Each finding with its place, its fix-it as a diff block and its
    notes, as Markdown paragraphs."""
    out = []
    for f in findings:
        where = display_path(f.place.path, root) if f.place else "(no file)"
        position = sources.get(f.place.path).position(f.place.offset) if f.place else None
        if position:
            where += ":%d:%d" % position
        out.append("**%s**: %s: %s `[%s]`\n" % (where, f.level, f.message, f.check))
        suggestion = suggestion_for(f, sources)
        if suggestion:
            _, _, old, new = suggestion
            text = "\n".join(["- " + line for line in old] + ["+ " + line for line in new])
            fence = fence_for(text)
            out.append("%sdiff\n%s\n%s\n" % (fence, text, fence))
        for note in f.notes:
            out.append("- " + note_text(note, root, sources) + "\n")
    return out


def run_suggestions(args):
    findings = load_findings(args.fixes)
    sources = Sources()
    if args.format == "markdown":
        write_output(args.output, markdown_report(findings, args.root, sources))
        return 0
    commentable = None
    if args.diff:
        try:
            with open(args.diff, encoding="utf-8", errors="replace") as f:
                commentable = changed_lines(f.read())
        except OSError as e:
            raise Failure("cannot read %s: %s" % (args.diff, e.strerror or e))
    comments, outside = review_comments(findings, args.root, sources, commentable)
    body = "calloc-tidy: %d finding%s" % (len(findings), "" if len(findings) == 1 else "s")
    if outside:
        # GitHub takes no comment off the diff's lines, where a change's new
        # findings may well be (below a deleted guard): the body shows them.
        body += (" (%d outside the lines of this pull request, where no comment can go: "
                 "here, with their fixes)\n\n" % len(outside))
        body += "\n".join(markdown_findings(outside, args.root, sources))
    review = {"body": body, "event": "COMMENT", "comments": comments}
    write_output(args.output, json.dumps(review, indent=2, ensure_ascii=False) + "\n")
    return 0


# --------------------------------------------------------------- new
#
# The findings a change brings, wherever they are: the files it touches are
# linted as they are now and as they were at the base, with the same
# compilation database, and what now has a fingerprint the base lacks is
# new. A deleted guard makes the untouched allocation below it new, where
# linting the changed lines alone never sees it. The base is linted in
# place: a VFS overlay (clang-tidy --vfsoverlay) shows clang-tidy the base's
# version of each file the change touches, at the file's own path, so every
# compile flag, include path and generated header still applies.

SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx")


def git(root, *arguments):
    p = subprocess.run(["git", "-C", root] + list(arguments), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise Failure("git %s: %s" % (" ".join(arguments), p.stderr.decode("utf-8", "replace").strip()))
    return p.stdout


def changed_files(root, base):
    """({path at the base: its blob}, [path now], {path at the base: path
    now}) of the files that differ between base and the work tree, relative
    to root; regular files only at the base (not links or submodules)."""
    fields = git(root, "diff", "--raw", "-z", "-M", "--no-abbrev", base, "--")
    fields = fields.decode("utf-8", "surrogateescape").split("\0")
    before, after, renamed = {}, [], {}
    index = 0
    while index + 1 < len(fields):
        old_mode, _, old_blob, _, status = fields[index].lstrip(":").split(" ")
        paths = fields[index + 1:index + (3 if status[0] in "RC" else 2)]
        index += 1 + len(paths)
        if status[0] != "A" and status[0] != "C" and old_mode.startswith("100"):
            before[paths[0]] = old_blob
        if status[0] == "R":
            renamed[paths[0]] = paths[1]
        if status[0] != "D":
            after.append(paths[-1])
    return before, after, renamed


def vfs_overlay(files):
    """A clang VFS overlay (JSON, which its YAML reader takes) showing each
    {path: file with its contents} at path, all else as it is."""
    folders = {}
    for path, contents in sorted(files.items()):
        folder, name = os.path.split(path)
        folders.setdefault(folder, []).append({"type": "file", "name": name, "external-contents": contents})
    return {"version": 0, "use-external-names": False, "fallthrough": True,
            "roots": [{"type": "directory", "name": folder, "contents": entries}
                      for folder, entries in sorted(folders.items())]}


def default_clang_tidy():
    """$CALLOC_TIDY, else the calloc-tidy beside this script (in the source
    tree, or <prefix>/bin when installed), else calloc-tidy on PATH."""
    if os.environ.get("CALLOC_TIDY"):
        return os.environ["CALLOC_TIDY"]
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (os.path.join(here, os.pardir, "calloc-tidy"),
                      os.path.join(here, os.pardir, os.pardir, os.pardir, "bin", "calloc-tidy")):
        if os.access(candidate, os.X_OK) and os.path.isfile(candidate):
            return os.path.normpath(candidate)
    return "calloc-tidy"


def lint(args, files, fixes, what, overlay=None):
    """Runs clang-tidy on files; their findings (none when there is no file)."""
    if not files:
        return []
    command = [args.clang_tidy, "--quiet", "--export-fixes=" + fixes]
    if args.build:
        command += ["-p", args.build]
    if overlay:
        command.append("--vfsoverlay=" + overlay)
    command += args.tidy_args + files
    try:
        p = subprocess.run(command, cwd=args.repo, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as e:
        raise Failure("cannot run %s: %s" % (args.clang_tidy, e.strerror or e))
    if p.returncode != 0:
        # A file that does not compile still has its other findings; say so.
        sys.stderr.write("tidy2ci.py: %s exited %d on %s:\n%s" % (
            os.path.basename(args.clang_tidy), p.returncode, what, p.stdout.decode("utf-8", "replace")))
    if not os.path.exists(fixes):
        if p.returncode != 0:
            raise Failure("%s wrote no %s" % (args.clang_tidy, fixes))
        return []
    return load_findings([fixes])


def new_findings(args, scratch):
    base = git(args.repo, "merge-base", args.base, "HEAD").decode().strip()
    before, after, renamed = changed_files(args.repo, base)
    absolute = lambda path: os.path.join(args.repo, path)
    sources = lambda paths: [absolute(p) for p in paths if p.endswith(SOURCE_SUFFIXES)]

    now = [p for p in after if os.path.isfile(absolute(p))]
    head = lint(args, sources(now), os.path.join(scratch, "now.yaml"), "the work tree")

    # The base's version of every file it had that the change touches.
    shown = {}
    for path, blob in before.items():
        copy = os.path.join(scratch, "base", path)
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        with open(copy, "wb") as f:
            f.write(git(args.repo, "cat-file", "blob", blob))
        shown[absolute(path)] = copy
    overlay = os.path.join(scratch, "base.overlay.json")
    with open(overlay, "w", encoding="utf-8") as f:
        json.dump(vfs_overlay(shown), f)
    old = lint(args, sources(before), os.path.join(scratch, "base.yaml"), "the base " + base[:12], overlay)

    seen = set(fingerprints(old, args.repo, Sources(shown), renamed))
    new = [f for f, p in zip(head, fingerprints(head, args.repo, Sources())) if p not in seen]
    sys.stderr.write("tidy2ci.py: %d new of %d finding%s in %d changed file%s (%d at the base %s)\n" % (
        len(new), len(head), "" if len(head) == 1 else "s", len(sources(now)),
        "" if len(sources(now)) == 1 else "s", len(old), base[:12]))
    return new


def run_new(args):
    need_yaml()
    args.repo = os.path.realpath(git(args.root, "rev-parse", "--show-toplevel").decode().strip())
    if args.build:
        args.build = os.path.abspath(args.build)
    if args.tidy_args[:1] == ["--"]:
        args.tidy_args = args.tidy_args[1:]
    scratch = tempfile.mkdtemp(prefix="tidy2ci-")
    try:
        new = new_findings(args, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    document = {"MainSourceFile": "", "Diagnostics": [f.diagnostic for f in new]}
    write_output(args.output, yaml.safe_dump(document, sort_keys=False, allow_unicode=True))
    return 1 if (args.exit_code and new) else 0


# --------------------------------------------------------------- main


def write_output(path, text):
    if path in (None, "-"):
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as e:
        raise Failure("cannot write %s: %s" % (path, e.strerror or e))


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="tidy2ci.py", description="Turn clang-tidy --export-fixes YAML into CI annotations.",
        epilog="Example: calloc-tidy -p build --export-fixes=fixes.yaml src/*.c; "
               "tidy2ci.py github fixes.yaml")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name, help_text):
        p = commands.add_parser(name, help=help_text, description=help_text)
        p.add_argument("fixes", nargs="+", metavar="FIXES.yaml",
                       help="files written by clang-tidy --export-fixes ('-': standard input)")
        p.add_argument("--root", default=default_root(),
                       help="repository root; paths are shown relative to it "
                            "(default: $GITHUB_WORKSPACE, else the current folder)")
        p.add_argument("-o", "--output", help="write here instead of to standard output")
        return p

    p = command("github", "GitHub workflow commands (::warning file=...::message), one per finding")
    p.add_argument("--exit-code", action="store_true", help="exit 1 when there is any finding")
    p.set_defaults(run=run_github)

    p = command("sarif", "SARIF 2.1.0 log")
    p.add_argument("--docs-url", default=os.environ.get("CALLOC_TIDY_DOCS_URL"),
                   help="where the docs/ folder of calloc-tidy is published, for the rules' "
                        "helpUri (default: $CALLOC_TIDY_DOCS_URL); the rules' help "
                        "carries the pages themselves either way")
    p.add_argument("--tool-version", help="version to record for the tool")
    p.set_defaults(run=run_sarif)

    p = command("codequality", "GitLab Code Quality report (JSON)")
    p.set_defaults(run=run_codequality)

    p = command("suggestions", "review comments with suggestion blocks (JSON), or Markdown")
    p.add_argument("--format", choices=("review", "markdown"), default="review",
                   help="review: the body of POST /repos/{owner}/{repo}/pulls/{n}/reviews "
                        "(default); markdown: one comment with diff blocks")
    p.add_argument("--diff", metavar="FILE",
                   help="a unified diff of the pull request (git diff); findings outside "
                        "its hunks are left out of the review, which GitHub would refuse")
    p.set_defaults(run=run_suggestions)
    p = commands.add_parser(
        "new", help="the findings a change brings, as --export-fixes YAML",
        description="Lints the C and C++ sources that differ between the merge base of REV "
                    "and HEAD and the work tree, as they are and as they were (with the same "
                    "compile flags), and writes the --export-fixes YAML of the findings that "
                    "are new, on changed lines or not, for the other commands.",
        epilog="Example: tidy2ci.py new --base origin/main -p build -o new.yaml; "
               "tidy2ci.py suggestions new.yaml")
    p.add_argument("--base", required=True, metavar="REV", help="what the change is against "
                   "(its merge base with HEAD is used, as for a pull request)")
    p.add_argument("-p", dest="build", metavar="BUILD",
                   help="folder of compile_commands.json, as for clang-tidy -p")
    p.add_argument("--clang-tidy", default=default_clang_tidy(),
                   help="the clang-tidy to run (default: $CALLOC_TIDY, else the calloc-tidy "
                        "command beside this script or on PATH)")
    p.add_argument("--root", default=default_root(), help="a folder in the git repository "
                   "(default: $GITHUB_WORKSPACE, else the current folder)")
    p.add_argument("-o", "--output", help="write here instead of to standard output")
    p.add_argument("--exit-code", action="store_true", help="exit 1 when there is any new finding")
    p.add_argument("tidy_args", nargs=argparse.REMAINDER, metavar="-- CLANG-TIDY OPTIONS",
                   help="passed to clang-tidy before the files (--header-filter=..., --config-file=...)")
    p.set_defaults(run=run_new)

    args = parser.parse_args(argv)
    args.root = os.path.abspath(args.root)
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return args.run(args)
    except Failure as e:
        print("tidy2ci.py: " + str(e), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
