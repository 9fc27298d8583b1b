// Cached LoopIR without the host program. Code generation asks memories, externs and
// configs (host objects from user libraries) for C text. When a kernel is built, every
// such object in its IR is replaced by a RecordedObject that forwards each question to
// the live object and records the answer; the cache entry stores the IR with those
// answers. Loading the entry later gives RecordedObjects that replay the answers, so
// code generation runs without importing the kernel's Python modules.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../host/value.h"
#include "../ir/proc.h"
#include "../ir/serialize.h"

namespace exo::backend {

struct RecordedObject : host::NativeObject {
    ir::HostObjectKind kind;
    std::string name;                // Memory.name(), Extern.name(), the config's name
    std::string class_name;          // a memory class's __name__ (for printing)
    std::vector<std::string> lineage;  // a memory class's MRO as "module.qualname"
    bool allow_rw = false;           // a config's is_allow_rw()
    std::vector<std::pair<std::string, ir::TypeKind>> fields;  // a config's fields
    std::map<std::string, std::string> answers;
    host::Value live;                // Null when replaying

    RecordedObject(ir::HostObjectKind kind, host::Value live);

    // The answer to `question`: asks the live object (recording the answer) or replays
    // a recorded one. Throws MissingHostAnswer when replaying an unrecorded question.
    std::string answer(const std::string& question, const std::function<std::string(const host::Value&)>& ask);
};

// A replayed object was asked something it was never asked when the entry was made
// (an entry from an incompatible exocc, or a corrupted one): rebuild the kernel.
struct MissingHostAnswer : std::runtime_error {
    using std::runtime_error::runtime_error;
};

RecordedObject* as_recorded(const host::Value& v);

// "module.qualname" for each class in a memory's MRO (live or recorded).
std::vector<std::string> memory_lineage(const ir::MemRef& mem);

// Serializes a just-built kernel's procs with its host objects' answers recorded.
// Runs code generation once on them, so it raises what code generation raises.
std::string serialize_kernel(const std::vector<ir::ProcPtr>& procs);

// Loads serialized kernels into one set of procs: callee procs and host objects that
// several kernels share become one object. Throws ir::SerialError.
class KernelLoader {
public:
    KernelLoader();
    ~KernelLoader();
    std::vector<ir::ProcPtr> load(const std::string& text);

private:
    struct Codec;
    std::unique_ptr<Codec> codec_;
    ir::LoadedProcs known_;
};

}  // namespace exo::backend
