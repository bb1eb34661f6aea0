/* systole-cli explore: the designs of least latency by Systole's model
 * among every point of the kernel's design space that export builds
 * and that fits the device's budget, proven so (core/dse/search.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/json-members.h"
#include "base/json-print.h"
#include "cli-explore-odyssey.h"
#include "cli.h"
#include "dse/search.h"
#include "dse/space.h"
#include "model/device.h"

typedef struct {
	CliOptions common;
	char *space, *order, *device, *output;
	char *model, *method; /* cli-explore-odyssey.h */
	char *top_text, *threads_text, *time_text, *pad_text;
	gboolean csv, force, quiet;
	gint64 top, threads, time_limit, pad;
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
	(void)data;
	g_printerr(
		"explore: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
		" points: %" G_GUINT64_FORMAT " evaluated (%" G_GUINT64_FORMAT
		" by forms), %" G_GUINT64_FORMAT " pruned, %" G_GUINT64_FORMAT
		" refused; best %.1f cycles; %.1f s, ETA %.0f s\n",
		st->evaluated + st->pruned + st->refused, st->points,
		st->evaluated, st->fast, st->pruned, st->refused, st->incumbent,
		st->seconds, st->eta);
}

/* The loops of members, "i,j". */
static char *loop_names(const SyBand *band, const guint *members, guint n)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < n; i++)
		g_string_append_printf(s, "%s%s", i ? "," : "",
			band->members[members[i]].name);
	return g_string_free(s, FALSE);
}

/* Per band member, values as "i=4,j=8". */
static char *per_member(const SyBand *band, const gint64 *v)
{
	GString *s = g_string_new(NULL);

	for (guint m = 0; m < band->n_members; m++)
		g_string_append_printf(s, "%s%s=%" G_GINT64_FORMAT,
			m ? "," : "", band->members[m].name, v[m]);
	return g_string_free(s, FALSE);
}

/* One design, with what it takes to print it. */
typedef struct {
	const SyDseDesign *d;
	const SyChoices *c;
	char *dataflow, *order, *tiles, *padded, *latency, *simd;
	char *sa_sizes, *flags, *command;
} Row;

static char *simd_text(const SyChoices *c, const SyConfig *cfg)
{
	const SySimdChoice *ch;

	if (cfg->simd < 0)
		return g_strdup("");
	ch = g_ptr_array_index(c->simd, cfg->simd);
	return g_strdup_printf(
		"%s=%" G_GINT64_FORMAT, ch->loop.name, cfg->simd_factor);
}

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
	const SyBand *band = c->analysis->band;
	const SyConfig *cfg = d->config;
	g_autofree gint64 *padded = g_new(gint64, band->n_members);

	for (guint m = 0; m < band->n_members; m++)
		padded[m] = sy_dse_space_padded(c, cfg, m);
	r->d = d;
	r->c = c;
	r->dataflow = loop_names(
		band, c->candidate->space, c->candidate->n_space);
	r->order = loop_names(band, cfg->order, cfg->n_members);
	r->tiles = per_member(band, cfg->tile);
	r->padded = per_member(band, padded);
	r->latency = per_member(band, cfg->latency);
	r->simd = simd_text(c, cfg);
	r->sa_sizes = sy_config_to_sa_sizes(cfg, c);
	r->flags = sy_config_to_flags(cfg, c);
	r->command = command_of(o, path, r->flags);
}

static void row_clear(Row *r)
{
	g_free(r->dataflow);
	g_free(r->order);
	g_free(r->tiles);
	g_free(r->padded);
	g_free(r->latency);
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
	json_builder_end_object(b);
}

static char *to_json(const Explore *o, const SyDseResult *res, Row *rows)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autoptr(JsonNode) root = NULL;

	json_builder_begin_object(b);
	sy_json_member_str(b, "device", o->device ? o->device : "u250");
	member_double(b, "budget", 0.7);
	json_stats(b, res);
	json_builder_set_member_name(b, "best");
	json_builder_begin_array(b);
	for (guint i = 0; i < res->best->len; i++)
		json_row(b, &rows[i]);
	json_builder_end_array(b);
	json_builder_end_object(b);
	root = json_builder_get_root(b);
	return sy_json_print(root);
}

/* CSV: one line a design; fields with commas quoted. */
static char *to_csv(const SyDseResult *res, Row *rows)
{
	GString *s = g_string_new("rank,cycles,dataflow,tile_order,tiles,"
				  "padded,latency,simd,dsp,bram18k,uram,lut,"
				  "ff,sa_sizes,export\n");

	for (guint i = 0; i < res->best->len; i++) {
		const Row *r = &rows[i];
		const double *v = r->d->resources.v;
		g_autofree char *cmd = g_strescape(r->command, NULL);

		g_string_append_printf(s,
			"%u,%.17g,\"%s\",\"%s\",\"%s\",\"%s\",\"%s\",\"%s\","
			"%.17g,%.17g,%.17g,%.17g,%.17g,\"%s\",\"%s\"\n",
			i + 1, r->d->cycles, r->dataflow, r->order, r->tiles,
			r->padded, r->latency, r->simd, v[0], v[1], v[2], v[3],
			v[4], r->sa_sizes, cmd);
	}
	return g_string_free(s, FALSE);
}

