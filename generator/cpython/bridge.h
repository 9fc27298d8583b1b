// The CPython host: exocc's core inside a CPython process (the `_exo` extension module).
//
// The core is written against the embedded interpreter's object protocol (host::Value,
// getattr, call, str, ...). That protocol is the host interface: the CPython host
// implements it for CPython objects by wrapping each one in a host value whose
// operations call back into CPython (py_in_host.cpp), and it shows host values to
// CPython as objects whose operations call into the core (host_in_py.cpp). Plain data
// (None, bool, int, float, str, bytes, tuple, list, dict, set) is copied across;
// everything else crosses by reference, keeping its identity in both directions.
//
// Classes of the bundled `exo` package exist in both interpreters (the same files run
// in each): a class crosses as its namesake on the other side, so `DRAM` is `DRAM`
// wherever it is looked at. A CPython class derived from one of them (a user's Memory
// or Extern) crosses as a host class with the same bases whose methods call the
// CPython ones.
#pragma once

#include <Python.h>

#include "../host/runtime.h"

namespace exo::cpython {

// Sets up the embedded runtime (once) with the bundled modules under `lib_root` (the
// directory that holds `exo/`), `std_root` and `hw_root`.
void init_core(const std::string& lib_root, const std::string& std_root, const std::string& hw_root);

// host -> CPython: a new reference, or null with a CPython error set.
PyObject* to_py(const host::Value& v);
// CPython -> host; raises a host exception on failure.
host::Value to_host(PyObject* o);
// CPython -> host for a value the core's Python goes on using as CPython would (a name
// of the defining scope, what a CPython object's attribute, call, item or iterator
// gives): lists, dicts and sets are the CPython objects themselves, so that changes
// made through them are seen by CPython (`with catch_warnings(record=True) as log`
// fills `log`); the rest as to_host.
host::Value to_host_shared(PyObject* o);

// The CPython error in flight, raised as a host exception (for calls from the core into
// CPython). The original exception object comes back unchanged if it returns to CPython.
[[noreturn]] void raise_pending_py_error();
// The host exception in flight, set as the CPython error; returns null for `return`.
PyObject* set_py_error(const host::PyException& e);

// Runs `f` (which returns a new PyObject* reference) with every host or C++ exception
// turned into the CPython error it stands for.
template <class F>
PyObject* guarded(F&& f) {
    try {
        return f();
    } catch (const host::PyException& e) {
        return set_py_error(e);
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, (std::string("internal error in exocc: ") + e.what()).c_str());
        return nullptr;
    }
}

// A CPython type standing for host values of host type `t` (created on first use).
PyTypeObject* mirror_type(host::TypeObject* t);
// The host type a mirror type stands for, or null.
host::TypeObject* mirrored_type(PyObject* cls);
// The host value a mirror object stands for, or null if `o` is not a mirror object.
const host::Value* mirrored_value(PyObject* o);
// A mirror object for host value `v` (the same object for the same host object).
PyObject* mirror_object(const host::Value& v);

// A host value standing for CPython object `o` (the same one for the same object).
host::Value py_value(PyObject* o);
// The CPython object a host value stands for, or null.
PyObject* py_object_of(const host::Value& v);

}  // namespace exo::cpython
