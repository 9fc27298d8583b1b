#include "check_level.h"

#include <unordered_set>

#include "../host/output.h"

namespace exo::analysis {

namespace {

CheckLevel g_level = CheckLevel::Strict;

// The part of an error that identifies it: its location and first sentence, without the
// counterexample (the solver may choose another model when the check is repeated).
std::string identity_of(const std::string& error) {
    size_t cut = error.find("\n");
    return cut == std::string::npos ? error : error.substr(0, cut);
}

}  // namespace

CheckLevel check_level() { return g_level; }
void set_check_level(CheckLevel level) { g_level = level; }

std::optional<CheckLevel> parse_check_level(std::string_view name) {
    if (name == "strict") return CheckLevel::Strict;
    if (name == "upstream") return CheckLevel::Upstream;
    return std::nullopt;
}

const char* check_level_name(CheckLevel level) { return level == CheckLevel::Strict ? "strict" : "upstream"; }

const char* check_level_choices() { return "\"strict\" or \"upstream\""; }

bool accept_as_warnings(std::string_view op, const std::vector<std::string>& errors) {
    if (g_level == CheckLevel::Strict) return false;
    static std::unordered_set<std::string> warned;
    for (const std::string& e : errors) {
        if (!warned.insert(identity_of(e)).second) continue;
        std::string text = "exocc: warning: ";
        if (!op.empty()) text.append(op).append(": ");
        text += e;
        text += "\n  (accepted unverified: checks are \"upstream\", and upstream Exo does not make this check; "
                "checks = \"strict\" refuses it)\n";
        host::output::write_stderr(text);
    }
    return true;
}

}  // namespace exo::analysis
