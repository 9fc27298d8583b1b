// `_exo._sched_*`: the native halves of the scheduling primitives in exo.API_scheduling.
// Arguments arrive checked and forwarded (locations as path tuples); each returns
// (new proc, edits) where edits are the forwarding records exo.API_cursors applies.
#include "../host/runtime.h"
#include "../host/syntax_error.h"
#include "../ir/loopir.h"
#include "../ir/phase_times.h"
#include "../ir/printer.h"
#include "../backend/host_hooks.h"
#include "../analysis/access_in_window.h"
#include "../ir/equality.h"
#include "../rewrite/fragment.h"
#include "../rewrite/primitives.h"
#include "../rewrite/simplify.h"
#include "../rewrite/unification.h"
#include "cursor_module.h"
#include "exo_module.h"
#include "path_values.h"

namespace exo::frontend {

using host::CallArgs;
using host::Value;
using namespace ir;

namespace {

Path path_arg(const Value& v) { return path_of(v); }
ProcPtr proc_arg(const Value& v) { return proc_of(v); }
Field field_named(const std::string& s) { return field_of(host::str(s)); }

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
        case rewrite::Edit::Move: return host::tuple({host::str("move"), path_value(e.parent), path_value(e.dst)});
    }
    return Value::none();
}

Value edits_value(const rewrite::Rewritten& r) {
    std::vector<Value> edits;
    for (const auto& e : r.edits) edits.push_back(edit_value(e));
    return host::list(std::move(edits));
}

Value result(const rewrite::Rewritten& r) { return host::tuple({procedure_value(r.proc), edits_value(r)}); }

// (proc, edits, [(config, field), ...]): the result of a primitive that may change the
// proc's final config values (Rewritten::mod_config).
Value result_with_configs(const rewrite::Rewritten& r) {
    std::vector<Value> mods;
    for (const auto& m : r.mod_config) mods.push_back(host::tuple({m.config.obj, host::str(m.field)}));
    return host::tuple({procedure_value(r.proc), edits_value(r), host::list(std::move(mods))});
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
        // ("__fmt__", text, hole paths): a FormattedExprStr, holes already forwarded.
        if (host::as<host::TupleObject>(v) && host::len(v) == 3) {
            ExprList holes;
            host::for_each(host::getitem(v, Value::integer(2)), [&](const Value& path) {
                holes.push_back(expr_at(p, path_arg(path)));
                return true;
            });
            return rewrite::parse_fragment(p, ctx, host::to_string_ref(host::getitem(v, Value::integer(1)), "expression"),
                                           &holes);
        }
        return rewrite::parse_fragment(p, ctx, host::to_string_ref(v, "expression"));
    } catch (const rewrite::FragmentError& e) {
        backend::raise_host("exo.frontend.parse_fragment", "ParseFragmentError", e.what());
    } catch (const host::SyntaxErrorException& e) {  // an expression that is not Python
        host::raise_syntax_error(e.info);
    }
}

BlockLoc block_arg(const Value& v) {
    return BlockLoc{path_arg(host::getitem(v, Value::integer(0))), field_named(host::to_string_ref(host::getitem(v, Value::integer(1)), "field")),
                    size_t(host::to_int64(host::getitem(v, Value::integer(2)), "lo")),
                    size_t(host::to_int64(host::getitem(v, Value::integer(3)), "hi"))};
}

#define ARGS(NAME, N)                    \
    host::check_positional(NAME, a, N, N); \
    rewrite::PrimitiveScope primitive_scope(NAME)

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
    // Constant ifs are replaced by their taken branch, loops that never run deleted.
    rewrite::Rewritten r;
    r.proc = rewrite::simplify(proc_arg(a[0]), &r.edits);
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
    return result_with_configs(rewrite::delete_config(proc_arg(a[0]), path_arg(a[1])));
}

