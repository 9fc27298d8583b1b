// Buffered process output. print() and sys.stdout.write() share one buffer so their
// order is preserved; stderr output flushes stdout first, as a terminal user expects.
#pragma once

#include <string_view>

namespace exo::host::output {

void write_stdout(std::string_view s);
void write_stderr(std::string_view s);
void flush_stdout();

}  // namespace exo::host::output
