# A raised recursion limit must still end in RecursionError, not a stack overflow:
# the machine-stack guard has to measure the stack exocc actually got (with a tight
# address-space limit the big main stack cannot be allocated).
import sys
sys.setrecursionlimit(10**6)


def down(n):
    return down(n + 1)


try:
    down(0)
except RecursionError as e:
    print('RecursionError:', e)
print('ok')
