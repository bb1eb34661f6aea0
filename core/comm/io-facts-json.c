/* The I/O paths' facts as JSON, and back (see io-facts-json.h). */
#include <string.h>

#include "base/json-members.h"
#include "comm/design-read.h"
#include "comm/io-facts-json.h"
#include "comm/io-plan.h"
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
	guint n_l2 = design->io->n_tile / 2;

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
	sy_json_member_bool(b, "headless", f->headless);
	if (f->fold_dim >= 0) {
		gint64 fold[2] = {f->fold_dim, f->fold_first};

		sy_json_member_ints(b, "fold", fold, 2);
	}
	json_builder_set_member_name(b, "ping_pong");
	json_builder_begin_array(b);
	for (guint k = 0; k < 2; k++)
		json_builder_add_boolean_value(b, f->ping_pong[k]);
	json_builder_end_array(b);
	json_builder_set_member_name(b, "tiles");
	sy_code_build_json(b, f->tiles);
	if (f->l2) {
		json_builder_set_member_name(b, "l2");
		sy_code_build_json(b, f->l2);
		sy_json_member_ints(b, "l2_factor", f->l2_factor, n_l2);
		sy_json_member_ints(b, "l2_keep", f->l2_keep, n_l2);
	}
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
	json_builder_set_member_name(b, "paths");
	json_builder_begin_array(b);
	for (guint i = 0; i < io->paths->len; i++)
		add_path(b, design, g_ptr_array_index(io->paths, i));
	json_builder_end_array(b);
	json_builder_end_object(b);
}

/* Reading (comm/design-read.h's errors: what is wrong, ": ...", with
 * the path to it prefixed on the way back up, "/paths/1"). */

static gboolean moves_from_json(JsonObject *o, SyIoPathFacts *f, GError **error)
{
	static const char *const names[] = {"stmt", "accesses", NULL};
	JsonArray *list = sy_design_read_array_member(o, "moves", error);

	for (guint i = 0; list && i < json_array_get_length(list); i++) {
		JsonObject *m = sy_design_read_object_with(
			json_array_get_element(list, i), names, error);
		const char *stmt = NULL;
		g_autofree guint *acc = NULL;
		guint n = 0;

		if (!m || !(stmt = sy_design_read_str(m, "stmt", error)) ||
			!sy_design_read_uints_member(
				m, "accesses", &acc, &n, error)) {
			sy_design_read_below_index(error, i);
			return sy_design_read_below(error, "moves");
		}
		g_ptr_array_add(f->moves, sy_io_moves_new(stmt, n, acc));
	}
	return list != NULL;
}

/* The design's path of that prefix and direction. */
static const SyIoPath *find_path(
	const SyDesign *design, JsonObject *o, GError **error)
{
	const char *prefix, *way;

	if (!sy_design_read_str_or_null(o, "prefix", &prefix, error) ||
		!sy_design_read_str_or_null(o, "direction", &way, error))
		return NULL;
	for (guint i = 0; prefix && way && i < design->paths->len; i++) {
		const SyIoPath *p = g_ptr_array_index(design->paths, i);

		if (g_str_equal(p->prefix, prefix) &&
			g_str_equal(way, p->in ? "in" : "out"))
			return p;
	}
	sy_design_read_fail(error, "no path %s %s in the design",
		prefix ? prefix : "null", way ? way : "null");
	return NULL;
}

