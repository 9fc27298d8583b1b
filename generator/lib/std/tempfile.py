"""tempfile: private temporary directories (mkdtemp, TemporaryDirectory) through the
interpreter's _host hooks. Temporary files (NamedTemporaryFile, ...) are not here."""
import _host

__all__ = ["mkdtemp", "gettempdir", "TemporaryDirectory"]


def gettempdir():
    # The real environment even under `exocc build`: where scratch files go is not an
    # input of what a kernel generates.
    base = _host.environ().get("TMPDIR") or "/tmp"
    return base.rstrip("/") or "/"


def mkdtemp(suffix=None, prefix=None, dir=None):
    if suffix or dir is not None:
        raise NotImplementedError("tempfile.mkdtemp() with a suffix or dir is not supported by exocc")
    return _host.mkdtemp("tmp" if prefix is None else prefix)


class TemporaryDirectory:
    """A directory from mkdtemp(), removed with everything in it by cleanup() or at the
    end of a `with` block."""

    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False):
        self.name = mkdtemp(suffix, prefix, dir)
        self._removed = False

    def __repr__(self):
        return f"<TemporaryDirectory {self.name!r}>"

    def __enter__(self):
        return self.name

    def __exit__(self, *exc):
        self.cleanup()

    def cleanup(self):
        if not self._removed:
            self._removed = True
            _host.rmtree_temp(self.name)
