/* Exact branch and bound over the spaces of a kernel (dse/search.h):
 * the points grouped by class, the classes by bound, the threads, the
 * best designs. */
#include <math.h>
#include <string.h>

#include "dse/bound.h"
#include "dse/search-private.h"
#include "model/fit.h"
#include "model/form.h"
#include "model/model.h"
#include "poly/count.h"

/* Seconds between progress reports. */
#define SY_DSE_REPORT_US (G_USEC_PER_SEC)

static void class_free(SyDseClass *cl)
{
	g_array_unref(cl->rows);
	g_array_unref(cl->bound);
	g_array_unref(cl->lower);
	if (cl->by_bound)
		g_array_unref(cl->by_bound);
	sy_dse_known_free(cl->found);
	g_free(cl);
}

static void design_free(SyDseDesign *d)
{
	sy_config_free(d->config);
	g_free(d);
}

void sy_dse_result_free(SyDseResult *result)
{
	if (!result)
		return;
	if (result->best)
		g_ptr_array_unref(result->best);
	if (result->pareto)
		g_ptr_array_unref(result->pareto);
	g_free(result);
}

static int compare_i64(const gint64 *a, const gint64 *b, guint n)
{
	for (guint k = 0; k < n; k++)
		if (a[k] != b[k])
			return a[k] < b[k] ? -1 : 1;
	return 0;
}

int sy_dse_point_compare(const SyConfig *a, const SyConfig *b)
{
	int c;

	if (a->candidate != b->candidate)
		return a->candidate < b->candidate ? -1 : 1;
	for (guint m = 0; m < a->n_members; m++)
		if (a->order[m] != b->order[m])
			return a->order[m] < b->order[m] ? -1 : 1;
	if ((c = compare_i64(a->tile, b->tile, a->n_members)) ||
		(c = compare_i64(a->latency, b->latency, a->n_members)))
		return c;
	if (a->simd != b->simd)
		return a->simd < b->simd ? -1 : 1;
	if (a->simd_factor != b->simd_factor)
		return a->simd_factor < b->simd_factor ? -1 : 1;
	return 0;
}

const SyChoices *sy_dse_worker_choices(SyDseWorker *w, guint candidate)
{
	const SyAnalysis *a = w->analysis;

	if (candidate >= w->choices->len)
		g_ptr_array_set_size(w->choices, candidate + 1);
	if (!w->choices->pdata[candidate])
		w->choices->pdata[candidate] = sy_choices_new(
			a, g_ptr_array_index(a->candidates, candidate), NULL);
	return w->choices->pdata[candidate];
}

void sy_dse_row_config(
	const SyDseClass *cl, guint k, const SyChoices *choices, SyConfig *cfg)
{
	const gint64 *row = &g_array_index(cl->rows, gint64, k * cl->stride);
	GArray *order = g_ptr_array_index(choices->orders, row[ROW_ORDER]);
	guint n = cfg->n_members;

	memcpy(cfg->order, order->data, sizeof(guint) * n);
	cfg->simd = (int)row[ROW_SIMD];
	cfg->simd_factor = row[ROW_WIDTH];
	memcpy(cfg->tile, row + ROW_TILE, sizeof(gint64) * n);
	memcpy(cfg->latency, row + ROW_TILE + n, sizeof(gint64) * n);
}

void sy_dse_budget(
	const SyDseOptions *o, const SyDevice *device, SyResources *out)
{
	double all = o->budget_fraction > 0 ? o->budget_fraction
					    : SY_DEVICE_BUDGET;
	double fractions[SY_N_RESOURCES];

	for (int r = 0; r < SY_N_RESOURCES; r++)
		fractions[r] = o->budget[r] > 0 ? o->budget[r] : all;
	sy_device_budget(device, fractions, out);
}

/* MIX's normalisers (SyDseObjective): the cycles of one lane, the DSP
 * budget, the device's off-chip bytes a cycle; 1 where 0. */
