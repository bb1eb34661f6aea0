/* The I/O paths' facts as JSON, and back (see io-facts-json.h). */
#include <string.h>

#include "base/json-members.h"
#include "comm/io-facts-json.h"
#include "compute/code-json.h"

/* Writing */

static void member_uints(
	JsonBuilder *b, const char *name, const guint *v, guint n)
{
	json_builder_set_member_name(b, name);
	json_builder_begin_array(b);
	for (guint i = 0; i < n; i++)
		json_builder_add_int_value(b, v[i]);
	json_builder_end_array(b);
}

static void add_moves(JsonBuilder *b, const GPtrArray *moves)
{
	json_builder_set_member_name(b, "moves");
	json_builder_begin_array(b);
	for (guint i = 0; i < moves->len; i++) {
		const SyIoMoves *mv = g_ptr_array_index(moves, i);

		json_builder_begin_object(b);
		sy_json_member_str(b, "stmt", mv->stmt);
		member_uints(b, "accesses", mv->accesses, mv->n);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

/* The name of the module whose code is code, or NULL. */
static const char *module_of(const SyDesign *design, const SyCode *code)
{
	for (guint i = 0; code && i < design->modules->len; i++) {
		const SyModule *mod = g_ptr_array_index(design->modules, i);

		if (mod->code == code)
			return mod->name;
	}
	return NULL;
}

static void add_path(
	JsonBuilder *b, const SyDesign *design, const SyIoPathFacts *f)
{
	json_builder_begin_object(b);
	sy_json_member_str(b, "prefix", f->path->prefix);
	sy_json_member_str(b, "direction", f->path->in ? "in" : "out");
	sy_json_member_ints(b, "box", f->box, f->n_dims);
	sy_json_member_int(b, "lanes", f->lanes);
	sy_json_member_bool(b, "once", f->once);
	sy_json_member_int(b, "pack", f->pack);
	sy_json_member_int(b, "box_words", f->box_words);
	sy_json_member_int(b, "along", f->along);
	sy_json_member_int(b, "units", f->units);
	sy_json_member_int(b, "port_words", f->port_words);
	sy_json_member_str(b, "port_error", f->port_error);
	sy_json_member_bool(b, "headless", f->headless);
	json_builder_set_member_name(b, "ping_pong");
	json_builder_begin_array(b);
	for (guint k = 0; k < 2; k++)
		json_builder_add_boolean_value(b, f->ping_pong[k]);
	json_builder_end_array(b);
	json_builder_set_member_name(b, "tiles");
	sy_code_build_json(b, f->tiles);
	sy_json_member_str(b, "intra", module_of(design, f->intra));
	sy_json_member_str(b, "drop", module_of(design, f->drop));
	add_moves(b, f->moves);
	member_uints(b, "registers", f->registers, f->n_registers);
	json_builder_end_object(b);
}

void sy_io_facts_add_json(JsonBuilder *b, const SyDesign *design)
{
	const SyIoFacts *io = design->io;

	if (!io)
		return;
	json_builder_set_member_name(b, "io");
	json_builder_begin_object(b);
	sy_json_member_int(b, "n_tile", io->n_tile);
	sy_json_member_ints(b, "pe", io->pe, io->n_space);
	json_builder_set_member_name(b, "paths");
	json_builder_begin_array(b);
	for (guint i = 0; i < io->paths->len; i++)
		add_path(b, design, g_ptr_array_index(io->paths, i));
	json_builder_end_array(b);
	json_builder_end_object(b);
}

/* Reading.  Errors say what is wrong (": ...") and get the path to it
 * prefixed on the way back up ("/paths/1"). */

static gboolean invalid(GError **error, const char *format, ...)
	G_GNUC_PRINTF(2, 3);

static gboolean invalid(GError **error, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	g_set_error(
		error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID, ": %s", what);
	return FALSE;
}

/* o is an object with exactly the members names (NULL-terminated). */
static JsonObject *object_of(
	JsonNode *node, const char *const *names, GError **error)
{
	JsonObject *o;
	guint n = 0;

	if (!JSON_NODE_HOLDS_OBJECT(node)) {
		invalid(error, "not an object");
		return NULL;
	}
	o = json_node_get_object(node);
	for (; names[n]; n++)
		if (!json_object_has_member(o, names[n])) {
			invalid(error, "no member \"%s\"", names[n]);
			return NULL;
		}
	if (json_object_get_size(o) != n) {
		g_autoptr(GList) members = json_object_get_members(o);

		for (GList *l = members; l; l = l->next)
			if (!g_strv_contains(names, l->data)) {
				invalid(error, "unknown member \"%s\"",
					(const char *)l->data);
				break;
			}
		return NULL;
	}
	return o;
}

static gboolean holds(JsonNode *node, GType type)
{
	return JSON_NODE_HOLDS_VALUE(node) &&
		json_node_get_value_type(node) == type;
}

/* An integer from min to max. */
static gboolean get_int(JsonObject *o, const char *name, gint64 min, gint64 max,
	gint64 *v, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (!holds(node, G_TYPE_INT64))
		return invalid(error, "\"%s\" is not an integer", name);
	*v = json_node_get_int(node);
	if (*v < min || *v > max)
		return invalid(error,
			"\"%s\" is %" G_GINT64_FORMAT ", not from "
			"%" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
			name, *v, min, max);
	return TRUE;
}

static gboolean get_bool(
	JsonObject *o, const char *name, gboolean *v, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (!holds(node, G_TYPE_BOOLEAN))
		return invalid(error, "\"%s\" is not a boolean", name);
	*v = json_node_get_boolean(node);
	return TRUE;
}

/* A string, or NULL for null. */
static gboolean get_str(
	JsonObject *o, const char *name, const char **v, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	*v = NULL;
	if (JSON_NODE_HOLDS_NULL(node))
		return TRUE;
	if (!holds(node, G_TYPE_STRING))
		return invalid(error, "\"%s\" is not a string or null", name);
	*v = json_node_get_string(node);
	return TRUE;
}

/* An array of n integers from min to max (n: any for -1); *v new. */
static gboolean get_ints(JsonObject *o, const char *name, gint64 n, gint64 min,
	gint64 max, gint64 **v, guint *len, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);
	JsonArray *list;

	*v = NULL;
	if (!JSON_NODE_HOLDS_ARRAY(node))
		return invalid(error, "\"%s\" is not an array", name);
	list = json_node_get_array(node);
	*len = json_array_get_length(list);
	if (n >= 0 && *len != n)
		return invalid(error,
			"\"%s\" has %u members, not %" G_GINT64_FORMAT, name,
			*len, n);
	*v = g_new0(gint64, *len + 1);
	for (guint i = 0; i < *len; i++) {
		JsonNode *e = json_array_get_element(list, i);

		if (!holds(e, G_TYPE_INT64) || json_node_get_int(e) < min ||
			json_node_get_int(e) > max) {
			g_clear_pointer(v, g_free);
			return invalid(error,
				"\"%s\"[%u] is not an integer from "
				"%" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
				name, i, min, max);
		}
		(*v)[i] = json_node_get_int(e);
	}
	return TRUE;
}

static gboolean get_uints(
	JsonObject *o, const char *name, guint **v, guint *len, GError **error)
{
	g_autofree gint64 *n = NULL;

	*v = NULL;
	if (!get_ints(o, name, -1, 0, G_MAXUINT, &n, len, error))
		return FALSE;
	*v = g_new0(guint, *len + 1);
	for (guint i = 0; i < *len; i++)
		(*v)[i] = (guint)n[i];
	return TRUE;
}

static gboolean moves_from_json(JsonObject *o, SyIoPathFacts *f, GError **error)
{
	static const char *const names[] = {"stmt", "accesses", NULL};
	JsonNode *node = json_object_get_member(o, "moves");
	JsonArray *list;

	if (!JSON_NODE_HOLDS_ARRAY(node))
		return invalid(error, "\"moves\" is not an array");
	list = json_node_get_array(node);
	for (guint i = 0; i < json_array_get_length(list); i++) {
		JsonObject *m = object_of(
			json_array_get_element(list, i), names, error);
		const char *stmt = NULL;
		g_autofree guint *acc = NULL;
		guint n = 0;

		if (!m || !get_str(m, "stmt", &stmt, error) ||
			!get_uints(m, "accesses", &acc, &n, error) ||
			(!stmt && !invalid(error, "\"stmt\" is null"))) {
			g_prefix_error(error, "/moves/%u", i);
			return FALSE;
		}
		g_ptr_array_add(f->moves, sy_io_moves_new(stmt, n, acc));
	}
	return TRUE;
}

/* The design's path of that prefix and direction. */
static const SyIoPath *find_path(
	const SyDesign *design, JsonObject *o, GError **error)
{
	const char *prefix, *way;

	if (!get_str(o, "prefix", &prefix, error) ||
		!get_str(o, "direction", &way, error))
		return NULL;
	for (guint i = 0; prefix && way && i < design->paths->len; i++) {
		const SyIoPath *p = g_ptr_array_index(design->paths, i);

		if (g_str_equal(p->prefix, prefix) &&
			g_str_equal(way, p->in ? "in" : "out"))
			return p;
	}
	invalid(error, "no path %s %s in the design", prefix ? prefix : "null",
		way ? way : "null");
	return NULL;
}

/* The code of a module of the design, by name; NULL for null. */
static gboolean find_code(const SyDesign *design, JsonObject *o,
	const char *name, const SyCode **code, GError **error)
{
	const SyModule *mod;
	const char *s;

	*code = NULL;
	if (!get_str(o, name, &s, error))
		return FALSE;
	mod = s ? sy_design_find(design, s) : NULL;
	if (s && (!mod || !mod->code))
		return invalid(error,
			"\"%s\" is %s, not a module of the design with code",
			name, s);
	*code = mod ? mod->code : NULL;
	return TRUE;
}

static gboolean ping_pong_from_json(
	JsonObject *o, SyIoPathFacts *f, GError **error)
{
	JsonNode *node = json_object_get_member(o, "ping_pong");
	JsonArray *list =
		JSON_NODE_HOLDS_ARRAY(node) ? json_node_get_array(node) : NULL;

	if (!list || json_array_get_length(list) != 2)
		return invalid(error, "\"ping_pong\" is not two booleans");
	for (guint k = 0; k < 2; k++) {
		JsonNode *e = json_array_get_element(list, k);

		if (!holds(e, G_TYPE_BOOLEAN))
			return invalid(
				error, "\"ping_pong\" is not two booleans");
		f->ping_pong[k] = json_node_get_boolean(e);
	}
	return TRUE;
}

/* The counts and switches of a path in a grid of n_space dimensions. */
static gboolean numbers_from_json(
	JsonObject *o, SyIoPathFacts *f, guint n_space, GError **error)
{
	const char *port_error;
	gint64 lanes, pack, along;

	if (!get_int(o, "lanes", 1, G_MAXUINT, &lanes, error) ||
		!get_bool(o, "once", &f->once, error) ||
		!get_int(o, "pack", 1, G_MAXUINT, &pack, error) ||
		!get_int(o, "box_words", 0, G_MAXINT64, &f->box_words, error) ||
		!get_int(o, "along", 0, n_space - 1, &along, error) ||
		!get_int(o, "units", 0, G_MAXINT64, &f->units, error) ||
		!get_int(o, "port_words", 0, G_MAXINT64, &f->port_words,
			error) ||
		!get_str(o, "port_error", &port_error, error) ||
		!get_bool(o, "headless", &f->headless, error) ||
		!ping_pong_from_json(o, f, error))
		return FALSE;
	f->lanes = (guint)lanes;
	f->pack = (guint)pack;
	f->along = (guint)along;
	f->port_error = g_strdup(port_error);
	return TRUE;
}

static SyIoPathFacts *path_from_json(
	JsonNode *node, const SyDesign *design, guint n_space, GError **error)
{
	static const char *const names[] = {"prefix", "direction", "box",
		"lanes", "once", "pack", "box_words", "along", "units",
		"port_words", "port_error", "headless", "ping_pong", "tiles",
		"intra", "drop", "moves", "registers", NULL};
	JsonObject *o = object_of(node, names, error);
	const SyIoPath *path = o ? find_path(design, o, error) : NULL;
	g_autofree gint64 *box = NULL;
	SyIoPathFacts *f;
	guint n = 0;

	/* A size per dimension of the path's array. */
	if (!path ||
		!get_ints(o, "box", path->array->n_dims, 0, G_MAXINT64, &box,
			&n, error))
		return NULL;
	f = sy_io_path_facts_alloc(path, n);
	memcpy(f->box, box, n * sizeof(gint64));
	if (!numbers_from_json(o, f, n_space, error) ||
		!find_code(design, o, "intra", &f->intra, error) ||
		!find_code(design, o, "drop", &f->drop, error) ||
		!moves_from_json(o, f, error) ||
		!get_uints(o, "registers", &f->registers, &f->n_registers,
			error)) {
		sy_io_path_facts_free(f);
		return NULL;
	}
	f->tiles = sy_code_from_json(json_object_get_member(o, "tiles"), error);
	if (!f->tiles) {
		/* code-json.h's error ("code/body: ..."), in the design's
		 * domain, where the code is. */
		g_autofree char *what = g_strdup((*error)->message);
		const char *rest = what +
			(g_str_has_prefix(what, "code") ? 4 : 0);

		g_clear_error(error);
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"/tiles%s", rest);
		sy_io_path_facts_free(f);
		return NULL;
	}
	return f;
}

