/* What Odyssey's three searches share (dse/odyssey-search-private.h):
 * the options filled in, one point through Odyssey's model, the answer
 * kept under a lock, the candidates of a loop and the grids of points
 * brute force and the padding-based search walk. */
#include <math.h>
#include <string.h>

#include "dse/odyssey-search-private.h"

G_STATIC_ASSERT(SY_DSE_ODYSSEY_DESIGNS == 18);

gboolean sy_dse_odyssey_init(
	SyDseOdyssey *s, const SyDseOdysseyOptions *o, GError **error)
{
	gboolean conv = o->kernel == SY_DSE_ODYSSEY_CONV;

	memset(s, 0, sizeof(*s));
	s->n_loops = conv ? 4 : 3;
	s->n_designs = conv ? SY_DSE_ODYSSEY_CONV_DESIGNS
			    : SY_DSE_ODYSSEY_DESIGNS;
	for (int d = 0; d < s->n_loops; d++)
		if (o->size[d] < 1) {
			g_set_error(error, SY_ODYSSEY_ERROR,
				SY_ODYSSEY_ERROR_PARAMS,
				"%s sizes must be at least 1 "
				"(got %" G_GINT64_FORMAT ")",
				conv ? "convolution" : "matrix-multiply",
				o->size[d]);
			return FALSE;
		}
	if (o->designs >> s->n_designs) {
		g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_DESIGN,
			conv ? "Odyssey has 30 convolution designs, kernel0_0 "
			       "to kernel9_2"
			     : "Odyssey has 18 matrix-multiply designs, "
			       "kernel0_0 to kernel5_2");
		return FALSE;
	}
	s->o = *o;
	for (int w = 0; w < 2; w++)
		s->o.window[w] = conv ? MAX(s->o.window[w], 1) : 0;
	if (!s->o.designs)
		s->o.designs = (1u << s->n_designs) - 1;
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

/* Odyssey's model on d at the padded sizes (padded filled in). */
static gboolean model(
	const SyDseOdyssey *s, SyDseOdysseyDesign *d, SyOdysseyResult *r)
{
	SyOdysseyMm mm = {.dataflow = d->dataflow, .order = d->order};
	SyOdysseyConv cv = {.dataflow = d->dataflow,
		.order = d->order,
		.p = s->o.window[0],
		.q = s->o.window[1]};
	gboolean conv = s->o.kernel == SY_DSE_ODYSSEY_CONV;

	for (int x = 0; x < s->n_loops; x++) {
		gint64 n = (s->o.size[x] + d->t1[x] - 1) / d->t1[x];

		d->padded[x] = n * d->t1[x];
	}
	if (conv) {
		memcpy(cv.size, d->padded, sizeof(cv.size));
		memcpy(cv.original, s->o.size, sizeof(cv.original));
		memcpy(cv.t1, d->t1, sizeof(cv.t1));
		memcpy(cv.t2, d->t2, sizeof(cv.t2));
		return sy_odyssey_conv_evaluate(&cv, r, NULL);
	}
	memcpy(mm.size, d->padded, sizeof(mm.size));
	memcpy(mm.original, s->o.size, sizeof(mm.original));
	memcpy(mm.t1, d->t1, sizeof(mm.t1));
	memcpy(mm.t2, d->t2, sizeof(mm.t2));
	return sy_odyssey_mm_evaluate(&mm, r, NULL);
}

gboolean sy_dse_odyssey_eval(const SyDseOdyssey *s, SyDseOdysseyDesign *d)
{
	SyOdysseyResult r;

	if (!model(s, d, &r))
		return FALSE; /* not reached: the sizes are checked */
	d->cycles = r.cycles;
	d->dsp = r.dsp;
	d->bram18k = r.bram18k;
	return r.valid && r.dsp <= s->o.dsp && r.bram18k <= s->o.bram18k;
}

