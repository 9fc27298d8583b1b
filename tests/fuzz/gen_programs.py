#!/usr/bin/env python3
"""Writes random Python programs that combine the interpreter's risky parts: dunder
methods that recurse or mutate containers, generators closed, thrown into and left
suspended in finally blocks, extreme ints and indices, containers mutated while in use.
Each statement runs under try/except, so one error does not end the program. A
complement to fuzz_interpreter's byte-level mutations (see README.md):

    tests/fuzz/gen_programs.py OUT_DIR [SEED] [COUNT]
    fuzz_interpreter -runs=0 OUT_DIR      # or: for f in OUT_DIR/*.py; do exocc run $f; done
"""
import random, sys, os
R = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
NAMES = ['a', 'b', 'c', 'd', 'g', 'h', 'k', 'x', 'y']
def name(): return R.choice(NAMES)
def atom(depth=0):
    opts = ['0', '1', '-1', '2**62', '-2**63', '9223372036854775807', "''", "'ab'", '[]', '()', '{}', 'None', 'True',
            '1.5', "float('nan')", "float('inf')", name(), name(), '[%s]' % name(), '(%s,)' % name(), '{%s: %s}' % (name(), name()),
            'range(%s)' % R.choice(['3', '-1', '2**63-1', '0, 10, -3']), 'iter([1, 2])', '(i for i in range(3))', 'G()',
            'K(%s)' % name(), 'object()', 'ValueError(%s)' % name(), '(lambda *q: q)', 'gen()', 'sys.maxsize', 'set()',
            'sorted(%s, key=K)' % name(), '%s.sort(key=lambda v: %s.clear())' % (name(), name()), '%s.throw(ValueError)' % name(),
            '%s.send(%s)' % (name(), name()), '%s.close()' % name(), '{K(1): 1, K(2): 2, %s: 3}' % name(), 'set([K(1), K(2), %s])' % name(),
            '[K(i) for i in range(3) if %s]' % name(), 'str(%s)' % name(), 'f"{%s!r:>5}"' % name(), '"%%s" %% (%s,)' % name(),
            '{**%s}' % name(), '[*%s]' % name(), '(%s := %s)' % (name(), name()), 'list(zip(%s, %s))' % (name(), name()),
            '%s in %s' % (name(), name()), 'K(%s) == K(%s)' % (name(), name()), 'hash(K(%s))' % name(), 'dict.fromkeys(%s)' % name(),
            'next(iter(%s), None)' % name(), 'body1()', 'body2()', 'list(body1())', '[%s for %s in %s]' % (name(), name(), name())]
    if depth > 2: return R.choice(opts[:12])
    r = R.random()
    if r < 0.5: return R.choice(opts)
    if r < 0.7:
        op = R.choice(['+', '-', '*', '//', '%', '**', '<<', '>>', '&', '|', '^', '==', '<', 'in', 'is', 'and', 'or', '@'])
        return '(%s %s %s)' % (atom(depth + 1), op, atom(depth + 1))
    if r < 0.8: return '(%s)[%s]' % (atom(depth + 1), R.choice(['0', '-1', '1:', '::-1', '%s:%s:%s' % (atom(3), atom(3), atom(3))]))
    if r < 0.9:
        f = R.choice(['len', 'repr', 'str', 'hash', 'list', 'tuple', 'sorted', 'sum', 'min', 'max', 'iter', 'next', 'bool',
                      'abs', 'int', 'float', 'reversed', 'enumerate', 'zip', 'dict', 'set', 'frozenset', 'format', 'round', 'divmod',
                      'isinstance', 'getattr', 'hasattr', 'id', 'type', 'callable', 'chr', 'ord', 'any', 'all', 'map', 'filter'])
        return '%s(%s)' % (f, ', '.join(atom(depth + 1) for _ in range(R.randint(1, 2))))
    m = R.choice(['append', 'pop', 'insert', 'extend', 'remove', 'index', 'count', 'sort', 'clear', 'copy', 'get', 'setdefault',
                  'update', 'keys', 'items', 'values', 'add', 'discard', 'join', 'split', 'replace', 'center', 'format', 'send',
                  'throw', 'close', '__next__', '__iter__', '__eq__', '__hash__', '__repr__', '__len__', '__getitem__'])
    return '(%s).%s(%s)' % (atom(depth + 1), m, ', '.join(atom(depth + 1) for _ in range(R.randint(0, 2))))
