/* One thread's work on a class of points (dse/search-private.h): the
 * class's design built the way export builds it, its form, the points
 * in batches, the exact path where the form has no answer. */
#include <math.h>

#include <string.h>

#include "compute/pe-array.h"
#include "dse/search-private.h"
#include "model/form.h"
#include "model/latency-ii.h"
#include "model/model.h"
#include "project/export.h"

/* Points replayed side by side. */
#define SY_DSE_BATCH 256

/* SIMD widths up to this move at most 4,096 bits of any element of up
 * to 64 bits, which ap_uint holds: the backend's refusal of wider
 * vectors (comm/kernel-facts.c) cannot read them. */
#define SY_DSE_NARROW 64

/* Classes of at most this many points go by the exact path alone: a
 * form costs a design and its probes' (two or more) before it answers
 * one. */
#define SY_DSE_FORM_MIN 8

/* A bound above the incumbent by more than rounding. */
static gboolean beyond(double bound, double incumbent)
{
	return bound * (1 - 1e-9) > incumbent;
}

typedef struct {
	SyDseWorker *w;
	SyDseShared *s;
	SyDseClass *cl;
	const SyChoices *c;
	SyModelForm *form;
	gboolean form_tried;
	GHashTable *refused; /* width group -> 1 refused, 2 exported */
	SyDseKnown *known; /* what the class prunes by */
	guint open; /* rows the bound left when the class was taken */
	gboolean stopped; /* the time limit passed */
	/* What the class's first design shows of its PE: its cycles times
	 * its PEs at least (sy_latency_ii_work), 0 for none; known once a
	 * design is built. */
	double work;
	gboolean work_known;
	SyConfig *scratch;
	guint n;
	SyConfig *configs[SY_DSE_BATCH];
	double bounds[SY_DSE_BATCH];
	SyFormPoint points[SY_DSE_BATCH];
	SyDseStats delta;
} Run;

/* The class's PE as its first design shows it.  A class keeps the
 * code of the design it was built at (model/form.h), so its other
 * points issue as many cycles an instance (a FIFO read once per lane,
 * an accumulation with no independent sum); offer holds every point
 * evaluated to it (brute force included, tests/dse-check.c). */
static void learn_work(Run *r, const SyDesign *design)
{
	if (r->work_known || !design)
		return;
	r->work_known = TRUE;
	r->work = sy_latency_ii_work(design);
}

/* The cycles cfg takes at least by its PE's II (0: no bound). */
static double work_cycles(const Run *r, const SyConfig *cfg)
{
	double pes = (double)sy_dse_space_lanes(r->c, cfg);

	if (!r->work)
		return 0;
	if (cfg->simd >= 0)
		pes /= (double)cfg->simd_factor;
	return r->work / pes;
}

/* Whether row k's bound with its PE's II is above the incumbent, where
 * the compute bound alone is not. */
static gboolean ii_pruned(Run *r, guint k, double incumbent)
{
	const double *lower = &g_array_index(r->cl->lower, double, 2 * k);
	double cycles;

	if (!r->work || r->s->o->exhaustive || r->s->o->pareto)
		return FALSE;
	sy_dse_row_config(r->cl, k, r->c, r->scratch);
	cycles = MAX(lower[0], work_cycles(r, r->scratch));
	return beyond(sy_dse_score_bound(r->s, cycles, lower[1]), incumbent);
}

/* Whether the PE's II leaves out every row of the class the bound
 * leaves: then its form is not worth its probes. */
static gboolean work_closes(Run *r)
{
	const SyDseClass *cl = r->cl;
	double incumbent = sy_dse_known_incumbent(r->known);

	if (!r->work)
		return FALSE;
	for (guint k = 0; k < cl->bound->len; k++)
		if (!beyond(g_array_index(cl->bound, double, k), incumbent) &&
			!ii_pruned(r, k, incumbent))
			return FALSE;
	return TRUE;
}

/* The design at cfg as export makes it (project/export.h), for the
 * models; NULL where it cannot be built or the HLS backend refuses it:
 * not exported, not in the space. */
static SyDesign *build(Run *r, const SyConfig *cfg, SyPeArray **array)
{
	SyDesign *design;

	r->delta.designs++;
	*array = sy_pe_array_new(r->c, cfg, NULL);
	if (!*array)
		return NULL;
	design = sy_design_new(*array, NULL, NULL);
	if (design &&
		sy_export_complete_models(
			design, r->s->o->analysis_options, NULL))
		return design;
	sy_design_free(design);
	g_clear_pointer(array, sy_pe_array_free);
	return NULL;
}

