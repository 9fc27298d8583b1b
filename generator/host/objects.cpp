// Object layouts, the builtin type objects, class creation (type.__new__, C3 MRO) and
// instance creation (type.__call__, object.__new__).
#include <algorithm>
#include <unordered_map>

#include "interp.h"

namespace exo::host {

namespace {
BuiltinTypes g_types;
}

const BuiltinTypes& types() { return g_types; }

Object::~Object() {
    if (attrs) object_decref(attrs);
}

namespace {
constexpr int kMaxDestroyDepth = 16;  // nested deletions before queueing: a few KiB of stack
thread_local int t_destroy_depth = 0;
thread_local std::vector<const Object*> t_destroy_queue;
}  // namespace

void destroy_object(const Object* o) {
    if (t_destroy_depth >= kMaxDestroyDepth) {
        t_destroy_queue.push_back(o);
        return;
    }
    ++t_destroy_depth;
    delete o;
    if (t_destroy_depth == 1) {
        // Outermost deletion: finish what the nested ones queued (and what that queues).
        while (!t_destroy_queue.empty()) {
            const Object* next = t_destroy_queue.back();
            t_destroy_queue.pop_back();
            delete next;
        }
    }
    --t_destroy_depth;
}

TypeObject* Value::type() const {
    switch (tag_) {
    case Tag::Null:
    case Tag::None: return g_types.none;
    case Tag::Bool: return g_types.bool_;
    case Tag::Int: return g_types.int_;
    case Tag::Float: return g_types.float_;
    case Tag::Obj: return o_->type;
    }
    return g_types.none;
}

// ------------------------------------------------------------- casts

#define LAYOUT_CAST(T, L) \
    T* T::cast(Object* o) { return o->type->layout == Layout::L ? static_cast<T*>(o) : nullptr; }
LAYOUT_CAST(TypeObject, Type)
LAYOUT_CAST(StrObject, Str)
LAYOUT_CAST(BytesObject, Bytes)
LAYOUT_CAST(ListObject, List)
LAYOUT_CAST(TupleObject, Tuple)
LAYOUT_CAST(DictObject, Dict)
LAYOUT_CAST(FunctionObject, Function)
LAYOUT_CAST(BuiltinObject, Builtin)
LAYOUT_CAST(MethodObject, Method)
LAYOUT_CAST(CellObject, Cell)
LAYOUT_CAST(ModuleObject, Module)
LAYOUT_CAST(PropertyObject, Property)
LAYOUT_CAST(SliceObject, Slice)
LAYOUT_CAST(RangeObject, Range)
LAYOUT_CAST(ExceptionObject, Exception)
LAYOUT_CAST(SuperObject, Super)
LAYOUT_CAST(IteratorObject, Iterator)
LAYOUT_CAST(NativeObject, Native)
#undef LAYOUT_CAST

SetObject* SetObject::cast(Object* o) {
    Layout l = o->type->layout;
    return l == Layout::Set || l == Layout::FrozenSet ? static_cast<SetObject*>(o) : nullptr;
}
ClassMethodObject* ClassMethodObject::cast(Object* o) {
    Layout l = o->type->layout;
    return l == Layout::ClassMethod || l == Layout::StaticMethod ? static_cast<ClassMethodObject*>(o) : nullptr;
}

// ------------------------------------------------------------- constructors

TypeObject::TypeObject(TypeObject* meta, std::string n) : Object(meta), name(n), qualname(std::move(n)) {
    dict = new DictObject();
    object_incref(dict);
    dict->table.mark_type_namespace();
}

bool TypeObject::is_subtype(const TypeObject* other) const {
    if (this == other) return true;
    for (TypeObject* t : mro)
        if (t == other) return true;
    return false;
}

StrObject::StrObject(std::string v) : Object(g_types.str), s(std::move(v)) {}
StrObject::StrObject(TypeObject* t, std::string v) : Object(t), s(std::move(v)) {}
bool StrObject::is_ascii() const {
    if (ascii < 0) {
        ascii = 1;
        for (unsigned char c : s)
            if (c >= 0x80) { ascii = 0; break; }
    }
    return ascii == 1;
}
int64_t StrObject::length() const {
    if (is_ascii()) return static_cast<int64_t>(s.size());
    if (cp_len < 0) {
        int64_t n = 0;
        for (unsigned char c : s)
            if ((c & 0xC0) != 0x80) ++n;
        cp_len = n;
    }
    return cp_len;
}

BytesObject::BytesObject(std::string v) : Object(g_types.bytes), s(std::move(v)) {}
ListObject::ListObject() : Object(g_types.list) {}
ListObject::ListObject(std::vector<Value> v) : Object(g_types.list), items(std::move(v)) {}
ListObject::ListObject(TypeObject* t, std::vector<Value> v) : Object(t), items(std::move(v)) {}
TupleObject::TupleObject() : Object(g_types.tuple) {}
TupleObject::TupleObject(std::vector<Value> v) : Object(g_types.tuple), items(std::move(v)) {}
TupleObject::TupleObject(TypeObject* t, std::vector<Value> v) : Object(t), items(std::move(v)) {}
DictObject::DictObject() : Object(g_types.dict) {}
DictObject::DictObject(TypeObject* t) : Object(t) {}
SetObject::SetObject(bool frozen) : Object(frozen ? g_types.frozenset : g_types.set) {}
SetObject::SetObject(TypeObject* t) : Object(t) {}
bool SetObject::frozen() const { return type->layout == Layout::FrozenSet; }
BuiltinObject::BuiltinObject(std::string n, NativeFn f, Value s)
    : Object(g_types.builtin_function), name(std::move(n)), fn(f), self(std::move(s)) {}
FunctionObject::FunctionObject(const Scope* c, std::shared_ptr<const ParsedSource> s, ModuleObject* m)
    : Object(g_types.function), code(c), src(std::move(s)), module(m) {
    object_incref(m);
}
MethodObject::MethodObject(Value f, Value s) : Object(g_types.method), func(std::move(f)), self(std::move(s)) {}
CellObject::CellObject() : Object(g_types.cell) {}
ModuleObject::ModuleObject(std::string n) : Object(g_types.module), name(std::move(n)) {
    attrs = new DictObject();
    object_incref(attrs);
}
DictTable& ModuleObject::globals() { return attrs->table; }
PropertyObject::PropertyObject() : Object(g_types.property) {}
ClassMethodObject::ClassMethodObject(TypeObject* t, Value f) : Object(t), func(std::move(f)) {}
SliceObject::SliceObject(Value a, Value b, Value c)
    : Object(g_types.slice), start(std::move(a)), stop(std::move(b)), step(std::move(c)) {}
RangeObject::RangeObject(int64_t a, int64_t b, int64_t c) : Object(g_types.range), start(a), stop(b), step(c) {}
__int128 RangeObject::exact_length() const {
    if (step > 0 && start < stop) return (__int128(stop) - start - 1) / step + 1;
    if (step < 0 && start > stop) return (__int128(start) - stop - 1) / -__int128(step) + 1;
    return 0;
}
int64_t RangeObject::length() const {
    __int128 n = exact_length();
    if (n > INT64_MAX) raise(exc_types().OverflowError, "Python int too large to convert to C ssize_t");
    return static_cast<int64_t>(n);
}
ExceptionObject::ExceptionObject(TypeObject* t) : Object(t) {}
SuperObject::SuperObject(TypeObject* s, Value o, TypeObject* ot)
    : Object(g_types.super), start(s), obj(std::move(o)), obj_type(ot) {}
IteratorObject::IteratorObject(TypeObject* t, NextFn n, Value src) : Object(t), next(n), source(std::move(src)) {}

Value str(std::string s) { return Value(new StrObject(std::move(s))); }
Value str(std::string_view s) { return Value(new StrObject(std::string(s))); }
Value str(const char* s) { return Value(new StrObject(std::string(s))); }

StrObject* intern(std::string_view s) {
    static std::unordered_map<std::string, StrObject*>* table = new std::unordered_map<std::string, StrObject*>();
    auto it = table->find(std::string(s));
    if (it != table->end()) return it->second;
    auto* o = new StrObject(std::string(s));
    o->make_immortal();
    table->emplace(std::string(s), o);
    return o;
}

Value list(std::vector<Value> v) { return Value(new ListObject(std::move(v))); }
Value tuple(std::vector<Value> v) { return Value(new TupleObject(std::move(v))); }
Value dict() { return Value(new DictObject()); }

namespace {
Object* g_not_implemented = nullptr;
Object* g_ellipsis = nullptr;
}
Value not_implemented() { return Value(g_not_implemented); }
Value ellipsis() { return Value(g_ellipsis); }

// ------------------------------------------------------------- MRO

namespace {

std::vector<TypeObject*> c3_merge(std::vector<std::vector<TypeObject*>> seqs, const std::string& name) {
    std::vector<TypeObject*> out;
    for (;;) {
        seqs.erase(std::remove_if(seqs.begin(), seqs.end(), [](auto& s) { return s.empty(); }), seqs.end());
        if (seqs.empty()) return out;
        TypeObject* cand = nullptr;
        for (auto& s : seqs) {
            TypeObject* head = s.front();
            bool in_tail = false;
            for (auto& t : seqs)
                if (std::find(t.begin() + 1, t.end(), head) != t.end()) in_tail = true;
            if (!in_tail) { cand = head; break; }
        }
        if (!cand) {
            std::string names;
            std::vector<TypeObject*> heads;
            for (auto& s : seqs)
                if (std::find(heads.begin(), heads.end(), s.front()) == heads.end()) heads.push_back(s.front());
            for (size_t i = 0; i < heads.size(); ++i) names += (i ? ", " : "") + heads[i]->name;
            raise(exc_types().TypeError,
                  cat("Cannot create a consistent method resolution order (MRO) for bases ", names));
        }
        (void)name;
        out.push_back(cand);
        for (auto& s : seqs)
            if (s.front() == cand) s.erase(s.begin());
    }
}

}  // namespace

void compute_mro(TypeObject* t) {
    std::vector<std::vector<TypeObject*>> seqs;
    for (TypeObject* b : t->bases) seqs.push_back(b->mro);
    seqs.push_back(t->bases);
    t->mro = {t};
    for (TypeObject* x : c3_merge(seqs, t->name)) t->mro.push_back(x);
    invalidate_type_lookups();
}

// ------------------------------------------------------------- builtin types

TypeObject* new_builtin_type(std::string name, TypeObject* base, Layout layout, bool subclassable) {
    auto* t = new TypeObject(g_types.type, std::move(name));
    t->make_immortal();
    t->layout = layout;
    t->subclassable = subclassable;
    if (base) t->bases = {base};
    compute_mro(t);
    t->solid_base = t;
    // During bootstrap `str` does not exist yet; init_object_model fills these in.
    if (g_types.str) t->dict->table.set_str("__module__", str("builtins"));
    return t;
}

void add_method(TypeObject* t, std::string_view name, NativeFn fn) {
    auto* b = new BuiltinObject(std::string(name), fn);
    b->owner = t;
    t->dict->table.set_str(name, Value(b));
}

void add_classmethod(TypeObject* t, std::string_view name, NativeFn fn) {
    auto* b = new BuiltinObject(std::string(name), fn);
    b->owner = t;
    b->is_classmethod = true;
    t->dict->table.set_str(name, Value(b));
}

void add_staticmethod(TypeObject* t, std::string_view name, NativeFn fn) {
    Value b = builtin_function(std::string(name), fn);
    t->dict->table.set_str(name, Value(new ClassMethodObject(g_types.staticmethod, b)));
}

void add_getter(TypeObject* t, std::string_view name, NativeFn getter) {
    auto* p = new PropertyObject();
    auto* b = new BuiltinObject(std::string(name), getter);
    b->owner = t;  // called as an unbound method: getter(obj)
    p->fget = Value(b);
    t->dict->table.set_str(name, Value(p));
}

Value builtin_function(std::string name, NativeFn fn, Value self) {
    return Value(new BuiltinObject(std::move(name), fn, std::move(self)));
}

// ------------------------------------------------------------- instances

namespace {

// A new, empty instance of `cls` with the layout of its solid base.
Value new_instance(TypeObject* cls) {
    Object* o = nullptr;
    switch (cls->layout) {
    case Layout::Object: o = new Object(cls); break;
    case Layout::Exception: {
        auto* e = new ExceptionObject(cls);
        e->args = tuple({});
        o = e;
        break;
    }
    case Layout::List: o = new ListObject(cls, {}); break;
    case Layout::Tuple: o = new TupleObject(cls, {}); break;
    case Layout::Dict: o = new DictObject(cls); break;
    case Layout::Set:
    case Layout::FrozenSet: o = new SetObject(cls); break;
    case Layout::Str: o = new StrObject(cls, ""); break;
    default:
        raise(exc_types().TypeError, cat("cannot create '", cls->name, "' instances"));
    }
    if (cls->is_heap) {
        o->attrs = new DictObject();
        object_incref(o->attrs);
    }
    return Value(o);
}

Value object_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "object.__new__(): not enough arguments");
    auto* cls = as<TypeObject>(a[0]);
    if (!cls) raise(exc_types().TypeError, cat("object.__new__(X): X is not a type object (", type_name(a[0]), ")"));
    return new_instance(cls);
}