// stage_mem(proc, (parent, field, lo, hi), buf_name, dims, new_name, accum): each dim
// is a point (str / int) or a (lo, hi) pair, read before the block's first statement.
Value s_stage_mem(const Value&, const CallArgs& a) {
    ARGS("_sched_stage_mem", 6);
    ProcPtr p = proc_arg(a[0]);
    BlockLoc b = block_arg(a[1]);
    Path ctx = b.parent;
    ctx.push_back(Step{b.field, int32_t(b.lo)});
    std::vector<analysis::WinDim> dims;
    host::for_each(a[3], [&](const Value& d) {
        if (host::type_name(d) == "tuple")
            dims.push_back({true, new_expr_arg(*p, ctx, host::getitem(d, Value::integer(0))),
                            new_expr_arg(*p, ctx, host::getitem(d, Value::integer(1)))});
        else
            dims.push_back({false, new_expr_arg(*p, ctx, d), nullptr});
        return true;
    });
    return result(rewrite::stage_mem(p, b, host::to_string_ref(a[2], "buf_name"), dims,
                                     host::to_string_ref(a[4], "new_buf_name"), host::truthy(a[5])));
}

std::vector<Path> paths_arg(const Value& v) {
    std::vector<Path> out;
    host::for_each(v, [&](const Value& x) {
        out.push_back(path_arg(x));
        return true;
    });
    return out;
}

// The statement part of an expression path (where new expressions are read).
Path stmt_of(const Path& at) {
    size_t k = 0;
    while (k < at.size() && (at[k].field == Field::Body || at[k].field == Field::Orelse)) ++k;
    return Path(at.begin(), at.begin() + long(k));
}

Value s_commute_expr(const Value&, const CallArgs& a) {
    ARGS("_sched_commute_expr", 2);
    return result(rewrite::commute_expr(proc_arg(a[0]), paths_arg(a[1])));
}
Value s_left_reassociate_expr(const Value&, const CallArgs& a) {
    ARGS("_sched_left_reassociate_expr", 2);
    return result(rewrite::left_reassociate_expr(proc_arg(a[0]), path_arg(a[1])));
}
Value s_rewrite_expr(const Value&, const CallArgs& a) {
    ARGS("_sched_rewrite_expr", 3);
    ProcPtr p = proc_arg(a[0]);
    Path e = path_arg(a[1]);
    return result(rewrite::rewrite_expr(p, e, new_expr_arg(*p, stmt_of(e), a[2])));
}
Value s_bind_expr(const Value&, const CallArgs& a) {
    ARGS("_sched_bind_expr", 4);
    return result(rewrite::bind_expr(proc_arg(a[0]), paths_arg(a[1]), host::to_string_ref(a[2], "new_name"), a[3]));
}
Value s_specialize(const Value&, const CallArgs& a) {
    ARGS("_sched_specialize", 3);
    ProcPtr p = proc_arg(a[0]);
    BlockLoc b = block_arg(a[1]);
    Path ctx = b.parent;
    ctx.push_back(Step{b.field, int32_t(b.lo)});
    ExprList conds;
    host::for_each(a[2], [&](const Value& c) {
        conds.push_back(new_expr_arg(*p, ctx, c));
        return true;
    });
    return result(rewrite::specialize(p, b, conds));
}
Value s_merge_writes(const Value&, const CallArgs& a) {
    ARGS("_sched_merge_writes", 2);
    ProcPtr p = proc_arg(a[0]);
    BlockLoc b = block_arg(a[1]);
    const StmtList* l = stmt_list_at(*p, b.parent, b.field);
    auto parts = [](const StmtPtr& s, Sym& n, TypePtr& t, ExprPtr& rhs) {
        if (auto x = s->as<Assign>()) n = x->name, t = x->type, rhs = x->rhs;
        else if (auto y = s->as<Reduce>()) n = y->name, t = y->type, rhs = y->rhs;
    };
    Sym n1, n2;
    TypePtr t1, t2;
    ExprPtr r1, r2;
    parts((*l)[b.lo], n1, t1, r1);
    parts((*l)[b.lo + 1], n2, t2, r2);
    if (!(n1 == n2) || !type_equal(*t1, *t2))
        host::raise(host::exc_types().ValueError,
                    "expected the two statements' left hand sides to have the same name & type");
    if (!r1->type->is_numeric() || !r2->type->is_numeric())
        host::raise(host::exc_types().ValueError, "expected the two statements' right hand sides to have numeric types.");
    return result(rewrite::merge_writes(p, b));
}
Value s_split_write(const Value&, const CallArgs& a) {
    ARGS("_sched_split_write", 2);
    return result(rewrite::split_write(proc_arg(a[0]), path_arg(a[1])));
}
Value s_fold_into_reduce(const Value&, const CallArgs& a) {
    ARGS("_sched_fold_into_reduce", 2);
    return result(rewrite::fold_into_reduce(proc_arg(a[0]), path_arg(a[1])));
}
Value s_inline_assign(const Value&, const CallArgs& a) {
    ARGS("_sched_inline_assign", 2);
    return result(rewrite::inline_assign(proc_arg(a[0]), path_arg(a[1])));
}
Value s_inline_window(const Value&, const CallArgs& a) {
    ARGS("_sched_inline_window", 2);
    return result(rewrite::inline_window(proc_arg(a[0]), path_arg(a[1])));
}
Value s_lift_reduce_constant(const Value&, const CallArgs& a) {
    ARGS("_sched_lift_reduce_constant", 2);
    return result(rewrite::lift_reduce_constant(proc_arg(a[0]), block_arg(a[1])));
}

