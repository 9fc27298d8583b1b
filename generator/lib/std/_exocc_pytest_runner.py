"""`exocc test`: a pytest-compatible test runner (exocc bundled module).

usage: exocc test [PATH[::NAME]...] [-k EXPR] [-m EXPR] [-x] [-v] [-q] [-s]
                  [--update-golden] [--collect-only] [--maxfail N]

Collects test_*.py / *_test.py files (directories recursively, in name order),
imports each as pytest's default "prepend" import mode does, and runs its
test* functions and Test* classes' test* methods with pytest's fixture,
mark and parametrize semantics. Built-in fixtures: request, golden, tmp_path,
tmp_path_factory, capsys, capfd, monkeypatch, compiler (placeholder) and
sde64 (see _exocc_pytest_fixtures.py). conftest.py files contribute fixtures
and the hooks pytest_addoption, pytest_configure, pytest_generate_tests,
pytest_collection_modifyitems and pytest_runtest_setup; a conftest.py that
fails to import is reported once and skipped. Exo's `isa(name)` mark is built in:
it skips a test on a CPU without that feature.

Output: one progress line per file (-v: one line per test), a section per
failure, then a last line `N passed, M failed, K skipped` (collection and
fixture errors count as failed, expected failures as skipped). Exit status 0
iff nothing failed (4 for usage errors, 2 when interrupted by pytest.exit).
"""

import sys
import os
import re
import _host
from _exocc_brackets import bracket_state
import pytest
from pytest import Skipped, Failed, XFailed, Exit, Mark, ParameterSet, get_unpacked_marks
from pathlib import Path

SCOPE_RANK = {'session': 0, 'package': 1, 'module': 2, 'class': 3, 'function': 4}
NORECURSE = ('*.egg', '.*', '_darcs', 'build', 'CVS', 'dist', 'node_modules', 'venv', '{arch}',
             '__pycache__')
WIDTH = 80


class _NotSet:
    def __repr__(self):
        return '<NOTSET>'


NOTSET = _NotSet()


class UsageError(Exception):
    pass


def _write(s):
    sys.stdout.write(s)


def _line(s=''):
    sys.stdout.write(s + '\n')


def _sep(ch, title=''):
    if not title:
        return ch * WIDTH
    title = ' ' + title + ' '
    n = max(WIDTH - len(title), 4)
    left = n // 2
    return ch * left + title + ch * (n - left)


def _plural(n, word):
    return '%d %s%s' % (n, word, '' if n == 1 else 's')


def _fnmatch(name, pat):
    rx = '^' + re.escape(pat).replace('\\*', '.*').replace('\\?', '.') + '$'
    return re.match(rx, name) is not None


def _exists(p):
    return _host.stat(p) is not None


def _isdir(p):
    return _host.stat(p) == 'dir'


def _isfile(p):
    return _host.stat(p) == 'file'


def _abspath(p):
    return os.path.abspath(p)


def _relpath(p):
    """`p` relative to the working directory when inside it, else absolute."""
    p = _abspath(p)
    cwd = _host.getcwd().rstrip('/') + '/'
    if p.startswith(cwd):
        return p[len(cwd):]
    return p


def _read_lines(path, cache={}):
    lines = cache.get(path)
    if lines is None:
        try:
            lines = _host.read_text(path).split('\n')
        except Exception:
            lines = []
        cache[path] = lines
    return lines


# ------------------------------------------------------------ expressions

_TOKEN = re.compile(r'\s*(\(|\)|(?:\w|:|\+|-|\.|\[|\]|\\|/)+)')


def compile_expression(text, option):
    """-k / -m expressions: `or`, `and`, `not`, parentheses and identifiers.
    Returns a function of a `matches(ident)` predicate."""
    tokens = []
    pos = 0
    while True:
        while pos < len(text) and text[pos] in ' \t':
            pos += 1
        if pos >= len(text):
            break
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise UsageError("Wrong expression passed to '%s': %s: at column %d: unexpected "
                             "character \"%s\"" % (option, text, pos + 1, text[pos]))
        tokens.append((m.group(1), pos))
        pos = m.end()
    state = {'i': 0}

    def peek():
        return tokens[state['i']][0] if state['i'] < len(tokens) else None

    def error(expected):
        i = state['i']
        col = tokens[i][1] + 1 if i < len(tokens) else len(text) + 1
        got = ('"' + tokens[i][0] + '"') if i < len(tokens) else 'end of input'
        raise UsageError("Wrong expression passed to '%s': %s: at column %d: expected %s; got %s"
                         % (option, text, col, expected, got))

    def take():
        t = tokens[state['i']][0]
        state['i'] += 1
        return t

    def parse_or():
        left = parse_and()
        while peek() == 'or':
            take()
            right = parse_and()
            left = (lambda a, b: lambda m: a(m) or b(m))(left, right)
        return left

    def parse_and():
        left = parse_not()
        while peek() == 'and':
            take()
            right = parse_not()
            left = (lambda a, b: lambda m: a(m) and b(m))(left, right)
        return left

    def parse_not():
        t = peek()
        if t == 'not':
            take()
            inner = parse_not()
            return lambda m: not inner(m)
        if t == '(':
            take()
            inner = parse_or()
            if peek() != ')':
                error('right parenthesis')
            take()
            return inner
        if t is None or t in (')', 'and', 'or'):
            error('not OR left parenthesis OR identifier')
        take()
        return lambda m: m(t)

    if not tokens:
        return lambda m: True
    fn = parse_or()
    if state['i'] != len(tokens):
        error('end of input')
    return fn


# --------------------------------------------------------------- options

class OptionSpec:
    def __init__(self, names, dest, action, default, type_, nargs):
        self.names = names
        self.dest = dest
        self.action = action
        self.default = default
        self.type = type_
        self.nargs = nargs

    def takes_value(self):
        return self.action in ('store', 'append')


class Parser:
    """What conftest.py's pytest_addoption(parser) sees."""

    def __init__(self):
        self.specs = []
        self.ini = {}

    def addoption(self, *names, **attrs):
        action = attrs.get('action', 'store')
        dest = attrs.get('dest')
        if dest is None:
            longs = [n for n in names if n.startswith('--')]
            dest = (longs[0] if longs else names[0]).lstrip('-').replace('-', '_')
        default = attrs.get('default', NOTSET)
        if default is NOTSET:
            default = False if action == 'store_true' else True if action == 'store_false' \
                else 0 if action == 'count' else [] if action == 'append' else None
        self.specs.append(OptionSpec(list(names), dest, action, default, attrs.get('type'),
                                     attrs.get('nargs')))

    def getgroup(self, name, description='', after=None):
        return self

    def addini(self, name, help='', type=None, default=None):
        self.ini[name] = default


def builtin_parser():
    p = Parser()
    p.addoption('-v', '--verbose', action='count', dest='verbose', default=0)
    p.addoption('-q', '--quiet', action='count', dest='quiet', default=0)
    p.addoption('-x', '--exitfirst', action='store_true', dest='exitfirst')
    p.addoption('--maxfail', action='store', dest='maxfail', default=0, type=int)
    p.addoption('-s', action='store_true', dest='no_capture')
    p.addoption('--capture', action='store', dest='capture', default='fd')
    p.addoption('-k', action='store', dest='keyword', default='')
    p.addoption('-m', action='store', dest='markexpr', default='')
    p.addoption('--update-golden', action='store_true', dest='update_golden')
    p.addoption('--collect-only', '--co', action='store_true', dest='collectonly')
    p.addoption('-h', '--help', action='store_true', dest='help')
    # Accepted and ignored, so pytest command lines keep working.
    for name in ('--tb', '-r', '-p', '-W', '--color', '--durations', '-n', '-o', '--cov-report',
                 '--basetemp', '--rootdir', '--import-mode', '--junitxml'):
        p.addoption(name, action='store', dest='_ignored' + name.replace('-', '_'))
    for name in ('--no-header', '--strict-markers', '-l', '--showlocals', '--disable-warnings',
                 '--cov', '--lf', '--ff', '--sw', '--runxfail', '--setup-show'):
        p.addoption(name, action='store_true', dest='_ignored' + name.replace('-', '_'))
    return p


class Namespace:
    pass


def parse_args(argv, parser):
    """argparse-like parsing for the options in `parser`; returns (namespace, paths)."""
    by_name = {}
    for spec in parser.specs:
        for n in spec.names:
            by_name[n] = spec
    ns = Namespace()
    for spec in parser.specs:
        setattr(ns, spec.dest, list(spec.default) if isinstance(spec.default, list) else spec.default)
    paths = []

    def apply(spec, value, name):
        if spec.action == 'store_true':
            setattr(ns, spec.dest, True)
        elif spec.action == 'store_false':
            setattr(ns, spec.dest, False)
        elif spec.action == 'count':
            setattr(ns, spec.dest, getattr(ns, spec.dest) + 1)
        else:
            if spec.type is not None:
                try:
                    value = spec.type(value)
                except (TypeError, ValueError):
                    raise UsageError('argument %s: invalid %s value: %r'
                                     % (name, getattr(spec.type, '__name__', 'value'), value))
            if spec.action == 'append':
                getattr(ns, spec.dest).append(value)
            else:
                setattr(ns, spec.dest, value)

    i = 0
    only_paths = False
    while i < len(argv):
        a = argv[i]
        i += 1
        if only_paths or not a.startswith('-') or a == '-':
            paths.append(a)
            continue
        if a == '--':
            only_paths = True
            continue
        if a.startswith('--'):
            name, eq, value = a.partition('=')
            spec = by_name.get(name)
            if spec is None:
                raise UsageError('unrecognized arguments: %s' % a)
            if spec.takes_value():
                if not eq:
                    if i >= len(argv):
                        raise UsageError('argument %s: expected one argument' % name)
                    value = argv[i]
                    i += 1
                apply(spec, value, name)
            else:
                if eq:
                    raise UsageError('argument %s: ignored explicit argument %r' % (name, value))
                apply(spec, None, name)
            continue
        # Short options, possibly combined (-vx) or with an attached value (-kfoo).
        j = 1
        while j < len(a):
            name = '-' + a[j]
            spec = by_name.get(name)
            if spec is None:
                raise UsageError('unrecognized arguments: %s' % a)
            if spec.takes_value():
                value = a[j + 1:]
                if value.startswith('='):
                    value = value[1:]
                if not value:
                    if i >= len(argv):
                        raise UsageError('argument %s: expected one argument' % name)
                    value = argv[i]
                    i += 1
                apply(spec, value, name)
                break
            apply(spec, None, name)
            j += 1
    return ns, paths


