/* The explorer's pipeline without a display: a source analysed in a
 * worker, a dataflow selected, sizes changed many times in a row (only
 * the last one's design published, equal to what the stages give on
 * the main thread), bad sizes and a broken kernel published as errors,
 * each dataflow keeping its sizes; the design's estimate on the chosen
 * device and every dataflow's throughput, as the model gives them on
 * the main thread. */
#include <string.h>

#include <math.h>

#include "compute/codegen.h"
#include "base/diag.h"
#include "comm/kernel-facts.h"
#include "model/device.h"
#include "model/form.h"
#include "model/model.h"
#include "poly/names.h"
#include "sy-estimate-job.h"
#include "sy-pipeline.h"
#include "testutil.h"

static char *mm_path;
static char *mm_text;

/* Per published generation, the notifications of "design". */
typedef struct {
	GHashTable *per_generation; /* guint -> count */
	guint designs;
	guint analyses;
} Seen;

static void design_notified(SyPipeline *p, GParamSpec *pspec, Seen *seen)
{
	guint gen = sy_pipeline_get_generation(p);
	gpointer key = GUINT_TO_POINTER(gen);

	(void)pspec;
	/* Never a result older than the newest request. */
	g_assert_cmpuint(gen, ==, sy_pipeline_get_requested(p));
	g_hash_table_insert(seen->per_generation, key,
		GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(
					 seen->per_generation, key)) +
			1));
	seen->designs++;
}

static void analysis_notified(SyPipeline *p, GParamSpec *pspec, Seen *seen)
{
	(void)p;
	(void)pspec;
	seen->analyses++;
}

/* Runs the main context until no job is running or pending anywhere
 * (the form jobs too: a result's forms and those one step away take
 * some minutes under valgrind). */
static void wait_idle(SyPipeline *p)
{
	gint64 end = g_get_monotonic_time() + 900 * G_USEC_PER_SEC;

	while ((p && sy_pipeline_is_busy(p)) || sy_pipeline_count_jobs()) {
		g_assert_cmpint(g_get_monotonic_time(), <, end);
		if (!g_main_context_iteration(NULL, FALSE))
			g_usleep(500);
	}
}

/* The stages on the main thread, in a context of the test's own, for
 * the sizes given: what the pipeline must have published. */
typedef struct {
	SyAnalysis *analysis;
	SyChoices *choices;
	SyPeArray *array;
	SyDesign *design;
	char *loops;
} Expected;

static void expected_make(Expected *e, guint dataflow, const SyConfig *cfg)
{
	GError *error = NULL;

	e->analysis = sy_analysis_new_from_data(
		mm_path, mm_text, -1, NULL, &error);
	g_assert_no_error(error);
	e->choices = sy_choices_new(e->analysis,
		g_ptr_array_index(e->analysis->candidates, dataflow), NULL);
	e->array = sy_pe_array_new(e->choices, cfg, &error);
	g_assert_no_error(error);
	e->loops = sy_codegen_loops(e->array, "", "    ");
	e->design = sy_design_new(e->array, NULL, &error);
	g_assert_no_error(error);
}

static void expected_clear(Expected *e)
{
	g_free(e->loops);
	sy_design_free(e->design);
	sy_pe_array_free(e->array);
	sy_choices_free(e->choices);
	sy_analysis_free(e->analysis);
}

