// Host values seen by CPython: a mirror object holds a host value and answers CPython's
// protocol (attributes, calls, str/repr, comparison, hashing, iteration, indexing) by
// asking the core. Each host type gets its own CPython type of the same name and
// module (`exo.API.Procedure`), so isinstance() and error messages read as they do in
// the embedded host. Attributes a CPython program adds to a mirror type (methods the
// bundled package defines in Python) are found first; the rest are the host value's.
#include <unordered_map>

#include "bridge.h"

namespace exo::cpython {

using host::Value;

namespace {

struct MirrorObject {
    PyObject_HEAD
    Value value;
};

std::unordered_map<host::Object*, PyObject*>& live_mirrors() {
    static std::unordered_map<host::Object*, PyObject*> m;
    return m;
}
std::unordered_map<host::TypeObject*, PyTypeObject*>& mirror_types() {
    static std::unordered_map<host::TypeObject*, PyTypeObject*> m;
    return m;
}

const Value& value_of(PyObject* self) { return reinterpret_cast<MirrorObject*>(self)->value; }

PyObject* ret(const Value& v) { return to_py(v); }

std::string utf8(PyObject* s) {
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(s, &n);
    if (!p) raise_pending_py_error();
    return std::string(p, static_cast<size_t>(n));
}

void mirror_dealloc(PyObject* self) {
    auto* m = reinterpret_cast<MirrorObject*>(self);
    if (host::Object* o = m->value.obj()) live_mirrors().erase(o);
    m->value.~Value();
    PyTypeObject* t = Py_TYPE(self);
    t->tp_free(self);
    Py_DECREF(t);
}

PyObject* mirror_getattro(PyObject* self, PyObject* name) {
    if (_PyType_Lookup(Py_TYPE(self), name)) return PyObject_GenericGetAttr(self, name);
    return guarded([&] { return ret(host::getattr(value_of(self), utf8(name))); });
}

int mirror_setattro(PyObject* self, PyObject* name, PyObject* v) {
    PyObject* r = guarded([&]() -> PyObject* {
        if (v) host::setattr(value_of(self), utf8(name), to_host(v));
        else host::delattr(value_of(self), utf8(name));
        Py_RETURN_NONE;
    });
    if (!r) return -1;
    Py_DECREF(r);
    return 0;
}

PyObject* mirror_repr(PyObject* self) {
    return guarded([&] { return ret(host::str(host::repr(value_of(self)))); });
}
PyObject* mirror_str(PyObject* self) {
    return guarded([&] { return ret(host::str(host::to_str(value_of(self)))); });
}

Py_hash_t mirror_hash(PyObject* self) {
    int64_t h = 0;
    PyObject* r = guarded([&]() -> PyObject* {
        h = host::hash(value_of(self));
        Py_RETURN_NONE;
    });
    if (!r) return -1;
    Py_DECREF(r);
    return h == -1 ? -2 : static_cast<Py_hash_t>(h);
}

PyObject* mirror_richcompare(PyObject* self, PyObject* other, int op) {
    // CPython's Py_LT..Py_GE order against the host's CmpOpKind (Eq, NotEq, Lt, LtE, Gt, GtE).
    static const int host_op[] = {2, 3, 0, 1, 4, 5};
    return guarded([&] { return ret(host::rich_compare(value_of(self), to_host(other), host_op[op])); });
}

PyObject* mirror_call(PyObject* self, PyObject* args, PyObject* kwargs) {
    return guarded([&] {
        std::vector<Value> pos;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args); ++i) pos.push_back(to_host(PyTuple_GET_ITEM(args, i)));
        std::vector<std::string> names;
        std::vector<Value> kwvalues;
        if (kwargs) {
            PyObject *k, *v;
            Py_ssize_t at = 0;
            while (PyDict_Next(kwargs, &at, &k, &v)) {
                names.push_back(utf8(k));
                kwvalues.push_back(to_host(v));
            }
        }
        std::vector<const std::string*> name_ptrs;
        for (const std::string& n : names) name_ptrs.push_back(&n);
        return ret(host::call(value_of(self), host::CallArgs::over(pos, kwvalues, name_ptrs)));
    });
}

// Calling a mirror type calls the host type: `Procedure(p)`.
PyObject* mirror_new(PyTypeObject* cls, PyObject* args, PyObject* kwargs) {
    host::TypeObject* t = mirrored_type(reinterpret_cast<PyObject*>(cls));
    if (!t) {
        PyErr_SetString(PyExc_TypeError, "not a type of exocc's core");
        return nullptr;
    }
    PyObject* host_type = mirror_object(Value(t));
    if (!host_type) return nullptr;
    PyObject* r = mirror_call(host_type, args, kwargs);
    Py_DECREF(host_type);
    return r;
}

PyObject* mirror_iter(PyObject* self) { return guarded([&] { return ret(host::iter(value_of(self))); }); }

PyObject* mirror_iternext(PyObject* self) {
    return guarded([&]() -> PyObject* {
        Value v = host::next(value_of(self));
        if (v.is_null()) return nullptr;  // exhausted: NULL without an error
        return ret(v);
    });
}

