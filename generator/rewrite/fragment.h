// Upstream's parse_fragment: a new expression given to a primitive as text ("n - 1",
// "x[i] * 2.0"), parsed as Python and resolved against the variables in scope just
// before a statement of the proc (or the proc's arguments only).
#pragma once

#include <stdexcept>
#include <string>

#include "../ir/path.h"

namespace exo::rewrite {

// Upstream's ParseFragmentError; the binding raises exo.ParseFragmentError.
struct FragmentError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// `ctx` is the statement the expression will live at; empty for "the arguments".
// `holes` fill the `_` holes of the text in order (upstream's FormattedExprStr); they
// must only use variables visible at `ctx`. Without holes, `_` is an error.
ir::ExprPtr parse_fragment(const ir::Proc& p, const ir::Path& ctx, const std::string& text,
                           const ir::ExprList* holes = nullptr);

}  // namespace exo::rewrite
