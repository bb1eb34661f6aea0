/* The initiation interval and depth of the modules' pipelines.
 *
 * The constants, all in cycles at 300 MHz on UltraScale+ (Alveo U200,
 * U250, U280), are what Vitis HLS's default operator cores take there
 * (UG1399, "Vitis HLS Operator ... latency" and the cores' names in its
 * synthesis reports, fadd_32ns_32ns_32_5_full_dsp_1 and the like: the
 * number before the implementation is the core's latency).  They are
 * ASSUMED here, not measured by this repository: a run of the tool on
 * the bundled examples is what checks them, and they live in this table
 * alone so that a measured value replaces one line. */
#include <math.h>
#include <string.h>

#include "base/integer.h"
#include "model/latency-ii.h"
#include "model/latency-walk.h"

/* A FIFO (hls::stream) is read or written once per cycle; a BRAM bank
 * (true dual port) takes two accesses per cycle (UG1399, "Arrays":
 * RAM_2P / RAM_T2P). */
#define SY_LAT_FIFO_PORTS 1
#define SY_LAT_BANK_PORTS 2
/* Reading a BRAM takes one cycle, writing another: a read-modify-write
 * of the same word in consecutive iterations recurs every 2 cycles. */
#define SY_LAT_BRAM_READ 1
#define SY_LAT_RMW 2
/* The depth of a loop that only moves words: FIFO read, buffer or port
 * access, FIFO write. */
#define SY_LAT_MOVE_DEPTH 3
/* The same with a DRAM port: its read latency is the burst's start-up
 * cost (SyModelTarget.burst_cycles), not the pipeline's. */
#define SY_LAT_DRAM_DEPTH 2

typedef struct {
	const char *op; /* as SyPeOp spells it */
	guint f32, f64, i32, i16; /* i16: 16 bits and narrower */
} OpLatency;

/* Operator latencies (assumed, see above): fp32 add 5 and multiply 4
 * (fadd ... _5_full_dsp, fmul ... _4_max_dsp), fp64 add 5 and
 * multiply 6 (dadd ... _5_full_dsp, dmul ... _6_max_dsp); integer add
 * and compare 1 (fabric, one cycle at 300 MHz), integer multiply 3 at
 * 32 bits (a cascade of DSP48E2s, its pipeline registers) and 1 at 16
 * bits and less (one DSP48E2). */
static const OpLatency op_latency[] = {
	{"+", 5, 5, 1, 1},
	{"-", 5, 5, 1, 1},
	{"*", 4, 6, 3, 1},
	{"unary -", 0, 0, 1, 1},
	{"<", 2, 2, 1, 1},
	{">", 2, 2, 1, 1},
	{"<=", 2, 2, 1, 1},
	{">=", 2, 2, 1, 1},
	{"?:", 1, 1, 1, 1},
};
/* Any other operation (division, calls, casts): taken as one cycle,
 * which the model does not yet count better. */
#define SY_LAT_OTHER 1

static guint latency_of(const char *op, const SyDesignArray *x)
{
	for (guint k = 0; k < G_N_ELEMENTS(op_latency); k++) {
		const OpLatency *o = &op_latency[k];

		if (strcmp(o->op, op))
			continue;
		if (!x->integer)
			return x->bits > 32 ? o->f64 : o->f32;
		return x->bits > 16 ? o->i32 : o->i16;
	}
	return SY_LAT_OTHER;
}

/* ii becomes value where value is larger, with why (the larger of
 * the two on t: which reason stands is no number, and t records no
 * decision for it). */
static void set_reason(SyTape *t, SyLatencyIi *ii, SyNum value, char *reason)
{
	gboolean larger = value.v > ii->ii.v;

	ii->ii = sy_num_max(t, ii->ii, value);
	if (larger) {
		g_free(ii->reason);
		ii->reason = reason;
		return;
	}
	g_free(reason);
}

/* The PE's pipeline */

/* Calls at on each pipelined loop of code with the loops above it
 * (chain, outermost first: those HLS flattens with it, when they are
 * perfectly nested, are the last ones). */
typedef void (*PipeAt)(
	const SyCode *pipe, const GPtrArray *chain, gpointer data);

static void each_pipeline(
	const SyCode *code, GPtrArray *chain, PipeAt at, gpointer data)
{
	if (!code)
		return;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			each_pipeline(g_ptr_array_index(code->children, k),
				chain, at, data);
		return;
	case SY_CODE_IF:
	case SY_CODE_MARK: each_pipeline(code->body, chain, at, data); return;
	case SY_CODE_USER: return;
	case SY_CODE_FOR: break;
	}
	g_ptr_array_add(chain, (gpointer)code);
	if (code->pragma == SY_CODE_PRAGMA_PIPELINE)
		at(code, chain, data);
	else
		each_pipeline(code->body, chain, at, data);
	g_ptr_array_remove_index(chain, chain->len - 1);
}

