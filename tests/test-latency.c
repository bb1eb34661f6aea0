/* The latency model (model/latency.h): exact cycles of the examples'
 * designs as the HLS backend prints them, one derived by hand below,
 * the II the accumulation recurrence raises, a triangle's idle lanes,
 * and the same estimate from a design read back from design.json. */
#include <math.h>
#include <string.h>

#include "comm/design-json.h"
#include "comm/design-load.h"
#include "comm/kernel-facts.h"
#include "model/latency-ii.h"
#include "model/latency.h"
#include "poly/names.h"
#include "testmodel.h"
#include "testutil.h"

static const char *examples_dir;

/* A U250 DDR4 channel: 512-bit port, 19.2 GB/s, 300 MHz; 20 cycles a
 * burst (Odyssey's). */
static const SyModelTarget u250 = {300, 512, 19.2, 4, 20};

/* The example name with defines (NULL-terminated or NULL) on the space
 * loops space at sizes as systole-cli's --tile, --latency and --simd
 * (NULL: none), completed as an export completes it. */
static SyTestDesign *make_with(const char *name, const char *const *defines,
	const char *space, const char *tile, const char *latency,
	const char *simd, const SyDesignOptions *options)
{
	SyTestDesignSpec spec = {.dir = examples_dir,
		.name = name,
		.defines = defines,
		.space = space,
		.tile = tile,
		.latency = latency,
		.simd = simd,
		.options = options,
		.complete = TRUE};

	return sy_test_design_new(&spec);
}

static SyTestDesign *make(const char *name, const char *const *defines,
	const char *space, const char *tile, const char *latency,
	const char *simd)
{
	return make_with(name, defines, space, tile, latency, simd, NULL);
}

static SyEstimate *estimate(const SyDesign *design)
{
	SyEstimate *e = sy_estimate_new();
	GError *error = NULL;

	sy_latency_estimate(design, &u250, e, &error);
	g_assert_no_error(error);
	return e;
}

static const SyModuleEstimate *family(const SyEstimate *e, const char *name)
{
	for (guint k = 0; k < e->modules->len; k++) {
		const SyModuleEstimate *m = g_ptr_array_index(e->modules, k);

		if (!strcmp(m->name, name))
			return m;
	}
	g_error("no family %s", name);
	return NULL;
}

/* A family's numbers in one line: "name cycles first last ii depth". */
static char *family_text(const SyModuleEstimate *m)
{
	return g_strdup_printf("%s %.17g %.17g %.17g %u %u", m->name, m->cycles,
		m->first, m->last, m->ii, m->depth);
}

static void assert_family(const SyEstimate *e, const char *want)
{
	g_autofree char *name = g_strndup(want, strcspn(want, " "));
	g_autofree char *got = family_text(family(e, name));

	g_assert_cmpstr(got, ==, want);
}

/* Every family's line, in the design's order (for writing tests). */
static void print_families(const SyEstimate *e)
{
	for (guint k = 0; k < e->modules->len; k++) {
		g_autofree char *t = family_text(
			g_ptr_array_index(e->modules, k));
		const SyModuleEstimate *m = g_ptr_array_index(e->modules, k);

		g_test_message("%s %s", t, m->ii_reason ? m->ii_reason : "");
	}
	g_test_message("cycles %.17g = %.17g + %.17g + %.17g, bottleneck %d, "
		       "ops %.17g, utilisation %.17g, bytes %.17g",
		e->cycles, e->prologue, e->steady, e->epilogue, e->bottleneck,
		e->ops, e->pe_utilisation, e->offchip_bytes);
}

