/* The exact search over Odyssey's matrix-multiply and convolution
 * spaces with its model (dse/odyssey-search.h); what the three
 * searches share is in odyssey-points.c. */
#include <math.h>
#include <string.h>

#include "dse/odyssey-search-private.h"
/* Odyssey's pack inference and BRAM18K rule, for kernel3_*'s BRAM
 * bound: the model's own, not a copy. */
#include "model/odyssey-private.h"

enum { I, J, K };
enum { CO, CR, CC, CI }; /* CONV's loops */

#define MAX_LOOPS 4

/* Relative slack on a bound: the model divides in another order, so a
 * bound may come out an ulp above the cycles it bounds. */
#define BOUND_SLACK 1e-9

/* The tile loops from outer to inner per order (model/odyssey.h). */
static const int mm_orders[3][MAX_LOOPS] = {{I, K, J}, {K, J, I}, {I, J, K}};

/* ---- The exact search ---- */

/* One (t1, t2) of a loop, with what the bounds read of it. */
typedef struct {
	gint64 t1, t2;
	double padded, tiles; /* ceil(D / t1) t1, ceil(D / t1) */
} Pair;

/* How a loop's candidates contribute to the MAC lanes: not (1D arrays
 * along another loop), by t1 / t2 (PEs along it), by t2 (the SIMD),
 * by t1 (the reduction spread over PEs and SIMD). */
typedef enum { LANES_ONE, LANES_RATIO, LANES_T2, LANES_T1, N_LANES } Lanes;

/* The candidates of a loop of one lane factor, by padded size. */
typedef struct {
	gint64 factor;
	GArray *pairs; /* Pair */
	double min_padded, min_tiles;
	gint64 min_t1;
} Group;

/* An array as the bounds see it: a tile spans the loops deps (their
 * t1, plus the window's halo - 1 on the loops halo), times extra; its
 * modules run once per tile of the loops outer; on chip it moves at
 * most rate words a cycle (raised to the SIMD width where that is its
 * pack's lower bound), to DRAM 16; CONV: its chain's levels. */
typedef struct {
	guint deps, outer, halo;
	double extra, rate;
	gboolean simd_rate; /* and its pack at least the SIMD width */
	int levels;
	double buffers; /* CONV: its first level's buffers a module */
} Array;

/* What the bounds know of a design: its arrays (the two inputs, then
 * the output), each loop's lanes, whether the output's only module
 * collects it (its one-tile epilogue is 1), whether the PEs spend a
 * cycle before and after each tile (read-back partial sums), the MACs
 * per point of the tiled loops (CONV: the window), the loops whose
 * PEs a 2D array needs two of (ratio lanes; the reduction's, by t1,
 * is a point rule: reduction_rows). */
typedef struct {
	guint design, dataflow, order;
	int n_loops;
	Array a[3];
	Lanes lanes[MAX_LOOPS];
	gboolean collects, wraps, reduction_rows;
	double work, window[MAX_LOOPS];
	guint rows;
	guint space; /* CONV: the PE array's loops */
	int s0, s1; /* CONV: its first and second (-1: 1D) */
} Shape;

/* A combination of groups, one a loop, with its least bound; least:
 * per loop a stand-in pair no larger in any buffer or PE count than
 * the group's (conv_bram_bound of a partial point). */
typedef struct {
	const Shape *sh;
	const Group *g[MAX_LOOPS];
	double bound;
	Pair least[MAX_LOOPS];
} Combo;

/* Combinations go in batches, whatever the threads: each is walked
 * with the incumbent as the batches before left it (frozen) and what
 * its own walk found, so the points evaluated, not only the answer,
 * are the same for any number of threads.  The first two go alone
 * (they set the incumbent the others are pruned by), then two, then
 * BATCH at a time. */
#define BATCH 4

/* The first combination of i's batch. */
static guint batch_start(guint i)
{
	return i < 2 ? i : i < BATCH ? 2 : i / BATCH * BATCH;
}

typedef struct {
	SyDseOdyssey s;
	GPtrArray *groups[MAX_LOOPS][N_LANES]; /* Group, by factor */
	Shape *shapes; /* by design; NULL: not searched */
	GArray *combos; /* Combo, by bound */
	gint next;
	GMutex lock; /* the batches: */
	GCond cond;
	guint done; /* combinations walked (or skipped) */
	double frozen; /* the incumbent after the batches done */
	gboolean stop; /* a combination's bound was above it */
} Exact;

