// API stable: coordinate changes with the lead.
//
// Where an object-code construct came from. Every IR node carries one so that
// typecheck, bounds-check and scheduling errors can point at the user's line.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace exo::ir {

class SrcInfo {
public:
    // The "unknown:0" location, used for nodes synthesized by the compiler.
    SrcInfo();
    // col_offset / end_lineno / end_col_offset use -1 for "not known".
    SrcInfo(std::string_view filename, int lineno, int col_offset = -1,
            int end_lineno = -1, int end_col_offset = -1, std::string_view function = {});

    const std::string& filename() const { return *filename_; }
    const std::string& function() const { return *function_; }
    int lineno() const { return lineno_; }
    int col_offset() const { return col_offset_; }  // -1 when unknown
    int end_lineno() const { return end_lineno_; }
    int end_col_offset() const { return end_col_offset_; }
    bool has_col() const { return col_offset_ >= 0; }

    // "file:line" or "file:line:col", the form error messages use.
    std::string str() const;

    // Locations never take part in structural equality of IR nodes; this is for tests.
    bool operator==(const SrcInfo& o) const;

private:
    // Filenames are shared between all nodes of a file: copying a SrcInfo (which every
    // rewrite does) must not allocate.
    std::shared_ptr<const std::string> filename_;
    std::shared_ptr<const std::string> function_;
    int lineno_ = 0;
    int col_offset_ = -1;
    int end_lineno_ = -1;
    int end_col_offset_ = -1;
};

// The shared "unknown:0" location.
const SrcInfo& null_srcinfo();

}  // namespace exo::ir
