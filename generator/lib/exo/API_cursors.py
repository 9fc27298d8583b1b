"""Cursors: positions inside a Procedure, as upstream's exo.API_cursors exposes them.

A cursor is (implementation, proc). The implementation is a location: a node path, a
block or a gap, kept as plain tuples of (field, index) steps; the nodes themselves stay
in exocc's C++ core and are read through `_exo._cur_*`. Cursors into an older version
of a proc are moved to a newer one with `proc.forward(cursor)` (see _forward below).
"""
from __future__ import annotations

import re
from enum import Enum

import _exo
import _host
from _exo import Procedure

from .API_types import ExoType
from .rewrite.LoopIR_scheduling import SchedulingError


class InvalidCursorError(Exception):
    pass


class CursorNavigationError(Exception):
    pass


class GapType(Enum):
    Before = 0
    After = 1


# --------------------------------------------------------------------------- locations

class _Node:
    """A node at `path` (empty: the proc itself)."""

    __slots__ = ("path", "proc")

    def __init__(self, path, proc=None):
        self.path = tuple(path)
        self.proc = proc

    @property
    def _node(self):
        """The LoopIR node, as upstream's internal cursors expose it (a read-only view)."""
        if _is_stmt_path(self.path):
            return _StmtView(self.proc, self.path)
        return _exo._cur_node(self.proc, self.path)

    def get_root(self):
        """The proc this location is in (upstream: the LoopIR proc; it prints the same)."""
        return self.proc

    def __eq__(self, other):
        return type(other) is _Node and other.path == self.path

    def __repr__(self):
        return f"_Node({self.path})"


class _StmtView:
    """A statement's fields, read on demand (for code that reads `cursor._impl._node`)."""

    def __init__(self, proc, path):
        self._proc = proc
        self._path = path

    def _list(self, field):
        n = _exo._cur_len(self._proc, self._path, field) or 0
        return [_exo._cur_node(self._proc, self._path + ((field, i),)) for i in range(n)]

    @property
    def type(self):
        return _exo._cur_attr(self._proc, self._path, "typeobj")

    @property
    def name(self):
        return _exo._cur_attr(self._proc, self._path, "name")

    @property
    def rhs(self):
        return _exo._cur_node(self._proc, self._path + (("rhs", None),))

    @property
    def iter(self):
        """A loop's iteration variable (by name: exocc does not expose its Syms)."""
        if _exo._cur_kind(self._proc, self._path) != "For":
            raise AttributeError("only loops have an iteration variable")
        return _exo._cur_attr(self._proc, self._path, "name")

    @property
    def lo(self):
        return _exo._cur_node(self._proc, self._path + (("lo", None),))

    @property
    def hi(self):
        return _exo._cur_node(self._proc, self._path + (("hi", None),))

    @property
    def idx(self):
        return self._list("idx")

    @property
    def args(self):
        return self._list("args")

    def __str__(self):
        return _exo._cur_attr(self._proc, self._path, "str")


class _Block:
    """Statements [lo, hi) of the list `field` of the node at `parent`."""

    __slots__ = ("parent", "field", "lo", "hi")

    def __init__(self, parent, field, lo, hi):
        self.parent = tuple(parent)
        self.field = field
        self.lo = lo
        self.hi = hi

    def __eq__(self, other):
        return (type(other) is _Block and other.parent == self.parent and other.field == self.field
                and other.lo == self.lo and other.hi == self.hi)

    def __repr__(self):
        return f"_Block({self.parent}, {self.field}, {self.lo}, {self.hi})"


class _Gap:
    """The gap before or after the statement at `anchor`."""

    __slots__ = ("anchor", "type")

    def __init__(self, anchor, gtype):
        self.anchor = tuple(anchor)
        self.type = gtype

    def __eq__(self, other):
        return type(other) is _Gap and other.anchor == self.anchor and other.type == self.type

    def index(self):
        """Where statements inserted at this gap would go, in the anchor's list."""
        return self.anchor[-1][1] + (1 if self.type == GapType.After else 0)


_STMT_FIELDS = ("body", "orelse")


def _is_stmt_path(path):
    if not path:
        return False
    for f, _ in path:
        if f not in _STMT_FIELDS:
            return False
    return True


# --------------------------------------------------------------------------- cursors

