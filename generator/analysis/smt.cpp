#include "smt.h"

#include "../ir/phase_times.h"
#include "smt_linear.h"
#include "smt_witness.h"

#include <z3++.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace exo::analysis::smt {

namespace {

// One context for the whole process: terms built by different analyses can be mixed,
// and Z3's hash-consing shares them. Leaked on purpose, so that terms held in static
// caches never outlive it.
z3::context& ctx() {
    static z3::context* c = new z3::context();
    return *c;
}

Z3_ast ast(const Term& t) {
    if (t.is_null()) throw std::logic_error("smt: use of a null Term");
    return static_cast<Z3_ast>(t.raw());
}

z3::expr ex(const Term& t) { return z3::expr(ctx(), ast(t)); }

Term wrap(const z3::expr& e) { return Term::from_raw(static_cast<Z3_ast>(e)); }

}  // namespace

Term Term::from_raw(void* a) {
    Term t;
    t.ast_ = a;
    if (a) Z3_inc_ref(ctx(), static_cast<Z3_ast>(a));
    return t;
}

Term::Term(const Term& o) : ast_(o.ast_) {
    if (ast_) Z3_inc_ref(ctx(), static_cast<Z3_ast>(ast_));
}

Term& Term::operator=(const Term& o) {
    if (o.ast_) Z3_inc_ref(ctx(), static_cast<Z3_ast>(o.ast_));
    if (ast_) Z3_dec_ref(ctx(), static_cast<Z3_ast>(ast_));
    ast_ = o.ast_;
    return *this;
}

Term& Term::operator=(Term&& o) noexcept {
    if (this != &o) {
        if (ast_) Z3_dec_ref(ctx(), static_cast<Z3_ast>(ast_));
        ast_ = o.ast_;
        o.ast_ = nullptr;
    }
    return *this;
}

Term::~Term() {
    if (ast_) Z3_dec_ref(ctx(), static_cast<Z3_ast>(ast_));
}

bool Term::is_bool() const { return !is_null() && ex(*this).is_bool(); }
bool Term::is_int() const { return !is_null() && ex(*this).is_int(); }
unsigned Term::id() const { return Z3_get_ast_id(ctx(), ast(*this)); }
std::string Term::str() const { return is_null() ? "<null>" : ex(*this).to_string(); }

Term int_val(int64_t v) { return wrap(ctx().int_val(v)); }
Term bool_val(bool v) { return wrap(ctx().bool_val(v)); }
Term int_var(std::string_view name) { return wrap(ctx().int_const(std::string(name).c_str())); }
Term bool_var(std::string_view name) { return wrap(ctx().bool_const(std::string(name).c_str())); }
Term real_var(std::string_view name) { return wrap(ctx().real_const(std::string(name).c_str())); }

Term operator+(const Term& a, const Term& b) { return wrap(ex(a) + ex(b)); }
Term operator-(const Term& a, const Term& b) { return wrap(ex(a) - ex(b)); }
Term operator*(const Term& a, const Term& b) { return wrap(ex(a) * ex(b)); }
Term operator-(const Term& a) { return wrap(-ex(a)); }
Term operator<(const Term& a, const Term& b) { return wrap(ex(a) < ex(b)); }
Term operator<=(const Term& a, const Term& b) { return wrap(ex(a) <= ex(b)); }
Term operator>(const Term& a, const Term& b) { return wrap(ex(a) > ex(b)); }
Term operator>=(const Term& a, const Term& b) { return wrap(ex(a) >= ex(b)); }
Term eq(const Term& a, const Term& b) { return wrap(ex(a) == ex(b)); }
Term operator&&(const Term& a, const Term& b) { return wrap(ex(a) && ex(b)); }
Term operator||(const Term& a, const Term& b) { return wrap(ex(a) || ex(b)); }
Term operator!(const Term& a) { return wrap(!ex(a)); }
Term implies(const Term& a, const Term& b) { return wrap(z3::implies(ex(a), ex(b))); }
Term ite(const Term& c, const Term& t, const Term& f) { return wrap(z3::ite(ex(c), ex(t), ex(f))); }

namespace {
uint64_t queries = 0;
uint64_t refuted = 0;
uint64_t witnessed = 0;

// EXOCC_CHECK_QUICK=1: every query refuted or witnessed without Z3 is asked of Z3 too,
// and a disagreement is an internal error (for the test suites).
bool cross_check_quick() {
    static const bool on = std::getenv("EXOCC_CHECK_QUICK") && *std::getenv("EXOCC_CHECK_QUICK");
    return on;
}
}  // namespace

uint64_t Solver::queries_asked() { return queries; }
uint64_t Solver::refuted_linearly() { return refuted; }
uint64_t Solver::witnessed_satisfiable() { return witnessed; }

