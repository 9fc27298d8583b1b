#include "did_you_mean.h"

#include <memory>
#include <optional>
#include <vector>

#include "interp.h"
#include "suggestions.h"

namespace exo::host {

namespace {

void add_keys(const DictTable& t, std::vector<std::string>& out) {
    for (const auto& e : t.entries())
        if (!e.key.is_null() && is_str(e.key)) out.push_back(str_of(e.key));
}

void set_attr(ExceptionObject* e, const char* name, const Value& v) {
    if (!e->attrs) {
        e->attrs = new DictObject();
        object_incref(e->attrs);
    }
    e->attrs->table.set_str(name, v);
}

}  // namespace

// The names a NameError's suggestion is chosen from, as CPython 3.12 reads them from
// the frame when the traceback is printed: frame.f_locals + f_globals + f_builtins.
// Locals are copied (the frame ends); globals are read at print time, as CPython does.
struct NameErrorScope {
    std::vector<std::string> locals;
    Value class_namespace;  // a class body's locals: its namespace dict
    Value module;           // f_globals (a module's locals are its globals too)
    bool module_level = false;
    Value self;             // the frame's `self`, for "self.x"
};

namespace {

std::optional<std::string> name_suggestion(const ExceptionObject* e, const std::string& name) {
    const NameErrorScope& scope = *e->name_scope;
    if (!scope.self.is_null()) {
        try {
            if (hasattr(scope.self, name)) return "self." + name;
        } catch (PyException&) {
            // The suggestion is a courtesy: an error while looking for one changes nothing.
        }
    }
    std::vector<std::string> names = scope.locals;
    if (auto* ns = as<DictObject>(scope.class_namespace)) add_keys(ns->table, names);
    auto* m = as<ModuleObject>(scope.module);
    if (m && scope.module_level) add_keys(m->globals(), names);
    if (m) add_keys(m->globals(), names);
    add_keys(Interpreter::get().builtins->globals(), names);
    return closest_name(name, names);
}

}  // namespace

[[noreturn]] void raise_name_error(const std::string& name, const Frame& f) {
    Value exc = new_exception(exc_types().NameError, {str(cat("name '", name, "' is not defined"))});
    auto* e = as<ExceptionObject>(exc);
    set_attr(e, "name", str(name));
    auto scope = std::make_shared<NameErrorScope>();
    scope->module = Value(f.module);
    if (f.ns) {
        scope->class_namespace = Value(f.ns);
    } else if (f.code && f.code->kind != Scope::Kind::Module && f.fast) {
        for (size_t i = 0; i < f.code->fast_names.size(); ++i)
            if (!f.fast[i].is_null()) {
                scope->locals.push_back(f.code->fast_names[i]);
                if (f.code->fast_names[i] == "self") scope->self = f.fast[i];
            }
        for (size_t i = 0; i < f.code->cell_names.size(); ++i)
            if (!f.cells[i]->value.is_null()) {
                scope->locals.push_back(f.code->cell_names[i]);
                if (f.code->cell_names[i] == "self") scope->self = f.cells[i]->value;
            }
    } else {
        scope->module_level = true;
    }
    e->name_scope = std::move(scope);
    raise(exc);
}

[[noreturn]] void raise_attribute_error(const Value& obj, std::string_view name, std::string message) {
    Value exc = new_exception(exc_types().AttributeError, {str(std::move(message))});
    auto* e = as<ExceptionObject>(exc);
    set_attr(e, "name", str(name));
    set_attr(e, "obj", obj);
    raise(exc);
}

std::string did_you_mean_suffix(const Value& exc) {
    auto* e = as<ExceptionObject>(exc);
    if (!e) return "";
    std::optional<std::string> s;
    if (exc.type()->is_subtype(exc_types().NameError)) {
        Value* name = e->attrs ? e->attrs->table.find_str("name") : nullptr;
        if (e->name_scope && name && is_str(*name)) s = name_suggestion(e, str_of(*name));
    } else if (exc.type()->is_subtype(exc_types().AttributeError) && e->attrs) {
        Value* name = e->attrs->table.find_str("name");
        Value* obj = e->attrs->table.find_str("obj");
        if (!name || !obj || !is_str(*name)) return "";
        std::vector<std::string> names;
        try {
            Value dir = *Interpreter::get().builtins->globals().find_str("dir");
            for (const Value& n : to_vector(call(dir, {*obj})))
                if (is_str(n)) names.push_back(str_of(n));
        } catch (PyException&) {
            return "";  // CPython too gives up when dir() fails
        }
        s = closest_name(str_of(*name), names);
    }
    return s ? ". Did you mean: '" + *s + "'?" : "";
}

}  // namespace exo::host
