#include <catch2/catch.hpp>

#include "../../generator/host/suggestions.h"

using exo::host::closest_name;
using exo::host::suggestion_distance;

TEST_CASE("suggestion_distance weighs edits as CPython does", "[suggestions]") {
    REQUIRE(suggestion_distance("divide_lop", "divide_loop", 100) == 2);  // one insertion
    REQUIRE(suggestion_distance("Foo", "foo", 100) == 1);                // a case change is cheaper
    REQUIRE(suggestion_distance("abc", "xyz", 100) == 6);
    REQUIRE(suggestion_distance("biuld", "build", 100) == 4);
    REQUIRE(suggestion_distance("same", "same", 0) == 0);
    // Past the cut-off the exact value does not matter, only that it is over.
    REQUIRE(suggestion_distance("abcdefgh", "zyxwvuts", 3) > 3);
    REQUIRE(suggestion_distance(std::string(50, 'a') + "x", std::string(50, 'a') + "y", 10) == 2);  // ends trimmed first
    REQUIRE(suggestion_distance("x" + std::string(45, 'a'), "y" + std::string(45, 'b'), 10) > 10);
}

TEST_CASE("closest_name picks as CPython 3.12's traceback does", "[suggestions]") {
    std::vector<std::string> commands = {"run", "test", "build", "vendor"};
    REQUIRE(closest_name("biuld", commands) == "build");
    REQUIRE(closest_name("tes", commands) == "test");
    REQUIRE_FALSE(closest_name("tset", commands));               // two substitutions in four letters
    REQUIRE_FALSE(closest_name("zzzz", commands));
    REQUIRE(closest_name("bodyy", {"args", "body", "parent"}) == "body");
    REQUIRE_FALSE(closest_name("x", {"x"}));                     // the name itself is never suggested
    REQUIRE_FALSE(closest_name("ab", {"ac"}));                   // short names need a closer match
    REQUIRE(closest_name("abcd", {"abce", "abcf"}) == "abce");   // ties go to the first
    REQUIRE(closest_name("abcd", {"abce", "abcD"}) == "abcD");   // a closer later match wins
    std::vector<std::string> many(751, "other");
    many.push_back("abce");
    REQUIRE_FALSE(closest_name("abcd", many));                   // too many candidates to search
    REQUIRE_FALSE(closest_name(std::string(41, 'a'), {std::string(40, 'a')}));
}