namespace {

// The text of terms up to the names of their variables: variables are numbered in the
// order they first appear, so two queries that differ only by a consistent renaming
// (the f32 and f64 variants of a kernel, one loop's check and its copy's) have the same
// text, and the same answer. Everything else is spelled out: operator kinds, numerals,
// sorts; what has no short spelling (a quantifier, an operator with parameters) is
// written by Z3's printer with its names as they are, which only makes the text more
// specific. Subterms repeated within a term are written once and referred to by number,
// so a shared DAG does not blow up.
class CanonicalText {
public:
    // Appends the text of `a`, numbering the variables not seen before.
    void append(Z3_ast a, std::string& out) {
        std::unordered_map<unsigned, unsigned> written;
        write(a, out, written);
        out += '|';
    }
    size_t variables() const { return order_.size(); }
    // Forgets the variables numbered from `n` on (they left scope).
    void forget_from(size_t n) {
        for (size_t i = n; i < order_.size(); ++i) number_.erase(order_[i]);
        order_.resize(n);
    }

private:
    void write(Z3_ast a, std::string& out, std::unordered_map<unsigned, unsigned>& written) {
        Z3_context c = ctx();
        unsigned id = Z3_get_ast_id(c, a);
        if (auto it = written.find(id); it != written.end()) {
            out += 'r' + std::to_string(it->second) + ';';
            return;
        }
        switch (Z3_get_ast_kind(c, a)) {
            case Z3_NUMERAL_AST:
                out += 'n' + std::to_string(Z3_get_sort_kind(c, Z3_get_sort(c, a))) + ':' + Z3_get_numeral_string(c, a) + ';';
                break;
            case Z3_APP_AST: {
                Z3_app app = Z3_to_app(c, a);
                Z3_func_decl decl = Z3_get_app_decl(c, app);
                unsigned n = Z3_get_app_num_args(c, app);
                Z3_decl_kind kind = Z3_get_decl_kind(c, decl);
                if (kind == Z3_OP_UNINTERPRETED && n == 0) {
                    auto [it, fresh] = number_.emplace(id, static_cast<unsigned>(order_.size()));
                    if (fresh) order_.push_back(id);
                    out += 'v' + std::to_string(Z3_get_sort_kind(c, Z3_get_sort(c, a))) + ':' + std::to_string(it->second) + ';';
                    break;
                }
                if (kind == Z3_OP_UNINTERPRETED || Z3_get_decl_num_parameters(c, decl) != 0)
                    literal(Z3_func_decl_to_string(c, decl), out);
                else
                    out += 'o' + std::to_string(kind);
                out += '(';
                for (unsigned i = 0; i < n; ++i) write(Z3_get_app_arg(c, app, i), out, written);
                out += ')';
                break;
            }
            default:
                literal(Z3_ast_to_string(c, a), out);
        }
        unsigned k = static_cast<unsigned>(written.size());
        written.emplace(id, k);
    }
    static void literal(const char* text, std::string& out) {
        std::string_view t(text);
        out += 't' + std::to_string(t.size()) + ':';
        out += t;
    }

    std::unordered_map<unsigned, unsigned> number_;  // a variable's AST id -> its number
    std::vector<unsigned> order_;                    // AST ids, by number
};

// Answers Z3 gave, by the canonical text of the query (the hypotheses in scope, in
// order, then the term asked about). Scheduling asks the same questions again and
// again, most often renamed: ExoBLAS builds every kernel for f32 and f64 with the same
// schedule, `replace` re-checks the call sites of one instruction in loop after loop,
// and C generation re-checks what the primitives checked. Only "unsatisfiable" is kept
// for is_sat (a "satisfiable" answer also sets the model, whose values are in the
// query's own names); try_is_sat keeps both answers; "unknown" is never kept. Leaked,
// as the context.
std::unordered_map<std::string, bool>& answers() {
    static auto* m = new std::unordered_map<std::string, bool>();
    return *m;
}

// The assignments of the last models Z3 found for try_is_sat, which later queries are
// evaluated under first (smt_witness.h). Process-wide, as the context; leaked with it.
WitnessPool& witnesses() {
    static auto* w = new WitnessPool(static_cast<Z3_context>(ctx()));
    return *w;
}

}  // namespace

struct Solver::Impl {
    z3::solver solver{ctx()};
    z3::model model{ctx()};
    // The canonical text of the hypotheses in scope, and at each push its length and
    // the number of variables named so far. The solver keeps the hypotheses alive, so
    // their variables' AST ids stay theirs while numbered.
    CanonicalText canonical;
    std::string hypotheses;
    std::vector<std::pair<size_t, size_t>> marks;
    // The hypotheses' linear constraints (smt_linear.h), and their count at each push.
    std::vector<LinearConstraint> linear;
    std::vector<size_t> linear_marks;
    // The hypotheses themselves, for evaluating them (smt_witness.h), and their count at
    // each push.
    std::vector<Term> assumed;
    std::vector<size_t> assumed_marks;

    // Z3's answer alone, for EXOCC_CHECK_QUICK (not counted, not kept).
    bool z3_finds_sat(const Term& t) {
        solver.push();
        solver.add(ex(t));
        bool sat = solver.check() == z3::sat;
        solver.pop();
        return sat;
    }