/* The design read back from its design.json estimates the same. */
static void assert_json_same(const SyDesign *design, const SyEstimate *want)
{
	g_autoptr(JsonNode) root = sy_design_to_json(design);
	g_autoptr(SyDesign) back = NULL;
	g_autoptr(SyEstimate) got = NULL;
	GError *error = NULL;

	back = sy_design_from_json(root, &error);
	g_assert_no_error(error);
	got = estimate(back);
	g_assert_cmpfloat(got->cycles, ==, want->cycles);
	g_assert_cmpfloat(got->prologue, ==, want->prologue);
	g_assert_cmpfloat(got->epilogue, ==, want->epilogue);
	g_assert_cmpint(got->bottleneck, ==, want->bottleneck);
	g_assert_cmpfloat(got->ops, ==, want->ops);
	g_assert_cmpfloat(got->pe_utilisation, ==, want->pe_utilisation);
	g_assert_cmpfloat(got->offchip_bytes, ==, want->offchip_bytes);
	for (guint k = 0; k < want->modules->len; k++) {
		g_autofree char *a = family_text(
			g_ptr_array_index(want->modules, k));
		g_autofree char *b = family_text(
			g_ptr_array_index(got->modules, k));

		g_assert_cmpstr(b, ==, a);
	}
}

/* mm.c (I = J = K = 64), space i,j, tiles 16, latency 8, SIMD 2 on k:
 * a 2x2 PE array, 4x4x4 = 64 tiles, a 64-element tile (8x8) per PE.
 *
 * PE: its loops c0..c7 (4, 4, 4, 8, 8, 8) are a perfect nest over the
 * pipelined c7 (c8, the lanes, unrolled): one flattened pipeline of
 * 32768 iterations.  II: each FIFO is used once per iteration (A and B
 * a word of 2 lanes at lane 0, C in and out where c8 is pinned), local_C
 * takes a read and a write (2 ports), and the accumulation into
 * local_C[c6][c7] recurs every 8 x 8 = 64 iterations through the two
 * lanes' chained adds (2 x 5 cycles): II 1.  Depth: read 1 + mul 4 +
 * 2 adds of 5 + write 1 = 16.  Cycles 32768 + 16 = 32784.
 *
 * A_IO_L2_in (ping-pong, 64 tiles): inter_trans 2 lines x 8 words = 16
 * iterations + depth 3 = 19; intra_trans 8 x 8 x 8 = 512 + 3 = 515 per
 * tile.  Tile 0 loads only (19), tiles 1..63 load while serving the
 * last (max(19, 515) = 515 each), the last tile is served after the
 * loop (515): 19 + 63 x 515 + 515 = 32979, the bottleneck (family 7).
 *
 * C_IO_L3_in (16 tiles: C is read at k tile 0 only): 4 PEs x 8 words
 * = 32 iterations + depth 2 = 34; 32 words of 256 bits = 16 beats of
 * 512 at 19.2 GB/s / 300 MHz = 64 bytes = one beat a cycle: 16; the
 * slower is 34, + 20 for the burst: 54 a tile, 864 in all, the
 * prologue's 54 (the A and B L3 modules take 16 words, 38).
 *
 * C_drain_IO_L1_out (16 tiles, out): inter_trans its 8 words, then the
 * next PE's 8 (two pipelines): 16 + 2 x 3 = 22; intra_trans 64
 * elements at II 2 (each element read-modify-writes its 8-element word
 * of local: a recurrence through the buffer) + 3 = 131.  131 + 15 x
 * 131 + 22 = 2118.  The epilogue is C_drain_IO_L3_out's tile, 54.
 *
 * Design: 54 + 32979 + 54 = 33087 cycles. */
