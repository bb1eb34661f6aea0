/* systole-cli explore: the designs of least latency by Systole's model
 * among every point of the kernel's design space that export builds
 * and that fits the device's budget, proven so (core/dse/search.h). */
#include <math.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "base/json-members.h"
#include "base/json-print.h"
#include "cli-explore-odyssey.h"
#include "cli.h"
#include "dse/search.h"
#include "dse/space.h"
#include "model/device.h"
#include "model/fit.h"

typedef struct {
	CliOptions common;
	char *space, *order, *device, *output;
	char *model, *method; /* cli-explore-odyssey.h */
	char *top_text, *threads_text, *time_text, *pad_text;
	char *budget_text, *objective_text, *shard_text;
	gboolean csv, force, quiet, pareto;
	gint64 top, threads, time_limit, pad;
	double budget[SY_N_RESOURCES]; /* fractions, from budget_text */
	SyDseObjective objective;
	double weights[3];
	guint shard, n_shards; /* 0 0: no --shard */
} Explore;

static void explore_clear(Explore *o)
{
	cli_options_clear(&o->common);
	g_free(o->space);
	g_free(o->order);
	g_free(o->device);
	g_free(o->output);
	g_free(o->model);
	g_free(o->method);
	g_free(o->top_text);
	g_free(o->threads_text);
	g_free(o->time_text);
	g_free(o->pad_text);
	g_free(o->budget_text);
	g_free(o->objective_text);
	g_free(o->shard_text);
}

/* The kernel analysed again, for a thread of its own. */
typedef struct {
	const char *path;
	SyAnalysisOptions ao;
} Kernel;

static SyAnalysis *kernel_new(gpointer data, GError **error)
{
	const Kernel *k = data;

	return sy_analysis_new_from_file(k->path, &k->ao, error);
}

static void progress(const SyDseStats *st, gpointer data)
{
	g_autofree char *gap = st->gap < 0
		? g_strdup("gap ?")
		: g_strdup_printf("gap %.2f %%", st->gap);
	g_autofree char *eta = st->eta < 0
		? g_strdup("ETA ?")
		: g_strdup_printf("ETA %.0f s", st->eta);

	(void)data;
	g_printerr(
		"explore: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
		" points: %" G_GUINT64_FORMAT " evaluated (%" G_GUINT64_FORMAT
		" by forms), %" G_GUINT64_FORMAT " pruned, %" G_GUINT64_FORMAT
		" refused; best %.6g, %s; %.1f s, %s\n",
		st->evaluated + st->pruned + st->refused, st->points,
		st->evaluated, st->fast, st->pruned, st->refused, st->incumbent,
		gap, st->seconds, eta);
}

/* One design, with what it takes to print it. */
typedef struct {
	const SyDseDesign *d;
	const SyChoices *c;
	char *dataflow, *order, *simd;
	char *sa_sizes, *flags, *command;
} Row;

/* The export command: the file, its -D and -I, the sizes as flags. */
static char *command_of(const Explore *o, const char *path, const char *flags)
{
	GString *s = g_string_new("systole-cli export ");
	g_autofree char *quoted = g_shell_quote(path);

	g_string_append(s, quoted);
	for (guint i = 0; o->common.defines && o->common.defines[i]; i++) {
		g_autofree char *q = g_shell_quote(o->common.defines[i]);

		g_string_append_printf(s, " -D %s", q);
	}
	for (guint i = 0; o->common.include_dirs && o->common.include_dirs[i];
		i++) {
		g_autofree char *q = g_shell_quote(o->common.include_dirs[i]);

		g_string_append_printf(s, " -I %s", q);
	}
	if (o->common.max_dims_text)
		g_string_append_printf(s, " --max-dims %d", o->common.max_dims);
	g_string_append_printf(s, " %s --device %s -o project", flags,
		o->device ? o->device : "u250");
	return g_string_free(s, FALSE);
}

static void row_init(Row *r, const SyDseDesign *d, const SyChoices *c,
	const Explore *o, const char *path)
{
	const SyConfig *cfg = d->config;

	r->d = d;
	r->c = c;
	r->dataflow = sy_config_to_space(c);
	r->order = sy_choices_order_text(c, cfg->order, ",");
	r->simd = sy_config_to_simd(cfg, c);
	r->sa_sizes = sy_config_to_sa_sizes(cfg, c);
	r->flags = sy_config_to_flags(cfg, c);
	r->command = command_of(o, path, r->flags);
}