/* Module by module and FIFO by FIFO, names and counts. */
static void assert_same_design(const SyDesign *got, const SyDesign *want)
{
	g_assert_cmpuint(got->modules->len, ==, want->modules->len);
	for (guint i = 0; i < want->modules->len; i++) {
		const SyModule *g = g_ptr_array_index(got->modules, i);
		const SyModule *w = g_ptr_array_index(want->modules, i);

		g_assert_cmpstr(g->name, ==, w->name);
		g_assert_cmpint(g->count, ==, w->count);
		g_assert_cmpuint(g->buffers->len, ==, w->buffers->len);
	}
	g_assert_cmpuint(got->fifos->len, ==, want->fifos->len);
	for (guint i = 0; i < want->fifos->len; i++) {
		const SyFifo *g = g_ptr_array_index(got->fifos, i);
		const SyFifo *w = g_ptr_array_index(want->fifos, i);

		g_assert_cmpstr(g->name, ==, w->name);
		g_assert_cmpint(g->count, ==, w->count);
		g_assert_cmpuint(g->width_bits, ==, w->width_bits);
	}
	g_assert_cmpuint(got->dram->len, ==, want->dram->len);
}

static SyPipeline *pipeline_new(Seen *seen)
{
	SyPipeline *p = sy_pipeline_new();

	seen->per_generation = g_hash_table_new(NULL, NULL);
	g_signal_connect(
		p, "notify::design", G_CALLBACK(design_notified), seen);
	g_signal_connect(
		p, "notify::analysis", G_CALLBACK(analysis_notified), seen);
	return p;
}

/* The kernel analysed: the first 2D array selected, its default sizes
 * built into a design. */
static void test_source(void)
{
	Seen seen = {0};
	SyPipeline *p = pipeline_new(&seen);
	const SyConfig *cfg;
	Expected e = {0};

	g_assert_false(sy_pipeline_is_busy(p));
	sy_pipeline_set_source(p, mm_path, mm_text, -1, NULL, 0);
	g_assert_true(sy_pipeline_is_busy(p));
	g_assert_null(sy_pipeline_get_analysis(p));
	wait_idle(p);
	g_assert_cmpuint(seen.analyses, ==, 1);
	g_assert_cmpuint(seen.designs, ==, 1);
	g_assert_false(sy_pipeline_is_stale(p));
	g_assert_null(sy_pipeline_get_analysis_error(p));
	g_assert_cmpuint(sy_pipeline_get_analysis(p)->candidates->len, ==, 6);
	g_assert_cmpint(sy_pipeline_get_dataflow(p), ==, 3);
	g_assert_cmpuint(sy_pipeline_get_choices(p)->candidate->id, ==, 3);
	cfg = sy_pipeline_get_config(p);
	g_assert_cmpint(cfg->tile[0], ==, 64);
	g_assert_cmpint(cfg->tile[1], ==, 64);
	g_assert_cmpint(cfg->tile[2], ==, 64);
	expected_make(&e, 3, cfg);
	g_assert_cmpint(sy_pipeline_get_pe_array(p)->pe[0], ==, 64);
	g_assert_cmpint(sy_pipeline_get_pe_array(p)->pe[1], ==, 64);
	g_assert_cmpstr(sy_pipeline_get_loop_nest(p), ==, e.loops);
	assert_same_design(sy_pipeline_get_design(p), e.design);
	expected_clear(&e);
	g_object_unref(p);
	wait_idle(NULL);
	g_hash_table_unref(seen.per_generation);
}

/* Sizes changed n times without the main loop running: every job but
 * the last is cancelled or its result dropped; one design is
 * published, the last sizes', as the stages make it on this thread.
 * Then n more with the main loop running between them: whatever is
 * published is never older than the newest request. */
