"""Built-in fixtures of `exocc test` (exocc bundled module).

Every `@pytest.fixture` in this module is available to all tests, after the
fixtures of the test's class, module and conftest.py files. `request` is
provided by the runner itself. The runner passes its session state as
`request.session`.

`compiler` compiles procedures with exocc and builds the C with the system
compiler (cc); calling the built functions from a test is not available.
"""

import _host
import re
import pytest
from pathlib import Path


# ------------------------------------------------------------------ golden

class GoldenOutput(str):
    """The expected output of a test, compared with `==`. Mirrors Exo's
    tests/conftest.py: a missing file fails the test, and with --update-golden
    a missing or different file is (re)written and the comparison succeeds."""

    _missing = '\0'

    def __new__(cls, path, text, update, verbose, recorder):
        return str.__new__(cls, cls._missing if text is None else text)

    def __init__(self, path, text, update, verbose, recorder):
        self.path = path
        self.update = update
        self.verbose = verbose
        self._recorder = recorder

    def __eq__(self, actual):
        __tracebackhide__ = True
        if isinstance(actual, GoldenOutput) and self.path != actual.path:
            return False
        missing = str.__eq__(self, self._missing)
        if missing and not self.update:
            message = 'golden output missing: %s.\n' % (self.path,)
            if self.verbose:
                message += ('Actual output:\n%s\nDid you forget to run with --update-golden?'
                            % (actual,))
            else:
                message += 'Run with -v (verbose) to see actual output.'
            pytest.fail(message)
        equal = isinstance(actual, str) and str.__eq__(self, actual) is True
        if not equal:
            if self.update:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.path.write_text(str(actual))
                self._recorder.golden_written(self.path)
            else:
                self._recorder.golden_mismatch(self.path, str.__str__(self), actual)
        return equal or self.update

    def __ne__(self, actual):
        return not self.__eq__(actual)

    __hash__ = str.__hash__


def golden_path(request):
    """golden/<test file stem>/<test name>.txt, in the nearest directory with a
    golden/ subdirectory among the test file's directory and its enclosing
    package directories (as for Exo's tests/golden/...); else beside the test."""
    testpath = Path(str(request.fspath))
    # Exo's conftest: <rootdir>/tests/golden/<path below tests/> (also for
    # tests/asplos25/, which is not a package).
    tests_dir = Path(str(request.config.rootpath)) / 'tests'
    if (tests_dir / 'golden').is_dir() and tests_dir in testpath.parents:
        rel = testpath.relative_to(tests_dir).with_suffix('')
        return tests_dir / 'golden' / rel / (request.node.name + '.txt')
    base = testpath.parent
    d = testpath.parent
    while True:
        if (d / 'golden').is_dir():
            base = d
            break
        if not (d / '__init__.py').is_file() or d.parent == d:
            break
        d = d.parent
    rel = testpath.relative_to(base).with_suffix('')
    return base / 'golden' / rel / (request.node.name + '.txt')


@pytest.fixture
def golden(request):
    p = golden_path(request)
    text = p.read_text() if p.is_file() else None
    config = request.config
    return GoldenOutput(p, text, config.getoption('update_golden'),
                        config.getoption('verbose') > 0, request.session)


# ---------------------------------------------------------------- tmp_path

_session = None  # the running session (the runner sets it)


def session_scratch_dir(name):
    """Directory `name` in the session's temporary base, made on first use and removed
    with the base at the end of the run: for files that outlive one test (helper
    programs of the numpy subset)."""
    path = Path(_session.temp_base()) / name
    if not path.exists():
        path.mkdir()
    return str(path)


class TempPathFactory:
    def __init__(self, session):
        self._session = session
        self._counts = {}

    def getbasetemp(self):
        return Path(self._session.temp_base())

    def mktemp(self, basename, numbered=True):
        base = self.getbasetemp()
        if not numbered:
            p = base / basename
            p.mkdir()
            return p
        n = self._counts.get(basename, 0)
        while True:
            p = base / ('%s%d' % (basename, n))
            n += 1
            if not p.exists():
                break
        self._counts[basename] = n
        p.mkdir()
        return p


@pytest.fixture(scope='session')
def tmp_path_factory(request):
    return TempPathFactory(request.session)


@pytest.fixture
def tmp_path(request, tmp_path_factory):
    """A fresh directory for each test (removed at the end of the run)."""
    name = re.sub(r'[\W]', '_', request.node.name)[:30]
    return tmp_path_factory.mktemp(name, numbered=True)


# ------------------------------------------------------------------ capsys

class CaptureResult(tuple):
    def __new__(cls, out, err):
        return tuple.__new__(cls, (out, err))

    @property
    def out(self):
        return self[0]

    @property
    def err(self):
        return self[1]

    def __repr__(self):
        return 'CaptureResult(out=%r, err=%r)' % (self[0], self[1])


class CaptureFixture:
    """`capsys`: readouterr() returns what the test printed since the last call."""

    def __init__(self, request):
        self._node = request.node
        self._was_on = _host.capture(True)
        # Output from before the fixture belongs to the test's report, not to readouterr().
        self._node._stash_capture(_host.capture_take())
        self._buf_out = ''
        self._buf_err = ''
        self._active = True

    def readouterr(self):
        out, err = _host.capture_take()
        out, err = self._buf_out + out, self._buf_err + err
        self._buf_out = self._buf_err = ''
        return CaptureResult(out, err)

    def disabled(self):
        return _CaptureDisabled(self)

    def _close(self):
        if self._active:
            out, err = _host.capture_take()
            self._node._stash_capture((self._buf_out + out, self._buf_err + err))
            if not self._was_on:
                _host.capture(False)
            self._active = False