class Cursor:
    __hash__ = None

    def __init__(self, impl, proc):
        if not isinstance(impl, (_Node, _Block, _Gap)):
            raise TypeError("Do not try to directly construct a Cursor. Use the provided methods to obtain "
                            "cursors from Procedures and from other Cursors")
        self._impl = impl
        self._proc = proc

    def __eq__(self, other):
        return type(self) is type(other) and self._impl == other._impl and self._proc == other._proc

    def __bool__(self):
        return True

    def __repr__(self):
        return f"<{type(self).__name__} {self._impl!r}>"

    def proc(self):
        return self._proc

    # For node cursors (statements and expressions): a leaf of the node, a child node.
    def _attr(self, name):
        return _exo._cur_attr(self._proc, self._impl.path, name)

    def _child_node(self, field, index=None):
        return _lift(_Node(self._impl.path + ((field, index),)), self._proc)

    def _reroute_through(self, new_ancestor):
        """This cursor's node as if it sat at the same place under `new_ancestor`: the
        ancestor's path followed by the rest of this path (upstream's helper for code
        that knows a rewrite duplicated a scope, e.g. stdlib.halide_scheduling_ops)."""
        prefix = new_ancestor._impl.path
        return _lift(_Node(prefix + self._impl.path[len(prefix):]), self._proc)

    def parent(self):
        impl = self._impl
        if isinstance(impl, _Block):
            path = impl.parent
        elif isinstance(impl, _Gap):
            path = impl.anchor[:-1]
        else:
            if not impl.path:
                raise InvalidCursorError("cursor does not have a parent")
            path = impl.path[:-1]
            # window accesses are not exposed: skip to the window expression
            if path and path[-1][0] == "idx" and _exo._cur_kind(self._proc, path) is None:
                path = path[:-1]
        if not path:
            return InvalidCursor()
        return _lift(_Node(path), self._proc)

    def find(self, pattern, many=False, call_depth=1):
        impl = self._impl
        if isinstance(impl, _Block):
            scope = ("block", impl.parent, impl.field, impl.lo, impl.hi)
        elif isinstance(impl, _Node) and impl.path:
            scope = ("node", impl.path)
        else:
            scope = None
        return _find(self._proc, pattern, many, scope)

    def __str__(self):
        return _exo._cur_print(self._proc, _impl_tuple(self._impl))


class InvalidCursor(Cursor):
    def __init__(self):
        self._impl = None
        self._proc = None

    def __eq__(self, other):
        return isinstance(other, InvalidCursor)

    def __bool__(self):
        return False

    def proc(self):
        raise InvalidCursorError("Invalid cursors have no procedure")

    def parent(self):
        return self

    def find(self, pattern, many=False, call_depth=1):
        raise InvalidCursorError("cannot find from an invalid cursor")

    def __str__(self):
        raise InvalidCursorError("Trying to print the Invalid Cursor!")

    def __repr__(self):
        return "InvalidCursor()"


class ArgCursor(Cursor):
    def __init__(self, index, proc):
        self._impl = ("arg", index)
        self._proc = proc

    def __eq__(self, other):
        return isinstance(other, ArgCursor) and self._impl == other._impl and self._proc == other._proc

    def _arg(self, attr):
        return _exo._cur_arg(self._proc, self._impl[1], attr)

    def name(self):
        return self._arg("name")

    def mem(self):
        if self.type() in (ExoType.Size, ExoType.Index, ExoType.Bool, ExoType.Int, ExoType.Stride):
            raise AssertionError()
        return self._arg("mem")

    def is_tensor(self):
        return self._arg("is_tensor")

    def shape(self):
        if not self.is_tensor():
            raise AssertionError()
        return ExprListCursor((("args", self._impl[1]),), "shape", self._proc)

    def type(self):
        return _exotype(self._arg("type"))

    def parent(self):
        return InvalidCursor()

    def __str__(self):
        raise NotImplementedError("argument cursors cannot be printed")


class ListCursorPrototype(Cursor):
    pass


class StmtCursorPrototype(Cursor):
    pass