class Config:
    """`request.config` / `pytestconfig`."""

    def __init__(self, option, parser, rootpath, args):
        self.option = option
        self._parser = parser
        self.rootpath = Path(rootpath)
        self.rootdir = self.rootpath
        self.args = args
        self.inipath = None
        self._ini = {}
        self._opt2dest = {}
        for spec in parser.specs:
            for n in spec.names:
                self._opt2dest[n] = spec.dest
        self.invocation_params = Namespace()
        self.invocation_params.args = tuple(args)
        self.invocation_params.dir = Path(_host.getcwd())

    def getoption(self, name, default=NOTSET, skip=False):
        dest = self._opt2dest.get(name, name)
        if dest == 'verbose':
            return self.option.verbose - self.option.quiet
        if hasattr(self.option, dest):
            val = getattr(self.option, dest)
            if val is None and skip:
                pytest.skip('no %r option found' % (name,))
            return val
        if default is not NOTSET:
            return default
        if skip:
            pytest.skip('no %r option found' % (name,))
        raise ValueError('no option named %r' % (name,))

    def getvalue(self, name, path=None):
        return self.getoption(name)

    def getini(self, name):
        if name in self._ini:
            return self._ini[name]
        if name in self._parser.ini:
            d = self._parser.ini[name]
            return d if d is not None else ''
        if name == 'markers':
            return []
        raise ValueError('unknown configuration value: %r' % (name,))

    def addinivalue_line(self, name, line):
        self._ini.setdefault(name, []).append(line)

    @property
    def verbose(self):
        return self.getoption('verbose')


# --------------------------------------------------------------- fixtures

class FixtureDef:
    def __init__(self, name, func, scope, params, ids, autouse, owner, argnames=None,
                 bind=False):
        self.name = name
        self.func = func
        self.scope = scope if isinstance(scope, str) else 'function'
        self.params = params
        self.ids = ids
        self.autouse = autouse
        self.owner = owner      # a ModuleNode, ClassNode, Conftest, or None for built-ins
        self.bind = bind        # defined in a test class: bind to the test instance
        if argnames is None:
            argnames = function_argnames(func, is_method=bind)
        self.argnames = argnames
        self.is_generator = _is_generator_function(func)

    def __repr__(self):
        return '<FixtureDef %s scope=%s>' % (self.name, self.scope)


def _unwrap(fn):
    seen = 0
    while seen < 100:
        if isinstance(fn, (staticmethod, classmethod)):
            fn = fn.__func__
        elif hasattr(fn, '__wrapped__'):
            fn = fn.__wrapped__
        else:
            break
        seen += 1
    return fn


def _is_generator_function(fn):
    return _host.is_generator_function(_unwrap(fn))


def _signature(fn):
    fn = _unwrap(fn)
    if hasattr(fn, '__func__'):  # bound method
        try:
            return _host.signature(fn.__func__)[1:]
        except ValueError:
            return []
    try:
        return _host.signature(fn)
    except ValueError:
        return []


def function_argnames(fn, is_method=False):
    """Parameters without defaults (pytest's getfuncargnames)."""
    raw = fn
    if isinstance(raw, staticmethod):
        is_method = False
    names = [n for (n, kind, default) in _signature(fn)
             if kind in ('POSITIONAL_OR_KEYWORD', 'KEYWORD_ONLY') and default is _host.MISSING]
    if is_method and names and not isinstance(raw, staticmethod):
        names = names[1:]
    return names


def parse_fixtures(namespace_items, owner, bind=False):
    """FixtureDefs from (name, object) pairs (a module's or class's namespace)."""
    out = {}
    for name, obj in namespace_items:
        marker = getattr(obj, '_pytestfixturefunction', None)
        if marker is None or not hasattr(marker, 'scope'):
            continue
        fname = marker.name or name
        out[fname] = FixtureDef(fname, obj, marker.scope, marker.params, marker.ids,
                                marker.autouse, owner, bind=bind)
    return out


def _call_optional(func, arg):
    names = [n for (n, kind, d) in _signature(func) if kind in ('POSITIONAL_ONLY', 'POSITIONAL_OR_KEYWORD')]
    if names:
        return func(arg)
    return func()


def xunit_module_fixture(module):
    setup = getattr(module, 'setup_module', None) or getattr(module, 'setUpModule', None)
    teardown = getattr(module, 'teardown_module', None) or getattr(module, 'tearDownModule', None)
    if setup is None and teardown is None:
        return None

    def xunit_setup_module_fixture():
        if setup is not None:
            _call_optional(setup, module)
        yield
        if teardown is not None:
            _call_optional(teardown, module)
    return xunit_setup_module_fixture


def xunit_function_fixture(module):
    setup = getattr(module, 'setup_function', None)
    teardown = getattr(module, 'teardown_function', None)
    if setup is None and teardown is None:
        return None

    def xunit_setup_function_fixture(request):
        if request.instance is not None:
            yield
            return
        if setup is not None:
            _call_optional(setup, request.function)
        yield
        if teardown is not None:
            _call_optional(teardown, request.function)
    return xunit_setup_function_fixture


def xunit_class_fixtures(cls):
    out = []
    setup = getattr(cls, 'setup_class', None)
    teardown = getattr(cls, 'teardown_class', None)
    if setup is not None or teardown is not None:
        def xunit_setup_class_fixture():
            if setup is not None:
                _call_optional(setup, cls)
            yield
            if teardown is not None:
                _call_optional(teardown, cls)
        out.append(('class', xunit_setup_class_fixture))
    if getattr(cls, 'setup_method', None) is not None or getattr(cls, 'teardown_method', None) is not None:
        def xunit_setup_method_fixture(request):
            inst = request.instance
            setup_m = getattr(inst, 'setup_method', None)
            teardown_m = getattr(inst, 'teardown_method', None)
            if setup_m is not None:
                _call_optional(setup_m, request.function)
            yield
            if teardown_m is not None:
                _call_optional(teardown_m, request.function)
        out.append(('function', xunit_setup_method_fixture))
    return out


# ------------------------------------------------------------- node tree

class Conftest:
    def __init__(self, path, module):
        self.path = path
        self.dir = os.path.dirname(path)
        self.module = module
        self.fixtures = parse_fixtures(list(vars(module).items()), self)
        self.autouse = [n for n, f in self.fixtures.items() if f.autouse]

    def hook(self, name):
        return getattr(self.module, name, None)


class ModuleNode:
    def __init__(self, path, nodeid, conftests):
        self.path = path
        self.nodeid = nodeid
        self.name = os.path.basename(path)
        self.conftests = conftests   # outermost first
        self.module = None
        self.fixtures = {}
        self.autouse = []
        self.marks = []

    def setup_namespace(self, module):
        self.module = module
        fixtures = {}
        autouse = []
        for name, maker in (('_xunit_setup_module_fixture', xunit_module_fixture(module)),
                            ('_xunit_setup_function_fixture', xunit_function_fixture(module))):
            if maker is not None:
                scope = 'module' if 'module' in name else 'function'
                fixtures[name] = FixtureDef(name, maker, scope, None, None, True, self)
                autouse.append(name)
        parsed = parse_fixtures(list(vars(module).items()), self)
        for n, f in parsed.items():
            fixtures[n] = f
            if f.autouse:
                autouse.append(n)
        self.fixtures = fixtures
        self.autouse = autouse
        self.marks = get_unpacked_marks(module)


class ClassNode:
    def __init__(self, cls, module_node):
        self.cls = cls
        self.name = cls.__name__
        self.module_node = module_node
        self.nodeid = module_node.nodeid + '::' + self.name
        fixtures = {}
        autouse = []
        for scope, fn in xunit_class_fixtures(cls):
            n = '_xunit_' + fn.__name__
            fixtures[n] = FixtureDef(n, fn, scope, None, None, True, self, argnames=function_argnames(fn))
            autouse.append(n)
        items = []
        seen = set()
        for c in cls.__mro__:
            for k, v in list(vars(c).items()):
                if k not in seen:
                    seen.add(k)
                    items.append((k, v))
        for n, f in parse_fixtures(items, self, bind=True).items():
            fixtures[n] = f
            if f.autouse:
                autouse.append(n)
        self.fixtures = fixtures
        self.autouse = autouse
        marks = []
        for c in cls.__mro__:
            marks.extend(get_unpacked_marks(c))
        self.marks = marks


class CallSpec:
    def __init__(self):
        self.params = {}          # direct: name -> value
        self.fixture_params = {}  # indirect: name -> (value, index)
        self.ids = []
        self.marks = []
        self.indices = {}

    def copy(self):
        c = CallSpec()
        c.params = dict(self.params)
        c.fixture_params = dict(self.fixture_params)
        c.ids = list(self.ids)
        c.marks = list(self.marks)
        c.indices = dict(self.indices)
        return c

    @property
    def id(self):
        return '-'.join(self.ids)

    def getparam(self, name):
        if name in self.params:
            return self.params[name]
        return self.fixture_params[name][0]


