/* The size-parametric form's tapes (see form.h): the latency model's
 * reader, and the reader with the evaluation and the resource model,
 * recorded on the form's design and replayed from the sizes. */
#include "model/form-private.h"

#include <math.h>
#include <string.h>

#include "model/latency.h"
#include "model/resources.h"

/* The points tapes (sy_model_form_points) and their registers. */
static void forget_points(SyModelForm *form)
{
	g_clear_pointer(&form->points, g_ptr_array_unref);
	g_clear_pointer(&form->lanes, g_aligned_free);
	form->n_lanes = 0;
}

void sy_model_form_forget_tape(SyModelForm *form)
{
	g_clear_pointer(&form->tape, sy_tape_free);
	g_clear_pointer(&form->regs, g_free);
	g_clear_pointer(&form->replayed, sy_latency_inputs_free);
	forget_points(form);
}

/* The outputs of a points tape (sy_model_form_points): the cycles,
 * then the resources by SyResourceKind (none without options). */
static gboolean record_point(SyModelForm *form, const SyLatencyInputs *in,
	const SyModelTarget *target, const SyResourceOptions *options,
	SyTape *t, GError **error)
{
	SyReal total[SY_N_RESOURCES], p, st, e;
	int b;

	sy_tape_output(
		t, 0, sy_latency_eval_num(in, target, t, &p, &st, &e, &b));
	if (!options)
		return TRUE;
	if (!sy_resources_record(form->design, options, t, total, error))
		return FALSE;
	for (int k = 0; k < SY_N_RESOURCES; k++)
		sy_tape_output(t, 1 + k, total[k]);
	return TRUE;
}

/* The form's numbers set at cfg and the reader recorded on them, from
 * cfg's sizes as the tape's inputs: fields the setters define are
 * computed from the inputs, any other field the form sets is read
 * (then a replay needs the design set first: sy_tape_reads_fields).
 * With target, the evaluation at target and the resource model with
 * options follow, their numbers the tape's outputs (record_point), and
 * the tape replays nothing else.  The tape is finished; *in the
 * inputs read (they outlive it). */
static SyTape *record_tape(SyModelForm *form, const SyConfig *cfg,
	const SyModelTarget *target, const SyResourceOptions *options,
	SyLatencyInputs **in, GError **error)
{
	g_autoptr(SyTape) t = sy_tape_new();
	SyFormNums nums;
	SyFormSizes s = {form->choices, cfg, &nums};

	if (target)
		sy_tape_outputs_only(t);
	if (!sy_form_nums_init(&nums, cfg, t)) {
		sy_model_form_fail(error, "too many band members for a tape");
		return NULL;
	}
	sy_model_form_mark_live(form, t);
	if (!sy_model_form_set_at(form, &s)) {
		sy_model_form_unknown(error);
		return NULL;
	}
	if (!(*in = sy_latency_inputs_record(form->design, t, error)))
		return NULL;
	if (target && !record_point(form, *in, target, options, t, error))
		return NULL;
	sy_tape_finish(t);
	return g_steal_pointer(&t);
}

static gboolean record(SyModelForm *form, const SyConfig *cfg, GError **error)
{
	form->tape = record_tape(form, cfg, NULL, NULL, &form->replayed, error);
	if (!form->tape)
		return FALSE;
	/* A replay re-sets numbers, not the reasons' words. */
	for (guint k = 0; k < form->replayed->n_modules; k++)
		g_clear_pointer(&form->replayed->modules[k].ii_reason, g_free);
	form->tape_reads = sy_tape_reads_fields(form->tape);
	form->regs = g_new0(SyTapeReg, sy_tape_n_regs(form->tape));
	return TRUE;
}

const SyLatencyInputs *sy_model_form_latency(
	SyModelForm *form, const SyConfig *cfg, GError **error)
{
	gint64 inputs[SY_FORM_N_INPUTS] = {0};

	if (!form->tape) {
		if (!record(form, cfg, error))
			return NULL;
		form->n_replayed++;
		return form->replayed;
	}
	if (form->tape_reads && !sy_model_form_at(form, cfg)) {
		sy_model_form_unknown(error);
		return NULL;
	}
	sy_form_nums_inputs(cfg, inputs);
	if (sy_tape_run(form->tape, inputs, form->regs, NULL)) {
		form->n_replayed++;
		return form->replayed;
	}
	if (!form->tape_reads && !sy_model_form_at(form, cfg)) {
		sy_model_form_unknown(error);
		return NULL;
	}
	form->n_read++;
	sy_latency_inputs_free(form->read);
	form->read = sy_latency_inputs_new(form->design, error);
	return form->read;
}

