"""The CPython host's worker: a python3 that has already imported sympy and forks one
process per run of `exocc --host python3` or of a host = "python3" kernel, so that each
run skips sympy's import (about 0.2 s of the 0.25 s ExoBLAS kernel files spend starting
up). The driver side is generator/driver/cpython_worker.cpp; docs/cpython-host.md says
when it is used and how to turn it off.

A run in the worker must be the run a fresh `python3 [-E] -s -c CODE ARGS` would have
been. Three processes take part:
- the server (this file's top level) imports the preloads, then accepts connections
  and forks one *monitor* per connection; it never runs a request's code;
- the monitor reads the request (the client's cwd, umask, per-run environment
  variables, arguments, descriptors), forks the *run*, tells the client its pid and
  reports how it ended; if the client goes away, it kills the run;
- the run puts the process into the state a fresh interpreter would have and executes
  CODE in a new __main__. The preloaded modules are hidden from sys.modules and come
  back only when an import asks for them and the import system, asked again, finds each
  at the file it was loaded from (see _Held), so that sys.modules, the files an
  import looked for, and so depfiles and cache keys, are those of a fresh run.

The server serves one environment: the client keys it by everything that can change how
python3 starts or what the preloads import (the interpreter, the -E flag, every
environment variable except the per-run ones below) and exits after an idle time, or
as soon as a preloaded file changed on disk."""
import sys
import builtins

# sympy, and what its core functions import on their first call (simplify, an Add of
# tensors, relational folding: about 0.15 s in each run that simplifies, as ExoBLAS's
# perf features do), so that a run finds them loaded as it finds sympy.
PRELOADS = ("sympy", "sympy.physics.units", "sympy.tensor.tensor", "sympy.assumptions.wrapper")


def _find_spec_without(finder_to_skip, name, path, target):
    """What the import system's other finders find for `name`, in its order."""
    for finder in sys.meta_path:
        if finder is not finder_to_skip and hasattr(finder, "find_spec"):
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                return spec
    return None


class _ImportTracker:
    """While the server imports (the preloads, then its own modules): every lookup the
    import system makes, in order, and which modules each module's import needs. A
    module needs what its top-level code imports, whether or not it was loaded already,
    so that what importing it loads can be known apart from the order things happened
    in the server."""

    def __init__(self):
        self.lookups = []  # (name, search path, found, importer) in the import system's order
        self.needs = {}    # module -> modules its import statements named
        self.running = []  # the modules whose code is executing, innermost last
        self.original_import = builtins.__import__

    def install(self):
        sys.meta_path.insert(0, self)
        builtins.__import__ = self.import_hook

    def remove(self):
        sys.meta_path.remove(self)
        builtins.__import__ = self.original_import

    def needed(self, name):
        if self.running:
            needs = self.needs.setdefault(self.running[-1], set())
            parts = name.split(".")
            needs.update(".".join(parts[: i + 1]) for i in range(len(parts)))

    def find_spec(self, name, path, target=None):
        spec = _find_spec_without(self, name, path, target)
        importer = self.running[-1] if self.running else None
        self.lookups.append((name, None if path is None else list(path), spec is not None, importer))
        self.needed(name)
        if spec is not None and spec.loader is not None:
            spec.loader = _TrackingLoader(spec.loader, name, self)
        return spec

    def import_hook(self, name, globals=None, locals=None, fromlist=(), level=0):
        module = self.original_import(name, globals, locals, fromlist, level)
        if level > 0:
            package = (globals or {}).get("__package__") or ""
            base = package.rsplit(".", level - 1)[0]
            name = f"{base}.{name}" if name else base
        self.needed(name)
        for item in fromlist or ():
            if f"{name}.{item}" in sys.modules:
                self.needed(f"{name}.{item}")
        return module


class _TrackingLoader:
    """The module's own loader, run with the tracker knowing whose code executes."""

    def __init__(self, loader, name, tracker):
        self.loader, self.name, self.tracker = loader, name, tracker

    def create_module(self, spec):
        self.tracker.running.append(self.name)  # an extension module runs its code here
        try:
            return self.loader.create_module(spec) if hasattr(self.loader, "create_module") else None
        finally:
            self.tracker.running.pop()

    def exec_module(self, module):
        module.__loader__ = self.loader  # as imported without the tracker
        if module.__spec__ is not None:
            module.__spec__.loader = self.loader
        self.tracker.running.append(self.name)
        before = set(sys.modules)
        try:
            self.loader.exec_module(module)
        finally:
            self.tracker.running.pop()
            # Also what its code put in sys.modules itself (typing.io, say).
            self.tracker.needs.setdefault(self.name, set()).update(set(sys.modules) - before - {self.name})


