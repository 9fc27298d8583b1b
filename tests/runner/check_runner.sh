#!/usr/bin/env bash
# Checks `exocc test` (the pytest-compatible runner) on tests/runner/samples:
# exact counts lines, key report lines, node ids, -k/-m/-x, --collect-only,
# --update-golden (in a temporary copy) and collection errors.
# usage: check_runner.sh EXOCC [SAMPLES_DIR]
set -uo pipefail
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
samples="${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/samples}"
work="$(mktemp -d "${TMPDIR:-/tmp}/exocc-runner-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -r "$samples" "$work/samples"
cd "$work/samples" || exit 1

fails=0
out=""
status=0
fail() {
  echo "FAIL: $*"
  fails=$((fails + 1))
}
run() {  # run ARGS...: runs exocc test in the samples copy, sets $out and $status
  out="$("$exocc" test "$@" 2>&1)"
  status=$?
}
expect_last() {  # expect_last LINE STATUS DESCRIPTION
  local last
  last="$(printf '%s\n' "$out" | tail -n 1)"
  if [[ "$last" != "$1" ]]; then
    fail "$3: last line is '$last', expected '$1'"
    printf '%s\n' "$out" | tail -n 40 | sed 's/^/    | /'
  fi
  if [[ "$status" != "$2" ]]; then
    fail "$3: exit status $status, expected $2"
  fi
}
expect_line() {  # expect_line LINE DESCRIPTION: LINE must be one whole line of $out
  if ! grep -qxF -- "$1" <<<"$out"; then
    fail "$2: missing line: $1"
  fi
}
expect_no_line() {
  if grep -qxF -- "$1" <<<"$out"; then
    fail "$2: unexpected line: $1"
  fi
}

# --- the whole directory ---------------------------------------------------
run .
expect_last "86 passed, 20 failed, 15 skipped" 1 "all samples"
d="all samples"
expect_line "collected 119 items / 1 error / 1 skipped" "$d"
expect_line "warning: conftest.py not loaded, its fixtures and hooks are unavailable: broken_conftest/conftest.py" "$d"
expect_line "  ModuleNotFoundError: No module named 'numpy_not_available_in_exocc'" "$d"
expect_line "test_basic.py .FFFFssss.sFxXFF.ss.F.." "$d"
expect_line "test_import_error.py E" "$d"
expect_line "test_module_skip.py s" "$d"
expect_line "test_basic.py:20: in test_fail_assert" "$d"
expect_line "    assert x == 4" "$d"
expect_line "FAILED test_basic.py::test_fail_assert - assert x == 4" "$d"
expect_line "E   AssertionError: two plus two" "$d"
expect_line "test_basic.py:11: in helper_that_raises" "$d"
expect_line "test_tracebacks.py:11: in helper_with_cleanup" "a frame whose finally block ran"
expect_line "E   ValueError: bad value from helper" "$d"
expect_line "E   Failed: explicit failure message" "$d"
expect_line "[XPASS(strict)] must fail" "$d"
expect_line "E   SystemExit: 3" "$d"
expect_line "ERROR test_import_error.py - ModuleNotFoundError: No module named 'exocc_sample_module_that_does_not_exist'" "$d"
expect_line "ImportError while importing test module '$work/samples/test_import_error.py'." "$d"
expect_line "E   fixture 'no_such_fixture' not found" "$d"
expect_line "ERROR test_fixtures.py::test_fixture_error - RuntimeError: fixture setup exploded" "$d"
expect_line "ERROR test_fixtures.py::test_teardown_error - RuntimeError: teardown exploded" "$d"
expect_line "some captured output" "$d"
expect_line "E   Failed: DID NOT RAISE <class 'KeyError'>" "$d"
expect_line "E    Regex: '^expected\$'" "$d"
expect_line "E    Input: 'something else'" "$d"
expect_line "E   IndexError: not a key error" "$d"
expect_line "E   golden output differs: golden/test_golden/test_golden_mismatch.txt" "$d"
expect_line "E   -line 2" "$d"
expect_line "E   +LINE 2" "$d"
expect_line "E   Failed: golden output missing: $work/samples/golden/test_golden/test_golden_missing.txt." "$d"
expect_line "FAILED test_params.py::test_param_fails[3-5] - assert y == x + 1" "$d"
expect_no_line "printed by a passing test" "$d"

