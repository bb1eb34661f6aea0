/* Sizes per dataflow, as the explorer's pipeline remembers them: a
 * table from a dataflow's loops (the band's members and its space
 * loops, which an edit of the kernel keeps, where its number may
 * change) to the sizes it was last built with.  GLib only; the
 * pipeline's jobs and surveys read copies in their workers. */
#pragma once

#include <glib.h>

#include "compute/config.h"

G_BEGIN_DECLS

/* A table: sy_sizes_key -> SyConfig (give). */
GHashTable *sy_sizes_new(void);
GHashTable *sy_sizes_copy(GHashTable *sizes /* keep */);

/* The key of dataflow c of analysis a (give). */
char *sy_sizes_key(
	const SyAnalysis *a /* keep */, const SyCandidate *c /* keep */);

/* The sizes to build choices' dataflow with (give): asked if they are
 * its (asked may be NULL), else those sizes remembers if they still fit
 * its loops, else the defaults; numbered as the dataflow is now. */
SyConfig *sy_sizes_config(GHashTable *sizes /* keep */,
	const SyConfig *asked /* keep */, const SyChoices *choices /* keep */);

/* Whether dataflow c of a is built with the space loops among its SIMD
 * choices (SyConfig.touch_space): as asked if asked is its, else as
 * sizes remembers, else not. */
gboolean sy_sizes_touch_space(GHashTable *sizes /* keep */,
	const SyConfig *asked /* keep */, const SyAnalysis *a /* keep */,
	const SyCandidate *c /* keep */);

G_END_DECLS