void sy_model_form_replays(const SyModelForm *form, guint64 *replayed,
	guint64 *read, gsize *ops, gboolean *reads)
{
	*replayed = form->n_replayed;
	*read = form->n_read;
	*ops = form->tape ? sy_tape_n_ops(form->tape) : 0;
	*reads = form->tape_reads;
}

/* Sizes one batch of sy_model_form_points takes, and a point's
 * outputs. */
#define BATCH 256
#define OUTPUTS (1 + SY_N_RESOURCES)

static gboolean same_target(const SyModelTarget *a, const SyModelTarget *b)
{
	return a->mhz == b->mhz && a->port_bits == b->port_bits &&
		a->port_gbps == b->port_gbps &&
		a->n_channels == b->n_channels &&
		a->burst_cycles == b->burst_cycles;
}

static gboolean same_options(
	const SyResourceOptions *a, const SyResourceOptions *b)
{
	return a->int8_packing == b->int8_packing &&
		a->fifo_srl_bits == b->fifo_srl_bits;
}

/* A points tape recorded at cfg, for the target and options of the
 * others: FALSE where the form cannot record there. */
static gboolean points_tape_add(SyModelForm *form, const SyConfig *cfg)
{
	g_autoptr(SyLatencyInputs) in = NULL;
	SyTape *t = record_tape(form, cfg, &form->target,
		form->cycles_only ? NULL : &form->options, &in, NULL);
	gsize regs;

	if (!t)
		return FALSE;
	g_ptr_array_add(form->points, t);
	form->n_used = 0;
	for (guint k = 0; k < SY_FORM_N_INPUTS; k++) {
		gboolean used = FALSE;

		for (guint x = 0; x < form->points->len && !used; x++)
			used = sy_tape_reads_input(
				g_ptr_array_index(form->points, x), k);
		if (used)
			form->used[form->n_used++] = k;
	}
	regs = sy_tape_n_regs(t) * SY_TAPE_LANES;
	if (regs > form->n_lanes) {
		g_aligned_free(form->lanes);
		form->lanes = g_aligned_alloc0(
			regs, sizeof(SyTapeReg), SY_TAPE_ALIGN);
		form->n_lanes = regs;
	}
	return TRUE;
}

/* The points tapes start again where target or options changed, or
 * what they give (cycles_only: no resources). */
static void points_for(SyModelForm *form, const SyModelTarget *target,
	const SyResourceOptions *options, gboolean cycles_only)
{
	if (form->points && same_target(&form->target, target) &&
		same_options(&form->options, options) &&
		form->cycles_only == cycles_only)
		return;
	/* The latency reader's tape stays: it does not depend on them. */
	forget_points(form);
	form->points = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_tape_free);
	form->target = *target;
	form->options = *options;
	form->cycles_only = cycles_only;
	form->n_used = 0;
	if (!form->inputs) {
		form->inputs = g_new0(gint64, SY_FORM_N_INPUTS * BATCH);
		form->batch = g_new0(double, (gsize)OUTPUTS *BATCH);
		form->held = g_new0(gboolean, BATCH);
		form->scratch = g_new0(SyFormPoint, BATCH);
	}
}

static void point_unknown(SyFormPoint *point)
{
	point->cycles = NAN;
	for (int k = 0; k < SY_N_RESOURCES; k++)
		point->resources.v[k] = NAN;
}

/* cfg's point (at the form's target and options) as the exact path
 * reads the form's design set there: NAN where the form does not know
 * it. */
static gboolean point_read(SyModelForm *form, const SyConfig *cfg,
	SyFormPoint *point, GError **error)
{
	g_autoptr(SyEstimate) e = sy_estimate_new();
	const SyLatencyInputs *in;
	const SyDesign *at;
	double p, s, x;
	int b;

	point_unknown(point);
	if (!(at = sy_model_form_at(form, cfg)))
		return TRUE;
	if (!sy_resources_estimate(at, &form->options, e, error) ||
		!(in = sy_model_form_latency(form, cfg, error)))
		return FALSE;
	point->cycles = sy_latency_eval(in, &form->target, &p, &s, &x, &b);
	point->resources = e->total;
	return TRUE;
}

