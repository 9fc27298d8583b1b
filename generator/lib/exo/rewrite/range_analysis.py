"""upstream's exo.rewrite.range_analysis module path: IndexRange, the value range
`base + [lo, hi]` of an index expression, as the stdlib's bounds inference computes it.

exocc's own range analysis is native (generator/analysis); this module serves user-level
scheduling code. The symbolic part (`base`) is a small expression tree over variable
names that prints the way exocc prints index expressions."""
from __future__ import annotations

# ------------------------------------------------------------------ base expressions

# Operator precedence of the proc printer: a child binds looser than its context gets
# parentheses; the right operand counts one level tighter (left associativity).
_PRECEDENCE = {"or": 10, "and": 20, "<": 30, ">": 30, "<=": 30, ">=": 30, "==": 30,
               "+": 40, "-": 40, "*": 50, "/": 50, "%": 50}
_UNARY_MINUS_PRECEDENCE = 60


class IndexExpr:
    """An index expression: IndexVar, IndexConst, IndexBinOp or IndexNeg. Equality is
    structural; str() prints as a proc would."""

    def __str__(self):
        return self.text(0)

    def __repr__(self):
        return f"{type(self).__name__}({self})"

    def __ne__(self, other):
        return not self == other

    __hash__ = None


class IndexVar(IndexExpr):
    def __init__(self, name):
        self.name = name

    def text(self, prec):
        return self.name

    def __eq__(self, other):
        return isinstance(other, IndexVar) and other.name == self.name


class IndexConst(IndexExpr):
    def __init__(self, val):
        self.val = val

    def text(self, prec):
        return str(self.val)

    def __eq__(self, other):
        return isinstance(other, IndexConst) and other.val == self.val


class IndexBinOp(IndexExpr):
    def __init__(self, op, lhs, rhs):
        self.op = op
        self.lhs = lhs
        self.rhs = rhs

    def text(self, prec):
        mine = _PRECEDENCE[self.op]
        s = f"{self.lhs.text(mine)} {self.op} {self.rhs.text(mine + 1)}"
        return f"({s})" if mine < prec else s

    def __eq__(self, other):
        return (isinstance(other, IndexBinOp) and other.op == self.op and other.lhs == self.lhs
                and other.rhs == self.rhs)


class IndexNeg(IndexExpr):
    def __init__(self, arg):
        self.arg = arg

    def text(self, prec):
        return f"-{self.arg.text(_UNARY_MINUS_PRECEDENCE)}"

    def __eq__(self, other):
        return isinstance(other, IndexNeg) and other.arg == self.arg


def _zero():
    return IndexConst(0)


def _is_zero(e):
    return isinstance(e, IndexConst) and e.val == 0


def _var_name(v):
    """A variable given as a name, a cursor to a loop or read, or a Sym-like object."""
    if isinstance(v, str):
        return v
    if hasattr(v, "name") and callable(v.name):
        return v.name()
    return str(v)


# ------------------------------------------------------------------ IndexRange

