/* An I/O path's tile loops (SyIoPathFacts.tiles) counted for the
 * latency model: the tiles they run and, per tile, the work the caller
 * counts there (intra_trans on that tile), without walking the tiles one
 * by one where it need not: a nest whose tiles all count the same is one
 * product, and a nest of padded tiles is split into boxes of tiles on
 * which the work counts the same (the last tiles of each side peeled
 * off, else halves), each box counted once. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "compute/code.h"
#include "model/latency-walk.h"
#include "model/tape.h"

G_BEGIN_DECLS

/* The work per tile, the caller's: code is what runs on a tile (NULL:
 * nothing), reading a tile's coordinates as sy_t0, sy_t1, ...
 *
 * count adds times tiles of code's counts where the coordinates are
 * bound in the environment (or not read: then any tile's); FALSE where
 * it cannot (error set where error is not NULL).
 *
 * uniform says whether code counts the same on every tile whose
 * coordinates range over tiles (their names and intervals). */
typedef struct {
	__isl_keep const SyCode *code;
	gboolean (*count)(gpointer data, SyNum times, GError **error);
	gboolean (*uniform)(
		gpointer data, __isl_keep const SyWalkRanges *tiles);
	gpointer data;
} SyLatencyTileWork;

/* The tiles the loop nest tiles runs in env into *n_tiles, work's
 * counts added for each (by_tile: one tile at a time, as the reference
 * count does); FALSE (error set) where a bound or a tile's coordinates
 * cannot be evaluated, or where work cannot count. */
gboolean sy_latency_tiles_count(__isl_keep const SyCode *tiles,
	__isl_keep SyWalkEnv *env, gboolean by_tile,
	__isl_keep const SyLatencyTileWork *work, __isl_keep SyNum *n_tiles,
	GError **error);

G_END_DECLS