Value object_init(const Value&, const CallArgs&) { return Value::none(); }

Value object_eq(const Value& self, const CallArgs& a) {
    check_positional("__eq__", a, 1, 1);
    return self.is(a[0]) ? Value::boolean(true) : not_implemented();
}
Value object_ne(const Value& self, const CallArgs& a) {
    check_positional("__ne__", a, 1, 1);
    Value r = rich_compare(self, a[0], 0);
    if (r.is(not_implemented())) return r;
    return Value::boolean(!truthy(r));
}
Value object_hash(const Value& self, const CallArgs&) {
    return Value::integer(static_cast<int64_t>(reinterpret_cast<uintptr_t>(self.obj()) >> 4));
}
Value object_repr(const Value& self, const CallArgs&) {
    TypeObject* t = self.type();
    Value* mod = t->dict->table.find_str("__module__");
    std::string m = mod && is_str(*mod) ? str_of(*mod) : "builtins";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", static_cast<void*>(self.obj()));
    return str(cat("<", m == "builtins" ? "" : m + ".", t->qualname, " object at ", buf, ">"));
}
Value object_str(const Value& self, const CallArgs&) { return str(repr(self)); }
Value object_format(const Value& self, const CallArgs& a) {
    check_positional("__format__", a, 1, 1);
    const std::string& spec = to_string_ref(a[0], "format_spec");
    if (!spec.empty())
        raise(exc_types().TypeError, cat("unsupported format string passed to ", type_name(self), ".__format__"));
    return str(to_str(self));
}
Value object_init_subclass(const Value& cls, const CallArgs& a) {
    if (a.npos || a.nkw)
        raise(exc_types().TypeError, cat(as<TypeObject>(cls)->name, ".__init_subclass__() takes no keyword arguments"));
    return Value::none();
}
Value object_reduce(const Value& self, const CallArgs&) {
    raise(exc_types().TypeError, cat("cannot pickle '", type_name(self), "' object"));
}
}  // namespace

