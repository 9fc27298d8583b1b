// Values across the two interpreters: copies for plain data, references for the rest,
// namesakes for the bundled package's classes, and exceptions in both directions.
#include "bridge.h"

#include <unordered_map>

#include "../frontend/exo_module.h"
#include "../host/interp.h"

namespace exo::cpython {

using host::Value;

namespace {

// Owned references on both sides, for as long as the process lives: classes, and the
// objects translated between them (externs and the like), are few and long-lived.
struct ClassMaps {
    std::unordered_map<PyObject*, Value> to_host;        // CPython class -> host class
    std::unordered_map<host::Object*, PyObject*> to_py;  // host class -> CPython class
    std::unordered_map<PyObject*, Value> objects_to_host;
    std::unordered_map<host::Object*, PyObject*> objects_to_py;
    bool builtins_done = false;
};
ClassMaps& maps() {
    static ClassMaps m;
    return m;
}

void pair_classes(PyObject* py, const Value& h) {
    ClassMaps& m = maps();
    Py_INCREF(py);
    m.to_host.emplace(py, h);
    m.to_py.emplace(h.obj(), py);
}

void pair_objects(PyObject* py, const Value& h) {
    ClassMaps& m = maps();
    Py_INCREF(py);
    m.objects_to_host.emplace(py, h);
    m.objects_to_py.emplace(h.obj(), py);  // h's object is kept alive by objects_to_host
}

// int, str, list, ValueError...: the builtins of the same name pair up.
void pair_builtins() {
    ClassMaps& m = maps();
    if (m.builtins_done) return;
    m.builtins_done = true;
    PyObject* py_builtins = PyEval_GetBuiltins();  // borrowed
    for (const auto& e : host::Interpreter::get().builtins->globals().entries()) {
        if (e.key.is_null() || !host::as<host::TypeObject>(e.value)) continue;
        PyObject* py = PyDict_GetItemString(py_builtins, host::str_of(e.key).c_str());
        if (py && PyType_Check(py)) pair_classes(py, e.value);
    }
}

bool is_bundled_module(const std::string& name) { return name == "exo" || name.rfind("exo.", 0) == 0; }

std::string py_str(PyObject* o) {
    Py_ssize_t n = 0;
    const char* p = o && PyUnicode_Check(o) ? PyUnicode_AsUTF8AndSize(o, &n) : nullptr;
    if (!p) {
        PyErr_Clear();
        return "";
    }
    return std::string(p, static_cast<size_t>(n));
}

std::string py_attr_str(PyObject* o, const char* name) {
    PyObject* a = PyObject_GetAttrString(o, name);
    if (!a) {
        PyErr_Clear();
        return "";
    }
    std::string s = py_str(a);
    Py_DECREF(a);
    return s;
}

// `module.qualname` looked up in the embedded interpreter (the same bundled files).
Value host_namesake(const std::string& module, const std::string& qualname) {
    host::Interpreter& in = host::Interpreter::get();
    in.import_module(module, Value(), 0, Value());
    Value v = host::getitem(in.sys_modules, host::str(module));
    size_t at = 0;
    while (at <= qualname.size()) {
        size_t end = qualname.find('.', at);
        v = host::getattr(v, qualname.substr(at, end == std::string::npos ? std::string::npos : end - at));
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return v;
}

PyObject* py_namesake(const std::string& module, const std::string& qualname) {
    PyObject* v = PyImport_ImportModule(module.c_str());
    if (!v) return nullptr;
    size_t at = 0;
    while (v && at <= qualname.size()) {
        size_t end = qualname.find('.', at);
        std::string part = qualname.substr(at, end == std::string::npos ? std::string::npos : end - at);
        PyObject* next = PyObject_GetAttrString(v, part.c_str());
        Py_DECREF(v);
        v = next;
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return v;
}

Value class_to_host(PyObject* cls);

// A CPython class derived from a bundled one (a user's Memory): a host class with the
// same name and bases whose attributes are the CPython ones, methods calling CPython.
Value translate_class(PyObject* cls, std::vector<Value> bases) {
    auto* t = reinterpret_cast<PyTypeObject*>(cls);
    Value ns = host::dict();
    PyObject *k, *v;
    Py_ssize_t at = 0;
    PyObject* dict = t->tp_dict;
    while (PyDict_Next(dict, &at, &k, &v)) {
        std::string name = py_str(k);
        if (name == "__dict__" || name == "__weakref__") continue;
        Value hv;
        if (Py_IS_TYPE(v, &PyClassMethod_Type) || Py_IS_TYPE(v, &PyStaticMethod_Type)) {
            PyObject* f = PyObject_GetAttrString(v, "__func__");
            if (!f) raise_pending_py_error();
            Value wrapped = py_value(f);
            Py_DECREF(f);
            Value deco = host::getattr(Value(host::Interpreter::get().builtins),
                                       Py_IS_TYPE(v, &PyClassMethod_Type) ? "classmethod" : "staticmethod");
            hv = host::call(deco, {wrapped});
        } else {
            hv = to_host(v);
        }
        host::setitem(ns, host::str(name), hv);
    }
    Value meta = host::getattr(Value(host::Interpreter::get().builtins), "type");
    Value h = host::call(meta, {host::str(py_attr_str(cls, "__name__")), host::tuple(std::move(bases)), ns});
    if (auto* ht = host::as<host::TypeObject>(h)) ht->qualname = py_attr_str(cls, "__qualname__");
    return h;
}

Value class_to_host(PyObject* cls) {
    pair_builtins();
    ClassMaps& m = maps();
    if (auto it = m.to_host.find(cls); it != m.to_host.end()) return it->second;
    if (host::TypeObject* h = mirrored_type(cls)) return Value(h);
    std::string module = py_attr_str(cls, "__module__");
    Value h;
    std::string qualname = py_attr_str(cls, "__qualname__");
    // A class made inside a function of a bundled module (a memory factory) has no name
    // to find it by on the other side: it is translated like a user's class.
    if (is_bundled_module(module) && qualname.find("<locals>") == std::string::npos) {
        h = host_namesake(module, qualname);
    } else {
        // Derived from host classes, one of them more than object (a user's Memory,
        // Extern or exception): translate. Anything else stays a CPython object.
        bool all_host = true, derived = false;
        std::vector<Value> host_bases;
        PyObject* bases = reinterpret_cast<PyTypeObject*>(cls)->tp_bases;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(bases); ++i) {
            host_bases.push_back(class_to_host(PyTuple_GET_ITEM(bases, i)));
            auto* bt = host::as<host::TypeObject>(host_bases.back());
            if (!bt) all_host = false;
            else if (bt != host::types().object) derived = true;
        }
        h = all_host && derived ? translate_class(cls, std::move(host_bases)) : py_value(cls);
    }
    pair_classes(cls, h);
    return h;
}

PyObject* enum_base() {  // enum.Enum, or null
    static PyObject* enum_cls = nullptr;
    if (!enum_cls) {
        PyObject* mod = PyImport_ImportModule("enum");
        if (!mod) return PyErr_Clear(), nullptr;
        enum_cls = PyObject_GetAttrString(mod, "Enum");
        Py_DECREF(mod);
        if (!enum_cls) PyErr_Clear();
    }
    return enum_cls;
}

bool is_enum_member(PyObject* o) {
    PyObject* e = enum_base();
    int r = e ? PyObject_IsInstance(o, e) : 0;
    if (r < 0) PyErr_Clear();
    return r > 0;
}

bool is_enum_class(PyObject* cls) {
    PyObject* e = enum_base();
    int r = e ? PyObject_IsSubclass(cls, e) : 0;
    if (r < 0) PyErr_Clear();
    return r > 0;
}

// An instance of a class that crossed as a host class (an Extern): the same attributes
// on an instance of that host class.
Value object_to_host(PyObject* o, const Value& host_cls) {
    ClassMaps& m = maps();
    if (auto it = m.objects_to_host.find(o); it != m.objects_to_host.end()) return it->second;
    if (is_enum_member(o)) {
        Value h = host::getattr(host_cls, py_attr_str(o, "name"));
        pair_objects(o, h);
        return h;
    }
    PyObject* d = PyObject_GetAttrString(o, "__dict__");
    if (!d || !PyDict_Check(d)) {
        PyErr_Clear();
        Py_XDECREF(d);
        return py_value(o);
    }
    Value object_t = Value(host::types().object);
    Value h = host::call(host::getattr(object_t, "__new__"), {host_cls});
    pair_objects(o, h);
    PyObject *k, *v;
    Py_ssize_t at = 0;
    while (PyDict_Next(d, &at, &k, &v)) host::setattr(h, py_str(k), to_host(v));
    Py_DECREF(d);
    return h;
}

PyObject* object_to_py(const Value& v, PyObject* cls) {
    ClassMaps& m = maps();
    if (auto it = m.objects_to_py.find(v.obj()); it != m.objects_to_py.end()) {
        Py_INCREF(it->second);
        return it->second;
    }
    if (is_enum_class(cls)) {  // a member crosses as the member of the same name
        PyObject* member = PyObject_GetAttrString(cls, host::to_str(host::getattr(v, "name")).c_str());
        if (member) pair_objects(member, v);
        return member;
    }
    if (v.obj()->attrs == nullptr) return mirror_object(v);
    PyObject* inst = PyObject_CallMethod(cls, "__new__", "O", cls);
    if (!inst) return nullptr;
    pair_objects(inst, v);
    Py_DECREF(inst);  // pair_objects holds it
    for (const auto& e : v.obj()->attrs->table.entries()) {
        if (e.key.is_null()) continue;
        PyObject* val = to_py(e.value);
        if (!val || PyObject_SetAttrString(inst, host::str_of(e.key).c_str(), val) != 0) {
            Py_XDECREF(val);
            return nullptr;
        }
        Py_DECREF(val);
    }
    Py_INCREF(inst);
    return inst;
}

PyObject* class_to_py(host::TypeObject* t) {
    pair_builtins();
    ClassMaps& m = maps();
    if (auto it = m.to_py.find(t); it != m.to_py.end()) {
        Py_INCREF(it->second);
        return it->second;
    }
    if (t->is_heap) {
        std::string module;
        if (Value* mod = t->dict->table.find_str("__module__"); mod && host::is_str(*mod)) module = host::str_of(*mod);
        if (is_bundled_module(module)) {
            PyObject* py = py_namesake(module, t->qualname.empty() ? t->name : t->qualname);
            if (py && PyType_Check(py)) {
                pair_classes(py, Value(t));
                return py;
            }
            Py_XDECREF(py);
            PyErr_Clear();
        }
    }
    PyObject* py = reinterpret_cast<PyObject*>(mirror_type(t));
    Py_INCREF(py);
    return py;
}

PyObject* list_to_py(const std::vector<Value>& items, bool tuple) {
    PyObject* out = tuple ? PyTuple_New(static_cast<Py_ssize_t>(items.size())) : PyList_New(static_cast<Py_ssize_t>(items.size()));
    if (!out) return nullptr;
    for (size_t i = 0; i < items.size(); ++i) {
        PyObject* item = to_py(items[i]);
        if (!item) {
            Py_DECREF(out);
            return nullptr;
        }
        if (tuple) PyTuple_SET_ITEM(out, static_cast<Py_ssize_t>(i), item);
        else PyList_SET_ITEM(out, static_cast<Py_ssize_t>(i), item);
    }
    return out;
}

// Host exceptions that stand for a CPython one (raised by CPython code the core
// called): the original, given back when the exception returns to CPython.
std::unordered_map<host::Object*, PyObject*>& original_exceptions() {
    static std::unordered_map<host::Object*, PyObject*> m;
    return m;
}

}  // namespace

PyObject* to_py(const Value& v) {
    switch (v.tag()) {
    case Value::Tag::Null:
    case Value::Tag::None: Py_RETURN_NONE;
    case Value::Tag::Bool: return PyBool_FromLong(v.as_bool());
    case Value::Tag::Int: return PyLong_FromLongLong(v.as_int());
    case Value::Tag::Float: return PyFloat_FromDouble(v.as_float());
    case Value::Tag::Obj: break;
    }
    host::TypeObject* t = v.type();
    const host::BuiltinTypes& bt = host::types();
    if (PyObject* o = py_object_of(v)) {
        Py_INCREF(o);
        return o;
    }
    if (t == bt.str) {
        const std::string& s = host::str_of(v);
        return PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "surrogatepass");
    }
    if (t == bt.bytes) {
        const std::string& s = host::as<host::BytesObject>(v)->s;
        return PyBytes_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size()));
    }
    if (t == bt.tuple) return list_to_py(host::as<host::TupleObject>(v)->items, true);
    if (t == bt.list) return list_to_py(host::as<host::ListObject>(v)->items, false);
    if (t == bt.dict) {
        PyObject* out = PyDict_New();
        for (const auto& e : host::as<host::DictObject>(v)->table.entries()) {
            if (e.key.is_null()) continue;
            PyObject* k = to_py(e.key);
            PyObject* val = k ? to_py(e.value) : nullptr;
            int rc = val ? PyDict_SetItem(out, k, val) : -1;
            Py_XDECREF(k);
            Py_XDECREF(val);
            if (rc != 0) {
                Py_DECREF(out);
                return nullptr;
            }
        }
        return out;
    }
    if (t == bt.set || t == bt.frozenset) {
        PyObject* out = t == bt.set ? PySet_New(nullptr) : PyFrozenSet_New(nullptr);
        for (const auto& e : host::as<host::SetObject>(v)->table.entries()) {
            if (e.key.is_null()) continue;
            PyObject* k = to_py(e.key);
            int rc = k ? PySet_Add(out, k) : -1;
            Py_XDECREF(k);
            if (rc != 0) {
                Py_DECREF(out);
                return nullptr;
            }
        }
        return out;
    }
    if (auto* cls = host::as<host::TypeObject>(v)) return class_to_py(cls);
    // Instances of subclasses of str, tuple, list (a Sym that prints as its name) cross as
    // the plain value.
    if (auto* s = host::as<host::StrObject>(v))
        return PyUnicode_DecodeUTF8(s->s.data(), static_cast<Py_ssize_t>(s->s.size()), "surrogatepass");
    if (auto* tup = host::as<host::TupleObject>(v)) return list_to_py(tup->items, true);
    if (auto* l = host::as<host::ListObject>(v)) return list_to_py(l->items, false);
    if (host::as<host::ExceptionObject>(v)) {
        if (auto it = original_exceptions().find(v.obj()); it != original_exceptions().end()) {
            Py_INCREF(it->second);
            return it->second;
        }
        PyObject* cls = class_to_py(t);
        PyObject* args = to_py(host::as<host::ExceptionObject>(v)->args);
        PyObject* e = cls && args ? PyObject_Call(cls, args, nullptr) : nullptr;
        Py_XDECREF(cls);
        Py_XDECREF(args);
        return e;
    }
    if (t->is_heap) {
        PyObject* cls = class_to_py(t);
        if (!cls) return nullptr;
        PyObject* r = mirrored_type(cls) ? mirror_object(v) : object_to_py(v, cls);
        Py_DECREF(cls);
        return r;
    }
    return mirror_object(v);
}

