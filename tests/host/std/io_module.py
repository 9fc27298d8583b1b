# io.StringIO against CPython (io.BytesIO: bytesio_module.py).
import io

s = io.StringIO("hello\nworld\n")
print(repr(s.read(3)), s.tell(), repr(s.readline()), repr(s.readline()), repr(s.readline()))
s.seek(0, 2)
print(s.write("tail\n"), s.tell())
s.seek(0)
print(list(s), s.getvalue().split())
s.seek(2)
s.write("XY")
print(repr(s.getvalue()), s.truncate(4), repr(s.getvalue()), s.tell())
s.seek(10)
s.write("!")
print(repr(s.getvalue()))
print(s.readable(), s.writable(), s.seekable(), s.closed)
with io.StringIO() as out:
    print("to a stream", 42, file=out)
    out.writelines(["a\n", "b\n"])
    print(repr(out.getvalue()))
print(out.closed)
for f in (lambda: out.read(), lambda: out.getvalue(), lambda: io.StringIO(5), lambda: io.StringIO().write(5),
          lambda: io.StringIO().seek(-1)):
    try:
        f()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(io.StringIO("a\nb\nc").readlines(), io.StringIO("abc").read(-1), repr(io.StringIO().read()))

print(io.SEEK_SET, io.SEEK_CUR, io.SEEK_END, issubclass(io.UnsupportedOperation, OSError))
