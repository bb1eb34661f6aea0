/* systole-cli render: pictures of a design's views for slides and
 * papers (widgets/render-picture.h), with a caption that says what they
 * show.  The design is the one estimate and export make from the same
 * options (cli-compile.c parses them and calls here); the Pareto view's
 * designs come from a search run here, as explore runs it, or from
 * explore --json's output (--from). */
#include <math.h>
#include <string.h>

#include "base/diag.h"
#include "base/escape.h"
#include "cli.h"
#include "compute/pe-array.h"
#include "dse/search.h"
#include "model/fit.h"
#include "model/model.h"
#include "project/export.h"
#include "render-picture.h"

#define ALL_DESIGN_VIEWS                                                       \
	(1u << SY_PICTURE_ARRAY | 1u << SY_PICTURE_NETWORK |                   \
		1u << SY_PICTURE_DEPS)
#define PARETO_VIEW (1u << SY_PICTURE_PARETO)

void cli_render_clear(CliRender *r)
{
	g_free(r->view_text);
	g_free(r->scale_text);
	g_free(r->theme);
	g_free(r->from);
}

/* --view: names separated by commas, or all (the design's views, and
 * the Pareto plot with --from). */
static int parse_views(CliRender *r)
{
	g_auto(GStrv) names = g_strsplit(
		r->view_text ? r->view_text : "array", ",", -1);

	r->views = 0;
	for (guint i = 0; names[i]; i++) {
		const char *name = g_strstrip(names[i]);
		int v = sy_picture_view_from_name(name);
		g_autofree char *shown = NULL;

		if (g_str_equal(name, "all")) {
			r->views |= ALL_DESIGN_VIEWS |
				(r->from ? PARETO_VIEW : 0);
			continue;
		}
		if (v >= 0) {
			r->views |= 1u << v;
			continue;
		}
		shown = sy_escape_line_comment(name);
		return cli_usage_error("render: --view takes array, network, "
				       "deps, pareto or all (several with "
				       "commas: array,network), not '%s'",
			shown);
	}
	if (!r->views)
		return cli_usage_error("render: --view names no view");
	return -1;
}

static guint n_views(guint views)
{
	guint n = 0;

	for (; views; views >>= 1)
		n += views & 1;
	return n;
}

int cli_render_check(CliRender *r, const char *output, int argc)
{
	g_autofree char *shown = NULL;
	SyPictureFormat format;
	GError *error = NULL;
	gint64 scale = 1;
	int code;

	if (!output)
		return cli_usage_error("render: -o FILE.svg, FILE.pdf or "
				       "FILE.png names the picture");
	if (!sy_picture_format_of(output, &format, &error)) {
		code = cli_usage_error("render: %s", error->message);
		g_error_free(error);
		return code;
	}
	code = cli_option_number(
		"render: --scale", r->scale_text, 1, 16, &scale);
	if (code >= 0)
		return code;
	r->scale = (int)scale;
	if (r->theme && !g_str_equal(r->theme, "light") &&
		!g_str_equal(r->theme, "dark")) {
		shown = sy_escape_line_comment(r->theme);
		return cli_usage_error(
			"render: --theme takes light or dark, not '%s'", shown);
	}
	code = parse_views(r);
	if (code >= 0)
		return code;
	if (n_views(r->views) > 1 && format != SY_PICTURE_PDF)
		return cli_usage_error(
			"render: %u views make %u pages: only a .pdf holds "
			"several (one view for .svg and .png)",
			n_views(r->views), n_views(r->views));
	if (r->from && r->views != PARETO_VIEW &&
		!(r->views & ALL_DESIGN_VIEWS))
		return -1;
	if (argc != 2 && !(r->from && r->views == PARETO_VIEW))
		return cli_usage_error(argc < 2
				? "render: no input file"
				: "render: one input file expected");
	return -1;
}

gboolean cli_render_pareto_only(const CliRender *r)
{
	return r->views == PARETO_VIEW;
}

