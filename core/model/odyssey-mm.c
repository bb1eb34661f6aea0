/* Odyssey's 18 matrix-multiply designs (model/odyssey.h) as closed
 * forms: per dataflow, the chain of I/O modules each array goes
 * through (feeder next to the PEs first, DRAM last), the PE's tile
 * time, and Odyssey's rules applied to them (model/odyssey-private.h).
 * The structure is AutoSA's, as its design descriptors describe it. */
#include <math.h>
#include <string.h>

#include "model/odyssey-private.h"

enum { I, J, K };
enum { P9, P10, P11, P12 }; /* A, B, C (read-back), C (drain) */

typedef struct {
	SyOdyTiles t;
	double t1[3], t2[3];
	double r[3]; /* t1 / t2: PE rows, columns, reduction lanes */
} Mm;

/* C's levels are drains (C_drain_*, packed p12) where the PEs keep C
 * and the reduction is innermost, read-back or collecting buffers
 * (C_*, p11) otherwise. */
static gboolean drains(const Mm *m, gboolean pe_memory)
{
	return pe_memory && m->t.serialized;
}

#define C_NAME(m, mem, level) \
	(drains(m, mem) ? "C_drain_IO_" level : "C_IO_" level)
#define C_PACK(m, mem) (drains(m, mem) ? P12 : P11)

/* The PEs, count of them, each with memory words of accumulators (0:
 * none, the reduction runs across PEs); SIMD lanes of 5 DSPs each. */
static void pe(const Mm *m, SyOdysseyResult *r, double count, double tau,
	double memory)
{
	sy_ody_pe(&m->t, r, count, tau, memory, memory > 0);
	r->dsp = count * m->t2[K] * 5;
}

/* 1D along i: a row of t1 i / t2 i PEs, B broadcast from one buffer. */
static void dataflow0(const Mm *m, SyOdysseyResult *r)
{
	const double *t1 = m->t1, *t2 = m->t2, *R = m->r;
	double tau = R[J] * R[K] * t2[J] * t2[I];
	SyOdyLevel a[] = {
		{"A_IO_L1", R[I], R[I], t2[I] * t1[K], t1[K], P9, FALSE},
		{"A_IO_L2", 1, R[I], t2[I] * t1[K], t1[K], P9, TRUE}};
	SyOdyLevel b[] = {{"B_IO_L2", 1, 1, t1[J] * t1[K], t1[K], P10, TRUE}};
	SyOdyLevel c[] = {
		{C_NAME(m, TRUE, "L1"), R[I], R[I], t2[I] * t1[J], t1[J],
			C_PACK(m, TRUE), FALSE},
		{C_NAME(m, TRUE, "L2"), 1, R[I], t2[I] * t1[J], t1[J],
			C_PACK(m, TRUE), TRUE}};

	sy_ody_input(&m->t, r, a, 2, 1u << I | 1u << K, TRUE, tau);
	sy_ody_input(&m->t, r, b, 1, 1u << J | 1u << K, FALSE, tau);
	sy_ody_output(&m->t, r, c, 2, TRUE, R[J] * t2[J] * t2[I]);
	pe(m, r, R[I], tau, t2[I] * t1[J]);
}

/* 1D along j: A broadcast from one buffer. */
static void dataflow1(const Mm *m, SyOdysseyResult *r)
{
	const double *t1 = m->t1, *t2 = m->t2, *R = m->r;
	double tau = R[I] * R[K] * t2[I] * t2[J];
	SyOdyLevel a[] = {{"A_IO_L2", 1, 1, t1[I] * t1[K], t1[K], P9, TRUE}};
	SyOdyLevel b[] = {
		{"B_IO_L1", R[J], R[J], t2[J] * t1[K], t1[K], P10, FALSE},
		{"B_IO_L2", 1, R[J], t2[J] * t1[K], t1[K], P10, TRUE}};
	SyOdyLevel c[] = {
		{C_NAME(m, TRUE, "L1"), R[J], R[J], t1[I] * t2[J], t2[J],
			C_PACK(m, TRUE), FALSE},
		{C_NAME(m, TRUE, "L2"), 1, R[J], t1[I] * t2[J], t2[J],
			C_PACK(m, TRUE), TRUE}};

	sy_ody_input(&m->t, r, a, 1, 1u << I | 1u << K, FALSE, tau);
	sy_ody_input(&m->t, r, b, 2, 1u << J | 1u << K, TRUE, tau);
	sy_ody_output(&m->t, r, c, 2, TRUE, R[I] * t2[I] * t2[J]);
	pe(m, r, R[J], tau, t1[I] * t2[J]);
}