Value object_setattr(const Value&, const CallArgs& a);
Value object_delattr(const Value&, const CallArgs& a);
Value object_dir(const Value& self, const CallArgs&);
Value type_new(TypeObject* meta, const std::string& name, const Value& bases_v, const Value& ns_v,
               const CallArgs& class_kwargs);

Value type_call(TypeObject* cls, const CallArgs& args) {
    if (cls == g_types.type && args.npos == 1 && args.nkw == 0) return Value(args[0].type());
    Interpreter& in = Interpreter::get();
    Value clsv(cls);
    Value obj;
    Value* newfn = cls->lookup("__new__");
    bool default_new = !newfn || newfn->is(*g_types.object->dict->table.find_str("__new__"));
    Value* initfn = cls->lookup("__init__");
    bool default_init = !initfn || initfn->is(*g_types.object->dict->table.find_str("__init__"));
    if (default_new) {
        if (default_init && (args.npos || args.nkw))
            raise(exc_types().TypeError, cat(cls->name, "() takes no arguments"));
        obj = new_instance(cls);
    } else {
        std::vector<Value> pos;
        pos.reserve(args.npos + 1);
        pos.push_back(clsv);
        pos.insert(pos.end(), args.pos, args.pos + args.npos);
        CallArgs a2 = args;
        a2.pos = pos.data();
        a2.npos = pos.size();
        Value fn = *newfn;
        if (auto* sm = as<ClassMethodObject>(fn)) fn = sm->func;
        obj = call(fn, a2);
        if (!obj.type()->is_subtype(cls)) return obj;
    }
    if (!default_init) {
        Value fn = *initfn;
        Value r;
        if (auto* f = as<FunctionObject>(fn)) {
            r = in.call_function(f, &obj, args);
        } else {
            std::vector<Value> pos;
            pos.push_back(obj);
            pos.insert(pos.end(), args.pos, args.pos + args.npos);
            CallArgs a2 = args;
            a2.pos = pos.data();
            a2.npos = pos.size();
            r = call(fn, a2);
        }
        if (!r.is_none())
            raise(exc_types().TypeError, cat("__init__() should return None, not '", type_name(r), "'"));
    }
    return obj;
}

