// `_host` hooks for the interactive session (generator/lib/std/_exocc_repl.py) and
// `exocc -c`: reading a line with editing, running source text in a module, making a
// fresh module, and the "Did you mean" of an exception. Specified in
// generator/lib/std/README.md.
#include "did_you_mean.h"
#include "interp.h"
#include "line_editor.h"

namespace exo::host {

std::shared_ptr<const ParsedSource> parse_and_resolve(const std::string& filename, const std::string& text);
Value run_interactive_source(ModuleObject* module, const std::shared_ptr<const ParsedSource>& src);  // import.cpp

namespace {

// read_line(prompt, history): a line without its newline, None at the end of input;
// KeyboardInterrupt on Ctrl-C. `history` (a list of str, or None) is the Up/Down list
// and gets the line appended.
Value host_read_line(const Value&, const CallArgs& a) {
    check_positional("read_line", a, 2, 2);
    const std::string& prompt = to_string_ref(a[0], "prompt");
    auto* list = as<ListObject>(a[1]);
    std::vector<std::string> history;
    if (list)
        for (const Value& v : list->items)
            if (is_str(v)) history.push_back(str_of(v));
    size_t before = history.size();
    std::optional<std::string> line;
    try {
        line = read_line(prompt, list ? &history : nullptr, true);
    } catch (LineInterrupted&) {
        raise(Value(exc_types().KeyboardInterrupt));
    }
    if (list && history.size() > before) list->items.push_back(str(history.back()));
    return line ? str(*line) : Value::none();
}

// new_module(name): an empty module registered in sys.modules, as `__main__` is.
Value host_new_module(const Value&, const CallArgs& a) {
    check_positional("new_module", a, 1, 1);
    const std::string& name = to_string_ref(a[0], "name");
    Interpreter& in = Interpreter::get();
    Ref<ModuleObject> m = make<ModuleObject>(name);
    m->globals().set_str("__name__", str(name));
    m->globals().set_str("__doc__", Value::none());
    m->globals().set_str("__package__", Value::none());
    m->globals().set_str("__builtins__", Value(in.builtins));
    setitem(in.sys_modules, str(name), Value(m));
    return Value(m);
}

// run_source(source, filename, module, interactive): runs `source` in `module`'s
// globals. Interactive, a lone expression statement is evaluated and its value returned
// (for the session to display); otherwise the result is None.
Value host_run_source(const Value&, const CallArgs& a) {
    check_positional("run_source", a, 4, 4);
    const std::string& text = to_string_ref(a[0], "source");
    const std::string& filename = to_string_ref(a[1], "filename");
    auto* m = as<ModuleObject>(a[2]);
    if (!m) raise(exc_types().TypeError, "run_source() needs a module");
    std::shared_ptr<const ParsedSource> src = parse_and_resolve(filename, text);
    if (truthy(a[3])) return run_interactive_source(m, src);
    Interpreter::get().exec_module(m, src);
    return Value::none();
}

// did_you_mean(exc): ". Did you mean: 'x'?" for a NameError or AttributeError with a
// close name, else "" (what an uncaught exception's last line ends with).
Value host_did_you_mean(const Value&, const CallArgs& a) {
    check_positional("did_you_mean", a, 1, 1);
    return str(did_you_mean_suffix(a[0]));
}

}  // namespace

void add_repl_hooks(ModuleObject* m) {
    struct F {
        const char* name;
        NativeFn fn;
    };
    for (F f : {F{"read_line", host_read_line}, F{"new_module", host_new_module}, F{"run_source", host_run_source},
                F{"did_you_mean", host_did_you_mean}})
        m->globals().set_str(f.name, builtin_function(f.name, f.fn, Value(m)));
}

}  // namespace exo::host
