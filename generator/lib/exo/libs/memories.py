"""The memories exocc ships under upstream Exo's names (exo.libs.memories).

Each generates exactly the C that upstream's does, so existing C callers and goldens
agree; error texts match too. Hardware-specific ones (AVX2, AVX512, AMX, Gemmini)
only describe storage: their instructions live in hw/.
"""
from exo.core.memory import Memory, DRAM, StaticMemory, MemGenError, generate_offset


def _is_const_size(sz, c):
    return sz.isdecimal() and int(sz) == c


def _product_innermost_first(shape):
    # upstream spells sizes innermost-first: "k * j * i"
    text = shape[0]
    for s in shape[1:]:
        text = f"{s} * {text}"
    return text


def _require_constant_shape(shape):
    for extent in shape:
        try:
            int(extent)
        except ValueError as e:
            raise MemGenError(f"DRAM_STATIC requires constant shapes. Saw: {extent}") from e


def _register_array(c_type, new_name, outer_shape):
    if outer_shape:
        return f'{c_type} {new_name}[{"][".join(map(str, outer_shape))}];'
    return f"{c_type} {new_name};"


def _register_window(baseptr, indices, strides):
    assert strides[-1] == "1"
    outer = indices[:-1]
    return baseptr + ("[" + "][".join(outer) + "]" if outer else "")


class MDRAM(DRAM):
    """DRAM through a custom allocator (custom_malloc.h)."""

    @classmethod
    def global_(cls):
        return '#include "custom_malloc.h"'

    @classmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        if not shape:
            return f"{prim_type} {new_name};"
        return (f"{prim_type} *{new_name} = "
                f"({prim_type}*) malloc_dram ({_product_innermost_first(shape)} * sizeof({prim_type}));")

    @classmethod
    def free(cls, new_name, prim_type, shape, srcinfo):
        return "" if not shape else f"free_dram({new_name});"


class _FixedSizeDRAM(DRAM):
    """DRAM as a C array of constant size, declared with `_storage` in front."""

    _storage = ""

    @classmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        _require_constant_shape(shape)
        return f'{cls._storage}{prim_type} {new_name}[{" * ".join(shape)}];'

    @classmethod
    def free(cls, new_name, prim_type, shape, srcinfo):
        return ""


class DRAM_STATIC(_FixedSizeDRAM):
    """DRAM as a static array (constant shapes only)."""

    _storage = "static "


class DRAM_STACK(_FixedSizeDRAM):
    """DRAM on the stack: thread-local, so safe inside parallel loops."""


class _GemminiMemory(Memory):
    """Gemmini's scratchpad and accumulator: 16-wide rows, addressed in rows."""

    _header = ""
    _kind = ""
    _malloc = ""
    _free = ""
    _addr_type = ""

    @classmethod
    def global_(cls):
        return f'#include <include/gemmini.h>\n#include "{cls._header}"'

    @classmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        if not shape:
            return f"{prim_type} {new_name};"
        size = _product_innermost_first(shape)
        if not _is_const_size(shape[-1], 16):
            raise MemGenError(f"{srcinfo}: Cannot allocate GEMMINI {cls._kind} Memory "
                              f"unless innermost dimension is exactly 16.  got {shape[-1]}")
        return (f"{prim_type} *{new_name} = "
                f"({prim_type}*) (({cls._addr_type}){cls._malloc} ({size} * sizeof({prim_type})));")

    @classmethod
    def can_read(cls):
        return False

    @classmethod
    def free(cls, new_name, prim_type, shape, srcinfo):
        return "" if not shape else f"{cls._free}(({cls._addr_type})({new_name}));"

    @classmethod
    def window(cls, basetyp, baseptr, indices, strides, srcinfo):
        assert len(indices) == len(strides) and len(strides) >= 2
        prim_type = basetyp.basetype().ctype()
        offset = generate_offset(indices, strides)
        return (f"*({prim_type}*)((uint64_t)( "
                f"((uint32_t)((uint64_t){baseptr})) + "
                f"({offset})/16))")


class GEMM_SCRATCH(_GemminiMemory):
    _header = "gemm_malloc.h"
    _kind = "Scratchpad"
    _malloc = "gemm_malloc"
    _free = "gemm_free"
    _addr_type = "uint64_t"


class GEMM_ACCUM(_GemminiMemory):
    _header = "gemm_acc_malloc.h"
    _kind = "Accumulator"
    _malloc = "gemm_acc_malloc"
    _free = "gemm_acc_free"
    _addr_type = "uint32_t"


