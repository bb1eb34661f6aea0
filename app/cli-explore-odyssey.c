/* systole-cli explore --model odyssey --method exact|padding|genetic
 * (cli-explore-odyssey.h): the kernel is read as Odyssey's matrix
 * multiply or convolution (the same reading as estimate --model
 * odyssey: a band of three loops i, j, k, one statement C[i][j] +=
 * A[i][k] * B[k][j]; or of four o, r, c, i over a window p, q), its
 * sizes are the band's extents (and the window's), and Odyssey's 18
 * (30) designs are searched with Odyssey's model (dse/odyssey-search.h) on Odyssey's
 * budget: 70 % of the device's DSP and BRAM18K. */
#include <math.h>
#include <string.h>

#include "base/json-members.h"
#include "base/json-print.h"
#include "cli-explore-odyssey.h"
#include "cli.h"
#include "compute/choices.h"
#include "compute/config.h"
#include "compute/pe-array.h"
#include "dse/odyssey-search.h"
#include "dse/space.h"
#include "model/model.h"
#include "model/odyssey-design.h"
#include "model/odyssey.h"
#include "project/export.h"

/* The genetic search's seed and evaluations per design. */
#define GENETIC_SEED 1
#define GENETIC_EVALUATIONS 20000

static const char *const methods[] = {"exact", "padding", "genetic"};

static int method_index(const char *method)
{
	for (guint i = 0; i < G_N_ELEMENTS(methods); i++)
		if (!method || g_str_equal(method, methods[i]))
			return (int)i;
	return -1;
}

int cli_explore_odyssey_check(const char *model, const char *method)
{
	gboolean odyssey = model && g_str_equal(model, "odyssey");

	if (model && !odyssey && !g_str_equal(model, "systole"))
		return cli_usage_error("explore: --model takes systole or "
				       "odyssey, not '%s'",
			model);
	if (method_index(method) < 0)
		return cli_usage_error("explore: --method takes exact, "
				       "padding or genetic, not '%s'",
			method);
	if (!odyssey && method_index(method) > 0)
		return cli_usage_error(
			"explore: --method %s is Odyssey's search over "
			"Odyssey's space: add --model odyssey",
			method);
	return -1;
}

gboolean cli_explore_odyssey_wanted(const CliExploreOdyssey *o)
{
	return (o->model && g_str_equal(o->model, "odyssey")) ||
		method_index(o->method) > 0;
}

/* A tile of extent n with at least two tiles (n over its least prime
 * factor): the design then has tile loops for Odyssey's reading. */
static gint64 split_tile(gint64 n)
{
	for (gint64 p = 2; p * p <= n; p++)
		if (n % p == 0)
			return n / p;
	return 1;
}

/* The band's loop names and extents: Odyssey's i, j, k (MM) or o, r,
 * c, i (CONV, then its window). */
typedef struct {
	SyDseOdysseyKernel kernel;
	guint n;
	const char *name[4];
	gint64 size[4];
	gint64 window[2];
} Loops;

/* A design of the kernel as export builds it (each loop in two tiles
 * at least), estimated by Odyssey's model: the kernel is one Odyssey
 * reads (a convolution's window read off it).  The first candidate
 * that builds answers; else the first one's error. */
static gboolean odyssey_reads(const SyAnalysis *a, const SyAnalysisOptions *ao,
	const SyDevice *device, Loops *l, GError **error)
{
	SyEstimateOptions eo = {"odyssey", 0, 0, FALSE};
	GError *model = NULL, *build = NULL;

	for (guint i = 0; i < a->candidates->len; i++) {
		g_autoptr(SyChoices) c = sy_choices_new(
			a, g_ptr_array_index(a->candidates, i), NULL);
		g_autoptr(SyConfig) cfg = sy_config_new(c);
		g_autoptr(SyPeArray) array = NULL;
		g_autoptr(SyDesign) design = NULL;
		g_autoptr(SyEstimate) e = NULL;
		GError *err = NULL;

		for (guint m = 0; m < cfg->n_members; m++)
			cfg->tile[m] = split_tile(sy_dse_space_extent(c, m));
		array = sy_pe_array_new(c, cfg, &err);
		if (array)
			design = sy_design_new(array, NULL, &err);
		if (design && sy_export_complete(design, ao, &err) &&
			(e = sy_design_estimate(design, device, &eo, &err))) {
			g_clear_error(&model);
			g_clear_error(&build);
			if (l->kernel == SY_DSE_ODYSSEY_CONV)
				sy_odyssey_design_window(design, l->window);
			return TRUE;
		}
		/* Odyssey's refusal says what it reads: it comes first. */
		if (design && !model && err && err->domain == SY_ODYSSEY_ERROR)
			model = g_steal_pointer(&err);
		else if (!build && err)
			build = g_steal_pointer(&err);
		g_clear_error(&err);
	}
	if (model) {
		g_clear_error(&build);
		g_propagate_prefixed_error(
			error, model, "explore --model odyssey: ");
	} else if (build) {
		g_propagate_prefixed_error(error, build,
			"explore --model odyssey: no dataflow of the kernel "
			"builds to be read as Odyssey's matrix multiply or "
			"convolution: ");
	} else {
		g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_DESIGN,
			"explore --model odyssey: the kernel has no dataflow");
	}
	return FALSE;
}

