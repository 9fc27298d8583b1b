#include "typecheck.h"

#include <unordered_map>

#include "../host/interp.h"
#include "../host/runtime.h"
#include "../ir/dependencies.h"
#include "../ir/printer.h"
#include "exo_module.h"

namespace exo::frontend {

namespace U = ir::uast;
namespace T = ir::T;
using ir::ExprPtr;
using ir::TypeKind;
using ir::TypePtr;

TypecheckHooks& typecheck_hooks() {
    static TypecheckHooks hooks;
    return hooks;
}

ir::TypePtr loopir_scalar_type(U::TypeKind k) {
    switch (k) {
        case U::TypeKind::Num: return T::R();
        case U::TypeKind::F16: return T::f16();
        case U::TypeKind::F32: return T::f32();
        case U::TypeKind::F64: return T::f64();
        case U::TypeKind::INT8: return T::i8();
        case U::TypeKind::UINT8: return T::ui8();
        case U::TypeKind::UINT16: return T::ui16();
        case U::TypeKind::INT32: return T::i32();
        case U::TypeKind::Bool: return T::bool_();
        case U::TypeKind::Int: return T::int_();
        case U::TypeKind::Size: return T::size();
        case U::TypeKind::Index: return T::index();
        case U::TypeKind::Stride: return T::stride();
        case U::TypeKind::Tensor: return nullptr;
    }
    return nullptr;
}

namespace {

ir::MemRef default_memory() {
    if (auto& f = typecheck_hooks().default_memory) return f();
    static ir::MemRef dram;
    if (dram.is_null()) {
        host::Value mod = host::Interpreter::get().import_module("exo.core.memory", host::Value(), 0, host::Value());
        dram = host::getattr(mod, "DRAM");
    }
    return dram;
}

TypePtr config_field_type(const ir::ConfigRef& cfg, const std::string& field) {
    if (auto& f = typecheck_hooks().config_field_type) return f(cfg, field);
    if (auto* fields = config_fields(cfg.obj))
        for (const auto& [name, utype] : *fields)
            if (name == field) return loopir_scalar_type(utype->kind);
    return nullptr;
}

std::string str(const TypePtr& t) { return ir::print_type(*t); }

bool is_err(const TypePtr& t) { return t->kind == TypeKind::Error; }
bool is(const TypePtr& t, TypeKind k) { return t->kind == k; }

class TypeChecker {
public:
    explicit TypeChecker(const U::Proc& proc) : uast_proc_(proc) {}

    std::shared_ptr<const ir::Proc> run() {
        const U::Proc& p = uast_proc_;
        ir::Proc out;
        for (const auto& a : p.args) {
            TypePtr t = check_t(*a.type);
            env_[a.name] = t;
            out.args.push_back(ir::FnArg{a.name, t, a.mem.is_null() ? default_memory() : a.mem, a.srcinfo});
        }
        for (const auto& pred : p.preds) {
            ExprPtr e = check_e(pred, true);
            if (!is_err(e->type) && !is(e->type, TypeKind::Bool)) err(e->srcinfo, "expected a bool expression");
            out.preds.push_back(e);
        }
        out.body = check_stmts(p.body);
        if (!p.name || p.name->empty()) err(p.srcinfo, "expected all procedures to be named");

        check_config_writes(out.body);

        out.name = p.name && !p.name->empty() ? *p.name : "anon";
        if (p.instr) out.instr = ir::Instr{p.instr->c_instr, p.instr->c_global, p.instr->target_features};
        out.srcinfo = p.srcinfo;

        if (!errors_.empty()) {
            std::string msg = "Errors occurred during typechecking:";
            for (const auto& e : errors_) msg += "\n" + e;
            host::TypeObject* type = typecheck_hooks().error_type;
            host::raise(type ? type : host::exc_types().TypeError, std::move(msg));
        }
        return ir::make<ir::Proc>(std::move(out));
    }

private:
    const U::Proc& uast_proc_;
    std::unordered_map<ir::Sym, TypePtr> env_;
    std::vector<std::string> errors_;

