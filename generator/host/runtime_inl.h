// Inline parts of runtime.h: fast paths of for_each over builtin containers.
#pragma once

namespace exo::host {

template <class F>
void for_each(const Value& iterable, F&& f) {
    if (Object* o = iterable.obj()) {
        if (o->type == types().list) {
            // Index each time: the body may append to or shrink the list.
            auto* l = static_cast<ListObject*>(o);
            for (size_t i = 0; i < l->items.size(); ++i) {
                Value item = l->items[i];
                if (!f(item)) return;
            }
            return;
        }
        if (o->type == types().tuple) {
            auto* t = static_cast<TupleObject*>(o);
            for (const Value& item : t->items)
                if (!f(item)) return;
            return;
        }
    }
    Value it = iter(iterable);
    for (;;) {
        Value item = next(it);
        if (item.is_null()) return;
        if (!f(item)) return;
    }
}

}  // namespace exo::host
