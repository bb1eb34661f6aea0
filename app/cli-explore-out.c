/* explore's output in every format, printed from its JSON, so that
 * systole-cli merge, which reads the parts' JSON, prints what one
 * explore would. */
#include <math.h>
#include <string.h>

#include "base/json-print.h"
#include "cli.h"

static const char *str_of(JsonObject *o, const char *name)
{
	JsonNode *n = json_object_get_member(o, name);

	return n && JSON_NODE_HOLDS_VALUE(n) ? json_node_get_string(n) : "";
}

static double num_of(JsonObject *o, const char *name)
{
	JsonNode *n = json_object_get_member(o, name);

	return n && JSON_NODE_HOLDS_VALUE(n) ? json_node_get_double(n) : NAN;
}

/* {"i": 4, "j": 2} as "i=4,j=2" (named), or "4<sep>2". */
static char *join_sizes(
	JsonObject *o, const char *name, gboolean named, const char *sep)
{
	JsonNode *n = json_object_get_member(o, name);
	GString *s = g_string_new(NULL);
	g_autoptr(GList) members = NULL;

	if (!n || !JSON_NODE_HOLDS_OBJECT(n))
		return g_string_free(s, FALSE);
	members = json_object_get_members(json_node_get_object(n));
	for (GList *l = members; l; l = l->next)
		g_string_append_printf(s, "%s%s%s%" G_GINT64_FORMAT,
			l == members ? "" : sep,
			named ? (const char *)l->data : "", named ? "=" : "",
			json_object_get_int_member(
				json_node_get_object(n), l->data));
	return g_string_free(s, FALSE);
}

static char *sizes_of(JsonObject *o, const char *name)
{
	return join_sizes(o, name, TRUE, ",");
}

static JsonArray *array_of(JsonObject *root, const char *name)
{
	JsonNode *n = json_object_get_member(root, name);

	return n && JSON_NODE_HOLDS_ARRAY(n) ? json_node_get_array(n) : NULL;
}

/* CSV: one line a design (the front's after the best, where asked);
 * fields with commas quoted. */
static void csv_rows(GString *s, JsonArray *designs, const char *set)
{
	for (guint i = 0; designs && i < json_array_get_length(designs); i++) {
		JsonObject *d = json_array_get_object_element(designs, i);
		g_autofree char *cmd = g_strescape(str_of(d, "export"), NULL);
		g_autofree char *tiles = sizes_of(d, "tiles");
		g_autofree char *padded = sizes_of(d, "padded");
		g_autofree char *latency = sizes_of(d, "latency");

		g_string_append_printf(s,
			"%u,%.17g,\"%s\",\"%s\",\"%s\",\"%s\",\"%s\",\"%s\","
			"%.17g,%.17g,%.17g,%.17g,%.17g,\"%s\",\"%s\",%.17g,"
			"%s\n",
			i + 1, num_of(d, "cycles"), str_of(d, "dataflow"),
			str_of(d, "tile_order"), tiles, padded, latency,
			str_of(d, "simd"), num_of(d, "dsp"),
			num_of(d, "bram18k"), num_of(d, "uram"),
			num_of(d, "lut"), num_of(d, "ff"),
			str_of(d, "sa_sizes"), cmd, num_of(d, "score"), set);
	}
}

static char *to_csv(JsonObject *root)
{
	GString *s = g_string_new("rank,cycles,dataflow,tile_order,tiles,"
				  "padded,latency,simd,dsp,bram18k,uram,lut,"
				  "ff,sa_sizes,export,score,set\n");

	csv_rows(s, array_of(root, "best"), "best");
	csv_rows(s, array_of(root, "pareto"), "pareto");
	return g_string_free(s, FALSE);
}

static void text_row(GString *s, guint rank, JsonObject *d, gboolean score)
{
	g_autofree char *tiles = sizes_of(d, "tiles");
	g_autofree char *latency = sizes_of(d, "latency");
	const char *simd = str_of(d, "simd");

	g_string_append_printf(s,
		"%2u. %.1f cycles  [%s] order %s  tiles %s  latency "
		"%s%s%s  DSP %.0f BRAM18K %.0f LUT %.0f FF %.0f",
		rank, num_of(d, "cycles"), str_of(d, "dataflow"),
		str_of(d, "tile_order"), tiles, latency, *simd ? "  simd " : "",
		simd, num_of(d, "dsp"), num_of(d, "bram18k"), num_of(d, "lut"),
		num_of(d, "ff"));
	if (score)
		g_string_append_printf(s, "  score %.6g", num_of(d, "score"));
	g_string_append_printf(s, "\n    %s\n", str_of(d, "export"));
}

