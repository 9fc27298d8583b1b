"""The pytest API for tests run by `exocc test` (exocc bundled module).

Test files written for pytest import this module; the runner
(_exocc_pytest_runner.py) reads the marks and fixture markers set here.
Provides: raises, fixture, mark (skip, skipif, xfail, parametrize,
usefixtures and arbitrary names), param, skip, fail, xfail, exit,
importorskip, approx, MonkeyPatch, ExceptionInfo, Mark, MarkDecorator.
"""

import re as _re
import sys as _sys

__all__ = ['raises', 'fixture', 'mark', 'param', 'skip', 'fail', 'xfail', 'exit',
           'importorskip', 'approx', 'MonkeyPatch', 'ExceptionInfo', 'Mark',
           'MarkDecorator', 'MarkGenerator', 'UsageError']

version = __version__ = '8.3.0 (exocc)'


# --------------------------------------------------------------- outcomes

class OutcomeException(BaseException):
    """Base of the exceptions that end a test with an outcome (not Exception,
    so `except Exception` in test code does not swallow them)."""

    def __init__(self, msg=None, pytrace=True):
        if msg is not None and not isinstance(msg, str):
            raise TypeError('%s expected string as \'msg\' parameter, got %r instead.\n'
                            'Perhaps you meant to use a mark?'
                            % (type(self).__name__, type(msg).__name__))
        BaseException.__init__(self, msg)
        self.msg = msg
        self.pytrace = pytrace

    def __repr__(self):
        if self.msg is not None:
            return self.msg
        return '<%s instance>' % type(self).__name__

    __str__ = __repr__


class Skipped(OutcomeException):
    def __init__(self, msg=None, pytrace=True, allow_module_level=False):
        OutcomeException.__init__(self, msg, pytrace)
        self.allow_module_level = allow_module_level


class Failed(OutcomeException):
    pass


class XFailed(Failed):
    pass


class Exit(Exception):
    def __init__(self, msg='unknown reason', returncode=None):
        Exception.__init__(self, msg)
        self.msg = msg
        self.returncode = returncode


class UsageError(Exception):
    pass


def skip(reason='', *, allow_module_level=False, msg=None):
    """Skips the running test (or, with allow_module_level, the whole module)."""
    if msg is not None:
        reason = msg
    raise Skipped(reason, allow_module_level=allow_module_level)


def fail(reason='', pytrace=True, msg=None):
    """Fails the running test with the given message."""
    if msg is not None:
        reason = msg
    raise Failed(reason, pytrace)


def xfail(reason=''):
    """Marks the running test as an expected failure and stops it."""
    raise XFailed(reason)


def exit(reason='', returncode=None, msg=None):
    """Stops the whole test session."""
    if msg is not None:
        reason = msg
    raise Exit(reason, returncode)


skip.Exception = Skipped
fail.Exception = Failed
xfail.Exception = XFailed
exit.Exception = Exit


def importorskip(modname, minversion=None, reason=None, *, exc_type=None):
    """Imports and returns module `modname`, or skips the test (or module)."""
    try:
        __import__(modname)
    except ImportError as exc:
        if reason is None:
            reason = 'could not import %r: %s' % (modname, exc)
        raise Skipped(reason, allow_module_level=True)
    mod = _sys.modules[modname]
    if minversion is None:
        return mod
    verattr = getattr(mod, '__version__', None)
    if verattr is None or _version_tuple(verattr) < _version_tuple(minversion):
        raise Skipped('module %r has __version__ %r, required is: %r'
                      % (modname, verattr, minversion), allow_module_level=True)
    return mod


def _version_tuple(v):
    out = []
    for piece in str(v).split('.'):
        m = _re.match(r'\d+', piece)
        out.append(int(m.group(0)) if m else 0)
    return tuple(out)


# ------------------------------------------------------------------ marks

def _is_test_callable(obj):
    return callable(obj) and getattr(obj, '__name__', '<lambda>') != '<lambda>'