/* 1D along k: partial sums flow along the row, C collected at its
 * end in one buffer. */
static void dataflow2(const Mm *m, SyOdysseyResult *r)
{
	const double *t1 = m->t1, *t2 = m->t2, *R = m->r;
	double tau = R[I] * R[J] * t2[J] * t2[I];
	SyOdyLevel a[] = {
		{"A_IO_L1", R[K], R[K], t1[I] * t2[K], t2[K], P9, FALSE},
		{"A_IO_L2", 1, R[K], t1[I] * t2[K], t2[K], P9, TRUE}};
	SyOdyLevel b[] = {
		{"B_IO_L1", R[K], R[K], t1[J] * t2[K], t2[K], P10, FALSE},
		{"B_IO_L2", 1, R[K], t1[J] * t2[K], t2[K], P10, TRUE}};
	SyOdyLevel c[] = {{"C_IO_L2", 1, 1, t1[I] * t1[J], t1[J], P11, TRUE}};

	sy_ody_input(&m->t, r, a, 2, 1u << I | 1u << K, TRUE, tau);
	sy_ody_input(&m->t, r, b, 2, 1u << J | 1u << K, TRUE, tau);
	sy_ody_output(&m->t, r, c, 1, FALSE, tau);
	pe(m, r, R[K], tau, 0);
}

/* 2D [i, j], output-stationary. */
static void dataflow3(const Mm *m, SyOdysseyResult *r)
{
	const double *t1 = m->t1, *t2 = m->t2, *R = m->r;
	double tau = R[K] * t2[J] * t2[I];
	double pes = R[J] * R[I];
	SyOdyLevel a[] = {
		{"A_IO_L2", R[I], R[I], t2[I] * t1[K], t1[K], P9, FALSE},
		{"A_IO_L3", 1, R[I], t2[I] * t1[K], t1[K], P9, TRUE}};
	SyOdyLevel b[] = {
		{"B_IO_L2", R[J], R[J], t2[J] * t1[K], t1[K], P10, FALSE},
		{"B_IO_L3", 1, R[J], t2[J] * t1[K], t1[K], P10, TRUE}};
	SyOdyLevel c[] = {
		{C_NAME(m, TRUE, "L1"), pes, R[I], t2[I] * t2[J], t2[J],
			C_PACK(m, TRUE), FALSE},
		{C_NAME(m, TRUE, "L2"), 1, pes, t2[I] * t2[J], t2[J],
			C_PACK(m, TRUE), FALSE},
		{C_NAME(m, TRUE, "L3"), 1, pes, t2[I] * t2[J], t2[J],
			C_PACK(m, TRUE), TRUE}};

	sy_ody_input(&m->t, r, a, 2, 1u << I | 1u << K, TRUE, tau);
	sy_ody_input(&m->t, r, b, 2, 1u << J | 1u << K, TRUE, tau);
	sy_ody_output(&m->t, r, c, 3, TRUE, t2[J] * t2[I]);
	pe(m, r, R[I] * R[J], tau, t2[I] * t2[J]);
}

/* 2D [i, k]: A reaches each PE through its own L1 module. */
static void dataflow4(const Mm *m, SyOdysseyResult *r)
{
	const double *t1 = m->t1, *t2 = m->t2, *R = m->r;
	double tau = R[J] * t2[J] * t2[I];
	double pes = R[K] * R[I];
	SyOdyLevel a[] = {
		{"A_IO_L1", pes, R[I], t2[I] * t2[K], t2[K], P9, FALSE},
		{"A_IO_L2", 1, pes, t2[I] * t2[K], t2[K], P9, FALSE},
		{"A_IO_L3", 1, pes, t2[I] * t2[K], t2[K], P9, TRUE}};
	SyOdyLevel b[] = {
		{"B_IO_L2", R[K], R[K], t1[J] * t2[K], t2[K], P10, FALSE},
		{"B_IO_L3", 1, R[K], t1[J] * t2[K], t2[K], P10, TRUE}};
	SyOdyLevel c[] = {
		{"C_IO_L2", R[I], R[I], t2[I] * t1[J], t1[J], P11, FALSE},
		{"C_IO_L3", 1, R[I], t2[I] * t1[J], t1[J], P11, TRUE}};

	sy_ody_input(&m->t, r, a, 3, 1u << I | 1u << K, FALSE, tau);
	sy_ody_input(&m->t, r, b, 2, 1u << J | 1u << K, TRUE, tau);
	sy_ody_output(&m->t, r, c, 2, FALSE, tau);
	pe(m, r, R[I] * R[K], tau, 0);
}

