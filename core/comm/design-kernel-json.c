/* design.json's "interface": the kernel's interface written and read back
 * exactly (see design-kernel-json.h). */
#include <string.h>

#include "base/json-members.h"
#include "comm/design-kernel-json.h"
#include "comm/design-read.h"
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
	/* Only where --host-serialize packs several: the design.json of
	 * other designs reads as before. */
	if (port->serial > 1)
		sy_json_member_int(b, "serial", port->serial);
	sy_json_member_int(b, "words", port->words);
	/* Only where --hbm splits it. */
	if (port->ports > 1)
		sy_json_member_int(b, "ports", port->ports);
	json_builder_end_object(b);
}

/* A define, a rename and a header: three texts each. */
static const char *const define_names[] = {"id", "params", "value", NULL};
static const char *const rename_names[] = {"user", "id", "why", NULL};
static const char *const header_names[] = {"path", "place", "text", NULL};

static void add_texts(JsonBuilder *b, const char *const *names, const char *x,
	const char *y, const char *z)
{
	json_builder_begin_object(b);
	member_text(b, names[0], x);
	member_text(b, names[1], y);
	member_text(b, names[2], z);
	json_builder_end_object(b);
}

static void add_define(JsonBuilder *b, const SyDesignDefine *d)
{
	add_texts(b, define_names, d->id, d->params, d->value);
}

static void add_rename(JsonBuilder *b, const SyDesignRename *r)
{
	add_texts(b, rename_names, r->user, r->id, r->why);
}

static void add_header(JsonBuilder *b, const SyDesignHeader *h)
{
	add_texts(b, header_names, h->path, h->place, h->text);
}

static void add_function(JsonBuilder *b, const SyDesignFunction *f)
{
	json_builder_begin_object(b);
	member_text(b, "name", f->name);
	member_text(b, "text", f->text);
	json_builder_end_object(b);
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
	sy_json_member_list(b, "params", kernel->params, (void *)add_param);
	member_text(b, "flags", kernel->flags);
	member_text(b, "device", kernel->device);
	sy_json_member_list(b, "ports", kernel->ports, (void *)add_port);
	sy_json_member_int(b, "widest_word", kernel->widest_word);
	member_text(b, "keywords", kernel->keywords);
	sy_json_member_list(b, "defines", kernel->defines, (void *)add_define);
	add_testbench(b, &kernel->testbench);
	sy_json_member_list(b, "renames", kernel->renamed, (void *)add_rename);
	sy_json_member_list(b, "headers", kernel->headers, (void *)add_header);
	sy_json_member_ints(b, "launch", kernel->launch, kernel->n_launch);
	/* Only where the statements call the file's functions: the
	 * design.json of other designs reads as before. */
	if (kernel->functions->len)
		sy_json_member_list(b, "functions", kernel->functions,
			(void *)add_function);
	json_builder_end_object(b);
}

void sy_design_kernel_add_member(JsonBuilder *b, const SyDesignKernel *kernel)
{
	if (!kernel)
		return;
	json_builder_set_member_name(b, "interface");
	sy_design_kernel_build_json(b, kernel);
}

/* Reading (comm/design-read.h's errors: what is wrong, ": ...", with
 * the path to it prefixed on the way back up, "/ports/2", and
 * "interface" at the root). */

/* A string as it is, or {"base64": ...} of bytes that are not UTF-8 or
 * hold no NUL (what the writer codes): a copy in *out; NULL for null
 * where nullable. */
static gboolean get_text(JsonObject *o, const char *name, gboolean nullable,
	char **out, GError **error)
{
	static const char *const coded_names[] = {"base64", NULL};
	JsonNode *node = json_object_get_member(o, name);
	JsonObject *coded;
	const char *text;
	guchar *bytes;
	gsize len;

	*out = NULL;
	if (nullable && JSON_NODE_HOLDS_NULL(node))
		return TRUE;
	if (sy_json_holds(node, G_TYPE_STRING)) {
		*out = g_strdup(json_node_get_string(node));
		return TRUE;
	}
	if (!JSON_NODE_HOLDS_OBJECT(node))
		return sy_design_read_fail(error,
			"\"%s\" is %s, not a string or {\"base64\": string}",
			name, sy_json_type_name(node));
	if (!(coded = sy_design_read_object_with(node, coded_names, error)) ||
		!(text = sy_design_read_str(coded, "base64", error)))
		return sy_design_read_below(error, name);
	bytes = g_base64_decode(text, &len);
	if (memchr(bytes, 0, len) ||
		g_utf8_validate((char *)bytes, (gssize)len, NULL)) {
		g_free(bytes);
		return sy_design_read_fail(error,
			"\"%s\" is base64 of text that is UTF-8 or holds NUL",
			name);
	}
	*out = g_realloc(bytes, len + 1);
	(*out)[len] = '\0';
	return TRUE;
}

