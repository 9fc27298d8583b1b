#include "compiler.h"

#include <map>
#include <regex>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "../host/runtime.h"
#include "../ir/printer.h"
#include "../ir/queries.h"
#include "cir.h"
#include "host_hooks.h"
#include "range_env.h"

namespace exo::backend {

using namespace ir;

namespace {

// Upstream's op_prec for C (not the proc printer's).
int c_prec(const std::string& op) {
    static const std::map<std::string, int> p = {
        {"or", 10}, {"and", 20}, {"==", 30}, {"<", 40}, {">", 40}, {"<=", 40}, {">=", 40},
        {"+", 50},  {"-", 50},   {"*", 60},  {"/", 60}, {"%", 60}, {"~", 70},
    };
    return p.at(op);
}

[[noreturn]] void mem_gen_error(const std::string& msg) { raise_host("exo.core.memory", "MemGenError", msg); }
[[noreturn]] void config_error(const std::string& msg) { raise_host("exo.core.configs", "ConfigError", msg); }

std::string py_float_str(const host::Value& v) {
    return const_str(host::Value::floating(host::to_double(v, "constant")));
}

class Compiler {
public:
    Compiler(const Proc& proc, const std::string& ctxt_name, bool is_public, const std::string& attribute)
        : proc_(proc), range_env_(proc) {
        names_.emplace_back();
        std::vector<std::string> arg_strs, typ_comments;
        new_varname(Sym("ctxt"), nullptr, MemRef());
        arg_strs.push_back(ctxt_name + " *ctxt");
        out_.arg_names.push_back("ctxt");
        for (const auto& w : get_writes_of_stmts(proc.body)) non_const_.insert(w.name);

        for (const FnArg& a : proc.args) {
            MemRef mem = a.type->is_numeric() ? a.mem : MemRef();
            std::string name = new_varname(a.name, a.type, mem);
            out_.arg_names.push_back(name);
            TypeKind k = a.type->kind;
            if (k == TypeKind::Size || k == TypeKind::Index || k == TypeKind::Bool || k == TypeKind::Stride) {
                arg_strs.push_back(std::string(a.type->ctype()) + " " + name);
                typ_comments.push_back(name + " : " + print_type(*a.type));
                continue;
            }
            if (a.type->is_real_scalar()) scalar_refs_.insert(a.name);
            if (a.type->is_win()) {
                arg_strs.push_back("struct " + window_type(*a.type->basetype(), a.type->shape().size(),
                                                           !non_const_.count(a.name)) +
                                   " " + name);
            } else {
                std::string const_kwd = non_const_.count(a.name) ? "" : "const ";
                arg_strs.push_back(const_kwd + a.type->basetype()->ctype() + "* " + name);
            }
            std::string memstr = a.mem.is_null() ? "" : " @" + memory_name(a.mem);
            typ_comments.push_back(name + " : " + print_type(*a.type) + memstr);
        }

        for (const ExprPtr& pred : proc.preds) {
            if (pred->is<Const>()) continue;
            if (auto cs = as_const_stride(*pred)) {
                known_strides_[{cs->stride->name, cs->stride->dim}] = Cir::constant(cs->value);
                add_line("// assert " + print_expr(*pred));
            } else {
                add_line("EXO_ASSUME(" + comp_e(*pred) + ");");
            }
        }
        // Strides exocc inferred for `replace` (Proc::implied_preds): callers are checked
        // against them like asserts, so the code may rely on them too.
        for (const ExprPtr& pred : proc.implied_preds) {
            if (auto cs = as_const_stride(*pred)) {
                known_strides_[{cs->stride->name, cs->stride->dim}] = Cir::constant(cs->value);
                add_line("// implied: " + print_expr(*pred));
            }
        }

        if (allocates_static_memory(proc.body) && !is_leaf_proc(proc.body))
            mem_gen_error("Cannot generate static memory in non-leaf procs");

        comp_stmts(proc.body);

        std::string static_kwd = is_public ? "" : "static ";
        std::string comment = "// " + proc.name + "(\n";
        for (size_t i = 0; i < typ_comments.size(); ++i)
            comment += (i ? ",\n" : "") + std::string("//     ") + typ_comments[i];
        comment += "\n// )\n";
        std::string args;
        for (size_t i = 0; i < arg_strs.size(); ++i) args += (i ? ", " : "") + arg_strs[i];
        std::string attr_line = attribute.empty() ? "" : attribute + "\n";
        out_.decl = comment + (is_public ? "" : attr_line) + static_kwd + "void " + proc.name + "( " + args + " );\n";
        std::string body;
        for (size_t i = 0; i < lines_.size(); ++i) body += (i ? "\n" : "") + lines_[i];
        out_.def = comment + attr_line + static_kwd + "void " + proc.name + "( " + args + " ) {\n" + body + "\n}\n";
        out_.params = args;
    }