    void err(const ir::SrcInfo& where, const std::string& msg) { errors_.push_back(where.str() + ": " + msg); }

    TypePtr lookup(const ir::Sym& s) {
        auto it = env_.find(s);
        return it == env_.end() ? T::err() : it->second;
    }

    // A config write may not depend on loop iterators: its final value would be that
    // of the last iteration, which the code generator cannot express.
    void check_config_writes(const ir::StmtList& body) {
        auto iters = ir::get_loop_iters(body);
        for (const auto& cf : ir::get_writeconfigs(body)) {
            auto deps = ir::dependencies_of(ir::DepKey::of(cf), body);
            bool depends_on_iter = false;
            for (const auto& d : deps)
                if (!d.is_config())
                    for (const auto& it : iters)
                        if (d.sym == it) depends_on_iter = true;
            if (depends_on_iter)
                err(uast_proc_.srcinfo, "expected writes to configuration " + cf.config.name + "." + cf.field +
                                            " does not depend on loop iterations");
        }
    }

    // ------------------------------------------------------------ statements

    ir::StmtList check_stmts(const U::StmtList& body) {
        ir::StmtList out;
        for (const auto& s : body) check_stmt(*s, out);
        return out;
    }

    void check_stmt(const U::Stmt& s, ir::StmtList& out) {
        switch (s.kind) {
            case U::StmtKind::FreshAssign: {
                auto& fa = static_cast<const U::FreshAssign&>(s);
                ExprPtr rhs = check_e(fa.rhs);
                // A fresh name can only be a window: for a scalar we would not know
                // which memory to allocate it in.
                if (is_err(rhs->type)) {
                    env_[fa.name] = T::err();
                } else if (rhs->type->is<ir::WindowType>()) {
                    env_[fa.name] = rhs->type;
                    out.push_back(ir::make<ir::WindowStmt>(fa.name, rhs, fa.srcinfo));
                } else {
                    err(fa.srcinfo, "unable to disambiguate assignment to undefined variable '" + fa.name.name() + "'");
                    env_[fa.name] = T::err();
                }
                return;
            }
            case U::StmtKind::Assign:
            case U::StmtKind::Reduce: {
                bool is_assign = s.kind == U::StmtKind::Assign;
                const ir::Sym& name = is_assign ? static_cast<const U::Assign&>(s).name : static_cast<const U::Reduce&>(s).name;
                const U::ExprList& uidx = is_assign ? static_cast<const U::Assign&>(s).idx : static_cast<const U::Reduce&>(s).idx;
                const U::ExprPtr& urhs = is_assign ? static_cast<const U::Assign&>(s).rhs : static_cast<const U::Reduce&>(s).rhs;
                ExprPtr rhs = check_e(urhs);
                if (!is_err(rhs->type) && !rhs->type->is_real_scalar())
                    err(rhs->srcinfo, "cannot assign/reduce a '" + str(rhs->type) + "' type value");
                auto [idx, typ] = check_access(s.srcinfo, name, uidx, true);
                if (is_assign)
                    out.push_back(ir::make<ir::Assign>(name, typ, std::move(idx), rhs, s.srcinfo));
                else
                    out.push_back(ir::make<ir::Reduce>(name, typ, std::move(idx), rhs, s.srcinfo));
                return;
            }
            case U::StmtKind::WriteConfig: {
                auto& w = static_cast<const U::WriteConfig&>(s);
                TypePtr ftyp = config_field_type(w.config, w.field);
                if (!ftyp) {
                    // Upstream points at the field; it has no location of its own here.
                    err(w.srcinfo, "expected '" + w.field + "'  to be a field in config '" + w.config.name + "'");
                    ftyp = T::err();
                }
                bool as_index = ftyp->is_indexable() || ftyp->is_stridable() || is(ftyp, TypeKind::Bool);
                ExprPtr rhs = check_e(w.rhs, as_index);
                const TypePtr& rt = rhs->type;
                if (!is_err(rt) && !is_err(ftyp)) {
                    if (ftyp->is_real_scalar()) {
                        if (!rt->is_real_scalar())
                            err(rhs->srcinfo, "expected a real scalar value, but got an expression of type " + str(rt));
                    } else if (ftyp->is_indexable()) {
                        if (!rt->is_indexable())
                            err(rhs->srcinfo, "expected an index or size type expression, but got type " + str(rt));
                    } else if (is(ftyp, TypeKind::Bool)) {
                        if (!is(rt, TypeKind::Bool))
                            err(rhs->srcinfo, "expected a bool expression, but got type " + str(rt));
                    } else if (ftyp->is_stridable()) {
                        if (!rt->is_stridable())
                            err(rhs->srcinfo, "expected a stride type expression, but got type " + str(rt));
                    }
                }
                out.push_back(ir::make<ir::WriteConfig>(w.config, w.field, rhs, w.srcinfo));
                return;
            }
            case U::StmtKind::Pass:
                out.push_back(ir::make<ir::Pass>(s.srcinfo));
                return;
            case U::StmtKind::If: {
                auto& i = static_cast<const U::If&>(s);
                ExprPtr cond = check_e(i.cond, true);
                if (!is_err(cond->type) && !is(cond->type, TypeKind::Bool))
                    err(cond->srcinfo, "expected a bool expression");
                ir::StmtList body = check_stmts(i.body);
                ir::StmtList orelse;
                if (!i.orelse.empty()) orelse = check_stmts(i.orelse);
                out.push_back(ir::make<ir::If>(cond, std::move(body), std::move(orelse), i.srcinfo));
                return;
            }
            case U::StmtKind::For: {
                auto& f = static_cast<const U::For&>(s);
                env_[f.iter] = T::index();
                const U::Expr& cond = *f.cond;
                U::ExprPtr ulo, uhi;
                if (auto pr = cond.as<U::ParRange>()) {
                    ulo = pr->lo;
                    uhi = pr->hi;
                } else if (auto sr = cond.as<U::SeqRange>()) {
                    ulo = sr->lo;
                    uhi = sr->hi;
                } else {
                    err(cond.srcinfo,
                        "currently supporting for-loops of the form:\n"
                        "  'for _ in par(affine_expression, affine_expression):' and "
                        "'for _ in seq(affine_expression, affine_expression):'");
                    return;
                }
                ExprPtr lo = check_e(ulo, true);
                if (!is_err(lo->type) && !lo->type->is_indexable()) err(lo->srcinfo, "expected loop bound to be indexable.");
                ExprPtr hi = check_e(uhi, true);
                if (!is_err(hi->type) && !hi->type->is_indexable()) err(hi->srcinfo, "expected loop bound to be indexable.");
                ir::StmtList body = check_stmts(f.body);
                auto mode = cond.is<U::SeqRange>() ? ir::LoopMode::Seq : ir::LoopMode::Par;
                out.push_back(ir::make<ir::For>(f.iter, lo, hi, std::move(body), mode, f.srcinfo));
                return;
            }
            case U::StmtKind::Alloc: {
                auto& a = static_cast<const U::Alloc&>(s);
                TypePtr t = check_t(*a.type);
                env_[a.name] = t;
                out.push_back(ir::make<ir::Alloc>(a.name, t, a.mem.is_null() ? default_memory() : a.mem, a.srcinfo));
                return;
            }
            case U::StmtKind::Call: {
                auto& c = static_cast<const U::Call&>(s);
                ir::ExprList args;
                const auto& sig = c.f->args;
                // upstream zips the two lists, dropping extra arguments and leaving missing
                // ones for the C compiler to find
                if (c.args.size() != sig.size())
                    err(c.srcinfo, "expected " + std::to_string(sig.size()) + " argument" + (sig.size() == 1 ? "" : "s") +
                                       " to procedure " + c.f->name + ", but got " + std::to_string(c.args.size()));
                for (size_t i = 0; i < c.args.size() && i < sig.size(); ++i) {
                    TypeKind k = sig[i].type->kind;
                    bool as_index = k == TypeKind::Size || k == TypeKind::Index || k == TypeKind::Stride ||
                                    k == TypeKind::Bool;
                    args.push_back(check_e(c.args[i], as_index));
                }
                check_call_types(args, sig);
                out.push_back(ir::make<ir::Call>(c.f, std::move(args), c.srcinfo));
                return;
            }
        }
    }

