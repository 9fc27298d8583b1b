# Extreme ints in repeats, round(), ranges, slices and index arguments: the answers
# CPython gives, without overflow inside the interpreter.
import sys

M = sys.maxsize


def t(name, f):
    try:
        print(name, repr(f()))
    except Exception as e:
        print(name, type(e).__name__, e)


t('empty str repeat', lambda: '' * 10**18)
t('empty list repeat', lambda: [] * 10**18)
t('empty tuple repeat', lambda: () * M)
t('negative repeat', lambda: 'ab' * -5)
t('list imul empty', lambda: (lambda l: (l.__imul__(M), l)[1])([]))
for x, n in [(12345, -2), (-12355, -1), (15, -1), (25, -1), (-25, -1), (M, -18), (-M, -18),
             (5, -19), (5 * 10**18, -19), (M, -20), (M, -40)]:
    t('round(%d, %d)' % (x, n), lambda: round(x, n))
t('range two items', lambda: range(M, -M - 1, -M - 1)[1])
t('range reversed slice', lambda: range(0, M, M // 2 + 1)[::-1])
t('range contains', lambda: M in range(-M - 1, M, 7))
t('range contains 2', lambda: M - 1 in range(-M - 1, M, 2))
t('range index', lambda: range(-M - 1, M, 3).index(M - 1))
t('range count', lambda: range(-M - 1, M, 5).count(-M - 1))
t('range reversed', lambda: list(reversed(range(M - 3, M))))
t('range list end', lambda: list(range(M - 2, M)))
t('range list start', lambda: list(range(-M - 1, -M + 2)))
t('range big step', lambda: list(range(-M - 1, M, M)))
t('range neg big step', lambda: list(range(M, -M - 1, -M - 1)))
t('range slice', lambda: range(10)[::-M])
t('range slice 2', lambda: range(10)[M:-M - 1:-4])
t('range eq', lambda: range(0, M, M) == range(0, 1))
t('enumerate end', lambda: list(enumerate('ab', M - 1)))
t('str slice', lambda: 'abcdef'[M:-M - 1:-3])
t('list slice', lambda: [1, 2, 3][::-M - 1])
t('list del slice', lambda: (lambda l: (l.__delitem__(slice(None, None, -M)), l)[1])([1, 2, 3]))
t('list insert', lambda: (lambda l: (l.insert(M, 5), l.insert(-M - 1, 0), l)[2])([1]))
t('list pop', lambda: [1].pop(-M - 1))
t('list index', lambda: [1, 2].index(2, -M - 1, M))
t('str index', lambda: 'abc'.index('c', -M - 1, M))
t('str find', lambda: 'abc'.find('', M))
t('str count', lambda: 'abc'.count('', -M - 1, M))
t('str split', lambda: 'a b c'.split(None, M))
t('str rsplit', lambda: 'a b c'.rsplit(' ', -M - 1))
t('str replace', lambda: 'aaa'.replace('', 'x', M))
t('expandtabs', lambda: '\t\t'.expandtabs(-3))
t('zfill', lambda: 'a'.zfill(-M - 1))
t('min // -1', lambda: (-M - 1) % -1)
t('shift', lambda: (-M - 1) >> 63)
t('shift far', lambda: 5 >> M)
t('zero shift', lambda: 0 << M)
t('invert', lambda: ~(-M - 1))
t('hash min', lambda: hash(-M - 1))
t('bit_length', lambda: (-M - 1).bit_length())
t('huge range item', lambda: range(-M - 1, M)[M])
t('huge range last', lambda: range(-M - 1, M)[-1])
t('huge range len', lambda: len(range(-M - 1, M)))
