// The tree-walking evaluator: frames, statement execution, expression evaluation,
// function calls, generators and module execution.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ast.h"
#include "resolver.h"
#include "runtime.h"

namespace exo::host {

struct GeneratorObject;

// One activation of a module body, class body, function, lambda or comprehension.
struct Frame {
    const Scope* code = nullptr;
    FunctionObject* func = nullptr;   // null for module and class bodies
    ModuleObject* module = nullptr;
    DictObject* ns = nullptr;         // class body namespace (ClassBody names)
    Value* fast = nullptr;            // code->fast_names.size() slots
    Ref<CellObject>* cells = nullptr; // own cells, then free cells
    Frame* back = nullptr;
    const ParsedSource* src = nullptr;
    // Keeps src alive for tracebacks, where the frame's function does not (module, class
    // and comprehension frames; null for generator expressions, which may outlive it).
    const std::shared_ptr<const ParsedSource>* src_owner = nullptr;
    int line = 0;
    Value ret;                        // return value while unwinding a `return`
    GeneratorObject* gen = nullptr;   // the generator running this frame, if any
    Value handling;                   // exception being handled by an except clause here
    TypeObject* owner_class = nullptr;  // for zero-arg super()
    std::string name;                 // for tracebacks
};

// Lists frame `f`, at its current line, in the traceback of an exception leaving it,
// caught by it or raised in it. With `unless_last`, not when f is already the last entry:
// an exception caught here and raised again by a bare `raise` is listed once, at the line
// where it arrived, as in CPython 3.11.
void add_to_traceback(ExceptionObject* e, const Frame& f, bool unless_last);

// Heap storage for a frame that outlives a C++ call (generators).
struct FrameStore {
    Frame frame;
    std::vector<Value> fast;
    std::vector<Ref<CellObject>> cells;
};

struct Coroutine;  // generator.cpp: a separate machine stack

struct GeneratorObject : Object {
    enum class State : uint8_t { Created, Suspended, Running, Done };
    State state = State::Created;
    std::unique_ptr<FrameStore> store;
    Value func;            // keeps the function (and its AST) alive
    std::unique_ptr<Coroutine> co;
    // Transfer slots between the generator and its resumer.
    Value transfer;        // value sent in / value yielded out / return value
    Value throw_in;        // exception to raise at the yield point
    std::unique_ptr<PyException> error_out;  // exception escaping the generator
    bool returned = false; // last resume ended with a return (transfer holds its value)
    const Expr* body_expr = nullptr;  // generator expressions: nothing; functions: body
    std::string name, qualname;
    GeneratorObject();
    ~GeneratorObject() override;  // closes a suspended generator (runs its finally blocks)
    static GeneratorObject* cast(Object* o);
};

enum class Flow : uint8_t { Normal, Break, Continue, Return };

// Metaprogramming inside object code: while a @proc body's `with python:` block runs,
// its `with exo:` statements and `~{...}` quotes are object code for the parser, not
// Python. The Exo frontend installs these hooks for the duration of the parse.
struct QuoteHooks {
    virtual ~QuoteHooks() = default;
    // `with exo:` / `with exo as name:` executed in frame `f`.
    virtual void with_exo(const WithStmt* w, Frame& f) = 0;
    // `~{expr}` evaluated in frame `f`: returns the quoted object-code expression.
    virtual Value quote_expr(const SetExpr* quoted, Frame& f) = 0;
};

class Interpreter {
public:
    Interpreter();
    static Interpreter& get();

    // Runs `path` as __main__; returns the process exit status (prints tracebacks).
    int run_main(const std::string& path, const std::vector<std::string>& argv);

    // Executes a parsed module body in `module` (its attrs are the globals).
    void exec_module(ModuleObject* module, const std::shared_ptr<const ParsedSource>& src);

    Value call_function(FunctionObject* f, const Value* self, const CallArgs& args);
    Value make_function(const Scope* code, const Arguments* args, Frame& fr);
    Value function_annotations(const FunctionDefStmt* d, Frame& f);

    // Generators.
    Value gen_send(GeneratorObject* g, const Value& v);          // Null when it returns
    Value gen_throw(GeneratorObject* g, const Value& exc);       // Null when it returns
    void gen_close(GeneratorObject* g);

    Frame* frame = nullptr;  // innermost running frame
    int depth = 0;
    int recursion_limit = 1000;
    QuoteHooks* quote_hooks = nullptr;  // set while the Exo frontend parses object code
    // Execution budget for embedders such as the fuzz targets: one step per statement
    // and per iterator step. When `step_budget` is non-zero and `steps_left` runs out,
    // every further step raises RuntimeError, so handlers cannot swallow it for long.
    int64_t step_budget = 0;  // 0: unlimited
    int64_t steps_left = INT64_MAX;
    void tick() {
        if (__builtin_expect(--steps_left < 0, 0)) budget_exhausted();
    }
    void set_step_budget(int64_t steps) {
        step_budget = steps;
        steps_left = steps > 0 ? steps : INT64_MAX;
    }
    ModuleObject* builtins = nullptr;
    Value sys_modules;     // dict
    Value sys_path;        // list of str
    Value main_module;
    std::vector<std::string> argv;
    // The exception being handled, innermost first along the frame chain (sys.exc_info).
    Value current_handled() const;

