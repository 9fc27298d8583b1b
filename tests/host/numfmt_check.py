#!/usr/bin/env python3
"""Compares exocc's formatting/parsing libraries against the running CPython.

Generates a large table of cases (edge values, random values, every format-spec
feature, malformed inputs), runs them through numfmt_check (the C++ driver), computes
the expected result of each case with this Python at test time, and prints
"N passed, M failed" plus the first failures.

    python3 tests/host/numfmt_check.py [--binary PATH] [--seed N] [--scale K] [--show N]

Without --binary it compiles the driver with ASan/UBSan (nice g++, one job).
Run it with CPython 3.11: expected values are whatever this interpreter produces.
"""
import argparse
import decimal
import math
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
HOST = os.path.join(ROOT, 'generator', 'host')
SOURCES = ['numfmt', 'numops', 'format_spec', 'percent_format', 'str_repr', 'unicode_util']

INT64_MIN, INT64_MAX = -2**63, 2**63 - 1
TOO_LARGE = OverflowError('int too large for exocc (64-bit ints only)')


# ------------------------------------------------------------------ encodings

def enc_s(s):
    return s.encode('utf-8', 'surrogatepass').hex()


def bits(x):
    return '%016x' % struct.unpack('<Q', struct.pack('<d', x))[0]


def from_bits(b):
    return struct.unpack('<d', struct.pack('<Q', b))[0]


def enc_v(v):
    if isinstance(v, bool):
        return 'b%d;' % v
    if isinstance(v, int):
        return 'i%d;' % v
    if isinstance(v, float):
        return 'f%s;' % bits(v)
    if isinstance(v, str):
        return 's%s;' % enc_s(v)
    if v is None:
        return 'n;'
    if isinstance(v, tuple):
        return 't%d;' % len(v) + ''.join(enc_v(x) for x in v)
    if isinstance(v, list):
        return 'l%d;' % len(v) + ''.join(enc_v(x) for x in v)
    if isinstance(v, dict):
        return 'd%d;' % len(v) + ''.join(enc_v(k) + enc_v(x) for k, x in v.items())
    raise TypeError(v)


def check64(v):
    if not INT64_MIN <= v <= INT64_MAX:
        raise TOO_LARGE
    return v


# ------------------------------------------------------------------ expected values