static gpointer param_from_json(JsonNode *node, GError **error)
{
	static const char *const names[] = {"name", "type", "dims", "integer",
		"passes_null", "written", NULL};
	JsonObject *o = sy_design_read_object_with(node, names, error);
	SyDesignParam *v = g_new0(SyDesignParam, 1);

	if (o && get_text(o, "name", FALSE, &v->name, error) &&
		get_text(o, "type", FALSE, &v->ctype, error) &&
		sy_design_read_ints_member(o, "dims", G_MININT64, 0, G_MAXUINT,
			&v->dims, &v->n_dims, error) &&
		sy_design_read_bool(o, "integer", &v->integer, error) &&
		sy_design_read_bool(o, "passes_null", &v->passes_null, error) &&
		sy_design_read_bool(o, "written", &v->written, error))
		return v;
	g_free(v->name);
	g_free(v->ctype);
	g_free(v->dims);
	g_free(v);
	return NULL;
}

static gpointer port_from_json(JsonNode *node, GError **error)
{
	static const char *const names[] = {"name", "stem", "direction",
		"declares", "array", "pack", "words", NULL};
	static const char *const optional[] = {"serial", "ports", NULL};
	JsonObject *o = sy_design_read_object(node, error);
	SyDesignPort *port = g_new0(SyDesignPort, 1);

	port->serial = 1;
	if (o && sy_design_read_members(o, names, 7, optional, error) &&
		(!json_object_has_member(o, "serial") ||
			sy_design_read_uint(
				o, "serial", 1, &port->serial, error)) &&
		(!json_object_has_member(o, "ports") ||
			sy_design_read_uint(
				o, "ports", 1, &port->ports, error)) &&
		get_text(o, "name", FALSE, &port->name, error) &&
		get_text(o, "stem", FALSE, &port->stem, error) &&
		sy_design_read_way(o, "direction", &port->in, error) &&
		sy_design_read_bool(o, "declares", &port->declares, error) &&
		sy_design_read_uint(o, "array", 0, &port->array, error) &&
		sy_design_read_uint(o, "pack", 0, &port->pack, error) &&
		sy_design_read_int_member(
			o, "words", 0, G_MAXINT64, &port->words, error))
		return port;
	g_free(port->name);
	g_free(port->stem);
	g_free(port);
	return NULL;
}

/* Three texts, as a define, a rename and a header have: into *a, *b
 * and *c. */
static gboolean texts_from_json(JsonObject *o, const char *const *names,
	char **a, char **b, char **c, GError **error)
{
	return get_text(o, names[0], FALSE, a, error) &&
		get_text(o, names[1], FALSE, b, error) &&
		get_text(o, names[2], FALSE, c, error);
}

static gpointer define_from_json(JsonNode *node, GError **error)
{
	JsonObject *o = sy_design_read_object_with(node, define_names, error);
	SyDesignDefine *d = g_new0(SyDesignDefine, 1);

	if (o &&
		texts_from_json(
			o, define_names, &d->id, &d->params, &d->value, error))
		return d;
	g_free(d->id);
	g_free(d->params);
	g_free(d->value);
	g_free(d);
	return NULL;
}

static gpointer rename_from_json(JsonNode *node, GError **error)
{
	JsonObject *o = sy_design_read_object_with(node, rename_names, error);
	SyDesignRename *r = g_new0(SyDesignRename, 1);

	if (o &&
		texts_from_json(
			o, rename_names, &r->user, &r->id, &r->why, error))
		return r;
	g_free(r->user);
	g_free(r->id);
	g_free(r->why);
	g_free(r);
	return NULL;
}

static gpointer header_from_json(JsonNode *node, GError **error)
{
	JsonObject *o = sy_design_read_object_with(node, header_names, error);
	SyDesignHeader *h = g_new0(SyDesignHeader, 1);

	if (o &&
		texts_from_json(
			o, header_names, &h->path, &h->place, &h->text, error))
		return h;
	g_free(h->path);
	g_free(h->place);
	g_free(h->text);
	g_free(h);
	return NULL;
}

static gpointer function_from_json(JsonNode *node, GError **error)
{
	static const char *const names[] = {"name", "text", NULL};
	JsonObject *o = sy_design_read_object_with(node, names, error);
	SyDesignFunction *f = g_new0(SyDesignFunction, 1);

	if (o && get_text(o, "name", FALSE, &f->name, error) &&
		get_text(o, "text", FALSE, &f->text, error))
		return f;
	g_free(f->name);
	g_free(f->text);
	g_free(f);
	return NULL;
}