static void mix_scales(const SyDseOptions *o, const SyDevice *d,
	double instances, double *c, double *dsp, double *bytes)
{
	SyResources budget;

	sy_dse_budget(o, d, &budget);
	*c = instances > 0 ? instances : 1;
	*dsp = budget.v[SY_RESOURCE_DSP];
	if (*dsp <= 0)
		*dsp = 1;
	*bytes = d->clock_mhz ? (double)d->banks * d->channel_gbps * 1e3 /
			(double)d->clock_mhz
			      : 0;
	if (*bytes <= 0)
		*bytes = 1;
}

/* w x v, 0 where w is (v may be NAN then: not read). */
static double term(double w, double v)
{
	return w > 0 ? w * v : 0;
}

double sy_dse_score(const SyDseOptions *o, const SyDevice *d, double instances,
	double cycles, const SyResources *r, double bytes)
{
	double dsp = r->v[SY_RESOURCE_DSP], c0, d0, b0;

	switch (o->objective) {
	case SY_DSE_THROUGHPUT_PER_DSP: return cycles * MAX(dsp, 1);
	case SY_DSE_TRAFFIC: return bytes;
	case SY_DSE_MIX:
		mix_scales(o, d, instances, &c0, &d0, &b0);
		return term(o->weights[0], cycles / c0) +
			term(o->weights[1], dsp / d0) +
			term(o->weights[2], bytes / (b0 * c0));
	case SY_DSE_LATENCY: break;
	}
	return cycles;
}

gboolean sy_dse_reads_traffic(const SyDseOptions *o)
{
	return o->objective == SY_DSE_TRAFFIC ||
		(o->objective == SY_DSE_MIX && o->weights[2] > 0);
}

/* The objective's bound at a point whose cycles are at least cycles and
 * DSPs at least dsp (SyDseObjective). */
double sy_dse_score_bound(const SyDseShared *s, double cycles, double dsp)
{
	const SyDseOptions *o = s->o;
	double c0, d0, b0;

	switch (o->objective) {
	case SY_DSE_THROUGHPUT_PER_DSP: return cycles * MAX(dsp, 1);
	case SY_DSE_TRAFFIC: return 0;
	case SY_DSE_MIX:
		mix_scales(o, s->device, s->instances, &c0, &d0, &b0);
		return term(o->weights[0], cycles / c0) +
			term(o->weights[1], dsp / d0);
	case SY_DSE_LATENCY: break;
	}
	return cycles;
}

gboolean sy_dse_pareto_beats(const SyDseDesign *x, const SyDseDesign *y)
{
	const double *a = x->resources.v, *b = y->resources.v;

	if (x->cycles > y->cycles || a[SY_RESOURCE_DSP] > b[SY_RESOURCE_DSP] ||
		a[SY_RESOURCE_BRAM18K] > b[SY_RESOURCE_BRAM18K])
		return FALSE;
	if (x->cycles < y->cycles || a[SY_RESOURCE_DSP] < b[SY_RESOURCE_DSP] ||
		a[SY_RESOURCE_BRAM18K] < b[SY_RESOURCE_BRAM18K])
		return TRUE;
	return sy_dse_point_compare(x->config, y->config) < 0;
}

/* Whether used stays within the budget of every resource. */
static gboolean fits(const SyDseShared *s, const SyResources *used)
{
	for (int r = 0; r < SY_N_RESOURCES; r++)
		if (used->v[r] > s->budget.v[r])
			return FALSE;
	return TRUE;
}

/* Where d goes among the best (by score, then point); best->len if
 * after them all. */
static guint rank_of(const SyDseShared *s, const SyConfig *cfg, double score)
{
	guint k = s->best->len;

	while (k > 0) {
		const SyDseDesign *b = g_ptr_array_index(s->best, k - 1);

		if (b->score < score ||
			(b->score == score &&
				sy_dse_point_compare(b->config, cfg) < 0))
			break;
		k--;
	}
	return k;
}

static SyDseDesign *design_new(const SyDseShared *s, const SyDseDesign *x)
{
	SyDseDesign *d = g_new(SyDseDesign, 1);

	*d = *x;
	d->config = sy_config_copy(x->config);
	d->seconds = (double)(g_get_monotonic_time() - s->start) /
		G_USEC_PER_SEC;
	return d;
}