/* A statement's leaf below a pipelined loop, with its lanes (the
 * trips of the unrolled loops above it there). */
typedef struct {
	const SyCode *code;
	SyNum lanes;
} LeafAt;

static void find_leaves(
	SyTape *t, const SyCode *code, SyNum lanes, GArray *leaves)
{
	SyNum trip;

	if (!code)
		return;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			find_leaves(t, g_ptr_array_index(code->children, k),
				lanes, leaves);
		return;
	case SY_CODE_FOR:
		trip = sy_num_i64(t, &code->trip);
		if (code->pragma == SY_CODE_PRAGMA_UNROLL &&
			sy_num_holds(t, sy_num_lt(t, sy_num(0), trip)))
			lanes = sy_num_mul(t, lanes, trip);
		find_leaves(t, code->body, lanes, leaves);
		return;
	case SY_CODE_IF:
	case SY_CODE_MARK: find_leaves(t, code->body, lanes, leaves); return;
	case SY_CODE_USER:
		g_array_append_val(leaves, ((LeafAt){code, lanes}));
		return;
	}
}

typedef struct {
	SyTape *t;
	const SyPeFacts *facts;
	const SyCode *leaf;
	const SyPeStmt *s;
	const char *lane; /* the lane's iterator, NULL without lanes */
	SyNum w; /* lanes */
} Leaf;

/* Request n of a leaf (NULL: always holds). */
static const SyCodeExpr *request(const Leaf *l, guint n)
{
	guint at = l->s->n_iters + n;

	return at < l->leaf->args->len ? g_ptr_array_index(l->leaf->args, at)
				       : NULL;
}

/* An access's FIFO condition: its request after its place. */
static const SyCodeExpr *fifo_cond(const Leaf *l, const SyPeAccess *a)
{
	if (a->at < 0)
		return NULL;
	if (a->value != SY_PE_VALUE_LOCAL)
		return request(l, (guint)a->at);
	return request(l, (guint)a->at + a->plain_array->n_dims);
}

/* Whether an access's place in its buffer reads name. */
static gboolean place_uses(const Leaf *l, const SyPeAccess *a, const char *name)
{
	for (guint d = 0; d < a->plain_array->n_dims; d++)
		if (sy_walk_expr_uses(request(l, (guint)a->at + d), name))
			return TRUE;
	return FALSE;
}

/* A condition that never holds ("if (0)": the write of a statement
 * whose value leaves at another's). */
static gboolean never(const SyCodeExpr *cond)
{
	return cond && cond->kind == SY_CODE_EXPR_INT && !cond->value;
}

/* Accesses to each FIFO per pipeline iteration (the header comment of
 * comm/pe-facts.h says which and how often): per lane, or once per
 * vector where a word of lanes is read or the condition pins a lane. */
/* n more uses of the FIFO key names (taken). */
static void add_use(SyTape *t, GHashTable *uses, char *key, SyNum n)
{
	SyNum *had = g_hash_table_lookup(uses, key);

	if (had) {
		*had = sy_num_add(t, *had, n);
		g_free(key);
		return;
	}
	g_hash_table_insert(uses, key, g_memdup2(&n, sizeof(n)));
}

/* Uses of a's own FIFO per iteration of l (0: none): one per lane,
 * or one where a word of lanes is read, one element serves every lane
 * or the condition pins a lane. */
static SyNum fifo_uses(const Leaf *l, const SyPeAccess *a)
{
	if (!a->stream || (a->value == SY_PE_VALUE_LOCAL && !a->fifo) ||
		(a->write && a->value == SY_PE_VALUE_FIFO))
		return sy_num(0);
	if (never(fifo_cond(l, a)))
		return sy_num(0);
	if (a->value == SY_PE_VALUE_VECTOR || a->once ||
		(a->value == SY_PE_VALUE_STREAM &&
			sy_num_holds(l->t,
				sy_num_lt(l->t, sy_num(1),
					sy_num_u32(l->t, &a->lanes)))) ||
		(a->value != SY_PE_VALUE_STREAM &&
			sy_walk_pins(fifo_cond(l, a), l->lane)))
		return sy_num(1);
	return l->w;
}

