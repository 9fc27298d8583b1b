// Unification of a sub-procedure body with a block (see unification.h).
//
// The sub-procedure side is matched structurally against the block. Every index
// position yields a linear equation "sub-side expression == block-side expression";
// the unknowns ("holes") are the sub-procedure's index arguments and the point / lo /
// hi expressions of the windows its window arguments bind to. A solution expresses
// each hole as an integer combination of the block's free index variables (and of the
// `/` and `%` sub-expressions it contains, treated as opaque variables) plus a constant.
// Since the holes appear with constant coefficients, the system splits into one
// independent linear system per such variable, solved exactly here by Gauss-Jordan
// elimination over the rationals. A window argument may drop dimensions of the buffer
// it binds to (point accesses); each choice of dropped dimensions is a case, and the
// cases are enumerated.
#include "unification.h"

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "../ir/equality.h"
#include "../ir/loopir.h"
#include "../ir/printer.h"
#include "../ir/visitor.h"
#include "edit.h"

namespace exo::rewrite {

using namespace ir;

namespace {

// A refusal found below the structural walk (in the affine, access and type steps),
// carried to unify_block, which answers with its message.
struct UnificationFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const std::string& msg) { throw UnificationFailed(msg); }

// ----------------------------------------------------------- linear forms

struct Lin {
    std::map<Sym, int64_t> terms;
    int64_t c = 0;
    static Lin var(const Sym& x) {
        Lin l;
        l.terms[x] = 1;
        return l;
    }
    static Lin cst(int64_t v) {
        Lin l;
        l.c = v;
        return l;
    }
    Lin& add(const Lin& o, int64_t k = 1) {
        for (auto& [s, v] : o.terms) {
            int64_t& t = terms[s];
            t += k * v;
            if (t == 0) terms.erase(s);
        }
        c += k * o.c;
        return *this;
    }
    Lin scaled(int64_t k) const {
        Lin l;
        if (k == 0) return l;
        for (auto& [s, v] : terms) l.terms[s] = v * k;
        l.c = c * k;
        return l;
    }
};

Lin diff(const Lin& a, const Lin& b) {
    Lin l = a;
    l.add(b, -1);
    return l;
}

// Exact rationals for the elimination.
struct Q {
    __int128 n = 0, d = 1;
    static __int128 gcd(__int128 a, __int128 b) {
        if (a < 0) a = -a;
        if (b < 0) b = -b;
        while (b) {
            __int128 t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
    Q() = default;
    Q(__int128 n_, __int128 d_ = 1) : n(n_), d(d_) {
        if (d < 0) n = -n, d = -d;
        __int128 g = gcd(n, d);
        if (g > 1) n /= g, d /= g;
    }
    bool zero() const { return n == 0; }
    Q operator-(const Q& o) const { return Q(n * o.d - o.n * d, d * o.d); }
    Q operator*(const Q& o) const { return Q(n * o.n, d * o.d); }
    Q operator/(const Q& o) const { return Q(n * o.d, d * o.n); }
};

// ----------------------------------------------------------- buffers

struct WinVar {
    bool pt = false;
    Sym a, b;  // point: a; interval: a = lo, b = hi
};

struct BufVar {
    Sym name;
    TypePtr typ;
    size_t n_dim = 0;
    Sym solution;
    bool use_win = true;
    int win_dim = -1;
    std::vector<std::vector<WinVar>> cases;

    void set_window_dim(int wd) {
        bool setup = win_dim < 0;
        win_dim = wd;
        if (!setup) return;
        size_t full = n_dim + size_t(wd);
        std::vector<bool> sel(full, false);
        std::fill(sel.begin(), sel.begin() + wd, true);
        // combinations of `wd` point positions in lexicographic order
        std::vector<std::vector<size_t>> combos;
        std::function<void(size_t, std::vector<size_t>&)> rec = [&](size_t start, std::vector<size_t>& cur) {
            if (cur.size() == size_t(wd)) {
                combos.push_back(cur);
                return;
            }
            for (size_t i = start; i < full; ++i) {
                cur.push_back(i);
                rec(i + 1, cur);
                cur.pop_back();
            }
        };
        std::vector<size_t> cur;
        rec(0, cur);
        for (size_t id = 0; id < combos.size(); ++id) {
            std::string cname = name.name() + "_";
            for (size_t k = 0; k < combos[id].size(); ++k) cname += (k ? "_" : "") + std::to_string(combos[id][k]);
            cname += "_cs" + std::to_string(id);
            std::vector<WinVar> c;
            for (size_t i = 0; i < full; ++i) {
                WinVar w;
                if (std::find(combos[id].begin(), combos[id].end(), i) != combos[id].end()) {
                    w.pt = true;
                    w.a = Sym(cname + "_pt" + std::to_string(i));
                } else {
                    w.a = Sym(cname + "_lo" + std::to_string(i));
                    w.b = Sym(cname + "_hi" + std::to_string(i));
                }
                c.push_back(w);
            }
            cases.push_back(std::move(c));
        }
    }
};

std::string py_class(const Stmt& s) {
    static const char* names[] = {"Assign", "Reduce", "WriteConfig", "Pass", "If", "For", "Alloc", "Free", "Call", "WindowStmt"};
    return std::string("<class 'exo.core.LoopIR.") + names[size_t(s.kind)] + "'>";
}
std::string py_class(const Expr& e) {
    static const char* names[] = {"Read", "Const", "USub", "BinOp", "Extern", "WindowExpr", "StrideExpr", "ReadConfig"};
    return std::string("<class 'exo.core.LoopIR.") + names[size_t(e.kind)] + "'>";
}

bool is_bool_t(const Type& t) { return t.kind == TypeKind::Bool; }
bool is_stride_t(const Type& t) { return t.kind == TypeKind::Stride; }
bool is_int_t(const TypePtr& t) { return t && t->kind == TypeKind::Int; }

// ----------------------------------------------------------- free variables

void expr_syms(const Expr& e, const std::function<void(const Sym&)>& f);
void waccess_syms(const WAccess& w, const std::function<void(const Sym&)>& f) {
    if (auto p = w.as<Point>()) expr_syms(*p->pt, f);
    else if (auto i = w.as<Interval>()) {
        expr_syms(*i->lo, f);
        expr_syms(*i->hi, f);
    }
}
void expr_syms(const Expr& e, const std::function<void(const Sym&)>& f) {
    if (auto r = e.as<Read>()) {
        f(r->name);
        for (auto& i : r->idx) expr_syms(*i, f);
    } else if (auto u = e.as<USub>()) expr_syms(*u->arg, f);
    else if (auto b = e.as<BinOp>()) {
        expr_syms(*b->lhs, f);
        expr_syms(*b->rhs, f);
    } else if (auto x = e.as<Extern>()) {
        for (auto& a : x->args) expr_syms(*a, f);
    } else if (auto w = e.as<WindowExpr>()) {
        f(w->name);
        for (auto& a : w->idx) waccess_syms(*a, f);
    } else if (auto s = e.as<StrideExpr>()) f(s->name);
}
void stmts_syms(const StmtList& ss, const std::function<void(const Sym&)>& f) {
    for (auto& s : ss) {
        if (auto a = s->as<Assign>()) {
            f(a->name);
            for (auto& i : a->idx) expr_syms(*i, f);
            expr_syms(*a->rhs, f);
        } else if (auto r = s->as<Reduce>()) {
            f(r->name);
            for (auto& i : r->idx) expr_syms(*i, f);
            expr_syms(*r->rhs, f);
        } else if (auto w = s->as<WriteConfig>()) expr_syms(*w->rhs, f);
        else if (auto i = s->as<If>()) {
            expr_syms(*i->cond, f);
            stmts_syms(i->body, f);
            stmts_syms(i->orelse, f);
        } else if (auto l = s->as<For>()) {
            expr_syms(*l->lo, f);
            expr_syms(*l->hi, f);
            stmts_syms(l->body, f);
        } else if (auto al = s->as<Alloc>()) {
            for (auto& d : al->type->shape()) expr_syms(*d, f);
        } else if (auto c = s->as<Call>()) {
            for (auto& a : c->args) expr_syms(*a, f);
        } else if (auto ws = s->as<WindowStmt>()) expr_syms(*ws->rhs, f);
    }
}

// Whether an index expression of `ss` divides or takes a remainder: the block's only
// expressions the unifier's setup can refuse (find_mod_div).
bool has_index_div_mod(const StmtList& ss) {
    struct Finder : IRVisitor {
        bool found = false;
        void visit(const BinOp& e) override {
            if ((e.op == BinOpKind::Div || e.op == BinOpKind::Mod) && e.type->is_indexable()) found = true;
            IRVisitor::visit(e);
        }
    } f;
    f.visit_stmts(ss);
    return f.found;
}

std::string kind_mismatch(const Stmt& ps, const Stmt& bs) {
    return "cannot unify a " + py_class(ps) + " statement (@" + ps.srcinfo.str() + ") with a " + py_class(bs) +
           " statement (@" + bs.srcinfo.str() + ")";
}

// The types of the variables live at block `b` (arguments, enclosing loop iterators,
// allocations and windows before it).
std::unordered_map<Sym, TypePtr> live_types(const Proc& p, const BlockLoc& b) {
    std::unordered_map<Sym, TypePtr> live;
    for (auto& a : p.args) live[a.name] = a.type;
    auto scan = [&](const StmtList& l, size_t upto) {
        for (size_t i = 0; i < upto && i < l.size(); ++i) {
            if (auto al = l[i]->as<Alloc>()) live[al->name] = al->type;
            else if (auto w = l[i]->as<WindowStmt>()) live[w->name] = w->rhs->type;
        }
    };
    for (size_t i = 0; i < b.parent.size(); ++i) {
        const StmtList* l = stmt_list_at(p, Path(b.parent.begin(), b.parent.begin() + long(i)), b.parent[i].field);
        if (!l) break;
        size_t k = size_t(b.parent[i].index);
        scan(*l, k);
        if (k < l->size())
            if (auto f = (*l)[k]->as<For>()) live[f->iter] = T::index();
    }
    if (const StmtList* l = stmt_list_at(p, b.parent, b.field)) scan(*l, b.lo);
    return live;
}

// ----------------------------------------------------------- the unifier

class Unifier {
public:
    Unifier(const Proc& p, const BlockLoc& b, const Proc& sub) : block_() {
        const StmtList* l = stmt_list_at(p, b.parent, b.field);
        size_t n = sub.body.size();
        for (size_t i = b.lo; i < b.lo + n && i < l->size(); ++i) block_.push_back((*l)[i]);
        live_ = live_types(p, b);

        for (auto& a : sub.args) {
            if (a.type->is_indexable()) index_holes_.push_back(a.name);
            else if (a.type->is_numeric()) {
                BufVar v;
                v.name = a.name;
                v.typ = a.type;
                v.n_dim = a.type->shape().size();
                v.use_win = a.type->is_win();
                buf_index_[a.name] = bufs_.size();
                bufs_.push_back(v);
                buf_holes_.push_back(a.name);
            } else if (is_bool_t(*a.type)) bool_holes_[a.name] = nullptr;
            else if (is_stride_t(*a.type)) stride_holes_[a.name] = nullptr;
        }

        // free variables of the block, expanded through the types they depend on
        std::unordered_set<Sym> bound;
        for (auto& s : binders(block_)) bound.insert(s);
        std::vector<Sym> fv;
        std::unordered_set<Sym> seen;
        stmts_syms(block_, [&](const Sym& x) {
            if (!bound.count(x) && seen.insert(x).second) fv.push_back(x);
        });
        for (auto& x : fv) add_fv(x);
        for (auto& x : fv_order_)
            if (fv_[x]->is_numeric()) bbuf_types_[x] = fv_[x];

        // The structural walk refuses by returning false: most attempts ExoBLAS makes fail
        // there, and unwinding an exception through its recursion cost more than the walk.
        if (!find_mod_div(block_) || !unify_stmts(sub.body, block_)) return;

        for (auto& nm : buf_holes_)
            if (!bufs_[buf_index_[nm]].solution)
                fail("Cannot perform unification due to an un-unused argument: " + nm.name());

        solve_all();

        SrcInfo si = block_.empty() ? sub.srcinfo : block_[0]->srcinfo;
        for (auto& a : sub.args) {
            if (a.type->is_indexable()) args_.push_back(from_lin(solution_[a.name], si));
            else if (is_bool_t(*a.type)) {
                ExprPtr e = bool_holes_[a.name];
                args_.push_back(e ? e : ExprPtr(Const::of_bool(false, si)));
            } else if (is_stride_t(*a.type)) {
                ExprPtr e = stride_holes_[a.name];
                if (!e) fail("stride argument " + a.name.name() + " unused");
                args_.push_back(e);
            } else {
                args_.push_back(buf_solution(bufs_[buf_index_[a.name]], si));
            }
        }
    }

    ExprList args_;
    std::optional<std::string> refusal_;  // why the structural walk refused (args_ is empty)

private:
    bool refuse(std::string why) {
        refusal_ = std::move(why);
        return false;
    }

    StmtList block_;
    std::unordered_map<Sym, TypePtr> live_;
    std::unordered_map<Sym, TypePtr> fv_;
    std::vector<Sym> fv_order_;
    std::unordered_map<Sym, TypePtr> bbuf_types_;
    std::vector<Sym> index_holes_;
    std::vector<BufVar> bufs_;
    std::unordered_map<Sym, size_t> buf_index_;
    std::vector<Sym> buf_holes_;
    std::unordered_map<Sym, ExprPtr> bool_holes_, stride_holes_;
    std::unordered_map<const Expr*, Sym> node_syms_;
    std::vector<std::pair<Sym, ExprPtr>> sym_nodes_;
    std::map<std::string, Sym> tuple_to_sym_;
    std::unordered_map<Sym, Sym> idx_subst_;
    std::vector<Lin> eqs_;
    struct CaseGroup {
        size_t buf;
        std::vector<std::vector<Lin>> alts;
    };
    std::vector<CaseGroup> case_groups_;
    std::map<Sym, Lin> solution_;
    std::unordered_map<size_t, size_t> chosen_case_;

    void add_fv(const Sym& x) {
        if (fv_.count(x)) return;
        auto it = live_.find(x);
        if (it == live_.end()) return;  // not a variable (cannot happen after typechecking)
        fv_[x] = it->second;
        fv_order_.push_back(x);
        const Type& t = *it->second;
        std::function<void(const Expr&)> ex = [&](const Expr& e) {
            if (auto r = e.as<Read>()) add_fv(r->name);
            else if (auto u = e.as<USub>()) ex(*u->arg);
            else if (auto b = e.as<BinOp>()) {
                ex(*b->lhs);
                ex(*b->rhs);
            }
        };
        if (auto tt = t.as<TensorType>()) {
            for (auto& e : tt->hi) ex(*e);
        } else if (auto wt = t.as<WindowType>()) {
            for (auto& w : wt->idx) {
                if (auto p = w->as<Point>()) ex(*p->pt);
                else if (auto i = w->as<Interval>()) {
                    ex(*i->lo);
                    ex(*i->hi);
                }
            }
            add_fv(wt->src_buf);
        }
    }

    // ---- `/` and `%` sites of the block become opaque variables

    std::optional<std::string> tupleify(const Expr& e) {
        if (auto r = e.as<Read>()) {
            if (!fv_.count(r->name)) {
                refuse(e.srcinfo.str() + ": Found bound variable '" + r->name.name() + "' inside of mod or div operation");
                return std::nullopt;
            }
            return "v" + std::to_string(r->name.id());
        }
        if (auto c = e.as<Const>()) return "c" + const_str(c->val);
        if (auto u = e.as<USub>()) {
            auto a = tupleify(*u->arg);
            if (!a) return std::nullopt;
            return "(-" + *a + ")";
        }
        if (auto b = e.as<BinOp>()) {
            auto l = tupleify(*b->lhs);
            if (!l) return std::nullopt;
            auto r = tupleify(*b->rhs);
            if (!r) return std::nullopt;
            return std::string("(") + binop_str(b->op) + " " + *l + " " + *r + ")";
        }
        refuse(e.srcinfo.str() + ": cannot handle this expression inside of mod or div operation");
        return std::nullopt;
    }

    [[nodiscard]] bool find_mod_div_e(const ExprPtr& e) {
        if (auto b = e->as<BinOp>(); b && (b->op == BinOpKind::Div || b->op == BinOpKind::Mod) && e->type->is_indexable()) {
            std::optional<std::string> key = tupleify(*e);
            if (!key) return false;
            Sym s;
            if (auto it = tuple_to_sym_.find(*key); it != tuple_to_sym_.end()) s = it->second;
            else {
                std::string nm = print_expr(*e);
                for (char& ch : nm)
                    if (!isalnum((unsigned char)ch) && ch != '_') ch = '_';
                s = Sym(std::string(b->op == BinOpKind::Mod ? "mod" : "div") + "_" + std::to_string(tuple_to_sym_.size()) + "_" + nm);
                tuple_to_sym_[*key] = s;
                sym_nodes_.push_back({s, e});
            }
            node_syms_[e.get()] = s;
            return true;
        }
        auto all = [&](const ExprList& es) {
            for (auto& x : es)
                if (!find_mod_div_e(x)) return false;
            return true;
        };
        if (auto r = e->as<Read>()) return all(r->idx);
        if (auto u = e->as<USub>()) return find_mod_div_e(u->arg);
        if (auto b = e->as<BinOp>()) return find_mod_div_e(b->lhs) && find_mod_div_e(b->rhs);
        if (auto x = e->as<Extern>()) return all(x->args);
        if (auto w = e->as<WindowExpr>()) {
            for (auto& a : w->idx) {
                if (auto p = a->as<Point>()) {
                    if (!find_mod_div_e(p->pt)) return false;
                } else if (auto i = a->as<Interval>()) {
                    if (!find_mod_div_e(i->lo) || !find_mod_div_e(i->hi)) return false;
                }
            }
        }
        return true;
    }
    [[nodiscard]] bool find_mod_div(const StmtList& ss) {
        for (auto& s : ss) {
            bool ok = true;
            if (auto a = s->as<Assign>()) {
                for (auto& i : a->idx) ok = ok && find_mod_div_e(i);
                ok = ok && find_mod_div_e(a->rhs);
            } else if (auto r = s->as<Reduce>()) {
                for (auto& i : r->idx) ok = ok && find_mod_div_e(i);
                ok = ok && find_mod_div_e(r->rhs);
            } else if (auto w = s->as<WriteConfig>()) ok = find_mod_div_e(w->rhs);
            else if (auto i = s->as<If>()) {
                ok = find_mod_div_e(i->cond) && find_mod_div(i->body) && find_mod_div(i->orelse);
            } else if (auto l = s->as<For>()) {
                ok = find_mod_div_e(l->lo) && find_mod_div_e(l->hi) && find_mod_div(l->body);
            } else if (auto c = s->as<Call>()) {
                for (auto& a : c->args) ok = ok && find_mod_div_e(a);
            } else if (auto ws = s->as<WindowStmt>()) ok = find_mod_div_e(ws->rhs);
            if (!ok) return false;
        }
        return true;
    }

    // ---- affine expressions

    Lin to_lin(const Expr& e, bool in_sub) {
        if (auto r = e.as<Read>()) {
            auto it = idx_subst_.find(r->name);
            return Lin::var(it != idx_subst_.end() ? it->second : r->name);
        }
        if (auto c = e.as<Const>()) return Lin::cst(c->val.is_int() ? c->val.as_int() : 0);
        if (auto u = e.as<USub>()) return to_lin(*u->arg, in_sub).scaled(-1);
        if (auto b = e.as<BinOp>()) {
            switch (b->op) {
                case BinOpKind::Add: return to_lin(*b->lhs, in_sub).add(to_lin(*b->rhs, in_sub));
                case BinOpKind::Sub: return to_lin(*b->lhs, in_sub).add(to_lin(*b->rhs, in_sub), -1);
                case BinOpKind::Mul: {
                    int64_t k;
                    if (is_const(b->lhs, &k)) return to_lin(*b->rhs, in_sub).scaled(k);
                    if (is_const(b->rhs, &k)) return to_lin(*b->lhs, in_sub).scaled(k);
                    fail("cannot unify a non-affine multiplication " + print_expr(e));
                }
                case BinOpKind::Div:
                case BinOpKind::Mod: {
                    if (in_sub)
                        fail("unification with sub-procedures making use of '%' or '/' operations is not currently supported");
                    auto it = node_syms_.find(&e);
                    if (it == node_syms_.end()) fail(e.srcinfo.str() + ": cannot handle this '" + binop_str(b->op) + "' operation");
                    return Lin::var(it->second);
                }
                default: break;
            }
        }
        fail("unexpected affine expression case: " + print_expr(e));
    }

    void unify_affine(const Expr& pe, const Expr& be) { eqs_.push_back(diff(to_lin(pe, true), to_lin(be, false))); }

    ExprPtr from_lin(const Lin& l, const SrcInfo& si) {
        ExprPtr e;
        auto add = [&](ExprPtr lhs, ExprPtr rhs) -> ExprPtr {
            TypePtr t;
            if (is_int_t(rhs->type)) t = lhs->type;
            else if (is_int_t(lhs->type)) t = rhs->type;
            else if (rhs->type->kind == TypeKind::Size) t = lhs->type;
            else t = rhs->type;
            return ir::make<BinOp>(BinOpKind::Add, lhs, rhs, t, si);
        };
        auto var = [&](const Sym& x) -> ExprPtr {
            for (auto& [s, n] : sym_nodes_)
                if (s == x) return n;
            return ir::make<Read>(x, ExprList{}, fv_.at(x), si);
        };
        for (auto& k : knowns_) {
            auto it = l.terms.find(k);
            if (it == l.terms.end() || it->second == 0) continue;
            ExprPtr t = var(k);
            if (it->second != 1) t = ir::make<BinOp>(BinOpKind::Mul, Const::of_int(it->second, T::int_(), si), t, t->type, si);
            e = e ? add(e, t) : t;
        }
        ExprPtr off = Const::of_int(l.c, T::int_(), si);
        return e ? add(e, off) : off;
    }

    // ---- statements

    [[nodiscard]] bool unify_stmts(const StmtList& ps, const StmtList& bs) {
        if (ps.size() != bs.size()) {
            std::string ploc = ps.empty() ? "" : " (@" + ps[0]->srcinfo.str() + ")";
            std::string bloc = bs.empty() ? "" : " (@" + bs[0]->srcinfo.str() + ")";
            return refuse("cannot unify " + std::to_string(ps.size()) + " statement(s)" + ploc + " with " + std::to_string(bs.size()) +
                 " statement(s)" + bloc);
        }
        for (size_t i = 0; i < ps.size(); ++i)
            if (!unify_stmt(*ps[i], *bs[i])) return false;
        return true;
    }

    [[nodiscard]] bool unify_stmt(const Stmt& ps, const Stmt& bs) {
        if (ps.kind != bs.kind) return refuse(kind_mismatch(ps, bs));
        if (auto pa = ps.as<Assign>()) {
            auto ba = bs.as<Assign>();
            if (!unify_e(*pa->rhs, *ba->rhs)) return false;
            unify_accesses(pa->name, pa->idx, *pa->type, false, ps.srcinfo, ba->name, ba->idx, *ba->type, false, bs.srcinfo);
        } else if (auto pr = ps.as<Reduce>()) {
            auto br = bs.as<Reduce>();
            if (!unify_e(*pr->rhs, *br->rhs)) return false;
            unify_accesses(pr->name, pr->idx, *pr->type, false, ps.srcinfo, br->name, br->idx, *br->type, false, bs.srcinfo);
        } else if (auto pw = ps.as<WriteConfig>()) {
            auto bw = bs.as<WriteConfig>();
            if (!(pw->config == bw->config) || pw->field != bw->field)
                return refuse("cannot unify Writeconfig '" + pw->config.name + "." + pw->field + "' with Writeconfig '" + bw->config.name +
                     "." + bw->field + "'");
            if (!unify_e(*pw->rhs, *bw->rhs)) return false;
        } else if (ps.is<Pass>()) {
        } else if (auto pi = ps.as<If>()) {
            auto bi = bs.as<If>();
            if (!unify_e(*pi->cond, *bi->cond)) return false;
            if (!unify_stmts(pi->body, bi->body)) return false;
            if (!unify_stmts(pi->orelse, bi->orelse)) return false;
        } else if (auto pf = ps.as<For>()) {
            auto bf = bs.as<For>();
            idx_subst_[pf->iter] = bf->iter;
            if (!unify_e(*pf->lo, *bf->lo)) return false;
            if (!unify_e(*pf->hi, *bf->hi)) return false;
            if (!unify_stmts(pf->body, bf->body)) return false;
        } else if (auto pal = ps.as<Alloc>()) {
            auto bal = bs.as<Alloc>();
            BufVar v;
            v.name = pal->name;
            v.typ = pal->type;
            v.n_dim = pal->type->shape().size();
            v.use_win = false;
            v.solution = bal->name;
            buf_index_[pal->name] = bufs_.size();
            bufs_.push_back(v);
            bbuf_types_[bal->name] = bal->type;
            unify_types(*pal->type, *bal->type, ps.srcinfo, bs.srcinfo);
        } else if (auto pc = ps.as<Call>()) {
            auto bc = bs.as<Call>();
            if (pc->f != bc->f && !(*pc->f == *bc->f))
                return refuse("cannot unify a call to '" + pc->f->name + "' (@" + ps.srcinfo.str() + ") with a call to " + bc->f->name +
                     " (@" + bs.srcinfo.str() + ")");
            for (size_t i = 0; i < pc->args.size() && i < bc->args.size(); ++i)
                if (!unify_e(*pc->args[i], *bc->args[i])) return false;
        } else if (auto pws = ps.as<WindowStmt>()) {
            auto bws = bs.as<WindowStmt>();
            if (!unify_e(*pws->rhs, *bws->rhs)) return false;
            BufVar v;
            v.name = pws->name;
            auto wt = pws->rhs->type->as<WindowType>();
            v.typ = wt ? wt->as_tensor : pws->rhs->type;
            v.n_dim = v.typ->shape().size();
            v.use_win = false;
            v.solution = bws->name;
            buf_index_[pws->name] = bufs_.size();
            bufs_.push_back(v);
            auto bwt = bws->rhs->type->as<WindowType>();
            bbuf_types_[bws->name] = bwt ? bwt->as_tensor : bws->rhs->type;
        }
        return true;
    }

    BufVar& pvar_of(const Sym& pbuf) {
        auto it = buf_index_.find(pbuf);
        if (it == buf_index_.end())
            fail("cannot unify the buffer '" + pbuf.name() + "', which is not an argument or allocation of the sub-procedure");
        return bufs_[it->second];
    }

    void unify_buf_name_no_win(const Sym& pname, const Sym& bname) {
        BufVar& v = pvar_of(pname);
        if (v.use_win)
            fail("Cannot unify the windowed buffer '" + pname.name() + "' with the buffer '" + bname.name() + "' because '" +
                 bname.name() + "' is used in a position where windowing is not currently supported");
        if (v.solution && !(v.solution == bname))
            fail("The buffer " + pname.name() + " cannot be unified to both the buffer " + v.solution.name() + ", and the buffer " +
                 bname.name());
        v.solution = bname;
    }

    TypePtr btype_of(const Sym& b) {
        auto it = bbuf_types_.find(b);
        if (it != bbuf_types_.end()) return it->second;
        auto lt = live_.find(b);
        if (lt != live_.end()) return lt->second;
        fail("unknown buffer '" + b.name() + "'");
    }

    void unify_accesses(const Sym& pbuf, const ExprList& pidx, const Type& ptype, bool p_read, const SrcInfo& psi,
                        const Sym& bbuf, const ExprList& bidx, const Type& btype, bool b_read, const SrcInfo& bsi) {
        BufVar& pv = pvar_of(pbuf);
        size_t pv_i = buf_index_[pbuf];
        long gap = long(bidx.size()) - long(pidx.size());
        if (gap < 0)
            fail("the access to '" + pbuf.name() + "' (@" + psi.str() + ") has too many indices (" + std::to_string(pidx.size()) +
                 ", compared to " + std::to_string(bidx.size()) + ") to unify with the access to '" + bbuf.name() + "' (@" +
                 bsi.str() + ")");
        if (b_read && !btype.shape().empty()) {
            if (ptype.shape().empty())
                fail("Could not unify buffer '" + pbuf.name() + "' (@" + psi.str() + ") with buffer '" + bbuf.name() + "' (@" +
                     bsi.str() + ")");
            unify_types(ptype, btype, psi, bsi);
            unify_buf_name_no_win(pbuf, bbuf);
            return;
        } else if (p_read && !ptype.shape().empty()) {
            fail("Unification of the simple call argument '" + pbuf.name() + "' (@" + psi.str() +
                 ") with a non-simple call argument '" + bbuf.name() + "' (@" + bsi.str() + ") is currently unsupported");
        }
        if (!pv.use_win) {
            if (gap == 0) {
                for (size_t i = 0; i < pidx.size(); ++i) unify_affine(*pidx[i], *bidx[i]);
                unify_types(*bufs_[pv_i].typ, *btype_of(bbuf), psi, bsi);
                unify_buf_name_no_win(pbuf, bbuf);
            } else {
                fail("cannot unify the access to '" + pbuf.name() + "' (@" + psi.str() + ") using " + std::to_string(pidx.size()) +
                     " indices with the access to '" + bbuf.name() + "' (@" + bsi.str() + ") using " +
                     std::to_string(bidx.size()) + " indices.");
            }
            return;
        }
        if (pv.win_dim >= 0 && pv.win_dim != gap)
            fail("cannot unify '" + pbuf.name() + "' (@" + psi.str() + ") with '" + bbuf.name() + "' (@" + bsi.str() +
                 ") because '" + pbuf.name() + "' is already being windowed down from a " +
                 std::to_string(pv.n_dim + size_t(pv.win_dim)) + " dimension tensor, but is required to be windowed down from a " +
                 std::to_string(bidx.size()) + " dimension tensor here");
        if (pv.win_dim < 0) {
            pv.solution = bbuf;
            pv.set_window_dim(int(gap));
            // window sizes equal the argument's shape, in every case
            const ExprList& shape = pv.typ->shape();
            for (auto& c : pv.cases) {
                size_t k = 0;
                for (auto& w : c) {
                    if (w.pt) continue;
                    Lin d = diff(Lin::var(w.b), Lin::var(w.a));
                    eqs_.push_back(diff(d, to_lin(*shape[k++], true)));
                }
            }
        }
        CaseGroup g{pv_i, {}};
        for (auto& c : bufs_[pv_i].cases) {
            std::vector<Lin> conj;
            size_t pk = 0;
            for (size_t i = 0; i < bidx.size(); ++i) {
                Lin be = to_lin(*bidx[i], false);
                Lin pe = c[i].pt ? Lin::var(c[i].a) : Lin::var(c[i].a).add(to_lin(*pidx[pk++], true));
                conj.push_back(diff(pe, be));
            }
            g.alts.push_back(std::move(conj));
        }
        case_groups_.push_back(std::move(g));
    }

    void unify_types(const Type& pt, const Type& bt, const SrcInfo& psi, const SrcInfo& bsi) {
        if (pt.is_real_scalar() && bt.is_real_scalar()) return;
        if (pt.is_indexable() && bt.is_indexable()) return;
        if (is_bool_t(pt) && is_bool_t(bt)) return;
        if (pt.is_tensor_or_window() && bt.is_tensor_or_window()) {
            const ExprList &ps = pt.shape(), &bs = bt.shape();
            if (ps.size() != bs.size())
                fail("cannot unify a tensor-type of " + std::to_string(ps.size()) + " dimensions (@" + psi.str() +
                     ") with a tensor-type of " + std::to_string(bs.size()) + " dimensions (@" + bsi.str() + ")");
            for (size_t i = 0; i < ps.size(); ++i) unify_affine(*ps[i], *bs[i]);
            return;
        }
        fail("cannot unify type " + print_type(pt) + " (@" + psi.str() + ") with type " + print_type(bt) + " (@" + bsi.str() + ")");
    }

    bool all_bound(const Expr& e) {
        if (auto r = e.as<Read>()) {
            if (!fv_.count(r->name)) return false;
            for (auto& i : r->idx)
                if (!all_bound(*i)) return false;
            return true;
        }
        if (e.is<Const>()) return true;
        if (auto u = e.as<USub>()) return all_bound(*u->arg);
        if (auto b = e.as<BinOp>()) return all_bound(*b->lhs) && all_bound(*b->rhs);
        if (auto x = e.as<Extern>()) {
            for (auto& a : x->args)
                if (!all_bound(*a)) return false;
            return true;
        }
        return true;
    }

    static ExprPtr cmp_to_diff(const BinOp& e) {
        SrcInfo si = null_srcinfo();
        auto sub = [&](ExprPtr a, ExprPtr b) -> ExprPtr { return ir::make<BinOp>(BinOpKind::Sub, a, b, T::index(), si); };
        auto add1 = [&](ExprPtr a) -> ExprPtr {
            return ir::make<BinOp>(BinOpKind::Add, a, Const::of_int(1, T::int_(), si), T::index(), si);
        };
        switch (e.op) {
            case BinOpKind::Lt:
            case BinOpKind::Eq: return sub(e.rhs, e.lhs);
            case BinOpKind::Le: return add1(sub(e.rhs, e.lhs));
            case BinOpKind::Gt: return sub(e.lhs, e.rhs);
            default: return add1(sub(e.lhs, e.rhs));
        }
    }

    static bool is_cmp(BinOpKind k) {
        return k == BinOpKind::Lt || k == BinOpKind::Gt || k == BinOpKind::Le || k == BinOpKind::Ge || k == BinOpKind::Eq;
    }

    [[nodiscard]] bool unify_e(const Expr& pe, const Expr& be) {
        if (pe.type->is_indexable() != be.type->is_indexable() || is_bool_t(*pe.type) != is_bool_t(*be.type))
            return refuse("expected expressions to have similar types:\n  " + print_expr(pe) + ": " + print_type(*pe.type) + " [" +
                 pe.srcinfo.str() + "]\n  " + print_expr(be) + ": " + print_type(*be.type) + " [" + be.srcinfo.str() + "]");
        if (pe.type->is_indexable()) {
            unify_affine(pe, be);
            return true;
        }
        if (auto r = pe.as<Read>(); r && is_bool_t(*pe.type) && bool_holes_.count(r->name)) {
            if (!all_bound(be))
                return refuse("Cannot unify expression " + print_expr(be) + " (@" + be.srcinfo.str() + ") with the boolean argument " +
                     r->name.name() + " because it contains variables that are not free in the code being replaced");
            ExprPtr& look = bool_holes_[r->name];
            if (!look) look = share(be);
            else if (!expr_equal(*look, be))
                return refuse("Cannot unify the boolean argument " + r->name.name() + " with two seemingly inequivalent expressions " +
                     print_expr(be) + " (@" + be.srcinfo.str() + ") and " + print_expr(*look) + " (@" + look->srcinfo.str() + ")");
            return true;
        }
        if (auto r = pe.as<Read>(); r && is_stride_t(*pe.type) && stride_holes_.count(r->name)) {
            ExprPtr& look = stride_holes_[r->name];
            if (!look) look = share(be);
            return true;
        }
        if (pe.kind != be.kind)
            return refuse("cannot unify a " + py_class(pe) + " expression (@" + pe.srcinfo.str() + ") with a " + py_class(be) +
                 " expression (@" + be.srcinfo.str() + ")");
        if (auto pr = pe.as<Read>()) {
            auto br = be.as<Read>();
            unify_accesses(pr->name, pr->idx, *pe.type, true, pe.srcinfo, br->name, br->idx, *be.type, true, be.srcinfo);
        } else if (auto pc = pe.as<Const>()) {
            auto bc = be.as<Const>();
            if (!const_value_equal(pc->val, bc->val))
                return refuse("cannot unify " + const_str(pc->val) + " (@" + pe.srcinfo.str() + ") with " + const_str(bc->val) + " (@" +
                     be.srcinfo.str() + ")");
        } else if (auto pu = pe.as<USub>()) {
            if (!unify_e(*pu->arg, *be.as<USub>()->arg)) return false;
        } else if (auto pb = pe.as<BinOp>()) {
            auto bb = be.as<BinOp>();
            if (is_cmp(pb->op) && pb->lhs->type->is_indexable() && pb->rhs->type->is_indexable() &&
                bb->lhs->type->is_indexable() && bb->rhs->type->is_indexable()) {
                bool pineq = pb->op != BinOpKind::Eq, bineq = is_cmp(bb->op) && bb->op != BinOpKind::Eq;
                if (pb->op == bb->op || (pineq && bineq)) {
                    return unify_e(*cmp_to_diff(*pb), *cmp_to_diff(*bb));
                }
            }
            if (pb->op != bb->op)
                return refuse(std::string("cannot unify a '") + binop_str(pb->op) + "' (@" + pe.srcinfo.str() + ") with a '" +
                     binop_str(bb->op) + "'' (@" + be.srcinfo.str() + ")");
            if (!unify_e(*pb->lhs, *bb->lhs)) return false;
            if (!unify_e(*pb->rhs, *bb->rhs)) return false;
        } else if (auto px = pe.as<Extern>()) {
            auto bx = be.as<Extern>();
            if (!(px->f == bx->f))
                return refuse("cannot unify builtin '" + px->f.name + "' (@" + pe.srcinfo.str() + ") with builtin '" + bx->f.name +
                     "'' (@" + be.srcinfo.str() + ")");
            for (size_t i = 0; i < px->args.size() && i < bx->args.size(); ++i)
                if (!unify_e(*px->args[i], *bx->args[i])) return false;
        } else if (auto pcfg = pe.as<ReadConfig>()) {
            auto bcfg = be.as<ReadConfig>();
            if (!(pcfg->config == bcfg->config) || pcfg->field != bcfg->field)
                return refuse("cannot unify readconfig '" + pcfg->config.name + "." + pcfg->field + "' with readconfig '" +
                     bcfg->config.name + "." + bcfg->field + "'");
        } else if (auto pw = pe.as<WindowExpr>()) {
            auto bw = be.as<WindowExpr>();
            BufVar& pv = pvar_of(pw->name);
            TypePtr ptyp = pv.typ;
            unify_buf_name_no_win(pw->name, bw->name);
            unify_types(*ptyp, *btype_of(bw->name), pe.srcinfo, be.srcinfo);
            if (pw->idx.size() != bw->idx.size())
                return refuse("cannot unify the windowing of " + pw->name.name() + " (@" + pe.srcinfo.str() + ") using " +
                     std::to_string(pw->idx.size()) + " indices with the windowing of " + bw->name.name() + " (@" +
                     be.srcinfo.str() + ") using " + std::to_string(bw->idx.size()));
            for (size_t i = 0; i < pw->idx.size(); ++i) {
                const WAccess &a = *pw->idx[i], &b = *bw->idx[i];
                if (a.kind != b.kind)
                    return refuse("cannot unify the windowing of " + pw->name.name() + " (@" + pe.srcinfo.str() +
                         ") with the windowing of " + bw->name.name() + " (@" + be.srcinfo.str() +
                         ") because one evaluates to a point at index " + std::to_string(i) + ", while the other evaluates to an interval");
                if (auto pp = a.as<Point>()) unify_affine(*pp->pt, *b.as<Point>()->pt);
                else {
                    unify_affine(*a.as<Interval>()->lo, *b.as<Interval>()->lo);
                    unify_affine(*a.as<Interval>()->hi, *b.as<Interval>()->hi);
                }
            }
        } else if (pe.is<StrideExpr>()) {
            if (!expr_equal(pe, be)) return refuse("cannot unify " + print_expr(pe) + " with " + print_expr(be));
        }
        return true;
    }

    // Expressions are stored by pointer; the block's nodes are shared already, so
    // rebuild a shared pointer by structural copy when needed.
    ExprPtr share(const Expr& e) {
        ExprPtr found;
        std::function<void(const ExprPtr&)> look = [&](const ExprPtr& x) {
            if (found || !x) return;
            if (x.get() == &e) {
                found = x;
                return;
            }
            if (auto r = x->as<Read>()) for (auto& i : r->idx) look(i);
            else if (auto u = x->as<USub>()) look(u->arg);
            else if (auto b = x->as<BinOp>()) {
                look(b->lhs);
                look(b->rhs);
            } else if (auto ex = x->as<Extern>()) for (auto& a : ex->args) look(a);
        };
        std::function<void(const StmtList&)> walk = [&](const StmtList& ss) {
            for (auto& s : ss) {
                if (found) return;
                if (auto a = s->as<Assign>()) {
                    for (auto& i : a->idx) look(i);
                    look(a->rhs);
                } else if (auto r = s->as<Reduce>()) {
                    for (auto& i : r->idx) look(i);
                    look(r->rhs);
                } else if (auto w = s->as<WriteConfig>()) look(w->rhs);
                else if (auto i = s->as<If>()) {
                    look(i->cond);
                    walk(i->body);
                    walk(i->orelse);
                } else if (auto l = s->as<For>()) {
                    look(l->lo);
                    look(l->hi);
                    walk(l->body);
                } else if (auto c = s->as<Call>()) for (auto& a : c->args) look(a);
                else if (auto ws = s->as<WindowStmt>()) look(ws->rhs);
            }
        };
        walk(block_);
        if (!found) fail("internal error: expression not found in the block");
        return found;
    }

    // ---- solving

    std::vector<Sym> knowns_;

    bool solve_system(const std::vector<const Lin*>& eqs, const std::vector<Sym>& holes, std::map<Sym, Lin>& out) {
        std::unordered_map<Sym, size_t> hi, ki;
        for (size_t i = 0; i < holes.size(); ++i) hi[holes[i]] = i;
        for (size_t i = 0; i < knowns_.size(); ++i) ki[knowns_[i]] = i;
        size_t H = holes.size(), K = knowns_.size() + 1, W = H + K;
        std::vector<std::vector<Q>> m;
        for (const Lin* l : eqs) {
            std::vector<Q> row(W);
            for (auto& [s, v] : l->terms) {
                if (auto it = hi.find(s); it != hi.end()) row[it->second] = Q(v);
                else if (auto kt = ki.find(s); kt != ki.end()) row[H + kt->second] = Q(-v);
                else return false;  // a variable that cannot be cancelled
            }
            row[H + K - 1] = Q(-l->c);
            m.push_back(std::move(row));
        }
        std::vector<long> pivot_of(H, -1);
        size_t rank = 0;
        for (size_t col = 0; col < H && rank < m.size(); ++col) {
            size_t r = rank;
            while (r < m.size() && m[r][col].zero()) ++r;
            if (r == m.size()) continue;
            std::swap(m[r], m[rank]);
            Q pv = m[rank][col];
            for (auto& x : m[rank]) x = x / pv;
            for (size_t o = 0; o < m.size(); ++o) {
                if (o == rank || m[o][col].zero()) continue;
                Q f = m[o][col];
                for (size_t j = 0; j < W; ++j) m[o][j] = m[o][j] - f * m[rank][j];
            }
            pivot_of[col] = long(rank);
            ++rank;
        }
        for (size_t r = rank; r < m.size(); ++r)
            for (size_t j = H; j < W; ++j)
                if (!m[r][j].zero()) return false;
        for (size_t h = 0; h < H; ++h) {
            Lin sol;
            if (pivot_of[h] >= 0) {
                auto& row = m[size_t(pivot_of[h])];
                for (size_t k = 0; k < K; ++k) {
                    const Q& q = row[H + k];
                    if (q.d != 1) return false;
                    if (q.zero()) continue;
                    if (k + 1 == K) sol.c = int64_t(q.n);
                    else sol.terms[knowns_[k]] = int64_t(q.n);
                }
            }
            out[holes[h]] = sol;
        }
        return true;
    }

    void solve_all() {
        for (auto& [s, n] : sym_nodes_) knowns_.push_back(s);
        for (auto& x : fv_order_)
            if (fv_[x]->is_indexable()) knowns_.push_back(x);
        // Holes solved first become pivots; those left free by an under-determined
        // system are 0. Window starts and points come last so that the freedom goes to
        // them: `rhs[lane]` against `B[l]` then gives `rhs = B[0:4], lane = l` (as
        // upstream's solver answers), not a window starting at l or before 0.
        std::vector<Sym> holes = index_holes_;
        std::vector<Sym> starts;
        std::vector<size_t> case_bufs;
        for (auto& nm : buf_holes_) {
            BufVar& v = bufs_[buf_index_[nm]];
            if (v.win_dim < 0) continue;
            case_bufs.push_back(buf_index_[nm]);
            for (auto& c : v.cases)
                for (auto& w : c) {
                    starts.push_back(w.a);
                    if (!w.pt) holes.push_back(w.b);
                }
        }
        holes.insert(holes.end(), starts.begin(), starts.end());
        std::vector<size_t> choice(case_bufs.size(), 0);
        size_t tries = 0;
        while (true) {
            std::vector<const Lin*> eqs;
            for (auto& e : eqs_) eqs.push_back(&e);
            for (auto& g : case_groups_) {
                size_t k = size_t(std::find(case_bufs.begin(), case_bufs.end(), g.buf) - case_bufs.begin());
                for (auto& e : g.alts[choice[k]]) eqs.push_back(&e);
            }
            std::map<Sym, Lin> sol;
            if (solve_system(eqs, holes, sol)) {
                solution_ = std::move(sol);
                for (size_t k = 0; k < case_bufs.size(); ++k) chosen_case_[case_bufs[k]] = choice[k];
                return;
            }
            if (++tries > 100000) break;
            size_t k = 0;
            for (; k < choice.size(); ++k) {
                if (++choice[k] < bufs_[case_bufs[k]].cases.size()) break;
                choice[k] = 0;
            }
            if (k == choice.size()) break;
        }
        fail("Unification of various index expressions failed");
    }

    ExprPtr buf_solution(const BufVar& v, const SrcInfo& si) {
        TypePtr bt = btype_of(v.solution);
        if (auto it = fv_.find(v.solution); it != fv_.end()) bt = it->second;
        if (v.win_dim < 0) return ir::make<Read>(v.solution, ExprList{}, bt, si);
        const auto& c = v.cases[chosen_case_.at(size_t(&v - bufs_.data()))];
        WAccessList idx;
        for (auto& w : c) {
            if (w.pt) idx.push_back(ir::make<Point>(from_lin(solution_[w.a], si), si));
            else idx.push_back(ir::make<Interval>(from_lin(solution_[w.a], si), from_lin(solution_[w.b], si), si));
        }
        return ir::make<WindowExpr>(v.solution, idx, create_window_type(v.solution, bt, idx), si);
    }
};

}  // namespace

Unified unify_block(const Proc& p, const BlockLoc& b, const Proc& sub) {
    try {
        Unifier u(p, b, sub);
        if (u.refusal_) return {{}, std::move(u.refusal_)};
        return {std::move(u.args_), std::nullopt};
    } catch (const UnificationFailed& e) {
        return {{}, e.what()};
    }
}

// Most attempts that fail (ExoBLAS tries every instruction on every statement) fail at
// the unifier's first step: the first statements differ in kind. That step needs none
// of the setup, and only a `/` or `%` of the block can fail before it, so without one
// the error is known here, as the unifier would raise it.
std::optional<std::string> quick_refusal(const Proc& p, const BlockLoc& b, const Proc& sub) {
    const StmtList* l = stmt_list_at(p, b.parent, b.field);
    size_t n = sub.body.size();
    if (!l || n == 0 || b.lo + n > l->size()) return std::nullopt;
    const Stmt& first = *(*l)[b.lo];
    if (sub.body[0]->kind == first.kind) return std::nullopt;
    StmtList block(l->begin() + long(b.lo), l->begin() + long(b.lo + n));
    if (has_index_div_mod(block)) return std::nullopt;
    return kind_mismatch(*sub.body[0], first);
}

}  // namespace exo::rewrite
