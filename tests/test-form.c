/* Two paths to one answer: the latency model's size-parametric form
 * (model/form.h: a design built once, its numbers re-set for other
 * sizes of its class without isl) and its tape (model/tape.h: the
 * reader's arithmetic replayed from the sizes) against designs built
 * at those sizes (the exact path), on random sizes of every example's
 * dataflows (fixed seed; every other form's sizes with tiles that
 * divide their loops, the others' with tiles that do not).
 * A form is checked on designs at its probes' sizes
 * (sy_model_form_next_probe), as the explorer checks it; then, at each
 * other size and before it sees the design built there, its replay (or
 * read) must give every number of that design's latency inputs and its
 * resources (==), or leave the size open; checked on that design too,
 * it must agree in code and numbers (sy_model_form_check). */
#include <math.h>

#include "testutil.h"
#include "testmodel.h"
#include "model/form.h"

static const char *examples_dir;

/* Forms per dataflow, and sizes of its class each is evaluated at. */
#define FORMS 3
#define SIZES 4
/* Draws to find sizes of a form's class. */
#define DRAWS 2000

/* Forms checked, refused (by sy_model_form_new or the check), alone in
 * their class (no other sizes: nothing to re-set), and sizes
 * compared. */
typedef struct {
	guint forms, refused, alone, compared;
	guint padded; /* compared sizes with a tile that does not divide */
	guint64 replayed, read; /* sy_model_form_latency's calls */
	guint reads; /* tapes that read the design re-set */
	guint open; /* sizes whose numbers the form's checks left open */
	guint probes; /* designs the forms were checked on */
	guint batched; /* sizes sy_model_form_points compared */
	guint64 batch_held; /* those its batch replays answered */
	guint open_first; /* batches with an open size first */
	gsize ops; /* the longest tape */
} Tally;

/* Random sizes of form's class. */
static gboolean draw_covered(const SyModelForm *form, SyConfig *cfg,
	const SyChoices *c, GRand *rng, gboolean divisors)
{
	for (guint k = 0; k < DRAWS; k++) {
		sy_test_config_randomize(cfg, c, rng, divisors);
		if (sy_config_validate(cfg, c, NULL) &&
			sy_model_form_covers(form, cfg))
			return TRUE;
	}
	return FALSE;
}

/* Random sizes of form's class near base: tiles moved by up to 8,
 * latency factors and SIMD widths drawn again (padded classes are
 * narrow: their last tiles' fill is part of the class). */
static gboolean draw_near(const SyModelForm *form, const SyConfig *base,
	SyConfig *cfg, const SyChoices *c, GRand *rng)
{
	for (guint k = 0; k < DRAWS; k++) {
		sy_test_config_randomize(cfg, c, rng, FALSE);
		for (guint i = 0; i < c->tilable->len; i++) {
			const SyLoopRef *l = g_ptr_array_index(c->tilable, i);
			gint64 t = base->tile[l->member] +
				g_rand_int_range(rng, -8, 9);

			cfg->tile[l->member] = CLAMP(t, 1, l->extent);
			if (cfg->tile[l->member] % cfg->latency[l->member])
				cfg->latency[l->member] =
					base->latency[l->member];
		}
		if (sy_config_validate(cfg, c, NULL) &&
			sy_model_form_covers(form, cfg))
			return TRUE;
	}
	return FALSE;
}

/* The form checked at its probe's sizes, as a form's user checks it:
 * FALSE where it differs (refused) or its class has no other sizes
 * (alone). */
static gboolean verify(
	SyModelForm *form, const SyAnalysis *a, const SyChoices *c, Tally *t)
{
	SyConfig *next;
	guint n = 0;

	while ((next = sy_model_form_next_probe(form))) {
		g_autoptr(SyConfig) cfg = next;
		g_autoptr(SyPeArray) array = NULL;
		g_autoptr(SyDesign) design = NULL;
		GError *error = NULL;

		n++;
		if ((design = sy_test_design_at(a, c, cfg, &array)) &&
			sy_model_form_check(form, design, &error))
			continue;
		g_test_message("refused on check: %s",
			error ? error->message
			      : "no design at the probe's sizes");
		g_clear_error(&error);
		t->refused++;
		return FALSE;
	}
	if (!n)
		t->alone++;
	t->probes += n;
	return n > 0;
}

