// How a solver query was answered, for the tests of the ways past Z3 (the linear
// refuter, the kept models): the answer, and whether Z3 or a kept model gave it.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>

#include "analysis/smt.h"

struct Asked {
    bool sat;
    bool by_z3;
    bool witnessed;
};

// Asked with is_sat, or with try_is_sat (the question kept models may answer).
inline Asked ask(exo::analysis::smt::Solver& s, const exo::analysis::smt::Term& q, bool with_try = false) {
    using exo::analysis::smt::Solver;
    uint64_t z3 = Solver::queries_asked(), witnessed = Solver::witnessed_satisfiable();
    std::optional<bool> sat = with_try ? s.try_is_sat(q) : std::optional<bool>(s.is_sat(q));
    REQUIRE(sat.has_value());
    return {*sat, Solver::queries_asked() != z3, Solver::witnessed_satisfiable() != witnessed};
}