int sy_dse_odyssey_design_compare(
	const SyDseOdysseyDesign *a, const SyDseOdysseyDesign *b)
{
	int c;

	if (a->cycles != b->cycles)
		return a->cycles < b->cycles ? -1 : 1;
	if ((c = sy_dse_odyssey_cmp(a->dataflow, b->dataflow)) ||
		(c = sy_dse_odyssey_cmp(a->order, b->order)))
		return c;
	for (int x = 0; x < 4; x++) /* MM's fourth: 0 */
		if ((c = sy_dse_odyssey_cmp(a->t1[x], b->t1[x])))
			return c;
	for (int x = 0; x < 4; x++)
		if ((c = sy_dse_odyssey_cmp(a->t2[x], b->t2[x])))
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
GArray *sy_dse_odyssey_t1_candidates(gint64 size, gboolean paddable)
{
	GArray *a;
	g_autofree gboolean *seen = NULL;

	if (!paddable || size < 1)
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

guint64 sy_dse_odyssey_count(SyDseOdysseyKernel kernel, const gint64 *size)
{
	int n = kernel == SY_DSE_ODYSSEY_CONV ? 4 : 3;
	guint64 points = 1;

	for (int x = 0; x < n; x++) {
		g_autoptr(GArray)
			t1 = sy_dse_odyssey_t1_candidates(size[x], x < n - 1);
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

char *sy_dse_odyssey_sa_sizes(
	SyDseOdysseyKernel kernel, const SyDseOdysseyDesign *d)
{
	const gint64 *t1 = d->t1, *t2 = d->t2;

	if (kernel == SY_DSE_ODYSSEY_CONV)
		return g_strdup_printf(
			"{kernel[]->space_time[%u];"
			"kernel[]->array_part[%" G_GINT64_FORMAT
			",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
			",%" G_GINT64_FORMAT "];"
			"kernel[]->latency[%" G_GINT64_FORMAT
			",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT "];"
			"kernel[]->simd[1,1,%" G_GINT64_FORMAT "]}",
			d->dataflow, t1[0], t1[1], t1[2], t1[3], t2[0], t2[1],
			t2[2], t2[3]);
	return g_strdup_printf("{kernel[]->space_time[%u];"
			       "kernel[]->array_part[%" G_GINT64_FORMAT
			       ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT "];"
			       "kernel[]->latency[%" G_GINT64_FORMAT
			       ",%" G_GINT64_FORMAT "];"
			       "kernel[]->simd[%" G_GINT64_FORMAT "]}",
		d->dataflow, t1[0], t1[1], t1[2], t2[0], t2[1], t2[2]);
}

gboolean sy_dse_odyssey_simd_ok(gint64 t1, gint64 simd)
{
	return simd <= MIN(t1, 8) && !(simd & (simd - 1));
}

gboolean sy_dse_odyssey_hides(
	const SyDseOdyssey *s, guint dataflow, const gint64 *t2)
{
	int last = s->n_loops - 1;
	gint64 sums = 1;

	if (s->o.kernel == SY_DSE_ODYSSEY_MM && dataflow != 0 &&
		dataflow != 1 && dataflow != 3)
		return TRUE;
	for (int x = 0; x < last; x++)
		sums *= t2[x];
	return sums >= 8 * t2[last];
}

static void grid_t2(SyDseOdysseyGrid *g, int x)
{
	g_autoptr(GArray) t2s = NULL;

	if (x == g->s->n_loops) {
		g->s->stats.evaluated++;
		if (!sy_dse_odyssey_eval(g->s, &g->d))
			return;
		g->s->stats.feasible++;
		sy_dse_odyssey_offer(g->s, &g->d);
		if (g->d.cycles < g->best) {
			g->best = g->d.cycles;
			g->improved = TRUE;
		}
		return;
	}
	t2s = sy_dse_odyssey_divisors(g->d.t1[x]);
	for (guint i = 0; i < t2s->len; i++) {
		g->d.t2[x] = g_array_index(t2s, gint64, i);
		if (!g->simd_only || x + 1 < g->s->n_loops ||
			sy_dse_odyssey_simd_ok(g->d.t1[x], g->d.t2[x]))
			grid_t2(g, x + 1);
	}
}

static void grid_t1(SyDseOdysseyGrid *g, int x)
{
	if (x == g->s->n_loops) {
		grid_t2(g, 0);
		return;
	}
	for (guint i = 0; i < g->t1s[x]->len; i++) {
		g->d.t1[x] = g_array_index(g->t1s[x], gint64, i);
		grid_t1(g, x + 1);
	}
}

gboolean sy_dse_odyssey_grid_run(SyDseOdysseyGrid *g)
{
	g->improved = FALSE;
	grid_t1(g, 0);
	return g->improved;
}
