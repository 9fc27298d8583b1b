"""Placeholder PIL for `exocc test`: importing works, using it fails the test."""