static gboolean loops_of(const SyAnalysis *a, Loops *l, GError **error)
{
	g_autoptr(SyChoices) c = NULL;

	l->n = a->band->n_members;
	if (l->n != 3 && l->n != 4) {
		g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_DESIGN,
			"explore --model odyssey searches Odyssey's "
			"matrix-multiply designs (a band of three loops i, j, "
			"k, C[i][j] += A[i][k] * B[k][j]) and convolution "
			"designs (a band of four loops o, r, c, i over a "
			"window p, q, out[o][r][c] += in[i][r + p][c + q] * "
			"w[o][i][p][q]); this kernel's band has %u loops",
			l->n);
		return FALSE;
	}
	l->kernel = l->n == 4 ? SY_DSE_ODYSSEY_CONV : SY_DSE_ODYSSEY_MM;
	c = sy_choices_new(a, g_ptr_array_index(a->candidates, 0), NULL);
	for (guint m = 0; m < l->n; m++) {
		l->name[m] = a->band->members[m].name;
		l->size[m] = sy_dse_space_extent(c, m);
	}
	return TRUE;
}

static guint dataflows_of(const Loops *l)
{
	return l->kernel == SY_DSE_ODYSSEY_CONV ? 10 : 6;
}

/* Odyssey's dataflow d's space loops, "i,j". */
static char *dataflow_text(const Loops *l, guint d)
{
	static const int mm[6][2] = {
		{0, -1}, {1, -1}, {2, -1}, {0, 1}, {0, 2}, {1, 2}};
	gboolean conv = l->kernel == SY_DSE_ODYSSEY_CONV;
	int s0 = conv ? sy_odyssey_conv_space(d, 0) : mm[d][0];
	int s1 = conv ? sy_odyssey_conv_space(d, 1) : mm[d][1];

	if (s1 < 0)
		return g_strdup(l->name[s0]);
	return g_strdup_printf("%s,%s", l->name[s0], l->name[s1]);
}

/* Odyssey's tile order p, "i,k,j". */
static char *order_text(const Loops *l, guint p)
{
	static const int mm[3][3] = {{0, 2, 1}, {2, 1, 0}, {0, 1, 2}};
	GString *s = g_string_new(NULL);

	for (guint k = 0; k < l->n; k++)
		g_string_append_printf(s, "%s%s", k ? "," : "",
			l->name[l->kernel == SY_DSE_ODYSSEY_CONV
					? sy_odyssey_conv_order(p, (int)k)
					: mm[p][k]]);
	return g_string_free(s, FALSE);
}

/* The dataflows --space keeps (a bit each); FALSE (error set) for one
 * Odyssey has not. */
static gboolean dataflow_mask(const CliExploreOdyssey *o, const Loops *l,
	guint *dmask, GError **error)
{
	g_auto(GStrv) spaces = o->space ? g_strsplit(o->space, ";", -1) : NULL;
	guint nd = dataflows_of(l);

	*dmask = spaces ? 0 : (1u << nd) - 1;
	for (guint i = 0; spaces && spaces[i]; i++) {
		guint before = *dmask;
		g_autoptr(GString) all = g_string_new(NULL);

		for (guint d = 0; d < nd; d++) {
			g_autofree char *t = dataflow_text(l, d);

			if (g_str_equal(g_strstrip(spaces[i]), t))
				*dmask |= 1u << d;
			g_string_append_printf(all, "%s%s", d ? "; " : "", t);
		}
		if (*dmask == before) {
			g_set_error(error, SY_ODYSSEY_ERROR,
				SY_ODYSSEY_ERROR_DESIGN,
				"explore --model odyssey: no Odyssey dataflow "
				"has space loops '%s' (it has %s)",
				spaces[i], all->str);
			return FALSE;
		}
	}
	return TRUE;
}

