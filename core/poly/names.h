/* The user's identifiers in generated code, and the kernel's headers in
 * an exported project.
 *
 * The export compiles the user's C as C++ next to generated code, so a
 * name the program declares may be a C++ keyword ('class', 'new', 'and'),
 * a name the generated code uses ('kernel0', 'PE', 'fifo_A_PE',
 * 'C_word'), or the stem of another array's generated names ('C_drain'
 * beside 'C'); an array's may not be ASCII ('é'), which the RTL's port
 * names must be.  Such a name N becomes sy_user_N (sy_utf8_ and N
 * spelled in ASCII, for one that is not) everywhere Systole writes it:
 * in the design's module, FIFO and port names, the kernel, and the
 * user's own text copied into the testbench and its headers.
 * Identifiers starting with sy_ are Systole's, so the mapping is one
 * to one and the same input always gives the same names.
 *
 * Headers get a place under src/ that no generated file has, and the
 * #include lines that name them are rewritten to match. */
#pragma once

#include "base/own.h"
#include "poly/scop.h"

G_BEGIN_DECLS

typedef struct _SyNames SyNames;

/* One renamed identifier: the user's, the generated one, and why. */
typedef struct {
	__isl_keep const char *user;
	__isl_keep const char *id;
	__isl_keep const char *why;
} SyRename;

__isl_give SyNames *sy_names_new(__isl_keep const SyScop *scop);
void sy_names_free(__isl_take SyNames *names);

/* What the generated code calls the user's identifier name. */
__isl_keep const char *sy_names_id(
	__isl_keep const SyNames *names, __isl_keep const char *name);

/* The renamed identifiers, sorted by the user's name (SyRename *). */
__isl_keep const GPtrArray *sy_names_renamed(__isl_keep const SyNames *names);

/* Appends a #define for each keyword of C that the program uses and
 * C++ spells otherwise (restrict as __restrict, _Bool as bool, ...). */
void sy_names_c_keywords(
	__isl_keep const SyNames *names, __isl_keep GString *out);

/* Places every header the kernel includes under src/: its path from the
 * kernel's folder if it is below it, else its base name, made unique and
 * different from every name in taken (NULL-terminated).  include_dirs
 * (may be NULL) are the -I folders the analysis searched. */
void sy_names_place_headers(__isl_keep SyNames *names,
	__isl_keep const char *const *include_dirs,
	__isl_keep const char *const *taken);

/* A header's name under src/, or NULL for the kernel's own file and the
 * command line's definitions. */
__isl_keep const char *sy_names_header(
	__isl_keep const SyNames *names, __isl_keep const SySource *src);

/* src's text with the renamed identifiers renamed (outside the
 * conditionals on __cplusplus, which are C++ already) and every
 * #include "..." of a header naming its place.  The n offsets into src's
 * text (between tokens) are moved to the same places in the result. */
__isl_give char *sy_names_rewrite(__isl_keep const SyNames *names,
	__isl_keep const SySource *src, __isl_keep gsize *offsets, guint n,
	gsize *len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyNames, sy_names_free)

G_END_DECLS