class IndexRange:
    """The values base + lo ... base + hi (inclusive). `base` collects what is not
    bounded (free variables, kept symbolic); lo / hi are ints, None when unbounded."""

    def __init__(self, base, lo, hi):
        self.base = base
        self.lo = lo
        self.hi = hi

    @staticmethod
    def create_unbounded():
        return IndexRange(_zero(), None, None)

    @staticmethod
    def create_int(x):
        return IndexRange(_zero(), x, x)

    @staticmethod
    def create_constant_range(lo, hi):
        return IndexRange(_zero(), lo, hi)

    def __eq__(self, other):
        return (isinstance(other, IndexRange) and self.base == other.base and self.lo == other.lo
                and self.hi == other.hi)

    __hash__ = None

    def __repr__(self):
        return f"IndexRange(base={self.base!r}, lo={self.lo}, hi={self.hi})"

    def get_bounds(self):
        """(first value, one past the last value) as text; -inf / inf when unbounded."""
        if _is_zero(self.base):
            lo = "-inf" if self.lo is None else str(self.lo)
            hi = "inf" if self.hi is None else str(self.hi)
        else:
            lo = "-inf" if self.lo is None else f"{self.base} + {self.lo}"
            hi = "inf" if self.hi is None else f"{self.base} + {self.hi + 1}"
        return lo, hi

    def get_stride_of(self, idx):
        """The coefficient of variable `idx` in base, assuming base is a sum of
        constant multiples of variables (constants live in lo / hi)."""
        name = _var_name(idx)

        def coefficient(e):
            if isinstance(e, IndexVar):
                return 1 if e.name == name else 0
            if isinstance(e, IndexConst):
                return e.val
            if isinstance(e, IndexBinOp):
                lhs, rhs = coefficient(e.lhs), coefficient(e.rhs)
                if e.op == "+":
                    return lhs + rhs
                if e.op == "-":
                    return lhs - rhs
                if e.op == "*":
                    return lhs * rhs
                raise ValueError(f"cannot get stride of {name} because {e} contains an unsupported operand '{e.op}'")
            if isinstance(e, IndexNeg):
                return -coefficient(e.arg)
            return 0

        return coefficient(self.base)

    def partial_eval_with_range(self, var, rng):
        """This range with variable `var` of base bounded by the range `rng`."""
        c = self.get_stride_of(var)
        if c == 0:
            return self
        bounded = analyze_index_expr(self.base, {_var_name(var): (rng.lo, rng.hi)})
        if _is_zero(rng.base):
            return bounded
        return bounded + IndexRange(IndexBinOp("*", IndexConst(c), rng.base), 0, 0)

    def get_size(self):
        if self.lo is None or self.hi is None:
            return None
        return self.hi - self.lo + 1

    def __str__(self):
        base = "0" if _is_zero(self.base) else str(self.base)
        lo = "-inf" if self.lo is None else str(self.lo)
        hi = "inf" if self.hi is None else str(self.hi)
        return f"({base}, {lo}, {hi})"

    def __add__(self, other):
        assert isinstance(other, (int, IndexRange))
        if isinstance(other, int):
            return IndexRange(self.base, _plus(self.lo, other), _plus(self.hi, other))
        if _is_zero(self.base):
            base = other.base
        elif _is_zero(other.base):
            base = self.base
        else:
            base = IndexBinOp("+", self.base, other.base)
        return IndexRange(base, _plus(self.lo, other.lo), _plus(self.hi, other.hi))

    def __radd__(self, c):
        assert isinstance(c, int)
        return self + c

    def __neg__(self):
        base = _zero() if _is_zero(self.base) else IndexNeg(self.base)
        return IndexRange(base, None if self.hi is None else -self.hi, None if self.lo is None else -self.lo)

    def __sub__(self, other):
        assert isinstance(other, (int, IndexRange))
        return self + (-other)

    def __rsub__(self, c):
        assert isinstance(c, int)
        return -self + c

    def __mul__(self, c):
        assert isinstance(c, int)
        if c == 0:
            return 0
        base = _zero() if _is_zero(self.base) else IndexBinOp("*", self.base, IndexConst(c))
        lo = None if self.lo is None else self.lo * c
        hi = None if self.hi is None else self.hi * c
        return IndexRange(base, lo, hi) if c > 0 else IndexRange(base, hi, lo)

    def __rmul__(self, c):
        assert isinstance(c, int)
        return self * c

    def __floordiv__(self, c):
        assert isinstance(c, int)
        if c == 0:
            raise ValueError("Cannot divide by 0.")
        if c < 0:
            return IndexRange.create_unbounded()
        if _is_zero(self.base):
            return IndexRange.create_constant_range(None if self.lo is None else self.lo // c,
                                                    None if self.hi is None else self.hi // c)
        # base / c is kept symbolic; the constant part's quotient can round up by one
        # once added to it
        base = IndexBinOp("/", self.base, IndexConst(c))
        if self.lo is not None and self.hi is not None:
            return IndexRange(base, self.lo // c, self.hi // c + 1)
        return IndexRange(base, None, None)

    def __mod__(self, c):
        assert isinstance(c, int)
        if (_is_zero(self.base) and self.lo is not None and self.hi is not None
                and self.lo // c == self.hi // c):
            return IndexRange.create_constant_range(self.lo % c, self.hi % c)
        return IndexRange.create_constant_range(0, c - 1)

    def __or__(self, other):
        """The join: the smallest range holding both, when the bases agree."""
        assert isinstance(other, IndexRange)
        if self.base != other.base:
            return IndexRange.create_unbounded()
        return IndexRange(self.base, _join_bound(self.lo, other.lo, min), _join_bound(self.hi, other.hi, max))


def _plus(a, b):
    return None if a is None or b is None else a + b


def _join_bound(a, b, pick):
    if a is None:
        return b
    if b is None:
        return a
    return pick(a, b)


# ------------------------------------------------------------------ analysis

def analyze_index_expr(expr, env):
    """The range of an IndexExpr with variables bounded by env (name -> (lo, hi));
    an int when it is constant."""
    if isinstance(expr, IndexVar):
        if expr.name not in env:
            return IndexRange(expr, 0, 0)
        lo, hi = env[expr.name]
        return IndexRange.create_constant_range(lo, hi)
    if isinstance(expr, IndexConst):
        return expr.val
    if isinstance(expr, IndexNeg):
        return -analyze_index_expr(expr.arg, env)
    lhs = analyze_index_expr(expr.lhs, env)
    rhs = analyze_index_expr(expr.rhs, env)
    return apply_index_op(expr.op, lhs, rhs)


def apply_index_op(op, lhs, rhs):
    """lhs op rhs on ranges or ints (Exo's `/` on indices is floor division)."""
    if op == "+":
        return lhs + rhs
    if op == "-":
        return lhs - rhs
    if op == "*":
        return lhs * rhs
    if op == "/":
        return lhs // rhs
    if op == "%":
        return lhs % rhs
    assert False, "invalid binop in index expression"


# ------------------------------------------------------------------ compiler-level entry points

def _parse_index_text(text):
    """The IndexExpr of a printed index expression (names, integers, + - * / %, unary
    minus, parentheses). exocc's LoopIR nodes (`cursor._impl._node`) show code their
    printed form, not their fields; index expressions print unambiguously."""
    tokens = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            tokens.append(("int", int(text[i:j])))
            i = j
        elif ch.isalpha() or ch == "_":
            j = i
            while j < len(text) and (text[j].isalnum() or text[j] == "_"):
                j += 1
            tokens.append(("name", text[i:j]))
            i = j
        elif ch in "+-*/%()":
            tokens.append(("op", ch))
            i += 1
        else:
            raise ValueError(f"Cannot analyze range of non-index expression {text}")
    pos = [0]

    def peek():
        return tokens[pos[0]] if pos[0] < len(tokens) else ("end", None)

    def take():
        tok = peek()
        pos[0] += 1
        return tok

    def atom():
        kind, val = take()
        if kind == "int":
            return IndexConst(val)
        if kind == "name":
            return IndexVar(val)
        if (kind, val) == ("op", "-"):
            return IndexNeg(atom())
        if (kind, val) == ("op", "("):
            e = sum_expr()
            if take() != ("op", ")"):
                raise ValueError(f"unbalanced parentheses in {text}")
            return e
        raise ValueError(f"Cannot analyze range of non-index expression {text}")

    def product():
        e = atom()
        while peek()[0] == "op" and peek()[1] in "*/%":
            e = IndexBinOp(take()[1], e, atom())
        return e

    def sum_expr():
        e = product()
        while peek()[0] == "op" and peek()[1] in "+-":
            e = IndexBinOp(take()[1], e, product())
        return e

    e = sum_expr()
    if peek()[0] != "end":
        raise ValueError(f"Cannot analyze range of non-index expression {text}")
    return e


def _as_index_expr(expr):
    if isinstance(expr, IndexExpr):
        return expr
    if hasattr(expr, "_impl") and hasattr(expr, "proc"):  # an expression cursor
        expr = expr._impl._node
    return _parse_index_text(str(expr))


def index_range_analysis(expr, env={}):
    """The range of an index expression (an IndexExpr, an expression cursor or a LoopIR
    node) with the variables in env (name, or a loop's `_node.iter`, -> (lo, hi))
    bounded; an int when it is constant."""
    names = {_var_name(k): v for k, v in env.items()}
    return analyze_index_expr(_as_index_expr(expr), names)


def constant_bound(expr, env):
    """Inclusive constant bounds (lo, hi) of an index expression; (None, None) when it
    depends on a variable outside env."""
    if isinstance(expr, int):
        return (expr, expr)
    rng = index_range_analysis(expr, env)
    if isinstance(rng, int):
        return (rng, rng)
    if not _is_zero(rng.base):
        return (None, None)
    return (rng.lo, rng.hi)


_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}
_SEARCH_LIMIT = 2 ** 15  # upstream searches for bounds within +-2**15


def _arg_bounds_from_preds(proc, name):
    """Constant bounds on argument `name` that the preconditions state directly
    (`name op c` or `c op name`, also inside `and`s): (lowest, highest), None if none."""
    import _exo
    lo, hi = None, None

    def visit(path):
        nonlocal lo, hi
        if _exo._cur_kind(proc, path) != "BinOp":
            return
        op = _exo._cur_attr(proc, path, "op")
        lhs, rhs = path + (("lhs", None),), path + (("rhs", None),)
        if op == "and":
            visit(lhs)
            visit(rhs)
            return
        if op not in _FLIPPED:
            return
        if _exo._cur_kind(proc, rhs) == "Read" and _exo._cur_kind(proc, lhs) == "Const":
            lhs, rhs, op = rhs, lhs, _FLIPPED[op]
        if not (_exo._cur_kind(proc, lhs) == "Read" and _exo._cur_attr(proc, lhs, "name") == name
                and _exo._cur_kind(proc, rhs) == "Const"):
            return
        c = _exo._cur_attr(proc, rhs, "value")
        low = {">": c + 1, ">=": c, "==": c}.get(op)
        high = {"<": c - 1, "<=": c, "==": c}.get(op)
        if low is not None:
            lo = low if lo is None else max(lo, low)
        if high is not None:
            hi = high if hi is None else min(hi, high)

    for i in range(_exo._cur_len(proc, (), "preds")):
        visit((("preds", i),))
    return lo, hi


def arg_range_analysis(proc, arg, fast=True):
    """Inclusive bounds (lo, hi) on an index argument of a proc (`proc._loopir_proc`,
    one of its `args`); None where unknown. fast: only what the type says (sizes are
    positive). Otherwise also the bounds the preconditions state, reported as upstream
    reports its search over [1 or -2**15, 2**15]. exocc reads the bounds off the
    preconditions rather than asking a solver, so it sees fewer consequences."""
    assert arg.type in ("size", "index", "int")
    is_size = arg.type == "size"
    if fast:
        return (1, None) if is_size else (None, None)
    lo, hi = _arg_bounds_from_preds(proc._proc, arg.name)
    min_search = 1 if is_size else -_SEARCH_LIMIT
    if is_size:
        lo = 1 if lo is None else max(lo, 1)
    lower = None if lo is None or lo < min_search else min(lo, _SEARCH_LIMIT)
    upper = None if hi is None or hi > _SEARCH_LIMIT else max(hi, min_search)
    return (lower, upper)


class IndexRangeEnvironment:
    """upstream's SMT-backed bounds environment; exocc's bounds checks are native."""

    def __init__(self, proc, fast=True):
        raise NotImplementedError("exocc does not expose IndexRangeEnvironment (its bounds checks run natively)")
