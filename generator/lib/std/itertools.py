"""Functional tools for creating and using iterators (exocc bundled module).

Each tool is a class (so type names, reprs and eager argument checking match
CPython); most delegate the actual work to a small generator.
"""

__all__ = ['accumulate', 'chain', 'combinations', 'combinations_with_replacement',
           'compress', 'count', 'cycle', 'dropwhile', 'filterfalse', 'groupby',
           'islice', 'pairwise', 'permutations', 'product', 'repeat', 'starmap',
           'takewhile', 'tee', 'zip_longest']

_MAXSIZE = 9223372036854775807
_NO = object()


# -- argument checking with CPython's messages ---------------------------------

def _posonly(name, args, kwargs, lo, hi, kwname=None):
    """Checks for C functions taking positional arguments only."""
    if kwargs:
        raise TypeError('%s() takes no keyword arguments' % (kwname or name))
    n = len(args)
    if lo == hi:
        if n != lo:
            raise TypeError('%s expected %d argument%s, got %d'
                            % (name, lo, '' if lo == 1 else 's', n))
    elif n < lo:
        raise TypeError('%s expected at least %d argument%s, got %d'
                        % (name, lo, '' if lo == 1 else 's', n))
    elif hi is not None and n > hi:
        raise TypeError('%s expected at most %d argument%s, got %d'
                        % (name, hi, '' if hi == 1 else 's', n))


def _clinic(name, names, nrequired, args, kwargs, nkwonly=0):
    """Checks for Argument-Clinic style functions; returns the values."""
    total = len(args) + len(kwargs)
    npos = len(names) - nkwonly
    if total > len(names) or len(args) > npos:
        raise TypeError('%s() takes at most %d argument%s (%d given)'
                        % (name, len(names), '' if len(names) == 1 else 's', total))
    for key in kwargs:
        if key not in names:
            raise TypeError('%r is an invalid keyword argument for %s()' % (key, name))
    values = list(args) + [_NO] * (len(names) - len(args))
    for i in range(len(names)):
        key = names[i]
        if key in kwargs:
            if i < len(args):
                raise TypeError('argument for %s() given by name (%r) and position (%d)'
                                % (name, key, i + 1))
            values[i] = kwargs[key]
    for i in range(nrequired):
        if values[i] is _NO:
            raise TypeError('%s() missing required argument %r (pos %d)' % (name, names[i], i + 1))
    return values


def _as_index(x):
    if isinstance(x, int):
        return int(x)
    meth = getattr(type(x), '__index__', None)
    if meth is None:
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(x).__name__)
    return meth(x)


def _is_number(x):
    if isinstance(x, (int, float, complex)):
        return True
    t = type(x)
    return (hasattr(t, '__index__') or hasattr(t, '__int__') or hasattr(t, '__float__')
            or hasattr(t, '__complex__'))


class _Iter:
    """Base: an iterator whose items come from the generator self._it."""

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)


# -- infinite iterators -------------------------------------------------------

class count:
    """Return a count object whose .__next__() method returns consecutive values."""

    def __init__(self, *args, **kwargs):
        start, step = _clinic('count', ('start', 'step'), 0, args, kwargs)
        if start is _NO:
            start = 0
        if step is _NO:
            step = 1
        if not _is_number(start) or not _is_number(step):
            raise TypeError('a number is required')
        self._value = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        value = self._value
        self._value = value + self._step
        return value

    def __repr__(self):
        step = self._step
        if isinstance(step, int) and step == 1:
            return '%s(%r)' % (type(self).__name__, self._value)
        return '%s(%r, %r)' % (type(self).__name__, self._value, step)


class cycle(_Iter):
    """Return elements from the iterable until it is exhausted. Then repeat the sequence indefinitely."""

    def __init__(self, *args, **kwargs):
        _posonly('cycle', args, kwargs, 1, 1)
        self._it = _cycle_gen(iter(args[0]))


def _cycle_gen(it):
    saved = []
    while True:
        try:
            element = next(it)
        except StopIteration:
            break
        yield element
        saved.append(element)
    if not saved:
        return
    while True:
        for element in saved:
            yield element