static char *to_text(JsonObject *root, double seconds)
{
	GString *s = g_string_new(NULL);
	JsonObject *st = json_object_get_object_member(root, "search");
	JsonArray *best = array_of(root, "best");
	JsonArray *front = array_of(root, "pareto");
	const char *objective = str_of(root, "objective");
	gboolean score = *objective && strcmp(objective, "latency");
	guint n = best ? json_array_get_length(best) : 0;

	g_string_append_printf(s,
		"%s: %" G_GINT64_FORMAT " points, %" G_GINT64_FORMAT
		" evaluated (%" G_GINT64_FORMAT " by forms), %" G_GINT64_FORMAT
		" pruned by the bound, %" G_GINT64_FORMAT " refused by the "
		"HLS backend",
		json_object_get_boolean_member(st, "complete")
			? "proven optimum"
			: "stopped: best found so far",
		json_object_get_int_member(st, "points"),
		json_object_get_int_member(st, "evaluated"),
		json_object_get_int_member(st, "fast"),
		json_object_get_int_member(st, "pruned"),
		json_object_get_int_member(st, "refused"));
	if (seconds >= 0)
		g_string_append_printf(s, ", %.2f s", seconds);
	g_string_append_printf(s, "%s%s\n", score ? "; objective " : "",
		score ? objective : "");
	for (guint i = 0; i < n; i++)
		text_row(s, i + 1, json_array_get_object_element(best, i),
			score);
	if (!n)
		g_string_append(s,
			json_object_get_boolean_member(st, "complete")
				? "no design fits the budget\n"
				: "no design found before it stopped\n");
	if (front) {
		g_string_append_printf(s,
			"Pareto front over cycles, DSP and BRAM18K: %u "
			"designs\n",
			json_array_get_length(front));
		for (guint i = 0; i < json_array_get_length(front); i++)
			text_row(s, i + 1,
				json_array_get_object_element(front, i), FALSE);
	}
	return g_string_free(s, FALSE);
}

typedef char *(*Csv)(JsonObject *root);
typedef char *(*Text)(JsonObject *root, double seconds);

static char *print_as(JsonNode *root, CliExploreFormat format, double seconds,
	Csv csv, Text text)
{
	JsonObject *o = json_node_get_object(root);

	switch (format) {
	case CLI_EXPLORE_JSON: return sy_json_print(root);
	case CLI_EXPLORE_CSV: return csv(o);
	case CLI_EXPLORE_TEXT: break;
	}
	return text(o, seconds);
}

char *cli_explore_print(JsonNode *root, CliExploreFormat format, double seconds)
{
	return print_as(root, format, seconds, to_csv, to_text);
}

/* explore --model odyssey's CSV: one line a design. */
static char *odyssey_csv(JsonObject *root)
{
	GString *s = g_string_new("rank,cycles,design,dataflow,tile_order,"
				  "tiles,padded,latency,simd,dsp,bram18k,"
				  "sa_sizes\n");
	JsonArray *best = array_of(root, "best");

	for (guint i = 0; best && i < json_array_get_length(best); i++) {
		JsonObject *d = json_array_get_object_element(best, i);
		g_autofree char *tiles = join_sizes(d, "tiles", FALSE, ",");
		g_autofree char *padded = join_sizes(d, "padded", FALSE, ",");
		g_autofree char *latency = join_sizes(d, "latency", FALSE, ",");

		g_string_append_printf(s,
			"%u,%.17g,%s,\"%s\",\"%s\",\"%s\",\"%s\",\"%s\",%s,"
			"%.17g,%.17g,\"%s\"\n",
			i + 1, num_of(d, "cycles"), str_of(d, "design"),
			str_of(d, "dataflow"), str_of(d, "tile_order"), tiles,
			padded, latency, str_of(d, "simd"), num_of(d, "dsp"),
			num_of(d, "bram18k"), str_of(d, "sa_sizes"));
	}
	return g_string_free(s, FALSE);
}

static char *odyssey_text(JsonObject *root, double seconds)
{
	GString *s = g_string_new(NULL);
	JsonObject *st = json_object_get_object_member(root, "search");
	JsonArray *best = array_of(root, "best");
	const char *method = str_of(root, "method");
	guint n = best ? json_array_get_length(best) : 0;

	g_string_append_printf(s,
		"Odyssey's model, %s: %" G_GINT64_FORMAT
		" points, %" G_GINT64_FORMAT " evaluated (%" G_GINT64_FORMAT
		" feasible), %" G_GINT64_FORMAT " never evaluated, %.2f s\n",
		!strcmp(method, "exact")             ? "proven optimum"
			: !strcmp(method, "padding") ? "padding-based search"
						     : "genetic search",
		json_object_get_int_member(st, "points"),
		json_object_get_int_member(st, "evaluated"),
		json_object_get_int_member(st, "feasible"),
		json_object_get_int_member(st, "pruned"), seconds);
	if (!isnan(num_of(root, "exact_cycles")))
		g_string_append_printf(s,
			"exact optimum %.2f cycles: %.3f %% above it\n",
			num_of(root, "exact_cycles"),
			num_of(root, "gap_percent"));
	for (guint i = 0; i < n; i++) {
		JsonObject *d = json_array_get_object_element(best, i);
		g_autofree char *padded = join_sizes(d, "padded", FALSE, "x");

		g_string_append_printf(s,
			"%2u. %.2f cycles  %s [%s] order %s  padded %s  DSP "
			"%.0f BRAM18K %.0f\n    %s\n",
			i + 1, num_of(d, "cycles"), str_of(d, "design"),
			str_of(d, "dataflow"), str_of(d, "tile_order"), padded,
			num_of(d, "dsp"), num_of(d, "bram18k"),
			str_of(d, "sa_sizes"));
	}
	if (!n)
		g_string_append(s, "no design fits the budget\n");
	return g_string_free(s, FALSE);
}

char *cli_explore_odyssey_print(
	JsonNode *root, CliExploreFormat format, double seconds)
{
	return print_as(root, format, seconds, odyssey_csv, odyssey_text);
}