static gint64 lane_factor(Lanes l, const Pair *p)
{
	switch (l) {
	case LANES_RATIO: return p->t1 / p->t2;
	case LANES_T2: return p->t2;
	case LANES_T1: return p->t1;
	default: return 1;
	}
}

static void group_free(gpointer data)
{
	Group *g = data;

	g_array_unref(g->pairs);
	g_free(g);
}

static int pair_compare(gconstpointer a, gconstpointer b)
{
	const Pair *x = a, *y = b;

	if (x->padded != y->padded)
		return x->padded < y->padded ? -1 : 1;
	if (x->t1 != y->t1)
		return x->t1 < y->t1 ? -1 : 1;
	return sy_dse_odyssey_cmp(x->t2, y->t2);
}

static int group_compare(gconstpointer a, gconstpointer b)
{
	const Group *x = *(Group *const *)a, *y = *(Group *const *)b;

	return sy_dse_odyssey_cmp(x->factor, y->factor);
}

/* The candidates of a loop grouped by lane factor l; the last loop's
 * (the SIMD's) keep the widths bound_check accepts only. */
static GPtrArray *groups_new(gint64 size, gboolean last, Lanes l)
{
	g_autoptr(GArray) t1s = sy_dse_odyssey_t1_candidates(size, !last);
	g_autoptr(GHashTable)
		by = g_hash_table_new(g_int64_hash, g_int64_equal);
	GPtrArray *groups = g_ptr_array_new_with_free_func(group_free);

	for (guint i = 0; i < t1s->len; i++) {
		gint64 t1 = g_array_index(t1s, gint64, i);
		g_autoptr(GArray) t2s = sy_dse_odyssey_divisors(t1);

		for (guint k = 0; k < t2s->len; k++) {
			gint64 t2 = g_array_index(t2s, gint64, k);
			gint64 n = (size + t1 - 1) / t1;
			Pair p = {t1, t2, (double)(n * t1), (double)n};
			gint64 f = lane_factor(l, &p);
			Group *g;

			if (last && !sy_dse_odyssey_simd_ok(t1, t2))
				continue;
			if (!(g = g_hash_table_lookup(by, &f))) {
				g = g_new0(Group, 1);
				g->factor = f;
				g->pairs = g_array_new(
					FALSE, FALSE, sizeof(Pair));
				g->min_padded = g->min_tiles = INFINITY;
				g->min_t1 = t1;
				g_hash_table_insert(by, &g->factor, g);
				g_ptr_array_add(groups, g);
			}
			g_array_append_val(g->pairs, p);
			g->min_padded = MIN(g->min_padded, p.padded);
			g->min_tiles = MIN(g->min_tiles, p.tiles);
			g->min_t1 = MIN(g->min_t1, t1);
		}
	}
	for (guint i = 0; i < groups->len; i++) {
		Group *g = g_ptr_array_index(groups, i);

		g_array_sort(g->pairs, pair_compare);
	}
	g_ptr_array_sort(groups, group_compare);
	return groups;
}

/* The loops whose tiles multiply an array's module iterations: the
 * modules iterate over the tile loops up to the innermost one the
 * array depends on when its feeder reuses, over all of them else
 * (model/odyssey-chain.c). */
static guint outer_loops(const int *order, int n, guint deps, gboolean reusing)
{
	int last = n - 1;
	guint mask = 0;

	if (reusing)
		while (last > 0 && !(deps & (1u << order[last])))
			last--;
	for (int l = 0; l <= last; l++)
		mask |= 1u << order[l];
	return mask;
}

/* MM (model/odyssey-mm.c): A's and B's feeders reuse their tile per
 * dataflow; the packs' caps per dataflow (A, B, C); C's only module
 * collects in kernel2_2; the PEs keep C (and read back partial sums
 * where k is not innermost) in kernel0, 1, 3. */
