// SyntaxError reporting shared by the lexer and the parser.
//
// Positions inside the front end are (line, byte column); CPython reports
// SyntaxError.offset as a 1-based *character* offset into the source line, so the
// conversion lives here, next to the only place that needs the source lines.
#pragma once

#include <string>
#include <vector>

namespace exo::host {

struct SyntaxErrorInfo {
    std::string type;      // "SyntaxError", "IndentationError" or "TabError" (a subclass of it)
    std::string msg;
    std::string filename;
    int line = 0;          // 1-based
    int col = 0;           // 1-based character offset, as CPython's SyntaxError.offset
    std::string text;      // the offending source line, without its newline ("" if unknown)
};

// Thrown by parse_module / parse_expression on any lexical or syntax error.
struct SyntaxErrorException {
    SyntaxErrorInfo info;
};

// Builds SyntaxErrorInfo for one source file.
class ErrorReporter {
public:
    // `lines[0]` is line `first_line` (f-string fields are re-parsed from their own text).
    ErrorReporter(std::string filename, const std::vector<std::string>* lines, int first_line = 1)
        : filename_(std::move(filename)), lines_(lines), first_line_(first_line) {}

    // Error located at a byte column (0-based) of `line`: offset points at that byte.
    [[noreturn]] void at(const std::string& type, const std::string& msg, int line, int byte_col) const {
        throw SyntaxErrorException{make(type, msg, line, chars_before(line, byte_col) + 1)};
    }
    // Error reported like CPython's tokenizer does: offset = number of characters
    // before the tokenizer's cursor `cur_byte` (so the caret sits on the last char read).
    [[noreturn]] void at_cursor(const std::string& type, const std::string& msg, int line, int cur_byte) const {
        throw SyntaxErrorException{make(type, msg, line, chars_before(line, cur_byte))};
    }
    SyntaxErrorInfo make(const std::string& type, const std::string& msg, int line, int offset) const {
        SyntaxErrorInfo e;
        e.type = type;
        e.msg = msg;
        e.filename = filename_;
        e.line = line;
        e.col = offset;
        if (const std::string* s = line_text(line)) e.text = *s;
        return e;
    }
    int chars_before(int line, int byte_col) const {
        if (byte_col <= 0) return 0;
        const std::string* text = line_text(line);
        if (!text) return byte_col;
        const std::string& s = *text;
        int n = 0;
        for (int i = 0; i < byte_col; i++) {
            // Past the end (the newline itself, or EOF) every position counts as one char.
            if (i >= (int)s.size() || ((unsigned char)s[i] & 0xC0) != 0x80) n++;
        }
        return n;
    }

    const std::string& filename() const { return filename_; }

private:
    const std::string* line_text(int line) const {
        int i = line - first_line_;
        if (!lines_ || i < 0 || i >= (int)lines_->size()) return nullptr;
        return &(*lines_)[(size_t)i];
    }
    std::string filename_;
    const std::vector<std::string>* lines_;
    int first_line_;
};

}  // namespace exo::host
