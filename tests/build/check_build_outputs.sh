#!/usr/bin/env bash
# `exocc build` outputs and cache under hostile conditions (issue 23):
#  - the .c, .h and .d are committed together: a write failing on one leaves all three
#    as they were (item 4);
#  - a FIFO or a link to /dev/zero as a cache entry or a dependency does not hang (item 6);
#  - links planted at the temporaries' names are not written through, and outputs are
#    never left as links (item 7);
#  - --stem must not leave the output directory; a library name must be a C name (item 8);
#  - eviction removes only exocc's entries, and stale temporaries go (item 9);
#  - an unusable cache directory is reported once, and the build goes on uncached (item 10);
#  - a cache directory other users may write to is refused unless declared shared (item 11).
# Usage: check_build_outputs.sh EXOCC
set -u
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# Every exocc run here is bounded: a hang is a failure, not a stuck test.
xc() { timeout 60 "$exocc" "$@"; }

p="$work/proj"
mkdir -p "$p/lib"
write_scale_kernel "$p"
echo 'K = 2.0' > "$p/lib/consts.py"
printf '[library]\nsearch_path = ["lib"]\n[[kernel]]\nsource = "kern.py"\n' > "$p/k.toml"
xc build "$p/k.toml" -o "$p/ref" --no-cache || { echo "FAIL reference build"; exit 1; }

# --- item 4: all three outputs or none ------------------------------------------------
xc build "$p/k.toml" -o "$p/out4" --depfile-target stamp1 --no-cache
cp -r "$p/out4" "$p/out4-before"
# The next build changes the .c (a new constant) and the .d (a new target), and may
# write at most 1 KiB to a file: the .c fits, the depfile does not.
sed -i 's/K = 2.0/K = 5.0/' "$p/lib/consts.py"
check "full disk: the .c fits the limit, the .d does not" \
    test "$(stat -c %s "$p/out4/k.c")" -lt 1024 -a "$(stat -c %s "$p/out4/k.d")" -gt 1024
(trap '' XFSZ; ulimit -f 1; exec timeout 60 "$exocc" build "$p/k.toml" -o "$p/out4" --depfile-target stamp2 --no-cache) 2>"$p/4.log"
check "full disk: the build fails" test $? != 0
check "full disk: says which file" grep -q "cannot write .*k.d" "$p/4.log"
check "full disk: .c unchanged" cmp -s "$p/out4/k.c" "$p/out4-before/k.c"
check "full disk: .d unchanged" cmp -s "$p/out4/k.d" "$p/out4-before/k.d"
check "full disk: no temporaries left" bash -c "! ls '$p/out4' | grep -q tmp"
xc build "$p/k.toml" -o "$p/out4" --no-cache
check "after the disk is freed: the new output" grep -q "5.0f" "$p/out4/k.c"
sed -i 's/K = 5.0/K = 2.0/' "$p/lib/consts.py"

# --- item 6: FIFOs and devices are not read -------------------------------------------
xc build "$p/k.toml" -o "$p/out6" --cache-dir "$work/cache6"
for entry in "$work"/cache6/*/*.entry; do rm "$entry"; mkfifo "$entry"; done
xc build "$p/k.toml" -o "$p/out6-fifo" --cache-dir "$work/cache6" -v 2>"$p/6a.log"
check "a FIFO as cache entry: no hang, right output" cmp -s "$p/ref/k.c" "$p/out6-fifo/k.c"
for entry in "$work"/cache6/*/*.entry; do rm "$entry"; ln -s /dev/zero "$entry"; done
xc build "$p/k.toml" -o "$p/out6-zero" --cache-dir "$work/cache6" 2>"$p/6b.log"
check "a link to /dev/zero as cache entry: no hang, right output" cmp -s "$p/ref/k.c" "$p/out6-zero/k.c"
xc build "$p/k.toml" -o "$p/out6" --cache-dir "$work/cache6b"
mv "$p/lib/consts.py" "$p/consts.py.saved"
ln -s /dev/zero "$p/lib/consts.py"
xc build "$p/k.toml" -o "$p/out6-dep" --cache-dir "$work/cache6b" 2>"$p/6c.log"
status=$?
check "a dependency linked to /dev/zero: no hang" test $status != 124
check "a dependency linked to /dev/zero: an error, not a crash" test $status = 1
rm "$p/lib/consts.py"
mkfifo "$p/lib/consts.py"
xc build "$p/k.toml" -o "$p/out6-dep" --cache-dir "$work/cache6b" 2>"$p/6d.log"
check "a dependency that became a FIFO: no hang" test $? != 124
rm "$p/lib/consts.py"
mv "$p/consts.py.saved" "$p/lib/consts.py"
mkfifo "$p/fifo.toml"
xc build "$p/fifo.toml" -o "$p/out6-manifest" --no-cache 2>"$p/6e.log"
check "a FIFO as manifest: an error, no hang" test $? = 1

