#!/usr/bin/env bash
# A kernel's cache entry depends on everything it read and on every module its imports
# looked for and did not find, in both hosts alike: after an edit of a file it opened
# (open(), pathlib), after a file is added to a directory it listed, or after an
# optional module appears on its import path, a rebuild
# runs the kernel again and its C shows the change; the depfile lists the files read;
# with nothing changed, the rebuild is served from the cache without running Python.
set -euo pipefail
exocc=$1
here=$(cd "$(dirname "$0")/inputs" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

for host in embedded python3; do
    dir=$work/$host
    mkdir -p "$dir"
    cp "$here/reads_inputs.py" "$dir/"
    printf '[library]\nhost = "%s"\n\n[[kernel]]\nsource = "reads_inputs.py"\n' "$host" > "$dir/k.toml"
    echo '{"tile": 4}' > "$dir/tiles.json"
    echo first_name > "$dir/name.txt"
    mkdir "$dir/variants" && touch "$dir/variants/a"
    build() { "$exocc" build "$dir/k.toml" -o "$dir/$1" --cache-dir "$work/cache-$host" -v 2> "$dir/$1.log" ||
                  { cat "$dir/$1.log"; fail "$host: build $1"; }; }
    built() { grep -q "not cached\|changed" "$dir/$1.log"; }

    build cold
    grep -q "ii < 4" "$dir/cold/k.c" && grep -q "first_name_1" "$dir/cold/k.c" || fail "$host: cold C"
    for f in tiles.json name.txt; do
        grep -q "$f" "$dir/cold/k.d" || fail "$host: $f is not in the depfile"
    done
    build warm
    grep -q ": cached" "$dir/warm.log" || { cat "$dir/warm.log"; fail "$host: the warm build was not cached"; }

    echo '{"tile": 8}' > "$dir/tiles.json"
    build tiles
    built tiles && grep -q "ii < 8" "$dir/tiles/k.c" || { cat "$dir/tiles.log"; fail "$host: an edit of the file read with open() was not rebuilt"; }

    echo second_name > "$dir/name.txt"
    build name
    built name && grep -q "second_name" "$dir/name/k.c" || { cat "$dir/name.log"; fail "$host: an edit of the file read with pathlib was not rebuilt"; }

    touch "$dir/variants/b"
    build listed
    built listed && grep -q "second_name_2" "$dir/listed/k.c" || { cat "$dir/listed.log"; fail "$host: a file added to the listed directory was not seen"; }
    grep -q "variants" "$dir/listed/k.d" || fail "$host: the listed directory is not in the depfile"

    echo 'FACTOR = 2' > "$dir/extra_mod.py"
    build extra
    built extra && grep -q "ii < 16" "$dir/extra/k.c" || { cat "$dir/extra.log"; fail "$host: the module that appeared on the import path was not imported"; }
    grep -q "extra_mod.py" "$dir/extra/k.d" || fail "$host: the module that appeared is not in the depfile"

    build again
    grep -q ": cached" "$dir/again.log" || { cat "$dir/again.log"; fail "$host: the rebuild with nothing changed was not cached"; }
    cmp "$dir/extra/k.c" "$dir/again/k.c" || fail "$host: the cached C differs"
done
echo "build inputs in both hosts: OK"