/* x onto the front unless a design there beats it; the designs it
 * beats off. */
static void pareto_offer(SyDseShared *s, const SyDseDesign *x)
{
	GPtrArray *front = s->pareto;

	for (guint k = 0; k < front->len; k++)
		if (sy_dse_pareto_beats(g_ptr_array_index(front, k), x))
			return;
	for (guint k = front->len; k-- > 0;)
		if (sy_dse_pareto_beats(x, g_ptr_array_index(front, k)))
			g_ptr_array_remove_index_fast(front, k);
	g_ptr_array_add(front, design_new(s, x));
}

gboolean sy_dse_offer(SyDseShared *s, const SyConfig *cfg, double score,
	double cycles, const SyResources *r, double bytes, gboolean fast)
{
	SyDseDesign x = {(SyConfig *)cfg, cycles, *r, fast, 0, score, bytes};
	guint k;

	g_mutex_lock(&s->lock);
	if (!fits(s, r)) {
		s->stats.over_budget++;
		g_mutex_unlock(&s->lock);
		return FALSE;
	}
	if (s->o->pareto)
		pareto_offer(s, &x);
	k = rank_of(s, cfg, x.score);
	if (k < s->top) {
		g_ptr_array_insert(s->best, (int)k, design_new(s, &x));
		if (s->best->len > s->top)
			g_ptr_array_remove_index(s->best, s->top);
		if (s->best->len == s->top)
			s->stats.incumbent = ((SyDseDesign *)g_ptr_array_index(
						      s->best, s->top - 1))
						     ->score;
	}
	g_mutex_unlock(&s->lock);
	return TRUE;
}

static void add_stats(SyDseStats *to, const SyDseStats *d)
{
	to->evaluated += d->evaluated;
	to->fast += d->fast;
	to->exact += d->exact;
	to->pruned += d->pruned;
	to->refused += d->refused;
	to->violations += d->violations;
	to->forms += d->forms;
	to->designs += d->designs;
	to->pareto_pruned += d->pareto_pruned;
	to->ii_pruned += d->ii_pruned;
}

/* The time left from the points done so far. */
static double eta(const SyDseStats *st)
{
	guint64 done = st->evaluated + st->pruned + st->refused;

	if (!done || done >= st->points)
		return done ? 0 : -1;
	return st->seconds * (double)(st->points - done) / (double)done;
}

/* The least bound of the points not done yet (the threads' next and
 * the next class's: classes go by bound), and the incumbent's gap above
 * it in %. */
static void gap(SyDseShared *s)
{
	SyDseStats *st = &s->stats;
	gint next = g_atomic_int_get(&s->next);
	double open = INFINITY;

	for (guint k = 0; k < s->n_threads; k++)
		open = MIN(open, s->open[k]);
	if (next >= 0 && next < (gint)s->rest->len)
		open = MIN(open, g_array_index(s->rest, double, next));
	st->open_bound = open;
	if (!isfinite(st->incumbent))
		st->gap = -1;
	else if (open >= st->incumbent)
		st->gap = 0;
	else
		st->gap = st->incumbent > 0
			? 100 * (st->incumbent - open) / st->incumbent
			: 0;
}

gboolean sy_dse_account(
	SyDseShared *s, guint slot, double open, const SyDseStats *delta)
{
	gint64 now = g_get_monotonic_time();
	gboolean go;

	g_mutex_lock(&s->lock);
	add_stats(&s->stats, delta);
	if (slot < s->n_threads)
		s->open[slot] = open;
	s->stats.seconds = (double)(now - s->start) / G_USEC_PER_SEC;
	if ((s->deadline && now > s->deadline) ||
		g_cancellable_is_cancelled(s->cancellable)) {
		s->stopped = TRUE;
		g_cond_broadcast(&s->moved);
	}
	go = !s->stopped && !s->error;
	if (s->o->progress && now - s->reported >= SY_DSE_REPORT_US) {
		s->reported = now;
		s->stats.eta = eta(&s->stats);
		gap(s);
		s->o->progress(&s->stats, s->o->progress_data);
	}
	g_mutex_unlock(&s->lock);
	return go;
}

