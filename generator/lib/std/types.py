"""Names for built-in types, obtained from real objects (exocc bundled module)."""

import sys


def _f():
    pass


FunctionType = type(_f)
LambdaType = type(lambda: None)
CodeType = type(getattr(_f, '__code__', None))


class _C:
    def _m(self):
        pass


MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
ModuleType = type(sys)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)


def _g():
    yield 1


GeneratorType = type(_g())

del _f, _C, _g


class SimpleNamespace:
    """A simple attribute-based namespace."""

    def __init__(self, *args, **kwargs):
        if args:
            raise TypeError('no positional arguments expected')
        for key, value in kwargs.items():
            setattr(self, key, value)

    def __repr__(self):
        name = 'namespace' if type(self) is SimpleNamespace else type(self).__name__
        key = id(self)
        if key in _repr_running:
            return name + '(...)'
        _repr_running.add(key)
        try:
            items = ['%s=%r' % (k, v) for k, v in self.__dict__.items()]
        finally:
            _repr_running.discard(key)
        return '%s(%s)' % (name, ', '.join(items))

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    __hash__ = None


_repr_running = set()


class MappingProxyType:
    """Read-only view of a mapping."""

    def __init__(self, mapping):
        if not hasattr(mapping, 'keys') or not hasattr(mapping, '__getitem__'):
            raise TypeError('mappingproxy() argument must be a mapping, not %s'
                            % type(mapping).__name__)
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __eq__(self, other):
        return self._mapping == other

    def __or__(self, other):
        if isinstance(other, MappingProxyType):
            other = other._mapping
        return dict(self._mapping) | other

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __repr__(self):
        return 'mappingproxy(%r)' % (self._mapping,)

    def __str__(self):
        return str(self._mapping)


def new_class(name, bases=(), kwds=None, exec_body=None):
    ns = {}
    if exec_body is not None:
        exec_body(ns)
    kwds = dict(kwds or {})
    meta = kwds.pop('metaclass', type)
    return meta(name, tuple(bases), ns, **kwds)


def coroutine(func):
    return func
