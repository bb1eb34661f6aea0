/* design.json's "interface": the kernel's interface written and read back
 * exactly (see design-kernel-json.h). */
#include <string.h>

#include "base/json-members.h"
#include "comm/design-kernel-json.h"
#include "comm/design.h"

/* Writing */

/* A string as it is when JSON can hold it, else its bytes in base64. */
static void member_text(JsonBuilder *b, const char *name, const char *s)
{
	g_autofree char *coded = NULL;

	if (!s || g_utf8_validate(s, -1, NULL)) {
		sy_json_member_str(b, name, s);
		return;
	}
	coded = g_base64_encode((const guchar *)s, strlen(s));
	json_builder_set_member_name(b, name);
	json_builder_begin_object(b);
	sy_json_member_str(b, "base64", coded);
	json_builder_end_object(b);
}

static void add_array(JsonBuilder *b, const SyDesignArray *x)
{
	json_builder_begin_object(b);
	member_text(b, "name", x->name);
	member_text(b, "id", x->id);
	sy_json_member_ints(b, "dims", x->dims, x->n_dims);
	sy_json_member_bool(b, "local", x->local);
	sy_json_member_bool(b, "read", x->read);
	sy_json_member_bool(b, "written", x->written);
	member_text(b, "type", x->ctype);
	sy_json_member_int(b, "bits", x->bits);
	sy_json_member_bool(b, "integer", x->integer);
	sy_json_member_bool(b, "global", x->global);
	json_builder_end_object(b);
}

static void add_param(JsonBuilder *b, const SyDesignParam *v)
{
	json_builder_begin_object(b);
	member_text(b, "name", v->name);
	member_text(b, "type", v->ctype);
	sy_json_member_ints(b, "dims", v->dims, v->n_dims);
	sy_json_member_bool(b, "integer", v->integer);
	sy_json_member_bool(b, "passes_null", v->passes_null);
	sy_json_member_bool(b, "written", v->written);
	json_builder_end_object(b);
}

static void add_port(JsonBuilder *b, const SyDesignPort *port)
{
	json_builder_begin_object(b);
	member_text(b, "name", port->name);
	member_text(b, "stem", port->stem);
	sy_json_member_str(b, "direction", port->in ? "in" : "out");
	sy_json_member_bool(b, "declares", port->declares);
	sy_json_member_int(b, "array", port->array);
	sy_json_member_int(b, "pack", port->pack);
	sy_json_member_int(b, "words", port->words);
	json_builder_end_object(b);
}

static void add_define(JsonBuilder *b, const SyDesignDefine *d)
{
	json_builder_begin_object(b);
	member_text(b, "id", d->id);
	member_text(b, "params", d->params);
	member_text(b, "value", d->value);
	json_builder_end_object(b);
}

static void add_rename(JsonBuilder *b, const SyDesignRename *r)
{
	json_builder_begin_object(b);
	member_text(b, "user", r->user);
	member_text(b, "id", r->id);
	member_text(b, "why", r->why);
	json_builder_end_object(b);
}

static void add_header(JsonBuilder *b, const SyDesignHeader *h)
{
	json_builder_begin_object(b);
	member_text(b, "path", h->path);
	member_text(b, "place", h->place);
	member_text(b, "text", h->text);
	json_builder_end_object(b);
}

static void add_list(JsonBuilder *b, const char *name, const GPtrArray *list,
	void (*add)(JsonBuilder *, gconstpointer))
{
	json_builder_set_member_name(b, name);
	json_builder_begin_array(b);
	for (guint i = 0; i < list->len; i++)
		add(b, g_ptr_array_index(list, i));
	json_builder_end_array(b);
}

static void add_testbench(JsonBuilder *b, const SyDesignTestbench *tb)
{
	json_builder_set_member_name(b, "testbench");
	json_builder_begin_object(b);
	sy_json_member_bool(b, "in_main", tb->in_main);
	member_text(b, "indent", tb->indent);
	member_text(b, "unit", tb->unit);
	member_text(b, "before", tb->before);
	member_text(b, "after", tb->after);
	json_builder_end_object(b);
}

