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
"""

params = {}
target = "host"


class UndeclaredEnvironmentError(RuntimeError):
    """Not a KeyError: `os.environ.get(name, default)` must not quietly take the default."""


class DeclaredEnvironment:
    def __init__(self, values, manifest):
        # values: name -> str, or None for a declared variable that is unset
        self._values = {k: v for k, v in values.items() if v is not None}
        self._declared = set(values)
        self._manifest = manifest

    def _check(self, name):
        if name not in self._declared:
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
