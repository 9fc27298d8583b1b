# Builtin types (exocc generator/host/type_*.cpp) against CPython 3.11.
ranges = [(0, 0x250), (0x370, 0x400), (0x400, 0x530), (0x2000, 0x2070), (0x2070, 0x2190), (0x3000, 0x3010), (0xff00, 0xff60)]
bad = []
for lo, hi in ranges:
    for cp in range(lo, hi):
        c = chr(cp)
        r = (c.isalpha(), c.isdigit(), c.isdecimal(), c.isnumeric(), c.isspace(), c.isupper(), c.islower(),
             c.isprintable(), c.isidentifier(), c.isalnum(), c.istitle(), c.upper(), c.lower(), c.title(), c.swapcase(), c.casefold(), repr(c))
        print(hex(cp), r)
for w in ['ΟΔΟΣ', 'ΟΔΟΣ ΑΣ.', "Σ", "AΣ'", "AΣ'b", 'ǅungla', 'ǆ', 'ﬁne', 'ŉ', 'İstanbul']:
    print(w.lower(), w.title(), w.capitalize(), w.swapcase(), w.upper(), w.casefold(), w.istitle(), w.isupper(), w.islower())
