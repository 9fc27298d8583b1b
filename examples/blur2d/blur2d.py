# Separable 3x3 box blur over an image with a one-pixel border: a horizontal pass that
# hands each row to a sub-procedure as windows, then a vertical pass.
from __future__ import annotations

from exo import proc


@proc
def blur_row(W: size, inp: [f32][W + 2], out: [f32][W]):
    for j in seq(0, W):
        out[j] = (inp[j] + inp[j + 1] + inp[j + 2]) / 3.0


@proc
def blur2d(H: size, W: size, img: f32[H + 2, W + 2], out: f32[H, W]):
    rows: f32[H + 2, W]
    for i in seq(0, H + 2):
        blur_row(W, img[i, 0:W + 2], rows[i, 0:W])
    for i in seq(0, H):
        for j in seq(0, W):
            out[i, j] = (rows[i, j] + rows[i + 1, j] + rows[i + 2, j]) / 3.0
