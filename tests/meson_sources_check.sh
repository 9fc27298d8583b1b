#!/usr/bin/env bash
# Fails when the generated Meson source lists no longer match the tree
# (fix: scripts/sync-meson-sources.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$root/scripts/sync-meson-sources.sh" "$tmp"
status=0
for f in generator/host/meson.build generator/ir/meson.build generator/frontend/meson.build generator/rewrite/meson.build generator/backend/meson.build \
         generator/analysis/meson.build generator/driver/meson.build \
         tests/unit/meson.build; do
  if ! diff -u "$root/$f" "$tmp/$f"; then
    echo "$f is stale: run scripts/sync-meson-sources.sh" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "meson source lists are current"
exit $status
