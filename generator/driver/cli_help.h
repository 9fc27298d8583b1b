// What `exocc --help`, `exocc COMMAND --help` and `exocc --version` print, and the
// answer to a command that does not exist (with the nearest one suggested).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace exo::driver {

// The help of `exocc` (command "") or of one of its commands; empty for anything else.
std::string help_text(std::string_view command);

// True if `-h` or `--help` is among `args`.
bool asks_for_help(const std::vector<std::string>& args);

// `exocc --version`: exocc's version and the upstream Exo release and commit it follows.
std::string version_text();

// True if the first argument is meant as a command that exocc does not have: a bare
// word that is not an option, not a .py source and not an existing file (upstream's
// `exocc FILE...` form takes those).
bool is_unknown_command(const std::string& arg);

// Says that `arg` is not a command, suggests the nearest one, and returns exit status 2.
int report_unknown_command(const std::string& arg);

}  // namespace exo::driver