/* 2D [j, k]: B reaches each PE through its own L1 module. */
static void dataflow5(const Mm *m, SyOdysseyResult *r)
{
	const double *t1 = m->t1, *t2 = m->t2, *R = m->r;
	double tau = R[I] * t2[I] * t2[J];
	double pes = R[K] * R[J];
	SyOdyLevel a[] = {
		{"A_IO_L2", R[K], R[K], t1[I] * t2[K], t2[K], P9, FALSE},
		{"A_IO_L3", 1, R[K], t1[I] * t2[K], t2[K], P9, TRUE}};
	SyOdyLevel b[] = {
		{"B_IO_L1", pes, R[J], t2[J] * t2[K], t2[K], P10, FALSE},
		{"B_IO_L2", 1, pes, t2[J] * t2[K], t2[K], P10, FALSE},
		{"B_IO_L3", 1, pes, t2[J] * t2[K], t2[K], P10, TRUE}};
	SyOdyLevel c[] = {
		{"C_IO_L2", R[J], R[J], t1[I] * t2[J], t2[J], P11, FALSE},
		{"C_IO_L3", 1, R[J], t1[I] * t2[J], t2[J], P11, TRUE}};

	sy_ody_input(&m->t, r, a, 2, 1u << I | 1u << K, TRUE, tau);
	sy_ody_input(&m->t, r, b, 3, 1u << J | 1u << K, FALSE, tau);
	sy_ody_output(&m->t, r, c, 2, FALSE, tau);
	pe(m, r, R[J] * R[K], tau, 0);
}

/* The pack factors' upper bounds, min(tile, cap), per dataflow: the
 * tile as (t1 or t2, dimension). p9 and p10 are multiples of the SIMD,
 * p11 and p12 of 1. */
typedef struct {
	int level, dim, cap;
} PackBound;

static const PackBound pack_bounds[6][4] = {
	{{1, K, 4}, {1, K, 16}, {1, J, 4}, {1, J, 4}},
	{{1, K, 16}, {1, K, 4}, {2, J, 4}, {2, J, 4}},
	{{2, K, 4}, {2, K, 4}, {1, J, 16}, {1, J, 4}},
	{{1, K, 16}, {1, K, 16}, {2, J, 4}, {2, J, 4}},
	{{2, K, 4}, {2, K, 16}, {1, J, 16}, {1, J, 4}},
	{{2, K, 16}, {2, K, 4}, {2, J, 16}, {2, J, 4}},
};

/* Designs without PE memory have no p12 when the reduction is
 * innermost (no drain, no read-back). */
static gboolean has_pack(const SyOdysseyMm *mm, int p)
{
	return p != P12 || mm->order != 2 ||
		mm->dataflow == 0 || mm->dataflow == 1 || mm->dataflow == 3;
}

static gint64 pack_ub(const SyOdysseyMm *mm, int p)
{
	const PackBound *b = &pack_bounds[mm->dataflow][p];
	gint64 tile = b->level == 1 ? mm->t1[b->dim] : mm->t2[b->dim];

	return MIN(tile, b->cap);
}

static gint64 pack_lb(const SyOdysseyMm *mm, int p)
{
	return p == P9 || p == P10 ? mm->t2[K] : 1;
}

/* infer_params: FALSE when some pack factor has no candidate. */
static gboolean infer(const SyOdysseyMm *mm, SyOdysseyResult *r)
{
	for (int p = P9; p <= P12; p++) {
		r->pack[p] = 0;
		if (!has_pack(mm, p))
			continue;
		r->pack[p] = sy_ody_infer(pack_lb(mm, p), pack_ub(mm, p));
		if (!r->pack[p])
			return FALSE;
	}
	return TRUE;
}