static void test_sizes(void)
{
	const guint n = sy_test_count(40);
	Seen seen = {0};
	SyPipeline *p = pipeline_new(&seen);
	g_autoptr(SyConfig) cfg = NULL;
	Expected e = {0};
	guint before;

	sy_pipeline_set_source(p, mm_path, mm_text, -1, NULL, 0);
	wait_idle(p);
	cfg = sy_config_copy(sy_pipeline_get_config(p));
	before = seen.designs;
	for (guint i = 0; i < n; i++) {
		cfg->tile[0] = 1 + i % 64;
		cfg->tile[1] = 64 - i % 48;
		sy_pipeline_set_config(p, cfg);
	}
	cfg->tile[0] = 16;
	cfg->tile[1] = 8;
	cfg->tile[2] = 32;
	sy_pipeline_set_config(p, cfg);
	g_assert_cmpuint(sy_pipeline_get_requested(p), ==, 1 + n + 1);
	wait_idle(p);
	g_assert_cmpuint(seen.designs, ==, before + 1);
	g_assert_cmpuint(sy_pipeline_get_generation(p), ==, 1 + n + 1);
	g_assert_cmpint(sy_pipeline_get_config(p)->tile[0], ==, 16);
	g_assert_cmpint(sy_pipeline_get_config(p)->tile[1], ==, 8);
	g_assert_cmpint(sy_pipeline_get_config(p)->tile[2], ==, 32);
	g_assert_cmpint(sy_pipeline_get_pe_array(p)->pe[0], ==, 16);
	g_assert_cmpint(sy_pipeline_get_pe_array(p)->pe[1], ==, 8);
	expected_make(&e, 3, cfg);
	g_assert_cmpstr(sy_pipeline_get_loop_nest(p), ==, e.loops);
	assert_same_design(sy_pipeline_get_design(p), e.design);
	/* A 16 x 8 array: the PEs, and A entering along its 16 rows. */
	g_assert_cmpint(sy_design_find(sy_pipeline_get_design(p), "PE")->count,
		==, 128);
	expected_clear(&e);
	/* The analysis was not published again for sizes. */
	g_assert_cmpuint(seen.analyses, ==, 1);

	for (guint i = 0; i < n; i++) {
		cfg->tile[0] = 1 + (i * 7) % 64;
		sy_pipeline_set_config(p, cfg);
		for (guint k = 0; k < i % 5; k++)
			g_main_context_iteration(NULL, FALSE);
		g_usleep(1000 * (i % 3));
	}
	wait_idle(p);
	g_assert_cmpuint(sy_pipeline_get_generation(p), ==,
		sy_pipeline_get_requested(p));
	g_assert_cmpint(
		sy_pipeline_get_pe_array(p)->pe[0], ==, 1 + ((n - 1) * 7) % 64);
	/* One notification per published generation, none twice. */
	{
		GHashTableIter iter;
		gpointer key, value;

		g_hash_table_iter_init(&iter, seen.per_generation);
		while (g_hash_table_iter_next(&iter, &key, &value))
			g_assert_cmpuint(GPOINTER_TO_UINT(value), ==, 1);
	}
	g_object_unref(p);
	wait_idle(NULL);
	g_hash_table_unref(seen.per_generation);
}

/* Sizes the stages refuse: the error is published, with its stage, and
 * nothing built; sizes that work again clear it. */