static void count_fifos(const Leaf *l, GHashTable *uses)
{
	for (guint k = 0; k < l->s->accesses->len; k++) {
		const SyPeAccess *a = g_ptr_array_index(l->s->accesses, k);
		const char *way = a->write ? "out" : "in";
		SyNum n;

		/* A table's final values leave each run by its drain
		 * (comm/hls-chain.h), at the request after the FIFO's. */
		if (a->also >= 0 &&
			!never(request(l,
				(guint)a->at + a->plain_array->n_dims +
					(a->fifo ? 1 : 0))))
			add_use(l->t, uses,
				g_strdup_printf("fifo_%s_out", a->also_stream),
				l->w);
		if (a->drain >= 0 &&
			!never(request(l,
				(guint)a->at + a->plain_array->n_dims +
					(a->fifo ? 1 : 0) +
					(a->also >= 0 ? 1 : 0))))
			add_use(l->t, uses,
				g_strdup_printf("fifo_%s_out", a->drain_stream),
				l->w);
		n = fifo_uses(l, a);
		if (!n.v)
			continue;
		add_use(l->t, uses,
			g_strdup_printf("fifo_%s_%s", a->stream, way), n);
		if (a->forward)
			add_use(l->t, uses,
				g_strdup_printf("fifo_%s_out", a->stream), n);
	}
}

/* One kind of access to a buffer in a pipeline iteration: reads or
 * writes of one element (its place, the leaf's requests from first),
 * and how many banks' ports they take. */
typedef struct {
	guint buffer;
	gboolean write;
	const SyCode *leaf;
	guint first, n_dims;
	SyNum n;
} BankUse;

static gboolean same_place(const BankUse *u, const BankUse *v)
{
	for (guint d = 0; d < u->n_dims; d++)
		if (!sy_code_expr_is_equal(
			    g_ptr_array_index(u->leaf->args, u->first + d),
			    g_ptr_array_index(v->leaf->args, v->first + d)))
			return FALSE;
	return TRUE;
}

/* Accesses to each bank of each buffer per iteration: a partitioned
 * buffer gives each lane its bank; an unpartitioned one takes all the
 * lanes' accesses, but those at the same element (the place does not
 * read the lane) are one (HLS merges same-address accesses of an
 * unrolled body).  Across the iteration's statements, the reads of one
 * element are one read and its writes one write: a load after a store
 * to the same address takes the stored value, and of two stores the
 * last one stands.  AutoSA's int8 MM on the U250 (docs/examples/
 * mm_int8_large.rst, kernel_kernel_opt.cpp) zeroes local_C[c7][c6]
 * under "if (c2 == 0)" and then reads and writes it in the same
 * pipelined iteration, on a RAM_2P: it ran in 90,786 cycles, where
 * II 1 takes 90,112 and II 2 twice that. */
static void count_banks(const Leaf *l, GArray *uses)
{
	for (guint k = 0; k < l->s->accesses->len; k++) {
		const SyPeAccess *a = g_ptr_array_index(l->s->accesses, k);
		const SyPeBuffer *b;
		BankUse u;
		guint i;

		if (a->value != SY_PE_VALUE_LOCAL || a->buffer < 0)
			continue;
		b = g_ptr_array_index(l->facts->buffers, a->buffer);
		/* A read that keeps the FIFO's value writes its place. */
		u = (BankUse){(guint)a->buffer, a->write || a->keep, l->leaf,
			l->s->n_iters + (guint)a->at, a->plain_array->n_dims,
			(b->n_partition || !place_uses(l, a, l->lane))
				? sy_num(1)
				: l->w};
		for (i = 0; i < uses->len; i++) {
			BankUse *v = &g_array_index(uses, BankUse, i);

			if (v->buffer == u.buffer && v->write == u.write &&
				same_place(v, &u)) {
				v->n = sy_num_max(l->t, v->n, u.n);
				break;
			}
		}
		if (i == uses->len)
			g_array_append_val(uses, u);
	}
}

/* The accumulation recurrence of a statement that reads and writes the
 * same element of its buffer: it recurs every D iterations, D the
 * iterations of the innermost flattened loops its place reads (the
 * latency-hiding loops), through a chain of the lanes' operations where
 * the place does not read the lane (every lane updates the same
 * element), of the statement's outermost operation (C + A*B: the
 * add). */
