"""upstream's `exo.API` module path: the decorators and the Procedure type."""
from _exo import proc, instr, config, Procedure
