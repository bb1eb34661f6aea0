/* The resource model (model/resources.h).  Every constant below says
 * where it comes from; the LUT and FF ones are a fit to the AutoSA
 * designs measured on a U250 (../shared/reference/odyssey.md §6.4), a
 * fit to few points, not a synthesis.
 *
 * The calibration: the designs rebuilt with their sa-sizes (matrix
 * multiply with C zeroed in the SCoP as AutoSA's, int8 with
 * int8_packing), ours beside AutoSA's (BRAM in 36K tiles: Vivado's
 * "Block RAM Tile", what AutoSA's tables give):
 *
 *   design          DSP          BRAM36       LUT                FF
 *   MM fp32 13x16x8 8320 = 8320  744 / 952    804,316 / 803,752  1,326,312 / 1,325,480
 *   MM int16        8192 = 8192  147 / 1655   663,042 / 607,442    838,708 /   836,031
 *   MM int8         6144 = 6144  115 / 1364   734,322 / 730,647    788,524 /   786,680
 *   CNN fp32        8960 = 8960  579 / 697    611,770 / 884,520  1,065,066 / 1,445,020
 *
 * The three MM designs fix the per-lane LUT and FF of fp32, int16 and
 * int8 (one unknown each, so their agreement proves nothing); the CNN
 * is the one design the fit did not see: LUT 31 % and FF 26 % under.
 * That gap is the fp32 fit's, not a cost the CNN lacks: Systole's MM
 * drains C in 512-bit words, AutoSA's in 64-bit ones (its default
 * data_pack[8,32,64] bytes), so the fp32 lane absorbed a drain the
 * board does not have; the CNN's drain is 128 bits in Systole's
 * design.  Rebuilt in AutoSA's words and refitted on the MM, the CNN
 * comes within 2.4 % (README, "Validation against boards").
 * Block RAM is not fitted, and the designs differ there, not the
 * model: AutoSA's code binds every buffer to block RAM (its
 * kernel_kernel_opt.cpp for the int8 design: "#pragma HLS RESOURCE
 * variable=local_A_ping core=RAM_1P_BRAM" on 11 words of 512 bits),
 * Systole's binds buffers of at most 64 words to LUTRAM (core/hls,
 * sy_hls_bind_storage; model/resources-memory.h says why): the int16
 * and int8 designs' L2 and drain buffers, the fp32 design's drain
 * buffers.  AutoSA's own memories of the int16 and int8 designs, on
 * the same primitives and tile count, give 1651 and 1363 tiles
 * (tests/boards.c). */
#include <string.h>

#include "base/integer.h"
#include "comm/pe-facts.h"
#include "model/resources-memory.h"
#include "model/resources.h"

/* One lane's operators on an element type.
 *
 * DSP48E2 per operator:
 * - fp32: multiply 3, add 2: Odyssey's `5 per MAC` (fmul 3 + fadd 2,
 *   design.py) and ScaleHLS's table; AutoSA's 13x16x8 fp32 MM measures
 *   8320 DSP for 1664 MAC lanes, 5.0 each.
 * - fp64: multiply 11, add 3: the Floating-Point operator's "full
 *   usage" configurations for double precision on UltraScale (PG060's
 *   resource tables, as Vitis HLS binds dmul and dadd by default,
 *   UG1399 "BIND_OP"); not measured here: an assumption.
 * - int32: a 32x32 multiply takes 3 DSP48E2 (27x18 multipliers: the
 *   partial products of two 17-bit halves of one operand with the
 *   other, UG579), a multiply-add the same 3 (the add in the last
 *   one's post-adder); an assumption read off the DSP48E2's widths.
 * - int16 (and any integer up to 18 bits): one DSP48E2 multiplies 27x18
 *   and accumulates in its 48-bit post-adder: 1 per MAC; AutoSA's int16
 *   MM measures 8192 DSP for 8192 lanes.
 * - int8 (up to 8 bits): 1 per MAC as Vitis HLS binds it, 0.5 with
 *   int8_packing: AutoSA's int8 MM measures 6144 DSP for 12288 lanes
 *   (half its multipliers rebound to LUTs, mm_int8_large.rst); WP486's
 *   two MACs sharing an operand give the same 0.5.
 * An integer add alone is fabric (a carry chain: one LUT per bit).
 *
 * LUT and FF per operator: the floating point ones are the magnitudes
 * of PG060's tables (an fp32 adder's alignment and normalisation in
 * fabric, a multiplier's rounding), scaled with the other LUT and FF
 * constants to AutoSA's fp32 designs; the integer ones are the
 * pipeline registers around a DSP (inputs, product) and, for int8 with
 * packing, half the multipliers in LUTs (an 8x8 multiplier is about 40
 * LUTs), fitted to AutoSA's int16 and int8 designs. */