if __name__ == "__main__":
    _TRACKER = _ImportTracker()
    _BARE = set(sys.modules)  # what every python3 has loaded before running code
    _TRACKER.install()
    for _name in PRELOADS:
        try:
            __import__(_name)
        except Exception:  # not installed, or broken: a run imports it from disk
            pass

import atexit  # noqa: E402 (tracked too: a run hides the server's own modules as well)
import fcntl  # noqa: E402
import gc  # noqa: E402
import importlib.machinery  # noqa: E402
import io  # noqa: E402
import os  # noqa: E402
import select  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import struct  # noqa: E402
import time  # noqa: E402
import types  # noqa: E402

PROTOCOL = "exocc-worker 1"
# Set per run from the client; every other variable is part of the server's key.
PER_RUN_VARIABLES = ("PYTHONPATH", "PWD", "OLDPWD", "_", "SHLVL", "EXOCC_HOST_WORKER_TIMES")
MAX_FDS = 250


def _origin(spec):
    return (spec.origin, None if spec.submodule_search_locations is None else list(spec.submodule_search_locations))


class _Held:
    """In a run: every module the server imported, out of sys.modules until an import
    asks for one. Then that module and all it needs (transitively) come back together,
    provided that the import system, asked again for each in the server's order (so that
    the import recorder of exo/_cpython_records.py sees the same lookups), finds each at
    the file it was loaded from, still misses what it missed, and none of them is loaded
    already as another object. Otherwise the module is imported from disk, as in a fresh
    run."""

    def __init__(self, modules, specs, lookups, needs):
        self.modules, self.specs, self.lookups, self.needs = modules, specs, lookups, needs
        self.refused = set()

    def group(self, name):
        out, todo = set(), [name]
        while todo:
            m = todo.pop()
            if m in self.modules and m not in out:
                out.add(m)
                todo.extend(self.needs.get(m, ()))
        return out

    def find_spec(self, name, path, target=None):
        if name not in self.modules or name in self.refused:
            return None
        group = self.group(name)
        if any(sys.modules.get(m, self.modules[m]) is not self.modules[m] for m in group):
            self.refused.add(name)
            return None
        for m, search_path, found, importer in self.lookups:
            # The group's own modules, and what their imports looked for in vain.
            if m in sys.modules or not (m in group or (not found and importer in group)):
                continue
            spec = _find_spec_without(self, m, search_path, None)
            original = self.specs[m][0] if m in group else None
            if (spec is None) != (original is None) or (spec is not None and _origin(spec) != _origin(original)):
                self.refused.add(name)
                return None
        # All but the module asked for, which the import system itself puts in place (if
        # it found it there, it would load it afresh from its spec).
        for m in group - {name}:
            sys.modules.setdefault(m, self.modules[m])
        return importlib.machinery.ModuleSpec(name, _Restored(self.modules[name], *self.specs[name]))


class _Restored:
    def __init__(self, module, spec, loader):
        self.module, self.spec, self.loader = module, spec, loader

    def create_module(self, spec):
        return self.module

    def exec_module(self, module):
        # The import system set the module's __spec__ to this one's; give back the one
        # it was loaded with (its __loader__ it leaves alone when set).
        module.__spec__, module.__loader__ = self.spec, self.loader


def _held_modules():
    """Ends the tracking: the modules a run must not see until it imports them."""
    _TRACKER.remove()
    modules = {n: sys.modules[n] for n in set(sys.modules) - _BARE}
    specs = {n: (getattr(m, "__spec__", None), getattr(m, "__loader__", None)) for n, m in modules.items()}
    return modules, specs, _TRACKER.lookups, _TRACKER.needs


def _file_stamps(paths):
    out = {}
    for p in paths:
        try:
            st = os.stat(p)
            out[p] = (st.st_ino, st.st_size, st.st_mtime_ns)
        except OSError:
            out[p] = None
    return out


def _reap():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _peer_uid(conn):
    creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", creds)[1]


