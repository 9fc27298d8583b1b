// SHA-256 (FIPS 180-4): cache keys, entry checksums and vendored input digests. Written
// here so that exocc has no crypto-library dependency.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace exo::driver {

class Sha256 {
public:
    Sha256();
    Sha256& update(std::string_view data);
    // A field of a key: its length first, so that ("ab","c") and ("a","bc") differ.
    Sha256& field(std::string_view data);
    std::string hex();  // finishes; the object is spent afterwards

private:
    void block(const uint8_t* p);
    std::array<uint32_t, 8> h_;
    uint8_t buf_[64];
    size_t buf_len_ = 0;
    uint64_t total_ = 0;
};

std::string sha256_hex(std::string_view data);

}  // namespace exo::driver