class StmtCursor(StmtCursorPrototype):
    def before(self):
        return GapCursor(_Gap(self._impl.path, GapType.Before), self._proc)

    def after(self):
        return GapCursor(_Gap(self._impl.path, GapType.After), self._proc)

    def next(self, dist=1):
        return self._sibling(dist)

    def prev(self, dist=1):
        return self._sibling(-dist)

    def _sibling(self, dist):
        path = self._impl.path
        field, i = path[-1]
        j = i + dist
        n = _exo._cur_len(self._proc, path[:-1], field)
        if not 0 <= j < n:
            return InvalidCursor()
        return _lift(_Node(path[:-1] + ((field, j),)), self._proc)

    def as_block(self):
        field, i = self._impl.path[-1]
        return BlockCursor(_Block(self._impl.path[:-1], field, i, i + 1), self._proc)

    def expand(self, delta_lo=None, delta_hi=None):
        return self.as_block().expand(delta_lo, delta_hi)

    def is_ancestor_of(self, other):
        other_path = other._impl.path if isinstance(other._impl, _Node) else (
            other._impl.anchor if isinstance(other._impl, _Gap) else other._impl.parent)
        mine = self._impl.path
        return other_path[:len(mine)] == mine

    def _child_block(self, field):
        n = _exo._cur_len(self._proc, self._impl.path, field)
        return BlockCursor(_Block(self._impl.path, field, 0, n), self._proc)


class AssignCursor(StmtCursor):
    def name(self):
        return self._attr("name")

    def idx(self):
        return _expr_list(self, "idx")

    def rhs(self):
        return self._child_node("rhs")

    def type(self):
        return _exotype(self._attr("type"))


class ReduceCursor(StmtCursor):
    def name(self):
        return self._attr("name")

    def idx(self):
        return _expr_list(self, "idx")

    def rhs(self):
        return self._child_node("rhs")


class AssignConfigCursor(StmtCursor):
    def config(self):
        return self._attr("config")

    def field(self):
        return self._attr("field")

    def rhs(self):
        return self._child_node("rhs")


class PassCursor(StmtCursor):
    pass


class IfCursor(StmtCursor):
    def cond(self):
        return self._child_node("cond")

    def body(self):
        return self._child_block("body")

    def orelse(self):
        if not _exo._cur_len(self._proc, self._impl.path, "orelse"):
            return InvalidCursor()
        return self._child_block("orelse")


class ForCursor(StmtCursor):
    def name(self):
        return self._attr("name")

    def lo(self):
        return self._child_node("lo")

    def hi(self):
        return self._child_node("hi")

    def body(self):
        return self._child_block("body")


class AllocCursor(StmtCursor):
    def name(self):
        return self._attr("name")

    def mem(self):
        return self._attr("mem")

    def is_tensor(self):
        return self._attr("is_tensor")

    def shape(self):
        if not self.is_tensor():
            raise AssertionError()
        return ExprListCursor(self._impl.path, "shape", self._proc)

    def type(self):
        return _exotype(self._attr("type"))


class CallCursor(StmtCursor):
    def subproc(self):
        return self._attr("subproc")

    def args(self):
        return _expr_list(self, "args")


class WindowStmtCursor(StmtCursor):
    def name(self):
        return self._attr("name")

    def winexpr(self):
        return self._child_node("rhs")


class FreeCursor(StmtCursor):
    def name(self):
        return self._attr("name")


class BlockCursor(StmtCursorPrototype, ListCursorPrototype):
    def _nodes(self):
        b = self._impl
        return [_Node(b.parent + ((b.field, i),)) for i in range(b.lo, b.hi)]

    def __iter__(self):
        for n in self._nodes():
            yield _lift(n, self._proc)

    def __len__(self):
        return self._impl.hi - self._impl.lo

    def __getitem__(self, i):
        b = self._impl
        r = range(b.lo, b.hi)[i]
        if isinstance(r, range):
            if r.step != 1:
                raise IndexError("block cursors must be contiguous")
            return BlockCursor(_Block(b.parent, b.field, r.start, r.stop), self._proc)
        return _lift(_Node(b.parent + ((b.field, r),)), self._proc)

    def as_block(self):
        return self

    def anchor(self):
        if not self._impl.parent:
            return InvalidCursor()
        return _lift(_Node(self._impl.parent), self._proc)

    def before(self):
        return self[0].before()

    def after(self):
        return self[-1].after()

    def expand(self, delta_lo=None, delta_hi=None):
        if delta_lo is not None and delta_lo < 0:
            raise ValueError("delta_lo must be non-negative")
        if delta_hi is not None and delta_hi < 0:
            raise ValueError("delta_hi must be non-negative")
        b = self._impl
        n = _exo._cur_len(self._proc, b.parent, b.field)
        lo = 0 if delta_lo is None else max(0, b.lo - delta_lo)
        hi = n if delta_hi is None else min(n, b.hi + delta_hi)
        return BlockCursor(_Block(b.parent, b.field, lo, hi), self._proc)

    def parent(self):
        if not self._impl.parent:
            return InvalidCursor()
        return _lift(_Node(self._impl.parent), self._proc)


