# Imported by axpy.py: exocc's depfile lists it, so editing it regenerates axpy only.
from __future__ import annotations
from exo import *
