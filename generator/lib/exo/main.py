"""upstream's exo.main: loading a user's module and taking the procs it exposes, as the
exocc command line does (exocc's own command line is generator/lib/std/_exocc_compile.py)."""
from _exocc_compile import _load_module, _procs_of


def load_user_code(path):
    """Imports the Python file at `path` as a module and returns it."""
    return _load_module(str(path))


def get_procs_from_module(user_module):
    """The module's `__all__` (else its public names, sorted) that are non-instr procs."""
    return _procs_of(user_module)