class VectorRegisters(Memory):
    """Base of the memories of a vector register file: a buffer's innermost dimension is
    one register, its outer (constant) dimensions a C array of registers, and registers
    are only touched by instructions. A subclass names itself (`_name`, for messages),
    the C header, and per C element type the lanes and register type; hardware
    libraries (hw/*.py) build their register memories on it."""

    _name = ""
    _header = ""
    _registers = {}  # C element type -> (lanes, C register type)
    _partial_lanes = False  # True: a register may be allocated with fewer lanes

    @classmethod
    def global_(cls):
        return cls._header

    @classmethod
    def can_read(cls):
        return False

    @classmethod
    def type_error(cls, prim_type):
        types = "/".join(_SHORT_TYPES[t] for t in cls._registers)
        return f"{cls._name} vectors must be {types} (for now), got {prim_type}"

    @classmethod
    def width_error(cls, prim_type, lanes, shape):
        return f"{cls._name} vectors of type {prim_type} must be {lanes}-wide, got {shape}"

    @classmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        if not shape:
            raise MemGenError(f"{srcinfo}: {cls._name} vectors are not scalar values")
        if prim_type not in cls._registers:
            raise MemGenError(f"{srcinfo}: {cls.type_error(prim_type)}")
        lanes, reg_type = cls._registers[prim_type]
        last = shape[-1]
        fits = last.isdecimal() and (int(last) <= lanes if cls._partial_lanes else int(last) == lanes)
        if not fits:
            raise MemGenError(f"{srcinfo}: {cls.width_error(prim_type, lanes, shape)}")
        for extent in shape[:-1]:
            if not (extent.isdecimal() and int(extent) > 0):
                raise MemGenError(f"{srcinfo}: Cannot allocate variable numbers of {cls._name} vectors")
        return _register_array(reg_type, new_name, shape[:-1])

    @classmethod
    def free(cls, new_name, prim_type, shape, srcinfo):
        return ""

    @classmethod
    def window(cls, basetyp, baseptr, indices, strides, srcinfo):
        return _register_window(baseptr, indices, strides)


_SHORT_TYPES = {"float": "f32", "double": "f64", "_Float16": "f16", "uint16_t": "ui16", "int8_t": "i8",
                "int32_t": "i32"}


class AVX2(VectorRegisters):
    """AVX2 vector registers: the innermost dimension is one register."""

    _name = "AVX2"
    _header = "#include <immintrin.h>"
    target_features = ("avx2",)
    target_arch = "x86"
    _registers = {"float": (8, "__m256"), "double": (4, "__m256d"), "uint16_t": (16, "__m256i")}


class AVX512(VectorRegisters):
    """AVX-512 vector registers of 16 floats."""

    _name = "AVX512"
    _header = "#include <immintrin.h>"
    # Every AVX-512 CPU has AVX2 and FMA: declaring them lets AVX-512 code use 256-bit
    # forms too, and makes a dispatch prefer an AVX-512 variant to an AVX2 one.
    target_features = ("avx2", "avx512f", "fma")
    target_arch = "x86"
    _registers = {"float": (16, "__m512")}

    @classmethod
    def type_error(cls, prim_type):
        return "AVX512 vectors must be f32 (for now)"

    @classmethod
    def width_error(cls, prim_type, lanes, shape):
        return "AVX512 vectors must be 16-wide"


class AMX_TILE(StaticMemory):
    """Intel AMX tile registers: 8 tiles of at most 16 rows by 64 bytes."""

    NUM_AMX_TILES = 8
    target_features = ("amx-tile",)
    target_arch = "x86"
    tile_dict = {}
    _bytes_per_element = {"float": 4, "double": 8, "int8_t": 1, "int32_t": 4, "int_fast32_t": 4}

    @classmethod
    def reset_allocations(cls):
        cls.init_state(cls.NUM_AMX_TILES)
        cls.tile_dict = {}

    @classmethod
    def global_(cls):
        return "#include <immintrin.h>"

    @classmethod
    def can_read(cls):
        return False

    @classmethod
    def alloc(cls, new_name, prim_type, shape, srcinfo):
        if not (shape[0].isdecimal() and int(shape[0]) <= 16):
            raise MemGenError("Number of tile rows must be a constant and <= 16.")
        row_bytes = int(shape[1]) * cls._bytes_per_element[prim_type] if shape[1].isdecimal() else None
        if row_bytes is None or row_bytes > 64:
            raise MemGenError("Number of bytes per row must be a constant and <= 64, "
                              f"currently trying to allocate {int(shape[1]) * cls._bytes_per_element[prim_type]} bytes per row.")
        tile = cls.find_free_chunk()
        cls.mark(tile)
        cls.tile_dict[new_name] = tile
        return f"#define {new_name} {tile}"

    @classmethod
    def free(cls, new_name, prim_type, shape, srcinfo):
        tile = cls.tile_dict.pop(new_name)
        cls.unmark(tile)
        return f"#undef {new_name}"


AMX_TILE.init_state(AMX_TILE.NUM_AMX_TILES)
