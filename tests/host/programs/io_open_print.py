# open() on text files and print() to a replaced sys.stdout, compared with CPython.
import os
import sys
import tempfile

tmp = tempfile.TemporaryDirectory()
d = tmp.name
p = os.path.join(d, "notes.txt")

with open(p, "w") as f:
    print(f.write("hello\n"), f.closed, f.readable(), f.writable())
    print("world", 3, sep="-", file=f)
print(f.closed)

with open(p) as f:
    print(f.readline(), end="")
    print(f.read())
print(open(p).readlines())

with open(p, "a") as f:
    f.writelines(["more\n", "lines\n"])
for line in open(p):
    print(repr(line))
print(open(p).read(3), repr(open(p).readline(2)))

try:
    open(p, "x")
except FileExistsError as e:
    print("exists", e.errno)
try:
    open(os.path.join(d, "missing.txt"))
except FileNotFoundError as e:
    print("missing", e.errno)
try:
    open(p, "rw")
except ValueError as e:
    print(e)
f = open(p)
f.close()
try:
    f.read()
except ValueError as e:
    print(e)

# Writing to os.devnull discards; the device stays a device.
saved = sys.stdout
sys.stdout = open(os.devnull, "w")
print("hidden")
sys.stdout.close()
sys.stdout = saved
print("shown", os.path.isfile(os.devnull))

tmp.cleanup()
print(os.path.exists(d))
