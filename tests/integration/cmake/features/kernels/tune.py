# Scales the first N of its values by SCALE (the manifest's params, or the build's overrides).
from __future__ import annotations

from exo import *
from exo.build import params, target
from exo.stdlib.scheduling import rename

N = params["N"]
SCALE = params["SCALE"]
assert target in ("host", "wide"), target


@proc
def tune(x: f32[8]):
    for i in seq(0, N):
        x[i] = SCALE * x[i]


tune = rename(tune, params["NAME"])
