#include "verify_inputs.h"

#include <algorithm>
#include <map>
#include <set>

#include "../backend/recorded_host.h"
#include "../ir/printer.h"

namespace exo::driver {

using namespace ir;

namespace {

// A buffer's elements are bounded so that a case runs in milliseconds.
constexpr int64_t kMaxElements = int64_t(1) << 22;

uint64_t splitmix(uint64_t& s) {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int64_t below(uint64_t& s, int64_t n) { return int64_t(splitmix(s) % uint64_t(n)); }

struct CannotEvaluate {
    std::string why;
};

// Integer value of an assert or a shape under one case: object code's int arithmetic
// (floor division and modulo), bools as 0/1. Division by zero makes the case unusable.
class Evaluator {
public:
    Evaluator(const Proc& p, const VerifyCase& c) : c_(c) {
        for (size_t i = 0; i < p.args.size(); ++i) pos_.emplace(p.args[i].name, i);
    }
    bool divided_by_zero = false;

    int64_t eval(const Expr& e) {
        if (auto r = e.as<Read>()) {
            auto it = pos_.find(r->name);
            if (it == pos_.end() || !r->idx.empty()) throw CannotEvaluate{"it reads " + print_expr(e)};
            return c_.args[it->second].value;
        }
        if (auto k = e.as<Const>()) {
            if (!k->val.is_intlike()) throw CannotEvaluate{"it has the non-integer constant " + print_expr(e)};
            return k->val.as_int();
        }
        if (auto u = e.as<USub>()) return -eval(*u->arg);
        if (auto s = e.as<StrideExpr>()) {
            auto it = pos_.find(s->name);
            if (it == pos_.end() || size_t(s->dim) >= c_.args[it->second].strides.size())
                throw CannotEvaluate{"it reads " + print_expr(e)};
            return c_.args[it->second].strides[size_t(s->dim)];
        }
        if (auto b = e.as<BinOp>()) {
            if (b->op == BinOpKind::And) return eval(*b->lhs) && eval(*b->rhs);
            if (b->op == BinOpKind::Or) return eval(*b->lhs) || eval(*b->rhs);
            int64_t x = eval(*b->lhs), y = eval(*b->rhs);
            switch (b->op) {
                case BinOpKind::Add: return x + y;
                case BinOpKind::Sub: return x - y;
                case BinOpKind::Mul: return x * y;
                case BinOpKind::Div:
                case BinOpKind::Mod: {
                    if (y == 0) {
                        divided_by_zero = true;
                        return 0;
                    }
                    int64_t q = x / y, r = x % y;
                    if (r != 0 && ((r < 0) != (y < 0))) --q, r += y;
                    return b->op == BinOpKind::Div ? q : r;
                }
                case BinOpKind::Lt: return x < y;
                case BinOpKind::Gt: return x > y;
                case BinOpKind::Le: return x <= y;
                case BinOpKind::Ge: return x >= y;
                case BinOpKind::Eq: return x == y;
                default: break;
            }
        }
        throw CannotEvaluate{"it has " + print_expr(e)};
    }

private:
    const VerifyCase& c_;
    std::map<Sym, size_t> pos_;
};

void collect_constants(const Expr& e, std::set<int64_t>* out) {
    if (auto k = e.as<Const>(); k && k->val.is_int() && k->val.as_int() > 0) out->insert(k->val.as_int());
    if (auto u = e.as<USub>()) collect_constants(*u->arg, out);
    if (auto b = e.as<BinOp>()) {
        collect_constants(*b->lhs, out);
        collect_constants(*b->rhs, out);
    }
}

bool in_dram(const MemRef& mem) {
    if (mem.is_null()) return true;
    for (const std::string& cls : backend::memory_lineage(mem))
        if (cls.size() >= 4 && cls.compare(cls.size() - 4, 4, "DRAM") == 0) return true;
    return false;
}

// A size, biased towards the asserts' constants and their multiples and neighbours
// (asserts like `n % 8 == 0` or `m <= 6`), else small.
int64_t pick_size(uint64_t& rng, const std::vector<int64_t>& constants) {
    if (!constants.empty() && below(rng, 2) == 0) {
        int64_t c = constants[size_t(below(rng, int64_t(constants.size())))];
        switch (below(rng, 5)) {
            case 0: return c;
            case 1: return c * (1 + below(rng, 4));
            case 2: return c + 1;
            case 3: return std::max<int64_t>(1, c - 1);
            default: return 1 + below(rng, std::max<int64_t>(1, c));
        }
    }
    return below(rng, 3) == 0 ? 1 + below(rng, 70) : 1 + below(rng, 20);
}

// The case's values for the arguments themselves, then the layouts their shapes imply.
bool fill_layouts(const Proc& p, VerifyCase* c, uint64_t& rng) {
    Evaluator ev(p, *c);
    int64_t total = 0;
    for (size_t i = 0; i < p.args.size(); ++i) {
        const Type& t = *p.args[i].type;
        if (!t.is_tensor_or_window()) continue;
        ArgInput& in = c->args[i];
        in.shape.clear();
        for (const ExprPtr& hi : t.shape()) in.shape.push_back(ev.eval(*hi));
        if (ev.divided_by_zero) return false;
        size_t n = in.shape.size();
        in.strides.assign(n, 1);
        bool window = t.is_win();
        for (size_t d = n; d-- > 0;) {
            if (d + 1 == n) in.strides[d] = window && below(rng, 3) == 0 ? 2 : 1;
            else in.strides[d] = in.strides[d + 1] * std::max<int64_t>(in.shape[d + 1], 1) +
                                 (window ? std::vector<int64_t>{0, 0, 1, 3}[size_t(below(rng, 4))] : 0);
        }
        int64_t reach = 1;
        for (size_t d = 0; d < n; ++d) {
            if (in.shape[d] < 0 || in.shape[d] > kMaxElements) return false;
            reach += std::max<int64_t>(in.shape[d] - 1, 0) * in.strides[d];
        }
        in.alloc = reach;
        total += reach;
        if (total > kMaxElements) return false;
    }
    return true;
}

bool satisfies(const Proc& p, const VerifyCase& c) {
    Evaluator ev(p, c);
    for (const auto* list : {&p.preds, &p.implied_preds})
        for (const ExprPtr& pred : *list)
            if (!ev.eval(*pred) || ev.divided_by_zero) return false;
    return true;
}

bool same_inputs(const VerifyCase& a, const VerifyCase& b) {
    for (size_t i = 0; i < a.args.size(); ++i)
        if (a.args[i].value != b.args[i].value || a.args[i].strides != b.args[i].strides) return false;
    return true;
}

}  // namespace

bool is_value_arg(TypeKind k) {
    return k == TypeKind::Size || k == TypeKind::Index || k == TypeKind::Int || k == TypeKind::Bool || k == TypeKind::Stride;
}

std::string incomparable_reason(const Proc& a, const Proc& b) {
    if (a.instr || b.instr) return "it is an instruction (@instr): there is no object code to compare it with";
    if (a.args.size() != b.args.size()) return "its signature differs from its original's (partial_eval?)";
    for (size_t i = 0; i < a.args.size(); ++i) {
        const Type &x = *a.args[i].type, &y = *b.args[i].type;
        std::string arg = "argument '" + b.args[i].name.name() + "'";
        if (x.kind != y.kind || x.is_win() != y.is_win() || x.shape().size() != y.shape().size() ||
            x.basetype()->kind != y.basetype()->kind)
            return "its " + arg + " has another type than in its original";
        if (is_value_arg(x.kind)) continue;
        if (x.basetype()->kind == TypeKind::F16) return "its " + arg + " is f16, which the harness does not generate";
        if (!x.is_real_scalar() && !x.is_tensor_or_window()) return "its " + arg + " has a type the harness cannot make";
        if (!in_dram(a.args[i].mem) || !in_dram(b.args[i].mem))
            return "its " + arg + " is not in DRAM (@ " + mem_name(b.args[i].mem) + ")";
    }
    return "";
}

CaseSearch choose_cases(const std::vector<const Proc*>& procs, size_t count, uint64_t seed) {
    CaseSearch out;
    const Proc& p = *procs.front();
    std::set<int64_t> found;
    for (const Proc* q : procs)
        for (const auto* list : {&q->preds, &q->implied_preds})
            for (const ExprPtr& pred : *list) collect_constants(*pred, &found);
    for (const FnArg& a : p.args)
        for (const ExprPtr& hi : a.type->shape()) collect_constants(*hi, &found);
    std::vector<int64_t> constants(found.begin(), found.end());
    uint64_t rng = seed;
    try {
        for (int attempt = 0; attempt < 20000 && out.cases.size() < count; ++attempt) {
            VerifyCase c;
            c.args.resize(p.args.size());
            for (size_t i = 0; i < p.args.size(); ++i) {
                switch (p.args[i].type->kind) {
                    case TypeKind::Size: c.args[i].value = pick_size(rng, constants); break;
                    case TypeKind::Index: case TypeKind::Int: c.args[i].value = below(rng, 9); break;
                    case TypeKind::Bool: c.args[i].value = below(rng, 2); break;
                    case TypeKind::Stride: c.args[i].value = 1 + below(rng, 4); break;
                    default: break;
                }
            }
            c.seed = splitmix(rng);
            if (!fill_layouts(p, &c, rng)) continue;
            if (!std::all_of(procs.begin(), procs.end(), [&](const Proc* q) { return satisfies(*q, c); })) continue;
            if (std::any_of(out.cases.begin(), out.cases.end(), [&](const VerifyCase& o) { return same_inputs(o, c); })) continue;
            out.cases.push_back(std::move(c));
        }
    } catch (const CannotEvaluate& e) {
        out.cases.clear();
        out.failure = "its asserts cannot be evaluated: " + e.why;
        return out;
    }
    if (out.cases.empty())
        out.failure = "no sizes satisfying its asserts, with at most " + std::to_string(kMaxElements) +
                      " elements in its buffers, were found";
    return out;
}

std::string describe_case(const Proc& p, const VerifyCase& c) {
    std::string out;
    auto sep = [&] { return out.empty() ? "" : ", "; };
    for (size_t i = 0; i < p.args.size(); ++i) {
        const Type& t = *p.args[i].type;
        if (is_value_arg(t.kind)) out += sep() + p.args[i].name.name() + "=" + std::to_string(c.args[i].value);
    }
    for (size_t i = 0; i < p.args.size(); ++i) {
        const Type& t = *p.args[i].type;
        if (!t.is_win()) continue;
        std::string s;
        for (int64_t v : c.args[i].strides) s += (s.empty() ? "" : ", ") + std::to_string(v);
        out += sep() + p.args[i].name.name() + " strides (" + s + ")";
    }
    return out.empty() ? "(no sizes)" : out;
}

}  // namespace exo::driver
