#include <math.h>

#include "base/integer.h"
#include "model/resources-memory.h"

/* The RAMB18E2 aspects: depth x width (UG573, table "Port Aspect
 * Ratio"; 512x36 in simple dual-port mode). */
static const struct {
	gint64 depth;
	guint width;
} bram18_aspects[] = {
	{16384, 1},
	{8192, 2},
	{4096, 4},
	{2048, 9},
	{1024, 18},
	{512, 36},
};

/* best[w]: the fewest primitives whose columns are at least w bits
 * wide, each column as tall as depth needs; an unbounded knapsack on
 * the width, at most 36 steps per bit. */
gint64 sy_memory_bram18k(guint width, gint64 depth)
{
	g_autofree gint64 *best = NULL;
	gint64 result;

	if (width == 0 || depth <= 0)
		return 0;
	best = g_new(gint64, width + 1);
	best[0] = 0;
	for (guint w = 1; w <= width; w++) {
		best[w] = G_MAXINT64;
		for (guint a = 0; a < G_N_ELEMENTS(bram18_aspects); a++) {
			guint aw = bram18_aspects[a].width;
			gint64 c = best[w > aw ? w - aw : 0] +
				sy_integer_div_ceil(
					depth, bram18_aspects[a].depth);

			best[w] = MIN(best[w], c);
		}
	}
	result = best[width];
	return result;
}

gint64 sy_memory_uram(guint width, gint64 depth)
{
	if (width == 0 || depth <= 0)
		return 0;
	return sy_integer_div_ceil(width, 72) *
		sy_integer_div_ceil(depth, 4096);
}

/* LUTs of a simple dual-port LUTRAM: 8 per RAM32M16 (14 bits, 32 deep)
 * or RAM64M8 (7 bits, 64 deep), UG574. */
static gint64 lutram_luts(guint width, gint64 depth)
{
	if (depth <= 32)
		return 8 * sy_integer_div_ceil(width, 14);
	return 8 * sy_integer_div_ceil(width, 7) *
		sy_integer_div_ceil(depth, 64);
}

double sy_memory_bram36(double bram18k)
{
	return ceil(bram18k / 2);
}

void sy_memory_add(SyResources *cost, guint width, gint64 depth, gboolean uram,
	gint64 copies)
{
	double n = (double)copies;

	if (width == 0 || depth <= 0 || copies <= 0)
		return;
	switch (sy_memory_kind(width, depth, uram)) {
	case SY_MEMORY_REGISTERS: cost->v[SY_RESOURCE_FF] += n * width; break;
	case SY_MEMORY_LUTRAM:
		cost->v[SY_RESOURCE_LUT] += n * lutram_luts(width, depth);
		cost->v[SY_RESOURCE_FF] += n * width;
		break;
	case SY_MEMORY_BRAM:
		cost->v[SY_RESOURCE_BRAM18K] += n *
			sy_memory_bram18k(width, depth);
		break;
	case SY_MEMORY_URAM:
		cost->v[SY_RESOURCE_URAM] += n * sy_memory_uram(width, depth);
		break;
	}
}