ConfigRef config_arg(const Value& v) {
    return ConfigRef{v, host::str_of(host::call_method(v, "name", {}))};
}

// _sched_write_config(proc, anchor, after, config, field, rhs)
Value s_write_config(const Value&, const CallArgs& a) {
    ARGS("_sched_write_config", 6);
    ProcPtr p = proc_arg(a[0]);
    Path anchor = path_arg(a[1]);
    bool after = host::truthy(a[2]);
    // The new expression lives where the write goes: parse it before the anchor (or after).
    ExprPtr rhs = new_expr_arg(*p, anchor, a[5]);
    if (!rhs->is<Read>() && !rhs->is<StrideExpr>() && !rhs->is<Const>())
        host::raise(host::exc_types().TypeError, "expected the rhs to be read, stride expression, or constant");
    if (auto r = rhs->as<Read>(); r && !(r->type->is_real_scalar() && r->idx.empty()) && !r->type->is_bool())
        host::raise(host::exc_types().TypeError, "cannot write non-real-scalar non-boolean value " + print_expr(*rhs) +
                                                     " to configuration states, since index and size expressions may "
                                                     "depend on loop iteration");
    return result_with_configs(
        rewrite::write_config(p, anchor, after, config_arg(a[3]), host::to_string_ref(a[4], "field"), rhs));
}

// _sched_bind_config(proc, expr_path, config, field)
Value s_bind_config(const Value&, const CallArgs& a) {
    ARGS("_sched_bind_config", 4);
    ProcPtr p = proc_arg(a[0]);
    ConfigRef cfg = config_arg(a[2]);
    const std::string& field = host::to_string_ref(a[3], "field");
    Path expr = path_arg(a[1]);
    TypePtr field_type = backend::config_field_type(cfg, field);
    TypePtr expr_type = ir::expr_at(*p, expr)->type;
    if (!ir::type_equal(*expr_type, *field_type))
        host::raise(host::exc_types().TypeError, "expected type of expression to bind (" + print_type(*expr_type) +
                                                     ") to match type of Config variable (" +
                                                     print_type(*field_type) + ")");
    return result_with_configs(rewrite::bind_config(p, expr, cfg, field, field_type));
}

