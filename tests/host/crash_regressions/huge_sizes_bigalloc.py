# Sizes beyond any machine's memory are a MemoryError (or OverflowError) that Python
# code can catch, never an abort; empty sequences repeated "forever" are instant.
import sys
M = sys.maxsize
for name, f in [('center', lambda: 'x'.center(2**40)), ('ljust', lambda: 'a'.ljust(M)),
                ('format width', lambda: '{:99999999999}'.format(1)),
                ('str repeat', lambda: 'ab' * (M // 2 + 1)), ('str repeat 2', lambda: 'a' * 10**18),
                ('list repeat', lambda: [0] * 10**18), ('tuple repeat', lambda: (1, 2) * (M // 2)),
                ('zfill', lambda: '1'.zfill(2**41)), ('percent width', lambda: '%*d' % (M, 1)),
                ('replace empty', lambda: ('a' * 10**6).replace('', 'b' * 10**6)),
                ('replace grow', lambda: ('a' * 10**6).replace('a', 'b' * 10**7)),
                ('empty repeats', lambda: ('' * M, [] * M, () * M))]:
    try:
        r = f()
        print(name, 'ok', len(r))
    except (MemoryError, OverflowError) as e:
        print(name, type(e).__name__)
print('ok')