static void test_errors(void)
{
	Seen seen = {0};
	SyPipeline *p = pipeline_new(&seen);
	g_autoptr(SyConfig) cfg = NULL;
	g_autofree char *want = NULL;
	g_autoptr(GHashTable) pack = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);
	SyDesignOptions options = {.pack = pack};
	GError *copy = NULL;
	char *loops = NULL;
	guint stage_prop;
	const GError *error;
	SyPipelineStage stage;
	const SyAnalysis *a;

	sy_pipeline_set_source(p, mm_path, mm_text, -1, NULL, 0);
	wait_idle(p);
	a = sy_pipeline_get_analysis(p);
	cfg = sy_config_copy(sy_pipeline_get_config(p));
	cfg->tile[0] = 16;
	cfg->latency[0] = 3; /* does not divide 16 */
	sy_pipeline_set_config(p, cfg);
	wait_idle(p);
	error = sy_pipeline_get_error(p, &stage);
	g_assert_error(error, SY_CONFIG_ERROR, SY_CONFIG_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==,
		"the latency factor 3 of loop 'i' does not divide its tile of "
		"16; it can be 1, 2, 4, 8, 16");
	g_assert_cmpint(stage, ==, SY_PIPELINE_STAGE_PE_ARRAY);
	g_assert_null(sy_pipeline_get_pe_array(p));
	g_assert_null(sy_pipeline_get_design(p));
	g_assert_cmpstr(sy_pipeline_get_loop_nest(p), ==, "");
	/* The same through the properties. */
	g_object_get(p, "error", &copy, "error-stage", &stage_prop, "loop-nest",
		&loops, NULL);
	g_assert_error(copy, SY_CONFIG_ERROR, SY_CONFIG_ERROR_INVALID);
	g_assert_cmpstr(copy->message, ==, error->message);
	g_assert_cmpuint(stage_prop, ==, SY_PIPELINE_STAGE_PE_ARRAY);
	g_assert_cmpstr(loops, ==, "");
	g_clear_error(&copy);
	g_clear_pointer(&loops, g_free);
	cfg->latency[0] = 4;
	sy_pipeline_set_config(p, cfg);
	wait_idle(p);
	g_assert_null(sy_pipeline_get_error(p, &stage));
	g_assert_cmpint(stage, ==, SY_PIPELINE_STAGE_NONE);
	g_assert_cmpint(sy_pipeline_get_pe_array(p)->pe[0], ==, 4);

	/* A packing factor the design refuses: the PE array and its loops
	 * stay, the design does not. */
	loops = g_strdup(sy_pipeline_get_loop_nest(p));
	g_assert_nonnull(strstr(loops, "for ("));
	g_hash_table_insert(pack, g_strdup("A:L2"), GUINT_TO_POINTER(3));
	sy_pipeline_set_design_options(p, &options);
	wait_idle(p);
	error = sy_pipeline_get_error(p, &stage);
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==,
		"--pack A:L2=3: a packing factor is a power of two of at most "
		"16 32-bit elements that divides the buffer's innermost "
		"dimension (64)");
	g_assert_cmpint(stage, ==, SY_PIPELINE_STAGE_DESIGN);
	g_assert_nonnull(sy_pipeline_get_pe_array(p));
	g_assert_null(sy_pipeline_get_design(p));
	g_assert_cmpstr(sy_pipeline_get_loop_nest(p), ==, loops);
	options.pack = NULL;
	sy_pipeline_set_design_options(p, &options);
	wait_idle(p);
	g_assert_null(sy_pipeline_get_error(p, NULL));
	g_assert_nonnull(sy_pipeline_get_design(p));
	g_free(loops);

	/* A broken kernel: the last analysis stays, stale, and the error
	 * says where. */
	sy_pipeline_set_source(
		p, mm_path, "#pragma scop\nwhile (1);\n", -1, NULL, 5);
	g_assert_true(sy_pipeline_is_stale(p));
	wait_idle(p);
	g_assert_true(sy_pipeline_get_analysis(p) == a);
	g_assert_true(sy_pipeline_is_stale(p));
	error = sy_pipeline_get_analysis_error(p);
	g_assert_nonnull(error);
	want = g_strconcat(mm_path,
		":1:1: error: '#pragma scop' outside a function\n 1 | #pragma "
		"scop\n   | ^\nnote: put the SCoP inside a function body, "
		"such as main()",
		NULL);
	g_assert_error(error, SY_INPUT_ERROR, SY_INPUT_ERROR_SYNTAX);
	g_assert_cmpstr(error->message, ==, want);
	g_assert_cmpint(sy_pipeline_get_pe_array(p)->pe[0], ==, 4);
	g_object_unref(p);
	wait_idle(NULL);
	g_hash_table_unref(seen.per_generation);
}

/* Each dataflow keeps its sizes: [i] gets the defaults, [i, j] its own
 * back; an edit of the kernel keeps them too. */
