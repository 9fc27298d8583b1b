#include "smt_witness.h"

#include <z3.h>

#include <cstdint>
#include <optional>

namespace exo::analysis::smt {

namespace {

using Value = std::optional<int64_t>;  // an int, or a bool as 0/1; nullopt: not computed exactly

// The value of terms under one total assignment. Shared subterms are computed once.
class Evaluator {
public:
    Evaluator(Z3_context c, const std::unordered_map<unsigned, int64_t>& assignment) : c_(c), assignment_(assignment) {}

    Value value(Z3_ast a) {
        unsigned id = Z3_get_ast_id(c_, a);
        if (auto it = memo_.find(id); it != memo_.end()) return it->second;
        Value v = compute(a);
        memo_.emplace(id, v);
        return v;
    }

private:
    Value compute(Z3_ast a) {
        Z3_ast_kind kind = Z3_get_ast_kind(c_, a);
        if (kind == Z3_NUMERAL_AST) {
            int64_t v = 0;
            if (Z3_get_sort_kind(c_, Z3_get_sort(c_, a)) == Z3_INT_SORT && Z3_get_numeral_int64(c_, a, &v)) return v;
            return std::nullopt;
        }
        if (kind != Z3_APP_AST) return std::nullopt;
        Z3_app app = Z3_to_app(c_, a);
        unsigned n = Z3_get_app_num_args(c_, app);
        auto arg = [&](unsigned i) { return value(Z3_get_app_arg(c_, app, i)); };
        Z3_decl_kind op = Z3_get_decl_kind(c_, Z3_get_app_decl(c_, app));
        switch (op) {
            case Z3_OP_TRUE: return 1;
            case Z3_OP_FALSE: return 0;
            case Z3_OP_UNINTERPRETED: {
                Z3_sort_kind s = Z3_get_sort_kind(c_, Z3_get_sort(c_, a));
                if (n != 0 || (s != Z3_INT_SORT && s != Z3_BOOL_SORT)) return std::nullopt;
                auto it = assignment_.find(Z3_get_ast_id(c_, a));
                return it == assignment_.end() ? 0 : it->second;
            }
            case Z3_OP_NOT: {
                Value x = arg(0);
                return x ? Value(!*x) : std::nullopt;
            }
            case Z3_OP_AND:
            case Z3_OP_OR: {
                // one false conjunct (true disjunct) decides, whatever the others are
                int64_t decisive = op == Z3_OP_AND ? 0 : 1;
                bool exact = true;
                for (unsigned i = 0; i < n; ++i) {
                    Value x = arg(i);
                    if (!x) exact = false;
                    else if (*x == decisive) return decisive;
                }
                return exact ? Value(1 - decisive) : std::nullopt;
            }
            case Z3_OP_IMPLIES: {
                Value x = arg(0), y = arg(1);
                if ((x && !*x) || (y && *y)) return 1;
                return x && y ? Value(0) : std::nullopt;
            }
            case Z3_OP_ITE: {
                Value cond = arg(0);
                return cond ? arg(*cond ? 1 : 2) : std::nullopt;
            }
            case Z3_OP_EQ: {
                Value x = arg(0), y = arg(1);
                return x && y ? Value(*x == *y) : std::nullopt;
            }
            case Z3_OP_LE:
            case Z3_OP_GE:
            case Z3_OP_LT:
            case Z3_OP_GT: {
                Value x = arg(0), y = arg(1);
                if (!x || !y) return std::nullopt;
                switch (op) {
                    case Z3_OP_LE: return *x <= *y;
                    case Z3_OP_GE: return *x >= *y;
                    case Z3_OP_LT: return *x < *y;
                    default: return *x > *y;
                }
            }
            case Z3_OP_ADD:
            case Z3_OP_SUB:
            case Z3_OP_MUL: {
                Value acc = arg(0);
                for (unsigned i = 1; acc && i < n; ++i) {
                    Value x = arg(i);
                    int64_t r = 0;
                    bool overflow = !x || (op == Z3_OP_ADD   ? __builtin_add_overflow(*acc, *x, &r)
                                           : op == Z3_OP_SUB ? __builtin_sub_overflow(*acc, *x, &r)
                                                             : __builtin_mul_overflow(*acc, *x, &r));
                    acc = overflow ? std::nullopt : Value(r);
                }
                return acc;
            }
            case Z3_OP_UMINUS: {
                Value x = arg(0);
                return x && *x != INT64_MIN ? Value(-*x) : std::nullopt;
            }
            // Not evaluated: what the analyses' terms never hold (smt.h builds no division, no
            // distinct; reals only through to_real), and what Z3 makes of them.
            default: return std::nullopt;
        }
    }

    Z3_context c_;
    const std::unordered_map<unsigned, int64_t>& assignment_;
    std::unordered_map<unsigned, Value> memo_;
};

}  // namespace

bool WitnessPool::witnessed(const std::vector<void*>& conjuncts) const {
    Z3_context c = static_cast<Z3_context>(ctx_);
    for (auto it = kept_.rbegin(); it != kept_.rend(); ++it) {  // the newest first
        Evaluator ev(c, *it);
        bool all = true;
        for (void* t : conjuncts) {
            Value v = ev.value(static_cast<Z3_ast>(t));
            if (!v || !*v) {
                all = false;
                break;
            }
        }
        if (all) return true;
    }
    return false;
}

void WitnessPool::keep(void* model) {
    Z3_context c = static_cast<Z3_context>(ctx_);
    Z3_model m = static_cast<Z3_model>(model);
    Assignment a;
    for (unsigned i = 0, n = Z3_model_get_num_consts(c, m); i < n; ++i) {
        Z3_func_decl d = Z3_model_get_const_decl(c, m, i);
        Z3_ast interp = Z3_model_get_const_interp(c, m, d);
        if (!interp) continue;
        int64_t v = 0;
        Z3_lbool truth = Z3_get_bool_value(c, interp);  // undefined for an integer
        if (truth != Z3_L_UNDEF) v = truth == Z3_L_TRUE;
        else if (Z3_get_ast_kind(c, interp) != Z3_NUMERAL_AST || !Z3_get_numeral_int64(c, interp, &v)) continue;
        Z3_ast var = Z3_mk_app(c, d, 0, nullptr);
        Z3_inc_ref(c, var);
        a.emplace(Z3_get_ast_id(c, var), v);
        Z3_dec_ref(c, var);
    }
    if (kept_.size() == kKept) kept_.erase(kept_.begin());
    kept_.push_back(std::move(a));
}

}  // namespace exo::analysis::smt
