#!/usr/bin/env bash
# The CPython host's worker (docs/cpython-host.md, "The worker") must be invisible: a run
# in it prints, exits, dies and fails exactly as a fresh python3 does (EXOCC_HOST_WORKER=0)
# — the arguments, import path (relative PYTHONPATH entries too), flags, environment,
# cwd, umask, stdio, inherited descriptors, stdin, sys.modules after `import sympy`,
# exit codes, signals, Ctrl-C, an uncaught exception's text, and a kernel build's C and
# depfile. A sympy on PYTHONPATH shadows the preloaded one, and an inherited PYTHON*
# variable that would act differently in the worker turns it off.
set -uo pipefail
exocc=$(realpath "$1")
probe="$(cd "$(dirname "$0")/worker" && pwd)/probe.py"
build_inputs="$(cd "$(dirname "$0")/build" && pwd)"
work=$(mktemp -d)
export XDG_RUNTIME_DIR=$work/run EXOCC_HOST_WORKER_IDLE=30
mkdir -m 700 "$XDG_RUNTIME_DIR"
# The servers outlive their clients by design; this test's are stopped with it.
trap 'pkill -f "$XDG_RUNTIME_DIR/exocc-worker" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
unset EXOCC_HOST_WORKER

# run NAME [env...] -- COMMAND...: once in the worker and once fresh, in $work/sub
# with umask 027, an extra inherited descriptor 7 and stdin from a file; records
# stdout, stderr and the exit status of each.
mkdir -p "$work/sub/rel" "$work/abs"
echo "what stdin holds" > "$work/stdin.txt"
run() {
    local name=$1; shift
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    for mode in worker fresh; do
        local toggle=() out=$work/$name.$mode
        [ $mode = fresh ] && toggle=(EXOCC_HOST_WORKER=0)
        rm -f "$work/times"
        # The same file names both times: the probe prints what its descriptors name.
        { ( cd "$work/sub" && umask 027 &&
              exec env "${envs[@]}" "${toggle[@]}" EXOCC_HOST_WORKER_TIMES="$work/times" \
                  "$@" < "$work/stdin.txt" > "$work/stdout" 2> "$work/stderr" 7< "$work/stdin.txt" ); } 2> /dev/null  # not bash's note of a death by signal
        echo $? > "$out.rc"
        mv "$work/stdout" "$out.out"; mv "$work/stderr" "$out.err"
        [ -s "$work/times" ] && echo yes > "$out.used" || echo no > "$out.used"
    done
}
same() {  # NAME: the worker's run is the fresh one's, and the worker did run it
    local name=$1
    [ "$(cat "$work/$name.worker.used")" = yes ] || { cat "$work/$name.worker.err"; fail "$name: the worker did not run it"; }
    [ "$(cat "$work/$name.fresh.used")" = no ] || fail "$name: EXOCC_HOST_WORKER=0 still used the worker"
    for part in out err rc; do
        cmp -s "$work/$name.worker.$part" "$work/$name.fresh.$part" ||
            { diff "$work/$name.fresh.$part" "$work/$name.worker.$part"; fail "$name: the worker's $part differs from a fresh python3's"; }
    done
}

run plain PYTHONPATH="rel:$work/abs" -- "$exocc" --host python3 "$probe"
same plain
grep -q "^fd 7 $work/stdin.txt inheritable=True" "$work/plain.worker.out" || fail "plain: descriptor 7 was not passed on"
grep -q "stdin says 'what stdin holds" "$work/plain.worker.out" || fail "plain: stdin was not passed on"
grep -q "'$work/sub/rel', '$work/abs'" "$work/plain.worker.out" || fail "plain: PYTHONPATH is not on sys.path"

run sympy PROBE_SYMPY=1 -- "$exocc" --host python3 "$probe"
same sympy
grep -q "^sympy .*3/2" "$work/sympy.worker.out" || fail "sympy: not imported"
grep -q "^simplified n - 1" "$work/sympy.worker.out" || fail "sympy: simplify failed"
grep -q "'sympy.physics.units'" "$work/sympy.worker.out" || fail "sympy: simplify's own imports are not in sys.modules"

for how in PROBE_EXIT=3 PROBE_SIGNAL=TERM PROBE_SIGNAL=SEGV PROBE_RAISE=1; do
    run "${how%%=*}-${how#*=}" "$how" -- "$exocc" --host python3 "$probe"
    same "${how%%=*}-${how#*=}"
done
[ "$(cat "$work/PROBE_SIGNAL-TERM.worker.rc")" = 143 ] || fail "a run killed by SIGTERM did not end by it"
grep -q "ValueError: the probe was asked to fail" "$work/PROBE_RAISE-1.worker.err" || fail "the exception was not printed"