static void test_dataflows(void)
{
	Seen seen = {0};
	SyPipeline *p = pipeline_new(&seen);
	g_autoptr(SyConfig) cfg = NULL;
	g_autofree char *edited = g_strconcat("// edited\n", mm_text, NULL);

	sy_pipeline_set_source(p, mm_path, mm_text, -1, NULL, 0);
	wait_idle(p);
	cfg = sy_config_copy(sy_pipeline_get_config(p));
	cfg->tile[0] = 20;
	sy_pipeline_set_config(p, cfg);
	wait_idle(p);
	sy_pipeline_select_dataflow(p, 2);
	g_assert_cmpint(sy_pipeline_get_dataflow(p), ==, 2);
	wait_idle(p);
	g_assert_cmpuint(sy_pipeline_get_choices(p)->candidate->id, ==, 2);
	g_assert_cmpuint(sy_pipeline_get_choices(p)->candidate->n_space, ==, 1);
	g_assert_cmpint(sy_pipeline_get_config(p)->tile[0], ==, 64);
	sy_pipeline_select_dataflow(p, 3);
	wait_idle(p);
	g_assert_cmpint(sy_pipeline_get_config(p)->tile[0], ==, 20);
	g_assert_cmpint(sy_pipeline_get_pe_array(p)->pe[0], ==, 20);
	sy_pipeline_set_source(p, mm_path, edited, -1, NULL, 0);
	wait_idle(p);
	g_assert_cmpuint(seen.analyses, ==, 2);
	g_assert_cmpint(sy_pipeline_get_dataflow(p), ==, 3);
	g_assert_cmpint(sy_pipeline_get_pe_array(p)->pe[0], ==, 20);
	/* Out of range: none. */
	sy_pipeline_select_dataflow(p, 6);
	g_assert_cmpint(sy_pipeline_get_dataflow(p), ==, -1);
	wait_idle(p);
	g_assert_null(sy_pipeline_get_choices(p));
	g_assert_null(sy_pipeline_get_design(p));
	g_object_unref(p);
	wait_idle(NULL);
	g_hash_table_unref(seen.per_generation);
}

/* The design of choices c at cfg, completed as an export completes it
 * (the models read its code); *array the PE array it stands on. */
static SyDesign *completed_at(const SyAnalysis *a, const SyChoices *c,
	const SyConfig *cfg, SyPeArray **array)
{
	g_autoptr(SyNames) names = sy_names_new(a->scop);
	static const char *const taken[] = {NULL};
	GError *error = NULL;
	SyDesign *design;

	*array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	design = sy_design_new(*array, NULL, &error);
	g_assert_no_error(error);
	sy_names_place_headers(names, NULL, taken);
	g_assert_true(sy_design_complete(design, names, NULL, &error));
	g_assert_no_error(error);
	return design;
}

/* The estimate of dataflow id at sizes (NULL: the defaults), built on
 * the main thread. */
static SyEstimate *expected_estimate_at(
	guint id, const char *device, const SyConfig *sizes)
{
	g_autoptr(SyDevice) d = sy_device_lookup(device, NULL);
	g_autoptr(SyAnalysis)
		a = sy_analysis_new_from_data(mm_path, mm_text, -1, NULL, NULL);
	g_autoptr(SyChoices) c = sy_choices_new(
		a, g_ptr_array_index(a->candidates, id), NULL);
	g_autoptr(SyConfig) cfg = sizes ? sy_config_copy(sizes)
					: sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = completed_at(a, c, cfg, &array);
	GError *error = NULL;
	SyEstimate *e;

	e = sy_design_estimate(design, d, NULL, &error);
	g_assert_no_error(error);
	return e;
}

static SyEstimate *expected_estimate(guint id, const char *device)
{
	return expected_estimate_at(id, device, NULL);
}

