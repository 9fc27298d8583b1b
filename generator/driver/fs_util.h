// File helpers for the driver: bounded whole-file reads, atomic and write-if-changed writes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace exo::driver {

// A file could not be written; the message names it.
struct FileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The bytes of `path` if it is a regular file (or a link to one) of at most `max_bytes`;
// nullopt for anything else (missing, a FIFO, a device such as /dev/zero), so that no
// read waits or grows without bound.
constexpr uint64_t kMaxReadBytes = 1ull << 30;
std::optional<std::string> read_file(const std::string& path, uint64_t max_bytes = kMaxReadBytes);
// What a directory's listing is to a kernel that listed it: a header no text file
// starts with, then its names (not . and ..) sorted, each followed by a NUL; nullopt if
// `path` is not a directory that can be read.
std::optional<std::string> directory_listing(const std::string& path);
bool is_file(const std::string& path);
bool is_dir(const std::string& path);
void make_dirs(const std::string& path);  // throws FileError

// Writes through a temporary file in the same directory and a rename, so a reader (or
// a crash) never sees half a file. The temporary is created exclusively and never
// through a link; the rename replaces a link at `path` rather than writing through it.
void write_atomic(const std::string& path, const std::string& bytes);
// Writes several files as one: every temporary first, then the renames, so a failure
// (a full disk) leaves all of them as they were. Stale temporaries of these files go. With `only_changed`, a file that
// already holds its bytes (as a regular file, not a link) is left alone.
void commit_files(const std::vector<std::pair<std::string, std::string>>& files, bool only_changed = true);

// A temporary NAME.tmp.<pid>.<n> of write_atomic whose writer is gone (left by a killed
// exocc), or, since pids are reused, one older than a day.
bool is_stale_temporary(const std::filesystem::path& p, std::filesystem::file_time_type when);

std::string absolute_path(const std::string& path);  // lexically normal, not resolving links
std::string real_path(const std::string& path);      // links resolved; `path` if that fails
std::string dir_name(const std::string& path);
std::string base_name(const std::string& path);
// `path` relative to `base` when it lies under it, else empty.
std::string relative_under(const std::string& path, const std::string& base);

}  // namespace exo::driver
