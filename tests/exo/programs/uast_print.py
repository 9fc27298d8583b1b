# exo.frontend.pyparser: functions read as UAST (before typechecking) and printed as
# upstream prints them: `R` kept, memories only where written, chained comparisons
# split into `and`, shadowed names suffixed, the @instr template as comments.
from __future__ import annotations

from exo import DRAM, config
from exo.libs.externs import relu
from exo.frontend.pyparser import Parser, get_ast_from_python, get_parent_scope, ParseError


@config
class Cfg:
    scale: f32


def to_uast(f, instr=None):
    body, getsrcinfo = get_ast_from_python(f)
    return Parser(body, getsrcinfo, parent_scope=get_parent_scope(depth=2), instr=instr,
                  as_func=True).result()


def kernel(n: size, m: index, A: [f32][n, 16] @ DRAM, B: i8[n], flag: bool, s: stride):
    assert n > 0 and stride(A, 1) == 1
    row = A[m, :]
    tile = A[0:n, 4:8]
    for i in par(0, n):
        tmp: R[16]
        acc: f32 @ DRAM
        if 0 <= i < n - 1 and m == i:
            for i in seq(0, 16):  # shadows the outer i
                tmp[i] = row[i] * 2.0 - -(tile[0, 1] + 1)
        else:
            acc = relu(tmp[0]) + Cfg.scale
        Cfg.scale = acc / 3.0
        pass


print(to_uast(kernel))
print(to_uast(kernel, instr=("first({n});\nsecond({A_data});  ", "")))

limit = 8


def uses_scope(x: f64[4]):
    for j in seq(0, limit):
        x[j % 4] += 1.0


print(to_uast(uses_scope), end="")


def undefined(x: f64[4]):
    x[0] = nowhere


try:
    to_uast(undefined)
except ParseError as e:
    print("ParseError:", str(e).splitlines()[-1])