static void assert_same_estimate(const SyEstimate *got, const SyEstimate *want)
{
	g_assert_cmpstr(got->device, ==, want->device);
	g_assert_cmpfloat(got->cycles, ==, want->cycles);
	g_assert_cmpfloat(got->gops, ==, want->gops);
	g_assert_cmpint(got->bottleneck, ==, want->bottleneck);
	for (int r = 0; r < SY_N_RESOURCES; r++)
		g_assert_cmpfloat(got->total.v[r], ==, want->total.v[r]);
}

static void count_notified(SyPipeline *p, GParamSpec *pspec, guint *n)
{
	(void)p;
	(void)pspec;
	(*n)++;
}

/* The design's estimate follows it, on the device asked for; every
 * dataflow's throughput at its sizes comes from a survey, the selected
 * one's from its estimate; an unknown device is an error. */
static void test_estimate(void)
{
	Seen seen = {0};
	SyPipeline *p = pipeline_new(&seen);
	g_autoptr(SyEstimate) want = NULL;
	guint estimates = 0, devices = 0;
	gboolean flops;

	g_signal_connect(
		p, "notify::estimate", G_CALLBACK(count_notified), &estimates);
	g_signal_connect(
		p, "notify::device", G_CALLBACK(count_notified), &devices);
	g_assert_cmpstr(sy_pipeline_get_device(p), ==, "u250");
	g_assert_true(isnan(sy_pipeline_get_throughput(p, 0, NULL)));
	sy_pipeline_set_source(p, mm_path, mm_text, -1, NULL, 0);
	wait_idle(p);
	g_assert_cmpuint(estimates, ==, seen.designs);
	want = expected_estimate(3, "u250");
	assert_same_estimate(sy_pipeline_get_estimate(p), want);
	g_assert_null(sy_pipeline_get_estimate_error(p));
	for (guint i = 0; i < 6; i++) {
		g_autoptr(SyEstimate) one = expected_estimate(i, "u250");

		g_assert_cmpfloat(sy_pipeline_get_throughput(p, i, &flops), ==,
			one->gops);
		g_assert_true(flops);
	}
	g_assert_true(isnan(sy_pipeline_get_throughput(p, 6, NULL)));

	/* Another device: estimated again, and surveyed again; the
	 * throughputs on the U250 are gone at once. */
	sy_pipeline_set_device(p, "u280");
	g_assert_cmpuint(devices, ==, 1);
	g_assert_true(isnan(sy_pipeline_get_throughput(p, 0, NULL)));
	g_assert_true(isnan(sy_pipeline_get_throughput(p, 3, NULL)));
	sy_pipeline_set_device(p, "u280");
	g_assert_cmpuint(devices, ==, 1);
	wait_idle(p);
	g_clear_pointer(&want, sy_estimate_free);
	want = expected_estimate(3, "u280");
	assert_same_estimate(sy_pipeline_get_estimate(p), want);
	for (guint i = 0; i < 6; i++) {
		g_autoptr(SyEstimate) one = expected_estimate(i, "u280");

		g_assert_cmpfloat(
			sy_pipeline_get_throughput(p, i, NULL), ==, one->gops);
	}

	g_object_set(p, "device", "no-such-board", NULL);
	wait_idle(p);
	g_assert_nonnull(sy_pipeline_get_design(p));
	g_assert_null(sy_pipeline_get_estimate(p));
	g_assert_error(sy_pipeline_get_estimate_error(p), SY_DEVICE_ERROR,
		SY_DEVICE_ERROR_UNKNOWN);
	g_object_unref(p);
	wait_idle(NULL);
	g_hash_table_unref(seen.per_generation);
}

/* Sizes of the class of a result shown are estimated at once, by the
 * models' form a job built after the result: before their own job's
 * result, which brings the same numbers; sizes of another class wait
 * for theirs. */
