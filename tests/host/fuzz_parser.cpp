// libFuzzer target for the Python front end: any byte string must either parse or
// raise SyntaxErrorException, without crashes, leaks or undefined behaviour.
//
//   clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined \
//       generator/host/{ast,lexer,syntax_strings,parser,parser_expr}.cpp \
//       tests/host/fuzz_parser.cpp -o /tmp/fuzz_parser
//   /tmp/fuzz_parser -max_len=4096 CORPUS_DIR
#include <cstddef>
#include <cstdint>
#include <string>

#include "../../generator/host/parser.h"

using namespace exo::host;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    try {
        auto src = parse_module("fuzz.py", text);
        for (const Stmt* s : src->body) (void)src->segment(s->span);
    } catch (const SyntaxErrorException&) {
    }
    try {
        parse_expression("fuzz.py", text);
    } catch (const SyntaxErrorException&) {
    }
    return 0;
}
