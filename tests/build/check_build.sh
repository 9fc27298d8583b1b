#!/usr/bin/env bash
# `exocc build` / `exocc vendor` end to end: warm output equals cold output, outputs are
# reproducible across directories, the cache survives corruption, concurrent writers
# and its size bound, dependencies are tracked, manifest errors are reported with
# file:line:col and leave nothing written.
# Usage: check_build.sh EXOCC
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/common.sh"
same_outputs() { cmp -s "$1/kernels.c" "$2/kernels.c" && cmp -s "$1/kernels.h" "$2/kernels.h"; }

cp -r "$here/project" "$work/a"
cp -r "$here/project" "$work/b"

# Cold with no cache is the reference.
"$exocc" build "$work/a/kernels.toml" -o "$work/ref" --no-cache || { echo "FAIL reference build"; exit 1; }
check "reference outputs exist" test -s "$work/ref/kernels.c" -a -s "$work/ref/kernels.h" -a -s "$work/ref/kernels.d"
check "generated C compiles" cc -c -std=c11 -I "$work/ref" "$work/ref/kernels.c" -o "$work/ref.o"

# Cold then warm through a cache: identical bytes, and the warm run replays entries.
"$exocc" build "$work/a/kernels.toml" -o "$work/cold" --cache-dir "$work/cache" -v 2>"$work/cold.log"
"$exocc" build "$work/a/kernels.toml" -o "$work/warm" --cache-dir "$work/cache" -v 2>"$work/warm.log"
check "cold run misses" grep -q "not cached" "$work/cold.log"
check "warm run hits every kernel" test "$(grep -c ": cached" "$work/warm.log")" = 3
check "cold output = no-cache output" same_outputs "$work/ref" "$work/cold"
check "warm output = cold output" same_outputs "$work/cold" "$work/warm"

# Another copy of the project in another directory: same bytes, cold and warm.
"$exocc" build "$work/b/kernels.toml" -o "$work/b-cold" --cache-dir "$work/cache-b"
"$exocc" build "$work/b/kernels.toml" -o "$work/b-warm" --cache-dir "$work/cache-b"
check "reproducible in another directory (cold)" same_outputs "$work/ref" "$work/b-cold"
check "reproducible in another directory (warm)" same_outputs "$work/ref" "$work/b-warm"
check "no absolute paths in outputs" bash -c "! grep -q '$work' '$work/b-cold/kernels.c' '$work/b-cold/kernels.h'"

# Write-if-changed: an unchanged rebuild leaves the outputs' timestamps alone.
touch -d '2001-01-01' "$work/warm/kernels.c" "$work/warm/kernels.h" "$work/warm/kernels.d"
"$exocc" build "$work/a/kernels.toml" -o "$work/warm" --cache-dir "$work/cache"
check "unchanged outputs not rewritten" test "$(stat -c %Y "$work/warm/kernels.c")" = "$(date -d 2001-01-01 +%s)"
rm "$work/warm/kernels.h"
"$exocc" build "$work/a/kernels.toml" -o "$work/warm" --cache-dir "$work/cache"
check "a deleted output is recreated" same_outputs "$work/cold" "$work/warm"

# The depfile lists what the kernels read, all existing files.
check "depfile lists the search-path module" grep -q "a/lib/helpers.py" "$work/cold/kernels.d"
check "depfile lists the hardware library" grep -q "a/lib/scratch.py" "$work/cold/kernels.d"
check "depfile lists bundled modules" grep -q "exo/__init__.py" "$work/cold/kernels.d"
check "depfile lists a data file read with open()" grep -q "a/lib/margin.txt" "$work/cold/kernels.d"
check "depfile paths exist" bash -c "sed -e '1d' -e 's/ *\\\\\$//' '$work/cold/kernels.d' | xargs -n1 test -f"

# Editing a module one kernel imports rebuilds that kernel only, and the output follows.
sed -i 's/factor: f32/factor: f32\n    offset: f32/' "$work/a/lib/helpers.py"
"$exocc" build "$work/a/kernels.toml" -o "$work/edit" --cache-dir "$work/cache" -v 2>"$work/edit.log"
check "edited dependency rebuilds its kernel" grep -q "kernel 1 (single.py): .*helpers.py changed" "$work/edit.log"
check "other kernel stays cached" grep -q "kernel 3 (algo.py): cached" "$work/edit.log"
check "output follows the edit" grep -q "float offset;" "$work/edit/kernels.h"
sed -i '/offset: f32/d' "$work/a/lib/helpers.py"

