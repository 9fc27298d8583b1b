# os.chdir and unittest.mock.patch.dict, compared with CPython.
import os
import sys
import tempfile
from unittest import mock

start = os.getcwd()
with tempfile.TemporaryDirectory() as d:
    os.chdir(d)
    print(os.path.realpath(os.getcwd()) == os.path.realpath(d))
    os.chdir(start)
print(os.getcwd() == start)
try:
    os.chdir("/no/such/dir")
except FileNotFoundError as e:
    print(type(e).__name__, e.errno, e.filename)

config = {"a": 1, "b": 2}
with mock.patch.dict(config, {"b": 20, "c": 30}) as c:
    print(c is config, sorted(config.items()))
    config["d"] = 4
print(sorted(config.items()))
with mock.patch.dict(config, clear=True):
    print(config)
print(sorted(config.items()))


@mock.patch.dict(config, e=5)
def f():
    return sorted(config)


print(f(), sorted(config))
with mock.patch.dict(sys.modules):
    sys.modules["fake_module_xyz"] = object()
print("fake_module_xyz" in sys.modules)
