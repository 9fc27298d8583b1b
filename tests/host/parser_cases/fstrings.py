x = 1; w = 5; name = 'n'; items = [1, 2]
a = f'{x}'
b = f'a{x=}b'
c = f'{x = !r:>10}'
d = f'{x:>{w}}' f'{name!r:}' 'tail'
e = f'{{literal}} {x!s} {x!a}'
g = f"{items[0]} {'nested'} {x:{w}.{w}}"
h = F'{x}' rf'\d{x}' fR'{x}\n' Rf"{x!r}"
i = f''
j = f'plain'
k = 'a' f'' 'b'
l = f'{x, w}' f'{ x }' f'{ (x) }' f'{"a" "b"}'
m = f'''multi
line {x}
  {w + 1} and {
x}'''
n = (f'{x}'
     f'{w}')
o = f'{x:}' f'{x!r:}' f'{f"{x}"}'
p = f'{x:{w}>}'
q = f'{x==1} {x!=1} {x<=1} {x>=1} {x<1} {x>1}'
r = f'{(lambda: 1)()}'
s = f'{x=:>5}'
t = f'\{x}' f'\\{x}' if False else 0
u = f'{"{"}' f'{"}"}' f'{{}}{{'
v = f'{x:{{w}}}' if False else 0
y = f"{'''a'''}" f'{"""b"""}'
z = f'{[x for x in items]}' f'{ {"k": 1}["k"] }' f'{x if x else w}'
