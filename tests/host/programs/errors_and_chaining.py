import sys

def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise KeyError(s) from e

try:
    parse('x')
except KeyError as e:
    print(repr(e), type(e.__cause__).__name__, e.__suppress_context__)

try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise RuntimeError('during')
except RuntimeError as e:
    print(type(e.__context__).__name__, e.__cause__)

def deep(n):
    return deep(n + 1)

try:
    deep(0)
except RecursionError as e:
    print('recursion:', 'maximum recursion depth exceeded' in str(e))

class E(Exception):
    def __init__(self, code):
        super().__init__(f'code {code}')
        self.code = code

try:
    raise E(7)
except Exception as e:
    print(e, e.code, e.args)

def f():
    try:
        return 'try'
    finally:
        print('finally runs')

print(f())
for i in range(3):
    try:
        if i == 1:
            continue
        print('body', i)
    finally:
        print('fin', i)
print(sys.exc_info()[0])
raise E(3)
