#!/usr/bin/env bash
# Runs every DIR/*.py under exocc and compares stdout with DIR/NAME.out and, for
# programs that must fail, the last stderr line with DIR/NAME.err. These programs use
# the `exo` package, which CPython cannot run, so their expected output is written by
# us (reviewed against upstream Exo's behaviour) and stored beside them.
#   run_expected.sh DIR EXOCC [--update]
set -u
dir="$1"
exocc="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
update="${3:-}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for f in "$dir"/*.py; do
  name="$(basename "$f" .py)"
  (cd "$dir" && timeout 30 "$exocc" run "$name.py" >"$tmp/out" 2>"$tmp/err" </dev/null); rc=$?
  last="$(grep -v '^[[:space:]]*$' "$tmp/err" | tail -n 1)"
  if [ "$update" = "--update" ]; then
    cp "$tmp/out" "$dir/$name.out"
    if [ $rc -ne 0 ]; then echo "$last" > "$dir/$name.err"; else rm -f "$dir/$name.err"; fi
    continue
  fi
  reason=""
  if [ -f "$dir/$name.err" ]; then
    [ $rc -ne 0 ] || reason="expected failure but exit status 0"
    [ -n "$reason" ] || [ "$last" = "$(cat "$dir/$name.err")" ] || reason="last stderr line '$last', expected '$(cat "$dir/$name.err")'"
  elif [ $rc -ne 0 ]; then
    reason="exit status $rc ($last)"
  fi
  if [ -z "$reason" ] && ! cmp -s "$tmp/out" "$dir/$name.out"; then
    reason="stdout differs"
    diff "$dir/$name.out" "$tmp/out" | head -20
  fi
  if [ -z "$reason" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name: $reason"; fi
done
[ "$update" = "--update" ] && exit 0
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