/* The designs --space and --tile-order keep (bits 3 d + p). */
static gboolean designs_of(const CliExploreOdyssey *o, const Loops *l,
	guint *designs, GError **error)
{
	guint dmask, pmask = o->order ? 0 : 7;

	if (!dataflow_mask(o, l, &dmask, error))
		return FALSE;
	for (guint p = 0; o->order && p < 3; p++) {
		g_autofree char *t = order_text(l, p);

		if (g_str_equal(o->order, t))
			pmask |= 1u << p;
	}
	if (!pmask) {
		g_autofree char *o0 = order_text(l, 0), *o1 = order_text(l, 1),
				*o2 = order_text(l, 2);

		g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_DESIGN,
			"explore --model odyssey: Odyssey's tile orders are "
			"%s, %s and %s, not '%s'",
			o0, o1, o2, o->order);
		return FALSE;
	}
	*designs = 0;
	for (guint d = 0; d < dataflows_of(l); d++)
		for (guint p = 0; p < 3; p++)
			if (dmask & (1u << d) && pmask & (1u << p))
				*designs |= 1u << (3 * d + p);
	return TRUE;
}

typedef SyDseOdysseyResult *(*Method)(const SyDseOdysseyOptions *, GError **);

static void member_double(JsonBuilder *b, const char *name, double v)
{
	json_builder_set_member_name(b, name);
	json_builder_add_double_value(b, v);
}

static void json_sizes(JsonBuilder *b, const char *name, const Loops *l,
	const gint64 *v, guint n)
{
	json_builder_set_member_name(b, name);
	json_builder_begin_object(b);
	for (guint m = 0; m < n; m++)
		sy_json_member_int(b, l->name[m], v[m]);
	json_builder_end_object(b);
}

static void json_design(
	JsonBuilder *b, const SyDseOdysseyDesign *d, const Loops *l)
{
	g_autofree char *sa = sy_dse_odyssey_sa_sizes(l->kernel, d);
	g_autofree char *name = sy_dse_odyssey_design_name(d);
	g_autofree char *dataflow = dataflow_text(l, d->dataflow);
	g_autofree char *order = order_text(l, d->order);
	g_autofree char *simd = g_strdup_printf(
		"%s=%" G_GINT64_FORMAT, l->name[l->n - 1], d->t2[l->n - 1]);

	json_builder_begin_object(b);
	member_double(b, "cycles", d->cycles);
	sy_json_member_str(b, "sa_sizes", sa);
	sy_json_member_str(b, "design", name);
	sy_json_member_str(b, "dataflow", dataflow);
	sy_json_member_str(b, "tile_order", order);
	json_sizes(b, "tiles", l, d->t1, l->n);
	json_sizes(b, "padded", l, d->padded, l->n);
	json_sizes(b, "latency", l, d->t2, l->n - 1);
	sy_json_member_str(b, "simd", simd);
	member_double(b, "dsp", d->dsp);
	member_double(b, "bram18k", d->bram18k);
	json_builder_end_object(b);
}

typedef struct {
	const CliExploreOdyssey *o;
	const Loops *l;
	const char *method;
	const SyDseOdysseyResult *res;
	double exact; /* the exact optimum where it ran too, else NAN */
} Report;

