"""upstream's exo.main: loading a user's module and taking the procs it exposes, as the
exocc command line does (exocc's own command line is generator/lib/std/_exocc_compile.py)."""
import os

import _exo

if hasattr(_exo, "_embedded"):  # the CPython host
    from ._cpython_host import std_module

    _exocc_compile = std_module("_exocc_compile")
else:
    import _exocc_compile
_load_module, _procs_of = _exocc_compile._load_module, _exocc_compile._procs_of


def load_user_code(path):
    """Imports the Python file at `path` as a module and returns it (its directory is not
    added to the import path, as upstream)."""
    return _load_module(os.fspath(path), add_directory=False)


def exocc(*args, name="exocc"):
    """The exocc command, in this process: `exocc("-o", outdir, "foo.py")`. Errors in the
    arguments raise SystemExit; errors in the sources propagate."""
    # The command line sets the process's check level (its --checks, default upstream);
    # run in-process, it must not leave it set for the program's later primitives.
    level = _exo._check_level()
    try:
        status = _exocc_compile.main([os.fspath(a) for a in args])
    finally:
        _exo._set_check_level(level)
    if status:
        raise SystemExit(status)


def get_procs_from_module(user_module):
    """The module's `__all__` (else its public names, sorted) that are non-instr procs."""
    return _procs_of(user_module)
