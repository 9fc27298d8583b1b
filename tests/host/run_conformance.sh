#!/usr/bin/env bash
# Runs the host-language conformance corpus against exocc. Fails when the corpus is
# missing: it is the acceptance test of the interpreter, not an optional extra.
set -u
corpus="$1"
exocc="$2"
if [ ! -x "$corpus/run.sh" ]; then
  echo "host conformance corpus not found at $corpus (set EXOCC_HOST_CONFORMANCE_DIR)" >&2
  exit 1
fi
exec bash "$corpus/run.sh" "$exocc run"
