from __future__ import annotations
from exo import proc

def make(cond):
    @proc
    def bar(a: i8):
        b: i8
        b = 0
        with python:
            for _ in range(3):
                with exo:
                    b += a
            if cond:
                with exo:
                    b = 1
            y = 2
            with exo:
                a = {~{b} if y == 2 else ~{a}}
    return bar

print(make(True))
x = 1.5
@proc
def foo(a: f64):
    a = {(x ** x + x) / x}
print(foo)

def types(T):
    @proc
    def baz(a: {T}):
        c: {T}[4]
        for i in seq(0, 3):
            c[i + 1] = a + c[i]
    return baz
print(types("i32"))

# `global` in a `with python:` block inside `with exo:` holds for that block only: the
# outer block's `dict = None` binds a local, so the inner block reads the builtin dict
# and the module's `dict` is untouched.
cell = [0]
@proc
def scoped(a: i8):
    a = 0
    with python:
        with exo:
            with python:
                global dict
                cell[0] = dict
        dict = None
print(cell[0] is dict, "dict" in globals())
