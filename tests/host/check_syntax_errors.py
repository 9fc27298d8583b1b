#!/usr/bin/env python3
"""Compares the exocc parser's SyntaxErrors with CPython 3.11's.

usage: check_syntax_errors.py AST_DUMP_BINARY

Each case is compiled by CPython (compile(..., 'exec'), so compiler/symtable errors
count too) and by `AST_DUMP --error FILE`; type, message, line and offset must agree.
Cases for features exocc rejects on purpose list the expected error instead.
Prints one line per mismatch and a final "N passed, M failed".
"""
import os
import subprocess
import sys
import tempfile

CASES = [
    # tokenizer
    "x = 'abc", "x = f'abc", "x = '''abc\ny", "s = '''\n\n", "x = 'a\\\nb", "1abc", "1_", "1__0", "0x", "0b2",
    "0o8", "012", "1e", "1ex", "1.__add__", "1e+", "0x_", "0b", "0_7", "x = (1,\n", "foo(1, 2\nx = 3\n",
    "x = [1,\n  2,\n", "{", "x = 1 $ 2", "a ! b", "\\", "x = \\ 3", "(]", "(\n]", ")", "x = 1)\n",
    "if x:\n        a\n    b\n", "if x:\n\ta\n        b\n", "x = 1 \u00d7 2", "x = 1 \u00a0 2", "a\u20acb = 1",
    "x = \x0b", "(" * 201 + ")" * 201, "1if 1else 2", "[0x1for x in y]", "x = 1 if 2 else 3 '",
    # parser
    "f() = 1", "[f()] = 1", "a + 1 = 2", "1 = x", "x = = 1", "if x\n  pass", "if x:\npass", "if x:\n",
    "x = 1\n    y = 2\n", "f(a b)", "[a b]", "{1: a b}", "f(x y, z)", "print 'x'", "exec 'x'",
    "del f()", "(a, b) += 1", "x: int, y: int = 1, 2", "for 1 in x: pass", "def f(x=1, y): pass",
    "f(a=1, b)", "f(**k, *a)", "f(**k, b)", "f(x for x in y, 1)", "f(1=2)", "f(a.b=2)", "True = 1",
    "try:\n  pass\nx=1", "x = 1 if 2", "f() = g() = 1", "x = f() = 1", "f() = 1 if x else 2",
    "None = 1", "... = 1", "-x = 1", "not x = 1", "x == y = 1", "a, f() = 1", "lambda: 1 = 1",
    "(f()) = 1", "f() += 1", "x = 1 = 2", "f'' = 1", "x.y: int, z", "[a, b]: int", "a + b: int",
    "del (a, f())", "del *a", "x = yield = 1", "if x = 1: pass", "while f() = 1: pass", "x := 1",
    "a.b := 1", "(a.b := 1)", "with a as 1: pass", "def f(*): pass", "def f(**k, a): pass",
    "def f(/): pass", "def f(a, /, b, /): pass", "def f(*a=1): pass", "def f(**a=1): pass",
    "def f(*, /): pass", "def f(*a, *b): pass", "try: pass\nexcept A, B: pass", "class A(x for x in y): pass",
    "[x, y for x in z]", "{x, y for x in z}", "[*a for a in b]", "{**a for a in b}", "f(c, a for a in b)",
    "a[1:2:3:4]", "(*a)", "x = (1 2)", "def f:\n  pass", "def f()\n  pass", "class A\n  pass",
    "for x in y\n  pass", "while x\n  pass", "with x\n  pass", "try\n  pass", "else:\n  pass",
    "x = [1, 2", "if True:\n  x = 1\n else:\n  pass", "import a.b as", "from x import (a, b", "from x import a,",
    "from . import", "import", "x = 1 +", "x = f(", "lambda x: (yield)", "def f(x):\n  return\n    x",
    "for x in y:\n  pass\nelif x:\n  pass", "f(**)", "a = b = *c", "x = {1: 2, 3}", "x = {1, 2: 3}",
    "f'{}'", "f'{x!z}'", "f'}'", "f'{a b}'", "f'{'", "f'{x'", "f'{x!r'", "f'{x:'", "f'{x:{y:{z}}}'",
    "f'{#}'", "f'{x)}'", "f'{(x]}'", "f'{\\n}'", "f'{!r}'", "f'{:x}'", "f'{=}'", "f'{x:{{}}}'",
    "'\\x4'", "b'\\x4'", "b'\u00e9'", "'\\u12'", "'\\U00110000'", "x = b'a' 'b'", "x = 'a' b'b'",
    "foo(1 2", "x = (1,\ny = 2\n", "x = [1, 2\nif x:\n  pass\n", "f(a,\n  b c)\n", "x = {'a': 1\n",
    "def f(:\n  pass", "x = (1 +\n", "print(f'{x')", "x = ('abc\n", "d = {1: 2, 3: }", "d = {1: *a}",
    "x = 1 +\n'''abc", "if x:\n    y = (\n  z\n", "class A:\ndef f(): pass", "x = 0 if 1\n",
    "for x in range(3):\nprint(x)", "while x:\n\n", "x = f'{a!r:{b!z}}'", "x = f'{a:{b:{c}}}'",
    "x = f'{1abc}'", "x = f'{a b}'", "x = f'{a!r:{b c}}'", "x = f'{)}'", "lambda x=1, y: 0",
    "f(*)", "f(a for a in b for)", "del x + 1", "del (x for x in y)", "x += yield", "(x) += 1",
    "(x, y) = 1, 2", "[x, y] += 1", "x.y += 1", "def f[T](): pass", "type X = int", "async = 1",
    "x = not", "x = a not b", "x = a is", "import a as b.c", "from .a import b as",
    # found by differential testing (mutated corpus files)
    "try:\n  import x\nexcept ImportErroras e:\n  pass", "C(){\nx = 1\n", "def{ is_odd(n):\n  pass\n",
    "cg:\nx = 1", "defkind(self):\n  pass", "for  f\"{x}\" a, b in pairs:\n  pass",
    "from functools import reduce, partial,:= lru_cache", "if re.match = (1, 2):\n  pass",
    "print { (acc(1), acc(2)\n", "size = 4 if t in ('a',) else 8 if t. . endswith('64') else 1",
    "try:1\n    x = 2\n", "f(a=1, b, c d)", "f(a=1, *b, c)", "f(**a, b, c)", "if x:\n  pass\nelif x =:\n  pass",
    "x = ('saxpy' := , 1)", "class A x: pass", "class A\n  pass", "def f() x: pass", "def f()->: pass",
    "try x: pass", "try: pass\nfinally x: pass", "if x: pass\nelse x: pass", "for x in y z: pass",
    "with a b: pass", "try: pass\nexcept E x: pass", "try: pass\nexcept E\n  pass", "while x y: pass",
    "lambda x y: 1", "if x y\n  pass", "def f x: pass", "x = a.1", "x = a. 1", "x = y. if 1 else 2",
    "print(m.group( import 1))", "async = 1", "x = a not b", "while x:\n\n", "for x in y:\n  pass\n def f(): pass",
    "if x:\n  y\n z", " ) ", "x = (\n ) )",
    # compiler / symtable errors, raised after a successful parse
    "return 1", "break", "continue", "nonlocal x", "class A:\n  yield 1", "class A:\n  return 1",
    "for x in y:\n  pass\nelse:\n  break", "[(yield) for x in y]", "def f():\n  [(yield) for x in y]",
    "def f():\n  ((yield) for x in y)", "def f():\n  [x for x in (yield)]", "x = *a", "*a = 1", "*a, *b = c",
    "from __future__ import braces", "x=1\nfrom __future__ import annotations",
    "from __future__ import nonsense", "f(a, a=1, a=2)", "def f(a, a): pass", "lambda a, a: 0",
    "def f():\n  x = yield\n  return x", "yield", "x = (yield)", "__debug__ = 1", "del __debug__",
    "while True:\n  def f():\n    break", "def f():\n  class A:\n    return",
    "def f():\n  return *a", "print(*a)", "x = 1\nreturn 2\nbreak", "try:\n  pass\nfinally:\n  continue",
    # valid code that must parse
    "match = 3\nmatch.x", "re.match(x)", "match(x)", "case = 1", "type = int", "_ = 1",
    "def f():\n  x = yield\n  y = yield from z", "(x := 1)", "f(x for x in y)", "a[1:2, ::3]",
    "x = [*a, *b]", "def f(a, /, b, *, c, **d): pass", "with (a as b, c as d): pass",
    "with (a, b) as c: pass", "with (yield):\n  pass", "for x in *a, *b: pass",
    "try:\n  pass\nfinally:\n  pass", "x = 1; y = 2;", "if x: pass\nelif y: pass\nelse: pass",
    "class A(B, metaclass=M): pass", "@d\n@e(1)\ndef f(): pass", "lambda: (yield)",
]