// _sched_set_type_mem(proc, target, basetype or None, window or None, memory or None);
// target is an argument index or an allocation path.
Value s_set_type_mem(const Value&, const CallArgs& a) {
    host::check_positional("_sched_set_type_mem", a, 5, 5);
    // One entry serves set_precision, set_window and set_memory (the one argument given
    // says which); a refusal names the primitive the user called.
    rewrite::PrimitiveScope primitive_scope(!a[2].is_none()   ? "_sched_set_precision"
                                            : !a[3].is_none() ? "_sched_set_window"
                                                              : "_sched_set_memory");
    rewrite::Target t;
    if (a[1].is_int()) t.arg = int(a[1].as_int());
    else t.alloc = path_arg(a[1]);
    TypePtr base;
    if (!a[2].is_none()) {
        const std::string& name = host::to_string_ref(a[2], "typ");
        static const std::pair<const char*, TypeKind> kinds[] = {
            {"R", TypeKind::Num}, {"f16", TypeKind::F16}, {"f32", TypeKind::F32}, {"f64", TypeKind::F64},
            {"i8", TypeKind::INT8}, {"ui8", TypeKind::UINT8}, {"ui16", TypeKind::UINT16}, {"i32", TypeKind::INT32}};
        for (const auto& [n, k] : kinds)
            if (name == n) base = scalar_type(k);
        if (!base) host::raise(host::exc_types().ValueError, "unknown precision " + name);
    }
    std::optional<bool> win;
    if (!a[3].is_none()) win = host::truthy(a[3]);
    return result(rewrite::set_type_and_mem(proc_arg(a[0]), t, base, win, a[4].is_none() ? MemRef() : a[4]));
}

Value s_parallelize_loop(const Value&, const CallArgs& a) {
    ARGS("_sched_parallelize_loop", 2);
    return result(rewrite::parallelize_loop(proc_arg(a[0]), path_arg(a[1])));
}

// _proc_make_instr(proc, c_instr, c_global) -> the proc as an instruction.
Value p_make_instr(const Value&, const CallArgs& a) {
    ARGS("_proc_make_instr", 3);
    Proc q = *proc_arg(a[0]);
    q.instr = Instr{host::to_string_ref(a[1], "c_instr"), host::to_string_ref(a[2], "c_global"), {}};
    return procedure_value(ir::make<Proc>(std::move(q)));
}

// _proc_transpose(proc, arg_index) -> proc (no history: the signature changes).
Value p_transpose(const Value&, const CallArgs& a) {
    ARGS("_proc_transpose", 2);
    return procedure_value(rewrite::transpose(proc_arg(a[0]), size_t(host::to_int64(a[1], "arg"))));
}

// _proc_add_assertion(proc, text) -> proc with the parsed assertion added to its preds.
Value p_add_assertion(const Value&, const CallArgs& a) {
    ARGS("_proc_add_assertion", 2);
    ProcPtr p = proc_arg(a[0]);
    Path first{Step{Field::Body, 0}};
    ExprPtr e = new_expr_arg(*p, first, a[1]);
    Proc q = *p;
    q.preds.push_back(e);
    return procedure_value(ir::make<Proc>(std::move(q)));
}

