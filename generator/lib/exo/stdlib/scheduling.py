"""exo.stdlib.scheduling: the scheduling library.

The scheduling primitives are being built (issues 6-9); this module already exports the
error type every scheduling program imports, and grows as primitives land.
"""
from exo.rewrite.LoopIR_scheduling import SchedulingError
