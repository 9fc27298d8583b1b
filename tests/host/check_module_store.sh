#!/usr/bin/env bash
# The store of processed modules (generator/host/module_store.h): a second run decodes
# the trees the first one stored and prints what CPython prints; a stale, corrupt or
# foreign entry is ignored and rewritten; a source that does not parse is never served
# from the store; with the cache off nothing is written.
#   check_module_store.sh EXOCC
set -euo pipefail
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"  # the script changes directory
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$work/proj/pkg"
cat >"$work/proj/pkg/__init__.py" <<'PY'
"""A package whose modules are served from the store on the second run."""
from .shapes import area, Shape
PY
cat >"$work/proj/pkg/shapes.py" <<'PY'
from __future__ import annotations
import dataclasses

SCALE = 3


def counter():
    n = 0

    def bump(by: int = 1) -> int:
        nonlocal n
        n += by
        return n
    return bump


@dataclasses.dataclass
class Shape:
    name: str
    sides: list[int]

    def perimeter(self) -> int:
        return sum(s * SCALE for s in self.sides)


def area(w, h=2, *rest, **opts):
    squares = {k: v ** 2 for k, v in opts.items() if v}
    evens = [x for x in range(w * h) if not x % 2]
    tag = f"{w!r:>4}|{h:0{w}d}|{'x' * h}|{len(rest)=}"
    try:
        1 / (w - w)
    except ZeroDivisionError as e:
        caught = type(e).__name__
    finally:
        done = True
    gen = (i * i for i in evens)
    bump = counter()
    bump(); bump(5)
    return w * h, squares, evens[:3], tag, caught, done, sum(gen), bump(0), Shape.__annotations__
PY
cat >"$work/proj/main.py" <<'PY'
import pkg
print(pkg.area(3, 4, 9, a=2, b=0))
print(pkg.Shape("tri", [1, 2, 3]).perimeter())
PY
cat >"$work/proj/kernel.py" <<'PY'
from __future__ import annotations
from exo import proc
import pkg

@proc
def fill(n: size, x: f32[n]):
    for i in seq(0, n):
        x[i] = 0.0
PY

export EXO_CACHE_DIR="$work/cache"
store="$work/cache/modules"
run() { (cd "$work/proj" && "$exocc" run main.py); }
want=$(cd "$work/proj" && python3 main.py)
stamp() { find "$store" -name '*.ast' -printf '%f %T@ %s\n' | sort; }

# Cold: the imported modules (the package's and the bundled ones) are stored.
out=$(run)
[ "$out" = "$want" ] || fail "cold run printed '$out', CPython '$want'"
n=$(find "$store" -name '*.ast' | wc -l)
[ "$n" -ge 3 ] || fail "expected stored modules, found $n"
[ -z "$(find "$store" -name '*.tmp*')" ] || fail "temporary files left in the store"
before=$(stamp)

# Warm: the same output from decoded trees, and no entry rewritten.
sleep 0.05
out=$(run)
[ "$out" = "$want" ] || fail "warm run printed '$out', CPython '$want'"
[ "$(stamp)" = "$before" ] || fail "a warm run rewrote entries (they were not used)"

