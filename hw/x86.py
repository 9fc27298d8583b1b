"""x86 hardware library (exo.platforms.x86).

Memories for x86 vector registers. The AVX2/AVX-512 instruction procs (loads, stores,
FMA, broadcasts, ...) are added here as the `replace` machinery lands; until then this
module provides the memories programs import from it.
"""
from exo.core.memory import DRAM
from exo.libs.memories import AVX2, AVX512, AMX_TILE
