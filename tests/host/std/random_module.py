# random against CPython: the same Mersenne Twister sequence for the same seed.
import random

for seed in [0, 1, 42, -7, 2 ** 40 + 3, 2 ** 62 + 12345, 3.5, True]:
    random.seed(seed)
    print(seed, random.random(), random.randint(1, 100), random.randrange(10), random.randrange(5, 100, 7),
          random.randrange(-10, -100, -3), random.choice("abcdef"), random.uniform(2, 5))
    print(random.gauss(0, 1), random.gauss(5, 2), random.normalvariate(1, 2), random.getrandbits(63),
          random.getrandbits(7), random.getrandbits(0))
    items = list(range(20))
    random.shuffle(items)
    print(items, random.sample(range(100), 10), random.sample([1, 2, 3, 4, 5], 3))
    print(random.sample(range(10 ** 6), 8), random.choices("abc", k=4), random.choices("abc", [1, 5, 2], k=4))
    print(random.choices(range(10), cum_weights=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], k=3),
          random.sample(["x", "y"], counts=[3, 2], k=4))

r = random.Random(2024)
state = r.getstate()
first = [r.random() for _ in range(1000)]
r.setstate(state)
print(first == [r.random() for _ in range(1000)], sum(first))
print(random.Random(7).random() == random.Random(7).random())
for call in [lambda: random.randrange(0), lambda: random.randrange(5, 5), lambda: random.randrange(1, 10, 0),
             lambda: random.choice([]), lambda: random.sample([1, 2], 3), lambda: random.sample({1, 2}, 1),
             lambda: random.randrange(1, 5, -1)]:
    try:
        call()
    except (ValueError, IndexError, TypeError) as e:
        print(type(e).__name__, e)
