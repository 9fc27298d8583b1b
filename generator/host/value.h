// The host language's object model.
//
// A Value is a 16-byte tagged union: None, bool, int (64-bit), float inline, or a
// reference-counted pointer to a heap Object. Ints and floats never allocate, which
// keeps loops and index arithmetic (most of what schedule code does) cheap.
// Reference cycles are not collected: exocc runs short programs, and leaking a cycle
// is cheaper than a tracing collector in a compiler process.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace exo::host {

struct Object;
struct TypeObject;
struct StrObject;

// ------------------------------------------------------------------ Ref<T>

// Intrusive reference to a heap object. Immortal objects (types, singletons) carry a
// huge count and are never freed.
template <class T>
class Ref {
public:
    Ref() = default;
    Ref(T* p) : p_(p) { inc(); }  // NOLINT: implicit on purpose, like a raw pointer
    Ref(const Ref& o) : p_(o.p_) { inc(); }
    Ref(Ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
    template <class U>
    Ref(const Ref<U>& o) : p_(o.get()) { inc(); }
    ~Ref() { dec(); }
    Ref& operator=(const Ref& o) { Ref(o).swap(*this); return *this; }
    Ref& operator=(Ref&& o) noexcept { Ref(std::move(o)).swap(*this); return *this; }
    void swap(Ref& o) noexcept { std::swap(p_, o.p_); }
    T* get() const { return p_; }
    T* operator->() const { return p_; }
    T& operator*() const { return *p_; }
    explicit operator bool() const { return p_ != nullptr; }
    T* release() { T* p = p_; p_ = nullptr; return p; }

private:
    void inc();
    void dec();
    T* p_ = nullptr;
};

// ------------------------------------------------------------------- Object

struct DictObject;

struct Object {
    mutable uint32_t refcount = 0;
    TypeObject* type;             // never null; types are immortal
    DictObject* attrs = nullptr;  // instance __dict__, owned (one reference); null if none

    explicit Object(TypeObject* t) : type(t) {}
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;
    virtual ~Object();

    void make_immortal() const { refcount = 1u << 30; }
};

// Deletes an object whose count reached zero. Freeing a deeply nested structure
// ([[[...]]], long __context__ chains) would recurse once per level and overflow the
// machine stack; past a small depth, deletions are queued and done iteratively.
void destroy_object(const Object* o);

inline void object_incref(const Object* o) { ++o->refcount; }
inline void object_decref(const Object* o) {
    if (--o->refcount == 0) destroy_object(o);
}

template <class T>
void Ref<T>::inc() { if (p_) object_incref(p_); }
template <class T>
void Ref<T>::dec() { if (p_) object_decref(p_); }

template <class T, class... A>
Ref<T> make(A&&... a) { return Ref<T>(new T(std::forward<A>(a)...)); }

// -------------------------------------------------------------------- Value

class Value {
public:
    enum class Tag : uint8_t { Null, None, Bool, Int, Float, Obj };

    Value() : tag_(Tag::Null), i_(0) {}  // "no value": unbound local, missing default
    static Value none() { Value v; v.tag_ = Tag::None; return v; }
    static Value boolean(bool b) { Value v; v.tag_ = Tag::Bool; v.i_ = b ? 1 : 0; return v; }
    static Value integer(int64_t i) { Value v; v.tag_ = Tag::Int; v.i_ = i; return v; }
    static Value floating(double f) { Value v; v.tag_ = Tag::Float; v.f_ = f; return v; }
    Value(Object* o) : tag_(o ? Tag::Obj : Tag::Null), o_(o) { if (o_) object_incref(o_); }  // NOLINT
    template <class T>
    Value(const Ref<T>& r) : Value(static_cast<Object*>(r.get())) {}  // NOLINT

    Value(const Value& v) : tag_(v.tag_), i_(v.i_) { if (tag_ == Tag::Obj) object_incref(o_); }
    Value(Value&& v) noexcept : tag_(v.tag_), i_(v.i_) { v.tag_ = Tag::Null; }
    ~Value() { if (tag_ == Tag::Obj) object_decref(o_); }
    Value& operator=(const Value& v) { Value(v).swap(*this); return *this; }
    Value& operator=(Value&& v) noexcept { Value(std::move(v)).swap(*this); return *this; }
    void swap(Value& v) noexcept { std::swap(tag_, v.tag_); std::swap(i_, v.i_); }