namespace {

Value type_new_native(const Value&, const CallArgs& a) {
    // type.__new__(meta, name, bases, ns)
    if (a.npos != 4) raise(exc_types().TypeError, "type.__new__() takes exactly 3 arguments");
    auto* meta = as<TypeObject>(a[0]);
    if (!meta || !meta->is_subtype(g_types.type))
        raise(exc_types().TypeError, "type.__new__(X): X is not a type object");
    return type_new(meta, to_string_ref(a[1], "name"), a[2], a[3], a);
}

Value type_init_native(const Value&, const CallArgs&) { return Value::none(); }

Value type_call_native(const Value& self, const CallArgs& a) {
    auto* t = as<TypeObject>(self);
    if (!t) raise(exc_types().TypeError, "descriptor '__call__' requires a 'type' object");
    return type_call(t, a);
}

Value type_repr(const Value& self, const CallArgs&) {
    auto* t = as<TypeObject>(self);
    Value* mod = t->dict->table.find_str("__module__");
    std::string m = mod && is_str(*mod) ? str_of(*mod) : "builtins";
    if (m == "builtins") return str(cat("<class '", t->qualname, "'>"));
    return str(cat("<class '", m, ".", t->qualname, "'>"));
}

Value type_mro(const Value& self, const CallArgs&) {
    auto* t = as<TypeObject>(self);
    std::vector<Value> v;
    for (TypeObject* x : t->mro) v.push_back(Value(x));
    return list(std::move(v));
}

Value type_subclasses(const Value&, const CallArgs&) { return list({}); }

Value type_instancecheck(const Value& self, const CallArgs& a) {
    check_positional("__instancecheck__", a, 1, 1);
    return Value::boolean(a[0].type()->is_subtype(as<TypeObject>(self)));
}

Value type_subclasscheck(const Value& self, const CallArgs& a) {
    check_positional("__subclasscheck__", a, 1, 1);
    auto* t = as<TypeObject>(a[0]);
    if (!t) raise(exc_types().TypeError, "issubclass() arg 1 must be a class");
    return Value::boolean(t->is_subtype(as<TypeObject>(self)));
}

}  // namespace