# The PYTHON* variables a worker is started with act in its runs as in python3 (each
# such environment has a worker of its own).
for var in PYTHONSAFEPATH=1 PYTHONHASHSEED=7 PYTHONIOENCODING=latin-1:replace PYTHONUTF8=1 \
           PYTHONNOUSERSITE=1 PYTHONUNBUFFERED= PYTHONDONTWRITEBYTECODE=; do
    run "${var%%=*}" PYTHONPATH=rel "$var" -- "$exocc" --host python3 "$probe"
    same "${var%%=*}"
    grep -q "^path .*'$work/sub/rel'" "$work/${var%%=*}.fresh.out" || fail "$var: PYTHONPATH's entry is not on sys.path"
done

# Ignored and blocked signals are inherited as by an exec.
run ignored -- bash -c 'trap "" INT HUP USR2; exec "$@"' - "$exocc" --host python3 "$probe"
same ignored
grep -q "(<Signals.SIGINT: 2>, <Handlers.SIG_IGN: 1>)" "$work/ignored.worker.out" || fail "ignored: SIGINT is not ignored"
run blocked -- /usr/bin/python3 -c 'import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1, signal.SIGWINCH]); os.execv(sys.argv[1], sys.argv[1:])' "$exocc" --host python3 "$probe"
same blocked
grep -q "^blocked \[<Signals.SIGUSR1: 10>, <Signals.SIGWINCH: 28>\]" "$work/blocked.worker.out" || fail "blocked: the mask was not inherited"

# Ctrl-C reaches the run: KeyboardInterrupt, then death by SIGINT, and nothing is left running.
# (Job control gives the job its own process group, as a terminal's foreground job has,
# and keeps SIGINT from being ignored in it.)
set -m
for mode in worker fresh; do
    toggle=()
    [ $mode = fresh ] && toggle=(EXOCC_HOST_WORKER=0)
    rm -f "$work/ready"
    env "${toggle[@]}" PROBE_SLEEP="$work/ready" "$exocc" --host python3 "$probe" > /dev/null 2> "$work/int.$mode.err" &
    pid=$!
    for _ in $(seq 200); do [ -s "$work/ready" ] && break; sleep 0.05; done
    [ -s "$work/ready" ] || fail "interrupt ($mode): the probe did not start"
    kill -INT -- -$pid  # what Ctrl-C does: the whole foreground group
    wait $pid 2> /dev/null
    echo $? > "$work/int.$mode.rc"
    for _ in $(seq 100); do [ -z "$(pgrep -f "$probe")" ] && break; sleep 0.05; done
    [ -z "$(pgrep -f "$probe")" ] || fail "interrupt ($mode): the run is still running"
done
set +m
[ "$(cat "$work/int.worker.rc")" = 130 ] || fail "interrupt: the run did not end by SIGINT"
cmp -s "$work/int.worker.rc" "$work/int.fresh.rc" || fail "interrupt: exit $(cat "$work/int.worker.rc") in the worker, $(cat "$work/int.fresh.rc") fresh"
diff "$work/int.fresh.err" "$work/int.worker.err" || fail "interrupt: the worker's traceback differs"

# A sympy on PYTHONPATH is the one imported, not the preloaded one.
mkdir -p "$work/shadow/sympy"
echo 'print("the shadowing sympy"); Integer = int' > "$work/shadow/sympy/__init__.py"
run shadow PYTHONPATH="$work/shadow" PROBE_SYMPY=1 -- "$exocc" --host python3 "$probe"
same shadow
grep -q "^sympy $work/shadow/sympy/__init__.py 1.5" "$work/shadow.worker.out" || fail "shadow: the preloaded sympy was used"

# An inherited variable the worker cannot honour per run turns it off, silently.
rm -f "$work/times"
( cd "$work/sub" && PYTHONVERBOSE=1 EXOCC_HOST_WORKER_TIMES="$work/times" "$exocc" --host python3 "$probe" \
      < /dev/null > /dev/null 2> "$work/verbose.err" ) || fail "PYTHONVERBOSE: the run failed"
[ -e "$work/times" ] && fail "PYTHONVERBOSE: the worker ran it"
grep -q "^import " "$work/verbose.err" || fail "PYTHONVERBOSE: python3 did not see it"

# A host = "python3" kernel build: the same C, header and depfile either way.
cp "$build_inputs"/cpython_only.* "$work/sub/"
for mode in worker fresh; do  # into the same directory, which the depfile names
    ( cd "$work/sub" && env $([ $mode = fresh ] && echo EXOCC_HOST_WORKER=0) EXOCC_HOST_WORKER_TIMES="$work/times.$mode" \
          "$exocc" build cpython_only.toml -o out --no-cache ) || fail "kernel ($mode): the build failed"
    mv "$work/sub/out" "$work/kernel-$mode"
done
[ -s "$work/times.worker" ] || fail "kernel: the worker did not run the build"
[ -e "$work/times.fresh" ] && fail "kernel: EXOCC_HOST_WORKER=0 still used the worker"
for f in cpython_only.c cpython_only.h cpython_only.d; do
    cmp "$work/kernel-fresh/$f" "$work/kernel-worker/$f" || fail "kernel: $f differs"
done
grep -q "sympy/__init__.py" "$work/kernel-worker/cpython_only.d" || fail "kernel: sympy is not in the worker's depfile"
echo "the CPython host's worker runs as a fresh python3: OK"
