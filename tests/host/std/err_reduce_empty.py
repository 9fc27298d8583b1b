from functools import reduce
print(reduce(lambda a, b: a * b, [2, 3]))
reduce(lambda a, b: a * b, [])
