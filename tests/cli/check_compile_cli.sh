#!/usr/bin/env bash
# `exocc FILE.py -o DIR`: outputs, the depfile, write-only-when-changed, byte-identical
# output from another directory, and clean errors for bad input.
set -u
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
check() { if eval "$2"; then echo "ok - $1"; pass=$((pass + 1)); else echo "not ok - $1"; fail=$((fail + 1)); fi; }

mkdir -p "$tmp/a" "$tmp/b/nested"
cp "$here/kernels.py" "$tmp/a/kernels.py"
cp "$here/kernels.py" "$tmp/b/nested/kernels.py"
(cd "$tmp/a" && "$exocc" kernels.py -o out) ; rc=$?
check "compiles" "[ $rc -eq 0 ]"
check "writes .c .h .d" "[ -f $tmp/a/out/kernels.c ] && [ -f $tmp/a/out/kernels.h ] && [ -f $tmp/a/out/kernels.d ]"
check "exports public procs only" "grep -q 'void scale(' $tmp/a/out/kernels.h && ! grep -q '_hidden' $tmp/a/out/kernels.h"
check "depfile names the source" "grep -q '$tmp/a/kernels.py' $tmp/a/out/kernels.d"
check "depfile paths exist" "for p in \$(sed -e 's/.*: //' -e 's/\\\\//' $tmp/a/out/kernels.d); do [ -e \$p ] || exit 1; done"
before=$(stat -c %Y "$tmp/a/out/kernels.c")
sleep 1
(cd "$tmp/a" && "$exocc" kernels.py -o out)
check "unchanged output is not rewritten" "[ \$(stat -c %Y $tmp/a/out/kernels.c) = $before ]"
rm "$tmp/a/out/kernels.h"
(cd "$tmp/a" && "$exocc" kernels.py -o out)
check "missing output is recreated" "[ -f $tmp/a/out/kernels.h ]"
(cd "$tmp/b/nested" && "$exocc" kernels.py -o ../gen)
check "same bytes from another directory" "cmp -s $tmp/a/out/kernels.c $tmp/b/gen/kernels.c && cmp -s $tmp/a/out/kernels.h $tmp/b/gen/kernels.h"
(cd "$tmp/b/nested" && "$exocc" kernels.py -o ../gen2 --stem lib)
check "--stem names the outputs" "[ -f $tmp/b/gen2/lib.c ] && grep -q '#include \"lib.h\"' $tmp/b/gen2/lib.c"
(cd "$tmp/a" && LC_ALL=C.UTF-8 "$exocc" kernels.py -o out2 && TZ=Asia/Tokyo "$exocc" kernels.py -o out3)
check "locale and time zone do not change output" "cmp -s $tmp/a/out2/kernels.c $tmp/a/out3/kernels.c && cmp -s $tmp/a/out/kernels.c $tmp/a/out2/kernels.c"
(cd "$tmp/a" && "$exocc" nothere.py -o out 2>"$tmp/err"); rc=$?
check "missing source is a clean error" "[ $rc -eq 1 ] && grep -q 'nothere.py' $tmp/err"
printf 'from __future__ import annotations\nfrom exo import proc\n@proc\ndef bad(n: size):\n    x[0] = 1.0\n' > "$tmp/a/bad.py"
(cd "$tmp/a" && "$exocc" bad.py -o out 2>"$tmp/err"); rc=$?
check "bad kernel reports file:line" "[ $rc -eq 1 ] && grep -q 'bad.py:5' $tmp/err && ! grep -q 'Segmentation' $tmp/err"
check "bad kernel leaves no output" "[ ! -e $tmp/a/out/bad.c ]"
# Imports resolve as upstream's: from the single source's directory, or with several
# sources from -p (default: the working directory).
mkdir -p "$tmp/imp/src"
cat > "$tmp/imp/src/common.py" <<'PY'
from __future__ import annotations
from exo import proc
from exo.stdlib.scheduling import rename


def make(name):
    @proc
    def f(x: f32):
        x = 1.0

    return rename(f, name)
