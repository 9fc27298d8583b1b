#!/usr/bin/env bash
# Compile-and-run test of the C backend: generates kernels.c/.h from kernels.py with
# exocc, builds them with driver.c and runs the driver, which compares every kernel
# with a plain C reference loop.
#   run_c.sh EXOCC [CC]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cc="${2:-${CC:-cc}}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cp "$here/kernels.py" "$here/driver.c" "$tmp/"
cd "$tmp"
cat >> kernels.py <<'PY'

compile_procs([set_scale, pair_avg, copy_then_clear, scale_first], ".", "kernels.c", "kernels.h")
PY
"$exocc" run kernels.py
"$cc" -std=c11 -O1 -Wall -Wno-unknown-pragmas -Wno-unused-variable -o driver driver.c kernels.c -lm
./driver
