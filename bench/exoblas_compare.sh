#!/usr/bin/env bash
# ExoBLAS's kernel files compiled by exocc (the CPython host, real sympy) and, when
# given, by upstream Exo, one file at a time on the same machine:
#
#   bench/exoblas_compare.sh EXOBLAS_CHECKOUT PREFIX PRESET [UPSTREAM_PYTHONPATH] [FILE...]
#
# EXOBLAS_CHECKOUT: a work tree of github.com/exo-lang/ExoBLAS (not modified; nothing
#   is fetched). PREFIX: an exocc install (cmake --install) built with the CPython host.
# PRESET: avx2 or avx512 (ExoBLAS's CMake presets; configured once, for the Python file
#   its CMake generates). UPSTREAM_PYTHONPATH: upstream Exo's src/ and its dependencies,
#   colon separated; empty or absent: exocc only. FILE: kernel files relative to src/
#   (default: every src/level*/*.py).
#
# Prints one row per file: exocc seconds, upstream seconds, the ratio, and whether the
# .c and .h are byte-identical; then the totals. Seconds are CPU seconds (user + system,
# the process and its children), so that a second job on the machine does not inflate
# either side (a run in the CPython host's worker counts too; the worker's own start does
# not); the wall-clock seconds follow in brackets. EXOBLAS_KEEP=DIR keeps both
# outputs under DIR/exocc and DIR/upstream.
#
# EXOBLAS_BREAKDOWN=1 instead prints, per file, where exocc's CPU seconds go
# (bench/exoblas_breakdown.py): importing sympy and ExoBLAS's common modules, ExoBLAS's
# own sympy perf-feature counting, exocc's primitives and checks, and the rest.
set -euo pipefail
eb=$(cd "$1" && pwd); prefix=$(cd "$2" && pwd); preset=$3; up=${4:-}; shift $(( $# < 4 ? $# : 4 ))
python=${PYTHON3:-/usr/bin/python3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
keep=${EXOBLAS_KEEP:-}
cp -r "$eb" "$work/src-tree"
(cd "$work/src-tree" && rm -rf build && cmake --preset "$preset" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null)
config_dir="$work/src-tree/build/$preset/src/common"
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    mapfile -t files < <(cd "$eb/src" && ls level*/*.py)
fi
pp="$eb/src/common:$config_dir"
# timed LOG CMD...: runs CMD with its output in LOG; sets cpu and wall (seconds). A run
# that exocc hands to the CPython host's worker is not its child: the worker reports that
# run's CPU seconds into EXOCC_HOST_WORKER_TIMES, and they are added.
timed() {
    local log=$1; shift
    local rc=0
    : >"$work/worker-times"
    EXOCC_HOST_WORKER_TIMES="$work/worker-times" /usr/bin/time -f '%U %S %e' -o "$work/time" "$@" >"$log" 2>&1 || rc=$?
    read -r u s e < <(tail -n1 "$work/time")
    local extra
    extra=$(awk '{t += $1 + $2} END {printf "%.6f", t + 0}' "$work/worker-times")
    cpu=$(printf '%.2f' "$(echo "$u + $s + $extra" | bc)"); wall=$(printf '%.2f' "$e")
    return $rc
}
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; preset $preset"
if [ "${EXOBLAS_BREAKDOWN:-}" = 1 ]; then
    printf '%-22s %6s %6s %6s %6s %6s %6s %6s\n' file total sympy common perf primit checks rest
    sums=(0 0 0 0 0 0 0)
    for f in "${files[@]}"; do
        if ! row=$(PYTHONPATH="$pp" "$python" "$(dirname "$0")/exoblas_breakdown.py" "$prefix/share/exocc/lib" \
            "$work/e/$f" "exo_$(basename "$f" .py)" "$eb/src/$f" 2>"$work/b.log" | tail -n1) || [ -z "$row" ]; then
            printf '%-22s failed: %s\n' "$f" "$(tail -n1 "$work/b.log")"
            continue
        fi
        printf '%-22s %s\n' "$f" "$row"
        read -r -a v <<<"$row"
        for i in 0 1 2 3 4 5 6; do sums[i]=$(echo "${sums[i]} + ${v[i]:-0}" | bc); done
    done
    printf '%-22s' total; printf ' %6.2f' "${sums[@]}"; echo
    echo "(CPU seconds: whole run; importing sympy; importing ExoBLAS's common modules; ExoBLAS's"
    echo " sympy perf features; exocc's primitives; their checks; the rest: ExoBLAS's schedule"
    echo " code in Python, exocc's cursor API, parsing procs and C generation)"
    exit 0
fi
printf '%-22s %18s %20s %8s %10s\n' file "exocc s (wall)" "upstream s (wall)" ratio identical
tot_e=0; tot_u=0; same=0; diff=0; failed=0
for f in "${files[@]}"; do
    stem="exo_$(basename "$f" .py)"; we=-
    if PYTHONPATH="$pp" timed "$work/e.log" "$prefix/bin/exocc" --host python3 -o "$work/e/$f" --stem "$stem" "$eb/src/$f"; then
        te=$cpu; we=$wall
    else
        te=fail; failed=$((failed + 1))
    fi
    tu=-; wu=-; ratio=-; ident=-
    if [ -n "$up" ]; then
        if PYTHONPATH="$up:$pp" timed "$work/u.log" "$python" -m exo.main -o "$work/u/$f" --stem "$stem" "$eb/src/$f"; then
            tu=$cpu; wu=$wall
            if [ "$te" != fail ]; then
                ratio=$(printf '%.1fx' "$(echo "$tu / $te" | bc -l)")
                tot_u=$(echo "$tot_u + $tu" | bc)
                if cmp -s "$work/e/$f/$stem.c" "$work/u/$f/$stem.c" && cmp -s "$work/e/$f/$stem.h" "$work/u/$f/$stem.h"; then
                    ident=yes; same=$((same + 1))
                else
                    ident=no; diff=$((diff + 1))
                fi
            fi
        else
            tu=fail
        fi
    fi
    [ "$te" = fail ] || tot_e=$(echo "$tot_e + $te" | bc)
    printf '%-22s %18s %20s %8s %10s\n' "$f" "$te (${we:--})" "$tu (${wu})" "$ratio" "$ident"
    if [ -n "$keep" ]; then
        mkdir -p "$keep/exocc" "$keep/upstream"
        for side in e:exocc u:upstream; do
            [ ! -d "$work/${side%%:*}/$f" ] || { mkdir -p "$keep/${side#*:}/$(dirname "$f")"; cp -r "$work/${side%%:*}/$f" "$keep/${side#*:}/$(dirname "$f")/"; }
        done
    fi
done
echo "exocc total: ${tot_e} s, ${failed} failed; upstream total (files both compiled): ${tot_u} s; identical: ${same}, different: ${diff}"
