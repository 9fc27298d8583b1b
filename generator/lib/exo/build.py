"""Values a build manifest passes to kernel scripts.

`exocc build` fills `params` with the manifest's `[params]`, overlaid by the kernel's own
`params`, before any of the kernel's modules is imported; object code and schedules read
them (`from exo.build import params`). Outside a manifest build it is empty. `target` is
the name of the target being built (`exocc build --target NAME`, a `[target.NAME]` of the
manifest), `"host"` by default and outside a manifest build.

Under `exocc build`, `os.environ` is a `DeclaredEnvironment`: the environment variables
the manifest declares (`env = [...]` in `[library]` or `[[kernel]]`) are visible, as
they are part of the cache key; reading any other is an `UndeclaredEnvironmentError`,
so that a kernel never silently depends on an input the cache does not see.

With the CPython host, the libraries installed with the interpreter (its standard library,
dist-packages: sympy, numpy) read an environment holding the declared variables only:
the rest are unset for them, as they are in the process (the driver starts CPython with
the declared variables alone), so their behaviour is fixed by the manifest too.
"""
import sys

params = {}
target = "host"


class UndeclaredEnvironmentError(RuntimeError):
    """Not a KeyError: `os.environ.get(name, default)` must not quietly take the default."""


def _installed_library_dirs():
    """(standard library dirs, installed package dirs) in the CPython host, else empty."""
    if not hasattr(sys.modules.get("_exo"), "_embedded"):
        return (), ()  # the embedded host: every module but exocc's own is the kernel's
    import os.path
    stdlib = (os.path.dirname(os.__file__).rstrip("/") + "/", "<frozen ")
    packages = tuple(p.rstrip("/") + "/" for p in sys.path if p.rstrip("/").endswith(("site-packages", "dist-packages")))
    return stdlib, packages


def _read_by_installed_library(dirs, depth):
    """Whether the read comes from an installed package (sympy, numpy), looking through
    the standard library's own frames (os.getenv) to the code that called it."""
    stdlib, packages = dirs
    if not packages:
        return False
    frame = sys._getframe(depth + 1)
    while frame is not None and frame.f_code.co_filename.startswith(stdlib):
        frame = frame.f_back
    return frame is None or frame.f_code.co_filename.startswith(packages)


class DeclaredEnvironment:
    def __init__(self, values, manifest):
        # values: name -> str, or None for a declared variable that is unset
        self._values = {k: v for k, v in values.items() if v is not None}
        self._declared = set(values)
        self._manifest = manifest
        self._library_dirs = _installed_library_dirs()

    def _check(self, name):
        if name not in self._declared and not _read_by_installed_library(self._library_dirs, 2):
            raise UndeclaredEnvironmentError(
                f"os.environ: the environment variable '{name}' is not declared in {self._manifest}; "
                f"add env = [\"{name}\"] to its [library] or to this [[kernel]] to make it an input of the build")

    def __getitem__(self, name):
        self._check(name)
        return self._values[name]

    def get(self, name, default=None):
        self._check(name)
        return self._values.get(name, default)

    def __contains__(self, name):
        self._check(name)
        return name in self._values

    def __setitem__(self, name, value):
        self._declared.add(name)
        self._values[name] = value

    def __delitem__(self, name):
        self._check(name)
        del self._values[name]

    def setdefault(self, name, default=None):
        self._check(name)
        return self._values.setdefault(name, default)

    def pop(self, name, *default):
        self._check(name)
        return self._values.pop(name, *default)

    def __iter__(self):
        return iter(sorted(self._values))

    def __len__(self):
        return len(self._values)

    def keys(self):
        return sorted(self._values)

    def items(self):
        return [(k, self._values[k]) for k in sorted(self._values)]

    def values(self):
        return [self._values[k] for k in sorted(self._values)]

    def copy(self):
        return dict(self.items())

    def __repr__(self):
        return f"environ({self.copy()!r})"
