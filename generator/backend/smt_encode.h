// Control expressions (index, size, stride, bool) as SMT terms, for the backend's two
// solver-backed questions: the range of size arguments under a proc's asserts, and
// whether two iterations of a `par` loop touch the same memory.
#pragma once

#include <string>
#include <vector>

#include "../analysis/smt.h"
#include "../ir/exprs.h"

namespace exo::backend {

class SmtEncoder {
public:
    // A null term when `e` is not a control expression (e.g. a real-valued read).
    analysis::smt::Term expr(const ir::Expr& e);
    // The variable standing for `s` (an integer; a bool when `is_bool`).
    analysis::smt::Term var(const ir::Sym& s, bool is_bool = false);
    // Definitions of the quotient/remainder variables introduced by `/` and `%`; they
    // must be assumed wherever the encoded terms are used.
    const std::vector<analysis::smt::Term>& side_conditions() const { return side_; }

    // Renaming: reads of `from` are encoded as the variable of `to` (a second copy of a
    // loop body in the parallel check).
    void rename(const ir::Sym& from, const ir::Sym& to);

private:
    std::vector<analysis::smt::Term> side_;
    std::vector<std::pair<ir::Sym, ir::Sym>> renames_;
    int fresh_ = 0;
};

}  // namespace exo::backend
