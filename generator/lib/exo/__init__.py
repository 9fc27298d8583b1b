"""exocc's bundled `exo` package: the same names upstream Exo exports."""

from _exo import proc, instr, config, Procedure
from _exo import compile_procs, compile_procs_to_strings
from .core.configs import Config
from .API_types import ExoType
from .core.memory import Memory, DRAM
from .core.extern import Extern
from .rewrite.LoopIR_scheduling import SchedulingError
from .frontend.pyparser import ParseError
from .frontend.parse_fragment import ParseFragmentError
from . import API_cursors as _cursors  # adds find, args, body, forward ... to Procedure
from . import procedure_methods as _procedure_methods  # transpose, add_assertion, is_eq

__version__ = "0.1.0"

__all__ = [
    "Procedure",
    "compile_procs",
    "compile_procs_to_strings",
    "proc",
    "instr",
    "config",
    "Config",
    "Memory",
    "Extern",
    "DRAM",
    "SchedulingError",
    "ParseFragmentError",
    "ExoType",
]
