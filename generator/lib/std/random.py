"""Pseudo-random numbers: CPython's Mersenne Twister (MT19937, seeded by
init_by_array as CPython's _random module does), so that `seed(n)` with an int or a
float gives CPython 3.11's exact sequence for random, getrandbits, randrange, randint,
choice, choices, shuffle, sample, uniform, gauss and normalvariate.

Not here: str/bytes seeds (CPython hashes them with SHA-512), SystemRandom, and the
distributions other than the uniform and normal ones.
"""
import math as _math
import time as _time

__all__ = ['Random', 'seed', 'random', 'getrandbits', 'randrange', 'randint', 'choice', 'choices',
           'shuffle', 'sample', 'uniform', 'gauss', 'normalvariate', 'getstate', 'setstate']

_N = 624
_M = 397
_MATRIX_A = 0x9908b0df
_UPPER = 0x80000000
_LOWER = 0x7fffffff
_MASK32 = 0xffffffff
_TWOPI = 2.0 * _math.pi
_NV_MAGICCONST = 4 * _math.exp(-0.5) / _math.sqrt(2.0)
_RECIP_BPF = 1.0 / 9007199254740992.0   # 2 ** -53


def _int_key(n):
    """The seed's absolute value as 32-bit words, least significant first."""
    n = abs(n)
    key = []
    while n:
        key.append(n & _MASK32)
        n >>= 32
    return key or [0]


