#!/usr/bin/env bash
# ExoBLAS's whole library built with exocc as its README builds it, timed in wall-clock
# seconds on this machine:
#
#   bench/exoblas_library.sh EXOBLAS_CHECKOUT PREFIX [PRESET...]
#
# EXOBLAS_CHECKOUT: a work tree of github.com/exo-lang/ExoBLAS (copied, not modified;
# nothing is fetched). PREFIX: an exocc install (cmake --install) built with the CPython
# host. PRESET: ExoBLAS's CMake presets (default: avx2 avx512).
#
# Each preset is configured in a fresh copy (exocc's package for upstream's, the kernels
# in the CPython host), then built with ninja -j$(nproc) in two steps: the generated C
# of every kernel (exocc's share: starting with an empty exocc cache and no CPython-host
# worker), then the libraries (the C compiler's share). Prints both per preset and the
# totals; the ExoBLAS test and benchmark programs are not built.
set -euo pipefail
eb=$(cd "$1" && pwd); prefix=$(cd "$2" && pwd); shift 2
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(avx2 avx512)
work=$(mktemp -d)
export EXO_CACHE_DIR=$work/cache XDG_RUNTIME_DIR=$work/run  # a cache and a worker of this run's own
mkdir -m 700 "$XDG_RUNTIME_DIR"
trap 'pkill -f "$XDG_RUNTIME_DIR/exocc-worker" 2>/dev/null; rm -rf "$work"' EXIT
jobs=$(nproc)
now() { date +%s.%N; }
add() { awk "BEGIN { print $1 + $2 }"; }
sub() { awk "BEGIN { print $1 - $2 }"; }
targets() {  # PRESET PATTERN: the build's targets whose names match
    ninja -C "$work/src/build/$1" -t targets all | grep -o "^$2" | sort -u
}
cp -r "$eb" "$work/src"
rm -rf "$work/src/build"
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $jobs cores; ninja -j$jobs"
printf '%-8s %12s %12s %10s\n' preset "exocc s" "C compile s" "total s"
sum_gen=0; sum_cc=0
for preset in "${presets[@]}"; do
    (cd "$work/src" && cmake --preset "$preset" -DCMAKE_PREFIX_PATH="$prefix" -DEXO_HOST=python3 > "$work/$preset.configure.log" 2>&1) ||
        { cat "$work/$preset.configure.log"; exit 1; }
    mapfile -t generated < <(targets "$preset" 'src/level[0-9]/exo_[a-z0-9_]*\.exo/exo_[a-z0-9_]*\.c')
    mapfile -t libraries < <(targets "$preset" 'src/level[0-9]/libexo_[a-z0-9_]*\.a')
    t0=$(now)
    ninja -C "$work/src/build/$preset" -j"$jobs" "${generated[@]}" > "$work/$preset.generate.log" 2>&1 ||
        { tail -n 40 "$work/$preset.generate.log"; exit 1; }
    t1=$(now)
    ninja -C "$work/src/build/$preset" -j"$jobs" "${libraries[@]}" > "$work/$preset.compile.log" 2>&1 ||
        { tail -n 40 "$work/$preset.compile.log"; exit 1; }
    t2=$(now)
    gen=$(sub "$t1" "$t0"); cc=$(sub "$t2" "$t1")
    printf '%-8s %12.1f %12.1f %10.1f   (%d kernel files, %d libraries)\n' "$preset" "$gen" "$cc" "$(add "$gen" "$cc")" \
        ${#generated[@]} ${#libraries[@]}
    sum_gen=$(add "$sum_gen" "$gen"); sum_cc=$(add "$sum_cc" "$cc")
done
printf '%-8s %12.1f %12.1f %10.1f\n' total "$sum_gen" "$sum_cc" "$(add "$sum_gen" "$sum_cc")"
