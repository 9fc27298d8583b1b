"""One kernel of `exocc build MANIFEST.toml`, run in a child process of the driver.

The driver (generator/driver/kernel_process.cpp) puts the kernel's description in
`_exocc_kernel.spec`; this loads its modules, applies its schedule, and hands back the
procs serialized with their host objects' answers (`payload`) and every file read
(`deps`); on request also the schedule trace (`trace_text`) and the procs' unscheduled
originals (`originals`) for differential verification.
"""
import os
import sys
import traceback

import _exo
import _exocc_kernel
import _host
from _exocc_compile import _load_module, _procs_of

import exo
import exo.API_scheduling
import exo.build


class _SpecError(Exception):
    def __init__(self, key, message):
        super().__init__(message)
        self.key = key


def _load_hw(spec, name):
    if "/" in name or name.endswith(".py"):
        return _load_module(name)
    __import__("exo.platforms." + name)


def _named_procs(spec, module):
    if not spec["procs"]:
        return _procs_of(module)
    out = []
    for name in spec["procs"]:
        p = getattr(module, name, None)
        if not isinstance(p, exo.Procedure):
            raise _SpecError("procs", f"'{name}' is not a proc of {os.path.basename(spec['object'])}")
        out.append(p)
    return out


def _schedule(spec, procs):
    module = _load_module(spec["schedule_file"])
    func = getattr(module, spec["schedule_func"], None)
    if not callable(func):
        raise _SpecError("schedule", f"{os.path.basename(spec['schedule_file'])} has no function "
                                     f"'{spec['schedule_func']}'")
    out = []
    for p in procs:
        result = func(p, **spec["params"])
        if isinstance(result, exo.Procedure):
            out.append(result)
        elif isinstance(result, (list, tuple)) and result and all(isinstance(r, exo.Procedure) for r in result):
            out.extend(result)
        else:
            raise _SpecError("schedule", f"{spec['schedule_func']}() returned {type(result).__name__}, "
                                         "expected a proc or a list of procs")
    return out


def _kernel_procs(spec):
    if spec["source"]:
        return _procs_of(_load_module(spec["source"]))
    for name in spec["hw"]:
        _load_hw(spec, name)
    procs = _named_procs(spec, _load_module(spec["object"]))
    if spec["schedule_func"]:
        procs = _schedule(spec, procs)
    return procs


def _kernel_name(spec):
    """The kernel's source (or object) file as the manifest names it."""
    return os.path.relpath(spec["source"] or spec["object"], os.path.dirname(spec["manifest"]))


def _is_exocc_file(filename, roots):
    real = _host.realpath(filename) or filename
    return any(real.startswith(r.rstrip("/") + "/") for r in roots)


def _report_failure(spec, e):
    """`manifest:line:col: error: in kernel NAME`, then the error as Python reports it,
    with exocc's own frames (this driver, the bundled exo package) left out."""
    head = f"{spec['where']['kernel']}: error: in kernel {_kernel_name(spec)}"
    if isinstance(e, SystemExit):
        arg = "" if e.code is None else repr(e.code)
        print(f"{head}: the kernel called sys.exit({arg}), which fails the build", file=sys.stderr)
        return
    print(head, file=sys.stderr)
    roots = [_host.realpath(r) or r for r in spec["module_roots"]]
    frames = [f for f in _host.traceback(e) if not _is_exocc_file(f[0], roots)]
    text = ""
    if frames:
        text = "Traceback (most recent call last):\n" + "".join(traceback.format_list(frames))
    text += "".join(traceback.format_exception_only(e))
    if isinstance(e, ModuleNotFoundError) and not hasattr(_exo, "_embedded"):
        text += (f"note: the embedded interpreter has exocc's bundled modules only; a kernel that needs "
                 f"CPython's packages ({e.name}) runs in the CPython host: host = \"python3\" in the "
                 f"manifest, or exocc build --host python3\n")
    print(text, file=sys.stderr, end="")


def _history(p):
    """The procs from p's unscheduled original (the root of its provenance: the proc as
    @proc made it) to p itself."""
    chain = [p]
    while True:
        prov = _exo._provenance(chain[-1])
        if prov is None or any(prov[0] is q for q in chain):
            return chain[::-1]
        chain.append(prov[0])


def _shown_path(spec, roots, filename):
    """A frame's file as the trace shows it: relative to exocc's module root for exocc's
    own modules, else to the manifest's directory (no absolute paths: traces are
    compared between checkouts)."""
    real = _host.realpath(filename) or filename
    for r in roots:
        if real.startswith(r.rstrip("/") + "/"):
            return real[len(r.rstrip("/")) + 1:]
    return os.path.relpath(real, _host.realpath(os.path.dirname(spec["manifest"])) or ".")


