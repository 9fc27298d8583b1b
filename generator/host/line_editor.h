// Reading a line of input for the interactive session and input(): with line editing
// and history when stdin and stdout are terminals, plain reads otherwise. No readline:
// the editor below knows the keys of a VT100-style terminal, which is what xterm, tmux,
// the Linux console and every common terminal emulator send.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace exo::host {

// Ctrl-C while reading.
struct LineInterrupted {};

// Shows `prompt` and reads one line, without its newline; nullopt at the end of input
// (Ctrl-D on an empty line). On a terminal, editing keys: Left/Right, Home/End (and
// Ctrl-A/E/B/F), Backspace, Delete (and Ctrl-D), Ctrl-K/U/W, Ctrl-L, Tab (4 spaces),
// Up/Down (and Ctrl-P/N) through `history`, to which a non-blank line is appended.
// Otherwise the prompt goes to `plain_prompt_to_stderr ? stderr : stdout`.
std::optional<std::string> read_line(const std::string& prompt, std::vector<std::string>* history,
                                     bool plain_prompt_to_stderr);

}  // namespace exo::host
