import itertools
print(list(itertools.islice('abc', 2)))
itertools.islice('abc', -2)
