// Module import: sys.modules, the search path (script directory, then the modules
// bundled with exocc), packages with __init__.py, relative imports, native modules.
#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "interp.h"
#include "module_store.h"
#include "parser.h"

namespace exo::host {

Value make_native_module(const std::string& name);
std::vector<TypeObject*> all_exception_types();

namespace {

bool is_file(const std::string& p) {
    struct stat st;
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool is_dir(const std::string& p) {
    struct stat st;
    return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool read_file(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

}  // namespace

// Converts a parser error into a host SyntaxError exception.
[[noreturn]] void raise_syntax_error(const SyntaxErrorInfo& info) {
    TypeObject* t = info.type == "IndentationError" || info.type == "TabError" ? exc_types().IndentationError
                                                                               : exc_types().SyntaxError;
    Value details = tuple({str(info.filename), Value::integer(info.line), Value::integer(info.col), str(info.text)});
    Value e = call(Value(t), {str(info.msg), details});
    raise(e);
}

namespace {

// What `f` returns; a parser or resolver error is raised as the host SyntaxError.
template <class F>
auto raising_syntax_errors(F&& f) {
    try {
        return f();
    } catch (const SyntaxErrorException& e) {
        raise_syntax_error(e.info);
    }
}

// What `parse` returns, resolved.
template <class Parse>
std::shared_ptr<const ParsedSource> resolved(Parse&& parse) {
    return raising_syntax_errors([&] {
        std::shared_ptr<ParsedSource> src = parse();
        resolve(*src);
        return src;
    });
}

}  // namespace

std::shared_ptr<const ParsedSource> parse_and_resolve(const std::string& filename, const std::string& text) {
    return resolved([&] { return parse_module(filename, text); });
}

namespace {

// Loads the source file of module `name` into a new module registered in sys.modules.
Value load_source_module(Interpreter& in, const std::string& name, const std::string& path, bool is_package,
                         const std::string& pkg_dir) {
    std::string text;
    if (!read_file(path, text)) raise(exc_types().ImportError, cat("cannot read '", path, "'"));
    Ref<ModuleObject> m = make<ModuleObject>(name);
    DictTable& g = m->globals();
    g.set_str("__name__", str(name));
    g.set_str("__file__", str(path));
    g.set_str("__doc__", Value::none());
    g.set_str("__builtins__", Value(in.builtins));
    if (is_package) {
        g.set_str("__path__", list({str(pkg_dir)}));
        g.set_str("__package__", str(name));
    } else {
        auto dot = name.rfind('.');
        g.set_str("__package__", str(dot == std::string::npos ? "" : name.substr(0, dot)));
    }
    setitem(in.sys_modules, str(name), Value(m));
    try {
        in.exec_module(m.get(), raising_syntax_errors([&] { return parse_and_resolve_stored(path, text); }));
    } catch (...) {
        delitem(in.sys_modules, str(name));
        throw;
    }
    // The module may have replaced itself in sys.modules.
    return getitem(in.sys_modules, str(name));
}

// Finds and loads `fullname` (whose parent package, if any, is already imported).
Value find_and_load(Interpreter& in, const std::string& fullname) {
    if (Value* m = as<DictObject>(in.sys_modules)->table.find_str(fullname)) return *m;
    auto dot = fullname.rfind('.');
    std::vector<std::string> dirs;
    Value parent;
    if (dot != std::string::npos) {
        parent = find_and_load(in, fullname.substr(0, dot));
        if (Value* m = as<DictObject>(in.sys_modules)->table.find_str(fullname)) return *m;
        Value path = getattr_or_null(parent, "__path__");
        if (path.is_null())
            raise(new_exception(exc_types().ModuleNotFoundError,
                                {str(cat("No module named '", fullname, "'; '", fullname.substr(0, dot),
                                         "' is not a package"))}));
        for (const Value& d : to_vector(path))
            if (is_str(d)) dirs.push_back(str_of(d));
    } else {
        Value native = make_native_module(fullname);
        if (!native.is_null()) {
            setitem(in.sys_modules, str(fullname), native);
            return native;
        }
        for (const Value& d : to_vector(in.sys_path))
            if (is_str(d)) dirs.push_back(str_of(d));
    }
    std::string base = dot == std::string::npos ? fullname : fullname.substr(dot + 1);
    std::vector<std::string> portions;  // directories of a namespace package (PEP 420)
    for (const std::string& d : dirs) {
        std::string prefix = d.empty() ? "" : d + "/";
        std::string pkg_init = prefix + base + "/__init__.py";
        if (is_file(pkg_init)) {
            Value m = load_source_module(in, fullname, pkg_init, true, prefix + base);
            if (!parent.is_null()) setattr(parent, base, m);
            return m;
        }
        std::string file = prefix + base + ".py";
        if (is_file(file)) {
            in.import_misses.push_back(pkg_init);
            Value m = load_source_module(in, fullname, file, false, "");
            if (!parent.is_null()) setattr(parent, base, m);
            return m;
        }
        in.import_misses.push_back(pkg_init);
        in.import_misses.push_back(file);
        if (is_dir(prefix + base)) portions.push_back(prefix + base);
    }
    // A directory without __init__.py is a namespace package, unless a regular package or
    // module of the name comes anywhere on the path; its __path__ is every such directory.
    if (!portions.empty()) {
        Ref<ModuleObject> m = make<ModuleObject>(fullname);
        DictTable& g = m->globals();
        g.set_str("__name__", str(fullname));
        g.set_str("__file__", Value::none());
        g.set_str("__doc__", Value::none());
        g.set_str("__package__", str(fullname));
        std::vector<Value> path;
        for (const auto& p : portions) path.push_back(str(p));
        g.set_str("__path__", list(std::move(path)));
        setitem(in.sys_modules, str(fullname), Value(m));
        if (!parent.is_null()) setattr(parent, base, Value(m));
        return Value(m);
    }
    Value e = new_exception(exc_types().ModuleNotFoundError, {str(cat("No module named '", fullname, "'"))});
    setattr(e, "name", str(fullname));
    raise(e);
}

}  // namespace

namespace {

// The frame of a module body, or of an expression evaluated as one, running `src` in
// `module`'s globals. Only a file's frames keep their source for tracebacks
// (`keep_source`): CPython shows no lines for eval'd or interactive text.
void init_module_frame(Frame& f, ModuleObject* module, const std::shared_ptr<const ParsedSource>& src,
                       bool keep_source) {
    f.code = src->scope;
    f.module = module;
    f.src = src.get();
    f.src_owner = keep_source ? &src : nullptr;
    f.name = "<module>";
}

}  // namespace

Value load_module_from_file(const std::string& name, const std::string& path) {
    return load_source_module(Interpreter::get(), name, path, false, "");
}

Value eval_expression(const std::string& text, const Value& globals, const Value& locals) {
    auto* g = as<DictObject>(globals);
    if (!g) raise(exc_types().NotImplementedError, "eval() without a globals dict is not supported by exocc");
    bool no_locals = locals.is_null() || locals.is_none();
    auto* l = no_locals ? nullptr : as<DictObject>(locals);
    if (!no_locals && !l) raise(exc_types().TypeError, "locals must be a mapping");
    std::shared_ptr<const ParsedSource> src = resolved([&] { return parse_expression("<string>", text); });
    // The expression runs as the body of a module whose globals are the dict's entries
    // (and the locals' over them); what it binds (a walrus) is not written back.
    Ref<ModuleObject> m = make<ModuleObject>("<eval>");
    for (auto* d : {g, l})
        if (d)
            for (const auto& e : d->table.entries())
                if (!e.key.is_null()) m->globals().set(e.key, e.hash, e.value);
    Interpreter& in = Interpreter::get();
    Frame f;
    init_module_frame(f, m.get(), src, false);
    FrameGuard guard(in, &f);
    return in.eval(static_cast<const ExprStmt*>(src->body[0])->value, f);
}

// One statement of an interactive session (native_repl.cpp): a lone expression
// statement is evaluated in `module` and its value returned; anything else runs as a
// module body (None).
Value run_interactive_source(ModuleObject* module, const std::shared_ptr<const ParsedSource>& src) {
    Interpreter& in = Interpreter::get();
    if (src->body.size() != 1 || src->body[0]->kind != StmtKind::ExprStmt) {
        in.exec_module(module, src);
        return Value::none();
    }
    Frame f;
    init_module_frame(f, module, src, false);
    f.line = src->body[0]->span.line;
    FrameGuard guard(in, &f);
    try {
        return in.eval(static_cast<const ExprStmt*>(src->body[0])->value, f);
    } catch (PyException& e) {
        add_to_traceback(e.exc.get(), f, true);
        throw;
    }
}

Value Interpreter::import_module(const std::string& name, const Value& importer, int level, const Value& fromlist) {
    std::string fullname = name;
    if (level > 0) {
        // Resolve against the importing module's package.
        Value pkg;
        if (auto* m = as<ModuleObject>(importer)) {
            if (Value* p = m->globals().find_str("__package__")) pkg = *p;
            if ((pkg.is_null() || pkg.is_none()) ) {
                if (Value* n = m->globals().find_str("__name__")) {
                    const std::string& mn = str_of(*n);
                    pkg = str(m->globals().find_str("__path__") ? mn : mn.substr(0, mn.rfind('.') == std::string::npos ? 0 : mn.rfind('.')));
                }
            }
        }
        std::string package = pkg.is_null() || !is_str(pkg) ? "" : str_of(pkg);
        if (package.empty())
            raise(exc_types().ImportError, "attempted relative import with no known parent package");
        for (int i = 1; i < level; ++i) {
            auto dot = package.rfind('.');
            if (dot == std::string::npos)
                raise(exc_types().ImportError, "attempted relative import beyond top-level package");
            package = package.substr(0, dot);
        }
        fullname = name.empty() ? package : package + "." + name;
    }
    if (fullname.empty()) raise(exc_types().ValueError, "Empty module name");
    Value mod = find_and_load(*this, fullname);
    // `from pkg import sub` imports submodules named in the fromlist.
    if (!fromlist.is_null() && !fromlist.is_none() && !getattr_or_null(mod, "__path__").is_null()) {
        for (const Value& n : to_vector(fromlist)) {
            if (!is_str(n) || str_of(n) == "*") continue;
            if (!getattr_or_null(mod, str_of(n)).is_null()) continue;
            try {
                find_and_load(*this, fullname + "." + str_of(n));
            } catch (PyException& e) {
                if (!exception_matches(Value(e.exc), exc_types().ModuleNotFoundError)) throw;
            }
        }
    }
    return mod;
}

void Interpreter::exec_module(ModuleObject* module, const std::shared_ptr<const ParsedSource>& src) {
    module->src = src;
    if (!src->body.empty() && src->body[0]->kind == StmtKind::ExprStmt) {
        auto* first = static_cast<const ExprStmt*>(src->body[0])->value;
        if (first->kind == ExprKind::Constant && static_cast<const ConstantExpr*>(first)->ckind == ConstKind::Str)
            module->globals().set_str("__doc__", str(static_cast<const ConstantExpr*>(first)->sval));
    }
    Frame f;
    init_module_frame(f, module, src, true);
    Frame* saved = frame;
    f.back = saved;
    frame = &f;
    ++depth;
    try {
        exec_block(src->body, f);
    } catch (PyException& e) {
        frame = saved;
        --depth;
        add_to_traceback(e.exc.get(), f, true);
        throw;
    } catch (...) {
        frame = saved;
        --depth;
        throw;
    }
    frame = saved;
    --depth;
}

}  // namespace exo::host
