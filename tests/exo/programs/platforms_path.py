# exo.platforms.* resolves to the hw/ directory, and the exo package itself loads.
from exo.platforms import example_target
import exo
print(example_target.NAME)
print(exo.__version__)
