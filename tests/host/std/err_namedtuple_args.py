from collections import namedtuple

Loop = namedtuple('Loop', 'name lo hi', defaults=[0])
print(Loop('i', 0, 8), Loop('j', 1))
Loop('k')
