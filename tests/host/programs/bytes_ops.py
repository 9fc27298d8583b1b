# The bytes type: length, indexing and slicing, concatenation and repetition, comparison
# and hashing by content, membership, iteration, searching, joining, decoding and the
# constructor, with their errors, against CPython.
b = b"ab\ncd\xff"
print(len(b), b[0], b[-1], b[1:4], b[::2], b[::-1], b[10:])
print(b + b"!", b * 2, 2 * b"xy", b"x" * 0, b"x" * -3)
print(b == b"ab\ncd\xff", b != b"ab", b"a" < b"b", b"ab" < b"a", b"\xff" > b"a", b"" <= b"")
print(b == "ab", b"a" == 97)
print(hash(b"spam") == hash(b"sp" + b"am"), len({b"k": 1, b"k" + b"": 2}))
print(bool(b""), bool(b"\x00"), 97 in b, b"cd" in b, b"zz" in b, b"" in b)
print(list(b"abc"), [c for c in b""], sum(b"\x01\x02\x03"), max(b"azb"), sorted(b"cab"))
print(b.find(b"\n"), b.find(b"c", 4), b.find(b"zz"), b.find(100), b.find(b"", 2), b.find(b"b", 0, 1))
print(b"banana".count(b"an"), b"banana".count(b"a", 2), b"banana".count(b""), b"banana".index(b"na"))
print(b"hello".startswith(b"he"), b"hello".endswith((b"x", b"lo")), b"hello".startswith(b"l", 2))
print(b", ".join([b"a", b"b", b"c"]), b"".join([]), b"-".join(x for x in [b"q"]))
print("héllo".encode().decode(), b"abc".decode("ascii"), b"\xe9".decode("latin-1"), b"\xff".decode("utf-8", "replace"))
print(bytes(), bytes(3), bytes([65, 66, 67]), bytes(b"copy"), bytes("é", "utf-8"), bytes(range(3)))
print(repr(b"it's"), str(b'q"'), b"\t\r\x7f\x80")


def attempt(f):
    try:
        print("ok", f())
    except (TypeError, ValueError, IndexError) as e:
        print(type(e).__name__ + ":", e)


attempt(lambda: b[6])
attempt(lambda: b["x"])
attempt(lambda: b + "x")
attempt(lambda: b * 1.5)
attempt(lambda: b < "x")
attempt(lambda: 300 in b)
attempt(lambda: "a" in b)
attempt(lambda: b.find("a"))
attempt(lambda: b.index(b"zz"))
attempt(lambda: b"x".join([b"a", "b"]))
attempt(lambda: b"x".startswith("x"))
attempt(lambda: b"\xff".decode())
attempt(lambda: b"a\xe2\x82".decode())
attempt(lambda: b"\xe2\x28\xa1".decode())
attempt(lambda: b"\xed\xa0\x80".decode())
attempt(lambda: b"\x80".decode("ascii"))
attempt(lambda: bytes("x"))
attempt(lambda: bytes(-1))
attempt(lambda: bytes([256]))
attempt(lambda: bytes(["a"]))
attempt(lambda: bytes(1.5))
attempt(lambda: bytes(3, "utf-8"))
attempt(lambda: b"\xe2\x82\x28".decode())
attempt(lambda: b"\xf0\x9f\x98".decode())
print(b"a\xe2\x82b\xff\xf0\x9f\x98".decode("utf-8", "replace"), b"a\xe2\x82b".decode("utf-8", "ignore"))
print("😀".encode().decode(), b"\xf4\x90\x80\x80".decode("utf-8", "replace"), b"\xc0\xaf".decode("utf-8", "replace"))
