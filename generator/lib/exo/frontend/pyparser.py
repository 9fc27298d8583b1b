"""exo.frontend.pyparser: the object-code parser lives in exocc's C++ frontend. This
module exposes its error type and upstream's entry points for reading a function as
UAST (the untyped tree before typechecking), whose str() prints as upstream's does."""
import _exo
from _exo import ParseError

from .._printed import Printed


class _FunctionSource:
    """What get_ast_from_python hands to Parser: the function itself (exocc reads its
    syntax tree natively)."""

    def __init__(self, fn):
        self.fn = fn


def get_ast_from_python(f):
    """(body, getsrcinfo) of function `f`, for Parser."""
    return _FunctionSource(f), None


def get_parent_scope(*, depth):
    """The Python scope `depth` calls above the caller, for resolving free names."""
    return _exo._capture_scope(depth)


class Parser:
    """Upstream's parser interface, for functions (as_func=True): result() is the UAST
    proc; instr is None or (c_instr, c_global)."""

    def __init__(self, module_ast, getsrcinfo, parent_scope=None, is_fragment=False,
                 as_func=False, as_config=False, instr=None, **kwargs):
        if not isinstance(module_ast, _FunctionSource) or not as_func or is_fragment or as_config:
            raise NotImplementedError("exo.frontend.pyparser.Parser: exocc parses whole "
                                      "functions (get_ast_from_python, as_func=True) only")
        self._fn = module_ast.fn
        self._scope = parent_scope
        self._instr = tuple(instr) if instr is not None else None

    def result(self):
        return Printed(_exo._uast_str(self._fn, self._scope, self._instr))
