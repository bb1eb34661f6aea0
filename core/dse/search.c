/* Exact branch and bound over the spaces of a kernel (dse/search.h):
 * the points grouped by class, the classes by bound, the threads, the
 * best designs. */
#include <math.h>
#include <string.h>

#include "dse/bound.h"
#include "dse/search-private.h"
#include "model/form.h"
#include "model/model.h"
#include "poly/count.h"

/* Odyssey keeps 70 % of each resource (odyssey.md). */
#define SY_DSE_BUDGET 0.7

/* Seconds between progress reports. */
#define SY_DSE_REPORT_US (G_USEC_PER_SEC)

static void class_free(SyDseClass *cl)
{
	g_array_unref(cl->rows);
	g_array_unref(cl->bound);
	if (cl->by_bound)
		g_array_unref(cl->by_bound);
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

/* Whether used stays within the budget of every resource. */
static gboolean fits(const SyDseShared *s, const SyResources *used)
{
	for (int r = 0; r < SY_N_RESOURCES; r++)
		if (used->v[r] > s->budget.v[r])
			return FALSE;
	return TRUE;
}

double sy_dse_incumbent(SyDseShared *s)
{
	double v;

	g_mutex_lock(&s->lock);
	v = s->stats.incumbent;
	g_mutex_unlock(&s->lock);
	return v;
}

/* Where d goes among the best (by cycles, then point); best->len if
 * after them all. */
static guint rank_of(const SyDseShared *s, const SyConfig *cfg, double cycles)
{
	guint k = s->best->len;

	while (k > 0) {
		const SyDseDesign *b = g_ptr_array_index(s->best, k - 1);

		if (b->cycles < cycles ||
			(b->cycles == cycles &&
				sy_dse_point_compare(b->config, cfg) < 0))
			break;
		k--;
	}
	return k;
}

void sy_dse_offer(SyDseShared *s, const SyConfig *cfg, double cycles,
	const SyResources *r, gboolean fast)
{
	SyDseDesign *d;
	guint k;

	g_mutex_lock(&s->lock);
	if (!fits(s, r)) {
		s->stats.over_budget++;
		g_mutex_unlock(&s->lock);
		return;
	}
	k = rank_of(s, cfg, cycles);
	if (k < s->top) {
		d = g_new0(SyDseDesign, 1);
		d->config = sy_config_copy(cfg);
		d->cycles = cycles;
		d->resources = *r;
		d->fast = fast;
		d->seconds = (double)(g_get_monotonic_time() - s->start) /
			     G_USEC_PER_SEC;
		g_ptr_array_insert(s->best, (int)k, d);
		if (s->best->len > s->top)
			g_ptr_array_remove_index(s->best, s->top);
		if (s->best->len == s->top)
			s->stats.incumbent = ((SyDseDesign *)g_ptr_array_index(
						      s->best, s->top - 1))
						     ->cycles;
	}
	g_mutex_unlock(&s->lock);
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
}

/* The time left from the points done so far. */
static double eta(const SyDseStats *st)
{
	guint64 done = st->evaluated + st->pruned + st->refused;

	if (!done || done >= st->points)
		return done ? 0 : -1;
	return st->seconds * (double)(st->points - done) / (double)done;
}

gboolean sy_dse_account(SyDseShared *s, const SyDseStats *delta)
{
	gint64 now = g_get_monotonic_time();
	gboolean go;

	g_mutex_lock(&s->lock);
	add_stats(&s->stats, delta);
	s->stats.seconds = (double)(now - s->start) / G_USEC_PER_SEC;
	if ((s->deadline && now > s->deadline) ||
		g_cancellable_is_cancelled(s->cancellable))
		s->stopped = TRUE;
	go = !s->stopped && !s->error;
	if (s->o->progress && now - s->reported >= SY_DSE_REPORT_US) {
		s->reported = now;
		s->stats.eta = eta(&s->stats);
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

static gboolean collect_one(const SyConfig *cfg, gpointer data)
{
	Collect *c = data;
	SyDseClass *cl;
	g_autoptr(GBytes) key = NULL;
	double lanes = (double)sy_dse_space_lanes(c->choices, cfg);
	double bound = c->instances / lanes + sy_dse_bound_fill(c->fill, cfg);

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
	key = g_bytes_new(c->key->data, c->key->len);
	cl = g_hash_table_lookup(c->by_key, key);
	if (!cl) {
		cl = g_new0(SyDseClass, 1);
		cl->candidate = cfg->candidate;
		cl->stride = SY_DSE_ROW(cfg->n_members);
		cl->rows = g_array_new(FALSE, FALSE, sizeof(gint64));
		cl->bound = g_array_new(FALSE, FALSE, sizeof(double));
		cl->min_bound = bound;
		g_hash_table_insert(c->by_key, g_bytes_ref(key), cl);
		g_ptr_array_add(c->s->classes, cl);
	}
	append_row(cl, c->choices, cfg);
	g_array_append_val(cl->bound, bound);
	cl->min_bound = MIN(cl->min_bound, bound);
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
	Collect c = {s, NULL, by_key, key, max_instances(a), {{0}}, NULL};

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

	if (a->min_bound != b->min_bound)
		return a->min_bound < b->min_bound ? -1 : 1;
	if (a->candidate != b->candidate)
		return a->candidate < b->candidate ? -1 : 1;
	return compare_i64((const gint64 *)a->rows->data,
		(const gint64 *)b->rows->data, a->stride);
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
	s->stats.classes = s->classes->len;
}

/* Threads */

static void worker_loop(SyDseWorker *w)
{
	SyDseShared *s = w->s;
	gint k;

	while ((k = g_atomic_int_add(&s->next, 1)) < (gint)s->classes->len) {
		SyDseStats none = {0};

		if (!sy_dse_account(s, &none))
			break;
		sy_dse_worker_run(w, g_ptr_array_index(s->classes, k));
	}
}

typedef struct {
	SyDseShared *s;
	SyDseAnalysisNew new_analysis;
	gpointer data;
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
	SyDseWorker w = {sp->s, NULL, NULL};
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

/* The budget: the fraction of what every SLR leaves the user. */
static void budget_of(SyDseShared *s, double fraction)
{
	const SyDevice *d = s->device;

	memset(&s->budget, 0, sizeof(s->budget));
	for (guint k = 0; k < d->n_slrs; k++) {
		const SyDeviceSlr *x = &d->slrs[k];

		s->budget.v[SY_RESOURCE_DSP] += (double)x->dsp;
		s->budget.v[SY_RESOURCE_BRAM18K] += (double)x->bram18k;
		s->budget.v[SY_RESOURCE_URAM] += (double)x->uram;
		s->budget.v[SY_RESOURCE_LUT] += (double)x->lut;
		s->budget.v[SY_RESOURCE_FF] += (double)x->ff;
	}
	for (int r = 0; r < SY_N_RESOURCES; r++)
		s->budget.v[r] *= fraction;
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
	budget_of(
		s, o->budget_fraction > 0 ? o->budget_fraction : SY_DSE_BUDGET);
	target_of(s);
	s->classes = g_ptr_array_new_with_free_func((GDestroyNotify)class_free);
	s->best = g_ptr_array_new_with_free_func((GDestroyNotify)design_free);
	s->pe = g_array_new(FALSE, TRUE, sizeof(SyResources));
	s->stats.incumbent = INFINITY;
	s->stats.eta = -1;
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
	Spawn sp = {s, new_analysis, data};

	for (guint i = 1; i < n && new_analysis; i++)
		g_ptr_array_add(threads, g_thread_new("dse", thread_main, &sp));
	worker_loop(first);
	for (guint i = 0; i < threads->len; i++)
		g_thread_join(threads->pdata[i]);
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
	SyDseWorker first = {&s, analysis, NULL};
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
			s.stats.seconds =
				(double)(g_get_monotonic_time() - s.start) /
				G_USEC_PER_SEC;
			s.stats.eta = 0;
			result->stats = s.stats;
			result->complete = !s.stopped;
		}
	}
	worker_clear(&first);
	if (s.best)
		g_ptr_array_unref(s.best);
	g_ptr_array_unref(s.classes);
	g_array_unref(s.pe);
	g_mutex_clear(&s.lock);
	return result;
}
