# The target machines the presets choose between (mini_config.py picks one by name).
class _Machine:
    def __init__(self, vec_width):
        self.vec_width = vec_width


narrow_machine = _Machine(4)
wide_machine = _Machine(8)
