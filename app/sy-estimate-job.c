#include <math.h>
#include <string.h>

#include "comm/kernel-facts.h"
#include "compute/pe-array.h"
#include "model/device.h"
#include "model/model.h"
#include "poly/isl-stage.h"
#include "poly/names.h"
#include "sy-estimate-job.h"
#include "sy-sizes.h"

/* The design as an export makes it ready for the printer: its modules'
 * code, which the models read. */
static gboolean complete(
	SyDesign *design, const SyAnalysisOptions *options, GError **error)
{
	const SyAnalysis *a = design->array->analysis;
	g_autoptr(SyNames) names = sy_names_new(a->scop);
	static const char *const taken[] = {NULL};
	gboolean made;

	sy_names_place_headers(
		names, options ? options->include_dirs : NULL, taken);
	sy_isl_stage_begin(a->ctx);
	made = sy_design_complete(design, names, options, error);
	return sy_isl_stage_check(
		       a->ctx, sy_analysis_path(a), "the estimate", error) &&
		made;
}

static SyEstimate *estimate_on(SyDesign *design,
	const SyAnalysisOptions *options, const SyDevice *device,
	GError **error)
{
	if (!complete(design, options, error))
		return NULL;
	return sy_design_estimate(design, device, NULL, error);
}

SyEstimate *sy_estimate_job_design(SyDesign *design,
	const SyAnalysisOptions *options, const char *device, GError **error)
{
	g_autoptr(SyDevice) d = sy_device_lookup(device, error);

	return d ? estimate_on(design, options, d, error) : NULL;
}

/* One dataflow at its sizes, every object freed before the next: a
 * survey holds one design at a time.  An export refuses what the PE
 * array, the design or its completion refuses; the model's refusal
 * leaves it exportable. */
static void survey_one(const SyAnalysis *a, guint id, GHashTable *sizes,
	const SyDesignOptions *options,
	const SyAnalysisOptions *analysis_options, const SyDevice *device,
	gboolean *flops, SySurveyEntry *out)
{
	const SyCandidate *cand = g_ptr_array_index(a->candidates, id);
	g_autoptr(SyChoices) choices = sy_choices_new_touch(
		a, cand, NULL, sy_sizes_touch_space(sizes, NULL, a, cand));
	g_autoptr(SyConfig) config = sy_sizes_config(sizes, NULL, choices);
	g_autoptr(GError) error = NULL;
	g_autoptr(SyPeArray) array = sy_pe_array_new(choices, config, &error);
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyEstimate) e = NULL;

	out->gops = NAN;
	if (!array) {
		/* Sizes an export refuses too, as the selected
		 * dataflow's result says. */
		out->refused = g_strdup(error ? error->message : NULL);
		return;
	}
	out->n_pe = array->n_space;
	memcpy(out->pe, array->pe, sizeof out->pe);
	design = sy_design_new(array, options, &error);
	if (design && complete(design, analysis_options, &error))
		e = sy_design_estimate(design, device, NULL, NULL);
	else
		out->refused = g_strdup(error ? error->message : NULL);
	if (!e)
		return;
	*flops = e->flops;
	out->gops = e->gops;
}

void sy_survey_entry_clear(gpointer entry)
{
	g_clear_pointer(&((SySurveyEntry *)entry)->refused, g_free);
}

GArray *sy_estimate_job_survey(const SyAnalysis *a, GHashTable *sizes,
	const SyDesignOptions *options,
	const SyAnalysisOptions *analysis_options, const char *device,
	GCancellable *cancellable, gboolean *flops)
{
	g_autoptr(SyDevice) d = sy_device_lookup(device, NULL);
	GArray *out = g_array_sized_new(
		FALSE, TRUE, sizeof(SySurveyEntry), a->candidates->len);

	g_array_set_clear_func(out, sy_survey_entry_clear);
	*flops = FALSE;
	for (guint i = 0; i < a->candidates->len; i++) {
		SySurveyEntry entry = {NAN, 0, {0}, NULL};

		if (d)
			survey_one(a, i, sizes, options, analysis_options, d,
				flops, &entry);
		g_array_append_val(out, entry);
		if (g_cancellable_is_cancelled(cancellable)) {
			g_array_unref(out);
			return NULL;
		}
	}
	return out;
}

/* The design at config, completed; *array the PE array it stands on. */
static SyDesign *completed_at(const SyChoices *c, const SyConfig *config,
	const SyDesignOptions *options,
	const SyAnalysisOptions *analysis_options, SyPeArray **array,
	GError **error)
{
	SyDesign *design;

	*array = sy_pe_array_new(c, config, error);
	if (!*array)
		return NULL;
	design = sy_design_new(*array, options, error);
	if (design && complete(design, analysis_options, error))
		return design;
	sy_design_free(design);
	g_clear_pointer(array, sy_pe_array_free);
	return NULL;
}

/* The design at probe's sizes against form: FALSE (error set) where it
 * cannot be built or differs. */
static gboolean check_at(SyModelForm *form, const SyChoices *c,
	const SyConfig *probe, const SyDesignOptions *options,
	const SyAnalysisOptions *analysis_options, GError **error)
{
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = completed_at(
		c, probe, options, analysis_options, &array, error);

	if (!design) {
		g_prefix_error(error, "form: no design at a probe's sizes: ");
		return FALSE;
	}
	return sy_model_form_check(form, design, error);
}

/* form checked at each of its probes (sy_model_form_next_probe) until
 * they run out, as tests/test-form.c's verify() checks it, so that the
 * numbers one probe leaves open are settled where the next ones can;
 * cancellable is checked before each probe's design is built (a design
 * is built whole: its code is printed). */
static gboolean check_probes(SyModelForm *form, const SyChoices *c,
	const SyDesignOptions *options,
	const SyAnalysisOptions *analysis_options, GCancellable *cancellable,
	GError **error)
{
	SyConfig *next;
	guint n = 0;

	while ((next = sy_model_form_next_probe(form))) {
		g_autoptr(SyConfig) probe = next;

		n++;
		if (g_cancellable_set_error_if_cancelled(cancellable, error) ||
			!check_at(form, c, probe, options, analysis_options,
				error))
			return FALSE;
	}
	if (!n)
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"form: no other sizes of its class to check it at");
	return n > 0;
}

SyModelForm *sy_estimate_job_form(const SyChoices *c, const SyConfig *config,
	const SyDesignOptions *options,
	const SyAnalysisOptions *analysis_options, GCancellable *cancellable,
	GError **error)
{
	SyPeArray *array = NULL;
	SyDesign *design = completed_at(
		c, config, options, analysis_options, &array, error);
	g_autoptr(SyModelForm)
		form = design ? sy_model_form_new(design, array, error) : NULL;

	if (!form ||
		!check_probes(
			form, c, options, analysis_options, cancellable, error))
		return NULL;
	return g_steal_pointer(&form);
}
