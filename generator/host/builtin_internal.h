// Helpers shared by the builtin-type files (type_*.cpp, str_format.cpp,
// builtin_common.cpp). Not for the rest of the interpreter: it uses builtin_types.h.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "ast.h"
#include "builtin_types.h"
#include "runtime.h"

namespace exo::host::bi {

constexpr int kEq = int(CmpOpKind::Eq), kNe = int(CmpOpKind::NotEq), kLt = int(CmpOpKind::Lt),
              kLe = int(CmpOpKind::LtE), kGt = int(CmpOpKind::Gt), kGe = int(CmpOpKind::GtE);

// ------------------------------------------------------------ receiver checks

// Method descriptors can be called unbound (`list.append(x, 1)`), so every native
// method checks its receiver and raises CPython's descriptor error when it is wrong.
[[noreturn]] void raise_descriptor(const char* method, const char* tname, const Value& self);

template <class T>
T* self_as(const Value& self, const char* method, const char* tname) {
    T* p = as<T>(self);
    if (!p) raise_descriptor(method, tname, self);
    return p;
}
StrObject* self_str(const Value& self, const char* method);
ListObject* self_list(const Value& self, const char* method);
TupleObject* self_tuple(const Value& self, const char* method);
DictObject* self_dict(const Value& self, const char* method);
SetObject* self_set(const Value& self, const char* method);        // mutable set only
SetObject* self_anyset(const Value& self, const char* method);     // set or frozenset

// ------------------------------------------------------- argument count checks
// CPython words these differently per calling convention; each helper is one of them.

// METH_NOARGS: "str.isdigit() takes no arguments (1 given)".
void args_none(const char* qualname, const CallArgs& a);
// METH_O: "list.append() takes exactly one argument (0 given)".
void args_one(const char* qualname, const CallArgs& a);
// Argument Clinic positional: "pop expected at most 1 argument, got 2",
// "insert expected 2 arguments, got 1", "get expected at least 1 argument, got 0".
void args_range(const char* name, const CallArgs& a, size_t min, size_t max);
// Old-style getargs: "count() takes at least 1 argument (0 given)".
void args_range_old(const char* name, const CallArgs& a, size_t min, size_t max);
// "split() takes no keyword arguments".
void no_kwargs(const char* name, const CallArgs& a);
// Rejects keywords not in `allowed`: "'foo' is an invalid keyword argument for sort()".
void kwargs_only(const char* name, const CallArgs& a, std::initializer_list<std::string_view> allowed);
// Positional i or keyword `name` (Null if absent), no duplicate detection needed here.
Value opt_arg(const CallArgs& a, size_t i, std::string_view name);

// ------------------------------------------------------------------ indices

// Sequence subscript index; raises "<what> indices must be integers or slices, not X"
// when key is neither index-like nor a slice. Returns false for a slice.
bool seq_index_or_slice(const Value& key, const char* what, int64_t* out);
// Count argument for `*` and str methods: "'str' object cannot be interpreted as an integer".
int64_t as_index(const Value& v);
// start/end arguments of find/count/index: None or index-like, clamped like CPython
// ("slice indices must be integers or None or have an __index__ method").
void clamp_range(const Value& start, const Value& end, int64_t len, int64_t* lo, int64_t* hi);

// Whether iter(v) can succeed, decided without calling anything.
bool is_iterable(const Value& v);

// -------------------------------------------------------------- repr guard

// Detects self-containing containers while printing them ([...] and {...}).
class ReprGuard {
public:
    explicit ReprGuard(const Object* o);
    ~ReprGuard();
    ReprGuard(const ReprGuard&) = delete;
    ReprGuard& operator=(const ReprGuard&) = delete;
    bool recursive() const { return recursive_; }

private:
    const Object* obj_;
    bool recursive_;
};

// ------------------------------------------------------------ element logic

// Container equality: identity first, then ==, like PyObject_RichCompareBool.
inline bool same_or_eq(const Value& a, const Value& b) { return a.is(b) || eq(a, b); }
// Lexicographic comparison of two sequences; the result of the first differing pair's
// comparison (which may be any object), or of the lengths.
Value seq_compare(const std::vector<Value>& a, const std::vector<Value>& b, int op);
Value bool_value(bool b);
bool cmp_result(int64_t c, int op);  // c<0, 0, >0 against op

// Interned one-character strings for ASCII; fresh objects otherwise.
Value char_str(char32_t cp);

// New empty set/frozenset of exactly the builtin type.
Ref<SetObject> new_set(bool frozen);
// Adds every item of an iterable to a set's table.
void set_add_all(DictTable& t, const Value& iterable);
// All values of an iterable in a set-compatible table (reuses the table of a set/frozenset/dict).
const DictTable* as_table(const Value& v);

// Per-type halves of the hooks (defined in the matching type_*.cpp).
std::string list_repr(ListObject* l);
std::string tuple_repr(TupleObject* t);
std::string dict_repr(DictObject* d);
std::string set_repr(SetObject* s);
std::string range_repr(RangeObject* r);
std::string view_repr(const Value& view);
std::string int_repr(int64_t v);

Value str_getitem(StrObject* s, const Value& key);
Value bytes_getitem(BytesObject* b, const Value& key);
Value list_getitem(ListObject* l, const Value& key);
Value tuple_getitem(TupleObject* t, const Value& key);
Value range_getitem(RangeObject* r, const Value& key);
void list_setitem(ListObject* l, const Value& key, const Value& v);
void list_delitem(ListObject* l, const Value& key);
void dict_setitem(DictObject* d, const Value& key, const Value& v);
void dict_delitem(DictObject* d, const Value& key);

bool str_contains(StrObject* s, const Value& item);
bool bytes_contains(BytesObject* b, const Value& item);
bool range_contains(RangeObject* r, const Value& item);
bool view_contains(const Value& view, const Value& item);
int64_t view_len(const Value& view);

Value str_compare(const Value& a, const Value& b, int op);
Value bytes_compare(const Value& a, const Value& b, int op);
Value dict_compare(const Value& a, const Value& b, int op);
Value set_compare(const Value& a, const Value& b, int op);  // sets, frozensets, keys/items views
Value range_compare(const Value& a, const Value& b, int op);
Value number_compare(const Value& a, const Value& b, int op);

Value str_binary(const Value& a, const Value& b, int op);
Value bytes_binary(const Value& a, const Value& b, int op);
Value list_binary(const Value& a, const Value& b, int op);
Value tuple_binary(const Value& a, const Value& b, int op);
Value dict_binary(const Value& a, const Value& b, int op);
Value set_binary(const Value& a, const Value& b, int op);  // also keys/items views
Value list_inplace(const Value& a, const Value& b, int op);
Value set_inplace(const Value& a, const Value& b, int op);
Value dict_inplace(const Value& a, const Value& b, int op);

Value str_iter(const Value& s);
Value bytes_iter(const Value& b);
Value list_iter(const Value& l);
Value tuple_iter(const Value& t);
Value dict_iter(const Value& d);   // keys
Value view_iter(const Value& view);
Value set_iter(const Value& s);
Value range_iter(const Value& r);
Value list_reversed(const Value& l);
Value seq_reversed(const Value& s);  // tuple: by index from the end; str: str_reversed
Value str_reversed(const Value& s);
Value dict_reversed(const Value& d_or_view);
Value range_reversed(const Value& r);

int64_t tuple_hash(TupleObject* t);
int64_t frozenset_hash(SetObject* s);
int64_t range_hash(RangeObject* r);

bool is_view(const Value& v);         // dict_keys, dict_values or dict_items
bool is_setlike_view(const Value& v); // dict_keys or dict_items

// Constructors used by construct_builtin and the registered __new__.
Value str_construct(TypeObject* cls, const CallArgs& a);
Value tuple_construct(TypeObject* cls, const CallArgs& a);
Value frozenset_construct(TypeObject* cls, const CallArgs& a);
Value int_construct(TypeObject* cls, const CallArgs& a);
Value float_construct(TypeObject* cls, const CallArgs& a);
Value bool_construct(TypeObject* cls, const CallArgs& a);
Value range_construct(const CallArgs& a);
void list_init(ListObject* l, const CallArgs& a);
void dict_init(DictObject* d, const CallArgs& a);
void set_init(SetObject* s, const CallArgs& a);

// str.format with positional/keyword arguments; when `mapping` is not Null, named
// fields are looked up in it instead (str.format_map).
std::string format_with(std::string_view fmt, const CallArgs& args, const Value& mapping);

// Gives an instance of a user subclass its __dict__, as the core's instance creation does.
inline void give_attrs(Object* o) {
    if (o->type->is_heap && !o->attrs) {
        o->attrs = new DictObject();
        object_incref(o->attrs);
    }
}

// The receiver of a getter registered with add_getter: the property calls its fget
// with the instance as the only argument.
inline const Value& getter_self(const Value& self, const CallArgs& a) {
    return self.is_null() && a.npos ? a.pos[0] : self;
}

// Shifts a CallArgs by one positional (drops `cls` of __new__).
CallArgs drop_first(const CallArgs& a);

}  // namespace exo::host::bi
