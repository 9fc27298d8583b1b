"""Procedure methods written in the host language (the type itself is native):
transpose, add_assertion, is_eq, INTERNAL_proc."""
import _exo
from _exo import Procedure

from . import API_cursors as PC


def _transpose(self, arg_cursor):
    if not (isinstance(arg_cursor, PC.ArgCursor) and arg_cursor.is_tensor() and len(arg_cursor.shape()) == 2):
        raise TypeError("expected a 2D argument cursor")
    return _exo._proc_transpose(self, arg_cursor._impl[1])


def _add_assertion(self, assertion, configs=None):
    if not isinstance(assertion, str):
        raise TypeError("assertion must be an Exo string")
    return _exo._proc_add_assertion(self, assertion)


def _root_of(proc):
    while (prov := _exo._provenance(proc)) is not None:
        proc = prov[0]
    return proc


def _is_eq(self, proc):
    """True when one proc was scheduled from the other (or both from a common one), or
    they are structurally equal: scheduling only makes equivalent procs."""
    return self == proc or _root_of(self) is _root_of(proc)


def _internal_proc(self):
    return self


class _LoopIRArgView:
    """A proc argument as upstream's LoopIR.fnarg shows it (name, type, mem); the
    name is the argument's name (exocc does not expose its Syms)."""

    def __init__(self, proc, index):
        self.name = _exo._cur_arg(proc, index, "name")
        self.type = _exo._cur_arg(proc, index, "type")
        self.mem = _exo._cur_arg(proc, index, "mem") if _exo._cur_arg(proc, index, "is_tensor") else None


class _LoopIRProcView:
    """Read-only view of a proc under upstream's `_loopir_proc` name (for scheduling code
    that reads its name, arguments and preconditions)."""

    def __init__(self, proc):
        self._proc = proc
        self.name = proc.name()
        self.args = [_LoopIRArgView(proc, i) for i in range(_exo._cur_len(proc, (), "args"))]
        self.preds = [_exo._cur_node(proc, (("preds", i),)) for i in range(_exo._cur_len(proc, (), "preds"))]
        self.srcinfo = None


_exo._add_procedure_method("_loopir_proc", property(_LoopIRProcView))

for _name, _fn in [("transpose", _transpose), ("add_assertion", _add_assertion), ("is_eq", _is_eq),
                   ("INTERNAL_proc", _internal_proc)]:
    _exo._add_procedure_method(_name, _fn)