static void mm_shape(Shape *sh)
{
	static const gboolean reuse[6][2] = {{TRUE, FALSE}, {FALSE, TRUE},
		{TRUE, TRUE}, {TRUE, TRUE}, {FALSE, TRUE}, {TRUE, FALSE}};
	static const double caps[6][3] = {{4, 16, 4}, {16, 4, 4}, {4, 4, 16},
		{16, 16, 4}, {4, 16, 16}, {16, 4, 16}};
	static const Lanes lanes[6][3] = {
		{LANES_RATIO, LANES_ONE, LANES_T2},
		{LANES_ONE, LANES_RATIO, LANES_T2},
		{LANES_ONE, LANES_ONE, LANES_T1},
		{LANES_RATIO, LANES_RATIO, LANES_T2},
		{LANES_RATIO, LANES_ONE, LANES_T1},
		{LANES_ONE, LANES_RATIO, LANES_T1},
	};
	static const guint deps[3] = {
		1u << I | 1u << K, 1u << J | 1u << K, 1u << I | 1u << J};
	static const guint rows[6] = {
		0, 0, 0, 1u << I | 1u << J, 1u << I, 1u << J};
	guint d = sh->dataflow, p = sh->order;

	sh->n_loops = 3;
	for (int a = 0; a < 3; a++)
		sh->a[a] = (Array){deps[a],
			a < 2 ? outer_loops(
					mm_orders[p], 3, deps[a], reuse[d][a])
			      : deps[a],
			0, 1, caps[d][a], a < 2, 0, 0};
	memcpy(sh->lanes, lanes[d], sizeof(lanes[d]));
	sh->collects = d == 2 && p == 2;
	sh->wraps = (d == 0 || d == 1 || d == 3) && p != 2;
	sh->reduction_rows = d == 4 || d == 5;
	sh->work = 1;
	sh->rows = rows[d];
}

/* CONV (model/odyssey-conv.c): cin spans r, c (with the window's
 * halo) and i, w o and i (times the window), cout o, r, c; an array
 * with a module on chip moves at its pack's cap there; the PEs keep
 * the sums unless i is a PE dimension (then the output is collected),
 * and read them back where i is not innermost. */
static void conv_shape(Shape *sh, const gint64 window[2])
{
	static const guint deps[3] = {1u << CR | 1u << CC | 1u << CI,
		1u << CO | 1u << CI, 1u << CO | 1u << CR | 1u << CC};
	guint d = sh->dataflow, p = sh->order, space = 0;
	int order[MAX_LOOPS];
	gboolean two_d = sy_odyssey_conv_space(d, 1) >= 0, accumulating;
	int pack[3];

	for (int k = 0; k < 2; k++)
		if (sy_odyssey_conv_space(d, k) >= 0)
			space |= 1u << sy_odyssey_conv_space(d, k);
	accumulating = !(space & (1u << CI));
	for (int l = 0; l < 4; l++)
		order[l] = sy_odyssey_conv_order(p, l);
	pack[0] = 0; /* cin */
	pack[1] = 3; /* w */
	pack[2] = accumulating && p != 1 ? 1 : 2; /* cout */
	sh->n_loops = 4;
	for (int a = 0; a < 3; a++) {
		int levels = sy_ody_conv_levels(d, deps[a]);

		sh->a[a] = (Array){deps[a],
			a < 2 ? outer_loops(order, 4, deps[a], levels == 2)
			      : deps[a],
			a == 0 ? 1u << CR | 1u << CC : 0,
			a == 1 ? (double)(window[0] * window[1]) : 1,
			levels == 1 ? 16
				    : (double)sy_ody_conv_pack_cap(d, pack[a]),
			a < 2, levels,
			a < 2            ? 2
				: p != 1 ? 4 /* read back: in and out, double */
				: accumulating ? 1 /* drained */
					       : 2 /* collected */};
	}
	for (int x = CO; x <= CI; x++)
		sh->lanes[x] = x == CI
			? space & (1u << CI) ? LANES_T1 : LANES_T2
			: space & (1u << x) ? LANES_RATIO
					    : LANES_ONE;
	sh->collects = !accumulating && p == 1;
	sh->wraps = accumulating && p != 1;
	sh->reduction_rows = two_d && !accumulating;
	sh->work = (double)(window[0] * window[1]);
	sh->window[CR] = (double)window[0];
	sh->window[CC] = (double)window[1];
	sh->rows = two_d ? space & ~(1u << CI) : 0;
	sh->space = space;
	sh->s0 = sy_odyssey_conv_space(d, 0);
	sh->s1 = sy_odyssey_conv_space(d, 1);
}

static void shape_init(Shape *sh, const SyDseOdyssey *s, guint design)
{
	memset(sh, 0, sizeof(*sh));
	sh->design = design;
	sh->dataflow = design / 3;
	sh->order = design % 3;
	if (s->o.kernel == SY_DSE_ODYSSEY_CONV)
		conv_shape(sh, s->o.window);
	else
		mm_shape(sh);
}

static double lanes_of(const Shape *sh, const Group *const *g)
{
	double lanes = 1;

	for (int x = 0; x < sh->n_loops; x++)
		lanes *= (double)g[x]->factor;
	return lanes;
}

