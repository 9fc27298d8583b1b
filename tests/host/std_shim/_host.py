"""CPython stand-in for exocc's C++ `_host` hook module.

Used only by tests/host/std_modules_check.sh, which runs the bundled
standard-library modules (generator/lib/std) under real CPython. The real
module is implemented in C++ by the interpreter; see generator/lib/std/README.md.
"""

import sys
import posix


class _Missing:
    def __repr__(self):
        return '<_host.MISSING>'


MISSING = _Missing()

_FunctionType = type(lambda: None)
_CO_VARARGS = 0x04
_CO_VARKEYWORDS = 0x08
_CO_GENERATOR = 0x20


def signature(fn):
    if type(fn) is not _FunctionType:
        raise ValueError('no signature found for %r' % (fn,))
    code = fn.__code__
    names = code.co_varnames
    nposonly = code.co_posonlyargcount
    npos = code.co_argcount
    nkwonly = code.co_kwonlyargcount
    defaults = fn.__defaults__ or ()
    kwdefaults = fn.__kwdefaults__ or {}
    first_default = npos - len(defaults)
    out = []
    for i in range(npos):
        kind = 'POSITIONAL_ONLY' if i < nposonly else 'POSITIONAL_OR_KEYWORD'
        default = defaults[i - first_default] if i >= first_default else MISSING
        out.append((names[i], kind, default))
    k = npos + nkwonly
    if code.co_flags & _CO_VARARGS:
        out.append((names[k], 'VAR_POSITIONAL', MISSING))
        k += 1
    for i in range(npos, npos + nkwonly):
        out.append((names[i], 'KEYWORD_ONLY', kwdefaults.get(names[i], MISSING)))
    if code.co_flags & _CO_VARKEYWORDS:
        out.append((names[k], 'VAR_KEYWORD', MISSING))
    return out


def annotations(fn):
    return dict(fn.__annotations__)


def is_generator_function(fn):
    if type(fn) is not _FunctionType:
        return False
    return bool(fn.__code__.co_flags & _CO_GENERATOR)


def stat(path):
    try:
        st = posix.stat(path)
    except OSError:
        return None
    mode = st.st_mode & 0o170000
    if mode == 0o100000:
        return 'file'
    if mode == 0o040000:
        return 'dir'
    return 'other'


def getcwd():
    return posix.getcwd()


def call_stack():
    import traceback
    return [(f.filename, f.lineno, f.name) for f in traceback.extract_stack()[:-1]]


def caller_module_name(depth):
    try:
        frame = sys._getframe(depth + 1)
    except ValueError:
        return None
    return frame.f_globals.get('__name__')
