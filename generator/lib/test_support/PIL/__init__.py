"""The part of PIL that Exo's tests use, for `exocc test` only: PNG images read into
and written from numpy arrays (PIL.Image)."""