def _serve(sock_path, lock_path, idle_seconds):
    """The server loop. Returns only in a run's process, with its request."""
    lock = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    deadline = time.monotonic() + 3
    while True:  # a server that is exiting holds the lock a moment longer
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except OSError:
            if time.monotonic() > deadline:
                os._exit(0)  # another server serves this key
            time.sleep(0.02)
    held = _held_modules()
    modules = held[0]
    watched = sorted({m.__file__ for m in modules.values() if isinstance(getattr(m, "__file__", None), str)}
                     | {os.path.abspath(__file__), sys.executable})
    stamps = _file_stamps(watched)
    try:
        os.unlink(sock_path)
    except FileNotFoundError:
        pass
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old_umask = os.umask(0o177)
    listener.bind(sock_path)
    os.umask(old_umask)
    listener.listen(64)
    listener.settimeout(idle_seconds)
    # What the server holds is never garbage: out of the collector's sight, a run's
    # collections (and its final one) do not walk sympy's objects, nor copy their pages.
    gc.freeze()
    me = os.getuid()
    while True:
        try:
            conn, _ = listener.accept()
        except socket.timeout:
            _reap()
            os.unlink(sock_path)
            os._exit(0)
        _reap()
        conn.settimeout(None)
        if _peer_uid(conn) != me:
            conn.close()
            continue
        if _file_stamps(watched) != stamps:  # sympy or python3 was upgraded: start afresh
            os.unlink(sock_path)
            _send(conn, "F a preloaded file changed")
            os._exit(0)
        pid = os.fork()
        if pid == 0:
            listener.close()
            os.close(lock)
            return _monitor(conn), held
        conn.close()


def _send(conn, line):
    try:
        conn.sendall((line + "\n").encode())
    except OSError:
        pass


