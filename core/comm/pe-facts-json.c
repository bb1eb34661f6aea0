/* The PE's facts as JSON and back (the format: pe-facts-json.h). */
#include <string.h>

#include "base/json-members.h"
#include "comm/design.h"
#include "comm/pe-facts-json.h"

/* Writing */

/* An index, null for none (-1). */
static void member_index(JsonBuilder *b, const char *name, int v)
{
	json_builder_set_member_name(b, name);
	if (v < 0)
		json_builder_add_null_value(b);
	else
		json_builder_add_int_value(b, v);
}

static void add_access(JsonBuilder *b, const SyPeAccess *a)
{
	json_builder_begin_object(b);
	sy_json_member_int(b, "ref", a->ref);
	sy_json_member_str(b, "array", a->array->name);
	sy_json_member_bool(b, "write", a->write);
	sy_json_member_str(b, "value", sy_pe_value_name(a->value));
	member_index(b, "path", a->path);
	sy_json_member_str(b, "stream", a->stream);
	sy_json_member_bool(b, "fifo", a->fifo);
	member_index(b, "buffer", a->buffer);
	sy_json_member_int(b, "lanes", a->lanes);
	sy_json_member_bool(b, "once", a->once);
	sy_json_member_str(b, "reg", a->reg);
	sy_json_member_bool(b, "forward", a->forward);
	member_index(b, "at", a->at);
	json_builder_end_object(b);
}

/* A piece: one member named after its kind (an iterator's precedence
 * besides). */
static void add_piece(JsonBuilder *b, const SyPePiece *piece)
{
	const char *kind = sy_pe_piece_kind_name(piece->kind);

	json_builder_begin_object(b);
	if (piece->kind == SY_PE_PIECE_TEXT || piece->kind == SY_PE_PIECE_NAME)
		sy_json_member_str(b, kind, piece->text);
	else
		sy_json_member_int(b, kind, piece->n);
	if (piece->kind == SY_PE_PIECE_ITERATOR)
		sy_json_member_int(b, "prec", piece->prec);
	json_builder_end_object(b);
}

