// Builtin container and number types of the host language: str, list, tuple, dict (and
// its views), set, frozenset, range, int, float, bool.
//
// Two halves:
//  * init_*_types() register the Python-visible methods (`append`, `__getitem__`,
//    `__new__`, ...) on the type objects that `types()` already created, so attribute
//    lookup, super() and unbound calls (`list.append(a, x)`) work like CPython's.
//  * The builtin_* hooks below are what the core's generic operations call directly for
//    objects whose layout is one of these types (including user subclasses that do not
//    override the dunder), skipping a method lookup. Each hook says how it reports
//    "not one of mine", so the core can try them without first switching on the layout.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "value.h"

namespace exo::host {

// ------------------------------------------------------------- registration

void init_str_type();      // str
void init_bytes_type();    // bytes
void init_list_types();    // list, tuple
void init_dict_types();    // dict, dict_keys, dict_values, dict_items
void init_set_types();     // set, frozenset
void init_range_type();    // range
void init_number_types();  // int, float, bool
// All of the above, in a valid order. Call once, after types() and exc_types() exist.
void init_builtin_types();

// ------------------------------------------------------------ generic-op hooks
// `op` values are the ast.h enums cast to int (CmpOpKind Eq..GtE, BinOpKind).

// repr() of str, bytes, list, tuple, dict, dict views, set, frozenset, range, int,
// float, bool, None, NotImplemented, Ellipsis. False when v is none of these.
bool builtin_repr(const Value& v, std::string* out);
// hash() of str, tuple, frozenset, range, int, float, bool, None. Raises
// "unhashable type: 'list'" for list, dict, set. False when v is none of these.
bool builtin_hash(const Value& v, int64_t* out);
// len() of str, list, tuple, dict, dict views, set, frozenset, range; -1 otherwise.
int64_t builtin_len(const Value& v);
// `item in c` for the containers above: 0 or 1; -1 when c is none of these.
int builtin_contains(const Value& c, const Value& item);
// c[key] for str, list, tuple, range, dict (with __missing__); Null when c is none of
// these. Raises the CPython errors (IndexError, KeyError, bad index type).
Value builtin_getitem(const Value& c, const Value& key);
// c[key] = v and del c[key] for list and dict. False when c is neither, so the core
// raises "'tuple' object does not support item assignment" itself.
bool builtin_setitem(const Value& c, const Value& key, const Value& v);
bool builtin_delitem(const Value& c, const Value& key);
// Rich comparison for str, list, tuple, dict, dict views, set/frozenset, range and
// numbers (int/float/bool, exact across int and float). NotImplemented when it does not
// apply, so the core can try the reflected operation and then raise
// "'<' not supported between instances of ...".
Value builtin_compare(const Value& a, const Value& b, int op);
// a + b, a * b, a % b, a | b ... where a or b is a str, list, tuple, dict, dict view,
// set or frozenset (including int * list). Call it after user-defined dunders of either
// operand had their chance: when a is a str/list/tuple and b does not fit, it raises
// CPython's own message ("can only concatenate list (not "tuple") to list", "can't
// multiply sequence by non-int of type 'float'"). Otherwise NotImplemented.
Value builtin_binary_op(const Value& a, const Value& b, int op);
// a op= b in place for list (+=, *=), set (|= &= -= ^=) and dict (|=): returns a.
// NotImplemented when not applicable (the core then falls back to builtin_binary_op).
Value builtin_inplace_op(const Value& a, const Value& b, int op);
// iter() of str, list, tuple, dict, dict views, set, frozenset, range; Null otherwise.
Value iter_builtin(const Value& v);
// reversed() of list, tuple, str, range, dict, dict views; Null otherwise.
Value reversed_builtin(const Value& v);

// --------------------------------------------------------------- construction
// Calling an exactly-builtin type: str(x), list(it), dict(a=1), int('7', 8), range(3)...
// Performs __new__ and __init__ in one step (a fast path; the registered __new__ and
// __init__ give the same result through the generic type call). Null when cls is not
// one of these types. Subclasses must go through __new__/__init__ like any class.
Value construct_builtin(TypeObject* cls, const CallArgs& args);

// ---------------------------------------------------------- helpers for the core

// The hash of a str with these UTF-8 bytes. DictTable's find_str/set_str must use this
// same function so that attribute-name lookups agree with hash() of str keys.
int64_t hash_string(std::string_view utf8);
int64_t hash_int(int64_t v);     // CPython's numeric hash: hash(n) == hash(float(n))
int64_t hash_float(double v);

// float(text) for a str: CPython's syntax and errors (ValueError "could not convert
// string to float: ..."); a NaN gets a fresh payload, as every float('nan') does.
double text_to_float(std::string_view text);
// int(text) for a str, in base 10: CPython's syntax and errors.
int64_t text_to_int(std::string_view text);

// Python's __index__ protocol for subscripts and counts: true for int/bool and objects
// whose type defines __index__ (called here); false for anything else.
bool index_value(const Value& v, int64_t* out);

// A slice resolved against a sequence length (PySlice_AdjustIndices).
struct SliceBounds {
    int64_t start, stop, step, length;
};
SliceBounds slice_bounds(const SliceObject* s, int64_t seq_len);

// d[key] with KeyError(key) and __missing__ for dict subclasses that define it.
Value dict_getitem(const Value& d, const Value& key);
// dict.update(other): a mapping (has keys()) or an iterable of pairs.
void dict_update(DictObject* d, const Value& other);
// {**m} and f(**m): m must be a mapping; raises "'int' object is not a mapping".
void dict_merge_mapping(DictObject* d, const Value& mapping);
// list.extend.
void list_extend(ListObject* l, const Value& iterable);
// Stable sort of items as list.sort(key=key, reverse=reverse) does it (key may be Null
// or None). Items are only replaced when every comparison succeeded.
void sort_values(std::vector<Value>& items, const Value& key, bool reverse);
// str.format(*args, **kwargs) and str % args.
std::string str_format(std::string_view fmt, const CallArgs& args);
std::string str_percent(std::string_view fmt, const Value& args);

}  // namespace exo::host
