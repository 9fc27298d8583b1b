(a) + b
a + (b)
((a)) * (b)
(f)(x)
(a).b.c
x = (1, 2)
y = 1, 2,
z = (yield_ := 3)
-2 ** 2
2 ** -1
2 ** 3 ** 2
not a == b
a if b else c if d else e
lambda: 0
lambda x, *y, z=1, **w: x
f(x for x in y)
f((x for x in y), 1)
a[1:2, ::3]
a[i, j]
a[:]
a[::]
a[1:]
a[:2]
a[::2]
a[x:=1]
a[*b]
a[1:2, *b]
{**d, 'a': 1}
{*s, 1}
[*l, 2]
print(*args, **kwargs, sep='')
x.y[0](1)[2].z
(x
 .y
 .z)
[1,
 2,
 3,
]
if (a and
        b):
    pass
x = [i for i in range(3) if i if not i for j in 'ab']
x = {k: v for k, v in d.items()}
x = {v for v in s}
x = (v for v in s)
a < b <= c > d >= e == f != g is h is not i in j not in k
a or b or c and d and not e
x = ...
x = None, True, False
x = 0x1F, 0o17, 0b101, 1_000_000, 0, 00, 0_0
x = 1.5, 1e-5, .5, 1., 1e10, 1E+3, 1_0.0_1, 0.0, 1e400, 1e-400
x = 9223372036854775807
x = -9223372036854775807 - 1
x = 1if 1else 2
x = [0x1for x in y] if False else 0
x = a @ b
x @= b
x **= 2; x //= 2; x >>= 1; x <<= 1; x ^= 1; x |= 1; x &= 1; x %= 2; x /= 2; x *= 2; x -= 1; x += 1