namespace {

// Interned Python strings (identifiers and literals, such as the field names of cursor
// paths, which cross the bridge millions of times in a schedule) as one shared host
// string each, instead of a copy per crossing. An entry holds a reference to its string,
// so its address stays that string's; the table stops growing at a bound.
Value copied_str(PyObject* o) {
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(o, &n);
    if (!p) raise_pending_py_error();
    return host::str(std::string(p, static_cast<size_t>(n)));
}

Value interned_str(PyObject* o) {
    static std::unordered_map<PyObject*, Value> table;
    if (auto it = table.find(o); it != table.end()) return it->second;
    Value v = copied_str(o);
    if (table.size() < 4096) {
        Py_INCREF(o);
        table.emplace(o, v);
    }
    return v;
}

}  // namespace

Value to_host(PyObject* o) {
    if (o == Py_None) return Value::none();
    if (PyBool_Check(o)) return Value::boolean(o == Py_True);
    if (PyLong_Check(o)) {
        int overflow = 0;
        long long i = PyLong_AsLongLongAndOverflow(o, &overflow);
        if (overflow) host::raise(host::exc_types().OverflowError, "Python int too large for exocc (64-bit ints only)");
        if (i == -1 && PyErr_Occurred()) raise_pending_py_error();
        return Value::integer(i);
    }
    if (PyFloat_Check(o)) return Value::floating(PyFloat_AS_DOUBLE(o));
    if (PyUnicode_Check(o)) {
        return PyUnicode_CHECK_INTERNED(o) ? interned_str(o) : copied_str(o);
    }
    if (const Value* v = mirrored_value(o)) return *v;
    if (PyBytes_Check(o)) return Value(new host::BytesObject(std::string(PyBytes_AS_STRING(o), static_cast<size_t>(PyBytes_GET_SIZE(o)))));
    if (PyTuple_Check(o)) {  // most often a cursor path: no copy of the sequence
        std::vector<Value> items;
        items.reserve(static_cast<size_t>(PyTuple_GET_SIZE(o)));
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(o); ++i) items.push_back(to_host(PyTuple_GET_ITEM(o, i)));
        return host::tuple(std::move(items));
    }
    if (PyList_Check(o)) {
        std::vector<Value> items;
        PyObject* seq = PySequence_Fast(o, "");
        if (!seq) raise_pending_py_error();
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); ++i) {
            try {
                items.push_back(to_host(PySequence_Fast_GET_ITEM(seq, i)));
            } catch (...) {
                Py_DECREF(seq);
                throw;
            }
        }
        Py_DECREF(seq);
        return host::list(std::move(items));
    }
    if (PyDict_Check(o)) {
        Value d = host::dict();
        PyObject *k, *v;
        Py_ssize_t at = 0;
        while (PyDict_Next(o, &at, &k, &v)) host::setitem(d, to_host(k), to_host(v));
        return d;
    }
    if (PyType_Check(o)) return class_to_host(o);
    if (PyExceptionInstance_Check(o)) return py_value(o);
    PyObject* cls = reinterpret_cast<PyObject*>(Py_TYPE(o));
    if (cls != reinterpret_cast<PyObject*>(&PyFunction_Type) && cls != reinterpret_cast<PyObject*>(&PyModule_Type) &&
        !PyCallable_Check(o)) {
        Value h = class_to_host(cls);
        if (auto* ht = host::as<host::TypeObject>(h); ht && ht->is_heap) return object_to_host(o, h);
    }
    return py_value(o);
}