/* An open size (the form does not know its design) first in a batch,
 * before the sizes the form was built at: NAN for it, and for the
 * other what the form's design set there reads (no tape can be
 * recorded at the first). */
static void open_first(
	SyModelForm *form, const SyConfig *cfg, const SyConfig *base, Tally *t)
{
	const SyConfig *both[2] = {cfg, base};
	g_autoptr(SyEstimate) e = sy_estimate_new();
	g_autoptr(SyLatencyInputs) in = NULL;
	SyFormPoint got[2];
	const SyDesign *at = sy_model_form_at(form, base);
	double cycles, p, s, x;
	int b;
	GError *error = NULL;

	g_assert_nonnull(at);
	in = sy_latency_inputs_new(at, &error);
	g_assert_no_error(error);
	cycles = sy_latency_eval(in, &sy_test_u250, &p, &s, &x, &b);
	sy_resources_estimate(at, NULL, e, &error);
	g_assert_no_error(error);
	g_assert_true(sy_model_form_points(
		form, &sy_test_u250, NULL, both, 2, got, &error));
	g_assert_no_error(error);
	t->open_first++;
	g_assert_true(isnan(got[0].cycles));
	g_assert_true(isnan(got[0].resources.v[SY_RESOURCE_DSP]));
	g_assert_cmpfloat(got[1].cycles, ==, cycles);
	for (int k = 0; k < SY_N_RESOURCES; k++)
		g_assert_cmpfloat(got[1].resources.v[k], ==, e->total.v[k]);
}

/* The form at random sizes of its class against the design built
 * there: they must agree. */
static void compare(SyModelForm *form, const SyConfig *base, gboolean divisors,
	const SyAnalysis *a, const SyChoices *c, GRand *rng, Tally *t,
	GPtrArray *sizes, GArray *points)
{
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyLatencyInputs) exact = NULL, fast = NULL;
	const SyLatencyInputs *replay;
	const SyDesign *at;
	GError *error = NULL;

	if (!(divisors ? draw_covered(form, cfg, c, rng, TRUE)
		       : draw_near(form, base, cfg, c, rng)) ||
		!(design = sy_test_design_at(a, c, cfg, &array)))
		return;
	exact = sy_latency_inputs_new(design, &error);
	g_assert_no_error(error);
	{
		g_autoptr(SyEstimate) e = sy_estimate_new();
		SyFormPoint x;
		double p, s, ep;
		int b;

		x.cycles = sy_latency_eval(
			exact, &sy_test_u250, &p, &s, &ep, &b);
		sy_resources_estimate(design, NULL, e, &error);
		g_assert_no_error(error);
		x.resources = e->total;
		g_ptr_array_add(sizes, sy_config_copy(cfg));
		g_array_append_val(points, x);
	}
	/* The tape's replay (or the read where its checks fail), where
	 * the designs the form was checked on settle its numbers. */
	replay = sy_model_form_latency(form, cfg, &error);
	if (!replay) {
		g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
		g_clear_error(&error);
		t->open++;
		open_first(form, cfg, base, t);
	} else {
		g_assert_true(sy_latency_inputs_same(replay, exact));
		sy_test_latency_same(replay, exact);
		at = sy_model_form_at(form, cfg);
		g_assert_nonnull(at);
		sy_test_resources_same(at, design);
	}
	/* Checked on the design there too: then it knows. */
	sy_model_form_check(form, design, &error);
	if (error) {
		g_autofree char *x = sy_config_to_flags(cfg, c);

		g_test_message("at %s", x);
	}
	g_assert_no_error(error);
	fast = sy_latency_inputs_new(sy_model_form_at(form, cfg), &error);
	g_assert_no_error(error);
	sy_test_latency_same(fast, exact);
	sy_test_resources_same(sy_model_form_at(form, cfg), design);
	t->compared++;
	for (guint i = 0; i < c->tilable->len; i++) {
		const SyLoopRef *l = g_ptr_array_index(c->tilable, i);

		if (l->extent % cfg->tile[l->member]) {
			t->padded++;
			break;
		}
	}
}

/* The cycles and resources of the sizes compared, all at once from
 * the form's points tape (model/form.h's sy_model_form_points): those
 * of the designs built there (==), each size twice, so that lanes of
 * one batch hold different sizes. */
