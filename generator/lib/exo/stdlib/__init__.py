"""exo.stdlib: user-level scheduling libraries (see docs/scheduling.md)."""
from . import scheduling

# Upstream also lists "stdlib", which CPython imports on `from exo.stdlib import *`;
# exocc's star import does not load submodules, and importing stdlib here would load the
# x86 / Neon libraries for every user of exo.stdlib.scheduling.
__all__ = [
    "scheduling",
]