    void check_call_types(const ir::ExprList& args, const std::vector<ir::FnArg>& sig) {
        for (size_t i = 0; i < args.size() && i < sig.size(); ++i) {
            const ir::Expr& a = *args[i];
            const TypePtr& at = a.type;
            const TypePtr& st = sig[i].type;
            if (is_err(at)) continue;
            if (is(st, TypeKind::Size) || is(st, TypeKind::Index)) {
                if (!at->is_indexable())
                    err(a.srcinfo, "expected size or index type expression, but got type " + str(at));
            } else if (is(st, TypeKind::Bool)) {
                if (!is(at, TypeKind::Bool)) err(a.srcinfo, "expected bool-type variable, but got type " + str(at));
            } else if (is(st, TypeKind::Stride)) {
                if (!at->is_stridable()) err(a.srcinfo, "expected stride-type variable, but got type " + str(at));
            } else if (st->is_numeric()) {
                if (at->is_numeric()) {
                    if (at->shape().size() != st->shape().size()) {
                        err(a.srcinfo, "expected argument of type '" + str(st) + "', but got type '" + str(at) + "'");
                    } else if (at->is_real_scalar() && !a.is<ir::ReadConfig>() &&
                               !(a.is<ir::Read>() && a.as<ir::Read>()->idx.empty())) {
                        // Scalars are passed by reference, so they must name a variable.
                        err(a.srcinfo, "expected scalar arguments to be simply variable names for now");
                    }
                } else {
                    err(a.srcinfo, "expected numeric type expression, but got type " + str(at));
                }
            }
        }
    }

