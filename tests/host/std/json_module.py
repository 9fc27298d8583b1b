# json against CPython: formatting options, round trips and every decoder error.
import io
import json

data = {"kernel": "sgemm", "tiles": [6, 64], "ratio": 0.1, "big": 10 ** 15, "neg": -2.5e-8,
        "ok": True, "none": None, "nested": {"z": [], "a": {}, "t": (1, 2)}, "uni": "é\u2028\U0001f600\x7f\x01\t\"\\"}
print(json.dumps(data))
print(json.dumps(data, indent=2, sort_keys=True))
print(json.dumps(data, indent="\t", ensure_ascii=False))
print(json.dumps(data, separators=(",", ":"), indent=0))
print(json.dumps([float("inf"), float("-inf"), float("nan"), 1e100, 1.0, -0.0]))
print(json.dumps({1: "a", 2.5: "b", True: "c", None: "d", False: "e"}))
print(json.dumps({"b": 1, "a": 2}, sort_keys=True), json.dumps("x"), json.dumps(3), json.dumps(None))
print(json.dumps({(1, 2): 3}, skipkeys=True))
print(json.dumps(object(), default=lambda o: "obj"))


class Encoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set):
            return sorted(o)
        return super().default(o)


print(json.dumps({"s": {3, 1, 2}}, cls=Encoder))
for bad in [{1: object()}, {(1,): 2}, [float("nan")]]:
    try:
        print(json.dumps(bad, allow_nan=False))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
loop = []
loop.append(loop)
try:
    json.dumps(loop)
except ValueError as e:
    print(e)

text = json.dumps(data)
print(json.loads(text) == json.loads(json.dumps(json.loads(text))))
print(json.loads('{"a": [1, 2.5, -3e10, true, false, null, "x\\ty\\u00e9\\ud83d\\ude00"], "b": {}}'))
print(json.loads(' [ 1 , { "k" : "v" } ] '), json.loads("-0"), json.loads("1.5E+3"))
print(json.loads("NaN"), json.loads("-Infinity"), json.loads('"\\/"'))
print(json.loads('{"a": 1, "a": 2}'), json.loads('[1, 2]', parse_int=float))
print(json.loads('{"x": 1}', object_hook=lambda d: sorted(d.items())))
print(json.loads('{"x": 1, "y": 2}', object_pairs_hook=list))
print(json.loads("1234567890123456789"), json.loads("1.25", parse_float=str))
for s in ["", " ", "[1,]", '{"a":1,}', '{"a" 1}', "{a:1}", "[1 2]", '"a\nb"', '"abc', '"a\\q"',
          '"\\u12"', "1 2", '{"a":}', "[", "{", "nul", "-", "01", "1.", "1e", "[1,", '{"a":1',
          "tru", '"\\', "[]x", "\n\n  [1,\n  2,,]", "\ufeff[]"]:
    try:
        print(repr(s), json.loads(s))
    except json.JSONDecodeError as e:
        print(repr(s), "->", e, "|", e.msg, e.pos, e.lineno, e.colno, isinstance(e, ValueError))
try:
    json.loads(5)
except TypeError as e:
    print(e)

buf = io.StringIO()
json.dump({"a": [1, 2]}, buf, indent=1)
print(buf.getvalue())
buf.seek(0)
print(json.load(buf))
print(type(json.JSONDecodeError("m", "doc", 1)).__module__)
json.loads('{"unterminated": ')
