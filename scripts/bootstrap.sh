# shellcheck shell=bash
# scripts/bootstrap.sh: sourced by ./calloc-tidy and ./run-tests; not run by
# itself. Gets a Debian 12 machine from nothing to a built plugin (and
# calloc-clangd and calloc-clang-tidy beside it):
#
#   ct_pick_llvm [VALUE [WHERE]]  LLVM major version -> $CT_LLVM (16, 19, 22)
#   ct_install_missing PKG...     those Debian packages, unless installed
#   ct_ensure_packages NN...      Debian packages for those LLVM versions
#   ct_ensure_venv                build/venv with requirements.txt (for lit),
#                                 build/codechecker-venv with CodeChecker
#   ct_ensure_build NN            build/llvm-NN configured and up to date
#   ct_lock / ct_unlock           one setup at a time per work tree
#
# Every step checks first and only then acts, so a second run costs a
# dpkg-query and a no-op ninja. Messages go to stderr as "calloc-tidy: ...".

CT_ROOT=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
CT_VERSIONS=(16 19 22)
CT_DEFAULT_LLVM=19
CT_LLVM=
CT_LOCK_FD=

ct_log() { printf 'calloc-tidy: %s\n' "$*" >&2; }
ct_die() { ct_log "$@"; exit 1; }

# ct_logfile NAME: where a step keeps its output: build/NAME, or a file in
# $TMPDIR when build/ is not ours to write (a checkout set up by root).
ct_logfile() {
  mkdir -p "$CT_ROOT/build" 2>/dev/null || true
  if [[ -w $CT_ROOT/build ]]; then
    printf '%s\n' "$CT_ROOT/build/$1"
  else
    printf '%s\n' "${TMPDIR:-/tmp}/calloc-tidy-$EUID-$1"
  fi
}

# ct_pick_llvm [VALUE [WHERE]]: sets CT_LLVM to VALUE, or else to
# $CALLOC_TIDY_LLVM, or else to 19. WHERE names the source in the error.
ct_pick_llvm() {
  local value where
  if (($# > 0)); then
    value=$1 where=${2:-the LLVM version}
  else
    value=${CALLOC_TIDY_LLVM:-$CT_DEFAULT_LLVM} where=CALLOC_TIDY_LLVM
  fi
  # shellcheck disable=SC2034 # CT_LLVM is read by the scripts that source this
  case " ${CT_VERSIONS[*]} " in
    *" $value "*) CT_LLVM=$value ;;
    *) ct_die "unsupported LLVM version '$value' (from $where); use one of: ${CT_VERSIONS[*]}" ;;
  esac
}

# ct_packages NN...: the Debian packages needed to build and test for those
# LLVM versions, one a line: LLVM's; what calloc-clangd links besides
# (clangd's remote index: gRPC, protobuf, abseil; Debian's gRPC CMake files
# also want protobuf-compiler-grpc) for the versions that have a
# libclangdMain.a, all but 16; Neovim, the editor of test/clangd/;
# dpkg-shlibdeps (dpkg-dev), which finds the .deb's library dependencies;
# and curl, with which the CI examples fetch the .deb. Not Bazel
# (bazel-bootstrap, which pulls a JDK): test/integrations/bazel-aspect.test
# runs where it is installed by hand (docs/ci.md) and is skipped elsewhere.
ct_packages() {
  local v clangd=
  printf '%s\n' cmake ninja-build g++ python3 python3-venv neovim dpkg-dev curl
  for v in "$@"; do
    printf '%s\n' "clang-$v" "clang-tidy-$v" "libclang-$v-dev" "llvm-$v-dev" "llvm-$v-tools"
    [[ $v == 16 ]] || clangd=1
  done
  if [[ -n $clangd ]]; then
    printf '%s\n' libgrpc++-dev libprotobuf-dev libabsl-dev protobuf-compiler-grpc
  fi
}