Value to_host_shared(PyObject* o) {
    return PyList_Check(o) || PyDict_Check(o) || PyAnySet_Check(o) ? py_value(o) : to_host(o);
}

[[noreturn]] void raise_pending_py_error() {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (!type) host::raise(host::exc_types().RuntimeError, "a CPython call failed without an exception");
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb && value) PyException_SetTraceback(value, tb);
    Value cls = class_to_host(type);
    auto* ht = host::as<host::TypeObject>(cls);
    Value args;
    PyObject* py_args = value ? PyObject_GetAttrString(value, "args") : nullptr;
    if (py_args) {
        try {
            args = to_host(py_args);
        } catch (...) {
            args = host::tuple({});
        }
        Py_DECREF(py_args);
    } else {
        PyErr_Clear();
        args = host::tuple({});
    }
    std::vector<Value> items = host::as<host::TupleObject>(args) ? host::as<host::TupleObject>(args)->items : std::vector<Value>{};
    Value exc = ht && ht->is_exception ? host::new_exception(ht, items) : host::new_exception(host::exc_types().Exception, items);
    if (value) {
        original_exceptions().emplace(exc.obj(), value);  // owns `value`
        object_incref(exc.obj());
    }
    Py_XDECREF(type);
    Py_XDECREF(tb);
    host::raise(exc);
}

PyObject* set_py_error(const host::PyException& e) {
    Value exc(e.exc);
    PyObject* py = to_py(exc);
    if (!py) return nullptr;  // making the exception failed: that error stands
    if (!PyExceptionInstance_Check(py)) {
        Py_DECREF(py);
        PyErr_SetString(PyExc_RuntimeError, host::exception_summary(exc).c_str());
        return nullptr;
    }
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(py)), py);
    Py_DECREF(py);
    return nullptr;
}

}  // namespace exo::cpython