    Tag tag() const { return tag_; }
    bool is_null() const { return tag_ == Tag::Null; }
    bool is_none() const { return tag_ == Tag::None; }
    bool is_bool() const { return tag_ == Tag::Bool; }
    bool is_int() const { return tag_ == Tag::Int; }            // exact int, not bool
    bool is_intlike() const { return tag_ == Tag::Int || tag_ == Tag::Bool; }
    bool is_float() const { return tag_ == Tag::Float; }
    bool is_obj() const { return tag_ == Tag::Obj; }

    bool as_bool() const { return i_ != 0; }
    int64_t as_int() const { return i_; }  // valid for Int and Bool
    double as_float() const { return f_; }
    Object* obj() const { return tag_ == Tag::Obj ? o_ : nullptr; }

    // The object's type for every tag (None -> NoneType, 3 -> int, ...).
    TypeObject* type() const;

    // Same object or same immediate (Python's `is`).
    bool is(const Value& v) const {
        if (tag_ != v.tag_) return false;
        if (tag_ == Tag::Float) return std::memcmp(&f_, &v.f_, sizeof f_) == 0;
        return i_ == v.i_;
    }

private:
    Tag tag_;
    union {
        int64_t i_;
        double f_;
        Object* o_;
    };
};

// Downcast helpers: `as<ListObject>(v)` is null unless v's object has that layout.
template <class T>
T* as(const Value& v) {
    Object* o = v.obj();
    return o ? T::cast(o) : nullptr;
}

// ------------------------------------------------------------ object kinds

// Which C++ struct an object is. A user class inherits the layout of its one builtin
// base (object, list, dict, tuple, BaseException, type...), so `class D(dict)` makes
// DictObjects whose `type` is D.
enum class Layout : uint8_t {
    Object, Type, Str, Bytes, List, Tuple, Dict, Set, FrozenSet, Function, Builtin, Method,
    Cell, Module, Exception, Property, ClassMethod, StaticMethod, Slice, Range, Iterator,
    Generator, Super, Native,
};

struct StrObject;
struct ListObject;
struct TupleObject;

// Ordered hash table behind dict, set, and every __dict__. Insertion-ordered like
// CPython's compact dict; deleted entries leave tombstones that are compacted on growth.
class DictTable {
public:
    struct Entry {
        int64_t hash;
        Value key;    // Null marks a deleted entry
        Value value;
    };

    size_t size() const { return used_; }
    // Lookups call the keys' __eq__/__hash__ and may throw host exceptions.
    Value* find(const Value& key);
    Value* find(const Value& key, int64_t hash);
    Value* find_str(std::string_view key);  // fast path for attribute names
    Value* find_str(std::string_view key, int64_t hash);  // hash: hash_string(key)
    // An interned name: keys stored by set_str are interned, so most hits compare
    // the objects' addresses only.
    Value* find_name(const StrObject* key);
    void set(const Value& key, Value value);
    void set(const Value& key, int64_t hash, Value value);
    void set_str(std::string_view key, Value value);
    bool erase(const Value& key, Value* old = nullptr);
    void clear();
    bool pop_last(Value* key, Value* value);
    bool pop_first(Value* key, Value* value);
    // A class namespace: adding or removing a key invalidates cached type lookups.
    void mark_type_namespace() { type_namespace_ = true; }

    // Iteration in insertion order; skip entries whose key is Null.
    std::vector<Entry>& entries() { return entries_; }
    const std::vector<Entry>& entries() const { return entries_; }
    // Bumped on every insert or delete; iterators detect "changed size during iteration".
    uint64_t version() const { return version_; }

private:
    int64_t probe(const Value& key, int64_t hash, bool* found) const;
    int64_t probe_str(std::string_view key, int64_t hash, bool* found, const Object* same = nullptr) const;
    Value* value_at(int64_t slot);  // the value of the entry that index slot `slot` holds
    void rebuild(size_t min_capacity);

    std::vector<Entry> entries_;
    std::vector<int32_t> index_;  // -1 empty, else entries_ position
    size_t used_ = 0;
    uint64_t version_ = 0;
    bool type_namespace_ = false;
};

struct TypeObject : Object {
    std::string name;      // __name__
    std::string qualname;  // __qualname__
    std::vector<TypeObject*> bases;
    std::vector<TypeObject*> mro;  // self first
    Layout layout = Layout::Object;
    bool is_heap = false;          // defined by a class statement or type(); dunders dispatch through the MRO
    bool is_exception = false;     // subclass of BaseException
    bool subclassable = true;
    TypeObject* solid_base = nullptr;  // builtin ancestor that fixes the layout
    DictObject* dict = nullptr;    // class namespace (owned)

