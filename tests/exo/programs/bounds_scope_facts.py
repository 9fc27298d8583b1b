# The bounds checker decides most queries from the facts in scope (loop bounds, if
# conditions, asserts) and keeps them from one query to the next: a fact, and what a
# division in it means, holds only until its scope closes. Each case below has an
# access that is in bounds inside the scope that makes it so, and the same access
# after that scope, where it is not.
from __future__ import annotations
from exo import proc


def show(name, f):
    try:
        f()
        print(name, "accepted")
    except TypeError as e:
        # the counterexample after "when:" is the solver's choice; the refusal is the point
        print(name, "refused:", str(e).splitlines()[1].split(": ", 1)[1])


def if_fact_inside():
    @proc
    def p(n: size, x: f32[4]):
        if n < 4:
            x[n] = 1.0


def if_fact_after():
    @proc
    def p(n: size, x: f32[4]):
        if n < 4:
            x[n] = 1.0
        x[n] = 2.0


def division_inside():
    @proc
    def p(n: size, x: f32[4]):
        if n < 8:
            x[n / 2] = 1.0


def division_after():
    @proc
    def p(n: size, x: f32[4]):
        if n < 8:
            x[n / 2] = 1.0
        x[n / 2] = 2.0


def loop_fact_after():
    @proc
    def p(n: size, x: f32[4]):
        for i in seq(0, 4):
            if n < 4:
                x[n] = 1.0
            x[i] = 0.0
        x[n] = 2.0


def sibling_scopes():
    @proc
    def p(n: size, x: f32[4], y: f32[8]):
        if n < 8:
            y[n] = 1.0
        if n < 16:
            x[n / 4] = 1.0
            y[n] = 1.0


for name, f in [("if_fact_inside", if_fact_inside), ("if_fact_after", if_fact_after),
                ("division_inside", division_inside), ("division_after", division_after),
                ("loop_fact_after", loop_fact_after), ("sibling_scopes", sibling_scopes)]:
    show(name, f)
