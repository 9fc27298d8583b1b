# Index arithmetic on constants is folded before the bounds check asks the solver, with
# Exo's floor division and modulo (as for symbolic indices): -7 % 4 is 1 and -7 / 2 is -4.
from __future__ import annotations
from exo import proc


@proc
def mod_in_bounds(x: f32[4]):
    x[(0 - 7) % 4] = 0.0


print("mod_in_bounds passes")
try:
    @proc
    def div_out_of_bounds(x: f32[4]):
        x[(0 - 7) / 2 + 3] = 0.0
except TypeError as e:
    print("TypeError:", e)


@proc
def nested_constants(n: size, x: f32[n, 96 / 6 * 4]):
    # a product with a constant quotient stays linear for the solver
    for i in seq(0, n):
        for j in seq(0, 64 / 16 * (96 / 6)):
            x[i, j] = 0.0


print(nested_constants)
