#!/usr/bin/env bash
# The toyacc test (README.md): schedule and compile toy_matmul.py with exocc (its
# hardware library, toyacc.py, is imported from this directory), compare the printed
# schedule with toy_matmul.out, then build the C with the emulator and run it.
#   run.sh EXOCC [CC]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cc="${2:-${CC:-cc}}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

(cd "$here" && "$exocc" run toy_matmul.py "$tmp") > "$tmp/stdout"
if ! cmp -s "$here/toy_matmul.out" "$tmp/stdout"; then
  echo "FAIL: exocc output differs from toy_matmul.out"
  diff "$here/toy_matmul.out" "$tmp/stdout" | head -30
  exit 1
fi
# The accelerator kernel is only instruction calls, allocations and the block loop.
body="$(sed -n '/^void matmul_scaled_toy(/,/^}/p' "$tmp/toy_matmul.c")"
if grep -q 'for (int_fast32_t \(ii\|i0\|i1\|j\|k\) ' <<<"$body"; then
  echo "FAIL: loops left in the accelerator kernel"; echo "$body"; exit 1
fi
grep -q '#include "toy_accel.h"' "$tmp/toy_matmul.c" || { echo "FAIL: TOY_TILE's global_ not emitted"; exit 1; }

"$cc" -std=c11 -O1 -Wall -Wno-unused-variable -Wno-unused-function -I"$here" -I"$tmp" \
  -o "$tmp/driver" "$here/driver.c" "$here/toy_accel.c" "$tmp/toy_matmul.c" -lm
"$tmp/driver"
