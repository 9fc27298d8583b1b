// File helpers for the driver: whole-file reads, atomic and write-if-changed writes.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

namespace exo::driver {

// A file could not be written; the message names it.
struct FileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::optional<std::string> read_file(const std::string& path);
bool is_file(const std::string& path);
bool is_dir(const std::string& path);
void make_dirs(const std::string& path);  // throws FileError

// Writes through a temporary file in the same directory and a rename, so a reader (or
// a crash) never sees half a file.
void write_atomic(const std::string& path, const std::string& bytes);
// write_atomic unless the file already holds exactly these bytes; true if written.
bool write_if_changed(const std::string& path, const std::string& bytes);

std::string absolute_path(const std::string& path);  // lexically normal, not resolving links
std::string real_path(const std::string& path);      // links resolved; `path` if that fails
std::string dir_name(const std::string& path);
std::string base_name(const std::string& path);
// `path` relative to `base` when it lies under it, else empty.
std::string relative_under(const std::string& path, const std::string& base);

}  // namespace exo::driver