static SyPictureOptions options_of(const CliRender *r)
{
	SyPictureOptions o = {
		r->theme && g_str_equal(r->theme, "dark")
			? sy_render_style_dark()
			: sy_render_style_print(),
		r->labels,
		r->scale,
	};

	return o;
}

/* The Pareto plot */

typedef struct {
	GArray *points; /* SyParetoPoint */
	SyResources budget;
	char *caption;
} Plot;

static void plot_clear(Plot *p)
{
	if (p->points)
		g_array_unref(p->points);
	g_free(p->caption);
}

static void plot_add(Plot *p, double cycles, const SyResources *res)
{
	SyParetoPoint pt = {cycles, res->v[SY_RESOURCE_DSP],
		res->v[SY_RESOURCE_BRAM18K], 0};

	/* The best design (listed first) ringed, as a selected row. */
	if (!p->points->len)
		pt.flags = SY_PARETO_SELECTED;
	g_array_append_val(p->points, pt);
}

/* "12 designs ...; the best (ringed): 1,088 cycles, DSP ..." */
static char *plot_caption(
	const char *source, const char *device, const Plot *p, const char *how)
{
	const SyParetoPoint *best = p->points->len
		? &g_array_index(p->points, SyParetoPoint, 0)
		: NULL;
	g_autofree char *cycles = best ? sy_estimate_format_count(best->cycles)
				       : NULL;
	g_autofree char *dsp = best ? sy_estimate_format_count(best->dsp)
				    : NULL;
	g_autofree char *bram = best ? sy_estimate_format_count(best->bram)
				     : NULL;
	/* "mm.c: " where the kernel is known. */
	g_autofree char *name = source ? g_path_get_basename(source) : NULL;
	g_autofree char *base = name ? g_strconcat(name, ": ", NULL)
				     : g_strdup("");

	if (!best)
		return g_strdup_printf("%sPareto plot, %s on the %s: no "
				       "design fits the budget",
			base, how, device);
	return g_strdup_printf(
		"%sPareto plot, %u design%s %s on the %s: latency against "
		"DSP slices, colour BRAM18K\nThe best (ringed): %s cycles, "
		"DSP %s, BRAM18K %s",
		base, p->points->len, p->points->len == 1 ? "" : "s", how,
		device, cycles, dsp, bram);
}

/* The kernel analysed again, for a search thread of its own. */
typedef struct {
	const char *path;
	const SyAnalysisOptions *ao;
} Kernel;

static SyAnalysis *kernel_new(gpointer data, GError **error)
{
	const Kernel *k = data;

	return sy_analysis_new_from_file(k->path, k->ao, error);
}

/* The designs explore plots: the best, then the others of the front
 * (sy-explore-job.c's order), once each. */
static void plot_designs(Plot *p, const SyDseResult *res)
{
	g_autoptr(GPtrArray) held = g_ptr_array_new();
	const GPtrArray *lists[] = {res->best, res->pareto};

	for (guint l = 0; l < G_N_ELEMENTS(lists); l++)
		for (guint i = 0; lists[l] && i < lists[l]->len; i++) {
			const SyDseDesign *d = g_ptr_array_index(lists[l], i);
			gboolean seen = FALSE;

			for (guint k = 0; k < held->len && !seen; k++)
				seen = sy_dse_point_compare(
					       ((const SyDseDesign *)
							       held->pdata[k])
						       ->config,
					       d->config) == 0;
			if (seen)
				continue;
			g_ptr_array_add(held, (gpointer)d);
			plot_add(p, d->cycles, &d->resources);
		}
}

/* Explore's search: every dataflow (or --space's), the default budget
 * and sizes, the front over cycles, DSPs and BRAM18K too. */
