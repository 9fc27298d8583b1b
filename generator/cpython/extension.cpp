// `import _exo` in CPython: exocc's core as an extension module. The module holds what
// the embedded interpreter's `_exo` holds (the same native functions and types, through
// the bridge), except the decorators and scope capture, which read a CPython function's
// source and scope: those are the CPython host's own, in exo/_cpython_host.py.
#include <sys/stat.h>

#include <cstdlib>

#include "../frontend/exo_module.h"
#include "../host/interp.h"
#include "bridge.h"

namespace exo::host {
std::shared_ptr<const ParsedSource> parse_and_resolve(const std::string& filename, const std::string& text);
}

namespace exo::cpython {

using host::Value;

namespace {

bool is_dir(const std::string& p) {
    struct stat st;
    return stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string parent(const std::string& p) {
    size_t slash = p.find_last_of('/');
    return slash == std::string::npos ? "." : p.substr(0, slash);
}

// The directory that holds the bundled `exo` package: where CPython found it, else
// $EXOCC_LIB's first entry, else the source tree this module was built from.
std::string bundled_lib_root() {
    PyObject* exo = PyImport_GetModule(PyUnicode_FromString("exo"));
    if (exo) {
        PyObject* file = PyObject_GetAttrString(exo, "__file__");
        Py_DECREF(exo);
        if (file && PyUnicode_Check(file)) {
            std::string f = PyUnicode_AsUTF8(file);
            Py_DECREF(file);
            return parent(parent(f));
        }
        Py_XDECREF(file);
    }
    PyErr_Clear();
    if (const char* lib = std::getenv("EXOCC_LIB"); lib && *lib) {
        std::string s = lib;
        return s.substr(0, s.find(':'));
    }
    return std::string(EXOCC_SOURCE_DIR) + "/generator/lib";
}

// _cpython_run(filename, text, scope, extras): runs `text` as a module of the embedded
// interpreter whose globals are `scope` and `extras`, and returns its
// `__exocc_result__`. The decorators run the core's own `proc`, `instr`, `config` this
// way, from a module that defines the decorated statement where the file has it.
PyObject* cpython_run(PyObject*, PyObject* args) {
    const char* filename;
    const char* text;
    PyObject* scope;
    PyObject* extras;
    if (!PyArg_ParseTuple(args, "ssO!O!", &filename, &text, &PyDict_Type, &scope, &PyDict_Type, &extras)) return nullptr;
    return guarded([&] {
        host::Interpreter& in = host::Interpreter::get();
        // Kept for the life of the process, as the embedded host keeps every module in
        // sys.modules: functions and captured scopes point at their module's globals.
        host::ModuleObject* m = new host::ModuleObject("_exocc_cpython_scope");
        m->make_immortal();
        host::DictTable& g = m->globals();
        for (PyObject* d : {scope, extras}) {
            PyObject *k, *v;
            Py_ssize_t at = 0;
            while (PyDict_Next(d, &at, &k, &v)) {
                if (!PyUnicode_Check(k)) continue;
                std::string name = PyUnicode_AsUTF8(k);
                if (name == "__builtins__") continue;
                Value hv;
                try {
                    // Python inside the statement (unquotes, `with python:`) may mutate
                    // what it names.
                    hv = to_host_shared(v);
                } catch (const host::PyException&) {
                    hv = py_value(v);  // e.g. an int beyond 64 bits: seen, not converted
                }
                g.set_str(name, hv);
            }
        }
        g.set_str("__file__", host::str(filename));
        g.set_str("__builtins__", Value(in.builtins));
        in.exec_module(m, host::parse_and_resolve(filename, text));
        Value* r = g.find_str("__exocc_result__");
        if (!r) host::raise(host::exc_types().RuntimeError, "_cpython_run: no result");
        return to_py(*r);
    });
}

// The decorators and scope capture: exo._cpython_host's functions of the same name,
// imported when first called (it imports the `exo` package, which imports this module).
PyObject* forward_to_helper(PyObject* name, PyObject* args, PyObject* kwargs) {
    PyObject* helper = PyImport_ImportModule("exo._cpython_host");
    if (!helper) return nullptr;
    PyObject* fn = PyObject_GetAttr(helper, name);
    Py_DECREF(helper);
    if (!fn) return nullptr;
    PyObject* r = PyObject_Call(fn, args, kwargs);
    Py_DECREF(fn);
    return r;
}

PyMethodDef g_forward_def = {"forward", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(forward_to_helper)),
                             METH_VARARGS | METH_KEYWORDS, nullptr};

PyMethodDef g_methods[] = {
    {"_cpython_run", cpython_run, METH_VARARGS, "Runs text as an embedded module with the given globals."},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef g_module = {PyModuleDef_HEAD_INIT, "_exo", "exocc core (the CPython host)", -1, g_methods, nullptr, nullptr, nullptr, nullptr};

int add(PyObject* mod, const char* name, PyObject* v) {
    if (!v) return -1;
    int rc = PyModule_AddObject(mod, name, v);
    if (rc != 0) Py_DECREF(v);
    return rc;
}

}  // namespace

void init_core(const std::string& lib_root, const std::string& std_root, const std::string& hw_root) {
    std::vector<std::string> roots;
    for (const std::string& r : {std_root, lib_root, hw_root})
        if (is_dir(r)) roots.push_back(r);
    host::init_runtime(roots);
    frontend::register_exo_module();
    host::Interpreter& in = host::Interpreter::get();
    in.init_stack_limit();
    // The embedded interpreter imports only the bundled modules: user modules run in CPython.
    for (const std::string& r : roots) host::as<host::ListObject>(in.sys_path)->items.push_back(host::str(r));
}

}  // namespace exo::cpython

using namespace exo::cpython;

PyMODINIT_FUNC PyInit__exo() {
    PyObject* mod = PyModule_Create(&g_module);
    if (!mod) return nullptr;
    PyObject* ok = guarded([&]() -> PyObject* {
        std::string lib = bundled_lib_root();
        std::string hw = is_dir(parent(lib) + "/hw") ? parent(lib) + "/hw" : parent(parent(lib)) + "/hw";
        init_core(lib, lib + "/std", hw);
        exo::host::Interpreter& in = exo::host::Interpreter::get();
        // What the core's interpreter prints (Python inside object code, the bundled
        // modules) goes to CPython's sys.stdout, in order with the program's own output
        // and where pytest captures it.
        PyObject* py_print = PyDict_GetItemString(PyEval_GetBuiltins(), "print");  // borrowed
        if (!py_print) return nullptr;
        in.builtins->globals().set_str("print", py_value(py_print));
        Value native = in.import_module("_exo", Value(), 0, Value());
        for (const auto& e : exo::host::as<exo::host::ModuleObject>(native)->globals().entries()) {
            if (e.key.is_null()) continue;
            const std::string& name = exo::host::str_of(e.key);
            if (name.rfind("__", 0) == 0) continue;
            if (add(mod, name.c_str(), to_py(e.value)) != 0) return nullptr;
        }
        for (const char* name : {"proc", "instr", "config", "_capture_scope", "_uast_str", "_add_procedure_method"}) {
            PyObject* n = PyUnicode_FromString(name);
            PyObject* f = PyCFunction_New(&g_forward_def, n);
            Py_DECREF(n);
            if (add(mod, name, f) != 0) return nullptr;
        }
        if (add(mod, "_embedded", to_py(native)) != 0) return nullptr;
        // `_host`, the embedded interpreter's hooks for the bundled modules: in CPython, a
        // module whose attributes are exo._cpython_host's `host_*` functions (files and
        // imports done by CPython), else the embedded module's (closest_name...).
        PyObject* host_mod = PyModule_New("_host");
        if (!host_mod || add(host_mod, "_embedded", to_py(in.import_module("_host", Value(), 0, Value()))) != 0) return nullptr;
        PyObject* n = PyUnicode_FromString("_host_getattr");
        if (add(host_mod, "__getattr__", PyCFunction_New(&g_forward_def, n)) != 0) return nullptr;
        Py_DECREF(n);
        if (PyDict_SetItemString(PyImport_GetModuleDict(), "_host", host_mod) != 0) return nullptr;
        Py_DECREF(host_mod);
        Py_RETURN_NONE;
    });
    if (!ok) {
        Py_DECREF(mod);
        return nullptr;
    }
    Py_DECREF(ok);
    return mod;
}
