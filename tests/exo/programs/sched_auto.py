# The legacy / undocumented primitives (divide_with_recompute, autofission,
# autolift_alloc, add_unsafe_guard, insert_noop_call), resize_dim(fold=True) and the
# forwarding of cursors across simplify.
from __future__ import annotations

from exo import *
from exo.stdlib.scheduling import *


def attempt(f, *args, **kwargs):
    try:
        print(f(*args, **kwargs))
    except (SchedulingError, ParseFragmentError, TypeError, ValueError, NotImplementedError, InvalidCursorError) as e:
        print(f"{type(e).__name__}: {e}")


# ---------------------------------------------------------------- divide_with_recompute

@proc
def rec(n: size, A: i8[n + 3]):
    assert n % 4 == 0
    for i in seq(0, n + 3):
        A[i] = 1.0


r = divide_with_recompute(rec, rec.find_loop("i"), "n/4", 4, ["io", "ii"])
print(r)
print(simplify(rewrite_expr(r, "n % 4", 0)))
print(r.forward(rec.find("A[_] = _")))
attempt(divide_with_recompute, rec, rec.find_loop("i"), "(n + 4) / 4", 4, ["io", "ii"])
attempt(divide_with_recompute, rec, rec.find_loop("i"), 2, 4, ["io", "ii"])
attempt(divide_with_recompute, rec, rec.find_loop("i"), "n/4", 0, ["io", "ii"])


@proc
def rec_red(n: size, A: i8[n + 3]):
    for i in seq(0, n + 3):
        A[i] += 1.0


attempt(divide_with_recompute, rec_red, rec_red.find_loop("i"), "n/4", 4, ["io", "ii"])

# ---------------------------------------------------------------- autofission

@proc
def two_reduces(n: size, A: i8[n], B: i8[n], C: i8[n]):
    for i in seq(0, n):
        C[i] += A[i]
        C[i] += B[i]


f = autofission(two_reduces, two_reduces.find("C[_] += A[_]").after())
print(f)
attempt(f.forward, two_reduces.find("C[_] += A[_]"))


@proc
def scalars(n: size, m: size):
    for i in seq(0, n):
        for j in seq(0, m):
            x: f32
            x = 0.0
            y: f32
            y = 1.1


print(autofission(scalars, scalars.find("x = _").after(), n_lifts=2))
print(autofission(scalars, scalars.find("x = _").after(), n_lifts=1))


@proc
def buried(n: size, m: size):
    for i in seq(0, n):
        for j in seq(0, m):
            x: f32
            x = 0.0
            y: f32
            y = 1.1
            y = x


attempt(autofission, buried, buried.find("x = _").after(), n_lifts=2)
attempt(autofission, buried, buried.find("x: _").before())


# A reduction may use an allocation of the first half (as upstream allows) when that
# half's loop goes away, which hoists the allocation; when the loop stays, the use would
# be outside its scope (upstream makes that program), and exocc refuses.
@proc
def reduce_hoisted(n: size, y: f32[n]):
    for i in seq(0, n):
        acc: f32
        acc = 2.0
        y[i] += acc


attempt(autofission, reduce_hoisted, reduce_hoisted.find("acc = _").after())


@proc
def reduce_buried(n: size, x: f32[n], y: f32[n]):
    for i in seq(0, n):
        acc: f32
        acc = x[i]
        y[i] += acc


attempt(autofission, reduce_buried, reduce_buried.find("acc = _").after())


@proc
def branchy(n: size, c: bool, A: f32[n]):
    for i in seq(0, n):
        if c:
            A[i] = 1.0
            A[i] += 2.0
        else:
            A[i] = 3.0
            A[i] += 4.0


print(autofission(branchy, branchy.find("A[_] = 1.0").after(), n_lifts=2))
print(autofission(branchy, branchy.find("A[_] = 3.0").after(), n_lifts=1))

# ---------------------------------------------------------------- autolift_alloc

@proc
def lift1(n: size, A: i8[n]):
    for i in seq(0, n):
        tmp_a: i8
        tmp_a = A[i]


print(autolift_alloc(lift1, "tmp_a : _", n_lifts=1, keep_dims=True))
print(autolift_alloc(lift1, "tmp_a : _", n_lifts=1))
attempt(autolift_alloc, lift1, "tmp_a : _", n_lifts=2)
attempt(autolift_alloc, lift1, "tmp_a : _", mode="diag")


@proc
def lift_col(A: i8[16, 10]):
    for i in seq(0, 10):
        a: i8[16]
        for k in seq(0, 16):
            a[k] = A[k, i]


print(autolift_alloc(lift_col, "a: i8[_]", n_lifts=1, mode="col", size=20, keep_dims=True))
print(autolift_alloc(lift_col, "a: i8[_]", n_lifts=1, mode="row", keep_dims=True))
attempt(autolift_alloc, lift_col, "a: i8[_]", n_lifts=1, size=5, keep_dims=True)


@proc
def nested(n: size, A: i8[n]):
    for i in seq(0, n):
        for j in seq(0, n):
            tmp_a: i8
            tmp_a = A[i]


attempt(autolift_alloc, nested, "tmp_a : _", n_lifts=3)
print(autolift_alloc(nested, "tmp_a : _", n_lifts=2, keep_dims=True))


@config
class CFG:
    cfg: i8