static void recurrence(const Leaf *l, const GPtrArray *chain, SyLatencyIi *ii)
{
	const SyPeAccess *w = g_ptr_array_index(l->s->accesses, 0);
	const SyPeOp *op;
	gboolean reads = FALSE;
	SyTape *t = l->t;
	SyNum d = sy_num(1), lanes, need;
	guint lat;

	if (w->value != SY_PE_VALUE_LOCAL || !l->s->ops->len)
		return;
	for (guint k = 1; k < l->s->accesses->len; k++) {
		const SyPeAccess *a = g_ptr_array_index(l->s->accesses, k);

		reads |= a->value == SY_PE_VALUE_LOCAL &&
			a->buffer == w->buffer;
	}
	if (!reads)
		return;
	for (guint k = chain->len; k-- > 0;) {
		const SyCode *loop = g_ptr_array_index(chain, k);

		/* A trip's sign is its bounds' shape: fixed. */
		if (loop->trip < 0 || !place_uses(l, w, loop->name))
			break;
		d = sy_num_mul(t, d, sy_num_i64(t, &loop->trip));
	}
	op = g_ptr_array_index(l->s->ops, 0);
	lanes = place_uses(l, w, l->lane) ? sy_num(1) : l->w;
	lat = latency_of(op->op, w->plain_array);
	need = sy_num_cdiv(t, sy_num_mul(t, lanes, sy_num(lat)), d);
	set_reason(t, ii, need,
		g_strdup_printf("accumulation: %" G_GINT64_FORMAT
				" independent sums for %" G_GINT64_FORMAT
				" dependent %s of latency %u",
			d.v, lanes.v, op->op, lat));
}

/* Its depth: a read, the statement's operations one after the other
 * (the outermost once per chained lane), the write. */
static SyNum stmt_depth(const Leaf *l)
{
	const SyPeAccess *w = g_ptr_array_index(l->s->accesses, 0);
	SyNum depth = sy_num(2 * SY_LAT_BRAM_READ);

	for (guint k = 0; k < l->s->ops->len; k++) {
		const SyPeOp *op = g_ptr_array_index(l->s->ops, k);
		SyNum chain = !k && w->value == SY_PE_VALUE_LOCAL &&
				!place_uses(l, w, l->lane)
			? l->w
			: sy_num(1);

		depth = sy_num_add(l->t, depth,
			sy_num_mul(l->t,
				sy_num(op->count *
					latency_of(op->op, w->plain_array)),
				chain));
	}
	return depth;
}

static void fifo_ii(SyTape *t, GHashTable *uses, SyLatencyIi *ii)
{
	g_autoptr(GList) keys = g_hash_table_get_keys(uses);

	keys = g_list_sort(keys, (GCompareFunc)strcmp);
	for (GList *k = keys; k; k = k->next) {
		SyNum n = *(SyNum *)g_hash_table_lookup(uses, k->data);

		set_reason(t, ii, sy_num_cdiv(t, n, sy_num(SY_LAT_FIFO_PORTS)),
			g_strdup_printf("%s used %" G_GINT64_FORMAT
					" times per iteration",
				(char *)k->data, n.v));
	}
}

static void bank_ii(
	SyTape *t, const SyPeFacts *facts, const GArray *uses, SyLatencyIi *ii)
{
	g_autofree SyNum *per_buffer = g_new0(SyNum, facts->buffers->len + 1);

	for (guint i = 0; i < uses->len; i++) {
		const BankUse *u = &g_array_index(uses, BankUse, i);

		per_buffer[u->buffer] = sy_num_add(
			t, per_buffer[u->buffer], u->n);
	}
	for (guint b = 0; b < facts->buffers->len; b++) {
		const SyPeBuffer *buf = g_ptr_array_index(facts->buffers, b);

		set_reason(t, ii,
			sy_num_cdiv(
				t, per_buffer[b], sy_num(SY_LAT_BANK_PORTS)),
			g_strdup_printf("local_%s: %" G_GINT64_FORMAT
					" accesses per bank per "
					"iteration, %u ports",
				buf->plain_array->id, per_buffer[b].v,
				SY_LAT_BANK_PORTS));
	}
}

typedef struct {
	SyTape *t;
	const SyPeFacts *facts;
	GHashTable *pipes;
	SyLatencyIi *ii;
} PeWalk;

