/* The exact search over Odyssey's matrix-multiply space with its
 * model (dse/odyssey-search.h), and what the three searches share
 * (dse/odyssey-search-private.h). */
#include <math.h>
#include <string.h>

#include "dse/odyssey-search-private.h"
/* Odyssey's pack inference and BRAM18K rule, for kernel3_*'s BRAM
 * bound: the model's own, not a copy. */
#include "model/odyssey-private.h"

enum { I, J, K };

/* Relative slack on a bound: the model divides in another order, so a
 * bound may come out an ulp above the cycles it bounds. */
#define BOUND_SLACK 1e-9

/* The tile loops from outer to inner per order (model/odyssey.h). */
static const int orders[3][3] = {{I, K, J}, {K, J, I}, {I, J, K}};

/* Whether the feeder of A (of B) reuses its tile over the loops after
 * its innermost one, per dataflow (model/odyssey-mm.c). */
static const gboolean reuse_a[6] = {TRUE, FALSE, TRUE, TRUE, FALSE, TRUE};
static const gboolean reuse_b[6] = {FALSE, TRUE, TRUE, TRUE, TRUE, FALSE};

G_STATIC_ASSERT(SY_DSE_ODYSSEY_DESIGNS == 18);

gboolean sy_dse_odyssey_init(
	SyDseOdyssey *s, const SyDseOdysseyOptions *o, GError **error)
{
	memset(s, 0, sizeof(*s));
	for (int d = I; d <= K; d++)
		if (o->size[d] < 1) {
			g_set_error(error, SY_ODYSSEY_ERROR,
				SY_ODYSSEY_ERROR_PARAMS,
				"matrix-multiply sizes must be at least 1 "
				"(got %" G_GINT64_FORMAT ")",
				o->size[d]);
			return FALSE;
		}
	if (o->designs >> SY_DSE_ODYSSEY_DESIGNS) {
		g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_DESIGN,
			"Odyssey has 18 matrix-multiply designs, kernel0_0 "
			"to kernel5_2");
		return FALSE;
	}
	s->o = *o;
	if (!s->o.designs)
		s->o.designs = (1u << SY_DSE_ODYSSEY_DESIGNS) - 1;
	if (s->o.dsp <= 0)
		s->o.dsp = SY_DSE_ODYSSEY_DSP;
	if (s->o.bram18k <= 0)
		s->o.bram18k = SY_DSE_ODYSSEY_BRAM18K;
	s->o.top = MAX(s->o.top, 1);
	s->o.threads = MAX(s->o.threads, 1);
	if (s->o.threshold <= 0)
		s->o.threshold = 0.5;
	if (!s->o.evaluations)
		s->o.evaluations = 20000;
	g_mutex_init(&s->lock);
	s->best = g_array_new(FALSE, FALSE, sizeof(SyDseOdysseyDesign));
	s->incumbent = INFINITY;
	s->start = g_get_monotonic_time();
	return TRUE;
}

SyDseOdysseyResult *sy_dse_odyssey_finish(SyDseOdyssey *s)
{
	SyDseOdysseyResult *r = g_new0(SyDseOdysseyResult, 1);

	r->best = s->best;
	r->stats = s->stats;
	r->stats.seconds = (g_get_monotonic_time() - s->start) / 1e6;
	g_mutex_clear(&s->lock);
	return r;
}

void sy_dse_odyssey_result_free(SyDseOdysseyResult *result)
{
	if (!result)
		return;
	g_array_unref(result->best);
	g_free(result);
}

gboolean sy_dse_odyssey_has_design(
	const SyDseOdyssey *s, guint dataflow, guint order)
{
	return s->o.designs & (1u << (3 * dataflow + order));
}

