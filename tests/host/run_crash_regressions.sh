#!/usr/bin/env bash
# Runs tests/host/crash_regressions/*.py under exocc and requires a clean outcome:
# exit status 0, or 1 with a Python-style last line of stderr ("SomeError: ...") or
# none (sys.exit with an unprintable argument), no
# signal, no sanitizer report, no timeout. *_lowmem.py programs run under
# address-space limits instead (plainly for sanitizer builds, which reserve huge
# shadow maps); *_bigalloc.py ones need allocations of terabytes to fail with
# std::bad_alloc, and are skipped for sanitizer builds (ASan's operator new aborts).
#   run_crash_regressions.sh DIR EXOCC
set -u
# Reference cycles are not collected by design: leak reports are not findings.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
dir="$1"
exocc="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() {  # check LABEL FILE [ULIMIT_KB]
  local label="$1" name="$2" limit="${3:-}" rc
  if [ -n "$limit" ]; then
    (cd "$dir" && ulimit -v "$limit" && timeout 60 "$exocc" run "$name" >"$tmp/out" 2>"$tmp/err" </dev/null); rc=$?
  else
    (cd "$dir" && timeout 60 "$exocc" run "$name" >"$tmp/out" 2>"$tmp/err" </dev/null); rc=$?
  fi
  local last
  last="$(grep -v '^[[:space:]]*$' "$tmp/err" | tail -n 1)"
  local why=""
  if [ $rc -eq 124 ]; then
    why="timed out"
  elif [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
    why="exit status $rc ($last)"
  elif grep -q 'AddressSanitizer\|LeakSanitizer\|runtime error:\|internal error\|terminate called' "$tmp/err"; then
    why="sanitizer or internal error: $(grep -m1 'AddressSanitizer\|runtime error:\|internal error\|terminate called' "$tmp/err")"
  elif [ $rc -eq 1 ] && [ -n "$last" ] && ! printf '%s\n' "$last" | grep -Eq '^[A-Za-z_][A-Za-z0-9_.]*(: .*)?$'; then
    why="exit status 1 without a Python-style error line ('$last')"
  fi
  if [ -n "$why" ]; then
    echo "FAIL $label: $why"
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
}
sanitized=0
if "$exocc" --version >/dev/null 2>&1 && nm -C "$exocc" 2>/dev/null | grep -q '__asan_init'; then sanitized=1; fi
for f in "$dir"/*.py; do
  name="$(basename "$f")"
  # ASan's operator new aborts instead of throwing std::bad_alloc for huge sizes.
  case "$name" in *_bigalloc.py) [ $sanitized -eq 1 ] && continue ;; esac
  case "$name" in
    *_lowmem.py)
      # Only under limits (deep_nesting_at_stack_limit.py covers the full-size stack).
      if [ $sanitized -eq 0 ]; then
        for kb in 500000 200000 120000; do check "$name (ulimit -v $kb)" "$name" "$kb"; done
      else
        check "$name" "$name"
      fi ;;
    *) check "$name" "$name" ;;
  esac
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
