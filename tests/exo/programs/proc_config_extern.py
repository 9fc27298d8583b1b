from __future__ import annotations
from exo import proc, config
from exo.libs.externs import sin, select
from exo.frontend.pyparser import ParseError

@config
class Cfg:
    scale: f32
    n: index

@proc
def bar(n: size, x: [f32][n, 4], y: f32[n]):
    Cfg.scale = 2.0
    for i in seq(0, n):
        y[i] = sin(x[i, 0]) * Cfg.scale
        w = x[i, 1:3]
        y[i] += select(x[i, 0], 0.0, w[0], w[1])

print(bar)
try:
    @proc
    def bad(x: size):
        x: size
except ParseError as e:
    print('ParseError', str(e).split(': ', 1)[1])
try:
    @proc
    def bad2(x: f32):
        y = x
except TypeError as e:
    print('TypeError', e)
try:
    @proc
    def bad3(x: f32):
        x = sin(3, 4)
except TypeError as e:
    print('TypeError', e)
