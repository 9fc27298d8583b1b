"""upstream's exo.core.LoopIR module path.

exocc's LoopIR lives in C++; this module gives programs that import it the names they
use for isinstance checks on IR objects handed to user hooks (memories, externs).
`Procedure._loopir_proc` (procedure_methods.py) makes instances of them for a proc's
top-level statements; other internals of upstream's white-box tests are not exposed.
"""


class _Namespace:
    def __init__(self, name, members):
        self._name = name
        for m in members:
            setattr(self, m, type(m, (), {'__module__': f'exo.core.LoopIR.{name}'}))

    def __repr__(self):
        return f"<module {self._name}>"


LoopIR = _Namespace("LoopIR", [
    "proc", "fnarg", "instr", "Assign", "Reduce", "WriteConfig", "Pass", "If", "For", "Alloc", "Free",
    "Call", "WindowStmt", "Read", "Const", "USub", "BinOp", "Extern", "WindowExpr", "StrideExpr",
    "ReadConfig", "Interval", "Point", "Seq", "Par",
])

# upstream's type constructors (T.size, T.index, T.f32, ...), for imports and isinstance
# checks; exocc's types are native.
T = _Namespace("T", [
    "Num", "F16", "F32", "F64", "INT8", "UINT8", "UINT16", "INT32", "Bool", "Int", "Index", "Size", "Stride",
    "Error", "Tensor", "Window", "R", "f16", "f32", "f64", "int8", "uint8", "uint16", "i8", "ui8", "ui16", "int32",
    "i32", "bool", "int", "index", "size", "stride", "err",
])
