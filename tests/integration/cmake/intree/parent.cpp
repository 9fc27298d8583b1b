int parent_cxx() { return 0; }