# ct_install_missing PKG...: installs those of the Debian packages named
# that dpkg does not have; as root directly, otherwise through passwordless
# sudo; failing both, prints the command to run and exits 1. The one
# installer of the project: ./calloc-tidy, ./run-tests and bench/ use it.
ct_install_missing() {
  command -v dpkg-query >/dev/null 2>&1 || return 0 # not Debian: CMake will say what it lacks
  (($# > 0)) || return 0
  local -a wanted=("$@") missing=()
  local -A installed=()
  local name status
  # shellcheck disable=SC2016 # ${Package} is dpkg-query's, not the shell's
  while read -r name status; do
    [[ $status == "install ok installed" ]] && installed[$name]=1
  done < <(dpkg-query -W -f='${Package} ${Status}\n' "${wanted[@]}" 2>/dev/null || true)
  for name in "${wanted[@]}"; do
    [[ -n ${installed[$name]-} ]] || missing+=("$name")
  done
  ((${#missing[@]} > 0)) || return 0

  local -a as_root=(env DEBIAN_FRONTEND=noninteractive)
  if ((EUID != 0)); then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      as_root=(sudo -n env DEBIAN_FRONTEND=noninteractive)
    else
      local sudo=
      command -v sudo >/dev/null 2>&1 && sudo="sudo "
      ct_log "missing Debian packages: ${missing[*]}"
      ct_log "install them (as root) with:"
      printf '  %sapt-get install -y --no-install-recommends %s\n' "$sudo" "${missing[*]}" >&2
      exit 1
    fi
  fi

  local log
  log=$(ct_logfile apt-get.log)
  ct_log "installing ${missing[*]} (apt-get; log in $log)"
  if ! { "${as_root[@]}" apt-get update &&
    "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    cat "$log" >&2
    ct_die "apt-get failed (above; also in $log)"
  fi
}

# ct_ensure_packages NN...: ct_install_missing of what ct_packages lists
# for those LLVM versions.
ct_ensure_packages() {
  local -a wanted
  mapfile -t wanted < <(ct_packages "$@")
  ct_install_missing "${wanted[@]}"
}

# ct_ensure_venv: the venvs of the tests. build/venv with requirements.txt:
# lit, and what the integration tests import. build/codechecker-venv with
# CodeChecker from PyPI (scripts/codechecker-requirements.txt), for
# test/integrations/codechecker.test: a venv of its own, since CodeChecker
# brings some fifty pinned packages (SQLAlchemy, lxml, matplotlib, ...);
# PyPI has only its source, which pip builds with gcc, about two minutes
# once.
ct_ensure_venv() {
  ct_venv build/venv requirements.txt lit &&
    ct_venv build/codechecker-venv scripts/codechecker-requirements.txt CodeChecker
}

# ct_venv DIR REQUIREMENTS PROGRAM: the venv DIR (under the work tree) with
# REQUIREMENTS installed, which gives DIR/bin/PROGRAM. A stamp newer than
# REQUIREMENTS means nothing to do.
ct_venv() {
  local rel=$1 venv=$CT_ROOT/$1 req=$CT_ROOT/$2 program=$3
  local stamp=$venv/.calloc-tidy-requirements log
  [[ -x $venv/bin/$program && $stamp -nt $req ]] && return 0
  log=$(ct_logfile "${rel##*/}.log")
  if ! "$venv/bin/python3" -c '' >/dev/null 2>&1; then
    ct_log "creating $rel"
    rm -rf "$venv"
    if ! python3 -m venv "$venv" >"$log" 2>&1; then
      cat "$log" >&2
      ct_log "python3 -m venv $rel failed (above)"
      return 1
    fi
  fi
  ct_log "installing $2 into $rel"
  if ! "$venv/bin/python3" -m pip install --disable-pip-version-check -q -r "$req" >"$log" 2>&1; then
    cat "$log" >&2
    ct_log "pip install -r $2 failed (above; also in $log)"
    return 1
  fi
  touch "$stamp"
}

# ct_ensure_build NN: configures build/llvm-NN (Ninja, that version's clang
# and clang++) unless it is configured, then builds it. The build's output
# is shown only when it fails; a build that takes over a second is announced.
ct_ensure_build() {
  local v=$1 rel=build/llvm-$1
  local dir=$CT_ROOT/$rel log
  log=$(ct_logfile "llvm-$v.log")
  # Someone else's build (root's, say) is used as it is.
  [[ -f $dir/CallocTidy.so && ! -w $dir ]] && return 0
  if [[ ! -f $dir/build.ninja && ! -f $dir/Makefile ]]; then
    local -a configure=(cmake -S "$CT_ROOT" -B "$dir")
    if [[ ! -f $dir/CMakeCache.txt ]]; then
      configure+=(-G Ninja "-DCALLOC_TIDY_LLVM=$v")
      if [[ -x /usr/lib/llvm-$v/bin/clang++ ]]; then
        configure+=("-DCMAKE_C_COMPILER=/usr/lib/llvm-$v/bin/clang" "-DCMAKE_CXX_COMPILER=/usr/lib/llvm-$v/bin/clang++")
      fi
    fi
    ct_log "configuring $rel for LLVM $v"
    if ! "${configure[@]}" >"$log" 2>&1; then
      cat "$log" >&2
      ct_log "configuring $rel failed (above; also in $log)"
      return 1
    fi
  fi
  cmake --build "$dir" >"$log" 2>&1 &
  local pid=$! waited=0
  while kill -0 "$pid" 2>/dev/null; do
    if ((waited == 100)); then ct_log "building $rel"; fi
    waited=$((waited + 1))
    sleep 0.01
  done
  if ! wait "$pid"; then
    cat "$log" >&2
    ct_log "building $rel failed (above; also in $log)"
    return 1
  fi
}

# ct_lock / ct_unlock: serialize setup between concurrent runs in this work
# tree (two ninjas in one build directory, or two pips in one venv, break
# each other). Without flock, or without write access to build/, no lock.
ct_lock() {
  command -v flock >/dev/null 2>&1 || return 0
  mkdir -p "$CT_ROOT/build" 2>/dev/null || true
  # A build/ we may not write to (a checkout set up by root): no lock.
  if ! { exec {CT_LOCK_FD}>>"$CT_ROOT/build/.bootstrap.lock"; } 2>/dev/null; then
    CT_LOCK_FD=
    return 0
  fi
  # Another run checking that all is built holds it for a moment (a no-op
  # ninja): wait for that quietly, so that two editors or CI steps linting
  # at once print nothing clang-tidy would not; say so only past that.
  if ! flock -w 5 "$CT_LOCK_FD"; then
    ct_log "waiting for another calloc-tidy setup in this work tree"
    flock "$CT_LOCK_FD"
  fi
}
ct_unlock() {
  [[ -n $CT_LOCK_FD ]] || return 0
  exec {CT_LOCK_FD}>&-
  CT_LOCK_FD=
}