    // Checks the indices of an access to `name`; returns them and the accessed type.
    std::pair<ir::ExprList, TypePtr> check_access(const ir::SrcInfo& where, const ir::Sym& name,
                                                  const U::ExprList& uidx, bool lvalue) {
        ir::ExprList idx;
        for (const auto& u : uidx) idx.push_back(check_e(u, true));
        for (const auto& i : idx)
            if (!is_err(i->type) && !i->type->is_indexable())
                err(i->srcinfo, "cannot index with expression of type '" + str(i->type) + "'");

        TypePtr typ = lookup(name);
        const std::string nm = name.name();
        if (is_err(typ)) {
        } else if (typ->is_numeric()) {
            size_t rank = typ->shape().size();
            if (idx.size() > rank) {
                err(where, "expected access of variable '" + nm + "' of type '" + str(typ) + "' to have no more than " +
                               std::to_string(rank) + " indices, but " + std::to_string(idx.size()) + " were found.");
                typ = T::err();
            } else if (lvalue && rank != idx.size()) {
                err(where, "expected lvalue access of variable '" + nm + "' of type '" + str(typ) +
                               "' to have exactly " + std::to_string(rank) + " indices, but " +
                               std::to_string(idx.size()) + " were found.");
                typ = T::err();
            } else if (!idx.empty()) {
                typ = typ->basetype_ptr(typ);
            }
        } else if (lvalue) {
            err(where, "cannot assign/reduce to '" + nm + "', a non-numeric variable of type '" + str(typ) + "'");
            typ = T::err();
        } else if (!idx.empty()) {
            err(where, "cannot index a variable of type '" + str(typ) + "'");
        }
        return {std::move(idx), typ};
    }