/* The exact path at cfg; FALSE where the point is not exported or the
 * models cannot estimate it.  Where the class has a form that did not
 * know cfg's design, that design settles the numbers it left open
 * there (sy_model_form_check narrows them), so that the form knows the
 * points after it that stood on them; a form the design contradicts is
 * dropped, and the exact path answers for the rest of the class. */
static gboolean exact(Run *r, const SyConfig *cfg, double *cycles,
	SyResources *used, double *bytes)
{
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = build(r, cfg, &array);
	g_autoptr(SyEstimate) e = NULL;

	learn_work(r, design);
	if (design)
		e = sy_design_estimate(design, r->s->device, NULL, NULL);
	if (!e) {
		r->delta.refused++;
		return FALSE;
	}
	if (r->form && sy_model_form_covers(r->form, cfg) &&
		!sy_model_form_check(r->form, design, NULL))
		g_clear_pointer(&r->form, sy_model_form_free);
	*cycles = e->cycles;
	*used = e->total;
	*bytes = sy_dse_reads_traffic(r->s->o) ? e->offchip_bytes : NAN;
	r->delta.exact++;
	return TRUE;
}

/* The form checked at every probe (as the explorer's form job checks
 * it, app/sy-estimate-job.c): FALSE where a probe's design differs or
 * is not built, or the class has no other sizes to check it at. */
static gboolean check_probes(Run *r, SyModelForm *form)
{
	SyConfig *next;
	guint n = 0;

	while ((next = sy_model_form_next_probe(form))) {
		g_autoptr(SyConfig) probe = next;
		g_autoptr(SyPeArray) array = NULL;
		g_autoptr(SyDesign) design = build(r, probe, &array);

		n++;
		if (!design || !sy_model_form_check(form, design, NULL))
			return FALSE;
	}
	return n > 0;
}

/* The class's form from design (taken, with array), NULL where it has
 * none. */
static void make_form(Run *r, SyDesign *design, SyPeArray *array)
{
	GError *why = NULL;
	SyModelForm *form = sy_model_form_new(design, array, &why);

	r->form_tried = TRUE;
	/* Why not (a design the forms do not re-set) is no error: the
	 * exact path answers. */
	g_clear_error(&why);
	if (form && (work_closes(r) || !check_probes(r, form)))
		g_clear_pointer(&form, sy_model_form_free);
	r->form = form;
	if (form)
		r->delta.forms++;
}

/* Whether the backend refuses cfg's width group of the class: widths up
 * to SY_DSE_NARROW together, each wider one apart.  The first design
 * the class builds that it exports makes its form. */
static gboolean refused(Run *r, const SyConfig *cfg)
{
	gint64 group = cfg->simd_factor > SY_DSE_NARROW ? cfg->simd_factor : 0;
	gpointer known = g_hash_table_lookup(r->refused, &group);
	SyPeArray *array = NULL;
	SyDesign *design;

	if (known)
		return GPOINTER_TO_INT(known) == 1;
	design = build(r, cfg, &array);
	learn_work(r, design);
	g_hash_table_insert(r->refused, g_memdup2(&group, sizeof(group)),
		GINT_TO_POINTER(design ? 2 : 1));
	if (design && !r->form_tried) {
		make_form(r, design, array);
	} else {
		sy_design_free(design);
		sy_pe_array_free(array);
	}
	return !design;
}

/* Whether used is under what the PEs of cfg alone take (the budget's
 * bound, dse/search.c): a bug if so. */
static gboolean under_pes(
	const Run *r, const SyConfig *cfg, const SyResources *used)
{
	const SyResources *pe = &g_array_index(
		r->s->pe, SyResources, cfg->candidate);
	double lanes = (double)sy_dse_space_lanes(r->c, cfg);
	double pes = lanes / (double)cfg->simd_factor;
	double slack = 1 - 1e-9;

	return used->v[SY_RESOURCE_DSP] <
		lanes * pe->v[SY_RESOURCE_DSP] * slack ||
		used->v[SY_RESOURCE_LUT] <
		pes * pe->v[SY_RESOURCE_LUT] * slack ||
		used->v[SY_RESOURCE_FF] < pes * pe->v[SY_RESOURCE_FF] * slack;
}

