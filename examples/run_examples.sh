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
# An example may add C flags for its kernels (a `cflags` file) and name CPU features it
# needs to run (a `requires` file, /proc/cpuinfo flag names); without them it is skipped.
cpu_flags="$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)"
for dir in "$here"/*/; do
  name="$(basename "$dir")"
  out="$tmp/$name"
  cflags=""
  [ -f "$dir/cflags" ] && cflags="$(cat "$dir/cflags")"
  missing=""
  if [ -f "$dir/requires" ]; then
    for feature in $(cat "$dir/requires"); do
      case " $cpu_flags " in *" $feature "*) ;; *) missing="$missing $feature" ;; esac
    done
  fi
  if [ -n "$missing" ]; then
    echo "skip $name: this CPU lacks$missing"
    continue
  fi
  # shellcheck disable=SC2086  # cflags holds several flags
  if "$exocc" "$dir/$name.py" -o "$out" &&
     "$cc" -std=c11 -O2 -Wall -Wno-unknown-pragmas $cflags -I "$out" -o "$out/driver" "$dir/driver.c" "$out/$name.c" -lm &&
     "$out/driver"; then
    passed=$((passed + 1))
  else
    echo "FAIL $name"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