/* Enumeration */

typedef struct {
	SyDseShared *s;
	const SyChoices *choices;
	GHashTable *by_key; /* GBytes -> SyDseClass */
	GByteArray *key;
	/* The last point's class and key: consecutive points mostly
	 * share one, which a comparison tells without hashing the key. */
	SyDseClass *last;
	GByteArray *last_key;
	double instances; /* the most of any statement */
	SyResources pe; /* one PE of one lane's, 0: unknown */
	SyDseBound *fill; /* the candidate's, NULL: none */
} Collect;

/* The row of cfg; its order index found in the choices' list. */
static void append_row(SyDseClass *cl, const SyChoices *c, const SyConfig *cfg)
{
	guint n = cfg->n_members;
	gint64 head[ROW_TILE] = {0, cfg->simd, cfg->simd_factor};

	for (guint o = 0; o < c->orders->len; o++)
		if (!memcmp(((GArray *)g_ptr_array_index(c->orders, o))->data,
			    cfg->order, sizeof(guint) * n))
			head[ROW_ORDER] = o;
	g_array_append_vals(cl->rows, head, ROW_TILE);
	g_array_append_vals(cl->rows, cfg->tile, n);
	g_array_append_vals(cl->rows, cfg->latency, n);
}

/* Whether lanes in pes PEs take more than the budget: DSPs per lane,
 * LUTs and FFs per PE at least those of a PE of one lane. */
static gboolean beyond_budget(const Collect *c, double lanes, double pes)
{
	const double *pe = c->pe.v, *budget = c->s->budget.v;

	return lanes * pe[SY_RESOURCE_DSP] > budget[SY_RESOURCE_DSP] ||
		pes * pe[SY_RESOURCE_LUT] > budget[SY_RESOURCE_LUT] ||
		pes * pe[SY_RESOURCE_FF] > budget[SY_RESOURCE_FF];
}

/* The last point's class where the key is its key, else NULL. */
static SyDseClass *same_class(const Collect *c)
{
	if (!c->last || c->last_key->len != c->key->len ||
		memcmp(c->last_key->data, c->key->data, c->key->len))
		return NULL;
	return c->last;
}

static gboolean collect_one(const SyConfig *cfg, gpointer data)
{
	Collect *c = data;
	SyDseClass *cl;
	g_autoptr(GBytes) key = NULL;
	double lanes = (double)sy_dse_space_lanes(c->choices, cfg);
	/* The steady state runs every lane's instances and every L3
	 * module's loads; the fill and the drain come on top. */
	double steady = MAX(
		c->instances / lanes, sy_dse_bound_steady(c->fill, cfg));
	/* Cycles and DSPs at least. */
	double lower[2] = {steady + sy_dse_bound_fill(c->fill, cfg),
		lanes * c->pe.v[SY_RESOURCE_DSP]};
	double bound = sy_dse_score_bound(c->s, lower[0], lower[1]);
	/* Classes go by the compute bound alone (SyDseClass.first). */
	double first = sy_dse_score_bound(c->s, c->instances / lanes, lower[1]);

	/* Enumerating millions of points takes seconds: the time limit
	 * holds there too. */
	if (++c->s->stats.points % 4096 == 0 && c->s->deadline &&
		g_get_monotonic_time() > c->s->deadline) {
		c->s->stopped = TRUE;
		return FALSE;
	}
	/* Its PEs alone take more than the budget: it cannot fit. */
	if (!c->s->o->exhaustive &&
		beyond_budget(c, lanes, lanes / (double)cfg->simd_factor)) {
		c->s->stats.pruned++;
		return TRUE;
	}
	g_byte_array_set_size(c->key, 0);
	sy_model_form_class_key(c->choices, cfg, c->key);
	cl = same_class(c);
	if (!cl) {
		key = g_bytes_new(c->key->data, c->key->len);
		cl = g_hash_table_lookup(c->by_key, key);
	}
	if (!cl) {
		cl = g_new0(SyDseClass, 1);
		cl->candidate = cfg->candidate;
		cl->stride = SY_DSE_ROW(cfg->n_members);
		cl->rows = g_array_new(FALSE, FALSE, sizeof(gint64));
		cl->bound = g_array_new(FALSE, FALSE, sizeof(double));
		cl->lower = g_array_new(FALSE, FALSE, sizeof(double));
		cl->min_bound = bound;
		cl->first = first;
		cl->min_lower[0] = lower[0];
		cl->min_lower[1] = lower[1];
		g_hash_table_insert(c->by_key, g_bytes_ref(key), cl);
		g_ptr_array_add(c->s->classes, cl);
	}
	c->last = cl;
	g_byte_array_set_size(c->last_key, 0);
	g_byte_array_append(c->last_key, c->key->data, c->key->len);
	append_row(cl, c->choices, cfg);
	g_array_append_val(cl->bound, bound);
	g_array_append_vals(cl->lower, lower, 2);
	cl->min_bound = MIN(cl->min_bound, bound);
	cl->first = MIN(cl->first, first);
	cl->min_lower[0] = MIN(cl->min_lower[0], lower[0]);
	cl->min_lower[1] = MIN(cl->min_lower[1], lower[1]);
	return TRUE;
}