typedef struct {
	double mul_dsp, add_dsp, mac_dsp;
	double mul_lut, mul_ff, add_lut, add_ff, mac_lut, mac_ff;
} SyOperatorCost;

static const SyOperatorCost fp32_cost = {3, 2, 5, 40, 130, 85, 243, 125, 373};
static const SyOperatorCost fp64_cost = {
	11, 3, 14, 100, 330, 210, 600, 310, 930};
static const SyOperatorCost int32_cost = {3, 0, 3, 50, 100, 32, 32, 50, 100};
static const SyOperatorCost int16_cost = {1, 0, 1, 0, 11, 16, 16, 0, 11};
static const SyOperatorCost int8_cost = {1, 0, 1, 0, 11, 8, 8, 0, 11};
/* int8 with packing: a DSP per two lanes, the other lane's multiply in
 * LUTs (about 36 for an 8x8 multiplier: 18 per lane). */
static const SyOperatorCost int8_packed_cost = {
	0.5, 0, 0.5, 18, 17, 8, 8, 18, 17};

static const SyOperatorCost *operator_cost(
	const SyDesignArray *x, const SyResourceOptions *options)
{
	if (!x->integer)
		return x->bits > 32 ? &fp64_cost : &fp32_cost;
	if (x->bits <= 8)
		return options->int8_packing ? &int8_packed_cost : &int8_cost;
	if (x->bits <= 18)
		return &int16_cost;
	return &int32_cost;
}

/* Multiplies and adds (subtractions are adds) of a statement. */
static void count_ops(const SyPeStmt *s, guint *mul, guint *add)
{
	*mul = *add = 0;
	for (guint i = 0; i < s->ops->len; i++) {
		const SyPeOp *op = g_ptr_array_index(s->ops, i);

		if (strcmp(op->op, "*") == 0)
			*mul += op->count;
		else if (strcmp(op->op, "+") == 0 || strcmp(op->op, "-") == 0)
			*add += op->count;
	}
}

/* One lane of statement s: its multiply-adds (on integers one DSP
 * operator each), the multiplies and adds left over. */
static void stmt_cost(
	const SyPeStmt *s, const SyResourceOptions *options, SyResources *r)
{
	const SyPeAccess *w = g_ptr_array_index(s->accesses, 0);
	const SyOperatorCost *c = operator_cost(w->plain_array, options);
	guint mul, add, mac = 0;

	count_ops(s, &mul, &add);
	if (w->plain_array->integer) {
		mac = MIN(mul, add);
		mul -= mac;
		add -= mac;
	}
	r->v[SY_RESOURCE_DSP] += mac * c->mac_dsp + mul * c->mul_dsp +
		add * c->add_dsp;
	r->v[SY_RESOURCE_LUT] += mac * c->mac_lut + mul * c->mul_lut +
		add * c->add_lut;
	r->v[SY_RESOURCE_FF] += mac * c->mac_ff + mul * c->mul_ff +
		add * c->add_ff;
}

void sy_resource_options_init(SyResourceOptions *options)
{
	options->int8_packing = FALSE;
	options->fifo_srl_bits = SY_FIFO_SRL_BITS;
}

