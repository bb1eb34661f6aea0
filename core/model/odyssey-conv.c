/* Odyssey's 30 convolution designs (model/odyssey.h).  One rule builds
 * every array's I/O chain from which of the PE array's dimensions
 * (space) it depends on, as AutoSA builds them:
 * - on none (1D arrays only): one buffer for the whole array at the
 *   DRAM, no reuse;
 * - on the one dimension of a 1D array: an L1 module per PE, then
 *   DRAM;
 * - on one dimension of a 2D array: an L2 module per row, then DRAM
 *   (on neither: one per column);
 * - on both of a 2D array: an L1 module per PE, L2, then DRAM, and no
 *   reuse of a tile over loops it does not depend on.
 * A buffer's extent in a dimension is t2 where the PEs split it, t1
 * elsewhere; the input's rows and columns add the window's halo. */
#include <math.h>
#include <string.h>

#include "model/odyssey-private.h"

enum { O, R, C, I };
enum { PCIN, P15, P16, PW }; /* cin, cout read-back, cout drain, w */

/* The PE array's dimensions per dataflow (-1: 1D). */
static const int space[10][2] = {
	{O, -1}, {R, -1}, {C, -1}, {I, -1}, {O, R},
	{O, C}, {O, I}, {R, C}, {R, I}, {C, I},
};

typedef struct {
	SyOdyTiles t;
	double t1[4], t2[4];
	double r[4]; /* t1 / t2 */
	double p, q;
	guint d;
} Conv;

static gboolean in_space(const Conv *m, int dim)
{
	return space[m->d][0] == dim || space[m->d][1] == dim;
}

static gboolean two_d(const Conv *m)
{
	return space[m->d][1] >= 0;
}

static double extent(const Conv *m, int dim)
{
	return in_space(m, dim) ? m->t2[dim] : m->t1[dim];
}

/* Rows (or columns) of input a tile of rows (columns) needs: the
 * tile's, plus the window's p - 1 (q - 1), in Odyssey's own terms. */
static double halo(const Conv *m, int dim, double window)
{
	double t1 = m->t1[dim], t2 = m->t2[dim];

	if (in_space(m, dim))
		return ((t2 - 1) + (window - 1)) + 1;
	return ((((t1 / t2) - 1) * t2 + (t2 - 1)) + (window - 1)) + 1;
}

static const int orders[3][4] = {{I, R, C, O}, {O, R, C, I}, {O, I, R, C}};

int sy_odyssey_conv_space(guint dataflow, int k)
{
	return space[dataflow][k];
}

int sy_odyssey_conv_order(guint order, int l)
{
	return orders[order][l];
}

int sy_ody_conv_levels(guint dataflow, guint deps)
{
	int s0 = space[dataflow][0], s1 = space[dataflow][1];
	gboolean d0 = deps & (1u << s0), d1 = s1 >= 0 && (deps & (1u << s1));

	if (!d0 && !d1 && s1 < 0)
		return 1;
	return s1 < 0 || !(d0 && d1) ? 2 : 3;
}

/* An array's chain (at most 3 levels) from its dependences. */
static int chain(const Conv *m, const char *array, guint deps,
	double size, double last, int pack, SyOdyLevel *l,
	char names[3][24], gboolean *reusing)
{
	int s0 = space[m->d][0], s1 = space[m->d][1];
	double rows = deps & (1u << s0) ? m->r[s0] : m->r[MAX(s1, s0)];
	int levels = sy_ody_conv_levels(m->d, deps), first, n;

	*reusing = levels == 2;
	if (levels == 1) {
		first = 2;
		n = 1;
		l[0] = (SyOdyLevel){NULL, 1, 1, size, last, pack, TRUE};
	} else if (levels == 2) {
		first = two_d(m) ? 2 : 1;
		n = 2;
		l[0] = (SyOdyLevel){NULL, rows, rows, size, last, pack, FALSE};
		l[1] = (SyOdyLevel){NULL, 1, rows, size, last, pack, TRUE};
	} else {
		double pes = m->r[s0] * m->r[s1];

		first = 1;
		n = 3;
		l[0] = (SyOdyLevel){NULL, pes, m->r[s0], size, last, pack,
			FALSE};
		l[1] = (SyOdyLevel){NULL, 1, pes, size, last, pack, FALSE};
		l[2] = (SyOdyLevel){NULL, 1, pes, size, last, pack, TRUE};
	}
	for (int i = 0; i < n; i++) {
		g_snprintf(names[i], sizeof(names[i]), "%s_IO_L%d", array,
			first + i);
		l[i].name = names[i];
	}
	return n;
}