static void test_mm_small(void)
{
	g_autoptr(SyTestDesign) m = make(
		"mm.c", NULL, "i,j", "i=16,j=16,k=16", "i=8,j=8", "k=2");
	g_autoptr(SyEstimate) e = NULL;

	e = estimate(m->design);
	print_families(e);
	assert_family(e, "PE 32784 0 0 1 16");
	assert_family(e, "A_IO_L2_in 32979 19 0 1 3");
	assert_family(e, "C_IO_L3_in 864 54 0 1 2");
	assert_family(e, "C_drain_IO_L1_out 2118 0 22 2 3");
	g_assert_cmpstr(family(e, "C_drain_IO_L1_out")->ii_reason, ==,
		"local: read-modify-write of a word of 8 elements every "
		"iteration");
	g_assert_null(family(e, "PE")->ii_reason);
	g_assert_cmpfloat(e->prologue, ==, 54);
	g_assert_cmpfloat(e->steady, ==, 32979);
	g_assert_cmpfloat(e->epilogue, ==, 54);
	g_assert_cmpfloat(e->cycles, ==, 33087);
	g_assert_cmpint(e->bottleneck, ==, 7);
	g_assert_cmpfloat(e->seconds, ==, 33087 / 300e6);
	/* 64^3 multiply-adds, two operations each, floating point. */
	g_assert_cmpfloat(e->ops, ==, 2.0 * 64 * 64 * 64);
	g_assert_true(e->flops);
	/* 4 PEs x 2 lanes x 32979 slots for 64^3 instances. */
	g_assert_cmpfloat(e->pe_utilisation, ==, 262144.0 / (8.0 * 32979));
	/* A and B once per (i, j) tile pair: 64 tiles x 16 x 16 floats
	 * each; C in and out once: 64 x 64 floats each. */
	g_assert_cmpfloat(
		e->offchip_bytes, ==, 4.0 * (2 * 64 * 16 * 16 + 2 * 64 * 64));
	g_assert_cmpfloat(e->dsp_efficiency, ==, 0);
	assert_json_same(m->design, e);
}

/* A design's estimate in one line: cycles, prologue, steady,
 * epilogue, the bottleneck's name, the PE's II and why, ops, lanes'
 * utilisation. */
static char *summary(const SyEstimate *e)
{
	const SyModuleEstimate *pe = g_ptr_array_index(e->modules, 0);
	const SyModuleEstimate *b = g_ptr_array_index(
		e->modules, e->bottleneck);

	return g_strdup_printf("%.17g = %.17g + %.17g + %.17g, %s, PE II %u "
			       "(%s), ops %.17g, utilisation %.6f",
		e->cycles, e->prologue, e->steady, e->epilogue, b->name, pe->ii,
		pe->ii_reason ? pe->ii_reason : "-", e->ops, e->pe_utilisation);
}

typedef struct {
	const char *name;
	const char *defines[4];
	const char *space, *tile, *latency, *simd;
	const char *want;
} Case;

static void check_case(gconstpointer data)
{
	const Case *c = data;
	g_autoptr(SyTestDesign)
		m = make(c->name, c->defines[0] ? c->defines : NULL, c->space,
			c->tile, c->latency, c->simd);
	g_autoptr(SyEstimate) e = NULL;
	g_autofree char *got = NULL;

	e = estimate(m->design);
	print_families(e);
	got = summary(e);
	if (!*c->want)
		g_printerr("WANT %s\n", got);
	else
		g_assert_cmpstr(got, ==, c->want);
	assert_json_same(m->design, e);
}

/* The small mm of test_mm_small with single buffers: each tile loads,
 * then serves: A_IO_L2_in 64 x (19 + 515) = 34176, now the bottleneck;
 * C_drain_IO_L1_out 16 x (131 + 22) = 2448.  And DSP efficiency once
 * the resources say how many DSPs: 40 DSPs at 5 a lane give 8 MACs, 16
 * operations, a cycle. */