/* Module control (loop counters, FSM, FIFO handshakes), LUT and FF per
 * module, and the data path per bit of the widest word it moves (the
 * word registers and the multiplexers that keep or pass a word): fitted
 * (see the top).  The PE's: per module, and per bit of its lane and
 * delay registers (FF, printed by hls-pe.c's declare_registers). */
#define PE_LUT 180.0
#define PE_FF 260.0
#define IO_LUT 150.0
#define IO_FF 220.0
#define IO_LUT_PER_BIT 1.0
#define IO_FF_PER_BIT 2.0
#define DUMMY_LUT 20.0
#define DUMMY_FF 30.0

/* An m_axi adapter of one DRAM port (hls.c prints one bundle per
 * port): Vitis HLS's defaults (UG1399, "m_axi interface": 16
 * outstanding bursts of 16 beats) buffer 256 words of the port's
 * width, a memory; its address and channel logic, LUT and FF per bit
 * of the port and per port, are our assumption in the size of the
 * AXI adapters Vivado reports for 512-bit ports (a few thousand). */
#define AXI_BUFFER_WORDS 256
#define AXI_LUT 800.0
#define AXI_FF 1200.0
#define AXI_LUT_PER_BIT 1.5
#define AXI_FF_PER_BIT 3.0

/* FIFOs: AutoSA's resource_model.py, except its threshold: it puts a
 * FIFO of over 512 bits in block RAM, which would give the fp32 13x16x8
 * design's 477 FIFOs of two 512-bit words 15 BRAM18K each, 7155 in
 * all, where the whole design measures 952 tiles; hence
 * SY_FIFO_SRL_BITS 1024.  Above it a FIFO is a memory of its width and
 * depth, on the same primitives as a buffer (LUTRAM when shallow).
 * AutoSA's costs: a shift register, one SRLC32E
 * per bit per 32 words and 12 LUTs of control, 5 FF; a memory: its
 * primitives and w + 10 FF, 0.9687 w + 13.982 LUT around them. */
#define SRL_LUT 12.0
#define SRL_FF 5.0

/* Costs as SyReal, by SyResourceKind. */
typedef struct {
	SyReal v[SY_N_RESOURCES];
} Cost;

static void cost_zero(Cost *c)
{
	for (int k = 0; k < SY_N_RESOURCES; k++)
		c->v[k] = sy_real(0);
}

/* c[k] + x */
static void cost_add(SyTape *t, Cost *c, int k, SyReal x)
{
	c->v[k] = sy_real_add(t, c->v[k], x);
}

/* a + b, resource by resource (sy_resources_add's). */
static void cost_sum(SyTape *t, Cost *a, const Cost *b)
{
	for (int k = 0; k < SY_N_RESOURCES; k++)
		cost_add(t, a, k, b->v[k]);
}

/* The banks and the depth of each of a PE buffer, as
 * sy_pe_buffer_banks (comm/pe-facts.h) gives them to the backend. */
static void buffer_banks(SyTape *t, const SyPeFacts *facts,
	const SyPeBuffer *buf, SyNum *banks, SyNum *depth)
{
	SyNum lanes = sy_num_max(t, sy_num_u32(t, &facts->lanes), sy_num(1));

	*banks = sy_num(1);
	*depth = sy_num(1);
	for (guint d = 0; d < buf->n_dims; d++) {
		SyNum size = sy_num_i64(t, &buf->size[d]);
		gboolean part = FALSE;

		for (guint k = 0; k < buf->n_partition; k++)
			part |= buf->partition[k] == d;
		if (part) {
			*banks = sy_num_mul(
				t, *banks, sy_num_min(t, lanes, size));
			*depth = sy_num_mul(
				t, *depth, sy_num_cdiv(t, size, lanes));
		} else
			*depth = sy_num_mul(t, *depth, size);
	}
}

/* The PE's buffers as hls-pe.c declares them, each bank its own
 * memory. */
