/* Odyssey's model (model/odyssey.h) against the values Odyssey's own
 * generated functions give (../shared/reference/odyssey.md §8.2, §6.4),
 * for its matrix-multiply and convolution designs:
 * latency, DSP, BRAM18K, off-chip words and validity, to 1e-9
 * relative, and the one-tile breakdown of Odyssey's FPGA design. */
#include <math.h>
#include <string.h>

#include "model/odyssey.h"

static void assert_close(double got, double want)
{
	if (fabs(got - want) > 1e-9 * MAX(1.0, fabs(want)))
		g_error("got %.17g, want %.17g", got, want);
}

/* A value of Odyssey's, -1 where §8.2 lists none. */
typedef struct {
	guint d, p;
	int valid; /* 1, 0, -1 not listed */
	double cycles, dsp, bram, offchip;
} Vector;

static void check(const SyOdysseyMm *base, const Vector *v)
{
	SyOdysseyMm mm = *base;
	SyOdysseyResult r;
	g_autoptr(GError) error = NULL;

	mm.dataflow = v->d;
	mm.order = v->p;
	g_assert_true(sy_odyssey_mm_evaluate(&mm, &r, &error));
	g_assert_no_error(error);
	if (v->valid >= 0)
		g_assert_cmpint(r.valid, ==, v->valid);
	assert_close(r.cycles, v->cycles);
	if (v->dsp >= 0)
		assert_close(r.dsp, v->dsp);
	if (v->bram >= 0)
		assert_close(r.bram18k, v->bram);
	if (v->offchip >= 0)
		assert_close(r.offchip, v->offchip);
}

/* MM i = j = k = 1024, t1 = (128, 128, 64), t2 = (8, 16, 8). */
static void test_mm_1024(void)
{
	static const SyOdysseyMm mm = {.size = {1024, 1024, 1024},
		.t1 = {128, 128, 64}, .t2 = {8, 16, 8}};
	static const Vector v[] = {
		{0, 0, 1, 8398850, 640, 574, 19923968},
		{1, 0, 1, 16822272, 320, 318, 35652608},
		{2, 0, 1, 21520385, 320, 376, 13631616},
		{3, 0, 1, 3188736, 5120, 2896, 11534336},
		{4, 0, 1, 21520384, 5120, 3136, 18874368},
		{5, 0, 1, 21538816, 2560, 1632, 11534336},
		{0, 1, -1, 8398850, -1, 574, 27264000},
		{1, 1, -1, 16822272, -1, -1, 28312576},
		{2, 1, -1, 21520385, -1, -1, -1},
		{3, 1, -1, 3188736, -1, 2896, 11534336},
		{4, 1, -1, 21520384, -1, -1, 11534336},
		{5, 1, -1, 21538816, -1, -1, 18874368},
		{0, 2, 1, 8394753, 640, 382, 26215424},
		{1, 2, 1, 16783361, 320, 222, 34604032},
		{2, 2, 1, 16779266, 320, 316, 34603072},
		{3, 2, 1, 1054209, 5120, 1360, 17825792},
		{4, 2, 1, 1051649, 5120, 2656, 17825792},
		{5, 2, 1, 2100225, 2560, 1392, 17825792},
	};
	SyOdysseyResult r;

	for (guint i = 0; i < G_N_ELEMENTS(v); i++)
		check(&mm, &v[i]);
	/* kernel0_0's inferred packs: A 8 (its SIMD), B 16, C 4 and 4. */
	g_assert_true(sy_odyssey_mm_evaluate(&mm, &r, NULL));
	g_assert_cmpint(r.pack[0], ==, 8);
	g_assert_cmpint(r.pack[1], ==, 16);
	g_assert_cmpint(r.pack[2], ==, 4);
	g_assert_cmpint(r.pack[3], ==, 4);
}

/* Padded i = 130, j = 260, k = 512, t1 = (65, 52, 32), t2 = (5, 4, 4):
 * the designs with PE accumulators are invalid (5 x 4 < 8 x 4). */
