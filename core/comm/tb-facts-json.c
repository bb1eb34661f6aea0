#include <string.h>

#include "base/json-members.h"
#include "comm/tb-facts-json.h"
#include "compute/code-json.h"

/* Writing */

static void add_path(JsonBuilder *b, const SyTbPath *tp)
{
	json_builder_begin_object(b);
	sy_json_member_str(b, "array", tp->path->array->name);
	sy_json_member_str(b, "direction", tp->path->in ? "in" : "out");
	sy_json_member_str(b, "prefix", tp->path->prefix);
	sy_json_member_str(b, "port", tp->port);
	sy_json_member_int(b, "port_words", tp->port_words);
	sy_json_member_ints(b, "box", tp->box, tp->n_dims);
	sy_json_member_int(b, "pack", tp->pack);
	sy_json_member_int(b, "box_words", tp->box_words);
	json_builder_set_member_name(b, "loops");
	sy_code_build_json(b, tp->loops);
	json_builder_end_object(b);
}

void sy_tb_facts_add_json(JsonBuilder *b, const SyTbFacts *facts)
{
	if (!facts)
		return;
	json_builder_set_member_name(b, "testbench");
	json_builder_begin_array(b);
	for (guint i = 0; i < facts->paths->len; i++)
		add_path(b, g_ptr_array_index(facts->paths, i));
	json_builder_end_array(b);
}

/* Reading.  Errors say what is wrong (": ...") and get where prefixed
 * on the way back up ("/1", "testbench"). */

static gboolean invalid(GError **error, const char *format, ...)
	G_GNUC_PRINTF(2, 3);

static gboolean invalid(GError **error, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID, ": %s",
		what);
	return FALSE;
}

static gboolean holds(JsonNode *node, GType type)
{
	return node && JSON_NODE_HOLDS_VALUE(node) &&
		json_node_get_value_type(node) == type;
}

static const char *const members[] = {"array", "direction", "prefix", "port",
	"port_words", "box", "pack", "box_words", "loops", NULL};

/* Every member is one of members, and all of them are there. */
static gboolean check_members(JsonObject *o, GError **error)
{
	g_autoptr(GList) names = json_object_get_members(o);

	for (guint i = 0; members[i]; i++)
		if (!json_object_has_member(o, members[i]))
			return invalid(error, "no member \"%s\"", members[i]);
	for (GList *l = names; l; l = l->next)
		if (!g_strv_contains(members, l->data))
			return invalid(error, "unknown member \"%s\"",
				(const char *)l->data);
	return TRUE;
}

static const char *string_member(
	JsonObject *o, const char *name, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (holds(node, G_TYPE_STRING))
		return json_node_get_string(node);
	invalid(error, "\"%s\" is not a string", name);
	return NULL;
}

/* An integer from min to max. */
static gboolean int_member(JsonObject *o, const char *name, gint64 min,
	gint64 max, gint64 *v, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (!holds(node, G_TYPE_INT64) || json_node_get_int(node) < min ||
		json_node_get_int(node) > max)
		return invalid(error,
			"\"%s\" is not an integer from %" G_GINT64_FORMAT
			" to %" G_GINT64_FORMAT,
			name, min, max);
	*v = json_node_get_int(node);
	return TRUE;
}

/* The design's path of that prefix and way, NULL if it has none. */
static const SyIoPath *find_path(
	const SyDesign *design, const char *prefix, gboolean in)
{
	for (guint i = 0; design->paths && i < design->paths->len; i++) {
		const SyIoPath *p = g_ptr_array_index(design->paths, i);

		if (p->in == in && g_str_equal(p->prefix, prefix))
			return p;
	}
	return NULL;
}

/* The path of the members array, direction and prefix. */
static const SyIoPath *path_member(
	JsonObject *o, const SyDesign *design, GError **error)
{
	const char *array = string_member(o, "array", error);
	const char *way = array ? string_member(o, "direction", error) : NULL;
	const char *prefix = way ? string_member(o, "prefix", error) : NULL;
	const SyIoPath *p;

	if (!prefix)
		return NULL;
	if (strcmp(way, "in") != 0 && strcmp(way, "out") != 0) {
		invalid(error, "\"direction\" is \"%s\", not in or out", way);
		return NULL;
	}
	p = find_path(design, prefix, strcmp(way, "in") == 0);
	if (!p)
		invalid(error, "the design has no path %s %s", prefix, way);
	else if (strcmp(p->array->name, array) != 0)
		invalid(error, "path %s %s carries %s, not %s", prefix, way,
			p->array->name, array);
	return p && strcmp(p->array->name, array) == 0 ? p : NULL;
}

