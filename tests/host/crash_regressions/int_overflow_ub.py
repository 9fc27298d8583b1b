# Signed-overflow undefined behaviour found by UBSan (meaningful under a sanitizer
# build): id() of extreme ints, enumerate's counter passing 2**63-1, round() of ints
# near the limits, ranges whose length or items do not fit in 64 bits.
import sys
M = sys.maxsize
print(id(M) != id(-M - 1), id(-M - 1) == id(-M - 1))
try:
    print(list(enumerate('abc', M - 1)))
except OverflowError:
    print('enumerate: OverflowError')
for x, n in [(M, -1), (-M - 1, -1), (-M - 1, -18), (M, -19), (5, -M - 1)]:
    try:
        print(round(x, n))
    except OverflowError:
        print('round: OverflowError')
r = range(-M - 1, M)
print(r[0], r[-1], r[M], M in r, (-M - 1) in r)
try:
    print(len(r))
except OverflowError:
    print('len: OverflowError')
print(list(range(M, -M - 1, -M - 1)), range(M, -M - 1, -M - 1)[1])
print(range(0, M, M // 2 + 1)[::-1], range(10)[::-M])
try:
    print(range(-M - 1, M, M)[::2])
except OverflowError:
    print('slice: OverflowError')
print('ok')