static void row_clear(Row *r)
{
	g_free(r->dataflow);
	g_free(r->order);
	g_free(r->simd);
	g_free(r->sa_sizes);
	g_free(r->flags);
	g_free(r->command);
}

static void member_double(JsonBuilder *b, const char *name, double v)
{
	json_builder_set_member_name(b, name);
	json_builder_add_double_value(b, v);
}

static void json_sizes(
	JsonBuilder *b, const char *name, const SyBand *band, const gint64 *v)
{
	json_builder_set_member_name(b, name);
	json_builder_begin_object(b);
	for (guint m = 0; m < band->n_members; m++)
		sy_json_member_int(b, band->members[m].name, v[m]);
	json_builder_end_object(b);
}

/* The point as numbers whose order (lexicographic) is
 * sy_dse_point_compare's: what merge sorts by. */
static void json_point(JsonBuilder *b, const SyConfig *cfg)
{
	guint n = cfg->n_members;

	json_builder_set_member_name(b, "point");
	json_builder_begin_array(b);
	json_builder_add_int_value(b, cfg->candidate);
	for (guint m = 0; m < n; m++)
		json_builder_add_int_value(b, cfg->order[m]);
	for (guint m = 0; m < n; m++)
		json_builder_add_int_value(b, cfg->tile[m]);
	for (guint m = 0; m < n; m++)
		json_builder_add_int_value(b, cfg->latency[m]);
	json_builder_add_int_value(b, cfg->simd);
	json_builder_add_int_value(b, cfg->simd_factor);
	json_builder_end_array(b);
}

static void json_row(JsonBuilder *b, const Row *r)
{
	const SyBand *band = r->c->analysis->band;
	const SyConfig *cfg = r->d->config;
	g_autofree gint64 *padded = g_new(gint64, band->n_members);

	for (guint m = 0; m < band->n_members; m++)
		padded[m] = sy_dse_space_padded(r->c, cfg, m);
	json_builder_begin_object(b);
	member_double(b, "cycles", r->d->cycles);
	sy_json_member_str(b, "sa_sizes", r->sa_sizes);
	sy_json_member_int(b, "candidate", cfg->candidate);
	sy_json_member_str(b, "dataflow", r->dataflow);
	sy_json_member_str(b, "tile_order", r->order);
	json_sizes(b, "tiles", band, cfg->tile);
	json_sizes(b, "padded", band, padded);
	json_sizes(b, "latency", band, cfg->latency);
	sy_json_member_str(b, "simd", r->simd);
	for (int k = 0; k < SY_N_RESOURCES; k++)
		member_double(b, sy_resource_name(k), r->d->resources.v[k]);
	sy_json_member_bool(b, "fast", r->d->fast);
	sy_json_member_str(b, "flags", r->flags);
	sy_json_member_str(b, "export", r->command);
	member_double(b, "score", r->d->score);
	if (!isnan(r->d->offchip_bytes))
		member_double(b, "offchip_bytes", r->d->offchip_bytes);
	json_point(b, cfg);
	json_builder_end_object(b);
}

static void json_stats(JsonBuilder *b, const SyDseResult *res)
{
	const SyDseStats *st = &res->stats;

	json_builder_set_member_name(b, "search");
	json_builder_begin_object(b);
	sy_json_member_bool(b, "complete", res->complete);
	sy_json_member_int(b, "points", (gint64)st->points);
	sy_json_member_int(b, "classes", (gint64)st->classes);
	sy_json_member_int(b, "forms", (gint64)st->forms);
	sy_json_member_int(b, "designs", (gint64)st->designs);
	sy_json_member_int(b, "evaluated", (gint64)st->evaluated);
	sy_json_member_int(b, "fast", (gint64)st->fast);
	sy_json_member_int(b, "exact", (gint64)st->exact);
	sy_json_member_int(b, "pruned", (gint64)st->pruned);
	sy_json_member_int(b, "refused", (gint64)st->refused);
	sy_json_member_int(b, "over_budget", (gint64)st->over_budget);
	sy_json_member_int(b, "ii_pruned", (gint64)st->ii_pruned);
	member_double(b, "gap", st->gap);
	json_builder_end_object(b);
}