Value type_new(TypeObject* meta, const std::string& name, const Value& bases_v, const Value& ns_v,
               const CallArgs& class_kwargs) {
    auto* ns = as<DictObject>(ns_v);
    if (!ns) raise(exc_types().TypeError, "type.__new__() argument 3 must be dict");
    std::vector<TypeObject*> bases;
    for (const Value& b : to_vector(bases_v)) {
        auto* bt = as<TypeObject>(b);
        if (!bt) raise(exc_types().TypeError, "bases must be types");
        if (!bt->subclassable)
            raise(exc_types().TypeError, cat("type '", bt->name, "' is not an acceptable base type"));
        bases.push_back(bt);
    }
    if (bases.empty()) bases.push_back(g_types.object);
    auto* t = new TypeObject(meta, name);
    t->make_immortal();
    t->is_heap = true;
    t->bases = bases;
    compute_mro(t);
    // The layout comes from the most derived builtin base; two different ones conflict.
    TypeObject* solid = g_types.object;
    for (TypeObject* b : bases) {
        TypeObject* s = b->solid_base ? b->solid_base : g_types.object;
        if (s == g_types.object) continue;
        if (solid == g_types.object || s->is_subtype(solid)) solid = s;
        else if (!solid->is_subtype(s))
            raise(exc_types().TypeError, "multiple bases have instance lay-out conflict");
    }
    t->solid_base = solid;
    t->layout = solid->layout;
    for (TypeObject* x : t->mro)
        if (x->is_exception) t->is_exception = true;
    std::vector<DictTable::Entry> body = ns->table.entries();  // non-str keys' __eq__ may change ns
    for (auto& e : body) {
        if (e.key.is_null()) continue;
        Value v = e.value;
        // __init_subclass__ and __class_getitem__ are implicitly classmethods.
        if (is_str(e.key) && (str_of(e.key) == "__init_subclass__" || str_of(e.key) == "__class_getitem__") &&
            as<FunctionObject>(v))
            v = Value(new ClassMethodObject(g_types.classmethod, v));
        if (is_str(e.key) && str_of(e.key) == "__new__" && as<FunctionObject>(v))
            v = Value(new ClassMethodObject(g_types.staticmethod, v));
        t->dict->table.set(e.key, e.hash, v);
    }
    if (Value* q = t->dict->table.find_str("__qualname__")) {
        if (is_str(*q)) t->qualname = str_of(*q);
        t->dict->table.erase(str("__qualname__"));
    }
    if (!t->dict->table.find_str("__doc__")) t->dict->table.set_str("__doc__", Value::none());
    // A class that defines __eq__ but not __hash__ is unhashable.
    if (t->dict->table.find_str("__eq__") && !t->dict->table.find_str("__hash__"))
        t->dict->table.set_str("__hash__", Value::none());
    Value tv(t);
    // __set_name__ on descriptors, then the parent's __init_subclass__. Over a copy:
    // __set_name__ commonly adds class attributes, which moves the table's entries.
    std::vector<DictTable::Entry> attrs = t->dict->table.entries();
    for (auto& e : attrs) {
        if (e.key.is_null() || !e.value.obj()) continue;
        if (!e.value.type()->is_heap) continue;
        Value sn = getattr_or_null(e.value, "__set_name__");
        if (!sn.is_null()) call(sn, {tv, e.key});
    }
    if (t->mro.size() > 1) {
        Value sup(new SuperObject(t, tv, t));
        Value init_sub = getattr(sup, "__init_subclass__");
        // Class keywords (`class A(Base, key=1)`) go to the parent's __init_subclass__.
        CallArgs kw;
        kw.kwvalues = class_kwargs.kwvalues;
        kw.kwnames = class_kwargs.kwnames;
        kw.nkw = class_kwargs.nkw;
        call(init_sub, kw);
    }
    return tv;
}

