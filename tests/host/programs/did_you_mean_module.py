# A module attribute with a near miss.
import math

print(math.floor(2.5))
math.sqr(4)
