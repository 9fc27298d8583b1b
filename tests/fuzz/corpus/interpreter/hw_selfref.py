a = [1, 2]
a.append(a)
d = {'k': 1}
d['self'] = d
print(repr(a), str(d))
print(a == a, d == d)
b = [1, 2]
b.append(b)
try:
    print(a == b)
except RecursionError as e:
    print('RecursionError', e)
s = set()
t = (a, d)
print(len(repr(t)))
x = []
for i in range(5000):
    x = [x]
try:
    print(len(repr(x)))
except RecursionError:
    print('deep repr')
y = []
for i in range(5000):
    y = [y]
try:
    print(x == y)
except RecursionError:
    print('deep eq')
try:
    print(hash((((((1,),),),),)))
except RecursionError:
    pass
