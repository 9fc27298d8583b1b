#!/usr/bin/env bash
# Times `exocc build` on tests/build/project: with no cache, with a cold cache, and warm
# (every kernel cached, outputs current), best of N runs each, and prints the ratios.
# Usage: bench/build_bench.sh [build/exocc] [runs]
set -eu
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exocc="${1:-$here/build/exocc}"
runs="${2:-10}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$here/tests/build/project" "$work/p"
manifest="$work/p/kernels.toml"

best() {  # best MODE: prints the best wall time in ms
    local best=999999
    for _ in $(seq "$runs"); do
        case "$1" in
            nocache) args=(--no-cache) ;;
            cold) rm -rf "$work/cache"; args=(--cache-dir "$work/cache") ;;
            warm) args=(--cache-dir "$work/cache") ;;
        esac
        local t0 t1
        t0=$(date +%s%N)
        "$exocc" build "$manifest" -o "$work/out" "${args[@]}"
        t1=$(date +%s%N)
        local ms=$(( (t1 - t0) / 1000000 ))
        [ "$ms" -lt "$best" ] && best=$ms
    done
    echo "$best"
}

nocache=$(best nocache)
cold=$(best cold)
"$exocc" build "$manifest" -o "$work/out" --cache-dir "$work/cache"
warm=$(best warm)
kernels=$(grep -c '^\[\[kernel\]\]' "$manifest")
echo "exocc build of $kernels kernels, best of $runs:"
echo "  no cache:   ${nocache} ms"
echo "  cold cache: ${cold} ms"
echo "  warm cache: ${warm} ms"
awk -v c="$cold" -v w="$warm" 'BEGIN { if (w < 1) w = 1; printf "  warm is %.1fx faster than cold\n", c / w }'
