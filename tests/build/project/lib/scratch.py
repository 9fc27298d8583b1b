"""A made-up scratchpad memory: its C comes from this library, not from exocc."""
from exo import Memory


class SCRATCH(Memory):
    @classmethod
    def global_(cls):
        return "/* scratchpad support */\n#include <string.h>"

    @classmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        size = " * ".join(str(s) for s in shape) or "1"
        return f"{prim_type} {new_name}[{size}]; /* on the scratchpad */"

    @classmethod
    def free(cls, new_name, prim_type, shape, srcinfo):
        return f"/* release {new_name} */"

    @classmethod
    def can_read(cls):
        return True

    @classmethod
    def write(cls, s, lhs, rhs):
        return f"{lhs} = {rhs}; /* scratchpad store to {s.name} */"

    @classmethod
    def reduce(cls, s, lhs, rhs):
        return f"{lhs} += {rhs};"