    CompiledProc result() { return std::move(out_); }

private:
    struct StrideKey {
        Sym name;
        int dim;
        bool operator<(const StrideKey& o) const { return name.id() != o.name.id() ? name.id() < o.name.id() : dim < o.dim; }
    };

    const Proc& proc_;
    IndexRangeEnv range_env_;
    std::unordered_map<Sym, std::string> env_;
    std::vector<std::unordered_map<std::string, std::string>> names_;
    std::unordered_map<Sym, TypePtr> envtyp_;
    std::unordered_map<Sym, MemRef> mems_;
    std::string tab_;
    std::vector<std::string> lines_;
    std::unordered_set<Sym> scalar_refs_;
    std::unordered_set<Sym> non_const_;
    std::map<StrideKey, CirPtr> known_strides_;
    CompiledProc out_;

    // ------------------------------------------------------------ helpers

    static bool allocates_static_memory(const StmtList& stmts) {
        bool check = false;
        for (const auto& s : stmts) {
            if (auto a = s->as<Alloc>()) check |= is_static_memory(a->mem.is_null() ? dram_memory() : a->mem);
            else if (auto f = s->as<For>()) check |= allocates_static_memory(f->body);
            else if (auto i = s->as<If>()) check |= allocates_static_memory(i->body) | allocates_static_memory(i->orelse);
        }
        return check;
    }

    static bool is_leaf_proc(const StmtList& stmts) {
        bool check = true;
        for (const auto& s : stmts) {
            if (auto c = s->as<Call>()) check &= c->f->instr.has_value();
            else if (auto f = s->as<For>()) check &= is_leaf_proc(f->body);
            else if (auto i = s->as<If>()) check &= is_leaf_proc(i->body) & is_leaf_proc(i->orelse);
        }
        return check;
    }

    void add_line(const std::string& line) {
        if (!line.empty()) lines_.push_back(tab_ + line);
    }

    void comp_stmts(const StmtList& stmts) {
        for (const auto& s : stmts) comp_s(*s);
    }

    bool name_taken(const std::string& n) const {
        for (const auto& m : names_)
            if (m.count(n)) return true;
        return false;
    }
    std::string name_lookup(const std::string& n) const {
        for (auto it = names_.rbegin(); it != names_.rend(); ++it) {
            auto f = it->find(n);
            if (f != it->end()) return f->second;
        }
        return n;
    }

    std::string new_varname(const Sym& sym, TypePtr typ, MemRef mem) {
        std::string strnm = sym.name();
        if (name_taken(strnm)) {
            static const std::regex suffix("^(.*)_([0-9]*)$");
            std::string s = name_lookup(strnm);
            while (name_taken(s)) {
                std::smatch m;
                if (std::regex_match(s, m, suffix) && m[2].length() > 0)
                    s = m[1].str() + "_" + std::to_string(std::stoll(m[2].str()) + 1);
                else
                    s = s + "_1";
            }
            names_.back()[strnm] = s;
            strnm = s;
        }
        names_.back()[strnm] = strnm;
        env_[sym] = strnm;
        envtyp_[sym] = std::move(typ);
        mems_[sym] = mem.is_null() ? dram_memory() : mem;
        return strnm;
    }

    void push_env() {
        range_env_.enter_scope();
        names_.emplace_back();
    }
    void push_tab() { tab_ += "  "; }
    void pop() {
        range_env_.exit_scope();
        names_.pop_back();
        tab_.resize(tab_.size() >= 2 ? tab_.size() - 2 : 0);
    }

    std::string call_helper(const std::string& helper, const std::string& a, const std::string& b) {
        out_.helpers.insert(helper);
        return helper + "(" + a + ", " + b + ")";
    }

    // ------------------------------------------------------------ index expressions

