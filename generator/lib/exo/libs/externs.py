"""The externs exocc ships, with the same names and C output as upstream Exo's."""
from exo.core.extern import Extern, _EErr


def _check_real_scalars(args, count, noun):
    if len(args) != count:
        raise _EErr(f"expected {count} {noun}, got {len(args)}")
    for i, a in enumerate(args):
        if not a.type.is_real_scalar():
            raise _EErr(f"expected argument {i + 1} to be a real scalar value, but got type {a.type}")
    return args[0].type


class _MathExtern(Extern):
    """An extern that calls a <math.h> function, casting each argument."""

    def __init__(self, name, arity, cname, paren_args, noun="argument"):
        super().__init__(name)
        self._arity = arity
        self._noun = noun  # upstream says "expected 2 argument" for fmaxf; kept verbatim
        self._cname = cname
        self._paren = paren_args

    def typecheck(self, args):
        return _check_real_scalars(args, self._arity, self._noun)

    def globl(self, prim_type):
        return "#include <math.h>"

    def compile(self, args, prim_type):
        if self._paren:
            inner = ", ".join(f"({prim_type})({a})" for a in args)
        else:
            inner = ", ".join(f"({prim_type}){a}" for a in args)
        return f"{self._cname}({inner})"


class _Relu(Extern):
    def __init__(self):
        super().__init__("relu")

    def typecheck(self, args):
        return _check_real_scalars(args, 1, "argument")

    def globl(self, prim_type):
        return (f"{prim_type} _relu_{prim_type}({prim_type} x) " + "{\n"
                "    if (x > 0.0) return x;\n"
                "    else return 0.0;\n"
                "}\n")

    def compile(self, args, prim_type):
        return f"_relu_{prim_type}(({prim_type}){args[0]})"


class _Select(Extern):
    """select(x, v, y, z) = x < v ? y : z"""

    def __init__(self):
        super().__init__("select")

    def typecheck(self, args):
        return _check_real_scalars(args, 4, "arguments")

    def globl(self, prim_type):
        return (f"{prim_type} _select_{prim_type}({prim_type} x,{prim_type} v,{prim_type} y,{prim_type} z)"
                + " {\n"
                "    if (x < v) return y;\n"
                "    else return z;\n"
                "}\n")

    def compile(self, args, prim_type):
        inner = ", ".join(f"({prim_type}){a}" for a in args)
        return f"_select_{prim_type}({inner})"


class _Sigmoid(Extern):
    def __init__(self):
        super().__init__("sigmoid")

    def typecheck(self, args):
        return _check_real_scalars(args, 1, "argument")

    def globl(self, prim_type):
        return (f"\n#include <math.h>\n{prim_type} sigmoid({prim_type} x) " + "{\n"
                "    return 1 / (1 + exp(-x));\n"
                "}\n")

    def compile(self, args, prim_type):
        return f"sigmoid(({prim_type})({args[0]}))"


sin = _MathExtern("sin", 1, "sin", False)
relu = _Relu()
select = _Select()
expf = _MathExtern("expf", 1, "expf", True)
fmaxf = _MathExtern("fmaxf", 2, "fmaxf", True, noun="argument")
sigmoid = _Sigmoid()
sqrt = _MathExtern("sqrt", 1, "sqrt", True)