gboolean sy_dse_odyssey_eval(const SyDseOdyssey *s, SyDseOdysseyDesign *d)
{
	SyOdysseyMm mm = {.dataflow = d->dataflow, .order = d->order};
	SyOdysseyResult r;

	for (int x = I; x <= K; x++) {
		gint64 n = (s->o.size[x] + d->t1[x] - 1) / d->t1[x];

		d->padded[x] = mm.size[x] = n * d->t1[x];
		mm.original[x] = s->o.size[x];
		mm.t1[x] = d->t1[x];
		mm.t2[x] = d->t2[x];
	}
	if (!sy_odyssey_mm_evaluate(&mm, &r, NULL))
		return FALSE; /* not reached: the sizes are checked */
	d->cycles = r.cycles;
	d->dsp = r.dsp;
	d->bram18k = r.bram18k;
	return r.valid && r.dsp <= s->o.dsp && r.bram18k <= s->o.bram18k;
}

static int cmp_i64(gint64 a, gint64 b)
{
	return a < b ? -1 : a > b;
}

int sy_dse_odyssey_design_compare(
	const SyDseOdysseyDesign *a, const SyDseOdysseyDesign *b)
{
	int c;

	if (a->cycles != b->cycles)
		return a->cycles < b->cycles ? -1 : 1;
	if ((c = cmp_i64(a->dataflow, b->dataflow)) ||
		(c = cmp_i64(a->order, b->order)))
		return c;
	for (int x = I; x <= K; x++)
		if ((c = cmp_i64(a->t1[x], b->t1[x])))
			return c;
	for (int x = I; x <= K; x++)
		if ((c = cmp_i64(a->t2[x], b->t2[x])))
			return c;
	return 0;
}

double sy_dse_odyssey_offer(SyDseOdyssey *s, const SyDseOdysseyDesign *d)
{
	double inc;
	guint at;

	g_mutex_lock(&s->lock);
	for (at = s->best->len; at > 0; at--) {
		const SyDseOdysseyDesign *o = &g_array_index(
			s->best, SyDseOdysseyDesign, at - 1);
		int c = sy_dse_odyssey_design_compare(o, d);

		if (c < 0)
			break;
		if (c == 0) { /* offered already (a heuristic's revisit) */
			at = s->o.top;
			break;
		}
	}
	if (at < s->o.top) {
		g_array_insert_val(s->best, at, *d);
		if (s->best->len > s->o.top)
			g_array_set_size(s->best, s->o.top);
		if (s->best->len == s->o.top)
			s->incumbent = g_array_index(
				s->best, SyDseOdysseyDesign, s->o.top - 1)
					       .cycles;
	}
	inc = s->incumbent;
	g_mutex_unlock(&s->lock);
	return inc;
}

GArray *sy_dse_odyssey_divisors(gint64 n)
{
	GArray *a = g_array_new(FALSE, FALSE, sizeof(gint64));
	GArray *high = g_array_new(FALSE, FALSE, sizeof(gint64));

	for (gint64 x = 1; x * x <= n; x++) {
		gint64 y = n / x;

		if (n % x)
			continue;
		g_array_append_val(a, x);
		if (y != x)
			g_array_prepend_val(high, y);
	}
	g_array_append_vals(a, high->data, high->len);
	g_array_unref(high);
	return a;
}

/* Odyssey's get_padded_candidates above D: ceil(D / x) x for
 * 1 <= x < D, over D (each once, ascending). */
GArray *sy_dse_odyssey_t1_candidates(gint64 size, int dim)
{
	GArray *a;
	g_autofree gboolean *seen = NULL;

	if (dim == K || size < 1)
		return sy_dse_odyssey_divisors(MAX(size, 1));
	a = g_array_new(FALSE, FALSE, sizeof(gint64));
	for (gint64 t = 1; t <= size; t++)
		g_array_append_val(a, t);
	seen = g_malloc0_n((gsize)size, sizeof(gboolean));
	for (gint64 x = 1; x < size; x++) {
		gint64 p = (size + x - 1) / x * x;

		if (p > size)
			seen[p - size] = TRUE;
	}
	for (gint64 p = size + 1; p < 2 * size; p++)
		if (seen[p - size])
			g_array_append_val(a, p);
	return a;
}

