"""Shallow and deep copy operations (exocc bundled module).

Classes can customise copying with __copy__ / __deepcopy__(memo), or with
__reduce_ex__ / __reduce__, __getnewargs__, __getstate__ / __setstate__.
"""

import types

__all__ = ["Error", "copy", "deepcopy"]


class Error(Exception):
    pass


error = Error

_ATOMIC = (type(None), int, float, bool, complex, str, bytes, type, range,
           types.BuiltinFunctionType, types.FunctionType, type(Ellipsis),
           type(NotImplemented), property)

# built-in types whose instances are rebuilt from their value (tuple subclasses,
# int subclasses, ...), as CPython's __reduce_ex__(4) does via __getnewargs__
_VALUE_BASES = (tuple, int, float, str, bytes, frozenset, complex)


def _user_defined(cls, names):
    """The first of names defined by a class in cls's MRO other than the
    built-in bases (object, list, dict, ...), or None."""
    for base in cls.__mro__:
        if base is object or base in (list, dict, set, tuple, int, float, str,
                                      bytes, frozenset, complex, bool):
            continue
        try:
            d = vars(base)
        except TypeError:
            continue
        for name in names:
            if name in d:
                return name
    return None


def copy(x):
    """Shallow copy operation on arbitrary Python objects."""
    cls = type(x)
    if cls in _ATOMIC or cls is tuple or cls is frozenset or isinstance(x, type):
        return x
    if cls is list:
        return x[:]
    if cls is dict or cls is set or cls is bytearray:
        return x.copy()
    copier = getattr(cls, '__copy__', None)
    if copier is not None:
        return copier(x)
    return _reconstruct_object(x, None)


def deepcopy(x, memo=None, _nil=[]):
    """Deep copy operation on arbitrary Python objects."""
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if cls in _ATOMIC or isinstance(x, type):
        y = x
    elif cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is tuple:
        items = [deepcopy(a, memo) for a in x]
        # a recursive tuple may already have been copied
        if d in memo:
            return memo[d]
        same = True
        for k in range(len(x)):
            if items[k] is not x[k]:
                same = False
                break
        y = x if same else tuple(items)
    elif cls is dict:
        y = {}
        memo[d] = y
        for key, value in x.items():
            y[deepcopy(key, memo)] = deepcopy(value, memo)
    elif cls is set or cls is frozenset:
        y = cls([deepcopy(a, memo) for a in x])
    elif cls is types.MethodType:
        y = cls(x.__func__, deepcopy(x.__self__, memo))
    else:
        copier = getattr(x, '__deepcopy__', None)
        if copier is not None:
            y = copier(memo)
        else:
            y = _reconstruct_object(x, memo)
    # if x is its own copy, don't memoize
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    # keep x alive while memo exists, so that its id cannot be reused
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _reconstruct_object(x, memo):
    """Copy an instance: deep if memo is not None."""
    deep = memo is not None
    cls = type(x)
    reducer = _user_defined(cls, ('__reduce_ex__', '__reduce__'))
    if reducer is not None:
        if reducer == '__reduce_ex__':
            rv = x.__reduce_ex__(4)
        else:
            rv = x.__reduce__()
        if isinstance(rv, str):
            return x
        return _reconstruct(x, memo, *rv)

    # the default, as object.__reduce_ex__(4) would do it
    if _user_defined(cls, ('__getnewargs_ex__',)) is not None:
        args, kwargs = x.__getnewargs_ex__()
    elif _user_defined(cls, ('__getnewargs__',)) is not None:
        args, kwargs = x.__getnewargs__(), {}
    else:
        args, kwargs = (), {}
        for base in _VALUE_BASES:
            if isinstance(x, base):
                args = (base(x),)
                break
    if deep and args:
        args = deepcopy(args, memo)
    y = cls.__new__(cls, *args, **kwargs)
    if deep:
        memo[id(x)] = y

    if _user_defined(cls, ('__getstate__',)) is not None:
        state = x.__getstate__()
    else:
        try:
            state = x.__dict__
        except AttributeError:
            state = None
        if not state:
            state = None
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        _set_state(y, state)
    if isinstance(x, list):
        for item in x:
            y.append(deepcopy(item, memo) if deep else item)
    elif isinstance(x, dict):
        for key, value in x.items():
            if deep:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            y[key] = value
    elif isinstance(x, set):
        for item in x:
            y.add(deepcopy(item, memo) if deep else item)
    return y


def _set_state(y, state):
    if hasattr(y, '__setstate__'):
        y.__setstate__(state)
        return
    slotstate = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slotstate = state
    if state:
        y.__dict__.update(state)
    if slotstate:
        for key, value in slotstate.items():
            setattr(y, key, value)


def _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None, *ignored):
    deep = memo is not None
    if deep and args:
        args = deepcopy(args, memo)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        _set_state(y, state)
    if listiter is not None:
        for item in listiter:
            if deep:
                item = deepcopy(item, memo)
            y.append(item)
    if dictiter is not None:
        for key, value in dictiter:
            if deep:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            y[key] = value
    return y
