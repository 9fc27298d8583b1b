# A kernel whose schedule depends on files it reads, a directory it lists and a module
# that may be missing: a data file read with open() (the tile size), one read with
# pathlib (the proc's name), the number of files in variants/ (the name's suffix), and
# an optional module found, or not, on the import path.
from __future__ import annotations

import json
import os
from pathlib import Path

from exo import proc
from exo.libs.memories import DRAM
from exo.stdlib.scheduling import divide_loop, rename

try:
    from extra_mod import FACTOR
except ImportError:
    FACTOR = 1

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "tiles.json")) as f:
    tile = json.load(f)["tile"] * FACTOR
name = Path(here, "name.txt").read_text().strip()
name += f"_{len(list(Path(here, 'variants').iterdir()))}"


@proc
def scale(n: size, x: f32[n] @ DRAM):
    for i in seq(0, n):
        x[i] = x[i] * 2.0


__all__ = ["tiled"]
tiled = rename(divide_loop(scale, "i", tile, ["io", "ii"], tail="cut_and_guard"), name)