def compute(op, a):
    if op == 'repr':
        return repr(a[0])
    if op == 'fmtf':
        return format(a[0], a[1])
    if op == 'fmti':
        return format(a[0], a[1])
    if op == 'fmtb':
        return format(bool(a[0]), a[1])
    if op == 'fmts':
        return format(a[0], a[1])
    if op == 'int':
        return str(check64(int(a[0], a[1])))
    if op == 'float':
        return bits(float(a[0]))
    if op == 'round':
        return bits(round(a[0], a[1]))
    if op == 'roundi':
        return str(check64(round(a[0])))
    if op == 'trunc':
        return str(check64(int(a[0])))
    if op == 'hashi':
        return str(hash(a[0]))
    if op == 'hashf':
        return '0' if math.isnan(a[0]) else str(hash(a[0]))
    if op in ('bin', 'oct', 'hex', 'str'):
        return {'bin': bin, 'oct': oct, 'hex': hex, 'str': str}[op](a[0])
    if op == 'repr_s':
        return repr(a[0])
    if op == 'ascii_s':
        return ascii(a[0])
    if op == 'fdiv':
        return bits(a[0] / a[1])
    if op == 'ffloordiv':
        return bits(a[0] // a[1])
    if op == 'fmod':
        return bits(a[0] % a[1])
    if op == 'fdivmod':
        q, r = divmod(a[0], a[1])
        return bits(q) + ',' + bits(r)
    if op == 'fpow':
        try:
            r = a[0] ** a[1]
        except OverflowError as e:
            if str(e) != 'complex exponentiation':
                raise
            r = 1j  # a complex result that overflowed: still the complex case for us
        if isinstance(r, complex):
            raise ValueError('negative number cannot be raised to a fractional power')
        return bits(r)
    if op == 'itruediv':
        return bits(a[0] / a[1])
    if op == 'ifloordiv':
        r = a[0] // a[1]
        return str(r) if INT64_MIN <= r <= INT64_MAX else 'OVF'
    if op == 'imod':
        return str(a[0] % a[1])
    if op == 'ipow':
        x, n = a
        if n < 0:
            r = x ** n
            if isinstance(r, complex):
                raise ValueError('negative number cannot be raised to a fractional power')
            return bits(r)
        if abs(x) >= 2 and n > 64:
            return 'OVF'
        r = x ** n
        return str(r) if INT64_MIN <= r <= INT64_MAX else 'OVF'
    if op in ('iadd', 'isub', 'imul', 'ishl'):
        x, y = a
        if op == 'ishl':
            if y < 0:
                raise ValueError('negative shift count')
            if x != 0 and y >= 64:
                return 'OVF'
        r = {'iadd': x + y, 'isub': x - y, 'imul': x * y}.get(op) if op != 'ishl' else x << y
        return str(r) if INT64_MIN <= r <= INT64_MAX else 'OVF'
    if op == 'ishr':
        return str(a[0] >> a[1])
    if op == 'cmp':
        x, y = a
        if math.isnan(y):
            return '2'
        return str((x > y) - (x < y))
    if op == 'pct':
        return a[0] % a[1]
    raise AssertionError(op)


def expected(op, a):
    try:
        return 'OK ' + enc_s(compute(op, a))
    except Exception as e:  # the exception class and message are what we compare
        return ('ERR %s: %s' % (type(e).__name__, e)).replace('\n', ' ')


def encode_case(op, a):
    if op == 'pct':
        return '\t'.join([op, enc_s(a[0]), enc_v(a[1])])
    enc = []
    for x in a:
        if isinstance(x, float):
            enc.append(bits(x))
        elif isinstance(x, bool):
            enc.append(str(int(x)))
        elif isinstance(x, int):
            enc.append(str(x))
        elif isinstance(x, str):
            enc.append(enc_s(x))
        else:
            enc.append(enc_v(x))
    return '\t'.join([op] + enc)


# ------------------------------------------------------------------ value generators

SPECIAL_FLOATS = [
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.5, 0.1, 0.2, 0.3, 0.1 + 0.2, 1 / 3, 2 / 3,
    1e-5, 1e-4, 1.5e-7, 1e-7, 0.00001234, 1e15, 1e16, 1e17, 1e22, 1e23, 1e100, 1e300, 1e308,
    1.7976931348623157e308, 5e-324, 1e-320, 2.2250738585072014e-308, 2.225073858507201e-308,
    123456789.0, 1234567890123456.0, 12345678901234567.0, 9007199254740993.0, 2.0 ** 53,
    2.675, 1.005, 0.125, 0.375, 0.0625, 100.0, 1234.5678, 999.9999, 9.5, 0.05, 99.995,
    0.9999999999, 9.999999999e15, 9.9999999999999999e22, 2.0 ** 63, -2.0 ** 63, 2.0 ** 64,
    123.456, 3.14159, 22.125, 0.875, 12345.678, 1e-3, 123456.789, 0.000123, 1e20, 65.0,
    math.pi, math.e, -math.pi, 0.5e-323, 4.35, 0.045, 1.25, 0.25, 2 ** 0.5, 8 ** (1 / 3),
    float('inf'), float('-inf'), float('nan'), -float('nan'), 1e-310, 7.0, 10.0, 1e9, 1e10,
]


def rand_double(rng):
    k = rng.random()
    if k < 0.25:
        return from_bits(rng.getrandbits(64))
    if k < 0.45:
        return round(rng.uniform(-1e6, 1e6), rng.randint(0, 8))
    if k < 0.55:
        return rng.randint(-10**6, 10**6) + 0.5
    if k < 0.7:
        return rng.uniform(1, 10) * 10.0 ** rng.randint(-30, 30) * rng.choice([1, -1])
    if k < 0.8:
        x = 10.0 ** rng.randint(-20, 25)
        for _ in range(rng.randint(0, 3)):
            x = math.nextafter(x, rng.choice([0, math.inf]))
        return x
    if k < 0.9:
        return float(rng.randint(-2**62, 2**62)) / rng.choice([1, 3, 7, 10, 1000, 2**20])
    return rng.choice(SPECIAL_FLOATS)


SPECIAL_INTS = [0, 1, -1, 2, -2, 7, -7, 10, 42, 65, 97, 255, -255, 256, 1000, 1234, 1234567,
                -1234567, 10**6, 10**9, 10**12, 10**15, 10**18, 2**31 - 1, -2**31, 2**32, 2**53,
                2**53 + 1, 2**61 - 1, 2**61, 2**62, INT64_MAX, INT64_MIN, INT64_MIN + 1,
                0x10FFFF, 0x110000, 0xD800, 0x1F600, 0xE9, 0x7F, 0x85, 31, 32, 9]


def rand_int(rng):
    k = rng.random()
    if k < 0.3:
        return rng.choice(SPECIAL_INTS)
    if k < 0.5:
        return rng.randint(-1000, 1000)
    if k < 0.7:
        return rng.randint(-10**9, 10**9)
    if k < 0.85:
        return rng.randint(INT64_MIN, INT64_MAX)
    b = rng.randint(0, 62)
    return rng.choice([1, -1]) * (2**b + rng.randint(-2, 2))


FILLS = ['*', '0', ' ', 'x', 'é', '€', '<', '>', '{', '=', '^', '-', '+', '#', ',', '_', '.', '\U0001F600', '1']


def rand_spec(rng, types):
    r = rng.random
    s = ''
    if r() < 0.3:
        s += rng.choice(FILLS) + rng.choice('<>=^')
    elif r() < 0.25:
        s += rng.choice('<>=^')
    if r() < 0.3:
        s += rng.choice('+- ')
    if r() < 0.07:
        s += 'z'
    if r() < 0.15:
        s += '#'
    if r() < 0.2:
        s += '0'
    if r() < 0.5:
        s += str(rng.choice([0, 1, 2, 3, 5, 8, 10, 12, 15, 20, 25, 30, rng.randint(0, 40), 100]))
    k = r()
    if k < 0.12:
        s += ','
    elif k < 0.22:
        s += '_'
    elif k < 0.24:
        s += rng.choice([',_', '_,', ',,', '__'])
    k = r()
    if k < 0.45:
        s += '.' + str(rng.choice([0, 1, 2, 3, 4, 5, 6, 10, 15, 16, 17, 20, rng.randint(0, 30),
                                   rng.choice([50, 100, 300, 400, 1100, 2000])]))
    elif k < 0.47:
        s += '.'
    if r() < 0.85:
        s += rng.choice(types)
    if r() < 0.02:
        s += rng.choice('xs.1,')
    return s


SPEC_ALPHABET = '<>=^+- z#0123456789,_.bcdeEfFgGnosxX%\x01é'


def garbage_spec(rng):
    return ''.join(rng.choice(SPEC_ALPHABET) for _ in range(rng.randint(1, 7)))


FLOAT_TYPES = list('eEfFgGn%') + [''] * 4 + list('dsxc')
INT_TYPES = list('bcdoxXn') + list('eEfFgG%') + [''] * 3 + ['s', 'r', '\x01', 'é']
STR_TYPES = ['s'] * 4 + [''] * 4 + ['d', 'f', 'r']


def rand_text(rng, ascii_only=False):
    pools = ['abc', 'hello world', "it's", 'say "hi"', 'both \' and "', 'tab\there',
             'line\nbreak', 'back\\slash', '', ' ', 'x' * 20, 'mixed éü', '日本語', '\U0001F600 smile',
             '\x00\x07\x1b\x7f', 'cr\r', '\xad\x85\xa0', '\u2028\ufeff\ue000\u0378', '\udc80\ud800',
             '\U000E0001\U0010FFFF', 'ß']
    if rng.random() < 0.5:
        s = rng.choice(pools)
    else:
        chars = []
        for _ in range(rng.randint(0, 12)):
            k = rng.random()
            if k < 0.5:
                chars.append(chr(rng.randint(0, 127)))
            elif k < 0.7:
                chars.append(chr(rng.randint(0x80, 0x7FF)))
            elif k < 0.9:
                chars.append(chr(rng.randint(0x800, 0xFFFF)))
            else:
                chars.append(chr(rng.randint(0x10000, 0x10FFFF)))
        s = ''.join(chars)
    if ascii_only:
        s = s.encode('ascii', 'replace').decode()
    return s


WS = ['', '', '', ' ', '  ', '\t', '\n', '\x0b', '\x0c', '\r', '\x1c', '\x1f', '\xa0', '\u2003',
      '\u3000', '\x85', '\u200b', '\x00']
UNI_DIGITS = ['٣', '۵', '०', '১', '٠', '９', '𝟘', '᠐']


def rand_int_text(rng):
    base = rng.choice([0, 0, 10, 10, 2, 8, 16, 36, rng.randint(2, 36), 1, 37, -1, 0])
    b = base if base >= 2 else 10
    alphabet = '0123456789abcdefghijklmnopqrstuvwxyz'[:max(2, min(b, 36))]
    k = rng.random()
    if k < 0.1:
        v = rng.choice(SPECIAL_INTS + [2**63, -2**63 - 1, 2**64, 10**19, -10**19])
        s = rng.choice([str(v), hex(v), oct(v), bin(v), str(v) + ' ', ' ' + str(v)])
        base = rng.choice([0, 10, 16, 8, 2]) if rng.random() < 0.5 else 0
        return s, base
    if k < 0.13:
        return rng.choice(['1' * 5000, '0' * 30 + '1', '0' * 5000, '1' * 4301, '1' * 4300 + 'x',
                           '_1', '1_', '1__0', '0_0', '0x_1', '0x__1', '0_', '-0', '+0', '', ' ',
                           '-', '0x', '0b', '00', '010', '0o17', '1 2', '1\x00', 'é', '12é']), base
    s = rng.choice(WS)
    s += rng.choice(['', '', '', '+', '-', '--', '+-'])
    if rng.random() < 0.3:
        s += rng.choice(['0x', '0X', '0o', '0O', '0b', '0B', '0', '0_'])
    nd = rng.randint(0, 22)
    for i in range(nd):
        if rng.random() < 0.08 and i > 0:
            s += '_'
        c = rng.choice(alphabet)
        if rng.random() < 0.3:
            c = c.upper()
        if rng.random() < 0.02:
            c = rng.choice(UNI_DIGITS)
        s += c
    if rng.random() < 0.05:
        s += rng.choice(['_', 'g', '.', ' x', 'é', '\x00'])
    s += rng.choice(WS)
    return s, base


def rand_float_text(rng):
    k = rng.random()
    if k < 0.2:
        x = rand_double(rng)
        s = rng.choice([repr(x), '%.17g' % x, '%.25e' % x, '%.3f' % x, '%g' % x, str(x).upper()])
        return rng.choice(WS[:6]) + s + rng.choice(WS[:6])
    if k < 0.3:
        # Decimal midpoints between adjacent doubles (and a hair either side): the
        # hardest cases for correct rounding.
        x = abs(rand_double(rng))
        if not math.isfinite(x):
            x = 1.0
        y = math.nextafter(x, math.inf)
        if not math.isfinite(y):
            return '1e308'
        with decimal.localcontext() as ctx:
            ctx.prec = 2000
            mid = (decimal.Decimal(x) + decimal.Decimal(y)) / 2
            tweak = rng.choice([0, 0, 1, -1])
            if tweak:
                mid += tweak * decimal.Decimal(10) ** (mid.adjusted() - 900)
            return str(mid)
    if k < 0.4:
        return rng.choice(['inf', 'Inf', '-INF', '+infinity', 'Infinity', 'nan', 'NaN', '-nan', '+NAN',
                           'infinit', 'nan(1)', 'in', 'infinityy', ' -inf ', '1e400', '-1e400', '1e-400',
                           '1e99999999999999999999', '0e99999999999999999999', '-1e-99999999999999999',
                           '.', 'e5', '1e', '1e+', '.e1', '1.e5', '.5', '5.', '+.5e-3', '1_000.5',
                           '1__0', '_1', '1_', '1_.5', '1._5', '1e1_0', '1e_1', '1_e1', '0x10', '', ' ',
                           '١.٥', '1\x00', '4.9406564584124654e-324', '2.4703282292062328e-324',
                           '2.4703282292062327e-324', '1' * 400, '0.' + '0' * 400 + '1',
                           '1' * 800 + 'e-800', '9' * 30, '1,5', '1.5.5', '--1', '+-1', '1e--5'])
    s = rng.choice(WS)
    s += rng.choice(['', '', '+', '-'])
    s += ''.join(rng.choice('0123456789') for _ in range(rng.randint(0, 6)))
    if rng.random() < 0.6:
        s += '.' + ''.join(rng.choice('0123456789') for _ in range(rng.randint(0, 6)))
    if rng.random() < 0.4:
        s += rng.choice('eE') + rng.choice(['', '+', '-']) + str(rng.randint(0, 330))
    if rng.random() < 0.1:
        i = rng.randint(0, len(s))
        s = s[:i] + '_' + s[i:]
    if rng.random() < 0.05:
        s += rng.choice(['x', 'é', '٣', '\x00'])
    s += rng.choice(WS)
    return s


# ------------------------------------------------------------------ printf-style

PCT_CONVS = list('sdiouxXeEfFgGcra') * 3 + list('%yk') + ['é']


def rand_value_for(rng, conv):
    k = rng.random()
    if conv in 'diu':
        if k < 0.6:
            return rand_int(rng)
        if k < 0.85:
            x = rand_double(rng)
            return x if not math.isfinite(x) or abs(x) < 9e18 else 1.5
        if k < 0.93:
            return rng.choice([True, False])
        return rng.choice(['5', None, [1]])
    if conv in 'oxX':
        if k < 0.85:
            return rand_int(rng)
        if k < 0.9:
            return True
        return rng.choice([1.5, '7', None])
    if conv in 'eEfFgG':
        if k < 0.75:
            return rand_double(rng)
        if k < 0.9:
            return rand_int(rng)
        return rng.choice([True, 'x', None])
    if conv == 'c':
        if k < 0.5:
            return rng.choice([65, 97, 0x20AC, 0x1F600, 0, 0x10FFFF, 0x110000, -1, 9, True])
        if k < 0.85:
            return rng.choice(['a', 'é', '\U0001F600', ' ', '%'])
        return rng.choice(['ab', '', 1.5, None])
    # s r a
    opts = [rand_text(rng, ascii_only=(conv == 'a' and rng.random() < 0.5)), rand_int(rng),
            rand_double(rng), None, True, (1, 'a'), [2.5, 'b'], ()]
    return rng.choice(opts)


def rand_pct_spec(rng, key=None):
    s = '%'
    if key is not None:
        s += '(' + key + ')'
    stars = 0
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3])):
        s += rng.choice('-+ #0')
    k = rng.random()
    if k < 0.35:
        s += str(rng.choice([0, 1, 2, 5, 8, 10, 12, 20, rng.randint(0, 30)]))
    elif k < 0.42:
        s += '*'
        stars += 1
    k = rng.random()
    if k < 0.35:
        s += '.' + str(rng.choice([0, 1, 2, 3, 5, 8, 10, 17, 20, rng.randint(0, 30)]))
    elif k < 0.38:
        s += '.'
    elif k < 0.43:
        s += '.*'
        stars += 1
    if rng.random() < 0.03:
        s += rng.choice('hlL')
    conv = rng.choice(PCT_CONVS)
    s += conv
    return s, conv, stars


