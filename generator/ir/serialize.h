// A versioned text serialization of LoopIR procs (docs/loopir-format.md), the payload of
// exocc's build cache. Procs keep their sharing (a callee written once), symbols keep
// their identity, and srcinfo survives so errors from cached IR still point at lines.
//
// Memories, externs and configs are host objects, not IR: the serializer writes each
// one once, as a blob that a HostObjectCodec makes from the object and turns back into
// an object when reading.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "proc.h"

namespace exo::ir {

constexpr int kLoopIRFormatVersion = 2;

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

// Reads what serialize_procs wrote; returns the listed procs. `known` are procs already
// loaded (from other streams): a callee with the same name and structure is reused, so
// procs shared between streams stay one object. Throws SerialError.
std::vector<ProcPtr> deserialize_procs(const std::string& text, HostObjectCodec& codec,
                                       std::vector<ProcPtr>* known = nullptr);

}  // namespace exo::ir
