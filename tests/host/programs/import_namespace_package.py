# A directory without __init__.py imports as a namespace package (PEP 420), found from
# the script's own directory (sys.path[0], absolute) whatever the working directory.
import os
import sys

print(os.path.isabs(sys.path[0]), os.path.basename(sys.path[0]))

import nspkg_demo
from nspkg_demo import plain
from nspkg_demo.inner.leaf import VALUE
import nspkg_demo.inner as inner

print(plain.NAME)
print(VALUE)
print(nspkg_demo.__name__, nspkg_demo.__package__, [os.path.basename(p) for p in nspkg_demo.__path__])
print(inner.__name__, hasattr(inner, "__file__"), sys.modules["nspkg_demo.inner.leaf"].VALUE)
try:
    import nspkg_demo.missing
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e)