PCT_LITERALS = ['', '', ' ', 'ab', '|', '%%', 'é', '100%% ', '\n', ': ']


def rand_pct_case(rng):
    k = rng.random()
    if k < 0.12:
        # Random soup: exercises every parse error path.
        alphabet = '%%%()-+ #0123456789.*hlLsdxfgcraXy'
        fmt = ''.join(rng.choice(alphabet) for _ in range(rng.randint(1, 10)))
        args = tuple(rng.choice([1, -5, 2.5, 'x', 'é', 65, True, None])
                     for _ in range(rng.randint(0, 4)))
        if rng.random() < 0.3:
            args = rng.choice([{'a': 1, 'b': 'x', '': 2.5, '(a)': 3}, 7, 'q', [], [1]])
        return fmt, args
    use_dict = k < 0.3
    fmt = rng.choice(PCT_LITERALS)
    values = []
    d = {}
    nspec = rng.choice([0, 1, 1, 1, 2, 2, 3, 4])
    for _ in range(nspec):
        key = None
        if use_dict:
            key = rng.choice(['a', 'b', 'name', 'x y', '', '(p)'])
        spec, conv, stars = rand_pct_spec(rng, key)
        fmt += spec + rng.choice(PCT_LITERALS)
        for _ in range(stars):
            values.append(rng.choice([rng.randint(-25, 25)] * 6 + ['3', 2.0, 2**40, -2**40]))
        v = rand_value_for(rng, conv) if conv != '%' else 1
        if use_dict and key is not None:
            # A key may be reused by a %d spec: keep floats within int64 (no bignums).
            if isinstance(v, float) and math.isfinite(v) and abs(v) >= 9e18:
                v = 1.5
            if key not in d or rng.random() < 0.5:
                d[key] = v
        else:
            values.append(v)
    if use_dict:
        if rng.random() < 0.1 and d:
            d.pop(next(iter(d)))
        return fmt, d
    k = rng.random()
    if k < 0.08 and values:
        values.pop()
    elif k < 0.14:
        values.append(rng.choice([1, 'extra']))
    if len(values) == 1 and rng.random() < 0.5 and not isinstance(values[0], (tuple, dict, list)):
        return fmt, values[0]
    return fmt, tuple(values)


