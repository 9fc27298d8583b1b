# Helpers the consumer-project checks share; source it after setting $tmp (a temporary
# directory the logs go to). Each check prints "ok - NAME" or "not ok - NAME" with the
# end of its output, and counts into $passed and $failed.
passed=0 failed=0
ok() {  # ok NAME COMMAND...: the command's success is the check's
    local name="$1"; shift
    if "$@" >"$tmp/ok.log" 2>&1; then passed=$((passed + 1)); echo "ok - $name"
    else failed=$((failed + 1)); echo "not ok - $name"; sed 's/^/#   /' "$tmp/ok.log" | head -n 30; fi
}
in_log() { grep -Eq -- "$1" "$tmp/build.log"; }   # in_log REGEX: the last build's output has it
configure() { nice cmake "$@" >"$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; return 1; }; }
make_it() {  # make_it BUILDDIR [ARGS...]: build, output in build.log
    local b="$1"; shift
    nice cmake --build "$b" -j2 "$@" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; return 1; }
}
fails_to_make() { ! nice cmake --build "$@" >"$tmp/build.log" 2>&1; }
prints() { diff <(echo "$2") <("$1"); }            # prints PROGRAM EXPECTED-LINE