static gboolean plot_search(Plot *p, const char *path, const char *space,
	const char *device_name, const SyAnalysisOptions *ao, GError **error)
{
	Kernel k = {path, ao};
	g_autoptr(SyAnalysis) a = kernel_new(&k, error);
	g_autoptr(SyDevice) device = NULL;
	g_autoptr(GArray) ids = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(SyDseResult) res = NULL;
	SyDseOptions so = {
		.analysis_options = ao,
		.top = 1,
		.threads = MIN(g_get_num_processors(), 256),
		.pareto = TRUE,
	};
	SyAnalysis *first;

	if (!a || !(device = sy_device_load(device_name, error)))
		return FALSE;
	for (guint i = 0; i < a->candidates->len; i++)
		g_array_append_val(ids, i);
	if (space) {
		int id = sy_config_find_space(a, space, error);
		guint u = (guint)id;

		if (id < 0)
			return FALSE;
		g_array_set_size(ids, 0);
		g_array_append_val(ids, u);
	}
	for (int r = 0; r < SY_N_RESOURCES; r++)
		so.budget[r] = SY_DEVICE_BUDGET;
	if (!(first = kernel_new(&k, error)))
		return FALSE;
	res = sy_dse_search(first, kernel_new, &k, ids, device, &so, error);
	if (!res)
		return FALSE;
	plot_designs(p, res);
	sy_dse_budget(&so, device, &p->budget);
	p->caption = plot_caption(path, device->description, p, "explored");
	return TRUE;
}

static gboolean bad_results(const char *path, const char *what, GError **error)
{
	g_set_error(error, SY_INPUT_ERROR, SY_INPUT_ERROR_SEMANTIC,
		"%s: error: not systole-cli explore --json's output: %s", path,
		what);
	return FALSE;
}

static gboolean number(JsonObject *o, const char *name)
{
	JsonNode *n = json_object_get_member(o, name);
	GType t = n && JSON_NODE_HOLDS_VALUE(n) ? json_node_get_value_type(n)
						: G_TYPE_INVALID;

	return t == G_TYPE_DOUBLE || t == G_TYPE_INT64;
}

/* A design of explore --json's "best" or "pareto". */
static gboolean results_design(Plot *p, const char *path, JsonNode *node,
	GPtrArray *held, GError **error)
{
	JsonObject *o = JSON_NODE_HOLDS_OBJECT(node)
		? json_node_get_object(node)
		: NULL;
	const char *names[] = {"cycles", "dsp", "bram18k"};
	SyResources res = {{0}};
	const char *key;

	for (guint i = 0; i < G_N_ELEMENTS(names); i++)
		if (!o || !number(o, names[i]))
			return bad_results(path,
				"a design without a number 'cycles', 'dsp' "
				"and 'bram18k'",
				error);
	/* A design in both lists once: its sizes name it. */
	key = json_object_get_string_member_with_default(o, "sa_sizes", "");
	for (guint i = 0; *key && i < held->len; i++)
		if (g_str_equal(held->pdata[i], key))
			return TRUE;
	if (*key)
		g_ptr_array_add(held, (gpointer)key);
	res.v[SY_RESOURCE_DSP] = json_object_get_double_member(o, "dsp");
	res.v[SY_RESOURCE_BRAM18K] = json_object_get_double_member(
		o, "bram18k");
	plot_add(p, json_object_get_double_member(o, "cycles"), &res);
	return TRUE;
}

/* JSON's syntax errors as a compiler's ("r.json:2:14: error: ..."),
 * json-glib's ("r.json:2:14: Parse error: ...") reworded; others (the
 * file unread) as they are. */
static void parse_error(GError *why, GError **error)
{
	const char *at = strstr(why->message, ": Parse error: ");

	if (why->domain != JSON_PARSER_ERROR || !at) {
		g_propagate_error(error, why);
		return;
	}
	g_set_error(error, SY_INPUT_ERROR, SY_INPUT_ERROR_SYNTAX,
		"%.*s: error: %s", (int)(at - why->message), why->message,
		at + strlen(": Parse error: "));
	g_error_free(why);
}

/* explore --json's output at path: its designs and its budget on its
 * device; kernel (NULL: none given) names them in the caption. */