static void batch_same(SyModelForm *form, const GPtrArray *sizes,
	const GArray *points, Tally *t)
{
	guint n = sizes->len;
	g_autofree const SyConfig **both = g_new(const SyConfig *, 2 * n + 1);
	g_autofree SyFormPoint *got = g_new(SyFormPoint, 2 * n + 1);
	g_autofree double *cycles = g_new(double, 2 * n + 1);
	guint64 replayed, again;
	gsize ops;
	guint tapes;
	GError *error = NULL;

	for (guint j = 0; j < 2 * n; j++)
		both[j] = g_ptr_array_index(sizes, j % n);
	sy_model_form_points_tapes(form, &tapes, &ops, &replayed);
	g_assert_true(sy_model_form_points(
		form, &sy_test_u250, NULL, both, 2 * n, got, &error));
	g_assert_no_error(error);
	for (guint j = 0; j < 2 * n; j++) {
		const SyFormPoint *x = &g_array_index(
			points, SyFormPoint, j % n);

		g_assert_cmpfloat(got[j].cycles, ==, x->cycles);
		for (int k = 0; k < SY_N_RESOURCES; k++)
			g_assert_cmpfloat(
				got[j].resources.v[k], ==, x->resources.v[k]);
	}
	sy_model_form_points_tapes(form, &tapes, &ops, &again);
	/* The cycles alone, from tapes without the resources. */
	g_assert_true(sy_model_form_cycles(
		form, &sy_test_u250, both, 2 * n, cycles, &error));
	g_assert_no_error(error);
	for (guint j = 0; j < 2 * n; j++)
		g_assert_cmpfloat(cycles[j], ==,
			g_array_index(points, SyFormPoint, j % n).cycles);
	t->batched += 2 * n;
	t->batch_held += again - replayed;
}

static void one_form(const SyAnalysis *a, const SyChoices *c, GRand *rng,
	gboolean divisors, Tally *t)
{
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyModelForm) form = NULL;
	g_autoptr(GPtrArray) sizes = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_config_free);
	g_autoptr(GArray)
		points = g_array_new(FALSE, FALSE, sizeof(SyFormPoint));
	SyDesign *design;
	GError *error = NULL;

	sy_test_config_randomize(cfg, c, rng, divisors);
	if (!(design = sy_test_design_at(a, c, cfg, &array)))
		return;
	{
		g_autofree char *x = sy_config_to_flags(cfg, c);

		g_test_message("form at %s", x);
	}
	form = sy_model_form_new(design, NULL, &error);
	if (!form) {
		g_test_message("refused: %s", error->message);
		g_clear_error(&error);
		t->refused++;
		return;
	}
	if (!verify(form, a, c, t))
		return;
	t->forms++;
	g_test_message("ambiguous numbers: %u", sy_model_form_ambiguous(form));
	/* Its tape recorded at the sizes it was built at. */
	g_assert_nonnull(sy_model_form_latency(form, cfg, &error));
	for (guint k = 0; k < SIZES; k++)
		compare(form, cfg, divisors, a, c, rng, t, sizes, points);

	{
		guint64 replayed, read;
		gsize ops;
		gboolean reads;

		sy_model_form_replays(form, &replayed, &read, &ops, &reads);
		t->reads += reads;
		t->ops = MAX(t->ops, ops);
		t->replayed += replayed - 1;
		t->read += read;
	}
	batch_same(form, sizes, points, t);
}

