# exo.main.exocc() runs upstream's command line in this process; the command line's
# check level (upstream, by default) must not stay set for what the program does next.
# Found when upstream's test_exocc.py made later test files run at the upstream level.
from __future__ import annotations

import os
import tempfile

import _exo
import exo.main

print("before:", _exo._check_level())
with tempfile.TemporaryDirectory() as d:
    src = os.path.join(d, "k.py")
    with open(src, "w") as f:
        f.write("from __future__ import annotations\nfrom exo import proc\n\n"
                "@proc\ndef k(x: f32[4]):\n    for i in seq(0, 4):\n        x[i] = 0.0\n")
    exo.main.exocc("-o", os.path.join(d, "out"), src)
    print("wrote k.c:", os.path.isfile(os.path.join(d, "out", "k.c")))
print("after:", _exo._check_level())