static void build(const Conv *m, SyOdysseyResult *r)
{
	gboolean accumulating = !in_space(m, I);
	double tau = 1, tau_c, pes = m->r[space[m->d][0]];
	SyOdyLevel l[3];
	char names[3][24];
	gboolean reusing;
	int n;

	if (two_d(m))
		pes *= m->r[space[m->d][1]];
	for (int d = O; d <= C; d++)
		if (!in_space(m, d))
			tau *= m->r[d];
	tau_c = tau * m->t2[C] * m->t2[R] * m->t2[O];
	if (!in_space(m, I))
		tau *= m->r[I];
	tau *= m->p * m->q * m->t2[C] * m->t2[R] * m->t2[O];

	n = chain(m, "cin", 1u << R | 1u << C | 1u << I,
		halo(m, R, m->p) * halo(m, C, m->q) * extent(m, I),
		extent(m, I), PCIN, l, names, &reusing);
	sy_ody_input(&m->t, r, l, n, 1u << R | 1u << C | 1u << I, reusing,
		tau);
	n = chain(m, "w", 1u << O | 1u << I,
		extent(m, O) * m->p * m->q * extent(m, I), extent(m, I), PW,
		l, names, &reusing);
	sy_ody_input(&m->t, r, l, n, 1u << O | 1u << I, reusing, tau);
	n = chain(m, !accumulating ? "cout_1" :
		m->t.serialized ? "cout_drain" : "cout",
		1u << O | 1u << R | 1u << C,
		extent(m, R) * extent(m, C) * extent(m, O), extent(m, O),
		accumulating && !m->t.serialized ? P15 : P16, l, names,
		&reusing);
	sy_ody_output(&m->t, r, l, n, accumulating, tau_c);
	sy_ody_pe(&m->t, r, pes, tau,
		extent(m, R) * extent(m, C) * extent(m, O), accumulating);
	r->dsp = pes * m->t2[I] * 5;
}

/* The pack factors' upper bounds, min(tile, cap): the tile as (t1 or
 * t2, dimension).  cin's and w's are multiples of the SIMD. */
typedef struct {
	int level, dim, cap;
} PackBound;

static const PackBound pack_bounds[10][4] = {
	{{1, I, 16}, {2, O, 4}, {2, O, 4}, {1, I, 4}},
	{{1, I, 4}, {1, O, 4}, {1, O, 4}, {1, I, 16}},
	{{1, I, 4}, {1, O, 4}, {1, O, 4}, {1, I, 16}},
	{{2, I, 4}, {1, O, 4}, {1, O, 16}, {2, I, 4}},
	{{1, I, 16}, {2, O, 4}, {2, O, 4}, {1, I, 16}},
	{{1, I, 16}, {2, O, 4}, {2, O, 4}, {1, I, 16}},
	{{2, I, 16}, {2, O, 4}, {2, O, 16}, {2, I, 4}},
	{{1, I, 4}, {1, O, 4}, {1, O, 4}, {1, I, 16}},
	{{2, I, 4}, {1, O, 4}, {1, O, 16}, {2, I, 16}},
	{{2, I, 4}, {1, O, 4}, {1, O, 16}, {2, I, 16}},
};

gint64 sy_ody_conv_pack_cap(guint dataflow, int pack)
{
	return pack_bounds[dataflow][pack].cap;
}

