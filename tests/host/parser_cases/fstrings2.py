x = 1
def f():
    s = (f'''
    a {x} b {
        x + 1
    } c {x!r:>{x}}
    ''' f"{x}" '''plain''')
    t = f'{f"{x}"}' + f'''{f"{f'{x}'}"}'''
    u = f'{x:{x}}{x:{x}.{x}}'
    v = [f'{a}' for a in 'ab']
    w = f'{x = }' f'{x=!s}' f'{x=:10}' f'{  x  =  }'
    y = f'''{
x}'''
    z = f"""{x}
{x}"""
    return f'{"".join(str(i) for i in range(x))}'
class A:
    a = rf'\{x}' f'{{x}}' if 0 else Rb''
print(f'{x!r:^{10}}', F'{x:#x}', f'{3.14:.2f}', f'{"nested {}"}')
q = f'{x}' f'{x}' 'lit' f'' ''
r = f'{x:{"a"}}' f'{x:{x!r}}'
s = f'{(lambda y: y)(x)}' f'{ {1, 2} }' f'{[x,]}' f'{x,}'
t = 'a' 'b' f'c' 'd'
u = f'{x}' 'é' f'{x}é{x}'
v = f'é{x}' f'{"é"}'
