# A tiny program in the style of an Exo schedule script: it builds a loop nest as data,
# "schedules" it with a split, and prints the result. Run it with `exocc run`.
from dataclasses import dataclass, field


@dataclass
class Loop:
    var: str
    extent: int
    body: list = field(default_factory=list)

    def show(self, indent=0):
        pad = '    ' * indent
        lines = [f'{pad}for {self.var} in seq(0, {self.extent}):']
        for s in self.body:
            lines += s.show(indent + 1) if isinstance(s, Loop) else [f'{pad}    {s}']
        return lines


def divide_loop(loop, factor):
    assert loop.extent % factor == 0, f'{loop.extent} is not divisible by {factor}'
    inner = Loop(f'{loop.var}i', factor, [s.replace(loop.var, f'({loop.var}o * {factor} + {loop.var}i)')
                                         for s in loop.body])
    return Loop(f'{loop.var}o', loop.extent // factor, [inner])


nest = Loop('i', 16, ['y[i] += a * x[i]'])
print('\n'.join(nest.show()))
print('\n'.join(divide_loop(nest, 4).show()))
