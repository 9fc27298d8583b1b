#!/usr/bin/env bash
# Builds every example with exocc's upstream-compatible command line
# (`exocc NAME.py -o OUT`), compiles the generated C with its driver and runs it.
#   run_examples.sh EXOCC [CC]
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
cc="${2:-${CC:-cc}}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for dir in "$here"/*/; do
  name="$(basename "$dir")"
  out="$tmp/$name"
  if "$exocc" "$dir/$name.py" -o "$out" &&
     "$cc" -std=c11 -O2 -Wall -Wno-unknown-pragmas -I "$out" -o "$out/driver" "$dir/driver.c" "$out/$name.c" -lm &&
     "$out/driver"; then
    passed=$((passed + 1))
  else
    echo "FAIL $name"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
