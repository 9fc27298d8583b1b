"""Procedure methods written in the host language (the type itself is native):
transpose, add_assertion, is_eq, INTERNAL_proc."""
import _exo
from _exo import Procedure

from . import API_cursors as PC
from ._printed import Printed
from .core.LoopIR import LoopIR


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


class _Sym(str):
    """A variable as upstream's LoopIR Sym shows it: it prints (and compares, and hashes)
    as its name, and a view gives one object per variable, so that `is` tells variables
    apart as it does upstream."""


class _WindowTypeView:
    """upstream's T.Window of a window expression: as_tensor and src_type (printed), the
    source buffer and the accesses (LoopIR.Point / LoopIR.Interval) into it."""

    def __init__(self, info, sym):
        as_tensor, src_type, src_buf, idx = info
        self.as_tensor = Printed(as_tensor)
        self.src_type = Printed(src_type)
        self.src_buf = sym(src_buf)
        self.idx = []
        for access in idx:
            if access[0] == "pt":
                node = LoopIR.Point()
                node.pt = Printed(access[1])
            else:
                node = LoopIR.Interval()
                node.lo, node.hi = Printed(access[1]), Printed(access[2])
            self.idx.append(node)


class _LoopIRArgView:
    """A proc argument as upstream's LoopIR.fnarg shows it (name, type, mem)."""

    def __init__(self, proc, index, sym):
        self.name = sym(_exo._cur_arg(proc, index, "name"))
        self.type = _exo._cur_arg(proc, index, "type")
        self.mem = _exo._cur_arg(proc, index, "mem") if _exo._cur_arg(proc, index, "is_tensor") else None


def _stmt_view(proc, index, sym):
    """A top-level statement, as an instance of its LoopIR class; a window statement
    also has its name and right-hand side (whose `type` is the window type)."""
    path = (("body", index),)
    node = getattr(LoopIR, _exo._cur_kind(proc, path))()
    if isinstance(node, LoopIR.WindowStmt):
        node.name = sym(_exo._cur_attr(proc, path, "name"))
        node.rhs = LoopIR.WindowExpr()
        node.rhs.type = _WindowTypeView(_exo._cur_attr(proc, path + (("rhs", -1),), "window_type"), sym)
    return node


class _LoopIRProcView:
    """Read-only view of a proc under upstream's `_loopir_proc` name (for scheduling code
    that reads its name, arguments, preconditions and top-level statements)."""

    def __init__(self, proc):
        self._proc = proc
        self._syms = {}
        self.name = proc.name()
        self.args = [_LoopIRArgView(proc, i, self._sym) for i in range(_exo._cur_len(proc, (), "args"))]
        self.preds = [_exo._cur_node(proc, (("preds", i),)) for i in range(_exo._cur_len(proc, (), "preds"))]
        self.srcinfo = None

    def _sym(self, name):
        # names are unique within a proc's printed form only up to shadowing; top-level
        # names (arguments, top-level windows) are what this view shows
        return self._syms.setdefault(name, _Sym(name))

    @property
    def body(self):
        return [_stmt_view(self._proc, i, self._sym) for i in range(_exo._cur_len(self._proc, (), "body"))]


_exo._add_procedure_method("_loopir_proc", property(_LoopIRProcView))

for _name, _fn in [("transpose", _transpose), ("add_assertion", _add_assertion), ("is_eq", _is_eq),
                   ("INTERNAL_proc", _internal_proc)]:
    _exo._add_procedure_method(_name, _fn)
