#include "did_you_mean.h"

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

[[noreturn]] void raise_name_error(const std::string& name, const Frame& f) {
    Value exc = new_exception(exc_types().NameError, {str(cat("name '", name, "' is not defined"))});
    auto* e = as<ExceptionObject>(exc);
    set_attr(e, "name", str(name));
    // frame.f_locals + frame.f_globals + frame.f_builtins, in that order (a module's
    // locals are its globals, so they count twice towards the 750-name limit).
    std::vector<std::string> names;
    const Value* self = nullptr;
    if (f.ns) {
        add_keys(f.ns->table, names);
    } else if (f.code && f.code->kind != Scope::Kind::Module && f.fast) {
        for (size_t i = 0; i < f.code->fast_names.size(); ++i)
            if (!f.fast[i].is_null()) {
                names.push_back(f.code->fast_names[i]);
                if (f.code->fast_names[i] == "self") self = &f.fast[i];
            }
        for (size_t i = 0; i < f.code->cell_names.size(); ++i)
            if (!f.cells[i]->value.is_null()) {
                names.push_back(f.code->cell_names[i]);
                if (f.code->cell_names[i] == "self") self = &f.cells[i]->value;
            }
    } else {
        add_keys(f.module->globals(), names);
    }
    bool self_has = false;
    try {
        self_has = self && hasattr(*self, name);
    } catch (PyException&) {
        // The suggestion is a courtesy: an error while looking for one keeps the NameError.
    }
    if (self_has) {
        e->name_suggestion = "self." + name;
    } else {
        add_keys(f.module->globals(), names);
        add_keys(Interpreter::get().builtins->globals(), names);
        if (auto s = closest_name(name, names)) e->name_suggestion = *s;
    }
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
        if (!e->name_suggestion.empty()) s = e->name_suggestion;
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