class GapCursor(StmtCursorPrototype):
    def anchor(self):
        return _lift(_Node(self._impl.anchor), self._proc)

    def type(self):
        return self._impl.type


class ExprCursorPrototype(Cursor):
    pass


class ExprCursor(ExprCursorPrototype):
    def type(self):
        return _exotype(self._attr("type"))

    def __str__(self):
        raise NotImplementedError("Cursor printing is only implemented for procs and statements")


class ReadCursor(ExprCursor):
    def name(self):
        return self._attr("name")

    def idx(self):
        return _expr_list(self, "idx")


class ReadConfigCursor(ExprCursor):
    def config(self):
        return self._attr("config")

    def field(self):
        return self._attr("field")


class LiteralCursor(ExprCursor):
    def value(self):
        v = self._attr("value")
        t = self.type()
        if t == ExoType.Bool:
            assert isinstance(v, bool)
        elif t.is_indexable():
            assert isinstance(v, int)
        else:
            assert isinstance(v, (int, float))
        return v


class UnaryMinusCursor(ExprCursor):
    def arg(self):
        return self._child_node("arg")


class BinaryOpCursor(ExprCursor):
    def op(self):
        return self._attr("op")

    def lhs(self):
        return self._child_node("lhs")

    def rhs(self):
        return self._child_node("rhs")


class ExternFunctionCursor(ExprCursor):
    def name(self):
        return self._attr("name")

    def args(self):
        return _expr_list(self, "args")


class WindowExprCursor(ExprCursor):
    def name(self):
        return self._attr("name")

    def idx(self):
        out = []
        for i, kind in enumerate(self._attr("access_kinds")):
            base = self._impl.path + (("idx", i),)
            if kind == "interval":
                out.append((_lift(_Node(base + (("lo", None),)), self._proc),
                            _lift(_Node(base + (("hi", None),)), self._proc)))
            else:
                out.append(_lift(_Node(base + (("arg", None),)), self._proc))
        return out


class StrideExprCursor(ExprCursor):
    def name(self):
        return self._attr("name")

    def dim(self):
        return self._attr("dim")


class ExprListCursor(ListCursorPrototype):
    def __init__(self, owner, field, proc):
        self._impl = ("exprs", owner, field)
        self._proc = proc

    def __eq__(self, other):
        return isinstance(other, ExprListCursor) and self._impl == other._impl and self._proc == other._proc

    def __len__(self):
        return _exo._cur_len(self._proc, self._impl[1], self._impl[2])

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __getitem__(self, i):
        n = len(self)
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(n))]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("expression list index out of range")
        return _lift(_Node(self._impl[1] + ((self._impl[2], i),)), self._proc)

    def parent(self):
        return _lift(_Node(self._impl[1]), self._proc)


class ArgListCursor(ListCursorPrototype):
    def __init__(self, proc):
        self._impl = ("args",)
        self._proc = proc

    def __len__(self):
        return _exo._cur_len(self._proc, (), "args")

    def __iter__(self):
        for i in range(len(self)):
            yield ArgCursor(i, self._proc)

    def __getitem__(self, i):
        n = len(self)
        if isinstance(i, slice):
            return [ArgCursor(j, self._proc) for j in range(*i.indices(n))]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("argument index out of range")
        return ArgCursor(i, self._proc)


# --------------------------------------------------------------------------- helpers

def _expr_list(cursor, field):
    return ExprListCursor(cursor._impl.path, field, cursor._proc)


_EXO_TYPES = {"R": ExoType.R, "f16": ExoType.F16, "f32": ExoType.F32, "f64": ExoType.F64, "i8": ExoType.I8,
              "ui8": ExoType.UI8, "ui16": ExoType.UI16, "i32": ExoType.I32, "bool": ExoType.Bool,
              "int": ExoType.Int, "index": ExoType.Index, "size": ExoType.Size, "stride": ExoType.Stride}


def _exotype(text):
    return _EXO_TYPES[text]


_STMT_CLASSES = {"Assign": AssignCursor, "Reduce": ReduceCursor, "WriteConfig": AssignConfigCursor,
                 "Pass": PassCursor, "If": IfCursor, "For": ForCursor, "Alloc": AllocCursor, "Free": FreeCursor,
                 "Call": CallCursor, "WindowStmt": WindowStmtCursor}
