/* The I/O paths' facts (io-facts.h) in design.json, both ways:
 *   "io": {"n_tile": 3, "pe": [2, 2], "paths": [{
 *     "prefix": "A", "direction": "in", "box": [4, 16], "lanes": 1,
 *     "once": false, "pack": 16, "box_words": 4, "along": 1,
 *     "units": 2, "port_words": 256, "port_error": null,
 *     "headless": false, "ping_pong": [true, true], "tiles": code,
 *     "intra": "A_IO_L2_in", "drop": "A_PE_dummy_in",
 *     "moves": [{"stmt": "S_0", "accesses": [1]}], "registers": []},
 *     ...]}
 * (code as code-json.h writes it; a path by its prefix and direction,
 * the code of intra and drop by its module's name, null for none). */
#pragma once

#include <json-glib/json-glib.h>

#include "comm/design.h"

G_BEGIN_DECLS

/* Adds the member "io" to b (an object being built) where design has
 * facts; nothing otherwise. */
void sy_io_facts_add_json(
	__isl_keep JsonBuilder *b, __isl_keep const SyDesign *design);

/* The facts of node (the value of "io"), their paths and modules those
 * of design; fails (SY_DESIGN_ERROR_INVALID) on anything the format
 * does not say, with where: "io/paths/1/lanes: ...". */
__isl_give SyIoFacts *sy_io_facts_from_json(__isl_keep JsonNode *node,
	__isl_keep const SyDesign *design, GError **error);

G_END_DECLS
