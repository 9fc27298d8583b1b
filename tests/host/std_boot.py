"""Run a test program under CPython with exocc's bundled stdlib modules.

usage: python3 -S -I std_boot.py SCRIPT.py [args...]

Puts generator/lib/std (exocc's pure-Python stdlib) and tests/host/std_shim
(a CPython stand-in for the C++ `_host` hook module) on sys.path, evicts any
CPython copy of the bundled modules from sys.modules, then runs SCRIPT as
__main__. `re` (and the CPython modules it imports) is imported first, so
CPython's own `re` keeps using CPython's enum/functools; everything the test
program imports by name comes from generator/lib/std. At exit it checks that
every bundled module that got imported was loaded from generator/lib/std.
"""

import sys

sys.dont_write_bytecode = True  # keep generator/lib/std free of __pycache__


def _absdir(path):
    import posix
    if not path.startswith('/'):
        path = posix.getcwd() + '/' + path
    parts = []
    for part in path.split('/'):
        if part in ('', '.'):
            continue
        if part == '..':
            if parts:
                parts.pop()
        else:
            parts.append(part)
    return '/' + '/'.join(parts[:-1])


_here = _absdir(__file__)
_repo = _here.rpartition('/')[0].rpartition('/')[0]
STD = _repo + '/generator/lib/std'
SHIM = _here + '/std_shim'

BUNDLED = ['__future__', '_argbind', 'collections', 'contextlib', 'copy', 'dataclasses',
           'enum', 'functools', 'inspect', 'itertools', 'keyword', 'operator',
           'os', 'string', 'textwrap', 'types', 'typing']

import re  # noqa: E402  (keeps CPython's re on CPython's enum/functools)
import math  # noqa: E402,F401

for _name in list(sys.modules):
    if _name.split('.')[0] in BUNDLED:
        del sys.modules[_name]


class _BundledFinder:
    """Finds bundled modules only in STD, ahead of CPython's built-in and
    frozen importers (itertools is built in, os is frozen in CPython 3.11)."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.split('.')[0] not in BUNDLED:
            return None
        import _frozen_importlib_external
        spec = _frozen_importlib_external.PathFinder.find_spec(name, path or [STD], target)
        if spec is None:
            raise ModuleNotFoundError('No module named %r (not in generator/lib/std)' % name,
                                      name=name)
        return spec


sys.meta_path.insert(0, _BundledFinder)


def _check_origin():
    bad = []
    for name in list(sys.modules):
        if name.split('.')[0] not in BUNDLED:
            continue
        f = getattr(sys.modules[name], '__file__', None) or ''
        if not f.startswith(STD + '/'):
            bad.append('%s (%s)' % (name, f or 'built-in'))
    if bad:
        sys.stderr.write('std_boot: not from generator/lib/std: ' + ', '.join(bad) + '\n')
        sys.stderr.flush()
        posix_exit = __import__('posix')._exit
        sys.stdout.flush()
        posix_exit(3)


def main():
    if len(sys.argv) < 2:
        sys.stderr.write('usage: std_boot.py SCRIPT.py [args...]\n')
        raise SystemExit(2)
    script = sys.argv[1]
    sys.argv = sys.argv[1:]
    import posix
    script_dir = script.rpartition('/')[0] or posix.getcwd()
    if not script_dir.startswith('/'):
        script_dir = posix.getcwd() + '/' + script_dir
    sys.path[:0] = [script_dir, STD, SHIM]
    with open(script) as fh:
        source = fh.read()
    code = compile(source, script, 'exec')
    mod = type(sys)('__main__')
    mod.__file__ = script
    mod.__builtins__ = __builtins__
    sys.modules['__main__'] = mod
    try:
        exec(code, mod.__dict__)
    finally:
        _check_origin()


main()