    CirPtr lift(const Expr& e) {
        if (auto r = e.as<Read>()) return Cir::read(r->name, range_env_.is_non_neg(e));
        if (auto c = e.as<Const>()) return Cir::constant(c->val.as_int());
        if (auto b = e.as<BinOp>())
            return Cir::binop(binop_str(b->op), lift(*b->lhs), lift(*b->rhs), range_env_.is_non_neg(e));
        if (auto u = e.as<USub>()) return Cir::usub(lift(*u->arg), range_env_.is_non_neg(e));
        if (auto st = e.as<StrideExpr>()) return Cir::stride(st->name, st->dim);
        throw std::logic_error("lift_to_cir: index expressions are reads, constants and arithmetic");
    }

    std::string comp_cir(const Cir& e, int prec) {
        switch (e.kind) {
            case Cir::Kind::Read: return env_.at(e.name);
            case Cir::Kind::Const: return cir_const_str(e);
            case Cir::Kind::Stride: return e.name.name() + ".strides[" + std::to_string(e.dim) + "]";
            case Cir::Kind::USub: return "-" + comp_cir(*e.arg, c_prec("~"));
            case Cir::Kind::BinOp: {
                int local = c_prec(e.op);
                std::string lhs = comp_cir(*e.lhs, local), rhs = comp_cir(*e.rhs, local + 1);
                if (e.op == "/") {
                    bool lhs_nonneg = ((e.lhs->kind == Cir::Kind::Read || e.lhs->kind == Cir::Kind::BinOp) &&
                                       e.lhs->is_non_neg) ||
                                      (e.lhs->kind == Cir::Kind::Const &&
                                       (e.lhs->is_float ? e.lhs->fval > 0 : e.lhs->ival > 0));
                    if (lhs_nonneg) return "(" + lhs + " / " + rhs + ")";
                    return call_helper("exo_floor_div", lhs, rhs);
                }
                std::string s = lhs + " " + e.op + " " + rhs;
                if (local < prec) s = "(" + s + ")";
                return s;
            }
        }
        return "";
    }

    std::vector<CirPtr> tensor_strides(const ExprList& shape) {
        std::vector<CirPtr> szs;
        for (const auto& e : shape) szs.push_back(lift(*e));
        std::vector<CirPtr> strides{Cir::constant(1)};
        CirPtr s = szs.back();
        for (size_t k = szs.size() - 1; k-- > 0;) {
            strides.push_back(s);
            s = Cir::binop("*", szs[k], s, true);
        }
        return std::vector<CirPtr>(strides.rbegin(), strides.rend());
    }

    std::vector<CirPtr> get_strides(const Sym& name, const Type& typ) {
        if (typ.is_win()) {
            std::vector<CirPtr> res;
            for (size_t i = 0; i < typ.shape().size(); ++i) {
                auto f = known_strides_.find({name, int(i)});
                res.push_back(f != known_strides_.end() ? f->second : Cir::stride(name, int(i)));
            }
            return res;
        }
        return tensor_strides(typ.shape());
    }

    std::string access_str(const Sym& nm, const ExprList& idx) {
        const Type& type = *envtyp_.at(nm);
        std::vector<CirPtr> strides = get_strides(nm, type);
        CirPtr acc = Cir::binop("*", lift(*idx[0]), strides[0], true);
        for (size_t k = 1; k < idx.size(); ++k)
            acc = Cir::binop("+", acc, Cir::binop("*", lift(*idx[k]), strides[k], true), true);
        std::string s = comp_cir(*simplify_cir(acc), 0);
        const std::string& buf = env_.at(nm);
        return type.is_win() ? buf + ".data[" + s + "]" : buf + "[" + s + "]";
    }

    std::vector<std::string> shape_strs(const ExprList& shape) {
        std::vector<std::string> out;
        for (const auto& e : shape) out.push_back(comp_cir(*simplify_cir(lift(*e)), 100));
        return out;
    }

    std::string window_type(const Type& base, size_t n_dims, bool is_const) {
        WindowStruct w = window_struct(base, n_dims, is_const);
        std::string name = w.name;
        out_.window_structs.insert(std::move(w));
        return name;
    }

    // A derived window's struct; const unless the proc writes its underlying buffer.
    std::string window_type_of(const Type& t, std::optional<bool> is_const = std::nullopt) {
        auto w = t.as<WindowType>();
        if (!w) throw std::logic_error("window_type_of: expected a window type");
        bool c = is_const ? *is_const : !non_const_.count(w->src_buf);
        return window_type(*w->as_tensor->basetype(), w->as_tensor->shape().size(), c);
    }

