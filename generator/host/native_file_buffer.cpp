// `_host.FileBuffer(path, text)`: what open() in a writing mode has been given and not
// yet written out (generator/lib/std/_exocc_io.py). Its write() appends, flush() replaces
// the file by the whole text (atomically, as write_file does), close() flushes and stops.
//
// As CPython's buffered files do, a buffer that is never closed still reaches its file:
// when it is collected (`open(p, "w").write(s)`, `del f`) and, for those still alive
// (a module-level file object, a reference cycle), when the program exits
// (flush_file_buffers). Those two paths cannot report an error, so they drop it, as
// CPython's "Exception ignored" does after printing it.
#include <set>

#include "interp.h"

namespace exo::host {

namespace {

struct FileBufferObject : NativeObject {
    std::string path;
    std::string text;    // the whole file as it must end up
    bool dirty = false;  // text not yet written
    bool open = true;

    FileBufferObject(TypeObject* t, std::string p, std::string initial);
    ~FileBufferObject() override;

    void flush() {
        if (!dirty) return;
        write_file(path, text);
        dirty = false;
    }
    void flush_quietly() noexcept {
        try {
            flush();
        } catch (...) {
        }
    }
};

// Buffers alive now, for flush_file_buffers at exit.
std::set<FileBufferObject*>& live_buffers() {
    static std::set<FileBufferObject*> s;
    return s;
}

FileBufferObject::FileBufferObject(TypeObject* t, std::string p, std::string initial)
    : NativeObject(t), path(std::move(p)), text(std::move(initial)) {
    live_buffers().insert(this);
}

FileBufferObject::~FileBufferObject() {
    live_buffers().erase(this);
    if (open) flush_quietly();
}

TypeObject* file_buffer_t();

FileBufferObject* self_buffer(const Value& v) {
    auto* o = as<NativeObject>(v);
    if (!o || o->type != file_buffer_t()) raise(exc_types().TypeError, "descriptor requires a '_host.FileBuffer' object");
    return static_cast<FileBufferObject*>(o);
}

Value buffer_write(const Value& self, const CallArgs& a) {
    check_positional("write", a, 1, 1);
    FileBufferObject* b = self_buffer(self);
    b->text += to_string_ref(a.pos[0], "data");
    b->dirty = true;
    return Value::none();
}

Value buffer_flush(const Value& self, const CallArgs& a) {
    check_positional("flush", a, 0, 0);
    self_buffer(self)->flush();
    return Value::none();
}

Value buffer_close(const Value& self, const CallArgs& a) {
    check_positional("close", a, 0, 0);
    FileBufferObject* b = self_buffer(self);
    if (b->open) {
        b->open = false;  // closed even if the write fails, as CPython's close()
        b->flush();
    }
    return Value::none();
}

Value buffer_new(const Value&, const CallArgs& a) {
    check_positional("FileBuffer", a, 2, 2);
    return Value(new FileBufferObject(file_buffer_t(), to_string_ref(a.pos[0], "path"), to_string_ref(a.pos[1], "text")));
}

TypeObject* file_buffer_t() {
    static TypeObject* t = [] {
        TypeObject* ty = new_builtin_type("FileBuffer", types().object, Layout::Native);
        ty->dict->table.set_str("__module__", str("_host"));
        add_method(ty, "write", buffer_write);
        add_method(ty, "flush", buffer_flush);
        add_method(ty, "close", buffer_close);
        return ty;
    }();
    return t;
}

}  // namespace

void flush_file_buffers() {
    for (FileBufferObject* b : std::set<FileBufferObject*>(live_buffers()))
        if (b->open) b->flush_quietly();
}

void add_file_buffer_hook(ModuleObject* m) {
    m->globals().set_str("FileBuffer", builtin_function("FileBuffer", buffer_new, Value(m)));
}

}  // namespace exo::host