/* One pipelined loop of the PE: its II, why, its depth. */
static void pe_pipeline(
	const SyCode *pipe, const GPtrArray *chain, gpointer data)
{
	PeWalk *pw = data;
	SyTape *t = pw->t;
	const SyPeFacts *facts = pw->facts;
	g_autoptr(GArray) leaves = g_array_new(FALSE, FALSE, sizeof(LeafAt));
	g_autoptr(GHashTable) uses = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, g_free);
	g_autoptr(GArray) banks = g_array_new(FALSE, FALSE, sizeof(BankUse));
	SyLatencyIi ii = {sy_num(1), sy_num(0), NULL, sy_num(1)};
	SyWalkPipe *p = g_new(SyWalkPipe, 1);
	SyNum slots = sy_num(0), op_slots = sy_num(0);

	find_leaves(t,
		pipe->pragma == SY_CODE_PRAGMA_PIPELINE ? pipe->body : pipe,
		sy_num(1), leaves);
	for (guint k = 0; k < leaves->len; k++) {
		const LeafAt *at = &g_array_index(leaves, LeafAt, k);
		Leaf l = {t, facts, at->code, NULL, NULL, at->lanes};
		const SyCodeExpr *lane;

		if (at->code->stmt < 0 ||
			(guint)at->code->stmt >= facts->stmts->len)
			continue;
		l.s = g_ptr_array_index(facts->stmts, at->code->stmt);
		lane = sy_num_holds(t, sy_num_u32(t, &facts->lanes)) &&
				sy_num_holds(t, sy_num_lt(t, sy_num(1), l.w))
			? request(&l, 1)
			: NULL;
		if (lane && lane->kind == SY_CODE_EXPR_ID)
			l.lane = lane->name;
		slots = sy_num_add(t, slots, l.w);
		if (l.s->ops->len)
			op_slots = sy_num_add(t, op_slots, l.w);
		count_fifos(&l, uses);
		count_banks(&l, banks);
		recurrence(&l, chain, &ii);
		ii.depth = sy_num_max(t, ii.depth, stmt_depth(&l));
	}
	fifo_ii(t, uses, &ii);
	bank_ii(t, facts, banks, &ii);
	*p = (SyWalkPipe){ii.ii, ii.depth};
	g_hash_table_insert(pw->pipes, (gpointer)pipe, p);
	pw->ii->depth = sy_num_max(t, pw->ii->depth, ii.depth);
	/* A statement that only stores (the zeroing an accumulation
	 * starts with, in the iteration of its first update) takes no
	 * operator's lane beside those that compute. */
	pw->ii->lanes = sy_num_max(
		t, pw->ii->lanes, sy_num_holds(t, op_slots) ? op_slots : slots);
	set_reason(t, pw->ii, ii.ii, ii.reason);
}

gboolean sy_latency_ii_pe(const SyDesign *design, GHashTable *pipes,
	SyLatencyIi *ii, SyTape *tape, GError **error)
{
	g_autoptr(GPtrArray) chain = g_ptr_array_new();
	PeWalk pw = {tape, design->pe_facts, pipes, ii};

	*ii = (SyLatencyIi){sy_num(1), sy_num(0), NULL, sy_num(1)};
	(void)error;
	each_pipeline(design->pe->code, chain, pe_pipeline, &pw);
	/* No pipelined loop (a PE that runs its statements once): they
	 * are one pipeline of one iteration. */
	if (!g_hash_table_size(pipes))
		pe_pipeline(design->pe->code, chain, &pw);
	return TRUE;
}

/* The PE's work per instance */

/* Per statement of the PE, the least cycles per instance any of its
 * leaves is sure to take (0: none sure). */
typedef struct {
	const SyPeFacts *facts;
	double *per; /* cycles per instance, the least of its leaves */
	gboolean unsure; /* a loop inside a pipeline HLS unrolls uncounted */
} WorkWalk;

/* Whether the statement's leaf l recurs through its own element with
 * no independent sum: the pipelined loop's iterator is not in the
 * element's place, so recurrence's chain is empty whatever the trips,
 * and every lane updates that one element (the place does not read the
 * lane). */
static gboolean recurs_alone(const Leaf *l, const SyCode *pipe)
{
	const SyPeAccess *w = g_ptr_array_index(l->s->accesses, 0);
	gboolean reads = FALSE;

	if (w->value != SY_PE_VALUE_LOCAL || !l->s->ops->len)
		return FALSE;
	for (guint k = 1; k < l->s->accesses->len; k++) {
		const SyPeAccess *a = g_ptr_array_index(l->s->accesses, k);

		reads |= a->value == SY_PE_VALUE_LOCAL &&
			a->buffer == w->buffer;
	}
	return reads && pipe->trip >= 0 && !place_uses(l, w, pipe->name) &&
		(!l->lane || !place_uses(l, w, l->lane));
}

/* The cycles per instance leaf l is sure of in pipe: its FIFO read once
 * per lane makes II at least its lanes (a cycle an instance); its
 * recurrence alone makes II its lanes times the add's latency. */
static double leaf_cycles(const Leaf *l, const SyCode *pipe)
{
	double cycles = 0;

	for (guint k = 0; l->w.v > 1 && k < l->s->accesses->len; k++)
		if (fifo_uses(l, g_ptr_array_index(l->s->accesses, k)).v ==
			l->w.v)
			cycles = 1;
	if (recurs_alone(l, pipe)) {
		const SyPeOp *op = g_ptr_array_index(l->s->ops, 0);
		const SyPeAccess *w = g_ptr_array_index(l->s->accesses, 0);

		cycles = MAX(cycles, latency_of(op->op, w->plain_array));
	}
	return cycles;
}