# --- one line per test, fixture teardown order (checked by the tests) -------
run test_fixtures.py -v
expect_last "15 passed, 4 failed, 0 skipped" 1 "-v test_fixtures.py"
expected="test_fixtures.py::test_dependencies PASSED
test_fixtures.py::test_teardown_order PASSED
test_fixtures.py::test_module_scope_1 PASSED
test_fixtures.py::test_module_scope_2 PASSED
test_fixtures.py::test_conftest_fixtures PASSED
test_fixtures.py::test_request_attributes PASSED
test_fixtures.py::test_tmp_path PASSED
test_fixtures.py::test_tmp_path_is_fresh PASSED
test_fixtures.py::test_capsys PASSED
test_fixtures.py::test_monkeypatch PASSED
test_fixtures.py::test_monkeypatch_undone PASSED
test_fixtures.py::test_override_chain PASSED
test_fixtures.py::test_missing_fixture ERROR
test_fixtures.py::test_fixture_error ERROR
test_fixtures.py::test_teardown_error ERROR
test_fixtures.py::test_printing_failure FAILED
test_fixtures.py::test_compiler_builds PASSED
test_fixtures.py::test_pytestconfig PASSED
test_fixtures.py::test_last_sees_module_log PASSED"
got="$(printf '%s\n' "$out" | grep -E '^test_fixtures\.py::.* (PASSED|FAILED|ERROR|SKIPPED)')"
[[ "$got" == "$expected" ]] || fail "-v lines differ:$(diff <(echo "$expected") <(echo "$got"))"

run test_basic.py -v
expect_line "test_basic.py::test_skip_mark SKIPPED (not today)" "-v skips"
expect_line "test_basic.py::test_skip_bare SKIPPED (unconditional skip)" "-v skips"
expect_line "test_basic.py::test_xfail_fails XFAIL (known bug)" "-v xfail"
expect_line "test_basic.py::test_xfail_passes XPASS (fixed already)" "-v xpass"
expect_line "test_basic.py::test_skipped_by_conftest_hook SKIPPED (skipping test because the NEON board is not attached)" "-v conftest hook"
expect_line "test_basic.py::test_isa_mark SKIPPED (skipping test because made_up_feature is not available)" "-v isa mark"
expect_line "test_basic.py::TestClass::test_two PASSED" "-v classes"
out="$(EXO_OVERRIDE_CPUINFO="sse2 made_up_feature" "$exocc" test test_basic.py::test_isa_mark 2>&1)"
status=$?
expect_last "1 passed, 0 failed, 0 skipped" 0 "isa mark with EXO_OVERRIDE_CPUINFO"

# --- parametrize ids, exactly as pytest makes them ----------------------------
run test_params.py --collect-only -q
expect_last "44 tests collected" 0 "--collect-only"
expected='test_params.py::test_single[1]
test_params.py::test_single[2]
test_params.py::test_single[3]
test_params.py::test_pairs[1-2]
test_params.py::test_pairs[x y-None]
test_params.py::test_pairs[True-1.5]
test_params.py::test_pairs[-3-]
test_params.py::test_spaces_in_names[0-0]
test_params.py::test_spaces_in_names[2-None]
test_params.py::test_spaces_in_names[x = 0.0-x = 0.0]
test_params.py::test_stacked[2-0]
test_params.py::test_stacked[2-1]
test_params.py::test_stacked[3-0]
test_params.py::test_stacked[3-1]
test_params.py::test_id_kinds[v0]
test_params.py::test_id_kinds[Thing]
test_params.py::test_id_kinds[make_value]
test_params.py::test_id_kinds[v3]
test_params.py::test_id_kinds[v4]
test_params.py::test_id_kinds[v5]
test_params.py::test_id_kinds[caf\xe9]
test_params.py::test_id_kinds[a\nb]
test_params.py::test_duplicate_ids[a0]
test_params.py::test_duplicate_ids[a1]
test_params.py::test_duplicate_ids[b]
test_params.py::test_duplicate_ids[1_0]
test_params.py::test_duplicate_ids[1_1]
test_params.py::test_param_objects[one]
test_params.py::test_param_objects[2]
test_params.py::test_param_objects[3]
test_params.py::test_ids_list[ten]
test_params.py::test_ids_list[twenty]
test_params.py::test_ids_callable[v1]
test_params.py::test_ids_callable[v2]
test_params.py::test_argnames_list[1-2]
test_params.py::test_empty[v0]
test_params.py::test_indirect[1]
test_params.py::test_indirect[5]
test_params.py::test_fixture_params[p]
test_params.py::test_fixture_params[q]
test_params.py::test_fixture_params_and_parametrize[p-1]
test_params.py::test_fixture_params_and_parametrize[q-1]
test_params.py::test_param_fails[1-2]
test_params.py::test_param_fails[3-5]'
got="$(printf '%s\n' "$out" | grep '::')"
[[ "$got" == "$expected" ]] || fail "parametrize ids differ:$(diff <(echo "$expected") <(echo "$got"))"

