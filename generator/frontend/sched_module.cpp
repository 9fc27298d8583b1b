// `_exo._sched_*`: the native halves of the scheduling primitives in exo.API_scheduling.
// Arguments arrive checked and forwarded (locations as path tuples); each returns
// (new proc, edits) where edits are the forwarding records exo.API_cursors applies.
#include "../host/runtime.h"
#include "../ir/loopir.h"
#include "../backend/host_hooks.h"
#include "../rewrite/fragment.h"
#include "../rewrite/primitives.h"
#include "../rewrite/simplify.h"
#include "cursor_module.h"
#include "exo_module.h"

namespace exo::frontend {

using host::CallArgs;
using host::Value;
using namespace ir;

namespace {

Field field_named(const std::string& s) {
    for (Field f : {Field::Body, Field::Orelse, Field::Idx, Field::Rhs, Field::Cond, Field::Lo, Field::Hi, Field::Args,
                    Field::Lhs, Field::Arg, Field::Preds, Field::Shape})
        if (s == field_name(f)) return f;
    host::raise(host::exc_types().ValueError, "unknown LoopIR field '" + s + "'");
}

Path path_arg(const Value& v) {
    Path p;
    host::for_each(v, [&](const Value& step) {
        Value f = host::getitem(step, Value::integer(0));
        Value i = host::getitem(step, Value::integer(1));
        p.push_back(Step{field_named(host::to_string_ref(f, "field")), i.is_none() ? -1 : int32_t(host::to_int64(i, "index"))});
        return true;
    });
    return p;
}

Value path_value(const Path& p) {
    std::vector<Value> steps;
    for (const Step& s : p)
        steps.push_back(host::tuple({host::str(field_name(s.field)), s.index < 0 ? Value::none() : Value::integer(s.index)}));
    return host::tuple(std::move(steps));
}

ProcPtr proc_arg(const Value& v) {
    ProcPtr p = procedure_proc(v);
    if (!p) host::raise(host::exc_types().TypeError, "expected a Procedure");
    return p;
}

Value edit_value(const rewrite::Edit& e) {
    auto I = [](size_t x) { return Value::integer(int64_t(x)); };
    switch (e.kind) {
        case rewrite::Edit::Identity: return host::tuple({host::str("identity")});
        case rewrite::Edit::Insert:
            return host::tuple({host::str("insert"), path_value(e.parent), host::str(field_name(e.field)), I(e.lo), I(e.n)});
        case rewrite::Edit::Replace:
            return host::tuple({host::str("replace"), path_value(e.parent), host::str(field_name(e.field)), I(e.lo), I(e.hi), I(e.n)});
        case rewrite::Edit::Fission:
            return host::tuple({host::str("fission"), path_value(e.parent), host::str(field_name(e.field)), I(e.lo), I(e.n)});
        case rewrite::Edit::Swap: return host::tuple({host::str("swap"), path_value(e.parent)});
        case rewrite::Edit::Unwrap:
            return host::tuple({host::str("unwrap"), path_value(e.parent), host::str(field_name(e.field)), I(e.n)});
        case rewrite::Edit::Absorb:
            return host::tuple({host::str("absorb"), path_value(e.parent), path_value(e.dst),
                                host::tuple({host::tuple({host::str("body"), I(e.lo)}), host::tuple({host::str("orelse"), I(e.hi)})})});
        case rewrite::Edit::Wrap:
            return host::tuple({host::str("wrap"), path_value(e.parent), host::str(field_name(e.field)), I(e.lo), I(e.hi),
                                host::str(field_name(e.wrap_field))});
    }
    return Value::none();
}

Value result(const rewrite::Rewritten& r) {
    std::vector<Value> edits;
    for (const auto& e : r.edits) edits.push_back(edit_value(e));
    return host::tuple({procedure_value(r.proc), host::list(std::move(edits))});
}

// A new expression argument: an int, a float, a bool, or text parsed in the scope just
// before the statement at `ctx` (upstream's NewExprA).
ExprPtr new_expr_arg(const Proc& p, const Path& ctx, const Value& v) {
    StmtPtr s = ctx.empty() ? nullptr : stmt_at(p, ctx);
    SrcInfo si = s ? s->srcinfo : p.srcinfo;
    if (v.is_bool()) return ir::make<Const>(v, T::bool_(), si);
    if (v.is_int()) return ir::make<Const>(v, T::int_(), si);
    if (v.is_float()) return ir::make<Const>(v, T::R(), si);
    try {
        return rewrite::parse_fragment(p, ctx, host::to_string_ref(v, "expression"));
    } catch (const rewrite::FragmentError& e) {
        backend::raise_host("exo.frontend.parse_fragment", "ParseFragmentError", e.what());
    }
}

BlockLoc block_arg(const Value& v) {
    return BlockLoc{path_arg(host::getitem(v, Value::integer(0))), field_named(host::to_string_ref(host::getitem(v, Value::integer(1)), "field")),
                    size_t(host::to_int64(host::getitem(v, Value::integer(2)), "lo")),
                    size_t(host::to_int64(host::getitem(v, Value::integer(3)), "hi"))};
}

#define ARGS(NAME, N) host::check_positional(NAME, a, N, N)

Value s_divide_loop(const Value&, const CallArgs& a) {
    ARGS("_sched_divide_loop", 7);
    return result(rewrite::divide_loop(proc_arg(a[0]), path_arg(a[1]), host::to_int64(a[2], "div_const"),
                                       host::to_string_ref(a[3], "outer"), host::to_string_ref(a[4], "inner"),
                                       host::to_string_ref(a[5], "tail"), host::truthy(a[6])));
}
Value s_reorder_loops(const Value&, const CallArgs& a) {
    ARGS("_sched_reorder_loops", 2);
    return result(rewrite::reorder_loops(proc_arg(a[0]), path_arg(a[1])));
}
Value s_unroll_loop(const Value&, const CallArgs& a) {
    ARGS("_sched_unroll_loop", 2);
    return result(rewrite::unroll_loop(proc_arg(a[0]), path_arg(a[1])));
}
Value s_cut_loop(const Value&, const CallArgs& a) {
    ARGS("_sched_cut_loop", 3);
    ProcPtr p = proc_arg(a[0]);
    Path loop = path_arg(a[1]);
    return result(rewrite::cut_loop(p, loop, new_expr_arg(*p, loop, a[2])));
}
Value s_shift_loop(const Value&, const CallArgs& a) {
    ARGS("_sched_shift_loop", 3);
    ProcPtr p = proc_arg(a[0]);
    Path loop = path_arg(a[1]);
    return result(rewrite::shift_loop(p, loop, new_expr_arg(*p, loop, a[2])));
}
Value s_remove_loop(const Value&, const CallArgs& a) {
    ARGS("_sched_remove_loop", 3);
    return result(rewrite::remove_loop(proc_arg(a[0]), path_arg(a[1]), host::truthy(a[2])));
}
Value s_mult_loops(const Value&, const CallArgs& a) {
    ARGS("_sched_mult_loops", 3);
    return result(rewrite::mult_loops(proc_arg(a[0]), path_arg(a[1]), host::to_string_ref(a[2], "new_iter_name")));
}
Value s_fission(const Value&, const CallArgs& a) {
    ARGS("_sched_fission", 5);
    return result(rewrite::fission(proc_arg(a[0]), path_arg(a[1]), host::truthy(a[2]), int(host::to_int64(a[3], "n_lifts")),
                                   host::truthy(a[4])));
}
Value s_insert_pass(const Value&, const CallArgs& a) {
    ARGS("_sched_insert_pass", 3);
    return result(rewrite::insert_pass(proc_arg(a[0]), path_arg(a[1]), host::truthy(a[2])));
}
Value s_delete_pass(const Value&, const CallArgs& a) {
    ARGS("_sched_delete_pass", 1);
    return result(rewrite::delete_pass(proc_arg(a[0])));
}
Value s_reorder_stmts(const Value&, const CallArgs& a) {
    ARGS("_sched_reorder_stmts", 2);
    return result(rewrite::reorder_stmts(proc_arg(a[0]), block_arg(a[1])));
}

Value s_simplify(const Value&, const CallArgs& a) {
    ARGS("_sched_simplify", 1);
    // Statement paths are kept except where dead branches are dropped: identity forwarding.
    rewrite::Rewritten r{rewrite::simplify(proc_arg(a[0])), {}};
    r.edits.push_back(rewrite::Edit{});
    return result(r);
}
Value s_lift_scope(const Value&, const CallArgs& a) {
    ARGS("_sched_lift_scope", 2);
    return result(rewrite::lift_scope(proc_arg(a[0]), path_arg(a[1])));
}
Value s_fuse(const Value&, const CallArgs& a) {
    ARGS("_sched_fuse", 4);
    return result(rewrite::fuse(proc_arg(a[0]), path_arg(a[1]), path_arg(a[2]), host::truthy(a[3])));
}
Value s_join_loops(const Value&, const CallArgs& a) {
    ARGS("_sched_join_loops", 3);
    return result(rewrite::join_loops(proc_arg(a[0]), path_arg(a[1]), path_arg(a[2])));
}
Value s_add_loop(const Value&, const CallArgs& a) {
    ARGS("_sched_add_loop", 6);
    ProcPtr p = proc_arg(a[0]);
    Path stmt = path_arg(a[1]);
    return result(rewrite::add_loop(p, stmt, host::to_string_ref(a[2], "iter_name"), new_expr_arg(*p, stmt, a[3]),
                                    host::truthy(a[4]), host::truthy(a[5])));
}
Value s_eliminate_dead_code(const Value&, const CallArgs& a) {
    ARGS("_sched_eliminate_dead_code", 2);
    return result(rewrite::eliminate_dead_code(proc_arg(a[0]), path_arg(a[1])));
}

Value s_delete_config(const Value&, const CallArgs& a) {
    ARGS("_sched_delete_config", 2);
    return result(rewrite::delete_config(proc_arg(a[0]), path_arg(a[1])));
}

}  // namespace

void add_sched_functions(host::DictTable& g) {
    auto def = [&](const char* name, host::NativeFn fn) { g.set_str(name, host::builtin_function(name, fn)); };
    def("_sched_divide_loop", s_divide_loop);
    def("_sched_reorder_loops", s_reorder_loops);
    def("_sched_unroll_loop", s_unroll_loop);
    def("_sched_cut_loop", s_cut_loop);
    def("_sched_shift_loop", s_shift_loop);
    def("_sched_remove_loop", s_remove_loop);
    def("_sched_mult_loops", s_mult_loops);
    def("_sched_fission", s_fission);
    def("_sched_insert_pass", s_insert_pass);
    def("_sched_delete_pass", s_delete_pass);
    def("_sched_reorder_stmts", s_reorder_stmts);
    def("_sched_lift_scope", s_lift_scope);
    def("_sched_simplify", s_simplify);
    def("_sched_fuse", s_fuse);
    def("_sched_join_loops", s_join_loops);
    def("_sched_add_loop", s_add_loop);
    def("_sched_eliminate_dead_code", s_eliminate_dead_code);
    def("_sched_delete_config", s_delete_config);
}

}  // namespace exo::frontend
