"""tools/tidy2ci.py on real --export-fixes YAML of unicode.c, as UTF-8 with
"\\n" and with "\\r\\n" line ends:
  github       parsed back the way the GitHub runner parses workflow
               commands; positions equal clang-tidy's own (its byte columns
               turned into UTF-16 columns); escaping round-trips
  sarif        valid against the official SARIF 2.1.0 schema; rules, regions,
               and fixes that, applied, give the file clang-tidy --fix gives
  suggestions  applied as GitHub applies suggestions, give that file too;
               --diff keeps only commentable lines; Markdown has the diffs
  codequality  valid against GitLab's documented Code Quality format (our
               own schema of it), severities from the rules
and, in SARIF and GitLab alike, each finding's fingerprint: the hash of its
check, file, function and folded line, with its occurrence; the same after
lines are added above it. SARIF rules carry GitHub's code scanning
properties (tags with CWEs, precision, security-severity) and the CWE
taxonomy.
"""

import hashlib
import json
import os
import re
import shutil

import jsonschema
import yaml

from harness import Test

HERE = os.path.dirname(os.path.abspath(__file__))
# (check, function, the finding's line as it reads in unicode.c, spaces
# folded), by line: what a fingerprint is made of, read off the file by hand.
IDENTITIES = {
    9: ("calloc-unchecked-multiplication", "grow", "/* \u00e9 */ void *a = malloc(n * size);"),
    10: ("calloc-unchecked-multiplication", "grow", "/* \U0001F600 */ void *b = malloc(size * n);"),
    16: ("calloc-malloc-memset", "zeroed", "/* d\u00e9j\u00e0 \U0001F600 */ char *q = malloc(n);"),
}
# GitHub code scanning's documented rule properties, and the values
# docs/ci.md justifies.
RULE_PROPERTIES = {
    "calloc-unchecked-multiplication": {
        "tags": ["calloc-tidy", "security", "external/cwe/cwe-190", "external/cwe/cwe-680"],
        "precision": "medium", "security-severity": "8.1", "problem.severity": "warning"},
    "calloc-malloc-memset": {
        "tags": ["calloc-tidy", "performance"], "precision": "very-high", "problem.severity": "recommendation"},
}
SEVERITIES = {"calloc-unchecked-multiplication": "critical", "calloc-malloc-memset": "minor"}
TEXT_DIAGNOSTIC = re.compile(r"^(.+?):(\d+):(\d+): (warning|error): (.*) \[([^\]]+)\]$")


# ---- the GitHub runner's reading of a workflow command (actions/runner,
# ActionCommand.TryParseV2): "::name k=v,k=v::data", unescaped in its order.
DATA_ESCAPES = [("\r", "%0D"), ("\n", "%0A"), ("%", "%25")]
PROPERTY_ESCAPES = [("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C"), ("%", "%25")]


def unescape(text, escapes):
    for token, replacement in escapes:
        text = text.replace(replacement, token)
    return text


def parse_command(line):
    if not line.startswith("::"):
        return None
    end = line.find("::", 2)
    if end < 0:
        return None
    info, data = line[2:end], line[end + 2:]
    name, _, props = info.partition(" ")
    properties = {}
    for pair in filter(None, props.split(",")):
        key, sep, value = pair.partition("=")
        if sep:
            properties[key] = unescape(value, PROPERTY_ESCAPES)
    return name, properties, unescape(data, DATA_ESCAPES)


# ---- positions

def utf16_column(line_bytes, byte_column):
    prefix = line_bytes[:byte_column - 1].decode("utf-8")
    return sum(2 if ord(c) > 0xFFFF else 1 for c in prefix) + 1


def clang_positions(text_output, path):
    """{(check, line): utf16 column} from clang-tidy's text output."""
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    result = {}
    for line in text_output.splitlines():
        m = TEXT_DIAGNOSTIC.match(line)
        if m and os.path.realpath(m.group(1)) == os.path.realpath(path):
            number, column = int(m.group(2)), int(m.group(3))
            result[(m.group(6), number)] = utf16_column(lines[number - 1], column)
    return result


def byte_offset(data, line, column):
    """Byte offset of a 1-based (line, UTF-16 column) in data."""
    starts = [0] + [m.end() for m in re.finditer(b"\n", data)]
    start = starts[line - 1]
    text = data[start:].decode("utf-8")
    units, index = 0, 0
    while units < column - 1:
        units += 2 if ord(text[index]) > 0xFFFF else 1
        index += 1
    return start + len(text[:index].encode("utf-8"))