static void test_mm_padded(void)
{
	static const SyOdysseyMm mm = {.size = {130, 260, 512},
		.t1 = {65, 52, 32}, .t2 = {5, 4, 4}};
	static const Vector v[] = {
		{2, 2, -1, 541482, 160, 158, -1},
		{4, 2, -1, 83931.25, 2080, 1286, -1},
		{5, 2, -1, 84726, 2080, 1000, -1},
		{3, 2, 0, 26736, -1, 1625, -1},
		{2, 0, -1, 1359882.25, -1, -1, -1},
		{4, 0, -1, 1696841.25, -1, -1, -1},
		{5, 0, -1, 1382062.5, -1, -1, -1},
		{2, 1, -1, 1696842.25, -1, -1, -1},
		{5, 1, -1, 1719022.5, -1, -1, -1},
	};
	static const guint invalid[] = {0, 1, 3};

	for (guint i = 0; i < G_N_ELEMENTS(v); i++)
		check(&mm, &v[i]);
	for (guint i = 0; i < G_N_ELEMENTS(invalid); i++)
		for (guint p = 0; p < 3; p++) {
			SyOdysseyMm x = mm;
			SyOdysseyResult r;

			x.dataflow = invalid[i];
			x.order = p;
			g_assert_true(sy_odyssey_mm_evaluate(&x, &r, NULL));
			g_assert_false(r.valid);
		}
}

/* CONV o = 128, r = c = 112, i = 64, 3 x 3; t1 (o, r, c, i) = (64,
 * 28, 16, 32), t2 = (4, 4, 4, 8): latency / DSP / BRAM18K of all 30
 * designs, all valid (§8.2). */
static void test_conv(void)
{
	static const double want[10][3][3] = {
		{{8418816, 640, 666}, {7234929, 640, 474}, {8418816, 640, 666}},
		{{16542680, 280, 482}, {16525377, 280, 314},
			{16542680, 280, 482}},
		{{28928192, 160, 530}, {28911537, 160, 338},
			{28928192, 160, 530}},
		{{28959473, 160, 720}, {28903794, 160, 600},
			{28959473, 160, 720}},
		{{8418816, 4480, 2594}, {1040985, 4480, 1250},
			{8418816, 4480, 2594}},
		{{8418816, 2560, 1688}, {1815057, 2560, 920},
			{8418816, 2560, 1688}},
		{{8418816, 2560, 1664}, {1815920, 2560, 1536},
			{8418816, 2560, 1664}},
		{{5738496, 1120, 1312}, {4140657, 1120, 976},
			{4190432, 1120, 1312}},
		{{7015848, 1120, 1220}, {4133696, 1120, 1010},
			{7015848, 1120, 1220}},
		{{7295248, 640, 848}, {7230128, 640, 728}, {7295248, 640, 848}},
	};

	/* Off-chip words, prologue and epilogue at the same point, from
	 * Odyssey's generated est_activity and est_latency (run on its
	 * descriptors, odyssey.md §8.3's way). */
	static const double more[10][3][3] = {
		{{14436464, 145152, 145152}, {12830832, 2305, 7168},
			{12445808, 145152, 145152}},
		{{23145584, 16632, 10752}, {22894704, 3025, 7168},
			{24500336, 16632, 10752}},
		{{35467376, 15840, 10752}, {35151984, 2881, 7168},
			{36757616, 15840, 10752}},
		{{9454704, 47232, 10753}, {8816696, 2305, 1},
			{8431728, 47232, 10753}},
		{{6630400, 145152, 145152}, {6379520, 1513, 7168},
			{5994496, 145152, 145152}},
		{{6565888, 145152, 145152}, {6250496, 1441, 7168},
			{5865472, 145152, 145152}},
		{{6243328, 145152, 145152}, {5605376, 2304, 7168},
			{7211008, 145152, 145152}},
		{{15081472, 50688, 10752}, {13475840, 4609, 7168},
			{7118848, 50688, 10752}},
		{{7985152, 61992, 10752}, {6379520, 3024, 1792},
			{5994496, 61992, 10752}},
		{{7856128, 59040, 10752}, {6250496, 2880, 1792},
			{5865472, 59040, 10752}},
	};

	for (guint d = 0; d < 10; d++)
		for (guint p = 0; p < 3; p++) {
			SyOdysseyConv cv = {.dataflow = d, .order = p,
				.size = {128, 112, 112, 64}, .p = 3, .q = 3,
				.t1 = {64, 28, 16, 32}, .t2 = {4, 4, 4, 8}};
			SyOdysseyResult r;
			g_autoptr(GError) error = NULL;

			g_assert_true(sy_odyssey_conv_evaluate(&cv, &r,
				&error));
			g_assert_no_error(error);
			g_assert_true(r.valid);
			assert_close(r.cycles, want[d][p][0]);
			assert_close(r.dsp, want[d][p][1]);
			assert_close(r.bram18k, want[d][p][2]);
			assert_close(r.offchip, more[d][p][0]);
			assert_close(r.prologue, more[d][p][1]);
			assert_close(r.epilogue, more[d][p][2]);
		}
}

