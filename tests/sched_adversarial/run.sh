#!/usr/bin/env bash
# Runs adversarial.py and compares its report (every refusal's message, word for word)
# with adversarial.out beside it; fails as well when a schedule changed the results.
#   run.sh EXOCC [--update]
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$1" run "$here/adversarial.py" --keep "$work" >"$work/report" 2>&1
rc=$?
if [ "${2:-}" = "--update" ]; then cp "$work/report" "$here/adversarial.out"; exit $rc; fi
if ! diff -u "$here/adversarial.out" "$work/report"; then
  echo "adversarial schedules: the report differs from adversarial.out"
  exit 1
fi
[ $rc -eq 0 ] || { echo "adversarial schedules: exit status $rc"; exit 1; }
tail -n 1 "$work/report"