def main():
    t = Test(__doc__)
    src = t.path("src")
    os.makedirs(src)
    with open(os.path.join(HERE, "unicode.c"), "rb") as f:
        original = f.read()
    variants = {"LF": original, "CRLF": original.replace(b"\n", b"\r\n")}
    with open(os.path.join(HERE, "sarif-schema-2.1.0.json"), encoding="utf-8") as f:
        schema = json.load(f)
    with open(os.path.join(HERE, "gitlab-code-quality.schema.json"), encoding="utf-8") as f:
        gitlab_schema = json.load(f)
    tidy = [t.clang_tidy, "--load=" + t.plugin, "--checks=-*,calloc-*"]

    for variant, data in variants.items():
        name = "unicode-%s.c" % variant.lower()
        source = os.path.join(src, name)
        with open(source, "wb") as f:
            f.write(data)
        fixes = t.path(variant + ".yaml")
        status, text, err = t.run(tidy + ["--export-fixes=" + fixes, source, "--"])
        t.equal(status, 0, variant + ": clang-tidy failed: " + err)
        expected = clang_positions(text, source)
        t.equal(len(expected), 3, variant + ": clang-tidy's findings in unicode.c")
        fixed_copy = t.path("fixed", name)
        os.makedirs(os.path.dirname(fixed_copy), exist_ok=True)
        shutil.copy(source, fixed_copy)
        t.run(tidy + ["--fix", fixed_copy, "--"])
        with open(fixed_copy, "rb") as f:
            fixed = f.read()
        t.check(fixed != data and b"calloc(n, size)" in fixed, variant + ": clang-tidy --fix did nothing")

        # --- github
        status, out, err = t.run(t.tidy2ci() + ["github", "--root", t.work, fixes])
        t.equal(status, 0, variant + ": tidy2ci github failed: " + err)
        commands = [parse_command(line) for line in out.splitlines()]
        t.check(all(commands) and len(commands) == 3, variant + ": github: not 3 workflow commands", out)
        got = {}
        for command in filter(None, commands):
            kind, props, message = command
            t.equal(kind, "warning", variant + ": github: command")
            t.equal(props.get("file"), "src/" + name, variant + ": github: file relative to --root")
            t.check(message.split("\n")[0].endswith("[%s]" % props.get("title")),
                    variant + ": github: message ends with the check", message)
            got[(props.get("title"), int(props.get("line", 0)))] = int(props.get("col", 0))
            if props.get("title") == "calloc-malloc-memset":
                t.check(re.search(r"\nnote: src/%s:17:3: 'memset' zeroes" % re.escape(name), message),
                        variant + ": github: the note's line", message)
        t.equal(got, expected, variant + ": github: (check, line) -> column, against clang-tidy's")

        # --- sarif
        log = validated(t, variant + ": sarif", ["sarif", "--root", t.work, fixes, "--docs-url",
                                                 "https://example.org/calloc-tidy/docs/"],
                        schema, jsonschema.Draft4Validator)
        run = log["runs"][0]
        t.equal(run["columnKind"], "utf16CodeUnits", variant + ": sarif: columnKind")
        rules = run["tool"]["driver"]["rules"]
        t.equal([r["id"] for r in rules], ["calloc-malloc-memset", "calloc-unchecked-multiplication"],
                variant + ": sarif: rule ids")
        for rule in rules:
            t.equal(rule.get("helpUri"), "https://example.org/calloc-tidy/docs/%s.md" % rule["id"],
                    variant + ": sarif: helpUri")
            t.check(rule.get("help", {}).get("markdown", "").startswith("# " + rule["id"]),
                    variant + ": sarif: the rule's help is its doc page")
            t.check(rule.get("shortDescription", {}).get("text", "").startswith("Finds "),
                    variant + ": sarif: shortDescription is the doc's summary", str(rule))
            properties = rule.get("properties", {})
            t.equal(properties, RULE_PROPERTIES[rule["id"]], variant + ": sarif: the rule's properties")
            score = properties.get("security-severity")
            t.check(score is None or (isinstance(score, str) and 0 <= float(score) <= 10
                                      and "security" in properties["tags"]),
                    variant + ": sarif: GitHub reads security-severity as a string from 0 to 10, "
                    "on a rule tagged security")
            t.check(properties.get("precision") in ("very-high", "high", "medium", "low"),
                    variant + ": sarif: precision is one of GitHub's four")
            cwes = sorted(tag.rsplit("-", 1)[1] for tag in properties["tags"] if tag.startswith("external/cwe/"))
            t.equal(sorted(r["target"]["id"] for r in rule.get("relationships", [])), cwes,
                    variant + ": sarif: relationships to the CWE taxonomy, one per CWE tag")
        taxonomies = run.get("taxonomies", [])
        t.check(len(taxonomies) == 1 and taxonomies[0]["name"] == "CWE"
                and sorted(taxon["id"] for taxon in taxonomies[0]["taxa"]) == ["190", "680"],
                variant + ": sarif: the CWE taxonomy with CWE-190 and CWE-680", json.dumps(taxonomies))
        prints = {}
        got, edits = {}, []
        for result in run["results"]:
            t.equal(rules[result["ruleIndex"]]["id"], result["ruleId"], variant + ": sarif: ruleIndex")
            location = result["locations"][0]["physicalLocation"]
            t.equal(location["artifactLocation"], {"uri": "src/" + name, "uriBaseId": "%SRCROOT%"},
                    variant + ": sarif: artifact location")
            region = location["region"]
            got[(result["ruleId"], region["startLine"])] = region["startColumn"]
            prints[region["startLine"]] = result.get("partialFingerprints", {})
            t.equal(text_at(data, region), b"malloc", variant + ": sarif: the region is the malloc")
            for fix in result.get("fixes", []):
                for change in fix["artifactChanges"]:
                    for r in change["replacements"]:
                        d = r["deletedRegion"]
                        start = byte_offset(data, d["startLine"], d["startColumn"])
                        end = byte_offset(data, d["endLine"], d["endColumn"])
                        t.equal((start, end - start), (d["byteOffset"], d["byteLength"]),
                                variant + ": sarif: line/column and byte regions disagree")
                        edits.append((start, end, r["insertedContent"]["text"].encode("utf-8")))
        t.equal(got, expected, variant + ": sarif: (rule, line) -> column, against clang-tidy's")
        t.equal(apply(data, edits), fixed, variant + ": sarif: the fixes do not give clang-tidy --fix's file")
        fingerprints = {line: fingerprint("src/" + name, *IDENTITIES[line]) for line in IDENTITIES}
        t.equal(prints, {line: {"callocTidy/v1": p, "primaryLocationLineHash": p}
                         for line, p in fingerprints.items()},
                variant + ": sarif: partialFingerprints, by line")

        # --- codequality
        issues = validated(t, variant + ": codequality", ["codequality", "--root", t.work, fixes],
                           gitlab_schema, jsonschema.Draft7Validator)
        t.equal(sorted((i["location"]["lines"]["begin"], i["check_name"], i["severity"], i["fingerprint"],
                        i["location"]["path"]) for i in issues),
                sorted((line, check, SEVERITIES[check], fingerprints[line], "src/" + name)
                       for line, (check, _, _) in IDENTITIES.items()),
                variant + ": codequality: (line, check, severity, fingerprint, path)")
        t.check(all(i["description"].startswith(("allocation size", "memory allocated")) for i in issues),
                variant + ": codequality: the description is clang-tidy's message", json.dumps(issues))

        # Lines added above: the same fingerprints, on other lines.
        moved = os.path.join(src, "moved", name)
        os.makedirs(os.path.dirname(moved), exist_ok=True)
        with open(moved, "wb") as f:
            f.write(data.replace(b"#include <stdlib.h>", b"/* two more\n   lines */\n#include <stdlib.h>"))
        moved_fixes = t.path(variant + "-moved.yaml")
        t.run(tidy + ["--export-fixes=" + moved_fixes, moved, "--"])
        status, out, err = t.run(t.tidy2ci() + ["sarif", "--root", src, moved_fixes])
        results = json.loads(out)["runs"][0]["results"] if status == 0 else []
        t.equal(sorted((r["locations"][0]["physicalLocation"]["region"]["startLine"],
                        r["partialFingerprints"]["callocTidy/v1"]) for r in results),
                sorted((line + 2, fingerprint("moved/" + name, *IDENTITIES[line])) for line in IDENTITIES),
                variant + ": sarif: two lines added above, only the lines change")

        # --- suggestions
        status, out, err = t.run(t.tidy2ci() + ["suggestions", "--root", t.work, fixes])
        t.equal(status, 0, variant + ": tidy2ci suggestions failed: " + err)
        review = json.loads(out)
        t.equal(review.get("event"), "COMMENT", variant + ": suggestions: review event")
        comments = review.get("comments", [])
        t.equal(len(comments), 3, variant + ": suggestions: comments")
        t.equal(apply_suggestions(data, comments, t), fixed,
                variant + ": suggestions: applied, they do not give clang-tidy --fix's file")
        memset = [c for c in comments if "[calloc-malloc-memset]" in c["body"]]
        t.check(memset and (memset[0].get("start_line"), memset[0]["line"]) == (16, 17),
                variant + ": suggestions: the memset merge spans lines 16-17", json.dumps(memset))

        # Only lines inside the pull request's hunks: here line 9 and 16-17.
        diff = t.write(t.path("pr.diff"),
                       "diff --git a/src/{0} b/src/{0}\n--- a/src/{0}\n+++ b/src/{0}\n"
                       "@@ -9 +9 @@\n-x\n+y\n@@ -14,0 +16,2 @@\n+a\n+b\n".format(name))
        status, out, err = t.run(t.tidy2ci() + ["suggestions", "--root", t.work, fixes, "--diff", diff])
        review = json.loads(out)
        t.equal(sorted(c["line"] for c in review["comments"]), [9, 17],
                variant + ": suggestions --diff: comments kept")
        t.check("1 outside" in review["body"], variant + ": suggestions --diff: body", review["body"])

        status, out, err = t.run(t.tidy2ci() + ["suggestions", "--format", "markdown", "--root", t.work, fixes])
        t.check(status == 0 and out.count("```diff\n") == 3 and "+   /* é */ void *a = calloc(n, size);" in out,
                variant + ": suggestions --format markdown", out + err)

    escaping(t)
    t.finish()