    std::pair<std::string, std::string> window_struct_fields(const WindowExpr& e) {
        const std::string& base = env_.at(e.name);
        const TypePtr& basetyp = envtyp_.at(e.name);
        const MemRef& mem = mems_.at(e.name);
        std::vector<std::string> idxs;
        for (const auto& w : e.idx) {
            const Expr& lo = w->as<Interval>() ? *w->as<Interval>()->lo : *w->as<Point>()->pt;
            idxs.push_back(comp_cir(*simplify_cir(lift(lo)), 0));
        }
        std::vector<std::string> all;
        for (const auto& s : get_strides(e.name, *basetyp)) all.push_back(comp_cir(*simplify_cir(s), 0));
        std::string dataptr = mem_window(mem, basetyp, base, idxs, all, e.srcinfo);
        std::string strides;
        bool first = true;
        for (size_t k = 0; k < e.idx.size() && k < all.size(); ++k) {
            if (!e.idx[k]->is<Interval>()) continue;
            strides += (first ? "" : ", ") + all[k];
            first = false;
        }
        return {dataptr, strides};
    }

    // ------------------------------------------------------------ statements

    void comp_s(const Stmt& s) {
        if (s.is<Pass>()) {
            add_line("; // NO-OP");
        } else if (s.is<Assign>() || s.is<Reduce>()) {
            const Sym& name = s.is<Assign>() ? s.as<Assign>()->name : s.as<Reduce>()->name;
            const ExprList& idx = s.is<Assign>() ? s.as<Assign>()->idx : s.as<Reduce>()->idx;
            const ExprPtr& rhs_e = s.is<Assign>() ? s.as<Assign>()->rhs : s.as<Reduce>()->rhs;
            const TypePtr& styp = s.is<Assign>() ? s.as<Assign>()->type : s.as<Reduce>()->type;
            std::string lhs;
            if (scalar_refs_.count(name)) lhs = "*" + env_.at(name);
            else if (envtyp_.at(name)->is_real_scalar()) lhs = env_.at(name);
            else lhs = access_str(name, idx);
            std::string rhs = comp_e(*rhs_e);
            const Type* lb = styp->basetype();
            const Type* rb = rhs_e->type->basetype();
            if (lb->kind != rb->kind) rhs = "(" + std::string(lb->ctype()) + ")(" + rhs + ")";
            const MemRef& mem = mems_.at(name);
            add_line(s.is<Assign>() ? mem_write(mem, s, lhs, rhs) : mem_reduce(mem, s, lhs, rhs));
        } else if (auto w = s.as<WriteConfig>()) {
            if (!config_allows_rw(w->config))
                config_error(w->srcinfo.str() + ": cannot write to config '" + w->config.name + "'");
            std::string rhs = comp_e(*w->rhs);
            TypePtr ltyp = config_field_type(w->config, w->field);
            if (ltyp->kind != w->rhs->type->kind && !ltyp->is_indexable())
                rhs = "(" + std::string(ltyp->ctype()) + ")(" + rhs + ")";
            add_line("ctxt->" + w->config.name + "." + w->field + " = " + rhs + ";");
        } else if (auto ws = s.as<WindowStmt>()) {
            auto rhs_w = ws->rhs->as<WindowExpr>();
            std::string win = window_type_of(*ws->rhs->type);
            std::string rhs = comp_e(*ws->rhs);
            MemRef mem = mems_.at(rhs_w->name);
            std::string name = new_varname(ws->name, ws->rhs->type, mem);
            add_line("struct " + win + " " + name + " = " + rhs + ";");
        } else if (auto i = s.as<If>()) {
            add_line("if (" + comp_e(*i->cond) + ") {");
            push_env();
            push_tab();
            comp_stmts(i->body);
            pop();
            if (!i->orelse.empty()) {
                add_line("} else {");
                push_env();
                push_tab();
                comp_stmts(i->orelse);
                pop();
            }
            add_line("}");
        } else if (auto f = s.as<For>()) {
            std::string lo = comp_e(*f->lo), hi = comp_e(*f->hi);
            push_env();
            std::string itr = new_varname(f->iter, T::index(), MemRef());
            range_env_.add_loop_iter(f->iter, *f->lo, *f->hi);
            if (f->loop_mode == LoopMode::Par) add_line("#pragma omp parallel for");
            add_line("for (int_fast32_t " + itr + " = " + lo + "; " + itr + " < " + hi + "; " + itr + "++) {");
            push_tab();
            comp_stmts(f->body);
            pop();
            add_line("}");
        } else if (auto a = s.as<Alloc>()) {
            std::string name = new_varname(a->name, a->type, a->mem);
            MemRef mem = a->mem.is_null() ? dram_memory() : a->mem;
            add_line(mem_alloc(mem, name, a->type->basetype()->ctype(), shape_strs(a->type->shape()), a->srcinfo));
        } else if (auto fr = s.as<Free>()) {
            MemRef mem = fr->mem.is_null() ? dram_memory() : fr->mem;
            add_line(mem_free(mem, env_.at(fr->name), fr->type->basetype()->ctype(), shape_strs(fr->type->shape()),
                              fr->srcinfo));
        } else if (auto c = s.as<Call>()) {
            comp_call(*c);
        }
    }