static void pe_buffers(SyTape *t, const SyPeFacts *facts, Cost *r)
{
	for (guint i = 0; i < facts->buffers->len; i++) {
		const SyPeBuffer *buf = g_ptr_array_index(facts->buffers, i);
		SyNum banks, depth;

		buffer_banks(t, facts, buf, &banks, &depth);
		sy_memory_add_num(t, r->v, sy_num(buf->plain_array->bits),
			depth, FALSE, banks);
	}
}

/* One PE: its statements' operators on every lane, its buffers, its
 * lane and delay registers, its control. */
static void pe_cost(SyTape *t, const SyDesign *design,
	const SyResourceOptions *options, Cost *r)
{
	const SyPeFacts *facts = design->pe_facts;
	SyReal lanes = sy_real_of(
		t, sy_num_max(t, sy_num_u32(t, &facts->lanes), sy_num(1)));

	for (guint i = 0; i < facts->stmts->len; i++) {
		const SyPeStmt *s = g_ptr_array_index(facts->stmts, i);
		SyResources one = {{0}};

		stmt_cost(s, options, &one);
		for (int k = 0; k < SY_N_RESOURCES; k++)
			cost_add(t, r, k,
				sy_real_mul(t, lanes, sy_real(one.v[k])));
		for (guint k = 1; k < s->accesses->len; k++) {
			const SyPeAccess *a = g_ptr_array_index(s->accesses, k);
			SyNum n = a->once ? sy_num(1)
					  : sy_num_u32(t, &a->lanes);

			if (a->reg)
				cost_add(t, r, SY_RESOURCE_FF,
					sy_real_of(t,
						sy_num_mul(t,
							sy_num(a->plain_array
									->bits),
							n)));
			/* A delayed read's chain: a word per step. */
			if (a->delay)
				cost_add(t, r, SY_RESOURCE_FF,
					sy_real_of(t,
						sy_num_mul(t,
							sy_num(a->plain_array
									->bits),
							sy_num_u32(t,
								&a->delay))));
		}
	}
	pe_buffers(t, facts, r);
	cost_add(t, r, SY_RESOURCE_LUT, sy_real(PE_LUT));
	cost_add(t, r, SY_RESOURCE_FF, sy_real(PE_FF));
}

/* The widest FIFO word a module family reads or writes. */
static SyNum module_word_bits(
	SyTape *t, const SyDesign *design, const SyModule *m)
{
	SyNum bits = sy_num(0);

	for (guint i = 0; i < design->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(design->fifos, i);

		if (f->from == m || f->to == m)
			bits = sy_num_max(
				t, bits, sy_num_u32(t, &f->width_bits));
	}
	return bits;
}

/* base + per_bit x bits */
static SyReal affine(SyTape *t, double base, double per_bit, SyNum bits)
{
	return sy_real_add(t, sy_real(base),
		sy_real_mul(t, sy_real(per_bit), sy_real_of(t, bits)));
}

/* The DRAM ports an L3 module serves: those of its array and way. */
static void axi_cost(
	SyTape *t, const SyDesign *design, const SyModule *m, Cost *r)
{
	for (guint i = 0; i < design->dram->len; i++) {
		const SyDramPort *p = g_ptr_array_index(design->dram, i);
		SyNum width = sy_num_u32(t, &p->width_bits);

		if (p->plain_array != m->plain_array || p->in != m->in)
			continue;
		sy_memory_add_num(t, r->v, width, sy_num(AXI_BUFFER_WORDS),
			FALSE, sy_num(1));
		cost_add(t, r, SY_RESOURCE_LUT,
			affine(t, AXI_LUT, AXI_LUT_PER_BIT, width));
		cost_add(t, r, SY_RESOURCE_FF,
			affine(t, AXI_FF, AXI_FF_PER_BIT, width));
	}
}

/* One I/O, drain or dummy module: its buffers of words (two for
 * ping-pong, as hls-io.c declares local_ping and local_pong), its
 * control and data path, its AXI adapters at level 3. */
