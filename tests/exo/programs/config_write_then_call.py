# A callee precondition about a config field is checked against the value the caller
# wrote last on every path reaching the call: directly, in both branches of an `if`,
# inside the same loop iteration, or through a called proc that sets the config.
# Writes that do not reach the call on every path, and proc-entry facts about a field
# that was overwritten since, prove nothing.
from __future__ import annotations
from exo import proc, instr, config, DRAM
from exo.stdlib.scheduling import *


@config
class Cfg:
    s: stride
    on: bool


@instr("set_stride({s});")
def set_stride(s: stride):
    Cfg.s = s


@instr("do_copy({src_data}, {dst_data});")
def do_copy(n: size, src: [f32][n] @ DRAM, dst: [f32][n] @ DRAM):
    assert stride(src, 0) == Cfg.s
    for i in seq(0, n):
        dst[i] = src[i]


def check(name, make):
    try:
        make()
        print(name, "accepted")
    except Exception as e:
        print(name, "rejected:", str(e).splitlines()[1].split(": ", 1)[1].split(" Assertion")[0])


def direct():
    @proc
    def p(n: size, src: [f32][n], dst: [f32][n]):
        Cfg.s = stride(src, 0)
        do_copy(n, src, dst)


def both_branches():
    @proc
    def p(n: size, src: [f32][n], dst: [f32][n]):
        if n > 4:
            Cfg.s = stride(src, 0)
        else:
            Cfg.s = 1
            Cfg.s = stride(src, 0)
        do_copy(n, src, dst)


def same_iteration():
    @proc
    def p(n: size, src: [f32][n, 4], dst: [f32][n, 4]):
        for i in seq(0, 4):
            Cfg.s = stride(src, 0)
            do_copy(n, src[:, i], dst[:, i])


def through_call():
    @proc
    def p(n: size, src: [f32][n], dst: [f32][n]):
        set_stride(stride(src, 0))
        do_copy(n, src, dst)


def one_branch():
    @proc
    def p(n: size, src: [f32][n], dst: [f32][n]):
        if n > 4:
            Cfg.s = stride(src, 0)
        do_copy(n, src, dst)


def after_loop():
    @proc
    def p(n: size, src: [f32][n], dst: [f32][n]):
        for i in seq(0, n):
            Cfg.s = stride(src, 0)
        do_copy(n, src, dst)


def overwritten_entry_fact():
    @proc
    def p(n: size, k: stride, src: [f32][n], dst: [f32][n]):
        assert stride(src, 0) == Cfg.s
        Cfg.s = k
        do_copy(n, src, dst)


def flag_condition():
    @proc
    def p(n: size, src: [f32][n], dst: [f32][n]):
        Cfg.on = True
        Cfg.s = 3
        if Cfg.on:
            Cfg.s = stride(src, 0)
        do_copy(n, src, dst)


for name, make in [("direct", direct), ("both_branches", both_branches),
                   ("same_iteration", same_iteration), ("through_call", through_call),
                   ("flag_condition", flag_condition), ("one_branch", one_branch),
                   ("after_loop", after_loop), ("overwritten_entry_fact", overwritten_entry_fact)]:
    check(name, make)
