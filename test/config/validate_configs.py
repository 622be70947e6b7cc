#!/usr/bin/env python3
"""Checks calloc-tidy's presets (config/*.yaml) against the plugin itself.

Usage:

  validate_configs.py --clang-tidy=PATH --plugin=PATH PRESET_OR_FOLDER...

A folder stands for the *.yaml files in it. For every preset:

  * it is YAML with one mapping at the top, and no key is given twice;
  * `Checks` enables every calloc-* check (clang-tidy's glob rules: the last
    matching glob decides, a leading '-' disables);
  * every CheckOptions key is an option of one of our checks, as
    `clang-tidy --checks=-*,calloc-* --config={} --dump-config` lists them,
    or the global form of an option the checks read globally (Allocators,
    Lengths);
  * every value parses as what the option's default is: a boolean, an
    integer, or, for Allocators, a list of entries that follow the grammar of
    checks/allocators/AllocatorFamilies.cpp (NAME(ARGS) with exactly one argument named
    `size`, then key=function fields, keys array, zeroing-array, zeroing),
    and for Lengths, entries that follow checks/vocabulary/ObjectLengths.cpp (NAME or
    RECORD.FIELD, optionally followed by `(elem=N)` or `(elem=pointer)`);
  * clang-tidy agrees: `--verify-config` reports nothing, `--dump-config`
    shows each option with the value YAML gives it (LLVM 16 does not fold a
    quoted scalar that spans lines, for one), and a run over an empty C file
    prints no [clang-tidy-config] warning.

Each problem is one line, `PRESET:LINE: error: MESSAGE`; the exit status is
1 if there was any. Needs PyYAML; when the running Python lacks it, the
script runs itself again with build/venv's Python, which has it.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    HERE = os.path.dirname(os.path.abspath(__file__))
    VENV_PYTHON = os.path.join(HERE, os.pardir, os.pardir, "build", "venv", "bin", "python3")
    if os.path.exists(VENV_PYTHON) and os.path.realpath(VENV_PYTHON) != os.path.realpath(sys.executable):
        os.execv(VENV_PYTHON, [VENV_PYTHON] + sys.argv)
    sys.exit("validate_configs: PyYAML is missing for %s (pip install PyYAML, "
             "or run through ./run-tests, whose build/venv has it)" % sys.executable)

# Options the checks read with getLocalOrGlobal (checks/*Check.cpp): a
# CheckOptions key may name them without the check's prefix.
GLOBAL_OPTIONS = {"Allocators", "Lengths", "Inputs"}

# Entry grammar, as checks/allocators/AllocatorFamilies.cpp parses it.
FAMILY_KEYS = ("array", "zeroing-array", "zeroing", "objs", "macro")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
TRIM = " \t\n\v\f\r"

# What clang-tidy accepts for a boolean option (llvm::yaml::parseBool, and
# integers, for compatibility); for an integer, StringRef::getAsInteger(10).
BOOLEANS = {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON",
            "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"}
INTEGER = re.compile(r"[0-9]+\Z")


class Problems:
    def __init__(self):
        self.count = 0

    def report(self, path, line, message):
        self.count += 1
        print("%s:%d: error: %s" % (path, line, message))


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)


def known_options(clang_tidy, plugin):
    """Our checks' options and their defaults, as --dump-config shows them."""
    result = run([clang_tidy, "--load=" + plugin, "--checks=-*,calloc-*", "--config={}",
                  "--dump-config"])
    if result.returncode != 0:
        sys.exit("validate_configs: clang-tidy --dump-config failed:\n" + result.stdout)
    dumped = yaml.safe_load(result.stdout) or {}
    options = {}
    for key, value in (dumped.get("CheckOptions") or {}).items():
        if key.startswith("calloc-"):
            options[key] = str(value)
    if not options:
        sys.exit("validate_configs: --dump-config lists no calloc-* option; is %s our plugin?" % plugin)
    return options


def kind_of(default):
    if default in ("true", "false"):
        return "boolean"
    if INTEGER.match(default):
        return "integer"
    return "string"