# --- item 7: temporaries are created exclusively, outputs are regular files ----------
mkdir -p "$p/out7"
echo "precious" > "$work/victim"
# The temporaries are named OUTPUT.tmp.<pid>.<n>; `exec` keeps the shell's pid.
bash -c 'for f in k.c k.h k.d; do for n in 0 1 2 3 4 5 6 7 8 9; do ln -s "$1" "$2/$f.tmp.$$.$n"; done; done
         exec "$3" build "$4" -o "$2" --no-cache' _ "$work/victim" "$p/out7" "$exocc" "$p/k.toml"
check "planted links: the build succeeds" cmp -s "$p/ref/k.c" "$p/out7/k.c"
check "planted links: their target is untouched" test "$(cat "$work/victim")" = precious
cp "$p/ref/k.h" "$work/linked.h"
rm -f "$p/out7/k.h"
ln -s "$work/linked.h" "$p/out7/k.h"
xc build "$p/k.toml" -o "$p/out7" --no-cache
check "an output that is a link (to the same bytes) is replaced by a file" test ! -L "$p/out7/k.h" -a -f "$p/out7/k.h"
check "the link's target is untouched" cmp -s "$work/linked.h" "$p/ref/k.h"

# --- item 8: --stem stays in the output directory; library names are C names ---------
xc build "$p/k.toml" -o "$p/out8/sub" --stem ../escaped --no-cache 2>"$p/8a.log"
check "--stem ../x (build): usage error" test $? = 2
check "--stem ../x (build): says why" grep -q "argument --stem: '../escaped' must be a file name" "$p/8a.log"
check "--stem ../x (build): nothing written outside" test ! -e "$p/out8/escaped.c"
xc vendor "$p/k.toml" --dir "$p/vendor8/sub" --stem ../escaped --no-cache 2>"$p/8b.log"
check "--stem ../x (vendor): usage error" test $? = 2
check "--stem ../x (vendor): nothing written outside" test ! -e "$p/vendor8/escaped.c"
cp "$p/k.toml" "$p/2fast.toml"
xc build "$p/2fast.toml" -o "$p/out8d" --no-cache 2>"$p/8c.log"
check "a manifest named 2fast.toml: exit 1" test $? = 1
check "a manifest named 2fast.toml: says why, with the location" \
    grep -q "2fast.toml:1:1: error: the library is named after the manifest, but '2fast' is not a C identifier" "$p/8c.log"
check "a manifest named 2fast.toml: nothing written" test ! -e "$p/out8d"
printf '[library]\nname = "fast2"\nsearch_path = ["lib"]\n[[kernel]]\nsource = "kern.py"\n' > "$p/2fast.toml"
xc build "$p/2fast.toml" -o "$p/out8e" --no-cache
check "... builds once given a library name" grep -q "scale" "$p/out8e/2fast.h"

