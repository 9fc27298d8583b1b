"""The scheduling API: argument processing shared by every primitive, and the
primitives themselves (implemented natively; this module grows with them).

Each primitive checks its arguments with upstream's wording,
"argument <i>, '<name>' to <primitive>: <problem>", before touching the proc.
"""
import functools
import inspect
import re

import _exo
from _exo import Procedure

_VALID_NAME = re.compile(r"^[a-zA-Z_]\w*$")


class ArgumentProcessor:
    """Checks (and may convert) one argument of a scheduling primitive."""

    def setdata(self, index, arg_name, f_name):
        self.index = index
        self.arg_name = arg_name
        self.f_name = f_name

    def err(self, message, error=TypeError):
        raise error(f"argument {self.index}, '{self.arg_name}' to {self.f_name}: {message}")

    def __call__(self, value, all_args):
        raise NotImplementedError("Must Sub-class and redefine __call__")


class ProcA(ArgumentProcessor):
    def __call__(self, proc, all_args):
        if not isinstance(proc, Procedure):
            self.err("expected a Procedure object")
        return proc


class NameA(ArgumentProcessor):
    def __call__(self, name, all_args):
        if not (isinstance(name, str) and name != "_" and _VALID_NAME.match(name)):
            self.err("expected a valid name")
        return name


def sched_op(processors):
    """Makes a scheduling primitive: the proc comes first, then one processor per
    remaining parameter, applied in order after binding (defaults included)."""

    processors = [ProcA] + list(processors)

    def build(func):
        sig = inspect.signature(func)
        procs = [p() if isinstance(p, type) else p for p in processors]
        for i, (param, p) in enumerate(zip(sig.parameters, procs)):
            p.setdata(i, param, func.__name__)

        @functools.wraps(func)
        def primitive(*args, **kwargs):
            bound = sig.bind(*args, **kwargs)
            bound.apply_defaults()
            values = bound.arguments
            for name, p in zip(list(values), procs):
                values[name] = p(values[name], values)
            return func(*bound.args, **bound.kwargs)

        primitive.is_atomic_scheduling_op = True
        return primitive

    return build


@sched_op([NameA])
def rename(proc, name):
    """Rename the procedure. Affects generated symbol names."""
    return _exo.rename_proc(proc, name)