_EXPR_CLASSES = {"Read": ReadCursor, "Const": LiteralCursor, "USub": UnaryMinusCursor, "BinOp": BinaryOpCursor,
                 "Extern": ExternFunctionCursor, "WindowExpr": WindowExprCursor, "StrideExpr": StrideExprCursor,
                 "ReadConfig": ReadConfigCursor}


def _lift(impl, proc):
    """The most specific cursor class for a location."""
    if isinstance(impl, _Block):
        return BlockCursor(impl, proc)
    if isinstance(impl, _Gap):
        return GapCursor(impl, proc)
    path = impl.path
    kind = _exo._cur_kind(proc, path)
    if kind is None:
        raise InvalidCursorError("cursor is out of range")
    impl.proc = proc
    cls = _STMT_CLASSES.get(kind)
    if cls is not None and _is_stmt_path(path):
        return cls(impl, proc)
    if kind == "proc":
        return _ProcCursor(impl, proc)
    return _EXPR_CLASSES[kind](impl, proc)


class _ProcCursor(Cursor):
    """The proc itself (upstream's root cursor)."""

    def body(self):
        n = _exo._cur_len(self._proc, (), "body")
        return BlockCursor(_Block((), "body", 0, n), self._proc)

    def parent(self):
        return InvalidCursor()


def _impl_tuple(impl):
    if isinstance(impl, _Node):
        return ("node", impl.path)
    if isinstance(impl, _Block):
        return ("block", impl.parent, impl.field, impl.lo, impl.hi)
    return ("gap", impl.anchor, impl.type.value)


_MATCH_NO = re.compile(r"^([^#]+)#(\d+)\s*$")
_UNQUOTE = re.compile(r"\{([^{}]*)\}")


def _unquote(m):
    """`{expr}` in a pattern: the caller's value, as pattern text (numbers as literals,
    strings and cursors' names as names)."""
    v = _exo._cur_unquote(m[1])
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, (int, float, str)):
        return str(v)
    if hasattr(v, "name"):
        return v.name()
    raise TypeError(f"cannot use {type(v).__name__} in a pattern unquote")


# What a pattern is about: the iteration variable of a loop pattern, or the name a
# statement pattern assigns, reduces into or allocates.
_PATTERN_SUBJECT = re.compile(r"^\s*(?:for\s+([a-zA-Z_]\w*)\s+in\b|([a-zA-Z_]\w*)\s*(?:\[[^\]]*\])?\s*(?:=|\+=|:))")


def _names_matching(proc, pattern):
    """The names of the statements `pattern` matches (loops or allocations), in order:
    found natively, since a failed find may be a loop's exit condition (replace_all)."""
    return [_exo._cur_attr(proc, r[1] + ((r[2], r[3]),), "name") for r in _exo._cur_find(proc, pattern, None)]


def _unknown_name_hint(proc, pattern):
    """When a pattern found nothing because it names a loop, argument or allocation that
    the proc does not have: that name, the nearest one it has, and all of them."""
    m = _PATTERN_SUBJECT.match(pattern)
    if not m or (m[1] or m[2]) == "_":
        return ""
    if m[1]:
        name, what = m[1], "loop"
        names = _names_matching(proc, "for _ in _: _")
    else:
        name, what = m[2], "argument or allocation"
        names = [a.name() for a in proc.args()] + _names_matching(proc, "_ : _")
    names = list(dict.fromkeys(names))
    if name in names:
        return ""  # the name exists: the rest of the pattern did not match
    hint = f"\nNo {what} in {proc.name()} is named '{name}'"
    close = _host.closest_name(name, names)
    if close:
        hint += f"; did you mean '{close}'?"
    listing = "loops" if m[1] else "arguments and allocations"
    return hint + (f"\nIts {listing}: {', '.join(names)}" if names else f"\nIt has no {listing}")


def _find(proc, pattern, many, scope):
    if not isinstance(pattern, str):
        raise TypeError("expected a pattern string")
    match_no = None if many else 0
    if "{" in pattern:
        pattern = _UNQUOTE.sub(_unquote, pattern)
    if m := _MATCH_NO.search(pattern):
        pattern, match_no = m[1], int(m[2])
    raw = _exo._cur_find(proc, pattern, scope)
    if match_no is not None:
        raw = raw[match_no:match_no + 1]
    cursors = []
    for r in raw:
        if r[0] == "block":
            c = BlockCursor(_Block(r[1], r[2], r[3], r[4]), proc)
            if len(c) == 1:
                c = c[0]
        else:
            c = _lift(_Node(r[1]), proc)
        cursors.append(c)
    if not cursors:
        raise SchedulingError(f"find: failed to find matches\nPattern: {pattern}{_unknown_name_hint(proc, pattern)}")
    return cursors if many else cursors[0]


