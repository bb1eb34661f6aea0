/* systole-cli merge: the parts of one search (explore --shard I/N
 * --json) combined into what one explore finds.  Each part holds the
 * exact top N and Pareto front of its classes, so the union's best N by
 * (score, point) is the whole search's top N, and the union's designs
 * that no other beats are its front (core/dse/search.h). */
#include <string.h>

#include "cli.h"

typedef struct {
	const char *path;
	JsonParser *parser;
	JsonObject *root, *shard;
	gint64 index, count;
} Part;

static gboolean fail(GError **error, const char *format, ...)
	G_GNUC_PRINTF(2, 3);

static gboolean fail(GError **error, const char *format, ...)
{
	va_list args;
	g_autofree char *m = NULL;

	va_start(args, format);
	m = g_strdup_vprintf(format, args);
	va_end(args);
	g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "merge: %s", m);
	return FALSE;
}

static const char *shard_str(const Part *p, const char *name)
{
	return json_object_has_member(p->shard, name)
		? json_object_get_string_member(p->shard, name)
		: "";
}

/* Whether every design under name (if any) has what merge reads. */
static gboolean designs_check(const Part *p, const char *name, GError **error)
{
	static const char *const need[] = {
		"point", "score", "cycles", "dsp", "bram18k"};
	JsonNode *n = json_object_get_member(p->root, name);
	JsonArray *a;

	if (!n)
		return TRUE;
	if (!JSON_NODE_HOLDS_ARRAY(n))
		return fail(error, "%s: \"%s\" is no array", p->path, name);
	a = json_node_get_array(n);
	for (guint i = 0; i < json_array_get_length(a); i++) {
		JsonNode *d = json_array_get_element(a, i);

		for (guint k = 0; k < G_N_ELEMENTS(need); k++)
			if (!JSON_NODE_HOLDS_OBJECT(d) ||
				!json_object_has_member(
					json_node_get_object(d), need[k]))
				return fail(error,
					"%s: design %u of \"%s\" has no "
					"\"%s\" (not explore --shard's JSON?)",
					p->path, i + 1, name, need[k]);
	}
	return TRUE;
}

/* The part at p->path read and its "shard" member checked. */
static gboolean part_load(Part *p, GError **error)
{
	JsonNode *root, *shard;
	static const char *const need[] = {"search", "best"};

	p->parser = json_parser_new();
	if (!json_parser_load_from_file(p->parser, p->path, error))
		return FALSE;
	root = json_parser_get_root(p->parser);
	if (!root || !JSON_NODE_HOLDS_OBJECT(root))
		return fail(error, "%s: not the JSON of systole-cli explore",
			p->path);
	p->root = json_node_get_object(root);
	shard = json_object_get_member(p->root, "shard");
	if (!shard || !JSON_NODE_HOLDS_OBJECT(shard))
		return fail(error,
			"%s: not a part (no \"shard\" member): run "
			"systole-cli explore --shard I/N --json",
			p->path);
	for (guint k = 0; k < G_N_ELEMENTS(need); k++)
		if (!json_object_has_member(p->root, need[k]))
			return fail(error, "%s: no \"%s\" member", p->path,
				need[k]);
	if (!JSON_NODE_HOLDS_OBJECT(json_object_get_member(p->root, "search")))
		return fail(error, "%s: \"search\" is no object", p->path);
	if (!designs_check(p, "best", error) ||
		!designs_check(p, "pareto", error))
		return FALSE;
	p->shard = json_node_get_object(shard);
	p->index = json_object_get_int_member(p->shard, "index");
	p->count = json_object_get_int_member(p->shard, "count");
	return TRUE;
}

/* The parts of one search, each once, all there. */
static gboolean parts_check(Part *parts, guint n, GError **error)
{
	const Part *a = &parts[0];
	g_autofree const Part **at = NULL;

	for (guint i = 1; i < n; i++) {
		const Part *b = &parts[i];

		if (b->count != a->count)
			return fail(error,
				"%s is part %" G_GINT64_FORMAT
				"/%" G_GINT64_FORMAT
				", %s part %" G_GINT64_FORMAT
				"/%" G_GINT64_FORMAT
				": parts of different splits",
				b->path, b->index, b->count, a->path, a->index,
				a->count);
		if (strcmp(shard_str(a, "options"), shard_str(b, "options")))
			return fail(error,
				"%s and %s are parts of different searches: "
				"their options differ (%s; %s)",
				a->path, b->path, shard_str(a, "options"),
				shard_str(b, "options"));
		if (strcmp(shard_str(a, "space_id"), shard_str(b, "space_id")))
			return fail(error,
				"%s and %s are parts of different searches: "
				"the same options on different kernel texts "
				"(%s, %s) or device profiles",
				a->path, b->path, shard_str(a, "kernel"),
				shard_str(b, "kernel"));
	}
	at = g_new0(const Part *, a->count);
	for (guint i = 0; i < n; i++) {
		const Part *p = &parts[i];

		if (p->index < 0 || p->index >= p->count)
			return fail(error,
				"%s: part %" G_GINT64_FORMAT
				" of %" G_GINT64_FORMAT "?",
				p->path, p->index, p->count);
		if (at[p->index])
			return fail(error,
				"part %" G_GINT64_FORMAT "/%" G_GINT64_FORMAT
				" given twice (%s and %s)",
				p->index, p->count, at[p->index]->path,
				p->path);
		at[p->index] = p;
	}
	for (gint64 k = 0; k < a->count; k++)
		if (!at[k])
			return fail(error,
				"part %" G_GINT64_FORMAT "/%" G_GINT64_FORMAT
				" is missing: each of 0 to %" G_GINT64_FORMAT
				" once",
				k, a->count, a->count - 1);
	return TRUE;
}

