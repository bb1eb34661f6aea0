/* A simulation recorded for animation (sim/sim-timeline.h): the state
 * of processes and FIFOs at given cycles on a hand-built pipeline whose
 * cycles test-sim derives, a deadlock, and on mm's 4 x 4 array, each
 * consistent with the run's busy and stall totals. */
#include "sim/sim-timeline.h"
#include "testutil.h"

static const char *examples_dir;

/* A U250 DDR4 channel at 300 MHz (test-sim's). */
static const SyModelTarget u250 = {300, 512, 19.2, 4, 20};

/* Every process: its busy intervals sum to the run's busy count. */
static void assert_totals(const SySimTimeline *tl)
{
	const SySimResult *r = sy_sim_timeline_result(tl);

	for (guint p = 0; p < r->n_processes; p++)
		g_assert_cmpint(
			sy_sim_timeline_busy(tl, p), ==, r->processes[p].busy);
}

/* Counts the cycles in [0, end) each state holds, by querying every
 * cycle: the same totals as the run's. */
static void assert_counted(const SySimTimeline *tl, guint p)
{
	const SySimProcessResult *pr =
		&sy_sim_timeline_result(tl)->processes[p];
	gint64 busy = 0, stall = 0;

	for (gint64 t = 0; t < pr->end; t++) {
		SySimState s = sy_sim_timeline_state(tl, p, t, NULL);

		busy += s == SY_SIM_BUSY;
		stall += s == SY_SIM_STALLED;
	}
	g_assert_cmpint(busy, ==, pr->busy);
	g_assert_cmpint(stall, ==, pr->stall);
}

/* test-sim's pipeline: a producer of 10 words, one a cycle, into a
 * FIFO of 2 a consumer drains every 2 cycles.  The consumer stalls
 * on cycle 0 (word 0 readable at 1), reads word j at 1 + 2j, ends at
 * 21; the producer stalls once each on words 4 to 9 (cycles 4, 6, ...,
 * 14), ends at 16.  The FIFO: words 0, 1, 2 in at 0, 1, 2, word 0 out
 * at 1: 1, 1, 2 words at cycles 0, 1, 2; empty at the end. */
static void test_pipeline(void)
{
	g_autoptr(SySim) sim = sy_sim_new();
	guint f = sy_sim_add_fifo(sim, "f", 2, 0);
	guint p = sy_sim_add_process(sim, "producer", "P");
	guint c = sy_sim_add_process(sim, "consumer", "C");
	g_autoptr(SySimTimeline) tl = NULL;
	GError *error = NULL;
	int on;

	sy_sim_add_step(sim, p, 10, 1, 0, 0, 0);
	sy_sim_step_flow(sim, p, f, TRUE, 10);
	sy_sim_add_step(sim, c, 10, 2, 0, 0, 0);
	sy_sim_step_flow(sim, c, f, FALSE, 10);
	tl = sy_sim_timeline_record(sim, 0, NULL, &error);
	g_assert_no_error(error);
	g_assert_cmpint(sy_sim_timeline_result(tl)->cycles, ==, 21);
	g_assert_cmpint(
		sy_sim_timeline_state(tl, c, 0, &on), ==, SY_SIM_STALLED);
	g_assert_cmpint(on, ==, (int)f);
	g_assert_cmpint(sy_sim_timeline_state(tl, c, 1, &on), ==, SY_SIM_BUSY);
	g_assert_cmpint(on, ==, -1);
	g_assert_cmpint(
		sy_sim_timeline_state(tl, c, 21, NULL), ==, SY_SIM_IDLE);
	g_assert_cmpint(sy_sim_timeline_state(tl, p, 3, NULL), ==, SY_SIM_BUSY);
	g_assert_cmpint(
		sy_sim_timeline_state(tl, p, 4, &on), ==, SY_SIM_STALLED);
	g_assert_cmpint(on, ==, (int)f);
	g_assert_cmpint(
		sy_sim_timeline_state(tl, p, 14, NULL), ==, SY_SIM_STALLED);
	g_assert_cmpint(
		sy_sim_timeline_state(tl, p, 15, NULL), ==, SY_SIM_BUSY);
	g_assert_cmpint(
		sy_sim_timeline_state(tl, p, 16, NULL), ==, SY_SIM_IDLE);
	g_assert_cmpuint(sy_sim_timeline_n_stalls(tl, p), ==, 6);
	g_assert_cmpuint(sy_sim_timeline_n_stalls(tl, c), ==, 1);
	g_assert_cmpuint(sy_sim_timeline_words(tl, f, -1), ==, 0);
	g_assert_cmpuint(sy_sim_timeline_words(tl, f, 0), ==, 1);
	g_assert_cmpuint(sy_sim_timeline_words(tl, f, 1), ==, 1);
	g_assert_cmpuint(sy_sim_timeline_words(tl, f, 2), ==, 2);
	g_assert_cmpuint(sy_sim_timeline_words(tl, f, 100), ==, 0);
	assert_totals(tl);
	assert_counted(tl, p);
	assert_counted(tl, c);
}

