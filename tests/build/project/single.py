from __future__ import annotations

from exo import *
from exo.libs.externs import sin

from helpers import Scale  # from the manifest's search_path


@proc
def scaled_sin(n: size, x: f32[n], y: f32[n]):
    Scale.factor = 3.0
    for i in seq(0, n):
        y[i] = sin(x[i]) * Scale.factor
