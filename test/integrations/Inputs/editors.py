"""The command lines that editors run clang-tidy with, run with calloc-tidy
(the installed launcher) in their place: each one must report our finding
where the editor's own output parser finds it. The settings in
docs/editors.md produce exactly these command lines."""

import json
import os
import re
import shutil

import yaml

from harness import Test

TABLE_C = """\
#include <stdlib.h>

void *table(size_t n, size_t size) {
#ifdef FROM_DATABASE
  return malloc(n * size);
#else
  return 0;
#endif
}
"""
LINE, COLUMN = 5, 10
CHECK = "calloc-unchecked-multiplication"

# How each editor reads clang-tidy's output.
GCC_FORMAT = re.compile(r"^(.+?):(\d+):(\d+): (warning|error|note): (.*)$")  # ALE, flycheck
NVIM_LINT = re.compile(r"([^:]*):(\d+):(\d+): (\w+): ([^\[]+)")            # its Lua pattern, in Python


def findings(output, pattern=GCC_FORMAT):
    """(file, line, column, severity, message) of every line the parser takes."""
    result = []
    for line in output.splitlines():
        m = pattern.search(line)  # Lua's string.match is not anchored either
        if m:
            result.append((m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)))
    return result


def main():
    t = Test(__doc__)
    tidy = t.install()
    project = t.path("project")
    src = os.path.join(project, "src")
    source = t.write(os.path.join(src, "table.c"), TABLE_C)
    build = os.path.join(project, "build")
    config = "Checks: '-*,readability-braces-around-statements'\n"
    t.write(os.path.join(project, ".clang-tidy"), config)
    t.write(os.path.join(build, "compile_commands.json"), json.dumps([
        {"directory": build, "file": source, "arguments": ["cc", "-DFROM_DATABASE", "-c", source]}]))

    def expect(what, command, cwd=project, file=source, pattern=GCC_FORMAT, output_stream=1):
        status, out, err = t.run(command, cwd=cwd)
        output = out if output_stream == 1 else err
        ours = [f for f in findings(output, pattern)
                if f[3] == "warning" and f[4].startswith("allocation size 'n * size'")]
        if not t.check(len(ours) == 1, what + ": the editor's parser does not find our one warning",
                       "command: %s\nstatus %d\n%s%s" % (command, status, out, err)):
            return
        path, line, column, _, message = ours[0]
        t.equal(os.path.realpath(os.path.join(cwd, path)), os.path.realpath(file), what + ": file")
        t.equal((line, column), (LINE, COLUMN), what + ": line and column")
        if pattern is GCC_FORMAT:
            t.check(message.endswith("[%s]" % CHECK), what + ": message", message)
        t.equal(status, 0, what + ": exit status")

    # VS Code, C/C++ extension (cpptools), as its log shows the command:
    # C_Cpp.codeAnalysis.clangTidy.path = calloc-tidy, .args appended first;
    # with useBuildPath it passes -p=<dir of compile_commands.json> after the
    # file, otherwise '--' and the configuration's compiler flags.
    exported = t.path("vscode-fixes.yaml")
    expect("VS Code, useBuildPath",
           [tidy, "--extra-arg=-Wno-unknown-warning-option", "--export-fixes=" + exported,
            "--quiet", source, "-p=" + build])
    with open(exported, encoding="utf-8") as f:
        names = [d["DiagnosticName"] for d in (yaml.safe_load(f) or {}).get("Diagnostics", [])]
    t.equal(names, [CHECK], "VS Code: --export-fixes file (read for its quick fixes)")
    expect("VS Code, flags from c_cpp_properties",
           [tidy, "--export-fixes=" + exported, "--quiet", source,
            "--", "-std=gnu17", "-xc", "-DFROM_DATABASE"])

    # Emacs, flycheck-clang-tidy: run from the project root on a temporary
    # copy of the buffer beside the file, with .clang-tidy passed inline.
    copy = os.path.join(src, "flycheck_table.c")
    shutil.copy(source, copy)
    expect("Emacs flycheck-clang-tidy",
           [tidy, "-p", "build", "-extra-arg=-I" + src + "/", "-config=" + config, copy], file=copy)
    os.remove(copy)

    # Vim, ALE: '%e [-checks=...] %s -p <build dir>' with a build directory,
    # '%e %s -- <c_clangtidy_options>' without one; output on stdout.
    expect("Vim ALE, build dir found", [tidy, source, "-p", build])
    expect("Vim ALE, g:ale_c_clangtidy_checks set",
           [tidy, "-checks=-*,calloc-*", source, "-p", build])
    expect("Vim ALE, c_clangtidy_options", [tidy, source, "--", "-DFROM_DATABASE"])

    # Neovim, nvim-lint: 'clang-tidy --quiet FILE'; clang-tidy then looks for
    # compile_commands.json above the file, so a project keeps one there
    # (a symlink) or sets args = { '--quiet', '-p', 'build' }.
    expect("Neovim nvim-lint, args with -p", [tidy, "--quiet", "-p", "build", source], pattern=NVIM_LINT)
    os.symlink(os.path.join(build, "compile_commands.json"), os.path.join(project, "compile_commands.json"))
    expect("Neovim nvim-lint, default args", [tidy, "--quiet", source], pattern=NVIM_LINT)

    # CLion, "custom clang-tidy executable": asks for the version first.
    status, out, _ = t.run([tidy, "--version"])
    t.check(status == 0 and "LLVM version" in out and t.llvm + "." in out,
            "CLion: --version does not name LLVM " + t.llvm, out)
    t.finish()


if __name__ == "__main__":
    main()
