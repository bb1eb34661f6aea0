#include <math.h>

#include "base/integer.h"
#include "model/resources-memory.h"
#include "model/tape-private.h"

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

/* best[0 .. width]: the fewest primitives whose columns are at least
 * w bits wide, each column as tall as depth needs; an unbounded
 * knapsack on the width, at most 36 steps per bit. */
static void knapsack(guint width, gint64 depth, gint64 *best)
{
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
}

/* The knapsack's answers for every width up to TABLE_WIDTH and depth
 * up to 512 x (TABLE_ROWS - 1), made once: the count depends on the
 * depth through ceil(depth / 512) alone (each aspect's depth is 512
 * times a power of 2, and ceil(ceil(d / 512) / 2^k) is ceil(d / (512
 * 2^k))), so a model that evaluates millions of sizes looks it up. */
#define TABLE_WIDTH SY_MEMORY_TABLE_WIDTH
#define TABLE_ROWS (SY_MEMORY_TABLE_DEPTH / 512 + 1)

static guint16 table[TABLE_ROWS][TABLE_WIDTH + 1];

static void table_fill(void)
{
	gint64 best[TABLE_WIDTH + 1];

	for (guint q = 1; q < TABLE_ROWS; q++) {
		knapsack(TABLE_WIDTH, 512 * (gint64)q, best);
		for (guint w = 0; w <= TABLE_WIDTH; w++)
			table[q][w] = (guint16)best[w];
	}
}

const SyMemoryTableRow *sy_memory_bram18k_table(void)
{
	static gsize filled;

	if (g_once_init_enter(&filled)) {
		table_fill();
		g_once_init_leave(&filled, 1);
	}
	return (const SyMemoryTableRow *)table;
}

gint64 sy_memory_bram18k(guint width, gint64 depth)
{
	g_autofree gint64 *best = NULL;

	if (width == 0 || depth <= 0)
		return 0;
	if (sy_memory_in_table(width, depth))
		return sy_memory_table_at(
			sy_memory_bram18k_table(), width, depth);
	best = g_new(gint64, width + 1);
	knapsack(width, depth, best);
	return best[width];
}

gint64 sy_memory_uram(guint width, gint64 depth)
{
	if (width == 0 || depth <= 0)
		return 0;
	return sy_integer_div_ceil(width, 72) *
		sy_integer_div_ceil(depth, 4096);
}

/* c ? x : y on integers, as arithmetic (c is 0 or 1): the model's
 * choices between primitives are then not decisions, and one tape
 * serves memories on either side of a threshold. */
static SyNum choose(SyTape *t, SyNum c, SyNum x, SyNum y)
{
	return sy_num_add(t, sy_num_mul(t, c, x),
		sy_num_mul(t, sy_num_sub(t, sy_num(1), c), y));
}

/* LUTs of a simple dual-port LUTRAM: 8 per RAM32M16 (14 bits, 32 deep)
 * or RAM64M8 (7 bits, 64 deep), UG574. */
static SyNum lutram_luts(SyTape *t, SyNum width, SyNum depth)
{
	return choose(t, sy_num_le(t, depth, sy_num(32)),
		sy_num_mul(t, sy_num(8), sy_num_cdiv(t, width, sy_num(14))),
		sy_num_mul(t,
			sy_num_mul(
				t, sy_num(8), sy_num_cdiv(t, width, sy_num(7))),
			sy_num_cdiv(t, depth, sy_num(64))));
}

double sy_memory_bram36(double bram18k)
{
	return ceil(bram18k / 2);
}

SyNum sy_num_bram18k(SyTape *t, SyNum width, SyNum depth)
{
	gint64 n = sy_memory_bram18k((guint)width.v, depth.v);

	if (!t)
		return sy_num(n);
	return sy_tape_opaque(t, OP_BRAM18K, width, depth, n);
}

/* cost[k] + n x x */
static void add_times(SyTape *t, SyReal *cost, int k, SyReal n, SyNum x)
{
	cost[k] = sy_real_add(t, cost[k], sy_real_mul(t, n, sy_real_of(t, x)));
}

/* sy_memory_kind's rule (comm/storage.c) as 0 or 1 per kind, for
 * memories that are not URAM: each kind's count is multiplied by its
 * own, so that a memory adds +0.0 to the others (the costs are never
 * below 0, where + +0.0 changes nothing). */
void sy_memory_add_num(SyTape *t, SyReal *cost, SyNum width, SyNum depth,
	gboolean uram, SyNum copies)
{
	SyReal n = sy_real_of(t, copies);
	SyNum registers, lutram, bram;

	if (sy_num_holds(t, sy_num_eq(t, width, sy_num(0))) ||
		sy_num_holds(t, sy_num_le(t, depth, sy_num(0))) ||
		sy_num_holds(t, sy_num_le(t, copies, sy_num(0))))
		return;
	if (uram) {
		add_times(t, cost, SY_RESOURCE_URAM, n,
			sy_num_mul(t, sy_num_cdiv(t, width, sy_num(72)),
				sy_num_cdiv(t, depth, sy_num(4096))));
		return;
	}
	registers = sy_num_le(t, depth, sy_num(1));
	bram = sy_num_lt(t, sy_num(SY_LUTRAM_DEPTH), depth);
	lutram = sy_num_sub(t, sy_num_sub(t, sy_num(1), registers), bram);
	add_times(t, cost, SY_RESOURCE_LUT, n,
		sy_num_mul(t, lutram, lutram_luts(t, width, depth)));
	add_times(t, cost, SY_RESOURCE_FF, n,
		sy_num_mul(t, sy_num_sub(t, sy_num(1), bram), width));
	add_times(t, cost, SY_RESOURCE_BRAM18K, n,
		sy_num_mul(t, bram, sy_num_bram18k(t, width, depth)));
}

void sy_memory_add(SyResources *cost, guint width, gint64 depth, gboolean uram,
	gint64 copies)
{
	SyReal v[SY_N_RESOURCES];

	for (int k = 0; k < SY_N_RESOURCES; k++)
		v[k] = sy_real(cost->v[k]);
	sy_memory_add_num(
		NULL, v, sy_num(width), sy_num(depth), uram, sy_num(copies));
	for (int k = 0; k < SY_N_RESOURCES; k++)
		cost->v[k] = v[k].v;
}
