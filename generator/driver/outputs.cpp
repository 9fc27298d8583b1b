#include "outputs.h"

namespace exo::driver {

namespace {

std::vector<std::string> in_dir(const std::string& dir, const std::string& stem, std::initializer_list<const char*> suffixes) {
    std::vector<std::string> out;
    for (const char* s : suffixes) out.push_back((dir.empty() ? "" : dir + "/") + stem + s);
    return out;
}

}  // namespace

std::vector<std::string> build_outputs(const std::string& outdir, const std::string& stem, const std::vector<std::string>&) {
    return in_dir(outdir, stem, {".c", ".h", ".d"});
}

std::vector<std::string> vendor_outputs(const std::string& dir, const std::string& stem, const std::vector<std::string>&) {
    return in_dir(dir, stem, {".c", ".h", ".exo-vendor"});
}

}  // namespace exo::driver