class Item:
    """A test: `request.node`."""

    def __init__(self, session, module_node, class_node, name, func, callspec, fixturenames,
                 argnames, own_marks):
        self.session = session
        self.config = session.config
        self.module_node = module_node
        self.class_node = class_node
        self.originalname = name
        self.obj = func
        self.function = func
        self.callspec = callspec
        self.name = name + ('[' + callspec.id + ']' if callspec is not None and callspec.ids else '')
        parent_id = class_node.nodeid if class_node is not None else module_node.nodeid
        self.nodeid = parent_id + '::' + self.name
        self.fixturenames = fixturenames
        self.argnames = argnames
        self.own_markers = list(own_marks)
        self.path = Path(module_node.path)
        self.fspath = self.path
        self.module = module_node.module
        self.cls = class_node.cls if class_node is not None else None
        self.instance = None
        self.user_properties = []
        self._captured = ['', '']
        self.extra_keywords = {}
        self.location = (_relpath(module_node.path), None,
                         (self.class_node.name + '.' if class_node is not None else '') + self.name)

    @property
    def parent(self):
        return self.class_node if self.class_node is not None else self.module_node

    def iter_markers(self, name=None):
        for m in self.own_markers:
            if name is None or m.name == name:
                yield m
        if self.class_node is not None:
            for m in self.class_node.marks:
                if name is None or m.name == name:
                    yield m
        for m in self.module_node.marks:
            if name is None or m.name == name:
                yield m

    def iter_markers_with_node(self, name=None):
        for m in self.iter_markers(name):
            yield self, m

    def get_closest_marker(self, name, default=None):
        for m in self.iter_markers(name):
            return m
        return default

    def add_marker(self, marker, append=True):
        m = getattr(marker, 'mark', marker)
        if isinstance(m, str):
            m = Mark(m, (), {})
        if append:
            self.own_markers.append(m)
        else:
            self.own_markers.insert(0, m)

    @property
    def keywords(self):
        kw = {}
        for n in self.keyword_names():
            kw[n] = True
        return kw

    def keyword_names(self):
        names = [self.name, self.module_node.name]
        if self.class_node is not None:
            names.append(self.class_node.name)
        rel = os.path.relpath(os.path.dirname(self.module_node.path), str(self.config.rootpath))
        if rel != '.' and not rel.startswith('..'):
            names.extend(rel.split('/'))
        for m in self.iter_markers():
            names.append(m.name)
        try:
            names.extend(vars(self.function).keys())
        except TypeError:
            pass
        names.extend(self.extra_keywords)
        return names

    def listextrakeywords(self):
        return set(self.extra_keywords)

    def _stash_capture(self, captured):
        self._captured[0] += captured[0]
        self._captured[1] += captured[1]

    def __repr__(self):
        return '<Function %s>' % (self.name,)


class FixtureRequest:
    """`request`: the test or fixture asking for fixtures."""

    def __init__(self, session, item, fixturedef=None, param=NOTSET, param_index=0, entry=None):
        self.session = session
        self._item = item
        self._fixturedef = fixturedef
        self._entry = entry
        if param is not NOTSET:
            self.param = param
        self.param_index = param_index
        self.fixturename = fixturedef.name if fixturedef is not None else None
        self.scope = fixturedef.scope if fixturedef is not None else 'function'

    @property
    def node(self):
        return self._item

    @property
    def config(self):
        return self.session.config

    @property
    def function(self):
        return self._item.function

    @property
    def cls(self):
        return self._item.cls

    @property
    def instance(self):
        return self._item.instance

    @property
    def module(self):
        return self._item.module

    @property
    def path(self):
        return self._item.path

    @property
    def fspath(self):
        return self._item.path

    @property
    def keywords(self):
        return self._item.keywords

    @property
    def fixturenames(self):
        return list(self._item.fixturenames)

    def addfinalizer(self, finalizer):
        if self._entry is not None:
            self._entry.finalizers.append(finalizer)
        else:
            self.session.scope_state('function', self._item).test_finalizers.append(finalizer)

    def applymarker(self, marker):
        self._item.add_marker(marker)

    def getfixturevalue(self, argname):
        return self.session.get_fixture_value(self._item, argname, self._fixturedef)

    def __repr__(self):
        return '<FixtureRequest for %r>' % (self._item,)


class FixtureEntry:
    def __init__(self, fdef, key):
        self.fdef = fdef
        self.key = key
        self.value = None
        self.exc = None
        self.finalizers = []


class ScopeState:
    def __init__(self, scope, key):
        self.scope = scope
        self.key = key
        self.entries = {}     # id(fdef) -> FixtureEntry
        self.order = []
        self.test_finalizers = []

    def finish(self):
        errors = []
        fins = []
        for entry in self.order:
            fins.append(entry.finalizers)
        fins.append(self.test_finalizers)
        for fl in reversed(fins):
            while fl:
                fn = fl.pop()
                try:
                    fn()
                except BaseException as e:
                    if isinstance(e, KeyboardInterrupt):
                        raise
                    errors.append(e)
        self.entries = {}
        self.order = []
        self.test_finalizers = []
        return errors


class FixtureLookupError(Exception):
    pass


def _finish_generator(gen, name):
    def fin():
        try:
            next(gen)
        except StopIteration:
            return
        pytest.fail("fixture function has more than one 'yield': %s" % (name,), pytrace=False)
    return fin


# ---------------------------------------------------------------- ids

def ascii_escaped(val):
    if isinstance(val, bytes):
        out = []
        for b in val:
            out.append(chr(b) if 32 <= b < 127 else '\\x%02x' % b)
        return ''.join(out)
    out = []
    for ch in val:
        o = ord(ch)
        if ch == '\\':
            out.append('\\\\')
        elif ch == '\t':
            out.append('\\t')
        elif ch == '\n':
            out.append('\\n')
        elif ch == '\r':
            out.append('\\r')
        elif o < 0x20 or 0x7f <= o < 0x100:
            out.append('\\x%02x' % o)
        elif o >= 0x10000:
            out.append('\\U%08x' % o)
        elif o >= 0x100:
            out.append('\\u%04x' % o)
        else:
            out.append(ch)
    return ''.join(out)


_PATTERN_TYPE = type(re.compile(''))


def idval_from_value(val):
    if isinstance(val, (str, bytes)):
        return ascii_escaped(val)
    if val is None or isinstance(val, (float, int, bool)) or type(val).__name__ == 'complex':
        return str(val)
    if isinstance(val, _PATTERN_TYPE):
        return ascii_escaped(val.pattern)
    if val is NOTSET:
        return None
    enum = sys.modules.get('enum')
    if enum is not None and isinstance(val, enum.Enum):
        return str(val)
    name = getattr(val, '__name__', None)
    if isinstance(name, str):
        return name
    return None


def make_ids(paramsets, argnames, ids, func_name, nodeid):
    idfn = ids if callable(ids) else None
    idlist = None if callable(ids) or ids is None else list(ids)
    if idlist is not None and len(idlist) != len(paramsets):
        raise Failed('In %s: %d parameter sets specified, with different number of ids: %d'
                     % (func_name, len(paramsets), len(idlist)), pytrace=False)
    resolved = []
    for idx, ps in enumerate(paramsets):
        if ps.id is not None:
            resolved.append(ascii_escaped(ps.id))
        elif idlist is not None and idlist[idx] is not None:
            v = idval_from_value(idlist[idx])
            if v is None:
                raise Failed('In %s: ids contains unsupported value %r (type: %r) at index %d. '
                             'Supported types are: str, bytes, int, float, complex, bool, enum, '
                             'regex or anything with a __name__.'
                             % (nodeid, idlist[idx], type(idlist[idx]), idx), pytrace=False)
            resolved.append(v)
        else:
            parts = []
            for val, argname in zip(ps.values, argnames):
                v = None
                if idfn is not None:
                    try:
                        r = idfn(val)
                    except Exception as e:
                        raise Failed('%s: error raised while trying to determine id of parameter '
                                     '%r at position %d' % (nodeid, argname, idx), pytrace=False)
                    if r is not None:
                        v = idval_from_value(r)
                if v is None:
                    v = idval_from_value(val)
                if v is None:
                    v = argname + str(idx)
                parts.append(v)
            resolved.append('-'.join(parts))
    if len(set(resolved)) != len(resolved):
        counts = {}
        for r in resolved:
            counts[r] = counts.get(r, 0) + 1
        suffixes = {}
        taken = set(resolved)
        for index in range(len(resolved)):
            rid = resolved[index]
            if counts[rid] > 1:
                suffix = '_' if rid and rid[-1].isdigit() else ''
                n = suffixes.get(rid, 0)
                new_id = '%s%s%d' % (rid, suffix, n)
                while new_id in taken:
                    n += 1
                    new_id = '%s%s%d' % (rid, suffix, n)
                resolved[index] = new_id
                taken.add(new_id)
                suffixes[rid] = n + 1
    return resolved


class Metafunc:
    """`metafunc` for pytest_generate_tests hooks."""

    def __init__(self, collector, function, fixturenames, module, cls, nodeid):
        self._collector = collector
        self.function = function
        self.fixturenames = fixturenames
        self.module = module
        self.cls = cls
        self.config = collector.config
        self.definition = Namespace()
        self.definition.name = function.__name__
        self.definition.nodeid = nodeid
        self._nodeid = nodeid
        self._calls = [CallSpec()]

    def parametrize(self, argnames, argvalues, indirect=False, ids=None, scope=None,
                    _marks_for_empty=None):
        if isinstance(argnames, str):
            names = [x.strip() for x in argnames.split(',') if x.strip()]
            force_tuple = len(names) == 1
        else:
            names = list(argnames)
            force_tuple = False
        paramsets = []
        for v in argvalues:
            if isinstance(v, ParameterSet):
                ps = v
            elif isinstance(v, (pytest.MarkDecorator, Mark)):
                raise Failed('%s: parametrize values must not be marks' % self._nodeid, pytrace=False)
            elif force_tuple:
                ps = ParameterSet((v,), [], None)
            else:
                try:
                    ps = ParameterSet(tuple(v), [], None)
                except TypeError:
                    ps = ParameterSet((v,), [], None)
            if len(ps.values) != len(names):
                raise Failed('%s: in "parametrize" the number of names (%d):\n  %r\nmust be equal '
                             'to the number of values (%d):\n  %r'
                             % (self._nodeid, len(names), names, len(ps.values), ps.values),
                             pytrace=False)
            paramsets.append(ps)
        if not paramsets:
            reason = 'got empty parameter set %r, function %s at %s' % (
                names, self.function.__name__, self._collector_path())
            paramsets = [ParameterSet((NOTSET,) * len(names), [Mark('skip', (), {'reason': reason})],
                                      None)]
        if indirect is True:
            indirect_names = list(names)
        elif indirect is False or indirect is None:
            indirect_names = []
        else:
            indirect_names = list(indirect)
            for n in indirect_names:
                if n not in names:
                    raise Failed("In %s: indirect fixture '%s' doesn't exist"
                                 % (self.function.__name__, n), pytrace=False)
        for n in names:
            if n not in self.fixturenames:
                what = 'fixture' if n in indirect_names else 'argument'
                raise Failed("In %s: function uses no %s '%s'" % (self.function.__name__, what, n),
                             pytrace=False)
        idlist = make_ids(paramsets, names, ids, self.function.__name__, self._nodeid)
        new_calls = []
        for cs in self._calls:
            for index, ps in enumerate(paramsets):
                c = cs.copy()
                for n, v in zip(names, ps.values):
                    if n in c.params or n in c.fixture_params:
                        raise Failed('%s: duplicate parametrization of %r' % (self._nodeid, n),
                                     pytrace=False)
                    if n in indirect_names:
                        c.fixture_params[n] = (v, index)
                    else:
                        c.params[n] = v
                    c.indices[n] = index
                c.ids.append(idlist[index])
                c.marks.extend(getattr(m, 'mark', m) for m in ps.marks)
                new_calls.append(c)
        self._calls = new_calls

    def _collector_path(self):
        return self._collector_module_path

    _collector_module_path = ''


