// Traceback objects, built on demand from an exception's list of frames: what
// e.__traceback__, sys.exc_info()[2] and the third argument of __exit__ give, and what
// the traceback module (generator/lib/std/traceback.py) walks.
#include "runtime.h"
#include "value.h"

namespace exo::host {

namespace {

// An object of type `t` whose attributes are `attrs`, read-only by convention.
Value record(TypeObject* t, std::initializer_list<std::pair<const char*, Value>> attrs) {
    auto* o = new Object(t);
    o->attrs = new DictObject();
    object_incref(o->attrs);
    for (const auto& [name, v] : attrs) o->attrs->table.set_str(name, v);
    return Value(o);
}

}  // namespace

Value traceback_of(const Value& exc) {
    auto* e = as<ExceptionObject>(exc);
    if (!e || e->traceback.empty()) return Value::none();
    // The same objects while the exception has the same frames, as in CPython, where
    // e.__traceback__ is e.__traceback__ (add_to_traceback resets them).
    if (!e->traceback_chain.is_null()) return e->traceback_chain;
    static TypeObject* const traceback_t = new_builtin_type("traceback", types().object, Layout::Object);
    static TypeObject* const frame_t = new_builtin_type("frame", types().object, Layout::Object);
    static TypeObject* const code_t = new_builtin_type("code", types().object, Layout::Object);
    Value next = Value::none();
    for (const TracebackEntry& entry : e->traceback) {  // innermost first: link outwards
        Value code = record(code_t, {{"co_filename", str(entry.filename)}, {"co_name", str(entry.function)}});
        Value frame = record(frame_t, {{"f_code", code}, {"f_lineno", Value::integer(entry.line)},
                                       {"f_back", Value::none()}, {"f_lasti", Value::integer(0)}});
        next = record(traceback_t, {{"tb_frame", frame}, {"tb_lineno", Value::integer(entry.line)},
                                    {"tb_lasti", Value::integer(0)}, {"tb_next", next}});
    }
    e->traceback_chain = next;
    return next;
}

}  // namespace exo::host
