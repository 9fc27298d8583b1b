"""Abstract base classes for containers (exocc bundled module).

There is no `abc` module in exocc, so these classes use a small metaclass that
answers isinstance/issubclass structurally (by the presence of the protocol's
methods, like CPython's __subclasshook__) or by explicit registration. The
mixin methods (Mapping.get, Sequence.index, ...) work as in CPython.
Abstract methods are not enforced at instantiation.
"""

__all__ = ["Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator",
           "AsyncGenerator", "Hashable", "Iterable", "Iterator", "Generator",
           "Reversible", "Sized", "Container", "Callable", "Collection",
           "Set", "MutableSet", "Mapping", "MutableMapping", "MappingView",
           "KeysView", "ItemsView", "ValuesView", "Sequence", "MutableSequence",
           "ByteString"]


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _has(cls, *names):
    """True if every name is found in cls's MRO and not set to None."""
    mro = getattr(cls, '__mro__', None)
    if mro is None:
        return False
    for name in names:
        found = False
        for base in mro:
            d = _class_dict(base)
            if name in d:
                if d[name] is None:
                    return False
                found = True
                break
        if not found:
            # built-in types may not expose their slots through vars();
            # dir() lists class attributes without the metaclass's ones
            try:
                found = name in dir(cls) and getattr(cls, name) is not None
            except Exception:
                found = False
        if not found:
            return False
    return True


def _class_dict(cls):
    try:
        return vars(cls)
    except TypeError:
        return {}


class ABCMeta(type):
    """Metaclass giving structural isinstance/issubclass checks.

    A class may define a static method `_structural(C)`; it applies to that
    class only (not to its subclasses), like CPython's __subclasshook__.
    """

    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls._abc_registry = []
        cls._abc_children = []
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_children.append(cls)
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('Can only register classes')
        cls._abc_registry.append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        mro = getattr(subclass, '__mro__', ())
        if cls in mro:
            return True
        if '_structural' in cls.__dict__ and cls._structural(subclass):
            return True
        for registered in cls._abc_registry:
            if registered in mro:
                return True
        for child in cls._abc_children:
            if child.__subclasscheck__(subclass):
                return True
        return False


class Hashable(metaclass=ABCMeta):
    @staticmethod
    def _structural(C):
        return _has(C, '__hash__')

    @abstractmethod
    def __hash__(self):
        return 0


class Iterable(metaclass=ABCMeta):
    @staticmethod
    def _structural(C):
        return _has(C, '__iter__')

    @abstractmethod
    def __iter__(self):
        while False:
            yield None


class Iterator(Iterable):
    @staticmethod
    def _structural(C):
        return _has(C, '__iter__', '__next__')

    @abstractmethod
    def __next__(self):
        raise StopIteration

    def __iter__(self):
        return self


class Reversible(Iterable):
    @staticmethod
    def _structural(C):
        return _has(C, '__reversed__', '__iter__')

    @abstractmethod
    def __reversed__(self):
        while False:
            yield None


class Generator(Iterator):
    @staticmethod
    def _structural(C):
        return _has(C, '__iter__', '__next__', 'send', 'throw', 'close')

    def __next__(self):
        return self.send(None)

    @abstractmethod
    def send(self, value):
        raise StopIteration

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        if val is None:
            if tb is None:
                raise typ
            val = typ()
        raise val

    def close(self):
        try:
            self.throw(GeneratorExit)
        except (GeneratorExit, StopIteration):
            pass
        else:
            raise RuntimeError('generator ignored GeneratorExit')


class Sized(metaclass=ABCMeta):
    @staticmethod
    def _structural(C):
        return _has(C, '__len__')

    @abstractmethod
    def __len__(self):
        return 0


class Container(metaclass=ABCMeta):
    @staticmethod
    def _structural(C):
        return _has(C, '__contains__')

    @abstractmethod
    def __contains__(self, x):
        return False


class Collection(Sized, Iterable, Container):
    @staticmethod
    def _structural(C):
        return _has(C, '__len__', '__iter__', '__contains__')


class Callable(metaclass=ABCMeta):
    @staticmethod
    def _structural(C):
        return _has(C, '__call__')

    @abstractmethod
    def __call__(self, *args, **kwds):
        return False


class Awaitable(metaclass=ABCMeta):
    @staticmethod
    def _structural(C):
        return _has(C, '__await__')


class Coroutine(Awaitable):
    pass


class AsyncIterable(metaclass=ABCMeta):
    @staticmethod
    def _structural(C):
        return _has(C, '__aiter__')


class AsyncIterator(AsyncIterable):
    pass


class AsyncGenerator(AsyncIterator):
    pass


### Sets

