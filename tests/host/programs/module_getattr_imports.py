# A package whose __getattr__ refuses names: `from pkg import sub` still imports the
# submodule, hasattr() answers False, and other errors from __getattr__ propagate.
import os
import pathlib
import sys
import tempfile

root = tempfile.mkdtemp()
pathlib.Path(root, "lazy_pkg").mkdir()
with open(os.path.join(root, "lazy_pkg", "__init__.py"), "w") as f:
    f.write("value = 1\n"
            "def __getattr__(name):\n"
            "    if name == 'broken':\n"
            "        raise NotImplementedError('lazy_pkg.broken is not here')\n"
            "    raise AttributeError(name)\n")
with open(os.path.join(root, "lazy_pkg", "_private_sub.py"), "w") as f:
    f.write("answer = 42\n")
sys.path.insert(0, root)

import lazy_pkg
print(hasattr(lazy_pkg, "missing"), hasattr(lazy_pkg, "value"))
from lazy_pkg import _private_sub
print(_private_sub.answer)
try:
    from lazy_pkg import not_a_module
except ImportError as e:
    print("ImportError", "not_a_module" in str(e))
try:
    lazy_pkg.broken
except NotImplementedError as e:
    print("NotImplementedError", e)
try:
    hasattr(lazy_pkg, "broken")
except NotImplementedError as e:
    print("hasattr propagates", e)
