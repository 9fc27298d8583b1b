# Sourced by tests/build/check_*.sh with the exocc path as $1: the absolute exocc path,
# a scratch directory removed at exit, and the check/finish reporting helpers.
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fails=0
check() {  # check NAME COMMAND...
    local name="$1"; shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fails=$((fails + 1)); fi
}
finish() {
    echo "$fails failed"
    [ "$fails" = 0 ]
}

# write_scale_kernel DIR: DIR/kern.py, a kernel whose constant comes from `consts`, a
# module the manifest's search path provides.
write_scale_kernel() {
    cat > "$1/kern.py" <<'EOF_PY'
from __future__ import annotations
from exo import *
from consts import K

@proc
def scale(n: size, x: f32[n]):
    for i in seq(0, n):
        x[i] = x[i] * K
EOF_PY
}