static void add_stmt(JsonBuilder *b, const SyPeStmt *s)
{
	json_builder_begin_object(b);
	sy_json_member_str(b, "name", s->name);
	sy_json_member_int(b, "iterators", s->n_iters);
	sy_json_member_int(b, "passed", s->passed);
	json_builder_set_member_name(b, "accesses");
	json_builder_begin_array(b);
	for (guint i = 0; i < s->accesses->len; i++)
		add_access(b, g_ptr_array_index(s->accesses, i));
	json_builder_end_array(b);
	json_builder_set_member_name(b, "value");
	json_builder_begin_array(b);
	for (guint i = 0; i < s->value->len; i++)
		add_piece(b, g_ptr_array_index(s->value, i));
	json_builder_end_array(b);
	json_builder_set_member_name(b, "ops");
	json_builder_begin_array(b);
	for (guint i = 0; i < s->ops->len; i++) {
		const SyPeOp *op = g_ptr_array_index(s->ops, i);

		json_builder_begin_object(b);
		sy_json_member_str(b, "op", op->op);
		sy_json_member_int(b, "count", op->count);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	json_builder_end_object(b);
}

static void add_buffer(JsonBuilder *b, const SyPeBuffer *buf)
{
	json_builder_begin_object(b);
	sy_json_member_str(b, "array", buf->array->name);
	sy_json_member_ints(b, "size", buf->size, buf->n_dims);
	json_builder_set_member_name(b, "partition");
	json_builder_begin_array(b);
	for (guint d = 0; d < buf->n_partition; d++)
		json_builder_add_int_value(b, buf->partition[d]);
	json_builder_end_array(b);
	json_builder_end_object(b);
}

static void add_stream(JsonBuilder *b, const SyPeStream *st)
{
	json_builder_begin_object(b);
	sy_json_member_int(b, "path", st->path);
	sy_json_member_str(b, "stem", st->stem);
	sy_json_member_bool(b, "in", st->in);
	sy_json_member_str(b, "array", st->array->name);
	sy_json_member_int(b, "lanes", st->lanes);
	json_builder_end_object(b);
}

void sy_pe_facts_add_json(JsonBuilder *b, const SyPeFacts *facts)
{
	if (!facts)
		return;
	json_builder_set_member_name(b, "facts");
	json_builder_begin_object(b);
	sy_json_member_int(b, "lanes", facts->lanes);
	json_builder_set_member_name(b, "args");
	json_builder_begin_array(b);
	for (guint i = 0; i < facts->args->len; i++)
		json_builder_add_string_value(b,
			((const SyArray *)g_ptr_array_index(facts->args, i))
				->name);
	json_builder_end_array(b);
	json_builder_set_member_name(b, "buffers");
	json_builder_begin_array(b);
	for (guint i = 0; i < facts->buffers->len; i++)
		add_buffer(b, g_ptr_array_index(facts->buffers, i));
	json_builder_end_array(b);
	json_builder_set_member_name(b, "streams");
	json_builder_begin_array(b);
	for (guint i = 0; i < facts->streams->len; i++)
		add_stream(b, g_ptr_array_index(facts->streams, i));
	json_builder_end_array(b);
	json_builder_set_member_name(b, "statements");
	json_builder_begin_array(b);
	for (guint i = 0; i < facts->stmts->len; i++)
		add_stmt(b, g_ptr_array_index(facts->stmts, i));
	json_builder_end_array(b);
	sy_json_member_str(b, "lanes_warning", facts->lanes_warning);
	json_builder_end_object(b);
}

/* Reading.  Errors say what is wrong (": ...") and get the path to it
 * prefixed on the way back up ("/statements/0"). */

typedef struct {
	const GPtrArray *arrays;
	guint n_paths;
	GError **error;
} Reader;

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

/* o is an object with exactly the members names (NULL-terminated). */
static JsonObject *object_of(
	JsonNode *node, const char *const *names, GError **error)
{
	JsonObject *o;
	guint n = 0;

	if (!node || !JSON_NODE_HOLDS_OBJECT(node)) {
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
				return NULL;
			}
	}
	return o;
}

static gboolean holds(JsonNode *node, GType type)
{
	return JSON_NODE_HOLDS_VALUE(node) &&
		json_node_get_value_type(node) == type;
}