// Buffer primitives (rewrite/buffer_ops.cpp): a[1] is the Alloc's path.
Value s_expand_dim(const Value&, const CallArgs& a) {
    ARGS("_sched_expand_dim", 4);
    ProcPtr p = proc_arg(a[0]);
    Path alloc = path_arg(a[1]);
    ExprPtr dim = new_expr_arg(*p, alloc, a[2]);
    return result(rewrite::expand_dim(p, alloc, dim, new_expr_arg(*p, alloc, a[3])));
}
Value s_resize_dim(const Value&, const CallArgs& a) {
    ARGS("_sched_resize_dim", 5);
    ProcPtr p = proc_arg(a[0]);
    Path alloc = path_arg(a[1]);
    ExprPtr size = new_expr_arg(*p, alloc, a[3]);
    return result(rewrite::resize_dim(p, alloc, host::to_int64(a[2], "dim_idx"), size, new_expr_arg(*p, alloc, a[4])));
}
Value s_rearrange_dim(const Value&, const CallArgs& a) {
    ARGS("_sched_rearrange_dim", 3);
    std::vector<int64_t> perm;
    host::for_each(a[2], [&](const Value& v) {
        perm.push_back(host::to_int64(v, "permute_vector"));
        return true;
    });
    return result(rewrite::rearrange_dim(proc_arg(a[0]), path_arg(a[1]), perm));
}
Value s_divide_dim(const Value&, const CallArgs& a) {
    ARGS("_sched_divide_dim", 4);
    return result(rewrite::divide_dim(proc_arg(a[0]), path_arg(a[1]), host::to_int64(a[2], "dim_idx"),
                                      host::to_int64(a[3], "quotient")));
}
Value s_mult_dim(const Value&, const CallArgs& a) {
    ARGS("_sched_mult_dim", 4);
    return result(rewrite::mult_dim(proc_arg(a[0]), path_arg(a[1]), host::to_int64(a[2], "hi_dim_idx"),
                                    host::to_int64(a[3], "lo_dim_idx")));
}
Value s_unroll_buffer(const Value&, const CallArgs& a) {
    ARGS("_sched_unroll_buffer", 3);
    return result(rewrite::unroll_buffer(proc_arg(a[0]), path_arg(a[1]), host::to_int64(a[2], "dimension")));
}
Value s_lift_alloc(const Value&, const CallArgs& a) {
    ARGS("_sched_lift_alloc", 3);
    return result(rewrite::lift_alloc(proc_arg(a[0]), path_arg(a[1]), host::to_int64(a[2], "n_lifts")));
}
Value s_sink_alloc(const Value&, const CallArgs& a) {
    ARGS("_sched_sink_alloc", 2);
    return result(rewrite::sink_alloc(proc_arg(a[0]), path_arg(a[1])));
}
Value s_delete_buffer(const Value&, const CallArgs& a) {
    ARGS("_sched_delete_buffer", 2);
    return result(rewrite::delete_buffer(proc_arg(a[0]), path_arg(a[1])));
}
Value s_reuse_buffer(const Value&, const CallArgs& a) {
    ARGS("_sched_reuse_buffer", 3);
    return result(rewrite::reuse_buffer(proc_arg(a[0]), path_arg(a[1]), path_arg(a[2])));
}

// Legacy primitives (rewrite/recompute.cpp, auto_ops.cpp, buffer_ops.cpp).
Value s_divide_with_recompute(const Value&, const CallArgs& a) {
    ARGS("_sched_divide_with_recompute", 6);
    ProcPtr p = proc_arg(a[0]);
    Path loop = path_arg(a[1]);
    return result(rewrite::divide_with_recompute(p, loop, new_expr_arg(*p, loop, a[2]), host::to_int64(a[3], "outer_stride"),
                                                 host::to_string_ref(a[4], "outer"), host::to_string_ref(a[5], "inner")));
}
Value s_autofission(const Value&, const CallArgs& a) {
    ARGS("_sched_autofission", 3);
    return result(rewrite::autofission(proc_arg(a[0]), path_arg(a[1]), int(host::to_int64(a[2], "n_lifts"))));
}
Value s_autolift_alloc(const Value&, const CallArgs& a) {
    ARGS("_sched_autolift_alloc", 6);
    int64_t size = a[4].is_none() ? 0 : host::to_int64(a[4], "size");
    return result(rewrite::autolift_alloc(proc_arg(a[0]), path_arg(a[1]), host::to_int64(a[2], "n_lifts"),
                                          host::to_string_ref(a[3], "mode"), size, host::truthy(a[5])));
}
Value s_add_unsafe_guard(const Value&, const CallArgs& a) {
    ARGS("_sched_add_unsafe_guard", 3);
    ProcPtr p = proc_arg(a[0]);
    Path stmt = path_arg(a[1]);
    return result(rewrite::add_unsafe_guard(p, stmt, new_expr_arg(*p, stmt, a[2])));
}
Value s_fold_buffer(const Value&, const CallArgs& a) {
    host::check_positional("_sched_fold_buffer", a, 4, 4);
    rewrite::PrimitiveScope primitive_scope("_sched_resize_dim");  // resize_dim(..., fold=True)
    return result(rewrite::fold_buffer(proc_arg(a[0]), path_arg(a[1]), host::to_int64(a[2], "dim_idx"),
                                       host::to_int64(a[3], "size")));
}
// a[4]: per argument, an expression value or ("window", name, dims) where each dim is a
// point or a (lo, hi) tuple.
Value s_insert_noop_call(const Value&, const CallArgs& a) {
    ARGS("_sched_insert_noop_call", 5);
    ProcPtr p = proc_arg(a[0]);
    Path anchor = path_arg(a[1]);
    ProcPtr callee = proc_arg(a[3]);
    std::vector<rewrite::NoopArg> args;
    host::for_each(a[4], [&](const Value& v) {
        rewrite::NoopArg arg;
        if (host::type_name(v) == "tuple") {
            arg.window = true;
            arg.expr = new_expr_arg(*p, anchor, host::getitem(v, Value::integer(1)));
            host::for_each(host::getitem(v, Value::integer(2)), [&](const Value& d) {
                if (host::type_name(d) == "tuple")
                    arg.dims.push_back({new_expr_arg(*p, anchor, host::getitem(d, Value::integer(0))),
                                        new_expr_arg(*p, anchor, host::getitem(d, Value::integer(1)))});
                else
                    arg.dims.push_back({new_expr_arg(*p, anchor, d), nullptr});
                return true;
            });
        } else {
            arg.expr = new_expr_arg(*p, anchor, v);
        }
        args.push_back(std::move(arg));
        return true;
    });
    return result(rewrite::insert_noop_call(p, anchor, host::truthy(a[2]), callee, args));
}