/* A CONV estimate: operations 2 o r c i p q on the original sizes. */
static void test_conv_estimate(void)
{
	static const SyOdysseyConv cv = {.dataflow = 4, .order = 1,
		.size = {128, 112, 112, 64}, .p = 3, .q = 3,
		.t1 = {64, 28, 16, 32}, .t2 = {4, 4, 4, 8}};
	g_autoptr(SyEstimate) e = sy_estimate_new();
	g_autoptr(GError) error = NULL;
	double ops = 2.0 * 128 * 112 * 112 * 64 * 3 * 3;

	g_assert_true(sy_odyssey_conv_estimate(&cv, e, NULL));
	assert_close(e->cycles, 1040985);
	assert_close(e->ops, ops);
	assert_close(e->dsp_efficiency, ops / (4480.0 / 5 * 2) / 1040985);
	assert_close(e->total.v[SY_RESOURCE_DSP], 4480);
	assert_close(e->total.v[SY_RESOURCE_BRAM18K], 1250);
	g_assert_cmpstr(((SyModuleEstimate *) g_ptr_array_index(e->modules,
		e->modules->len - 1))->name, ==, "PE");
	/* Odyssey's families are its own: not into an estimate that has
	 * the design's. */
	g_assert_false(sy_odyssey_conv_estimate(&cv, e, &error));
	g_assert_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_ESTIMATE);
}

static const SyOdysseyModule *find(const SyOdysseyResult *r,
	const char *name)
{
	for (guint i = 0; i < r->n_modules; i++)
		if (!strcmp(r->modules[i].name, name))
			return &r->modules[i];
	g_error("no module %s", name);
	return NULL;
}

/* Odyssey's FPGA design: kernel3_2, i = 1032, j = 1040, k = 1024,
 * t1 = (129, 130, 64), t2 = (3, 26, 8); module by module. */
static void test_fpga_design(void)
{
	static const SyOdysseyMm mm = {.dataflow = 3, .order = 2,
		.size = {1032, 1040, 1024}, .t1 = {129, 130, 64},
		.t2 = {3, 26, 8}};
	static const struct {
		const char *name;
		double single, cycles, bram;
	} want[] = {
		{"A_IO_L2_in", 517, 640000, 15 * 2 * 43},
		{"A_IO_L3_in", 516, 528384, 0},
		{"B_IO_L2_in", 521, 640000, 15 * 2 * 5},
		{"B_IO_L3_in", 520, 532480, 0},
		{"C_drain_IO_L1_out", 838.5, 58656, 4 * 215},
		{"C_drain_IO_L2_out", 4192.5, 268320, 0},
		{"C_drain_IO_L3_out", 4192.5, 268320, 0},
		{"PE", 0, 638976, 1 * 215},
	};
	SyOdysseyResult r;

	g_assert_true(sy_odyssey_mm_evaluate(&mm, &r, NULL));
	g_assert_true(r.valid);
	g_assert_cmpuint(r.n_modules, ==, G_N_ELEMENTS(want));
	for (guint i = 0; i < G_N_ELEMENTS(want); i++) {
		const SyOdysseyModule *m = find(&r, want[i].name);

		assert_close(m->single, want[i].single);
		assert_close(m->cycles, want[i].cycles);
		assert_close(m->bram18k, want[i].bram);
	}
	g_assert_cmpint(r.pack[0], ==, 16);
	g_assert_cmpint(r.pack[1], ==, 16);
	g_assert_cmpint(r.pack[2], ==, 4);
	g_assert_cmpint(r.pack[3], ==, 4);
	assert_close(r.prologue, 521);
	assert_close(r.main, 640000);
	assert_close(r.epilogue, 4192.5);
	assert_close(r.cycles, 644713.5);
	assert_close(r.dsp, 8600);
	assert_close(r.bram18k, 2515);
	assert_close(r.offchip, 18047104);
	g_assert_cmpstr(r.modules[r.bottleneck].name, ==, "A_IO_L2_in");
}

/* AutoSA's published 13 x 16 x 8 design (odyssey.md §6.4), as an
 * estimate: 680,353 cycles, DSP 8320, BRAM18K 2300, GFLOP/s on the
 * 1024^3 problem. */
