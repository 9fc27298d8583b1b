#include "line_editor.h"

#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "interrupt.h"
#include "output.h"
#include "unicode_util.h"

namespace exo::host {

namespace {

// One byte from stdin; -1 at end of input. A Ctrl-C that arrives as a signal (stdin
// not a terminal in raw mode) interrupts the read.
int read_byte() {
    unsigned char c;
    for (;;) {
        ssize_t n = ::read(STDIN_FILENO, &c, 1);
        if (n == 1) return c;
        if (n == 0) return -1;
        if (errno != EINTR) return -1;
        if (take_interrupt()) throw LineInterrupted{};
    }
}

void write_all(const std::string& s) {
    size_t done = 0;
    while (done < s.size()) {
        ssize_t n = ::write(STDOUT_FILENO, s.data() + done, s.size() - done);
        if (n <= 0 && errno != EINTR) return;
        if (n > 0) done += size_t(n);
    }
}

// Raw mode for the editor's lifetime: keys one at a time, no echo, Ctrl-C as a byte.
class RawMode {
public:
    RawMode() {
        ok_ = tcgetattr(STDIN_FILENO, &saved_) == 0;
        if (!ok_) return;
        termios raw = saved_;
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG);
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        ok_ = tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0;  // keeps typed-ahead input
    }
    ~RawMode() {
        if (ok_) tcsetattr(STDIN_FILENO, TCSANOW, &saved_);
    }
    bool ok() const { return ok_; }

private:
    termios saved_{};
    bool ok_ = false;
};

std::string encode(const std::u32string& s) {
    std::string out;
    for (char32_t c : s) utf8_append(out, c);
    return out;
}

class Editor {
public:
    Editor(const std::string& prompt, std::vector<std::string>* history)
        : prompt_(prompt), prompt_cols_(utf8_length(prompt)), history_(history),
          hist_pos_(history ? history->size() : 0) {}

    std::optional<std::string> run() {
        refresh();
        for (;;) {
            int c = read_byte();
            if (c < 0) return finish(std::nullopt);
            switch (c) {
            case '\r':
            case '\n': return finish(encode(line_));
            case 3: write_all("^C\r\n"); throw LineInterrupted{};
            case 4:
                if (line_.empty()) return finish(std::nullopt);
                erase_at(pos_);
                break;
            case 1: pos_ = 0; break;
            case 5: pos_ = line_.size(); break;
            case 2: if (pos_ > 0) --pos_; break;
            case 6: if (pos_ < line_.size()) ++pos_; break;
            case 8:
            case 127: if (pos_ > 0) erase_at(--pos_); break;
            case 11: line_.erase(pos_); break;
            case 21: line_.erase(0, pos_); pos_ = 0; break;
            case 23: delete_word(); break;
            case 12: write_all("\x1b[H\x1b[2J"); break;
            case 16: history_step(-1); break;
            case 14: history_step(+1); break;
            case '\t': insert(U"    "); break;
            case 27: escape(); break;
            default:
                if (c >= 0x20) insert(std::u32string(1, utf8_char(c)));
            }
            refresh();
        }
    }

private:
    // The rest of a UTF-8 sequence that starts with byte `lead`.
    char32_t utf8_char(int lead) {
        std::string bytes(1, char(lead));
        int more = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
        for (int i = 0; i < more; ++i) {
            int c = read_byte();
            if (c < 0) break;
            bytes += char(c);
        }
        size_t len = 0;
        return utf8_decode_one(bytes, 0, len);
    }

    void escape() {
        int a = read_byte();
        if (a != '[' && a != 'O') return;
        int b = read_byte();
        if (b >= '0' && b <= '9') {  // ESC [ n ~
            int t = read_byte();
            if (t != '~') return;
            if (b == '1' || b == '7') pos_ = 0;
            else if (b == '4' || b == '8') pos_ = line_.size();
            else if (b == '3' && pos_ < line_.size()) erase_at(pos_);
            return;
        }
        switch (b) {
        case 'A': history_step(-1); break;
        case 'B': history_step(+1); break;
        case 'C': if (pos_ < line_.size()) ++pos_; break;
        case 'D': if (pos_ > 0) --pos_; break;
        case 'H': pos_ = 0; break;
        case 'F': pos_ = line_.size(); break;
        default: break;
        }
    }

    void insert(const std::u32string& s) {
        line_.insert(pos_, s);
        pos_ += s.size();
    }
    void erase_at(size_t i) { line_.erase(i, 1); }
    void delete_word() {
        size_t start = pos_;
        while (start > 0 && line_[start - 1] == ' ') --start;
        while (start > 0 && line_[start - 1] != ' ') --start;
        line_.erase(start, pos_ - start);
        pos_ = start;
    }

    void history_step(int dir) {
        if (!history_ || history_->empty()) return;
        if (hist_pos_ == history_->size()) pending_ = line_;  // the line being typed
        size_t next = dir < 0 ? (hist_pos_ == 0 ? 0 : hist_pos_ - 1) : std::min(hist_pos_ + 1, history_->size());
        hist_pos_ = next;
        if (hist_pos_ == history_->size()) {
            line_ = pending_;
        } else {
            auto cps = utf8_decode((*history_)[hist_pos_]);
            line_.assign(cps.begin(), cps.end());
        }
        pos_ = line_.size();
    }

    void refresh() {
        std::string s = "\r" + prompt_ + encode(line_) + "\x1b[K\r";
        size_t col = prompt_cols_ + pos_;
        if (col) s += "\x1b[" + std::to_string(col) + "C";
        write_all(s);
    }

    std::optional<std::string> finish(std::optional<std::string> result) {
        write_all("\r\n");
        if (result && history_ && result->find_first_not_of(" \t") != std::string::npos &&
            (history_->empty() || history_->back() != *result))
            history_->push_back(*result);
        return result;
    }

    std::string prompt_;
    size_t prompt_cols_;
    std::vector<std::string>* history_;
    size_t hist_pos_;
    std::u32string line_, pending_;
    size_t pos_ = 0;
};

std::optional<std::string> read_plain(const std::string& prompt, bool to_stderr) {
    if (to_stderr) output::write_stderr(prompt);
    else output::write_stdout(prompt);
    output::flush_stdout();
    std::string line;
    for (;;) {
        int c = read_byte();
        if (c < 0) return line.empty() ? std::nullopt : std::optional<std::string>(line);
        if (c == '\n') return line;
        line += char(c);
    }
}

}  // namespace

std::optional<std::string> read_line(const std::string& prompt, std::vector<std::string>* history,
                                     bool plain_prompt_to_stderr) {
    output::flush_stdout();
    if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        RawMode raw;
        if (raw.ok()) return Editor(prompt, history).run();
    }
    return read_plain(prompt, plain_prompt_to_stderr);
}

}  // namespace exo::host