/* The answer as JSON (every format is printed from it). */
static JsonNode *to_json(const Report *r)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	const SyDseOdysseyStats *st = &r->res->stats;
	gboolean conv = r->l->kernel == SY_DSE_ODYSSEY_CONV;

	json_builder_begin_object(b);
	sy_json_member_str(b, "device", r->o->device ? r->o->device : "u250");
	member_double(b, "budget", 0.7);
	sy_json_member_str(b, "model", "odyssey");
	sy_json_member_str(b, "method", r->method);
	sy_json_member_str(b, "kernel", conv ? "conv" : "mm");
	json_sizes(b, "sizes", r->l, r->l->size, r->l->n);
	if (conv) {
		json_builder_set_member_name(b, "window");
		json_builder_begin_array(b);
		for (int w = 0; w < 2; w++)
			json_builder_add_int_value(b, r->l->window[w]);
		json_builder_end_array(b);
	}
	json_builder_set_member_name(b, "search");
	json_builder_begin_object(b);
	sy_json_member_bool(b, "complete", TRUE);
	sy_json_member_bool(b, "proven", g_str_equal(r->method, "exact"));
	sy_json_member_int(b, "points", (gint64)st->points);
	sy_json_member_int(b, "evaluated", (gint64)st->evaluated);
	sy_json_member_int(b, "feasible", (gint64)st->feasible);
	sy_json_member_int(b, "pruned", (gint64)st->pruned);
	json_builder_end_object(b);
	if (!isnan(r->exact) && r->res->best->len) {
		double best = g_array_index(r->res->best, SyDseOdysseyDesign, 0)
				      .cycles;

		member_double(b, "exact_cycles", r->exact);
		member_double(
			b, "gap_percent", (best - r->exact) / r->exact * 100);
	}
	json_builder_set_member_name(b, "best");
	json_builder_begin_array(b);
	for (guint i = 0; i < r->res->best->len; i++)
		json_design(b,
			&g_array_index(r->res->best, SyDseOdysseyDesign, i),
			r->l);
	json_builder_end_array(b);
	json_builder_end_object(b);
	return json_builder_get_root(b);
}

static gboolean refuse_systole_options(
	const CliExploreOdyssey *o, GError **error)
{
	const char *which = o->pad_set ? "--pad"
		: o->time_limit_set    ? "--time-limit"
				       : NULL;

	if (!which)
		return TRUE;
	g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_PARAMS,
		"explore --model odyssey: %s is for Systole's space; "
		"Odyssey's pads i and j (o, r and c) its own way (every "
		"padded size) and its exact search runs to the end",
		which);
	return FALSE;
}

char *cli_explore_odyssey(const CliExploreOdyssey *o, GError **error)
{
	static const Method run[] = {sy_dse_odyssey_search,
		sy_dse_odyssey_padding, sy_dse_odyssey_genetic};
	g_autoptr(SyAnalysis) a = NULL;
	g_autoptr(SyDevice) device = NULL;
	g_autoptr(SyDseOdysseyResult) res = NULL;
	g_autoptr(JsonNode) root = NULL;
	SyDseOdysseyOptions so = {.top = o->top,
		.threads = o->threads,
		.seed = GENETIC_SEED,
		.evaluations = GENETIC_EVALUATIONS};
	int m = method_index(o->method);
	Loops l = {0};
	Report r = {o, &l, methods[m], NULL, NAN};

	if (!refuse_systole_options(o, error))
		return NULL;
	if (!(a = sy_analysis_new_from_file(o->path, &o->ao, error)))
		return NULL;
	if (!(device = sy_device_load(o->device ? o->device : "u250", error)))
		return NULL;
	if (!loops_of(a, &l, error) ||
		!odyssey_reads(a, &o->ao, device, &l, error))
		return NULL;
	if (!designs_of(o, &l, &so.designs, error))
		return NULL;
	so.kernel = l.kernel;
	memcpy(so.size, l.size, sizeof(so.size));
	memcpy(so.window, l.window, sizeof(so.window));
	so.dsp = (double)device->dsp * 0.7;
	so.bram18k = (double)device->bram36 * 2 * 0.7;
	if (!(res = run[m](&so, error)))
		return NULL;
	if (res->stats.violations)
		g_printerr("systole-cli: warning: %" G_GUINT64_FORMAT
			   " points evaluated under their bound: the result "
			   "may not be optimal (a bug in Systole)\n",
			res->stats.violations);
	if (m > 0) {
		g_autoptr(SyDseOdysseyResult)
			exact = sy_dse_odyssey_search(&so, error);

		if (!exact)
			return NULL;
		if (exact->best->len)
			r.exact = g_array_index(
				exact->best, SyDseOdysseyDesign, 0)
					  .cycles;
	}
	r.res = res;
	root = to_json(&r);
	return cli_explore_odyssey_print(root,
		o->json          ? CLI_EXPLORE_JSON
			: o->csv ? CLI_EXPLORE_CSV
				 : CLI_EXPLORE_TEXT,
		res->stats.seconds);
}
