/* The PE's facts as data: making and freeing them, their names. */
#include <string.h>

#include "base/integer.h"
#include "comm/pe-facts.h"
#include "poly/scop.h"

static void access_free(gpointer data)
{
	SyPeAccess *a = data;

	g_free(a->stream);
	g_free(a->reg);
	g_free(a->drain_stream);
	g_free(a->also_stream);
	g_free(a);
}

static void piece_free(gpointer data)
{
	SyPePiece *piece = data;

	g_free(piece->text);
	g_free(piece);
}

static void op_free(gpointer data)
{
	SyPeOp *op = data;

	g_free(op->op);
	g_free(op);
}

void sy_pe_stmt_free(SyPeStmt *s)
{
	if (!s)
		return;
	g_free(s->name);
	g_ptr_array_unref(s->accesses);
	g_ptr_array_unref(s->value);
	g_ptr_array_unref(s->ops);
	g_free(s);
}

static void stmt_free(gpointer data)
{
	sy_pe_stmt_free(data);
}

static void buffer_free(gpointer data)
{
	SyPeBuffer *buf = data;

	g_free(buf->size);
	g_free(buf->partition);
	g_free(buf);
}

static void stream_free(gpointer data)
{
	SyPeStream *st = data;

	g_free(st->stem);
	g_free(st);
}

SyPeFacts *sy_pe_facts_new(void)
{
	SyPeFacts *facts = g_new0(SyPeFacts, 1);

	facts->buffers = g_ptr_array_new_with_free_func(buffer_free);
	facts->streams = g_ptr_array_new_with_free_func(stream_free);
	facts->stmts = g_ptr_array_new_with_free_func(stmt_free);
	return facts;
}

void sy_pe_facts_free(SyPeFacts *facts)
{
	if (!facts)
		return;
	g_ptr_array_unref(facts->buffers);
	g_ptr_array_unref(facts->streams);
	g_ptr_array_unref(facts->stmts);
	g_free(facts->lanes_warning);
	g_free(facts);
}

SyPeStmt *sy_pe_stmt_new(const char *name, guint n_iters)
{
	SyPeStmt *s = g_new0(SyPeStmt, 1);

	s->name = g_strdup(name);
	s->n_iters = n_iters;
	s->instances = -1;
	s->accesses = g_ptr_array_new_with_free_func(access_free);
	s->value = g_ptr_array_new_with_free_func(piece_free);
	s->ops = g_ptr_array_new_with_free_func(op_free);
	return s;
}

SyPeAccess *sy_pe_access_new(void)
{
	SyPeAccess *a = g_new0(SyPeAccess, 1);

	a->path = -1;
	a->buffer = -1;
	a->drain = -1;
	a->also = -1;
	a->lanes = 1;
	a->at = -1;
	return a;
}

SyPePiece *sy_pe_piece_new(
	SyPePieceKind kind, const char *text, guint n, int prec)
{
	SyPePiece *piece = g_new0(SyPePiece, 1);

	piece->kind = kind;
	piece->text = g_strdup(text);
	piece->n = n;
	piece->prec = prec;
	return piece;
}

SyPeOp *sy_pe_op_new(const char *op, guint count)
{
	SyPeOp *o = g_new0(SyPeOp, 1);

	o->op = g_strdup(op);
	o->count = count;
	return o;
}

SyPeBuffer *sy_pe_buffer_new(const SyArray *array, const SyDesignArray *plain,
	guint n_dims, const gint64 *size)
{
	SyPeBuffer *buf = g_new0(SyPeBuffer, 1);

	buf->array = array;
	buf->plain_array = plain;
	buf->n_dims = n_dims;
	buf->size = g_memdup2(size, n_dims * sizeof(*size));
	buf->partition = g_new0(guint, MAX(n_dims, 1));
	return buf;
}

SyPeStream *sy_pe_stream_new(int path, const char *stem, gboolean in,
	const SyArray *array, const SyDesignArray *plain, guint lanes)
{
	SyPeStream *st = g_new0(SyPeStream, 1);

	st->plain_array = plain;
	st->path = path;
	st->stem = g_strdup(stem);
	st->in = in;
	st->array = array;
	st->lanes = lanes;
	return st;
}

void sy_pe_ops_add(GPtrArray *ops, const char *op)
{
	for (guint i = 0; i < ops->len; i++) {
		SyPeOp *o = g_ptr_array_index(ops, i);

		if (strcmp(o->op, op) == 0) {
			o->count++;
			return;
		}
	}
	g_ptr_array_add(ops, sy_pe_op_new(op, 1));
}

/* Names */

static const char *const value_names[] = {
	"argument", "stream", "local", "fifo", "vector"};
static const char *const piece_names[] = {"text", "access", "iterator", "name"};

static int index_of(const char *const *names, guint n, const char *name)
{
	for (guint i = 0; name && i < n; i++)
		if (strcmp(names[i], name) == 0)
			return (int)i;
	return -1;
}

const char *sy_pe_value_name(SyPeValue value)
{
	return (guint)value < G_N_ELEMENTS(value_names) ? value_names[value]
							: NULL;
}

int sy_pe_value_from_name(const char *name)
{
	return index_of(value_names, G_N_ELEMENTS(value_names), name);
}

const char *sy_pe_piece_kind_name(SyPePieceKind kind)
{
	return (guint)kind < G_N_ELEMENTS(piece_names) ? piece_names[kind]
						       : NULL;
}

int sy_pe_piece_kind_from_name(const char *name)
{
	return index_of(piece_names, G_N_ELEMENTS(piece_names), name);
}

void sy_pe_buffer_banks(const SyPeFacts *facts, const SyPeBuffer *buf,
	gint64 *banks, gint64 *depth)
{
	guint lanes = MAX(facts->lanes, 1);

	*banks = 1;
	*depth = 1;
	for (guint d = 0; d < buf->n_dims; d++) {
		gboolean part = FALSE;

		for (guint k = 0; k < buf->n_partition; k++)
			part |= buf->partition[k] == d;
		if (part) {
			*banks *= MIN((gint64)lanes, buf->size[d]);
			*depth *= sy_integer_div_ceil(buf->size[d], lanes);
		} else
			*depth *= buf->size[d];
	}
}
