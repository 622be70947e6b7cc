# lit configuration of the calloc-tidy suite. CMake generates
# lit.site.cfg.py in the build directory; it fills in the paths below and
# then loads this file. Run: lit build/llvm-19/test
import os
import shlex
import shutil
import sys

import lit.formats

config.name = "calloc-tidy (LLVM %s)" % config.llvm_major
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "RunnerFixture.cpp"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.binary_root, "test")

# The tools of the one LLVM version this build is for come first on PATH, so
# `clang`, `clang-tidy` and `FileCheck` in RUN lines are never another version.
tools_dir = os.path.dirname(config.clang_tidy)
config.environment["PATH"] = os.pathsep.join([tools_dir, config.environment.get("PATH", os.environ["PATH"])])
for var in ("HOME", "TMPDIR", "LANG"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

runner = [config.python, os.path.join(config.test_source_root, "check_calloc_tidy.py"),
          "--tool-clang-tidy=" + config.clang_tidy, "--tool-plugin=" + config.plugin,
          "--tool-clang=" + config.clang, "--tool-filecheck=" + config.filecheck]
config.substitutions.append(("%check_calloc_tidy", " ".join(shlex.quote(a) for a in runner)))
# calloc-unchecked-multiplication with every count as large as its type: a
# product in size_t is reported without a source of input (ValueSources.h).
# Tests of guards, bounds and fixes read the check this way; the default
# reading is tested in input-sources.c.
config.substitutions.append(("%any_count", "-check-option=calloc-unchecked-multiplication.WideProductsNeedInput=false "
                              "-check-option=calloc-unchecked-multiplication.NarrowProductsNeedSource=false"))
config.substitutions.append(("%clang_tidy", shlex.quote(config.clang_tidy)))
config.substitutions.append(("%calloc_plugin", shlex.quote(config.plugin)))
config.substitutions.append(("%calloc_checks_library", shlex.quote(
    os.path.join(os.path.dirname(config.plugin), "CallocTidyChecks.so"))))
config.substitutions.append(("%runner_fixture", shlex.quote(config.runner_fixture)))
config.substitutions.append(("%other_clang_tidy", shlex.quote(config.other_clang_tidy)))
config.substitutions.append(("%python", shlex.quote(config.python)))
# The Python of build/venv, which has requirements.txt (PyYAML, jsonschema,
# pre-commit) for the integration tests; lit's own Python if there is none.
venv_python = os.path.join(config.source_root, "build", "venv", "bin", "python")
if not os.path.exists(venv_python):
    venv_python = sys.executable
config.substitutions.append(("%venv_python", shlex.quote(venv_python)))
config.substitutions.append(("%config_dir", shlex.quote(os.path.join(config.source_root, "config"))))
config.substitutions.append(("%llvm_major", config.llvm_major))

if config.other_clang_tidy:
    config.available_features.add("other-clang-tidy")

# Tests that install the .deb this build makes with apt-get, and remove it
# (test/integrations/package.test): as root, on a system with apt, where
# the build makes one (cpack's CPackConfig.cmake; CMakeLists.txt says when).
if (os.geteuid() == 0 and shutil.which("apt-get")
        and os.path.exists(os.path.join(config.binary_root, "CPackConfig.cmake"))):
    config.available_features.add("deb-install")

# CodeChecker, in the venv that scripts/bootstrap.sh makes for it (from
# PyPI), for test/integrations/codechecker.test.
codechecker = os.path.join(config.source_root, "build", "codechecker-venv", "bin", "CodeChecker")
if os.path.exists(codechecker):
    config.available_features.add("codechecker")
config.substitutions.append(("%codechecker", shlex.quote(codechecker)))

# After %clang_tidy, which it would otherwise cut short: the clang of this
# version, for compiling what a test has fixed.
config.substitutions.append(("%clang", shlex.quote(config.clang)))

# clangd and clang-tidy with the checks built in, where this LLVM has the
# libraries for them: Debian's LLVM 16 ships no libclangdMain.a, so no
# calloc-clangd, and its tests report UNSUPPORTED there.
config.substitutions.append(("%calloc_clangd", shlex.quote(config.calloc_clangd)))
config.substitutions.append(("%calloc_clang_tidy", shlex.quote(config.calloc_clang_tidy)))
if config.calloc_clangd:
    config.available_features.add("calloc-clangd")
if config.calloc_clang_tidy:
    config.available_features.add("calloc-clang-tidy")

# The headless editor of the editor tests (Debian's neovim package, which
# scripts/bootstrap.sh installs).
nvim = shutil.which("nvim")
if nvim:
    config.available_features.add("neovim")
config.substitutions.append(("%nvim", shlex.quote(nvim or "nvim")))

# Bazel, for test/integrations/bazel-aspect.test. scripts/bootstrap.sh does
# not install it (Debian's bazel-bootstrap pulls a JDK); docs/ci.md says how.
if shutil.which("bazel"):
    config.available_features.add("bazel")
