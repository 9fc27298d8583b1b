#include "cursor_printer.h"

#include "line_wrap.h"
#include "printer.h"

namespace exo::ir {

namespace {

std::string indent_of(int n) { return std::string(size_t(n) * 4, ' '); }

bool in_block_list(const Path& at, const BlockLoc& b) {
    return at.size() == b.parent.size() + 1 && std::equal(b.parent.begin(), b.parent.end(), at.begin()) &&
           at.back().field == b.field;
}

class Marker : public PrintMarker {
public:
    explicit Marker(const CursorMark& m) : m_(m) {}

    void before(const Path& at, std::vector<std::string>& lines, int indent) override {
        if (m_.kind == CursorMark::Block && in_block_list(at, m_.block) && size_t(at.back().index) == m_.block.lo)
            lines.push_back(indent_of(indent) + "# BLOCK START");
        if (m_.kind == CursorMark::GapBefore && at == m_.path) lines.push_back(indent_of(indent) + "[GAP - Before]");
    }

    void after(const Path& at, std::vector<std::string>& lines, size_t first, int indent) override {
        if (m_.kind == CursorMark::Node && at == m_.path && first < lines.size()) lines[first] += "  # <-- NODE";
        if (m_.kind == CursorMark::GapAfter && at == m_.path) lines.push_back(indent_of(indent) + "[GAP - After]");
        if (m_.kind == CursorMark::Block && in_block_list(at, m_.block) && size_t(at.back().index) + 1 == m_.block.hi)
            lines.push_back(indent_of(indent) + "# BLOCK END");
    }

private:
    const CursorMark& m_;
};

}  // namespace

std::string print_cursor(const Proc& p, const CursorMark& mark) {
    PrintEnv env;
    Marker marker(mark);
    ProcPrinter printer(env, &marker);
    std::vector<std::string> lines;
    if (mark.kind == CursorMark::Root) {
        printer.proc(p, lines, 0);
        lines[0] += "  # <-- NODE";
    } else {
        std::string args;
        for (size_t i = 0; i < p.args.size(); ++i) args += (i ? ", " : "") + printer.fnarg(p.args[i]);
        lines.push_back("def " + p.name + "(" + args + "):");
        printer.block(p.body, lines, 1);
    }
    wrap_lines(lines);
    std::string out;
    for (size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
    return out;
}

}  // namespace exo::ir
