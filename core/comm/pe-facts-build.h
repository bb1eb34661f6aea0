/* The PE's facts (pe-facts.h) of a design, from its model: computed
 * once, where the modules' code is built (sy_design_fill_code), inside
 * its isl stage. */
#pragma once

#include "comm/design.h"
#include "comm/hls-model.h"
#include "comm/pe-facts.h"

G_BEGIN_DECLS

/* The facts of the PE of m's design; simplified (may be NULL) is the
 * cache of sy_module_code_simplified the modules' code shares.  Where
 * isl fails, the facts are incomplete: the stage's check says so. */
__isl_give SyPeFacts *sy_pe_facts_build(
	__isl_keep const SyHlsModel *m, __isl_keep GHashTable *simplified);

G_END_DECLS
