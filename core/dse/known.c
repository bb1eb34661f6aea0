/* What a search knows of its designs (dse/known.h). */
#include <math.h>

#include "dse/known.h"

struct _SyDseKnown {
	guint top;
	GArray *scores; /* double, ascending, at most top */
	/* double pairs (cycles, DSPs) of the designs of no BRAM18K, none
	 * of them at least another in both: a pair the set already
	 * covers covers nothing more. */
	GArray *front;
};

SyDseKnown *sy_dse_known_new(guint top)
{
	SyDseKnown *k = g_new(SyDseKnown, 1);

	k->top = MAX(top, 1);
	k->scores = g_array_new(FALSE, FALSE, sizeof(double));
	k->front = g_array_new(FALSE, FALSE, sizeof(double));
	return k;
}

SyDseKnown *sy_dse_known_copy(const SyDseKnown *k)
{
	SyDseKnown *c = sy_dse_known_new(k->top);

	g_array_append_vals(c->scores, k->scores->data, k->scores->len);
	g_array_append_vals(c->front, k->front->data, k->front->len);
	return c;
}

void sy_dse_known_free(SyDseKnown *k)
{
	if (!k)
		return;
	g_array_unref(k->scores);
	g_array_unref(k->front);
	g_free(k);
}

static void add_score(SyDseKnown *k, double score)
{
	guint at = k->scores->len;

	while (at > 0 && g_array_index(k->scores, double, at - 1) > score)
		at--;
	if (at >= k->top)
		return;
	g_array_insert_val(k->scores, at, score);
	if (k->scores->len > k->top)
		g_array_set_size(k->scores, k->top);
}

/* Whether pair p is at most q in both. */
static gboolean at_most(const double *p, const double *q)
{
	return p[0] <= q[0] && p[1] <= q[1];
}

static void add_pair(SyDseKnown *k, const double *pair)
{
	for (guint i = 0; i < k->front->len; i += 2)
		if (at_most(&g_array_index(k->front, double, i), pair))
			return;
	for (guint i = k->front->len; i > 0; i -= 2)
		if (at_most(pair, &g_array_index(k->front, double, i - 2)))
			g_array_remove_range(k->front, i - 2, 2);
	g_array_append_vals(k->front, pair, 2);
}

void sy_dse_known_add(
	SyDseKnown *k, double score, double cycles, double dsp, double bram18k)
{
	add_score(k, score);
	if (bram18k <= 0)
		add_pair(k, (const double[]){cycles, dsp});
}

void sy_dse_known_merge(SyDseKnown *to, const SyDseKnown *from)
{
	for (guint i = 0; i < from->scores->len; i++)
		add_score(to, g_array_index(from->scores, double, i));
	for (guint i = 0; i < from->front->len; i += 2)
		add_pair(to, &g_array_index(from->front, double, i));
}

double sy_dse_known_incumbent(const SyDseKnown *k)
{
	if (k->scores->len < k->top)
		return INFINITY;
	return g_array_index(k->scores, double, k->top - 1);
}

gboolean sy_dse_known_covers(const SyDseKnown *k, const double *lower)
{
	for (guint i = 0; i < k->front->len; i += 2) {
		const double *p = &g_array_index(k->front, double, i);

		if (at_most(p, lower) && (p[0] < lower[0] || p[1] < lower[1]))
			return TRUE;
	}
	return FALSE;
}