static const char *const objective_names[] = {
	"latency", "throughput-per-dsp", "traffic", "mix"};

/* "latency", or "mix:1,0.5,0" with the weights. */
static char *objective_text(const Explore *o)
{
	if (o->objective != SY_DSE_MIX)
		return g_strdup(objective_names[o->objective]);
	return g_strdup_printf("mix:%.15g,%.15g,%.15g", o->weights[0],
		o->weights[1], o->weights[2]);
}

/* The options that change the search's answer, in one fixed form: the
 * identity of a search whose parts merge combines. */
static char *explore_options(const Explore *o)
{
	GString *s = g_string_new(NULL);
	g_autofree char *objective = objective_text(o);

	for (guint i = 0; o->common.defines && o->common.defines[i]; i++)
		g_string_append_printf(s, "-D %s ", o->common.defines[i]);
	for (guint i = 0; o->common.include_dirs && o->common.include_dirs[i];
		i++)
		g_string_append_printf(s, "-I %s ", o->common.include_dirs[i]);
	g_string_append_printf(s,
		"--max-dims %d --space %s --tile-order %s "
		"--pad %" G_GINT64_FORMAT " --device %s "
		"--budget ",
		o->common.max_dims, o->space ? o->space : "*",
		o->order ? o->order : "*", o->pad,
		o->device ? o->device : "u250");
	for (int k = 0; k < SY_N_RESOURCES; k++)
		g_string_append_printf(s, "%s%s=%.15g", k ? "," : "",
			sy_resource_name(k), o->budget[k]);
	g_string_append_printf(s,
		" --objective %s --top %" G_GINT64_FORMAT "%s", objective,
		o->top, o->pareto ? " --pareto" : "");
	return g_string_free(s, FALSE);
}

/* The budget: "budget" the one fraction of every resource (the least
 * where they differ), "budget_per_resource" each. */
static void json_budget(JsonBuilder *b, const Explore *o)
{
	double least = o->budget[0];

	for (int k = 1; k < SY_N_RESOURCES; k++)
		least = MIN(least, o->budget[k]);
	member_double(b, "budget", least);
	json_builder_set_member_name(b, "budget_per_resource");
	json_builder_begin_object(b);
	for (int k = 0; k < SY_N_RESOURCES; k++)
		member_double(b, sy_resource_name(k), o->budget[k]);
	json_builder_end_object(b);
}

static void json_rows(JsonBuilder *b, const char *name, Row *rows, guint n)
{
	json_builder_set_member_name(b, name);
	json_builder_begin_array(b);
	for (guint i = 0; i < n; i++)
		json_row(b, &rows[i]);
	json_builder_end_array(b);
}

/* The search's identity: its kernel's text and every option that
 * changes its answer; merge refuses parts of different ones. */
static void json_shard(JsonBuilder *b, const Explore *o, const char *path)
{
	g_autoptr(GChecksum) sum = g_checksum_new(G_CHECKSUM_SHA256);
	g_autofree char *text = NULL;
	g_autofree char *dev = NULL;
	gsize len = 0;
	g_autofree char *options = explore_options(o);

	if (g_file_get_contents(path, &text, &len, NULL))
		g_checksum_update(sum, (const guchar *)text, (gssize)len);
	g_checksum_update(sum, (const guchar *)"\n", 1);
	g_checksum_update(sum, (const guchar *)options, -1);
	/* A profile FILE's numbers, not only its name. */
	if (o->device && g_file_get_contents(o->device, &dev, &len, NULL))
		g_checksum_update(sum, (const guchar *)dev, (gssize)len);
	json_builder_set_member_name(b, "shard");
	json_builder_begin_object(b);
	sy_json_member_int(b, "index", o->shard);
	sy_json_member_int(b, "count", o->n_shards);
	sy_json_member_int(b, "top", o->top);
	sy_json_member_str(b, "kernel", path);
	sy_json_member_str(b, "options", options);
	sy_json_member_str(b, "space_id", g_checksum_get_string(sum));
	json_builder_end_object(b);
}