class _CaptureDisabled:
    def __init__(self, fixture):
        self.fixture = fixture

    def __enter__(self):
        out, err = _host.capture_take()
        self.fixture._buf_out += out
        self.fixture._buf_err += err
        _host.capture(False)

    def __exit__(self, *exc):
        _host.capture(True)
        return False


@pytest.fixture
def capsys(request):
    cap = CaptureFixture(request)
    yield cap
    cap._close()


@pytest.fixture
def capfd(request):
    cap = CaptureFixture(request)
    yield cap
    cap._close()


# ------------------------------------------------------------- monkeypatch

@pytest.fixture
def monkeypatch():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()


# -------------------------------------------------------------------- Exo

_cpu_features = None


def cpu_features():
    """The CPU's feature flags in lower case, read as Exo's tests/conftest.py reads them:
    EXO_OVERRIDE_CPUINFO if set, else the `flags` line of /proc/cpuinfo (empty when that
    cannot be read, as on a machine without it)."""
    global _cpu_features
    if _cpu_features is None:
        text = _host.exo_override_cpuinfo() or ""
        if not text:
            try:
                cpuinfo = Path("/proc/cpuinfo").read_text()
            except OSError:
                cpuinfo = ""
            m = re.search(r"^flags\s*:(.+)$", cpuinfo, re.MULTILINE)
            text = m.group(1) if m else ""
        _cpu_features = set(text.lower().split())
    return _cpu_features


def runtest_setup(item):
    """Exo's `@pytest.mark.isa(name)`: the test is skipped on a CPU without that feature.
    Exo's conftest.py does this in its pytest_runtest_setup hook, and that conftest cannot
    be loaded here (it needs ctypes), so the runner calls this before any conftest hook."""
    for mark in item.iter_markers(name="isa"):
        isa = mark.args[0].lower()
        if isa not in cpu_features():
            pytest.skip(f"skipping test because {isa} is not available")


class _CompiledLibrary:
    """What upstream's fixture returns: the compiled procedures, callable with None, ints
    and numpy arrays (`lib(...)` calls the first). exocc has no ctypes, so each call runs
    through a small C program (see test_support/numpy/_native.py)."""

    def __init__(self, path, name, library):
        self.path = path
        self._name = name
        self._library = library

    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError(name)
        return lambda *args, **kwargs: self._call(name, args, kwargs)

    def __call__(self, *args, **kwargs):
        return self._call(self._name, args, kwargs)

    def _call(self, name, args, kwargs):
        if kwargs:
            raise ValueError("cannot call with kwargs")
        self._library.call(name, list(args))


class Compiler:
    """Exo's `compiler` fixture: compiles procedures to C with exocc, then builds the C
    with the system compiler (cc), so tests that only need the C to build run for real."""

    def __init__(self, workdir, basename):
        self.workdir = workdir
        self.basename = basename
        self._libraries = []  # their driver processes end with the test

    def compile(self, procs, *, test_files=None, include_dir=None, additional_file=None,
                compile_only=False, skip_on_fail=False, **kwargs):
        import exo
        import _host
        if isinstance(procs, exo.Procedure):
            procs = [procs]
        test_files = test_files or {}
        work = str(self.workdir)
        exo.compile_procs(procs, work, f"{self.basename}.c", f"{self.basename}.h")
        (self.workdir / f"{self.basename}_pretty.atl").write_text("\n".join(map(str, procs)))
        sources = [f"{self.basename}.c"] + ([str(additional_file)] if additional_file else [])
        # As upstream's CMake build in its Release configuration, plus the flags a test
        # passes as CMAKE_C_FLAGS (-march=... for intrinsics); other CMake options have
        # no counterpart here.
        flags = ["-O3", "-fPIC", "-Wno-unknown-pragmas"] + str(kwargs.get("CMAKE_C_FLAGS", "")).split()
        if include_dir:
            flags.append(f"-I{include_dir}")
        for name, contents in test_files.items():
            (self.workdir / name).write_text(contents)
        if test_files:
            artifact = f"{work}/main"
            cmd = ["cc", *flags, "-o", artifact, *sources, *test_files.keys(), "-lm"]
        else:
            artifact = f"{work}/lib{self.basename}.so"
            cmd = ["cc", *flags, "-shared", "-o", artifact, *sources, "-lm"]
        status, output = _host.run(cmd, work)
        if status != 0:
            if skip_on_fail:
                pytest.skip("Compile failure converted to skip")
            pytest.fail(f"building the generated C failed:\n{output}", pytrace=False)
        if compile_only or test_files:
            return artifact
        from numpy._native import Library
        library = Library(work, f"{self.basename}.h", artifact, flags)
        self._libraries.append(library)
        return _CompiledLibrary(artifact, procs[0].name(), library)

    def _close(self):
        for library in self._libraries:
            library.close()


@pytest.fixture
def compiler(tmp_path, request):
    """Exo's `compiler` fixture (compiles procedures and builds the C)."""
    compiler = Compiler(tmp_path, request.node.name.replace("[", "_").replace("]", "_"))
    yield compiler
    compiler._close()


@pytest.fixture
def sde64():
    """Exo's Intel SDE runner fixture: skips, as Exo's own does without SDE."""
    pytest.skip('could not find SDE')
