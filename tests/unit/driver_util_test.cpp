// The driver's self-contained helpers: SHA-256 against FIPS 180-4 test vectors, and
// the unified diff of the vendoring check against what `diff -u` prints.
#include <catch2/catch.hpp>

#include "driver/sha256.h"
#include "driver/text_diff.h"

using exo::driver::Sha256;
using exo::driver::sha256_hex;
using exo::driver::unified_diff;

TEST_CASE("sha256 matches the FIPS 180-4 test vectors", "[driver]") {
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(sha256_hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256 gives the same digest however the input is split", "[driver]") {
    std::string text;
    for (int i = 0; i < 300; ++i) text += char('a' + i % 26);
    std::string whole = sha256_hex(text);
    for (size_t cut : {0, 1, 55, 56, 63, 64, 65, 128, 299}) {
        Sha256 h;
        h.update(std::string_view(text).substr(0, cut)).update(std::string_view(text).substr(cut));
        CHECK(h.hex() == whole);
    }
}

TEST_CASE("sha256 key fields are length-prefixed", "[driver]") {
    CHECK(Sha256().field("ab").field("c").hex() != Sha256().field("a").field("bc").hex());
}

TEST_CASE("unified diff of equal texts is empty", "[driver]") { CHECK(unified_diff("a\nb\n", "a\nb\n", "x", "y").empty()); }

TEST_CASE("unified diff prints hunks as diff -u does", "[driver]") {
    std::string a = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n";
    std::string b = "a\nb\nC\nd\ne\nf\ng\nh\ni\nj\nk\n";
    CHECK(unified_diff(a, b, "old", "new") ==
          "--- old\n+++ new\n"
          "@@ -1,6 +1,6 @@\n a\n b\n-c\n+C\n d\n e\n f\n"
          "@@ -8,3 +8,4 @@\n h\n i\n j\n+k\n");
}

TEST_CASE("unified diff of a file against nothing", "[driver]") {
    CHECK(unified_diff("", "x\ny\n", "old", "new") == "--- old\n+++ new\n@@ -0,0 +1,2 @@\n+x\n+y\n");
}
