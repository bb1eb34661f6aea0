/* The design as systole-cli prints it as a readable table (the JSON
 * descriptor is comm/design-json.h). */
#pragma once

#include "base/own.h"
#include "comm/design.h"

G_BEGIN_DECLS

__isl_give char *sy_report_design_text(__isl_keep const SyDesign *design);

G_END_DECLS