void sy_design_kernel_build_json(JsonBuilder *b, const SyDesignKernel *kernel)
{
	json_builder_begin_object(b);
	member_text(b, "source", kernel->source);
	member_text(b, "function", kernel->function);
	member_text(b, "function_id", kernel->function_id);
	sy_json_member_bool(b, "params_known", kernel->params_known);
	add_list(b, "params", kernel->params, (void *)add_param);
	add_list(b, "arrays", kernel->arrays, (void *)add_array);
	sy_json_member_ints(b, "pe", kernel->pe, kernel->n_space);
	sy_json_member_int(b, "pe_count", kernel->pe_count);
	sy_json_member_int(b, "simd", kernel->simd);
	member_text(b, "sizes", kernel->sizes);
	member_text(b, "flags", kernel->flags);
	add_list(b, "ports", kernel->ports, (void *)add_port);
	sy_json_member_int(b, "widest_word", kernel->widest_word);
	member_text(b, "keywords", kernel->keywords);
	add_list(b, "defines", kernel->defines, (void *)add_define);
	add_testbench(b, &kernel->testbench);
	add_list(b, "renames", kernel->renamed, (void *)add_rename);
	add_list(b, "headers", kernel->headers, (void *)add_header);
	json_builder_end_object(b);
}

void sy_design_kernel_add_member(JsonBuilder *b, const SyDesignKernel *kernel)
{
	if (!kernel)
		return;
	json_builder_set_member_name(b, "interface");
	sy_design_kernel_build_json(b, kernel);
}

/* Reading: each getter fails with "where/name: what". */

static gboolean invalid(GError **error, const char *where, const char *name,
	const char *what)
{
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"%s%s%s: %s", where, *where ? "/" : "", name, what);
	return FALSE;
}

/* o has exactly the members names (NULL-terminated). */
static gboolean has_members(JsonObject *o, const char *const *names,
	const char *where, GError **error)
{
	g_autoptr(GList) members = json_object_get_members(o);
	guint n = 0;

	for (GList *l = members; l; l = l->next) {
		guint i = 0;

		while (names[i] && strcmp(names[i], l->data) != 0)
			i++;
		if (!names[i])
			return invalid(error, where, l->data, "unknown member");
	}
	while (names[n]) {
		if (!json_object_has_member(o, names[n]))
			return invalid(error, where, names[n], "missing");
		n++;
	}
	return TRUE;
}

static gboolean holds(JsonNode *node, GType type)
{
	return node && JSON_NODE_HOLDS_VALUE(node) &&
		json_node_get_value_type(node) == type;
}

static gboolean get_text(JsonObject *o, const char *where, const char *name,
	gboolean nullable, char **out, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);
	JsonObject *coded;
	guchar *bytes;
	gsize len;

	if (nullable && JSON_NODE_HOLDS_NULL(node)) {
		*out = NULL;
		return TRUE;
	}
	if (holds(node, G_TYPE_STRING)) {
		*out = g_strdup(json_node_get_string(node));
		return TRUE;
	}
	coded = JSON_NODE_HOLDS_OBJECT(node) ? json_node_get_object(node)
					      : NULL;
	if (!coded || json_object_get_size(coded) != 1 ||
		!holds(json_object_get_member(coded, "base64"), G_TYPE_STRING))
		return invalid(error, where, name,
			"not a string or {\"base64\": string}");
	bytes = g_base64_decode(
		json_object_get_string_member(coded, "base64"), &len);
	if (memchr(bytes, 0, len) || g_utf8_validate((char *)bytes, (gssize)len,
					     NULL)) {
		g_free(bytes);
		return invalid(error, where, name,
			"base64 of text that is UTF-8 or holds NUL");
	}
	*out = g_realloc(bytes, len + 1);
	(*out)[len] = '\0';
	return TRUE;
}

