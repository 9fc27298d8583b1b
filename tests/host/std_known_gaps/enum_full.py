# enum beyond the corpus: auto, IntEnum, StrEnum, Flag, unique, aliases, errors.
import copy
from enum import Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique, EnumMeta


def attempt(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        print('  ', type(e).__name__ + ':', e)


class Color(Enum):
    RED = auto()
    GREEN = auto()
    BLUE = auto()
    CRIMSON = 1          # alias of RED

    def describe(self):
        return f'{self.name}={self.value}'

    @property
    def is_warm(self):
        return self in (Color.RED,)

    @classmethod
    def default(cls):
        return cls.GREEN

    @staticmethod
    def helper(x):
        return x * 2


print(list(Color), len(Color), Color.CRIMSON is Color.RED, Color.CRIMSON)
print(list(Color.__members__), Color.__members__['CRIMSON'])
print([m.describe() for m in Color], Color.RED.is_warm, Color.BLUE.is_warm)
print(Color.default(), Color.helper(4), Color.RED.helper(5))
print(list(reversed(Color)), Color(2), Color['CRIMSON'], Color(Color.BLUE))
print(repr(Color), str(Color), Color.__name__, type(Color) is EnumMeta, isinstance(Color.RED, Color))
print(Color.RED in Color, Color.RED == Color.RED, Color.RED != Color.GREEN, Color.RED == 1)
attempt(lambda: 1 in Color)
attempt(Color, 7)
attempt(lambda: Color['PURPLE'])
attempt(setattr, Color, 'RED', 5)
attempt(lambda: Color.RED < Color.GREEN)
print(hash(Color.RED) == hash(Color.RED), {Color.RED: 'r', Color.CRIMSON: 'c'})
print(copy.copy(Color.RED) is Color.RED, copy.deepcopy([Color.GREEN])[0] is Color.GREEN)
print(f'{Color.RED}|{Color.RED!r}|{Color.RED:>12}|', format(Color.BLUE), '%s %r' % (Color.RED, Color.RED))
print(Color.RED.name, Color.RED.value, Color.RED._name_, Color.RED._value_)
print(sorted(Color, key=lambda c: c.value, reverse=True))


class Num(IntEnum):
    ONE = 1
    TWO = 2
    FOUR = 4


print(Num.ONE, repr(Num.TWO), Num.ONE + 1, Num.TWO * 3, Num.FOUR == 4, Num(2), int(Num.FOUR))
print(f'{Num.TWO}|{Num.TWO:03d}|', sorted([Num.FOUR, Num.ONE, 3]), Num.ONE < Num.TWO, [1, 2, 3][Num.ONE])
print(isinstance(Num.ONE, int), hash(Num.TWO) == hash(2), {2: 'two'}[Num.TWO], list(Num))
attempt(Num, 3)


class Mode(StrEnum):
    READ = auto()
    WRITE = 'w'


print(Mode.READ, repr(Mode.READ), Mode.WRITE, Mode('w'), Mode.READ == 'read', Mode.READ.upper(), f'{Mode.WRITE}')
print(isinstance(Mode.READ, str), len(Mode.READ), Mode.READ + '!')


def bad_strenum():
    class Bad(StrEnum):
        X = 1


attempt(bad_strenum)


class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()


rw = Perm.R | Perm.W
print(repr(rw), rw, Perm.R in rw, Perm.X in rw, bool(Perm.R & Perm.X), repr(Perm.R & Perm.X))
print(list(Perm), [m.value for m in Perm], Perm(3) is rw, repr(~Perm.R), len(rw), list(rw))
print(repr(Perm), Perm.R.value, Perm.X.value, repr(Perm(0)), str(Perm(0)))


class Bits(IntFlag):
    A = 1
    B = 2
    C = 4


print(repr(Bits.A | Bits.C), Bits.A | Bits.C, Bits.A | 2, Bits.B & 3, int(Bits.C), Bits(5) == 5)


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def gravity(self):
        return round(6.673e-11 * self.mass / (self.radius * self.radius), 2)


print(Planet.EARTH, Planet.EARTH.value, Planet.EARTH.mass, Planet.EARTH.gravity, Planet((3.303e+23, 2.4397e6)))


class Coord(Enum):
    def __new__(cls, value, label):
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label
        return obj

    X = (1, 'ex')
    Y = (2, 'why')


print(Coord.X, Coord.X.value, Coord.Y.label, Coord(2))


class WithMissing(Enum):
    A = 'a'
    B = 'b'

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls.__members__.get(value.upper())
        return None


print(WithMissing('A'), WithMissing('b'))
attempt(WithMissing, 3)


class Ordered(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower() + str(count)

    FIRST = auto()
    SECOND = auto()


print(list(Ordered), Ordered.SECOND.value)


class Mixed(Enum):
    A = 10
    B = auto()
    C = 'x'


print(Mixed.B.value, repr(Mixed.C))


@unique
class Fine(Enum):
    A = 1
    B = 2


print(list(Fine))


def not_unique():
    @unique
    class Dup(Enum):
        A = 1
        B = 1
        C = 2
        D = 2
    return Dup


attempt(not_unique)


def extend():
    class More(Color):
        PINK = 9


attempt(extend)


class Base(Enum):
    def shout(self):
        return self.name.upper() + '!'


class Sub(Base):
    a = 1
    b = 2


print(Sub.a.shout(), list(Sub), Sub.a.name, Sub.b.value)

Animal = Enum('Animal', 'ANT BEE CAT')
print(list(Animal), Animal.BEE.value, Animal(3), repr(Animal))
Shape = Enum('Shape', [('SQ', 'square'), ('CI', 'circle')])
print(list(Shape), Shape('circle'))
Lvl = IntEnum('Lvl', ['LOW', 'HIGH'], start=10)
print(list(Lvl), Lvl.HIGH + 0)


class Name(Enum):
    name = 'n'
    value = 'v'


print(Name.name, Name.value.value, Name.name.name, list(Name))


class Truthy(Enum):
    ZERO = 0
    EMPTY = ''


print(bool(Truthy.ZERO), bool(Truthy.EMPTY), bool(Num.ONE))
print(Color.RED.__class__.__name__, type(Color.GREEN) is Color, Color.__class__.__name__)
print(dict((c.name, c.value) for c in Color))
print(Color.BLUE.__reduce_ex__(2)[1], Num.FOUR.__reduce_ex__(2)[1])
