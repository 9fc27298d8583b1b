#!/usr/bin/env bash
# Runs every tests/host/programs/*.py under exocc and under CPython (python3) and
# compares stdout and the last line of stderr. The expected output is never stored:
# CPython 3.11 is the reference.
set -u
dir="$1"
exocc="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
py="$(command -v python3 || true)"
if [ -z "$py" ]; then
  echo "python3 is required as the reference interpreter (scripts/setup.sh installs it)" >&2
  exit 1
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for f in "$dir"/*.py; do
  name="$(basename "$f")"
  (cd "$dir" && timeout 20 "$exocc" run "$name" >"$tmp/out" 2>"$tmp/err" </dev/null); rc=$?
  (cd "$dir" && PYTHONDONTWRITEBYTECODE=1 timeout 20 "$py" "$name" >"$tmp/want" 2>"$tmp/wanterr" </dev/null); wrc=$?
  got_last="$(grep -v '^[[:space:]]*$' "$tmp/err" | tail -n 1)"
  want_last="$(grep -v '^[[:space:]]*$' "$tmp/wanterr" | tail -n 1)"
  if [ $((rc != 0)) -ne $((wrc != 0)) ]; then
    echo "FAIL $name: exit status $rc, CPython $wrc ($got_last)"; failed=$((failed + 1)); continue
  fi
  if ! cmp -s "$tmp/out" "$tmp/want"; then
    echo "FAIL $name: stdout differs"; diff "$tmp/want" "$tmp/out" | head -20; failed=$((failed + 1)); continue
  fi
  if [ $wrc -ne 0 ] && [ "$got_last" != "$want_last" ]; then
    echo "FAIL $name: last stderr line '$got_last', CPython '$want_last'"; failed=$((failed + 1)); continue
  fi
  passed=$((passed + 1))
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