/* The bounds take padded sizes and tile counts of MAX_LOOPS loops (an
 * MM's fourth 1).  Each is a product over the loops; what the loops
 * but one (skip) give is taken once (Shares), the last loop's
 * candidates then multiplying it by their own factor only. */

static double compute_bound(const Shape *sh, const double *padded, double lanes)
{
	double work = sh->work;

	for (int x = 0; x < MAX_LOOPS; x++)
		work *= padded[x];
	return work / lanes;
}

G_ALWAYS_INLINE static inline double rate_of(const Array *a, double simd)
{
	return a->simd_rate ? MAX(a->rate, simd) : a->rate;
}

/* Loop x's factor in array a's words over the whole problem: its
 * padded size (with a halo per tile) where a tile spans it, its tile
 * count where a's modules run under it, else 1. */
G_ALWAYS_INLINE static inline double words_along(const Shape *sh,
	const Array *a, int x, const double *padded, const double *tiles)
{
	if (a->deps & (1u << x))
		return padded[x] +
			(a->halo & (1u << x) ? tiles[x] * (sh->window[x] - 1)
					     : 0);
	return a->outer & (1u << x) ? tiles[x] : 1;
}

/* Loop x's factor in one tile of array a. */
G_ALWAYS_INLINE static inline double tile_along(
	const Shape *sh, const Array *a, int x, const Pair *p)
{
	if (!(a->deps & (1u << x)))
		return 1;
	return (double)p->t1 + (a->halo & (1u << x) ? sh->window[x] - 1 : 0);
}

/* Loop x's factor in the tiles of the loops in mask. */
G_ALWAYS_INLINE static inline double tiles_along(
	guint mask, int x, const double *tiles)
{
	return mask & (1u << x) ? tiles[x] : 1;
}

/* The products over every loop but skip (-1: none): the compute share
 * (work over lanes), each array's words and, where pp is given, its
 * tile, the tiles the inputs' modules run under, and all tiles. */
typedef struct {
	double compute, words[3], tile[3], outer[2], all;
} Shares;

static void shares_of(const Shape *sh, const double *padded,
	const double *tiles, const Pair *const *pp, double lanes, int skip,
	Shares *s)
{
	s->compute = sh->work / lanes;
	s->all = 1;
	for (int a = 0; a < 3; a++) {
		s->words[a] = s->tile[a] = sh->a[a].extra;
		if (a < 2)
			s->outer[a] = 1;
	}
	for (int x = 0; x < MAX_LOOPS; x++) {
		if (x == skip)
			continue;
		s->compute *= padded[x];
		s->all *= tiles[x];
		for (int a = 0; a < 3; a++) {
			const Array *ar = &sh->a[a];

			s->words[a] *= words_along(sh, ar, x, padded, tiles);
			if (pp && x < sh->n_loops)
				s->tile[a] *= tile_along(sh, ar, x, pp[x]);
			if (a < 2)
				s->outer[a] *= tiles_along(ar->outer, x, tiles);
		}
	}
}

/* The memory bound with loop x's factors (x = -1: none): each array's
 * words through its slowest module that moves whole tiles, at its
 * rate; simd: the SIMD width, or the widest (8) where it is not
 * fixed. */
G_ALWAYS_INLINE static inline double memory_at(const Shape *sh, const Shares *s,
	int x, const double *padded, const double *tiles, double simd)
{
	double m = 0;

	for (int a = 0; a < 3; a++) {
		const Array *ar = &sh->a[a];
		double f = x < 0 ? 1 : words_along(sh, ar, x, padded, tiles);

		m = MAX(m, s->words[a] * f / rate_of(ar, simd));
	}
	return m;
}

static double memory_bound(const Shape *sh, const double *padded,
	const double *tiles, double lanes, double simd)
{
	Shares s;

	shares_of(sh, padded, tiles, NULL, lanes, -1, &s);
	return memory_at(sh, &s, -1, padded, tiles, simd);
}

/* The PEs' main phase with loop x's factors: N tiles of tau cycles
 * (the compute bound), a cycle before and after each where they read
 * back, and the feeders of the inputs a cycle more per tile they run
 * under. */
static double feeder_at(const Shape *sh, const Shares *s, int x,
	const double *padded, const double *tiles)
{
	double extra = sh->wraps ? 2 * s->all * tiles[x] : 0;

	for (int a = 0; a < 2; a++)
		extra = MAX(extra,
			s->outer[a] * tiles_along(sh->a[a].outer, x, tiles));
	return s->compute * padded[x] + extra;
}

