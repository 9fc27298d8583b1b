"""The object-code parser lives in exocc's C++ frontend; this module exposes its error type."""
from _exo import ParseError
