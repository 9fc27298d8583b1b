from __future__ import annotations
from exo import proc
@proc
def foo(n: size, m: size, flag: bool, x: f32[n, m]):
    assert n % 4 == 0
    for i in seq(0, n):
        for j in seq(0, m):
            if flag:
                x[i, j] = 1.0
print(foo.partial_eval(8))
print(foo.partial_eval(m=4, flag=True))
for bad in [lambda: foo.partial_eval(1, m=2), lambda: foo.partial_eval(1, 2, 3, 4, 5), lambda: foo.partial_eval(8, 4, True, 2)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