/* The code of a module of the design, by name; NULL for null. */
static gboolean find_code(const SyDesign *design, JsonObject *o,
	const char *name, const SyCode **code, GError **error)
{
	const SyModule *mod;
	const char *s;

	*code = NULL;
	if (!sy_design_read_str_or_null(o, name, &s, error))
		return FALSE;
	mod = s ? sy_design_find(design, s) : NULL;
	if (s && (!mod || !mod->code))
		return sy_design_read_fail(error,
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
		return sy_design_read_fail(
			error, "\"ping_pong\" is not two booleans");
	for (guint k = 0; k < 2; k++) {
		JsonNode *e = json_array_get_element(list, k);

		if (!sy_json_holds(e, G_TYPE_BOOLEAN))
			return sy_design_read_fail(
				error, "\"ping_pong\" is not two booleans");
		f->ping_pong[k] = json_node_get_boolean(e);
	}
	return TRUE;
}

/* The counts and switches of a path in a grid of n_space dimensions. */
static gboolean numbers_from_json(
	JsonObject *o, SyIoPathFacts *f, guint n_space, GError **error)
{
	gint64 lanes, pack, along;

	if (!sy_design_read_int_member(
		    o, "lanes", 1, G_MAXUINT, &lanes, error) ||
		!sy_design_read_bool(o, "once", &f->once, error) ||
		!sy_design_read_int_member(
			o, "pack", 1, G_MAXUINT, &pack, error) ||
		!sy_design_read_int_member(
			o, "box_words", 0, G_MAXINT64, &f->box_words, error) ||
		!sy_design_read_int_member(
			o, "along", 0, n_space - 1, &along, error) ||
		!sy_design_read_int_member(
			o, "units", 0, G_MAXINT64, &f->units, error) ||
		!sy_design_read_bool(o, "headless", &f->headless, error) ||
		!ping_pong_from_json(o, f, error))
		return FALSE;
	f->lanes = (guint)lanes;
	f->pack = (guint)pack;
	f->along = (guint)along;
	return TRUE;
}

/* "fold": [tile dimension, first tile], if there. */
static gboolean fold_from_json(JsonObject *o, SyIoPathFacts *f, GError **error)
{
	g_autofree gint64 *fold = NULL;
	guint n = 0;

	if (!json_object_has_member(o, "fold"))
		return TRUE;
	if (!sy_design_read_ints_member(o, "fold", 0, 2, 2, &fold, &n, error))
		return FALSE;
	f->fold_dim = (int)fold[0];
	f->fold_first = fold[1];
	return TRUE;
}

/* Code a member holds, or a design error naming it ("/tiles: ..."). */
static SyCode *code_member(JsonObject *o, const char *name, GError **error)
{
	SyCode *code = sy_code_from_json(
		json_object_get_member(o, name), error);
	g_autofree char *what = NULL;

	if (code)
		return code;
	/* code-json.h's error ("code/body: ..."), in the design's domain,
	 * where the code is. */
	what = g_strdup((*error)->message);
	g_clear_error(error);
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID, "/%s%s",
		name, what + (g_str_has_prefix(what, "code") ? 4 : 0));
	return NULL;
}

/* --two-level-buffer's L2 buffer: its code and, per tile loop, the L2
 * factor (from 1) and the tiles kept (from 0), as many of each. */
static gboolean l2_from_json(JsonObject *o, SyIoPathFacts *f, GError **error)
{
	guint n = 0, k = 0;

	if (!json_object_has_member(o, "l2"))
		return TRUE;
	if (!sy_design_read_ints_member(
		    o, "l2_factor", 1, 1, 64, &f->l2_factor, &n, error) ||
		!sy_design_read_ints_member(
			o, "l2_keep", 0, n, n, &f->l2_keep, &k, error))
		return FALSE;
	f->l2 = code_member(o, "l2", error);
	return f->l2 != NULL;
}

static SyIoPathFacts *path_from_json(
	JsonNode *node, const SyDesign *design, GError **error)
{
	static const char *const names[] = {"prefix", "direction", "box",
		"lanes", "once", "pack", "box_words", "along", "units",
		"headless", "ping_pong", "tiles", "intra", "drop", "moves",
		"registers", NULL};
	static const char *const extra[] = {
		"fold", "l2", "l2_factor", "l2_keep", NULL};
	JsonObject *o = sy_design_read_object(node, error);
	const SyIoPath *path = o &&
			sy_design_read_members(o, names, 16, extra, error)
		? find_path(design, o, error)
		: NULL;
	g_autofree gint64 *box = NULL;
	SyIoPathFacts *f;
	guint n = 0;

	/* A size per dimension of the path's array. */
	if (!path ||
		!sy_design_read_ints_member(o, "box", 0,
			path->plain_array->n_dims, path->plain_array->n_dims,
			&box, &n, error))
		return NULL;
	f = sy_io_path_facts_alloc(path, n);
	memcpy(f->box, box, n * sizeof(gint64));
	if (!numbers_from_json(o, f, path->n_space, error) ||
		!find_code(design, o, "intra", &f->intra, error) ||
		!find_code(design, o, "drop", &f->drop, error) ||
		!moves_from_json(o, f, error) || !fold_from_json(o, f, error) ||
		!l2_from_json(o, f, error) ||
		!sy_design_read_uints_member(o, "registers", &f->registers,
			&f->n_registers, error)) {
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
	static const char *const names[] = {"n_tile", "paths", NULL};
	GError *why = NULL;
	JsonObject *o = sy_design_read_object_with(node, names, &why);
	JsonArray *list = NULL;
	SyIoFacts *io = NULL;
	gint64 n_tile = 0;

	if (o &&
		sy_design_read_int_member(
			o, "n_tile", 0, G_MAXUINT, &n_tile, &why))
		list = sy_design_read_array_member(o, "paths", &why);
	if (list)
		io = sy_io_facts_alloc((guint)n_tile);
	for (guint i = 0; io && i < json_array_get_length(list); i++) {
		SyIoPathFacts *f = path_from_json(
			json_array_get_element(list, i), design, &why);

		if (!f) {
			sy_design_read_below_index(&why, i);
			sy_design_read_below(&why, "paths");
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