static void test_estimate(void)
{
	static const SyOdysseyMm mm = {.dataflow = 3, .order = 2,
		.size = {1040, 1024, 1024}, .original = {1024, 1024, 1024},
		.t1 = {260, 256, 512}, .t2 = {20, 16, 8}};
	g_autoptr(SyEstimate) e = sy_estimate_new();
	g_autoptr(GError) error = NULL;
	double ops = 2.0 * 1024 * 1024 * 1024;
	const SyModuleEstimate *pe;

	g_assert_true(sy_odyssey_mm_estimate(&mm, e, &error));
	g_assert_no_error(error);
	g_assert_cmpstr(e->model, ==, "odyssey");
	assert_close(e->cycles, 680353);
	assert_close(e->prologue + e->steady + e->epilogue, 680353);
	assert_close(e->mhz, 300);
	assert_close(e->seconds, 680353 / 300e6);
	assert_close(e->ops, ops);
	assert_close(e->gops, ops / (680353 / 300e6) / 1e9);
	assert_close(e->dsp_efficiency, ops / (8320.0 / 5 * 2) / 680353);
	assert_close(e->total.v[SY_RESOURCE_DSP], 8320);
	assert_close(e->total.v[SY_RESOURCE_BRAM18K], 2300);
	assert_close(e->total.v[SY_RESOURCE_URAM], 0);
	assert_close(e->total.v[SY_RESOURCE_LUT], 0);
	assert_close(e->offchip_bytes, 9519104.0 * 4);
	g_assert_cmpuint(e->modules->len, ==, 8);
	pe = g_ptr_array_index(e->modules, 7);
	g_assert_cmpstr(pe->name, ==, "PE");
	g_assert_cmpint(pe->kind, ==, SY_MODULE_PE);
	g_assert_cmpint(pe->count, ==, 13 * 16);
	g_assert_cmpint(e->bottleneck, >=, 0);
	assert_close(((SyModuleEstimate *) g_ptr_array_index(e->modules,
		e->bottleneck))->share, 1);
}

static void test_errors(void)
{
	SyOdysseyMm mm = {.dataflow = 6, .size = {8, 8, 8},
		.t1 = {4, 4, 4}, .t2 = {2, 2, 2}};
	SyOdysseyResult r;
	g_autoptr(GError) error = NULL;

	g_assert_false(sy_odyssey_mm_evaluate(&mm, &r, &error));
	g_assert_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_DESIGN);
	g_assert_cmpstr(error->message, ==,
		"Odyssey has no matrix-multiply design kernel6_0");
	g_clear_error(&error);
	{
		SyOdysseyConv cv = {.dataflow = 10, .size = {1, 1, 1, 1},
			.p = 1, .q = 1, .t1 = {1, 1, 1, 1}, .t2 = {1, 1, 1, 1}};

		g_assert_false(sy_odyssey_conv_evaluate(&cv, &r, &error));
		g_assert_error(error, SY_ODYSSEY_ERROR,
			SY_ODYSSEY_ERROR_DESIGN);
		g_assert_cmpstr(error->message, ==,
			"Odyssey has no convolution design kernel10_0");
		g_clear_error(&error);
		cv.dataflow = 0;
		cv.q = 0;
		g_assert_false(sy_odyssey_conv_evaluate(&cv, &r, &error));
		g_assert_error(error, SY_ODYSSEY_ERROR,
			SY_ODYSSEY_ERROR_PARAMS);
		g_clear_error(&error);
	}
	mm.dataflow = 3;
	mm.t2[2] = 0;
	g_assert_false(sy_odyssey_mm_evaluate(&mm, &r, &error));
	g_assert_error(error, SY_ODYSSEY_ERROR, SY_ODYSSEY_ERROR_PARAMS);
	g_clear_error(&error);
	/* k_t1 = 12, SIMD 8: no pack factor for A (a multiple of 8 that
	 * divides 12), so Odyssey drops the point before any model. */
	mm.t1[2] = 12;
	mm.t2[2] = 8;
	mm.t1[0] = mm.t1[1] = 16;
	mm.t2[0] = mm.t2[1] = 8;
	g_assert_true(sy_odyssey_mm_evaluate(&mm, &r, &error));
	g_assert_false(r.valid);
	g_assert_cmpuint(r.n_modules, ==, 0);
	g_assert_cmpint(r.pack[0], ==, 0);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/odyssey/mm-1024", test_mm_1024);
	g_test_add_func("/odyssey/mm-padded", test_mm_padded);
	g_test_add_func("/odyssey/fpga-design", test_fpga_design);
	g_test_add_func("/odyssey/estimate", test_estimate);
	g_test_add_func("/odyssey/conv", test_conv);
	g_test_add_func("/odyssey/conv-estimate", test_conv_estimate);
	g_test_add_func("/odyssey/errors", test_errors);
	return g_test_run();
}