static guint64 divisor_count(gint64 n)
{
	guint64 c = 0;

	for (gint64 x = 1; x * x <= n; x++)
		if (n % x == 0)
			c += x * x == n ? 1 : 2;
	return c;
}

guint64 sy_dse_odyssey_mm_count(const gint64 size[3])
{
	guint64 points = 1;

	for (int x = I; x <= K; x++) {
		g_autoptr(GArray) t1 = sy_dse_odyssey_t1_candidates(size[x], x);
		guint64 s = 0;

		for (guint i = 0; i < t1->len; i++)
			s += divisor_count(g_array_index(t1, gint64, i));
		points *= s;
	}
	return points;
}

char *sy_dse_odyssey_design_name(const SyDseOdysseyDesign *d)
{
	return g_strdup_printf("kernel%u_%u", d->dataflow, d->order);
}

char *sy_dse_odyssey_sa_sizes(const SyDseOdysseyDesign *d)
{
	return g_strdup_printf("{kernel[]->space_time[%u];"
			       "kernel[]->array_part[%" G_GINT64_FORMAT
			       ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT "];"
			       "kernel[]->latency[%" G_GINT64_FORMAT
			       ",%" G_GINT64_FORMAT "];"
			       "kernel[]->simd[%" G_GINT64_FORMAT "]}",
		d->dataflow, d->t1[I], d->t1[J], d->t1[K], d->t2[I], d->t2[J],
		d->t2[K]);
}

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
} Group;

typedef struct {
	guint design; /* 3 d + p */
	const Group *g[3];
	double bound;
} Combo;

typedef struct {
	SyDseOdyssey s;
	GPtrArray *groups[3][N_LANES]; /* Group, by factor; NULL: unused */
	GArray *combos; /* Combo, by bound */
	gint next;
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
	return cmp_i64(x->t2, y->t2);
}

static int group_compare(gconstpointer a, gconstpointer b)
{
	const Group *x = *(Group *const *)a, *y = *(Group *const *)b;

	return cmp_i64(x->factor, y->factor);
}

/* The candidates of loop dim grouped by lane factor l.  The SIMD
 * (k's t2) keeps powers of two up to min(t1, 8) only: bound_check
 * rejects the others. */
static GPtrArray *groups_new(gint64 size, int dim, Lanes l)
{
	g_autoptr(GArray) t1s = sy_dse_odyssey_t1_candidates(size, dim);
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

			if (dim == K && (t2 > MIN(t1, 8) || t2 & (t2 - 1)))
				continue;
			if (!(g = g_hash_table_lookup(by, &f))) {
				g = g_new0(Group, 1);
				g->factor = f;
				g->pairs = g_array_new(
					FALSE, FALSE, sizeof(Pair));
				g->min_padded = g->min_tiles = INFINITY;
				g_hash_table_insert(by, &g->factor, g);
				g_ptr_array_add(groups, g);
			}
			g_array_append_val(g->pairs, p);
			g->min_padded = MIN(g->min_padded, p.padded);
			g->min_tiles = MIN(g->min_tiles, p.tiles);
		}
	}
	for (guint i = 0; i < groups->len; i++) {
		Group *g = g_ptr_array_index(groups, i);

		g_array_sort(g->pairs, pair_compare);
	}
	g_ptr_array_sort(groups, group_compare);
	return groups;
}

static Lanes lanes_of(guint dataflow, int dim)
{
	static const Lanes lanes[6][3] = {
		{LANES_RATIO, LANES_ONE, LANES_T2},
		{LANES_ONE, LANES_RATIO, LANES_T2},
		{LANES_ONE, LANES_ONE, LANES_T1},
		{LANES_RATIO, LANES_RATIO, LANES_T2},
		{LANES_RATIO, LANES_ONE, LANES_T1},
		{LANES_ONE, LANES_RATIO, LANES_T1},
	};

	return lanes[dataflow][dim];
}

