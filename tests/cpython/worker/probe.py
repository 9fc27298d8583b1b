# What a program can see of the interpreter it runs in, printed for check_worker.sh to
# compare between a run in the CPython host's worker and a fresh python3. PROBE_* variables
# pick how the run ends and what else it does.
import os
import signal
import sys
import time

show = sys.stdout.write
show(f"argv {sys.argv!r}\norig_argv {sys.orig_argv!r}\npath {sys.path!r}\nflags {sys.flags!r}\n")
show(f"executable {sys.executable} prefix {sys.prefix} cwd {os.getcwd()}\n")
umask = os.umask(0)
os.umask(umask)
show(f"umask {umask:o}\n")
for key in sorted(os.environ):
    if not key.startswith("EXOCC_HOST_WORKER"):
        show(f"env {key}={os.environ[key]}\n")
for name in ("stdin", "stdout", "stderr"):
    s = getattr(sys, name)
    show(f"{name} {s.fileno()} {s.encoding} {s.errors} {s.line_buffering} {s.isatty()} "
         f"{getattr(s, 'write_through', None)} {type(s.buffer).__name__}\n")
for fd in sorted(int(n) for n in os.listdir("/proc/self/fd")):
    try:
        target = os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        continue
    if target.startswith("/"):  # pipes, sockets and the listing itself are per process
        show(f"fd {fd} {target} inheritable={os.get_inheritable(fd)}\n")
show(f"stdin says {sys.stdin.read()!r}\n")
main = sys.modules["__main__"]
show(f"main {sorted(vars(main))!r} {main.__spec__!r}\n")
show(f"signals {[(s, signal.getsignal(s)) for s in sorted(signal.valid_signals()) if s < signal.SIGRTMIN]!r}\n")
show(f"blocked {sorted(signal.pthread_sigmask(signal.SIG_BLOCK, []))!r}\n")
if os.environ.get("PROBE_SYMPY"):
    import sympy
    show(f"sympy {sympy.__file__} {sympy.Integer(6) / 4}\n")
    show(f"modules {sorted(sys.modules)!r}\n")
    # what simplify imports on its first call, also preloaded by the worker
    n = sympy.Symbol("n", integer=True, positive=True)
    show(f"simplified {sympy.simplify((n**2 - 1) / (n + 1))}\n")
    show(f"modules {sorted(sys.modules)!r}\n")
sys.stdout.flush()
if os.environ.get("PROBE_RAISE"):
    raise ValueError("the probe was asked to fail")
if os.environ.get("PROBE_SLEEP"):
    with open(os.environ["PROBE_SLEEP"], "w") as ready:
        ready.write("sleeping")
    time.sleep(30)
if os.environ.get("PROBE_SIGNAL"):
    os.kill(os.getpid(), getattr(signal, "SIG" + os.environ["PROBE_SIGNAL"]))
sys.exit(int(os.environ.get("PROBE_EXIT", "0")))