static void offer(Run *r, const SyConfig *cfg, double bound, double cycles,
	const SyResources *used, double bytes, gboolean fast)
{
	const SyDseShared *s = r->s;
	double score = sy_dse_score(
		s->o, s->device, s->instances, cycles, used, bytes);

	const double *v = used->v;

	r->delta.evaluated++;
	if (score < bound * (1 - 1e-9) ||
		cycles < s->instances / (double)sy_dse_space_lanes(r->c, cfg) *
				(1 - 1e-9) ||
		cycles < work_cycles(r, cfg) * (1 - 1e-9) ||
		under_pes(r, cfg, used))
		r->delta.violations++;
	if (!sy_dse_offer(r->s, cfg, score, cycles, used, bytes, fast))
		return;
	sy_dse_known_add(r->known, score, cycles, v[SY_RESOURCE_DSP],
		v[SY_RESOURCE_BRAM18K]);
	sy_dse_known_add(r->cl->found, score, cycles, v[SY_RESOURCE_DSP],
		v[SY_RESOURCE_BRAM18K]);
}

/* The off-chip bytes of cfg by the form (NAN where the objective does
 * not read them); FALSE where the form cannot read them. */
static gboolean form_bytes(Run *r, const SyConfig *cfg, double *bytes)
{
	const SyLatencyInputs *in;

	*bytes = NAN;
	if (!sy_dse_reads_traffic(r->s->o))
		return TRUE;
	in = sy_model_form_latency(r->form, cfg, NULL);
	if (!in)
		return FALSE;
	*bytes = in->offchip_bytes;
	return TRUE;
}

/* Hands the counts over, with open, the bound of the point the thread
 * looks at next; FALSE where the search stops. */
static gboolean account(Run *r, double open)
{
	SyDseStats delta = r->delta;

	memset(&r->delta, 0, sizeof(r->delta));
	r->stopped = !sy_dse_account(r->s, r->w->slot, open, &delta);
	return !r->stopped;
}

/* Points from the batch's k-th on by the form, FALSE where it has
 * none or cannot read them. */
static gboolean replay(Run *r, guint k)
{
	return r->form &&
		sy_model_form_points(r->form, &r->s->target, NULL,
			(const SyConfig *const *)r->configs + k, r->n - k,
			r->points + k, NULL);
}

/* The batch's points: by the form where it knows them, else exact.  A
 * point the form did not know settles what it left open, so the rest
 * of the batch is replayed again.  An exact point takes a design built
 * with isl: the time limit is checked after each.  FALSE where the
 * search stops. */
static gboolean flush(Run *r)
{
	gboolean batch = replay(r, 0);

	for (guint k = 0; k < r->n; k++) {
		const SyConfig *cfg = r->configs[k];
		double cycles, bytes;
		SyResources used;

		if (batch && !isnan(r->points[k].cycles) &&
			form_bytes(r, cfg, &bytes)) {
			r->delta.fast++;
			offer(r, cfg, r->bounds[k], r->points[k].cycles,
				&r->points[k].resources, bytes, TRUE);
			continue;
		}
		if (exact(r, cfg, &cycles, &used, &bytes))
			offer(r, cfg, r->bounds[k], cycles, &used, bytes,
				FALSE);
		if (!account(r, r->bounds[k]))
			break;
		if (batch && k + 1 < r->n)
			batch = replay(r, k + 1);
	}
	r->n = 0;
	return !r->stopped;
}

/* Adds row k to the batch unless its group is refused; FALSE where the
 * batch is full. */
static gboolean add(Run *r, guint k, double bound)
{
	SyConfig *cfg = r->configs[r->n];
	guint min = r->s->o->form_min ? r->s->o->form_min : SY_DSE_FORM_MIN;
	gboolean fast = !r->s->o->exhaustive && r->open > min;

	sy_dse_row_config(r->cl, k, r->c, cfg);
	if (fast && refused(r, cfg)) {
		r->delta.refused++;
		return TRUE;
	}
	/* The first design of the class may have shown its PE's II. */
	if (ii_pruned(r, k, sy_dse_known_incumbent(r->known))) {
		r->delta.pruned++;
		r->delta.ii_pruned++;
		return TRUE;
	}
	/* A form answers for its class only. */
	if (r->form && !sy_model_form_covers(r->form, cfg)) {
		double cycles, bytes;
		SyResources used;

		if (exact(r, cfg, &cycles, &used, &bytes))
			offer(r, cfg, bound, cycles, &used, bytes, FALSE);
		return account(r, bound);
	}
	r->bounds[r->n++] = bound;
	return r->n < SY_DSE_BATCH;
}

/* The rows of the class the bound leaves under the incumbent: whether
 * a form is worth its designs (with a front, every row counts). */
static guint open_rows(const Run *r, double incumbent)
{
	const SyDseClass *cl = r->cl;
	guint n = 0;

	if (r->s->o->exhaustive || r->s->o->pareto)
		return cl->by_bound->len;
	while (n < cl->by_bound->len &&
		!beyond(g_array_index(cl->bound, double,
				g_array_index(cl->by_bound, guint, n)),
			incumbent))
		n++;
	return n;
}