/* What the one-tile prologue and epilogue add at least, with loop x's
 * pair p: the longest load of one input tile and the drain of one
 * output tile, but where the output's only module collects it over
 * the reduction tiles (its one-tile epilogue is 1). */
static double ends_at(
	const Shape *sh, const Shares *s, int x, const Pair *p, double simd)
{
	double t[3];

	for (int a = 0; a < 3; a++)
		t[a] = s->tile[a] * tile_along(sh, &sh->a[a], x, p) /
			rate_of(&sh->a[a], simd);
	return MAX(t[0], t[1]) + (sh->collects ? 0 : t[2]);
}

static int combo_compare(gconstpointer a, gconstpointer b)
{
	const Combo *x = a, *y = b;

	if (x->bound != y->bound)
		return x->bound < y->bound ? -1 : 1;
	if (x->sh->design != y->sh->design)
		return x->sh->design < y->sh->design ? -1 : 1;
	for (int d = 0; d < x->sh->n_loops; d++)
		if (x->g[d] != y->g[d])
			return sy_dse_odyssey_cmp(
				x->g[d]->factor, y->g[d]->factor);
	return 0;
}

/* A 2D array needs two PEs at least along both its dimensions. */
static gboolean combo_rows(const Shape *sh, const Group *const *g)
{
	for (int x = 0; x < sh->n_loops; x++)
		if (sh->rows & (1u << x) && g[x]->factor < 2)
			return FALSE;
	return TRUE;
}

/* A stand-in for a group's pairs: PEs along the loop by its factor
 * (1 where t1 / t2 is not fixed), t1 and t2 at their least. */
static Pair least_pair(Lanes l, const Group *g)
{
	Pair p = {1, 1, 0, 0};

	if (l == LANES_RATIO)
		p.t1 = g->factor;
	else if (l == LANES_ONE || l == LANES_T2)
		p.t1 = g->min_t1;
	if (l == LANES_T2)
		p.t2 = g->factor;
	return p;
}

/* The combinations of groups from loop x on (groups by factor: a loop
 * stops at the first over the DSP budget), with their least bound. */
static void combos_from(
	Exact *e, Combo *co, int x, double lanes, double max_lanes)
{
	const Shape *sh = co->sh;
	GPtrArray *gs = e->groups[x][sh->lanes[x]];

	for (guint i = 0; i < gs->len; i++) {
		double p[MAX_LOOPS] = {1, 1, 1, 1}, n[MAX_LOOPS] = {1, 1, 1, 1};
		double l;

		co->g[x] = g_ptr_array_index(gs, i);
		l = lanes * (double)co->g[x]->factor;
		if (l > max_lanes)
			break;
		if (x + 1 < sh->n_loops) {
			combos_from(e, co, x + 1, l, max_lanes);
			continue;
		}
		if (!combo_rows(sh, co->g))
			continue;
		for (int y = 0; y < sh->n_loops; y++) {
			p[y] = co->g[y]->min_padded;
			n[y] = co->g[y]->min_tiles;
		}
		co->bound = MAX(
			compute_bound(sh, p, l), memory_bound(sh, p, n, l, 8));
		for (int y = 0; y < sh->n_loops; y++)
			co->least[y] = least_pair(sh->lanes[y], co->g[y]);
		g_array_append_val(e->combos, *co);
	}
}

/* What the combinations leave to the model: the PE's latency hiding
 * and a 2D array's PEs along the reduction. */
static gboolean point_rules(
	const SyDseOdyssey *s, const Shape *sh, const Pair *const *p)
{
	gint64 t2[MAX_LOOPS];
	int last = sh->n_loops - 1;

	for (int x = 0; x <= last; x++)
		t2[x] = p[x]->t2;
	if (sh->reduction_rows && p[last]->t1 <= p[last]->t2)
		return FALSE;
	return sy_dse_odyssey_hides(s, sh->dataflow, t2);
}

/* A lower bound on the BRAM18K of the 2D output-stationary MM designs
 * (kernel3_*, odyssey.md §4.2): A's buffers per PE row, B's per column
 * (double-buffered, packed p9 and p10), C's per PE (packed p11 or p12,
 * drained once or read back and written out double-buffered: at least
 * once) and the PE's accumulators; 0 for the other designs, and where
 * infer_params finds no pack (the point is invalid: Odyssey drops it).
 * Where BRAM18K, not DSPs, limits the optimum, most points the compute
 * bound leaves are over the BRAM budget; this leaves them out before
 * the model. */