# ------------------------------------------------------------- reporting

class Report:
    def __init__(self, item, nodeid, headline):
        self.item = item
        self.nodeid = nodeid        # displayed (cwd-relative) node id
        self.headline = headline
        self.outcome = 'passed'     # passed, failed, error, skipped, xfailed, xpassed
        self.when = 'call'
        self.reason = ''
        self.sections = []          # formatted failure text blocks
        self.summary = ''
        self.captured = ('', '')

    @property
    def counts_as(self):
        if self.outcome in ('passed', 'xpassed'):
            return 'passed'
        if self.outcome in ('skipped', 'xfailed'):
            return 'skipped'
        return 'failed'


def _is_bundled_file(filename):
    base = os.path.basename(filename)
    if base not in ('pytest.py', '_exocc_pytest_runner.py', '_exocc_pytest_fixtures.py'):
        return False
    return os.path.dirname(_abspath(filename)) == _STD_DIR


_STD_DIR = os.path.dirname(_abspath(__file__))


def _statement_lines(filename, lineno, first_text):
    """The source lines of the statement starting at `lineno` (continuation lines
    of an unclosed bracket or trailing backslash included, up to 12 lines)."""
    lines = _read_lines(filename)
    if first_text is None:
        if 1 <= lineno <= len(lines):
            first_text = lines[lineno - 1]
        else:
            return []
    out = [first_text]
    depth = 0
    n = lineno
    text = first_text
    while True:
        depth, cont = _bracket_depth(text, depth)
        if (depth <= 0 and not cont) or len(out) >= 12 or n >= len(lines):
            break
        text = lines[n]
        n += 1
        out.append(text)
    return out


def _bracket_depth(text, depth):
    depth, _, backslash = bracket_state(text, depth)
    return depth, backslash


def _dedent_block(lines):
    indents = [len(l) - len(l.lstrip()) for l in lines if l.strip()]
    cut = min(indents) if indents else 0
    return [l[cut:] for l in lines]


def format_exception_short(exc, skip_bundled=True):
    """pytest's --tb=short style: each frame as `path:line: in func` plus its
    source statement, then `E   ` lines with the exception."""
    out = []
    chain = []
    e = exc
    seen = set()
    while e is not None and id(e) not in seen and len(chain) < 5:
        seen.add(id(e))
        chain.append(e)
        cause = getattr(e, '__cause__', None)
        if cause is not None:
            e = cause
            continue
        if getattr(e, '__suppress_context__', False):
            break
        e = getattr(e, '__context__', None)
    chain.reverse()
    for k, e in enumerate(chain):
        if k > 0:
            prev = chain[k - 1]
            if getattr(e, '__cause__', None) is prev:
                out.append('')
                out.append('The above exception was the direct cause of the following exception:')
                out.append('')
            else:
                out.append('')
                out.append('During handling of the above exception, another exception occurred:')
                out.append('')
        out.extend(_format_one(e, skip_bundled))
    return out


def _format_one(exc, skip_bundled):
    out = []
    frames = _host.traceback(exc) if isinstance(exc, BaseException) else []
    shown = [f for f in frames if not (skip_bundled and _is_bundled_file(f[0]))]
    if not shown and frames and not isinstance(exc, SyntaxError):
        shown = frames[-1:]   # an error in the runner itself
    last = None
    repeats = 0
    for (filename, lineno, func, text) in shown:
        key = (filename, lineno, func)
        if key == last:
            repeats += 1
            if repeats >= 3:
                continue
        else:
            if repeats >= 3:
                out.append('  [Previous frame repeated %d more time%s]'
                           % (repeats - 2, '' if repeats == 3 else 's'))
            last = key
            repeats = 0
        out.append('%s:%d: in %s' % (_relpath(filename), lineno, func))
        stmt = _statement_lines(filename, lineno, text)
        for l in _dedent_block(stmt):
            out.append('    ' + l)
    if repeats >= 3:
        out.append('  [Previous frame repeated %d more time%s]'
                   % (repeats - 2, '' if repeats == 3 else 's'))
    out.extend(exception_lines(exc))
    return out


def exception_lines(exc):
    out = []
    if isinstance(exc, SyntaxError):
        filename = getattr(exc, 'filename', None)
        lineno = getattr(exc, 'lineno', None)
        if filename is not None and lineno is not None:
            out.append('E     File "%s", line %s' % (filename, lineno))
            text = getattr(exc, 'text', None)
            if isinstance(text, str):
                stripped = text.strip('\n')
                lead = len(stripped) - len(stripped.lstrip(' \t'))
                out.append('E       ' + stripped.lstrip(' \t'))
                off = getattr(exc, 'offset', None)
                if isinstance(off, int) and off > 0:
                    out.append('E       ' + ' ' * max(off - 1 - lead, 0) + '^')
        msg = getattr(exc, 'msg', None)
        out.append('E   %s: %s' % (type(exc).__name__, msg if msg is not None else str(exc)))
        return out
    for l in exception_summary(exc).split('\n'):
        out.append('E   ' + l)
    return out


def exception_summary(exc):
    if isinstance(exc, pytest.OutcomeException):
        name = {Failed: 'Failed', XFailed: 'XFailed', Skipped: 'Skipped'}.get(type(exc), type(exc).__name__)
        return '%s: %s' % (name, exc.msg if exc.msg is not None else '')
    name = type(exc).__name__
    mod = getattr(type(exc), '__module__', None)
    if mod not in (None, 'builtins', '__main__'):
        name = mod + '.' + name
    try:
        text = str(exc)
    except BaseException:
        text = '<exception str() failed>'
    return name + ': ' + text if text else name


def short_message(exc):
    """The one-line message for the short test summary."""
    if isinstance(exc, AssertionError) and not exc.args:
        frames = _host.traceback(exc)
        frames = [f for f in frames if not _is_bundled_file(f[0])]
        if frames:
            filename, lineno, func, text = frames[-1]
            stmt = _statement_lines(filename, lineno, text)
            src = ' '.join(l.strip() for l in stmt)
            if src.startswith('assert'):
                return src
        return 'AssertionError'
    s = exception_summary(exc)
    return s.split('\n')[0]


def unified_diff(a, b, fromfile, tofile, context=3):
    """A unified diff of two lists of lines (LCS on the differing middle)."""
    pre = 0
    while pre < len(a) and pre < len(b) and a[pre] == b[pre]:
        pre += 1
    suf = 0
    while suf < len(a) - pre and suf < len(b) - pre and a[len(a) - 1 - suf] == b[len(b) - 1 - suf]:
        suf += 1
    am = a[pre:len(a) - suf]
    bm = b[pre:len(b) - suf]
    ops = []  # (tag, line) with tag in ' ', '-', '+'
    if len(am) * len(bm) <= 250000:
        n, m = len(am), len(bm)
        L = [[0] * (m + 1) for _ in range(n + 1)]
        for i in range(n - 1, -1, -1):
            Li, Li1 = L[i], L[i + 1]
            ai = am[i]
            for j in range(m - 1, -1, -1):
                if ai == bm[j]:
                    Li[j] = Li1[j + 1] + 1
                else:
                    x, y = Li1[j], Li[j + 1]
                    Li[j] = x if x >= y else y
        i = j = 0
        while i < n and j < m:
            if am[i] == bm[j]:
                ops.append((' ', am[i]))
                i += 1
                j += 1
            elif L[i + 1][j] >= L[i][j + 1]:
                ops.append(('-', am[i]))
                i += 1
            else:
                ops.append(('+', bm[j]))
                j += 1
        while i < n:
            ops.append(('-', am[i]))
            i += 1
        while j < m:
            ops.append(('+', bm[j]))
            j += 1
    else:
        ops = [('-', l) for l in am] + [('+', l) for l in bm]
    full = [(' ', l) for l in a[:pre]] + ops + [(' ', l) for l in a[len(a) - suf:]]
    # Group into hunks.
    out = ['--- ' + fromfile, '+++ ' + tofile]
    changed = [k for k, (t, _) in enumerate(full) if t != ' ']
    if not changed:
        return []
    groups = []
    start = changed[0]
    end = changed[0]
    for k in changed[1:]:
        if k - end > 2 * context:
            groups.append((start, end))
            start = k
        end = k
    groups.append((start, end))
    for (s, e) in groups:
        lo = max(0, s - context)
        hi = min(len(full), e + context + 1)
        a_start = sum(1 for t, _ in full[:lo] if t != '+')
        b_start = sum(1 for t, _ in full[:lo] if t != '-')
        a_len = sum(1 for t, _ in full[lo:hi] if t != '+')
        b_len = sum(1 for t, _ in full[lo:hi] if t != '-')
        out.append('@@ -%d,%d +%d,%d @@' % (a_start + 1 if a_len else a_start, a_len,
                                            b_start + 1 if b_len else b_start, b_len))
        for t, l in full[lo:hi]:
            out.append(t + l)
    return out


# --------------------------------------------------------------- session