# The package module's entry is the one naming shapes.py.
entry=$(grep -l "pkg/shapes.py" "$store"/*.ast)
[ "$(echo "$entry" | wc -l)" = 1 ] || fail "expected one entry for shapes.py"
cp "$entry" "$work/good.ast"

# Corrupt entries: each is ignored, the output is unchanged, and the entry is written
# again byte for byte as before (the encoding is deterministic).
size=$(stat -c %s "$entry")
corrupt() {
    case $1 in
        truncate) head -c $((size / 2)) "$work/good.ast" >"$entry" ;;
        empty) : >"$entry" ;;
        last-byte) cp "$work/good.ast" "$entry"; printf '\x7f' | dd of="$entry" bs=1 seek=$((size - 1)) conv=notrunc 2>/dev/null ;;
        header-byte) cp "$work/good.ast" "$entry"; printf 'X' | dd of="$entry" bs=1 seek=30 conv=notrunc 2>/dev/null ;;
        garbage) head -c "$size" /dev/urandom >"$entry" ;;
        longer) { cat "$work/good.ast"; printf 'tail'; } >"$entry" ;;
    esac
}
for how in truncate empty last-byte header-byte garbage longer; do
    corrupt "$how"
    out=$(run 2>"$work/err")
    [ "$out" = "$want" ] || fail "with a $how entry the run printed '$out'"
    [ ! -s "$work/err" ] || fail "with a $how entry the run wrote to stderr: $(cat "$work/err")"
    cmp -s "$entry" "$work/good.ast" || fail "the $how entry was not rewritten"
done

# A FIFO in an entry's place is not waited on, and is replaced.
rm "$entry" && mkfifo "$entry"
out=$(timeout 60 bash -c "cd '$work/proj' && '$exocc' run main.py") || fail "with a FIFO for an entry the run failed or hung"
[ "$out" = "$want" ] || fail "with a FIFO for an entry the run printed '$out'"
[ -f "$entry" ] && cmp -s "$entry" "$work/good.ast" || fail "the FIFO entry was not replaced"

# An entry that cannot be replaced (a directory in its place) only costs speed.
rm "$entry" && mkdir "$entry"
out=$(run)
[ "$out" = "$want" ] || fail "with a directory for an entry the run printed '$out'"
rmdir "$entry"

# A changed source is parsed again, never served from its old entry.
run >/dev/null
sed -i 's/^SCALE = 3$/SCALE = 5/' "$work/proj/pkg/shapes.py"
out=$(run)
[ "$(echo "$out" | tail -1)" = 30 ] || fail "after editing shapes.py the run printed '$out' (stale tree?)"
cmp -s "$entry" "$work/good.ast" && fail "the edited module's entry was not replaced"

# A source that does not parse reports the same SyntaxError with the store on and off,
# and a valid entry of its earlier text is not used.
printf 'def broken(:\n    pass\n' >>"$work/proj/pkg/shapes.py"
on=$(run 2>&1 || true)
off=$(cd "$work/proj" && EXO_CACHE_DIR= "$exocc" run main.py 2>&1 || true)
echo "$on" | grep -q "SyntaxError" || fail "no SyntaxError with the store on: $on"
[ "$on" = "$off" ] || fail "the SyntaxError differs with the store on: '$on' vs '$off'"

# The upstream-style compile command stores the modules it imports too.
sed -i '$d' "$work/proj/pkg/shapes.py"; sed -i '$d' "$work/proj/pkg/shapes.py"
rm -rf "$store"
(cd "$work/proj" && "$exocc" kernel.py -o "$work/out" >/dev/null)
grep -ql "pkg/shapes.py" "$store"/*.ast || fail "the compile command stored nothing for pkg/shapes.py"
(cd "$work/proj" && "$exocc" kernel.py -o "$work/out2" >/dev/null)
cmp -s "$work/out/kernel.c" "$work/out2/kernel.c" || fail "the C differs between a cold and a warm compile"

# With the cache off nothing is stored; an unusable cache directory only costs speed.
mkdir -p "$work/home"
out=$(cd "$work/proj" && HOME="$work/home" XDG_CACHE_HOME= EXO_CACHE_DIR= "$exocc" run main.py)
[ "$(echo "$out" | tail -1)" = 30 ] || fail "with the cache off the run printed '$out'"
[ -z "$(find "$work/home" -mindepth 1)" ] || fail "with the cache off something was written: $(find "$work/home")"
: >"$work/not-a-dir"
out=$(cd "$work/proj" && EXO_CACHE_DIR="$work/not-a-dir" "$exocc" run main.py 2>"$work/err")
[ "$(echo "$out" | tail -1)" = 30 ] || fail "with an unusable cache directory the run printed '$out'"
[ ! -s "$work/err" ] || fail "an unusable cache directory was reported: $(cat "$work/err")"
# A stored tree is run as code, so a cache directory other users may write to is not
# used unless declared shared (as the build cache, docs/build-cache.md).
mkdir "$work/open" && chmod 777 "$work/open"
(cd "$work/proj" && EXO_CACHE_DIR="$work/open" "$exocc" run main.py >/dev/null)
[ ! -e "$work/open/modules" ] || fail "a cache directory others may write to was used"
(cd "$work/proj" && EXO_CACHE_SHARED=1 EXO_CACHE_DIR="$work/open" "$exocc" run main.py >/dev/null)
[ -n "$(find "$work/open/modules" -name '*.ast')" ] || fail "EXO_CACHE_SHARED=1 did not allow the shared directory"
echo "module store: all checks passed"
