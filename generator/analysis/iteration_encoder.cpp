#include "iteration_encoder.h"

#include <stdexcept>

#include "../ir/visitor.h"

namespace exo::analysis {

using smt::Term;

IterationEncoder::IterationEncoder(const ir::Proc& p, const ir::Path& loop) {
    loop_ = ir::cast<ir::For>(ir::stmt_at(p, loop));
    if (!loop_) throw std::logic_error("IterationEncoder: not a loop");
    ctx_.enter(p, ir::block_of_stmt(loop));
    iters_.push_back(loop_->iter);
    for (const auto& it : ir::get_loop_iters(loop_->body)) iters_.push_back(it);
    written_cfgs_ = ir::get_writeconfigs(loop_->body);
}

IterationEncoder::IterationEncoder(const ir::Proc& p, const ir::BlockLoc& block) {
    ctx_.enter(p, block);
    const ir::StmtList& list = *ir::stmt_list_at(p, block.parent, block.field);
    ir::StmtList stmts(list.begin() + long(block.lo), list.begin() + long(block.hi));
    iters_ = ir::get_loop_iters(stmts);
    written_cfgs_ = ir::get_writeconfigs(stmts);
}

Bindings IterationEncoder::instance(const std::string& suffix) const {
    Bindings b;
    for (const auto& it : iters_) b[it] = smt::int_var(it.repr() + suffix);
    return b;
}

bool IterationEncoder::reads_written_config(const ir::Expr& e) const {
    struct V : ir::IRVisitor {
        const std::vector<ir::ConfigField>* written;
        bool found = false;
        void visit(const ir::ReadConfig& r) override {
            for (const auto& w : *written)
                if (w == ir::ConfigField{r.config, r.field}) found = true;
        }
    } v;
    v.written = &written_cfgs_;
    v.visit_expr(e);
    return v.found;
}

Term IterationEncoder::enc(const ir::Expr& e, const Bindings& b) {
    if (!written_cfgs_.empty() && reads_written_config(e)) {
        std::string n = "iter_cfg#" + std::to_string(++fresh_);
        return e.type && e.type->is_bool() ? smt::bool_var(n) : smt::int_var(n);
    }
    return ctx_.enc(e, b);
}

Term IterationEncoder::in_range(const ir::For& f, const Bindings& b) {
    Term it = b.count(f.iter) ? b.at(f.iter) : smt::int_var(f.iter.repr());
    return enc(*f.lo, b) <= it && it < enc(*f.hi, b);
}

Term IterationEncoder::holds(const std::vector<Frame>& frames, const Bindings& b) {
    Term t = smt::bool_val(true);
    for (const auto& f : frames) {
        if (f.loop) {
            t = t && in_range(*f.loop, b);
            continue;
        }
        Term c = enc(*f.cond, b);
        if (c.is_bool()) t = t && (f.positive ? c : !c);
    }
    return t;
}

Term IterationEncoder::fresh_int(const std::string& base) {
    return smt::int_var("iter_" + base + "#" + std::to_string(++fresh_));
}

Term IterationEncoder::floor_div(const Term& x, int64_t c) {
    Term z = fresh_int("div");
    Term cv = smt::int_val(c);
    defs_.push_back(cv * z <= x && x < cv * (z + smt::int_val(1)));
    return z;
}

bool IterationEncoder::unsat(const Term& q) {
    Term all = q;
    for (const auto& d : defs_) all = all && d;
    return ctx_.proves(!all);
}

}  // namespace exo::analysis
