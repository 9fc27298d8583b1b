#!/usr/bin/env bash
# Upstream's own test files under upstream Exo and under the CPython host (exocc's core),
# side by side in one run, with Debian's python3, pytest and numpy:
#
#   bench/upstream_compare.sh BUILD_DIR UPSTREAM_CHECKOUT UPSTREAM_PYTHONPATH [TEST_FILE...]
#
# BUILD_DIR: an exocc build tree with the CPython host (its python/ holds _exo*.so).
# UPSTREAM_CHECKOUT: a work tree of github.com/exo-lang/exo (its src/ and tests/).
# UPSTREAM_PYTHONPATH: upstream's dependencies (pysmt, asdl, asdl_adt, yapf...), colon
#   separated. Nothing is fetched.
# TEST_FILE: paths relative to the checkout (default: a few of tests/).
#
# Prints, for each side: the whole pytest time, the time spent in CMake and the C
# compiler (upstream's conftest builds each kernel with `ctest --build-and-test`; shims
# on PATH time every cmake and ctest call), the rest, and their ratios; then
# `python3 -c "import exo"`.
set -euo pipefail
build=$(cd "$1" && pwd); up=$(cd "$2" && pwd); up_deps=$3; shift 3
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(tests/test_schedules.py tests/test_cursors.py tests/test_codegen.py tests/test_x86.py)
here=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON3:-/usr/bin/python3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# Shims for cmake and ctest (upstream's conftest builds each kernel with
# `ctest --build-and-test`): each appends its call's wall time to $EXO_BENCH_CMAKE_LOG.
mkdir -p "$work/shim"
for tool in cmake ctest; do
    real=$(command -v "$tool")
    cat > "$work/shim/$tool" <<SHIM
#!/usr/bin/env bash
start=\$(date +%s.%N)
"$real" "\$@"; rc=\$?
echo "\$(date +%s.%N) - \$start" | bc >> "\$EXO_BENCH_CMAKE_LOG"
exit \$rc
SHIM
    chmod +x "$work/shim/$tool"
done

run() {  # run NAME PYTHONPATH: prints "total cmake" seconds
    local name=$1 path=$2 log="$work/$1.cmake"
    : > "$log"
    local start end
    start=$(date +%s.%N)
    (cd "$up" && EXO_BENCH_CMAKE_LOG="$log" PATH="$work/shim:$PATH" PYTHONPATH="$path" \
        "$python" -m pytest -q -p no:cacheprovider -o pythonpath= "${files[@]}" > "$work/$name.out" 2>&1) || true
    end=$(date +%s.%N)
    echo "$(echo "$end - $start" | bc) $(paste -sd+ "$log" | sed 's/^$/0/' | bc)"
}

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "test files: ${files[*]}"
read -r up_total up_cc < <(run upstream "$up/src:$up_deps")
read -r ex_total ex_cc < <(run exocc "$build/python:$here/generator/lib")
echo "upstream: $(tail -1 "$work/upstream.out")"
echo "exocc:    $(tail -1 "$work/exocc.out")"
printf '%-28s %10s %10s %8s\n' "" "upstream s" "exocc s" "ratio"
row() {
    local ratio=-
    [ "$(echo "$3 > 0" | bc)" = 1 ] && ratio=$(printf '%.1fx' "$(echo "$2 / $3" | bc -l)")
    printf '%-28s %10.2f %10.2f %8s\n' "$1" "$2" "$3" "$ratio"
}
row "whole run" "$up_total" "$ex_total"
row "  in CMake and the C compiler" "$up_cc" "$ex_cc"
row "  the rest" "$(echo "$up_total - $up_cc" | bc)" "$(echo "$ex_total - $ex_cc" | bc)"

import_time() {  # median of 7 runs of `import exo`, seconds
    local path=$1 t=()
    for _ in 1 2 3 4 5 6 7; do
        local s e; s=$(date +%s.%N)
        PYTHONPATH="$path" "$python" -c "import exo" >/dev/null 2>&1
        e=$(date +%s.%N); t+=("$(echo "$e - $s" | bc)")
    done
    printf '%s\n' "${t[@]}" | sort -n | sed -n 4p
}
row "python3 -c 'import exo'" "$(import_time "$up/src:$up_deps")" "$(import_time "$build/python:$here/generator/lib")"
