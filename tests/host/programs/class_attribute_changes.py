# Class attributes that change after they have been looked up: every lookup below
# follows one of the same name, so a stale cached result would show.


class Base:
    def greet(self):
        return "base"

    kind = "base-kind"


class Mid(Base):
    pass


class Leaf(Mid):
    pass


leaf = Leaf()
names = ["greet", "kind", "extra", "__len__"]


def show(label):
    parts = []
    for n in names:
        parts.append(f"{n}={getattr(leaf, n)() if callable(getattr(leaf, n, None)) else getattr(leaf, n, '-')}")
    print(label, " ".join(parts), hasattr(Leaf, "extra"))


show("start")
Mid.greet = lambda self: "mid"          # a new key nearer in the MRO
show("mid added")
Leaf.greet = lambda self: "leaf"
show("leaf added")
del Mid.greet                            # removed below a shadowing entry
show("mid removed")
del Leaf.greet                           # back to the base
show("leaf removed")
Base.greet = lambda self: "base2"        # a replaced value
show("base replaced")
Base.extra = 42                          # a name that was absent
show("extra added")
Leaf.__len__ = lambda self: 7            # a dunder: len() goes through the type
print("len", len(leaf))
del Leaf.__len__
try:
    len(leaf)
except TypeError as e:
    print("len gone:", e)
setattr(Mid, "kind", "mid-kind")
show("kind set")
delattr(Mid, "kind")
show("kind deleted")

# Methods called in a loop while the class changes under them.
out = []
for i in range(6):
    if i == 2:
        Base.step = lambda self: "two"
    if i == 4:
        del Base.step
    out.append(leaf.step() if hasattr(leaf, "step") else "none")
print(out)

# Classes made by type() and classes redefined under the same name.
for round_ in range(3):
    T = type("T", (Base,), {"greet": (lambda r: lambda self: f"t{r}")(round_)})
    print(T().greet(), T().kind)


class Desc:
    def __get__(self, obj, owner):
        return "from descriptor"


class Holder:
    pass


h = Holder()
h.__dict__["attr"] = "from instance"
print(h.attr)
Holder.attr = Desc()                     # non-data descriptor: the instance still wins
print(h.attr)
Desc.__set__ = lambda self, obj, value: None   # now a data descriptor: it wins
print(h.attr)
del Desc.__set__
print(h.attr)