static JsonNode *to_json(const Explore *o, const char *path,
	const SyDseResult *res, Row *rows, Row *front)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autofree char *objective = objective_text(o);

	json_builder_begin_object(b);
	sy_json_member_str(b, "device", o->device ? o->device : "u250");
	json_budget(b, o);
	sy_json_member_str(b, "objective", objective);
	if (o->n_shards)
		json_shard(b, o, path);
	json_stats(b, res);
	json_rows(b, "best", rows, res->best->len);
	if (o->pareto)
		json_rows(b, "pareto", front, res->pareto->len);
	json_builder_end_object(b);
	return json_builder_get_root(b);
}

/* The dataflows asked for: --space's, else every one. */
static GArray *candidates_of(
	const SyAnalysis *a, const char *space, GError **error)
{
	GArray *ids = g_array_new(FALSE, FALSE, sizeof(guint));
	g_auto(GStrv) names = space ? g_strsplit(space, ";", -1) : NULL;

	for (guint i = 0; names && names[i]; i++) {
		int id = sy_config_find_space(a, g_strstrip(names[i]), error);
		guint u = (guint)id;

		if (id < 0) {
			g_array_unref(ids);
			return NULL;
		}
		g_array_append_val(ids, u);
	}
	for (guint i = 0; !names && i < a->candidates->len; i++)
		g_array_append_val(ids, i);
	return ids;
}

/* The rows of designs, their choices into choices. */
static Row *rows_new(const Explore *o, const char *path, const SyAnalysis *a,
	const GPtrArray *designs, GPtrArray *choices)
{
	Row *rows = g_new0(Row, designs->len + 1);

	for (guint i = 0; i < designs->len; i++) {
		const SyDseDesign *d = g_ptr_array_index(designs, i);
		SyChoices *c = sy_choices_new(a,
			g_ptr_array_index(a->candidates, d->config->candidate),
			NULL);

		g_ptr_array_add(choices, c);
		row_init(&rows[i], d, c, o, path);
	}
	return rows;
}

static void rows_free(Row *rows, guint n)
{
	for (guint i = 0; i < n; i++)
		row_clear(&rows[i]);
	g_free(rows);
}

/* Every format is printed from the JSON (cli-explore-out.c), the one
 * merge prints too. */
static char *report(const Explore *o, const char *path, const SyAnalysis *a,
	const SyDseResult *res)
{
	g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_choices_free);
	Row *rows = rows_new(o, path, a, res->best, choices);
	Row *front = rows_new(o, path, a, res->pareto, choices);
	g_autoptr(JsonNode) root = to_json(o, path, res, rows, front);
	CliExploreFormat format = o->common.json ? CLI_EXPLORE_JSON
		: o->csv                         ? CLI_EXPLORE_CSV
						 : CLI_EXPLORE_TEXT;

	rows_free(rows, res->best->len);
	rows_free(front, res->pareto->len);
	return cli_explore_print(root, format, res->stats.seconds);
}

/* The search on a thread of its own, so that this one can wait for
 * Ctrl-C in a main context and cancel it: the one way a search stops
 * early, as the explorer's Cancel does. */
typedef struct {
	SyAnalysis *first; /* taken by the search */
	Kernel *kernel;
	const GArray *ids;
	const SyDevice *device;
	const SyDseOptions *options;
	GCancellable *cancellable;
	GMainContext *context; /* woken once the search ends */
	SyDseResult *result;
	GError *error;
	gint done;
} Search;

static gpointer search_main(gpointer data)
{
	Search *s = data;

	s->result = sy_dse_search_cancellable(s->first, kernel_new, s->kernel,
		s->ids, s->device, s->options, s->cancellable, &s->error);
	g_atomic_int_set(&s->done, 1);
	g_main_context_wakeup(s->context);
	return NULL;
}

/* Ctrl-C: the search stops with the best found.  The source goes (the
 * context holds its one reference), and with it GLib's handler: a
 * second Ctrl-C kills. */
static gboolean on_sigint(gpointer cancellable)
{
	g_cancellable_cancel(cancellable);
	return G_SOURCE_REMOVE;
}

/* s's search, cancelled by SIGINT while it runs. */
static __isl_give SyDseResult *search_interruptible(Search *s)
{
	g_autoptr(GMainContext) context = g_main_context_new();
	GSource *sigint = g_unix_signal_source_new(SIGINT);
	GThread *thread;

	s->context = context;
	g_source_set_callback(sigint, on_sigint, s->cancellable, NULL);
	g_source_attach(sigint, context);
	g_source_unref(sigint);
	thread = g_thread_new("explore", search_main, s);
	while (!g_atomic_int_get(&s->done))
		g_main_context_iteration(context, TRUE);
	g_thread_join(thread);
	/* context's last reference: the source, if still there, goes. */
	return s->result;
}

