/* The numbers of a design that the sizes decide and the form
 * (model/form.h) re-sets by candidates: the I/O paths' boxes, and what
 * the resource model (core/model/resources.c) reads: module and FIFO
 * counts, buffer shapes (and so their packing and depth), FIFO widths,
 * the PE's lanes and buffer sizes.
 *
 * Each number is explained by candidates that give its value at the
 * sizes the design was built at: counts as products over the space
 * loops of 1, PEs, PEs - 1 or PEs + 1; shapes as tiles, latency factors
 * or i + j extents (the I/O paths' boxes); widths as bits times the
 * SIMD width or a path's packing; lanes as the SIMD width; or the value
 * itself.  A check at other sizes keeps the candidates that give the
 * other design's values; the first standing one is the form's. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/design.h"
#include "compute/config.h"
#include "model/form-roles.h"
#include "model/tape.h"

G_BEGIN_DECLS

typedef struct _SyFormNumbers SyFormNumbers;

/* design's numbers, read at built (its sizes). */
__isl_give SyFormNumbers *sy_form_numbers_new(
	__isl_keep SyDesign *design, __isl_keep const SyConfig *built);
void sy_form_numbers_free(__isl_take SyFormNumbers *n);

/* Keeps the candidates that give other's numbers (a design of the same
 * modules, FIFOs and buffers at other sizes, cfg); FALSE where the
 * designs do not have the same numbers to compare. */
gboolean sy_form_numbers_narrow(__isl_keep SyFormNumbers *n,
	__isl_keep const SyDesign *other, __isl_keep const SyConfig *cfg,
	gboolean *narrowed);

/* Marks on tape every field sy_form_numbers_set and _set_extents set. */
void sy_form_numbers_live(
	__isl_keep const SyFormNumbers *n, __isl_keep SyTape *tape);

/* Re-sets the extents at sizes: the I/O paths' boxes, the buffers' and
 * the PE buffers' shapes (what the paths' packing is computed from).
 * FALSE where a number's candidates give different values there (the
 * designs it was checked on do not say which it is): the numbers are
 * then the first candidates', which may not be the design's. */
gboolean sy_form_numbers_set_extents(
	__isl_keep SyFormNumbers *n, __isl_keep const SyFormSizes *sizes);

/* Re-sets the design's other numbers at sizes, its grid
 * (SyDesign.grid), extents and I/O paths' packing already set there;
 * FALSE as above. */
gboolean sy_form_numbers_set(
	__isl_keep SyFormNumbers *n, __isl_keep const SyFormSizes *sizes);

/* The numbers more than one candidate still explains. */
guint sy_form_numbers_ambiguous(__isl_keep const SyFormNumbers *n);

G_END_DECLS
