/* The PE's facts as JSON and back (the format: pe-facts-json.h). */
#include <string.h>

#include "base/json-members.h"
#include "comm/design-read.h"
#include "comm/design.h"
#include "comm/pe-facts-json.h"
#include "poly/scop.h"

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
	sy_json_member_str(b, "array", a->plain_array->name);
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
	/* Only delayed reads have them: every other design's file stays
	 * as it was. */
	if (a->delay) {
		sy_json_member_int(b, "delay", a->delay);
		sy_json_member_int(b, "along", a->along);
	}
	/* Only a table with edges has them (comm/hls-chain.h). */
	if (a->keep)
		sy_json_member_bool(b, "keep", a->keep);
	if (a->drain >= 0) {
		sy_json_member_int(b, "drain", a->drain);
		sy_json_member_str(b, "drain_stream", a->drain_stream);
	}
	/* Only a temporary passed along two directions has them. */
	if (a->also >= 0) {
		sy_json_member_int(b, "also", a->also);
		sy_json_member_str(b, "also_stream", a->also_stream);
	}
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
	sy_json_member_int(b, "instances", s->instances);
	sy_json_member_list(b, "accesses", s->accesses, (void *)add_access);
	sy_json_member_list(b, "value", s->value, (void *)add_piece);
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
	sy_json_member_str(b, "array", buf->plain_array->name);
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
	sy_json_member_str(b, "array", st->plain_array->name);
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
	sy_json_member_list(b, "buffers", facts->buffers, (void *)add_buffer);
	sy_json_member_list(b, "streams", facts->streams, (void *)add_stream);
	sy_json_member_list(b, "statements", facts->stmts, (void *)add_stmt);
	sy_json_member_str(b, "lanes_warning", facts->lanes_warning);
	json_builder_end_object(b);
}

/* Reading (comm/design-read.h's errors: what is wrong, ": ...", with
 * the path to it prefixed on the way back up, "/statements/0"). */

typedef struct {
	const GPtrArray *arrays;
	guint n_paths;
	GError **error;
} Reader;

static gboolean get_uint(
	JsonObject *o, const char *name, guint *v, GError **error)
{
	return sy_design_read_uint(o, name, 0, v, error);
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
		return sy_design_read_fail(error, "\"%s\" is %s, not null",
			name,
			sy_json_type_name(json_object_get_member(o, name)));
	if (!sy_design_read_int_member(
		    o, name, 0, MIN(n - 1, G_MAXINT), &i, error))
		return FALSE;
	*v = (int)i;
	return TRUE;
}

/* A string member (or null where null_ok: *v NULL), kept by o. */
static gboolean get_str(JsonObject *o, const char *name, gboolean null_ok,
	const char **v, GError **error)
{
	if (null_ok)
		return sy_design_read_str_or_null(o, name, v, error);
	return (*v = sy_design_read_str(o, name, error)) != NULL;
}

/* The design's array of that name. */
static const SyDesignArray *find_array(const Reader *r, const char *name)
{
	for (guint i = 0; name && i < r->arrays->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(r->arrays, i);

		if (strcmp(x->name, name) == 0)
			return x;
	}
	sy_design_read_fail(r->error, "no array \"%s\" in the design", name);
	return NULL;
}

static const SyDesignArray *get_array_ref(
	const Reader *r, JsonObject *o, const char *name)
{
	const char *s;

	return get_str(o, name, FALSE, &s, r->error) ? find_array(r, s) : NULL;
}

/* A delayed read's steps and coordinate: both or neither, on a read
 * from the previous PE. */
