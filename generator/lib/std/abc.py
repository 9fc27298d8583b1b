"""Abstract base classes, as far as exocc's programs use them.

`ABC`/`ABCMeta` mark a class as abstract and `abstractmethod` marks methods; as in
CPython, instantiating a class that still has abstract methods raises TypeError.
"""


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    if getattr(value, '__isabstractmethod__', False):
        return True
    inner = getattr(value, '__func__', None)
    return inner is not None and getattr(inner, '__isabstractmethod__', False)


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        abstracts = {n for n, v in namespace.items() if _is_abstract(v)}
        for base in bases:
            for n in getattr(base, '__abstractmethods__', ()):
                if _is_abstract(getattr(cls, n, None)):
                    abstracts.add(n)
        cls.__abstractmethods__ = frozenset(abstracts)
        return cls

    def __call__(cls, *args, **kwargs):
        missing = cls.__abstractmethods__
        if missing:
            names = ', '.join(sorted(missing))
            plural = 's' if len(missing) > 1 else ''
            raise TypeError(f"Can't instantiate abstract class {cls.__name__} "
                            f"with abstract method{plural} {names}")
        return super().__call__(*args, **kwargs)

    def register(cls, subclass):
        return subclass


class ABC(metaclass=ABCMeta):
    pass