# Editing a data file a kernel read with open() rebuilds that kernel.
echo 5 > "$work/a/lib/margin.txt"
"$exocc" build "$work/a/kernels.toml" -o "$work/edit-data" --cache-dir "$work/cache" -v 2>"$work/edit-data.log"
check "edited data file rebuilds its kernel" grep -q "kernel 2 (misc.py): .*margin.txt changed" "$work/edit-data.log"
check "output follows the data file" grep -q "n - 5" "$work/edit-data/kernels.c"
echo 3 > "$work/a/lib/margin.txt"

# A corrupted entry is detected, rebuilt, and the output is still right.
for entry in "$work"/cache/*/*.entry; do
    printf 'garbage' | dd of="$entry" bs=1 seek=100 conv=notrunc 2>/dev/null
done
"$exocc" build "$work/a/kernels.toml" -o "$work/corrupt" --cache-dir "$work/cache" -v 2>"$work/corrupt.log"
check "corrupt entries detected" grep -q "corrupt cache entry" "$work/corrupt.log"
check "output after corruption = reference" same_outputs "$work/ref" "$work/corrupt"
"$exocc" build "$work/a/kernels.toml" -o "$work/corrupt" --cache-dir "$work/cache" -v 2>"$work/repaired.log"
check "rebuilt entries are valid again" test "$(grep -c ": cached" "$work/repaired.log")" = 3
# An entry edited and re-sealed (its checksum recomputed), so that an assignment targets
# a name bound nowhere: the checksum passes, the reader's well-formedness check does not,
# and the kernel is rebuilt rather than handed to C generation.
python3 - "$work/cache" <<'EOF_PY'
import hashlib, pathlib, re, sys
for path in pathlib.Path(sys.argv[1]).glob("*/*.entry"):
    head, rest = path.read_bytes().split(b"\nir ", 1)
    size, rest = rest.split(b"\n", 1)
    ir = re.sub(rb"(\nassign(?: -?\d+){6}) \d+ ", rb"\1 999999 ", rest[:int(size)], count=1)
    body = head + b"\nir %d\n" % len(ir) + ir + b"\n"
    path.write_bytes(body + b"checksum " + hashlib.sha256(body).hexdigest().encode() + b"\n")
EOF_PY
"$exocc" build "$work/a/kernels.toml" -o "$work/resealed" --cache-dir "$work/cache" -v 2>"$work/resealed.log"
check "re-sealed malformed entry refused" grep -q "unreadable cache entry (.*used where it is not bound" "$work/resealed.log"
check "output after re-sealing = reference" same_outputs "$work/ref" "$work/resealed"
for entry in "$work"/cache/*/*.entry; do truncate -s 50 "$entry"; done
"$exocc" build "$work/a/kernels.toml" -o "$work/trunc" --cache-dir "$work/cache" 2>/dev/null
check "output after truncation = reference" same_outputs "$work/ref" "$work/trunc"

# Eight concurrent processes on one empty cache directory.
pids=()
for i in 1 2 3 4 5 6 7 8; do
    "$exocc" build "$work/a/kernels.toml" -o "$work/par$i" --cache-dir "$work/shared-cache" 2>"$work/par$i.log" &
    pids+=($!)
done
par_ok=true
for i in "${!pids[@]}"; do wait "${pids[$i]}" || par_ok=false; done
check "8 concurrent builds succeed" $par_ok
all_same=true
for i in 1 2 3 4 5 6 7 8; do same_outputs "$work/ref" "$work/par$i" || all_same=false; done
check "8 concurrent builds give the reference output" $all_same
check "no temporary files left in the cache" bash -c "! find '$work/shared-cache' -name '*.tmp.*' | grep -q ."

# Eviction keeps the cache under its bound: many distinct entries (params differ).
entry_size=$(stat -c %s "$(ls "$work"/shared-cache/*/*.entry | head -1)")
bound=$((entry_size * 5))
for n in 8 16 24 32 40 48 56 64 72 80; do
    sed "s/WIDTH = 8/WIDTH = $n/" "$work/a/kernels.toml" > "$work/a/kernels_$n.toml"
    EXO_CACHE_MAX_SIZE=$bound "$exocc" build "$work/a/kernels_$n.toml" -o "$work/evict" --cache-dir "$work/evict-cache" || par_ok=false
done
total=$(find "$work/evict-cache" -name '*.entry' -printf '%s\n' | awk '{s += $1} END {print s}')
check "eviction keeps the cache under its bound ($total <= $bound)" test "$total" -le "$bound"
check "CACHEDIR.TAG marks the cache" grep -q "Signature: 8a477f597d28d172789f06886806bc55" "$work/evict-cache/CACHEDIR.TAG"

