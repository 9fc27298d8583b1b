# Errors that native helpers report as C++ HostError must reach `except` clauses as
# Python exceptions (they used to bypass them and end the program).
for f in (lambda: round(1e308), lambda: round(-1e300), lambda: int(float('1e300')),
          lambda: round(-9223372036854775807 - 1, -1)):
    try:
        print(f())
    except OverflowError as e:
        print('OverflowError caught')


def gen():
    yield round(1e308)


try:
    next(gen())
except OverflowError:
    print('OverflowError caught from generator')
print('ok')