    // Is `t` with the hypotheses refuted by linear reasoning alone?
    bool refuted_linearly(const Term& t) {
        std::vector<LinearConstraint> ks = linear;
        LinearReader reader(ctx());
        if (reader.read(ast(t), ks) && !linearly_refuted(std::move(ks))) return false;
        if (cross_check_quick() && z3_finds_sat(t))
            throw std::logic_error("smt: linear reasoning wrongly refuted " + ex(t).to_string());
        ++refuted;
        return true;
    }

    // Does an assignment kept from an earlier model satisfy `t` with the hypotheses?
    bool witnessed_satisfiable(const Term& t) {
        std::vector<void*> conjuncts;
        for (const Term& h : assumed) conjuncts.push_back(h.raw());
        conjuncts.push_back(t.raw());
        if (!witnesses().witnessed(conjuncts)) return false;
        if (cross_check_quick() && !z3_finds_sat(t))
            throw std::logic_error("smt: a kept assignment wrongly witnessed " + ex(t).to_string());
        ++witnessed;
        return true;
    }

    std::string query_text(const Term& t) {
        size_t vars = canonical.variables();
        std::string q = hypotheses;
        canonical.append(ast(t), q);
        canonical.forget_from(vars);
        return q;
    }
};

Solver::Solver() : impl_(std::make_unique<Impl>()) {}
Solver::~Solver() = default;

void Solver::set_timeout_ms(unsigned ms) {
    z3::params p(ctx());
    p.set("timeout", ms);
    impl_->solver.set(p);
}

void Solver::push() {
    impl_->solver.push();
    impl_->marks.emplace_back(impl_->hypotheses.size(), impl_->canonical.variables());
    impl_->linear_marks.push_back(impl_->linear.size());
    impl_->assumed_marks.push_back(impl_->assumed.size());
}
void Solver::pop() {
    impl_->solver.pop();  // throws on a pop without its push, before the marks are read
    auto [length, vars] = impl_->marks.back();
    impl_->marks.pop_back();
    impl_->hypotheses.resize(length);
    impl_->canonical.forget_from(vars);
    impl_->linear.resize(impl_->linear_marks.back());
    impl_->linear_marks.pop_back();
    impl_->assumed.resize(impl_->assumed_marks.back());
    impl_->assumed_marks.pop_back();
}
void Solver::assume(const Term& fact) {
    impl_->solver.add(ex(fact));
    impl_->assumed.push_back(fact);
    impl_->canonical.append(ast(fact), impl_->hypotheses);
    if (!LinearReader(ctx()).read(ast(fact), impl_->linear)) {
        LinearConstraint never;  // a false hypothesis: 1 <= 0
        never.constant = 1;
        impl_->linear.push_back(never);
    }
}

bool Solver::is_sat(const Term& t) {
    ir::PhaseScope timed(ir::Phase::Check);
    std::string q = impl_->query_text(t);
    if (auto it = answers().find(q); it != answers().end() && !it->second) return false;
    if (impl_->refuted_linearly(t)) {
        answers().emplace(std::move(q), false);
        return false;
    }
    auto& s = impl_->solver;
    s.push();
    s.add(ex(t));
    ++queries;
    z3::check_result r = s.check();
    if (r == z3::unknown)
        throw std::runtime_error("SMT solver could not decide a query: " + s.reason_unknown());
    bool sat = r == z3::sat;
    if (sat) impl_->model = s.get_model();
    s.pop();
    if (!sat) answers().emplace(std::move(q), false);
    return sat;
}

bool Solver::is_valid(const Term& t) { return !is_sat(!t); }

std::optional<bool> Solver::try_is_sat(const Term& t) {
    ir::PhaseScope timed(ir::Phase::Check);
    std::string q = impl_->query_text(t);
    if (auto it = answers().find(q); it != answers().end()) return it->second;
    if (impl_->refuted_linearly(t)) {
        answers().emplace(std::move(q), false);
        return false;
    }
    if (impl_->witnessed_satisfiable(t)) {
        answers().emplace(std::move(q), true);
        return true;
    }
    auto& s = impl_->solver;
    s.push();
    s.add(ex(t));
    ++queries;
    z3::check_result r = s.check();
    std::optional<bool> out;
    if (r != z3::unknown) out = r == z3::sat;  // the current model stays: its callers only need the answer
    if (r == z3::sat) witnesses().keep(static_cast<Z3_model>(s.get_model()));
    s.pop();
    if (out) answers().emplace(std::move(q), *out);
    return out;
}

int64_t Solver::model_int(const Term& var) const {
    z3::expr v = impl_->model.eval(ex(var), true);
    int64_t out = 0;
    if (v.is_numeral_i64(out)) return out;
    throw std::runtime_error("SMT model value out of range: " + v.to_string());
}

bool Solver::model_bool(const Term& var) const {
    return impl_->model.eval(ex(var), true).is_true();
}

}  // namespace exo::analysis::smt