static gboolean delayed_from_json(JsonObject *o, SyPeAccess *a, GError **error)
{
	gboolean has = json_object_has_member(o, "delay");

	if (has != json_object_has_member(o, "along"))
		return sy_design_read_fail(
			error, "\"delay\" and \"along\" come together");
	if (!has)
		return TRUE;
	if (!get_uint(o, "along", &a->along, error) ||
		!sy_design_read_uint(o, "delay", 1, &a->delay, error))
		return FALSE;
	if (a->write || a->value != SY_PE_VALUE_STREAM)
		return sy_design_read_fail(error,
			"\"delay\" on an access that is not a stream read");
	return TRUE;
}

/* A local write's path by name (its drain, or a temporary's second
 * direction): the path's index and its stream's stem, both or
 * neither. */
static gboolean write_path_from_json(const Reader *r, JsonObject *o,
	const char *name, const SyPeAccess *a, int *index, const char **stream)
{
	g_autofree char *stem = g_strconcat(name, "_stream", NULL);
	gboolean has = json_object_has_member(o, name);

	*stream = NULL;
	if (has != json_object_has_member(o, stem))
		return sy_design_read_fail(r->error,
			"\"%s\" and \"%s\" come together", name, stem);
	if (!has)
		return TRUE;
	if (!get_index(o, name, r->n_paths, index, r->error) ||
		!get_str(o, stem, FALSE, stream, r->error))
		return FALSE;
	if (*index < 0 || !a->write || a->value != SY_PE_VALUE_LOCAL)
		return sy_design_read_fail(r->error,
			"\"%s\" on an access that is not a local write", name);
	return TRUE;
}

/* A table with edges' kept read and drained write: keep on a local
 * read through a FIFO, the drain's path and stream together on a local
 * write through one. */
static gboolean edges_from_json(
	const Reader *r, JsonObject *o, SyPeAccess *a, const char **stream)
{
	if (json_object_has_member(o, "keep")) {
		if (!sy_design_read_bool(o, "keep", &a->keep, r->error))
			return FALSE;
		if (a->keep &&
			(a->write || a->value != SY_PE_VALUE_LOCAL || !a->fifo))
			return sy_design_read_fail(r->error,
				"\"keep\" on an access that is not a local "
				"read through a FIFO");
	}
	return write_path_from_json(r, o, "drain", a, &a->drain, stream);
}

static SyPeAccess *access_from_json(
	const Reader *r, JsonNode *node, guint n_buffers)
{
	static const char *const names[] = {"ref", "array", "write", "value",
		"path", "stream", "fifo", "buffer", "lanes", "once", "reg",
		"forward", "at", NULL};
	static const char *const delayed[] = {"delay", "along", "keep", "drain",
		"drain_stream", "also", "also_stream", NULL};
	JsonObject *o = sy_design_read_object(node, r->error);
	g_autofree SyPeAccess *a = NULL;
	const char *value, *stream, *reg, *drain, *also;
	gint64 at;

	if (!o ||
		!sy_design_read_members(o, names, g_strv_length((char **)names),
			delayed, r->error))
		return NULL;
	a = sy_pe_access_new();
	if (!get_uint(o, "ref", &a->ref, r->error) ||
		!(a->plain_array = get_array_ref(r, o, "array")) ||
		!sy_design_read_bool(o, "write", &a->write, r->error) ||
		!get_str(o, "value", FALSE, &value, r->error))
		return NULL;
	if (sy_pe_value_from_name(value) < 0) {
		sy_design_read_fail(r->error,
			"\"value\" is \"%s\", not argument, stream, "
			"local, fifo or vector",
			value);
		return NULL;
	}
	a->value = (SyPeValue)sy_pe_value_from_name(value);
	if (!get_index(o, "path", r->n_paths, &a->path, r->error) ||
		!get_str(o, "stream", TRUE, &stream, r->error) ||
		!sy_design_read_bool(o, "fifo", &a->fifo, r->error) ||
		!get_index(o, "buffer", n_buffers, &a->buffer, r->error) ||
		!get_uint(o, "lanes", &a->lanes, r->error) ||
		!sy_design_read_bool(o, "once", &a->once, r->error) ||
		!get_str(o, "reg", TRUE, &reg, r->error) ||
		!sy_design_read_bool(o, "forward", &a->forward, r->error))
		return NULL;
	a->at = -1;
	if (!JSON_NODE_HOLDS_NULL(json_object_get_member(o, "at"))) {
		if (!sy_design_read_int_member(
			    o, "at", 0, G_MAXINT, &at, r->error))
			return NULL;
		a->at = (int)at;
	}
	if (!delayed_from_json(o, a, r->error) ||
		!edges_from_json(r, o, a, &drain) ||
		!write_path_from_json(r, o, "also", a, &a->also, &also))
		return NULL;
	a->drain_stream = g_strdup(drain);
	a->also_stream = g_strdup(also);
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
		sy_design_read_fail(
			r->error, "not a piece (text, access, iterator, name)");
		return NULL;
	}
	if (!(o = sy_design_read_object_with(node, kinds[kind], r->error)))
		return NULL;
	switch ((SyPePieceKind)kind) {
	case SY_PE_PIECE_TEXT:
	case SY_PE_PIECE_NAME:
		if (!get_str(o, kinds[kind][0], FALSE, &s, r->error))
			return NULL;
		return sy_pe_piece_new(kind, s, 0, 0);
	case SY_PE_PIECE_ACCESS:
		if (!sy_design_read_int_member(
			    o, "access", 1, (gint64)n_access - 1, &n, r->error))
			return NULL;
		break;
	case SY_PE_PIECE_ITERATOR:
		if (!sy_design_read_int_member(o, "iterator", 0,
			    (gint64)n_iters - 1, &n, r->error) ||
			!sy_design_read_int_member(
				o, "prec", 0, 16, &prec, r->error))
			return NULL;
		break;
	}
	return sy_pe_piece_new(kind, NULL, (guint)n, (int)prec);
}

