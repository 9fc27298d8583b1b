# sys.exit() with an argument whose str() raises: exit status 1 and nothing printed,
# as CPython (printing it used to raise inside exocc's top-level handler: abort).
import sys


class Unprintable:
    def __str__(self):
        raise ValueError('no str')


sys.exit(Unprintable())