/* Whether loop dim's tiles multiply an array's module iterations:
 * the array's modules iterate over the tile loops up to the innermost
 * one it depends on when its feeder reuses, over all of them else. */
static gboolean in_outer(guint order, guint deps, gboolean reusing, int dim)
{
	int last = 2, at = 0;

	if (reusing)
		while (last > 0 && !(deps & (1u << orders[order][last])))
			last--;
	for (int l = 0; l < 3; l++)
		if (orders[order][l] == dim)
			at = l;
	return at <= last;
}

/* The design's lower bound from each loop's padded size and tile
 * count (or their least over what is left of a loop): the PEs' cycles,
 * and each array's words through its slowest module that moves whole
 * tiles.  That module runs on chip at the array's pack factor, whose
 * cap is the design's (its infer_params upper bound; A's and B's may
 * be raised to the SIMD width, their lower bound), or to DRAM where an
 * array has no such module on chip (16 words a cycle at most). */
typedef struct {
	gboolean a_j, b_i; /* j's tiles multiply A's, i's B's */
	double cap_a, cap_b, cap_c; /* words a cycle, before the SIMD */
	gboolean collects; /* C's only module collects (kernel2_2) */
} Shape;

static Shape shape_of(guint design)
{
	static const double caps[6][3] = {{4, 16, 4}, {16, 4, 4}, {4, 4, 16},
		{16, 16, 4}, {4, 16, 16}, {16, 4, 16}};
	guint d = design / 3, p = design % 3;
	Shape s = {in_outer(p, 1u << I | 1u << K, reuse_a[d], J),
		in_outer(p, 1u << J | 1u << K, reuse_b[d], I), caps[d][0],
		caps[d][1], caps[d][2], d == 2 && p == 2};

	return s;
}

static double compute_bound(const double padded[3], double lanes)
{
	return padded[I] * padded[J] * padded[K] / lanes;
}

/* The feeders of A and B next to the PEs: each tile they run under
 * costs the PEs' time on it plus a cycle, so the main phase is at least
 * the PEs' N tau plus the tiles of the busier one. */
static double feeder_bound(const Shape *sh, const double padded[3],
	const double tiles[3], double lanes)
{
	double a = tiles[I] * tiles[K] * (sh->a_j ? tiles[J] : 1);
	double b = tiles[J] * tiles[K] * (sh->b_i ? tiles[I] : 1);

	return compute_bound(padded, lanes) + MAX(a, b);
}

/* simd: the SIMD width, or the widest (8) where it is not fixed. */
static double memory_bound(const Shape *sh, const double padded[3],
	const double tiles[3], double simd)
{
	double a = padded[I] * padded[K] * (sh->a_j ? tiles[J] : 1);
	double b = padded[J] * padded[K] * (sh->b_i ? tiles[I] : 1);
	double c = padded[I] * padded[J];

	return MAX(MAX(a / MAX(sh->cap_a, simd), b / MAX(sh->cap_b, simd)),
		c / sh->cap_c);
}

/* What the one-tile prologue and epilogue add at least: the longest
 * load of one input tile (A's t1 i x t1 k words, B's t1 j x t1 k) and
 * the drain of C's (t1 i x t1 j) through the modules above, but where
 * C's only module collects it over the reduction tiles (its one-tile
 * epilogue is 1). */
static double ends_bound(const Shape *sh, const Pair *const p[3])
{
	double simd = (double)p[K]->t2;
	double a = (double)p[I]->t1 * p[K]->t1 / MAX(sh->cap_a, simd);
	double b = (double)p[J]->t1 * p[K]->t1 / MAX(sh->cap_b, simd);
	double c = sh->collects ? 0 : (double)p[I]->t1 * p[J]->t1 / sh->cap_c;

	return MAX(a, b) + c;
}