    ir::WAccessPtr check_w_access(const U::WAccess& w, const ExprPtr& orig_hi) {
        if (auto p = w.as<U::Point>()) {
            ExprPtr pt = check_e(p->pt, true);
            if (!is_err(pt->type) && !pt->type->is_indexable())
                err(pt->srcinfo, "cannot index with expression of type '" + str(pt->type) + "'");
            return ir::make<ir::Point>(pt, w.srcinfo);
        }
        auto iv = w.as<U::Interval>();
        ExprPtr lo, hi;
        if (!iv->lo) {
            lo = ir::Const::of_int(0, T::int_(), w.srcinfo);
        } else {
            lo = check_e(iv->lo, true);
            if (!is_err(lo->type) && !lo->type->is_indexable())
                err(lo->srcinfo, "cannot index with expression of type '" + str(lo->type) + "'");
        }
        if (!iv->hi) {
            hi = orig_hi;
        } else {
            hi = check_e(iv->hi, true);
            if (!is_err(hi->type) && !hi->type->is_indexable())
                err(hi->srcinfo, "cannot index with expression of type '" + str(hi->type) + "'");
        }
        return ir::make<ir::Interval>(lo, hi, w.srcinfo);
    }

    // ----------------------------------------------------------- expressions

    ExprPtr check_e(const U::ExprPtr& ue, bool is_index = false) {
        const U::Expr& e = *ue;
        switch (e.kind) {
            case U::ExprKind::Read: {
                auto& r = static_cast<const U::Read&>(e);
                TypePtr typ = lookup(r.name);
                size_t rank = typ->shape().size();
                if (typ->is_tensor_or_window() && !r.idx.empty() && r.idx.size() < rank) {
                    // x[i] with x two-dimensional is sugar for the window x[i, :].
                    std::vector<U::WAccessPtr> w;
                    for (const auto& i : r.idx) w.push_back(U::make<U::Point>(i, i->srcinfo));
                    for (size_t k = r.idx.size(); k < rank; ++k)
                        w.push_back(U::make<U::Interval>(nullptr, nullptr, r.srcinfo));
                    return check_e(U::make<U::WindowExpr>(r.name, std::move(w), r.srcinfo));
                }
                auto [idx, t] = check_access(r.srcinfo, r.name, r.idx, false);
                return ir::make<ir::Read>(r.name, std::move(idx), t, r.srcinfo);
            }
            case U::ExprKind::WindowExpr: {
                auto& w = static_cast<const U::WindowExpr&>(e);
                TypePtr in_typ = lookup(w.name);
                if (!in_typ->is_tensor_or_window()) {
                    err(w.srcinfo, "cannot perform windowing on non-tensor, non-window type " + w.name.name());
                    return ir::make<ir::WindowExpr>(w.name, ir::WAccessList{}, T::err(), w.srcinfo);
                }
                const ir::ExprList& in_shape = in_typ->shape();
                if (in_shape.size() != w.idx.size())
                    err(w.srcinfo, "expected " + std::to_string(in_shape.size()) + " indices for window but got " +
                                       std::to_string(w.idx.size()));
                ir::WAccessList idx;
                for (size_t k = 0; k < w.idx.size() && k < in_shape.size(); ++k)
                    idx.push_back(check_w_access(*w.idx[k], in_shape[k]));
                TypePtr wt = ir::create_window_type(w.name, in_typ, idx);
                return ir::make<ir::WindowExpr>(w.name, std::move(idx), wt, w.srcinfo);
            }
            case U::ExprKind::Const: {
                auto& c = static_cast<const U::Const&>(e);
                TypePtr t;
                if (c.val.is_float()) t = T::R();
                else if (c.val.is_bool()) t = T::bool_();
                else if (c.val.is_int()) t = is_index ? T::int_() : T::R();
                if (!t) {
                    err(c.srcinfo, "literal of unexpected type '<class '" + host::type_name(c.val) +
                                       "'>' and value: " + host::to_str(c.val));
                    return ir::Const::of_int(0, T::err(), c.srcinfo);
                }
                return ir::make<ir::Const>(c.val, t, c.srcinfo);
            }
            case U::ExprKind::USub: {
                auto& u = static_cast<const U::USub&>(e);
                ExprPtr arg = check_e(u.arg, is_index);
                if (arg->type->is_real_scalar() || arg->type->is_indexable()) {
                    // Negative literals stay literals.
                    if (auto c = arg->as<ir::Const>()) {
                        host::Value v = c->val.is_float() ? host::Value::floating(-c->val.as_float())
                                                          : host::Value::integer(-c->val.as_int());
                        return ir::make<ir::Const>(v, arg->type, u.srcinfo);
                    }
                    return ir::make<ir::USub>(arg, arg->type, u.srcinfo);
                }
                if (!is_err(arg->type)) err(u.srcinfo, "cannot negate expression of type '" + str(arg->type) + "'");
                return ir::Const::of_int(0, T::err(), u.srcinfo);
            }
            case U::ExprKind::BinOp:
                return check_binop(static_cast<const U::BinOp&>(e), is_index);
            case U::ExprKind::Extern: {
                auto& x = static_cast<const U::Extern&>(e);
                ir::ExprList args;
                for (const auto& a : x.args) args.push_back(check_e(a));
                TypePtr t;
                std::string msg;
                if (auto& hook = typecheck_hooks().extern_typecheck)
                    t = hook(x.f, args, &msg);
                else
                    msg = "extern functions are not supported in this build";
                if (!t) {
                    t = T::err();
                    err(x.srcinfo, msg);
                }
                return ir::make<ir::Extern>(x.f, std::move(args), t, x.srcinfo);
            }
            case U::ExprKind::StrideExpr: {
                auto& s = static_cast<const U::StrideExpr&>(e);
                auto [idx, typ] = check_access(s.srcinfo, s.name, {}, false);
                if (is_err(typ)) {
                } else if (!typ->is_tensor_or_window()) {
                    err(s.srcinfo, "expected " + s.name.name() + " to be a tensor or window");
                } else {
                    int rank = static_cast<int>(typ->shape().size());
                    if (!(0 <= s.dim && s.dim < rank)) {
                        std::string d = std::to_string(s.dim);
                        err(s.srcinfo, "expected " + d + " to be in-bounds (i.e. 0 <= " + d + " < " +
                                           std::to_string(rank) + ")");
                    }
                }
                return ir::make<ir::StrideExpr>(s.name, s.dim, T::stride(), s.srcinfo);
            }
            case U::ExprKind::ReadConfig: {
                auto& r = static_cast<const U::ReadConfig&>(e);
                TypePtr ftyp = config_field_type(r.config, r.field);
                if (!ftyp) {
                    err(r.srcinfo, "'" + r.field + "' has to be a field in config '" + r.config.name + "'");
                    ftyp = T::err();
                }
                return ir::make<ir::ReadConfig>(r.config, r.field, ftyp, r.srcinfo);
            }
            case U::ExprKind::ParRange:
            case U::ExprKind::SeqRange:
                // The parser only builds ranges as loop conditions.
                err(e.srcinfo, "seq(...) and par(...) may only appear as the range of a for-loop");
                return ir::Const::of_int(0, T::err(), e.srcinfo);
        }
        return ir::Const::of_int(0, T::err(), e.srcinfo);
    }