static void test_random(void)
{
	g_autoptr(GRand) rng = g_rand_new_with_seed(21);
	guint stride = sy_test_stride();
	/* Under valgrind two forms a dataflow (divisors, then not), of
	 * every other example: the same code on fewer sizes (all of them,
	 * since the forms take the host's launches, took 400 s there). */
	gboolean valgrind = sy_test_under_valgrind();
	guint forms = valgrind ? 2 : FORMS;
	guint n = g_strv_length((char **)sy_test_model_examples);
	Tally total = {0};

	for (guint x = 0; x < n; x += valgrind ? 2 : 1) {
		SyAnalysisOptions ao = {NULL, NULL, 2, 0, FALSE};
		g_autofree char *path = g_build_filename(
			examples_dir, sy_test_model_examples[x], NULL);
		g_autoptr(SyAnalysis)
			a = sy_analysis_new_from_file(path, &ao, NULL);
		Tally t = {0};

		g_assert_nonnull(a);
		for (guint c = x % stride; c < a->candidates->len;
			c += stride) {
			g_autoptr(SyChoices) ch = sy_choices_new(
				a, g_ptr_array_index(a->candidates, c), NULL);

			for (guint k = 0; k < forms; k++)
				one_form(a, ch, rng, k % 2 == 0, &t);
		}
		g_test_message("%s: %u forms, %u refused, %u alone in their "
			       "class, %u sizes compared",
			sy_test_model_examples[x], t.forms, t.refused, t.alone,
			t.compared);
		total.forms += t.forms;
		total.refused += t.refused;
		total.alone += t.alone;
		total.compared += t.compared;
		total.padded += t.padded;
		total.replayed += t.replayed;
		total.read += t.read;
		total.reads += t.reads;
		total.open += t.open;
		total.probes += t.probes;
		total.batched += t.batched;
		total.batch_held += t.batch_held;
		total.open_first += t.open_first;
		total.ops = MAX(total.ops, t.ops);
	}
	g_test_message("the forms' tapes: %" G_GUINT64_FORMAT
		       " sizes replayed, %" G_GUINT64_FORMAT
		       " read, %u left open by the forms' checks (%u designs "
		       "checked); %u of %u tapes read the design, the longest "
		       "has %zu operations",
		total.replayed, total.read, total.open, total.probes,
		total.reads, total.forms, total.ops);
	g_test_message("%u sizes' cycles and resources from the forms' points "
		       "tapes, side by side: %" G_GUINT64_FORMAT " replayed, "
		       "the others read; %u batches with an open size first",
		total.batched, total.batch_held, total.open_first);
	g_test_message("%u forms, %u refused, %u alone in their class, %u "
		       "sizes compared (%u with a tile that does not divide "
		       "its loop)",
		total.forms, total.refused, total.alone, total.compared,
		total.padded);
	g_assert_cmpuint(total.compared, >=, 100 * forms / FORMS / stride);
	/* Every size the full run compares is answered by the batches'
	 * tapes (other strides draw other sizes); twenty are read by
	 * sy_model_form_latency, whose single tape does not hold there
	 * (README). */
	if (stride == 1) {
		g_assert_cmpuint(total.read, ==, 20);
		g_assert_cmpuint(total.batch_held, ==, total.batched);
		g_assert_cmpuint(total.open_first, ==, 8);
	}
}

/* The form checked on a design at each of its probes: every one the
 * same, and at least one. */
static void check_probes(SyModelForm *form, const SyTestDesign *t)
{
	SyConfig *next;
	guint probes = 0;
	GError *error = NULL;

	while ((next = sy_model_form_next_probe(form))) {
		g_autoptr(SyConfig) cfg = next;
		g_autoptr(SyPeArray) array = NULL;
		g_autoptr(SyDesign) design = sy_test_design_at(
			t->analysis, t->choices, cfg, &array);

		g_assert_nonnull(design);
		g_assert_true(sy_model_form_check(form, design, &error));
		g_assert_no_error(error);
		probes++;
	}
	g_assert_cmpuint(probes, >, 0);
}

/* The form of sizes with widths moved to w (of its class or not). */
static void simd_at(
	SyModelForm *form, const SyTestDesign *t, gint64 w, gboolean covered)
{
	g_autoptr(SyConfig) cfg = sy_config_copy(t->array->config);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyLatencyInputs) exact = NULL, fast = NULL;
	const SyLatencyInputs *replay;
	GError *error = NULL;

	cfg->simd_factor = w;
	g_assert_true(sy_config_validate(cfg, t->choices, NULL));
	g_assert_cmpint(sy_model_form_covers(form, cfg), ==, covered);
	if (!covered)
		return;
	design = sy_test_design_at(t->analysis, t->choices, cfg, &array);
	g_assert_nonnull(design);
	exact = sy_latency_inputs_new(design, &error);
	g_assert_no_error(error);
	/* The tape's replay, the width one of its inputs, before the form
	 * sees the design (its probes settled every number). */
	replay = sy_model_form_latency(form, cfg, &error);
	g_assert_no_error(error);
	sy_test_latency_same(replay, exact);
	g_assert_true(sy_model_form_check(form, design, &error));
	g_assert_no_error(error);
	fast = sy_latency_inputs_new(sy_model_form_at(form, cfg), &error);
	g_assert_no_error(error);
	sy_test_latency_same(fast, exact);
	sy_test_resources_same(sy_model_form_at(form, cfg), design);
}

