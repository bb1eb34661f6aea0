/* The PE's facts (pe-facts.h) as JSON, and back, exactly: design.json's
 * "pe" / "facts".
 *
 *   {"lanes": 0, "args": ["alpha"],
 *    "buffers": [{"array": "C", "size": [4, 4], "partition": [1]}],
 *    "streams": [{"path": 0, "stem": "A", "in": true, "array": "A",
 *                 "lanes": 1}],
 *    "statements": [{"name": "S0", "iterators": 3, "passed": 0,
 *      "instances": 262144,
 *      "accesses": [{"ref": 0, "array": "C", "write": true,
 *                    "value": "stream", "path": 2, "stream": "C_drain",
 *                    "fifo": false, "buffer": null, "lanes": 1,
 *                    "once": false, "reg": null, "forward": false,
 *                    "at": null}, ...],
 *      "value": [{"access": 1}, {"text": " + "},
 *                {"iterator": 0, "prec": 13}, {"name": "alpha"}],
 *      "ops": [{"op": "*", "count": 1}]}],
 *    "lanes_warning": null}
 *
 * Arrays are named ("array": the kernel's name); paths are indices in
 * SyDesign.paths; "value" is one of argument, stream, local, fifo,
 * vector; "instances" is -1 where it is not counted (pe-facts.h).
 * Reading refuses a missing or unknown member, a wrong type,
 * an array not among the design's, an index out of range. */
#pragma once

#include <json-glib/json-glib.h>

#include "comm/pe-facts.h"

G_BEGIN_DECLS

/* Adds member "facts" to b (an object under construction) for facts;
 * nothing for NULL. */
void sy_pe_facts_add_json(
	__isl_keep JsonBuilder *b, __isl_keep const SyPeFacts *facts);

/* Facts from node (keep): arrays (SyArray) are those names refer to,
 * n_paths the design's paths.  Fails (SY_DESIGN_ERROR_INVALID) with
 * where: "facts/statements/0/accesses/2: no member \"ref\"". */
__isl_give SyPeFacts *sy_pe_facts_from_json(__isl_keep JsonNode *node,
	__isl_keep const GPtrArray *arrays, guint n_paths, GError **error);

G_END_DECLS