static double mm_bram_bound(const Shape *sh, const Pair *const *p)
{
	gint64 pa, pc;
	double rows, cols, acc;

	if (sh->dataflow != 3)
		return 0;
	pa = sy_ody_infer(p[K]->t2, MIN(p[K]->t1, 16));
	pc = sy_ody_infer(1, MIN(p[J]->t2, 4));
	rows = (double)p[I]->t1 / p[I]->t2;
	cols = (double)p[J]->t1 / p[J]->t2;
	acc = (double)(p[I]->t2 * p[J]->t2);
	if (!pa || !pc)
		return 0;
	return 2 * rows * sy_ody_bram((double)(p[I]->t2 * p[K]->t1), pa) +
		2 * cols * sy_ody_bram((double)(p[J]->t2 * p[K]->t1), pa) +
		rows * cols * (sy_ody_bram(acc, pc) + sy_ody_bram(acc, 1));
}

/* The least BRAM18K of a buffer of n words at any pack (1 to 16). */
/* A lower bound on the BRAM18K of a buffer of n words at any pack p
 * the model may infer (lb to 16, bound_check rejecting those not a
 * power of two later): ceil(32 p / 36) ceil(n / 512 p) is at least
 * (8 p / 9) (n / 512 p) = n / 576, an integer, and at least
 * ceil(32 lb / 36). */
static double least_bram(double n, double lb)
{
	return MAX(ceil(32 * lb / 36), ceil(n / 576));
}

/* CONV: PEs along loop x (t1 / t2 along the array, else 1), a buffer's
 * extent along it (t2 along the array, t1 else). */
static double pes_along(const Shape *sh, const Pair *const *p, int x)
{
	return x >= 0 && sh->space & (1u << x)
		? (double)p[x]->t1 / (double)p[x]->t2
		: 1;
}

static double extent_along(const Shape *sh, const Pair *const *p, int x)
{
	return (double)(sh->space & (1u << x) ? p[x]->t2 : p[x]->t1);
}

/* A lower bound on a CONV design's BRAM18K (model/odyssey-conv.c):
 * each PE's accumulators (t2 or t1 of o, r, c), unpacked; each array's
 * first buffer (its words: its extents, cin's rows and columns with
 * the window's halo, w's times the window), at its best pack (the
 * inputs' at least the SIMD width), per module (one at the DRAM, one
 * per row of PEs or one per PE by its chain's levels), the inputs'
 * double-buffered, the output's read back in and out double-buffered,
 * collected double-buffered or drained once.  The 2D designs along
 * r and c are BRAM-bound on a layer of large rows and columns: this
 * leaves their points over the budget out before the model. */
static double conv_bram_bound(const Shape *sh, const Pair *const *p)
{
	double pes = pes_along(sh, p, sh->s0) * pes_along(sh, p, sh->s1);
	double acc = 1, b;

	for (int x = CO; x <= CC; x++)
		acc *= extent_along(sh, p, x);
	b = pes * sy_ody_bram(acc, 1);
	for (int a = 0; a < 3; a++) {
		const Array *ar = &sh->a[a];
		double words = ar->extra, count = 1;

		for (int x = CO; x <= CI; x++)
			if (ar->deps & (1u << x))
				words *= extent_along(sh, p, x) +
					(ar->halo & (1u << x)
							? sh->window[x] - 1
							: 0);
		if (ar->levels == 3)
			count = pes;
		else if (ar->levels == 2)
			count = pes_along(sh, p,
				ar->deps & (1u << sh->s0)
					? sh->s0
					: MAX(sh->s1, sh->s0));
		b += ar->buffers * count *
			least_bram(
				words, ar->simd_rate ? (double)p[CI]->t2 : 1);
	}
	return b;
}

static double bram_bound(
	const SyDseOdyssey *s, const Shape *sh, const Pair *const *p)
{
	return s->o.kernel == SY_DSE_ODYSSEY_CONV ? conv_bram_bound(sh, p)
						  : mm_bram_bound(sh, p);
}

/* A worker's view: its incumbent (maybe stale: never below the shared
 * one), its counts. */
typedef struct {
	Exact *e;
	double inc, frozen;
	GArray *own; /* double: this walk's best cycles, at most top */
	guint64 evaluated, feasible, violations;
} Worker;

/* A feasible point's cycles into the walk's own best; the incumbent
 * after it. */