UNSUPPORTED = {
    "async def f(): pass": "SyntaxError|'async def' is not supported by exocc|1|1",
    "async def f():\n  await x": "SyntaxError|'async def' is not supported by exocc|1|1",
    "def f():\n  await x": "SyntaxError|'await' is not supported by exocc|2|3",
    "def f():\n  async for x in y: pass": "SyntaxError|'async for' is not supported by exocc|2|3",
    "def f():\n  async with x: pass": "SyntaxError|'async with' is not supported by exocc|2|3",
    "def f():\n  return [x async for x in y]": "SyntaxError|asynchronous comprehension is not supported by exocc|2|13",
    "match x:\n  case 1: pass": "SyntaxError|'match' statement is not supported by exocc|1|1",
    "match (x):\n  case 1: pass": "SyntaxError|'match' statement is not supported by exocc|1|1",
    "try:\n  pass\nexcept* E:\n  pass": "SyntaxError|'except*' is not supported by exocc|3|1",
    "x = 1j": "SyntaxError|complex literals are not supported by exocc|1|5",
    "x = 1.5J": "SyntaxError|complex literals are not supported by exocc|1|5",
    "x = 9223372036854775808": "SyntaxError|integer literal too large for exocc (64-bit ints only)|1|5",
    "x = 0x1_0000_0000_0000_0000": "SyntaxError|integer literal too large for exocc (64-bit ints only)|1|5",
    "x = '\\N{BULLET}'": "SyntaxError|(unicode error) \\N{...} escapes are not supported by exocc|1|17",
    "x = 9223372036854775807": "OK",
    "x = 1\0": "SyntaxError|source code cannot contain null bytes|1|0",
    "x = (" * 1 + "-" * 600 + "1)": "SyntaxError|expression too deeply nested|1|503",
    # The resolver (not the parser) reports unbound nonlocals.
    "def f():\n  nonlocal x": "OK",
}


def cpython(src, path):
    try:
        compile(src, path, "exec")
        return "OK"
    except SyntaxError as e:
        return f"{type(e).__name__}|{e.msg}|{e.lineno}|{e.offset}"


def main():
    dump = sys.argv[1]
    passed = failed = 0
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "case.py")
        cases = [(c, None) for c in CASES] + list(UNSUPPORTED.items())
        for src, expected in cases:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(src)
            want = expected if expected is not None else cpython(src, path)
            r = subprocess.run([dump, "--error", path], capture_output=True, text=True)
            got = r.stdout.strip() if r.returncode in (0, 1) else f"CRASH rc={r.returncode} {r.stderr[-500:]}"
            if got == want:
                passed += 1
            else:
                failed += 1
                print(f"MISMATCH {src!r}\n   want: {want}\n   got:  {got}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