static void test_mm_single(void)
{
	SyDesignOptions options = {.no_double_buffer = TRUE};
	g_autoptr(SyTestDesign) m = make_with("mm.c", NULL, "i,j",
		"i=16,j=16,k=16", "i=8,j=8", "k=2", &options);
	g_autoptr(SyEstimate) e = sy_estimate_new();
	GError *error = NULL;

	e->total.v[SY_RESOURCE_DSP] = 40;
	g_assert_true(sy_latency_estimate(m->design, &u250, e, &error));
	g_assert_no_error(error);
	print_families(e);
	assert_family(e, "A_IO_L2_in 34176 19 0 1 3");
	assert_family(e, "C_drain_IO_L1_out 2448 0 22 2 3");
	g_assert_cmpfloat(e->steady, ==, 34176);
	g_assert_cmpfloat(e->cycles, ==, 54 + 34176 + 54);
	g_assert_cmpstr(((SyModuleEstimate *)g_ptr_array_index(
				 e->modules, e->bottleneck))
				->name,
		==, "A_IO_L2_in");
	g_assert_cmpfloat(e->dsp_efficiency, ==,
		2.0 * 64 * 64 * 64 / (54 + 34176 + 54) / 16);
}

/* mm_init.c (32 x 48 x 64: C zeroed, then C += A * B) at tiles 16,
 * latency 8, SIMD 2 on k: the zeroing runs in the update's pipeline,
 * under c2 == 0 && c5 == 0 (pe-array.c), 2 x 3 x 4 x 8 x 8 x 8 =
 * 12288 iterations at II 2 (B read per lane) + depth 16 = 24592, no
 * cycles of its own; local_C's zeroing, read and write in one
 * iteration are one read and one write on 2 ports, not the II's
 * reason.  C_drain_IO_L1_out collects only the update's values (the
 * zeroing is never the last write): unpacked, one element a cycle,
 * II 1 (the zeroing's write once counted as a second read, II 2:
 * 935), over 6 tiles: intra_trans 64 + 3 = 67, inter_trans its 64
 * words and the next PE's, 128 + 2 x 3 = 134; 67 + 5 x 134 + 134 =
 * 871; packed 8 to a word, each element read-modify-writes its word:
 * II 2. */
static void test_fused_init(void)
{
	SyDesignOptions options = {.no_packing = TRUE};
	g_autoptr(SyTestDesign) unpacked = make_with("mm_init.c", NULL, "i,j",
		"i=16,j=16,k=16", "i=8,j=8", "k=2", &options);
	g_autoptr(SyTestDesign) packed = make(
		"mm_init.c", NULL, "i,j", "i=16,j=16,k=16", "i=8,j=8", "k=2");
	g_autoptr(SyEstimate) e = estimate(unpacked->design);
	g_autoptr(SyEstimate) f = estimate(packed->design);

	print_families(e);
	print_families(f);
	assert_family(f, "PE 24592 0 0 2 16");
	g_assert_cmpstr(family(f, "PE")->ii_reason, ==,
		"fifo_B_in used 2 times per iteration");
	g_assert_cmpuint(family(f, "C_drain_IO_L1_out")->ii, ==, 2);
	g_assert_cmpstr(family(f, "C_drain_IO_L1_out")->ii_reason, ==,
		"local: read-modify-write of a word of 8 elements every "
		"iteration");
	assert_family(e, "PE 24592 0 0 2 16");
	assert_family(e, "C_drain_IO_L1_out 871 0 134 1 3");
	g_assert_null(family(e, "C_drain_IO_L1_out")->ii_reason);
}

/* The SIMD lanes an intra_trans feeds: 8 consecutive floats fall in
 * one packed 512-bit word (one read, II 1, as in the wide SIMD case
 * below); unpacked, each lane's element is its own word, 8 reads on 2
 * ports: II 4. */
static void test_lane_words(void)
{
	SyDesignOptions options = {.no_packing = TRUE};
	g_autoptr(SyTestDesign) unpacked = make_with("mm.c", NULL, "i,j",
		"i=32,j=32,k=32", "i=16,j=16", "k=8", &options);
	g_autoptr(SyTestDesign) packed = make(
		"mm.c", NULL, "i,j", "i=32,j=32,k=32", "i=16,j=16", "k=8");
	g_autoptr(SyEstimate) e = estimate(unpacked->design);
	g_autoptr(SyEstimate) f = estimate(packed->design);

	print_families(e);
	g_assert_cmpuint(family(e, "A_IO_L2_in")->ii, ==, 4);
	g_assert_cmpstr(family(e, "A_IO_L2_in")->ii_reason, ==,
		"local: 8 reads per iteration, 2 ports");
	g_assert_cmpuint(family(f, "A_IO_L2_in")->ii, ==, 1);
	g_assert_null(family(f, "A_IO_L2_in")->ii_reason);
}