static char *to_text(const SyDseResult *res, Row *rows)
{
	GString *s = g_string_new(NULL);

	g_string_append_printf(s,
		"%s: %" G_GUINT64_FORMAT " points, %" G_GUINT64_FORMAT
		" evaluated (%" G_GUINT64_FORMAT
		" by forms), %" G_GUINT64_FORMAT
		" pruned by the bound, %" G_GUINT64_FORMAT " refused by the "
		"HLS backend, %.2f s\n",
		res->complete ? "proven optimum" : "time limit: best found",
		res->stats.points, res->stats.evaluated, res->stats.fast,
		res->stats.pruned, res->stats.refused, res->stats.seconds);
	for (guint i = 0; i < res->best->len; i++) {
		const Row *r = &rows[i];
		const double *v = r->d->resources.v;

		g_string_append_printf(s,
			"%2u. %.1f cycles  [%s] order %s  tiles %s  latency "
			"%s%s%s  DSP %.0f BRAM18K %.0f LUT %.0f FF %.0f\n"
			"    %s\n",
			i + 1, r->d->cycles, r->dataflow, r->order, r->tiles,
			r->latency, *r->simd ? "  simd " : "", r->simd, v[0],
			v[1], v[3], v[4], r->command);
	}
	if (!res->best->len)
		g_string_append(s,
			res->complete ? "no design fits the budget\n"
				      : "no design found in the time limit\n");
	return g_string_free(s, FALSE);
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

static char *report(const Explore *o, const char *path, const SyAnalysis *a,
	const SyDseResult *res)
{
	g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_choices_free);
	Row *rows = g_new0(Row, res->best->len + 1);
	char *text;

	for (guint i = 0; i < res->best->len; i++) {
		const SyDseDesign *d = g_ptr_array_index(res->best, i);
		SyChoices *c = sy_choices_new(a,
			g_ptr_array_index(a->candidates, d->config->candidate),
			NULL);

		g_ptr_array_add(choices, c);
		row_init(&rows[i], d, c, o, path);
	}
	text = o->common.json ? to_json(o, res, rows)
		: o->csv      ? to_csv(res, rows)
			      : to_text(res, rows);
	for (guint i = 0; i < res->best->len; i++)
		row_clear(&rows[i]);
	g_free(rows);
	return text;
}

static char *run(const char *path, const Explore *o, GError **error)
{
	Kernel k = {path, cli_analysis_options(&o->common)};
	g_autoptr(SyAnalysis) a = kernel_new(&k, error);
	g_autoptr(SyDevice) device = NULL;
	g_autoptr(GArray) ids = NULL;
	g_autoptr(SyDseResult) res = NULL;
	SyDseOptions so = {&k.ao, o->order, o->pad, 0, (guint)o->top,
		(guint)o->threads, (double)o->time_limit, FALSE, 0,
		o->quiet ? NULL : progress, NULL};
	SyAnalysis *first;

	if (!a || !(ids = candidates_of(a, o->space, error)))
		return NULL;
	if (!(device = sy_device_load(o->device ? o->device : "u250", error)))
		return NULL;
	if (!(first = kernel_new(&k, error)))
		return NULL;
	res = sy_dse_search(first, kernel_new, &k, ids, device, &so, error);
	if (!res)
		return NULL;
	if (res->stats.violations)
		g_printerr("systole-cli: warning: %" G_GUINT64_FORMAT
			   " points evaluated under their bound: the result "
			   "may not be optimal (a bug in Systole)\n",
			res->stats.violations);
	return report(o, path, a, res);
}

/* --model odyssey and --method (cli-explore-odyssey.c), else
 * Systole's search. */
static char *run_model(const char *path, const Explore *o, GError **error)
{
	CliExploreOdyssey x = {path, cli_analysis_options(&o->common), o->model,
		o->method, o->device, o->space, o->order, o->pad_text != NULL,
		o->time_text != NULL, (guint)o->top, (guint)o->threads,
		o->common.json, o->csv};

	if (cli_explore_odyssey_wanted(&x))
		return cli_explore_odyssey(&x, error);
	return run(path, o, error);
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
	text = run_model(argv[1], &o, &error);
	if (!text) {
		code = cli_report_error(error);
		g_error_free(error);
	} else {
		code = cli_write_output(o.output, text, o.force);
	}
	explore_clear(&o);
	return code;
}