class Mark:
    def __init__(self, name, args, kwargs):
        self.name = name
        self.args = tuple(args)
        self.kwargs = dict(kwargs)

    def combined_with(self, other):
        kwargs = dict(self.kwargs)
        kwargs.update(other.kwargs)
        return Mark(self.name, self.args + other.args, kwargs)

    def __eq__(self, other):
        if not isinstance(other, Mark):
            return NotImplemented
        return (self.name, self.args, self.kwargs) == (other.name, other.args, other.kwargs)

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return 'Mark(name=%r, args=%r, kwargs=%r)' % (self.name, self.args, self.kwargs)


class MarkDecorator:
    """`pytest.mark.NAME(...)`: calling it with a single test function or class
    stores the mark on it; calling it with anything else adds arguments."""

    def __init__(self, mark):
        self.mark = mark

    @property
    def name(self):
        return self.mark.name

    @property
    def args(self):
        return self.mark.args

    @property
    def kwargs(self):
        return self.mark.kwargs

    @property
    def markname(self):
        return self.name

    def with_args(self, *args, **kwargs):
        return MarkDecorator(self.mark.combined_with(Mark(self.name, args, kwargs)))

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs:
            func = args[0]
            if isinstance(func, type) or _is_test_callable(func):
                store_mark(func, self.mark)
                return func
        return self.with_args(*args, **kwargs)

    def __repr__(self):
        return '<MarkDecorator %r>' % (self.mark,)


def get_unpacked_marks(obj):
    """The marks stored on a function, class or module (own marks only for classes)."""
    if isinstance(obj, type):
        marks = obj.__dict__.get('pytestmark', [])
    else:
        marks = getattr(obj, 'pytestmark', [])
    if not isinstance(marks, (list, tuple)):
        marks = [marks]
    out = []
    for m in marks:
        m = getattr(m, 'mark', m)
        if isinstance(m, Mark):
            out.append(m)
    return out


def store_mark(obj, mark):
    obj.pytestmark = get_unpacked_marks(obj) + [mark]


class MarkGenerator:
    """`pytest.mark`: any attribute is a MarkDecorator of that name."""

    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError('Marker name must NOT start with underscore')
        return MarkDecorator(Mark(name, (), {}))


mark = MarkGenerator()


class ParameterSet:
    def __init__(self, values, marks, id):
        self.values = tuple(values)
        self.marks = list(marks)
        self.id = id

    def __repr__(self):
        return 'ParameterSet(values=%r, marks=%r, id=%r)' % (self.values, self.marks, self.id)


def param(*values, marks=(), id=None):
    """One parameter set of `parametrize` with its own marks and id."""
    if isinstance(marks, (MarkDecorator, Mark)):
        marks = (marks,)
    marks = [getattr(m, 'mark', m) for m in marks]
    if id is not None and not isinstance(id, str):
        raise TypeError('Expected id to be a string, got %s: %r' % (type(id), id))
    return ParameterSet(values, marks, id)


# --------------------------------------------------------------- fixtures

class FixtureFunctionMarker:
    def __init__(self, scope='function', params=None, autouse=False, ids=None, name=None):
        self.scope = scope
        self.params = params
        self.autouse = autouse
        self.ids = ids
        self.name = name

    def __call__(self, function):
        if isinstance(function, type):
            raise ValueError('class fixtures not supported (maybe in the future)')
        if getattr(function, '_pytestfixturefunction', None) is not None:
            raise ValueError('@pytest.fixture is being applied more than once to the same '
                             'function %r' % (getattr(function, '__name__', function),))
        function._pytestfixturefunction = self
        return function

    def __repr__(self):
        return '<FixtureFunctionMarker scope=%r>' % (self.scope,)


