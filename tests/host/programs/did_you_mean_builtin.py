# Builtins are candidates too, and a name with no near match gets no suggestion
# (checked in the first print); the uncaught one here is a builtin near miss.
try:
    qqqqqqqq
except NameError as e:
    print(e)
print(lenn([1, 2]))
