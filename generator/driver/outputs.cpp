#include "outputs.h"

namespace exo::driver {

namespace {

std::vector<std::string> in_dir(const std::string& dir, std::vector<std::string> names) {
    if (!dir.empty())
        for (std::string& n : names) n = dir + "/" + n;
    return names;
}

}  // namespace

std::vector<std::string> library_files(const std::string& stem, const std::vector<std::string>& targets) {
    std::vector<std::string> out = {stem + ".c", stem + ".h"};
    for (const std::string& t : targets) out.push_back(stem + "_" + t + ".c");
    return out;
}

std::vector<std::string> build_outputs(const std::string& outdir, const std::string& stem, const OutputOptions& o) {
    std::vector<std::string> names = library_files(stem, o.targets);
    names.push_back(stem + ".d");
    if (o.ir_dump) names.push_back(stem + ".ir.txt");
    if (o.trace) names.push_back(stem + ".trace.txt");
    if (o.verify) names.push_back(stem + ".verify.txt");
    return in_dir(outdir, std::move(names));
}

std::vector<std::string> vendor_outputs(const std::string& dir, const std::string& stem, const OutputOptions& o) {
    std::vector<std::string> names = library_files(stem, o.targets);
    names.push_back(stem + ".exo-vendor");
    return in_dir(dir, std::move(names));
}

}  // namespace exo::driver