class repeat:
    """repeat(object [,times]) -> create an iterator which returns the object
for the specified number of times.  If not specified, returns the object
endlessly."""

    def __init__(self, *args, **kwargs):
        obj, times = _clinic('repeat', ('object', 'times'), 1, args, kwargs)
        self._object = obj
        if times is _NO:
            self._times = None
        else:
            times = _as_index(times)
            self._times = times if times > 0 else 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is None:
            return self._object
        if self._times <= 0:
            raise StopIteration
        self._times -= 1
        return self._object

    def __length_hint__(self):
        if self._times is None:
            raise TypeError("len() of unsized object")
        return self._times

    def __repr__(self):
        if self._times is None:
            return '%s(%r)' % (type(self).__name__, self._object)
        return '%s(%r, %d)' % (type(self).__name__, self._object, self._times)


# -- iterators terminating on the shortest input --------------------------------

class accumulate(_Iter):
    """Return series of accumulated sums (or other binary function results)."""

    def __init__(self, *args, **kwargs):
        iterable, func, initial = _clinic('accumulate', ('iterable', 'func', 'initial'), 1,
                                          args, kwargs, nkwonly=1)
        if func is _NO:
            func = None
        if initial is _NO:
            initial = None
        self._it = _accumulate_gen(iter(iterable), func, initial)


def _accumulate_gen(it, func, initial):
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    for element in it:
        if func is None:
            total = total + element
        else:
            total = func(total, element)
        yield total


class chain(_Iter):
    """Return a chain object whose .__next__() method returns elements from the
first iterable until it is exhausted, then elements from the next
iterable, until all of the iterables are exhausted."""

    def __init__(self, *iterables, **kwargs):
        if kwargs:
            raise TypeError('chain() takes no keyword arguments')
        self._it = _chain_gen(iter(iterables))

    @classmethod
    def from_iterable(cls, iterable):
        """Alternative chain() constructor taking a single iterable argument that evaluates lazily."""
        self = cls()
        self._it = _chain_gen(iter(iterable))
        return self


def _chain_gen(sources):
    for source in sources:
        for element in source:
            yield element


class compress(_Iter):
    """Return data elements corresponding to true selector elements."""

    def __init__(self, *args, **kwargs):
        data, selectors = _clinic('compress', ('data', 'selectors'), 2, args, kwargs)
        self._it = _compress_gen(iter(data), iter(selectors))


def _compress_gen(data, selectors):
    while True:
        try:
            d = next(data)
            s = next(selectors)
        except StopIteration:
            return
        if s:
            yield d


class dropwhile(_Iter):
    """Drop items from the iterable while predicate(item) is true."""

    def __init__(self, *args, **kwargs):
        _posonly('dropwhile', args, kwargs, 2, 2)
        self._it = _dropwhile_gen(args[0], iter(args[1]))


def _dropwhile_gen(predicate, it):
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


class filterfalse(_Iter):
    """Return those items of iterable for which function(item) is false."""

    def __init__(self, *args, **kwargs):
        _posonly('filterfalse', args, kwargs, 2, 2)
        self._it = _filterfalse_gen(args[0], iter(args[1]))


def _filterfalse_gen(predicate, it):
    if predicate is None:
        for x in it:
            if not x:
                yield x
    else:
        for x in it:
            if not predicate(x):
                yield x


class groupby:
    """make an iterator that returns consecutive keys and groups from the iterable"""

    def __init__(self, *args, **kwargs):
        iterable, key = _clinic('groupby', ('iterable', 'key'), 1, args, kwargs)
        if key is _NO:
            key = None
        self._keyfunc = key
        self._source = iter(iterable)
        self._tgtkey = _NO
        self._currkey = _NO
        self._currvalue = _NO
        self._currgrouper = None

    def __iter__(self):
        return self

    def _step(self):
        value = next(self._source)
        if self._keyfunc is None:
            key = value
        else:
            key = self._keyfunc(value)
        self._currvalue = value
        self._currkey = key

    def __next__(self):
        self._currgrouper = None
        # skip to the next group
        while True:
            if self._currkey is _NO:
                pass
            elif self._tgtkey is _NO:
                break
            elif not (self._tgtkey is self._currkey or self._tgtkey == self._currkey):
                break
            self._step()
        self._tgtkey = self._currkey
        grouper = _grouper(self, self._tgtkey)
        self._currgrouper = grouper
        return (self._currkey, grouper)


class _grouper:
    def __init__(self, parent, tgtkey):
        self._parent = parent
        self._tgtkey = tgtkey

    def __iter__(self):
        return self

    def __next__(self):
        parent = self._parent
        if parent._currgrouper is not self:
            raise StopIteration
        if parent._currvalue is _NO:
            parent._step()
        if not (self._tgtkey is parent._currkey or self._tgtkey == parent._currkey):
            raise StopIteration
        value = parent._currvalue
        parent._currvalue = _NO
        parent._currkey = _NO
        return value