/* Whether the point of lower's bounds is off the front for sure. */
static gboolean dominated(Run *r, const double *lower)
{
	return r->s->o->pareto && sy_dse_known_covers(r->known, lower);
}

/* With a front, the rows past the incumbent still count: those the
 * front does not dominate are evaluated.  The class's form is then
 * made from its first row by bound as without one (the first row the
 * refusals build), so that which points a form answers (a design's
 * "fast") does not hang on the threads' timing. */
static void first_form(Run *r)
{
	const SyDseClass *cl = r->cl;
	guint min = r->s->o->form_min ? r->s->o->form_min : SY_DSE_FORM_MIN;

	if (!r->s->o->pareto || r->s->o->exhaustive || cl->bound->len <= min)
		return;
	for (guint i = 0; i < cl->by_bound->len && !r->form_tried; i++) {
		guint k = g_array_index(cl->by_bound, guint, i);

		sy_dse_row_config(cl, k, r->c, r->configs[0]);
		refused(r, r->configs[0]);
	}
}

static void run_rows(Run *r)
{
	const SyDseClass *cl = r->cl;
	guint n = cl->by_bound->len;
	double incumbent = sy_dse_known_incumbent(r->known);
	gboolean prune = !r->s->o->exhaustive;

	r->open = open_rows(r, incumbent);
	first_form(r);
	for (guint i = 0; i < n && !r->stopped; i++) {
		guint k = g_array_index(cl->by_bound, guint, i);
		double bound = g_array_index(cl->bound, double, k);
		const double *lower = &g_array_index(cl->lower, double, 2 * k);

		if (prune && beyond(bound, incumbent)) {
			if (!r->s->o->pareto) {
				r->delta.pruned += n - i;
				break;
			}
			if (dominated(r, lower)) {
				r->delta.pruned++;
				r->delta.pareto_pruned++;
				continue;
			}
		}
		if (prune && ii_pruned(r, k, incumbent)) {
			r->delta.pruned++;
			r->delta.ii_pruned++;
			continue;
		}
		if (!add(r, k, bound)) {
			if (!flush(r) || !account(r, bound))
				return;
			incumbent = sy_dse_known_incumbent(r->known);
		}
	}
	if (!r->stopped)
		flush(r);
	account(r, INFINITY);
}

void sy_dse_worker_run(SyDseWorker *w, SyDseClass *cl, SyDseKnown *known)
{
	Run r;

	memset(&r, 0, sizeof(r));
	r.w = w;
	r.s = w->s;
	r.cl = cl;
	r.known = known;

	if (!w->s->o->exhaustive &&
		beyond(cl->min_bound, sy_dse_known_incumbent(known)) &&
		(!w->s->o->pareto ||
			sy_dse_known_covers(known, cl->min_lower))) {
		r.delta.pruned = cl->bound->len;
		r.delta.pareto_pruned = w->s->o->pareto ? cl->bound->len : 0;
		account(&r, INFINITY);
		return;
	}
	r.c = sy_dse_worker_choices(w, cl->candidate);
	r.refused = g_hash_table_new_full(
		g_int64_hash, g_int64_equal, g_free, NULL);
	for (guint k = 0; k < SY_DSE_BATCH; k++)
		r.configs[k] = sy_config_new(r.c);
	r.scratch = sy_config_new(r.c);
	run_rows(&r);
	for (guint k = 0; k < SY_DSE_BATCH; k++)
		sy_config_free(r.configs[k]);
	sy_config_free(r.scratch);
	g_hash_table_unref(r.refused);
	sy_model_form_free(r.form);
}

void sy_dse_pe_resources(
	SyDseShared *s, const SyChoices *choices, SyResources *pe)
{
	g_autoptr(SyConfig) cfg = sy_config_new(choices);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyEstimate) e = NULL;
	Run r;

	memset(&r, 0, sizeof(r));
	r.s = s;
	r.c = choices;
	for (guint m = 0; m < cfg->n_members; m++)
		cfg->tile[m] = 1;
	design = build(&r, cfg, &array);
	e = design ? sy_design_estimate(design, s->device, NULL, NULL) : NULL;
	for (guint k = 0; e && k < e->modules->len; k++) {
		const SyModuleEstimate *m = g_ptr_array_index(e->modules, k);

		if (m->kind == SY_MODULE_PE && m->count == 1)
			*pe = m->resources;
	}
}
