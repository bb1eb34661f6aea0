/* The simulator (sim/sim.h, sim/sim-design.h): hand-built graphs whose
 * cycles, stalls and high-water marks are derived below, a deadlock
 * named, the limits, mm's 4 x 4 array cycle by cycle, and the latency
 * model held to the simulator on every dataflow of every example. */
#include <math.h>
#include <string.h>

#include "comm/kernel-facts.h"
#include "model/latency.h"
#include "poly/names.h"
#include "sim/sim-design.h"
#include "sim/sim-report.h"
#include "testmodel.h"
#include "testutil.h"

static const char *examples_dir;

/* A U250 DDR4 channel at 300 MHz, 20 cycles a burst (test-latency's). */
static const SyModelTarget u250 = {300, 512, 19.2, 4, 20};

static SySimResult *run(const SySim *sim)
{
	GError *error = NULL;
	SySimResult *r = sy_sim_run(sim, NULL, &error);

	g_assert_no_error(error);
	g_assert_nonnull(r);
	return r;
}

/* Every process: busy and stalled cycles make up its run. */
static void assert_whole(const SySimResult *r)
{
	for (guint k = 0; k < r->n_processes; k++) {
		const SySimProcessResult *p = &r->processes[k];

		if (p->end >= 0)
			g_assert_cmpint(p->busy + p->stall, ==, p->end);
	}
}

/* A producer of 10 words, one a cycle, into a FIFO of 2 that a
 * consumer drains one every 2 cycles.  The consumer reads word j at
 * 1 + 2j (word 0 is written at 0, readable at 1: a stall of 1), so it
 * ends at 19 + 2 = 21.  The producer writes words 0, 1, 2 at 0, 1, 2;
 * then the FIFO is full, and word k >= 3 goes in the cycle word k - 2
 * leaves, at 2k - 3: word 3 at 3 (no wait: the read at 3 frees its
 * slot that cycle), words 4 to 9 a cycle late each (6 stalls), the
 * last at 15, ending at 16. */
static void test_pipeline(void)
{
	g_autoptr(SySim) sim = sy_sim_new();
	guint f = sy_sim_add_fifo(sim, "f", 2, 0);
	guint p = sy_sim_add_process(sim, "producer", "P");
	guint c = sy_sim_add_process(sim, "consumer", "C");
	g_autoptr(SySimResult) r = NULL;

	sy_sim_add_step(sim, p, 10, 1, 0, 0, 0);
	sy_sim_step_flow(sim, p, f, TRUE, 10);
	sy_sim_add_step(sim, c, 10, 2, 0, 0, 0);
	sy_sim_step_flow(sim, c, f, FALSE, 10);
	g_assert_cmpint(sy_sim_events(sim), ==, 20);
	r = run(sim);
	g_assert_false(r->deadlock);
	g_assert_cmpint(r->cycles, ==, 21);
	g_assert_cmpint(r->processes[p].end, ==, 16);
	g_assert_cmpint(r->processes[p].stall, ==, 6);
	g_assert_cmpint(r->processes[p].busy, ==, 10);
	g_assert_cmpint(r->processes[c].end, ==, 21);
	g_assert_cmpint(r->processes[c].stall, ==, 1);
	g_assert_cmpint(r->processes[c].busy, ==, 20);
	g_assert_cmpuint(r->fifos[f].high_water, ==, 2);
	g_assert_cmpint(r->fifos[f].words, ==, 10);
	g_assert_cmpint(r->events, ==, 20);
	assert_whole(r);
}

/* A pipeline's depth and a burst: 4 iterations at II 2 and depth 3
 * after a start of 5 take 5 + 4 x 2 + 3 = 16 cycles, at least 20 with
 * min_cycles 20 (after the start: 25). */
static void test_step_timing(void)
{
	g_autoptr(SySim) sim = sy_sim_new();
	guint a = sy_sim_add_process(sim, "a", "A");
	guint b = sy_sim_add_process(sim, "b", "B");
	g_autoptr(SySimResult) r = NULL;

	sy_sim_add_step(sim, a, 4, 2, 3, 5, 0);
	sy_sim_add_step(sim, b, 4, 2, 3, 5, 20);
	r = run(sim);
	g_assert_cmpint(r->processes[a].end, ==, 16);
	g_assert_cmpint(r->processes[b].end, ==, 25);
	g_assert_cmpint(r->cycles, ==, 25);
	assert_whole(r);
}

