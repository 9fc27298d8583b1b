"""Higher-order functions and operations on callables (exocc bundled module)."""

__all__ = ['update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES',
           'total_ordering', 'cache', 'cmp_to_key', 'lru_cache', 'reduce',
           'partial', 'partialmethod', 'singledispatch', 'singledispatchmethod',
           'cached_property']

from collections import namedtuple


################################################################################
# update_wrapper() and wraps()
################################################################################

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__',
                       '__annotations__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Update a wrapper function to look like the wrapped function."""
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        if attr == '__dict__':
            # copy attribute by attribute: works even if __dict__ is a snapshot
            for key, value in getattr(wrapped, '__dict__', {}).items():
                setattr(wrapper, key, value)
        else:
            getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    # set last, so that copying wrapped.__dict__ cannot overwrite it
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """Decorator factory to apply update_wrapper() to a wrapper function."""
    def decorator(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return decorator


################################################################################
# total_ordering
################################################################################

def _gt_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result and self != other


def _le_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result or self == other


def _ge_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _ge_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result or self == other


def _lt_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result and self != other


def _gt_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _lt_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result and self != other


def _ge_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result or self == other


def _le_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _le_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result or self == other


def _gt_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result and self != other


def _lt_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


_convert = {
    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt), ('__ge__', _ge_from_lt)],
    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le), ('__gt__', _gt_from_le)],
    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt), ('__le__', _le_from_gt)],
    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge), ('__lt__', _lt_from_ge)],
}


def _defines(cls, name):
    """True if some class in cls's MRO other than object defines name."""
    for base in cls.__mro__:
        if base is object:
            continue
        try:
            d = vars(base)
        except TypeError:
            continue
        if name in d:
            return True
    return False


def total_ordering(cls):
    """Class decorator that fills in missing ordering methods"""
    roots = [op for op in _convert if _defines(cls, op)]
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(roots)
    for opname, opfunc in _convert[root]:
        if opname not in roots:
            opfunc.__name__ = opname
            setattr(cls, opname, opfunc)
    return cls


################################################################################
# cmp_to_key
################################################################################

def cmp_to_key(mycmp):
    """Convert a cmp= function into a key= function"""
    class K(object):
        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    K.__name__ = 'KeyWrapper'
    K.__qualname__ = 'KeyWrapper'
    return K


################################################################################
# reduce
################################################################################

def reduce(*args, **kwargs):
    """reduce(function, iterable[, initial]) -> value"""
    if kwargs:
        raise TypeError('reduce() takes no keyword arguments')
    if len(args) < 2:
        raise TypeError('reduce expected at least 2 arguments, got %d' % len(args))
    if len(args) > 3:
        raise TypeError('reduce expected at most 3 arguments, got %d' % len(args))
    function = args[0]
    try:
        it = iter(args[1])
    except TypeError:
        raise TypeError('reduce() arg 2 must support iteration') from None
    if len(args) == 3:
        value = args[2]
    else:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError('reduce() of empty iterable with no initial value') from None
    for element in it:
        value = function(value, element)
    return value


################################################################################
# partial
################################################################################

class partial:
    """New function with partial application of the given arguments
    and keywords."""

    def __new__(cls, *args, **keywords):
        if not args:
            raise TypeError("type 'partial' takes at least one argument")
        func = args[0]
        args = args[1:]
        if not callable(func):
            raise TypeError('the first argument must be callable')
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self = super(partial, cls).__new__(cls)
        self.func = func
        self.args = args
        self.keywords = keywords
        return self

    def __init__(self, *args, **keywords):
        pass

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        qualname = type(self).__qualname__
        parts = [repr(self.func)]
        for a in self.args:
            parts.append(repr(a))
        for k, v in self.keywords.items():
            parts.append('%s=%r' % (k, v))
        if type(self).__module__ == 'functools':
            return 'functools.%s(%s)' % (qualname, ', '.join(parts))
        return '%s(%s)' % (qualname, ', '.join(parts))

    def __reduce__(self):
        return type(self), (self.func,), (self.func, self.args, self.keywords or None, None)


class partialmethod:
    """Method descriptor with partial application of the given arguments
    and keywords."""

    def __init__(self, func, /, *args, **keywords):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError('%r is not callable or a descriptor' % (func,))
        if isinstance(func, partialmethod):
            self.func = func.func
            self.args = func.args + args
            self.keywords = {**func.keywords, **keywords}
        else:
            self.func = func
            self.args = args
            self.keywords = keywords

    def __repr__(self):
        parts = [repr(self.func)]
        for a in self.args:
            parts.append(repr(a))
        for k, v in self.keywords.items():
            parts.append('%s=%r' % (k, v))
        return 'functools.%s(%s)' % (type(self).__qualname__, ', '.join(parts))

    def __get__(self, obj, cls=None):
        if isinstance(self.func, (staticmethod, classmethod)) or obj is None:
            inner = self.func
            if isinstance(inner, classmethod):
                inner = inner.__func__
                target = cls

                def result(*args, **keywords):
                    return inner(target, *self.args, *args, **{**self.keywords, **keywords})
                return result
            if isinstance(inner, staticmethod):
                inner = inner.__func__
            return partial(inner, *self.args, **self.keywords)
        func = self.func

        def bound(*args, **keywords):
            return func(obj, *self.args, *args, **{**self.keywords, **keywords})
        bound.__name__ = getattr(func, '__name__', 'partialmethod')
        return bound


################################################################################
# lru_cache
################################################################################

_CacheInfo = namedtuple('CacheInfo', ['hits', 'misses', 'maxsize', 'currsize'],
                        module='functools')


class _KwdMark:
    pass


