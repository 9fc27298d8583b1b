from __future__ import annotations
from exo import proc
from exo.API_scheduling import rename
@proc
def foo(x: f32):
    x = 1.0
print(rename(foo, "bar"))
for bad in [lambda: rename(foo, "9x"), lambda: rename(3, "y"), lambda: rename(foo, "_")]:
    try:
        bad()
    except TypeError as e:
        print(e)
