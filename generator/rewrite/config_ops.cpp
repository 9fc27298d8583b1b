// Config primitives of upstream's config_ops.md: write_config and bind_config
// (delete_config is in stmt_ops.cpp). A config write may only be added where the new
// value is never observed differently (Check_DeleteConfigWrite on the new statement).
#include "../analysis/boundscheck.h"
#include "../analysis/sched_checks.h"
#include "../ir/loopir.h"
#include "../ir/printer.h"
#include "checked.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

// The config fields whose change may be visible after the proc.
std::vector<ConfigField> check_new_write(const ProcPtr& q, const Path& at) {
    return checked([&] { return analysis::check_delete_config_write(*q, block_of_stmt(at)); });
}

}  // namespace

Rewritten write_config(const ProcPtr& p, const Path& anchor, bool after, const ConfigRef& cfg, const std::string& field,
                       const ExprPtr& rhs) {
    StmtPtr s = stmt_at(*p, anchor);
    Path at = anchor;
    if (after) at.back().index += 1;
    StmtPtr w = ir::make<WriteConfig>(cfg, field, rhs, s->srcinfo);
    BlockLoc gap{Path(at.begin(), at.end() - 1), at.back().field, size_t(at.back().index), size_t(at.back().index)};
    ProcPtr q = with_block(*p, gap, {w});
    std::vector<ConfigField> visible = check_new_write(q, at);
    return {q, {Edit{Edit::Insert, gap.parent, gap.field, gap.lo, gap.lo, 1, Field::Body}}, visible};
}

Rewritten bind_config(const ProcPtr& p, const Path& expr, const ConfigRef& cfg, const std::string& field,
                      const TypePtr& field_type) {
    ExprPtr e = expr_at(*p, expr);
    size_t k = 0;
    while (k < expr.size() && (expr[k].field == Field::Body || expr[k].field == Field::Orelse)) ++k;
    Path stmt(expr.begin(), expr.begin() + long(k));
    // Beyond upstream: a scalar passed to a call is a buffer passed by reference; if the
    // callee writes it, passing the config field instead would redirect that write.
    if (auto c = stmt_at(*p, stmt)->as<Call>(); c && expr.size() == k + 1 && expr[k].field == Field::Args &&
                                                size_t(expr[k].index) < c->f->args.size()) {
        const FnArg& param = c->f->args[size_t(expr[k].index)];
        if (param.type->is_real_scalar() && proc_writes_arg(*c->f, param.name))
            sched_error("Cannot bind " + print_expr(*e) + " to a config: " + c->f->name + " writes it (a scalar is passed by reference)");
    }
    StmtPtr w = ir::make<WriteConfig>(cfg, field, e, e->srcinfo);
    BlockLoc gap{Path(stmt.begin(), stmt.end() - 1), stmt.back().field, size_t(stmt.back().index), size_t(stmt.back().index)};
    ProcPtr q = with_block(*p, gap, {w});
    std::vector<ConfigField> visible = check_new_write(q, stmt);
    // The expression moved down one statement with the insertion.
    Path moved = expr;
    moved[k - 1].index += 1;
    q = with_expr(*q, moved, ir::make<ReadConfig>(cfg, field, field_type, e->srcinfo));
    if (std::string err = analysis::aliasing_error(*q); !err.empty()) sched_error(err);
    return {q, {Edit{Edit::Insert, gap.parent, gap.field, gap.lo, gap.lo, 1, Field::Body}}, visible};
}

}  // namespace exo::rewrite
