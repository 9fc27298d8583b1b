"""upstream's exo.rewrite.new_eff module path: the safety analyses are exocc's native
analysis library (generator/analysis/sched_checks.h); scheduling code imports the error
type from here."""
from .LoopIR_scheduling import SchedulingError
