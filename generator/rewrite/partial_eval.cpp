#include "partial_eval.h"

#include "../host/interp.h"
#include "../ir/mutator.h"

namespace exo::rewrite {

host::TypeObject* scheduling_error() {
    host::Value mod = host::Interpreter::get().import_module("exo.rewrite.LoopIR_scheduling", host::Value(), 0, host::Value());
    return host::as<host::TypeObject>(host::getattr(mod, "SchedulingError"));
}

namespace {

class Substitute : public ir::IRMutator {
public:
    explicit Substitute(const std::unordered_map<ir::Sym, host::Value>& env) : env_(env) {}

protected:
    ir::ExprPtr visit(const std::shared_ptr<const ir::Read>& e) override {
        auto it = env_.find(e->name);
        if (it != env_.end() && e->idx.empty()) {
            if (e->type->is_indexable())
                return ir::make<ir::Const>(host::Value::integer(it->second.as_int()), ir::T::int_(), e->srcinfo);
            if (e->type->is_bool())
                return ir::make<ir::Const>(host::Value::boolean(it->second.as_int() != 0), ir::T::bool_(), e->srcinfo);
        }
        return IRMutator::visit(e);
    }

private:
    const std::unordered_map<ir::Sym, host::Value>& env_;
};

}  // namespace

ir::ProcPtr partial_eval(const ir::ProcPtr& p, const std::unordered_map<ir::Sym, host::Value>& env) {
    for (const ir::FnArg& a : p->args) {
        auto it = env.find(a.name);
        if (it == env.end()) continue;
        if (!a.type->is_indexable() && !a.type->is_bool())
            host::raise(scheduling_error(), "cannot partially evaluate numeric (non-index, non-bool) arguments");
        if (!it->second.is_intlike())
            host::raise(scheduling_error(), "cannot partially evaluate to a non-int, non-bool value");
    }
    Substitute sub(env);
    ir::ProcPtr q = sub.mutate_proc(p);
    ir::Proc out = *q;
    out.args.clear();
    for (const ir::FnArg& a : q->args)
        if (!env.count(a.name)) out.args.push_back(a);
    return ir::make<ir::Proc>(std::move(out));
}

}  // namespace exo::rewrite
