/* The design as systole-cli prints it: the descriptor (one JSON object)
 * and a readable table. */
#pragma once

#include <json-glib/json-glib.h>

#include "design.h"

G_BEGIN_DECLS

JsonNode *sy_report_design_json(const SyDesign *design);
char *sy_report_design_text(const SyDesign *design);

G_END_DECLS