static gboolean get_int(JsonObject *o, const char *where, const char *name,
	gint64 lo, gint64 hi, gint64 *out, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (!holds(node, G_TYPE_INT64))
		return invalid(error, where, name, "not an integer");
	*out = json_node_get_int(node);
	if (*out < lo || *out > hi)
		return invalid(error, where, name, "out of range");
	return TRUE;
}

static gboolean get_uint(JsonObject *o, const char *where, const char *name,
	guint *out, GError **error)
{
	gint64 v;

	if (!get_int(o, where, name, 0, G_MAXUINT, &v, error))
		return FALSE;
	*out = (guint)v;
	return TRUE;
}

static gboolean get_bool(JsonObject *o, const char *where, const char *name,
	gboolean *out, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (!holds(node, G_TYPE_BOOLEAN))
		return invalid(error, where, name, "not a boolean");
	*out = json_node_get_boolean(node);
	return TRUE;
}

/* At most max integers (0: any number). */
static gboolean get_ints(JsonObject *o, const char *where, const char *name,
	guint max, gint64 **out, guint *n, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);
	JsonArray *list = JSON_NODE_HOLDS_ARRAY(node) ? json_node_get_array(node)
						       : NULL;
	guint len = list ? json_array_get_length(list) : 0;

	for (guint i = 0; list && i < len; i++)
		if (!holds(json_array_get_element(list, i), G_TYPE_INT64))
			list = NULL;
	if (!list || (max && len > max))
		return invalid(error, where, name, "not an array of integers");
	*n = len;
	*out = g_new(gint64, MAX(len, 1));
	for (guint i = 0; i < len; i++)
		(*out)[i] = json_array_get_int_element(list, i);
	return TRUE;
}

/* The object at node, which must have exactly names. */
static JsonObject *object_of(JsonNode *node, const char *const *names,
	const char *where, GError **error)
{
	JsonObject *o;

	if (!node || !JSON_NODE_HOLDS_OBJECT(node)) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"%s: not an object", *where ? where : "interface");
		return NULL;
	}
	o = json_node_get_object(node);
	return has_members(o, names, where, error) ? o : NULL;
}

static gpointer array_from_json(JsonNode *node, const char *at, GError **error)
{
	static const char *const names[] = {"name", "id", "dims", "local",
		"read", "written", "type", "bits", "integer", "global", NULL};
	JsonObject *o = object_of(node, names, at, error);
	SyDesignArray *x = g_new0(SyDesignArray, 1);

	if (o && get_text(o, at, "name", FALSE, &x->name, error) &&
		get_text(o, at, "id", FALSE, &x->id, error) &&
		get_ints(o, at, "dims", 0, &x->dims, &x->n_dims, error) &&
		get_bool(o, at, "local", &x->local, error) &&
		get_bool(o, at, "read", &x->read, error) &&
		get_bool(o, at, "written", &x->written, error) &&
		get_text(o, at, "type", FALSE, &x->ctype, error) &&
		get_uint(o, at, "bits", &x->bits, error) &&
		get_bool(o, at, "integer", &x->integer, error) &&
		get_bool(o, at, "global", &x->global, error))
		return x;
	g_free(x->name);
	g_free(x->id);
	g_free(x->dims);
	g_free(x->ctype);
	g_free(x);
	return NULL;
}

static gpointer param_from_json(JsonNode *node, const char *at, GError **error)
{
	static const char *const names[] = {"name", "type", "dims", "integer",
		"passes_null", "written", NULL};
	JsonObject *o = object_of(node, names, at, error);
	SyDesignParam *v = g_new0(SyDesignParam, 1);

	if (o && get_text(o, at, "name", FALSE, &v->name, error) &&
		get_text(o, at, "type", FALSE, &v->ctype, error) &&
		get_ints(o, at, "dims", 0, &v->dims, &v->n_dims, error) &&
		get_bool(o, at, "integer", &v->integer, error) &&
		get_bool(o, at, "passes_null", &v->passes_null, error) &&
		get_bool(o, at, "written", &v->written, error))
		return v;
	g_free(v->name);
	g_free(v->ctype);
	g_free(v->dims);
	g_free(v);
	return NULL;
}