/* The producer writes 4 words to x, then 4 to y; the consumer reads y
 * first.  FIFOs of 2 words: the producer fills x at 0 and 1 and waits
 * at 2 to write x, the consumer waits from 0 to read y: a deadlock at
 * cycle 2, each waiting on the other.  FIFOs of 4: no deadlock, x at
 * 0..3, y at 4..7, the consumer reading y at 5..8 and x at 9..12. */
static SySim *crossed(guint depth, guint *x, guint *y)
{
	SySim *sim = sy_sim_new();
	guint p, c;

	*x = sy_sim_add_fifo(sim, "x", depth, 0);
	*y = sy_sim_add_fifo(sim, "y", depth, 0);
	p = sy_sim_add_process(sim, "producer", "P");
	c = sy_sim_add_process(sim, "consumer", "C");
	sy_sim_add_step(sim, p, 4, 1, 0, 0, 0);
	sy_sim_step_flow(sim, p, *x, TRUE, 4);
	sy_sim_add_step(sim, p, 4, 1, 0, 0, 0);
	sy_sim_step_flow(sim, p, *y, TRUE, 4);
	sy_sim_add_step(sim, c, 4, 1, 0, 0, 0);
	sy_sim_step_flow(sim, c, *y, FALSE, 4);
	sy_sim_add_step(sim, c, 4, 1, 0, 0, 0);
	sy_sim_step_flow(sim, c, *x, FALSE, 4);
	return sim;
}

/* The deadlock as JSON: who waits on what, and the cycle of waits. */
static void assert_deadlock_json(const SySimResult *r)
{
	g_autoptr(JsonNode) root = sy_sim_result_json(r, -1);
	JsonObject *o = json_node_get_object(root);
	JsonArray *blocked = json_object_get_array_member(o, "blocked");
	JsonArray *cycle = json_object_get_array_member(o, "deadlock_cycle");
	JsonObject *first = json_array_get_object_element(blocked, 0);
	JsonObject *second = json_array_get_object_element(blocked, 1);

	g_assert_true(json_object_get_boolean_member(o, "deadlock"));
	g_assert_cmpint(json_object_get_int_member(o, "cycles"), ==, 2);
	g_assert_false(json_object_has_member(o, "model_cycles"));
	g_assert_cmpuint(json_array_get_length(blocked), ==, 2);
	g_assert_cmpstr(
		json_object_get_string_member(first, "module"), ==, "producer");
	g_assert_cmpstr(json_object_get_string_member(first, "fifo"), ==, "x");
	g_assert_cmpstr(
		json_object_get_string_member(first, "waits_to"), ==, "write");
	g_assert_cmpstr(
		json_object_get_string_member(second, "waits_to"), ==, "read");
	g_assert_cmpuint(json_array_get_length(cycle), ==, 2);
	g_assert_cmpstr(
		json_array_get_string_element(cycle, 0), ==, "producer");
	g_assert_cmpstr(
		json_array_get_string_element(cycle, 1), ==, "consumer");
}

static void test_deadlock(void)
{
	guint x, y;
	g_autoptr(SySim) sim = crossed(2, &x, &y);
	g_autoptr(SySim) deep = crossed(4, &x, &y);
	g_autoptr(SySimResult) r = run(sim);
	g_autoptr(SySimResult) ok = run(deep);
	g_autofree char *why = sy_sim_result_describe_deadlock(r);

	g_assert_true(r->deadlock);
	g_assert_cmpint(r->cycles, ==, 2);
	g_assert_cmpint(r->processes[0].end, ==, -1);
	g_assert_cmpint(r->processes[0].blocked_on, ==, (int)x);
	g_assert_true(r->processes[0].blocked_write);
	g_assert_cmpint(r->processes[1].blocked_on, ==, (int)y);
	g_assert_false(r->processes[1].blocked_write);
	g_assert_cmpuint(r->cycle->len, ==, 2);
	g_assert_cmpstr(why, ==,
		"deadlock at cycle 2; producer waits to write x (full, depth "
		"2), drained by consumer; consumer waits to read y (empty, "
		"depth 2), filled by producer; the cycle: producer -> "
		"consumer -> producer");
	assert_deadlock_json(r);
	g_assert_false(ok->deadlock);
	g_assert_cmpint(ok->cycles, ==, 13);
	g_assert_cmpuint(ok->fifos[x].high_water, ==, 4);
	g_assert_cmpint(ok->processes[1].stall, ==, 5);
	assert_whole(ok);
}