    TypeObject(TypeObject* meta, std::string n);
    static TypeObject* cast(Object* o);

    // MRO lookup without descriptors; null if absent. Results are cached (type_lookup.cpp)
    // until any type's namespace gains or loses a key, or an MRO is computed.
    Value* lookup(std::string_view name) const;
    bool is_subtype(const TypeObject* other) const;
};

// Forgets every cached TypeObject::lookup result: called when a class namespace gains or
// loses a key (replacing a value keeps the cached slot valid) and when an MRO changes.
void invalidate_type_lookups();

struct StrObject : Object {
    std::string s;               // UTF-8
    mutable int64_t hash = -1;   // -1: not computed
    mutable int8_t ascii = -1;   // -1 unknown, 0 no, 1 yes
    mutable int64_t cp_len = -1; // code-point length, cached for non-ASCII strings

    explicit StrObject(std::string v);
    StrObject(TypeObject* t, std::string v);
    static StrObject* cast(Object* o);
    bool is_ascii() const;
    int64_t length() const;  // in code points
};

struct BytesObject : Object {
    std::string s;
    explicit BytesObject(std::string v);
    static BytesObject* cast(Object* o);
};

struct ListObject : Object {
    std::vector<Value> items;
    ListObject();
    explicit ListObject(std::vector<Value> v);
    ListObject(TypeObject* t, std::vector<Value> v);
    static ListObject* cast(Object* o);
};

struct TupleObject : Object {
    std::vector<Value> items;
    mutable int64_t hash = -1;
    TupleObject();
    explicit TupleObject(std::vector<Value> v);
    TupleObject(TypeObject* t, std::vector<Value> v);
    static TupleObject* cast(Object* o);
};

struct DictObject : Object {
    DictTable table;
    DictObject();
    explicit DictObject(TypeObject* t);
    static DictObject* cast(Object* o);
};

struct SetObject : Object {  // set and frozenset; values in the table are unused
    DictTable table;
    mutable int64_t hash = -1;  // frozenset only
    explicit SetObject(bool frozen);
    SetObject(TypeObject* t);
    static SetObject* cast(Object* o);
    bool frozen() const;
};

// ------------------------------------------------------------ callables

struct Frame;
struct Interpreter;

// Arguments of a call, borrowed from the caller. Keyword names are interned strings.
struct CallArgs {
    const Value* pos = nullptr;
    size_t npos = 0;
    const Value* kwvalues = nullptr;
    const std::string* const* kwnames = nullptr;  // nkw pointers
    size_t nkw = 0;

    // Arguments over vectors that outlive the call: positional values, and keyword
    // values each named by the string at the same index of `kwnames`.
    static CallArgs over(const std::vector<Value>& pos, const std::vector<Value>& kwvalues,
                         const std::vector<const std::string*>& kwnames) {
        CallArgs a;
        a.pos = pos.data();
        a.npos = pos.size();
        a.kwvalues = kwvalues.data();
        a.kwnames = kwnames.data();
        a.nkw = kwnames.size();
        return a;
    }

