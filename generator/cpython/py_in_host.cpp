// CPython objects seen by the core: a host value of type `CPythonObject` that holds a
// CPython reference and answers every operation (attributes, calls, str, comparison,
// hashing, iteration, indexing, numbers) by asking CPython. The core calls into user
// objects (Memory classes, externs, instruction templates, unquoted Python) through
// these operations only, so a CPython object works wherever an embedded one does.
#include <unordered_map>

#include "bridge.h"

namespace exo::cpython {

using host::CallArgs;
using host::Value;

namespace {

struct PyRefObject : host::NativeObject {
    PyObject* obj;
    PyRefObject(host::TypeObject* t, PyObject* o) : NativeObject(t), obj(o) { Py_INCREF(o); }
    ~PyRefObject() override;
};

// One host value per CPython object, while it lives: `is` keeps its meaning.
std::unordered_map<PyObject*, PyRefObject*>& live_refs() {
    static std::unordered_map<PyObject*, PyRefObject*> m;
    return m;
}

PyRefObject::~PyRefObject() {
    live_refs().erase(obj);
    Py_DECREF(obj);
}

host::TypeObject* g_pyref_t = nullptr;

PyObject* self_obj(const Value& self) {
    auto* o = host::as<host::NativeObject>(self);
    if (!o || o->type != g_pyref_t) host::raise(host::exc_types().TypeError, "expected a CPython object");
    return static_cast<PyRefObject*>(o)->obj;
}

// A new reference from a CPython call, or the CPython error raised in the host.
PyObject* checked(PyObject* r) {
    if (!r) raise_pending_py_error();
    return r;
}

Value take(PyObject* r) {
    checked(r);
    Value v = to_host(r);
    Py_DECREF(r);
    return v;
}

// The same for what the core's Python goes on using (bridge.h, to_host_shared).
Value take_shared(PyObject* r) {
    checked(r);
    Value v = to_host_shared(r);
    Py_DECREF(r);
    return v;
}

struct PyArgs {
    PyObject* args = nullptr;
    PyObject* kwargs = nullptr;
    ~PyArgs() {
        Py_XDECREF(args);
        Py_XDECREF(kwargs);
    }
};

void build_args(const CallArgs& a, size_t skip, PyArgs& out) {
    out.args = checked(PyTuple_New(static_cast<Py_ssize_t>(a.npos - skip)));
    for (size_t i = skip; i < a.npos; ++i) {
        PyObject* item = to_py(a[i]);
        if (!item) raise_pending_py_error();
        PyTuple_SET_ITEM(out.args, static_cast<Py_ssize_t>(i - skip), item);
    }
    if (a.nkw) {
        out.kwargs = checked(PyDict_New());
        for (size_t k = 0; k < a.nkw; ++k) {
            PyObject* v = to_py(a.kwvalues[k]);
            if (!v) raise_pending_py_error();
            int rc = PyDict_SetItemString(out.kwargs, a.kwnames[k]->c_str(), v);
            Py_DECREF(v);
            if (rc != 0) raise_pending_py_error();
        }
    }
}

PyObject* arg_py(const CallArgs& a, size_t i) {
    PyObject* o = to_py(a[i]);
    if (!o) raise_pending_py_error();
    return o;
}

Value m_getattr(const Value& self, const CallArgs& a) {
    host::check_positional("__getattr__", a, 1, 1);
    return take_shared(PyObject_GetAttrString(self_obj(self), host::to_string_ref(a[0], "name").c_str()));
}

Value m_setattr(const Value& self, const CallArgs& a) {
    host::check_positional("__setattr__", a, 2, 2);
    PyObject* v = arg_py(a, 1);
    int rc = PyObject_SetAttrString(self_obj(self), host::to_string_ref(a[0], "name").c_str(), v);
    Py_DECREF(v);
    if (rc != 0) raise_pending_py_error();
    return Value::none();
}

Value m_call(const Value& self, const CallArgs& a) {
    PyArgs args;
    build_args(a, 0, args);
    return take_shared(PyObject_Call(self_obj(self), args.args, args.kwargs));
}

Value m_repr(const Value& self, const CallArgs&) { return take(PyObject_Repr(self_obj(self))); }
Value m_str(const Value& self, const CallArgs&) { return take(PyObject_Str(self_obj(self))); }

Value m_format(const Value& self, const CallArgs& a) {
    host::check_positional("__format__", a, 1, 1);
    PyObject* spec = arg_py(a, 0);
    PyObject* r = PyObject_Format(self_obj(self), spec);
    Py_DECREF(spec);
    return take(r);
}

Value m_hash(const Value& self, const CallArgs&) {
    Py_hash_t h = PyObject_Hash(self_obj(self));
    if (h == -1 && PyErr_Occurred()) raise_pending_py_error();
    return Value::integer(h);
}

Value m_bool(const Value& self, const CallArgs&) {
    int t = PyObject_IsTrue(self_obj(self));
    if (t < 0) raise_pending_py_error();
    return Value::boolean(t != 0);
}

Value m_len(const Value& self, const CallArgs&) {
    Py_ssize_t n = PyObject_Length(self_obj(self));
    if (n < 0) raise_pending_py_error();
    return Value::integer(n);
}

Value m_iter(const Value& self, const CallArgs&) { return take(PyObject_GetIter(self_obj(self))); }

Value m_next(const Value& self, const CallArgs&) {
    PyObject* it = self_obj(self);
    if (!PyIter_Check(it)) host::raise(host::exc_types().TypeError, "'" + std::string(Py_TYPE(it)->tp_name) + "' object is not an iterator");
    PyObject* r = PyIter_Next(it);
    if (!r) {
        if (PyErr_Occurred()) raise_pending_py_error();
        host::raise(host::new_exception(host::exc_types().StopIteration, {}));
    }
    return take_shared(r);
}

Value m_getitem(const Value& self, const CallArgs& a) {
    host::check_positional("__getitem__", a, 1, 1);
    PyObject* k = arg_py(a, 0);
    PyObject* r = PyObject_GetItem(self_obj(self), k);
    Py_DECREF(k);
    return take_shared(r);
}

Value m_setitem(const Value& self, const CallArgs& a) {
    host::check_positional("__setitem__", a, 2, 2);
    PyObject* k = arg_py(a, 0);
    PyObject* v = to_py(a[1]);
    int rc = v ? PyObject_SetItem(self_obj(self), k, v) : -1;
    Py_DECREF(k);
    Py_XDECREF(v);
    if (rc != 0) raise_pending_py_error();
    return Value::none();
}

Value m_contains(const Value& self, const CallArgs& a) {
    host::check_positional("__contains__", a, 1, 1);
    PyObject* k = arg_py(a, 0);
    int r = PySequence_Contains(self_obj(self), k);
    Py_DECREF(k);
    if (r < 0) raise_pending_py_error();
    return Value::boolean(r != 0);
}

Value m_index(const Value& self, const CallArgs&) { return take(PyNumber_Index(self_obj(self))); }
Value m_int(const Value& self, const CallArgs&) { return take(PyNumber_Long(self_obj(self))); }
Value m_float(const Value& self, const CallArgs&) { return take(PyNumber_Float(self_obj(self))); }

// A CPython function stored in a host class (a translated user class) binds like a
// method: `obj.f` gives f bound to obj, as in CPython.
Value m_get(const Value& self, const CallArgs& a) {
    host::check_positional("__get__", a, 1, 2);
    PyObject* f = self_obj(self);
    if (a[0].is_none() || !PyFunction_Check(f)) return self;
    PyObject* inst = arg_py(a, 0);
    PyObject* m = PyMethod_New(f, inst);
    Py_DECREF(inst);
    return take(m);
}

template <int Op>
Value m_compare(const Value& self, const CallArgs& a) {
    host::check_positional("comparison", a, 1, 1);
    PyObject* other = arg_py(a, 0);
    PyObject* r = PyObject_RichCompare(self_obj(self), other, Op);
    Py_DECREF(other);
    return take(r);
}

template <PyObject* (*Fn)(PyObject*, PyObject*), bool Reflected>
Value m_binary(const Value& self, const CallArgs& a) {
    host::check_positional("operator", a, 1, 1);
    PyObject* other = arg_py(a, 0);
    PyObject* r = Reflected ? Fn(other, self_obj(self)) : Fn(self_obj(self), other);
    Py_DECREF(other);
    return take(r);
}

template <PyObject* (*Fn)(PyObject*)>
Value m_unary(const Value& self, const CallArgs&) {
    return take(Fn(self_obj(self)));
}

host::TypeObject* pyref_type() {
    if (g_pyref_t) return g_pyref_t;
    auto* t = host::new_builtin_type("CPythonObject", host::types().object, host::Layout::Native);
    // `__module__` and the like are the CPython object's, asked through __getattr__.
    t->dict->table.erase(host::str("__module__"));
    // Dunders dispatch through the type's namespace, as for a class statement's class.
    t->is_heap = true;
    host::add_method(t, "__getattr__", m_getattr);
    host::add_method(t, "__setattr__", m_setattr);
    host::add_method(t, "__call__", m_call);
    host::add_method(t, "__repr__", m_repr);
    host::add_method(t, "__str__", m_str);
    host::add_method(t, "__format__", m_format);
    host::add_method(t, "__hash__", m_hash);
    host::add_method(t, "__bool__", m_bool);
    host::add_method(t, "__len__", m_len);
    host::add_method(t, "__iter__", m_iter);
    host::add_method(t, "__next__", m_next);
    host::add_method(t, "__getitem__", m_getitem);
    host::add_method(t, "__setitem__", m_setitem);
    host::add_method(t, "__contains__", m_contains);
    host::add_method(t, "__index__", m_index);
    host::add_method(t, "__int__", m_int);
    host::add_method(t, "__float__", m_float);
    host::add_method(t, "__get__", m_get);
    host::add_method(t, "__eq__", m_compare<Py_EQ>);
    host::add_method(t, "__ne__", m_compare<Py_NE>);
    host::add_method(t, "__lt__", m_compare<Py_LT>);
    host::add_method(t, "__le__", m_compare<Py_LE>);
    host::add_method(t, "__gt__", m_compare<Py_GT>);
    host::add_method(t, "__ge__", m_compare<Py_GE>);
    host::add_method(t, "__add__", m_binary<PyNumber_Add, false>);
    host::add_method(t, "__radd__", m_binary<PyNumber_Add, true>);
    host::add_method(t, "__sub__", m_binary<PyNumber_Subtract, false>);
    host::add_method(t, "__rsub__", m_binary<PyNumber_Subtract, true>);
    host::add_method(t, "__mul__", m_binary<PyNumber_Multiply, false>);
    host::add_method(t, "__rmul__", m_binary<PyNumber_Multiply, true>);
    host::add_method(t, "__truediv__", m_binary<PyNumber_TrueDivide, false>);
    host::add_method(t, "__rtruediv__", m_binary<PyNumber_TrueDivide, true>);
    host::add_method(t, "__floordiv__", m_binary<PyNumber_FloorDivide, false>);
    host::add_method(t, "__rfloordiv__", m_binary<PyNumber_FloorDivide, true>);
    host::add_method(t, "__mod__", m_binary<PyNumber_Remainder, false>);
    host::add_method(t, "__rmod__", m_binary<PyNumber_Remainder, true>);
    host::add_method(t, "__matmul__", m_binary<PyNumber_MatrixMultiply, false>);
    host::add_method(t, "__rmatmul__", m_binary<PyNumber_MatrixMultiply, true>);
    host::add_method(t, "__and__", m_binary<PyNumber_And, false>);
    host::add_method(t, "__or__", m_binary<PyNumber_Or, false>);
    host::add_method(t, "__neg__", m_unary<PyNumber_Negative>);
    host::add_method(t, "__pos__", m_unary<PyNumber_Positive>);
    g_pyref_t = t;
    return t;
}

}  // namespace

Value py_value(PyObject* o) {
    auto& live = live_refs();
    if (auto it = live.find(o); it != live.end()) return Value(it->second);
    auto* r = new PyRefObject(pyref_type(), o);
    live.emplace(o, r);
    return Value(r);
}

PyObject* py_object_of(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    if (!o || o->type != g_pyref_t) return nullptr;
    return static_cast<PyRefObject*>(o)->obj;
}

}  // namespace exo::cpython