def entry_error(text):
    """Why one Allocators entry is malformed, in the words of the C++ parser,
    or None. Also rejects an empty argument name, which silently changes the
    number of arguments the entry matches."""
    open_at, close_at = text.find("("), text.find(")")
    if open_at < 0 or close_at < 0 or close_at < open_at:
        return "expected 'name(arguments)'"
    name = text[:open_at].strip(TRIM)
    if not IDENTIFIER.match(name):
        return "'%s' is not a function name" % name
    params = text[open_at + 1:close_at].split(",")
    if any(not p.strip(TRIM) for p in params) and params != [""]:
        return "an argument has no name"
    named_size = [p for p in params if p.strip(TRIM) == "size"]
    if len(named_size) > 1:
        return "more than one argument is named 'size'"
    if not named_size:
        return "no argument is named 'size'"
    seen = set()
    for field in [f for f in text[close_at + 1:].split(" ") if f]:
        key, _, value = field.partition("=")
        if not IDENTIFIER.match(value):
            return "'%s' is not 'key=function'" % field
        if key not in FAMILY_KEYS:
            return "unknown key '%s' (expected array, zeroing-array, zeroing, objs or macro)" % key
        if key in seen:
            return "key '%s' is given twice" % key
        seen.add(key)
    if "objs" in seen and params[0].strip(TRIM) != "size":
        return "'objs=' needs 'size' to be the first argument"
    return None


def check_allocators(value, report, line_of):
    """Each entry of an Allocators value; line_of(entry) is its line."""
    families = {}
    valid = True
    for item in value.split(";"):
        item = item.strip(TRIM)
        if not item:
            continue
        error = entry_error(item)
        if error:
            report("malformed entry '%s': %s" % (item, error), line_of(item))
            valid = False
            continue
        name = item[:item.find("(")].strip(TRIM)
        arity = len(item[item.find("(") + 1:item.find(")")].split(","))
        if (name, arity) in families:
            report("entry '%s': '%s' with %d arguments is already listed; only the "
                   "first entry is used" % (item, name, arity), line_of(item))
            valid = False
        families[(name, arity)] = item
    return valid


def length_error(text):
    """Why one Lengths entry is malformed, in the words of the C++ parser, or
    None."""
    name = text
    open_at = text.find("(")
    if open_at >= 0:
        if not text.endswith(")"):
            return "expected 'name' or 'record.field', optionally followed by '(elem=N)'"
        name = text[:open_at]
        inside = text[open_at + 1:-1].strip(TRIM)
        if inside:
            key, _, value = inside.partition("=")
            key, value = key.strip(TRIM), value.strip(TRIM)
            if key != "elem":
                return "unknown key '%s' (expected elem)" % key
            if value != "pointer" and (not INTEGER.match(value) or int(value) == 0
                                       or int(value) >= 2 ** 64):
                return "'elem=%s' is not a positive number of bytes or 'pointer'" % value
    name = name.strip(TRIM)
    if "." in name:
        record, _, field = name.partition(".")
        if not IDENTIFIER.match(record.strip(TRIM)) or not IDENTIFIER.match(field.strip(TRIM)):
            return "'%s' is not 'record.field'" % name
    elif not IDENTIFIER.match(name):
        return "'%s' is not a function or macro name" % name
    return None


def check_lengths(value, report, line_of):
    """Each entry of a Lengths value; line_of(entry) is its line."""
    seen = {}
    valid = True
    for item in value.split(";"):
        item = item.strip(TRIM)
        if not item:
            continue
        error = length_error(item)
        if error:
            report("malformed entry '%s': %s" % (item, error), line_of(item))
            valid = False
            continue
        name = re.sub(r"\s", "", item.split("(")[0])
        if name in seen:
            report("entry '%s': '%s' is already listed; only the first entry is used"
                   % (item, name), line_of(item))
            valid = False
        seen[name] = item
    return valid


def input_error(text):
    """Why one Inputs entry is malformed, in the words of the C++ parser
    (checks/facts/ValueSources.cpp), or None."""
    name = text
    out = 0
    open_at = text.find("(")
    if open_at >= 0:
        inside = text[open_at + 1:].strip(TRIM)
        number = inside[:-1].strip(TRIM)[len("out="):].strip(TRIM) if inside.endswith(")") else ""
        if (not inside.endswith(")") or not inside[:-1].strip(TRIM).startswith("out=")
                or not INTEGER.match(number) or int(number) == 0 or int(number) >= 2 ** 32):
            return "expected 'name', 'name(out=N)' with N counted from 1, or 'record.field'"
        out = int(number)
        name = text[:open_at]
    name = name.strip(TRIM)
    if "." in name:
        record, _, field = name.partition(".")
        if out or not IDENTIFIER.match(record.strip(TRIM)) or not IDENTIFIER.match(field.strip(TRIM)):
            return "'%s' is not 'record.field'" % text
    elif not IDENTIFIER.match(name):
        return "'%s' is not a function name" % name
    return None


