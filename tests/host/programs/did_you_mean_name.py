# An uncaught NameError ends with CPython's "Did you mean" (checked against CPython's
# last stderr line); str(e) and the traceback module leave it out, as in CPython 3.11.
import traceback


def divide_loop(proc):
    return proc


def use_locals():
    tile_size = 4
    try:
        return tile_sizee
    except NameError as e:
        print(str(e), e.name)
        print(traceback.format_exc().splitlines()[-1])
    return tile_size


use_locals()
try:
    del undefined_name_xyz
except NameError as e:
    print(e, e.name)
divide_lop(1)
