#!/usr/bin/env bash
# Runs the same upstream Exo test files under upstream Exo (Python, pytest) and under
# exocc (`exocc test`), times each file by wall clock (best of N runs, each side alone,
# under `nice`), checks which tests pass on each side, and prints a table of seconds and
# ratios (upstream / exocc) with the total ratio.
#
# Usage:
#   bench/upstream_compare.sh [-n RUNS] [-p PYTHON] UPSTREAM_DIR EXOCC [TEST_FILE...]
#
#   UPSTREAM_DIR  an upstream Exo checkout (src/exo and tests/) whose Python can import
#                 exo's dependencies (see below); both sides run in it, on its tests/.
#   EXOCC         the exocc binary (it reads its library from its source tree, so a copy
#                 such as `cp build/exocc /tmp/exocc-bench` works and stays stable while
#                 build/ is rebuilt).
#   TEST_FILE     names under tests/ (default: the list below).
#   -n RUNS       runs per file and side, best kept (default 3).
#   -p PYTHON     the interpreter for upstream (default $UPSTREAM_PYTHON or /usr/bin/python3).
#   Environment:  PYTHONPATH for upstream's dependencies (see below); KEEP=DIR keeps the
#                 logs of every run in DIR.
#
# Setting up the upstream side on Debian bookworm, without PyPI:
#   apt-get install python3-z3 python3-numpy python3-yapf python3-pytest python3-attr \
#                   python3-pil cmake ninja-build build-essential
#     (Debian's z3 is 4.8.12 and yapf 0.32 where upstream asks for z3-solver 4.15 and
#     yapf 0.43; with them one upstream test fails: test_schedules.py::
#     test_remove_loop_deterministic, a check an old Z3 answers "unknown".)
#   Then the pure-Python dependencies from their GitHub sources, outside this repository:
#     exo-lang/exo          (the checkout: only src/, tests/ and pyproject.toml are needed)
#     fpoli/python-asdl     (asdl 0.1.5: the single file asdl.py)
#     ChezJrk/asdl          at tag v0.1.0 (asdl-adt 0.1.0: src/asdl_adt; upstream wants <0.2)
#     pysmt/pysmt           at tag v0.9.6 (the pysmt/ package)
#   e.g. laid out under a directory $UP as exo/, src/asdl/, src/asdl_adt/, src/pysmt/:
#     export PYTHONPATH=$UP/src/asdl:$UP/src/asdl_adt/src:$UP/src/pysmt
#     bench/upstream_compare.sh $UP/exo build/exocc
#   (upstream's pyproject.toml puts src/ on pytest's path itself.) Check it with
#     cd $UP/exo && python3 -m pytest -q tests/test_config.py
#
# Files whose tests build the generated C (test_x86, test_externs, test_neon, ...) spend
# most of exocc's time in the system C compiler (about 0.6 s per AVX kernel: immintrin.h),
# so their ratio measures cc more than exocc; upstream also runs CMake for each build.
#
# The outcomes are compared test by test (from -v output on both sides); tests whose
# outcome differs are listed under the table. Not a test: never run it from ctest or CI.
set -u

runs=3
python="${UPSTREAM_PYTHON:-/usr/bin/python3}"
while getopts "n:p:" opt; do
    case "$opt" in
        n) runs="$OPTARG" ;;
        p) python="$OPTARG" ;;
        *) sed -n '2,20p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ]; then
    sed -n '2,20p' "$0"
    exit 2
fi
upstream="$(cd "$1" && pwd)"
exocc="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
shift 2
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=(test_schedules.py test_cursors.py test_typecheck.py test_bounds.py
           test_config.py test_window.py test_externs.py test_new_eff.py
           test_precision.py test_halide_ops.py test_x86.py test_neon.py)
fi

work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work"
[ -z "${KEEP:-}" ] && trap 'rm -rf "$work"' EXIT

# outcomes LOG: "test-id OUTCOME" lines (last outcome per test) from pytest -v style output
outcomes() {
    grep -aoE '^tests/[^ ]+::[^ ]+ (PASSED|FAILED|SKIPPED|ERROR|XFAIL|XPASS)' "$1" |
        awk '{o[$1] = $2} END {for (t in o) print t, o[t]}' | LC_ALL=C sort
}

# count OUTCOMES_FILE WORD...: how many tests have one of the outcomes
count() {
    local f="$1"; shift
    local pat
    pat="$(IFS='|'; echo "$*")"
    grep -cE " ($pat)\$" "$f" || true
}

# timed SIDE FILE: runs one side on one file RUNS times; prints the best seconds
timed() {
    local side="$1" file="$2" best="" i t0 t1 ms
    for i in $(seq "$runs"); do
        local log="$work/$side.${file%.py}.$i.log"
        t0=$(date +%s%N)
        if [ "$side" = upstream ]; then
            (cd "$upstream" && nice "$python" -m pytest -v -p no:cacheprovider \
                "tests/$file") >"$log" 2>&1
        else
            (cd "$upstream" && nice "$exocc" test -v "tests/$file") >"$log" 2>&1
        fi
        t1=$(date +%s%N)
        ms=$(( (t1 - t0) / 1000000 ))
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
        [ "$i" -eq 1 ] && outcomes "$log" >"$work/$side.${file%.py}.outcomes"
    done
    echo "$best"
}

secs() { awk -v ms="$1" 'BEGIN {printf "%.2f", ms / 1000}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.1fx", a / b; else print "-"}'; }

printf '%-22s %10s %10s %8s   %-22s %-22s\n' file "upstream s" "exocc s" ratio \
    "upstream pass/fail/skip" "exocc pass/fail/skip"
total_up=0 total_ex=0
diffs="$work/diffs"
: >"$diffs"
for f in "${files[@]}"; do
    if [ ! -f "$upstream/tests/$f" ]; then
        echo "no such file: $upstream/tests/$f" >&2
        continue
    fi
    up=$(timed upstream "$f")
    ex=$(timed exocc "$f")
    total_up=$((total_up + up)) total_ex=$((total_ex + ex))
    uo="$work/upstream.${f%.py}.outcomes" eo="$work/exocc.${f%.py}.outcomes"
    ucounts="$(count "$uo" PASSED XPASS)/$(count "$uo" FAILED ERROR)/$(count "$uo" SKIPPED XFAIL)"
    ecounts="$(count "$eo" PASSED XPASS)/$(count "$eo" FAILED ERROR)/$(count "$eo" SKIPPED XFAIL)"
    printf '%-22s %10s %10s %8s   %-22s %-22s\n' "$f" "$(secs "$up")" "$(secs "$ex")" \
        "$(ratio "$up" "$ex")" "$ucounts" "$ecounts"
    LC_ALL=C join -a1 -a2 -e MISSING -o 0,1.2,2.2 "$uo" "$eo" |
        awk '$2 != $3 {printf "  %s: upstream %s, exocc %s\n", $1, $2, $3}' >>"$diffs"
done
printf '%-22s %10s %10s %8s\n' TOTAL "$(secs "$total_up")" "$(secs "$total_ex")" \
    "$(ratio "$total_up" "$total_ex")"
echo "(best of $runs wall-clock runs per file and side; ratio = upstream / exocc)"
if [ -s "$diffs" ]; then
    echo
    echo "tests whose outcome differs:"
    cat "$diffs"
else
    echo "every test has the same outcome on both sides"
fi