class islice(_Iter):
    """islice(iterable, stop) --> islice object
islice(iterable, start, stop[, step]) --> islice object"""

    def __init__(self, *args, **kwargs):
        _posonly('islice', args, kwargs, 2, 4)
        start = 0
        stop = -1
        step = 1
        if len(args) == 2:
            if args[1] is not None:
                stop = _ssize_or_minus_one(args[1])
                if stop == -1:
                    raise ValueError('Stop argument for islice() must be None or an integer: '
                                     '0 <= x <= sys.maxsize.')
        else:
            if args[1] is not None:
                start = _ssize_or_minus_one(args[1])
            if args[2] is not None:
                stop = _ssize_or_minus_one(args[2])
                if stop == -1:
                    raise ValueError('Stop argument for islice() must be None or an integer: '
                                     '0 <= x <= sys.maxsize.')
        if start < 0 or stop < -1:
            raise ValueError('Indices for islice() must be None or an integer: '
                             '0 <= x <= sys.maxsize.')
        if len(args) == 4 and args[3] is not None:
            step = _ssize_or_minus_one(args[3])
        if step < 1:
            raise ValueError('Step for islice() must be a positive integer or None.')
        self._it = _islice_gen(iter(args[0]), start, stop, step)


def _ssize_or_minus_one(x):
    # like PyNumber_AsSsize_t with errors mapped to -1
    try:
        v = _as_index(x)
    except TypeError:
        return -1
    if v > _MAXSIZE:
        return -1
    return v


def _islice_gen(it, start, stop, step):
    # Mirrors CPython: never consumes more of `it` than needed.
    cnt = 0
    nxt = start
    while True:
        while cnt < nxt:
            try:
                next(it)
            except StopIteration:
                return
            cnt += 1
        if stop != -1 and cnt >= stop:
            return
        try:
            item = next(it)
        except StopIteration:
            return
        cnt += 1
        nxt += step
        if stop != -1 and nxt > stop:
            nxt = stop
        yield item


class pairwise(_Iter):
    """Return an iterator of overlapping pairs taken from the input iterator."""

    def __init__(self, *args, **kwargs):
        _posonly('pairwise', args, kwargs, 1, 1)
        self._it = _pairwise_gen(iter(args[0]))


def _pairwise_gen(it):
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield (a, b)
        a = b


class starmap(_Iter):
    """Return an iterator whose values are returned from the function evaluated with an argument tuple taken from the given sequence."""

    def __init__(self, *args, **kwargs):
        _posonly('starmap', args, kwargs, 2, 2)
        self._it = _starmap_gen(args[0], iter(args[1]))


def _starmap_gen(function, it):
    for args in it:
        if type(args) is not tuple:
            args = tuple(args)
        yield function(*args)


class takewhile(_Iter):
    """Return successive entries from an iterable as long as the predicate evaluates to true for each entry."""

    def __init__(self, *args, **kwargs):
        _posonly('takewhile', args, kwargs, 2, 2)
        self._it = _takewhile_gen(args[0], iter(args[1]))


def _takewhile_gen(predicate, it):
    for x in it:
        if predicate(x):
            yield x
        else:
            return


class _TeeLink:
    def __init__(self):
        self.value = None
        self.next = None


class _tee:
    """Iterator wrapped to make it copyable."""

    def __init__(self, source, link=None):
        self._source = source
        if link is None:
            link = _TeeLink()
        self._link = link

    def __iter__(self):
        return self

    def __next__(self):
        link = self._link
        if link.next is None:
            value = next(self._source)
            if link.next is None:
                link.value = value
                link.next = _TeeLink()
        self._link = link.next
        return link.value

    def __copy__(self):
        return _tee(self._source, self._link)


def tee(*args, **kwargs):
    """Returns a tuple of n independent iterators."""
    _posonly('tee', args, kwargs, 1, 2, kwname='itertools.tee')
    n = 2
    if len(args) == 2:
        n = _as_index(args[1])
    if n < 0:
        raise ValueError('n must be >= 0')
    if n == 0:
        return ()
    it = iter(args[0])
    if isinstance(it, _tee):
        first = it.__copy__()
    else:
        first = _tee(it)
    result = [first]
    for i in range(n - 1):
        result.append(first.__copy__())
    return tuple(result)