/* A box: the array's n sizes. */
static gint64 *box_member(JsonObject *o, guint n, GError **error)
{
	JsonNode *node = json_object_get_member(o, "box");
	JsonArray *list = JSON_NODE_HOLDS_ARRAY(node) ? json_node_get_array(node)
						      : NULL;
	gint64 *box;

	if (!list || json_array_get_length(list) != n) {
		invalid(error, "\"box\" is not an array of %u sizes", n);
		return NULL;
	}
	box = g_new0(gint64, n + 1);
	for (guint d = 0; d < n; d++) {
		JsonNode *size = json_array_get_element(list, d);

		if (!holds(size, G_TYPE_INT64) || json_node_get_int(size) < 0) {
			g_free(box);
			invalid(error, "\"box\"/%u is not a size", d);
			return NULL;
		}
		box[d] = json_node_get_int(size);
	}
	return box;
}

/* Every statement has the arguments the testbench reads: n offsets,
 * then for a path out its condition (NULL: always). */
static gboolean args_fit(const SyCode *code, guint n, gboolean out)
{
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint i = 0; i < code->children->len; i++)
			if (!args_fit(code->children->pdata[i], n, out))
				return FALSE;
		return TRUE;
	case SY_CODE_IF:
		if (code->else_body && !args_fit(code->else_body, n, out))
			return FALSE;
		return args_fit(code->body, n, out);
	case SY_CODE_FOR:
	case SY_CODE_MARK: return args_fit(code->body, n, out);
	case SY_CODE_USER: break;
	}
	if (code->args->len != n + out)
		return FALSE;
	for (guint d = 0; d < n; d++)
		if (!code->args->pdata[d])
			return FALSE;
	return TRUE;
}

static SyCode *loops_member(JsonObject *o, const SyIoPath *p, GError **error)
{
	g_autoptr(GError) why = NULL;
	SyCode *loops = sy_code_from_json(
		json_object_get_member(o, "loops"), &why);

	if (!loops) {
		invalid(error, "\"loops\": %s", why->message);
		return NULL;
	}
	if (args_fit(loops, p->array->n_dims, !p->in))
		return loops;
	sy_code_free(loops);
	invalid(error,
		"\"loops\" has a statement without %u offsets%s as arguments",
		p->array->n_dims, p->in ? "" : " and a condition");
	return NULL;
}

/* The words of a box are its elements over the packing, whole. */
static gboolean words_fit(const gint64 *box, guint n, gint64 pack,
	gint64 words, GError **error)
{
	gint64 elements = 1;

	for (guint d = 0; d < n; d++)
		if (sy_mul_overflow(elements, box[d], &elements))
			return invalid(error, "a box of more than %" G_GINT64_FORMAT
					      " elements", G_MAXINT64);
	if (elements % pack || elements / pack != words)
		return invalid(error,
			"\"box_words\" is not the %" G_GINT64_FORMAT
			" elements of a box in words of %" G_GINT64_FORMAT,
			elements, pack);
	return TRUE;
}

static gboolean path_from_json(JsonNode *node, const SyDesign *design,
	SyTbFacts *facts, GError **error)
{
	JsonObject *o = JSON_NODE_HOLDS_OBJECT(node) ? json_node_get_object(node)
						      : NULL;
	const SyIoPath *p;
	g_autofree gint64 *box = NULL;
	gint64 port_words, pack, box_words;
	SyCode *loops;

	if (!o)
		return invalid(error, "not an object");
	if (!check_members(o, error) ||
		!(p = path_member(o, design, error)) ||
		!string_member(o, "port", error) ||
		!int_member(o, "port_words", 0, G_MAXINT64, &port_words,
			error) ||
		!(box = box_member(o, p->array->n_dims, error)) ||
		!int_member(o, "pack", 1, G_MAXUINT, &pack, error) ||
		!int_member(o, "box_words", 0, G_MAXINT64, &box_words,
			error) ||
		!words_fit(box, p->array->n_dims, pack, box_words, error) ||
		!(loops = loops_member(o, p, error)))
		return FALSE;
	sy_tb_facts_add(facts, p, json_object_get_string_member(o, "port"),
		port_words, p->array->n_dims, box, (guint)pack, box_words,
		loops);
	return TRUE;
}

SyTbFacts *sy_tb_facts_from_json(
	JsonNode *node, const SyDesign *design, GError **error)
{
	JsonArray *list = JSON_NODE_HOLDS_ARRAY(node) ? json_node_get_array(node)
						      : NULL;
	SyTbFacts *facts;

	if (!list) {
		invalid(error, "not an array");
		g_prefix_error(error, "testbench");
		return NULL;
	}
	facts = sy_tb_facts_new();
	for (guint i = 0; i < json_array_get_length(list); i++)
		if (!path_from_json(json_array_get_element(list, i), design,
			    facts, error)) {
			g_prefix_error(error, "testbench/%u", i);
			sy_tb_facts_free(facts);
			return NULL;
		}
	return facts;
}