static void own_add(Worker *w, double cycles)
{
	guint top = w->e->s.o.top, at = w->own->len;

	while (at > 0 && g_array_index(w->own, double, at - 1) > cycles)
		at--;
	if (at >= top)
		return;
	g_array_insert_val(w->own, at, cycles);
	if (w->own->len > top)
		g_array_set_size(w->own, top);
	if (w->own->len == top)
		w->inc = MIN(w->frozen, g_array_index(w->own, double, top - 1));
}

static gboolean above(double bound, double inc)
{
	return bound * (1 - BOUND_SLACK) > inc;
}

static void evaluate(
	Worker *w, const Shape *sh, const Pair *const *p, double bound)
{
	SyDseOdysseyDesign d = {.dataflow = sh->dataflow, .order = sh->order};
	double bram = bram_bound(&w->e->s, sh, p);

	if (bram > w->e->s.o.bram18k)
		return;
	for (int x = 0; x < sh->n_loops; x++) {
		d.t1[x] = p[x]->t1;
		d.t2[x] = p[x]->t2;
	}
	w->evaluated++;
	if (!sy_dse_odyssey_eval(&w->e->s, &d)) {
		if (d.bram18k > 0 && d.bram18k < bram)
			w->violations++;
		return;
	}
	if (d.cycles * (1 + BOUND_SLACK) < bound || d.bram18k < bram)
		w->violations++;
	w->feasible++;
	if (d.cycles <= w->inc) {
		sy_dse_odyssey_offer(&w->e->s, &d);
		own_add(w, d.cycles);
	}
}

/* A combination's walk from loop x on, the loops before it set in p
 * (their pairs in pp).  Each loop's candidates go by padded size: the
 * compute bound only grows along them, so a loop stops at the first
 * one above the incumbent; the memory bound (tile counts) and, for a
 * convolution, the BRAM18K bound skip.  The loops after x are taken
 * at their least. */
static void walk(Worker *w, const Combo *co, int x, double *p, double *n,
	const Pair **pp)
{
	const Shape *sh = co->sh;
	const GArray *pairs = co->g[x]->pairs;
	double lanes = lanes_of(sh, co->g);
	double budget = w->e->s.o.bram18k;
	gboolean conv = w->e->s.o.kernel == SY_DSE_ODYSSEY_CONV;
	int last = sh->n_loops - 1;
	Shares sh_rest;

	for (int y = x + 1; y <= last; y++) {
		p[y] = co->g[y]->min_padded;
		n[y] = co->g[y]->min_tiles;
		pp[y] = &co->least[y];
	}
	/* the other loops' share (at the last loop, their tiles too) */
	shares_of(sh, p, n, x == last ? pp : NULL, lanes, x, &sh_rest);
	for (guint i = 0; i < pairs->len; i++) {
		double bound;

		pp[x] = &g_array_index(pairs, Pair, i);
		p[x] = pp[x]->padded;
		n[x] = pp[x]->tiles;
		if (above(sh_rest.compute * p[x], w->inc))
			break;
		if (x < last) {
			if (!above(memory_at(sh, &sh_rest, x, p, n, 8),
				    w->inc) &&
				!(conv && conv_bram_bound(sh, pp) > budget))
				walk(w, co, x + 1, p, n, pp);
			/* the walk below set the loops after x */
			for (int y = x + 1; y <= last; y++) {
				p[y] = co->g[y]->min_padded;
				n[y] = co->g[y]->min_tiles;
				pp[y] = &co->least[y];
			}
			continue;
		}
		if (!point_rules(&w->e->s, sh, pp))
			continue;
		bound = MAX(feeder_at(sh, &sh_rest, x, p, n),
			memory_at(sh, &sh_rest, x, p, n, (double)pp[x]->t2));
		if (above(bound, w->inc))
			continue;
		bound += ends_at(sh, &sh_rest, x, pp[x], (double)pp[x]->t2);
		if (above(bound, w->inc))
			continue;
		evaluate(w, sh, pp, bound);
	}
}

