/* JSON text as Systole writes it everywhere (design.json, --json on
 * stdout, --emit design): one printer, so that the files an export
 * writes and what the CLI prints stay the same bytes. */
#pragma once

#include <json-glib/json-glib.h>

#include "base/own.h"

G_BEGIN_DECLS

/* root pretty-printed with an indent of two spaces, and a final
 * newline; g_free it. */
__isl_give char *sy_json_print(__isl_keep JsonNode *root);

G_END_DECLS
