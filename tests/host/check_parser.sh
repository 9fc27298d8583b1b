#!/bin/sh
# Compares the exocc parser's AST dump with CPython's ast.dump for every .py file under
# the directories given, both as parsed and after a round trip through the module
# store's encoding (ast_dump --decoded):
#   check_parser.sh AST_DUMP_BINARY DIR...        ($PYTHON: the CPython, default python3)
# Prints "FAIL path (mode)" for each mismatch (VERBOSE=1 adds a diff) and
# "N passed, M failed"; exits non-zero on any failure.
set -u
dump=$1
shift
py=${PYTHON:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
find "$@" -name '*.py' | sort >"$tmp/files"
# CPython's dumps, all in one process: want/N for the Nth file, empty where CPython does
# not parse it. Bytes, as when CPython runs a file (BOM and universal newlines handled by
# the parser).
mkdir "$tmp/want"
"$py" -W ignore - "$tmp/files" "$tmp/want" <<'PY'
import ast, sys
for n, path in enumerate(open(sys.argv[1]).read().splitlines()):
    with open(f"{sys.argv[2]}/{n}", "w") as out:
        try:
            out.write(ast.dump(ast.parse(open(path, "rb").read()), include_attributes=True) + "\n")
        except (SyntaxError, ValueError):
            pass
PY
n=0
while read -r f; do
    cp "$tmp/want/$n" "$tmp/want.txt"
    n=$((n + 1))
    for mode in plain --decoded; do
        if [ "$mode" = plain ]; then "$dump" "$f" </dev/null >"$tmp/got" 2>&1; else "$dump" "$mode" "$f" </dev/null >"$tmp/got" 2>&1; fi
        if [ -s "$tmp/want.txt" ]; then
            cmp -s "$tmp/want.txt" "$tmp/got"
        else  # a file CPython does not parse: exocc must refuse it too
            grep -q '^[A-Za-z]*Error: ' "$tmp/got"
        fi
        if [ $? = 0 ]; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL $f ($mode)"
            if [ "${VERBOSE:-0}" = 1 ]; then
                "$py" - "$tmp/want.txt" "$tmp/got" <<'PY'
import sys
a = open(sys.argv[1]).read(); b = open(sys.argv[2]).read()
i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
print("  first difference at char", i)
print("  want:", a[max(0, i - 150):i + 150])
print("  got: ", b[max(0, i - 150):i + 150])
PY
            fi
        fi
    done
done <"$tmp/files"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