    void comp_call(const Call& c) {
        std::vector<std::string> args;
        for (size_t i = 0; i < c.args.size(); ++i) args.push_back(comp_fnarg(*c.args[i], *c.f, i));
        if (c.f->instr) {
            std::vector<std::string> keys;
            std::vector<host::Value> vals;
            for (size_t i = 0; i < args.size(); ++i) {
                std::string arg_name = c.f->args[i].name.name();
                keys.push_back(arg_name);
                vals.push_back(host::str("(" + args[i] + ")"));
                if (c.args[i]->type->is_win()) {
                    auto we = c.args[i]->as<WindowExpr>();
                    if (!we) throw std::logic_error("instr window arguments are window expressions");
                    keys.push_back(arg_name + "_data");
                    vals.push_back(host::str(window_struct_fields(*we).first));
                    keys.push_back(arg_name + "_int");
                    vals.push_back(host::str(env_.at(we->name)));
                } else {
                    keys.push_back(arg_name + "_data");
                    vals.push_back(host::str("(" + args[i] + ")"));
                }
            }
            // Python's str.format(**d): a later duplicate key wins.
            std::vector<std::string> ukeys;
            std::vector<host::Value> uvals;
            for (size_t k = 0; k < keys.size(); ++k) {
                bool found = false;
                for (size_t j = 0; j < ukeys.size(); ++j)
                    if (ukeys[j] == keys[k]) { uvals[j] = vals[k]; found = true; }
                if (!found) { ukeys.push_back(keys[k]); uvals.push_back(vals[k]); }
            }
            std::vector<const std::string*> kwnames;
            for (const auto& k : ukeys) kwnames.push_back(&k);
            host::Value fmt = host::getattr(host::str(c.f->instr->c_instr), "format");
            add_line(host::str_of(host::call(fmt, host::CallArgs::over({}, uvals, kwnames))));
        } else {
            std::string line = c.f->name + "(ctxt";
            for (const auto& a : args) line += "," + a;
            add_line(line + ");");
        }
    }

    std::string comp_fnarg(const Expr& e, const Proc& fn, size_t i) {
        if (auto r = e.as<Read>()) {
            const TypePtr& rtyp = envtyp_.at(r->name);
            const std::string& nm = env_.at(r->name);
            if (rtyp->is_indexable() || rtyp->is_bool() || rtyp->kind == TypeKind::Stride) return nm;
            if (scalar_refs_.count(r->name)) return nm;
            // A window of ours with a non-const struct (an argument we write, or a window
            // statement's over a buffer we write), passed on to a callee that only reads
            // it: C wants the callee's const struct, so rebuild it field by field.
            auto local = rtyp->as<WindowType>();
            bool non_const = non_const_.count(local ? local->src_buf : r->name) > 0;
            if (rtyp->is_win() && non_const && !proc_writes_arg(fn, fn.args[i].name)) {
                size_t n = rtyp->shape().size();
                std::string strides;
                for (size_t d = 0; d < n; ++d) strides += (d ? ", " : "") + nm + ".strides[" + std::to_string(d) + "]";
                std::string win = window_type(*rtyp->basetype(), n, true);
                return "(struct " + win + "){ " + nm + ".data, { " + strides + " } }";
            }
            if (rtyp->is_tensor_or_window()) return nm;
            if (!r->idx.empty()) throw std::logic_error("a call argument that is an element of a buffer");
            return "&" + nm;
        }
        // A config field passed for a scalar argument (a buffer passed by reference):
        // the callee gets the field's address (upstream passes its value, which C refuses).
        if (e.is<ReadConfig>() && fn.args[i].type->is_real_scalar()) return "&" + comp_e(e, 0);
        if (auto w = e.as<WindowExpr>()) {
            bool is_const = !proc_writes_arg(fn, fn.args[i].name);
            std::string win = window_type_of(*e.type, is_const);
            auto [data, strides] = window_struct_fields(*w);
            return "(struct " + win + "){ &" + data + ", { " + strides + " } }";
        }
        return comp_e(e, 0);
    }