static gpointer port_from_json(JsonNode *node, const char *at, GError **error)
{
	static const char *const names[] = {"name", "stem", "direction",
		"declares", "array", "pack", "words", NULL};
	JsonObject *o = object_of(node, names, at, error);
	SyDesignPort *port = g_new0(SyDesignPort, 1);
	g_autofree char *way = NULL;

	if (o && get_text(o, at, "name", FALSE, &port->name, error) &&
		get_text(o, at, "stem", FALSE, &port->stem, error) &&
		get_text(o, at, "direction", FALSE, &way, error) &&
		(g_str_equal(way, "in") || g_str_equal(way, "out") ||
			invalid(error, at, "direction", "not \"in\" or \"out\"")) &&
		get_bool(o, at, "declares", &port->declares, error) &&
		get_uint(o, at, "array", &port->array, error) &&
		get_uint(o, at, "pack", &port->pack, error) &&
		get_int(o, at, "words", 0, G_MAXINT64, &port->words, error)) {
		port->in = g_str_equal(way, "in");
		return port;
	}
	g_free(port->name);
	g_free(port->stem);
	g_free(port);
	return NULL;
}

static gpointer define_from_json(JsonNode *node, const char *at, GError **error)
{
	static const char *const names[] = {"id", "params", "value", NULL};
	JsonObject *o = object_of(node, names, at, error);
	SyDesignDefine *d = g_new0(SyDesignDefine, 1);

	if (o && get_text(o, at, "id", FALSE, &d->id, error) &&
		get_text(o, at, "params", FALSE, &d->params, error) &&
		get_text(o, at, "value", FALSE, &d->value, error))
		return d;
	g_free(d->id);
	g_free(d->params);
	g_free(d->value);
	g_free(d);
	return NULL;
}

static gpointer rename_from_json(JsonNode *node, const char *at, GError **error)
{
	static const char *const names[] = {"user", "id", "why", NULL};
	JsonObject *o = object_of(node, names, at, error);
	SyDesignRename *r = g_new0(SyDesignRename, 1);

	if (o && get_text(o, at, "user", FALSE, &r->user, error) &&
		get_text(o, at, "id", FALSE, &r->id, error) &&
		get_text(o, at, "why", FALSE, &r->why, error))
		return r;
	g_free(r->user);
	g_free(r->id);
	g_free(r->why);
	g_free(r);
	return NULL;
}

static gpointer header_from_json(JsonNode *node, const char *at, GError **error)
{
	static const char *const names[] = {"path", "place", "text", NULL};
	JsonObject *o = object_of(node, names, at, error);
	SyDesignHeader *h = g_new0(SyDesignHeader, 1);

	if (o && get_text(o, at, "path", FALSE, &h->path, error) &&
		get_text(o, at, "place", FALSE, &h->place, error) &&
		get_text(o, at, "text", FALSE, &h->text, error))
		return h;
	g_free(h->path);
	g_free(h->place);
	g_free(h->text);
	g_free(h);
	return NULL;
}

/* Every element of the array member name into list. */
static gboolean get_list(JsonObject *o, const char *name, GPtrArray *list,
	gpointer (*read)(JsonNode *, const char *, GError **), GError **error)
{
	JsonNode *node = json_object_get_member(o, name);
	JsonArray *a = JSON_NODE_HOLDS_ARRAY(node) ? json_node_get_array(node)
						    : NULL;

	if (!a)
		return invalid(error, "", name, "not an array");
	for (guint i = 0; i < json_array_get_length(a); i++) {
		g_autofree char *at = g_strdup_printf("%s/%u", name, i);
		gpointer item = read(json_array_get_element(a, i), at, error);

		if (!item)
			return FALSE;
		g_ptr_array_add(list, item);
	}
	return TRUE;
}

