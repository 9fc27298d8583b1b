#!/usr/bin/env bash
# `exocc --help`, `exocc COMMAND --help`, `exocc --version` and unknown commands.
# Every option that a command's parser accepts (read from its source: build.cpp for
# build/vendor, _exocc_compile.py for the upstream form, the test runner's option
# table) must be described in the help that command prints.
set -u
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
src="$(cd "$(dirname "$0")/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# Help goes to stdout with status 0.
check_help() {  # check_help NAME ARGS...
  local name="$1"; shift
  "$exocc" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"; local rc=$?
  [ $rc -eq 0 ] || fail "exocc $* exited $rc"
  [ -s "$tmp/$name.out" ] || fail "exocc $* printed nothing on stdout"
  [ ! -s "$tmp/$name.err" ] || fail "exocc $* wrote to stderr: $(head -1 "$tmp/$name.err")"
}
check_help top --help
check_help top_h -h
check_help run run --help
check_help build build --help
check_help build_late build k.toml -o out --help
check_help vendor vendor --help
check_help test test --help
cmp -s "$tmp/top.out" "$tmp/top_h.out" || fail "-h and --help differ"

# Every option named in a parser appears in its help.
options_in() { grep -oE -- "\"--?[a-z][a-z-]*\"" "$@" | tr -d '"' | sort -u; }
for opt in $(options_in <(grep -E 'is\("|a == "-' "$src/generator/driver/build.cpp")); do
  grep -q -- "$opt" "$tmp/build.out" "$tmp/vendor.out" || fail "build/vendor option $opt is not in their help"
done
for opt in $(options_in <(sed -n '/flags = {/,/}/p; /if a in (/p' "$src/generator/lib/std/_exocc_compile.py")); do
  grep -q -- "$opt" "$tmp/top.out" || fail "upstream-form option $opt is not in exocc --help"
done
for opt in $(grep -oE "p\.addoption\('[^)]*" "$src/generator/lib/std/_exocc_pytest_runner.py" | grep -v "_ignored" \
             | sed -n '1,/collect-only/p' | grep -oE -- "'--?[a-z][a-z-]*'" | tr -d "'" | sort -u); do
  grep -q -- "$opt" "$tmp/test.out" || fail "test option $opt is not in exocc test --help"
done
for cmd in run test build vendor; do
  grep -qE "^  $cmd " "$tmp/top.out" || fail "exocc --help does not list '$cmd'"
done

# --version names exocc's version and the upstream Exo release it tracks.
"$exocc" --version >"$tmp/version" 2>&1 || fail "exocc --version failed"
grep -qE '^exocc [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/version" || fail "no exocc version: $(cat "$tmp/version")"
grep -qE 'upstream Exo [0-9]+\.[0-9]+\.[0-9]+ .*commit [0-9a-f]{12}' "$tmp/version" || fail "no upstream version: $(cat "$tmp/version")"

# An unknown command says so, suggests the nearest one, and exits 2 without output.
check_unknown() {  # check_unknown WORD SUGGESTION
  (cd "$tmp" && "$exocc" "$1" >"$tmp/unknown.out" 2>"$tmp/unknown.err"); local rc=$?
  [ $rc -eq 2 ] || fail "exocc $1 exited $rc"
  grep -q "unknown command '$1'" "$tmp/unknown.err" || fail "exocc $1: $(head -1 "$tmp/unknown.err")"
  if [ -n "$2" ]; then
    grep -q "did you mean '$2'?" "$tmp/unknown.err" || fail "exocc $1 does not suggest $2: $(head -1 "$tmp/unknown.err")"
  else
    ! grep -q "did you mean" "$tmp/unknown.err" || fail "exocc $1 suggests something: $(head -1 "$tmp/unknown.err")"
  fi
}
check_unknown biuld build
check_unknown tes test
check_unknown vendr vendor
check_unknown xyzzy ""
# An existing file without .py is still a source for the upstream form, not a command.
printf 'x = 1\n' >"$tmp/kern"
(cd "$tmp" && "$exocc" kern -o "$tmp/o" >/dev/null 2>"$tmp/kern.err")
! grep -q "unknown command" "$tmp/kern.err" || fail "an existing file was taken for a command"

# -c CODE and -i FILE with input from a pipe behave as python3's: same stdout, same
# exit status, same last stderr line.
same_as_python() {  # same_as_python STDIN ARGS...
  local input="$1"; shift
  (cd "$tmp" && printf '%s' "$input" | "$exocc" "$@" >"$tmp/got.out" 2>"$tmp/got.err"); local rc=$?
  (cd "$tmp" && printf '%s' "$input" | python3 "$@" >"$tmp/want.out" 2>"$tmp/want.err"); local wrc=$?
  [ $rc -eq $wrc ] || fail "exocc $*: status $rc, python3 $wrc"
  cmp -s "$tmp/got.out" "$tmp/want.out" || fail "exocc $*: stdout differs: $(diff "$tmp/want.out" "$tmp/got.out" | head -5)"
  [ "$(grep -v '^[[:space:]]*$' "$tmp/got.err" | tail -n 1)" = "$(grep -v '^[[:space:]]*$' "$tmp/want.err" | tail -n 1)" ] \
    || fail "exocc $*: last stderr line '$(tail -n 1 "$tmp/got.err")'"
}
same_as_python "" -c 'import sys; print(sys.argv, __name__)' one two
same_as_python "" -c 'def f(): return undefined_nam
undefined_name = 1
f()'
same_as_python "" -c 'raise SystemExit(3)'
same_as_python $'kernel\npartial' -c 'print(repr(input("name? "))); print(repr(input())); input()'
printf 'size = 16\ndef tile(n):\n    return n // size\n' >"$tmp/script.py"
same_as_python $'tile(64)\nfor k in range(2):\n    print(k * size)\n\nsize + 1\nprint(tiel)\n' -i script.py

[ $failed -eq 0 ] && echo "cli help: all checks passed"
[ $failed -eq 0 ]
