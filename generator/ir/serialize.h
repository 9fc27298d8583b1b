// A versioned text serialization of LoopIR procs (docs/loopir-format.md), the payload of
// exocc's build cache. Procs keep their sharing (a callee written once), symbols keep
// their identity, and srcinfo survives so errors from cached IR still point at lines.
//
// Memories, externs and configs are host objects, not IR: the serializer writes each
// one once, as a blob that a HostObjectCodec makes from the object and turns back into
// an object when reading.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "proc.h"

namespace exo::ir {

constexpr int kLoopIRFormatVersion = 3;

enum class HostObjectKind : uint8_t { Memory, Extern, Config };

class HostObjectCodec {
public:
    virtual ~HostObjectCodec() = default;
    virtual std::string encode(HostObjectKind kind, const host::Value& obj) = 0;
    virtual host::Value decode(HostObjectKind kind, const std::string& blob) = 0;
};

// A serialized stream that is malformed or of another version.
struct SerialError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// `procs` (in order) and every proc they call.
std::string serialize_procs(const std::vector<ProcPtr>& procs, HostObjectCodec& codec);

// Procs already loaded from other streams, which later streams share.
struct LoadedProcs {
    std::vector<ProcPtr> procs;
    // Symbols by (proc name, order of first use in it, name). Each stream numbers its
    // symbols afresh; a proc read from a second stream takes the same Syms as the first
    // reading, so that equal procs compare equal (structural equality compares Syms by
    // identity).
    std::map<std::tuple<std::string, size_t, std::string>, Sym> syms;
};

// Reads what serialize_procs wrote; returns the listed procs. With `known`, a proc equal
// to one loaded before (same name and structure, whatever stream it came from) is that
// proc, so procs shared between streams stay one object. Throws SerialError.
std::vector<ProcPtr> deserialize_procs(const std::string& text, HostObjectCodec& codec,
                                       LoadedProcs* known = nullptr);

}  // namespace exo::ir