    ExprPtr check_binop(const U::BinOp& e, bool is_index) {
        using ir::BinOpKind;
        ExprPtr lhs = check_e(e.lhs, is_index);
        ExprPtr rhs = check_e(e.rhs, is_index);
        const TypePtr &lt = lhs->type, &rt = rhs->type;
        TypePtr typ = T::err();
        const std::string op = ir::binop_str(e.op);
        auto is_int = [](const TypePtr& t) { return t->kind == TypeKind::Int; };
        if (is_err(lt) || is_err(rt)) {
            typ = T::err();
        } else if (e.op == BinOpKind::And || e.op == BinOpKind::Or) {
            for (const auto* operand : {&lhs, &rhs})
                if (!is((*operand)->type, TypeKind::Bool))
                    err((*operand)->srcinfo, "expected 'bool' argument to logical op");
            typ = T::bool_();
        } else if (e.op == BinOpKind::Eq &&
                   ((is(lt, TypeKind::Bool) && is(rt, TypeKind::Bool)) ||
                    (lt->is_stridable() && rt->is_stridable() && !(is_int(lt) && is_int(rt))))) {
            typ = T::bool_();
        } else if (e.op == BinOpKind::Lt || e.op == BinOpKind::Le || e.op == BinOpKind::Eq ||
                   e.op == BinOpKind::Gt || e.op == BinOpKind::Ge) {
            for (const auto* operand : {&lhs, &rhs})
                if (!(*operand)->type->is_indexable())
                    err((*operand)->srcinfo, "expected 'index' or 'size' argument to comparison op: " + op);
            typ = T::bool_();
        } else {  // + - * / %
            if (lt->is_real_scalar()) {
                if (!rt->is_real_scalar()) {
                    err(rhs->srcinfo, "expected scalar type");
                    typ = T::err();
                } else if (e.op == BinOpKind::Mod) {
                    err(e.srcinfo, "cannot compute modulus of 'R' values");
                    typ = T::err();
                } else {
                    typ = lt;
                }
            } else if (rt->is_real_scalar()) {
                err(lhs->srcinfo, "expected scalar type");
            } else if (is(lt, TypeKind::Bool) || is(rt, TypeKind::Bool)) {
                const ExprPtr& node = is(lt, TypeKind::Bool) ? lhs : rhs;
                err(node->srcinfo, "cannot perform arithmetic on 'bool' values");
                typ = T::err();
            } else if (is(lt, TypeKind::Stride) || is(rt, TypeKind::Stride)) {
                // Upstream picks the node with the bool test above (so: always rhs).
                err(rhs->srcinfo, "cannot perform arithmetic on 'stride' values");
                typ = T::err();
            } else if (lt->is_tensor_or_window() || rt->is_tensor_or_window()) {
                err(lhs->srcinfo, "cannot perform arithmetic on tensors");
                typ = T::err();
            } else if (e.op == BinOpKind::Div || e.op == BinOpKind::Mod) {
                auto c = rhs->as<ir::Const>();
                if (!is_int(rt) || !c) {
                    err(rhs->srcinfo, "cannot divide or modulo by a non-constant value");
                } else if (c->val.as_int() <= 0) {
                    err(rhs->srcinfo, "cannot divide or modulo by zero or a negative value");
                }
                typ = lt;  // as upstream: the error is recorded, the type stays usable
            } else if (e.op == BinOpKind::Mul) {
                if (is_int(lt))
                    typ = rt;
                else if (is_int(rt))
                    typ = lt;
                else {
                    err(e.srcinfo,
                        "cannot multiply two non-constant indexing/sizing expressions, since the result would be "
                        "non-affine");
                    typ = T::err();
                }
            } else {  // + or -
                if (is(lt, TypeKind::Index) || is(rt, TypeKind::Index))
                    typ = T::index();
                else if (is(lt, TypeKind::Size) || is(rt, TypeKind::Size))
                    typ = T::size();
                else
                    typ = T::int_();
            }
        }
        return ir::make<ir::BinOp>(e.op, lhs, rhs, typ, e.srcinfo);
    }

    // ----------------------------------------------------------------- types

    TypePtr check_t(const U::Type& t) {
        if (auto tt = t.as<U::Tensor>()) {
            ir::ExprList hi;
            for (const auto& h : tt->hi) hi.push_back(check_e(h, true));
            TypePtr sub = check_t(*tt->type);
            for (const auto& h : hi)
                if (!h->type->is_indexable())
                    err(h->srcinfo, "expected array size expression to have type 'size' or type 'index'");
            return T::tensor(std::move(hi), tt->is_window, sub);
        }
        return loopir_scalar_type(t.kind);
    }
};

}  // namespace

std::shared_ptr<const ir::Proc> typecheck(const U::Proc& proc) { return TypeChecker(proc).run(); }

}  // namespace exo::frontend