def fixture(fixture_function=None, *, scope='function', params=None, autouse=False,
            ids=None, name=None):
    """Declares a fixture: a function whose result is passed to tests (and other
    fixtures) that name it as a parameter. A generator fixture's code after its
    `yield` is the teardown."""
    if scope not in ('function', 'class', 'module', 'package', 'session') and not callable(scope):
        raise ValueError("Fixture '%s' from test got an unexpected scope value '%s'"
                         % (getattr(fixture_function, '__name__', '?'), scope))
    marker = FixtureFunctionMarker(scope, tuple(params) if params is not None else None,
                                   autouse, ids, name)
    if fixture_function is not None:
        return marker(fixture_function)
    return marker


yield_fixture = fixture


# ----------------------------------------------------------------- raises

class ExceptionInfo:
    """What `pytest.raises` caught: .type, .value, .typename, .match(regex)."""

    def __init__(self, value=None):
        self._value = value

    @classmethod
    def for_later(cls):
        return cls()

    @classmethod
    def from_exception(cls, exception):
        return cls(exception)

    def _fill(self, value):
        self._value = value

    def _check(self):
        if self._value is None:
            raise AssertionError('.value can only be used after the context manager exits')

    @property
    def value(self):
        self._check()
        return self._value

    @property
    def type(self):
        self._check()
        return type(self._value)

    @property
    def typename(self):
        return self.type.__name__

    @property
    def tb(self):
        self._check()
        return getattr(self._value, '__traceback__', None)

    @property
    def traceback(self):
        return []

    def errisinstance(self, exc):
        return isinstance(self.value, exc)

    def exconly(self, tryshort=False):
        v = self.value
        text = str(v)
        name = type(v).__name__
        mod = getattr(type(v), '__module__', 'builtins')
        if mod not in ('builtins', '__main__', None):
            name = mod + '.' + name
        return name + ': ' + text if text else name

    def match(self, regexp):
        value = str(self.value)
        msg = 'Regex pattern did not match.\n Regex: %r\n Input: %r' % (regexp, value)
        if regexp == value:
            msg += '\n Did you mean to `re.escape()` the regex?'
        if not _re.search(regexp, value):
            raise AssertionError(msg) from None
        return True

    def __repr__(self):
        if self._value is None:
            return '<ExceptionInfo for raises contextmanager>'
        return '<ExceptionInfo %r tblen=1>' % (self._value,)


def _is_exception_type(t):
    return isinstance(t, type) and issubclass(t, BaseException)


class RaisesContext:
    def __init__(self, expected_exception, message, match_expr):
        self.expected_exception = expected_exception
        self.message = message
        self.match_expr = match_expr
        self.excinfo = None

    def __enter__(self):
        self.excinfo = ExceptionInfo.for_later()
        return self.excinfo

    def __exit__(self, exc_type, exc_val, exc_tb):
        __tracebackhide__ = True
        if exc_type is None:
            fail(self.message)
        if not issubclass(exc_type, self.expected_exception):
            return False
        if exc_val is None:
            exc_val = exc_type()
        self.excinfo._fill(exc_val)
        if self.match_expr is not None:
            self.excinfo.match(self.match_expr)
        return True


def raises(expected_exception, *args, **kwargs):
    """`with pytest.raises(E, match=regex) as excinfo:` or
    `pytest.raises(E, func, *args, **kwargs)`."""
    if isinstance(expected_exception, tuple):
        excs = expected_exception
    else:
        excs = (expected_exception,)
    for e in excs:
        if not _is_exception_type(e):
            raise TypeError('expected exception must be a BaseException type, not %s'
                            % type(e).__name__)
    message = 'DID NOT RAISE %s' % (expected_exception,)
    if not args:
        match = kwargs.pop('match', None)
        if kwargs:
            raise TypeError('Unexpected keyword arguments passed to pytest.raises: '
                            + ', '.join(sorted(kwargs))
                            + '\nUse context-manager form instead?')
        return RaisesContext(expected_exception, message, match)
    func = args[0]
    if not callable(func):
        raise TypeError('%r object (type: %s) must be callable' % (func, type(func)))
    try:
        func(*args[1:], **kwargs)
    except expected_exception as e:
        return ExceptionInfo(e)
    fail(message)


