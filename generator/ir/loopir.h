// Everything needed to build and inspect LoopIR (no printer, no traversals).
#pragma once

#include "exprs.h"
#include "extobj.h"
#include "proc.h"
#include "srcinfo.h"
#include "stmts.h"
#include "sym.h"
#include "types.h"