# --------------------------------------------------------------------------- forwarding
# The locations themselves are carried natively (frontend/cursor_forward.h), along the
# history _set_provenance records, so that a long history costs a walk in C++ rather
# than a Python call per edit.

def _forwarded(r):
    """A native forwarding's result: the new location, or the error it stands for."""
    if r is None:
        raise NotImplementedError("This forwarding function has not been implemented")
    if isinstance(r, str):
        raise InvalidCursorError(r)
    return r


def _forward(proc, cursor):
    if cursor._proc is proc:  # the common case: already the proc's (never an invalid cursor's)
        return cursor
    if isinstance(cursor, InvalidCursor):
        raise InvalidCursorError("cannot forward an invalid cursor")
    impl, origin = cursor._impl, cursor._proc
    if isinstance(cursor, (ArgCursor, ExprListCursor)) or not isinstance(impl, (_Node, _Block, _Gap)):
        _forwarded(_exo._forward_path(proc, origin, ()))  # only the history is crossed
        if isinstance(cursor, ArgCursor):
            return ArgCursor(impl[1], proc)
        if isinstance(cursor, ExprListCursor):
            return ExprListCursor(impl[1], impl[2], proc)
        return _lift(impl, proc)
    if isinstance(impl, _Node):
        impl = _Node(_forwarded(_exo._forward_path(proc, origin, impl.path)))
    elif isinstance(impl, _Block):
        impl = _Block(*_forwarded(_exo._forward_block(proc, origin, impl.parent, impl.field, impl.lo, impl.hi)))
    else:
        impl = _Gap(_forwarded(_exo._forward_path(proc, origin, impl.anchor)), impl.type)
    return _lift(impl, proc)


# --------------------------------------------------------------------------- Procedure methods

def _proc_find(self, pattern, many=False, call_depth=1):
    return _find(self, pattern, many, None)


_NAME_COUNT = re.compile(r"^([a-zA-Z_]\w*)\s*(\#\s*[0-9]+)?$")


def _proc_find_loop(self, pattern, many=False):
    if not isinstance(pattern, str):
        raise TypeError("expected a pattern string")
    if m := _NAME_COUNT.search(pattern):
        pattern = f"for {m[1]} in _: _{m[2] or ''}"
    return _find(self, pattern, many, None)


def _proc_find_alloc_or_arg(self, pattern):
    if m := _NAME_COUNT.search(pattern):
        for arg in _proc_args(self):
            if arg.name() == m[1]:
                return arg
        pattern = f"{m[1]}: _{m[2] or ''}"
    return _find(self, pattern, False, None)


def _proc_find_all(self, pattern):
    return _find(self, pattern, True, None)


def _proc_args(self):
    return ArgListCursor(self)


def _proc_body(self):
    return _ProcCursor(_Node(()), self).body()


def _proc_root(self):
    return _ProcCursor(_Node(()), self)


def _proc_forward(self, cursor):
    return _forward(self, cursor)


_exo._add_procedure_method("find", _proc_find)
_exo._add_procedure_method("find_loop", _proc_find_loop)
_exo._add_procedure_method("find_alloc_or_arg", _proc_find_alloc_or_arg)
_exo._add_procedure_method("find_all", _proc_find_all)
_exo._add_procedure_method("args", _proc_args)
_exo._add_procedure_method("body", _proc_body)
_exo._add_procedure_method("_root", _proc_root)
_exo._add_procedure_method("forward", _proc_forward)

__all__ = [
    "Cursor", "InvalidCursor", "ArgCursor", "StmtCursorPrototype", "StmtCursor", "AssignCursor",
    "ReduceCursor", "AssignConfigCursor", "PassCursor", "IfCursor", "ForCursor", "AllocCursor", "CallCursor",
    "WindowStmtCursor", "BlockCursor", "GapCursor", "GapType", "ExprCursorPrototype", "ExprCursor",
    "ReadCursor", "ReadConfigCursor", "LiteralCursor", "UnaryMinusCursor", "BinaryOpCursor",
    "ExternFunctionCursor", "WindowExprCursor", "StrideExprCursor", "ExprListCursor", "ArgListCursor",
    "InvalidCursorError", "CursorNavigationError",
]
