#!/usr/bin/env bash
# Checks exocc's bundled pure-Python stdlib (generator/lib/std) under CPython 3.11.
#
#   tests/host/std_modules_check.sh [FILTER]
#
# 1. Runs the host-conformance corpus with `python3 -S -I tests/host/std_boot.py`,
#    which makes the test programs import generator/lib/std instead of CPython's
#    own modules (and provides a CPython stand-in for the C++ `_host` hook
#    module). CPython's `re` is pre-imported and stays on CPython's enum/functools.
# 2. Runs each tests/host/std/*.py twice: with real CPython (the reference;
#    nothing is hard-coded) and through std_boot.py, and compares stdout
#    byte for byte, the exit status (zero / non-zero), and for failing runs the
#    last non-blank stderr line.
# Environment: CORPUS (default ../shared/host-conformance beside the repository), PYTHON (python3),
# VERBOSE=1 for diffs, EXOCC="build/exocc run" to run both parts with the exocc
# interpreter instead of CPython + std_boot.py (expected output still comes
# from real CPython).
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
corpus="${CORPUS:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/shared/host-conformance}"
py="${PYTHON:-python3}"
filter="${1:-}"
verbose="${VERBOSE:-0}"
boot="$here/std_boot.py"
status=0
runner="$py -S -I $boot"
if [ -n "${EXOCC:-}" ]; then
    first_word="${EXOCC%% *}"
    if [[ "$first_word" != /* && -e "$first_word" ]]; then
        EXOCC="$(cd "$(dirname "$first_word")" && pwd)/$(basename "$first_word")${EXOCC:${#first_word}}"
    fi
    runner="$EXOCC"
fi

if ! "$py" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
    echo "std_modules_check: needs CPython 3.11 as $py" >&2
    exit 2
fi

echo "== host-conformance corpus through generator/lib/std ($runner)"
if [ -x "$corpus/run.sh" ]; then
    "$corpus/run.sh" "$runner" "$filter" || status=1
else
    echo "corpus not found at $corpus" >&2
    status=1
fi

echo "== tests/host/std (expected output from real CPython)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for test in "$here"/std/*.py; do
    [ -e "$test" ] || continue
    name="$(basename "$test" .py)"
    if [ -n "$filter" ] && [[ "std/$name" != *"$filter"* ]]; then
        continue
    fi
    (cd "$here/std" && PYTHONDONTWRITEBYTECODE=1 PYTHONHASHSEED=0 timeout 60 \
        "$py" "$name.py" >"$tmp/want.out" 2>"$tmp/want.err" </dev/null)
    want_rc=$?
    (cd "$here/std" && PYTHONDONTWRITEBYTECODE=1 PYTHONHASHSEED=0 timeout 60 \
        bash -c "$runner \"\$1\"" run-test "$name.py" >"$tmp/got.out" 2>"$tmp/got.err" </dev/null)
    got_rc=$?
    reason=""
    want_last="$(grep -v '^[[:space:]]*$' "$tmp/want.err" | tail -n 1 | tr -d '\r')"
    got_last="$(grep -v '^[[:space:]]*$' "$tmp/got.err" | tail -n 1 | tr -d '\r')"
    if [ $want_rc -eq 0 ] && [ $got_rc -ne 0 ]; then
        reason="exit status $got_rc ($got_last)"
    elif [ $want_rc -ne 0 ] && [ $got_rc -eq 0 ]; then
        reason="expected failure '$want_last' but exit status was 0"
    elif [ $want_rc -ne 0 ] && [ "$want_last" != "$got_last" ]; then
        reason="last stderr line '$got_last', expected '$want_last'"
    elif ! cmp -s "$tmp/want.out" "$tmp/got.out"; then
        reason="stdout differs from CPython's"
    fi
    if [ -z "$reason" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL std/$name: $reason"
        if [ "$verbose" = "1" ]; then
            diff "$tmp/want.out" "$tmp/got.out" | head -n 40 | sed 's/^/    /'
            tail -n 15 "$tmp/got.err" | sed 's/^/    stderr: /'
        fi
    fi
done
find "$here/std" -name __pycache__ -type d -prune -exec rm -rf {} + 2>/dev/null
echo "$passed passed, $failed failed"
[ $failed -eq 0 ] || status=1
exit $status
