/* Private to the parser: the SCoP's own parser (scop-parse.c), on the
 * common ground of parser-private.h; file-parse.c calls it where the file
 * has a '#pragma scop'. */
#pragma once

#include "base/own.h"
#include "frontend/parser-private.h"

G_BEGIN_DECLS

/* The SCoP, from its '#pragma scop' (the current token) to its
 * '#pragma endscop', into p->prog. */
gboolean sy_parser_scop(__isl_keep SyParser *p);

G_END_DECLS