@proc
def with_cfg(n: size, A: i8[n]):
    assert n > 4
    CFG.cfg = A[0]
    win_stmt = A[0:4]
    for i in seq(0, n):
        tmp_a: i8
        tmp_a = A[i]
    A[0] = CFG.cfg


print(autolift_alloc(with_cfg, "tmp_a : _", keep_dims=True))

# ---------------------------------------------------------------- add_unsafe_guard

@proc
def guard_me(n: size, A: f32[n]):
    for i in seq(0, n):
        A[i] = 1.0
        A[i] += 2.0


g = add_unsafe_guard(guard_me, guard_me.find("A[_] = _"), "i > 0")
print(g)
attempt(g.forward, guard_me.find("A[_] += _"))

# ---------------------------------------------------------------- insert_noop_call

@proc
def hint(src: [i8][1], locality_hint: size):
    assert locality_hint >= 0
    assert locality_hint < 8
    pass


@proc
def noop_site(n: size, x: i8[n], locality_hint: size):
    assert locality_hint >= 0
    assert locality_hint < 8
    pass


c = insert_noop_call(noop_site, noop_site.find("pass").before(), hint, ["x[1:2]", "locality_hint"])
print(c)
print(c.forward(noop_site.find("pass")))
attempt(insert_noop_call, noop_site, noop_site.find("pass").before(), hint, [])
attempt(insert_noop_call, noop_site, noop_site.find("pass").before(), hint, ["n", "locality_hint"])
attempt(insert_noop_call, noop_site, noop_site.find("pass").before(), noop_site, ["n", "x", "n"])
# beyond upstream: the callee's asserts must hold where the call is inserted
attempt(insert_noop_call, noop_site, noop_site.find("pass").before(), hint, ["x[1:2]", "9"])
print(insert_noop_call(noop_site, noop_site.find("pass").before(), hint, ["x[1:2]", "7"]))

# ---------------------------------------------------------------- resize_dim(fold=True)

@proc
def fold_loop(N: size):
    assert N > 4
    x: i8[N]
    for i in seq(0, N - 4):
        for j in seq(i, i + 4):
            x[j] = 1.0


attempt(resize_dim, fold_loop, fold_loop.find("x: _"), 0, 2, 0, fold=True)
print(simplify(resize_dim(fold_loop, fold_loop.find("x: _"), 0, 3, 0, fold=True)))


@proc
def fold_seq():
    x: i8[10]
    x[0] = 0.0
    x[2] = 0.0
    x[3] = 0.0
    x[2] = 0.0
    x[7] = 0.0
    x[5] = 0.0


attempt(resize_dim, fold_seq, fold_seq.find("x: _"), 0, 2, 0, fold=True)
print(simplify(resize_dim(fold_seq, fold_seq.find("x: _"), 0, 3, 0, fold=True)))


@proc
def fold_rhs():
    x: i8[10]
    x[1] = x[3] + x[0]


attempt(resize_dim, fold_rhs, fold_rhs.find("x: _"), 0, 3, 0, fold=True)
print(simplify(resize_dim(fold_rhs, fold_rhs.find("x: _"), 0, 4, 0, fold=True)))


@proc
def fold_if(condition: bool):
    x: i8[10]
    x[2] = 0.0
    if condition:
        x[1] = 0.0
        x[5] = 0.0
    else:
        for i in seq(2, 5):
            x[i] = 1.0
            x[i - 1] = 2.0
            x[i - 2] = 2.0
    x[3] = 0.0


attempt(resize_dim, fold_if, fold_if.find("x: _"), 0, 2, 0, fold=True)
print(simplify(resize_dim(fold_if, fold_if.find("x: _"), 0, 3, 0, fold=True)))


@proc
def fold_var(N: size):
    x: i8[N]
    x[0] = 1.0
    for i in seq(0, N):
        x[i] = 0.0


attempt(resize_dim, fold_var, fold_var.find("x: _"), 0, 4, 0, fold=True)

# ---------------------------------------------------------------- simplify's forwarding

@proc
def simp_if(n: size, A: f32[n]):
    for i in seq(0, n):
        if 1 < 2:
            A[i] = 1.0
            A[i] += 2.0
        else:
            A[i] = 3.0
        A[i] += 4.0
    for j in seq(0, 0):
        A[j] = 5.0
    if 2 < 1:
        A[0] = 6.0
    A[0] = 7.0


s = simplify(simp_if)
print(s)
attempt(s.forward, simp_if.find("A[_] += 2.0"))
attempt(s.forward, simp_if.find("A[_] += 4.0"))
attempt(s.forward, simp_if.find("A[_] = 3.0"))
attempt(s.forward, simp_if.find("if _: _"))
attempt(s.forward, simp_if.find("A[_] = 5.0"))
attempt(s.forward, simp_if.find("A[_] = 7.0"))
attempt(s.forward, simp_if.find("A[_] = 6.0"))
attempt(s.forward, simp_if.find("A[_] = 1.0").as_block().expand(0, 1))
attempt(s.forward, simp_if.find("A[_] = 7.0").before())


@proc
def simp_loop(n: size, A: f32[n]):
    for i in seq(0, n):
        if 2 < 1:
            A[i] = 3.0
    A[0] = 7.0


s2 = simplify(simp_loop)
print(s2)
attempt(s2.forward, simp_loop.find("A[_] = 7.0"))
attempt(s2.forward, simp_loop.find_loop("i"))
