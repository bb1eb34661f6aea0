#include <string.h>

#include "base/json-members.h"
#include "comm/design-read.h"
#include "comm/io-plan.h"
#include "comm/tb-facts-json.h"
#include "compute/code-json.h"

/* Writing */

static void add_path(JsonBuilder *b, const SyTbPath *tp)
{
	json_builder_begin_object(b);
	sy_json_member_str(b, "array", tp->path->plain_array->name);
	sy_json_member_str(b, "direction", tp->path->in ? "in" : "out");
	sy_json_member_str(b, "prefix", tp->path->prefix);
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

/* Reading (comm/design-read.h's errors: what is wrong, ": ...", with
 * where prefixed on the way back up, "/1", "testbench"). */

static const char *const members[] = {"array", "direction", "prefix", "box",
	"pack", "box_words", "loops", NULL};

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
	const char *array = sy_design_read_str(o, "array", error);
	gboolean in = FALSE;
	const char *prefix = array &&
			sy_design_read_way(o, "direction", &in, error)
		? sy_design_read_str(o, "prefix", error)
		: NULL;
	const char *way = in ? "in" : "out";
	const SyIoPath *p;

	if (!prefix)
		return NULL;
	p = find_path(design, prefix, in);
	if (!p)
		sy_design_read_fail(
			error, "the design has no path %s %s", prefix, way);
	else if (strcmp(p->plain_array->name, array) != 0)
		sy_design_read_fail(error, "path %s %s carries %s, not %s",
			prefix, way, p->plain_array->name, array);
	return p && strcmp(p->plain_array->name, array) == 0 ? p : NULL;
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
		sy_design_read_fail(error, "\"loops\": %s", why->message);
		return NULL;
	}
	if (args_fit(loops, p->plain_array->n_dims, !p->in))
		return loops;
	sy_code_free(loops);
	sy_design_read_fail(error,
		"\"loops\" has a statement without %u offsets%s as arguments",
		p->plain_array->n_dims, p->in ? "" : " and a condition");
	return NULL;
}

/* The words of a box are its elements over the packing, whole. */
static gboolean words_fit(
	const gint64 *box, guint n, gint64 pack, gint64 words, GError **error)
{
	gint64 elements = 1;

	for (guint d = 0; d < n; d++)
		if (sy_mul_overflow(elements, box[d], &elements))
			return sy_design_read_fail(error,
				"a box of more than %" G_GINT64_FORMAT
				" elements",
				G_MAXINT64);
	if (elements % pack || elements / pack != words)
		return sy_design_read_fail(error,
			"\"box_words\" is not the %" G_GINT64_FORMAT
			" elements of a box in words of %" G_GINT64_FORMAT,
			elements, pack);
	return TRUE;
}

static gboolean path_from_json(JsonNode *node, const SyDesign *design,
	SyTbFacts *facts, GError **error)
{
	JsonObject *o = sy_design_read_object_with(node, members, error);
	const SyIoPath *p;
	g_autofree gint64 *box = NULL;
	gint64 pack, box_words;
	SyCode *loops;
	guint n;

	if (!o || !(p = path_member(o, design, error)) ||
		!sy_design_read_ints_member(o, "box", 0, p->plain_array->n_dims,
			p->plain_array->n_dims, &box, &n, error) ||
		!sy_design_read_int_member(
			o, "pack", 1, G_MAXUINT, &pack, error) ||
		!sy_design_read_int_member(
			o, "box_words", 0, G_MAXINT64, &box_words, error) ||
		!words_fit(
			box, p->plain_array->n_dims, pack, box_words, error) ||
		!(loops = loops_member(o, p, error)))
		return FALSE;
	sy_tb_facts_add(facts, p, p->plain_array->n_dims, box, (guint)pack,
		box_words, loops);
	return TRUE;
}

SyTbFacts *sy_tb_facts_from_json(
	JsonNode *node, const SyDesign *design, GError **error)
{
	JsonArray *list = sy_design_read_array(node, error);
	SyTbFacts *facts;

	if (!list) {
		g_prefix_error(error, "testbench");
		return NULL;
	}
	facts = sy_tb_facts_new();
	for (guint i = 0; i < json_array_get_length(list); i++)
		if (!path_from_json(json_array_get_element(list, i), design,
			    facts, error)) {
			sy_design_read_below_index(error, i);
			g_prefix_error(error, "testbench");
			sy_tb_facts_free(facts);
			return NULL;
		}
	return facts;
}