class Session:
    def __init__(self, config, parser):
        self.config = config
        self.parser = parser
        self.items = []
        self.collect_errors = []    # Reports
        self.module_skips = []      # Reports
        self.conftests = {}         # path -> Conftest or None (failed)
        self.conftest_list = []     # loaded, in load order
        self.builtin_fixtures = {}
        self.builtin_autouse = []
        self.scopes = {}
        self.reports = []
        self.golden_written_paths = []
        self.current_item = None
        self._temp_base = None
        self.shouldstop = None
        self.verbose = 0

    def warn(self, lines):
        """Prints a warning, or keeps it until the session header is out."""
        if self.pending_warnings is None:
            for l in lines:
                _line(l)
        else:
            self.pending_warnings.extend(lines)

    pending_warnings = None

    # ------------------------------------------------ hooks for fixtures

    def temp_base(self):
        if self._temp_base is None:
            self._temp_base = _host.mkdtemp('exocc-test-')
        return self._temp_base

    def golden_written(self, path):
        self.golden_written_paths.append(str(path))

    def golden_mismatch(self, path, expected, actual):
        if self.current_item is not None:
            self.current_item._golden_mismatches.append((path, expected, actual))

    # --------------------------------------------------------- collection

    def load_builtin_fixtures(self):
        import _exocc_pytest_fixtures as mod
        mod._session = self
        self.builtin_fixtures = parse_fixtures(list(vars(mod).items()), None)
        self.builtin_fixtures['pytestconfig'] = FixtureDef(
            'pytestconfig', lambda: self.config, 'session', None, None, False, None, argnames=[])
        self.builtin_autouse = [n for n, f in self.builtin_fixtures.items() if f.autouse]
        self.builtin_setup = mod.runtest_setup

    def conftests_for(self, directory):
        """Loads (once) and returns the conftest.py files from the rootdir (or the
        filesystem root for paths outside it) down to `directory`."""
        root = str(self.config.rootpath)
        dirs = []
        d = directory
        while True:
            dirs.append(d)
            if d == root or os.path.dirname(d) == d:
                break
            d = os.path.dirname(d)
        if not (directory == root or directory.startswith(root.rstrip('/') + '/')):
            dirs = [directory]
        dirs.reverse()
        out = []
        for d in dirs:
            p = d.rstrip('/') + '/conftest.py'
            if p not in self.conftests:
                self.conftests[p] = None
                if _isfile(p):
                    self.conftests[p] = self.import_conftest(p)
            c = self.conftests[p]
            if c is not None:
                out.append(c)
        return out

    def import_conftest(self, path):
        try:
            module = import_path(path)
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            lines = ['warning: conftest.py not loaded, its fixtures and hooks are unavailable: %s'
                     % _relpath(path)]
            for l in exception_lines(e):
                lines.append('  ' + l[4:] if l.startswith('E   ') else '  ' + l)
            self.warn(lines)
            return None
        c = Conftest(path, module)
        self.conftest_list.append(c)
        hook = c.hook('pytest_addoption')
        if hook is not None and self._options_parsed:
            # Too late to parse new command-line options; register their defaults.
            p = Parser()
            try:
                hook(p)
            except Exception:
                pass
            for spec in p.specs:
                for n in spec.names:
                    self.config._opt2dest.setdefault(n, spec.dest)
                if not hasattr(self.config.option, spec.dest):
                    setattr(self.config.option, spec.dest, spec.default)
        hook = c.hook('pytest_configure')
        if hook is not None and self._options_parsed:
            hook(self.config)
        return c

    _options_parsed = True

    def collect(self, args):
        files = []
        selectors = {}
        for arg in args:
            path, _, sel = arg.partition('::')
            p = _abspath(path)
            kind = _host.stat(p)
            if kind is None:
                raise UsageError('file or directory not found: %s' % arg)
            if kind == 'dir':
                for f in self.walk(p):
                    if f not in files:
                        files.append(f)
                        selectors[f] = None
            else:
                if not p.endswith('.py'):
                    raise UsageError('not found: %s (not a Python file)' % arg)
                if p not in files:
                    files.append(p)
                    selectors[p] = [] if sel else None
                if sel:
                    if selectors.get(p) is None:
                        selectors[p] = []
                    selectors[p].append(sel)
        for f in files:
            items = self.collect_file(f)
            sel = selectors.get(f)
            if sel:
                items = [it for it in items if _selected(it, sel)]
            for it in items:
                it._position = len(self.items)
                self.items.append(it)

    def walk(self, d):
        out = []
        try:
            names = _host.listdir(d)
        except OSError:
            return out
        for name in names:
            p = d.rstrip('/') + '/' + name
            kind = _host.stat(p)
            if kind == 'dir':
                if any(_fnmatch(name, pat) for pat in NORECURSE):
                    continue
                if _isfile(p + '/pyvenv.cfg'):
                    continue
                out.extend(self.walk(p))
            elif kind == 'file' and name.endswith('.py') and \
                    ((name.startswith('test_')) or name.endswith('_test.py')) and name != 'conftest.py':
                out.append(p)
        return out

    def nodeid_for(self, path):
        rel = os.path.relpath(path, str(self.config.rootpath))
        return rel

    def collect_file(self, path):
        directory = os.path.dirname(path)
        conftests = self.conftests_for(directory)
        node = ModuleNode(path, self.nodeid_for(path), conftests)
        try:
            module = import_path(path)
        except Skipped as e:
            if e.allow_module_level:
                r = Report(None, _relpath(path), _relpath(path))
                r.outcome = 'skipped'
                r.reason = e.msg or ''
                r.position = len(self.items)
                self.module_skips.append(r)
                return []
            e2 = Failed('Using pytest.skip outside of a test will skip the entire module. If '
                        "that's your intention, pass `allow_module_level=True`. If you want to "
                        'skip a specific test or an entire class, use the @pytest.mark.skip or '
                        '@pytest.mark.skipif decorators.', pytrace=False)
            self.collection_error(path, e2)
            return []
        except Exit:
            raise
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            self.collection_error(path, e)
            return []
        try:
            node.setup_namespace(module)
            return self.collect_module_items(node)
        except Exit:
            raise
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            self.collection_error(path, e)
            return []

    def collection_error(self, path, exc):
        r = Report(None, _relpath(path), 'ERROR collecting ' + _relpath(path))
        r.outcome = 'error'
        r.when = 'collect'
        if isinstance(exc, ImportError) and not isinstance(exc, SyntaxError):
            r.sections.append(["ImportError while importing test module '%s'." % path,
                               'Traceback:'] + format_exception_short(exc))
        elif isinstance(exc, pytest.OutcomeException) and not exc.pytrace:
            r.sections.append([str(exc.msg)])
        else:
            r.sections.append(format_exception_short(exc))
        r.summary = short_message(exc)
        r.position = len(self.items)
        self.collect_errors.append(r)

    def collect_module_items(self, node):
        items = []
        seen = set()
        for name, obj in list(vars(node.module).items()):
            if name in seen:
                continue
            seen.add(name)
            if isinstance(obj, type):
                if name.startswith('Test') and getattr(obj, '__test__', True):
                    if any('__init__' in vars(c) or '__new__' in vars(c)
                           for c in obj.__mro__ if c is not object):
                        continue   # pytest: "cannot collect test class ... __init__"
                    items.extend(self.collect_class(node, obj))
            elif name.startswith('test') and callable(obj) \
                    and getattr(obj, '_pytestfixturefunction', None) is None \
                    and getattr(obj, '__test__', True) is not False:
                items.extend(self.collect_function(node, None, name, obj))
        return items

    def collect_class(self, module_node, cls):
        cnode = ClassNode(cls, module_node)
        dicts = []
        seen = set()
        for c in cls.__mro__:
            if c is object:
                continue
            vals = []
            for name, obj in list(vars(c).items()):
                if name in seen:
                    continue
                seen.add(name)
                vals.append((name, obj))
            dicts.append(vals)
        items = []
        for vals in reversed(dicts):
            for name, obj in vals:
                if not name.startswith('test'):
                    continue
                raw = obj
                if isinstance(raw, staticmethod) or isinstance(raw, classmethod):
                    raw = raw.__func__
                if not callable(raw) or getattr(raw, '_pytestfixturefunction', None) is not None:
                    continue
                if getattr(raw, '__test__', True) is False:
                    continue
                items.extend(self.collect_function(module_node, cnode, name, obj))
        return items

    def fixture_chain(self, module_node, class_node, name):
        chain = []
        if class_node is not None and name in class_node.fixtures:
            chain.append(class_node.fixtures[name])
        if name in module_node.fixtures:
            chain.append(module_node.fixtures[name])
        for c in reversed(module_node.conftests):
            if name in c.fixtures:
                chain.append(c.fixtures[name])
        if name in self.builtin_fixtures:
            chain.append(self.builtin_fixtures[name])
        return chain

    def resolve_fixture(self, module_node, class_node, name, requester=None):
        chain = self.fixture_chain(module_node, class_node, name)
        if requester is not None and requester.name == name:
            for k, f in enumerate(chain):
                if f is requester:
                    return chain[k + 1] if k + 1 < len(chain) else None
        return chain[0] if chain else None

    def fixture_closure(self, module_node, class_node, initial, ignore):
        closure = []
        for n in initial:
            if n not in closure:
                closure.append(n)
        k = 0
        while k < len(closure):
            n = closure[k]
            k += 1
            if n in ignore or n == 'request':
                continue
            f = self.resolve_fixture(module_node, class_node, n)
            # Fixtures overriding one of the same name also pull in the overridden one.
            while f is not None:
                for dep in f.argnames:
                    if dep not in closure:
                        closure.append(dep)
                if n in f.argnames:
                    f = self.resolve_fixture(module_node, class_node, n, f)
                else:
                    f = None

        def rank(n):
            if n in ignore:
                return SCOPE_RANK['function']
            f = self.resolve_fixture(module_node, class_node, n)
            return SCOPE_RANK[f.scope] if f is not None else SCOPE_RANK['function']
        return sorted(closure, key=rank)

    def collect_function(self, module_node, class_node, name, obj):
        func = obj
        if isinstance(func, (staticmethod, classmethod)):
            func = func.__func__
        is_method = class_node is not None and not isinstance(obj, staticmethod)
        argnames = function_argnames(func, is_method=is_method)
        fn_marks = get_unpacked_marks(func)
        class_marks = class_node.marks if class_node is not None else []
        all_marks = fn_marks + class_marks + module_node.marks
        usefixtures = []
        for m in all_marks:
            if m.name == 'usefixtures':
                usefixtures.extend(m.args)
        autouse = list(self.builtin_autouse)
        for c in module_node.conftests:
            autouse.extend(c.autouse)
        autouse.extend(module_node.autouse)
        if class_node is not None:
            autouse.extend(class_node.autouse)
        initial = []
        for n in autouse + usefixtures + argnames:
            if n not in initial:
                initial.append(n)
        direct = set()
        for m in all_marks:
            if m.name == 'parametrize' and m.args:
                an = m.args[0]
                names = [x.strip() for x in an.split(',') if x.strip()] if isinstance(an, str) else list(an)
                direct.update(names)
            elif m.name == 'parametrize' and 'argnames' in m.kwargs:
                an = m.kwargs['argnames']
                names = [x.strip() for x in an.split(',') if x.strip()] if isinstance(an, str) else list(an)
                direct.update(names)
        closure = self.fixture_closure(module_node, class_node, initial, direct)
        base_nodeid = (class_node.nodeid if class_node is not None else module_node.nodeid) + '::' + name
        metafunc = Metafunc(self, func, closure, module_node.module,
                            class_node.cls if class_node is not None else None, base_nodeid)
        metafunc._collector_module_path = module_node.path
        # pytest_generate_tests: module and class first, then conftests (innermost first).
        hooks = []
        h = getattr(module_node.module, 'pytest_generate_tests', None)
        if h is not None:
            hooks.append(h)
        if class_node is not None:
            h = getattr(class_node.cls, 'pytest_generate_tests', None)
            if h is not None:
                hooks.append(getattr(class_node.cls(), 'pytest_generate_tests'))
        for c in reversed(module_node.conftests):
            h = c.hook('pytest_generate_tests')
            if h is not None:
                hooks.append(h)
        for h in hooks:
            h(metafunc)
        # Parametrized fixtures.
        for n in closure:
            if n in direct:
                continue
            f = self.resolve_fixture(module_node, class_node, n)
            if f is not None and f.params is not None:
                if any(n in cs.params or n in cs.fixture_params for cs in metafunc._calls):
                    continue
                metafunc.parametrize(n, f.params, indirect=True, ids=f.ids, scope=f.scope)
        for m in all_marks:
            if m.name == 'parametrize':
                args = list(m.args)
                kw = dict(m.kwargs)
                if args:
                    kw['argnames'] = args[0]
                if len(args) > 1:
                    kw['argvalues'] = args[1]
                metafunc.parametrize(kw.pop('argnames'), kw.pop('argvalues'),
                                     indirect=kw.get('indirect', False), ids=kw.get('ids'),
                                     scope=kw.get('scope'))
        items = []
        for cs in metafunc._calls:
            has_params = bool(cs.ids)
            item = Item(self, module_node, class_node, name, func, cs if has_params else None,
                        closure, argnames, fn_marks + (cs.marks if has_params else []))
            item._raw = obj
            item._golden_mismatches = []
            items.append(item)
        return items

    # -------------------------------------------------------- fixtures at run time

    def scope_key(self, scope, item):
        if scope == 'session':
            return None
        if scope == 'package':
            return os.path.dirname(item.module_node.path)
        if scope == 'module':
            return item.module_node.path
        if scope == 'class':
            if item.class_node is None:
                return ('item', id(item))
            return (item.module_node.path, item.class_node.name)
        return ('item', id(item))

    def scope_state(self, scope, item):
        key = self.scope_key(scope, item)
        st = self.scopes.get(scope)
        if st is None or st.key != key:
            st = ScopeState(scope, key)
            self.scopes[scope] = st
        return st

    def get_fixture_value(self, item, name, requester=None, request=None):
        if name == 'request':
            if request is not None:
                return request
            return FixtureRequest(self, item)
        if item.callspec is not None and name in item.callspec.params:
            return item.callspec.params[name]
        fdef = self.resolve_fixture(item.module_node, item.class_node, name, requester)
        if fdef is None:
            avail = set(self.builtin_fixtures)
            for c in item.module_node.conftests:
                avail.update(c.fixtures)
            avail.update(item.module_node.fixtures)
            if item.class_node is not None:
                avail.update(item.class_node.fixtures)
            avail = sorted(n for n in avail if not n.startswith('_'))
            raise FixtureLookupError("fixture '%s' not found\n  available fixtures: %s"
                                     % (name, ', '.join(avail + ['request'])))
        if requester is not None and SCOPE_RANK[fdef.scope] > SCOPE_RANK[requester.scope]:
            raise Failed("ScopeMismatch: You tried to access the %s scoped fixture %s with a %s "
                         "scoped request object. Requesting fixture stack:\n%s"
                         % (fdef.scope, name, requester.scope, requester.name), pytrace=False)
        param = NOTSET
        param_index = 0
        if item.callspec is not None and name in item.callspec.fixture_params:
            param, param_index = item.callspec.fixture_params[name]
        st = self.scope_state(fdef.scope, item)
        key = (param_index if param is not NOTSET else None)
        entry = st.entries.get(id(fdef))
        if entry is not None and entry.key != key:
            # A different parameter of a higher-scoped fixture: tear the old one down.
            fins = entry.finalizers
            while fins:
                fins.pop()()
            del st.entries[id(fdef)]
            st.order.remove(entry)
            entry = None
        if entry is not None:
            if entry.exc is not None:
                raise entry.exc
            return entry.value
        entry = FixtureEntry(fdef, key)
        sub = FixtureRequest(self, item, fdef, param, param_index, entry)
        kwargs = {}
        for dep in fdef.argnames:
            if dep == 'request':
                kwargs[dep] = sub
            else:
                kwargs[dep] = self.get_fixture_value(item, dep, fdef)
        st.entries[id(fdef)] = entry
        st.order.append(entry)
        func = fdef.func
        if fdef.bind:
            raw = func
            if isinstance(raw, staticmethod):
                func = raw.__func__
            else:
                if isinstance(raw, classmethod):
                    raw = raw.__func__
                inst = item.instance if item.instance is not None else item.class_node.cls()
                func = raw.__get__(inst, type(inst))
        try:
            if fdef.is_generator:
                gen = func(**kwargs)
                try:
                    value = next(gen)
                except StopIteration:
                    raise ValueError('%s did not yield a value' % (name,))
                entry.finalizers.append(_finish_generator(gen, name))
            else:
                value = func(**kwargs)
        except BaseException as e:
            entry.exc = e
            raise
        entry.value = value
        return value

    def finish_scopes(self, item, nextitem):
        """Tears down the function scope, and the class/module/package/session
        scopes that `nextitem` does not share. Returns the exceptions raised."""
        errors = []
        order = ('function', 'class', 'module', 'package', 'session')
        for scope in order:
            st = self.scopes.get(scope)
            if st is None:
                continue
            if scope != 'function' and nextitem is not None and \
                    self.scope_key(scope, nextitem) == st.key:
                continue
            errors.extend(st.finish())
            del self.scopes[scope]
        return errors

    # ---------------------------------------------------------------- running

    def evaluate_skip_marks(self, item):
        for m in item.iter_markers('skipif'):
            conds = list(m.args)
            if 'condition' in m.kwargs:
                conds.append(m.kwargs['condition'])
            reason = m.kwargs.get('reason')
            if not conds:
                raise Skipped(reason or '')
            for c in conds:
                if isinstance(c, str):
                    raise Failed("Error evaluating 'skipif': string conditions are not "
                                 'supported by exocc test (use a bool): %r' % (c,), pytrace=False)
                if c:
                    if reason is None:
                        raise Failed("Error evaluating 'skipif': you need to specify reason=STRING "
                                     'when using booleans as conditions.', pytrace=False)
                    raise Skipped(reason)
        for m in item.iter_markers('skip'):
            if m.args and isinstance(m.args[0], str):
                raise Skipped(m.args[0])
            raise Skipped(m.kwargs.get('reason', 'unconditional skip'))

    def evaluate_xfail(self, item):
        """(reason, run, strict, raises) of the first applicable xfail mark, or None."""
        for m in item.iter_markers('xfail'):
            run = m.kwargs.get('run', True)
            strict = m.kwargs.get('strict', False)
            raises = m.kwargs.get('raises')
            reason = m.kwargs.get('reason')
            conds = list(m.args)
            if 'condition' in m.kwargs:
                conds.append(m.kwargs['condition'])
            if not conds:
                return (reason or '', run, strict, raises)
            for c in conds:
                if isinstance(c, str):
                    raise Failed("Error evaluating 'xfail': string conditions are not "
                                 'supported by exocc test (use a bool): %r' % (c,), pytrace=False)
                if c:
                    if reason is None:
                        raise Failed("Error evaluating 'xfail': you need to specify reason=STRING "
                                     'when using booleans as conditions.', pytrace=False)
                    return (reason, run, strict, raises)
        return None

    def run_item(self, item, nextitem):
        report = Report(item, cwd_nodeid(item.nodeid, self.config), item_headline(item))
        self.current_item = item
        capture = not (self.config.option.no_capture or self.config.option.capture == 'no')
        # Like pytest's capture, undo a test's replacement of sys.stdout / sys.stderr
        # (`sys.stdout = open(os.devnull, "w")` in a module the test loads).
        streams = (sys.stdout, sys.stderr)
        if capture:
            _host.capture(True)
            _host.capture_take()
        setup_exc = call_exc = None
        xfail = None
        teardown_errors = []
        try:
            try:
                self.evaluate_skip_marks(item)
                xfail = self.evaluate_xfail(item)
                if xfail is not None and not xfail[1]:
                    raise XFailed('[NOTRUN] ' + xfail[0])
                self.builtin_setup(item)
                for c in reversed(item.module_node.conftests):
                    h = c.hook('pytest_runtest_setup')
                    if h is not None:
                        h(item)
                if item.class_node is not None:
                    item.instance = item.class_node.cls()
                kwargs = {}
                for n in item.fixturenames:
                    v = self.get_fixture_value(item, n)
                    if n in item.argnames:
                        kwargs[n] = v
                if item.callspec is not None:
                    for n in item.argnames:
                        if n not in kwargs and n in item.callspec.params:
                            kwargs[n] = item.callspec.params[n]
            except Exit:
                raise
            except BaseException as e:
                if isinstance(e, KeyboardInterrupt):
                    raise
                setup_exc = e
            if setup_exc is None:
                try:
                    func = item.function
                    if item.instance is not None:
                        raw = item._raw
                        if isinstance(raw, staticmethod):
                            func = raw.__func__
                        else:
                            func = getattr(item.instance, item.originalname)
                    if _is_generator_function(item.function):
                        raise Failed("'yield' keyword is allowed in fixtures, but not in tests (%s)"
                                     % item.originalname, pytrace=False)
                    func(**kwargs)
                except Exit:
                    raise
                except BaseException as e:
                    if isinstance(e, KeyboardInterrupt):
                        raise
                    call_exc = e
        finally:
            try:
                teardown_errors = self.finish_scopes(item, nextitem)
            finally:
                if capture:
                    out, err = _host.capture_take()
                    _host.capture(False)
                    item._stash_capture((out, err))
                    sys.stdout, sys.stderr = streams
                self.current_item = None
        report.captured = tuple(item._captured)
        self.classify(report, item, setup_exc, call_exc, xfail, teardown_errors)
        return report

    def classify(self, report, item, setup_exc, call_exc, xfail, teardown_errors):
        if setup_exc is not None:
            if isinstance(setup_exc, Skipped):
                report.outcome = 'skipped'
                report.reason = setup_exc.msg or ''
            elif isinstance(setup_exc, XFailed):
                report.outcome = 'xfailed'
                report.reason = setup_exc.msg or ''
            elif xfail is not None and (xfail[3] is None or isinstance(setup_exc, xfail[3])):
                report.outcome = 'xfailed'   # as pytest: xfail covers setup errors too
                report.reason = xfail[0]
            else:
                report.outcome = 'error'
                report.when = 'setup'
                report.headline = 'ERROR at setup of ' + report.headline
                self.add_failure_text(report, item, setup_exc)
        elif call_exc is not None:
            if isinstance(call_exc, Skipped):
                report.outcome = 'skipped'
                report.reason = call_exc.msg or ''
            elif isinstance(call_exc, XFailed):
                report.outcome = 'xfailed'
                report.reason = call_exc.msg or ''
            elif xfail is not None and (xfail[3] is None or isinstance(call_exc, xfail[3])):
                report.outcome = 'xfailed'
                report.reason = xfail[0]
            else:
                report.outcome = 'failed'
                self.add_failure_text(report, item, call_exc)
        elif xfail is not None:
            if xfail[2]:
                report.outcome = 'failed'
                report.sections.append(['[XPASS(strict)] ' + xfail[0]])
                report.summary = '[XPASS(strict)] ' + xfail[0]
            else:
                report.outcome = 'xpassed'
                report.reason = xfail[0]
        if teardown_errors:
            if report.outcome in ('passed', 'xpassed', 'skipped', 'xfailed'):
                report.outcome = 'error'
                report.when = 'teardown'
                report.headline = 'ERROR at teardown of ' + report.headline
                report.sections = []
            for e in teardown_errors:
                self.add_failure_text(report, item, e, prefix='teardown: ' if report.when != 'teardown' else '')

    def add_failure_text(self, report, item, exc, prefix=''):
        if isinstance(exc, FixtureLookupError):
            lines = ['E   ' + l for l in str(exc).split('\n')]
            report.sections.append(lines)
            if not report.summary:
                report.summary = prefix + str(exc).split('\n')[0]
            return
        if isinstance(exc, pytest.OutcomeException) and not exc.pytrace:
            lines = [str(exc.msg)]
        else:
            lines = format_exception_short(exc)
        mismatches = getattr(item, '_golden_mismatches', [])
        summary = prefix + short_message(exc)
        if mismatches and isinstance(exc, AssertionError):
            for (path, expected, actual) in mismatches:
                lines.append('E   golden output differs: %s' % _relpath(str(path)))
                lines.append('E   (run with --update-golden to accept the new output)')
                diff = unified_diff(expected.split('\n'), str(actual).split('\n'),
                                    'golden', 'actual')
                for l in diff:
                    lines.append('E   ' + l)
            summary = prefix + 'golden output differs: %s' % _relpath(str(mismatches[0][0]))
        report.sections.append(lines)
        if not report.summary:
            report.summary = summary

    # ---------------------------------------------------------------- main loop

    def run(self):
        """Runs the selected items, printing progress; collection errors and
        module-level skips are shown (and counted) where their file comes."""
        opt = self.config.option
        maxfail = 1 if opt.exitfirst else (opt.maxfail or 0)
        verbose = self.verbose
        state = {'file': None}
        failures = 0
        interrupted = None
        items = self.items
        pending = sorted(self.collect_errors + self.module_skips, key=lambda r: r.position)

        def show(report, path):
            if verbose > 0:
                _line('%s %s' % (report.nodeid, verbose_word(report)))
            elif verbose == -1:
                state['file'] = ''
                _write(progress_char(report))
            elif verbose == 0:
                if path != state['file']:
                    if state['file'] is not None:
                        _line()
                    _write(path + ' ')
                    state['file'] = path
                _write(progress_char(report))

        def flush_pending(position):
            n = 0
            while pending and (position is None or pending[0].position <= position):
                r = pending.pop(0)
                show(r, r.nodeid)
                if r.counts_as == 'failed':
                    n += 1
            return n

        stopped = False
        for i, item in enumerate(items):
            failures += flush_pending(item._position)
            if maxfail and failures >= maxfail:
                stopped = True
                break
            nextitem = items[i + 1] if i + 1 < len(items) else None
            try:
                report = self.run_item(item, nextitem)
            except Exit as e:
                interrupted = e
                break
            except KeyboardInterrupt as e:
                interrupted = e
                break
            self.reports.append(report)
            if report.counts_as == 'failed':
                failures += 1
            show(report, _relpath(item.module_node.path))
            if maxfail and failures >= maxfail and nextitem is not None:
                stopped = True
                break
        if not stopped and interrupted is None:
            failures += flush_pending(None)
        if verbose in (0, -1) and state['file'] is not None:
            _line()
        # Anything still set up (after -x or pytest.exit) is torn down now.
        leftover = []
        capture = not (opt.no_capture or opt.capture == 'no')
        if capture:
            _host.capture(True)
        try:
            for scope in ('function', 'class', 'module', 'package', 'session'):
                st = self.scopes.get(scope)
                if st is not None:
                    leftover.extend(st.finish())
            self.scopes = {}
        finally:
            if capture:
                out, err = _host.capture_take()
                _host.capture(False)
                if self.reports:
                    r = self.reports[-1]
                    r.captured = (r.captured[0] + out, r.captured[1] + err)
        if leftover and self.reports:
            r = self.reports[-1]
            if r.counts_as != 'failed':
                r.outcome = 'error'
                r.when = 'teardown'
                r.headline = 'ERROR at teardown of ' + r.headline
                failures += 1
            for e in leftover:
                self.add_failure_text(r, r.item, e, prefix='teardown: ' if r.when != 'teardown' else '')
        if stopped:
            self.shouldstop = 'stopping after %d failures' % failures
        # Collection errors and module skips not reached are not reported.
        for r in pending:
            if r in self.collect_errors:
                self.collect_errors.remove(r)
            if r in self.module_skips:
                self.module_skips.remove(r)
        return interrupted