# --- item 9: eviction removes exocc's own entries only; stale temporaries go ---------
c="$work/cache9"
xc build "$p/k.toml" -o "$p/out9" --cache-dir "$c"
mkdir -p "$c/zz"
echo "someone else's file" > "$c/zz/notes.entry"
echo "someone else's file" > "$c/$(ls "$c" | grep -v CACHEDIR | head -1)/$(printf 'a%.0s' $(seq 64)).entry"
# A temporary of a process that is gone (pid 2^22 + 1 is above any default pid_max),
# and one of this live shell.
touch "$c/zz/x.entry.tmp.4194305.0" "$c/zz/y.entry.tmp.$$.0"
for n in 8 16 24; do
    sed "s/K = 2.0/K = $n.0/" "$p/lib/consts.py" > "$p/lib/consts.py.new" && mv "$p/lib/consts.py.new" "$p/lib/consts.py"
    EXO_CACHE_MAX_SIZE=1 xc build "$p/k.toml" -o "$p/out9" --cache-dir "$c"
    sed -i "s/K = $n.0/K = 2.0/" "$p/lib/consts.py"
done
check "eviction keeps files that merely end in .entry" test -f "$c/zz/notes.entry"
check "eviction keeps misnamed entries that are not exocc's" test -n "$(find "$c" -name "$(printf 'a%.0s' $(seq 64)).entry")"
check "a stale temporary of a dead process is removed" test ! -e "$c/zz/x.entry.tmp.4194305.0"
check "a live process's temporary is kept" test -e "$c/zz/y.entry.tmp.$$.0"
touch "$p/out9/k.c.tmp.4194305.3" "$p/out9/k.c.tmp.$$.3"
xc build "$p/k.toml" -o "$p/out9" --no-cache
check "an output's stale temporary is removed" test ! -e "$p/out9/k.c.tmp.4194305.3"
check "an output's live temporary is kept" test -e "$p/out9/k.c.tmp.$$.3"

# --- item 10: an unusable cache directory is reported once --------------------------
echo "a file" > "$work/not-a-dir"
xc build "$p/k.toml" -o "$p/out10" --cache-dir "$work/not-a-dir/cache" 2>"$p/10.log"
check "unusable cache dir: the build succeeds" cmp -s "$p/ref/k.c" "$p/out10/k.c"
check "unusable cache dir: one warning" test "$(grep -c "warning: not using the cache directory" "$p/10.log")" = 1
check "unusable cache dir: the warning says why and what happens" grep -q "not-a-dir/cache: .*; building without a cache" "$p/10.log"
EXO_CACHE_DIR="$work/not-a-dir" xc build "$p/k.toml" -o "$p/out10b" 2>"$p/10b.log"
check "EXO_CACHE_DIR a file: one warning" test "$(grep -c "warning:" "$p/10b.log")" = 1

# --- item 11: a cache others may write to is refused unless declared shared ---------
(umask 000; xc build "$p/k.toml" -o "$p/out11" --cache-dir "$work/fresh-cache")
check "a cache directory exocc creates is private, whatever the umask" test "$(stat -c %a "$work/fresh-cache")" = 700
c="$work/cache11"
mkdir -p "$c"
chmod 0777 "$c"
xc build "$p/k.toml" -o "$p/out11" --cache-dir "$c" 2>"$p/11.log"
check "world-writable cache: the build succeeds" cmp -s "$p/ref/k.c" "$p/out11/k.c"
check "world-writable cache: refused with a warning" grep -q "other users may write to it (set EXO_CACHE_SHARED=1" "$p/11.log"
check "world-writable cache: nothing stored" test -z "$(find "$c" -name '*.entry')"
mkdir -p "$work/open/cache"
chmod 0777 "$work/open"
xc build "$p/k.toml" -o "$p/out11" --cache-dir "$work/open/cache" 2>"$p/11c.log"
check "a private cache inside a world-writable directory: refused" grep -q "other users may replace it (through .*open)" "$p/11c.log"
EXO_CACHE_SHARED=1 xc build "$p/k.toml" -o "$p/out11" --cache-dir "$c" 2>"$p/11b.log"
check "declared shared: no warning" test ! -s "$p/11b.log"
check "declared shared: entries stored" test -n "$(find "$c" -name '*.entry')"

finish
