"""`exocc FILE.py... -o DIR [--stem NAME] [-p DIR]...`: upstream Exo's exocc command.

Loads each source file as a module, collects the procs it exposes (its `__all__`, else
its public names) that are not instructions, and writes DIR/NAME.c, DIR/NAME.h and the
Make-style depfile DIR/NAME.d listing every file that was read. An output is rewritten
only when its bytes change, so build systems see no spurious updates.

Imports resolve as under upstream's exocc: first the -p directories (default: the single
source's directory, or the working directory for several sources), then $PYTHONPATH
(which upstream's add_exo_library() uses), then the bundled modules. Upstream's -p takes
one directory; here -p may be repeated and each value may list several directories
separated by os.pathsep, searched in order.

`--depfile-target PATH` (exocc's own, as for `exocc build`) names PATH instead of the
outputs as the depfile's target: a Makefile rule whose output is a stamp needs it.

`--checks strict|upstream` (exocc's own) sets the check level (docs/scheduling.md, "Check
levels"). This command line is upstream's, so its default is "upstream": a check that
exocc makes beyond upstream and that fails is a warning on stderr, with its
counterexample, and the compilation goes on as upstream's would.
"""
import os.path
import sys

import _host


class _UsageError(Exception):
    pass


USAGE = ("usage: exocc [-h] [-o OUTDIR] [-p PYTHONPATH] [-s STEM] [--checks {strict,upstream}] [-v] "
         "source [source ...]")


def _parse_args(argv):
    opts = {"outdir": None, "pythonpath": [], "stem": None, "depfile_target": None, "checks": "upstream"}
    sources = []
    flags = {"-o": "outdir", "--outdir": "outdir", "-p": "pythonpath", "--pythonpath": "pythonpath",
             "-s": "stem", "--stem": "stem", "--depfile-target": "depfile_target", "--checks": "checks"}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(USAGE)
            print("\nCompile an Exo library.")
            raise SystemExit(0)
        if a in ("-v", "--version"):
            import exo
            print(f"exocc version {exo.__version__}")
            raise SystemExit(0)
        key = None
        value = None
        for flag, name in flags.items():
            if a == flag:
                if i + 1 >= len(argv):
                    raise _UsageError(f"argument {flag}: expected one argument")
                key, value = name, argv[i + 1]
                i += 1
                break
            if flag.startswith("--") and a.startswith(flag + "="):
                key, value = name, a[len(flag) + 1:]
                break
        if key == "pythonpath":
            opts[key].extend(value.split(os.pathsep))
        elif key == "checks" and value not in ("strict", "upstream"):
            raise _UsageError(f"argument --checks: invalid choice: '{value}' (choose from 'strict', 'upstream')")
        elif key is not None:
            opts[key] = value
        elif a.startswith("-") and a != "-":
            raise _UsageError(f"unrecognized arguments: {a}")
        else:
            sources.append(a)
        i += 1
    if not sources:
        raise _UsageError("the following arguments are required: source")
    return opts, sources


def _stem(path):
    base = os.path.basename(path)
    return base[:-3] if base.endswith(".py") else os.path.splitext(base)[0]


def _load_module(path, add_directory=True):
    """Imports the file at `path` as a module named by its stem. With `add_directory`,
    the file's directory is importable meanwhile (what manifest builds want); upstream's
    exocc and load_user_code load the file by its path alone."""
    if _host.stat(path) != "file":
        raise ValueError(f"Expected path to a file, got: {os.path.abspath(path)}")
    name = _stem(path)
    if name in sys.modules:
        del sys.modules[name]
    if not add_directory:
        return _host.load_source(name, os.path.abspath(path))
    directory = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, directory)
    try:
        __import__(name)
    finally:
        sys.path.remove(directory)
    return sys.modules[name]


def _procs_of(module):
    import exo
    names = module.__all__ if hasattr(module, "__all__") else sorted(vars(module))
    out = []
    for name in names:
        if name.startswith("_"):
            continue
        value = getattr(module, name)
        if isinstance(value, exo.Procedure) and not value.is_instr():
            out.append(value)
    return out


def _write_if_changed(path, text):
    if _host.stat(path) == "file" and _host.read_text(path) == text:
        return
    _host.write_text(path, text)


def _mkdirs(path):
    if not path or _host.stat(path) == "dir":
        return
    _mkdirs(os.path.dirname(path))
    if _host.stat(path) != "dir":
        _host.mkdir(path)


def _depfile(targets):
    deps = set()
    for mod in list(sys.modules.values()):
        f = getattr(mod, "__file__", None)
        if isinstance(f, str) and _host.stat(f) == "file":
            deps.add(_host.realpath(f))
    sep = " \\\n  "
    return f"{targets} : {sep.join(sorted(deps))}\n"


def main(argv):
    try:
        opts, sources = _parse_args(argv)
        srcname = _stem(sources[0])
        outdir = opts["outdir"]
        if not outdir:
            if len(sources) != 1:
                raise _UsageError("Must provide -o when processing multiple source files.")
            outdir = srcname
        stem = opts["stem"]
        if not stem:
            if len(sources) != 1:
                raise _UsageError("Must provide --stem when processing multiple source files.")
            stem = srcname
    except _UsageError as e:
        print(USAGE, file=sys.stderr)
        print(f"exocc: error: {e}", file=sys.stderr)
        return 2
    for src in sources:
        if _host.stat(src) != "file":
            print(f"exocc: error: {src}: no such source file", file=sys.stderr)
            return 1
    # As upstream: the modules import from PYTHONPATH, by default the single source's
    # directory, or the working directory for several sources.
    pythonpath = opts["pythonpath"]
    if not pythonpath:
        pythonpath = [os.path.dirname(os.path.abspath(sources[0])) if len(sources) == 1 else os.getcwd()]
    for d in pythonpath:
        if _host.stat(d) != "dir":
            print(f"exocc: error: argument -p/--pythonpath: no such directory: '{d}'", file=sys.stderr)
            return 1
    import _exo
    _exo._set_check_level(opts["checks"])
    import exo
    library = []
    saved_path = list(sys.path)
    sys.path[0:0] = [_host.realpath(d) for d in pythonpath]
    try:
        for src in sources:
            library.extend(_procs_of(_load_module(src, add_directory=False)))
    finally:
        sys.path[:] = saved_path
    c_text, h_text = exo.compile_procs_to_strings(library, f"{stem}.h")
    _mkdirs(outdir)
    c_file = os.path.join(outdir, f"{stem}.c")
    h_file = os.path.join(outdir, f"{stem}.h")
    _write_if_changed(c_file, c_text)
    _write_if_changed(h_file, h_text)
    targets = opts["depfile_target"] or f"{c_file} {h_file}"
    _write_if_changed(os.path.join(outdir, f"{stem}.d"), _depfile(targets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