static void test_form(void)
{
	Seen seen = {0};
	SyPipeline *p = pipeline_new(&seen);
	g_autoptr(SyConfig) cfg = NULL;
	g_autoptr(SyEstimate) want = NULL;
	const SyEstimate *quick;
	const SyChoices *c;
	guint estimates = 0;

	sy_pipeline_set_source(p, mm_path, mm_text, -1, NULL, 0);
	wait_idle(p);
	/* The defaults (untiled) are alone in their class; sizes one
	 * step away (a tile of 63) have forms. */
	g_assert_true(sy_pipeline_has_form(p));
	c = sy_pipeline_get_choices(p);
	cfg = sy_config_copy(sy_pipeline_get_config(p));
	sy_test_config_apply(cfg, c, "i=16,j=16,k=16", "i=8,j=8", "k=2");
	sy_pipeline_set_config(p, cfg);
	wait_idle(p);
	g_assert_true(sy_pipeline_has_form(p));
	g_signal_connect(
		p, "notify::estimate", G_CALLBACK(count_notified), &estimates);

	/* Same class: at once, as the design built there gives it. */
	sy_test_config_apply(cfg, c, "i=16,j=16,k=32", NULL, "k=4");
	sy_pipeline_set_config(p, cfg);
	g_assert_true(sy_pipeline_is_busy(p));
	g_assert_cmpuint(estimates, ==, 1);
	quick = sy_pipeline_get_estimate(p);
	g_assert_nonnull(quick);
	want = expected_estimate_at(3, "u250", cfg);
	assert_same_estimate(quick, want);
	wait_idle(p);
	g_assert_cmpuint(estimates, ==, 2);
	assert_same_estimate(sy_pipeline_get_estimate(p), want);
	g_assert_cmpint(sy_pipeline_get_config(p)->tile[2], ==, 32);

	/* Another class (2 x 2 PEs, not 2 x 4): the job's estimate. */
	sy_test_config_apply(cfg, c, "i=16,j=32,k=32", NULL, NULL);
	sy_pipeline_set_config(p, cfg);
	g_assert_cmpuint(estimates, ==, 2);
	wait_idle(p);
	g_assert_cmpuint(estimates, ==, 3);
	g_clear_pointer(&want, sy_estimate_free);
	want = expected_estimate_at(3, "u250", cfg);
	assert_same_estimate(sy_pipeline_get_estimate(p), want);
	/* A new device: the form is gone until a job builds another. */
	sy_pipeline_set_device(p, "u280");
	g_assert_false(sy_pipeline_has_form(p));
	g_object_unref(p);
	wait_idle(NULL);
	g_hash_table_unref(seen.per_generation);
}

/* The form of c at cfg checked on its first probe alone
 * (sy_model_form_probe's sizes), as the explorer's form job checked it
 * before it took every probe. */
static SyModelForm *form_on_first_probe(
	const SyAnalysis *a, const SyChoices *c, const SyConfig *cfg)
{
	GError *error = NULL;
	SyPeArray *array;
	SyDesign *design = completed_at(a, c, cfg, &array);
	g_autoptr(SyModelForm) form = sy_model_form_new(design, array, &error);
	g_autoptr(SyConfig) probe = NULL;
	g_autoptr(SyPeArray) other_array = NULL;
	g_autoptr(SyDesign) other = NULL;

	g_assert_no_error(error);
	probe = sy_model_form_next_probe(form);
	g_assert_nonnull(probe);
	other = completed_at(a, c, probe, &other_array);
	g_assert_true(sy_model_form_check(form, other, &error));
	g_assert_no_error(error);
	return g_steal_pointer(&form);
}

/* The form job's form (sy_estimate_job_form) is checked on every probe
 * (sy_model_form_next_probe): at 32,32,32 / 16,16 / 2, of the class of
 * /pipeline/form's 16,16,16 / 8,8 / 2, the first probe alone leaves
 * numbers open (candidates that differ there), and the job's form gives
 * what the design built there gives, latency inputs and estimate (==).
 * Cancelled, the job gives no form. */