run test_params.py
expect_last "40 passed, 1 failed, 3 skipped" 1 "test_params.py"

# --- selection ---------------------------------------------------------------
run test_params.py test_raises.py -k "stacked or raises_basic" -v
expect_last "5 passed, 0 failed, 0 skipped" 0 "-k or"
expect_line "collected 54 items / 49 deselected" "-k or"
run test_raises.py -k "raises and not match and not (callable or tuple)"
expect_last "2 passed, 2 failed, 1 skipped" 1 "-k and/not/parentheses"
run test_params.py -k "TEST_SINGLE"
expect_last "3 passed, 0 failed, 0 skipped" 0 "-k is case-insensitive"
run test_params.py::test_stacked "test_basic.py::TestClass::test_one"
expect_last "5 passed, 0 failed, 0 skipped" 0 "file::name selection"
run test_basic.py -m "slow or board"
expect_last "1 passed, 0 failed, 1 skipped" 0 "-m"

# --- -x ----------------------------------------------------------------------
run test_basic.py -x
expect_last "1 passed, 1 failed, 0 skipped" 1 "-x"
expect_line "!!!!!!!!!!!!!!!!!!!!!!!!!! stopping after 1 failures !!!!!!!!!!!!!!!!!!!!!!!!!!!" "-x"

# --- all passing: exit status 0 ------------------------------------------------
run test_classes.py sub
expect_last "12 passed, 0 failed, 2 skipped" 0 "passing files"

# --- collection errors: the run goes on ----------------------------------------
printf 'def broken(:\n    pass\n' > test_syntax_error.py
run test_syntax_error.py test_import_error.py test_raises.py::test_raises_basic
expect_last "1 passed, 2 failed, 0 skipped" 1 "collection errors"
expect_line "E   SyntaxError: invalid syntax" "syntax error"
expect_line "test_syntax_error.py E" "syntax error"
rm -f test_syntax_error.py

# --- golden files ----------------------------------------------------------------
run test_golden.py
expect_last "4 passed, 2 failed, 0 skipped" 1 "golden"
run test_golden.py -vv
expect_line "E   Did you forget to run with --update-golden?" "golden -vv"
run test_golden.py --update-golden
expect_last "6 passed, 0 failed, 0 skipped" 0 "--update-golden"
expect_line "golden/test_golden/test_golden_missing.txt" "--update-golden lists written files"
[[ "$(cat golden/test_golden/test_golden_missing.txt)" == $'line 0\nline 1' ]] ||
  fail "--update-golden did not write golden/test_golden/test_golden_missing.txt"
[[ "$(cat golden/test_golden/test_golden_mismatch.txt)" == $'line 0\nline 1\nLINE 2\nline 3' ]] ||
  fail "--update-golden did not rewrite golden/test_golden/test_golden_mismatch.txt"
[[ "$(cat golden/test_golden/test_golden_match.txt)" == $'line 0\nline 1\nline 2' ]] ||
  fail "--update-golden changed a matching golden file"
ls golden/test_golden | grep exocc-tmp >/dev/null && fail "--update-golden left a temporary file"
run test_golden.py
expect_last "6 passed, 0 failed, 0 skipped" 0 "golden after --update-golden"

# --- usage errors ------------------------------------------------------------------
run --no-such-option .
[[ "$status" == 4 ]] || fail "unknown option: exit status $status, expected 4"
run -k "not (" .
[[ "$status" == 4 ]] || fail "bad -k expression: exit status $status, expected 4"
run no_such_dir
[[ "$status" == 4 ]] || fail "missing path: exit status $status, expected 4"

# --- numpy subset and calls of compiled procedures (exec_samples, next to samples) --
exec_samples="$(cd "$samples/.." && pwd)/exec_samples"
run "$exec_samples"
expect_last "15 passed, 0 failed, 0 skipped" 0 "exec_samples"

if [[ $fails -ne 0 ]]; then
  echo "$fails check(s) failed"
  exit 1
fi
echo "exocc test runner: all checks passed"