class zip_longest(_Iter):
    """Return a zip_longest object whose .__next__() method returns a tuple where
the i-th element comes from the i-th iterable argument."""

    def __init__(self, *args, **kwargs):
        fillvalue = None
        for key in kwargs:
            if key != 'fillvalue':
                raise TypeError('zip_longest() got an unexpected keyword argument')
            fillvalue = kwargs[key]
        self._it = _zip_longest_gen([iter(a) for a in args], fillvalue)


def _zip_longest_gen(iterators, fillvalue):
    n = len(iterators)
    if not n:
        return
    active = [True] * n
    num_active = n
    while True:
        values = []
        for i in range(n):
            if not active[i]:
                values.append(fillvalue)
                continue
            try:
                value = next(iterators[i])
            except StopIteration:
                active[i] = False
                num_active -= 1
                if not num_active:
                    return
                value = fillvalue
            values.append(value)
        yield tuple(values)


# -- combinatoric iterators -----------------------------------------------------

class product(_Iter):
    """Cartesian product of input iterables.  Equivalent to nested for-loops."""

    def __init__(self, *iterables, **kwargs):
        repeat = 1
        for key in kwargs:
            if key != 'repeat':
                raise TypeError('%r is an invalid keyword argument for product()' % (key,))
            repeat = _as_index(kwargs[key])
        if repeat < 0:
            raise ValueError('repeat argument cannot be negative')
        pools = [tuple(pool) for pool in iterables] * repeat
        self._it = _product_gen(pools)


def _product_gen(pools):
    n = len(pools)
    for pool in pools:
        if not pool:
            return
    indices = [0] * n
    yield tuple([pool[0] for pool in pools])
    while True:
        i = n - 1
        while i >= 0:
            indices[i] += 1
            if indices[i] < len(pools[i]):
                break
            indices[i] = 0
            i -= 1
        if i < 0:
            return
        yield tuple([pools[k][indices[k]] for k in range(n)])


class permutations(_Iter):
    """Return successive r-length permutations of elements in the iterable."""

    def __init__(self, *args, **kwargs):
        iterable, r = _clinic('permutations', ('iterable', 'r'), 1, args, kwargs)
        pool = tuple(iterable)
        if r is _NO or r is None:
            r = len(pool)
        else:
            if not isinstance(r, int):
                raise TypeError('Expected int as r')
            if r < 0:
                raise ValueError('r must be non-negative')
        self._it = _permutations_gen(pool, r)


def _permutations_gen(pool, r):
    # index tuples in lexicographic order, by depth-first search
    n = len(pool)
    if r > n:
        return
    if r == 0:
        yield ()
        return
    used = [False] * n
    chosen = [0] * r
    pos = [0] * r         # next candidate index to try at each depth
    depth = 0
    while depth >= 0:
        i = pos[depth]
        while i < n and used[i]:
            i += 1
        if i >= n:
            # exhausted this depth: backtrack
            pos[depth] = 0
            depth -= 1
            if depth >= 0:
                used[chosen[depth]] = False
            continue
        chosen[depth] = i
        pos[depth] = i + 1
        if depth == r - 1:
            yield tuple([pool[k] for k in chosen])
        else:
            used[i] = True
            depth += 1


class combinations(_Iter):
    """Return successive r-length combinations of elements in the iterable."""

    def __init__(self, *args, **kwargs):
        iterable, r = _clinic('combinations', ('iterable', 'r'), 2, args, kwargs)
        pool = tuple(iterable)
        r = _as_index(r)
        if r < 0:
            raise ValueError('r must be non-negative')
        self._it = _combinations_gen(pool, r)


def _combinations_gen(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple([pool[i] for i in indices])
    while True:
        i = r - 1
        while i >= 0 and indices[i] == i + n - r:
            i -= 1
        if i < 0:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple([pool[i] for i in indices])


class combinations_with_replacement(_Iter):
    """Return successive r-length combinations of elements in the iterable allowing individual elements to have successive repeats."""

    def __init__(self, *args, **kwargs):
        iterable, r = _clinic('combinations_with_replacement', ('iterable', 'r'), 2, args, kwargs)
        pool = tuple(iterable)
        r = _as_index(r)
        if r < 0:
            raise ValueError('r must be non-negative')
        self._it = _cwr_gen(pool, r)


def _cwr_gen(pool, r):
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple([pool[i] for i in indices])
    while True:
        i = r - 1
        while i >= 0 and indices[i] == n - 1:
            i -= 1
        if i < 0:
            return
        v = indices[i] + 1
        for j in range(i, r):
            indices[j] = v
        yield tuple([pool[i] for i in indices])