static SyPeOp *op_from_json(const Reader *r, JsonNode *node)
{
	static const char *const names[] = {"op", "count", NULL};
	JsonObject *o = sy_design_read_object_with(node, names, r->error);
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
	JsonArray *list = sy_design_read_array_member(o, name, r->error);

	for (guint i = 0; list && i < json_array_get_length(list); i++) {
		gpointer item = read(r, json_array_get_element(list, i), data);

		if (!item) {
			sy_design_read_below_index(r->error, i);
			return sy_design_read_below(r->error, name);
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
		"instances", "accesses", "value", "ops", NULL};
	JsonObject *o = sy_design_read_object_with(node, names, r->error);
	StmtRead sr = {GPOINTER_TO_UINT(data), NULL};
	const char *name;
	guint n_iters;
	gint64 passed;

	if (!o || !get_str(o, "name", FALSE, &name, r->error) ||
		!get_uint(o, "iterators", &n_iters, r->error))
		return NULL;
	sr.stmt = sy_pe_stmt_new(name, n_iters);
	if (!read_list(r, o, "accesses", read_access, &sr, sr.stmt->accesses) ||
		(sr.stmt->accesses->len == 0 &&
			!sy_design_read_fail(
				r->error, "a statement without its write")) ||
		!sy_design_read_int_member(o, "passed", 0,
			(gint64)sr.stmt->accesses->len - 1, &passed,
			r->error) ||
		!read_list(r, o, "value", read_piece, &sr, sr.stmt->value) ||
		!read_list(r, o, "ops", read_op, NULL, sr.stmt->ops) ||
		!sy_design_read_int_member(o, "instances", -1, G_MAXINT64,
			&sr.stmt->instances, r->error)) {
		sy_pe_stmt_free(sr.stmt);
		return NULL;
	}
	sr.stmt->passed = (guint)passed;
	return sr.stmt;
}

/* The dimensions a buffer of n_dims dimensions is partitioned in,
 * ascending.  A buffer has x's dimensions (a scalar's, one), or one more
 * before them, its lanes (a temporary declared inside the SIMD loop). */
static gboolean partition_fits(const gint64 *part, guint n, guint n_dims,
	const SyDesignArray *x, GError **error)
{
	if (n_dims != MAX(x->n_dims, 1) && n_dims != x->n_dims + 1)
		return sy_design_read_fail(error,
			"\"size\" has %u dimensions, not %s's %u (or %u, a "
			"copy per lane)",
			n_dims, x->name, MAX(x->n_dims, 1), x->n_dims + 1);
	for (guint d = 0; d < n; d++)
		if (part[d] >= n_dims || (d && part[d] <= part[d - 1]))
			return sy_design_read_fail(error,
				"\"partition\" is not a list of dimensions "
				"of %s's buffer, ascending",
				x->name);
	return TRUE;
}

static gpointer read_buffer(const Reader *r, JsonNode *node, gpointer data)
{
	static const char *const names[] = {"array", "size", "partition", NULL};
	JsonObject *o = sy_design_read_object_with(node, names, r->error);
	const SyDesignArray *x;
	g_autofree gint64 *sizes = NULL, *part = NULL;
	SyPeBuffer *buf;
	guint n, n_part;

	(void)data;
	if (!o || !(x = get_array_ref(r, o, "array")) ||
		!sy_design_read_ints_member(
			o, "size", 1, 0, G_MAXUINT, &sizes, &n, r->error) ||
		!sy_design_read_ints_member(
			o, "partition", 0, 0, n, &part, &n_part, r->error) ||
		!partition_fits(part, n_part, n, x, r->error))
		return NULL;
	buf = sy_pe_buffer_new(NULL, x, n, sizes);
	for (guint d = 0; d < n_part; d++)
		buf->partition[d] = (guint)part[d];
	buf->n_partition = n_part;
	return buf;
}

static gpointer read_stream(const Reader *r, JsonNode *node, gpointer data)
{
	static const char *const names[] = {
		"path", "stem", "in", "array", "lanes", NULL};
	JsonObject *o = sy_design_read_object_with(node, names, r->error);
	const SyDesignArray *x;
	const char *stem;
	gboolean in;
	guint lanes;
	int path;

	(void)data;
	if (!o || !get_index(o, "path", r->n_paths, &path, r->error) ||
		!get_str(o, "stem", FALSE, &stem, r->error) ||
		!sy_design_read_bool(o, "in", &in, r->error) ||
		!(x = get_array_ref(r, o, "array")) ||
		!get_uint(o, "lanes", &lanes, r->error))
		return NULL;
	if (path < 0 || lanes < 1) {
		sy_design_read_fail(
			r->error, "a stream without its path or lanes");
		return NULL;
	}
	return sy_pe_stream_new(path, stem, in, NULL, x, lanes);
}

SyPeFacts *sy_pe_facts_from_json(
	JsonNode *node, const GPtrArray *arrays, guint n_paths, GError **error)
{
	static const char *const names[] = {"lanes", "buffers", "streams",
		"statements", "lanes_warning", NULL};
	Reader r = {arrays, n_paths, error};
	JsonObject *o = sy_design_read_object_with(node, names, error);
	g_autoptr(SyPeFacts) facts = sy_pe_facts_new();
	const char *warning;

	if (!o || !get_uint(o, "lanes", &facts->lanes, error) ||
		!read_list(
			&r, o, "buffers", read_buffer, NULL, facts->buffers) ||
		!read_list(
			&r, o, "streams", read_stream, NULL, facts->streams) ||
		!read_list(&r, o, "statements", read_stmt,
			GUINT_TO_POINTER(facts->buffers->len), facts->stmts) ||
		!get_str(o, "lanes_warning", TRUE, &warning, error)) {
		g_prefix_error(error, "facts");
		return NULL;
	}
	facts->lanes_warning = g_strdup(warning);
	return g_steal_pointer(&facts);
}
