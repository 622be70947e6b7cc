# shellcheck shell=bash
# bench/venv.sh: sourced by bench/run and bench/cves/run after
# scripts/bootstrap.sh. bench_venv sets BENCH_PYTHON to build/bench-venv's
# Python, with bench/requirements.txt (PyYAML, matplotlib) installed; the
# test suite's build/venv stays small.
bench_venv() {
  local venv=$CT_ROOT/build/bench-venv req=$CT_ROOT/bench/requirements.txt log
  local vstamp=$venv/.calloc-tidy-bench-requirements
  if ! [[ -x $venv/bin/python3 && $vstamp -nt $req ]]; then
    log=$(ct_logfile bench-venv.log)
    ct_log "installing bench/requirements.txt into build/bench-venv"
    if ! { [[ -x $venv/bin/python3 ]] || python3 -m venv "$venv"; } >"$log" 2>&1 ||
      ! "$venv/bin/python3" -m pip install --disable-pip-version-check -q -r "$req" >>"$log" 2>&1; then
      cat "$log" >&2
      ct_die "setting up build/bench-venv failed (above)"
    fi
    touch "$vstamp"
  fi
  BENCH_PYTHON=$venv/bin/python3
}