def stmt(ind, depth=0):
    p = '    ' * ind
    r = R.random()
    if depth > 3 or r < 0.35: return [p + '%s = %s' % (name(), atom())]
    if r < 0.45: return [p + atom()]
    if r < 0.52: return [p + '%s.%s = %s' % (name(), name(), atom())]
    if r < 0.58: return [p + '%s[%s] = %s' % (name(), atom(2), atom())]
    if r < 0.62: return [p + 'del %s' % R.choice([name(), '%s[%s]' % (name(), atom(2)), '%s.%s' % (name(), name())])]
    if r < 0.66: return [p + 'yield %s' % atom()] if ind > 0 else [p + 'pass']
    if r < 0.69: return [p + 'yield from %s' % atom()] if ind > 0 else [p + 'pass']
    if r < 0.72: return [p + 'raise %s' % R.choice(['ValueError(%s)' % atom(), 'KeyError', 'StopIteration', 'GeneratorExit', '']) ]
    if r < 0.74: return [p + 'return %s' % atom()] if ind > 0 else [p + 'pass']
    if r < 0.82:
        out = [p + 'try:'] + block(ind + 1, depth + 1)
        out += [p + 'except %s as e:' % R.choice(['Exception', 'BaseException', 'ValueError', '(TypeError, KeyError)', 'RecursionError'])]
        out += block(ind + 1, depth + 1)
        if R.random() < 0.5: out += [p + 'finally:'] + block(ind + 1, depth + 1)
        return out
    if r < 0.87: return [p + 'for %s in %s:' % (name(), atom())] + block(ind + 1, depth + 1)
    if r < 0.90: return [p + 'while %s:' % atom()] + block(ind + 1, depth + 1)
    if r < 0.93: return [p + 'with CM(%s) as %s:' % (atom(), name())] + block(ind + 1, depth + 1)
    if r < 0.96: return [p + 'if %s:' % atom()] + block(ind + 1, depth + 1) + [p + 'else:'] + block(ind + 1, depth + 1)
    return [p + 'def %s(*q):' % R.choice(['f1', 'f2', 'gen']),] + block(ind + 1, depth + 1)
def block(ind, depth):
    out = []
    for _ in range(R.randint(1, 3)): out += stmt(ind, depth)
    return out
PRELUDE = '''import sys
sys.setrecursionlimit(%s)
class K:
    def __init__(self, v=0): self.v = v
    def __eq__(self, o): %s
    def __hash__(self): %s
    def __repr__(self): %s
    def __lt__(self, o): return repr(self) < repr(o)
    def __iter__(self): return iter([self.v, self])
    def __len__(self): return 2
    def __getitem__(self, i): return [self, self.v][i]
    def __getattr__(self, n): %s
class G:
    def __iter__(self): return self
    def __next__(self): %s
class CM:
    def __init__(self, v=None): self.v = v
    def __enter__(self): return self.v
    def __exit__(self, *e): %s
def gen(*q):
    try:
        yield q
        %s
    finally:
        %s
'''
def prelude():
    return PRELUDE % (
        R.choice(['1000', '100', '10**6', '50']),
        R.choice(['return self.v == o', 'return o == self', 'x.clear() if isinstance(x, (list, dict)) else None; return False', 'return [self] == [o]']),
        R.choice(['return 1', 'return hash(self.v)', 'return hash((self,))', 'return id(self) >> 4']),
        R.choice(["return 'K'", 'return repr(self.v)', 'return repr([self])', 'return str(self)']),
        R.choice(['raise AttributeError(n)', 'return getattr(self, n + "x")', 'return self.v']),
        R.choice(['raise StopIteration', 'return next(gen())', 'return 1']),
        R.choice(['return True', 'return False', 'raise KeyError(1)', 'yield_ = 1']),
        R.choice(['yield 1', 'return 5', 'pass', 'x.append(q)']),
        R.choice(['pass', 'yield 2', 'x.clear()', 'g.close()']))
def program():
    lines = prelude().split('\n')
    for n in NAMES:
        lines.append('%s = %s' % (n, R.choice(['[1, 2]', '{1: 2}', 'K(1)', 'gen(1)', "'s'", '0', '(1, [2])', 'set()'])))
    for fn in ('body1', 'body2'):
        lines.append('def %s():' % fn)
        lines.append('    global ' + ', '.join(NAMES))
        for _ in range(R.randint(3, 10)):
            st = stmt(1)
            lines.append('    try:')
            lines += ['    ' + l for l in st]
            lines.append('    except BaseException:')
            lines.append('        pass')
        lines.append('    yield 0')
    lines.append('for _r in range(3):')
    lines.append('    for _f in (body1, body2):')
    lines.append('        try:')
    lines.append('            _it = _f()')
    lines.append('            for _v in _it: repr(_v)')
    lines.append('        except BaseException:')
    lines.append('            pass')
    return '\n'.join(lines) + '\n'
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
base = int(sys.argv[2]) if len(sys.argv) > 2 else 0
for i in range(int(sys.argv[3]) if len(sys.argv) > 3 else 500):
    # wrap top-level in try to continue past errors
    src = program()
    open(os.path.join(out, 'p%06d.py' % (base + i)), 'w').write(src)
