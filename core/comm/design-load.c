#include <string.h>

#include "base/json-load.h"
#include "base/json-members.h"
#include "comm/design-load.h"
#include "comm/design-options.h"
#include "comm/design-kernel-json.h"
#include "comm/design-read.h"
#include "comm/io-facts-json.h"
#include "comm/pe-facts-json.h"
#include "comm/tb-facts-json.h"
#include "compute/code-json.h"

/* What is being read: the design, and the PE's buffers as "pe" gives
 * them (the first module's must be the same). */
typedef struct {
	SyDesign *design;
	GPtrArray *pe_buffers;
	JsonNode *pe_facts; /* "pe"'s "facts", read once the paths are */
} Load;

/* A member, and its reader: one of the design's own (read), or the
 * facts of another part (fact). */
typedef struct {
	const char *name;
	gboolean required;
	gboolean (*read)(Load *load, JsonNode *value, GError **error);
	SyDesignMemberRead fact;
} Member;

typedef struct {
	const char *name;
	SyModuleMemberRead fact;
} ModuleMember;

static const char *const role_names[] = {"read", "drain", "partial", "pass"};

const char *sy_path_role_name(SyPathRole role)
{
	return role_names[role];
}

void sy_design_paths_build_json(JsonBuilder *b, const GPtrArray *paths)
{
	json_builder_set_member_name(b, "paths");
	json_builder_begin_array(b);
	for (guint i = 0; i < paths->len; i++) {
		const SyIoPath *p = g_ptr_array_index(paths, i);

		json_builder_begin_object(b);
		sy_json_member_str(b, "prefix", p->prefix);
		sy_json_member_str(b, "array", p->plain_array->name);
		sy_json_member_str(b, "role", sy_path_role_name(p->role));
		sy_json_member_str(b, "direction", p->in ? "in" : "out");
		sy_json_member_bool(b, "exterior", p->exterior);
		sy_json_member_ints(b, "along", p->direction, p->n_space);
		if (p->reduce_op[0])
			sy_json_member_str(b, "reduce", p->reduce_op);
		/* Only where --hbm splits it: other designs read as
		 * before. */
		if (p->ports > 1)
			sy_json_member_int(b, "ports", p->ports);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

/* The array of that name, as a member "array" of something. */
static const SyDesignArray *get_array_name(
	Load *load, JsonObject *o, gboolean nullable, GError **error)
{
	const char *name;
	const SyDesignArray *x;

	if (nullable) {
		if (!sy_design_read_str_or_null(o, "array", &name, error) ||
			!name)
			return NULL;
	} else if (!(name = sy_design_read_str(o, "array", error)))
		return NULL;
	x = sy_design_array_find(load->design->arrays, name);
	if (!x)
		sy_design_read_fail(error,
			"\"array\" is \"%s\", which is not in \"arrays\"",
			name);
	return x;
}

/* The PE array */

static gboolean read_kernel(Load *load, JsonNode *value, GError **error)
{
	if (!sy_json_holds(value, G_TYPE_STRING))
		return sy_design_read_fail(
			error, "%s, not a string", sy_json_type_name(value));
	load->design->grid->kernel = g_strdup(json_node_get_string(value));
	return TRUE;
}

static gboolean read_candidate(Load *load, JsonNode *value, GError **error)
{
	gint64 id;

	if (!sy_design_read_int(value, "it", 0, G_MAXUINT, &id, error))
		return FALSE;
	load->design->grid->candidate = (guint)id;
	return TRUE;
}

static gboolean read_sizes(Load *load, JsonNode *value, GError **error)
{
	if (!sy_json_holds(value, G_TYPE_STRING))
		return sy_design_read_fail(
			error, "%s, not a string", sy_json_type_name(value));
	load->design->grid->sizes = g_strdup(json_node_get_string(value));
	return TRUE;
}

static gboolean read_padded(Load *load, JsonNode *value, GError **error)
{
	SyDesignGrid *grid = load->design->grid;

	return sy_design_read_ints(value, "it", 1, 1, G_MAXUINT, &grid->padded,
		&grid->n_members, error);
}

static void buffer_free(gpointer data)
{
	SyBuffer *b = data;

	g_free(b->name);
	g_free(b->shape);
	g_free(b);
}

static SyBuffer *buffer_from_json(JsonNode *node, GError **error)
{
	static const char *const names[] = {"name", "elem_bits", "shape",
		"depth", "pack", "ping_pong", NULL};
	static const char *const optional[] = {"uram", NULL};
	JsonObject *o = sy_design_read_object(node, error);
	SyBuffer *b;
	const char *name;

	if (!o || !sy_design_read_members(o, names, 6, optional, error) ||
		!(name = sy_design_read_str(o, "name", error)))
		return NULL;
	b = g_new0(SyBuffer, 1);
	b->name = g_strdup(name);
	if (!sy_design_read_uint(o, "elem_bits", 1, &b->elem_bits, error) ||
		!sy_design_read_ints_member(o, "shape", 0, 1, G_MAXUINT,
			&b->shape, &b->n_dims, error) ||
		!sy_design_read_int_member(
			o, "depth", 0, G_MAXINT64, &b->depth, error) ||
		!sy_design_read_uint(o, "pack", 1, &b->pack, error) ||
		!sy_design_read_bool(o, "ping_pong", &b->ping_pong, error) ||
		(json_object_has_member(o, "uram") &&
			!sy_design_read_bool(o, "uram", &b->uram, error))) {
		buffer_free(b);
		return NULL;
	}
	return b;
}

/* The buffers of a list into to (SyBuffer). */
static gboolean buffers_from_json(JsonNode *node, GPtrArray *to, GError **error)
{
	JsonArray *list = sy_design_read_array(node, error);

	if (!list)
		return FALSE;
	for (guint i = 0; i < json_array_get_length(list); i++) {
		SyBuffer *b = buffer_from_json(
			json_array_get_element(list, i), error);

		if (!b)
			return sy_design_read_below_index(error, i);
		g_ptr_array_add(to, b);
	}
	return TRUE;
}

/* The PE count as sy_pe_array_count gives it: G_MAXINT64 beyond. */
static gint64 grid_count(const SyDesignGrid *grid)
{
	gint64 n = 1;

	for (guint k = 0; k < grid->n_space; k++) {
		if (n > G_MAXINT64 / grid->pe[k])
			return G_MAXINT64;
		n *= grid->pe[k];
	}
	return n;
}

static gboolean read_pe(Load *load, JsonNode *value, GError **error)
{
	static const char *const names[] = {
		"dims", "count", "simd", "buffers", NULL};
	static const char *const extra[] = {"facts", NULL};
	SyDesignGrid *grid = load->design->grid;
	JsonObject *o = sy_design_read_object(value, error);
	g_autofree gint64 *dims = NULL;
	gint64 simd;

	if (!o || !sy_design_read_members(o, names, 4, extra, error) ||
		!sy_design_read_ints_member(
			o, "dims", 1, 1, 3, &dims, &grid->n_space, error) ||
		!sy_design_read_int_member(
			o, "count", 1, G_MAXINT64, &grid->count, error) ||
		!sy_design_read_int_member(
			o, "simd", 1, G_MAXUINT, &simd, error))
		return FALSE;
	memcpy(grid->pe, dims, grid->n_space * sizeof(gint64));
	grid->simd = (guint)simd;
	if (grid->count != grid_count(grid))
		return sy_design_read_fail(error,
			"\"count\" is %" G_GINT64_FORMAT
			", not the product of \"dims\", %" G_GINT64_FORMAT,
			grid->count, grid_count(grid));
	load->pe_facts = json_object_get_member(o, "facts");
	load->pe_buffers = g_ptr_array_new_with_free_func(buffer_free);
	if (!buffers_from_json(json_object_get_member(o, "buffers"),
		    load->pe_buffers, error))
		return sy_design_read_below(error, "buffers");
	return TRUE;
}

/* Arrays and paths */

static SyDesignArray *array_from_json(
	const GPtrArray *arrays, JsonNode *node, GError **error)
{
	static const char *const names[] = {"name", "ctype", "bits", "integer",
		"global", "dims", "local", "read", "written", NULL};
	static const char *const extra[] = {"id", NULL};
	JsonObject *o = sy_design_read_object(node, error);
	SyDesignArray *x;
	const char *name, *ctype, *id = NULL;
	gint64 bits;

	if (!o || !sy_design_read_members(o, names, 9, extra, error) ||
		!(name = sy_design_read_str(o, "name", error)) ||
		!(ctype = sy_design_read_str(o, "ctype", error)))
		return NULL;
	if (sy_design_array_find(arrays, name)) {
		sy_design_read_fail(error,
			"\"name\" is \"%s\", the name of another array", name);
		return NULL;
	}
	if (json_object_has_member(o, "id") &&
		!(id = sy_design_read_str(o, "id", error)))
		return NULL;
	x = g_new0(SyDesignArray, 1);
	x->name = g_strdup(name);
	x->id = g_strdup(id);
	x->ctype = g_strdup(ctype);
	if (!sy_design_read_int_member(o, "bits", 1, 4096, &bits, error) ||
		!sy_design_read_bool(o, "integer", &x->integer, error) ||
		!sy_design_read_bool(o, "global", &x->global, error) ||
		!sy_design_read_ints_member(o, "dims", 0, 0, G_MAXUINT,
			&x->dims, &x->n_dims, error) ||
		!sy_design_read_bool(o, "local", &x->local, error) ||
		!sy_design_read_bool(o, "read", &x->read, error) ||
		!sy_design_read_bool(o, "written", &x->written, error)) {
		sy_design_array_free(x);
		return NULL;
	}
	x->bits = (guint)bits;
	return x;
}

static gboolean read_arrays(Load *load, JsonNode *value, GError **error)
{
	JsonArray *list = sy_design_read_array(value, error);

	if (!list)
		return FALSE;
	for (guint i = 0; i < json_array_get_length(list); i++) {
		SyDesignArray *x = array_from_json(load->design->arrays,
			json_array_get_element(list, i), error);

		if (!x)
			return sy_design_read_below_index(error, i);
		g_ptr_array_add(load->design->arrays, x);
	}
	return TRUE;
}

static void path_free(gpointer data)
{
	SyIoPath *p = data;

	g_free(p->direction);
	g_free(p->prefix);
	g_free(p);
}

/* Its role, way, and direction along the grid's space loops: all zero
 * for an interior path, not for an exterior one. */
static gboolean path_fill(
	Load *load, JsonObject *o, SyIoPath *p, GError **error)
{
	guint role, n;
	gboolean moves = FALSE;

	if (!sy_design_read_enum(o, "role", role_names,
		    G_N_ELEMENTS(role_names), &role, error) ||
		!sy_design_read_way(o, "direction", &p->in, error) ||
		!sy_design_read_bool(o, "exterior", &p->exterior, error) ||
		!sy_design_read_ints_member(o, "along", G_MININT64, 0,
			G_MAXUINT, &p->direction, &n, error))
		return FALSE;
	p->role = (SyPathRole)role;
	p->n_space = n;
	if (n != load->design->grid->n_space)
		return sy_design_read_fail(error,
			"\"along\" has %u integers, not one per space loop "
			"(%u)",
			n, load->design->grid->n_space);
	for (guint k = 0; k < n; k++)
		moves = moves || p->direction[k] != 0;
	if (moves != p->exterior)
		return sy_design_read_fail(error,
			"\"along\" is %s, but \"exterior\" is %s",
			moves ? "not all zero" : "all zero",
			p->exterior ? "true" : "false");
	return TRUE;
}

/* An optional "ports" (--hbm), 1 where there is none. */
static gboolean read_ports(JsonObject *o, guint *ports, GError **error)
{
	guint n = 1;

	if (json_object_has_member(o, "ports") &&
		!sy_design_read_uint(o, "ports", 1, &n, error))
		return FALSE;
	if (n > SY_DESIGN_MAX_HBM_PORTS)
		return sy_design_read_fail(error,
			"\"ports\" is %u, more than %d", n,
			SY_DESIGN_MAX_HBM_PORTS);
	*ports = n;
	return TRUE;
}

static SyIoPath *path_from_json(Load *load, JsonNode *node, GError **error)
{
	static const char *const names[] = {"prefix", "array", "role",
		"direction", "exterior", "along", "reduce", "ports", NULL};
	JsonObject *o = sy_design_read_object(node, error);
	const char *prefix, *op = NULL;
	SyIoPath *p;

	if (!o || !sy_design_read_members(o, names, 6, NULL, error) ||
		!(prefix = sy_design_read_str(o, "prefix", error)))
		return NULL;
	p = g_new0(SyIoPath, 1);
	p->prefix = g_strdup(prefix);
	if (!(p->plain_array = get_array_name(load, o, FALSE, error)) ||
		!path_fill(load, o, p, error) ||
		(json_object_has_member(o, "reduce") &&
			(!(op = sy_design_read_str(o, "reduce", error)) ||
				!sy_design_parse_reduce_op(
					op, p->reduce_op, error))) ||
		!read_ports(o, &p->ports, error)) {
		path_free(p);
		return NULL;
	}
	return p;
}

static gboolean read_paths(Load *load, JsonNode *value, GError **error)
{
	JsonArray *list = sy_design_read_array(value, error);

	if (!list)
		return FALSE;
	for (guint i = 0; i < json_array_get_length(list); i++) {
		SyIoPath *p = path_from_json(
			load, json_array_get_element(list, i), error);

		if (!p)
			return sy_design_read_below_index(error, i);
		g_ptr_array_add(load->design->paths, p);
	}
	return TRUE;
}

/* Modules */

/* The facts other parts keep per module, one line each: read after
 * the module's other members. */
static const ModuleMember module_facts[] = {
	{NULL, NULL},
};

static SyLoopNode *loops_from_json(JsonNode *node, GError **error)
{
	static const char *const names[] = {
		"name", "role", "trip", "children", NULL};
	JsonObject *o = sy_design_read_object(node, error);
	const char *name, *role;
	JsonArray *list;
	SyLoopNode *loop;

	if (!o || !sy_design_read_members(o, names, 3, NULL, error) ||
		!(name = sy_design_read_str(o, "name", error)) ||
		!(role = sy_design_read_str(o, "role", error)))
		return NULL;
	loop = sy_loop_node_new(name, role, 0);
	if (!sy_design_read_int_member(
		    o, "trip", 0, G_MAXINT64, &loop->trip, error)) {
		sy_loop_node_free(loop);
		return NULL;
	}
	if (!json_object_has_member(o, "children"))
		return loop;
	if (!(list = sy_design_read_array(
		      json_object_get_member(o, "children"), error))) {
		sy_design_read_below(error, "children");
		sy_loop_node_free(loop);
		return NULL;
	}
	for (guint i = 0; i < json_array_get_length(list); i++) {
		SyLoopNode *child = loops_from_json(
			json_array_get_element(list, i), error);

		if (!child) {
			sy_design_read_below_index(error, i);
			sy_design_read_below(error, "children");
			sy_loop_node_free(loop);
			return NULL;
		}
		g_ptr_array_add(loop->children, child);
	}
	return loop;
}

static void param_free(gpointer data)
{
	SyCodeParam *param = data;

	g_free(param->name);
	g_free(param);
}

static gboolean params_from_json(JsonNode *node, SyModule *m, GError **error)
{
	static const char *const names[] = {"name", "dim", NULL};
	JsonArray *list = sy_design_read_array(node, error);

	if (!list)
		return FALSE;
	m->params = g_ptr_array_new_with_free_func(param_free);
	for (guint i = 0; i < json_array_get_length(list); i++) {
		JsonObject *o = sy_design_read_object(
			json_array_get_element(list, i), error);
		const char *name;
		SyCodeParam *param;

		if (!o || !sy_design_read_members(o, names, 2, NULL, error) ||
			!(name = sy_design_read_str(o, "name", error)))
			return sy_design_read_below_index(error, i);
		param = g_new0(SyCodeParam, 1);
		param->name = g_strdup(name);
		g_ptr_array_add(m->params, param);
		if (!sy_design_read_uint(o, "dim", 0, &param->dim, error))
			return sy_design_read_below_index(error, i);
	}
	return TRUE;
}

/* Its array and path: none for the PE, the same array for others. */
static gboolean module_path(
	Load *load, JsonObject *o, SyModule *m, GError **error)
{
	JsonNode *path = json_object_get_member(o, "path");
	GPtrArray *paths = load->design->paths;
	gboolean pe = m->kind == SY_MODULE_PE;
	gint64 i;

	m->plain_array = get_array_name(load, o, TRUE, error);
	if (!m->plain_array && error && *error)
		return FALSE;
	if (!JSON_NODE_HOLDS_NULL(path) &&
		!sy_design_read_int(
			path, "\"path\"", 0, (gint64)paths->len - 1, &i, error))
		return FALSE;
	if (pe != !m->plain_array || pe != JSON_NODE_HOLDS_NULL(path))
		return sy_design_read_fail(error, "%s",
			pe ? "the PE has \"array\" and \"path\" null"
			   : "every module but the PE has an \"array\" and a "
			     "\"path\"");
	if (pe)
		return TRUE;
	m->path = g_ptr_array_index(paths, i);
	if (m->path->plain_array != m->plain_array)
		return sy_design_read_fail(error,
			"\"array\" is \"%s\", but path %" G_GINT64_FORMAT
			" moves \"%s\"",
			m->plain_array->name, i, m->path->plain_array->name);
	return TRUE;
}

/* Its code; errors ("code/body: ...") in the design's domain. */
static SyCode *code_from_json(JsonNode *node, GError **error)
{
	GError *code_error = NULL;
	SyCode *code = sy_code_from_json(node, &code_error);

	if (code)
		return code;
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID, "/%s",
		code_error->message);
	g_error_free(code_error);
	return NULL;
}

/* The members after its name and kind. */
static gboolean module_fill(
	Load *load, JsonObject *o, SyModule *m, GError **error)
{
	const char *edges[SY_EDGE_CORNER + 1];
	gint64 level;
	guint edge;

	for (guint e = 0; e < G_N_ELEMENTS(edges); e++)
		edges[e] = sy_edge_name((SyEdge)e);
	if (!module_path(load, o, m, error) ||
		!sy_design_read_int_member(o, "level", 0, 3, &level, error) ||
		!sy_design_read_way(o, "direction", &m->in, error) ||
		!sy_design_read_int_member(
			o, "count", 0, G_MAXINT64, &m->count, error) ||
		!sy_design_read_enum(o, "placement", edges, G_N_ELEMENTS(edges),
			&edge, error))
		return FALSE;
	m->level = (guint)level;
	m->edge = (SyEdge)edge;
	if (!buffers_from_json(
		    json_object_get_member(o, "buffers"), m->buffers, error))
		return sy_design_read_below(error, "buffers");
	if (!(m->loops = loops_from_json(
		      json_object_get_member(o, "loops"), error)))
		return sy_design_read_below(error, "loops");
	if (json_object_has_member(o, "code") !=
		json_object_has_member(o, "params"))
		return sy_design_read_fail(
			error, "\"code\" and \"params\" go together");
	if (json_object_has_member(o, "code") &&
		!(m->code = code_from_json(
			  json_object_get_member(o, "code"), error)))
		return FALSE;
	if (json_object_has_member(o, "params") &&
		!params_from_json(
			json_object_get_member(o, "params"), m, error))
		return sy_design_read_below(error, "params");
	/* A fact's error starts with its member's name. */
	for (guint i = 0; module_facts[i].name; i++)
		if (json_object_has_member(o, module_facts[i].name) &&
			!module_facts[i].fact(load->design, m,
				json_object_get_member(o, module_facts[i].name),
				error))
			return sy_design_read_below(error, "");
	return TRUE;
}

static gboolean module_from_json(
	Load *load, JsonNode *node, gboolean first, GError **error)
{
	static const char *const names[] = {"name", "kind", "array", "path",
		"level", "direction", "count", "placement", "buffers", "loops",
		"code", "params", NULL};
	const char *extra[G_N_ELEMENTS(module_facts)];
	const char *kinds[SY_MODULE_DUMMY + 1];
	JsonObject *o = sy_design_read_object(node, error);
	const char *name;
	guint kind;

	for (guint i = 0; i < G_N_ELEMENTS(module_facts); i++)
		extra[i] = module_facts[i].name;
	for (guint k = 0; k < G_N_ELEMENTS(kinds); k++)
		kinds[k] = sy_module_kind_name((SyModuleKind)k);
	if (!o || !sy_design_read_members(o, names, 10, extra, error) ||
		!(name = sy_design_read_str(o, "name", error)) ||
		!sy_design_read_enum(
			o, "kind", kinds, G_N_ELEMENTS(kinds), &kind, error))
		return FALSE;
	if (first != (kind == SY_MODULE_PE))
		return sy_design_read_fail(error, "%s",
			first ? "the first module is not the PE (\"kind\": "
				"\"pe\")"
			      : "the PE is the first module only");
	if (sy_design_find(load->design, name))
		return sy_design_read_fail(error,
			"\"name\" is \"%s\", the name of another module", name);
	return module_fill(load, o,
		sy_design_add_module(load->design, name, (SyModuleKind)kind),
		error);
}

static gboolean read_modules(Load *load, JsonNode *value, GError **error)
{
	JsonArray *list = sy_design_read_array(value, error);

	if (!list)
		return FALSE;
	if (json_array_get_length(list) == 0)
		return sy_design_read_fail(error, "no module, not even the PE");
	for (guint i = 0; i < json_array_get_length(list); i++)
		if (!module_from_json(load, json_array_get_element(list, i),
			    i == 0, error))
			return sy_design_read_below_index(error, i);
	load->design->pe = g_ptr_array_index(load->design->modules, 0);
	return TRUE;
}

/* FIFOs and DRAM ports */

static gboolean fifo_end(Load *load, JsonObject *o, const char *name,
	const SyModule **end, GError **error)
{
	const char *module = sy_design_read_str(o, name, error);

	if (!module)
		return FALSE;
	if (!(*end = sy_design_find(load->design, module)))
		return sy_design_read_fail(error,
			"\"%s\" is \"%s\", which is not in \"modules\"", name,
			module);
	return TRUE;
}

static gboolean fifo_from_json(Load *load, JsonNode *node, GError **error)
{
	static const char *const names[] = {"name", "array", "count",
		"width_bits", "depth", "from", "to", NULL};
	JsonObject *o = sy_design_read_object(node, error);
	const SyDesignArray *x;
	const char *name;
	SyFifo f = {0};

	if (!o || !sy_design_read_members(o, names, 7, NULL, error) ||
		!(name = sy_design_read_str(o, "name", error)) ||
		!(x = get_array_name(load, o, FALSE, error)) ||
		!sy_design_read_int_member(
			o, "count", 1, G_MAXINT64, &f.count, error) ||
		!sy_design_read_uint(
			o, "width_bits", 1, &f.width_bits, error) ||
		!sy_design_read_uint(o, "depth", 1, &f.depth, error) ||
		!fifo_end(load, o, "from", &f.from, error) ||
		!fifo_end(load, o, "to", &f.to, error))
		return FALSE;
	f.name = g_strdup(name);
	f.plain_array = x;
	g_ptr_array_add(load->design->fifos, g_memdup2(&f, sizeof f));
	return TRUE;
}

static gboolean read_fifos(Load *load, JsonNode *value, GError **error)
{
	JsonArray *list = sy_design_read_array(value, error);

	if (!list)
		return FALSE;
	for (guint i = 0; i < json_array_get_length(list); i++)
		if (!fifo_from_json(
			    load, json_array_get_element(list, i), error))
			return sy_design_read_below_index(error, i);
	return TRUE;
}

static gboolean port_from_json(Load *load, JsonNode *node, GError **error)
{
	static const char *const names[] = {
		"array", "direction", "width_bits", "elements", "ports", NULL};
	JsonObject *o = sy_design_read_object(node, error);
	SyDramPort port = {0};

	if (!o || !sy_design_read_members(o, names, 4, NULL, error) ||
		!(port.plain_array = get_array_name(load, o, FALSE, error)) ||
		!sy_design_read_way(o, "direction", &port.in, error) ||
		!sy_design_read_uint(
			o, "width_bits", 1, &port.width_bits, error) ||
		!sy_design_read_int_member(
			o, "elements", 0, G_MAXINT64, &port.elements, error) ||
		!read_ports(o, &port.ports, error))
		return FALSE;
	g_ptr_array_add(load->design->dram, g_memdup2(&port, sizeof port));
	return TRUE;
}

static gboolean read_dram(Load *load, JsonNode *value, GError **error)
{
	JsonArray *list = sy_design_read_array(value, error);

	if (!list)
		return FALSE;
	for (guint i = 0; i < json_array_get_length(list); i++)
		if (!port_from_json(
			    load, json_array_get_element(list, i), error))
			return sy_design_read_below_index(error, i);
	return TRUE;
}

/* The identifiers an export renamed: the interface's renames, as a
 * map, in the same order. */
static gboolean read_renamed(Load *load, JsonNode *value, GError **error)
{
	JsonObject *o = sy_design_read_object(value, error);
	const SyDesignKernel *k = load->design->kernel;
	g_autoptr(GList) members = NULL;
	guint i = 0;

	if (!o)
		return FALSE;
	if (!k)
		return sy_design_read_fail(
			error, "%s", "renames without an \"interface\"");
	members = json_object_get_members(o);
	for (GList *l = members; l; l = l->next, i++) {
		const SyDesignRename *r = i < k->renamed->len
			? g_ptr_array_index(k->renamed, i)
			: NULL;
		const char *id = sy_design_read_str(o, l->data, error);

		if (!id)
			return FALSE;
		if (!r || !g_str_equal(r->user, l->data) ||
			!g_str_equal(r->id, id))
			return sy_design_read_fail(error,
				"\"%s\" is not the interface's rename %u",
				(const char *)l->data, i);
	}
	if (i != k->renamed->len)
		return sy_design_read_fail(error,
			"%u renames, the interface has %u", i, k->renamed->len);
	return TRUE;
}

/* What the models estimate for the design on its device (an export's
 * "estimate", printed by report/report-estimate.h): derived from the
 * design, so an export from design.json computes it again, and reading
 * keeps nothing of it. */
static gboolean read_estimate(Load *load, JsonNode *value, GError **error)
{
	(void)load;
	return sy_design_read_object(value, error) != NULL;
}

/* The facts of the other parts, each with its own reader. */
static gboolean read_testbench(
	SyDesign *design, JsonNode *value, GError **error)
{
	return (design->tb = sy_tb_facts_from_json(value, design, error)) !=
		NULL;
}

static gboolean read_io(SyDesign *design, JsonNode *value, GError **error)
{
	return (design->io = sy_io_facts_from_json(value, design, error)) !=
		NULL;
}

static gboolean read_interface(
	SyDesign *design, JsonNode *value, GError **error)
{
	design->kernel = sy_design_kernel_from_json(
		value, design->arrays, design->grid, error);
	return design->kernel != NULL;
}

/* The members of design.json, read in this order (each may use those
 * before it), and the facts of the other parts, one line each: the
 * kernel's interface before the paths if its arrays replace "arrays",
 * the I/O, PE and testbench facts after "dram" (they refer to paths and
 * modules). */
static const Member members[] = {
	{"kernel", TRUE, read_kernel, NULL},
	{"candidate", TRUE, read_candidate, NULL},
	{"sizes", TRUE, read_sizes, NULL},
	{"padded_sizes", TRUE, read_padded, NULL},
	{"pe", TRUE, read_pe, NULL},
	{"arrays", TRUE, read_arrays, NULL},
	{"paths", TRUE, read_paths, NULL},
	{"modules", TRUE, read_modules, NULL},
	{"fifos", TRUE, read_fifos, NULL},
	{"dram", TRUE, read_dram, NULL},
	{"testbench", FALSE, NULL, read_testbench},
	{"io", FALSE, NULL, read_io},
	{"interface", FALSE, NULL, read_interface},
	{"renamed", FALSE, read_renamed, NULL},
	{"estimate", FALSE, read_estimate, NULL},
};

static gboolean buffers_equal(const GPtrArray *a, const GPtrArray *b)
{
	if (a->len != b->len)
		return FALSE;
	for (guint i = 0; i < a->len; i++) {
		const SyBuffer *x = g_ptr_array_index(a, i);
		const SyBuffer *y = g_ptr_array_index(b, i);

		if (!g_str_equal(x->name, y->name) ||
			x->elem_bits != y->elem_bits ||
			x->n_dims != y->n_dims ||
			memcmp(x->shape, y->shape,
				x->n_dims * sizeof(gint64)) ||
			x->pack != y->pack || x->depth != y->depth ||
			x->ping_pong != y->ping_pong || x->uram != y->uram)
			return FALSE;
	}
	return TRUE;
}

static gboolean check_top(JsonObject *o, GError **error)
{
	g_autoptr(GList) names = json_object_get_members(o);

	for (guint i = 0; i < G_N_ELEMENTS(members); i++)
		if (members[i].required &&
			!json_object_has_member(o, members[i].name))
			return sy_design_read_fail(
				error, "no member \"%s\"", members[i].name);
	for (GList *l = names; l; l = l->next) {
		guint i = 0;

		while (i < G_N_ELEMENTS(members) &&
			!g_str_equal(members[i].name, l->data))
			i++;
		if (i == G_N_ELEMENTS(members))
			return sy_design_read_fail(error,
				"unknown member \"%s\"", (const char *)l->data);
	}
	return TRUE;
}

/* A delayed read's coordinate is one of the PE's (the printer names
 * it). */
static gboolean delays_along_pe(const SyDesign *design, GError **error)
{
	const SyPeFacts *facts = design->pe_facts;

	for (guint i = 0; i < facts->stmts->len; i++) {
		const SyPeStmt *s = g_ptr_array_index(facts->stmts, i);

		for (guint k = 0; k < s->accesses->len; k++) {
			const SyPeAccess *a = g_ptr_array_index(s->accesses, k);

			if (a->delay && a->along >= design->pe->params->len) {
				sy_design_read_fail(error,
					"\"along\" is %u, not one of the PE's "
					"%u coordinates",
					a->along, design->pe->params->len);
				g_prefix_error(error,
					"facts/statements/%u/accesses/%u", i,
					k);
				return FALSE;
			}
		}
	}
	return TRUE;
}
static gboolean load_members(Load *load, JsonObject *o, GError **error)
{
	if (!check_top(o, error))
		return FALSE;
	for (guint i = 0; i < G_N_ELEMENTS(members); i++) {
		const Member *m = &members[i];
		JsonNode *value = json_object_get_member(o, m->name);

		if (!value)
			continue;
		if (m->read && !m->read(load, value, error))
			return sy_design_read_below(error, m->name);
		/* A fact's error starts with its member's name. */
		if (!m->read && !m->fact(load->design, value, error))
			return sy_design_read_below(error, "");
	}
	/* The PE's facts name paths by their index. */
	if (load->pe_facts &&
		!(load->design->pe_facts = sy_pe_facts_from_json(load->pe_facts,
			  load->design->arrays, load->design->paths->len,
			  error)))
		return sy_design_read_below(error, "pe/");
	if (load->pe_facts && !delays_along_pe(load->design, error))
		return sy_design_read_below(error, "pe/");
	if (!buffers_equal(load->pe_buffers, load->design->pe->buffers))
		return sy_design_read_fail(error, "%s",
			"\"pe\" has other buffers than the first module, the "
			"PE");
	return TRUE;
}

SyDesign *sy_design_from_json(JsonNode *root, GError **error)
{
	Load load = {sy_design_alloc(), NULL, NULL};
	SyDesign *design = load.design;
	JsonObject *o = sy_design_read_object(root, error);

	design->grid = g_new0(SyDesignGrid, 1);
	design->arrays = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_design_array_free);
	design->paths = g_ptr_array_new_with_free_func(path_free);
	if (!o || !load_members(&load, o, error)) {
		g_prefix_error(error, "design");
		g_clear_pointer(&design, sy_design_free);
	}
	if (load.pe_buffers)
		g_ptr_array_unref(load.pe_buffers);
	return design;
}

