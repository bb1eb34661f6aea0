/* Reading design.json's members, checked: for the loader (comm/
 * design-load.h) and the readers of the facts other parts add to it.
 *
 * Every function that fails sets error (SY_DESIGN_ERROR_INVALID) to
 * what is wrong, ": \"kind\" is \"x\", not pe, io, drain or dummy";
 * callers prefix the path to it on the way back up (below, "/modules"
 * and "/3"), and the loader "design" at the root. */
#pragma once

#include <json-glib/json-glib.h>

#include "base/json-load.h"
#include "comm/design.h"

G_BEGIN_DECLS

/* Sets error to ": " and the message; returns FALSE. */
gboolean sy_design_read_fail(GError **error, __isl_keep const char *format, ...)
	G_GNUC_PRINTF(2, 3);
/* Prefixes "/name" (or "/i") to error; returns FALSE. */
gboolean sy_design_read_below(GError **error, __isl_keep const char *name);
gboolean sy_design_read_below_index(GError **error, guint i);

/* Every member of o is one of names or of extra (both NULL-terminated,
 * extra may be NULL), and the first n_required of names are there. */
gboolean sy_design_read_members(__isl_keep JsonObject *o,
	__isl_keep const char *const *names, guint n_required,
	__isl_keep const char *const *extra, GError **error);

/* node as an object or an array, or NULL (failed). */
__isl_keep JsonObject *sy_design_read_object(
	__isl_keep JsonNode *node, GError **error);
__isl_keep JsonArray *sy_design_read_array(
	__isl_keep JsonNode *node, GError **error);
/* node as an object with exactly the members names (NULL-terminated),
 * or NULL (failed). */
__isl_keep JsonObject *sy_design_read_object_with(__isl_keep JsonNode *node,
	__isl_keep const char *const *names, GError **error);

/* Members o has (sy_design_read_members said so), typed: */
/* an array (NULL: failed) */
__isl_keep JsonArray *sy_design_read_array_member(
	__isl_keep JsonObject *o, __isl_keep const char *name, GError **error);
/* a string (NULL: failed), or a string or null (*out NULL for null) */
__isl_keep const char *sy_design_read_str(
	__isl_keep JsonObject *o, __isl_keep const char *name, GError **error);
gboolean sy_design_read_str_or_null(__isl_keep JsonObject *o,
	__isl_keep const char *name, __isl_keep const char **out,
	GError **error);
/* an integer from min to max (node's: what names it in messages) */
gboolean sy_design_read_int(__isl_keep JsonNode *node,
	__isl_keep const char *what, gint64 min, gint64 max, gint64 *out,
	GError **error);
gboolean sy_design_read_int_member(__isl_keep JsonObject *o,
	__isl_keep const char *name, gint64 min, gint64 max, gint64 *out,
	GError **error);
gboolean sy_design_read_uint(__isl_keep JsonObject *o,
	__isl_keep const char *name, guint min, guint *out, GError **error);
gboolean sy_design_read_bool(__isl_keep JsonObject *o,
	__isl_keep const char *name, gboolean *out, GError **error);
/* "in" (TRUE) or "out" */
gboolean sy_design_read_way(__isl_keep JsonObject *o,
	__isl_keep const char *name, gboolean *in, GError **error);
/* one of names (n of them): its index */
gboolean sy_design_read_enum(__isl_keep JsonObject *o,
	__isl_keep const char *name, __isl_keep const char *const *names,
	guint n, guint *out, GError **error);
/* an array of n_min to n_max integers from min: *out (to free, NULL
 * when empty) and *n */
gboolean sy_design_read_ints(__isl_keep JsonNode *node,
	__isl_keep const char *what, gint64 min, guint n_min, guint n_max,
	gint64 **out, guint *n, GError **error);
gboolean sy_design_read_ints_member(__isl_keep JsonObject *o,
	__isl_keep const char *name, gint64 min, guint n_min, guint n_max,
	gint64 **out, guint *n, GError **error);
/* an array of integers from 0 to G_MAXUINT: *out (to free, never
 * NULL) and *n */
gboolean sy_design_read_uints_member(__isl_keep JsonObject *o,
	__isl_keep const char *name, guint **out, guint *n,
	GError **error);

G_END_DECLS