def verbose_word(report):
    o = report.outcome
    if o == 'passed':
        return 'PASSED'
    if o == 'failed':
        return 'FAILED'
    if o == 'error':
        return 'ERROR'
    if o == 'skipped':
        return 'SKIPPED' + (' (%s)' % report.reason if report.reason else '')
    if o == 'xfailed':
        return 'XFAIL' + (' (%s)' % report.reason if report.reason else '')
    if o == 'xpassed':
        return 'XPASS' + (' (%s)' % report.reason if report.reason else '')
    return o.upper()


def progress_char(report):
    return {'passed': '.', 'failed': 'F', 'error': 'E', 'skipped': 's', 'xfailed': 'x',
            'xpassed': 'X'}[report.outcome]


def cwd_nodeid(nodeid, config):
    path, sep, rest = nodeid.partition('::')
    full = os.path.join(str(config.rootpath), path)
    return _relpath(full) + sep + rest


def item_headline(item):
    if item.class_node is not None:
        return item.class_node.name + '.' + item.name
    return item.name


def _selected(item, selectors):
    parts = item.nodeid.split('::')[1:]
    for sel in selectors:
        sp = sel.split('::')
        if parts[:len(sp)] == sp:
            return True
        # `file.py::test_x` selects all parametrizations of test_x.
        if len(sp) == len(parts) and sp[:-1] == parts[:-1] and parts[-1].split('[')[0] == sp[-1]:
            return True
    return False


