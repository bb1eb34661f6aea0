/* A design's size-dependent numbers for the resource model, by
 * candidates (see form-numbers.h). */
#include "comm/design-grid.h"
#include "comm/pe-facts.h"
#include "model/form-numbers.h"

typedef enum {
	CAND_FIXED, /* k */
	CAND_PES, /* the product over space loops of code[d]: 0 one, 1 PEs,
		     2 PEs - 1, 3 PEs + 1, 4 PEs - 2 (a chain's interior
		     links) */
	CAND_SIMD, /* k x the SIMD width */
	CAND_PACK, /* k x the packing of path a */
	CAND_EXTENT, /* a tile or latency factor, or i + j of two */
} CandKind;

typedef struct {
	CandKind kind;
	gint64 k;
	guint a;
	guint8 code[3];
	/* EXTENT: terms, each a band member's tile (even) or latency
	 * factor (odd) as 2 m (+ 1) */
	guint n_terms;
	guint term[2];
} Cand;

typedef enum { NUM_COUNT, NUM_EXTENT, NUM_WIDTH, NUM_LANES } NumKind;

typedef struct {
	NumKind kind;
	gint64 *wide; /* the number, or */
	guint *narrow;
	guint n;
	Cand cand[48];
} Number;

struct _SyFormNumbers {
	SyDesign *design;
	GArray *numbers; /* Number, in the order walk() visits them */
	GPtrArray *buffers; /* SyBuffer: the I/O modules' */
	gboolean *widest; /* per buffer: packed by sy_design_pack_widest */
};

/* A candidate's value at the sizes (their tape's node). */
static SyNum cand_num(const Cand *c, const SyDesign *d, const SyFormSizes *s)
{
	SyTape *t = sy_form_sizes_tape(s);
	const SyDesignGrid *g = d->grid;
	SyNum v = sy_num(1), pe;

	switch (c->kind) {
	case CAND_FIXED: return sy_num(c->k);
	case CAND_PES:
		for (guint x = 0; x < g->n_space; x++) {
			pe = sy_num_i64(t, &g->pe[x]);
			v = sy_num_mul(t, v,
				c->code[x] == 0           ? sy_num(1)
					: c->code[x] == 1 ? pe
					: c->code[x] == 2
					? sy_num_sub(t, pe, sy_num(1))
					: c->code[x] == 3
					? sy_num_add(t, pe, sy_num(1))
					: sy_num_sub(t, pe, sy_num(2)));
		}
		return v;
	case CAND_SIMD: return sy_num_mul(t, sy_num(c->k), sy_form_simd(s));
	case CAND_PACK:
		return sy_num_mul(t, sy_num(c->k),
			sy_num_u32(t,
				&((const SyIoPathFacts *)g_ptr_array_index(
					  d->io->paths, c->a))
					 ->pack));
	case CAND_EXTENT:
		v = sy_num(1 + c->k);
		for (guint k = 0; k < c->n_terms; k++) {
			guint m = c->term[k] / 2;

			v = sy_num_add(t, v,
				sy_num_sub(t,
					c->term[k] % 2 ? sy_form_latency(s, m)
						       : sy_form_tile(s, m),
					sy_num(1)));
		}
		return v;
	}
	return sy_num(-1);
}

static gint64 cand_value(const Cand *c, const SyDesign *d, const SyConfig *cfg)
{
	SyFormSizes s = {NULL, cfg, NULL};

	return cand_num(c, d, &s).v;
}

typedef struct {
	SyDesign *design;
	const SyConfig *cfg;
	Number *num;
	gint64 value;
	int path; /* a width's I/O path (design->io->paths), or -1 */
} Add;

static void add(Add *x, Cand c)
{
	Number *n = x->num;

	if (n->n < G_N_ELEMENTS(n->cand) &&
		cand_value(&c, x->design, x->cfg) == x->value)
		n->cand[n->n++] = c;
}

static void count_cands(Add *x)
{
	guint n_space = x->design->grid->n_space, combos = 1;

	for (guint d = 0; d < n_space; d++)
		combos *= 5;
	for (guint k = 0; k < combos; k++) {
		Cand c = {CAND_PES, 0, 0, {0, 0, 0}, 0, {0, 0}};
		guint rest = k;

		for (guint d = 0; d < n_space; d++, rest /= 5)
			c.code[d] = (guint8)(rest % 5);
		add(x, c);
	}
}