def check_inputs(value, report, line_of):
    """Each entry of an Inputs value; line_of(entry) is its line."""
    valid = True
    for item in value.split(";"):
        item = item.strip(TRIM)
        error = input_error(item) if item else None
        if error:
            report("malformed entry '%s': %s" % (item, error), line_of(item))
            valid = False
    return valid


def check_value(key, node, default, report, source):
    """One CheckOptions value against the kind of the option's default;
    whether it is valid. report(message, line) reports a problem."""
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.ScalarNode):
        report("%s: the value is not a scalar" % key, line)
        return False
    text = node.value
    kind = kind_of(default)
    if kind == "boolean" and text not in BOOLEANS and not re.match(r"-?[0-9]+\Z", text):
        report("%s: value '%s' is not a boolean (true or false)" % (key, text), line)
        return False
    if kind == "integer" and (not INTEGER.match(text) or int(text) >= 2 ** 64):
        report("%s: value '%s' is not a non-negative integer" % (key, text), line)
        return False
    option = key.split(".")[-1]
    if option in ("Allocators", "Lengths", "Inputs"):
        # An entry's line: the first line of the value that holds its start.
        lines = source[node.start_mark.line:node.end_mark.line + 1]
        def line_of(entry):
            for offset, text_line in enumerate(lines):
                if entry[:40] in text_line:
                    return node.start_mark.line + offset + 1
            return line
        if option == "Lengths":
            return check_lengths(text, report, line_of)
        if option == "Inputs":
            return check_inputs(text, report, line_of)
        return check_allocators(text, report, line_of)
    return True


def glob_enables(globs, check):
    enabled = False
    for glob in globs:
        negative = glob.startswith("-")
        pattern = glob[1:] if negative else glob
        regex = "".join(".*" if c == "*" else re.escape(c) for c in pattern)
        if pattern and re.fullmatch(regex, check):
            enabled = not negative
    return enabled


def mapping_items(node, path, problems):
    """(key, key node, value node) of a mapping node; reports repeated keys."""
    seen = {}
    for key_node, value_node in node.value:
        key = key_node.value
        if key in seen:
            problems.report(path, key_node.start_mark.line + 1,
                            "'%s' is given twice (first on line %d)" % (key, seen[key]))
        seen[key] = key_node.start_mark.line + 1
        yield key, key_node, value_node


def check_options(path, node, options, problems, source):
    """CheckOptions, as a mapping or as the older list of {key, value}. The
    values, by key: (text, line, whether it is valid)."""
    checks = sorted({key.split(".")[0] for key in options})
    pairs = []
    if isinstance(node, yaml.MappingNode):
        pairs = [(k, kn, vn) for k, kn, vn in mapping_items(node, path, problems)]
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            fields = {k.value: v for k, v in item.value} if isinstance(item, yaml.MappingNode) else {}
            key_node = None
            for k, _ in (item.value if isinstance(item, yaml.MappingNode) else []):
                if k.value == "key":
                    key_node = k
            if "key" not in fields or "value" not in fields:
                problems.report(path, item.start_mark.line + 1,
                                "a CheckOptions item needs 'key' and 'value'")
                continue
            pairs.append((fields["key"].value, key_node, fields["value"]))
    else:
        problems.report(path, node.start_mark.line + 1, "CheckOptions is not a mapping")
    values = {}
    for key, key_node, value_node in pairs:
        line = key_node.start_mark.line + 1
        if key in options:
            defaults = [options[key]]
        elif key in GLOBAL_OPTIONS:
            defaults = [options[c + "." + key] for c in checks if c + "." + key in options]
        else:
            defaults = []
        if not defaults:
            local = [o for o in sorted(options) if o.split(".", 1)[1] == key]
            hint = ("; the checks read it only as %s" % " and ".join(local) if local
                    else " (see clang-tidy --dump-config)")
            problems.report(path, line, "'%s' is not an option of %s%s"
                            % (key, " or ".join(checks), hint))
            continue
        valid = check_value(key, value_node, defaults[0],
                            lambda message, at: problems.report(path, at, message), source)
        values[key] = (getattr(value_node, "value", None), line, valid)
    return values


def effective_value(values, option):
    """The value a check reads for `check.Option` (the local key, else the
    global one for the options read both ways) as (text, line), or None when
    the preset does not set it or sets it to a value already reported."""
    name = option.split(".", 1)[1]
    if option not in values and name in GLOBAL_OPTIONS:
        option = name
    if option not in values or not values[option][2]:
        return None
    return values[option][:2]


