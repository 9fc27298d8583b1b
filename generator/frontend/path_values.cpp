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

Path path_of(const Value& v) {
    Path p;
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
