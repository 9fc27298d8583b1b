#include "config_order.h"

#include "../ir/loopir.h"

namespace exo::analysis {

namespace {

bool reads(const ir::Expr& e, const ir::ConfigField& f) {
    for (const auto& r : ir::get_readconfigs_of_expr(e))
        if (r == f) return true;
    return false;
}

FirstAccess first_access_of(const ir::StmtPtr& sp, const ir::ConfigField& f) {
    const ir::Stmt& s = *sp;
    if (auto w = s.as<ir::WriteConfig>()) {
        if (reads(*w->rhs, f)) return FirstAccess::Read;
        return ir::ConfigField{w->config, w->field} == f ? FirstAccess::Write : FirstAccess::None;
    }
    if (auto c = s.as<ir::Call>()) {
        for (const auto& a : c->args)
            if (reads(*a, f)) return FirstAccess::Read;
        return first_access(c->f->body, f);
    }
    if (auto i = s.as<ir::If>()) {
        if (reads(*i->cond, f)) return FirstAccess::Read;
        FirstAccess a = first_access(i->body, f), b = first_access(i->orelse, f);
        if (a == FirstAccess::Read || b == FirstAccess::Read) return FirstAccess::Read;
        return a == FirstAccess::Write && b == FirstAccess::Write ? FirstAccess::Write : FirstAccess::None;
    }
    if (auto l = s.as<ir::For>()) {
        if (reads(*l->lo, f) || reads(*l->hi, f)) return FirstAccess::Read;
        // the loop may run zero times: it never definitely writes
        return first_access(l->body, f) == FirstAccess::Read ? FirstAccess::Read : FirstAccess::None;
    }
    for (const auto& r : ir::get_readconfigs(ir::StmtList{sp}))
        if (r == f) return FirstAccess::Read;
    return FirstAccess::None;
}

}  // namespace

FirstAccess first_access(const ir::StmtList& stmts, const ir::ConfigField& f) {
    for (const auto& s : stmts)
        if (FirstAccess a = first_access_of(s, f); a != FirstAccess::None) return a;
    return FirstAccess::None;
}

bool may_read_after(const ir::Proc& p, const ir::BlockLoc& b, const ir::ConfigField& f) {
    auto rest = [&](const ir::StmtList& l, size_t from) {
        return first_access(ir::StmtList(l.begin() + long(from), l.end()), f);
    };
    FirstAccess a = rest(*ir::stmt_list_at(p, b.parent, b.field), b.hi);
    if (a != FirstAccess::None) return a == FirstAccess::Read;
    for (size_t lv = b.parent.size(); lv-- > 0;) {
        ir::Path outer(b.parent.begin(), b.parent.begin() + long(lv) + 1);
        if (auto l = ir::stmt_at(p, outer)->as<ir::For>()) {
            // a next iteration runs the whole body again, the block included
            if (first_access(l->body, f) == FirstAccess::Read) return true;
        }
        ir::Path pp(b.parent.begin(), b.parent.begin() + long(lv));
        a = rest(*ir::stmt_list_at(p, pp, b.parent[lv].field), size_t(b.parent[lv].index) + 1);
        if (a != FirstAccess::None) return a == FirstAccess::Read;
    }
    return false;
}

}  // namespace exo::analysis