static void work_leaves(
	WorkWalk *ww, const SyCode *code, SyNum lanes, const SyCode *pipe)
{
	if (!code)
		return;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			work_leaves(ww, g_ptr_array_index(code->children, k),
				lanes, pipe);
		return;
	case SY_CODE_IF:
	case SY_CODE_MARK: work_leaves(ww, code->body, lanes, pipe); return;
	case SY_CODE_FOR: break;
	case SY_CODE_USER: {
		Leaf l = {NULL, ww->facts, code, NULL, NULL, lanes};
		const SyCodeExpr *lane;
		double *per;

		if (code->stmt < 0 ||
			(guint)code->stmt >= ww->facts->stmts->len)
			return;
		l.s = g_ptr_array_index(ww->facts->stmts, code->stmt);
		per = &ww->per[code->stmt];
		if (!pipe) {
			*per = 0;
			return;
		}
		lane = ww->facts->lanes && lanes.v > 1 ? request(&l, 1) : NULL;
		if (lane && lane->kind == SY_CODE_EXPR_ID)
			l.lane = lane->name;
		*per = MIN(*per, leaf_cycles(&l, pipe));
		return;
	}
	}
	if (pipe) {
		/* HLS unrolls every loop inside a pipelined one: the counts
		 * above take each unrolled lane, so a loop of more than one
		 * iteration without the pragma is not counted. */
		if (code->pragma == SY_CODE_PRAGMA_UNROLL && code->trip > 1)
			lanes = sy_num(lanes.v * code->trip);
		else if (code->trip != 1)
			ww->unsure = TRUE;
	}
	work_leaves(ww, code->body, lanes,
		pipe                                              ? pipe
			: code->pragma == SY_CODE_PRAGMA_PIPELINE ? code
								  : NULL);
}

double sy_latency_ii_work(const SyDesign *design)
{
	const SyPeFacts *facts = design->pe_facts;
	g_autofree double *per = NULL;
	WorkWalk ww;
	double most = 0;

	if (!facts || !design->pe || !design->pe->code)
		return 0;
	per = g_new(double, facts->stmts->len);
	for (guint k = 0; k < facts->stmts->len; k++)
		per[k] = INFINITY;
	ww = (WorkWalk){facts, per, FALSE};
	work_leaves(&ww, design->pe->code, sy_num(1), NULL);
	if (ww.unsure)
		return 0;
	for (guint k = 0; k < facts->stmts->len; k++) {
		const SyPeStmt *st = g_ptr_array_index(facts->stmts, k);

		if (isfinite(per[k]) && st->instances > 0)
			most = MAX(most, per[k] * (double)st->instances);
	}
	return most;
}

/* The I/O modules */

/* An index expression as far as the lanes' words need it: the
 * coefficient of the lane iterator, and a number every other term and
 * the constant are multiples of (0: there are none).  FALSE where it is
 * not affine in a form read here (divisions, conditions, products of
 * iterators). */
typedef struct {
	SyNum lane, rest;
} LaneForm;

static LaneForm lane_pair(gint64 lane, gint64 rest)
{
	return (LaneForm){sy_num(lane), sy_num(rest)};
}

/* a x k, k a constant factor's form. */
static LaneForm lane_scale(SyTape *t, LaneForm a, SyNum k)
{
	return (LaneForm){sy_num_mul(t, a.lane, k), sy_num_mul(t, a.rest, k)};
}

static gboolean lane_form(
	SyTape *t, const SyCodeExpr *e, const char *lane, LaneForm *f)
{
	LaneForm a, b;

	if (e->kind == SY_CODE_EXPR_INT) {
		*f = (LaneForm){sy_num(0), sy_num_i64(t, &e->value)};
		return TRUE;
	}
	if (e->kind == SY_CODE_EXPR_ID) {
		*f = strcmp(e->name, lane) ? lane_pair(0, 1) : lane_pair(1, 0);
		return TRUE;
	}
	if (e->op == SY_CODE_OP_MINUS) {
		if (!lane_form(t, e->args[0], lane, f))
			return FALSE;
		f->lane = sy_num_neg(t, f->lane);
		return TRUE;
	}
	if (e->n_args != 2 || !lane_form(t, e->args[0], lane, &a) ||
		!lane_form(t, e->args[1], lane, &b))
		return FALSE;
	if (e->op == SY_CODE_OP_ADD || e->op == SY_CODE_OP_SUB) {
		*f = (LaneForm){e->op == SY_CODE_OP_ADD
				? sy_num_add(t, a.lane, b.lane)
				: sy_num_sub(t, a.lane, b.lane),
			sy_num_gcd(t, a.rest, b.rest)};
		return TRUE;
	}
	if (e->op != SY_CODE_OP_MUL)
		return FALSE;
	/* A constant factor: an INT (its form is {0, value}). */
	if (e->args[0]->kind == SY_CODE_EXPR_INT)
		*f = lane_scale(t, b, a.rest);
	else if (e->args[1]->kind == SY_CODE_EXPR_INT)
		*f = lane_scale(t, a, b.rest);
	else
		return FALSE;
	return TRUE;
}

