#include "smt.h"

#include "../ir/phase_times.h"

#include <z3++.h>

#include <stdexcept>

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
}  // namespace

uint64_t Solver::queries_asked() { return queries; }

struct Solver::Impl {
    z3::solver solver{ctx()};
    z3::model model{ctx()};
};

Solver::Solver() : impl_(std::make_unique<Impl>()) {}
Solver::~Solver() = default;

void Solver::set_timeout_ms(unsigned ms) {
    z3::params p(ctx());
    p.set("timeout", ms);
    impl_->solver.set(p);
}

void Solver::push() { impl_->solver.push(); }
void Solver::pop() { impl_->solver.pop(); }
void Solver::assume(const Term& fact) { impl_->solver.add(ex(fact)); }

bool Solver::is_sat(const Term& t) {
    ir::PhaseScope timed(ir::Phase::Check);
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
    return sat;
}

bool Solver::is_valid(const Term& t) { return !is_sat(!t); }

std::optional<bool> Solver::try_is_sat(const Term& t) {
    ir::PhaseScope timed(ir::Phase::Check);
    auto& s = impl_->solver;
    s.push();
    s.add(ex(t));
    ++queries;
    z3::check_result r = s.check();
    std::optional<bool> out;
    if (r != z3::unknown) out = r == z3::sat;  // no model: its callers only need the answer
    s.pop();
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