def validated(t, what, arguments, schema, validator):
    """The JSON that tidy2ci.py ARGUMENTS -o FILE writes, checked against a
    JSON schema."""
    output = t.path(what.replace(": ", "-") + ".json")
    status, _, err = t.run(t.tidy2ci() + arguments + ["-o", output])
    t.equal(status, 0, "%s: tidy2ci.py failed: %s" % (what, err))
    with open(output, encoding="utf-8") as f:
        document = json.load(f)
    try:
        jsonschema.validate(document, schema, cls=validator)
    except jsonschema.ValidationError as e:
        t.check(False, "%s: not valid against %s: %s" % (what, schema.get("title", "the schema"), str(e)[:2000]))
    return document


def fingerprint(path, check, function, text, occurrence=1):
    """What docs/ci.md says a fingerprint is."""
    digest = hashlib.sha256("\0".join([check, path, function, text]).encode("utf-8")).hexdigest()
    return "%s:%d" % (digest[:16], occurrence)


def text_at(data, region):
    start = byte_offset(data, region["startLine"], region["startColumn"])
    end = byte_offset(data, region.get("endLine", region["startLine"]), region["endColumn"])
    return data[start:end]


def apply(data, edits):
    for start, end, text in sorted(edits, reverse=True):
        data = data[:start] + text + data[end:]
    return data


