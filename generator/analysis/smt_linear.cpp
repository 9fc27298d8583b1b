#include "smt_linear.h"

#include <z3.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>

namespace exo::analysis::smt {

namespace {

bool mul(int64_t a, int64_t b, int64_t& out) { return !__builtin_mul_overflow(a, b, &out); }
bool add(int64_t a, int64_t b, int64_t& out) { return !__builtin_add_overflow(a, b, &out); }

bool is_int(Z3_context c, Z3_ast a) { return Z3_get_sort_kind(c, Z3_get_sort(c, a)) == Z3_INT_SORT; }

// Sorts by atom and merges; false on an overflow.
bool merge_terms(LinearConstraint& k) {
    auto& t = k.terms;
    std::sort(t.begin(), t.end());
    size_t w = 0;
    for (size_t r = 0; r < t.size(); ++r) {
        if (w > 0 && t[w - 1].first == t[r].first) {
            if (!add(t[w - 1].second, t[r].second, t[w - 1].second)) return false;
        } else {
            t[w++] = t[r];
        }
        if (t[w - 1].second == 0) --w;
    }
    t.resize(w);
    return true;
}

enum class Shape { kept, trivial, infeasible };

int64_t floor_div(int64_t a, int64_t b) {  // b > 0
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

// Divides by the coefficients' gcd; an inequality's constant is rounded up, which over
// the integers is implied (sum c*x <= -k with every c a multiple of g gives
// sum (c/g)*x <= floor(-k/g)). An equality whose constant the gcd does not divide has
// no integer solution.
Shape normalize(LinearConstraint& k) {
    if (k.terms.empty()) {
        bool holds = k.equality ? k.constant == 0 : k.constant <= 0;
        return holds ? Shape::trivial : Shape::infeasible;
    }
    if (k.constant == INT64_MIN) return Shape::trivial;  // cannot be negated: left out
    int64_t g = 0;
    for (const auto& [atom, c] : k.terms) {
        if (c == INT64_MIN) return Shape::trivial;
        g = std::gcd(g, c < 0 ? -c : c);
    }
    if (g > 1) {
        if (k.equality && k.constant % g != 0) return Shape::infeasible;
        for (auto& [atom, c] : k.terms) c /= g;
        k.constant = k.equality ? k.constant / g : -floor_div(-k.constant, g);
    }
    return Shape::kept;
}

int64_t coefficient(const LinearConstraint& k, unsigned atom) {
    auto it = std::lower_bound(k.terms.begin(), k.terms.end(), std::make_pair(atom, INT64_MIN));
    return it != k.terms.end() && it->first == atom ? it->second : 0;
}

// a*x + b*y, term by term; false on an overflow.
bool combine(const LinearConstraint& x, int64_t a, const LinearConstraint& y, int64_t b, LinearConstraint& out) {
    out.terms.clear();
    out.equality = x.equality && y.equality;
    int64_t cx, cy;
    if (!mul(x.constant, a, cx) || !mul(y.constant, b, cy) || !add(cx, cy, out.constant)) return false;
    out.terms.reserve(x.terms.size() + y.terms.size());
    for (const auto& [atom, c] : x.terms) {
        int64_t v;
        if (!mul(c, a, v)) return false;
        out.terms.emplace_back(atom, v);
    }
    for (const auto& [atom, c] : y.terms) {
        int64_t v;
        if (!mul(c, b, v)) return false;
        out.terms.emplace_back(atom, v);
    }
    return merge_terms(out);
}

constexpr size_t kMaxConstraints = 2000;   // alive at once
constexpr size_t kMaxGenerated = 20000;    // over one query

}  // namespace

LinearReader::LinearReader(void* z3_context) : ctx_(z3_context) {}

bool LinearReader::read(void* ast, std::vector<LinearConstraint>& out) { return read_bool(ast, false, out); }

bool LinearReader::read_int(void* ast, int64_t scale, LinearConstraint& into) {
    Z3_context c = static_cast<Z3_context>(ctx_);
    Z3_ast a = static_cast<Z3_ast>(ast);
    if (Z3_get_ast_kind(c, a) == Z3_NUMERAL_AST) {
        int64_t v, s;
        return Z3_get_numeral_int64(c, a, &v) && mul(v, scale, s) && add(into.constant, s, into.constant);
    }
    if (Z3_get_ast_kind(c, a) == Z3_APP_AST) {
        Z3_app app = Z3_to_app(c, a);
        unsigned n = Z3_get_app_num_args(c, app);
        switch (Z3_get_decl_kind(c, Z3_get_app_decl(c, app))) {
            case Z3_OP_ADD:
                for (unsigned i = 0; i < n; ++i)
                    if (!read_int(Z3_get_app_arg(c, app, i), scale, into)) return false;
                return true;
            case Z3_OP_SUB:
                for (unsigned i = 0; i < n; ++i)
                    if (!read_int(Z3_get_app_arg(c, app, i), i == 0 ? scale : -scale, into)) return false;
                return true;
            case Z3_OP_UMINUS: return n == 1 && read_int(Z3_get_app_arg(c, app, 0), -scale, into);
            case Z3_OP_MUL: {
                // numeral factors scale the one other factor; a product of unknowns is an atom
                int64_t k = scale;
                Z3_ast other = nullptr;
                unsigned others = 0;
                for (unsigned i = 0; i < n; ++i) {
                    Z3_ast f = Z3_get_app_arg(c, app, i);
                    int64_t v;
                    if (Z3_get_ast_kind(c, f) == Z3_NUMERAL_AST && Z3_get_numeral_int64(c, f, &v)) {
                        if (!mul(k, v, k)) return false;
                    } else {
                        other = f;
                        ++others;
                    }
                }
                if (others == 0) return add(into.constant, k, into.constant);
                if (others == 1) return read_int(other, k, into);
                break;
            }
            default: break;
        }
    }
    // anything else (a variable, a division, an if-then-else) is an unknown of its own
    into.terms.emplace_back(Z3_get_ast_id(c, a), scale);
    return true;
}

bool LinearReader::read_bool(void* ast, bool negated, std::vector<LinearConstraint>& out) {
    Z3_context c = static_cast<Z3_context>(ctx_);
    Z3_ast a = static_cast<Z3_ast>(ast);
    if (Z3_get_ast_kind(c, a) != Z3_APP_AST) return true;
    Z3_app app = Z3_to_app(c, a);
    unsigned n = Z3_get_app_num_args(c, app);
    auto arg = [&](unsigned i) { return static_cast<void*>(Z3_get_app_arg(c, app, i)); };
    Z3_decl_kind kind = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    switch (kind) {
        case Z3_OP_TRUE: return !negated;
        case Z3_OP_FALSE: return negated;
        case Z3_OP_NOT: return n != 1 || read_bool(arg(0), !negated, out);
        case Z3_OP_AND:
        case Z3_OP_OR:
            // a conjunction, or a negated disjunction: each part holds (else a disjunction: left out)
            if ((kind == Z3_OP_AND) != negated)
                for (unsigned i = 0; i < n; ++i)
                    if (!read_bool(arg(i), negated, out)) return false;
            return true;
        case Z3_OP_IMPLIES:  // not (p => q) is p and not q
            return !negated || n != 2 || (read_bool(arg(0), false, out) && read_bool(arg(1), true, out));
        case Z3_OP_LE:
        case Z3_OP_LT:
        case Z3_OP_GE:
        case Z3_OP_GT:
        case Z3_OP_EQ: break;
        default: return true;
    }
    if (kind == Z3_OP_EQ && n == 2) {  // `b == True` is b, `b == False` is not b
        for (unsigned side = 0; side < 2; ++side) {
            Z3_lbool literal = Z3_get_bool_value(c, Z3_get_app_arg(c, app, side));
            if (literal != Z3_L_UNDEF) return read_bool(arg(1 - side), negated != (literal == Z3_L_FALSE), out);
        }
    }
    if (n != 2 || !is_int(c, Z3_get_app_arg(c, app, 0)) || !is_int(c, Z3_get_app_arg(c, app, 1))) return true;
    if (kind == Z3_OP_EQ && negated) return true;  // a disequality is a disjunction
    if (negated) {  // not (a <= b) is a > b, and so on
        kind = kind == Z3_OP_LE ? Z3_OP_GT : kind == Z3_OP_LT ? Z3_OP_GE : kind == Z3_OP_GE ? Z3_OP_LT : Z3_OP_LE;
    }
    // over the integers: a <= b is a - b <= 0, a < b is a - b + 1 <= 0
    bool flipped = kind == Z3_OP_GE || kind == Z3_OP_GT;
    LinearConstraint k;
    k.equality = kind == Z3_OP_EQ;
    k.constant = (kind == Z3_OP_LT || kind == Z3_OP_GT) ? 1 : 0;
    if (!read_int(arg(flipped ? 1 : 0), 1, k) || !read_int(arg(flipped ? 0 : 1), -1, k) || !merge_terms(k))
        return true;  // an overflow: left out
    out.push_back(std::move(k));
    return true;
}

bool linearly_refuted(std::vector<LinearConstraint> ks) {
    // Normalized, trivial ones dropped.
    auto tidy = [](std::vector<LinearConstraint>& v) {
        size_t w = 0;
        for (size_t r = 0; r < v.size(); ++r) {
            Shape s = normalize(v[r]);
            if (s == Shape::infeasible) return false;
            if (s == Shape::kept) {
                if (w != r) v[w] = std::move(v[r]);  // never onto itself: that empties it
                ++w;
            }
        }
        v.resize(w);
        return true;
    };
    if (!tidy(ks)) return true;

    // Equalities with a unit coefficient are solved for that unknown, which is then
    // substituted everywhere (exact over the integers).
    for (bool solved = true; solved;) {
        solved = false;
        for (size_t e = 0; e < ks.size() && !solved; ++e) {
            if (!ks[e].equality) continue;
            auto unit = std::find_if(ks[e].terms.begin(), ks[e].terms.end(),
                                     [](const auto& t) { return t.second == 1 || t.second == -1; });
            if (unit == ks[e].terms.end()) continue;
            unsigned x = unit->first;
            int64_t cx = unit->second;
            LinearConstraint eq = std::move(ks[e]);
            ks.erase(ks.begin() + long(e));
            for (auto& k : ks) {
                int64_t a = coefficient(k, x);
                if (a == 0) continue;
                LinearConstraint next;
                bool keep_equality = k.equality;
                // k - (a / cx) * eq, with cx = +-1
                int64_t scale;
                if (!mul(-cx, a, scale) || !combine(k, 1, eq, scale, next)) {
                    k.terms.clear();  // an overflow: leave it out
                    k.constant = 0;
                    continue;
                }
                next.equality = keep_equality;
                k = std::move(next);
            }
            if (!tidy(ks)) return true;
            solved = true;
        }
    }
    // The other equalities are two inequalities each.
    for (size_t i = 0, n = ks.size(); i < n; ++i) {
        if (!ks[i].equality) continue;
        ks[i].equality = false;
        LinearConstraint neg;
        neg.constant = -ks[i].constant;
        for (const auto& [atom, c] : ks[i].terms) neg.terms.emplace_back(atom, -c);
        ks.push_back(std::move(neg));
    }

    // Fourier-Motzkin: eliminate the unknown with the fewest pairs first. An unknown
    // bounded on one side only is unbounded on the other, and its constraints go.
    size_t generated = 0;
    while (!ks.empty()) {
        struct Side {
            size_t pos = 0, neg = 0;
            bool pos_unit = true, neg_unit = true;  // every coefficient on that side is +-1
        };
        std::unordered_map<unsigned, Side> sides;
        for (const auto& k : ks)
            for (const auto& [atom, c] : k.terms) {
                Side& s = sides[atom];
                if (c > 0) ++s.pos, s.pos_unit = s.pos_unit && c == 1;
                else ++s.neg, s.neg_unit = s.neg_unit && c == -1;
            }
        if (sides.empty()) return false;  // (every kept constraint has an unknown)
        // An unknown bounded on one side only goes first. Then one whose coefficients
        // on one side are all unit: its elimination is exact over the integers (each
        // combination is the other side's bound tightened by rounding, nothing lost),
        // where another loses the points between the rational and the integer shadow.
        // Fewest pairs among those, then by number.
        unsigned best = 0;
        std::pair<bool, size_t> best_cost{true, SIZE_MAX};  // (inexact, pairs)
        bool one_sided = false;
        for (const auto& [atom, s] : sides) {
            if (s.pos == 0 || s.neg == 0) {
                best = atom;
                one_sided = true;
                break;
            }
            std::pair<bool, size_t> cost{!(s.pos_unit || s.neg_unit), s.pos * s.neg};
            if (cost < best_cost || (cost == best_cost && atom < best)) best = atom, best_cost = cost;
        }
        std::vector<LinearConstraint> pos, neg, rest;
        for (auto& k : ks) {
            int64_t a = coefficient(k, best);
            (a > 0 ? pos : a < 0 ? neg : rest).push_back(std::move(k));
        }
        if (!one_sided) {
            if (rest.size() + pos.size() * neg.size() > kMaxConstraints) return false;
            generated += pos.size() * neg.size();
            if (generated > kMaxGenerated) return false;
            for (const auto& p : pos)
                for (const auto& q : neg) {
                    int64_t a = coefficient(p, best), b = -coefficient(q, best);
                    int64_t g = std::gcd(a, b);
                    LinearConstraint next;
                    if (!combine(p, b / g, q, a / g, next)) continue;  // an overflow: left out
                    Shape s = normalize(next);
                    if (s == Shape::infeasible) return true;
                    if (s == Shape::kept) rest.push_back(std::move(next));
                }
        }
        // Constraints with the same terms: only the tightest is kept (elimination
        // produces many such, and each one kept multiplies the next round's pairs).
        std::map<std::vector<std::pair<unsigned, int64_t>>, size_t> by_terms;
        ks.clear();
        for (auto& k : rest) {
            auto [it, fresh] = by_terms.emplace(k.terms, ks.size());
            if (fresh) ks.push_back(std::move(k));
            else ks[it->second].constant = std::max(ks[it->second].constant, k.constant);
        }
    }
    return false;
}

}  // namespace exo::analysis::smt