# Vendoring: write, check clean, then a source edit makes the check fail with a diff.
"$exocc" vendor "$work/a/kernels.toml" --dir "$work/vendor" --no-cache
check "vendored files written" test -s "$work/vendor/kernels.c" -a -s "$work/vendor/kernels.exo-vendor"
check "vendored C = build output" cmp -s "$work/vendor/kernels.c" "$work/ref/kernels.c"
check "vendor record names the exocc version" grep -q "exocc-version: " "$work/vendor/kernels.exo-vendor"
check "vendor check passes when current" "$exocc" vendor "$work/a/kernels.toml" --dir "$work/vendor" --check --no-cache
sed -i 's/0.5 \* (a/0.25 * (a/' "$work/a/algo.py"
"$exocc" vendor "$work/a/kernels.toml" --dir "$work/vendor" --check --no-cache >"$work/stale.txt"
status=$?
check "vendor check fails when stale" test $status = 1
check "stale report is a unified diff" grep -q '^+    tmp\[j\] = 0.25f' "$work/stale.txt"
check "stale report says how to fix it" grep -q "exocc vendor" "$work/stale.txt"
sed -i 's/0.25 \* (a/0.5 * (a/' "$work/a/algo.py"
echo "# a comment" >> "$work/a/single.py"
"$exocc" vendor "$work/a/kernels.toml" --dir "$work/vendor" --check --no-cache >"$work/digest.txt"
check "an input edit that keeps the C still changes the input digest" grep -q "^+input-digest" "$work/digest.txt"

"$exocc" vendor "$work/a/kernels.toml" --dir "$work/empty-vendor" --stem lib2 --check --no-cache >"$work/missing.txt"
check "missing vendored files are shown as whole-file diffs" grep -q '^--- /dev/null (.*lib2.c is missing)' "$work/missing.txt"
check "the fix-it line keeps --stem" grep -q -- '--dir .*empty-vendor --stem lib2`' "$work/missing.txt"

# Manifest errors: exit 1, file:line:col and the key, nothing written.
bad() {  # bad NAME EXPECTED-REGEX MANIFEST-TEXT
    local dir="$work/bad-$1"
    mkdir -p "$dir"
    cp "$work/b"/*.py "$dir/"
    cp -r "$work/b/lib" "$work/b/schedules" "$dir/"
    printf '%s\n' "$3" > "$dir/k.toml"
    "$exocc" build "$dir/k.toml" -o "$dir/out" --no-cache 2>"$dir/err"
    local status=$?
    check "manifest error: $1 (exit 1)" test $status = 1
    check "manifest error: $1 (message)" grep -Eq "$2" "$dir/err"
    check "manifest error: $1 (nothing written)" test ! -e "$dir/out"
}
bad unknown-key 'k\.toml:2:1: error: unknown key .sorce. in \[\[kernel\]\]' $'[[kernel]]\nsorce = "single.py"'
bad wrong-type 'k\.toml:3:9: error: .procs. must be an array of strings, not a string' $'[[kernel]]\nobject = "algo.py"\nprocs = "blend"'
bad missing-file 'k\.toml:2:10: error: .source.: no such file .nope\.py.' $'[[kernel]]\nsource = "nope.py"'
bad missing-proc 'k\.toml:3:1: error: .nope. is not a proc of algo\.py' $'[[kernel]]\nobject = "algo.py"\nprocs = ["nope"]\nhw = ["lib/scratch.py"]\n[library]\nsearch_path = ["lib"]\n[params]\nWIDTH = 8'
bad bad-schedule 'k\.toml:3:12: error: .schedule. must be "FILE\.py:FUNCTION"' $'[[kernel]]\nobject = "algo.py"\nschedule = "schedules/specialize.py"'
bad no-function 'k\.toml:4:1: error: specialize\.py has no function .nope.' $'[[kernel]]\nobject = "algo.py"\nprocs = ["accumulate"]\nschedule = "schedules/specialize.py:nope"\nhw = ["lib/scratch.py"]\n[library]\nsearch_path = ["lib"]\n[params]\nWIDTH = 8'
bad unknown-hw 'k\.toml:3:6: error: .hw.: no hardware library .vax.' $'[[kernel]]\nobject = "algo.py"\nhw = ["vax"]'
bad toml-syntax 'k\.toml:1:8: error: ' $'[kernel\nsource = "single.py"'
bad no-kernels 'k\.toml:1:1: error: the manifest has no \[\[kernel\]\] entries' $'[library]\nname = "x"'

finish
