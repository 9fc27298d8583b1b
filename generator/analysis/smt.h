// A thin, Z3-free interface to the SMT solver (Z3) that the safety analyses use.
//
// Z3's headers are large and slow to parse, so they stay inside smt.cpp: a Term is an
// opaque reference-counted handle on a Z3 term of the one process-wide Z3 context, and
// a Solver wraps an incremental Z3 solver (push/pop, assumptions, validity queries with
// a model kept for counterexamples). Only integer and boolean sorts are needed: Exo's
// control values (index, size, stride, bool) are unbounded integers and booleans.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace exo::analysis::smt {

class Term {
public:
    Term() = default;  // null
    Term(const Term& o);
    Term(Term&& o) noexcept : ast_(o.ast_) { o.ast_ = nullptr; }
    Term& operator=(const Term& o);
    Term& operator=(Term&& o) noexcept;
    ~Term();

    bool is_null() const { return ast_ == nullptr; }
    bool is_bool() const;
    bool is_int() const;
    std::string str() const;  // SMT-LIB text, for debugging
    // Z3's id of the term: structurally equal terms (hash-consed) have the same id while
    // either is alive. Keep the Term alive while using its id as a cache key.
    unsigned id() const;

    // Internal: a Z3_ast of the process-wide context (takes a reference).
    static Term from_raw(void* ast);
    void* raw() const { return ast_; }

private:
    void* ast_ = nullptr;
};

// Constants and variables. Variables are identified by name and sort: the same name
// always denotes the same variable, so callers make names unique (e.g. Sym::repr()).
Term int_val(int64_t v);
Term bool_val(bool v);
Term int_var(std::string_view name);
Term bool_var(std::string_view name);
Term real_var(std::string_view name);

// Integer arithmetic and comparisons.
Term operator+(const Term& a, const Term& b);
Term operator-(const Term& a, const Term& b);
Term operator*(const Term& a, const Term& b);
Term operator-(const Term& a);
Term operator<(const Term& a, const Term& b);
Term operator<=(const Term& a, const Term& b);
Term operator>(const Term& a, const Term& b);
Term operator>=(const Term& a, const Term& b);
// Equality of two ints, or equivalence of two bools.
Term eq(const Term& a, const Term& b);

// Boolean connectives.
Term operator&&(const Term& a, const Term& b);
Term operator||(const Term& a, const Term& b);
Term operator!(const Term& a);
Term implies(const Term& a, const Term& b);
Term ite(const Term& c, const Term& t, const Term& f);

// A solver over the process-wide context. Cheap to keep around and reuse: scope with
// push/pop instead of building a new one per query.
class Solver {
public:
    Solver();
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    // Gives up (Z3 answers "unknown") on queries that take longer than `ms`.
    void set_timeout_ms(unsigned ms);

    void push();
    void pop();
    // Adds a hypothesis to the current scope.
    void assume(const Term& fact);

    // Is `t` satisfiable together with the hypotheses? When it is, the satisfying
    // assignment becomes the current model.
    bool is_sat(const Term& t);
    // Does `t` follow from the hypotheses? When it does not, a counterexample (an
    // assignment making the hypotheses true and `t` false) becomes the current model.
    bool is_valid(const Term& t);
    // Like is_sat, but returns nullopt instead of throwing when Z3 cannot decide (e.g.
    // non-linear arithmetic): callers that must be sound pick the conservative answer.
    // It leaves the current model alone; when Z3 finds `t` satisfiable, the values of
    // its model are kept to answer later queries (smt_witness.h).
    std::optional<bool> try_is_sat(const Term& t);

    // How many queries all solvers of the process have asked Z3 (for tests of the
    // analyses that decide queries without it).
    static uint64_t queries_asked();
    // How many queries were refuted by linear reasoning without asking Z3 (smt_linear.h).
    static uint64_t refuted_linearly();
    // How many try_is_sat queries an earlier model's assignment answered (smt_witness.h).
    static uint64_t witnessed_satisfiable();

    // Values in the current model (unconstrained variables read as 0 / false).
    int64_t model_int(const Term& var) const;
    bool model_bool(const Term& var) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace exo::analysis::smt