    // Evaluation (public for generator.cpp and the object-code frontend).
    Value eval(const Expr* e, Frame& f);
    Flow exec_block(const StmtList& body, Frame& f);
    void assign(const Expr* target, const Value& v, Frame& f);
    Value eval_yield(const Value& v, Frame& f);  // suspends the running generator

    // Module import (import.cpp).
    Value import_module(const std::string& name, const Value& globals_name, int level,
                        const Value& fromlist);
    std::vector<std::string> builtin_module_roots;  // dirs of bundled .py modules
    // PYTHONPATH's directories, searched after the script's own and before the bundled
    // modules, as CPython orders them. Empty unless the driver sets it: `exocc build`
    // sees no environment it was not told about.
    std::vector<std::string> python_path;
    // Every file an import looked for and did not find, in order: a module created at
    // one of these paths would change what the program imports, so `exocc build` keys
    // its cache on their absence (_host.import_misses()).
    std::vector<std::string> import_misses;
    // Every file the program read through _host.read_text (open(), pathlib), as its real
    // path, in order: `exocc build` lists them as the kernel's inputs (_host.files_read()).
    std::vector<std::string> files_read;
    // Every directory it listed through _host.listdir (pathlib's iterdir and glob), the
    // same way (_host.dirs_listed()).
    std::vector<std::string> dirs_listed;

    // Stack guard: the lowest usable address of the current machine stack.
    char* stack_limit = nullptr;
    void check_stack() {  // RecursionError once the machine stack is nearly used up
        char here;
        if (__builtin_expect(reinterpret_cast<uintptr_t>(&here) < reinterpret_cast<uintptr_t>(stack_limit), 0))
            stack_exhausted();
    }
    [[noreturn]] void stack_exhausted();
    // Sets stack_limit from the calling thread's actual stack (call on the thread that
    // runs Python code, before running it).
    void init_stack_limit();

private:
    Flow exec(const Stmt* s, Frame& f);
    Flow exec_try(const TryStmt* t, Frame& f);
    Flow exec_with(const WithStmt* w, size_t item, Frame& f);
    Flow exec_for(const ForStmt* s, Frame& f);
    void exec_class(const ClassDefStmt* c, Frame& f);
    void exec_import(const ImportStmt* s, Frame& f);
    void exec_import_from(const ImportFromStmt* s, Frame& f);
    void exec_raise(const RaiseStmt* s, Frame& f);

    void store_name(const NameExpr* n, const Value& v, Frame& f);
    Value load_name(const NameExpr* n, Frame& f);
    void delete_target(const Expr* target, Frame& f);

    Value eval_call(const CallExpr* c, Frame& f);
    Value eval_comprehension(const ComprehensionExpr* c, Frame& f);
    Value eval_joined_str(const JoinedStrExpr* j, Frame& f);
    Value eval_subscript_key(const Expr* slice, Frame& f);
    Value eval_yield_from(const Value& iterable, Frame& f);
    Value constant(const ConstantExpr* c);

    void budget_exhausted();

    friend struct GeneratorRunner;
};

// One level of native recursion (comparing, hashing or repr of nested containers,
// isinstance with nested tuples) counted against the recursion limit, as CPython's
// Py_EnterRecursiveCall does: self-referencing or deeply nested data then raise
// RecursionError after recursion_limit levels, not when the machine stack runs out.
struct RecursionGuard {
    Interpreter& in;
    explicit RecursionGuard(const char* where);  // where: " in comparison", ...
    ~RecursionGuard() { --in.depth; }
    RecursionGuard(const RecursionGuard&) = delete;
    RecursionGuard& operator=(const RecursionGuard&) = delete;
};

// Pushes `f` as the innermost frame for the guard's lifetime, counted against the
// recursion limit; keeps the frame stack and depth consistent across unwinding.
struct FrameGuard {
    Interpreter& in;
    Frame* saved;
    FrameGuard(Interpreter& i, Frame* f);
    ~FrameGuard() {
        in.frame = saved;
        --in.depth;
    }
    FrameGuard(const FrameGuard&) = delete;
    FrameGuard& operator=(const FrameGuard&) = delete;
};

// Sets up builtins, sys and the import path. Called once by the CLI.
void init_runtime(const std::vector<std::string>& module_roots);

// Native modules provided by layers above the interpreter (e.g. the Exo frontend's
// `_exo`): `factory` builds the module on its first import.
void register_native_module(std::string name, Value (*factory)());

// Runs `text` as a new module named `module_name` (registered in sys.modules) and
// returns it. Host exceptions propagate as PyException; syntax errors as SyntaxError.
Value exec_source(const std::string& module_name, const std::string& filename, const std::string& text);

// For decorators such as Exo's @proc, which read a function's source instead of
// running it: the function's AST and the file it came from...
struct FunctionSource {
    const FunctionDefStmt* def = nullptr;  // null for lambdas
    std::shared_ptr<const ParsedSource> src;
};
FunctionSource function_source(const Value& fn);  // raises TypeError unless a Python function
// The `class` statement that created a class (for decorators such as @config that read
// the class body). `def` is null for classes made by type() or natively.
struct ClassSource {
    const ClassDefStmt* def = nullptr;
    std::shared_ptr<const ParsedSource> src;
};
ClassSource class_source(const Value& cls);
// ...and the value `name` has in its defining scope, as its body would see it: the
// closure first, then the module's globals, then builtins. Null when unbound.
Value lookup_in_defining_scope(const Value& fn, std::string_view name);

}  // namespace exo::host