/* The PE's work (model/latency-ii.h), what the search prunes a class
 * by: gemm's B read element by element for each of 2 lanes (every leaf
 * of the update: 64 x 32 x 48 instances, a cycle each, over 4 PEs:
 * 24,576 cycles at least of its 24,704); mm with k's 8 lanes in packed
 * words (one read a vector) and latency hiding: none; mm with SIMD on
 * j (B[j][k] element by element for each of 4 lanes: 64^3 instances
 * over 2 PEs, 131,072 cycles at least of its 131,255); without latency
 * hiding, C accumulates with no independent sum, 5 cycles (the add)
 * an instance with 8 lanes on one element or none: 64^3 x 5 over 1,024
 * PEs, 1,280 cycles, as the PE takes; conv's 8 independent sums:
 * none. */
static void test_work(void)
{
	static const struct {
		const char *name, *space, *tile, *latency, *simd;
		double work;
	} cases[] = {
		{"gemm.c", "i,j", "i=16,j=16,k=16", "i=8,j=8", "k=2", 98304},
		{"mm.c", "i,j", "i=32,j=32,k=32", NULL, "k=8", 1310720},
		{"mm.c", "i,j", "i=32,j=32,k=32", "i=16,j=16", "k=8", 0},
		{"mm.c", "i", "i=32,j=32,k=32", "i=16", "j=4", 262144},
		{"mm.c", "i,j", "i=32,j=32,k=32", "i=16,j=16", NULL, 0},
		{"mm.c", "i,j", "i=32,j=32,k=32", NULL, NULL, 1310720},
		{"conv.c", "o,r", "o=8,r=4,c=8,i=8", "o=4,r=2", "i=2", 0},
	};
	/* Under valgrind and ASan, one case of each rule: a design takes
	 * seconds there. */
	guint n = sy_test_stride() > 1 ? 2 : G_N_ELEMENTS(cases);

	for (guint k = 0; k < n; k++) {
		g_autoptr(SyTestDesign)
			t = make(cases[k].name, NULL, cases[k].space,
				cases[k].tile, cases[k].latency, cases[k].simd);
		g_autoptr(SyEstimate) e = estimate(t->design);
		double work = sy_latency_ii_work(t->design);

		g_test_message("%s %s: %g, %g cycles", cases[k].name,
			cases[k].simd ? cases[k].simd : "-", work, e->cycles);
		g_assert_cmpfloat(work, ==, cases[k].work);
		g_assert_cmpfloat(
			e->steady, >=, work / (double)t->design->grid->count);
	}
}

/* Regression values of the model (not measured on a board): a padded
 * mm (60 on tiles of 16: the padded space's cycles, the original
 * problem's 2 x 60^3 operations, so 216000 of the 8 x 32979 lane slots
 * are used), the accumulation raising the PE's II (latency 2x2 = 4
 * independent sums for 4 chained lanes of a 5-cycle add: II 5), a wide
 * SIMD whose intra_trans reads its 8 lanes from one 512-bit word a
 * cycle (II 1: the PEs busy 99 % of the time), conv (its accumulation over 8 sums for 2 chained lanes: II 2),
 * gemm and trmm (B read element by element for each of 2 lanes: II 2;
 * trmm's triangle, 48 x 49 / 2 x 32 = 37632 instances of the box's
 * 73728, leaves three lane slots in four idle).  gemm's C *= beta runs
 * in the first k iteration of the update's own pipeline (4 x 2 x 3 x
 * 8 x 8 x 8 = 12288 iterations at II 2, + depth 20: 24596), where it
 * had a loop of its own (8 x 64 more iterations and a pipeline per
 * (i, j) tile: 25296); its multiply is a third lane slot, busy in one
 * iteration of 24: 100352 instances over 3 x 4 x 24596 slots. */
