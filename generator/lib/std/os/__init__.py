"""A small, portable subset of the os module (exocc bundled module).

Only path handling and a few constants; there is no process or file-writing API.
Filesystem queries go through the interpreter's `_host` hook module.
"""

import _host
from . import path

name = 'posix'
sep = path.sep
altsep = path.altsep
extsep = path.extsep
pathsep = path.pathsep
curdir = path.curdir
pardir = path.pardir
defpath = path.defpath
devnull = path.devnull
linesep = '\n'

# The process's environment, as CPython's (a copy: changes are not passed to child
# processes). `exocc build` replaces it with the variables the manifest declares
# (exo.build.DeclaredEnvironment).
environ = _host.environ()


def getenv(key, default=None):
    return environ.get(key, default)


def getcwd():
    return _host.getcwd()


def chdir(path):
    _host.chdir(fspath(path))


def fspath(p):
    if isinstance(p, (str, bytes)):
        return p
    meth = getattr(type(p), '__fspath__', None)
    if meth is None:
        raise TypeError('expected str, bytes or os.PathLike object, not %s' % type(p).__name__)
    res = meth(p)
    if not isinstance(res, (str, bytes)):
        raise TypeError('expected %s.__fspath__() to return str or bytes, not %s'
                        % (type(p).__name__, type(res).__name__))
    return res


class PathLike:
    """Base class for objects implementing __fspath__."""

    def __fspath__(self):
        raise NotImplementedError