static gpointer worker_run(gpointer data)
{
	Worker *w = data;
	Exact *e = w->e;
	guint i;

	w->own = g_array_new(FALSE, FALSE, sizeof(double));
	while ((i = (guint)g_atomic_int_add(&e->next, 1)) < e->combos->len) {
		const Combo *co = &g_array_index(e->combos, Combo, i);
		double p[MAX_LOOPS] = {1, 1, 1, 1}, n[MAX_LOOPS] = {1, 1, 1, 1};
		const Pair *pp[MAX_LOOPS] = {NULL};
		gboolean stop;

		g_mutex_lock(&e->lock);
		while (e->done < batch_start(i) && !e->stop)
			g_cond_wait(&e->cond, &e->lock);
		w->inc = w->frozen = e->frozen;
		/* The combinations go by bound: the rest are above too.  A
		 * combination stops by its own bound only: one after it
		 * that stopped first (its thread was faster) says nothing
		 * of this one, whose batch's incumbent it was pruned by. */
		stop = above(co->bound, w->inc);
		g_mutex_unlock(&e->lock);
		g_array_set_size(w->own, 0);
		if (!stop)
			walk(w, co, 0, p, n, pp);
		g_mutex_lock(&e->lock);
		e->stop |= stop;
		e->done++;
		if (batch_start(e->done) == e->done) {
			g_mutex_lock(&e->s.lock);
			e->frozen = e->s.incumbent;
			g_mutex_unlock(&e->s.lock);
		}
		g_cond_broadcast(&e->cond);
		g_mutex_unlock(&e->lock);
		if (stop)
			break;
	}
	g_array_unref(w->own);
	return NULL;
}

/* Brute force: every point of every design through the model. */
static void exhaustive(SyDseOdyssey *s)
{
	SyDseOdysseyGrid g = {.s = s};
	int n = s->n_loops;

	for (int x = 0; x < n; x++)
		g.t1s[x] = sy_dse_odyssey_t1_candidates(
			s->o.size[x], x < n - 1);
	for (guint design = 0; design < s->n_designs; design++) {
		g.d = (SyDseOdysseyDesign){
			.dataflow = design / 3, .order = design % 3};
		if (sy_dse_odyssey_has_design(s, design / 3, design % 3))
			sy_dse_odyssey_grid_run(&g);
	}
	for (int x = 0; x < n; x++)
		g_array_unref(g.t1s[x]);
}

static void exact_search(Exact *e)
{
	guint n = e->s.o.threads;
	Worker *w = g_new0(Worker, n);
	GThread **t = g_new0(GThread *, n);
	int loops = e->s.n_loops;
	double max_lanes = floor(e->s.o.dsp / 5 + 1e-9);

	for (int x = 0; x < loops; x++)
		for (int l = 0; l < N_LANES; l++)
			if ((x == loops - 1) ==
				(l == LANES_T2 || l == LANES_T1))
				e->groups[x][l] = groups_new(
					e->s.o.size[x], x == loops - 1, l);
	e->shapes = g_new0(Shape, e->s.n_designs);
	e->combos = g_array_new(FALSE, FALSE, sizeof(Combo));
	for (guint design = 0; design < e->s.n_designs; design++) {
		Combo co = {.sh = &e->shapes[design]};

		if (!sy_dse_odyssey_has_design(&e->s, design / 3, design % 3))
			continue;
		shape_init(&e->shapes[design], &e->s, design);
		combos_from(e, &co, 0, 1, max_lanes);
	}
	g_array_sort(e->combos, combo_compare);
	g_mutex_init(&e->lock);
	g_cond_init(&e->cond);
	e->frozen = INFINITY;
	for (guint i = 0; i < n; i++) {
		w[i].e = e;
		t[i] = n > 1 ? g_thread_new("odyssey", worker_run, &w[i])
			     : NULL;
	}
	for (guint i = 0; i < n; i++) {
		if (t[i])
			g_thread_join(t[i]);
		else
			worker_run(&w[i]);
		e->s.stats.evaluated += w[i].evaluated;
		e->s.stats.feasible += w[i].feasible;
		e->s.stats.violations += w[i].violations;
	}
	g_free(t);
	g_free(w);
	g_mutex_clear(&e->lock);
	g_cond_clear(&e->cond);
	g_array_unref(e->combos);
	g_free(e->shapes);
	for (int x = 0; x < loops; x++)
		for (int l = 0; l < N_LANES; l++)
			if (e->groups[x][l])
				g_ptr_array_unref(e->groups[x][l]);
}

SyDseOdysseyResult *sy_dse_odyssey_search(
	const SyDseOdysseyOptions *options, GError **error)
{
	Exact e = {0};
	guint designs;

	if (!sy_dse_odyssey_init(&e.s, options, error))
		return NULL;
	designs = (guint)__builtin_popcount(e.s.o.designs);
	e.s.stats.points = sy_dse_odyssey_count(e.s.o.kernel, e.s.o.size) *
		designs;
	if (e.s.o.exhaustive)
		exhaustive(&e.s);
	else
		exact_search(&e);
	e.s.stats.pruned = e.s.stats.points - e.s.stats.evaluated;
	return sy_dse_odyssey_finish(&e.s);
}
