"""Memories: where a buffer lives and the C code that allocates, frees and accesses it.

A memory is a class (never instantiated) whose classmethods return C snippets. User
hardware libraries subclass `Memory`; exocc calls these hooks on the user's class when
it generates C.
"""
from abc import ABC, abstractmethod


class MemGenError(Exception):
    """Raised by a memory hook that cannot generate the requested code."""


def generate_offset(indices, strides):
    """The C offset expression sum(index_k * stride_k), skipping zero terms."""
    terms = []
    for i, s in zip(indices, strides):
        if i == "0" or s == "0":
            continue
        if s == "1":
            terms.append(i)
        elif i == "1":
            terms.append(s)
        elif len(s) == 1:
            terms.append(f"({i}) * {s}")
        else:
            terms.append(f"({i}) * ({s})")
    return " + ".join(terms) if terms else "0"


class Memory(ABC):
    # Beyond upstream: what code touching this memory's buffers needs from the C compiler,
    # as GCC/Clang `target` feature names (e.g. ("avx2",)). `exocc build` compiles each
    # function that uses the memory for them (docs/target-features.md).
    target_features = ()
    # Beyond upstream: the architecture whose C compilers accept that code ("x86" or
    # "aarch64"; None: any). A multi-target build guards a variant using the memory by
    # it, and its dispatch considers the variant only there (docs/target-features.md).
    target_arch = None

    @classmethod
    def name(cls):
        return cls.__name__

    @classmethod
    def global_(cls):
        """C code emitted once at the top of the generated file."""
        return ""

    @classmethod
    @abstractmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        raise NotImplementedError()

    @classmethod
    @abstractmethod
    def free(cls, new_name, prim_type, shape, srcinfo):
        raise NotImplementedError()

    @classmethod
    def window(cls, basetyp, baseptr, indices, strides, srcinfo):
        if basetyp.is_win():
            baseptr = f"{baseptr}.data"
        return f"{baseptr}[{generate_offset(indices, strides)}]"

    @classmethod
    @abstractmethod
    def can_read(cls):
        raise NotImplementedError()

    @classmethod
    def write(cls, s, lhs, rhs):
        raise MemGenError(f"{s.srcinfo}: cannot write to buffer '{s.name}' in memory '{cls.name()}'")

    @classmethod
    def reduce(cls, s, lhs, rhs):
        raise MemGenError(f"{s.srcinfo}: cannot reduce to buffer '{s.name}' in memory '{cls.name()}'")


class DRAM(Memory):
    @classmethod
    def global_(cls):
        return "#include <stdio.h>\n#include <stdlib.h>\n"

    @classmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        if not shape:
            return f"{prim_type} {new_name};"
        size = " * ".join(shape)
        return f"{prim_type} *{new_name} = ({prim_type}*) malloc({size} * sizeof(*{new_name}));"

    @classmethod
    def free(cls, new_name, prim_type, shape, srcinfo):
        return "" if not shape else f"free({new_name});"

    @classmethod
    def can_read(cls):
        return True

    @classmethod
    def write(cls, s, lhs, rhs):
        return f"{lhs} = {rhs};"

    @classmethod
    def reduce(cls, s, lhs, rhs):
        return f"{lhs} += {rhs};"


class StaticMemory(Memory):
    """A memory with a fixed number of chunks, handed out from a free list."""

    is_chunk_allocated = []

    @classmethod
    def init_state(cls, size):
        cls.is_chunk_allocated = [False] * size

    @classmethod
    def find_free_chunk(cls):
        for i, used in enumerate(cls.is_chunk_allocated):
            if not used:
                return i
        raise MemGenError(f"Cannot allocate more than {len(cls.is_chunk_allocated)} chunks at a time.")

    @classmethod
    def mark(cls, idx):
        cls.is_chunk_allocated[idx] = True

    @classmethod
    def unmark(cls, idx):
        cls.is_chunk_allocated[idx] = False