# ------------------------------------------------------------------ import

def import_path(path):
    """Imports a test file or conftest.py like pytest's default "prepend" mode:
    the first directory above the file's package (or its own directory) goes
    first on sys.path and the module gets its dotted package name."""
    path = _abspath(path)
    directory = os.path.dirname(path)
    stem = os.path.basename(path)[:-3]
    parts = [stem]
    d = directory
    while _isfile(d + '/__init__.py'):
        parts.insert(0, os.path.basename(d))
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    if stem == '__init__':
        parts = parts[:-1]
    modname = '.'.join(parts)
    if d not in sys.path:
        sys.path.insert(0, d)
    elif sys.path[0] != d:
        pass
    existing = sys.modules.get(modname)
    if existing is not None:
        f = getattr(existing, '__file__', None)
        if f is not None and _abspath(f) == path:
            return existing
        del sys.modules[modname]
    __import__(modname)
    mod = sys.modules[modname]
    f = getattr(mod, '__file__', None)
    if f is None or _abspath(f) != path:
        raise ImportError('import file mismatch:\nimported module %r has this __file__ attribute:'
                          '\n  %s\nwhich is not the same as the test file we want to collect:\n'
                          '  %s\nHINT: remove __pycache__ / .pyc files and/or use a unique '
                          'basename for your test file modules' % (modname, f, path))
    return mod


# ---------------------------------------------------------------- rootdir

