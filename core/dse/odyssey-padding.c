/* Odyssey's padding-based search (dse/odyssey-search.h,
 * ../shared/reference/odyssey.md §5.3), per design: nested loops over
 * the padded sizes of the paddable loops (i, j; o, r, c; ascending; the
 * last loop, k or i, is not padded); at each padded tuple, the tiles t1 that divide it and that no earlier size of
 * that level offered (the inner level's list starts again when the
 * outer level moves), every t2 of them, the model at the padded sizes.
 * So every point it evaluates is the exact search's (the first padded
 * size a tile divides is ceil(D / t1) t1), and each once.
 *
 * Stopping, as Odyssey's convolution branch does it and its MM branch
 * meant to: a level counts the sizes in a row under which the design's
 * best did not improve, any improvement below resetting it, and stops
 * when the count reaches ceil(threshold sqrt(D)).  Odyssey's MM branch
 * tests a flag it never sets, so it always walks the first
 * ceil(threshold sqrt(D)) sizes of each level; here a level goes on as
 * long as it improves. */
#include <math.h>

#include "dse/odyssey-search-private.h"

/* Odyssey's get_padded_candidates with D itself (for D = 1 too). */
static GArray *padded_sizes(gint64 size)
{
	GArray *t1 = sy_dse_odyssey_t1_candidates(size, TRUE);
	GArray *p = g_array_new(FALSE, FALSE, sizeof(gint64));

	g_array_append_val(p, size);
	for (guint i = (guint)size; i < t1->len; i++)
		g_array_append_val(p, g_array_index(t1, gint64, i));
	g_array_unref(t1);
	return p;
}

/* The divisors of padded not in seen (then added to it). */
static GArray *new_divisors(gint64 padded, GHashTable *seen)
{
	GArray *d = sy_dse_odyssey_divisors(padded);
	GArray *out = g_array_new(FALSE, FALSE, sizeof(gint64));

	for (guint i = 0; i < d->len; i++) {
		gint64 *t = &g_array_index(d, gint64, i);

		if (g_hash_table_contains(seen, t))
			continue;
		g_hash_table_add(seen, g_memdup2(t, sizeof(*t)));
		g_array_append_val(out, *t);
	}
	g_array_unref(d);
	return out;
}

/* One design's walk: the paddable loops' padded sizes (all but the
 * last loop's), their thresholds, the grid of tiles being built. */
typedef struct {
	SyDseOdysseyGrid g;
	GArray *padded[3];
	guint thr[3];
} Walk;

/* Level x's walk over its padded sizes (the levels before it fixed in
 * the grid), stopping after thr sizes in a row without improvement
 * below them; TRUE where the design's best improved under it. */
static gboolean walk_level(Walk *w, int x)
{
	g_autoptr(GHashTable) seen = g_hash_table_new_full(
		g_int64_hash, g_int64_equal, g_free, NULL);
	int last = w->g.s->n_loops - 2;
	gboolean improved = FALSE;
	guint idle = 0;

	for (guint a = 0; a < w->padded[x]->len; a++) {
		gboolean below;

		w->g.t1s[x] = new_divisors(
			g_array_index(w->padded[x], gint64, a), seen);
		below = x < last ? walk_level(w, x + 1)
				 : sy_dse_odyssey_grid_run(&w->g);
		g_clear_pointer(&w->g.t1s[x], g_array_unref);
		if (below) {
			improved = TRUE;
			idle = 0;
		} else if (++idle >= w->thr[x]) {
			break;
		}
	}
	return improved;
}

static guint threshold(double thr, gint64 size)
{
	return (guint)ceil(thr * sqrt((double)size));
}

/* The walk over each design of s; divisor_only: D itself only (thr
 * 0). */
static void padding_walk(SyDseOdyssey *s, gboolean divisor_only)
{
	Walk w = {.g = {.s = s, .simd_only = TRUE}};
	int last = s->n_loops - 1;

	for (int x = 0; x < last; x++) {
		w.padded[x] = padded_sizes(s->o.size[x]);
		w.thr[x] = divisor_only
			? 1
			: threshold(s->o.threshold, s->o.size[x]);
		if (divisor_only)
			g_array_set_size(w.padded[x], 1);
	}
	w.g.t1s[last] = sy_dse_odyssey_divisors(s->o.size[last]);
	for (guint design = 0; design < s->n_designs; design++) {
		if (!sy_dse_odyssey_has_design(s, design / 3, design % 3))
			continue;
		w.g.d = (SyDseOdysseyDesign){
			.dataflow = design / 3, .order = design % 3};
		w.g.best = INFINITY;
		walk_level(&w, 0);
	}
	g_array_unref(w.g.t1s[last]);
	for (int x = 0; x < last; x++)
		g_array_unref(w.padded[x]);
}

SyDseOdysseyResult *sy_dse_odyssey_padding(
	const SyDseOdysseyOptions *options, GError **error)
{
	SyDseOdyssey s;

	if (!sy_dse_odyssey_init(&s, options, error))
		return NULL;
	padding_walk(&s, FALSE);
	s.stats.points = sy_dse_odyssey_count(s.o.kernel, s.o.size) *
		(guint64)__builtin_popcount(s.o.designs);
	s.stats.pruned = s.stats.points - s.stats.evaluated;
	return sy_dse_odyssey_finish(&s);
}

gboolean sy_dse_odyssey_divisor_best(const SyDseOdysseyOptions *o,
	guint dataflow, guint order, SyDseOdysseyDesign *best)
{
	SyDseOdysseyOptions one = *o;
	SyDseOdyssey s;
	gboolean found;

	one.designs = 1u << (3 * dataflow + order);
	one.top = 1;
	if (!sy_dse_odyssey_init(&s, &one, NULL))
		return FALSE;
	padding_walk(&s, TRUE);
	found = s.best->len > 0;
	if (found)
		*best = g_array_index(s.best, SyDseOdysseyDesign, 0);
	g_array_unref(s.best);
	g_mutex_clear(&s.lock);
	return found;
}