static gboolean testbench_from_json(
	JsonNode *node, SyDesignTestbench *tb, GError **error)
{
	static const char *const names[] = {"in_main", "indent", "unit",
		"before", "after", NULL};
	const char *at = "testbench";
	JsonObject *o = object_of(node, names, at, error);

	return o && get_bool(o, at, "in_main", &tb->in_main, error) &&
		get_text(o, at, "indent", FALSE, &tb->indent, error) &&
		get_text(o, at, "unit", FALSE, &tb->unit, error) &&
		get_text(o, at, "before", FALSE, &tb->before, error) &&
		get_text(o, at, "after", FALSE, &tb->after, error);
}

/* The PE grid: one to three space loops of at least one PE, as many
 * PEs as they give. */
static gboolean grid_from_json(
	JsonObject *o, SyDesignKernel *kernel, GError **error)
{
	g_autofree gint64 *pe = NULL;
	gint64 count = 1;

	if (!get_ints(o, "", "pe", 3, &pe, &kernel->n_space, error))
		return FALSE;
	if (!kernel->n_space)
		return invalid(error, "", "pe", "no space loop");
	for (guint d = 0; d < kernel->n_space; d++) {
		if (pe[d] < 1 || count > G_MAXINT64 / pe[d])
			return invalid(error, "", "pe", "not a grid of PEs");
		count *= pe[d];
	}
	memcpy(kernel->pe, pe, kernel->n_space * sizeof *pe);
	if (!get_int(o, "", "pe_count", 1, G_MAXINT64, &kernel->pe_count,
		    error))
		return FALSE;
	return kernel->pe_count == count ||
		invalid(error, "", "pe_count", "not the grid's PEs");
}

/* Every port's array is one of the kernel's. */
static gboolean ports_valid(const SyDesignKernel *kernel, GError **error)
{
	for (guint i = 0; i < kernel->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(kernel->ports, i);
		g_autofree char *at = g_strdup_printf("ports/%u", i);

		if (port->array >= kernel->arrays->len)
			return invalid(error, at, "array", "no such array");
	}
	return TRUE;
}

SyDesignKernel *sy_design_kernel_from_json(JsonNode *node, GError **error)
{
	static const char *const names[] = {"source", "function",
		"function_id", "params_known", "params", "arrays", "pe",
		"pe_count", "simd", "sizes", "flags", "ports", "widest_word",
		"keywords", "defines", "testbench", "renames", "headers", NULL};
	JsonObject *o = object_of(node, names, "", error);
	SyDesignKernel *kernel = sy_design_kernel_new();

	if (o && get_text(o, "", "source", FALSE, &kernel->source, error) &&
		get_text(o, "", "function", TRUE, &kernel->function, error) &&
		get_text(o, "", "function_id", TRUE, &kernel->function_id,
			error) &&
		get_bool(o, "", "params_known", &kernel->params_known, error) &&
		get_list(o, "params", kernel->params, param_from_json, error) &&
		get_list(o, "arrays", kernel->arrays, array_from_json, error) &&
		grid_from_json(o, kernel, error) &&
		get_int(o, "", "simd", 1, G_MAXINT64, &kernel->simd, error) &&
		get_text(o, "", "sizes", FALSE, &kernel->sizes, error) &&
		get_text(o, "", "flags", FALSE, &kernel->flags, error) &&
		get_list(o, "ports", kernel->ports, port_from_json, error) &&
		ports_valid(kernel, error) &&
		get_uint(o, "", "widest_word", &kernel->widest_word, error) &&
		get_text(o, "", "keywords", FALSE, &kernel->keywords, error) &&
		get_list(o, "defines", kernel->defines, define_from_json,
			error) &&
		testbench_from_json(json_object_get_member(o, "testbench"),
			&kernel->testbench, error) &&
		get_list(o, "renames", kernel->renamed, rename_from_json,
			error) &&
		get_list(o, "headers", kernel->headers, header_from_json, error))
		return kernel;
	sy_design_kernel_free(kernel);
	return NULL;
}
