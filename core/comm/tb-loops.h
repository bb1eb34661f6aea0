/* The testbench's facts (comm/tb-facts.h) computed from the model the
 * modules' code is built on, in its isl stage: per DRAM path the loops
 * isl builds over the path's tiles and units, with the boxes' offsets
 * and, on paths out, AutoSA's copy-out condition at each box, and the
 * numbers the testbench prints (box, packing, words). */
#pragma once

#include "comm/hls-model.h"
#include "comm/tb-facts.h"

G_BEGIN_DECLS

/* NULL where isl failed (the stage's check says how). */
__isl_give SyTbFacts *sy_tb_facts_from_model(__isl_keep const SyHlsModel *m);

G_END_DECLS
