#!/usr/bin/env bash
# Files a program writes and never closes reach the disk, as under CPython: a file
# object dropped at once (`open(p, "w").write(s)`), one deleted (`del f`), one local to a
# function that returned, one left open at module level until exit, and one open when
# the program dies of an uncaught exception
# (issue 23, item 3). Each file's content is compared with what CPython 3.11 writes.
# Usage: check_unclosed_files.sh EXOCC
set -u
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
py="$(command -v python3 || true)"
[ -n "$py" ] || { echo "python3 is required as the reference interpreter" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/prog.py" <<'EOF_PY'
import sys

out = sys.argv[1]
open(out + "/dropped.txt", "w").write("dropped\n")
f = open(out + "/deleted.txt", "w")
f.write("deleted\n")
del f
print("after del:", open(out + "/deleted.txt").read().strip())


def local():
    g = open(out + "/local.txt", "a")
    g.write("local\n")


local()
print("after return:", open(out + "/local.txt").read().strip())


module_level = open(out + "/module.txt", "w")
module_level.write("module level\n")
if len(sys.argv) > 2:
    crash = open(out + "/crash.txt", "w")
    crash.write("written before the crash\n")
    raise RuntimeError("the end")
EOF_PY
fails=0
for mode in exit crash; do
    mkdir -p "$work/py-$mode" "$work/exocc-$mode"
    extra=(); [ $mode = crash ] && extra=(crash)
    "$py" "$work/prog.py" "$work/py-$mode" "${extra[@]}" >"$work/py-$mode.out" 2>/dev/null
    "$exocc" run "$work/prog.py" "$work/exocc-$mode" "${extra[@]}" >"$work/exocc-$mode.out" 2>/dev/null
    for f in "$work/py-$mode"/*.txt "$work/py-$mode.out"; do
        g="${f/py-$mode/exocc-$mode}"
        if cmp -s "$f" "$g"; then echo "ok   $mode: $(basename "$f")"
        else echo "FAIL $mode: $(basename "$f"): '$(cat "$g" 2>/dev/null)', CPython '$(cat "$f")'"; fails=$((fails + 1)); fi
    done
done
echo "$fails failed"
[ "$fails" = 0 ]