// Sub-procedure operations.
// -> (proc, edits), or the message of the UnificationError the caller raises. Schedules
// try `replace` with many instructions per statement (ExoBLAS's replace_all_stmts makes
// ~100k attempts in one file) and most fail to unify; returning the failure spares them
// the C++ unwinding through the host's call layers, which cost most of a failed attempt.
Value s_replace(const Value&, const CallArgs& a) {
    ARGS("_sched_replace", 3);
    rewrite::Replaced r = rewrite::replace(proc_arg(a[0]), block_arg(a[1]), proc_arg(a[2]));
    return r.rewritten ? result(*r.rewritten) : host::str(r.refusal);
}
Value s_inline_call(const Value&, const CallArgs& a) {
    ARGS("_sched_inline", 2);
    return result(rewrite::inline_call(proc_arg(a[0]), path_arg(a[1])));
}
// _sched_call_eqv(proc, call_path, eqv_proc, [(config, field), ...] the callees may differ on)
Value s_call_eqv(const Value&, const CallArgs& a) {
    ARGS("_sched_call_eqv", 4);
    std::vector<ConfigField> differing;
    for (const Value& m : host::to_vector(a[3]))
        differing.push_back(ConfigField{config_arg(host::getitem(m, Value::integer(0))),
                                        host::to_string_ref(host::getitem(m, Value::integer(1)), "field")});
    return result_with_configs(rewrite::call_eqv(proc_arg(a[0]), path_arg(a[1]), proc_arg(a[2]), differing));
}
// _sched_extract_subproc(proc, block, name, include_asserts) -> (proc, edits, subproc)
Value s_extract_subproc(const Value&, const CallArgs& a) {
    ARGS("_sched_extract_subproc", 4);
    rewrite::Extracted x = rewrite::extract_subproc(proc_arg(a[0]), block_arg(a[1]), host::to_string_ref(a[2], "subproc_name"),
                                                    host::truthy(a[3]));
    Value r = result(x.r);
    return host::tuple({host::getitem(r, Value::integer(0)), host::getitem(r, Value::integer(1)), procedure_value(x.subproc)});
}

}  // namespace

// A primitive called through the function its builtin object holds as `self`, so that
// its time counts as scheduling (ir/phase_times.h).
Value timed_primitive(const Value& primitive, const CallArgs& a) {
    ir::PhaseScope timed(ir::Phase::Schedule);
    return host::call(primitive, a);
}