static void extent_cands(Add *x)
{
	guint n = 2 * x->cfg->n_members;

	for (guint a = 0; a < n; a++) {
		Cand c = {CAND_EXTENT, 0, 0, {0}, 1, {a, 0}};
		gint64 k;

		add(x, c);
		k = x->value - cand_value(&c, x->design, x->cfg);
		/* A loop below the band added (a filter's taps). */
		if (k > 0 && k <= 16) {
			c.k = k;
			add(x, c);
		}
	}
	for (guint a = 0; a < n; a++)
		for (guint b = a + 2 - a % 2; b < n; b++)
			add(x, (Cand){CAND_EXTENT, 0, 0, {0}, 2, {a, b}});
}

static void width_cands(Add *x)
{
	gint64 s = x->cfg->simd < 0 ? 1 : x->cfg->simd_factor;

	if (x->path >= 0) {
		const SyIoPathFacts *f = g_ptr_array_index(
			x->design->io->paths, x->path);

		if (x->value % f->pack == 0)
			add(x,
				(Cand){CAND_PACK, x->value / f->pack,
					(guint)x->path, {0}, 0, {0, 0}});
	}
	if (s > 1 && x->value % s == 0)
		add(x, (Cand){CAND_SIMD, x->value / s, 0, {0}, 0, {0, 0}});
}

/* A number's candidates at the sizes design was built at; the value
 * itself last. */
static void number_add(SyFormNumbers *fn, const SyConfig *cfg, NumKind kind,
	gint64 *wide, guint *narrow, int path)
{
	Number n = {kind, wide, narrow, 0, {{0}}};
	Add x = {fn->design, cfg, &n, wide ? *wide : *narrow, path};

	switch (kind) {
	case NUM_COUNT: count_cands(&x); break;
	case NUM_EXTENT: extent_cands(&x); break;
	case NUM_WIDTH: width_cands(&x); break;
	case NUM_LANES:
		if (x.value > 1)
			add(&x, (Cand){CAND_SIMD, 1, 0, {0}, 0, {0, 0}});
		break;
	}
	add(&x, (Cand){CAND_FIXED, x.value, 0, {0}, 0, {0, 0}});
	g_array_append_val(fn->numbers, n);
}

/* Visits the numbers in a fixed order: at(data, kind, wide, narrow,
 * path), path a width's I/O path or -1. */
typedef void (*NumberAt)(
	gpointer data, NumKind kind, gint64 *wide, guint *narrow, int path);

/* The I/O path (index in d->io->paths) of DRAM port n, or -1: both are
 * in path order, so the port is the path of its array and way that has
 * as many of them before it (syrk's A_0 and A_1 both read A). */
static int path_of(const SyDesign *d, guint n)
{
	const SyDramPort *port = g_ptr_array_index(d->dram, n);
	guint before = 0;

	for (guint k = 0; k < n; k++) {
		const SyDramPort *o = g_ptr_array_index(d->dram, k);

		before += o->array == port->array && o->in == port->in;
	}
	for (guint k = 0; port->array && k < d->io->paths->len; k++) {
		const SyIoPathFacts *f = g_ptr_array_index(d->io->paths, k);

		if (f->path->array == port->array && f->path->in == port->in &&
			before-- == 0)
			return (int)k;
	}
	return -1;
}

/* A FIFO's path: that of the I/O module at either end. */
static int fifo_path(const SyDesign *d, const SyFifo *f)
{
	const SyModule *m = f->from && f->from->path ? f->from : f->to;

	for (guint k = 0; m && m->path && k < d->io->paths->len; k++)
		if (((const SyIoPathFacts *)g_ptr_array_index(d->io->paths, k))
				->path == m->path)
			return (int)k;
	return -1;
}