static int combo_compare(gconstpointer a, gconstpointer b)
{
	const Combo *x = a, *y = b;

	if (x->bound != y->bound)
		return x->bound < y->bound ? -1 : 1;
	if (x->design != y->design)
		return x->design < y->design ? -1 : 1;
	for (int d = I; d <= K; d++)
		if (x->g[d] != y->g[d])
			return cmp_i64(x->g[d]->factor, y->g[d]->factor);
	return 0;
}

/* A 2D array needs two PEs at least along both its dimensions: rows
 * and columns by i and j (d3), i and k (d4), j and k (d5). */
static gboolean combo_rows(guint dataflow, const Group *const g[3])
{
	if (dataflow == 3)
		return g[I]->factor > 1 && g[J]->factor > 1;
	if (dataflow == 4)
		return g[I]->factor > 1;
	if (dataflow == 5)
		return g[J]->factor > 1;
	return TRUE;
}

/* Every combination of groups of a design whose lanes fit the DSP
 * budget, with its least bound. */
static void design_combos(Exact *e, guint design)
{
	guint d = design / 3;
	GPtrArray *gs[3];
	Shape sh = shape_of(design);
	double max_lanes = floor(e->s.o.dsp / 5 + 1e-9);

	for (int x = I; x <= K; x++)
		gs[x] = e->groups[x][lanes_of(d, x)];
	for (guint a = 0; a < gs[I]->len; a++) {
		const Group *ga = g_ptr_array_index(gs[I], a);

		for (guint b = 0; b < gs[J]->len; b++) {
			const Group *gb = g_ptr_array_index(gs[J], b);

			if ((double)ga->factor * gb->factor > max_lanes)
				break;
			for (guint c = 0; c < gs[K]->len; c++) {
				Combo co = {design,
					{ga, gb, g_ptr_array_index(gs[K], c)},
					0};
				double lanes = (double)ga->factor * gb->factor *
					co.g[K]->factor;
				double p[3], n[3];

				if (lanes > max_lanes)
					break;
				if (!combo_rows(d, co.g))
					continue;
				for (int x = I; x <= K; x++) {
					p[x] = co.g[x]->min_padded;
					n[x] = co.g[x]->min_tiles;
				}
				co.bound = MAX(compute_bound(p, lanes),
					memory_bound(&sh, p, n, 8));
				g_array_append_val(e->combos, co);
			}
		}
	}
}

/* What design_combos leaves to the model: the PE's latency hiding
 * (t2 i t2 j >= 8 SIMD where the PEs keep C) and a 2D array's PEs
 * along k. */
static gboolean point_rules(guint dataflow, const Pair *const p[3])
{
	if (dataflow == 0 || dataflow == 1 || dataflow == 3)
		return p[I]->t2 * p[J]->t2 >= 8 * p[K]->t2;
	if (dataflow == 4 || dataflow == 5)
		return p[K]->t1 > p[K]->t2;
	return TRUE;
}

/* A lower bound on the BRAM18K of the 2D output-stationary designs
 * (kernel3_*, odyssey.md §4.2): A's buffers per PE row, B's per column
 * (double-buffered, packed p9 and p10), C's per PE (packed p11 or p12,
 * drained once or read back and written out double-buffered: at least
 * once) and the PE's accumulators; 0 for the other designs, and where
 * infer_params finds no pack (the point is invalid: Odyssey drops it).
 * Where BRAM18K, not DSPs, limits the optimum, most points the compute
 * bound leaves are over the BRAM budget; this leaves them out before
 * the model. */
static double bram_bound(guint dataflow, const Pair *const p[3])
{
	gint64 pa = sy_ody_infer(p[K]->t2, MIN(p[K]->t1, 16));
	gint64 pc = sy_ody_infer(1, MIN(p[J]->t2, 4));
	double rows = (double)p[I]->t1 / p[I]->t2;
	double cols = (double)p[J]->t1 / p[J]->t2;
	double acc = (double)(p[I]->t2 * p[J]->t2);

	if (dataflow != 3 || !pa || !pc)
		return 0;
	return 2 * rows * sy_ody_bram((double)(p[I]->t2 * p[K]->t1), pa) +
		2 * cols * sy_ody_bram((double)(p[J]->t2 * p[K]->t1), pa) +
		rows * cols * (sy_ody_bram(acc, pc) + sy_ody_bram(acc, 1));
}