class Random:
    """A Mersenne Twister generator with its own state."""

    VERSION = 3

    def __init__(self, x=None):
        self.seed(x)

    def seed(self, a=None, version=2):
        if a is None:
            a = _time.time_ns() ^ (id(self) << 16)
        elif isinstance(a, float):
            a = hash(a)
        elif isinstance(a, (str, bytes, bytearray)):
            raise NotImplementedError('exocc: random.seed() takes int and float seeds (str and bytes '
                                      'seeds need SHA-512)')
        elif not isinstance(a, int):
            raise TypeError('The only supported seed types are: None,\nint, float, str, bytes, and bytearray.')
        self._init_by_array(_int_key(a))
        self.gauss_next = None

    def _init_genrand(self, s):
        mt = [0] * _N
        mt[0] = s
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK32
        self._mt = mt
        self._index = _N

    def _init_by_array(self, key):
        self._init_genrand(19650218)
        mt = self._mt
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & _MASK32
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK32
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000

    def _twist(self):
        mt = self._mt
        for k in range(_N):
            y = (mt[k] & _UPPER) | (mt[(k + 1) % _N] & _LOWER)
            mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self._index = 0

    def _genrand_uint32(self):
        if self._index >= _N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9d2c5680
        y ^= (y << 15) & 0xefc60000
        y ^= y >> 18
        return y & _MASK32

    def random(self):
        """A float in [0.0, 1.0) with 53 random bits."""
        a = self._genrand_uint32() >> 5
        b = self._genrand_uint32() >> 6
        return (a * 67108864.0 + b) * _RECIP_BPF

    def getrandbits(self, k):
        """An int with `k` random bits."""
        if k < 0:
            raise ValueError('number of bits must be non-negative')
        if k <= 32:
            return self._genrand_uint32() >> (32 - k) if k else 0
        result = 0
        shift = 0
        while k > 0:
            r = self._genrand_uint32()
            if k < 32:
                r >>= 32 - k
            result |= r << shift
            shift += 32
            k -= 32
        return result

    def getstate(self):
        return (self.VERSION, tuple(self._mt) + (self._index,), self.gauss_next)

    def setstate(self, state):
        version, internal, self.gauss_next = state
        if version != self.VERSION or len(internal) != _N + 1:
            raise ValueError('state with version %s passed to Random.setstate() of version %s'
                             % (version, self.VERSION))
        self._mt = list(internal[:_N])
        self._index = internal[_N]

    def _randbelow(self, n):
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        """An int from range(start, stop, step)."""
        istart = _as_int(start, 'arg 1')
        if stop is None:
            if step != 1:
                raise TypeError('Missing a non-None stop argument')
            if istart > 0:
                return self._randbelow(istart)
            raise ValueError('empty range for randrange()')
        istop = _as_int(stop, 'stop')
        width = istop - istart
        istep = _as_int(step, 'step')
        if istep == 1:
            if width > 0:
                return istart + self._randbelow(width)
            raise ValueError('empty range for randrange() (%d, %d, %d)' % (istart, istop, width))
        if istep > 0:
            n = (width + istep - 1) // istep
        elif istep < 0:
            n = (width + istep + 1) // istep
        else:
            raise ValueError('zero step for randrange()')
        if n <= 0:
            raise ValueError('empty range for randrange()')
        return istart + istep * self._randbelow(n)

    def randint(self, a, b):
        """An int N with a <= N <= b."""
        return self.randrange(a, b + 1)

    def choice(self, seq):
        """A random element of a non-empty sequence."""
        if not len(seq):
            raise IndexError('Cannot choose from an empty sequence')
        return seq[self._randbelow(len(seq))]

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        """`k` elements chosen with replacement, optionally weighted."""
        n = len(population)
        if cum_weights is None:
            if weights is None:
                n += 0.0
                return [population[_math.floor(self.random() * n)] for _ in range(k)]
            cum_weights = []
            total = 0
            for w in weights:
                total += w
                cum_weights.append(total)
        elif weights is not None:
            raise TypeError('Cannot specify both weights and cumulative weights')
        if len(cum_weights) != n:
            raise ValueError('The number of weights does not match the population')
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError('Total of weights must be greater than zero')
        if not _math.isfinite(total):
            raise ValueError('Total of weights must be finite')
        hi = n - 1
        return [population[_bisect_right(cum_weights, self.random() * total, 0, hi)] for _ in range(k)]

    def shuffle(self, x):
        """Shuffle list `x` in place."""
        for i in reversed(range(1, len(x))):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None):
        """`k` distinct positions of `population`, in selection order."""
        if isinstance(population, (set, frozenset, dict)) or not hasattr(population, '__getitem__'):
            raise TypeError('Population must be a sequence.  For dicts or sets, use sorted(d).')
        n = len(population)
        if counts is not None:
            cum_counts = []
            total = 0
            for c in counts:
                total += c
                cum_counts.append(total)
            if len(cum_counts) != n:
                raise ValueError('The number of counts does not match the population')
            total = cum_counts.pop()
            if not isinstance(total, int):
                raise TypeError('Counts must be integers')
            if total <= 0:
                raise ValueError('Total of counts must be greater than zero')
            selections = self.sample(range(total), k=k)
            return [population[_bisect_right(cum_counts, s, 0, len(cum_counts))] for s in selections]
        if not 0 <= k <= n:
            raise ValueError('Sample larger than population or is negative')
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** _math.ceil(_math.log(k * 3, 4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def uniform(self, a, b):
        """A float between a and b."""
        return a + (b - a) * self.random()

    def gauss(self, mu=0.0, sigma=1.0):
        """Normal distribution (Box-Muller; keeps the second value for the next call)."""
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = self.random() * _TWOPI
            g2rad = _math.sqrt(-2.0 * _math.log(1.0 - self.random()))
            z = _math.cos(x2pi) * g2rad
            self.gauss_next = _math.sin(x2pi) * g2rad
        return mu + z * sigma

    def normalvariate(self, mu=0.0, sigma=1.0):
        """Normal distribution (Kinderman and Monahan)."""
        while True:
            u1 = self.random()
            u2 = 1.0 - self.random()
            z = _NV_MAGICCONST * (u1 - 0.5) / u2
            if z * z / 4.0 <= -_math.log(u2):
                break
        return mu + z * sigma


def _as_int(value, what):
    if isinstance(value, int):
        return int(value)
    if hasattr(type(value), '__index__'):
        return value.__index__()
    ivalue = int(value)
    if ivalue != value:
        raise ValueError('non-integer %s for randrange()' % what)
    return ivalue


def _bisect_right(a, x, lo, hi):
    while lo < hi:
        mid = (lo + hi) // 2
        if x < a[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


_inst = Random()
seed = _inst.seed
random = _inst.random
getrandbits = _inst.getrandbits
randrange = _inst.randrange
randint = _inst.randint
choice = _inst.choice
choices = _inst.choices
shuffle = _inst.shuffle
sample = _inst.sample
uniform = _inst.uniform
gauss = _inst.gauss
normalvariate = _inst.normalvariate
getstate = _inst.getstate
setstate = _inst.setstate