raises.Exception = Failed


# ----------------------------------------------------------------- approx

class ApproxBase:
    def __init__(self, expected, rel=None, abs=None, nan_ok=False):
        self.expected = expected
        self.rel = rel
        self.abs = abs
        self.nan_ok = nan_ok

    def __ne__(self, actual):
        return not (actual == self)

    def __bool__(self):
        raise AssertionError('approx() is not supported in a boolean context.\n'
                             'Did you mean: `assert a == approx(b)`?')

    def _scalar(self, x):
        return ApproxScalar(x, rel=self.rel, abs=self.abs, nan_ok=self.nan_ok)


class ApproxScalar(ApproxBase):
    DEFAULT_ABSOLUTE_TOLERANCE = 1e-12
    DEFAULT_RELATIVE_TOLERANCE = 1e-6

    def _is_number(self, x):
        return isinstance(x, (int, float)) and not isinstance(x, bool) or type(x).__name__ == 'complex'

    @property
    def tolerance(self):
        def fmt_check(t, what):
            if t < 0:
                raise ValueError("%s tolerance can't be negative: %s" % (what, t))
            if t != t:
                raise ValueError("%s tolerance can't be NaN." % what)
        absolute = self.abs if self.abs is not None else self.DEFAULT_ABSOLUTE_TOLERANCE
        fmt_check(absolute, 'absolute')
        if self.rel is None and self.abs is not None:
            return absolute
        rel = self.rel if self.rel is not None else self.DEFAULT_RELATIVE_TOLERANCE
        fmt_check(rel, 'relative')
        relative = rel * _abs(self.expected)
        if relative == float('inf'):
            return relative
        return relative if relative > absolute else absolute

    def __repr__(self):
        if not self._is_number(self.expected) or self.expected != self.expected \
                or _abs(self.expected) == float('inf'):
            return str(self.expected)
        try:
            tol = '{:.1e}'.format(self.tolerance)
        except ValueError:
            tol = '???'
        return '%s \u00b1 %s' % (self.expected, tol)

    def __eq__(self, actual):
        if actual == self.expected:
            return True
        if not (self._is_number(self.expected) and self._is_number(actual)):
            return False
        if self.expected != self.expected:  # nan
            return self.nan_ok and actual != actual
        if _abs(self.expected) == float('inf'):
            return False
        return _abs(self.expected - actual) <= self.tolerance

    __hash__ = None


_abs = abs


class ApproxSequence(ApproxBase):
    def __repr__(self):
        seq_type = type(self.expected)
        if seq_type not in (tuple, list):
            seq_type = list
        return 'approx(%r)' % (seq_type(self._scalar(x) for x in self.expected),)

    def __eq__(self, actual):
        try:
            if len(actual) != len(self.expected):
                return False
        except TypeError:
            return False
        if isinstance(actual, (str, bytes)) or isinstance(actual, dict):
            return False
        for a, e in zip(actual, self.expected):
            if not (approx(e, rel=self.rel, abs=self.abs, nan_ok=self.nan_ok) == a):
                return False
        return True

    __hash__ = None


class ApproxMapping(ApproxBase):
    def __repr__(self):
        return 'approx(%r)' % ({k: self._scalar(v) for k, v in self.expected.items()},)

    def __eq__(self, actual):
        if not isinstance(actual, dict):
            return False
        if set(actual.keys()) != set(self.expected.keys()):
            return False
        for k, e in self.expected.items():
            if not (approx(e, rel=self.rel, abs=self.abs, nan_ok=self.nan_ok) == actual[k]):
                return False
        return True

    __hash__ = None