static void walk(SyDesign *d, NumberAt at, gpointer data)
{
	for (guint k = 0; k < d->io->paths->len; k++) {
		SyIoPathFacts *f = g_ptr_array_index(d->io->paths, k);

		for (guint x = 0; x < f->n_dims; x++)
			at(data, NUM_EXTENT, &f->box[x], NULL, -1);
	}
	for (guint k = 0; k < d->modules->len; k++) {
		SyModule *m = g_ptr_array_index(d->modules, k);

		at(data, NUM_COUNT, &m->count, NULL, -1);
		for (guint b = 0; b < m->buffers->len; b++) {
			SyBuffer *buf = g_ptr_array_index(m->buffers, b);

			for (guint x = 0; x < buf->n_dims; x++)
				at(data, NUM_EXTENT, &buf->shape[x], NULL, -1);
		}
	}
	for (guint k = 0; k < d->fifos->len; k++) {
		SyFifo *f = g_ptr_array_index(d->fifos, k);

		at(data, NUM_COUNT, &f->count, NULL, -1);
		at(data, NUM_WIDTH, NULL, &f->width_bits, fifo_path(d, f));
	}
	for (guint k = 0; k < d->dram->len; k++) {
		SyDramPort *p = g_ptr_array_index(d->dram, k);

		at(data, NUM_WIDTH, NULL, &p->width_bits, path_of(d, k));
	}
	at(data, NUM_LANES, NULL, &d->pe_facts->lanes, -1);
	for (guint k = 0; k < d->pe_facts->buffers->len; k++) {
		SyPeBuffer *b = g_ptr_array_index(d->pe_facts->buffers, k);

		for (guint x = 0; x < b->n_dims; x++)
			at(data, NUM_EXTENT, &b->size[x], NULL, -1);
	}
	for (guint k = 0; k < d->pe_facts->streams->len; k++)
		at(data, NUM_LANES, NULL,
			&((SyPeStream *)g_ptr_array_index(
				  d->pe_facts->streams, k))
				 ->lanes,
			-1);
	for (guint s = 0; s < d->pe_facts->stmts->len; s++) {
		SyPeStmt *st = g_ptr_array_index(d->pe_facts->stmts, s);

		for (guint k = 0; k < st->accesses->len; k++)
			at(data, NUM_LANES, NULL,
				&((SyPeAccess *)g_ptr_array_index(
					  st->accesses, k))
					 ->lanes,
				-1);
	}
}

typedef struct {
	SyFormNumbers *fn;
	const SyConfig *cfg;
} Collect;

static void collect_at(
	gpointer data, NumKind kind, gint64 *wide, guint *narrow, int path)
{
	Collect *c = data;

	number_add(c->fn, c->cfg, kind, wide, narrow, path);
}

SyFormNumbers *sy_form_numbers_new(SyDesign *design, const SyConfig *built)
{
	SyFormNumbers *fn = g_new0(SyFormNumbers, 1);
	Collect c = {fn, built};

	fn->design = design;
	fn->numbers = g_array_new(FALSE, FALSE, sizeof(Number));
	fn->buffers = g_ptr_array_new();
	walk(design, collect_at, &c);
	for (guint k = 0; k < design->modules->len; k++) {
		SyModule *m = g_ptr_array_index(design->modules, k);

		for (guint b = 0; b < m->buffers->len; b++)
			g_ptr_array_add(fn->buffers, m->buffers->pdata[b]);
	}
	fn->widest = g_new0(gboolean, fn->buffers->len + 1);
	for (guint k = 0; k < fn->buffers->len; k++) {
		const SyBuffer *buf = g_ptr_array_index(fn->buffers, k);

		fn->widest[k] = buf->pack ==
			sy_design_pack_widest(
				buf->elem_bits, buf->shape[buf->n_dims - 1]);
	}
	return fn;
}

void sy_form_numbers_free(SyFormNumbers *fn)
{
	if (!fn)
		return;
	g_array_unref(fn->numbers);
	g_ptr_array_unref(fn->buffers);
	g_free(fn->widest);
	g_free(fn);
}

/* The other design's values, in walk()'s order. */
static void value_at(
	gpointer data, NumKind kind, gint64 *wide, guint *narrow, int path)
{
	GArray *values = data;
	gint64 v = wide ? *wide : *narrow;

	(void)kind;
	(void)path;
	g_array_append_val(values, v);
}

