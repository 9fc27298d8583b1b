# AttributeError carries name and obj; the uncaught one ends with "Did you mean".
class ForCursor:
    def body(self):
        return []

    def name(self):
        return "i"


c = ForCursor()
try:
    c.nmae()
except AttributeError as e:
    print(str(e), e.name, e.obj is c)
import math
try:
    math.sqr(2)
except AttributeError as e:
    print(e, e.name)
c.bodyy()
