/* Odyssey's padding-based search (dse/odyssey-search.h,
 * ../shared/reference/odyssey.md §5.3), per design: nested loops over
 * the padded sizes of i and of j (ascending; k is not padded); at each
 * padded pair, the tiles t1 that divide it and that no earlier size of
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

enum { I, J, K };

/* Odyssey's get_padded_candidates with D itself (for D = 1 too). */
static GArray *padded_sizes(gint64 size)
{
	GArray *t1 = sy_dse_odyssey_t1_candidates(size, I);
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

typedef struct {
	SyDseOdyssey *s;
	guint dataflow, order;
	GArray *k1; /* k's t1: K's divisors */
	double best; /* the design's best so far */
} Walk;

/* Every (t1, t2) of tiles t1 i in ti, t1 j in tj, t1 k K's divisors;
 * TRUE where the design's best improved.  SIMD widths bound_check
 * rejects (not a power of two up to min(t1 k, 8)) are skipped. */
static gboolean evaluate_tiles(Walk *w, const GArray *ti, const GArray *tj)
{
	gboolean improved = FALSE;
	SyDseOdysseyDesign d = {.dataflow = w->dataflow, .order = w->order};

	for (guint a = 0; a < ti->len; a++)
		for (guint b = 0; b < tj->len; b++)
			for (guint c = 0; c < w->k1->len; c++) {
				g_autoptr(GArray) di = NULL, dj = NULL;

				d.t1[I] = g_array_index(ti, gint64, a);
				d.t1[J] = g_array_index(tj, gint64, b);
				d.t1[K] = g_array_index(w->k1, gint64, c);
				di = sy_dse_odyssey_divisors(d.t1[I]);
				dj = sy_dse_odyssey_divisors(d.t1[J]);
				for (guint u = 0; u < di->len; u++)
					for (guint v = 0; v < dj->len; v++)
						for (gint64 s = 1;
							s <= MIN(d.t1[K], 8);
							s *= 2) {
							if (d.t1[K] % s)
								continue;
							d.t2[I] = g_array_index(
								di, gint64, u);
							d.t2[J] = g_array_index(
								dj, gint64, v);
							d.t2[K] = s;
							w->s->stats.evaluated++;
							if (!sy_dse_odyssey_eval(
								    w->s, &d))
								continue;
							w->s->stats.feasible++;
							sy_dse_odyssey_offer(
								w->s, &d);
							if (d.cycles <
								w->best) {
								w->best =
									d.cycles;
								improved = TRUE;
							}
						}
			}
	return improved;
}

/* One design: the nested walk over i's and j's padded sizes, stopping
 * each level after thr sizes in a row without improvement (thr 0:
 * D itself only, the divisor-only search). */
static void walk_design(
	Walk *w, const GArray *pi, const GArray *pj, guint thr_i, guint thr_j)
{
	g_autoptr(GHashTable) seen_i = g_hash_table_new_full(
		g_int64_hash, g_int64_equal, g_free, NULL);
	guint idle_i = 0;

	for (guint a = 0; a < pi->len; a++) {
		g_autoptr(GHashTable) seen_j = g_hash_table_new_full(
			g_int64_hash, g_int64_equal, g_free, NULL);
		g_autoptr(GArray)
			ti = new_divisors(g_array_index(pi, gint64, a), seen_i);
		gboolean improved_i = FALSE;
		guint idle_j = 0;

		for (guint b = 0; b < pj->len; b++) {
			g_autoptr(GArray) tj = new_divisors(
				g_array_index(pj, gint64, b), seen_j);

			if (evaluate_tiles(w, ti, tj)) {
				improved_i = TRUE;
				idle_j = 0;
			} else if (++idle_j >= thr_j) {
				break;
			}
		}
		if (improved_i)
			idle_i = 0;
		else if (++idle_i >= thr_i)
			break;
	}
}

static guint threshold(double thr, gint64 size)
{
	return (guint)ceil(thr * sqrt((double)size));
}

/* The walk over each design of s; divisor_only: D itself only. */
static void padding_walk(SyDseOdyssey *s, gboolean divisor_only)
{
	g_autoptr(GArray) pi = padded_sizes(s->o.size[I]);
	g_autoptr(GArray) pj = padded_sizes(s->o.size[J]);
	g_autoptr(GArray) k1 = sy_dse_odyssey_divisors(s->o.size[K]);
	guint thr_i = divisor_only ? 1
				   : threshold(s->o.threshold, s->o.size[I]);
	guint thr_j = divisor_only ? 1
				   : threshold(s->o.threshold, s->o.size[J]);

	if (divisor_only)
		g_array_set_size(pi, 1), g_array_set_size(pj, 1);
	for (guint d = 0; d < 6; d++)
		for (guint p = 0; p < 3; p++) {
			Walk w = {s, d, p, k1, INFINITY};

			if (sy_dse_odyssey_has_design(s, d, p))
				walk_design(&w, pi, pj, thr_i, thr_j);
		}
}

SyDseOdysseyResult *sy_dse_odyssey_mm_padding(
	const SyDseOdysseyOptions *options, GError **error)
{
	SyDseOdyssey s;

	if (!sy_dse_odyssey_init(&s, options, error))
		return NULL;
	padding_walk(&s, FALSE);
	s.stats.points = sy_dse_odyssey_mm_count(s.o.size) *
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