static const Case cases[] = {
	{"mm.c", {"I=60", "J=60", "K=60", NULL}, "i,j", "i=16,j=16,k=16",
		"i=8,j=8", "k=2",
		"33087 = 54 + 32979 + 54, A_IO_L2_in, PE II 1 (-), ops 432000, "
		"utilisation 0.818703"},
	{"mm.c", {NULL}, "i,j", "i=4,j=4,k=16", "i=2,j=2", "k=4",
		"82006 = 30 + 81946 + 30, PE, PE II 5 (accumulation: 4 "
		"independent sums for 4 dependent + of latency 5), ops 524288, "
		"utilisation 0.199937"},
	{"mm.c", {NULL}, "i,j", "i=32,j=32,k=32", "i=16,j=16", "k=8",
		"8455 = 86 + 8283 + 86, A_IO_L2_in, PE II 1 (-), ops 524288, "
		"utilisation 0.989014"},
	{"conv.c", {NULL}, "o,r", "o=8,r=4,c=8,i=8", "o=4,r=2", "i=2",
		"38396 = 102 + 38208 + 86, PE, PE II 2 (accumulation: 8 "
		"independent sums for 2 dependent + of latency 5), ops 294912, "
		"utilisation 0.485762"},
	{"gemm.c", {NULL}, "i,j", "i=16,j=16,k=16", "i=8,j=8", "k=2",
		"24704 = 54 + 24596 + 54, PE, PE II 2 (fifo_B_in used 2 times "
		"per iteration), ops 296960, utilisation 0.340001"},
	{"trmm.c", {NULL}, "i,j", "i=16,j=16,k=16", "i=8,j=8", "k=2",
		"18556 = 54 + 18448 + 54, PE, PE II 2 (fifo_B_in used 2 times "
		"per iteration), ops 75264, utilisation 0.254987"},
};

/* Every dataflow of every example at its default sizes that the
 * backend prints (under valgrind every stride-th): an estimate with
 * every family timed, the same read back from design.json. */
static void estimate_one(const char *example, guint candidate,
	const SyDesign *design, gpointer data)
{
	g_autoptr(SyEstimate) e = estimate(design);

	(void)data;
	g_test_message("%s %u", example, candidate);
	print_families(e);
	g_assert_cmpfloat(e->cycles, >, 0);
	g_assert_cmpfloat(e->steady, >=,
		((SyModuleEstimate *)g_ptr_array_index(e->modules, 0))->cycles);
	g_assert_cmpfloat(e->pe_utilisation, >, 0);
	g_assert_cmpfloat(e->pe_utilisation, <=, 1);
	/* The search's bound by the PE's lanes holds. */
	g_assert_cmpfloat(e->steady, >=,
		sy_latency_ii_work(design) / (double)design->grid->count);
	assert_json_same(design, e);
}

static void test_every_example(void)
{
	guint estimated = sy_test_default_designs(
		examples_dir, sy_test_model_examples, estimate_one, NULL);

	g_test_message("%u designs estimated", estimated);
	g_assert_cmpuint(estimated, >=, 60 / sy_test_stride());
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/latency/mm-small", test_mm_small);
	g_test_add_func("/latency/mm-single", test_mm_single);
	g_test_add_func("/latency/lane-words", test_lane_words);
	g_test_add_func("/latency/fused-init", test_fused_init);
	g_test_add_func("/latency/work", test_work);
	g_test_add_func("/latency/every-example", test_every_example);
	for (guint k = 0; k < G_N_ELEMENTS(cases); k++) {
		g_autofree char *path = g_strdup_printf("/latency/case/%u", k);

		g_test_add_data_func(path, &cases[k], check_case);
	}
	return g_test_run();
}
