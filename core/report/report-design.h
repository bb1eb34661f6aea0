/* The design as systole-cli prints it as a readable table (the JSON
 * descriptor is comm/design-json.h). */
#pragma once

#include "comm/design.h"

G_BEGIN_DECLS

char *sy_report_design_text(const SyDesign *design);

G_END_DECLS