static void io_cost(SyTape *t, const SyDesign *design, const SyModule *m,
	const SyResourceOptions *options, Cost *r)
{
	SyNum bits;

	if (m->kind == SY_MODULE_DUMMY) {
		cost_add(t, r, SY_RESOURCE_LUT, sy_real(DUMMY_LUT));
		cost_add(t, r, SY_RESOURCE_FF, sy_real(DUMMY_FF));
		return;
	}
	bits = module_word_bits(t, design, m);
	for (guint i = 0; i < m->buffers->len; i++) {
		const SyBuffer *b = g_ptr_array_index(m->buffers, i);

		sy_memory_add_num(t, r->v,
			sy_num_mul(t, sy_num(b->elem_bits),
				sy_num_u32(t, &b->pack)),
			sy_num_i64(t, &b->depth), b->uram,
			sy_num(b->ping_pong ? 2 : 1));
	}
	cost_add(
		t, r, SY_RESOURCE_LUT, affine(t, IO_LUT, IO_LUT_PER_BIT, bits));
	cost_add(t, r, SY_RESOURCE_FF, affine(t, IO_FF, IO_FF_PER_BIT, bits));
	if (m->level == 3)
		axi_cost(t, design, m, r);
	/* An L3 module with an acc_ buffer folds partial sums
	 * (--local-reduce): an adder per element of a word; an l2_ buffer
	 * (--two-level-buffer) only holds words. */
	if (m->level == 3 && m->buffers->len &&
		g_str_has_prefix(
			((const SyBuffer *)g_ptr_array_index(m->buffers, 0))
				->name,
			"acc_")) {
		const SyBuffer *b = g_ptr_array_index(m->buffers, 0);
		const SyOperatorCost *c = operator_cost(
			m->plain_array, options);

		cost_add(t, r, SY_RESOURCE_DSP, sy_real(b->pack * c->add_dsp));
		cost_add(t, r, SY_RESOURCE_LUT, sy_real(b->pack * c->add_lut));
		cost_add(t, r, SY_RESOURCE_FF, sy_real(b->pack * c->add_ff));
	}
}

/* count FIFOs of width x depth. */
static void fifo_cost(
	SyTape *t, const SyFifo *f, const SyResourceOptions *options, Cost *r)
{
	SyReal n = sy_real_of(t, sy_num_i64(t, &f->count));
	SyNum w = sy_num_u32(t, &f->width_bits);
	SyNum depth = sy_num_u32(t, &f->depth);
	gint64 fixed;

	if (sy_num_holds(t,
		    sy_num_le(t, sy_num_mul(t, w, depth),
			    sy_num(options->fifo_srl_bits)))) {
		SyReal srl = sy_real_mul(t, sy_real_of(t, w),
			sy_real_of(t, sy_num_cdiv(t, depth, sy_num(32))));

		cost_add(t, r, SY_RESOURCE_LUT,
			sy_real_mul(
				t, n, sy_real_add(t, srl, sy_real(SRL_LUT))));
		cost_add(t, r, SY_RESOURCE_FF,
			sy_real_mul(t, n, sy_real(SRL_FF)));
		return;
	}
	sy_memory_add_num(t, r->v, w, depth, FALSE, sy_num_i64(t, &f->count));
	/* A deep FIFO's width is a decision: its LUTs round. */
	fixed = sy_num_fixed(t, w);
	cost_add(t, r, SY_RESOURCE_LUT,
		sy_real_mul(t, n, sy_real((int)(0.9687 * fixed + 13.982))));
	cost_add(t, r, SY_RESOURCE_FF,
		sy_real_mul(t, n, sy_real_of(t, sy_num_add(t, w, sy_num(10)))));
}

/* Each family's cost of one module (one[i]) and of all its modules
 * (all[i]), the FIFOs' and the total, as SyReal: recorded on t where it
 * records. */
