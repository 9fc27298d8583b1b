# comments everywhere
x = [  # open
    1,  # one
    2   # two
]  # close

def f():  # trailing
    # only comment
    pass
    	
if x:
	y = 1  # tab indented
	if y:
		z = 2

s = 'a' \
    'b'
t = 1 + \
    2
if a and \
   b:
    pass
x = {
}
x = (
)
x = [
]
class A(
):
    pass
def g(
    a,
    b,
):
    return (
        a
        + b
    )
x = {'a': 1,
     'b': [1, 2,
           3]}
x = a if b else\
    c
x = not not not a
x = - - + ~ a
x = (((((((((((a)))))))))))
x = a.b.c.d.e.f
x = a[b][c][d]
x = f()()()
x = a + b - c * d / e // f % g ** h << i >> j & k ^ l | m