/* Systole's search; *interrupted where Ctrl-C stopped it before the
 * end (what it found is printed all the same). */
static char *run(const char *path, const Explore *o, gboolean *interrupted,
	GError **error)
{
	Kernel k = {path, cli_analysis_options(&o->common)};
	g_autoptr(SyAnalysis) a = kernel_new(&k, error);
	g_autoptr(SyDevice) device = NULL;
	g_autoptr(GArray) ids = NULL;
	g_autoptr(SyDseResult) res = NULL;
	g_autoptr(GCancellable) cancellable = g_cancellable_new();
	SyDseOptions so = {
		.analysis_options = &k.ao,
		.order = o->order,
		.pad = o->pad,
		.top = (guint)o->top,
		.threads = (guint)o->threads,
		.time_limit = (double)o->time_limit,
		.progress = o->quiet ? NULL : progress,
		.objective = o->objective,
		.pareto = o->pareto,
		.shard = o->shard,
		.n_shards = o->n_shards,
	};
	Search s = {.kernel = &k, .options = &so, .cancellable = cancellable};

	if (!a || !(ids = candidates_of(a, o->space, error)))
		return NULL;
	if (!(device = sy_device_load(o->device ? o->device : "u250", error)))
		return NULL;
	if (!(s.first = kernel_new(&k, error)))
		return NULL;
	memcpy(so.budget, o->budget, sizeof(so.budget));
	memcpy(so.weights, o->weights, sizeof(so.weights));
	s.ids = ids;
	s.device = device;
	if (!(res = search_interruptible(&s))) {
		g_propagate_error(error, s.error);
		return NULL;
	}
	*interrupted = !res->complete &&
		g_cancellable_is_cancelled(cancellable);
	if (res->stats.violations)
		g_printerr("systole-cli: warning: %" G_GUINT64_FORMAT
			   " points evaluated under their bound: the result "
			   "may not be optimal (a bug in Systole)\n",
			res->stats.violations);
	return report(o, path, a, res);
}

/* --model odyssey and --method (cli-explore-odyssey.c), else
 * Systole's search. */
static char *run_model(const char *path, const Explore *o,
	gboolean *interrupted, GError **error)
{
	CliExploreOdyssey x = {path, cli_analysis_options(&o->common), o->model,
		o->method, o->device, o->space, o->order, o->pad_text != NULL,
		o->time_text != NULL, (guint)o->top, (guint)o->threads,
		o->common.json, o->csv};

	if (cli_explore_odyssey_wanted(&x))
		return cli_explore_odyssey(&x, error);
	return run(path, o, interrupted, error);
}

/* A fraction of a resource in (0, 1]; FALSE where text is none. */
static gboolean fraction(const char *text, double *v)
{
	char *end = NULL;

	*v = g_ascii_strtod(text, &end);
	return end != text && !*end && *v > 0 && *v <= 1;
}

/* The resource that name names ("bram" is bram18k), -1 where none. */
static int resource_of(const char *name)
{
	if (!strcmp(name, "bram"))
		return SY_RESOURCE_BRAM18K;
	for (int k = 0; k < SY_N_RESOURCES; k++)
		if (!strcmp(name, sy_resource_name(k)))
			return k;
	return -1;
}

