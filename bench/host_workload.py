# A pure-Python workload in the style of schedule code: recursion, loops over lists
# and dicts, string building, method calls on small objects, and exceptions.
# bench/host_bench.sh runs it under exocc and CPython and prints the time ratio.

class Node:
    def __init__(self, op, args):
        self.op = op
        self.args = args

    def size(self):
        return 1 + sum(a.size() for a in self.args)

    def render(self):
        if not self.args:
            return self.op
        return f"{self.op}({', '.join(a.render() for a in self.args)})"


def build(depth, i):
    if depth == 0:
        return Node(f"x{i}", [])
    return Node("add" if depth % 2 else "mul", [build(depth - 1, i * 2), build(depth - 1, i * 2 + 1)])


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def histogram(words):
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def parse_all(items):
    ok = bad = 0
    for s in items:
        try:
            int(s)
            ok += 1
        except ValueError:
            bad += 1
    return ok, bad


def main():
    total = 0
    for rep in range(6):
        tree = build(10, rep)
        total += tree.size()
        total += len(tree.render())
    total += fib(24)
    words = [f"w{(i * 7919) % 101}" for i in range(60000)]
    total += histogram(words)[0][1]
    items = [str(i) if i % 3 else f"x{i}" for i in range(30000)]
    ok, bad = parse_all(items)
    total += ok - bad
    grid = [[(i * j) % 7 for j in range(200)] for i in range(200)]
    total += sum(sum(row) for row in grid)
    print(total)


main()