SyDesign *sy_design_from_json_text(const char *text, gssize len, GError **error)
{
	g_autoptr(JsonParser) parser = json_parser_new_immutable();

	if (!sy_json_load(parser, text, len, error))
		return NULL;
	if (!json_parser_get_root(parser)) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"design: no JSON value");
		return NULL;
	}
	return sy_design_from_json(json_parser_get_root(parser), error);
}

/* What the HLS backend prints from (sy_export_files_print): a design
 * read back from design.json has it if the export it came from wrote
 * it; one from --emit design does not. */

static gboolean has_interface(const SyDesign *design)
{
	return design->kernel != NULL;
}

static gboolean has_code(const SyDesign *design)
{
	return design->pe->code && design->io && design->tb && design->pe_facts;
}

static const struct {
	const char *what;
	gboolean (*has)(const SyDesign *design);
} printer_needs[] = {
	{"the kernel's interface (\"interface\", which only an export "
	 "writes)",
		has_interface},
	{"the modules' code and facts (\"code\", \"io\", \"testbench\" "
	 "and the PE's \"facts\")",
		has_code},
};

gboolean sy_design_check_printable(const SyDesign *design, GError **error)
{
	g_autoptr(GString) missing = g_string_new(NULL);

	for (guint i = 0; i < G_N_ELEMENTS(printer_needs); i++)
		if (!printer_needs[i].has(design))
			g_string_append_printf(missing, "%s%s",
				missing->len ? "; " : "",
				printer_needs[i].what);
	if (!missing->len)
		return TRUE;
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"the HLS backend cannot print this design: it lacks %s; "
		"export the kernel itself, or use the design.json of an "
		"export",
		missing->str);
	return FALSE;
}