PY
printf 'import common\n\nfoo = common.make("foo")\n' > "$tmp/imp/src/foo.py"
printf 'import common\n\nbar = common.make("bar")\n' > "$tmp/imp/src/bar.py"
(cd "$tmp/imp" && "$exocc" src/foo.py -o one) ; rc=$?
check "a single source imports from its directory" "[ $rc -eq 0 ] && grep -q 'void foo(' $tmp/imp/one/foo.h"
(cd "$tmp/imp" && "$exocc" src/foo.py src/bar.py -o two --stem both 2>"$tmp/err"); rc=$?
check "several sources import from the working directory" "[ $rc -ne 0 ] && grep -q \"No module named 'common'\" $tmp/err"
(cd "$tmp/imp" && "$exocc" src/foo.py src/bar.py -o two --stem both -p src) ; rc=$?
check "-p names where several sources import from" "[ $rc -eq 0 ] && grep -q 'void foo(' $tmp/imp/two/both.h && grep -q 'void bar(' $tmp/imp/two/both.h"
# PYTHONPATH counts as under Python (upstream's add_exo_library passes the kernels'
# shared modules only through it): after the -p directories, relative entries against
# the working directory. -p may name several directories.
mkdir -p "$tmp/pp/src" "$tmp/pp/lib" "$tmp/pp/lib2" "$tmp/pp/other"
cp "$tmp/imp/src/common.py" "$tmp/pp/lib/common.py"
cp "$tmp/imp/src/foo.py" "$tmp/imp/src/bar.py" "$tmp/pp/src/"
sed 's/return rename(f, name)/return rename(f, name + "_shadowed")/' "$tmp/pp/lib/common.py" > "$tmp/pp/lib2/common.py"
(cd "$tmp/pp" && "$exocc" src/foo.py -o nopp 2>"$tmp/err"); rc=$?
check "without PYTHONPATH the shared module is not found" "[ $rc -ne 0 ] && grep -q \"No module named 'common'\" $tmp/err"
(cd "$tmp/pp" && PYTHONPATH=other:lib "$exocc" src/foo.py -o pp) ; rc=$?
check "PYTHONPATH (relative entries) is searched" "[ $rc -eq 0 ] && grep -q 'void foo(' $tmp/pp/pp/foo.h"
check "the depfile names the module found through PYTHONPATH" "grep -q '$tmp/pp/lib/common.py' $tmp/pp/pp/foo.d"
(cd "$tmp/pp" && PYTHONPATH=lib2 "$exocc" src/foo.py src/bar.py -o pfirst --stem both -p lib) ; rc=$?
check "-p comes before PYTHONPATH" "[ $rc -eq 0 ] && grep -q 'void foo(' $tmp/pp/pfirst/both.h && ! grep -q '_shadowed' $tmp/pp/pfirst/both.h"
mkdir -p "$tmp/pp/a" "$tmp/pp/b"
sed 's/import common/import common_a as common/' "$tmp/pp/src/foo.py" > "$tmp/pp/src/foo_a.py"
sed 's/import common/import common_b as common/' "$tmp/pp/src/bar.py" > "$tmp/pp/src/bar_b.py"
cp "$tmp/pp/lib/common.py" "$tmp/pp/a/common_a.py"; cp "$tmp/pp/lib/common.py" "$tmp/pp/b/common_b.py"
(cd "$tmp/pp" && "$exocc" src/foo_a.py src/bar_b.py -o multi --stem m -p a -p b) ; rc=$?
check "-p repeated: every directory is searched" "[ $rc -eq 0 ] && grep -q 'void foo(' $tmp/pp/multi/m.h && grep -q 'void bar(' $tmp/pp/multi/m.h"
(cd "$tmp/pp" && "$exocc" src/foo_a.py src/bar_b.py -o multi2 --stem m -p a:b) ; rc=$?
check "-p with a path list: every directory is searched" "[ $rc -eq 0 ] && cmp -s $tmp/pp/multi/m.h $tmp/pp/multi2/m.h"
(cd "$tmp/pp" && "$exocc" src/foo.py -o bad -p nowhere 2>"$tmp/err"); rc=$?
check "-p naming no directory is a clean error" "[ $rc -eq 1 ] && grep -q \"no such directory: 'nowhere'\" $tmp/err && [ ! -e $tmp/pp/bad/foo.c ]"
printf 'import common\nprint(common.make("baz"))\n' > "$tmp/pp/src/show.py"
(cd "$tmp/pp" && PYTHONPATH=lib "$exocc" run src/show.py >"$tmp/out" 2>&1) ; rc=$?
check "exocc run searches PYTHONPATH too" "[ $rc -eq 0 ] && grep -q 'def baz(' $tmp/out"
(cd "$tmp/pp" && PYTHONPATH=lib "$exocc" src/foo.py -o dt --depfile-target stamp.txt) ; rc=$?
check "--depfile-target names the depfile's target" "[ $rc -eq 0 ] && head -1 $tmp/pp/dt/foo.d | grep -q '^stamp.txt : '"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