/* --budget F, or R=F,... (the others SY_DEVICE_BUDGET). */
static int budget_of(Explore *o)
{
	g_auto(GStrv) items = NULL;
	double f;

	for (int k = 0; k < SY_N_RESOURCES; k++)
		o->budget[k] = SY_DEVICE_BUDGET;
	if (!o->budget_text)
		return -1;
	if (!strchr(o->budget_text, '=')) {
		if (!fraction(o->budget_text, &f))
			return cli_usage_error(
				"explore: --budget %s: expected a fraction of "
				"each resource above 0 and at most 1 (0.7), or "
				"RESOURCE=FRACTION,... (dsp=0.8,bram=0.6)",
				o->budget_text);
		for (int k = 0; k < SY_N_RESOURCES; k++)
			o->budget[k] = f;
		return -1;
	}
	items = g_strsplit(o->budget_text, ",", -1);
	for (guint i = 0; items[i]; i++) {
		char *eq = strchr(items[i], '=');
		int r;

		if (eq)
			*eq = 0;
		r = resource_of(items[i]);
		if (r < 0 || !eq)
			return cli_usage_error(
				"explore: --budget: '%s' is not "
				"RESOURCE=FRACTION "
				"of a resource; the resources are dsp, bram "
				"(bram18k), uram, lut, ff (dsp=0.8,bram=0.6)",
				items[i]);
		if (!fraction(eq + 1, &f))
			return cli_usage_error(
				"explore: --budget %s=%s: expected a fraction "
				"above 0 and at most 1",
				items[i], eq + 1);
		o->budget[r] = f;
	}
	return -1;
}

/* --objective latency|throughput-per-dsp|traffic|mix:W1,W2,W3. */
static int objective_of(Explore *o)
{
	const char *t = o->objective_text;
	g_auto(GStrv) w = NULL;
	guint n;

	o->objective = SY_DSE_LATENCY;
	if (!t)
		return -1;
	for (guint k = 0; k < G_N_ELEMENTS(objective_names) - 1; k++)
		if (!strcmp(t, objective_names[k])) {
			o->objective = (SyDseObjective)k;
			return -1;
		}
	if (!g_str_has_prefix(t, "mix:"))
		return cli_usage_error("explore: --objective %s: expected "
				       "latency, throughput-per-dsp, traffic "
				       "or mix:W1,W2,W3 (weights of latency, "
				       "DSPs and traffic, as mix:1,0.5,0)",
			t);
	w = g_strsplit(t + 4, ",", -1);
	n = g_strv_length(w);
	for (guint k = 0; k < n && k < 3; k++) {
		char *end = NULL;

		o->weights[k] = g_ascii_strtod(w[k], &end);
		if (end == w[k] || *end || !(o->weights[k] >= 0) ||
			!isfinite(o->weights[k]))
			n = 0;
	}
	if (n != 3 || o->weights[0] + o->weights[1] + o->weights[2] <= 0)
		return cli_usage_error(
			"explore: --objective %s: mix takes three weights "
			"W1,W2,W3 >= 0, not all 0, of latency, DSPs and "
			"traffic (mix:1,0.5,0)",
			t);
	o->objective = SY_DSE_MIX;
	return -1;
}

/* --shard I/N: 0 <= I < N <= 10000. */
static int shard_of(Explore *o)
{
	gint64 i, n;
	g_auto(GStrv) parts = g_strsplit(o->shard_text, "/", -1);

	if (g_strv_length(parts) != 2 ||
		!g_ascii_string_to_signed(parts[1], 10, 1, 10000, &n, NULL) ||
		!g_ascii_string_to_signed(parts[0], 10, 0, n - 1, &i, NULL))
		return cli_usage_error(
			"explore: --shard %s: expected I/N, part I of N from "
			"0 to N - 1, N from 1 to 10000 (--shard 0/4)",
			o->shard_text);
	o->shard = (guint)i;
	o->n_shards = (guint)n;
	return -1;
}

static int numbers(Explore *o)
{
	int code = -1;

	o->top = 1;
	/* Every core: the answer is the same for any number. */
	o->threads = MIN(g_get_num_processors(), 256);
	if (o->top_text)
		code = cli_option_number(
			"explore: --top", o->top_text, 1, 10000, &o->top);
	if (code < 0 && o->threads_text)
		code = cli_option_number("explore: --threads", o->threads_text,
			1, 256, &o->threads);
	if (code < 0 && o->time_text)
		code = cli_option_number("explore: --time-limit", o->time_text,
			0, G_MAXINT32, &o->time_limit);
	if (code < 0 && o->pad_text)
		code = cli_option_number(
			"explore: --pad", o->pad_text, 0, G_MAXINT32, &o->pad);
	if (code < 0)
		code = budget_of(o);
	if (code < 0)
		code = objective_of(o);
	if (code < 0 && o->shard_text)
		code = shard_of(o);
	if (code < 0 && o->csv && o->common.json)
		code = cli_usage_error("explore: --json or --csv, not both");
	if (code < 0)
		code = cli_explore_odyssey_check(o->model, o->method);
	return code;
}