static void costs(SyTape *t, const SyDesign *design,
	const SyResourceOptions *options, Cost *one, Cost *all, Cost *fifos,
	Cost *total)
{
	cost_zero(total);
	cost_zero(fifos);
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);
		SyReal count = sy_real_of(t, sy_num_i64(t, &m->count));

		cost_zero(&one[i]);
		if (m->kind == SY_MODULE_PE)
			pe_cost(t, design, options, &one[i]);
		else
			io_cost(t, design, m, options, &one[i]);
		for (int k = 0; k < SY_N_RESOURCES; k++)
			all[i].v[k] = sy_real_mul(t, one[i].v[k], count);
		cost_sum(t, total, &all[i]);
	}
	for (guint i = 0; i < design->fifos->len; i++)
		fifo_cost(
			t, g_ptr_array_index(design->fifos, i), options, fifos);
	cost_sum(t, total, fifos);
}

/* e's families, made from the design's modules if it has none. */
static gboolean families(const SyDesign *design, SyEstimate *e, GError **error)
{
	if (e->modules->len == 0)
		for (guint i = 0; i < design->modules->len; i++) {
			const SyModule *m = g_ptr_array_index(
				design->modules, i);

			sy_estimate_add_module(e, m->name, m->kind, m->count);
		}
	if (e->modules->len != design->modules->len) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"the estimate has %u module families, the design %u "
			"modules",
			e->modules->len, design->modules->len);
		return FALSE;
	}
	return TRUE;
}

const SyResourceOptions *sy_resource_options_or(
	const SyResourceOptions *options, SyResourceOptions *defaults)
{
	if (options)
		return options;
	sy_resource_options_init(defaults);
	return defaults;
}

static gboolean has_facts(const SyDesign *design, GError **error)
{
	if (design->pe_facts)
		return TRUE;
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"the design has no PE facts: its code was not built");
	return FALSE;
}

gboolean sy_resources_estimate(const SyDesign *design,
	const SyResourceOptions *options, SyEstimate *e, GError **error)
{
	guint n = design->modules->len;
	g_autofree Cost *one = NULL, *all = NULL;
	SyResourceOptions defaults;
	Cost fifos, total;

	options = sy_resource_options_or(options, &defaults);
	if (!has_facts(design, error) || !families(design, e, error))
		return FALSE;
	one = g_new(Cost, MAX(n, 1));
	all = g_new(Cost, MAX(n, 1));
	costs(NULL, design, options, one, all, &fifos, &total);
	for (guint i = 0; i < n; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);
		SyModuleEstimate *me = g_ptr_array_index(e->modules, i);

		for (int k = 0; k < SY_N_RESOURCES; k++)
			me->resources.v[k] = all[i].v[k].v;
		/* Vivado's count for each module, as its hierarchy shows
		 * it. */
		me->bram36 = sy_memory_bram36(one[i].v[SY_RESOURCE_BRAM18K].v) *
			m->count;
	}
	for (int k = 0; k < SY_N_RESOURCES; k++) {
		e->fifos.v[k] = fifos.v[k].v;
		e->total.v[k] = total.v[k].v;
	}
	/* The design's: every RAMB18 pairs up with any other. */
	e->bram36 = sy_memory_bram36(e->total.v[SY_RESOURCE_BRAM18K]);
	return TRUE;
}

gboolean sy_resources_record(const SyDesign *design,
	const SyResourceOptions *options, SyTape *t, SyReal *total,
	GError **error)
{
	guint n = design->modules->len;
	g_autofree Cost *one = NULL, *all = NULL;
	SyResourceOptions defaults;
	Cost sum, fifos;

	options = sy_resource_options_or(options, &defaults);
	if (!has_facts(design, error))
		return FALSE;
	one = g_new(Cost, MAX(n, 1));
	all = g_new(Cost, MAX(n, 1));
	costs(t, design, options, one, all, &fifos, &sum);
	for (int k = 0; k < SY_N_RESOURCES; k++)
		total[k] = sum.v[k];
	return TRUE;
}