/* bound_check on the inferred point. */
static gboolean bound_check(const SyOdysseyMm *mm, const SyOdysseyResult *r)
{
	const gint64 *t1 = mm->t1, *t2 = mm->t2;
	double r0, r1;

	for (int d = I; d <= K; d++)
		if (t1[d] < 1 || t2[d] < 1)
			return FALSE;
	if (t2[I] > t1[I] || t2[J] > t1[J] || t2[K] > MIN(t1[K], 8) ||
		!sy_ody_pow2(t2[K]))
		return FALSE;
	for (int p = P9; p <= P12; p++) {
		gint64 lb = pack_lb(mm, p);

		if (!has_pack(mm, p))
			continue;
		if (r->pack[p] < lb || r->pack[p] > MAX(pack_ub(mm, p), lb) ||
			!sy_ody_pow2(r->pack[p]))
			return FALSE;
	}
	/* PE-local accumulators: enough independent sums for the fp32
	 * adder's latency, taken as 8. */
	if ((mm->dataflow == 0 || mm->dataflow == 1 || mm->dataflow == 3) &&
		t2[I] * t2[J] < 8 * t2[K])
		return FALSE;
	if (mm->dataflow < 3)
		return TRUE;
	r0 = mm->dataflow == 5 ? (double) t1[J] / t2[J] :
		(double) t1[I] / t2[I];
	r1 = mm->dataflow == 3 ? (double) t1[J] / t2[J] :
		(double) t1[K] / t2[K];
	return r0 > 1 && r1 > 1;
}

static void (*const dataflows[6])(const Mm *, SyOdysseyResult *) = {
	dataflow0, dataflow1, dataflow2, dataflow3, dataflow4, dataflow5};

gboolean sy_odyssey_mm_evaluate(const SyOdysseyMm *mm,
	SyOdysseyResult *result, GError **error)
{
	/* The tile loops from outer to inner, per order. */
	static const int orders[3][3] = {{I, K, J}, {K, J, I}, {I, J, K}};
	Mm m = {.t = {.n_loops = 3, .reduction = K}};

	if (mm->dataflow > 5 || mm->order > 2) {
		g_set_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_DESIGN,
			"Odyssey has no matrix-multiply design kernel%u_%u",
			mm->dataflow, mm->order);
		return FALSE;
	}
	for (int d = I; d <= K; d++) {
		if (mm->size[d] < 1 || mm->t1[d] < 1 || mm->t2[d] < 1) {
			g_set_error(error, SY_ODYSSEY_ERROR,
				SY_ODYSSEY_ERROR_PARAMS,
				"sizes and tiles must be at least 1");
			return FALSE;
		}
		m.t1[d] = (double) mm->t1[d];
		m.t2[d] = (double) mm->t2[d];
		m.t.n[d] = ceil((double) mm->size[d] / m.t1[d]);
		m.r[d] = m.t1[d] / m.t2[d];
	}
	memset(result, 0, sizeof(*result));
	result->bottleneck = -1;
	if (!infer(mm, result))
		return TRUE; /* Odyssey drops the point before any model */
	for (int p = P9; p <= P12; p++)
		m.t.pack[p] = (double) result->pack[p];
	memcpy(m.t.loops, orders[mm->order], sizeof(orders[0]));
	m.t.serialized = mm->order == 2;
	result->valid = bound_check(mm, result);
	dataflows[mm->dataflow](&m, result);
	sy_ody_total(result);
	return TRUE;
}

gboolean sy_odyssey_mm_estimate(const SyOdysseyMm *mm, SyEstimate *e,
	GError **error)
{
	SyOdysseyResult r;
	double ops = 2;

	if (!sy_ody_check_empty(e, error) ||
		!sy_odyssey_mm_evaluate(mm, &r, error))
		return FALSE;
	for (int d = I; d <= K; d++)
		ops *= (double) (mm->original[d] ? mm->original[d] :
			mm->size[d]);
	sy_ody_fill(&r, ops, e);
	return TRUE;
}
