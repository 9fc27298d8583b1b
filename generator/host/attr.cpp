// Attribute access: the descriptor protocol (functions, properties, classmethods,
// staticmethods, user descriptors), instance and class dictionaries, super(), and the
// special attributes of builtin objects (__name__, __dict__, __class__, ...).
#include <algorithm>

#include "did_you_mean.h"
#include "interp.h"

namespace exo::host {

namespace {

bool is_data_descriptor(const Value& d) {
    if (as<PropertyObject>(d)) return true;
    TypeObject* t = d.type();
    if (!t->is_heap) return false;
    return t->lookup("__set__") || t->lookup("__delete__");
}

// Binds a descriptor found on `owner_type` for access through `obj` (Null for class access).
Value bind(const Value& d, const Value& obj, TypeObject* owner_type) {
    Object* o = d.obj();
    if (!o) return d;
    switch (o->type->layout) {
    case Layout::Function:
        if (obj.is_null()) return d;
        return Value(new MethodObject(d, obj));
    case Layout::Builtin: {
        auto* b = static_cast<BuiltinObject*>(o);
        if (!b->self.is_null() || !b->owner) return d;
        if (b->is_classmethod) {
            auto* nb = new BuiltinObject(b->name, b->fn, Value(owner_type));
            nb->owner = b->owner;
            return Value(nb);
        }
        if (obj.is_null()) return d;
        auto* nb = new BuiltinObject(b->name, b->fn, obj);
        nb->owner = b->owner;
        return Value(nb);
    }
    case Layout::ClassMethod:
        return Value(new MethodObject(static_cast<ClassMethodObject*>(o)->func, Value(owner_type)));
    case Layout::StaticMethod:
        return static_cast<ClassMethodObject*>(o)->func;
    case Layout::Property:
        if (obj.is_null()) return d;
        {
            auto* p = static_cast<PropertyObject*>(o);
            if (p->fget.is_null() || p->fget.is_none())
                raise(exc_types().AttributeError, "unreadable attribute");
            return call(p->fget, {obj});
        }
    default:
        break;
    }
    if (o->type->is_heap) {
        if (Value* get = o->type->lookup("__get__"))
            return call(*get, {d, obj.is_null() ? Value::none() : obj, Value(owner_type)});
    }
    return d;
}

Value function_attr(FunctionObject* f, std::string_view name) {
    if (name == "__name__") return str(f->name);
    if (name == "__qualname__") return str(f->qualname);
    if (name == "__doc__") return f->doc.is_null() ? Value::none() : f->doc;
    if (name == "__module__") return f->module_name.is_null() ? Value::none() : f->module_name;
    if (name == "__defaults__") return f->defaults.empty() ? Value::none() : tuple(f->defaults);
    if (name == "__globals__") return Value(f->module->attrs);
    if (name == "__dict__") {
        if (!f->attrs) {
            f->attrs = new DictObject();
            object_incref(f->attrs);
        }
        return Value(f->attrs);
    }
    if (name == "__annotations__") {
        if (f->annotations.is_null()) f->annotations = dict();
        return f->annotations;
    }
    if (name == "__kwdefaults__") {
        const Scope* sc = f->code;
        Value d = dict();
        for (size_t j = 0; j < f->kwdefaults.size(); ++j)
            if (!f->kwdefaults[j].is_null()) setitem(d, str(sc->params[static_cast<size_t>(sc->npositional) + j]), f->kwdefaults[j]);
        return len(d) ? d : Value::none();
    }
    if (name == "__closure__") return Value::none();
    return Value();
}

}  // namespace

namespace {

Value exception_attr(ExceptionObject* e, std::string_view name) {
    if (name == "args") return e->args;
    if (name == "__cause__") return e->cause.is_null() ? Value::none() : e->cause;
    if (name == "__context__") return e->context.is_null() ? Value::none() : e->context;
    if (name == "__suppress_context__") return Value::boolean(e->suppress_context);
    if (name == "__traceback__") return traceback_of(Value(e));
    return Value();
}

Value type_special(TypeObject* t, std::string_view name) {
    if (name == "__name__") return str(t->name);
    if (name == "__qualname__") return str(t->qualname);
    if (name == "__mro__") {
        std::vector<Value> v;
        for (TypeObject* x : t->mro) v.push_back(Value(x));
        return tuple(std::move(v));
    }
    if (name == "__bases__") {
        std::vector<Value> v;
        for (TypeObject* x : t->bases) v.push_back(Value(x));
        return tuple(std::move(v));
    }
    if (name == "__base__") return t->bases.empty() ? Value::none() : Value(t->bases[0]);
    if (name == "__dict__") return Value(t->dict);
    if (name == "__class__") return Value(t->type);
    if (name == "__doc__") {
        Value* d = t->dict->table.find_str("__doc__");
        return d ? *d : Value::none();
    }
    return Value();
}

Value type_getattr(TypeObject* t, std::string_view name) {
    Value sp = type_special(t, name);
    if (!sp.is_null()) return sp;
    TypeObject* meta = t->type;
    Value* md = meta->lookup(name);
    if (md && is_data_descriptor(*md)) return bind(*md, Value(t), meta);
    if (Value* d = t->lookup(name)) {
        Object* o = d->obj();
        if (o && o->type->layout == Layout::Property) return *d;
        return bind(*d, Value(), t);
    }
    if (md) return bind(*md, Value(t), meta);
    if (meta->is_heap) {
        if (Value* ga = meta->lookup("__getattr__")) return call(*ga, {Value(t), str(name)});
    }
    return Value();
}

Value super_getattr(SuperObject* s, std::string_view name) {
    if (name == "__class__") return Value(types().super);
    const auto& mro = s->obj_type->mro;
    size_t i = 0;
    while (i < mro.size() && mro[i] != s->start) ++i;
    bool class_access = as<TypeObject>(s->obj) && s->obj.obj() == s->obj_type;
    for (++i; i < mro.size(); ++i) {
        if (Value* d = mro[i]->dict->table.find_str(name)) {
            if (class_access) {
                // super() inside a classmethod or __new__: bind to the class.
                Object* o = d->obj();
                if (o && o->type->layout == Layout::Function) return *d;
                return bind(*d, Value(), s->obj_type);
            }
            return bind(*d, s->obj, s->obj_type);
        }
    }
    return Value();
}

}  // namespace

namespace {

// Attribute lookup without the __getattr__ fallback; Null when missing. key, when given,
// is intern(name): instance dicts then find it by address.
Value lookup_attr(const Value& obj, std::string_view name, const StrObject* key = nullptr) {
    Object* o = obj.obj();
    if (o) {
        switch (o->type->layout) {
        case Layout::Type:
            return type_getattr(static_cast<TypeObject*>(o), name);
        case Layout::Super:
            return super_getattr(static_cast<SuperObject*>(o), name);
        case Layout::Function:
            if (name.size() > 4 && name.substr(0, 2) == "__") {
                Value v = function_attr(static_cast<FunctionObject*>(o), name);
                if (!v.is_null()) return v;
            }
            break;
        case Layout::Module: {
            if (Value* v = o->attrs->table.find_str(name)) return *v;
            if (name == "__dict__") return Value(o->attrs);
            if (Value* ga = o->attrs->table.find_str("__getattr__")) return call(*ga, {str(name)});
            return Value();
        }
        case Layout::Exception: {
            Value v = exception_attr(static_cast<ExceptionObject*>(o), name);
            if (!v.is_null()) return v;
            break;
        }
        case Layout::Method: {
            auto* m = static_cast<MethodObject*>(o);
            if (name == "__self__") return m->self;
            if (name == "__func__") return m->func;
            if (name == "__name__" || name == "__qualname__" || name == "__doc__" || name == "__module__" ||
                name == "__wrapped__" || name == "__dict__")
                return getattr_or_null(m->func, name);
            // Other plain attributes come from the function (`obj.meth.cache_info()`).
            if (name.substr(0, 2) != "__") {
                Value v = getattr_or_null(m->func, name);
                if (!v.is_null()) return v;
            }
            break;
        }
        case Layout::Builtin: {
            auto* b = static_cast<BuiltinObject*>(o);
            if (name == "__name__") return str(b->name);
            if (name == "__qualname__") return str(b->owner ? b->owner->name + "." + b->name : b->name);
            if (name == "__self__") return b->self.is_null() ? Value::none() : b->self;
            if (name == "__doc__") return Value::none();
            if (name == "__module__") return b->owner ? Value::none() : str("builtins");
            break;
        }
        case Layout::Property: {
            auto* p = static_cast<PropertyObject*>(o);
            if (name == "fget") return p->fget.is_null() ? Value::none() : p->fget;
            if (name == "fset") return p->fset.is_null() ? Value::none() : p->fset;
            if (name == "fdel") return p->fdel.is_null() ? Value::none() : p->fdel;
            if (name == "__doc__") {
                if (!p->doc.is_null()) return p->doc;
                if (!p->fget.is_null()) return getattr_or_null(p->fget, "__doc__");
                return Value::none();
            }
            break;
        }
        case Layout::ClassMethod:
        case Layout::StaticMethod: {
            auto* c = static_cast<ClassMethodObject*>(o);
            if (name == "__func__" || name == "__wrapped__") return c->func;
            if (name == "__isabstractmethod__") return Value::boolean(false);
            break;
        }
        case Layout::Slice: {
            auto* s = static_cast<SliceObject*>(o);
            if (name == "start") return s->start;
            if (name == "stop") return s->stop;
            if (name == "step") return s->step;
            break;
        }
        case Layout::Range: {
            auto* r = static_cast<RangeObject*>(o);
            if (name == "start") return Value::integer(r->start);
            if (name == "stop") return Value::integer(r->stop);
            if (name == "step") return Value::integer(r->step);
            break;
        }
        case Layout::Generator: {
            auto* g = static_cast<GeneratorObject*>(o);
            if (name == "__name__") return str(g->name);
            if (name == "__qualname__") return str(g->qualname);
            break;
        }
        default:
            break;
        }
    }
    if (name == "__class__") return Value(obj.type());
    TypeObject* t = obj.type();
    Value* d = t->lookup(name);
    if (d && is_data_descriptor(*d)) return bind(*d, obj, t);
    if (o && o->attrs) {
        if (Value* v = key ? o->attrs->table.find_name(key) : o->attrs->table.find_str(name)) return *v;
        if (name == "__dict__") return Value(o->attrs);
    }
    if (d) return bind(*d, obj, t);
    return Value();
}

}  // namespace

Value getattr_or_null(const Value& obj, std::string_view name) {
    Value v;
    try {
        v = lookup_attr(obj, name);
    } catch (PyException& e) {
        // A module's __getattr__ (called by lookup_attr) saying "no such attribute".
        if (as<ModuleObject>(obj) && exception_matches(Value(e.exc), exc_types().AttributeError)) return Value();
        throw;
    }
    if (!v.is_null()) return v;
    TypeObject* t = obj.type();
    if (t->is_heap && !as<TypeObject>(obj) && !as<ModuleObject>(obj)) {
        if (Value* ga = t->lookup("__getattr__")) {
            try {
                return call(*ga, {obj, str(name)});
            } catch (PyException& e) {
                if (exception_matches(Value(e.exc), exc_types().AttributeError)) return Value();
                throw;
            }
        }
    }
    return Value();
}

Value special_method(const Value& obj, std::string_view name) {
    TypeObject* t = obj.type();
    Value* d = t->lookup(name);
    if (!d) return Value();
    return bind(*d, obj, t);
}

namespace {

Value getattr_with_key(const Value& obj, std::string_view name, const StrObject* key) {
    Value v = lookup_attr(obj, name, key);
    if (!v.is_null()) return v;
    TypeObject* t = obj.type();
    if (t->is_heap && !as<TypeObject>(obj) && !as<ModuleObject>(obj)) {
        // The user's __getattr__ raises its own AttributeError text.
        if (Value* ga = t->lookup("__getattr__")) return call(*ga, {obj, str(name)});
    }
    if (auto* ty = as<TypeObject>(obj))
        raise_attribute_error(obj, name, cat("type object '", ty->name, "' has no attribute '", name, "'"));
    if (auto* m = as<ModuleObject>(obj))
        raise_attribute_error(obj, name, cat("module '", m->name, "' has no attribute '", name, "'"));
    raise_attribute_error(obj, name, cat("'", type_name(obj), "' object has no attribute '", name, "'"));
}

}  // namespace

Value getattr(const Value& obj, std::string_view name) { return getattr_with_key(obj, name, nullptr); }
Value getattr(const Value& obj, const StrObject* name) { return getattr_with_key(obj, name->s, name); }

bool hasattr(const Value& obj, std::string_view name) {
    try {
        return !getattr_or_null(obj, name).is_null();
    } catch (PyException& e) {
        if (exception_matches(Value(e.exc), exc_types().AttributeError)) return false;
        throw;
    }
}

namespace {

void generic_setattr(const Value& obj, std::string_view name, const Value& v) {
    Object* o = obj.obj();
    TypeObject* t = obj.type();
    if (Value* d = t->lookup(name)) {
        if (auto* p = as<PropertyObject>(*d)) {
            if (p->fset.is_null() || p->fset.is_none())
                raise(exc_types().AttributeError,
                      cat("property '", name, "' of '", t->name, "' object has no setter"));
            call(p->fset, {obj, v});
            return;
        }
        if (d->type()->is_heap) {
            if (Value* set = d->type()->lookup("__set__")) {
                call(*set, {*d, obj, v});
                return;
            }
        }
    }
    if (o && o->type->layout == Layout::Function) {
        auto* f = static_cast<FunctionObject*>(o);
        if (name == "__name__") { f->name = to_string_ref(v, "__name__"); return; }
        if (name == "__qualname__") { f->qualname = to_string_ref(v, "__qualname__"); return; }
        if (name == "__doc__") { f->doc = v; return; }
        if (name == "__module__") { f->module_name = v; return; }
        if (name == "__annotations__") { f->annotations = v; return; }
        if (name == "__defaults__") { f->defaults = v.is_none() ? std::vector<Value>{} : to_vector(v); return; }
        if (name == "__dict__") {
            auto* d = as<DictObject>(v);
            if (!d) raise(exc_types().TypeError, "__dict__ must be set to a dictionary");
            // A copy: replacing attributes can run code (a generator's finally) that changes d.
            std::vector<DictTable::Entry> items = d->table.entries();
            for (auto& e : items)
                if (!e.key.is_null()) generic_setattr(obj, str_of(e.key), e.value);
            return;
        }
        if (!f->attrs) {
            f->attrs = new DictObject();
            object_incref(f->attrs);
        }
    }
    if (o && o->type->layout == Layout::Exception) {
        auto* e = static_cast<ExceptionObject*>(o);
        if (name == "args") { e->args = tuple(to_vector(v)); return; }
        if (name == "__cause__") { e->cause = v.is_none() ? Value() : v; e->suppress_context = true; return; }
        if (name == "__context__") { e->context = v.is_none() ? Value() : v; return; }
        if (name == "__suppress_context__") { e->suppress_context = truthy(v); return; }
        if (name == "__traceback__") return;
        if (!o->attrs) {
            o->attrs = new DictObject();
            object_incref(o->attrs);
        }
    }
    if (auto* ty = as<TypeObject>(obj)) {
        if (!ty->is_heap)
            raise(exc_types().TypeError, cat("cannot set '", name, "' attribute of immutable type '", ty->name, "'"));
        if (name == "__name__") { ty->name = to_string_ref(v, "__name__"); return; }
        if (name == "__qualname__") { ty->qualname = to_string_ref(v, "__qualname__"); return; }
        ty->dict->table.set_str(name, v);
        return;
    }
    if (o && o->attrs) {
        o->attrs->table.set_str(name, v);
        return;
    }
    if (t->lookup(name))
        raise(exc_types().AttributeError, cat("'", t->name, "' object attribute '", name, "' is read-only"));
    raise(exc_types().AttributeError, cat("'", t->name, "' object has no attribute '", name, "'"));
}

void generic_delattr(const Value& obj, std::string_view name) {
    Object* o = obj.obj();
    TypeObject* t = obj.type();
    if (Value* d = t->lookup(name)) {
        if (auto* p = as<PropertyObject>(*d)) {
            if (p->fdel.is_null() || p->fdel.is_none())
                raise(exc_types().AttributeError,
                      cat("property '", name, "' of '", t->name, "' object has no deleter"));
            call(p->fdel, {obj});
            return;
        }
        if (d->type()->is_heap) {
            if (Value* del = d->type()->lookup("__delete__")) {
                call(*del, {*d, obj});
                return;
            }
        }
    }
    if (auto* ty = as<TypeObject>(obj)) {
        if (!ty->is_heap)
            raise(exc_types().TypeError, cat("cannot delete '", name, "' attribute of immutable type '", ty->name, "'"));
        if (!ty->dict->table.erase(str(name)))
            raise(exc_types().AttributeError, cat("type object '", ty->name, "' has no attribute '", name, "'"));
        return;
    }
    if (o && o->attrs && o->attrs->table.erase(str(name))) return;
    raise(exc_types().AttributeError, cat("'", t->name, "' object has no attribute '", name, "'"));
}

}  // namespace

void setattr(const Value& obj, std::string_view name, const Value& v) {
    TypeObject* t = obj.type();
    if (t->is_heap) {
        Value* sa = t->lookup("__setattr__");
        if (sa && !as<BuiltinObject>(*sa)) {
            call(*sa, {obj, str(name), v});
            return;
        }
    }
    generic_setattr(obj, name, v);
}

void delattr(const Value& obj, std::string_view name) {
    TypeObject* t = obj.type();
    if (t->is_heap) {
        Value* da = t->lookup("__delattr__");
        if (da && !as<BuiltinObject>(*da)) {
            call(*da, {obj, str(name)});
            return;
        }
    }
    generic_delattr(obj, name);
}

Value object_setattr(const Value& self, const CallArgs& a) {
    check_positional("__setattr__", a, 2, 2);
    generic_setattr(self, to_string_ref(a[0], "attribute name"), a[1]);
    return Value::none();
}

Value object_delattr(const Value& self, const CallArgs& a) {
    check_positional("__delattr__", a, 1, 1);
    generic_delattr(self, to_string_ref(a[0], "attribute name"));
    return Value::none();
}

Value object_dir(const Value& self, const CallArgs&) {
    Ref<DictObject> seen = make<DictObject>();
    if (Object* o = self.obj(); o && o->attrs) {
        std::vector<DictTable::Entry> attrs = o->attrs->table.entries();  // keys' __hash__ may change it
        for (auto& e : attrs)
            if (!e.key.is_null()) seen->table.set(e.key, Value::none());
    }
    TypeObject* t = as<TypeObject>(self) ? static_cast<TypeObject*>(self.obj()) : self.type();
    for (TypeObject* x : t->mro)
        for (auto& e : x->dict->table.entries())
            if (!e.key.is_null()) seen->table.set(e.key, Value::none());
    std::vector<Value> names;
    for (auto& e : seen->table.entries())
        if (!e.key.is_null()) names.push_back(e.key);
    std::stable_sort(names.begin(), names.end(), [](const Value& a, const Value& b) { return str_of(a) < str_of(b); });
    return list(std::move(names));
}

}  // namespace exo::host
