# io.BytesIO against CPython: writing, reading, lines, seeking past the end, truncating,
# the context manager, and the errors of misuse.
import io

b = io.BytesIO(b"first line\nsecond\nthird")
print(b.read(5), b.tell())
print(b.readline(), b.readline(3), b.readline())
print(b.readline(), b.read(), b.tell())
b.seek(0)
print(b.readlines())
b.seek(0)
print([line for line in b])
print(b.seek(-3, 2), b.read())

out = io.BytesIO()
print(out.write(b"abc"), out.write(b""), out.tell())
out.seek(1)
out.write(b"XY")
print(out.getvalue())
out.seek(6)
out.write(b"!")
print(out.getvalue(), len(out.getvalue()))
print(out.truncate(4), out.getvalue(), out.tell())
out.writelines([b"1", b"2"])
print(out.getvalue())
print(out.readable(), out.writable(), out.seekable(), out.isatty())

with io.BytesIO() as f:
    f.write("héllo\n".encode())
    f.write(bytes([0, 255, 10]))
    data = f.getvalue()
print(data, f.closed)
print(data.decode("utf-8", "replace"))

empty = io.BytesIO()
print(empty.read(), empty.readline(), empty.getvalue(), empty.tell())
print(io.BytesIO(None).getvalue())


def attempt(f):
    try:
        r = f()
        print("ok", r)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


attempt(lambda: io.BytesIO("text"))
attempt(lambda: io.BytesIO().write("text"))
attempt(lambda: io.BytesIO().seek(-1))
attempt(lambda: io.BytesIO().seek(0, 7))
attempt(lambda: io.BytesIO().truncate(-2))
closed = io.BytesIO(b"x")
closed.close()
attempt(lambda: closed.read())
attempt(lambda: closed.getvalue())
attempt(lambda: closed.write(b"y"))
print(io.BytesIO(b"a\nb").readlines(), io.BytesIO(b"pos").seek(10), io.BytesIO(b"xyz").read(-1))