# ------------------------------------------------------------------ the case table

def generate(rng, scale):
    cases = []
    add = lambda op, *a: cases.append((op, list(a)))

    floats = SPECIAL_FLOATS + [rand_double(rng) for _ in range(3000 * scale)]
    ints = SPECIAL_INTS + [rand_int(rng) for _ in range(1500 * scale)]

    for x in floats:
        add('repr', x)
        add('hashf', x)
        add('roundi', x)
        add('trunc', x)
    for i in range(200000 * scale):
        x = rand_double(rng)
        add('repr', x)
    for i in ints:
        add('hashi', i)
        for op in ('bin', 'oct', 'hex', 'str'):
            add(op, i)

    # Format specs: a fixed sweep of single features, then random combinations.
    base_specs = ['', 'f', '.2f', '.0f', '#.0f', 'e', '.3e', 'E', 'g', '.3g', '#g', 'G', 'n', '%',
                  '.1%', '10', '<10', '^10', '>10', '=10', '*^12.3f', '010.2f', '+', ' ', '-', 'z.1f',
                  ',', '_', ',.2f', '015,.2f', '.3', '.1', '#', '#.3', '08,', 'x<8', '€>7.2e', '.17g',
                  '.20f', '.400f', '.1100e', '.2000g', '#.2000g', ',.0f', '_g', ',%', 'c', 'd', 's', 'xx',
                  '.', '.f', '99999999999999999999', '.99999999999f', '0=10', '=+08.3f', '#x', '\x01']
    for x in SPECIAL_FLOATS:
        for spec in base_specs:
            add('fmtf', x, spec)
    for i in SPECIAL_INTS:
        for spec in ['', 'd', 'b', 'o', 'x', 'X', '#b', '#o', '#x', '#X', 'c', 'n', ',', '_', '_b', '_x',
                     '#_x', '#010x', '010', '+', ' ', '=+10', '^9', '*<9,', '08,', '012_b', 'f', '.2f',
                     'e', 'g', '%', '.2', 'z', '+c', '#c', '10c', 's', ',c', ',n', ',x', 'é', 'ZZ']:
            add('fmti', i, spec)
    for x in [rand_double(rng) for _ in range(20000 * scale)]:
        add('fmtf', x, rand_spec(rng, FLOAT_TYPES))
    for x in [rand_double(rng) for _ in range(2000 * scale)]:
        add('fmtf', x, garbage_spec(rng))
    for _ in range(12000 * scale):
        add('fmti', rand_int(rng), rand_spec(rng, INT_TYPES))
    for _ in range(2000 * scale):
        add('fmti', rand_int(rng), garbage_spec(rng))
    for _ in range(500 * scale):
        add('fmtb', rng.choice([0, 1]), rand_spec(rng, INT_TYPES) or 'd')
    for _ in range(6000 * scale):
        add('fmts', rand_text(rng), rand_spec(rng, STR_TYPES))
    for _ in range(1000 * scale):
        add('fmts', rand_text(rng), garbage_spec(rng))

    for _ in range(8000 * scale):
        s, base = rand_int_text(rng)
        add('int', s, base)
    for _ in range(8000 * scale):
        add('float', rand_float_text(rng))

    for _ in range(8000 * scale):
        x = rand_double(rng)
        n = rng.choice([0, 0, 1, 2, 3, -1, -2, rng.randint(-20, 20), rng.randint(-330, 330),
                        323, 324, -308, -309, 10**18, -10**18])
        add('round', x, n)
    for x in [0.5, 1.5, 2.5, -0.5, 2.675, 0.125, 0.375, 25.0, -25.0, 1.7976931348623157e308, 5e-324,
              1e300, 0.1, 1234.5678, 0.045, 4.35]:
        for n in [-400, -309, -308, -307, -300, -3, -2, -1, 0, 1, 2, 3, 300, 323, 324]:
            add('round', x, n)

    for _ in range(3000 * scale):
        s = rand_text(rng)
        add('repr_s', s)
        add('ascii_s', s)

    fl = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, 0.1, 7.5, -7.5, 1e300, -1e300, 5e-324,
          float('inf'), float('-inf'), float('nan'), 1e-300, 10.0, 400.0, -3.0, 1 / 3, 2.5, 1e308]
    for x in fl:
        for y in fl:
            for op in ('fdiv', 'ffloordiv', 'fmod', 'fdivmod', 'fpow'):
                add(op, x, y)
    for _ in range(4000 * scale):
        x, y = rand_double(rng), rand_double(rng)
        if rng.random() < 0.3:
            y = rng.choice(fl)
        for op in ('fdiv', 'ffloordiv', 'fmod', 'fdivmod'):
            add(op, x, y)
        add('fpow', rng.choice([x, rng.uniform(-10, 10)]), rng.choice([y, float(rng.randint(-40, 40)),
                                                                        rng.uniform(-5, 5)]))
    for _ in range(4000 * scale):
        a, b = rand_int(rng), rand_int(rng)
        if rng.random() < 0.3:
            b = rng.choice([1, -1, 2, -2, 3, 7, 10, 0])
        for op in ('itruediv', 'ifloordiv', 'imod', 'iadd', 'isub', 'imul'):
            add(op, a, b)
        add('ipow', rng.choice([a, rng.randint(-10, 10)]), rng.choice([rng.randint(-3, 70), rng.randint(0, 5)]))
        add('ishl', rng.choice([a, rng.randint(-10, 10)]), rng.choice([rng.randint(-2, 70), rng.randint(0, 5)]))
        add('ishr', a, rng.choice([rng.randint(-1, 70), 10**12]))
        y = float(a)
        for _ in range(rng.randint(0, 3)):
            y = math.nextafter(y, rng.choice([math.inf, -math.inf]))
        add('cmp', a, rng.choice([y, rand_double(rng), y + 0.5]))
    for a in [INT64_MIN, INT64_MAX, 0, 1, -1]:
        for b in [INT64_MIN, INT64_MAX, -1, 1, 2, 0]:
            for op in ('itruediv', 'ifloordiv', 'imod', 'iadd', 'isub', 'imul', 'ipow', 'ishl'):
                add(op, a, b)

    for _ in range(15000 * scale):
        fmt, args = rand_pct_case(rng)
        add('pct', fmt, args)
    return cases


