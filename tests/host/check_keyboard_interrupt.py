"""Ctrl-C in a running program, under exocc and under CPython: each is started, sends
"ready" when it is inside its loop, gets SIGINT, and must run its `finally` and
`with` cleanups, print the same stdout, end with the same last stderr line and be
killed by SIGINT. Usage: check_keyboard_interrupt.py EXOCC."""
import os
import signal
import subprocess
import sys
import tempfile

PROGRAM = r'''
import sys, time

class Resource:
    def __enter__(self):
        print("acquired")
        return self
    def __exit__(self, *exc):
        print("released", exc[0].__name__)
        return False

def spin():
    with Resource():
        try:
            print("ready", flush=True)
            while True:
                pass
        finally:
            print("finally ran")

def nap():
    try:
        print("ready", flush=True)
        time.sleep(30)
    except KeyboardInterrupt as e:
        print("caught", repr(e))
    print("after the nap")
    print("ready", flush=True)
    while True:
        pass

{"spin": spin, "nap": nap}[sys.argv[1]]()
'''


def run(cmd, mode):
    proc = subprocess.Popen(cmd + [mode], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    lines = []
    readies = 2 if mode == "nap" else 1
    for _ in range(readies):
        while True:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if line == "ready\n":
                break
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    last = [l for l in err.splitlines() if l.strip()][-1:] or [""]
    return "".join(lines) + out, last[0], proc.returncode


def main():
    exocc = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "interrupted.py")
        with open(path, "w") as f:
            f.write(PROGRAM)
        failed = 0
        for mode in ("spin", "nap"):
            want = run([sys.executable, path], mode)
            got = run([exocc, "run", path], mode)
            if want != got:
                print(f"FAIL {mode}: CPython {want!r}\n      exocc   {got!r}")
                failed += 1
            else:
                print(f"ok {mode}: {got!r}")
    sys.exit(1 if failed else 0)


main()
