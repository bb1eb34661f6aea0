/* The testbench's facts (comm/tb-facts.h) in design.json, both ways:
 * the member "testbench", an array of one object per DRAM path,
 *   {"array": "A", "direction": "in", "prefix": "A", "port": "A",
 *    "port_words": 16384, "box": [16, 1], "pack": 1, "box_words": 16,
 *    "loops": code (compute/code-json.h)}
 * in the order of the kernel's ports. */
#pragma once

#include <json-glib/json-glib.h>

#include "comm/design.h"
#include "comm/tb-facts.h"

G_BEGIN_DECLS

/* Adds the member "testbench" to the object b is building; nothing for
 * NULL facts. */
void sy_tb_facts_add_json(
	__isl_keep JsonBuilder *b, __isl_keep const SyTbFacts *facts);

/* The facts of node (keep: the value of "testbench"), their paths found
 * among the design's by prefix and direction; fails
 * (SY_DESIGN_ERROR_INVALID, saying where: "testbench/1: \"box\" ...") on
 * anything the format above does not say, a path the design does not
 * have, or numbers that do not fit together. */
__isl_give SyTbFacts *sy_tb_facts_from_json(__isl_keep JsonNode *node,
	__isl_keep const SyDesign *design, GError **error);

G_END_DECLS
