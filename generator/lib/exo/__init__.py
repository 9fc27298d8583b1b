"""exocc's bundled `exo` package: the same names upstream Exo exports."""

from _exo import proc, instr, config, Procedure
from .core.configs import Config
from .core.memory import Memory, DRAM
from .core.extern import Extern
from .rewrite.LoopIR_scheduling import SchedulingError
from .frontend.pyparser import ParseError

__version__ = "0.1.0"

__all__ = [
    "Procedure",
    "proc",
    "instr",
    "config",
    "Config",
    "Memory",
    "Extern",
    "DRAM",
    "SchedulingError",
]
