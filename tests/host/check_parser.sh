#!/bin/sh
# Compares the exocc parser's AST dump with CPython's for every .py file under a
# directory:  check_parser.sh AST_DUMP_BINARY DIR [PYTHON]
# Prints "FAIL path" for each mismatch (VERBOSE=1 adds a diff) and "N passed, M failed".
set -u
dump=$1
dir=$2
py=${3:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
for f in $(find "$dir" -name '*.py' | sort); do
    # Bytes, as when CPython runs a file (BOM and universal newlines handled by the parser).
    "$py" -W ignore -c 'import ast,sys; print(ast.dump(ast.parse(open(sys.argv[1], "rb").read()), include_attributes=True))' "$f" >"$tmp/want" 2>"$tmp/err"
    [ -s "$tmp/want" ] || echo "CPython failed: $(tail -1 "$tmp/err")" >"$tmp/want"
    "$dump" "$f" >"$tmp/got" 2>&1
    if cmp -s "$tmp/want" "$tmp/got"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $f"
        if [ "${VERBOSE:-0}" = 1 ]; then
            "$py" - "$tmp/want" "$tmp/got" <<'PY'
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
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
