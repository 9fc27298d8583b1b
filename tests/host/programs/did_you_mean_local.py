# The nearest name among a function's locals, its globals and the builtins.
def schedule(proc):
    outer_tile = 8
    inner_tile = 4
    return proc * inner_tiel


schedule(2)