    // ------------------------------------------------------------ expressions

    std::string comp_e(const Expr& e, int prec = 0) {
        if (auto r = e.as<Read>()) {
            const TypePtr& rtyp = envtyp_.at(r->name);
            if (rtyp->is_indexable() || rtyp->is_bool() || rtyp->kind == TypeKind::Stride) return env_.at(r->name);
            const MemRef& mem = mems_.at(r->name);
            if (!mem_can_read(mem))
                mem_gen_error(r->srcinfo.str() + ": cannot read from buffer '" + r->name.name() + "' in memory '" +
                              memory_name(mem) + "'");
            if (scalar_refs_.count(r->name)) return "*" + env_.at(r->name);
            if (!rtyp->is_tensor_or_window()) return env_.at(r->name);
            return access_str(r->name, r->idx);
        }
        if (auto w = e.as<WindowExpr>()) {
            std::string win = window_type_of(*e.type);
            auto [data, strides] = window_struct_fields(*w);
            return "(struct " + win + "){ &" + data + ", { " + strides + " } }";
        }
        if (auto c = e.as<Const>()) {
            if (c->val.is_bool()) return c->val.as_int() ? "true" : "false";
            if (e.type->is_indexable()) return std::to_string(c->val.is_intlike() ? c->val.as_int()
                                                                                   : int64_t(host::to_double(c->val, "int")));
            if (e.type->kind == TypeKind::F64) return py_float_str(c->val);
            if (e.type->kind == TypeKind::F32) return py_float_str(c->val) + "f";
            return "((" + std::string(e.type->ctype()) + ") " + const_str(c->val) + ")";
        }
        if (auto b = e.as<BinOp>()) {
            std::string op = binop_str(b->op);
            int local = c_prec(op);
            bool int_div = b->op == BinOpKind::Div && !e.type->is_numeric();
            if (int_div) local = 0;
            if (op == "and") op = "&&";
            else if (op == "or") op = "||";
            std::string lhs = comp_e(*b->lhs, local), rhs = comp_e(*b->rhs, local + 1);
            if (int_div) {
                if (range_env_.is_non_neg(e)) return "((" + lhs + ") / (" + rhs + "))";
                return call_helper("exo_floor_div", lhs, rhs);
            }
            std::string s = lhs + " " + op + " " + rhs;
            if (local < prec) s = "(" + s + ")";
            return s;
        }
        if (auto u = e.as<USub>()) return "-" + comp_e(*u->arg, c_prec("~"));
        if (auto x = e.as<Extern>()) {
            std::vector<std::string> args;
            for (const auto& a : x->args) args.push_back(comp_e(*a));
            return extern_compile(x->f, args, e.type->basetype()->ctype());
        }
        if (auto st = e.as<StrideExpr>()) {
            CirPtr stride = get_strides(st->name, *envtyp_.at(st->name)).at(st->dim);
            return comp_cir(*simplify_cir(stride), 0);
        }
        if (auto rc = e.as<ReadConfig>()) {
            if (!config_allows_rw(rc->config))
                config_error(rc->srcinfo.str() + ": cannot read from config '" + rc->config.name + "'");
            return "ctxt->" + rc->config.name + "." + rc->field;
        }
        throw std::logic_error("comp_e: unknown expression kind");
    }
};

}  // namespace

CompiledProc compile_proc(const ir::Proc& proc, const std::string& ctxt_name, bool is_public,
                          const std::string& attribute) {
    return Compiler(proc, ctxt_name, is_public, attribute).result();
}

const std::string& static_helper_code(const std::string& name) {
    static const std::string floor_div =
        "\n"
        "static int exo_floor_div(int num, int quot) {\n"
        "  int off = (num>=0)? 0 : quot-1;\n"
        "  return (num-off)/quot;\n"
        "}\n";
    if (name != "exo_floor_div") throw std::logic_error("unknown static helper " + name);
    return floor_div;
}

}  // namespace exo::backend