/* A SIMD loop below the band (mttkrp's l, 16 iterations under the band
 * i, j, k): the loop of its vectors runs 16 / width, which the form
 * re-sets.  Width 16 (one vector: isl prints no loop) and 1 (no SIMD
 * loop) are of other classes. */
static void test_simd_below(void)
{
	SyTestDesignSpec spec = {.dir = examples_dir,
		.name = "mttkrp.c",
		.space = "i",
		.tile = "i=2",
		.latency = "j=24",
		.simd = "l=4",
		.complete = TRUE};
	SyTestDesign t;
	SyModelForm *form;
	GError *error = NULL;

	sy_test_design_init(&t, &spec);
	form = sy_model_form_new(g_steal_pointer(&t.design), NULL, &error);
	g_assert_no_error(error);
	check_probes(form, &t);
	simd_at(form, &t, 2, TRUE);
	simd_at(form, &t, 8, TRUE);
	simd_at(form, &t, 16, FALSE);
	simd_at(form, &t, 1, FALSE);
	sy_model_form_free(form);
	sy_test_design_clear(&t);
}

/* Designs whose forms were refused before their code's constants were
 * understood, each checked at its probes and at other sizes of its
 * class against designs built there. */
typedef struct {
	const char *name, *space, *tile, *latency;
	const char *loop; /* a loop whose tile moves to each of tiles */
	gint64 tiles[2]; /* 0: none */
	const char *text; /* the kernel, NULL: the example name */
} Accepted;

/* A * A^T: A enters along two paths on [i, j] (A[i][k] along j, A[j][k]
 * along i), each with its DRAM port, whose widths the form must keep
 * apart; k's tiles of 4 and 2 are of the class of its tiles of 8. */
static const char aat[] = "void kernel(float A[16][24], float C[16][16]) {\n"
			  "#pragma scop\n"
			  "for (int i = 0; i < 16; i++)\n"
			  "  for (int j = 0; j < 16; j++)\n"
			  "    for (int k = 0; k < 24; k++)\n"
			  "      C[i][j] += A[i][k] * A[j][k];\n"
			  "#pragma endscop\n"
			  "}\n";

static const Accepted accepted[] = {
	/* conv: its init's latency loop is printed at the depth of its
	 * update's, below the filter's loops (leaf loops go last). */
	{"conv.c", "r", "r=1,o=8", "o=2,c=8", "o", {4, 0}, NULL},
	{"conv.c", "o,c", "o=6,c=4", "o=2,c=2,r=2", "o", {10, 0}, NULL},
	/* gemv's j (48) tiled by 42: the FIFO's last request is at the
	 * kernel's last j, 5 in the last tile, 7 with tiles of 40. */
	{"gemv.c", "i", "i=1,j=42", NULL, "j", {40, 44}, NULL},
	{"aat.c", "i,j", "i=8,j=4,k=8", "i=2", "k", {4, 2}, aat},
};

static void test_accepted(void)
{
	for (guint k = 0; k < G_N_ELEMENTS(accepted); k++) {
		const Accepted *a = &accepted[k];
		SyTestDesignSpec spec = {.dir = examples_dir,
			.name = a->name,
			.text = a->text,
			.space = a->space,
			.tile = a->tile,
			.latency = a->latency,
			.complete = TRUE};
		SyTestDesign t;
		SyModelForm *form;
		GError *error = NULL;

		sy_test_design_init(&t, &spec);
		form = sy_model_form_new(
			g_steal_pointer(&t.design), NULL, &error);
		g_assert_no_error(error);
		check_probes(form, &t);
		for (guint j = 0; j < G_N_ELEMENTS(a->tiles) && a->tiles[j];
			j++) {
			g_autoptr(SyConfig)
				cfg = sy_config_copy(t.array->config);
			g_autoptr(SyPeArray) array = NULL;
			g_autoptr(SyDesign) design = NULL;
			g_autoptr(SyLatencyInputs) exact = NULL;
			const SyLatencyInputs *replay;
			g_autofree char *tile = g_strdup_printf(
				"%s=%" G_GINT64_FORMAT, a->loop, a->tiles[j]);

			sy_test_config_apply(cfg, t.choices, tile, NULL, NULL);
			g_assert_true(sy_config_validate(cfg, t.choices, NULL));
			g_assert_true(sy_model_form_covers(form, cfg));
			design = sy_test_design_at(
				t.analysis, t.choices, cfg, &array);
			g_assert_nonnull(design);
			exact = sy_latency_inputs_new(design, &error);
			g_assert_no_error(error);
			replay = sy_model_form_latency(form, cfg, &error);
			g_assert_no_error(error);
			sy_test_latency_same(replay, exact);
			sy_test_resources_same(
				sy_model_form_at(form, cfg), design);
		}
		sy_model_form_free(form);
		sy_test_design_clear(&t);
	}
}