def _step_location(spec, roots, stack):
    """`file:line in function` of the innermost frame in a user file, then the bundled
    helpers (exo.stdlib ...) it went through to the primitive."""
    user = [i for i, f in enumerate(stack) if f[0] and not _is_exocc_file(f[0], roots)]
    if not user:
        return "(no frame in a user file)"
    u = user[-1]
    where = f"{_shown_path(spec, roots, stack[u][0])}:{stack[u][1]} in {stack[u][2]}"
    helpers = [f"{_shown_path(spec, roots, f[0])}:{f[1]} in {f[2]}" for f in stack[u + 1:]
               if not os.path.basename(f[0]).startswith("API")]
    return where + "".join(f"\n   via {h}" for h in helpers)


def _trace_text(spec, procs):
    """Each exported proc as printed before and after every scheduling step."""
    roots = [_host.realpath(r) or r for r in spec["module_roots"]]
    steps = exo.API_scheduling.step_log
    out = []
    for p in procs:
        chain = _history(p)
        out.append(f"# proc {p.name()}: {len(chain) - 1} scheduling step{'s' if len(chain) != 2 else ''}\n")
        out.append(f"## original\n{chain[0]}\n")
        for n, q in enumerate(chain[1:], 1):
            rec = steps.get(id(q))
            if rec is None or rec[0] is not q:
                head = "(a step no scheduling primitive recorded)"
            else:
                head = f"{rec[1]} at {_step_location(spec, roots, rec[2])}"
            out.append(f"\n## step {n}: {head}\n{q}\n")
        out.append("\n")
    return "".join(out)


def _originals(procs):
    """What `--verify` compares the procs with: for each, its unscheduled original
    serialized, or '!' and why it cannot be. An original calls its
    callees' originals (every proc a primitive made stands for its own), so that a proc
    built from scheduled parts is compared with the plain loop nest of it all; if that
    cannot become C, the original as made. Each stands alone: a name two of them share
    does not matter."""
    stand_ins = []
    for q, _, _ in exo.API_scheduling.step_log.values():
        root = _history(q)[0]
        if root is not q:
            stand_ins.append((q, root))
    parts = []
    for p in procs:
        root = _history(p)[0]
        text = None
        for original in (_exo._substitute_callees([root], stand_ins)[0], root):
            try:
                text = _exo._serialize_kernel([original])
                break
            except Exception as e:  # it does not compile to C on its own
                text = "!" + "".join(traceback.format_exception_only(e)).strip()
        parts.append(text)
    return parts


def main():
    spec = _exocc_kernel.spec
    _exo._set_check_level(spec["checks"])  # before any of the kernel's code runs
    if spec["trace"] or spec["verify"]:
        exo.API_scheduling.step_log = {}
    exo.build.params.clear()
    exo.build.params.update(spec["params"])
    exo.build.target = spec["target"]
    os.environ = exo.build.DeclaredEnvironment(spec["env"], os.path.basename(spec["manifest"]))
    for d in reversed(spec["search_path"]):
        sys.path.insert(0, d)
    try:
        procs = _kernel_procs(spec)
        if procs:
            spec["payload"] = _exo._serialize_kernel(procs)
            if spec["trace"]:
                spec["trace_text"] = _trace_text(spec, procs)
            if spec["verify"]:
                spec["originals"] = _originals(procs)
    except _SpecError as e:
        where = spec["where"].get(e.key, spec["where"]["kernel"])
        print(f"{where}: error: {e}", file=sys.stderr)
        return 1
    except BaseException as e:  # SystemExit and KeyboardInterrupt too: the build failed
        _report_failure(spec, e)
        return 1
    if not procs:
        print(f"{spec['where']['kernel']}: error: the kernel exports no procs", file=sys.stderr)
        return 1
    deps = set()
    for mod in list(sys.modules.values()):
        f = getattr(mod, "__file__", None)
        if isinstance(f, str) and _host.stat(f) == "file":
            deps.add(_host.realpath(f))
    for f in _host.files_read():  # open(), pathlib, and in CPython anything that opens a file
        if _host.stat(f) == "file" and not f.startswith(_MACHINE_STATE):
            deps.add(f)
    for d in _host.dirs_listed():  # a listing is an input: the driver hashes the names
        if _host.stat(d) == "dir" and not d.startswith(_MACHINE_STATE):
            deps.add(d)
    for f in [spec["source"], spec["object"], spec["schedule_file"]]:
        if f:
            deps.add(_host.realpath(f))
    spec["deps"] = sorted(deps)
    spec["absent"] = sorted(_absent_files() - deps)
    return 0


# Files that describe the running machine rather than hold an input (platform reads
# /proc; their text changes from one read to the next): never a kernel's dependency.
_MACHINE_STATE = ("/proc/", "/sys/", "/dev/")


def _absent_files():
    """The files imports looked for and did not find (with the directory part resolved,
    as the files read are): a module created at one of them would be imported instead."""
    out = set()
    for f in _host.import_misses():
        f = os.path.abspath(f)
        if _host.stat(f) is None:
            d = _host.realpath(os.path.dirname(f))
            out.add(os.path.join(d, os.path.basename(f)) if d is not None else f)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