/* The most instances of any statement of the SCoP (0 where one cannot
 * be counted: no bound). */
static double max_instances(const SyAnalysis *a)
{
	double most = 0;

	for (guint i = 0; i < a->scop->stmts->len; i++) {
		const SyStmt *st = g_ptr_array_index(a->scop->stmts, i);
		gint64 n;

		if (st->kill)
			continue;
		if (!sy_count_points(st->domain, &n, NULL))
			return 0;
		most = MAX(most, (double)n);
	}
	return most;
}

static gboolean collect(
	SyDseWorker *w, const GArray *candidates, GError **error)
{
	SyDseShared *s = w->s;
	const SyAnalysis *a = w->analysis;
	g_autoptr(GHashTable) by_key = g_hash_table_new_full(g_bytes_hash,
		g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
	g_autoptr(GByteArray) key = g_byte_array_new();
	g_autoptr(GByteArray) last_key = g_byte_array_new();
	Collect c = {s, NULL, by_key, key, NULL, last_key, 0, {{0}}, NULL};

	c.instances = s->instances = max_instances(a);
	if (sy_dse_reads_traffic(s->o))
		s->traffic = sy_dse_compulsory_bytes(a->scop);

	for (guint i = 0; i < a->candidates->len; i++) {
		g_autoptr(SyDseSpace) space = NULL;
		gboolean wanted = !candidates;

		for (guint k = 0; candidates && k < candidates->len; k++)
			wanted |= g_array_index(candidates, guint, k) == i;
		if (!wanted)
			continue;
		c.choices = sy_dse_worker_choices(w, i);
		memset(&c.pe, 0, sizeof(c.pe));
		sy_dse_pe_resources(s, c.choices, &c.pe);
		if (s->pe->len <= i)
			g_array_set_size(s->pe, i + 1);
		g_array_index(s->pe, SyResources, i) = c.pe;
		space = sy_dse_space_new(
			c.choices, s->o->order, s->o->pad, error);
		if (!space)
			return FALSE;
		c.fill = sy_dse_bound_new(c.choices, &s->target);
		sy_dse_space_foreach(space, collect_one, &c);
		g_clear_pointer(&c.fill, sy_dse_bound_free);
		if (s->stopped)
			break;
	}
	return TRUE;
}

/* Rows of a class by bound, then by their order in the space. */
static int by_bound(gconstpointer pa, gconstpointer pb, gpointer data)
{
	const SyDseClass *cl = data;
	guint a = *(const guint *)pa, b = *(const guint *)pb;
	double x = g_array_index(cl->bound, double, a);
	double y = g_array_index(cl->bound, double, b);

	if (x != y)
		return x < y ? -1 : 1;
	return a < b ? -1 : a > b;
}

static int class_order(gconstpointer pa, gconstpointer pb)
{
	const SyDseClass *a = *(SyDseClass *const *)pa;
	const SyDseClass *b = *(SyDseClass *const *)pb;

	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	/* Within a tier of equal compute bounds (mm 1024^3: 1,048,576
	 * cycles at 1,024 lanes), the least bound with the fill and the
	 * memory first: there it finds the optimum sooner (2,106 designs
	 * built against 2,578 in the class's space order). */
	if (a->min_bound != b->min_bound)
		return a->min_bound < b->min_bound ? -1 : 1;
	if (a->candidate != b->candidate)
		return a->candidate < b->candidate ? -1 : 1;
	return compare_i64((const gint64 *)a->rows->data,
		(const gint64 *)b->rows->data, a->stride);
}

/* Shard o->shard of o->n_shards: the classes of that index mod
 * n_shards; the points the budget left out before any class are shard
 * 0's. */
static void keep_shard(SyDseShared *s)
{
	const SyDseOptions *o = s->o;
	GPtrArray *kept;

	if (o->n_shards <= 1)
		return;
	kept = g_ptr_array_new_with_free_func((GDestroyNotify)class_free);
	if (o->shard) {
		s->stats.points = 0;
		s->stats.pruned = 0;
	} else {
		s->stats.points = s->stats.pruned;
	}
	for (guint i = 0; i < s->classes->len; i++) {
		SyDseClass *cl = g_ptr_array_index(s->classes, i);

		if (i % o->n_shards != o->shard)
			continue;
		s->stats.points += cl->bound->len;
		g_ptr_array_add(kept, g_steal_pointer(&s->classes->pdata[i]));
	}
	g_ptr_array_set_free_func(s->classes, NULL);
	for (guint i = 0; i < s->classes->len; i++)
		if (s->classes->pdata[i])
			class_free(s->classes->pdata[i]);
	g_ptr_array_unref(s->classes);
	s->classes = kept;
}

static void sort_classes(SyDseShared *s)
{
	for (guint i = 0; i < s->classes->len; i++) {
		SyDseClass *cl = g_ptr_array_index(s->classes, i);
		guint n = cl->bound->len;

		cl->by_bound = g_array_sized_new(
			FALSE, FALSE, sizeof(guint), n);
		for (guint k = 0; k < n; k++)
			g_array_append_val(cl->by_bound, k);
		g_array_sort_with_data(cl->by_bound, by_bound, cl);
	}
	g_ptr_array_sort(s->classes, class_order);
	keep_shard(s);
	s->stats.classes = s->classes->len;
	g_array_set_size(s->rest, s->classes->len);
	for (guint i = s->classes->len; i-- > 0;) {
		const SyDseClass *cl = g_ptr_array_index(s->classes, i);
		double after = i + 1 < s->classes->len
			? g_array_index(s->rest, double, i + 1)
			: INFINITY;

		g_array_index(s->rest, double, i) = MIN(cl->min_bound, after);
	}
}

/* Threads */

/* What class k starts from: a copy of what the classes up to its
 * window's found, once they are all merged; NULL where the search
 * stops meanwhile. */
static SyDseKnown *wait_window(SyDseShared *s, gint k)
{
	gint from = MAX(k - SY_DSE_WINDOW, 0);
	SyDseKnown *known = NULL;

	g_mutex_lock(&s->lock);
	while (s->committed < from && !s->stopped && !s->error)
		g_cond_wait(&s->moved, &s->lock);
	if (!s->stopped && !s->error)
		known = sy_dse_known_copy(s->known[from % (SY_DSE_WINDOW + 1)]);
	g_mutex_unlock(&s->lock);
	return known;
}

/* Class cl done: the classes done from the last merged on are merged,
 * in their order, each into the next slot of the ring (the slot it
 * overwrites was the start of a class done already). */
static void commit(SyDseShared *s, SyDseClass *cl)
{
	const guint ring = SY_DSE_WINDOW + 1;

	g_mutex_lock(&s->lock);
	cl->done = TRUE;
	while (s->committed < (gint)s->classes->len) {
		SyDseClass *next = g_ptr_array_index(s->classes, s->committed);
		SyDseKnown *to;

		if (!next->done)
			break;
		to = sy_dse_known_copy(s->known[s->committed % ring]);
		sy_dse_known_merge(to, next->found);
		g_clear_pointer(&next->found, sy_dse_known_free);
		s->committed++;
		sy_dse_known_free(s->known[s->committed % ring]);
		s->known[s->committed % ring] = to;
	}
	g_cond_broadcast(&s->moved);
	g_mutex_unlock(&s->lock);
}

static void worker_loop(SyDseWorker *w)
{
	SyDseShared *s = w->s;
	gint k;

	while ((k = g_atomic_int_add(&s->next, 1)) < (gint)s->classes->len) {
		SyDseStats none = {0};
		SyDseClass *cl = g_ptr_array_index(s->classes, k);
		g_autoptr(SyDseKnown) known = NULL;

		if (!sy_dse_account(s, w->slot, cl->min_bound, &none) ||
			!(known = wait_window(s, k)))
			break;
		cl->found = sy_dse_known_new(s->top);
		sy_dse_worker_run(w, cl, known);
		if (!sy_dse_account(s, w->slot, INFINITY, &none))
			break;
		commit(s, cl);
	}
	/* Done with every class (a stop leaves its bound open). */
	if (k >= (gint)s->classes->len)
		sy_dse_account(s, w->slot, INFINITY, &(SyDseStats){0});
}

typedef struct {
	SyDseShared *s;
	SyDseAnalysisNew new_analysis;
	gpointer data;
	gint slot; /* the last thread's */
} Spawn;

static void worker_clear(SyDseWorker *w)
{
	if (w->choices)
		g_ptr_array_unref(w->choices);
	sy_analysis_free(w->analysis);
}

static gpointer thread_main(gpointer data)
{
	Spawn *sp = data;
	SyDseWorker w = {
		sp->s, (guint)g_atomic_int_add(&sp->slot, 1) + 1, NULL, NULL};
	GError *error = NULL;

	w.analysis = sp->new_analysis(sp->data, &error);
	w.choices = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_choices_free);
	if (!w.analysis) {
		g_mutex_lock(&sp->s->lock);
		if (!sp->s->error)
			sp->s->error = error;
		else
			g_error_free(error);
		g_mutex_unlock(&sp->s->lock);
	} else {
		worker_loop(&w);
	}
	worker_clear(&w);
	return NULL;
}