    const Value& operator[](size_t i) const { return pos[i]; }
    size_t size() const { return npos; }
    // The keyword argument `name`, or nullptr.
    const Value* kw(std::string_view name) const;
};

// A native function. `self` is the bound receiver (Null for plain functions).
using NativeFn = Value (*)(const Value& self, const CallArgs& args);

struct BuiltinObject : Object {  // builtin function, or a method descriptor when self is Null
    std::string name;
    NativeFn fn;
    Value self;
    TypeObject* owner = nullptr;  // for method descriptors: the type that defines it
    bool is_classmethod = false;  // bind to the class, not the instance
    BuiltinObject(std::string n, NativeFn f, Value s = Value());
    static BuiltinObject* cast(Object* o);
};

struct Scope;
struct FunctionDefStmt;
struct LambdaExpr;
struct ParsedSource;
struct CellObject;
struct ModuleObject;

struct FunctionObject : Object {
    const Scope* code;                        // resolver scope: slots, parameters, flags
    std::shared_ptr<const ParsedSource> src;  // keeps the AST alive
    ModuleObject* module;                     // globals (module dict) live here
    std::vector<Value> defaults;              // positional defaults
    std::vector<Value> kwdefaults;            // one per kw-only parameter, Null if none
    std::vector<Ref<CellObject>> closure;     // free variables
    std::string name, qualname;
    Value doc, module_name;
    Value annotations;                        // dict, built lazily
    TypeObject* owner_class = nullptr;        // class whose body defined it (zero-arg super)
    FunctionObject(const Scope* c, std::shared_ptr<const ParsedSource> s, ModuleObject* m);
    static FunctionObject* cast(Object* o);
};

struct MethodObject : Object {  // bound method
    Value func, self;
    MethodObject(Value f, Value s);
    static MethodObject* cast(Object* o);
};

struct CellObject : Object {
    Value value;  // Null when empty
    CellObject();
    static CellObject* cast(Object* o);
};

struct ModuleObject : Object {  // its attrs dict is the module's globals
    std::string name;
    std::shared_ptr<const ParsedSource> src;
    explicit ModuleObject(std::string n);
    static ModuleObject* cast(Object* o);
    DictTable& globals();
};

struct PropertyObject : Object {
    Value fget, fset, fdel, doc;
    PropertyObject();
    static PropertyObject* cast(Object* o);
};

struct ClassMethodObject : Object {  // classmethod and staticmethod wrappers
    Value func;
    ClassMethodObject(TypeObject* t, Value f);
    static ClassMethodObject* cast(Object* o);  // either kind; check type
};

struct SliceObject : Object {
    Value start, stop, step;  // None when omitted
    SliceObject(Value a, Value b, Value c);
    static SliceObject* cast(Object* o);
};

struct RangeObject : Object {
    int64_t start, stop, step;
    RangeObject(int64_t a, int64_t b, int64_t c);
    static RangeObject* cast(Object* o);
    // Raises OverflowError when the length does not fit in int64 (range(-2**63, 2**63-1)).
    int64_t length() const;
    __int128 exact_length() const;
    // Item i (0 <= i < length()), computed without intermediate overflow.
    int64_t at(int64_t i) const {
        return static_cast<int64_t>(static_cast<uint64_t>(start) + static_cast<uint64_t>(i) * static_cast<uint64_t>(step));
    }
};

// Frames of a traceback, innermost last (as printed).
struct TracebackEntry {
    std::shared_ptr<const ParsedSource> src;
    std::string filename, function;
    int line;
    const void* frame;  // the activation listed, so that it is listed once (add_to_traceback)
};

struct NameErrorScope;  // did_you_mean.cpp

struct ExceptionObject : Object {
    Value args;        // tuple
    Value cause, context;
    bool suppress_context = false;
    std::vector<TracebackEntry> traceback;  // innermost frame first
    Value traceback_chain;                  // traceback_of's objects; reset when a frame is added
    // A NameError's view of the names where the lookup failed (did_you_mean.cpp), kept
    // for its "Did you mean": the frame is gone by the time a traceback is printed.
    std::shared_ptr<const NameErrorScope> name_scope;
    explicit ExceptionObject(TypeObject* t);
    static ExceptionObject* cast(Object* o);
};

struct SuperObject : Object {
    TypeObject* start;  // look up after this type in obj's MRO
    Value obj;          // instance, or the class itself for classmethods
    TypeObject* obj_type;
    SuperObject(TypeObject* s, Value o, TypeObject* ot);
    static SuperObject* cast(Object* o);
};

// Builtin iterators (list, dict views, range, map, zip...) share one struct: a `next`
// callback over a state object. Returns Null when exhausted.
struct IteratorObject : Object {
    using NextFn = Value (*)(IteratorObject* self);
    NextFn next;
    Value source;              // iterated container or underlying iterator
    Value extra;               // second input (zip's tuple of iterators, map's function, ...)
    int64_t index = 0, end = 0, step = 1;
    uint64_t version = 0;      // for dict iteration: detect size changes
    IteratorObject(TypeObject* t, NextFn n, Value src);
    static IteratorObject* cast(Object* o);
};

// Escape hatch for C++ objects exposed to the host language (procedures, cursors,
// compiled regexes, ...): subclass it and give it a TypeObject with native methods.
struct NativeObject : Object {
    explicit NativeObject(TypeObject* t) : Object(t) {}
    static NativeObject* cast(Object* o);
};

// ------------------------------------------------------------ construction

Value str(std::string s);
Value str(std::string_view s);
Value str(const char* s);
StrObject* intern(std::string_view s);  // shared immortal string for names and keys
Value list(std::vector<Value> v);
Value tuple(std::vector<Value> v);
Value dict();
Value not_implemented();  // the NotImplemented singleton
Value ellipsis();

}  // namespace exo::host
