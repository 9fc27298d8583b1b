// Buffered process output. print() and sys.stdout.write() share one buffer so their
// order is preserved; stderr output flushes stdout first, as a terminal user expects.
#pragma once

#include <string>
#include <string_view>

namespace exo::host::output {

void write_stdout(std::string_view s);
void write_stderr(std::string_view s);
void flush_stdout();

// Capture (for `exocc test`): while on, stdout and stderr writes are kept in memory
// instead of being written. set_capture returns the previous state; take_capture
// returns what was captured since the last take and clears it.
bool set_capture(bool on);
void take_capture(std::string& out, std::string& err);
// Drops all further output (fuzz targets).
void set_discard(bool discard);

}  // namespace exo::host::output