def approx(expected, rel=None, abs=None, nan_ok=False):
    """Compares numbers (or sequences/dicts of numbers) within a tolerance:
    relative 1e-6 and absolute 1e-12 by default."""
    if isinstance(expected, dict):
        return ApproxMapping(expected, rel, abs, nan_ok)
    if isinstance(expected, (list, tuple)):
        return ApproxSequence(expected, rel, abs, nan_ok)
    if isinstance(expected, (str, bytes)):
        raise TypeError('pytest.approx() does not support nested data structures or '
                        'strings: %r' % (expected,))
    return ApproxScalar(expected, rel, abs, nan_ok)


# ------------------------------------------------------------ monkeypatch

_notset = object()


class MonkeyPatch:
    """The `monkeypatch` fixture: setattr/delattr/setitem/delitem/setenv/delenv/
    syspath_prepend, all undone after the test."""

    def __init__(self):
        self._setattr = []
        self._setitem = []

    @classmethod
    def context(cls):
        return _MonkeyPatchContext(cls())

    def setattr(self, target, name, value=_notset, raising=True):
        if value is _notset:
            if not isinstance(target, str):
                raise TypeError('use setattr(target, name, value) or setattr(target, value) '
                                'with target being a dotted import string')
            value = name
            target, _, name = target.rpartition('.')
            target = _resolve_dotted(target)
        oldval = getattr(target, name, _notset)
        if raising and oldval is _notset:
            raise AttributeError('%r has no attribute %r' % (target, name))
        if isinstance(target, type):
            oldval = target.__dict__.get(name, _notset)
        self._setattr.append((target, name, oldval))
        setattr(target, name, value)

    def delattr(self, target, name=_notset, raising=True):
        if name is _notset:
            if not isinstance(target, str):
                raise TypeError('use delattr(target, name) or delattr(target) with target '
                                'being a dotted import string')
            target, _, name = target.rpartition('.')
            target = _resolve_dotted(target)
        if not hasattr(target, name):
            if raising:
                raise AttributeError(name)
            return
        oldval = getattr(target, name, _notset)
        if isinstance(target, type):
            oldval = target.__dict__.get(name, _notset)
        self._setattr.append((target, name, oldval))
        delattr(target, name)

    def setitem(self, dic, name, value):
        self._setitem.append((dic, name, dic.get(name, _notset)))
        dic[name] = value

    def delitem(self, dic, name, raising=True):
        if name not in dic:
            if raising:
                raise KeyError(name)
            return
        self._setitem.append((dic, name, dic.get(name, _notset)))
        del dic[name]

    def setenv(self, name, value, prepend=None):
        import os
        value = str(value)
        if prepend and name in os.environ:
            value = value + prepend + os.environ[name]
        self.setitem(os.environ, name, value)

    def delenv(self, name, raising=True):
        import os
        self.delitem(os.environ, name, raising=raising)

    def syspath_prepend(self, path):
        self.setattr(_sys, 'path', list(_sys.path))
        _sys.path.insert(0, str(path))

    def chdir(self, path):
        raise NotImplementedError('monkeypatch.chdir is not supported by exocc test')

    def undo(self):
        for obj, name, value in reversed(self._setattr):
            if value is not _notset:
                setattr(obj, name, value)
            else:
                delattr(obj, name)
        self._setattr = []
        for dic, name, value in reversed(self._setitem):
            if value is _notset:
                if name in dic:
                    del dic[name]
            else:
                dic[name] = value
        self._setitem = []


class _MonkeyPatchContext:
    def __init__(self, mp):
        self.mp = mp

    def __enter__(self):
        return self.mp

    def __exit__(self, *exc):
        self.mp.undo()
        return False


def _resolve_dotted(name):
    parts = name.split('.')
    used = parts.pop(0)
    found = __import__(used)
    found = _sys.modules[used]
    for part in parts:
        used += '.' + part
        try:
            found = getattr(found, part)
        except AttributeError:
            __import__(used)
            found = _sys.modules[used]
    return found