Py_ssize_t mirror_length(PyObject* self) {
    int64_t n = -1;
    PyObject* r = guarded([&]() -> PyObject* {
        n = host::len(value_of(self));
        Py_RETURN_NONE;
    });
    if (!r) return -1;
    Py_DECREF(r);
    return static_cast<Py_ssize_t>(n);
}

PyObject* mirror_subscript(PyObject* self, PyObject* key) {
    return guarded([&] { return ret(host::getitem(value_of(self), to_host(key))); });
}

int mirror_bool(PyObject* self) {
    bool t = true;
    PyObject* r = guarded([&]() -> PyObject* {
        t = host::truthy(value_of(self));
        Py_RETURN_NONE;
    });
    if (!r) return -1;
    Py_DECREF(r);
    return t ? 1 : 0;
}

std::string module_of(host::TypeObject* t) {
    if (Value* m = t->dict->table.find_str("__module__"); m && host::is_str(*m)) return host::str_of(*m);
    return "_exo";
}

// Storage for each mirror type's name: PyType_FromSpec keeps a pointer to it.
std::vector<std::unique_ptr<std::string>>& type_names() {
    static std::vector<std::unique_ptr<std::string>> names;
    return names;
}

PyTypeObject* make_mirror_type(host::TypeObject* t) {
    type_names().push_back(std::make_unique<std::string>(module_of(t) + "." + t->name));
    const char* name = type_names().back()->c_str();
    if (t->is_exception) {
        // Exceptions must derive from CPython's BaseException to be raised.
        PyObject* base = nullptr;
        for (host::TypeObject* b : t->bases) {
            base = to_py(Value(b));
            break;
        }
        if (!base) raise_pending_py_error();
        PyObject* cls = PyErr_NewException(name, base, nullptr);
        Py_DECREF(base);
        if (!cls) raise_pending_py_error();
        return reinterpret_cast<PyTypeObject*>(cls);
    }
    bool iterable = t->layout == host::Layout::Iterator || t->layout == host::Layout::Generator || t->lookup("__next__");
    std::vector<PyType_Slot> slots = {
        {Py_tp_dealloc, reinterpret_cast<void*>(mirror_dealloc)},
        {Py_tp_getattro, reinterpret_cast<void*>(mirror_getattro)},
        {Py_tp_setattro, reinterpret_cast<void*>(mirror_setattro)},
        {Py_tp_repr, reinterpret_cast<void*>(mirror_repr)},
        {Py_tp_str, reinterpret_cast<void*>(mirror_str)},
        {Py_tp_hash, reinterpret_cast<void*>(mirror_hash)},
        {Py_tp_richcompare, reinterpret_cast<void*>(mirror_richcompare)},
        {Py_tp_call, reinterpret_cast<void*>(mirror_call)},
        {Py_tp_new, reinterpret_cast<void*>(mirror_new)},
        {Py_nb_bool, reinterpret_cast<void*>(mirror_bool)},
    };
    if (iterable) {
        slots.push_back({Py_tp_iter, reinterpret_cast<void*>(PyObject_SelfIter)});
        slots.push_back({Py_tp_iternext, reinterpret_cast<void*>(mirror_iternext)});
    } else if (t->lookup("__iter__")) {
        slots.push_back({Py_tp_iter, reinterpret_cast<void*>(mirror_iter)});
    }
    if (t->lookup("__len__")) slots.push_back({Py_mp_length, reinterpret_cast<void*>(mirror_length)});
    if (t->lookup("__getitem__")) slots.push_back({Py_mp_subscript, reinterpret_cast<void*>(mirror_subscript)});
    slots.push_back({0, nullptr});
    PyType_Spec spec{name, sizeof(MirrorObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, slots.data()};
    PyObject* cls = PyType_FromSpec(&spec);
    if (!cls) raise_pending_py_error();
    return reinterpret_cast<PyTypeObject*>(cls);
}

}  // namespace

PyTypeObject* mirror_type(host::TypeObject* t) {
    auto& types = mirror_types();
    if (auto it = types.find(t); it != types.end()) return it->second;
    PyTypeObject* m = make_mirror_type(t);
    types.emplace(t, m);
    return m;
}

host::TypeObject* mirrored_type(PyObject* cls) {
    for (auto& [h, m] : mirror_types())
        if (reinterpret_cast<PyObject*>(m) == cls) return h;
    return nullptr;
}

const Value* mirrored_value(PyObject* o) {
    PyTypeObject* t = Py_TYPE(o);
    if (t->tp_dealloc != mirror_dealloc) return nullptr;
    return &value_of(o);
}

PyObject* mirror_object(const Value& v) {
    host::Object* o = v.obj();
    auto& live = live_mirrors();
    if (o)
        if (auto it = live.find(o); it != live.end()) {
            Py_INCREF(it->second);
            return it->second;
        }
    PyTypeObject* t = mirror_type(v.type());
    if (t->tp_dealloc != mirror_dealloc) {  // an exception class: instances are made by calling it
        PyErr_SetString(PyExc_TypeError, "host exceptions cross as CPython exceptions");
        return nullptr;
    }
    auto* m = PyObject_New(MirrorObject, t);
    if (!m) return nullptr;
    new (&m->value) Value(v);
    if (o) live.emplace(o, reinterpret_cast<PyObject*>(m));
    return reinterpret_cast<PyObject*>(m);
}

}  // namespace exo::cpython