/* Designs whose form is refused, each for its own reason: the error
 * in full.  The coverage that is left (model/form.h); a case that gains
 * a form moves to the sweep above. */
typedef struct {
	const char *name, *space, *tile, *latency, *simd;
	const char *error;
	const char *text; /* the kernel, NULL: the example name */
} Refusal;

/* mttkrp with a second statement on the first half of l, the loop
 * below the band. */
static const char part_simd[] =
	"void kernel(float A[16][16][16], float B[16][24], "
	"float C[16][24], float D[16][24], float E[16][24]) {\n"
	"#pragma scop\n"
	"for (int i = 0; i < 16; i++)\n"
	"  for (int j = 0; j < 24; j++)\n"
	"    for (int k = 0; k < 16; k++)\n"
	"      for (int l = 0; l < 16; l++) {\n"
	"        D[i][j] += A[i][k][l] * B[k][j] * C[l][j];\n"
	"        if (l < 8)\n"
	"          E[i][j] += A[i][k][l] * B[k][j] * C[l][j];\n"
	"      }\n"
	"#pragma endscop\n"
	"}\n";

/* tests/hls/kernels/delay_outer.c: X waits M steps of j (or j's
 * tile) in the next PE's delay registers. */
static const char delay_outer[] =
	"void outer(int X[3][5], const int A[4][7][5]) {\n"
	"#pragma scop\n"
	"for (int i = 0; i < 4; i++)\n"
	"  for (int t = i; t < i + 3; t++)\n"
	"    for (int j = 0; j < 5; j++)\n"
	"      X[t - i][j] = X[t - i][j] * 3 + A[i][t][j];\n"
	"#pragma endscop\n"
	"}\n";

static const Refusal refusals[] = {
	/* trmm's triangle (k from i): a guard on two loops at once, which
	 * no tile's padding explains. */
	{"trmm.c", "i,j", "i=1,j=2", NULL, NULL,
		"form: PE: an affine guard that is not a loop's padding", NULL},
	{"trmm.c", "j", "j=4", "j=4,i=48", NULL,
		"form: PE: an affine guard that is not a loop's padding", NULL},
	/* A SIMD loop below the band whose statements run different
	 * iterations of it: a guard on its vectors for one of them. */
	{"part.c", "i", "i=2", NULL, "l=4",
		"form: a statement runs part of the SIMD loop below the band",
		part_simd},
	{"outer.c", "i", "j=2", NULL, NULL,
		"form: a PE's delay registers are as many as the steps "
		"between its points, which the fast path does not re-set",
		delay_outer},
};

static void test_refused(void)
{
	for (guint k = 0; k < G_N_ELEMENTS(refusals); k++) {
		const Refusal *r = &refusals[k];
		SyTestDesignSpec spec = {.dir = examples_dir,
			.name = r->name,
			.text = r->text,
			.space = r->space,
			.tile = r->tile,
			.latency = r->latency,
			.simd = r->simd,
			.complete = TRUE};
		SyTestDesign t;
		g_autoptr(SyModelForm) form = NULL;
		GError *error = NULL;

		sy_test_design_init(&t, &spec);
		form = sy_model_form_new(
			g_steal_pointer(&t.design), NULL, &error);
		g_assert_null(form);
		g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
		g_assert_cmpstr(error->message, ==, r->error);
		g_clear_error(&error);
		sy_test_design_clear(&t);
	}
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/form/random", test_random);
	g_test_add_func("/form/simd-below", test_simd_below);
	g_test_add_func("/form/accepted", test_accepted);
	g_test_add_func("/form/refused", test_refused);
	return g_test_run();
}
