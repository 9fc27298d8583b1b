# exo.platforms.* must resolve to the hw/ directory. CPython sees the same layout when
# run from the source tree with generator/lib on its path.
import sys, os.path
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(here, '..', '..', '..', 'generator', 'lib')))
from exo.platforms import example_target
print(example_target.NAME)
import exo
print(exo.__version__)
