// Calls from the code generator into the host-language objects that object code names:
// Memory classes (global_, alloc, free, window, can_read, write, reduce), externs (globl,
// compile) and configs. All of them return C text as host strings.
#pragma once

#include <string>
#include <vector>

#include "../host/value.h"
#include "../ir/proc.h"

namespace exo::backend {

// exo.core.memory's DRAM and StaticMemory, and issubclass between Memory classes.
host::Value dram_memory();
bool is_static_memory(const ir::MemRef& mem);
bool mem_is_subclass(const ir::MemRef& sub, const ir::MemRef& base);
std::string memory_name(const ir::MemRef& mem);  // mem.name()

std::string mem_global(const ir::MemRef& mem);
std::string mem_alloc(const ir::MemRef& mem, const std::string& name, const std::string& ctype,
                      const std::vector<std::string>& shape, const ir::SrcInfo& srcinfo);
std::string mem_free(const ir::MemRef& mem, const std::string& name, const std::string& ctype,
                     const std::vector<std::string>& shape, const ir::SrcInfo& srcinfo);
std::string mem_window(const ir::MemRef& mem, const ir::TypePtr& basetyp, const std::string& baseptr,
                       const std::vector<std::string>& indices, const std::vector<std::string>& strides,
                       const ir::SrcInfo& srcinfo);
bool mem_can_read(const ir::MemRef& mem);
// The memory class's `target_features` (what code using its buffers needs from the C
// compiler, docs/target-features.md); empty when it declares none.
std::vector<std::string> mem_target_features(const ir::MemRef& mem);
// The memory class's `target_arch` (one of known_target_archs(), target_arch.h); empty
// when it declares none (code using it compiles anywhere).
std::string mem_target_arch(const ir::MemRef& mem);
// write(s, lhs, rhs) / reduce(s, lhs, rhs); `s` is an Assign or a Reduce.
std::string mem_write(const ir::MemRef& mem, const ir::Stmt& s, const std::string& lhs, const std::string& rhs);
std::string mem_reduce(const ir::MemRef& mem, const ir::Stmt& s, const std::string& lhs, const std::string& rhs);

std::string extern_name(const ir::ExternRef& f);  // f.name()
std::string extern_globl(const ir::ExternRef& f, const std::string& ctype);
std::string extern_compile(const ir::ExternRef& f, const std::vector<std::string>& args, const std::string& ctype);

bool config_allows_rw(const ir::ConfigRef& c);
// The LoopIR type of a config field (upstream's Config.lookup_type).
ir::TypePtr config_field_type(const ir::ConfigRef& c, const std::string& field);
// Upstream's Config.c_struct_def(): `struct Name {`, one line per field, `} Name;`.
std::vector<std::string> config_struct_def(const ir::ConfigRef& c);

// Raises an exception of class `cls_name` from host module `module` with `msg`.
[[noreturn]] void raise_host(const char* module, const char* cls_name, const std::string& msg);
[[noreturn]] void raise_type_error(const std::string& msg);

}  // namespace exo::backend
