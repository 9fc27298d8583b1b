#!/usr/bin/env bash
# Small kernel files (bench/small_programs/) compiled by exocc's upstream-style CLI and by
# upstream Exo's `python3 -m exo.main`, best of N runs each, CPU time (user + sys), and
# the ratio; the C each writes is compared byte for byte first.
#
#   bench/small_program.sh EXOCC UPSTREAM_PYTHONPATH [runs]
#
# UPSTREAM_PYTHONPATH: upstream's src/ and its dependencies (pysmt, asdl, asdl_adt, yapf),
# colon separated. Nothing is fetched. The first, untimed run of each program fills
# exocc's store of processed modules (docs/build-cache.md), so the timed runs are warm,
# as upstream's are with its .pyc files; EXO_CACHE_DIR= (empty) measures without it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exocc=$1; up=$2; runs=${3:-5}
python=${PYTHON3:-/usr/bin/python3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cpu_ms() {  # cpu_ms CMD...: user+sys milliseconds of one run (bash's time: 1 ms steps)
    local TIMEFORMAT='%3U %3S' t
    t=$( { time "$@" >/dev/null 2>&1; } 2>&1 )
    awk -v u="${t% *}" -v s="${t#* }" 'BEGIN { printf "%d", (u + s) * 1000 }'
}
best() {
    local b=""
    for _ in $(seq "$runs"); do
        local ms; ms=$(cpu_ms "$@")
        if [ -z "$b" ] || [ "$ms" -lt "$b" ]; then b=$ms; fi
    done
    echo "$b"
}
store="on"; if [ "${EXO_CACHE_DIR-unset}" = "" ]; then store="off (EXO_CACHE_DIR empty)"; fi
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; best of $runs, CPU ms; exocc's module store: $store"
printf '%-20s %8s %11s %8s\n' program exocc upstream ratio
for f in "$here"/small_programs/*.py; do
    stem=$(basename "$f" .py)
    "$exocc" -o "$work/e" --stem "$stem" "$f" >/dev/null
    PYTHONPATH="$up" "$python" -m exo.main -o "$work/u" --stem "$stem" "$f" >/dev/null
    cmp -s "$work/e/$stem.c" "$work/u/$stem.c" || { echo "$stem: the C differs from upstream's" >&2; exit 1; }
    e=$(best "$exocc" -o "$work/e" --stem "$stem" "$f")
    u=$(PYTHONPATH="$up" best "$python" -m exo.main -o "$work/u" --stem "$stem" "$f")
    printf '%-20s %8s %11s %7.0fx\n' "$stem" "$e" "$u" "$(echo "$u / $e" | bc -l)"
done