SyIoFacts *sy_io_facts_from_json(
	JsonNode *node, const SyDesign *design, GError **error)
{
	static const char *const names[] = {"n_tile", "pe", "paths", NULL};
	GError *why = NULL;
	JsonObject *o = object_of(node, names, &why);
	g_autofree gint64 *pe = NULL;
	JsonArray *list = NULL;
	SyIoFacts *io = NULL;
	gint64 n_tile = 0;
	guint n_space = 0;

	/* Grids of one to three dimensions, as the PE coordinates'
	 * names (comm/module-code.h). */
	if (o && get_int(o, "n_tile", 0, G_MAXUINT, &n_tile, &why) &&
		get_ints(o, "pe", -1, 1, G_MAXINT64, &pe, &n_space, &why) &&
		(n_space >= 1 && n_space <= 3
				? TRUE
				: invalid(&why,
					  "\"pe\" has %u members, not 1 to 3",
					  n_space))) {
		JsonNode *paths = json_object_get_member(o, "paths");

		if (JSON_NODE_HOLDS_ARRAY(paths))
			list = json_node_get_array(paths);
		else
			invalid(&why, "\"paths\" is not an array");
	}
	if (list) {
		io = sy_io_facts_alloc((guint)n_tile, n_space);
		memcpy(io->pe, pe, n_space * sizeof(gint64));
	}
	for (guint i = 0; io && i < json_array_get_length(list); i++) {
		SyIoPathFacts *f = path_from_json(
			json_array_get_element(list, i), design, n_space, &why);

		if (!f) {
			g_prefix_error(&why, "/paths/%u", i);
			g_clear_pointer(&io, sy_io_facts_free);
			break;
		}
		g_ptr_array_add(io->paths, f);
	}
	if (!io) {
		g_prefix_error(&why, "io");
		g_propagate_error(error, why);
	}
	return io;
}