/* Tape k replayed on the configs at pending[0 .. *n - 1], side by
 * side: those whose checks hold get their points and leave pending. */
static void points_replay(SyModelForm *form, guint k,
	const SyConfig *const *configs, gsize *pending, gsize *n,
	SyFormPoint *points)
{
	gint64 row[SY_FORM_N_INPUTS];
	gsize m = *n, kept = 0;

	for (gsize j = 0; j < m; j++) {
		sy_form_nums_inputs(configs[pending[j]], row);
		for (guint u = 0; u < form->n_used; u++)
			form->inputs[form->used[u] * m + j] =
				row[form->used[u]];
	}
	sy_tape_run_batch(g_ptr_array_index(form->points, k), m, form->inputs,
		form->lanes, form->batch, form->held);
	for (gsize j = 0; j < m; j++) {
		SyFormPoint *p = &points[pending[j]];

		if (!form->held[j]) {
			pending[kept++] = pending[j];
			continue;
		}
		p->cycles = form->batch[j];
		for (int r = 0; !form->cycles_only && r < SY_N_RESOURCES; r++)
			p->resources.v[r] = form->batch[(1 + r) * m + j];
		form->n_held++;
	}
	*n = kept;
}

/* configs[0 .. n - 1] (n at most BATCH): each tape in turn on those
 * the ones before did not hold for, a new one recorded at the first
 * of those left while there may be more; the rest read. */
static gboolean points_batch(SyModelForm *form, const SyConfig *const *configs,
	gsize n, SyFormPoint *points, GError **error)
{
	gsize pending[BATCH];

	for (gsize j = 0; j < n; j++)
		pending[j] = j;
	for (guint k = 0; n;) {
		if (k == SY_FORM_POINTS_TAPES)
			break;
		/* A size the form cannot record at (one it does not
		 * know) is read, and the next tried. */
		if (k == form->points->len &&
			!points_tape_add(form, configs[pending[0]])) {
			if (!point_read(form, configs[pending[0]],
				    &points[pending[0]], error))
				return FALSE;
			memmove(pending, pending + 1, --n * sizeof(*pending));
			continue;
		}
		points_replay(form, k++, configs, pending, &n, points);
	}
	for (gsize j = 0; j < n; j++)
		if (!point_read(form, configs[pending[j]], &points[pending[j]],
			    error))
			return FALSE;
	return TRUE;
}

gboolean sy_model_form_points(SyModelForm *form, const SyModelTarget *target,
	const SyResourceOptions *options, const SyConfig *const *configs,
	gsize n, SyFormPoint *points, GError **error)
{
	SyResourceOptions defaults;

	options = sy_resource_options_or(options, &defaults);
	points_for(form, target, options, FALSE);
	for (gsize at = 0; at < n; at += BATCH)
		if (!points_batch(form, configs + at, MIN(n - at, BATCH),
			    points + at, error))
			return FALSE;
	return TRUE;
}

gboolean sy_model_form_cycles(SyModelForm *form, const SyModelTarget *target,
	const SyConfig *const *configs, gsize n, double *cycles, GError **error)
{
	SyResourceOptions defaults;

	sy_resource_options_init(&defaults);
	points_for(form, target, &defaults, TRUE);
	for (gsize at = 0; at < n; at += BATCH) {
		gsize m = MIN(n - at, BATCH);

		if (!points_batch(form, configs + at, m, form->scratch, error))
			return FALSE;
		for (gsize j = 0; j < m; j++)
			cycles[at + j] = form->scratch[j].cycles;
	}
	return TRUE;
}

void sy_model_form_points_tapes(
	const SyModelForm *form, guint *tapes, gsize *ops, guint64 *held)
{
	*tapes = form->points ? form->points->len : 0;
	*ops = 0;
	*held = form->n_held;
	for (guint k = 0; k < *tapes; k++)
		*ops = MAX(*ops,
			sy_tape_n_ops(g_ptr_array_index(form->points, k)));
}