static gboolean plot_results(
	Plot *p, const char *kernel, const char *path, GError **error)
{
	g_autofree char *base = g_path_get_basename(path);
	g_autofree char *how = g_strconcat("from ", base, NULL);
	g_autoptr(JsonParser) parser = json_parser_new();
	g_autoptr(SyDevice) device = NULL;
	g_autoptr(GPtrArray) held = g_ptr_array_new();
	SyDseOptions so = {0};
	GError *why = NULL;
	JsonObject *root, *budget = NULL;
	const char *lists[] = {"best", "pareto"};

	if (!json_parser_load_from_file(parser, path, &why)) {
		parse_error(why, error);
		return FALSE;
	}
	root = JSON_NODE_HOLDS_OBJECT(json_parser_get_root(parser))
		? json_node_get_object(json_parser_get_root(parser))
		: NULL;
	if (!root || !json_object_has_member(root, "best") ||
		!JSON_NODE_HOLDS_ARRAY(json_object_get_member(root, "best")))
		return bad_results(path, "no \"best\" array", error);
	device = sy_device_load(json_object_get_string_member_with_default(
					root, "device", "u250"),
		error);
	if (!device)
		return FALSE;
	if (json_object_has_member(root, "budget_per_resource") &&
		JSON_NODE_HOLDS_OBJECT(
			json_object_get_member(root, "budget_per_resource")))
		budget = json_object_get_object_member(
			root, "budget_per_resource");
	for (int r = 0; r < SY_N_RESOURCES; r++)
		so.budget[r] = budget &&
				json_object_has_member(
					budget, sy_resource_name(r))
			? json_object_get_double_member(
				  budget, sy_resource_name(r))
			: SY_DEVICE_BUDGET;
	for (guint l = 0; l < G_N_ELEMENTS(lists); l++) {
		JsonNode *list = json_object_get_member(root, lists[l]);
		JsonArray *a = list && JSON_NODE_HOLDS_ARRAY(list)
			? json_node_get_array(list)
			: NULL;

		for (guint i = 0; a && i < json_array_get_length(a); i++)
			if (!results_design(p, path,
				    json_array_get_element(a, i), held, error))
				return FALSE;
	}
	sy_dse_budget(&so, device, &p->budget);
	p->caption = plot_caption(kernel, device->description, p, how);
	return TRUE;
}

/* The plot of --from's results or of a search of the kernel at path. */
static gboolean plot_init(Plot *p, const char *path, const char *space,
	const CliRender *r, const char *device, const SyAnalysisOptions *ao,
	GError **error)
{
	p->points = g_array_new(FALSE, TRUE, sizeof(SyParetoPoint));
	if (r->from)
		return plot_results(p, path, r->from, error);
	return plot_search(p, path, space, device ? device : "u250", ao, error);
}

static void plot_page(const Plot *p, SyPicturePage *page)
{
	page->view = SY_PICTURE_PARETO;
	page->points = (const SyParetoPoint *)p->points->data;
	page->n_points = p->points->len;
	page->dsp_budget = p->budget.v[SY_RESOURCE_DSP];
	page->bram_budget = p->budget.v[SY_RESOURCE_BRAM18K];
	/* The renderer shows a message over any plot: an empty one's. */
	page->message = p->points->len ? NULL : "No design fits the budget";
	page->caption = p->caption;
}

/* The pages made, written to output; what was written, as text. */
static char *write_pages(const char *output, const SyPicturePage *pages,
	guint n, const CliRender *r, gboolean force, GError **error)
{
	SyPictureOptions o = options_of(r);
	GString *done = g_string_new(NULL);

	for (guint i = 0; r->labels && i < n; i++) {
		g_autoptr(GPtrArray) names = sy_picture_names(&pages[i], &o);

		/* Too many PEs for the names to fit between the lanes. */
		if (pages[i].view == SY_PICTURE_NETWORK && !names->len)
			g_printerr("systole-cli: warning: render: the network "
				   "is drawn too small for module names (%s); "
				   "they are drawn up to about 50 PEs along the longer side\n",
				pages[i].array->title);
	}
	if (!sy_picture_write(output, pages, n, &o, force, error)) {
		g_string_free(done, TRUE);
		return NULL;
	}
	g_string_append_printf(done, "%s:", output);
	for (guint i = 0; i < n; i++) {
		int w, h;

		sy_picture_page_size(&pages[i], &o, &w, &h);
		g_string_append_printf(done, "%s %s %d x %d pt", i ? "," : "",
			sy_picture_view_name(pages[i].view), w, h);
	}
	if (r->scale > 1 || g_str_has_suffix(output, ".png"))
		g_string_append_printf(
			done, " (PNG: %d pixels a point)", r->scale);
	g_string_append_c(done, '\n');
	return g_string_free(done, FALSE);
}