/* The latency model's target as sy_design_estimate makes it on device
 * (model/model.c) for a design on one port per path. */
static void target_of(SyDseShared *s)
{
	memset(&s->target, 0, sizeof(s->target));
	s->target.mhz = s->device->clock_mhz;
	s->target.port_bits = s->device->channel_bits;
	s->target.port_gbps = s->device->channel_gbps;
	s->target.n_channels = s->device->banks;
	s->target.burst_cycles = SY_MODEL_BURST_CYCLES;
}

static void shared_init(
	SyDseShared *s, const SyDevice *device, const SyDseOptions *o)
{
	memset(s, 0, sizeof(*s));
	g_mutex_init(&s->lock);
	s->o = o;
	s->device = device;
	s->top = MAX(o->top, 1);
	sy_dse_budget(o, device, &s->budget);
	target_of(s);
	s->classes = g_ptr_array_new_with_free_func((GDestroyNotify)class_free);
	s->rest = g_array_new(FALSE, FALSE, sizeof(double));
	s->best = g_ptr_array_new_with_free_func((GDestroyNotify)design_free);
	s->pareto = g_ptr_array_new_with_free_func((GDestroyNotify)design_free);
	g_cond_init(&s->moved);
	for (guint k = 0; k <= SY_DSE_WINDOW; k++)
		s->known[k] = sy_dse_known_new(s->top);
	s->n_threads = MAX(o->threads, 1);
	s->open = g_new(double, s->n_threads);
	for (guint k = 0; k < s->n_threads; k++)
		s->open[k] = INFINITY;
	s->pe = g_array_new(FALSE, TRUE, sizeof(SyResources));
	s->stats.incumbent = INFINITY;
	s->stats.eta = -1;
	s->stats.gap = -1;
	s->stats.open_bound = INFINITY;
	s->start = s->reported = g_get_monotonic_time();
	if (o->time_limit > 0)
		s->deadline = s->start +
			(gint64)(o->time_limit * G_USEC_PER_SEC);
}

