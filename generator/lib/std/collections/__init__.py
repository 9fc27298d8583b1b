"""Container datatypes (exocc bundled module).

namedtuple, deque, defaultdict, OrderedDict, Counter, ChainMap, UserDict,
UserList and UserString, written in plain Python.
"""

__all__ = ['ChainMap', 'Counter', 'OrderedDict', 'UserDict', 'UserList',
           'UserString', 'defaultdict', 'deque', 'namedtuple']

import sys as _sys
from keyword import iskeyword as _iskeyword
# `import collections` makes collections.abc available, as in CPython
from . import abc
from _argbind import bind as _bind

try:
    import _host
except ImportError:
    _host = None


_repr_running = set()


def _dict_repr(d):
    """repr of a dict's contents, '{...}' when recursive (like dict.__repr__)."""
    key = id(d)
    if key in _repr_running:
        return '{...}'
    _repr_running.add(key)
    try:
        parts = []
        for k, v in d.items():
            parts.append(repr(k) + ': ' + repr(v))
    finally:
        _repr_running.discard(key)
    return '{' + ', '.join(parts) + '}'


def _caller_module(depth):
    # __name__ of the module that called our caller (see generator/lib/std/README.md)
    if _host is not None:
        try:
            name = _host.caller_module_name(depth + 1)
        except Exception:
            name = None
        if name is not None:
            return name
    return '__main__'


def _is_mapping(obj):
    return isinstance(obj, dict) or (hasattr(obj, 'keys') and hasattr(obj, '__getitem__')
                                     and hasattr(obj, 'items'))


################################################################################
# namedtuple
################################################################################

def _field_getter(index, name):
    def fget(self):
        return self[index]
    fget.__name__ = name
    return property(fget, doc='Alias for field number %d' % index)


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Returns a new subclass of tuple with named fields."""
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = [str(name) for name in field_names]
    typename = str(typename)
    if rename:
        seen = set()
        for index in range(len(field_names)):
            name = field_names[index]
            if (not name.isidentifier() or _iskeyword(name)
                    or name.startswith('_') or name in seen):
                field_names[index] = '_%d' % index
            seen.add(field_names[index])
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid identifiers: %r' % name)
        if _iskeyword(name):
            raise ValueError('Type names and field names cannot be a keyword: %r' % name)
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: %r' % name)
        if name in seen:
            raise ValueError('Encountered duplicate field name: %r' % name)
        seen.add(name)

    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        names_with_defaults = field_names[len(field_names) - len(defaults):]
        for i in range(len(defaults)):
            field_defaults[names_with_defaults[i]] = defaults[i]

    fields = tuple(field_names)
    num_fields = len(fields)
    new_qualname = typename + '.__new__'

    def __new__(_cls, /, *args, **kwargs):
        if not kwargs and len(args) == num_fields:
            return tuple.__new__(_cls, args)
        values = _bind(new_qualname, fields, (), field_defaults, args, kwargs)
        return tuple.__new__(_cls, [values[name] for name in fields])

    __new__.__doc__ = 'Create new instance of %s(%s)' % (typename, ', '.join(fields))

    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != num_fields:
            raise TypeError('Expected %d arguments, got %d' % (num_fields, len(result)))
        return result

    _make.__doc__ = 'Make a new %s object from a sequence or iterable' % typename

    def _replace(self, /, **kwds):
        values = []
        for name in fields:
            if name in kwds:
                values.append(kwds.pop(name))
            else:
                values.append(getattr(self, name))
        if kwds:
            raise ValueError('Got unexpected field names: %r' % list(kwds))
        return self._make(values)

    _replace.__doc__ = 'Return a new %s object replacing specified fields with new values' % typename

    def __repr__(self):
        parts = []
        for i in range(num_fields):
            parts.append('%s=%r' % (fields[i], self[i]))
        return self.__class__.__name__ + '(' + ', '.join(parts) + ')'

    def _asdict(self):
        """Return a new dict which maps field names to their values."""
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        """Return self as a plain tuple.  Used by copy and pickle."""
        return tuple(self)

    def __setattr__(self, name, value):
        if name in fields:
            raise AttributeError("can't set attribute")
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def __delattr__(self, name):
        if name in fields:
            raise AttributeError("can't delete attribute")
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    for method in (__new__, _make, _replace, __repr__, _asdict, __getnewargs__,
                   __setattr__, __delattr__):
        method.__qualname__ = typename + '.' + method.__name__

    namespace = {
        '__doc__': '%s(%s)' % (typename, ', '.join(fields)),
        '_fields': fields,
        '_field_defaults': field_defaults,
        '__new__': __new__,
        '_make': classmethod(_make),
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__setattr__': __setattr__,
        '__delattr__': __delattr__,
        '__match_args__': fields,
    }
    for index in range(num_fields):
        namespace[fields[index]] = _field_getter(index, fields[index])

    if module is None:
        module = _caller_module(1)
    namespace['__module__'] = module
    result = type(typename, (tuple,), namespace)
    return result


################################################################################
# deque
################################################################################

class deque:
    """deque([iterable[, maxlen]]) --> deque object