/* Every element of the array member name into list. */
static gboolean get_list(JsonObject *o, const char *name, GPtrArray *list,
	gpointer (*read)(JsonNode *, GError **), GError **error)
{
	JsonArray *a = sy_design_read_array_member(o, name, error);

	for (guint i = 0; a && i < json_array_get_length(a); i++) {
		gpointer item = read(json_array_get_element(a, i), error);

		if (!item) {
			sy_design_read_below_index(error, i);
			return sy_design_read_below(error, name);
		}
		g_ptr_array_add(list, item);
	}
	return a != NULL;
}

static gboolean testbench_from_json(
	JsonNode *node, SyDesignTestbench *tb, GError **error)
{
	static const char *const names[] = {
		"in_main", "indent", "unit", "before", "after", NULL};
	JsonObject *o = sy_design_read_object_with(node, names, error);

	return (o && sy_design_read_bool(o, "in_main", &tb->in_main, error) &&
		       get_text(o, "indent", FALSE, &tb->indent, error) &&
		       get_text(o, "unit", FALSE, &tb->unit, error) &&
		       get_text(o, "before", FALSE, &tb->before, error) &&
		       get_text(o, "after", FALSE, &tb->after, error)) ||
		sy_design_read_below(error, "testbench");
}

/* Every port's array is one of the kernel's. */
static gboolean ports_valid(const SyDesignKernel *kernel, GError **error)
{
	for (guint i = 0; i < kernel->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(kernel->ports, i);

		if (port->array >= kernel->arrays->len) {
			sy_design_read_fail(error,
				"\"array\" is %u, not one of the %u arrays",
				port->array, kernel->arrays->len);
			sy_design_read_below_index(error, i);
			return sy_design_read_below(error, "ports");
		}
	}
	return TRUE;
}

/* "launch": the tiles of each of the host's tile loops, 1 or more. */
static gboolean launch_from_json(
	JsonObject *o, SyDesignKernel *kernel, GError **error)
{
	gint64 n = 1;

	if (!json_object_has_member(o, "launch"))
		return TRUE;
	if (!sy_design_read_ints_member(o, "launch", 1, 0, 16, &kernel->launch,
		    &kernel->n_launch, error))
		return FALSE;
	for (guint k = 0; k < kernel->n_launch; k++) {
		if (n > G_MAXINT64 / kernel->launch[k])
			return sy_design_read_fail(error,
				"\"launch\": more launches than 64 bits "
				"count");
		n *= kernel->launch[k];
	}
	return TRUE;
}

SyDesignKernel *sy_design_kernel_from_json(JsonNode *node, GPtrArray *arrays,
	const SyDesignGrid *grid, GError **error)
{
	static const char *const names[] = {"source", "function", "function_id",
		"params_known", "params", "flags", "device", "ports",
		"widest_word", "keywords", "defines", "testbench", "renames",
		"headers", NULL};
	/* Designs before the host's launches have none. */
	static const char *const later[] = {"launch", "functions", NULL};
	JsonObject *o = sy_design_read_object(node, error);
	SyDesignKernel *kernel = sy_design_kernel_new();

	if (o && !sy_design_read_members(o, names, G_N_ELEMENTS(names) - 1,
			 later, error))
		o = NULL;
	kernel->arrays = g_ptr_array_ref(arrays);
	kernel->grid = grid;
	if (o && get_text(o, "source", FALSE, &kernel->source, error) &&
		get_text(o, "function", TRUE, &kernel->function, error) &&
		get_text(o, "function_id", TRUE, &kernel->function_id, error) &&
		sy_design_read_bool(
			o, "params_known", &kernel->params_known, error) &&
		get_list(o, "params", kernel->params, param_from_json, error) &&
		get_text(o, "flags", FALSE, &kernel->flags, error) &&
		get_text(o, "device", TRUE, &kernel->device, error) &&
		get_list(o, "ports", kernel->ports, port_from_json, error) &&
		ports_valid(kernel, error) &&
		sy_design_read_uint(
			o, "widest_word", 0, &kernel->widest_word, error) &&
		get_text(o, "keywords", FALSE, &kernel->keywords, error) &&
		get_list(o, "defines", kernel->defines, define_from_json,
			error) &&
		testbench_from_json(json_object_get_member(o, "testbench"),
			&kernel->testbench, error) &&
		get_list(o, "renames", kernel->renamed, rename_from_json,
			error) &&
		get_list(
			o, "headers", kernel->headers, header_from_json, error) &&
		launch_from_json(o, kernel, error) &&
		(!json_object_has_member(o, "functions") ||
			get_list(o, "functions", kernel->functions,
				function_from_json, error)))
		return kernel;
	g_prefix_error(error, "interface");
	sy_design_kernel_free(kernel);
	return NULL;
}
