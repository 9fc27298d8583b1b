#include "module_roots.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "../host/module_store.h"
#include "build_id.h"
#include "cache.h"
#include "fs_util.h"
#include "sha256.h"

namespace exo::driver {

namespace {

// The colon-separated entries of `s`, empty ones included.
std::vector<std::string> split_path_list(const std::string& s) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= s.size()) {
        size_t colon = s.find(':', start);
        if (colon == std::string::npos) colon = s.size();
        out.push_back(s.substr(start, colon - start));
        start = colon + 1;
    }
    return out;
}

}  // namespace

std::vector<std::string> module_roots() {
    if (const char* env = std::getenv("EXOCC_LIB")) {
        std::vector<std::string> roots;
        for (std::string& r : split_path_list(env))
            if (!r.empty()) roots.push_back(std::move(r));
        return roots;
    }
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        // <prefix>/bin/exocc -> <prefix>/share/exocc, spelled without "bin/..": module
        // __file__s and depfile entries name the installed files plainly.
        std::string installed = (std::filesystem::path(exe).parent_path().parent_path() / "share" / "exocc").string();
        if (access((installed + "/lib/std").c_str(), F_OK) == 0)
            return {installed + "/lib/std", installed + "/lib", installed + "/hw"};
    }
    return {EXOCC_SOURCE_DIR "/generator/lib/std", EXOCC_SOURCE_DIR "/generator/lib", EXOCC_SOURCE_DIR "/hw"};
}

std::vector<std::string> python_path_from_environment() {
    const char* env = std::getenv("PYTHONPATH");
    if (!env || !*env) return {};
    std::error_code ec;
    std::filesystem::path cwd = std::filesystem::current_path(ec);
    std::vector<std::string> out;
    for (const std::string& entry : split_path_list(env)) {
        std::filesystem::path p = (cwd / entry).lexically_normal();
        std::string s = p.string();
        while (s.size() > 1 && s.back() == '/') s.pop_back();
        out.push_back(s);
    }
    return out;
}

void keep_processed_modules(const std::string& cache_dir) {
    // A stored tree is run as the module's code: the directory must be trusted as the
    // build cache is. An unusable one only costs speed, so it is not reported.
    std::string dir = cache_dir + "/modules";
    if (cache_dir.empty() || !cache_dir_unusable_reason(cache_dir).empty() ||
        !cache_dir_unusable_reason(dir).empty())
        return;
    std::string identity;
    if (std::string id = executable_build_id(); !id.empty()) {
        identity = "build-id:" + sha256_hex(id);  // as the build cache stamps it
    } else {  // linked without a build-id: the file's inode, size and time
        struct stat st;
        if (::stat("/proc/self/exe", &st) != 0) return;
        identity = std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) + ":" + std::to_string(st.st_size) +
                   ":" + std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec);
    }
    host::set_module_store(dir, identity,
                           {[](const std::string& path, uint64_t max) { return read_file(path, max); },
                            [](const std::string& path, const std::string& bytes) { write_atomic(path, bytes); }});
}

std::vector<std::string> hw_roots(const std::vector<std::string>& roots) {
    std::vector<std::string> out;
    for (const auto& r : roots)
        if (r.size() >= 3 && r.compare(r.size() - 3, 3, "/hw") == 0) out.push_back(r);
    return out;
}

}  // namespace exo::driver