static void run_threads(SyDseShared *s, SyDseWorker *first,
	SyDseAnalysisNew new_analysis, gpointer data)
{
	guint n = MAX(s->o->threads, 1);
	g_autoptr(GPtrArray) threads = g_ptr_array_new();
	Spawn sp = {s, new_analysis, data, 0};

	for (guint i = 1; i < n && new_analysis; i++)
		g_ptr_array_add(threads, g_thread_new("dse", thread_main, &sp));
	worker_loop(first);
	for (guint i = 0; i < threads->len; i++)
		g_thread_join(threads->pdata[i]);
}

/* The front's designs by (cycles, DSPs, BRAM18K), then point. */
static int pareto_order(gconstpointer pa, gconstpointer pb)
{
	const SyDseDesign *a = *(SyDseDesign *const *)pa;
	const SyDseDesign *b = *(SyDseDesign *const *)pb;
	const int keys[] = {SY_RESOURCE_DSP, SY_RESOURCE_BRAM18K};

	if (a->cycles != b->cycles)
		return a->cycles < b->cycles ? -1 : 1;
	for (guint k = 0; k < G_N_ELEMENTS(keys); k++)
		if (a->resources.v[keys[k]] != b->resources.v[keys[k]])
			return a->resources.v[keys[k]] < b->resources.v[keys[k]]
				? -1
				: 1;
	return sy_dse_point_compare(a->config, b->config);
}