_kwd_mark = (_KwdMark,)


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += _kwd_mark
        for item in kwds.items():
            key += item
    if typed:
        key += tuple([type(v) for v in args])
        if kwds:
            key += tuple([type(v) for v in kwds.values()])
    elif len(key) == 1 and type(key[0]) in (int, str):
        return key[0]
    return key


def lru_cache(maxsize=128, typed=False):
    """Least-recently-used cache decorator."""
    if isinstance(maxsize, int) and not isinstance(maxsize, bool):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function = maxsize
        maxsize = 128
        wrapper = _lru_cache_wrapper(user_function, maxsize, typed)
        return update_wrapper(wrapper, user_function)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a callable, or None')

    def decorating_function(user_function):
        wrapper = _lru_cache_wrapper(user_function, maxsize, typed)
        return update_wrapper(wrapper, user_function)

    return decorating_function


def _lru_cache_wrapper(user_function, maxsize, typed):
    # The cache is a dict kept in least- to most-recently-used order.
    cache = {}
    stats = [0, 0]          # hits, misses
    sentinel = object()

    if maxsize == 0:
        def wrapper(*args, **kwds):
            stats[1] += 1
            return user_function(*args, **kwds)

    elif maxsize is None:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            result = cache.get(key, sentinel)
            if result is not sentinel:
                stats[0] += 1
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            cache[key] = result
            return result

    else:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            result = cache.get(key, sentinel)
            if result is not sentinel:
                # move to the most-recently-used end
                del cache[key]
                cache[key] = result
                stats[0] += 1
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            if key in cache:
                # a recursive call already cached this key
                return result
            if len(cache) >= maxsize:
                del cache[next(iter(cache))]
            cache[key] = result
            return result

    def cache_info():
        """Report cache statistics"""
        return _CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        """Clear the cache and cache statistics"""
        cache.clear()
        stats[0] = 0
        stats[1] = 0

    def cache_parameters():
        return {'maxsize': maxsize, 'typed': typed}

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = cache_parameters
    return wrapper


def cache(user_function, /):
    'Simple lightweight unbounded cache.  Sometimes called "memoize".'
    return lru_cache(maxsize=None)(user_function)


################################################################################
# singledispatch
################################################################################

def _find_impl(cls, registry):
    for base in cls.__mro__:
        if base in registry:
            return registry[base]
    # ABC-style registrations (collections.abc classes, ...)
    best = None
    for typ in registry:
        if typ is object or typ in cls.__mro__:
            continue
        try:
            ok = issubclass(cls, typ)
        except TypeError:
            ok = False
        if ok:
            if best is None or issubclass(typ, best):
                best = typ
    if best is not None:
        return registry[best]
    return registry.get(object)


def _annotation_class(func):
    try:
        import _host
        ann = _host.annotations(func)
    except Exception:
        ann = getattr(func, '__annotations__', None) or {}
    for name, value in ann.items():
        if name == 'return':
            continue
        return name, value
    return None, None


def singledispatch(func):
    """Single-dispatch generic function decorator."""
    registry = {}
    cache = {}

    def dispatch(cls):
        """generic_func.dispatch(cls) -> <function implementation>"""
        impl = cache.get(cls)
        if impl is None:
            impl = _find_impl(cls, registry)
            cache[cls] = impl
        return impl

    def register(cls, func=None):
        """generic_func.register(cls, func) -> func"""
        if isinstance(cls, type):
            if func is None:
                return lambda f: register(cls, f)
        else:
            if func is not None:
                raise TypeError('Invalid first argument to `register()`. '
                                '%r is not a class.' % (cls,))
            func = cls
            argname, cls = _annotation_class(func)
            if argname is None:
                raise TypeError('Invalid first argument to `register()`: %r. '
                                'Use either `@register(some_class)` or plain `@register` '
                                'on an annotated function.' % (func,))
            if isinstance(cls, str):
                raise TypeError('Invalid annotation for %r. %r is not a class.' % (argname, cls))
            if not isinstance(cls, type):
                raise TypeError('Invalid annotation for %r. %r is not a class.' % (argname, cls))
        registry[cls] = func
        cache.clear()
        return func

    funcname = getattr(func, '__name__', 'singledispatch function')

    def wrapper(*args, **kw):
        if not args:
            raise TypeError('%s requires at least 1 positional argument' % funcname)
        return dispatch(args[0].__class__)(*args, **kw)

    registry[object] = func
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    wrapper._clear_cache = cache.clear
    update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    """Single-dispatch generic method descriptor."""

    def __init__(self, func):
        if not callable(func) and not hasattr(func, '__get__'):
            raise TypeError('%r is not callable or a descriptor' % (func,))
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        dispatcher = self.dispatcher
        funcname = getattr(self.func, '__name__', 'singledispatchmethod method')

        def _method(*args, **kwargs):
            if not args:
                raise TypeError('%s requires at least 1 positional argument' % funcname)
            method = dispatcher.dispatch(args[0].__class__)
            if obj is None:
                return method(*args, **kwargs)
            return method(obj, *args, **kwargs)

        _method.register = self.register
        update_wrapper(_method, self.func)
        return _method


################################################################################
# cached_property
################################################################################

_NOT_FOUND = object()


class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError('Cannot assign the same cached_property to two different names '
                            '(%r and %r).' % (self.attrname, name))

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError('Cannot use cached_property instance without calling __set_name__ on it.')
        try:
            cache = instance.__dict__
        except AttributeError:
            msg = ("No '__dict__' attribute on %r instance to cache %r property."
                   % (type(instance).__name__, self.attrname))
            raise TypeError(msg) from None
        val = cache.get(self.attrname, _NOT_FOUND)
        if val is _NOT_FOUND:
            val = self.func(instance)
            cache[self.attrname] = val
        return val