A list-like sequence optimized for data accesses near its endpoints."""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._maxlen = maxlen
        self._data = []
        self.extend(iterable)

    @property
    def maxlen(self):
        """maximum size of a deque or None if unbounded"""
        return self._maxlen

    def _trim_left(self):
        if self._maxlen is not None:
            while len(self._data) > self._maxlen:
                del self._data[0]

    def _trim_right(self):
        if self._maxlen is not None:
            while len(self._data) > self._maxlen:
                self._data.pop()

    def append(self, x):
        """Add an element to the right side of the deque."""
        self._data.append(x)
        self._trim_left()

    def appendleft(self, x):
        """Add an element to the left side of the deque."""
        self._data.insert(0, x)
        self._trim_right()

    def extend(self, iterable):
        """Extend the right side of the deque with elements from the iterable"""
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        """Extend the left side of the deque with elements from the iterable"""
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def pop(self):
        """Remove and return the rightmost element."""
        if not self._data:
            raise IndexError('pop from an empty deque')
        return self._data.pop()

    def popleft(self):
        """Remove and return the leftmost element."""
        if not self._data:
            raise IndexError('pop from an empty deque')
        return self._data.pop(0)

    def clear(self):
        """Remove all elements from the deque."""
        del self._data[:]

    def copy(self):
        """Return a shallow copy of a deque."""
        return self.__class__(self._data, self._maxlen)

    __copy__ = copy

    def count(self, value):
        """D.count(value) -- return number of occurrences of value"""
        return self._data.count(value)

    def index(self, x, start=0, stop=None):
        """D.index(value, [start, [stop]]) -- return first index of value."""
        if stop is None:
            stop = len(self._data)
        try:
            return self._data.index(x, start, stop)
        except ValueError:
            raise ValueError('%r is not in deque' % (x,)) from None

    def insert(self, i, x):
        """D.insert(index, object) -- insert object before index"""
        if self._maxlen is not None and len(self._data) >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        self._data.insert(i, x)

    def remove(self, value):
        """D.remove(value) -- remove first occurrence of value."""
        try:
            self._data.remove(value)
        except ValueError:
            raise ValueError('%r is not in deque' % (value,)) from None

    def reverse(self):
        """D.reverse() -- reverse *IN PLACE*"""
        self._data.reverse()

    def rotate(self, n=1):
        """Rotate the deque n steps to the right (default n=1).  If n is negative, rotates left."""
        length = len(self._data)
        if length <= 1:
            return
        n = n % length
        if n:
            self._data[:] = self._data[-n:] + self._data[:-n]

    def __len__(self):
        return len(self._data)

    def __bool__(self):
        return len(self._data) > 0

    def __iter__(self):
        return iter(self._data)

    def __reversed__(self):
        return reversed(self._data)

    def __contains__(self, x):
        return x in self._data

    def _check_index(self, i):
        if not isinstance(i, int):
            raise TypeError("sequence index must be integer, not '%s'" % type(i).__name__)
        if i < -len(self._data) or i >= len(self._data):
            raise IndexError('deque index out of range')

    def __getitem__(self, i):
        self._check_index(i)
        return self._data[i]

    def __setitem__(self, i, x):
        self._check_index(i)
        self._data[i] = x

    def __delitem__(self, i):
        self._check_index(i)
        del self._data[i]

    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return '[...]'
        _repr_running.add(key)
        try:
            body = '[' + ', '.join([repr(x) for x in self._data]) + ']'
        finally:
            _repr_running.discard(key)
        if self._maxlen is None:
            return '%s(%s)' % (type(self).__name__, body)
        return '%s(%s, maxlen=%d)' % (type(self).__name__, body, self._maxlen)

    def _cmp_data(self, other):
        if not isinstance(other, deque):
            return None
        return other._data

    def __eq__(self, other):
        data = self._cmp_data(other)
        if data is None:
            return NotImplemented
        return self._data == data

    def __ne__(self, other):
        data = self._cmp_data(other)
        if data is None:
            return NotImplemented
        return self._data != data

    def __lt__(self, other):
        data = self._cmp_data(other)
        if data is None:
            return NotImplemented
        return self._data < data

    def __le__(self, other):
        data = self._cmp_data(other)
        if data is None:
            return NotImplemented
        return self._data <= data

    def __gt__(self, other):
        data = self._cmp_data(other)
        if data is None:
            return NotImplemented
        return self._data > data

    def __ge__(self, other):
        data = self._cmp_data(other)
        if data is None:
            return NotImplemented
        return self._data >= data

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque' % type(other).__name__)
        result = self.copy()
        result.extend(other)
        return result

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        result = self.__class__((), self._maxlen)
        for i in range(n):
            result.extend(self._data)
        return result

    __rmul__ = __mul__

    def __imul__(self, n):
        data = list(self._data)
        self.clear()
        for i in range(n):
            self.extend(data)
        return self

    def __reduce__(self):
        return (self.__class__, (list(self._data), self._maxlen))


################################################################################
# defaultdict
################################################################################

class defaultdict(dict):
    """defaultdict(default_factory=None, /, [...]) --> dict with default factory"""

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        factory = self.default_factory
        if factory is None:
            raise KeyError(key)
        value = factory()
        self[key] = value
        return value

    def __repr__(self):
        factory = self.default_factory
        if factory is self:
            frepr = '...'
        else:
            frepr = repr(factory)
        return '%s(%s, %s)' % (type(self).__name__, frepr, _dict_repr(self))

    def copy(self):
        """D.copy() -> a shallow copy of D."""
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        args = (self.default_factory,) if self.default_factory is not None else ()
        return (type(self), args, None, None, iter(self.items()))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


################################################################################
# OrderedDict
################################################################################

class _OrderedDictKeysView(abc.KeysView):
    def __reversed__(self):
        return reversed(list(self._mapping))

    def __repr__(self):
        return 'odict_keys(%r)' % (list(self._mapping),)


class _OrderedDictItemsView(abc.ItemsView):
    def __reversed__(self):
        mapping = self._mapping
        return iter([(key, mapping[key]) for key in reversed(list(mapping))])

    def __repr__(self):
        return 'odict_items(%r)' % (list(self),)


class _OrderedDictValuesView(abc.ValuesView):
    def __reversed__(self):
        mapping = self._mapping
        return iter([mapping[key] for key in reversed(list(mapping))])

    def __repr__(self):
        return 'odict_values(%r)' % (list(self),)


class OrderedDict(dict):
    """Dictionary that remembers insertion order"""

    def keys(self):
        """D.keys() -> a set-like object providing a view on D's keys"""
        return _OrderedDictKeysView(self)

    def items(self):
        """D.items() -> a set-like object providing a view on D's items"""
        return _OrderedDictItemsView(self)

    def values(self):
        """D.values() -> an object providing a view on D's values"""
        return _OrderedDictValuesView(self)

    def popitem(self, last=True):
        """Remove and return a (key, value) pair from the dictionary.

        Pairs are returned in LIFO order if last is true or FIFO order if false.
        """
        if not self:
            raise KeyError('dictionary is empty')
        keys = list(dict.keys(self))
        key = keys[-1] if last else keys[0]
        value = dict.pop(self, key)
        return key, value

    def move_to_end(self, key, last=True):
        """Move an existing element to the end (or beginning if last is false)."""
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
            return
        rest = list(dict.items(self))
        dict.clear(self)
        dict.__setitem__(self, key, value)
        for k, v in rest:
            dict.__setitem__(self, k, v)

    def __repr__(self):
        if not self:
            return '%s()' % (self.__class__.__name__,)
        key = id(self)
        if key in _repr_running:
            return '...'
        _repr_running.add(key)
        try:
            return '%s(%r)' % (self.__class__.__name__, list(dict.items(self)))
        finally:
            _repr_running.discard(key)

    def _same_items(self, other):
        if len(self) != len(other):
            return False
        for k, v in dict.items(self):
            if k not in other:
                return False
            w = other[k]
            if not (w is v or w == v):
                return False
        return True

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return self._same_items(other) and list(self) == list(other)
        if isinstance(other, dict):
            return self._same_items(other)
        return NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        if result is NotImplemented:
            return result
        return not result

    __hash__ = None

    def copy(self):
        """od.copy() -> a shallow copy of od"""
        return self.__class__(self)

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        """Create a new ordered dictionary with keys from iterable and values set to value."""
        self = cls()
        for key in iterable:
            self[key] = value
        return self

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def __reduce__(self):
        return (self.__class__, (), None, None, iter(self.items()))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.__class__(self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.__class__(other)
        new.update(self)
        return new

    def __ior__(self, other):
        self.update(other)
        return self


################################################################################
# Counter
################################################################################

class Counter(dict):
    """Dict subclass for counting hashable items."""

    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        """The count of elements not in the Counter is zero."""
        return 0

    def total(self):
        """Sum of the counts"""
        return sum(self.values())

    def most_common(self, n=None):
        """List the n most common elements and their counts from the most
        common to the least.  If n is None, then list all element counts."""
        items = sorted(self.items(), key=_second, reverse=True)
        if n is None:
            return items
        if n < 0:
            n = 0
        return items[:n]

    def elements(self):
        """Iterator over elements repeating each as many times as its count."""
        for elem, count in list(self.items()):
            for i in range(count):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        """Like dict.update() but add counts instead of replacing them."""
        if iterable is not None:
            if _is_mapping(iterable):
                if self:
                    for elem, count in iterable.items():
                        self[elem] = count + self.get(elem, 0)
                else:
                    for elem, count in iterable.items():
                        dict.__setitem__(self, elem, count)
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        """Like dict.update() but subtracts counts instead of replacing them."""
        if iterable is not None:
            if _is_mapping(iterable):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        """Return a shallow copy."""
        return self.__class__(self)

    __copy__ = copy

    def __reduce__(self):
        return self.__class__, (dict(self),)

    def __delitem__(self, elem):
        """Like dict.__delitem__() but does not raise KeyError for missing values."""
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return '%s()' % self.__class__.__name__
        try:
            d = dict(self.most_common())
        except TypeError:
            d = dict(self)
        return '%s(%r)' % (self.__class__.__name__, d)

    # comparisons treat missing elements as having zero counts
    def _all_keys(self, other):
        keys = list(self)
        for e in other:
            if e not in self:
                keys.append(e)
        return keys

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all([self[e] == other[e] for e in self._all_keys(other)])

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all([self[e] <= other[e] for e in self._all_keys(other)])

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all([self[e] >= other[e] for e in self._all_keys(other)])

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        """Adds an empty counter, effectively stripping negative and zero counts"""
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        """Subtracts from an empty counter.  Strips positive and zero counts,
        and flips the sign on negative counts."""
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        """Internal method to strip elements with a negative or zero count"""
        nonpositive = [elem for elem, count in self.items() if not count > 0]
        for elem in nonpositive:
            dict.__delitem__(self, elem)
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in list(self.items()):
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


def _second(pair):
    return pair[1]


################################################################################
# ChainMap
################################################################################

class ChainMap(abc.MutableMapping):
    """A ChainMap groups multiple dicts (or other mappings) together
    to create a single, updateable view."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def _merged_keys(self):
        d = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                d[k] = None
        return d

    def __len__(self):
        return len(self._merged_keys())

    def __iter__(self):
        return iter(self._merged_keys())

    def __contains__(self, key):
        for m in self.maps:
            if key in m:
                return True
        return False

    def __bool__(self):
        for m in self.maps:
            if m:
                return True
        return False

    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return '...'
        _repr_running.add(key)
        try:
            return '%s(%s)' % (self.__class__.__name__, ', '.join([repr(m) for m in self.maps]))
        finally:
            _repr_running.discard(key)

    @classmethod
    def fromkeys(cls, iterable, *args):
        return cls(dict.fromkeys(iterable, *args))

    def copy(self):
        """New ChainMap or subclass with a new copy of maps[0] and refs to maps[1:]"""
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        """New ChainMap with a new map followed by all previous maps."""
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        """New ChainMap from maps[1:]."""
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError('Key not found in the first mapping: %r' % (key,))

    def popitem(self):
        """Remove and return an item pair from maps[0]. Raise KeyError is maps[0] is empty."""
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.')

    def pop(self, key, *args):
        """Remove *key* from maps[0] and return its value. Raise KeyError if *key* not in maps[0]."""
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError('Key not found in the first mapping: %r' % (key,))

    def clear(self):
        """Clear maps[0], leaving maps[1:] intact."""
        self.maps[0].clear()

    __hash__ = None

    def __or__(self, other):
        if not isinstance(other, abc.Mapping):
            return NotImplemented
        m = self.copy()
        m.maps[0].update(other)
        return m

    def __ror__(self, other):
        if not isinstance(other, abc.Mapping):
            return NotImplemented
        m = dict(other)
        for child in reversed(self.maps):
            m.update(child)
        return self.__class__(m)

    def __ior__(self, other):
        self.maps[0].update(other)
        return self


################################################################################
# UserDict, UserList, UserString
################################################################################

class UserDict(abc.MutableMapping):
    """A dict-like class wrapping a real dict in .data"""

    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, '__missing__'):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def __repr__(self):
        return repr(self.data)

    __hash__ = None

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def copy(self):
        result = self.__class__()
        result.data = self.data.copy()
        return result

    def __or__(self, other):
        if isinstance(other, UserDict):
            return self.__class__(self.data | other.data)
        if isinstance(other, dict):
            return self.__class__(self.data | other)
        return NotImplemented


class UserList(abc.MutableSequence):
    """A list-like class wrapping a real list in .data"""

    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if isinstance(initlist, UserList):
                self.data[:] = initlist.data[:]
            else:
                self.data = list(initlist)

    def __repr__(self):
        return repr(self.data)

    def _cast(self, other):
        return other.data if isinstance(other, UserList) else other

    def __lt__(self, other):
        return self.data < self._cast(other)

    def __le__(self, other):
        return self.data <= self._cast(other)

    def __eq__(self, other):
        return self.data == self._cast(other)

    def __gt__(self, other):
        return self.data > self._cast(other)

    def __ge__(self, other):
        return self.data >= self._cast(other)

    __hash__ = None

    def __contains__(self, item):
        return item in self.data

    def __len__(self):
        return len(self.data)

    def __iter__(self):
        return iter(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.__class__(self.data[i])
        return self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def __add__(self, other):
        if isinstance(other, UserList):
            return self.__class__(self.data + other.data)
        return self.__class__(self.data + list(other))

    def __iadd__(self, other):
        self.data += self._cast(other) if isinstance(other, UserList) else list(other)
        return self

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def append(self, item):
        self.data.append(item)

    def insert(self, i, item):
        self.data.insert(i, item)

    def pop(self, i=-1):
        return self.data.pop(i)

    def remove(self, item):
        self.data.remove(item)

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def count(self, item):
        return self.data.count(item)

    def index(self, item, *args):
        return self.data.index(item, *args)

    def reverse(self):
        self.data.reverse()

    def sort(self, /, *args, **kwds):
        self.data.sort(*args, **kwds)

    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)


class UserString(abc.Sequence):
    """A str-like class wrapping a real str in .data"""

    def __init__(self, seq):
        if isinstance(seq, str):
            self.data = seq
        elif isinstance(seq, UserString):
            self.data = seq.data[:]
        else:
            self.data = str(seq)

    def __str__(self):
        return str(self.data)

    def __repr__(self):
        return repr(self.data)

    def __int__(self):
        return int(self.data)

    def __float__(self):
        return float(self.data)

    def __hash__(self):
        return hash(self.data)

    def _cast(self, other):
        return other.data if isinstance(other, UserString) else other

    def __eq__(self, other):
        return self.data == self._cast(other)

    def __lt__(self, other):
        return self.data < self._cast(other)

    def __le__(self, other):
        return self.data <= self._cast(other)

    def __gt__(self, other):
        return self.data > self._cast(other)

    def __ge__(self, other):
        return self.data >= self._cast(other)

    def __contains__(self, char):
        return self._cast(char) in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.__class__(self.data[index])

    def __add__(self, other):
        if isinstance(other, UserString):
            return self.__class__(self.data + other.data)
        if isinstance(other, str):
            return self.__class__(self.data + other)
        return self.__class__(self.data + str(other))

    def __radd__(self, other):
        if isinstance(other, str):
            return self.__class__(other + self.data)
        return self.__class__(str(other) + self.data)

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def __getattr__(self, name):
        # delegate the str methods, wrapping str results
        if name == 'data' or name.startswith('__'):
            raise AttributeError(name)
        attr = getattr(self.data, name)
        if not callable(attr):
            return attr

        def method(*args, **kwargs):
            args = [a.data if isinstance(a, UserString) else a for a in args]
            result = attr(*args, **kwargs)
            if isinstance(result, str):
                return self.__class__(result)
            return result
        return method


abc.MutableSequence.register(deque)
