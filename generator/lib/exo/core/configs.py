"""Configuration state (@config classes) shared between procedures."""
from _exo import Config


class ConfigError(Exception):
    pass
