#!/usr/bin/env bash
# Times bench/host_workload.py under exocc and under CPython 3.11 (best of N runs each)
# and prints both times and their ratio. Times are CPU time (user + sys), so other
# load on the machine disturbs the ratio less than wall time would. A benchmark, not a
# test: run it by hand.
#   bench/host_bench.sh [path/to/exocc] [runs]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc="${1:-$here/../build/exocc}"
runs="${2:-5}"
cpu_ms() {  # user+sys milliseconds of one run of "$@"
  local TIMEFORMAT='%3U %3S'
  local t
  t=$( { time "$@" >/dev/null 2>&1; } 2>&1 )
  awk -v u="${t% *}" -v s="${t#* }" 'BEGIN { printf "%d", (u + s) * 1000 }'
}
best() {
  local best_ms=""
  for _ in $(seq "$runs"); do
    local ms
    ms=$(cpu_ms "$@")
    if [ -z "$best_ms" ] || [ "$ms" -lt "$best_ms" ]; then best_ms=$ms; fi
  done
  echo "$best_ms"
}
want="$(python3 "$here/host_workload.py")"
got="$("$exocc" run "$here/host_workload.py")"
[ "$want" = "$got" ] || { echo "outputs differ: CPython $want, exocc $got" >&2; exit 1; }
py_ms=$(best python3 "$here/host_workload.py")
ex_ms=$(best "$exocc" run "$here/host_workload.py")
echo "CPython $(python3 -c 'import sys; print(sys.version.split()[0])'): ${py_ms} ms CPU"
echo "exocc run: ${ex_ms} ms CPU"
awk -v a="$ex_ms" -v b="$py_ms" 'BEGIN { printf "ratio exocc/CPython: %.2fx\n", a / b }'
