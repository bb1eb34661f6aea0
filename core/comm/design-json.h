/* The design as a JSON descriptor (design.json in an exported project,
 * `systole-cli compile --emit design --json`): the PE array, every
 * module with its buffers and loop tree (and "code", its statements'
 * loops as printed, where sy_design_build_code gave it some), the FIFOs
 * and the DRAM ports, and with the code the testbench's facts
 * (comm/tb-facts-json.h). */
#pragma once

#include <json-glib/json-glib.h>

#include "comm/design.h"

G_BEGIN_DECLS

__isl_give JsonNode *sy_design_to_json(__isl_keep const SyDesign *design);

G_END_DECLS