/* Lexicographic, as sy_dse_point_compare orders the points. */
static int point_compare(JsonObject *a, JsonObject *b)
{
	JsonArray *x = json_object_get_array_member(a, "point");
	JsonArray *y = json_object_get_array_member(b, "point");
	guint n = MIN(json_array_get_length(x), json_array_get_length(y));

	for (guint k = 0; k < n; k++) {
		gint64 u = json_array_get_int_element(x, k);
		gint64 v = json_array_get_int_element(y, k);

		if (u != v)
			return u < v ? -1 : 1;
	}
	return 0;
}

static int cmp_double(double a, double b)
{
	return a < b ? -1 : a > b;
}

static double num(JsonObject *o, const char *name)
{
	return json_object_get_double_member(o, name);
}

/* The best's order: score, then point. */
static int best_order(gconstpointer pa, gconstpointer pb)
{
	JsonObject *a = json_node_get_object(*(JsonNode *const *)pa);
	JsonObject *b = json_node_get_object(*(JsonNode *const *)pb);
	int c = cmp_double(num(a, "score"), num(b, "score"));

	return c ? c : point_compare(a, b);
}

/* The front's: cycles, DSPs, BRAM18K, then point. */
static int front_order(gconstpointer pa, gconstpointer pb)
{
	JsonObject *a = json_node_get_object(*(JsonNode *const *)pa);
	JsonObject *b = json_node_get_object(*(JsonNode *const *)pb);
	static const char *const keys[] = {"cycles", "dsp", "bram18k"};

	for (guint k = 0; k < G_N_ELEMENTS(keys); k++) {
		int c = cmp_double(num(a, keys[k]), num(b, keys[k]));

		if (c)
			return c;
	}
	return point_compare(a, b);
}

/* sy_dse_pareto_beats on the JSON. */
static gboolean beats(JsonObject *x, JsonObject *y)
{
	static const char *const keys[] = {"cycles", "dsp", "bram18k"};
	gboolean less = FALSE;

	for (guint k = 0; k < G_N_ELEMENTS(keys); k++) {
		if (num(x, keys[k]) > num(y, keys[k]))
			return FALSE;
		less |= num(x, keys[k]) < num(y, keys[k]);
	}
	return less || point_compare(x, y) < 0;
}

/* Every part's designs under name, as nodes (kept). */
static GPtrArray *gather(Part *parts, guint n, const char *name)
{
	GPtrArray *all = g_ptr_array_new();

	for (guint i = 0; i < n; i++) {
		JsonArray *a;

		if (!json_object_has_member(parts[i].root, name))
			continue;
		a = json_object_get_array_member(parts[i].root, name);
		for (guint k = 0; k < json_array_get_length(a); k++)
			g_ptr_array_add(all, json_array_get_element(a, k));
	}
	return all;
}

static void add_nodes(
	JsonBuilder *b, const char *name, GPtrArray *nodes, guint n)
{
	json_builder_set_member_name(b, name);
	json_builder_begin_array(b);
	for (guint k = 0; k < n && k < nodes->len; k++)
		json_builder_add_value(b, json_node_copy(nodes->pdata[k]));
	json_builder_end_array(b);
}

static void add_best(JsonBuilder *b, Part *parts, guint n)
{
	g_autoptr(GPtrArray) all = gather(parts, n, "best");
	gint64 top = json_object_get_int_member(parts[0].shard, "top");

	g_ptr_array_sort(all, best_order);
	add_nodes(b, "best", all, (guint)MAX(top, 0));
}

static void add_front(JsonBuilder *b, Part *parts, guint n)
{
	g_autoptr(GPtrArray) all = gather(parts, n, "pareto");
	g_autoptr(GPtrArray) front = g_ptr_array_new();

	for (guint i = 0; i < all->len; i++) {
		JsonObject *x = json_node_get_object(all->pdata[i]);
		gboolean on = TRUE;

		for (guint k = 0; on && k < all->len; k++)
			on = k == i ||
				!beats(json_node_get_object(all->pdata[k]), x);
		if (on)
			g_ptr_array_add(front, all->pdata[i]);
	}
	g_ptr_array_sort(front, front_order);
	add_nodes(b, "pareto", front, front->len);
}