def same_value(kind, ours, theirs):
    if kind == "boolean":
        truthy = {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"}
        as_bool = lambda s: s in truthy or (re.match(r"-?[0-9]+\Z", s) is not None and int(s) != 0)
        return as_bool(ours) == as_bool(theirs)
    if kind == "integer":
        return INTEGER.match(ours) is not None and int(ours) == int(theirs)
    return ours == theirs


def check_with_clang_tidy(path, values, options, args, problems, scratch):
    tidy = [args.clang_tidy, "--load=" + args.plugin, "--config-file=" + path]
    verified = run(tidy + ["--verify-config"])
    complaints = [l for l in verified.stdout.splitlines()
                  if re.search(r"(?i)\b(error|warning):", l)]
    if verified.returncode != 0 or complaints:
        for line in complaints or verified.stdout.splitlines() or ["(exit status %d)" % verified.returncode]:
            problems.report(path, 1, "clang-tidy --verify-config: %s" % line.strip())

    dumped = run(tidy + ["--dump-config"])
    try:
        config = yaml.safe_load(dumped.stdout) if dumped.returncode == 0 else None
    except yaml.YAMLError:
        config = None
    if not isinstance(config, dict):
        problems.report(path, 1, "clang-tidy --dump-config failed: %s" % dumped.stdout.strip())
    else:
        read = config.get("CheckOptions") or {}
        for option in sorted(options):
            mine = effective_value(values, option)
            if mine is None or option not in read:
                continue
            value, line = mine
            theirs = str(read[option])
            kind = kind_of(options[option])
            if kind == "boolean":
                theirs = "true" if theirs in ("true", "True") else "false"
            if not same_value(kind, value, theirs):
                problems.report(path, line, "clang-tidy reads %s as '%s', YAML as '%s'"
                                % (option, theirs.replace("\n", "\\n"),
                                   value.replace("\n", "\\n")))

    empty = os.path.join(scratch, "empty.c")
    with open(empty, "w"):
        pass
    ran = run(tidy + [empty, "--"])
    for line in ran.stdout.splitlines():
        if "[clang-tidy-config]" in line:
            problems.report(path, 1, "clang-tidy on an empty file: %s" % line.strip())
    if ran.returncode != 0:
        problems.report(path, 1, "clang-tidy on an empty file exited with %d:\n%s"
                        % (ran.returncode, ran.stdout.rstrip()))


def check_preset(path, options, args, problems, scratch):
    try:
        with open(path) as f:
            text = f.read()
        root = yaml.compose(text)
    except yaml.YAMLError as e:
        problems.report(path, getattr(getattr(e, "problem_mark", None), "line", 0) + 1,
                        "not YAML: %s" % str(e).replace("\n", " "))
        return
    if not isinstance(root, yaml.MappingNode):
        problems.report(path, 1, "the file is not a YAML mapping")
        return
    top = {key: (key_node, value_node)
           for key, key_node, value_node in mapping_items(root, path, problems)}

    checks_node = top.get("Checks", (None, None))[1]
    if not isinstance(checks_node, yaml.ScalarNode):
        problems.report(path, 1, "no Checks string: a preset enables -*,calloc-*")
    else:
        globs = [g.strip() for g in checks_node.value.split(",") if g.strip()]
        for check in sorted({key.split(".")[0] for key in options}):
            if not glob_enables(globs, check):
                problems.report(path, checks_node.start_mark.line + 1,
                                "Checks '%s' does not enable %s" % (checks_node.value, check))

    for key in ("ExtraArgs", "ExtraArgsBefore"):
        if key in top:
            node = top[key][1]
            if not isinstance(node, yaml.SequenceNode) or not all(
                    isinstance(n, yaml.ScalarNode) for n in node.value):
                problems.report(path, top[key][0].start_mark.line + 1,
                                "%s is not a list of strings" % key)

    values = {}
    if "CheckOptions" in top:
        values = check_options(path, top["CheckOptions"][1], options, problems,
                               text.splitlines())
    check_with_clang_tidy(path, values, options, args, problems, scratch)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("paths", nargs="+", metavar="PRESET_OR_FOLDER")
    args = parser.parse_args(argv)

    presets = []
    for path in args.paths:
        if os.path.isdir(path):
            presets += sorted(os.path.join(path, n) for n in os.listdir(path)
                              if n.endswith(".yaml"))
        else:
            presets.append(path)
    if not presets:
        sys.exit("validate_configs: no preset in %s" % " ".join(args.paths))

    options = known_options(args.clang_tidy, args.plugin)
    problems = Problems()
    with tempfile.TemporaryDirectory() as scratch:
        for preset in presets:
            check_preset(preset, options, args, problems, scratch)
    print("validate_configs: presets checked: %d, problems: %d" % (len(presets), problems.count))
    return 1 if problems.count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
