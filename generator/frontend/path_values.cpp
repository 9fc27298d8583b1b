#include "path_values.h"

#include "../host/runtime.h"
#include "exo_module.h"

namespace exo::frontend {

using host::Value;
using namespace ir;

Field field_of(const Value& v) {
    const std::string& s = host::to_string_ref(v, "field");
    for (Field f : {Field::Body, Field::Orelse, Field::Idx, Field::Rhs, Field::Cond, Field::Lo, Field::Hi, Field::Args,
                    Field::Lhs, Field::Arg, Field::Preds, Field::Shape})
        if (s == field_name(f)) return f;
    host::raise(host::exc_types().ValueError, "unknown LoopIR field '" + s + "'");
}

namespace {

// The step (field, index) read straight from a tuple of a str and an int or None, the
// form the cursor layer passes (paths cross the bridge on every cursor call).
bool plain_step(const Value& step, Path& p) {
    auto* t = host::as<host::TupleObject>(step);
    if (!t || t->items.size() != 2 || !host::as<host::StrObject>(t->items[0])) return false;
    const Value& i = t->items[1];
    if (!i.is_none() && !i.is_int()) return false;
    p.push_back(Step{field_of(t->items[0]), i.is_none() ? -1 : int32_t(i.as_int())});
    return true;
}

}  // namespace

Path path_of(const Value& v) {
    Path p;
    if (auto* t = host::as<host::TupleObject>(v)) {
        bool plain = true;
        for (const Value& step : t->items)
            if (!(plain = plain_step(step, p))) break;
        if (plain) return p;
        p.clear();
    }
    host::for_each(v, [&](const Value& step) {
        Value f = host::getitem(step, Value::integer(0));
        Value i = host::getitem(step, Value::integer(1));
        p.push_back(Step{field_of(f), i.is_none() ? -1 : int32_t(host::to_int64(i, "index"))});
        return true;
    });
    return p;
}

Value path_value(const Path& p) {
    std::vector<Value> steps;
    for (const Step& s : p)
        steps.push_back(host::tuple({host::str(field_name(s.field)), s.index < 0 ? Value::none() : Value::integer(s.index)}));
    return host::tuple(std::move(steps));
}

ProcPtr proc_of(const Value& v) {
    ProcPtr p = procedure_proc(v);
    if (!p) host::raise(host::exc_types().TypeError, "expected a Procedure");
    return p;
}

}  // namespace exo::frontend