char *cli_render_pareto(const char *path, const char *space, const char *output,
	gboolean force, const CliRender *r, const char *device,
	const SyAnalysisOptions *ao, GError **error)
{
	Plot p = {0};
	SyPicturePage page = {0};
	char *done = NULL;

	if (plot_init(&p, path, space, r, device, ao, error)) {
		plot_page(&p, &page);
		done = write_pages(output, &page, 1, r, force, error);
	}
	plot_clear(&p);
	return done;
}

/* The design's pages */

/* The model's estimate of design (completed for the models), or NULL
 * with why. */
static SyEstimate *estimate_of(SyDesign *design, const SyDevice *device,
	const SyAnalysisOptions *ao, GError **why)
{
	SyEstimateOptions eo = {NULL, 0, 0, FALSE};

	if (!sy_export_complete_models(design, ao, why))
		return NULL;
	return sy_design_estimate(design, device, &eo, why);
}

char *cli_render_design(const char *path, const SyChoices *c,
	const SyConfig *cfg, const SyPeArray *array, SyDesign *design,
	const char *output, gboolean force, const CliRender *r,
	const char *device_name, const SyAnalysisOptions *ao, GError **error)
{
	const SyAnalysis *a = array->analysis;
	const SyCandidate *cand = c->candidate;
	g_autoptr(SyDevice) device = sy_device_load(
		device_name ? device_name : "u250", error);
	g_autoptr(SyEstimate) e = NULL;
	g_autoptr(SyArrayScene) scene = NULL;
	g_autoptr(SyProjection) projection = NULL;
	g_autofree gboolean *space = NULL;
	g_autofree char *sizes = NULL;
	g_autofree char *caption = NULL;
	GError *why = NULL;
	SyPicturePage pages[SY_PICTURE_N_VIEWS] = {{0}};
	Plot p = {0};
	guint n = 0;
	char *done = NULL;

	if (!device)
		return NULL;
	e = estimate_of(design, device, ao, &why);
	scene = sy_array_scene_new(a, cand, array->pe);
	sy_array_scene_set_design(scene, design);
	if (e && e->bottleneck >= 0)
		sy_array_scene_set_bottleneck(scene,
			((const SyModuleEstimate *)g_ptr_array_index(
				 e->modules, e->bottleneck))
				->name);
	sizes = sy_config_to_sizes(cfg, c);
	caption = sy_picture_design_caption(path, scene, sizes,
		device->description, e, why ? why->message : NULL);
	g_clear_error(&why);
	/* The dependence view as the explorer opens it: the band's first
	 * two loops, the dataflow's space loops chosen. */
	space = g_new0(gboolean, a->band->n_members + 1);
	for (guint i = 0; i < cand->n_space; i++)
		space[cand->space[i]] = TRUE;
	if (r->views & 1u << SY_PICTURE_DEPS)
		projection = sy_projection_new(
			a, 0, a->band->n_members > 1 ? 1 : -1);
	for (int v = 0; v < SY_PICTURE_PARETO; v++) {
		SyPicturePage *page = &pages[n];

		if (!(r->views & 1u << v))
			continue;
		page->view = (SyPictureView)v;
		page->array = scene;
		page->deps.analysis = a;
		page->deps.projection = projection;
		page->deps.space = space;
		page->deps.hover_chip = -1;
		page->caption = caption;
		n++;
	}
	if (r->views & PARETO_VIEW) {
		if (!plot_init(&p, path, NULL, r, device_name, ao, error)) {
			plot_clear(&p);
			return NULL;
		}
		plot_page(&p, &pages[n++]);
	}
	done = write_pages(output, pages, n, r, force, error);
	plot_clear(&p);
	return done;
}