/* The words one vector of w lanes reads from an intra_trans's buffer
 * (0 where code has no statement),
 * by its statement's arguments (hls-io.c's print_transfers: the lane,
 * then per access its guard on interior paths and the box's indices;
 * sy_e, the element's place, is row-major in the box, and its word
 * sy_e / pack).  Where consecutive lanes are consecutive elements and
 * each vector starts on a multiple of w, with w dividing pack (or pack
 * dividing w), the w reads of an unrolled iteration fall in w / pack
 * words (one at least): their addresses differ only below the word,
 * which the tool's address simplification sees (ASSUMED: unchecked
 * without Vitis; AutoSA's fp32 13x16x8 design, whose L2 modules read a
 * 512-bit word per 8-lane vector as ours do, runs at II 1 on the board,
 * ../shared/reference/odyssey.md §6.4).  Anything else: a read per
 * lane. */
/* The words w (> 1) lanes of consecutive elements take in words of
 * pack (>= 1) elements: w / min(w, pack) where they fall in whole
 * words (w divides pack or pack w: the smaller divides the larger),
 * else w (a read per lane).  Arithmetic, not a decision: a replay
 * holds on both sides. */
static SyNum lanes_words(SyTape *t, SyNum w, SyNum pack)
{
	SyNum small = sy_num_min(t, w, pack);
	SyNum fit = sy_num_eq(
		t, sy_num_mod(t, sy_num_max(t, w, pack), small), sy_num(0));

	return sy_num_div(
		t, w, sy_num_max(t, sy_num(1), sy_num_mul(t, fit, small)));
}

/* One statement's words per vector: the most of its accesses'. */
static SyNum user_vector_words(
	SyTape *t, const SyIoPathFacts *f, const SyCode *user, SyNum w)
{
	const SyCodeExpr *lane =
		user->args && user->args->len ? user->args->pdata[0] : NULL;
	SyNum words = sy_num(1), pack = sy_num_u32(t, &f->pack);
	guint at = 1;

	if (!lane || lane->kind != SY_CODE_EXPR_ID)
		return w;
	while (at < user->args->len) {
		LaneForm e = lane_pair(0, 0);

		at += !f->path->exterior;
		if (at + f->n_dims > user->args->len)
			return w;
		for (guint d = 0; d < f->n_dims; d++) {
			const SyCodeExpr *x = user->args->pdata[at++];
			SyNum box = sy_num_i64(t, &f->box[d]);
			LaneForm i;

			if (!x || !lane_form(t, x, lane->name, &i))
				return w;
			/* Horner, as print_linear: e * box[d] + i. */
			e = (LaneForm){sy_num_add(t, sy_num_mul(t, e.lane, box),
					       i.lane),
				sy_num_gcd(
					t, sy_num_mul(t, e.rest, box), i.rest)};
		}
		if (!sy_num_holds(t, e.lane))
			continue; /* one element for every lane */
		if (!sy_num_holds(t, sy_num_eq(t, e.lane, sy_num(1))) ||
			sy_num_holds(t, sy_num_mod(t, e.rest, w)))
			return w;
		/* At most w: where the lanes do not fit, the most. */
		words = sy_num_max(t, words, lanes_words(t, w, pack));
	}
	return words;
}

static SyNum vector_words(
	SyTape *t, const SyIoPathFacts *f, const SyCode *code, SyNum w)
{
	SyNum words = sy_num(0);

	if (!code)
		return sy_num(0); /* no statement */
	if (!sy_num_holds(t, sy_num_lt(t, sy_num(1), w)))
		return w;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			words = sy_num_max(t, words,
				vector_words(
					t, f, code->children->pdata[k], w));
		return words;
	case SY_CODE_IF:
		return sy_num_max(t, vector_words(t, f, code->body, w),
			vector_words(t, f, code->else_body, w));
	case SY_CODE_FOR:
	case SY_CODE_MARK: return vector_words(t, f, code->body, w);
	case SY_CODE_USER: break;
	}
	return user_vector_words(t, f, code, w);
}

