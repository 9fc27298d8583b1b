"""unittest.mock: patch.dict, which sets entries of a dictionary (sys.modules, say) for the
extent of a `with` block or a decorated function and then restores it as it was. The
rest of mock (Mock, MagicMock, patch of attributes) is not here."""
import functools

__all__ = ["patch"]


class _PatchDict:
    def __init__(self, in_dict, values=(), clear=False, **kwargs):
        self.in_dict = in_dict
        self.values = dict(values)
        self.values.update(kwargs)
        self.clear = clear
        self._saved = None

    def __enter__(self):
        self._saved = self.in_dict.copy()
        if self.clear:
            self.in_dict.clear()
        self.in_dict.update(self.values)
        return self.in_dict

    def __exit__(self, *exc):
        self.in_dict.clear()
        self.in_dict.update(self._saved)
        self._saved = None
        return False

    start = __enter__

    def stop(self):
        return self.__exit__(None, None, None)

    def __call__(self, f):
        @functools.wraps(f)
        def patched(*args, **kw):
            with _PatchDict(self.in_dict, self.values, self.clear):
                return f(*args, **kw)

        return patched


class _Patch:
    def __call__(self, target, *args, **kwargs):
        raise NotImplementedError("unittest.mock.patch() of attributes is not supported by exocc; "
                                  "patch.dict is")

    dict = staticmethod(_PatchDict)


patch = _Patch()