def _read_request(conn):
    fds = []
    data = b""
    while True:
        chunk, ancdata, _, _ = conn.recvmsg(1 << 16, socket.CMSG_SPACE(MAX_FDS * 4))
        for level, kind, payload in ancdata:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.extend(struct.unpack(f"{len(payload) // 4}i", payload[: len(payload) // 4 * 4]))
        if not chunk:
            raise EOFError("the client closed the connection")
        data += chunk
        if len(data) >= 8 and len(data) >= 8 + int(data[:8], 16):
            break
    fields = data[8 : 8 + int(data[:8], 16)].split(b"\0")
    it = iter(fields)
    if next(it).decode() != PROTOCOL:
        raise ValueError("protocol")
    req = {"cwd": next(it), "umask": int(next(it), 8)}
    req["ignored"], req["blocked"] = ([int(n) for n in next(it).split()] for _ in range(2))
    req["code"] = next(it).decode("utf-8", "surrogateescape")
    req["args"] = [next(it) for _ in range(int(next(it)))]
    req["env"] = [next(it) for _ in range(int(next(it)))]
    req["targets"] = [int(next(it)) for _ in range(int(next(it)))]
    if len(req["targets"]) != len(fds):
        raise ValueError("descriptors")
    req["fds"] = fds
    return req


def _monitor(conn):
    """The monitor: starts the run and reports how it ended. Returns only in the run."""
    try:
        req = _read_request(conn)
        run = os.fork()
    except BaseException:
        _send(conn, "F bad request")
        os._exit(0)
    if run == 0:
        conn.close()
        return req
    for fd in req["fds"]:
        os.close(fd)
    try:
        _send(conn, f"P {run}")
        try:
            pidfd = os.pidfd_open(run)
        except (AttributeError, OSError):  # a kernel before 5.3: wait without watching the client
            pidfd = None
        while pidfd is not None:
            ready, _, _ = select.select([conn, pidfd], [], [])
            if pidfd in ready:
                break
            if conn in ready and not conn.recv(64):
                os.kill(run, signal.SIGKILL)  # the client is gone: so is its run
                break
        _, status, usage = os.wait4(run, 0)
        times = f"{usage.ru_utime:.6f} {usage.ru_stime:.6f}"  # the run's CPU, for benchmarks
        if os.WIFSIGNALED(status):
            _send(conn, f"S {os.WTERMSIG(status)} {times}")
        else:
            _send(conn, f"X {os.WEXITSTATUS(status)} {times}")
    finally:
        os._exit(0)


def _install_descriptors(fds, targets):
    """Moves the received descriptors to the numbers they had in the client and closes
    every other one: the run holds what an exec'd python3 would have inherited."""
    above = max(targets + fds + [2]) + 1
    moved = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, above) for fd in fds]
    for fd in fds:
        os.close(fd)
    for src, dst in zip(moved, targets):
        os.dup2(src, dst, inheritable=True)
        os.close(src)
    for name in os.listdir("/proc/self/fd"):
        if int(name) not in targets:
            try:
                os.close(int(name))
            except OSError:  # the listing's own descriptor, closed already
                pass


def _stdio(fd, name, mode, template):
    """A standard stream as CPython's startup creates it (create_stdio in
    Python/pylifecycle.c), with the server's encoding and buffering settings."""
    try:
        os.fstat(fd)
    except OSError:
        return None
    raw = io.FileIO(fd, mode + "b", closefd=False)
    raw.name = name
    unbuffered = template.write_through  # python3 -u: every stream writes through
    if mode == "r":  # stdin keeps its buffer even then
        buffered = io.BufferedReader(raw)
    else:
        buffered = raw if unbuffered else io.BufferedWriter(raw)
    line_buffering = not unbuffered and (name == "<stderr>" or raw.isatty())
    text = io.TextIOWrapper(buffered, encoding=template.encoding, errors=template.errors, newline="\n",
                            line_buffering=line_buffering, write_through=unbuffered)
    text.mode = mode
    return text


def _inherit_signals(ignored, blocked):
    """The client's ignored and blocked signals, which an exec would have kept, on top
    of what CPython's startup sets: SIGINT raises KeyboardInterrupt unless ignored,
    SIGPIPE and SIGXFSZ are ignored, the rest are left at their default."""
    for sig in range(1, signal.NSIG):
        if sig in (signal.SIGKILL, signal.SIGSTOP):
            continue
        if sig in ignored or sig in (signal.SIGPIPE, signal.SIGXFSZ):
            handler = signal.SIG_IGN
        elif sig == signal.SIGINT:
            handler = signal.default_int_handler
        else:
            handler = signal.SIG_DFL
        try:
            signal.signal(sig, handler)
        except (OSError, ValueError):  # the C library's own real-time signals
            pass
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _pythonpath_entries(value):
    """sys.path's entries from PYTHONPATH, as site.removeduppaths leaves them."""
    return [os.path.abspath(p) for p in value.split(os.pathsep)]


def _run(req, held):
    modules, specs, lookups, needs = held
    os.chdir(req["cwd"])
    os.umask(req["umask"])
    for name in PER_RUN_VARIABLES:
        os.environ.pop(name, None)
    for item in req["env"]:
        k, _, v = item.partition(b"=")
        os.environb[k] = v
    _install_descriptors(req["fds"], req["targets"])
    for stream, fd, name, mode in (("stdin", 0, "<stdin>", "r"), ("stdout", 1, "<stdout>", "w"),
                                   ("stderr", 2, "<stderr>", "w")):
        new = _stdio(fd, name, mode, getattr(sys, "__" + stream + "__") or getattr(sys, stream))
        setattr(sys, stream, new)
        setattr(sys, "__" + stream + "__", new)
    args = [os.fsdecode(a) for a in req["args"]]
    sys.argv = ["-c"] + args
    sys.orig_argv = sys.orig_argv[: sys.orig_argv.index("-c")] + ["-c", req["code"]] + args
    base = list(sys.path)
    entries = []
    if not sys.flags.ignore_environment and os.environ.get("PYTHONPATH"):
        entries = _pythonpath_entries(os.environ["PYTHONPATH"])
    path, seen = [], set()
    for p in entries + base:
        key = os.path.normcase(p)
        if key not in seen:
            seen.add(key)
            path.append(p)
    sys.path[:] = ([] if sys.flags.safe_path else [""]) + path  # -c's cwd entry
    for n in modules:
        del sys.modules[n]
    for n, (spec, loader) in specs.items():
        m = modules[n]
        m.__spec__, m.__loader__ = spec, loader
    finder = _Held(modules, specs, lookups, needs)
    sys.meta_path.insert(0, finder)
    _inherit_signals(req["ignored"], req["blocked"])
    main = types.ModuleType("__main__")
    main.__loader__ = importlib.machinery.BuiltinImporter
    main.__annotations__ = {}
    main.__builtins__ = builtins
    sys.modules["__main__"] = main
    try:
        exec(compile(req["code"], "<string>", "exec"), main.__dict__)
    except SystemExit:
        raise
    except BaseException as e:
        # As the interpreter reports an uncaught exception, from the code's own frame on.
        e = e.with_traceback(e.__traceback__.tb_next)  # the hook prints the exception's own
        sys.excepthook(type(e), e, e.__traceback__)
        if not isinstance(e, KeyboardInterrupt):
            raise SystemExit(1)
        # python3 exits through SIGINT after its shutdown, so that its parent sees it.
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)


if __name__ == "__main__" and len(sys.argv) == 4 and sys.argv[0] == "-c":
    _req, _held = _serve(sys.argv[1], sys.argv[2], float(sys.argv[3]))
    _run(_req, _held)
