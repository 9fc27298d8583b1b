#include "srcinfo.h"

namespace exo::ir {

namespace {
const std::shared_ptr<const std::string>& empty_string() {
    static const auto s = std::make_shared<const std::string>();
    return s;
}
const std::shared_ptr<const std::string>& unknown_file() {
    static const auto s = std::make_shared<const std::string>("unknown");
    return s;
}
}  // namespace

SrcInfo::SrcInfo() : filename_(unknown_file()), function_(empty_string()) {}

SrcInfo::SrcInfo(std::string_view filename, int lineno, int col_offset, int end_lineno,
                 int end_col_offset, std::string_view function)
    : filename_(std::make_shared<const std::string>(filename)),
      function_(function.empty() ? empty_string() : std::make_shared<const std::string>(function)),
      lineno_(lineno),
      col_offset_(col_offset),
      end_lineno_(end_lineno),
      end_col_offset_(end_col_offset) {}

std::string SrcInfo::str() const {
    std::string s = *filename_ + ":" + std::to_string(lineno_);
    if (col_offset_ >= 0) s += ":" + std::to_string(col_offset_);
    return s;
}

bool SrcInfo::operator==(const SrcInfo& o) const {
    return *filename_ == *o.filename_ && lineno_ == o.lineno_ && col_offset_ == o.col_offset_ &&
           end_lineno_ == o.end_lineno_ && end_col_offset_ == o.end_col_offset_ &&
           *function_ == *o.function_;
}

const SrcInfo& null_srcinfo() {
    static const SrcInfo s;
    return s;
}

}  // namespace exo::ir