/* The counters summed; complete where every part is; the gap 0 where
 * complete, else unknown (-1). */
static void add_search(JsonBuilder *b, Part *parts, guint n)
{
	JsonObject *first = json_object_get_object_member(
		parts[0].root, "search");
	g_autoptr(GList) members = json_object_get_members(first);
	gboolean complete = TRUE;

	for (guint i = 0; i < n; i++)
		complete &= json_object_get_boolean_member(
			json_object_get_object_member(parts[i].root, "search"),
			"complete");
	json_builder_set_member_name(b, "search");
	json_builder_begin_object(b);
	for (GList *l = members; l; l = l->next) {
		const char *name = l->data;
		gint64 sum = 0;

		json_builder_set_member_name(b, name);
		if (!strcmp(name, "complete")) {
			json_builder_add_boolean_value(b, complete);
			continue;
		}
		if (!strcmp(name, "gap")) {
			json_builder_add_int_value(b, complete ? 0 : -1);
			continue;
		}
		for (guint i = 0; i < n; i++)
			sum += json_object_get_int_member(
				json_object_get_object_member(
					parts[i].root, "search"),
				name);
		json_builder_add_int_value(b, sum);
	}
	json_builder_end_object(b);
}

/* One explore's JSON from the parts: part 0's members in their order
 * but its "shard", the rest combined. */
static JsonNode *merged(Part *parts, guint n)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	const Part *zero = &parts[0];
	g_autoptr(GList) members = NULL;

	for (guint i = 0; i < n; i++)
		if (parts[i].index == 0)
			zero = &parts[i];
	members = json_object_get_members(zero->root);
	json_builder_begin_object(b);
	for (GList *l = members; l; l = l->next) {
		const char *name = l->data;

		if (!strcmp(name, "shard"))
			continue;
		if (!strcmp(name, "search"))
			add_search(b, parts, n);
		else if (!strcmp(name, "best"))
			add_best(b, parts, n);
		else if (!strcmp(name, "pareto"))
			add_front(b, parts, n);
		else {
			json_builder_set_member_name(b, name);
			json_builder_add_value(b,
				json_node_copy(json_object_get_member(
					zero->root, name)));
		}
	}
	json_builder_end_object(b);
	return json_builder_get_root(b);
}

static char *run(char **paths, guint n, CliExploreFormat format, GError **error)
{
	Part *parts = g_new0(Part, n);
	char *text = NULL;
	gboolean ok = TRUE;

	for (guint i = 0; ok && i < n; i++) {
		parts[i].path = paths[i];
		ok = part_load(&parts[i], error);
	}
	if (ok && parts_check(parts, n, error)) {
		g_autoptr(JsonNode) root = merged(parts, n);

		text = cli_explore_print(root, format, -1);
	}
	for (guint i = 0; i < n; i++)
		g_clear_object(&parts[i].parser);
	g_free(parts);
	return text;
}

int cli_merge(int argc, char **argv)
{
	CliOptions common = {0};
	char *output = NULL;
	gboolean csv = FALSE, force = FALSE;
	g_autoptr(GOptionContext) ctx = g_option_context_new(
		"PART.json... - the parts of explore --shard as one search");
	GOptionEntry entries[] = {
		{"json", 0, 0, G_OPTION_ARG_NONE, &common.json,
			"Print one JSON object", NULL},
		{"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
			"Print CSV, one line a design", NULL},
		{"output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
			"Write to FILE", "FILE"},
		{"force", 0, 0, G_OPTION_ARG_NONE, &force, "Replace FILE",
			NULL},
		G_OPTION_ENTRY_NULL};
	g_autofree char *text = NULL;
	GError *error = NULL;
	int code;

	g_option_context_add_main_entries(ctx, entries, NULL);
	code = cli_parse_options(ctx, &argc, &argv, &common);
	if (code < 0 && argc < 2)
		code = cli_usage_error("merge: no part given (PART.json...)");
	if (code < 0 && csv && common.json)
		code = cli_usage_error("merge: --json or --csv, not both");
	if (code < 0) {
		text = run(argv + 1, (guint)argc - 1,
			common.json   ? CLI_EXPLORE_JSON
				: csv ? CLI_EXPLORE_CSV
				      : CLI_EXPLORE_TEXT,
			&error);
		if (!text) {
			code = cli_report_error(error);
			g_error_free(error);
		} else {
			code = cli_write_output(output, text, force);
		}
	}
	cli_options_clear(&common);
	g_free(output);
	return code;
}