/* test-sim's deadlock: the producer fills x (2 words) at 0 and 1, then
 * waits to write x from 2 on; the consumer waits to read y from 0 on.
 * The last waits never end: stalled at any cycle past the run's 2,
 * busy 2 and 0 as the run counts. */
static void test_deadlock(void)
{
	g_autoptr(SySim) sim = sy_sim_new();
	guint x = sy_sim_add_fifo(sim, "x", 2, 0);
	guint y = sy_sim_add_fifo(sim, "y", 2, 0);
	guint p = sy_sim_add_process(sim, "producer", "P");
	guint c = sy_sim_add_process(sim, "consumer", "C");
	g_autoptr(SySimTimeline) tl = NULL;
	GError *error = NULL;
	int on;

	sy_sim_add_step(sim, p, 4, 1, 0, 0, 0);
	sy_sim_step_flow(sim, p, x, TRUE, 4);
	sy_sim_add_step(sim, p, 4, 1, 0, 0, 0);
	sy_sim_step_flow(sim, p, y, TRUE, 4);
	sy_sim_add_step(sim, c, 4, 1, 0, 0, 0);
	sy_sim_step_flow(sim, c, y, FALSE, 4);
	sy_sim_add_step(sim, c, 4, 1, 0, 0, 0);
	sy_sim_step_flow(sim, c, x, FALSE, 4);
	tl = sy_sim_timeline_record(sim, 0, NULL, &error);
	g_assert_no_error(error);
	g_assert_true(sy_sim_timeline_result(tl)->deadlock);
	g_assert_cmpint(sy_sim_timeline_result(tl)->cycles, ==, 2);
	g_assert_cmpint(sy_sim_timeline_state(tl, p, 1, NULL), ==, SY_SIM_BUSY);
	g_assert_cmpint(
		sy_sim_timeline_state(tl, p, 2, &on), ==, SY_SIM_STALLED);
	g_assert_cmpint(on, ==, (int)x);
	g_assert_cmpint(
		sy_sim_timeline_state(tl, p, 1000, &on), ==, SY_SIM_STALLED);
	g_assert_cmpint(
		sy_sim_timeline_state(tl, c, 0, &on), ==, SY_SIM_STALLED);
	g_assert_cmpint(on, ==, (int)y);
	g_assert_cmpuint(sy_sim_timeline_words(tl, x, 1000), ==, 2);
	g_assert_cmpint(sy_sim_timeline_busy(tl, p), ==, 2);
	g_assert_cmpint(sy_sim_timeline_busy(tl, c), ==, 0);
	assert_totals(tl);
}

static SySimTimeline *mm_timeline(gint64 max_events, GError **error)
{
	g_autoptr(SyTestDesign) t = sy_test_mm_4x4(examples_dir);

	return sy_sim_timeline_design(
		t->design, &u250, max_events, NULL, error);
}

static int fifo_named(const SySimResult *r, const char *name)
{
	for (guint k = 0; k < r->n_fifos; k++)
		if (g_str_equal(r->fifos[k].name, name))
			return (int)k;
	return -1;
}