gboolean sy_form_numbers_narrow(SyFormNumbers *fn, const SyDesign *other,
	const SyConfig *cfg, gboolean *narrowed)
{
	g_autoptr(GArray) values = g_array_new(FALSE, FALSE, sizeof(gint64));

	walk((SyDesign *)other, value_at, values);
	if (values->len != fn->numbers->len)
		return FALSE;
	for (guint k = 0; k < fn->numbers->len; k++) {
		Number *n = &g_array_index(fn->numbers, Number, k);
		gint64 v = g_array_index(values, gint64, k);
		guint kept = 0;

		/* The other design's grid and packing: its own. */
		for (guint c = 0; c < n->n; c++)
			if (cand_value(&n->cand[c], other, cfg) == v)
				n->cand[kept++] = n->cand[c];
		*narrowed |= (kept ? kept : MIN(n->n, 1)) != n->n;
		n->n = kept ? kept : MIN(n->n, 1);
	}
	return TRUE;
}

void sy_form_numbers_live(const SyFormNumbers *fn, SyTape *tape)
{
	for (guint k = 0; k < fn->numbers->len; k++) {
		const Number *n = &g_array_index(fn->numbers, Number, k);

		sy_tape_live(
			tape, n->wide ? (void *)n->wide : (void *)n->narrow);
	}
	for (guint k = 0; k < fn->buffers->len; k++) {
		SyBuffer *buf = g_ptr_array_index(fn->buffers, k);

		if (fn->widest[k])
			sy_tape_live(tape, &buf->pack);
		sy_tape_live(tape, &buf->depth);
	}
}

/* A buffer's packing and depth from its shape, as design.c packs it:
 * the widest rule where the design it was built at followed it. */
static void pack_buffers(SyFormNumbers *fn, const SyFormSizes *s)
{
	SyTape *t = sy_form_sizes_tape(s);

	for (guint k = 0; k < fn->buffers->len; k++) {
		SyBuffer *buf = g_ptr_array_index(fn->buffers, k);
		SyNum n = sy_num(1);

		for (guint x = 0; x < buf->n_dims; x++)
			n = sy_num_mul(t, n, sy_num_i64(t, &buf->shape[x]));
		if (fn->widest[k])
			sy_tape_set_u32(t, &buf->pack,
				sy_num_pack_widest(t, buf->elem_bits,
					sy_num_i64(t,
						&buf->shape[buf->n_dims - 1])));
		sy_tape_set_i64(t, &buf->depth,
			sy_num_div(t, n, sy_num_u32(t, &buf->pack)));
	}
}

/* Sets the numbers of one kind (extents) or of the others: FALSE
 * where a number's candidates (those the designs it was checked on
 * left) do not all give the same value at s, so that the form cannot
 * say which is the design's (a decision t records). */
static gboolean set_kind(
	SyFormNumbers *fn, const SyFormSizes *s, gboolean extents)
{
	SyTape *t = sy_form_sizes_tape(s);
	gboolean agree = TRUE;

	for (guint k = 0; k < fn->numbers->len; k++) {
		Number *n = &g_array_index(fn->numbers, Number, k);
		SyNum v;

		if ((n->kind == NUM_EXTENT) != extents)
			continue;
		v = cand_num(&n->cand[0], fn->design, s);
		for (guint c = 1; c < n->n && agree; c++)
			agree = sy_num_holds(t,
				sy_num_eq(t, v,
					cand_num(&n->cand[c], fn->design, s)));
		if (n->wide)
			sy_tape_set_i64(t, n->wide, v);
		else
			sy_tape_set_u32(t, n->narrow, v);
	}
	return agree;
}

gboolean sy_form_numbers_set_extents(SyFormNumbers *fn, const SyFormSizes *s)
{
	return set_kind(fn, s, TRUE);
}

gboolean sy_form_numbers_set(SyFormNumbers *fn, const SyFormSizes *s)
{
	gboolean agree = set_kind(fn, s, FALSE);

	pack_buffers(fn, s);
	return agree;
}

guint sy_form_numbers_ambiguous(const SyFormNumbers *fn)
{
	guint n = 0;

	for (guint k = 0; k < fn->numbers->len; k++)
		n += g_array_index(fn->numbers, Number, k).n > 1;
	return n;
}
