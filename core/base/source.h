/* A source file held in memory, with the line table that diagnostics need.
 *
 * Every location in Systole points into one of these; a SySource therefore
 * outlives everything parsed from it (the SyProgram owns its sources).
 */
#pragma once

#include <glib.h>

#include "base/own.h"

G_BEGIN_DECLS

typedef struct _SySource SySource;

struct _SySource {
	char *path; /* as used to open the file (or the buffer's name) */
	char *dir; /* directory for resolving #include "..." */
	char *text; /* NUL-terminated contents */
	gsize len;
	GArray *lines; /* gsize offsets of the first byte of every line */
};

/* A position: 1-based line and byte column, plus the byte offset. */
typedef struct {
	__isl_keep const SySource *src;
	guint line;
	guint col;
	gsize offset;
} SyLoc;

/* The largest source (and header) read, in bytes: a file as large as
 * that is no kernel, and /dev/zero would never end. */
#define SY_SOURCE_MAX_BYTES (16u * 1024 * 1024)

/* A file, or text in memory named path, as a source: refused with an
 * input error (diag.h) if it cannot be read, is too large, empty, binary
 * or not UTF-8.  These two live in source-load.c, apart from the rest:
 * diagnostics point into sources, and only reading reports them. */
__isl_give SySource *sy_source_new_from_file(
	__isl_keep const char *path, GError **error);
__isl_give SySource *sy_source_new_from_data(__isl_keep const char *path,
	__isl_keep const char *text, gssize len, GError **error);
void sy_source_free(__isl_take SySource *src);

SyLoc sy_source_loc(__isl_keep const SySource *src, gsize offset);
/* The text of line (1-based) without its newline, len bytes, in src. */
__isl_keep const char *sy_source_line(
	__isl_keep const SySource *src, guint line, gsize *len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SySource, sy_source_free)

G_END_DECLS