int cli_explore(int argc, char **argv)
{
	Explore o = {0};
	g_autoptr(GOptionContext) ctx = g_option_context_new(
		"FILE.c - the designs of least latency, proven");
	GOptionEntry entries[] = {
		{"space", 0, 0, G_OPTION_ARG_STRING, &o.space,
			"Only these dataflows, by space loops (i,j;i,k); "
			"default: every one",
			"L,..."},
		{"tile-order", 0, 0, G_OPTION_ARG_STRING, &o.order,
			"Only this tile order (default: every order kept)",
			"L,..."},
		{"device", 0, 0, G_OPTION_ARG_FILENAME, &o.device,
			"Device profile (default u250)", "NAME|FILE"},
		{"top", 0, 0, G_OPTION_ARG_STRING, &o.top_text,
			"Designs listed, best first (default 1)", "N"},
		{"threads", 0, 0, G_OPTION_ARG_STRING, &o.threads_text,
			"Threads (default: one per core)", "N"},
		{"time-limit", 0, 0, G_OPTION_ARG_STRING, &o.time_text,
			"Stop after S seconds with the best found (0: none)",
			"S"},
		{"pad", 0, 0, G_OPTION_ARG_STRING, &o.pad_text,
			"Tiles that pad their loop by at most BOUND "
			"iterations too (default 0: divisors only)",
			"BOUND"},
		{"model", 0, 0, G_OPTION_ARG_STRING, &o.model,
			"systole (default): Systole's designs and model; "
			"odyssey: Odyssey's 18 matrix-multiply designs, its "
			"space and model",
			"NAME"},
		{"method", 0, 0, G_OPTION_ARG_STRING, &o.method,
			"exact (default, proven); with --model odyssey also "
			"padding or genetic, Odyssey's searches, with their "
			"gap to the exact optimum",
			"NAME"},
		{"budget", 0, 0, G_OPTION_ARG_STRING, &o.budget_text,
			"Fraction of each resource the designs may take, or "
			"per resource (default 0.7 each)",
			"F|dsp=F,bram=F,uram=F,lut=F,ff=F"},
		{"objective", 0, 0, G_OPTION_ARG_STRING, &o.objective_text,
			"What to minimise (default latency)",
			"latency|throughput-per-dsp|traffic|mix:W1,W2,W3"},
		{"pareto", 0, 0, G_OPTION_ARG_NONE, &o.pareto,
			"The Pareto front over cycles, DSPs and BRAM too",
			NULL},
		{"shard", 0, 0, G_OPTION_ARG_STRING, &o.shard_text,
			"Run part I of N (0 <= I < N); systole-cli merge "
			"combines the parts' JSON",
			"I/N"},
		{"json", 0, 0, G_OPTION_ARG_NONE, &o.common.json,
			"Print one JSON object", NULL},
		{"csv", 0, 0, G_OPTION_ARG_NONE, &o.csv,
			"Print CSV, one line a design", NULL},
		{"quiet", 'q', 0, G_OPTION_ARG_NONE, &o.quiet,
			"No progress on stderr", NULL},
		{"output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output,
			"Write to FILE", "FILE"},
		{"force", 0, 0, G_OPTION_ARG_NONE, &o.force, "Replace FILE",
			NULL},
		G_OPTION_ENTRY_NULL};
	g_autofree char *text = NULL;
	GError *error = NULL;
	gboolean interrupted = FALSE;
	int code;

	g_option_context_add_main_entries(ctx, entries, NULL);
	cli_add_kernel_options(ctx, &o.common);
	code = cli_parse_options(ctx, &argc, &argv, &o.common);
	if (code < 0 && argc != 2)
		code = cli_usage_error(argc < 2 ? "explore: no input file"
						: "explore: one input file "
						  "expected");
	if (code < 0)
		code = numbers(&o);
	if (code >= 0) {
		explore_clear(&o);
		return code;
	}
	text = run_model(argv[1], &o, &interrupted, &error);
	if (!text) {
		code = cli_report_error(error);
		g_error_free(error);
	} else {
		code = cli_write_output(o.output, text, o.force);
		/* Interrupted: the best found is out, the status says so. */
		if (code == EXIT_OK && interrupted)
			code = EXIT_INTERRUPTED;
	}
	explore_clear(&o);
	return code;
}