/* A worker's view: its incumbent (maybe stale: never below the shared
 * one), its counts. */
typedef struct {
	Exact *e;
	double inc;
	guint64 evaluated, feasible, violations;
} Worker;

static gboolean above(double bound, double inc)
{
	return bound * (1 - BOUND_SLACK) > inc;
}

static void evaluate(
	Worker *w, guint design, const Pair *const p[3], double bound)
{
	SyDseOdysseyDesign d = {.dataflow = design / 3, .order = design % 3};
	double bram = bram_bound(d.dataflow, p);

	if (bram > w->e->s.o.bram18k)
		return;
	for (int x = I; x <= K; x++) {
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
	if (d.cycles <= w->inc)
		w->inc = sy_dse_odyssey_offer(&w->e->s, &d);
}

/* The points of a combination whose bound the incumbent leaves.  Each
 * loop's candidates go by padded size: the compute bound only grows
 * along them, so a loop stops at the first one above; the memory bound
 * (tile counts) skips. */
static void combo_run(Worker *w, const Combo *co)
{
	guint design = co->design, d = design / 3;
	Shape sh = shape_of(design);
	double lanes = (double)co->g[I]->factor * co->g[J]->factor *
		co->g[K]->factor;
	double p[3], n[3];
	const Pair *pp[3];

	for (int x = I; x <= K; x++) {
		p[x] = co->g[x]->min_padded;
		n[x] = co->g[x]->min_tiles;
	}
	for (guint a = 0; a < co->g[I]->pairs->len; a++) {
		pp[I] = &g_array_index(co->g[I]->pairs, Pair, a);
		p[I] = pp[I]->padded;
		n[I] = pp[I]->tiles;
		p[J] = co->g[J]->min_padded;
		n[J] = co->g[J]->min_tiles;
		p[K] = co->g[K]->min_padded;
		n[K] = co->g[K]->min_tiles;
		if (above(compute_bound(p, lanes), w->inc))
			break;
		if (above(memory_bound(&sh, p, n, 8), w->inc))
			continue;
		for (guint b = 0; b < co->g[J]->pairs->len; b++) {
			pp[J] = &g_array_index(co->g[J]->pairs, Pair, b);
			p[J] = pp[J]->padded;
			n[J] = pp[J]->tiles;
			p[K] = co->g[K]->min_padded;
			n[K] = co->g[K]->min_tiles;
			if (above(compute_bound(p, lanes), w->inc))
				break;
			if (above(memory_bound(&sh, p, n, 8), w->inc))
				continue;
			for (guint c = 0; c < co->g[K]->pairs->len; c++) {
				double bound;

				pp[K] = &g_array_index(
					co->g[K]->pairs, Pair, c);
				p[K] = pp[K]->padded;
				n[K] = pp[K]->tiles;
				if (above(compute_bound(p, lanes), w->inc))
					break;
				bound = MAX(feeder_bound(&sh, p, n, lanes),
						memory_bound(&sh, p, n,
							(double)pp[K]->t2)) +
					ends_bound(&sh, pp);
				if (above(bound, w->inc) || !point_rules(d, pp))
					continue;
				evaluate(w, design, pp, bound);
			}
		}
	}
}

static gpointer worker_run(gpointer data)
{
	Worker *w = data;
	Exact *e = w->e;
	guint i;

	while ((i = (guint)g_atomic_int_add(&e->next, 1)) < e->combos->len) {
		const Combo *co = &g_array_index(e->combos, Combo, i);

		g_mutex_lock(&e->s.lock);
		w->inc = e->s.incumbent;
		g_mutex_unlock(&e->s.lock);
		if (above(co->bound, w->inc))
			break; /* the combinations go by bound */
		combo_run(w, co);
	}
	return NULL;
}

/* Brute force: every point of every design through the model, in the
 * points' order. */
static void exhaustive(SyDseOdyssey *s)
{
	GArray *t1s[3];

	for (int x = I; x <= K; x++)
		t1s[x] = sy_dse_odyssey_t1_candidates(s->o.size[x], x);
	for (guint design = 0; design < SY_DSE_ODYSSEY_DESIGNS; design++) {
		SyDseOdysseyDesign d = {
			.dataflow = design / 3, .order = design % 3};

		if (!sy_dse_odyssey_has_design(s, d.dataflow, d.order))
			continue;
		for (guint a = 0; a < t1s[I]->len; a++)
			for (guint b = 0; b < t1s[J]->len; b++)
				for (guint c = 0; c < t1s[K]->len; c++) {
					g_autoptr(GArray) t2i = NULL,
							  t2j = NULL,
							  t2k = NULL;

					d.t1[I] = g_array_index(
						t1s[I], gint64, a);
					d.t1[J] = g_array_index(
						t1s[J], gint64, b);
					d.t1[K] = g_array_index(
						t1s[K], gint64, c);
					t2i = sy_dse_odyssey_divisors(d.t1[I]);
					t2j = sy_dse_odyssey_divisors(d.t1[J]);
					t2k = sy_dse_odyssey_divisors(d.t1[K]);
					for (guint u = 0; u < t2i->len; u++)
						for (guint v = 0; v < t2j->len;
							v++)
							for (guint w = 0;
								w < t2k->len;
								w++) {
								d.t2[I] = g_array_index(
									t2i,
									gint64,
									u);
								d.t2[J] = g_array_index(
									t2j,
									gint64,
									v);
								d.t2[K] = g_array_index(
									t2k,
									gint64,
									w);
								s->stats.evaluated++;
								if (!sy_dse_odyssey_eval(
									    s,
									    &d))
									continue;
								s->stats.feasible++;
								sy_dse_odyssey_offer(
									s, &d);
							}
				}
	}
	for (int x = I; x <= K; x++)
		g_array_unref(t1s[x]);
}

static void exact_search(Exact *e)
{
	guint n = e->s.o.threads;
	Worker *w = g_new0(Worker, n);
	GThread **t = g_new0(GThread *, n);

	for (int x = I; x <= K; x++)
		for (int l = 0; l < N_LANES; l++)
			if ((x == K) == (l == LANES_T2 || l == LANES_T1))
				e->groups[x][l] = groups_new(
					e->s.o.size[x], x, l);
	e->combos = g_array_new(FALSE, FALSE, sizeof(Combo));
	for (guint design = 0; design < SY_DSE_ODYSSEY_DESIGNS; design++)
		if (sy_dse_odyssey_has_design(&e->s, design / 3, design % 3))
			design_combos(e, design);
	g_array_sort(e->combos, combo_compare);
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
	g_array_unref(e->combos);
	for (int x = I; x <= K; x++)
		for (int l = 0; l < N_LANES; l++)
			if (e->groups[x][l])
				g_ptr_array_unref(e->groups[x][l]);
}

SyDseOdysseyResult *sy_dse_odyssey_mm_search(
	const SyDseOdysseyOptions *options, GError **error)
{
	Exact e = {0};
	guint designs;

	if (!sy_dse_odyssey_init(&e.s, options, error))
		return NULL;
	designs = (guint)__builtin_popcount(e.s.o.designs);
	e.s.stats.points = sy_dse_odyssey_mm_count(e.s.o.size) * designs;
	if (e.s.o.exhaustive)
		exhaustive(&e.s);
	else
		exact_search(&e);
	e.s.stats.pruned = e.s.stats.points - e.s.stats.evaluated;
	return sy_dse_odyssey_finish(&e.s);
}
