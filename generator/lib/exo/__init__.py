"""exocc's bundled `exo` package.

Programs written for upstream Exo import this package unchanged. The object-code
frontend (@proc, @instr, @config, types, memories) is being built; until then this
package only establishes the module layout that hardware libraries and the stdlib
hang off.
"""

__version__ = "0.1.0"