static gint64 pack_ub(const SyOdysseyConv *cv, int p)
{
	const PackBound *b = &pack_bounds[cv->dataflow][p];

	return MIN(b->level == 1 ? cv->t1[b->dim] : cv->t2[b->dim], b->cap);
}

static gint64 pack_lb(const SyOdysseyConv *cv, int p)
{
	return p == PCIN || p == PW ? cv->t2[I] : 1;
}

static gboolean bound_check(const SyOdysseyConv *cv, const Conv *m,
	const SyOdysseyResult *r)
{
	const gint64 *t1 = cv->t1, *t2 = cv->t2;

	for (int d = O; d <= I; d++)
		if (t1[d] < 1 || t2[d] < 1 || (d != I && t2[d] > t1[d]))
			return FALSE;
	if (t2[I] > MIN(t1[I], 8) || !sy_ody_pow2(t2[I]))
		return FALSE;
	for (int p = PCIN; p <= PW; p++) {
		gint64 lb = pack_lb(cv, p);

		if (r->pack[p] < lb || r->pack[p] > MAX(pack_ub(cv, p), lb) ||
			!sy_ody_pow2(r->pack[p]))
			return FALSE;
	}
	/* Every design keeps outputs in the PEs: 8 independent sums per
	 * SIMD lane for the fp32 adder. */
	if (t2[O] * t2[R] * t2[C] < 8 * t2[I])
		return FALSE;
	return !two_d(m) ||
		(m->r[space[m->d][0]] > 1 && m->r[space[m->d][1]] > 1);
}

gboolean sy_odyssey_conv_evaluate(const SyOdysseyConv *cv,
	SyOdysseyResult *result, GError **error)
{
	Conv m = {.t = {.n_loops = 4, .reduction = I}, .d = cv->dataflow};

	if (cv->dataflow > 9 || cv->order > 2) {
		g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_DESIGN,
			"Odyssey has no convolution design kernel%u_%u",
			cv->dataflow, cv->order);
		return FALSE;
	}
	for (int d = O; d <= I; d++) {
		if (cv->size[d] < 1 || cv->t1[d] < 1 || cv->t2[d] < 1 ||
			cv->p < 1 || cv->q < 1) {
			g_set_error(error, SY_ODYSSEY_ERROR,
				SY_ODYSSEY_ERROR_PARAMS,
				"sizes and tiles must be at least 1");
			return FALSE;
		}
		m.t1[d] = (double) cv->t1[d];
		m.t2[d] = (double) cv->t2[d];
		m.t.n[d] = ceil((double) cv->size[d] / m.t1[d]);
		m.r[d] = m.t1[d] / m.t2[d];
	}
	m.p = (double) cv->p;
	m.q = (double) cv->q;
	memset(result, 0, sizeof(*result));
	result->bottleneck = -1;
	for (int p = PCIN; p <= PW; p++) {
		result->pack[p] = sy_ody_infer(pack_lb(cv, p), pack_ub(cv, p));
		if (!result->pack[p])
			return TRUE; /* Odyssey drops the point */
		m.t.pack[p] = (double) result->pack[p];
	}
	memcpy(m.t.loops, orders[cv->order], sizeof(orders[0]));
	m.t.serialized = cv->order == 1;
	result->valid = bound_check(cv, &m, result);
	build(&m, result);
	sy_ody_total(result);
	return TRUE;
}

gboolean sy_odyssey_conv_estimate(const SyOdysseyConv *cv, SyEstimate *e,
	GError **error)
{
	SyOdysseyResult r;
	double ops = 2.0 * (double) cv->p * (double) cv->q;

	if (!sy_ody_check_empty(e, error) ||
		!sy_odyssey_conv_evaluate(cv, &r, error))
		return FALSE;
	for (int d = O; d <= I; d++)
		ops *= (double) (cv->original[d] ? cv->original[d] :
			cv->size[d]);
	sy_ody_fill(&r, ops, e);
	return TRUE;
}