// _enter_schedule_phase() -> the phase it interrupts; _leave_phase(phase) returns to it.
// The Python side of the scheduling API (argument processing, cursors) counts as
// scheduling too (exo/API_scheduling.py's sched_op).
Value s_enter_schedule_phase(const Value&, const CallArgs& a) {
    host::check_positional("_enter_schedule_phase", a, 0, 0);
    return Value::integer(int(ir::PhaseClock::get().switch_to(ir::Phase::Schedule)));
}
Value s_leave_phase(const Value&, const CallArgs& a) {
    host::check_positional("_leave_phase", a, 1, 1);
    int64_t p = host::to_int64(a[0], "phase");
    if (p < 0 || p >= int64_t(ir::Phase::Count)) host::raise(host::exc_types().ValueError, "_leave_phase: no such phase");
    ir::PhaseClock::get().switch_to(ir::Phase(p));
    return Value::none();
}

// _phase_times() -> this process's microseconds per phase as exocc build's kernel
// protocol carries them: a CPython host kernel (exo/_cpython_build.py) reports its own.
Value s_phase_times(const Value&, const CallArgs& a) {
    host::check_positional("_phase_times", a, 0, 0);
    return host::str(ir::PhaseClock::get().microseconds_text());
}

void add_sched_functions(host::DictTable& g) {
    g.set_str("_phase_times", host::builtin_function("_phase_times", s_phase_times));
    g.set_str("_enter_schedule_phase", host::builtin_function("_enter_schedule_phase", s_enter_schedule_phase));
    g.set_str("_leave_phase", host::builtin_function("_leave_phase", s_leave_phase));
    auto def = [&](const char* name, host::NativeFn fn) {
        g.set_str(name, host::builtin_function(name, timed_primitive, host::builtin_function(name, fn)));
    };
    def("_sched_divide_loop", s_divide_loop);
    def("_proc_transpose", p_transpose);
    def("_proc_make_instr", p_make_instr);
    def("_sched_set_type_mem", s_set_type_mem);
    def("_sched_parallelize_loop", s_parallelize_loop);
    def("_sched_write_config", s_write_config);
    def("_sched_bind_config", s_bind_config);
    def("_proc_add_assertion", p_add_assertion);
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
    def("_sched_stage_mem", s_stage_mem);
    def("_sched_commute_expr", s_commute_expr);
    def("_sched_left_reassociate_expr", s_left_reassociate_expr);
    def("_sched_rewrite_expr", s_rewrite_expr);
    def("_sched_bind_expr", s_bind_expr);
    def("_sched_specialize", s_specialize);
    def("_sched_merge_writes", s_merge_writes);
    def("_sched_split_write", s_split_write);
    def("_sched_fold_into_reduce", s_fold_into_reduce);
    def("_sched_inline_assign", s_inline_assign);
    def("_sched_inline_window", s_inline_window);
    def("_sched_lift_reduce_constant", s_lift_reduce_constant);
    def("_sched_expand_dim", s_expand_dim);
    def("_sched_resize_dim", s_resize_dim);
    def("_sched_rearrange_dim", s_rearrange_dim);
    def("_sched_divide_dim", s_divide_dim);
    def("_sched_mult_dim", s_mult_dim);
    def("_sched_unroll_buffer", s_unroll_buffer);
    def("_sched_lift_alloc", s_lift_alloc);
    def("_sched_sink_alloc", s_sink_alloc);
    def("_sched_delete_buffer", s_delete_buffer);
    def("_sched_reuse_buffer", s_reuse_buffer);
    def("_sched_replace", s_replace);
    def("_sched_inline", s_inline_call);
    def("_sched_call_eqv", s_call_eqv);
    def("_sched_extract_subproc", s_extract_subproc);
    def("_sched_divide_with_recompute", s_divide_with_recompute);
    def("_sched_autofission", s_autofission);
    def("_sched_autolift_alloc", s_autolift_alloc);
    def("_sched_add_unsafe_guard", s_add_unsafe_guard);
    def("_sched_insert_noop_call", s_insert_noop_call);
    def("_sched_fold_buffer", s_fold_buffer);
}

}  // namespace exo::frontend
