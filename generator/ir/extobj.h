// API stable: coordinate changes with the lead.
//
// Host-language objects that object code refers to. Memories, externs and configs are
// defined by user libraries in the host language (never inside the compiler), so the
// IR holds the host object itself. Externs and configs also keep their name, which the
// printer, the code generator and error messages need constantly.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "../host/value.h"

namespace exo::ir {

// A Memory subclass (the class object itself, e.g. DRAM). Null when absent.
using MemRef = host::Value;

// An Extern instance (e.g. `sin`), with its object-code name.
struct ExternRef {
    host::Value obj;
    std::string name;
    // Identity of the host object, as upstream compares externs.
    bool operator==(const ExternRef& o) const { return obj.is(o.obj); }
};

// A config instance (from @config), with its name as printed (`Cfg.field`).
struct ConfigRef {
    host::Value obj;
    std::string name;
    bool operator==(const ConfigRef& o) const { return obj.is(o.obj); }
};

// Object-code binary operators; the same set in UAST and LoopIR.
enum class BinOpKind : uint8_t { Add, Sub, Mul, Div, Mod, Lt, Gt, Le, Ge, Eq, And, Or };

// "+", "<=", "and", ...
const char* binop_str(BinOpKind op);
// Parses the spellings above; false if `s` is not an object-code operator.
bool parse_binop(std::string_view s, BinOpKind* out);

}  // namespace exo::ir