def apply_suggestions(data, comments, t):
    """What "Commit suggestion" does: lines start_line..line replaced by the
    block's lines (which GitHub writes with the file's line ends)."""
    newline = b"\r\n" if b"\r\n" in data else b"\n"
    lines = data.split(newline)
    for c in sorted(comments, key=lambda c: c["line"], reverse=True):
        m = re.search(r"^(`{3,})suggestion\n(.*?)\n\1$", c["body"], re.S | re.M)
        if not t.check(m, "suggestion block missing", c["body"]):
            continue
        first = c.get("start_line", c["line"])
        lines[first - 1:c["line"]] = [line.encode("utf-8") for line in m.group(2).split("\n")]
    return newline.join(lines)


def escaping(t):
    """Messages and paths with the characters GitHub's commands reserve."""
    folder = t.path("odd, name: 100%")
    path = t.write(os.path.join(folder, "x.c"), "int x;\r\n")
    message = "50% done: a, b\nsecond line %0A literal\r\nthird"
    fixes = t.write(t.path("odd.yaml"), yaml.safe_dump({
        "MainSourceFile": path,
        "Diagnostics": [{"DiagnosticName": "calloc-test", "Level": "Error", "BuildDirectory": folder,
                         "DiagnosticMessage": {"Message": message, "FilePath": "x.c",
                                               "FileOffset": 4, "Replacements": []}}]}))
    status, out, err = t.run(t.tidy2ci() + ["github", "--root", t.work, fixes])
    lines = out.splitlines()
    t.equal(len(lines), 1, "escaping: one command line, whatever the message holds")
    parsed = parse_command(lines[0]) if lines else None
    t.equal(parsed, ("error", {"file": "odd, name: 100%/x.c", "line": "1", "col": "5", "title": "calloc-test"},
                     message + " [calloc-test]"), "escaping: what the runner reads back")


if __name__ == "__main__":
    main()