def determine_rootdir(paths):
    ancestor = None
    for p in paths:
        p = _abspath(p.partition('::')[0])
        if not _exists(p):
            continue
        if ancestor is None:
            ancestor = p
        else:
            while not (p == ancestor or p.startswith(ancestor.rstrip('/') + '/')):
                ancestor = os.path.dirname(ancestor)
    if ancestor is None:
        ancestor = _host.getcwd()
    if _isfile(ancestor):
        ancestor = os.path.dirname(ancestor)
    d = ancestor
    while True:
        for name, needle in (('pytest.ini', None), ('.pytest.ini', None),
                             ('pyproject.toml', '[tool.pytest.ini_options]'),
                             ('tox.ini', '[pytest]'), ('setup.cfg', '[tool:pytest]')):
            f = d.rstrip('/') + '/' + name
            if _isfile(f):
                if needle is None:
                    return d, f
                try:
                    if needle in _host.read_text(f):
                        return d, f
                except Exception:
                    pass
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    d = ancestor
    while True:
        if _isfile(d.rstrip('/') + '/setup.py'):
            return d, None
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    return ancestor, None


# -------------------------------------------------------------------- main

HELP = """usage: exocc test [PATH[::NAME]...] [options]

Runs pytest-style tests with exocc's interpreter.

options:
  -k EXPR            only run tests whose names match EXPR (substrings combined
                     with and/or/not and parentheses; case-insensitive)
  -m EXPR            only run tests whose marks match EXPR
  -x, --exitfirst    stop at the first failure
  --maxfail N        stop after N failures
  -v, --verbose      one line per test; missing goldens show the actual output
  -q, --quiet        less output
  -s                 do not capture the tests' output
  --capture MODE     fd or sys: capture the tests' output (default); no: as -s
  --update-golden    write missing or different golden files instead of failing
  --collect-only, --co  list the tests without running them
  -h, --help         show this help

pytest options that change nothing here are accepted and ignored (--tb, -r, -p, -W,
--color, --durations, -n, -o, --basetemp, --rootdir, --import-mode, --junitxml, ...).
"""


def _add_test_support_path():
    # Placeholders for numpy/PIL that only test runs see (generator/lib/test_support).
    for root in list(sys.path):
        candidate = os.path.join(os.path.dirname(root.rstrip('/')), 'test_support')
        if _isdir(candidate) and candidate not in sys.path:
            sys.path.append(candidate)
            return


def main(argv):
    _add_test_support_path()
    parser = builtin_parser()
    # Paths are needed before options: conftest.py's pytest_addoption may add options.
    try:
        pre_paths = _lenient_paths(argv, parser)
    except UsageError as e:
        return usage_error(str(e))
    # As pytest: paths that do not exist (maybe values of options that conftest.py
    # files add) do not count; with none left, the working directory is used.
    pre_paths = [p for p in pre_paths if _exists(_abspath(p.partition('::')[0]))] or ['.']
    rootdir, inipath = determine_rootdir(pre_paths)
    option = Namespace()
    for spec in parser.specs:
        setattr(option, spec.dest, spec.default)
    config = Config(option, parser, rootdir, argv)
    config.inipath = Path(inipath) if inipath else None
    session = Session(config, parser)
    _SESSIONS.append(session)
    session._options_parsed = False
    session.pending_warnings = []
    # Initial conftests: those along the paths given on the command line.
    for p in pre_paths:
        ap = _abspath(p.partition('::')[0])
        if _exists(ap):
            d = ap if _isdir(ap) else os.path.dirname(ap)
            session.conftests_for(d)
    for c in session.conftest_list:
        hook = c.hook('pytest_addoption')
        if hook is not None:
            try:
                hook(parser)
            except Exception as e:
                session.warn(['warning: pytest_addoption in %s failed: %s'
                              % (_relpath(c.path), exception_summary(e))])
    try:
        ns, paths = parse_args(argv, parser)
    except UsageError as e:
        return usage_error(str(e))
    for k, v in vars(ns).items():
        setattr(option, k, v)
    config._opt2dest = {}
    for spec in parser.specs:
        for n in spec.names:
            config._opt2dest[n] = spec.dest
    session._options_parsed = True
    session.verbose = config.getoption('verbose')
    if option.help:
        _write(HELP)
        return 0
    if not paths:
        paths = ['.']
    try:
        kw_expr = compile_expression(option.keyword, '-k')
        mark_expr = compile_expression(option.markexpr, '-m')
    except UsageError as e:
        return usage_error(str(e))
    # pytest_configure of the conftests loaded so far (later ones: when loaded).
    for c in session.conftest_list:
        hook = c.hook('pytest_configure')
        if hook is not None:
            hook(config)
    session.load_builtin_fixtures()
    verbose = session.verbose
    if verbose >= 0:
        _line(_sep('=', 'test session starts'))
        _line('rootdir: %s' % rootdir)
    warnings, session.pending_warnings = session.pending_warnings, None
    session.warn(warnings)
    try:
        session.collect(paths)
    except UsageError as e:
        return usage_error(str(e))
    except Exit as e:
        _line('!!!!!!!!!!!!!!!!!!! Exit: %s !!!!!!!!!!!!!!!!!!!' % e.msg)
        return e.returncode if e.returncode is not None else 2
    # pytest_collection_modifyitems hooks, then -k / -m deselection.
    for c in session.conftest_list:
        h = c.hook('pytest_collection_modifyitems')
        if h is not None:
            h(session, config, session.items)
    selected = []
    deselected = 0
    for item in session.items:
        names = [n.lower() for n in item.keyword_names()]

        def kw_match(sub, names=names):
            sub = sub.lower()
            return any(sub in n for n in names)
        marknames = set(m.name for m in item.iter_markers())
        if kw_expr(kw_match) and mark_expr(lambda n, marknames=marknames: n in marknames):
            selected.append(item)
        else:
            deselected += 1
    session.items = selected
    ncollected = len(selected) + deselected
    errors = len(session.collect_errors)
    if verbose >= 0:
        msg = 'collected %s' % _plural(ncollected, 'item')
        extra = []
        if errors:
            extra.append(_plural(errors, 'error'))
        if deselected:
            extra.append('%d deselected' % deselected)
        if session.module_skips:
            extra.append('%d skipped' % len(session.module_skips))
        if extra:
            msg += ' / ' + ' / '.join(extra)
        _line(msg)
        _line()
    if option.collectonly:
        for item in session.items:
            _line(cwd_nodeid(item.nodeid, config))
        print_errors(session.collect_errors, 'ERRORS')
        _line()
        tail = '%d tests collected' % len(session.items)
        if errors:
            tail += ', %s' % _plural(errors, 'error')
        _line(tail)
        return 1 if errors else 0
    interrupted = session.run()
    reports = session.reports
    print_report(session, reports, interrupted)
    passed = sum(1 for r in reports if r.counts_as == 'passed')
    failed = sum(1 for r in reports if r.counts_as == 'failed') + len(session.collect_errors)
    skipped = sum(1 for r in reports if r.counts_as == 'skipped') + len(session.module_skips)
    _line('%d passed, %d failed, %d skipped' % (passed, failed, skipped))
    if interrupted is not None:
        if isinstance(interrupted, Exit) and interrupted.returncode is not None:
            return interrupted.returncode
        return 2
    return 1 if failed else 0


def print_errors(reports, title):
    if not reports:
        return
    _line(_sep('=', title))
    for r in reports:
        _line(_sep('_', r.headline))
        for block in r.sections:
            for l in block:
                _line(l)


def print_report(session, reports, interrupted):
    errors = session.collect_errors + [r for r in reports if r.outcome == 'error']
    failures = [r for r in reports if r.outcome == 'failed']
    if errors:
        _line(_sep('=', 'ERRORS'))
        for r in errors:
            _print_failure(r)
    if failures:
        _line(_sep('=', 'FAILURES'))
        for r in failures:
            _print_failure(r)
    if session.golden_written_paths:
        _line(_sep('=', 'golden files written'))
        for p in session.golden_written_paths:
            _line(_relpath(p))
    summary = []
    for r in session.collect_errors:
        summary.append('ERROR %s - %s' % (r.nodeid, r.summary))
    for r in reports:
        if r.outcome == 'failed':
            summary.append('FAILED %s - %s' % (r.nodeid, r.summary) if r.summary else 'FAILED ' + r.nodeid)
        elif r.outcome == 'error':
            summary.append('ERROR %s - %s' % (r.nodeid, r.summary) if r.summary else 'ERROR ' + r.nodeid)
    if summary:
        _line(_sep('=', 'short test summary info'))
        for s in summary:
            _line(s)
    if session.shouldstop:
        _line(_sep('!', session.shouldstop))
    if interrupted is not None:
        if isinstance(interrupted, Exit):
            _line(_sep('!', 'Exit: %s' % interrupted.msg))
        else:
            _line(_sep('!', 'KeyboardInterrupt'))


def _print_failure(r):
    _line(_sep('_', r.headline))
    for k, block in enumerate(r.sections):
        if k:
            _line()
        for l in block:
            _line(l)
    out, err = r.captured
    if out:
        _line(_sep('-', 'Captured stdout'))
        _write(out if out.endswith('\n') else out + '\n')
    if err:
        _line(_sep('-', 'Captured stderr'))
        _write(err if err.endswith('\n') else err + '\n')


def _lenient_paths(argv, parser):
    """The path arguments, skipping options (and the values of known options)."""
    takes_value = set()
    for spec in parser.specs:
        if spec.takes_value():
            takes_value.update(spec.names)
    paths = []
    i = 0
    only = False
    while i < len(argv):
        a = argv[i]
        i += 1
        if only or not a.startswith('-') or a == '-':
            paths.append(a)
        elif a == '--':
            only = True
        elif a.startswith('--'):
            if '=' not in a and a in takes_value:
                i += 1
        else:
            # -k EXPR, -kEXPR, -vk EXPR ...
            for j in range(1, len(a)):
                if '-' + a[j] in takes_value:
                    if j == len(a) - 1:
                        i += 1
                    break
    return paths


def usage_error(msg):
    sys.stderr.write('ERROR: %s\n' % msg)
    sys.stderr.write('usage: exocc test [PATH[::NAME]...] [-k EXPR] [-m EXPR] [-x] [-v] [-q] [-s] '
                     '[--update-golden] [--collect-only]\n')
    return 4


_SESSIONS = []


def _main():
    try:
        code = main(sys.argv[1:])
    finally:
        _host.capture(False)
        for session in _SESSIONS:
            if session._temp_base is not None:
                try:
                    _host.rmtree_temp(session._temp_base)
                except Exception:
                    pass
    sys.exit(code)


if __name__ == '__main__':
    _main()
