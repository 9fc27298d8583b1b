#include "build_id.h"

#include <elf.h>

#include <cstring>

namespace exo::driver {

std::string build_id_of(const dl_phdr_info* info) {
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_NOTE) continue;
        const char* p = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
        const char* end = p + ph.p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            auto* nh = reinterpret_cast<const ElfW(Nhdr)*>(p);
            const char* name = p + sizeof(ElfW(Nhdr));
            const char* desc = name + ((nh->n_namesz + 3) & ~3u);
            if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0)
                return std::string(desc, nh->n_descsz);
            p = desc + ((nh->n_descsz + 3) & ~3u);
        }
    }
    return "";
}

std::string executable_build_id() {
    std::string id;
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* out) -> int {
            *static_cast<std::string*>(out) = build_id_of(info);
            return 1;  // the main program comes first
        },
        &id);
    return id;
}

}  // namespace exo::driver
