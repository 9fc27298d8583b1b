# The variant (the width of `zero`) comes from the environment variable W.
from __future__ import annotations

import os

from exo import *

W = int(os.environ.get("W", "4"))


@proc
def zero(x: f32[W]):
    for i in seq(0, W):
        x[i] = 0.0