/* An integer member from min to max. */
static gboolean get_int(JsonObject *o, const char *name, gint64 min,
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

static gboolean get_uint(JsonObject *o, const char *name, guint *v,
	GError **error)
{
	gint64 i;

	if (!get_int(o, name, 0, G_MAXUINT, &i, error))
		return FALSE;
	*v = (guint)i;
	return TRUE;
}

/* An index below n, or null: -1. */
static gboolean get_index(
	JsonObject *o, const char *name, guint n, int *v, GError **error)
{
	gint64 i;

	*v = -1;
	if (JSON_NODE_HOLDS_NULL(json_object_get_member(o, name)))
		return TRUE;
	if (n == 0)
		return invalid(error, "\"%s\" is not null", name);
	if (!get_int(o, name, 0, MIN(n - 1, G_MAXINT), &i, error))
		return FALSE;
	*v = (int)i;
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

/* A string member (or null where null_ok: *v NULL), kept by o. */
static gboolean get_str(JsonObject *o, const char *name, gboolean null_ok,
	const char **v, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	*v = NULL;
	if (null_ok && JSON_NODE_HOLDS_NULL(node))
		return TRUE;
	if (!holds(node, G_TYPE_STRING))
		return invalid(error, "\"%s\" is not a string", name);
	*v = json_node_get_string(node);
	return TRUE;
}

static JsonArray *get_array(JsonObject *o, const char *name, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (!JSON_NODE_HOLDS_ARRAY(node)) {
		invalid(error, "\"%s\" is not an array", name);
		return NULL;
	}
	return json_node_get_array(node);
}

/* The design's array of that name. */
static const SyArray *find_array(const Reader *r, const char *name)
{
	for (guint i = 0; name && i < r->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(r->arrays, i);

		if (strcmp(x->name, name) == 0)
			return x;
	}
	invalid(r->error, "no array \"%s\" in the design", name);
	return NULL;
}

static const SyArray *get_array_ref(
	const Reader *r, JsonObject *o, const char *name)
{
	const char *s;

	return get_str(o, name, FALSE, &s, r->error) ? find_array(r, s)
						     : NULL;
}

static SyPeAccess *access_from_json(
	const Reader *r, JsonNode *node, guint n_buffers)
{
	static const char *const names[] = {"ref", "array", "write", "value",
		"path", "stream", "fifo", "buffer", "lanes", "once", "reg",
		"forward", "at", NULL};
	JsonObject *o = object_of(node, names, r->error);
	g_autofree SyPeAccess *a = NULL;
	const char *value, *stream, *reg;
	gint64 at;

	if (!o)
		return NULL;
	a = sy_pe_access_new();
	if (!get_uint(o, "ref", &a->ref, r->error) ||
		!(a->array = get_array_ref(r, o, "array")) ||
		!get_bool(o, "write", &a->write, r->error) ||
		!get_str(o, "value", FALSE, &value, r->error))
		return NULL;
	if (sy_pe_value_from_name(value) < 0) {
		invalid(r->error, "\"value\" is \"%s\", not argument, stream, "
				  "local, fifo or vector",
			value);
		return NULL;
	}
	a->value = (SyPeValue)sy_pe_value_from_name(value);
	if (!get_index(o, "path", r->n_paths, &a->path, r->error) ||
		!get_str(o, "stream", TRUE, &stream, r->error) ||
		!get_bool(o, "fifo", &a->fifo, r->error) ||
		!get_index(o, "buffer", n_buffers, &a->buffer, r->error) ||
		!get_uint(o, "lanes", &a->lanes, r->error) ||
		!get_bool(o, "once", &a->once, r->error) ||
		!get_str(o, "reg", TRUE, &reg, r->error) ||
		!get_bool(o, "forward", &a->forward, r->error))
		return NULL;
	a->at = -1;
	if (!JSON_NODE_HOLDS_NULL(json_object_get_member(o, "at"))) {
		if (!get_int(o, "at", 0, G_MAXINT, &at, r->error))
			return NULL;
		a->at = (int)at;
	}
	a->stream = g_strdup(stream);
	a->reg = g_strdup(reg);
	return g_steal_pointer(&a);
}

/* A piece of a statement of n_access accesses and n_iters iterators. */
static SyPePiece *piece_from_json(
	const Reader *r, JsonNode *node, guint n_access, guint n_iters)
{
	static const char *const text[] = {"text", NULL};
	static const char *const access[] = {"access", NULL};
	static const char *const iterator[] = {"iterator", "prec", NULL};
	static const char *const name[] = {"name", NULL};
	static const char *const *const kinds[] = {
		text, access, iterator, name};
	JsonObject *o;
	const char *s;
	gint64 n = 0, prec = 0;
	int kind = -1;

	if (JSON_NODE_HOLDS_OBJECT(node)) {
		g_autoptr(GList) members = json_object_get_members(
			json_node_get_object(node));

		for (GList *l = members; l && kind < 0; l = l->next)
			kind = sy_pe_piece_kind_from_name(l->data);
	}
	if (kind < 0) {
		invalid(r->error, "not a piece (text, access, iterator, name)");
		return NULL;
	}
	if (!(o = object_of(node, kinds[kind], r->error)))
		return NULL;
	switch ((SyPePieceKind)kind) {
	case SY_PE_PIECE_TEXT:
	case SY_PE_PIECE_NAME:
		if (!get_str(o, kinds[kind][0], FALSE, &s, r->error))
			return NULL;
		return sy_pe_piece_new(kind, s, 0, 0);
	case SY_PE_PIECE_ACCESS:
		if (!get_int(o, "access", 1, (gint64)n_access - 1, &n,
			    r->error))
			return NULL;
		break;
	case SY_PE_PIECE_ITERATOR:
		if (!get_int(o, "iterator", 0, (gint64)n_iters - 1, &n,
			    r->error) ||
			!get_int(o, "prec", 0, 16, &prec, r->error))
			return NULL;
		break;
	}
	return sy_pe_piece_new(kind, NULL, (guint)n, (int)prec);
}

static SyPeOp *op_from_json(const Reader *r, JsonNode *node)
{
	static const char *const names[] = {"op", "count", NULL};
	JsonObject *o = object_of(node, names, r->error);
	const char *op;
	guint count;

	if (!o || !get_str(o, "op", FALSE, &op, r->error) ||
		!get_uint(o, "count", &count, r->error))
		return NULL;
	return sy_pe_op_new(op, count);
}

/* Each element of list read by read into into; FALSE, with where, at
 * the first that fails. */
typedef gpointer (*ReadFunc)(const Reader *r, JsonNode *node, gpointer data);

static gboolean read_list(const Reader *r, JsonObject *o, const char *name,
	ReadFunc read, gpointer data, GPtrArray *into)
{
	JsonArray *list = get_array(o, name, r->error);

	for (guint i = 0; list && i < json_array_get_length(list); i++) {
		gpointer item = read(r, json_array_get_element(list, i), data);

		if (!item) {
			g_prefix_error(r->error, "/%s/%u", name, i);
			return FALSE;
		}
		g_ptr_array_add(into, item);
	}
	return list != NULL;
}

typedef struct {
	guint n_buffers;
	SyPeStmt *stmt;
} StmtRead;

static gpointer read_access(const Reader *r, JsonNode *node, gpointer data)
{
	return access_from_json(r, node, ((StmtRead *)data)->n_buffers);
}

static gpointer read_piece(const Reader *r, JsonNode *node, gpointer data)
{
	const SyPeStmt *s = ((StmtRead *)data)->stmt;

	return piece_from_json(r, node, s->accesses->len, s->n_iters);
}

static gpointer read_op(const Reader *r, JsonNode *node, gpointer data)
{
	(void)data;
	return op_from_json(r, node);
}

static gpointer read_stmt(const Reader *r, JsonNode *node, gpointer data)
{
	static const char *const names[] = {"name", "iterators", "passed",
		"accesses", "value", "ops", NULL};
	JsonObject *o = object_of(node, names, r->error);
	StmtRead sr = {GPOINTER_TO_UINT(data), NULL};
	const char *name;
	guint n_iters;
	gint64 passed;

	if (!o || !get_str(o, "name", FALSE, &name, r->error) ||
		!get_uint(o, "iterators", &n_iters, r->error))
		return NULL;
	sr.stmt = sy_pe_stmt_new(name, n_iters);
	if (!read_list(r, o, "accesses", read_access, &sr,
		    sr.stmt->accesses) ||
		(sr.stmt->accesses->len == 0 &&
			invalid(r->error, "a statement without its write")) ||
		!get_int(o, "passed", 0, (gint64)sr.stmt->accesses->len - 1,
			&passed, r->error) ||
		!read_list(r, o, "value", read_piece, &sr, sr.stmt->value) ||
		!read_list(r, o, "ops", read_op, NULL, sr.stmt->ops)) {
		sy_pe_stmt_free(sr.stmt);
		return NULL;
	}
	sr.stmt->passed = (guint)passed;
	return sr.stmt;
}

static gpointer read_buffer(const Reader *r, JsonNode *node, gpointer data)
{
	static const char *const names[] = {"array", "size", "partition", NULL};
	JsonObject *o = object_of(node, names, r->error);
	const SyArray *x;
	JsonArray *size, *part;
	g_autofree gint64 *sizes = NULL;
	SyPeBuffer *buf;
	guint n;

	(void)data;
	if (!o || !(x = get_array_ref(r, o, "array")) ||
		!(size = get_array(o, "size", r->error)) ||
		!(part = get_array(o, "partition", r->error)))
		return NULL;
	n = json_array_get_length(size);
	sizes = g_new0(gint64, n + 1);
	for (guint d = 0; d < n; d++) {
		JsonNode *e = json_array_get_element(size, d);

		if (!holds(e, G_TYPE_INT64) || json_node_get_int(e) < 1) {
			invalid(r->error, "\"size\" is not a list of sizes");
			return NULL;
		}
		sizes[d] = json_node_get_int(e);
	}
	if (json_array_get_length(part) > x->n_dims) {
		invalid(r->error, "\"partition\" has more dimensions than %s",
			x->name);
		return NULL;
	}
	buf = sy_pe_buffer_new(x, n, sizes);
	for (guint d = 0; d < json_array_get_length(part); d++) {
		JsonNode *e = json_array_get_element(part, d);

		if (!holds(e, G_TYPE_INT64) || json_node_get_int(e) < 0 ||
			json_node_get_int(e) >= x->n_dims ||
			(d && json_node_get_int(e) <= buf->partition[d - 1])) {
			invalid(r->error, "\"partition\" is not a list of "
					  "dimensions of %s, ascending",
				x->name);
			g_free(buf->size);
			g_free(buf->partition);
			g_free(buf);
			return NULL;
		}
		buf->partition[buf->n_partition++] =
			(guint)json_node_get_int(e);
	}
	return buf;
}

static gpointer read_stream(const Reader *r, JsonNode *node, gpointer data)
{
	static const char *const names[] = {
		"path", "stem", "in", "array", "lanes", NULL};
	JsonObject *o = object_of(node, names, r->error);
	const SyArray *x;
	const char *stem;
	gboolean in;
	guint lanes;
	int path;

	(void)data;
	if (!o || !get_index(o, "path", r->n_paths, &path, r->error) ||
		!get_str(o, "stem", FALSE, &stem, r->error) ||
		!get_bool(o, "in", &in, r->error) ||
		!(x = get_array_ref(r, o, "array")) ||
		!get_uint(o, "lanes", &lanes, r->error))
		return NULL;
	if (path < 0 || lanes < 1) {
		invalid(r->error, "a stream without its path or lanes");
		return NULL;
	}
	return sy_pe_stream_new(path, stem, in, x, lanes);
}

static gpointer read_arg(const Reader *r, JsonNode *node, gpointer data)
{
	(void)data;
	if (!holds(node, G_TYPE_STRING)) {
		invalid(r->error, "not an array's name");
		return NULL;
	}
	return (gpointer)find_array(r, json_node_get_string(node));
}

SyPeFacts *sy_pe_facts_from_json(
	JsonNode *node, const GPtrArray *arrays, guint n_paths, GError **error)
{
	static const char *const names[] = {"lanes", "args", "buffers",
		"streams", "statements", "lanes_warning", NULL};
	Reader r = {arrays, n_paths, error};
	JsonObject *o = object_of(node, names, error);
	g_autoptr(SyPeFacts) facts = sy_pe_facts_new();
	const char *warning;

	if (!o || !get_uint(o, "lanes", &facts->lanes, error) ||
		!read_list(&r, o, "args", read_arg, NULL, facts->args) ||
		!read_list(&r, o, "buffers", read_buffer, NULL,
			facts->buffers) ||
		!read_list(&r, o, "streams", read_stream, NULL,
			facts->streams) ||
		!read_list(&r, o, "statements", read_stmt,
			GUINT_TO_POINTER(facts->buffers->len), facts->stmts) ||
		!get_str(o, "lanes_warning", TRUE, &warning, error)) {
		g_prefix_error(error, "facts");
		return NULL;
	}
	facts->lanes_warning = g_strdup(warning);
	return g_steal_pointer(&facts);
}
