# typing placeholders: reprs, equality, get_origin/get_args, NamedTuple, TypedDict, ...
import typing
from typing import *
from typing import get_type_hints


def attempt(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        print('  ', type(e).__name__ + ':', e)


T = TypeVar('T')
K = TypeVar('K', bound=int)
S = TypeVar('S', int, str, covariant=True)
C = TypeVar('C', contravariant=True)
items = [Optional[int], Union[int, str], Union[int, None, str], Union[int], List, List[int],
         Dict[str, List[int]], Tuple[int, ...], Tuple[()], Tuple, Tuple[int, str], Callable[[int, str], bool],
         Callable[..., int], Callable[[], None], Callable, Any, Type[int], Set[str], FrozenSet[int], Iterable[T],
         Iterator, Sequence[int], Mapping[str, Any], T, K, S, C, ClassVar[int], Final[int], Literal[1, 'a'],
         List['Foo'], Optional['Foo'], NoReturn, Deque[int], DefaultDict[str, int], Counter[str],
         Type, Optional[List[int]], Union[Optional[int], str], Annotated[int, 'meta'],
         Generator[int, None, None], ForwardRef('X'), Hashable, Sized, MutableMapping[str, int],
         AnyStr, Collection[int], Awaitable, Container[int], Reversible, ChainMap[str, int],
         OrderedDict[str, int], List[Optional[int]], Dict[str, T][int], Union[str, Union[int, float]],
         Optional[Union[int, str]], List[Tuple[int, ...]], Literal['x'], Type[Any], List[None]]
for x in items:
    print(repr(x))
print(Text, TYPE_CHECKING, typing.TYPE_CHECKING)
print(get_origin(List[int]), get_args(Dict[str, int]), get_origin(Optional[int]), get_args(Optional[int]))
print(get_origin(Callable[[int], str]), get_args(Callable[[int], str]), get_args(Callable[..., str]), get_args(Tuple[int, ...]))
print(get_origin(int), get_args(int), get_origin(Annotated[int, 1]), get_args(Annotated[int, 1, 2]), get_origin(Generic), get_origin(List))
print(Optional[int] == Union[int, None], Union[int, str] == Union[str, int], hash(Optional[int]) == hash(Union[None, int]))
print(List[int] == List[int], List[int] == List[str], Literal[1, 2] == Literal[2, 1], Dict[str, int] != Dict[str, int])
print(Optional[int].__args__, List[int].__origin__, List.__origin__, Union[int, str].__origin__, T.__name__, K.__bound__, S.__constraints__)
print(isinstance([], List), isinstance({}, Dict), isinstance((), Tuple), issubclass(list, List), isinstance(3, Union[int, str]))
attempt(isinstance, [], List[int])
attempt(lambda: Optional[int, str])
attempt(lambda: Union[()])
attempt(lambda: List[int, str])
attempt(lambda: Dict[int])
attempt(lambda: ClassVar[int, str])
attempt(List)
attempt(List[int])
attempt(Any)
attempt(lambda: Callable[int, str])
print(cast(int, 'not-int'), cast('List[int]', 5))


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item

    def get(self) -> T:
        return self.item


b = Box[int](5)
print(b.get(), Box[int], Box.__name__, type(b).__name__, isinstance(b, Box), Box(1).item)


class Pair(Generic[K, T]):
    pass


print(Pair[int, str], Pair.__mro__[-2] is Generic)


class Proto(Protocol):
    def meth(self) -> int: ...


@runtime_checkable
class RP(Protocol):
    pass


print(Proto.__name__, RP.__name__)


class Pt(NamedTuple):
    x: int
    y: int = 0

    def total(self):
        return self.x + self.y


p = Pt(1)
print(p, Pt(2, 3).total(), Pt._fields, Pt._field_defaults, Pt.__annotations__, isinstance(p, tuple), Pt.__mro__[1])
NT = NamedTuple('NT', [('a', int), ('b', str)])
print(NT(1, 'b'), NT._fields, NT.__annotations__)
attempt(lambda: Pt(1, 2, 3))


def bad_nt():
    class Bad(NamedTuple):
        a: int = 1
        b: int


attempt(bad_nt)


class Movie(TypedDict):
    name: str
    year: int


class Partial(TypedDict, total=False):
    extra: str


m = Movie(name='x', year=1)
print(m, type(m).__name__, Movie.__annotations__, sorted(Movie.__required_keys__), sorted(Partial.__optional_keys__), Partial.__total__)
TD = TypedDict('TD', {'a': int})
print(TD(a=1), TD.__annotations__)
UserId = NewType('UserId', int)
print(UserId, UserId(5), UserId.__name__, UserId.__supertype__)


@overload
def f(x: int) -> int: ...


@overload
def f(x: str) -> str: ...


def f(x):
    return x


print(f(3), f('s'))


@final
def g():
    return 'g'


print(g(), no_type_check(g) is g)


class Annotated_:
    a: int
    b: 'List[int]'
    c: Optional['Annotated_'] = None


print(get_type_hints(Annotated_))


def hinted(x: 'int', y: List['str'] = None) -> 'Dict[str, int]':
    pass


print(get_type_hints(hinted))
print(Union[int, str] | None, Optional[int] | str, List[int] | None)