class Set(Collection):
    """A set is a finite, iterable container (mixin methods: comparisons,
    &, |, -, ^, isdisjoint)."""

    def __le__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        if len(self) > len(other):
            return False
        for elem in self:
            if elem not in other:
                return False
        return True

    def __lt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)

    def __gt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)

    def __ge__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        if len(self) < len(other):
            return False
        for elem in other:
            if elem not in self:
                return False
        return True

    def __eq__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and self.__le__(other)

    @classmethod
    def _from_iterable(cls, it):
        return cls(it)

    def __and__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._from_iterable(value for value in other if value in self)

    __rand__ = __and__

    def isdisjoint(self, other):
        for value in other:
            if value in self:
                return False
        return True

    def __or__(self, other):
        if not isinstance(other, Iterable):
            return NotImplemented
        chain = [e for e in self] + [e for e in other]
        return self._from_iterable(chain)

    __ror__ = __or__

    def __sub__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return self._from_iterable(value for value in self if value not in other)

    def __xor__(self, other):
        if not isinstance(other, Set):
            if not isinstance(other, Iterable):
                return NotImplemented
            other = self._from_iterable(other)
        return (self - other) | (other - self)

    __rxor__ = __xor__


Set.register(frozenset)


class MutableSet(Set):
    def add(self, value):
        raise NotImplementedError

    def discard(self, value):
        raise NotImplementedError

    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        it = iter(self)
        try:
            value = next(it)
        except StopIteration:
            raise KeyError from None
        self.discard(value)
        return value

    def clear(self):
        try:
            while True:
                self.pop()
        except KeyError:
            pass

    def __ior__(self, it):
        for value in it:
            self.add(value)
        return self

    def __iand__(self, it):
        for value in [v for v in self if v not in it]:
            self.discard(value)
        return self

    def __ixor__(self, it):
        if it is self:
            self.clear()
        else:
            for value in it:
                if value in self:
                    self.discard(value)
                else:
                    self.add(value)
        return self

    def __isub__(self, it):
        if it is self:
            self.clear()
        else:
            for value in it:
                self.discard(value)
        return self


MutableSet.register(set)


### Mappings

class Mapping(Collection):
    """A Mapping is a generic container for associating key/value pairs.
    Concrete subclasses must provide __getitem__, __iter__, and __len__."""

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        else:
            return True

    def keys(self):
        return KeysView(self)

    def items(self):
        return ItemsView(self)

    def values(self):
        return ValuesView(self)

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    __reversed__ = None


class MappingView(Sized):
    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return '{0.__class__.__name__}({0._mapping!r})'.format(self)


class KeysView(MappingView, Set):
    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        for key in self._mapping:
            yield key


class ItemsView(MappingView, Set):
    @classmethod
    def _from_iterable(cls, it):
        return set(it)

    def __contains__(self, item):
        key, value = item
        try:
            v = self._mapping[key]
        except KeyError:
            return False
        else:
            return v is value or v == value

    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])


class ValuesView(MappingView, Collection):
    def __contains__(self, value):
        for key in self._mapping:
            v = self._mapping[key]
            if v is value or v == value:
                return True
        return False

    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]


class MutableMapping(Mapping):
    """Concrete subclasses must provide __getitem__, __setitem__, __delitem__,
    __iter__, and __len__."""

    _marker = object()

    def pop(self, key, default=_marker):
        try:
            value = self[key]
        except KeyError:
            if default is self._marker:
                raise
            return default
        else:
            del self[key]
            return value

    def popitem(self):
        try:
            key = next(iter(self))
        except StopIteration:
            raise KeyError from None
        value = self[key]
        del self[key]
        return key, value

    def clear(self):
        try:
            while True:
                self.popitem()
        except KeyError:
            pass

    def update(self, other=(), /, **kwds):
        if isinstance(other, Mapping):
            for key in other:
                self[key] = other[key]
        elif hasattr(other, 'keys'):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


MutableMapping.register(dict)
KeysView.register(type({}.keys()))
ItemsView.register(type({}.items()))
ValuesView.register(type({}.values()))


### Sequences

class Sequence(Reversible, Collection):
    """All the operations on a read-only sequence.
    Concrete subclasses must override __new__ or __init__, __getitem__, and __len__."""

    def __iter__(self):
        i = 0
        try:
            while True:
                v = self[i]
                yield v
                i += 1
        except IndexError:
            return

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        for i in reversed(range(len(self))):
            yield self[i]

    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


Sequence.register(tuple)
Sequence.register(str)
Sequence.register(range)


class ByteString(Sequence):
    pass


ByteString.register(bytes)
ByteString.register(bytearray)


class MutableSequence(Sequence):
    """Concrete subclasses must provide __new__ or __init__, __getitem__,
    __setitem__, __delitem__, __len__, and insert()."""

    def insert(self, index, value):
        raise IndexError

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        try:
            while True:
                self.pop()
        except IndexError:
            pass

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        if values is self:
            values = list(values)
        for v in values:
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


MutableSequence.register(list)
MutableSequence.register(bytearray)
