# eval() of an expression with a globals dict (and a locals dict over it).
print(eval("i + 4", {"i": 5}))
print(eval("10 + 2*i", {"i": 5}), eval("(lo, hi)", {"lo": 1, "hi": 2}))
print(eval("len(x) * y", {"x": [1, 2, 3]}, {"y": 2}))
print(eval("[k * k for k in range(n)]", {"n": 4}))
print(eval("max(a, b)", {"a": 3}, {"b": 7}))
for bad in ("1 +", "x = 1", ")"):
    try:
        eval(bad, {})
    except SyntaxError as e:
        print("SyntaxError:", e.msg, e.lineno)
try:
    eval("z", {})
except NameError as e:
    print("NameError:", e)


def twice(expr):
    return eval(expr, {"a": 21}) * 2


print(twice("a"), twice("a + 0.5"))
g = {"v": 1}
print(eval("v", g), sorted(k for k in g if not k.startswith("__")))
