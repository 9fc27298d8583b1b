#!/usr/bin/env bash
# The interactive session on a real terminal (tmux): `exocc -i kernel.py`, print the
# proc, divide a loop, print it again, use the history and the line editor, Ctrl-C,
# Ctrl-D. What the session prints is checked against what `exocc run` prints for the
# same statements, so nothing here is an expected text written by hand.
set -u
exocc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
command -v tmux >/dev/null || { echo "FAIL: tmux is required (apt-get install tmux)"; exit 1; }
tmp="$(mktemp -d)"
sock="exocc-repl-test-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/kernel.py" <<'PY'
from __future__ import annotations
from exo import proc
from exo.API_scheduling import *


@proc
def scale(n: size, x: f32[n]):
    assert n % 4 == 0
    for i in seq(0, n):
        x[i] = x[i] * 2.0
PY
# The reference: the same statements as a program.
{ cat "$tmp/kernel.py"; cat <<'PY'
print(scale)
p = divide_loop(scale, "i", 4, ["io", "ii"], perfect=True)
print(p)
print(len(str(p)) > 0)
for k in range(2):
    print("k =", k)
PY
} >"$tmp/reference.py"
"$exocc" run "$tmp/reference.py" >"$tmp/want" 2>&1 || { echo "FAIL: the reference program failed"; cat "$tmp/want"; exit 1; }

failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
tmux -L "$sock" new-session -d -s repl -x 120 -y 80 -c "$tmp" "'$exocc' -i kernel.py; echo \"EXIT=\$?\"; sleep 30"
keys() { tmux -L "$sock" send-keys -t repl "$@"; }
pane() { tmux -L "$sock" capture-pane -t repl -p -S -200; }
wait_for() {  # wait_for REGEX: until the pane shows it (10 s at most)
  for _ in $(seq 100); do pane | grep -qE -- "$1" && return 0; sleep 0.1; done
  fail "the session never showed '$1'"; pane | tail -15; return 1
}
idle() {  # until the session waits at an empty '>>> ' prompt (tmux drops trailing spaces)
  for _ in $(seq 100); do [ "$(pane | grep -v '^$' | tail -n 1)" = ">>>" ] && return 0; sleep 0.1; done
  fail "the session is not back at its prompt"; pane | grep -v '^$' | tail -5; return 1
}
run() { keys "$@"; idle; }  # type a line (and keys), wait for the next prompt
idle
run 'print(scale)' Enter
run 'p = divide_loop(scale, "i", 4, ["io", "ii"], perfect=True)' Enter
run 'print(p)' Enter
# History and editing: recall `print(p)` with Up, step left of ')', replace 'p'.
run Up Left BSpace 'len(str(p)) > 0' Enter
run 'for k in range(2):' Enter '    print("k =", k)' Enter Enter
run 'divide_lop' Enter
pane | grep -q "Did you mean: 'divide_loop'" || fail "no suggestion for divide_lop"
keys 'while True: pass' Enter Enter
sleep 0.5
run C-c
pane | grep -q '^KeyboardInterrupt$' || fail "Ctrl-C did not raise KeyboardInterrupt"
run 'print("still", "here")' Enter
keys C-d
wait_for '^EXIT=0$'
pane >"$tmp/got"

# Everything the program printed appears in the session, in order.
python3 - "$tmp/want" "$tmp/got" <<'PY' || failed=$((failed + 1))
import sys
want = [l.rstrip() for l in open(sys.argv[1]) if l.strip()]
got = [l.rstrip() for l in open(sys.argv[2])]
pos = 0
for line in want:
    while pos < len(got) and got[pos] != line:
        pos += 1
    if pos == len(got):
        print(f"FAIL: the session does not show {line!r} (in order)")
        sys.exit(1)
    pos += 1
PY
grep -q '^>>> print(len(str(p)) > 0)$' "$tmp/got" || fail "the edited history line is not 'print(len(str(p)) > 0)'"
[ $failed -eq 0 ] && echo "repl: all checks passed" || { echo "--- session:"; cat "$tmp/got"; }
[ $failed -eq 0 ]