static void test_form_probes(void)
{
	g_autoptr(SyAnalysis)
		a = sy_analysis_new_from_data(mm_path, mm_text, -1, NULL, NULL);
	g_autoptr(SyChoices) c = sy_choices_new(
		a, g_ptr_array_index(a->candidates, 3), NULL);
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyConfig) open = NULL;
	g_autoptr(SyModelForm) first = NULL, form = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) exact = NULL;
	g_autoptr(SyLatencyInputs) want_in = NULL;
	g_autoptr(SyEstimate) got = NULL, want = NULL;
	g_autoptr(GCancellable) cancelled = g_cancellable_new();
	const SyLatencyInputs *replay;
	const SyDesign *at;
	GError *error = NULL;

	sy_test_config_apply(cfg, c, "i=16,j=16,k=16", "i=8,j=8", "k=2");
	open = sy_config_copy(cfg);
	sy_test_config_apply(open, c, "i=32,j=32,k=32", "i=16,j=16", NULL);
	first = form_on_first_probe(a, c, cfg);
	g_assert_true(sy_model_form_covers(first, open));
	g_assert_null(sy_model_form_at(first, open));

	form = sy_estimate_job_form(c, cfg, NULL, NULL, NULL, &error);
	g_assert_no_error(error);
	g_assert_true(sy_model_form_covers(form, open));
	exact = completed_at(a, c, open, &array);
	want_in = sy_latency_inputs_new(exact, &error);
	g_assert_no_error(error);
	replay = sy_model_form_latency(form, open, &error);
	g_assert_no_error(error);
	g_assert_nonnull(replay);
	g_assert_true(sy_latency_inputs_same(replay, want_in));
	at = sy_model_form_at(form, open);
	g_assert_nonnull(at);
	got = sy_design_estimate(at, device, NULL, &error);
	g_assert_no_error(error);
	want = sy_design_estimate(exact, device, NULL, &error);
	g_assert_no_error(error);
	assert_same_estimate(got, want);

	g_cancellable_cancel(cancelled);
	g_assert_null(
		sy_estimate_job_form(c, cfg, NULL, NULL, cancelled, &error));
	g_assert_error(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
	g_clear_error(&error);
}

/* A pipeline dropped while its job runs: the job is cancelled and its
 * result freed without it. */
static void test_dispose(void)
{
	SyPipeline *p = sy_pipeline_new();

	sy_pipeline_set_source(p, mm_path, mm_text, -1, NULL, 0);
	g_assert_cmpuint(sy_pipeline_count_jobs(), ==, 1);
	g_object_unref(p);
	wait_idle(NULL);
	g_assert_cmpuint(sy_pipeline_count_jobs(), ==, 0);
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	g_assert_cmpint(argc, ==, 2);
	mm_path = g_build_filename(argv[1], "mm.c", NULL);
	g_assert_true(g_file_get_contents(mm_path, &mm_text, NULL, NULL));
	g_test_add_func("/pipeline/source", test_source);
	g_test_add_func("/pipeline/sizes", test_sizes);
	g_test_add_func("/pipeline/errors", test_errors);
	/* Under valgrind the jobs' own machinery is
	 * tested (publication, cancellation, errors, forms, disposal) and
	 * not these three, which run more jobs of the same kinds: every
	 * job runs the stages and the survey of every dataflow, and
	 * valgrind runs the workers one at a time (each of these took 3
	 * to 4 minutes).  Every run without valgrind, ASan's included,
	 * has all of them. */
	if (!sy_test_under_valgrind()) {
		g_test_add_func("/pipeline/dataflows", test_dataflows);
		g_test_add_func("/pipeline/estimate", test_estimate);
		g_test_add_func("/pipeline/form", test_form);
	}
	g_test_add_func("/pipeline/form-probes", test_form_probes);
	g_test_add_func("/pipeline/dispose", test_dispose);
	status = g_test_run();
	g_free(mm_path);
	g_free(mm_text);
	return status;
}