SyDseResult *sy_dse_search(SyAnalysis *analysis, SyDseAnalysisNew new_analysis,
	gpointer data, const GArray *candidates, const SyDevice *device,
	const SyDseOptions *o, GError **error)
{
	return sy_dse_search_cancellable(analysis, new_analysis, data,
		candidates, device, o, NULL, error);
}

SyDseResult *sy_dse_search_cancellable(SyAnalysis *analysis,
	SyDseAnalysisNew new_analysis, gpointer data, const GArray *candidates,
	const SyDevice *device, const SyDseOptions *o,
	GCancellable *cancellable, GError **error)
{
	SyDseShared s;
	SyDseWorker first = {&s, 0, analysis, NULL};
	SyDseResult *result = NULL;

	shared_init(&s, device, o);
	s.cancellable = cancellable;
	first.choices = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_choices_free);
	if (collect(&first, candidates, error)) {
		sort_classes(&s);
		run_threads(&s, &first, new_analysis, data);
		if (s.error) {
			g_propagate_error(error, g_steal_pointer(&s.error));
		} else {
			result = g_new0(SyDseResult, 1);
			result->best = g_steal_pointer(&s.best);
			g_ptr_array_sort(s.pareto, pareto_order);
			result->pareto = g_steal_pointer(&s.pareto);
			s.stats.seconds =
				(double)(g_get_monotonic_time() - s.start) /
				G_USEC_PER_SEC;
			s.stats.eta = 0;
			gap(&s);
			result->stats = s.stats;
			result->complete = !s.stopped;
		}
	}
	worker_clear(&first);
	if (s.best)
		g_ptr_array_unref(s.best);
	if (s.pareto)
		g_ptr_array_unref(s.pareto);
	g_free(s.open);
	g_ptr_array_unref(s.classes);
	g_array_unref(s.rest);
	g_array_unref(s.pe);
	for (guint k = 0; k <= SY_DSE_WINDOW; k++)
		sy_dse_known_free(s.known[k]);
	g_cond_clear(&s.moved);
	g_mutex_clear(&s.lock);
	return result;
}