void init_object_model() {
    // Bootstrap: `type` is its own type, `object` the root.
    auto* type = new TypeObject(nullptr, "type");
    type->type = type;
    type->make_immortal();
    auto* object = new TypeObject(type, "object");
    object->make_immortal();
    g_types.type = type;
    g_types.object = object;
    object->mro = {object};
    object->layout = Layout::Object;
    object->solid_base = object;
    type->bases = {object};
    type->mro = {type, object};
    type->layout = Layout::Type;
    type->solid_base = type;
    // Dicts created before `dict` exists get patched below.
    g_types.dict = new_builtin_type("dict", object, Layout::Dict, true);
    g_types.str = new_builtin_type("str", object, Layout::Str, true);
    for (TypeObject* t : {type, object, g_types.dict, g_types.str}) {
        t->dict->type = g_types.dict;
        t->dict->table.set_str("__module__", str("builtins"));
    }
    auto mk = [](const char* n, Layout l, bool sub = false) { return new_builtin_type(n, g_types.object, l, sub); };
    g_types.none = mk("NoneType", Layout::Object);
    g_types.int_ = mk("int", Layout::Object, true);
    g_types.bool_ = new_builtin_type("bool", g_types.int_, Layout::Object);
    g_types.float_ = mk("float", Layout::Object, true);
    g_types.bytes = mk("bytes", Layout::Bytes);
    g_types.list = mk("list", Layout::List, true);
    g_types.tuple = mk("tuple", Layout::Tuple, true);
    g_types.set = mk("set", Layout::Set, true);
    g_types.frozenset = mk("frozenset", Layout::FrozenSet, true);
    g_types.function = mk("function", Layout::Function);
    g_types.builtin_function = mk("builtin_function_or_method", Layout::Builtin);
    g_types.method = mk("method", Layout::Method);
    g_types.cell = mk("cell", Layout::Cell);
    g_types.module = mk("module", Layout::Module);
    g_types.property = mk("property", Layout::Property, true);
    g_types.classmethod = mk("classmethod", Layout::ClassMethod, true);
    g_types.staticmethod = mk("staticmethod", Layout::StaticMethod, true);
    g_types.slice = mk("slice", Layout::Slice);
    g_types.range = mk("range", Layout::Range);
    g_types.super = mk("super", Layout::Super);
    g_types.generator = mk("generator", Layout::Generator);
    g_types.not_implemented = mk("NotImplementedType", Layout::Object);
    g_types.ellipsis = mk("ellipsis", Layout::Object);
    g_types.dict_keys = mk("dict_keys", Layout::Iterator);
    g_types.dict_values = mk("dict_values", Layout::Iterator);
    g_types.dict_items = mk("dict_items", Layout::Iterator);
    g_types.iterator = mk("iterator", Layout::Iterator);
    object->subclassable = true;
    type->subclassable = true;

    g_not_implemented = new Object(g_types.not_implemented);
    g_not_implemented->make_immortal();
    g_ellipsis = new Object(g_types.ellipsis);
    g_ellipsis->make_immortal();

    add_staticmethod(object, "__new__", object_new);
    add_method(object, "__init__", object_init);
    add_method(object, "__eq__", object_eq);
    add_method(object, "__ne__", object_ne);
    add_method(object, "__hash__", object_hash);
    add_method(object, "__repr__", object_repr);
    add_method(object, "__str__", object_str);
    add_method(object, "__format__", object_format);
    add_method(object, "__setattr__", object_setattr);
    add_method(object, "__delattr__", object_delattr);
    add_method(object, "__reduce_ex__", object_reduce);
    add_method(object, "__dir__", object_dir);
    add_classmethod(object, "__init_subclass__", object_init_subclass);
    object->dict->table.set_str("__doc__", str("The base class of the class hierarchy."));

    add_staticmethod(type, "__new__", type_new_native);
    add_method(type, "__init__", type_init_native);
    add_method(type, "__call__", type_call_native);
    add_method(type, "__repr__", type_repr);
    add_method(type, "mro", type_mro);
    add_method(type, "__subclasses__", type_subclasses);
    add_method(type, "__instancecheck__", type_instancecheck);
    add_method(type, "__subclasscheck__", type_subclasscheck);
}

}  // namespace exo::host
