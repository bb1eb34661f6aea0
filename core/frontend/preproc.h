/* The mini-preprocessor: what AutoSA kernels need of cpp, and no more.
 *
 * Comments, #include "local.h" (system headers are skipped), object-like
 * #define and #undef, #if/#ifdef/#ifndef/#elif/#else/#endif with defined,
 * #error, and #pragma lines turned into SY_TOK_PRAGMA tokens.  Macros
 * expand in place; an expanded token keeps the location of the macro name
 * the user wrote, so errors point at the user's text.  Function-like
 * macros are recorded but not expanded; using one inside the SCoP is an
 * error (min, max, floord and ceild excepted: the SCoP grammar knows them).
 */
#pragma once

#include "base/own.h"
#include "frontend/token.h"

G_BEGIN_DECLS

typedef struct {
	char *name;
	gboolean function_like;
	GArray *body; /* SyToken */
	SyLoc loc;
} SyMacro;

typedef struct {
	__isl_keep const SySource *main; /* the file given, one of sources */
	GPtrArray *sources; /* SySource: every file read */
	GArray *tokens; /* SyToken: active and expanded; ends with EOF */
	GHashTable *macros; /* name -> SyMacro, as defined at the end */
} SyPreprocessed;

/* defines are "NAME" or "NAME=VALUE" (as -D), include_dirs as -I; both
 * may be NULL. */
__isl_give SyPreprocessed *sy_preprocess(__isl_take SySource *main,
	__isl_keep const char *const *defines,
	__isl_keep const char *const *include_dirs, GError **error);
void sy_preprocessed_free(__isl_take SyPreprocessed *pp);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyPreprocessed, sy_preprocessed_free)

G_END_DECLS