static void assert_state(const SySimTimeline *tl, const char *name, gint64 t,
	SySimState state, const char *fifo)
{
	int p = sy_sim_timeline_process(tl, name);
	int on;

	g_assert_cmpint(p, >=, 0);
	g_assert_cmpint(sy_sim_timeline_state(tl, (guint)p, t, &on), ==, state);
	g_assert_cmpint(on, ==,
		fifo ? fifo_named(sy_sim_timeline_result(tl), fifo) : -1);
}

static void assert_words(
	const SySimTimeline *tl, const char *name, gint64 t, guint words)
{
	int f = fifo_named(sy_sim_timeline_result(tl), name);

	g_assert_cmpint(f, >=, 0);
	g_assert_cmpuint(sy_sim_timeline_words(tl, (guint)f, t), ==, words);
}

/* mm at 8^3 on a 4 x 4 array (test-sim's, 256 cycles): PE 0,0 waits
 * for A's first words until cycle 30 and again between tiles, ends at
 * 234; PE 3,3 waits on its west neighbour a cycle a hop later; A's
 * first word reaches PE 0,0's FIFO at 30, a second at 35, both read by
 * 45, and PE 0,0 passes A on east from 30 to 50. */
static void test_mm(void)
{
	GError *error = NULL;
	g_autoptr(SySimTimeline) tl = mm_timeline(0, &error);

	g_assert_no_error(error);
	g_assert_cmpint(sy_sim_timeline_result(tl)->cycles, ==, 256);
	assert_state(tl, "PE_0_0", 20, SY_SIM_STALLED, "A_IO_L2_in_0->PE_0_0");
	assert_state(tl, "PE_0_0", 30, SY_SIM_BUSY, NULL);
	assert_state(tl, "PE_0_0", 80, SY_SIM_STALLED, "A_IO_L2_in_0->PE_0_0");
	assert_state(tl, "PE_0_0", 240, SY_SIM_IDLE, NULL);
	assert_state(tl, "PE_3_3", 30, SY_SIM_STALLED, "PE_3_2->PE_3_3");
	assert_state(tl, "PE_3_3", 40, SY_SIM_BUSY, NULL);
	assert_state(tl, "A_IO_L2_in_0/load", 40, SY_SIM_STALLED,
		"A_IO_L3_in_0->A_IO_L2_in_0");
	assert_state(tl, "A_IO_L2_in_0/load", 210, SY_SIM_IDLE, NULL);
	assert_words(tl, "A_IO_L2_in_0->PE_0_0", 25, 0);
	assert_words(tl, "A_IO_L2_in_0->PE_0_0", 30, 1);
	assert_words(tl, "A_IO_L2_in_0->PE_0_0", 35, 2);
	assert_words(tl, "A_IO_L2_in_0->PE_0_0", 45, 0);
	assert_words(tl, "PE_0_0->PE_0_1", 45, 1);
	assert_words(tl, "PE_0_0->PE_0_1", 50, 0);
	g_assert_cmpuint(sy_sim_timeline_n_stalls(
				 tl, sy_sim_timeline_process(tl, "PE_0_0")),
		==, 8);
	assert_counted(tl, (guint)sy_sim_timeline_process(tl, "PE_0_0"));
	assert_counted(tl, (guint)sy_sim_timeline_process(tl, "PE_3_3"));
	assert_totals(tl);
}

/* Its 2912 events over a limit of 1000: an error before running. */
static void test_limit(void)
{
	GError *error = NULL;

	g_assert_null(mm_timeline(1000, &error));
	g_assert_error(error, SY_SIM_ERROR, SY_SIM_ERROR_LIMIT);
	g_clear_error(&error);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/timeline/pipeline", test_pipeline);
	g_test_add_func("/timeline/deadlock", test_deadlock);
	g_test_add_func("/timeline/mm", test_mm);
	g_test_add_func("/timeline/limit", test_limit);
	return g_test_run();
}