def build(binary):
    srcs = [os.path.join(HERE, 'numfmt_check.cpp')] + [os.path.join(HOST, s + '.cpp') for s in SOURCES]
    newest = max(os.path.getmtime(p) for p in srcs + [os.path.join(HOST, f) for f in os.listdir(HOST)])
    if os.path.exists(binary) and os.path.getmtime(binary) > newest:
        return
    cmd = ['nice', 'g++', '-std=c++20', '-O1', '-g', '-Wall', '-Wextra', '-fsanitize=address,undefined',
           '-fno-sanitize-recover=undefined', '-I' + HOST] + srcs + ['-o', binary]
    print('building:', ' '.join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--binary', default='/tmp/exocc_numfmt_check')
    ap.add_argument('--no-build', action='store_true')
    ap.add_argument('--seed', type=int, default=12345)
    ap.add_argument('--scale', type=int, default=1)
    ap.add_argument('--show', type=int, default=25)
    args = ap.parse_args()
    if not args.no_build:
        build(args.binary)

    rng = random.Random(args.seed)
    cases = generate(rng, args.scale)
    inp = ''.join(encode_case(op, a) + '\n' for op, a in cases).encode()
    proc = subprocess.run([args.binary], input=inp, stdout=subprocess.PIPE)
    if proc.returncode != 0:
        print('driver exited with status %d' % proc.returncode)
    got = proc.stdout.decode('utf-8', 'surrogateescape').split('\n')
    passed = failed = 0
    by_op = {}
    shown = 0
    for k, (op, a) in enumerate(cases):
        want = expected(op, a)
        have = got[k] if k < len(got) else '<missing>'
        if have == want:
            passed += 1
            continue
        failed += 1
        by_op[op] = by_op.get(op, 0) + 1
        if shown < args.show:
            shown += 1

            def show(line):
                if line.startswith('OK '):
                    try:
                        return 'OK ' + repr(bytes.fromhex(line[3:]).decode('utf-8', 'surrogatepass'))
                    except ValueError:
                        return line
                return line
            print('FAIL %s %r\n   want %s\n   have %s' % (op, a, show(want)[:300], show(have)[:300]))
    if by_op:
        print('failures by op:', by_op)
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed or proc.returncode else 0


if __name__ == '__main__':
    sys.exit(main())
