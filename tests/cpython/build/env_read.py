# Reads the environment variable WIDTH (declared in env_declared.toml, not in
# env_undeclared.toml) in the CPython host.
from __future__ import annotations

import os

import sympy  # reads undeclared variables of its own (SYMPY_DEBUG...) when imported

from exo import proc
from exo.libs.memories import DRAM

W = int(os.environ.get("WIDTH", "4"))


@proc
def zero(x: f32[W] @ DRAM):
    for i in seq(0, W):
        x[i] = 0.0