/* Whether a statement of that name has a leaf in code. */
static gboolean has_leaf(const SyCode *code, const char *stmt)
{
	if (!code)
		return FALSE;
	switch (code->kind) {
	case SY_CODE_BLOCK:
		for (guint k = 0; k < code->children->len; k++)
			if (has_leaf(code->children->pdata[k], stmt))
				return TRUE;
		return FALSE;
	case SY_CODE_IF:
		return has_leaf(code->body, stmt) ||
			has_leaf(code->else_body, stmt);
	case SY_CODE_FOR:
	case SY_CODE_MARK: return has_leaf(code->body, stmt);
	case SY_CODE_USER: return g_str_equal(code->name, stmt);
	}
	return FALSE;
}

void sy_latency_ii_intra(
	const SyIoPathFacts *f, gboolean drop, SyLatencyIi *ii, SyTape *t)
{
	guint moved = 0;
	SyNum w = sy_num_max(t, sy_num_u32(t, &f->lanes), sy_num(1));
	SyNum words, reads, n;

	/* The accesses of the statements its code runs: a zeroing whose
	 * value is never the last one written is no leaf of a
	 * collecting intra_trans. */
	for (guint k = 0; k < f->moves->len; k++) {
		const SyIoMoves *mv = g_ptr_array_index(f->moves, k);

		if (!f->intra || has_leaf(f->intra, mv->stmt))
			moved += mv->n;
	}
	*ii = (SyLatencyIi){sy_num(1), sy_num(SY_LAT_MOVE_DEPTH), NULL, w};
	if (drop) {
		/* A read of fifo_in per access moved, at one lane. */
		set_reason(t, ii, sy_num(moved),
			g_strdup_printf(
				"fifo_in read %u times per iteration", moved));
		return;
	}
	if (f->path->in) {
		/* A write of the lanes' word per access (at its last lane),
		 * each lane's element read from the buffer: the words the
		 * lanes fall in. */
		words = vector_words(t, f, f->intra, w);
		reads = sy_num_mul(
			t, sy_num(moved), sy_num_holds(t, words) ? words : w);
		set_reason(t, ii, sy_num(moved),
			g_strdup_printf("fifo_local_out written %u times per "
					"iteration",
				moved));
		set_reason(t, ii,
			sy_num_cdiv(t, reads, sy_num(SY_LAT_BANK_PORTS)),
			g_strdup_printf("local: %" G_GINT64_FORMAT
					" reads per iteration, %u ports",
				reads.v, SY_LAT_BANK_PORTS));
		return;
	}
	/* Collecting: an element per lane read from fifo_local_in into
	 * its word, read, changed and written back: consecutive elements
	 * of one word make a recurrence through the buffer. */
	n = sy_num_mul(t, sy_num(moved), w);
	set_reason(t, ii, n,
		g_strdup_printf("fifo_local_in read %" G_GINT64_FORMAT
				" times per iteration",
			n.v));
	/* pack > 1: SY_LAT_RMW, else 1 (no reason). */
	set_reason(t, ii,
		sy_num_add(t, sy_num(1),
			sy_num_mul(t,
				sy_num_lt(
					t, sy_num(1), sy_num_u32(t, &f->pack)),
				sy_num(SY_LAT_RMW - 1))),
		g_strdup_printf("local: read-modify-write of a word "
				"of %u elements every iteration",
			f->pack));
}

void sy_latency_ii_move(gboolean dram, SyLatencyIi *ii)
{
	*ii = (SyLatencyIi){sy_num(1),
		sy_num(dram ? SY_LAT_DRAM_DEPTH : SY_LAT_MOVE_DEPTH), NULL,
		sy_num(1)};
}

/* fp32: 5 (fmul 3 + fadd 2 full-DSP cores), Odyssey's figure and
 * AutoSA's published U250 designs' (5.0 per MAC, see
 * ../shared/reference/peers_devices.md §C); fp64: 14 (dmul 11 +
 * dadd 3, assumed); integers: 3 above 18 bits (27x18 multipliers
 * cascaded), 1 below. */
double sy_latency_dsp_per_mac(const SyPeFacts *facts)
{
	const SyPeStmt *s;
	const SyDesignArray *x;

	if (!facts->stmts->len)
		return 1;
	s = g_ptr_array_index(facts->stmts, 0);
	x = ((const SyPeAccess *)g_ptr_array_index(s->accesses, 0))
		    ->plain_array;
	if (!x->integer)
		return x->bits > 32 ? 14 : 5;
	return x->bits > 18 ? 3 : 1;
}