/* Past the events limit, cancelled, a FIFO of two writers: errors. */
static void test_limits(void)
{
	guint x, y;
	g_autoptr(SySim) sim = crossed(4, &x, &y);
	g_autoptr(GCancellable) cancel = g_cancellable_new();
	SySimRunOptions few = {10, NULL, NULL, NULL};
	SySimRunOptions cancelled = {0, cancel, NULL, NULL};
	GError *error = NULL;
	guint third;

	g_assert_null(sy_sim_run(sim, &few, &error));
	g_assert_error(error, SY_SIM_ERROR, SY_SIM_ERROR_LIMIT);
	g_clear_error(&error);
	g_cancellable_cancel(cancel);
	g_assert_null(sy_sim_run(sim, &cancelled, &error));
	g_assert_error(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
	g_clear_error(&error);
	third = sy_sim_add_process(sim, "third", "T");
	sy_sim_add_step(sim, third, 1, 1, 0, 0, 0);
	sy_sim_step_flow(sim, third, x, TRUE, 1);
	g_assert_null(sy_sim_run(sim, NULL, &error));
	g_assert_error(error, SY_SIM_ERROR, SY_SIM_ERROR_INVALID);
	g_clear_error(&error);
}

static double model_cycles(const SyDesign *design)
{
	g_autoptr(SyEstimate) e = sy_estimate_new();
	GError *error = NULL;

	g_assert_true(sy_latency_estimate(design, &u250, e, &error));
	g_assert_no_error(error);
	return e->cycles;
}

static SySimResult *simulate(const SyDesign *design)
{
	GError *error = NULL;
	SySimResult *r = sy_sim_design_run(design, &u250, NULL, &error);

	g_assert_no_error(error);
	return r;
}

static const SySimProcessResult *process(const SySimResult *r, const char *name)
{
	for (guint k = 0; k < r->n_processes; k++)
		if (g_str_equal(r->processes[k].name, name))
			return &r->processes[k];
	g_assert_not_reached();
	return NULL;
}

static const SySimFifoResult *fifo(const SySimResult *r, const char *name)
{
	for (guint k = 0; k < r->n_fifos; k++)
		if (g_str_equal(r->fifos[k].name, name))
			return &r->fifos[k];
	g_assert_not_reached();
	return NULL;
}

static void assert_module(const SySimResult *r, const char *name, gint64 busy,
	gint64 stall, gint64 end, gint64 iters)
{
	const SySimProcessResult *p = process(r, name);

	g_assert_cmpint(p->busy, ==, busy);
	g_assert_cmpint(p->stall, ==, stall);
	g_assert_cmpint(p->end, ==, end);
	g_assert_cmpint(p->iters, ==, iters);
}

static void assert_fifo(
	const SySimResult *r, const char *name, guint high_water, gint64 words)
{
	const SySimFifoResult *f = fifo(r, name);

	g_assert_cmpuint(f->high_water, ==, high_water);
	g_assert_cmpint(f->words, ==, words);
}

/* mm at I = J = K = 8 on a 4 x 4 array of tiles 4 x 4 x 4: 8 tiles, 4
 * k iterations a PE a tile at II 5 (the accumulation), 32 in all: 160
 * cycles issuing and the model's 11 of pipeline depth, 171 busy.  A's
 * L3 module bursts 4 words a tile (its 4 lines' boxes of one packed
 * word each): 20 cycles of start-up, 4 words at II 1, depth 2, 26 a
 * tile, 208 for 8, never stalled (its L2 chain takes each word as it
 * comes).  Each PE's C drains one element per (i, j) tile, 4 in all.
 * The others' numbers are the simulator's own (regression values):
 * the PEs wait for their first words (63 cycles at PE 0,0, a cycle
 * more per hop), the drain ends the run at 256 cycles; the model says
 * 284.  Every module and FIFO: 116 processes, 200 FIFOs (with the
 * buffers' tokens). */
static void test_mm(void)
{
	g_autoptr(SyTestDesign) t = sy_test_mm_4x4(examples_dir);
	g_autoptr(SySimResult) r = simulate(t->design);

	g_assert_false(r->deadlock);
	g_assert_cmpint(r->cycles, ==, 256);
	g_assert_cmpint(r->events, ==, 2912);
	g_assert_cmpfloat(model_cycles(t->design), ==, 284);
	g_assert_cmpuint(r->n_processes, ==, 116);
	g_assert_cmpuint(r->n_fifos, ==, 200);
	assert_module(r, "PE_0_0", 171, 63, 234, 32);
	assert_module(r, "PE_3_3", 171, 69, 240, 32);
	assert_module(r, "A_IO_L3_in_0", 208, 0, 208, 32);
	assert_module(r, "A_IO_L2_in_0/load", 56, 154, 210, 32);
	assert_module(r, "A_IO_L2_in_0/feed", 56, 165, 221, 32);
	assert_module(r, "A_PE_dummy_in_3", 35, 203, 238, 32);
	assert_module(r, "C_IO_L1_in_0/load", 28, 115, 143, 16);
	assert_module(r, "C_drain_IO_L1_out_0/collect", 16, 216, 232, 4);
	assert_module(r, "C_drain_IO_L3_out_0", 152, 104, 256, 64);
	assert_fifo(r, "C_IO_L3_in_0->C_IO_L2_in_0", 2, 64);
	assert_fifo(r, "A_IO_L2_in_0->PE_0_0", 2, 32);
	assert_fifo(r, "PE_0_0->PE_0_1", 1, 32);
	assert_fifo(r, "PE_0_0->C_drain_IO_L1_out_0", 1, 4);
	assert_fifo(r, "A_IO_L2_in_0.full", 1, 8);
	assert_whole(r);
}

/* The same design with FIFOs of one word (--fifo-depth 1): free of
 * deadlock, every FIFO between modules at most one word full, the same
 * 256 cycles (the PEs at II 5 are the bottleneck, not the FIFOs), the
 * first PE stalled as long. */
static void test_mm_depth_one(void)
{
	static const char *const defines[] = {"I=8", "J=8", "K=8", NULL};
	SyDesignOptions options = {0};
	SyTestDesignSpec spec = {.dir = examples_dir,
		.name = "mm.c",
		.defines = defines,
		.space = "i,j",
		.tile = "i=4,j=4,k=4",
		.options = &options,
		.complete = TRUE};
	g_autoptr(SyTestDesign) t = NULL;
	g_autoptr(SySimResult) r = NULL;

	options.fifo_depth = 1;
	t = sy_test_design_new(&spec);
	r = simulate(t->design);
	g_assert_false(r->deadlock);
	g_assert_cmpint(r->cycles, ==, 256);
	for (guint k = 0; k < r->n_fifos; k++)
		if (strstr(r->fifos[k].name, "->"))
			g_assert_cmpuint(r->fifos[k].high_water, ==, 1);
	assert_module(r, "PE_0_0", 171, 63, 234, 32);
	assert_whole(r);
}

/* The bound the README states: the model's cycles over the
 * simulator's, on every dataflow of every example at its default
 * sizes. */
#define MODEL_OVER_SIM_LO 1.0
#define MODEL_OVER_SIM_HI 2.8

/* The model held to the simulator on every dataflow of every example
 * the backend prints at its default sizes (under valgrind every
 * stride-th): each simulated without deadlock, within the bound. */
typedef struct {
	double lo, hi;
} Bound;

static void simulate_one(const char *example, guint candidate,
	const SyDesign *design, gpointer data)
{
	Bound *b = data;
	double m = model_cycles(design);
	g_autoptr(SySimResult) r = simulate(design);
	double q = m / (double)r->cycles;

	g_test_message("%s %u: model %.0f, simulated %" G_GINT64_FORMAT
		       " (%" G_GINT64_FORMAT " events), model / simulated %.3f",
		example, candidate, m, r->cycles, r->events, q);
	g_assert_false(r->deadlock);
	assert_whole(r);
	g_assert_cmpfloat(q, >=, MODEL_OVER_SIM_LO);
	g_assert_cmpfloat(q, <=, MODEL_OVER_SIM_HI);
	b->lo = MIN(b->lo, q);
	b->hi = MAX(b->hi, q);
}

static void test_every_example(void)
{
	static const char *const examples[] = {"conv.c", "dp.c", "fir.c",
		"gemm.c", "gemv.c", "lu.c", "mm.c", "mm_init.c", "mttkrp.c",
		"trmm.c", "ttm.c", "ttmc.c", NULL};
	Bound b = {G_MAXDOUBLE, 0};
	guint n = sy_test_default_designs(
		examples_dir, examples, simulate_one, &b);

	g_test_message("%u designs, model / simulated from %.3f to %.3f", n,
		b.lo, b.hi);
	/* Every dataflow the backend prints, each simulated (a stride
	 * takes 5 of them at 12). */
	if (sy_test_stride() == 1)
		g_assert_cmpuint(n, ==, 74);
	else
		g_assert_cmpuint(n, >=, 1);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/sim/pipeline", test_pipeline);
	g_test_add_func("/sim/step-timing", test_step_timing);
	g_test_add_func("/sim/deadlock", test_deadlock);
	g_test_add_func("/sim/limits", test_limits);
	g_test_add_func("/sim/mm", test_mm);
	g_test_add_func("/sim/mm-depth-one", test_mm_depth_one);
	g_test_add_func("/sim/every-example", test_every_example);
	return g_test_run();
}
