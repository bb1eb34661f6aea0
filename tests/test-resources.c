/* The resource model (model/resources.h): block RAM primitives chosen
 * on hand-made memories, and exact estimates of matrix multiply (SIMD
 * 2 and 8, with and without ping-pong), a convolution, int16 and int8
 * kernels (int8 with and without packing), each the same again from
 * its design.json read back; and the kernel's bind_storage pragmas
 * against the memories the model charges. */
#include <string.h>

#include "testutil.h"
#include "base/json-print.h"
#include "comm/design-json.h"
#include "comm/design-load.h"
#include "comm/design.h"
#include "comm/module-code.h"
#include "hls/hls.h"
#include "model/resources-memory.h"
#include "model/resources.h"

static const char *examples_dir;

/* Matrix multiply with its element type DT, as mm.c without the
 * testbench (C = A * B^T, C read first). */
static const char *mm_typed =
	"#define I 64\n#define J 64\n#define K 64\n"
	"typedef DT data_t;\n"
	"data_t A[I][K], B[J][K], C[I][J];\n"
	"int main(void) {\n"
	"#pragma scop\n"
	"    for (int i = 0; i < I; i++)\n"
	"        for (int j = 0; j < J; j++)\n"
	"            for (int k = 0; k < K; k++)\n"
	"                C[i][j] = C[i][j] + A[i][k] * B[j][k];\n"
	"#pragma endscop\n"
	"    return 0;\n"
	"}\n";

/* The block RAM primitives of one memory: the cheapest cover of its
 * width by columns of one aspect each. */
static void test_bram_primitives(void)
{
	/* 1Kx18 twice (or 512x36 twice). */
	g_assert_cmpint(sy_memory_bram18k(32, 1000), ==, 2);
	/* 14 columns of 512x36 (504 bits) and one 2Kx9: 15. */
	g_assert_cmpint(sy_memory_bram18k(512, 16), ==, 15);
	g_assert_cmpint(sy_memory_bram18k(1, 16384), ==, 1);
	g_assert_cmpint(sy_memory_bram18k(1, 16385), ==, 2);
	/* 36 + 9 bits: 2, where one aspect rounded up would also say 2;
	 * 37 bits x 512: 512x36 + 16Kx1. */
	g_assert_cmpint(sy_memory_bram18k(40, 512), ==, 2);
	g_assert_cmpint(sy_memory_bram18k(37, 512), ==, 2);
	g_assert_cmpint(sy_memory_bram18k(36, 512), ==, 1);
	g_assert_cmpint(sy_memory_bram18k(18, 1024), ==, 1);
	/* 64 bits x 2048: 2Kx9 columns, 8 of them (72 bits) = 8; 512x36
	 * would take 2 x 4 = 8 as well, 1Kx18 4 x 2 = 8. */
	g_assert_cmpint(sy_memory_bram18k(64, 2048), ==, 8);
	/* 4 bits x 4096: 1; x 4097: 4Kx4 twice, or 8Kx2 twice: 2. */
	g_assert_cmpint(sy_memory_bram18k(4, 4096), ==, 1);
	g_assert_cmpint(sy_memory_bram18k(4, 4097), ==, 2);
	g_assert_cmpint(sy_memory_bram18k(0, 100), ==, 0);
	g_assert_cmpint(sy_memory_uram(72, 4096), ==, 1);
	g_assert_cmpint(sy_memory_uram(73, 4097), ==, 4);
	g_assert_cmpint(sy_memory_kind(32, 1, FALSE), ==, SY_MEMORY_REGISTERS);
	g_assert_cmpint(sy_memory_kind(512, 64, FALSE), ==, SY_MEMORY_LUTRAM);
	g_assert_cmpint(sy_memory_kind(1, 65, FALSE), ==, SY_MEMORY_BRAM);
	g_assert_cmpint(sy_memory_kind(1, 65, TRUE), ==, SY_MEMORY_URAM);
}

/* What sy_memory_add adds for copies memories, and Vivado's tiles. */
static void test_memory_cost(void)
{
	SyResources r = {{0}};

	/* 2 x 32 bits x 1000: 2 BRAM18K each; 36K tiles: pairs of RAMB18,
	 * an odd one a whole tile (AR# 60306). */
	sy_memory_add(&r, 32, 1000, FALSE, 2);
	g_assert_cmpfloat(r.v[SY_RESOURCE_BRAM18K], ==, 4);
	g_assert_cmpfloat(sy_memory_bram36(4), ==, 2);
	g_assert_cmpfloat(sy_memory_bram36(3), ==, 2);
	g_assert_cmpfloat(sy_memory_bram36(2726), ==, 1363);
	g_assert_cmpfloat(sy_memory_bram36(0), ==, 0);
	/* 512 bits x 16 words: LUTRAM, 8 LUTs per 14 bits (RAM32M16):
	 * 37 x 8 = 296 LUT, 512 FF. */
	sy_memory_add(&r, 512, 16, FALSE, 1);
	g_assert_cmpfloat(r.v[SY_RESOURCE_LUT], ==, 296);
	g_assert_cmpfloat(r.v[SY_RESOURCE_FF], ==, 512);
	/* 7 bits x 64: one RAM64M8, 8 LUT; a register of 9 bits. */
	sy_memory_add(&r, 7, 64, FALSE, 1);
	sy_memory_add(&r, 9, 1, FALSE, 1);
	g_assert_cmpfloat(r.v[SY_RESOURCE_LUT], ==, 304);
	g_assert_cmpfloat(r.v[SY_RESOURCE_FF], ==, 512 + 7 + 9);
	/* UltraRAM where asked: 144 bits x 8192 = 2 x 2. */
	sy_memory_add(&r, 144, 8192, TRUE, 1);
	g_assert_cmpfloat(r.v[SY_RESOURCE_URAM], ==, 4);
	g_assert_cmpfloat(r.v[SY_RESOURCE_BRAM18K], ==, 4);
}

/* A design with its code built, and what it stands on (freed after
 * it, in that order). */
/* The example file (text NULL) or the kernel text, at space with sizes
 * as systole-cli's --tile, --latency, --simd, with its code. */
static void make(SyTestDesign *m, const char *name, const char *text,
	const char *space, const char *tile, const char *latency,
	const char *simd, gboolean no_double_buffer)
{
	SyDesignOptions options = {.no_double_buffer = no_double_buffer};
	SyTestDesignSpec spec = {.dir = examples_dir, .name = name,
		.text = text, .space = space, .tile = tile,
		.latency = latency, .simd = simd, .options = &options,
		.code = TRUE};

	sy_test_design_init(m, &spec);
}

/* "dsp bram18k bram36 uram lut ff" of an estimate's total. */
static char *total_text(const SyEstimate *e)
{
	return g_strdup_printf("%g %g %g %g %g %g", e->total.v[SY_RESOURCE_DSP],
		e->total.v[SY_RESOURCE_BRAM18K], e->bram36,
		e->total.v[SY_RESOURCE_URAM], e->total.v[SY_RESOURCE_LUT],
		e->total.v[SY_RESOURCE_FF]);
}

/* design's estimate, and the same from its design.json read back. */
static char *estimate_both(
	const SyDesign *design, const SyResourceOptions *options)
{
	g_autoptr(SyEstimate) e = sy_estimate_new();
	g_autoptr(SyEstimate) again = sy_estimate_new();
	g_autoptr(JsonNode) root = sy_design_to_json(design);
	g_autofree char *json = sy_json_print(root);
	g_autoptr(SyDesign) back = NULL;
	g_autofree char *back_text = NULL;
	GError *error = NULL;
	char *text;

	g_assert_true(sy_resources_estimate(design, options, e, &error));
	g_assert_no_error(error);
	back = sy_design_from_json_text(json, -1, &error);
	g_assert_no_error(error);
	g_assert_true(sy_resources_estimate(back, options, again, &error));
	g_assert_no_error(error);
	text = total_text(e);
	back_text = total_text(again);
	g_assert_cmpstr(text, ==, back_text);
	g_assert_cmpuint(e->modules->len, ==, design->modules->len);
	for (guint i = 0; i < e->modules->len; i++) {
		const SyModuleEstimate *a = g_ptr_array_index(e->modules, i);
		const SyModuleEstimate *b = g_ptr_array_index(again->modules, i);

		g_assert_cmpstr(a->name, ==, b->name);
		g_assert_true(memcmp(&a->resources, &b->resources,
				      sizeof(a->resources)) == 0);
	}
	return text;
}

static void check(const char *name, const char *text, const char *space,
	const char *tile, const char *latency, const char *simd,
	gboolean no_double_buffer, const SyResourceOptions *options,
	const char *expected)
{
	SyTestDesign m;
	g_autofree char *got = NULL;

	make(&m, name, text, space, tile, latency, simd, no_double_buffer);
	got = estimate_both(m.design, options);

	g_test_message("%s %s %s %s: %s", name, tile, latency, simd, got);
	g_assert_cmpstr(got, ==, expected);
	sy_test_design_clear(&m);
}

/* Matrix multiply, each total as "dsp bram18k bram36 uram lut ff".
 * The derivation of the block RAM of the 2x2 array on tiles of 64
 * (latency 32, SIMD 8, float), with ping-pong:
 * - DSP: 4 PEs x 8 lanes x (fmul 3 + fadd 2) = 160.
 * - Each PE's local_C, [32][32] floats unpartitioned (the lanes run
 *   along k), 1024 words of 32 bits: two 1Kx18 columns, 2 BRAM18K;
 *   4 PEs: 8.
 * - A_IO_L2_in and its boundary, B's the same: [32][64] floats packed
 *   16 to a 512-bit word, 128 words: 14 columns of 512x36 and one of
 *   2Kx9, 15 BRAM18K; ping and pong: 4 x 2 x 15 = 120.
 * - C's L1 buffers (in and drain), [32][32] in 64 words of 512 bits:
 *   LUTRAM (64 words at most), no block RAM.
 * - The four DRAM ports' AXI buffers, 256 words of 512 bits: 15 each,
 *   60.
 * Total 8 + 120 + 60 = 188 BRAM18K, 94 36K tiles (pairs of RAMB18);
 * single buffers drop the 60 of the pongs: 128, 64 tiles.  The FIFOs (depth
 * 2, 512 bits at most) are all shift registers. */
static void test_mm(void)
{
	g_autofree char *fp32 = g_strconcat("#define DT float\n", mm_typed, NULL);

	check("mm.c", NULL, "i,j", "i=16,j=16,k=16", "i=4,j=4", "k=2",
		FALSE, NULL, "160 38 19 0 54936 76952");
	check("mm.c", NULL, "i,j", "i=16,j=16,k=16", "i=4,j=4", "k=2",
		TRUE, NULL, "160 38 19 0 50008 68760");
	check("mm.c", NULL, "i,j", "i=16,j=16,k=16", "i=4,j=4", "k=8",
		FALSE, NULL, "640 38 19 0 74616 118904");
	check("mm.c", NULL, "i,j", "i=16,j=16,k=16", "i=4,j=4", "k=8",
		TRUE, NULL, "640 38 19 0 69688 110712");
	check("mm.c", NULL, "i,j", "i=32,j=32,k=64", "i=16,j=16", "k=8",
		FALSE, NULL, "160 64 32 0 45736 63436");
	/* Buffers over 64 words: block RAM, twice with ping-pong. */
	check("mmf.c", fp32, "i,j", "i=64,j=64,k=64", "i=32,j=32", "k=8",
		FALSE, NULL, "160 188 94 0 45736 59340");
	check("mmf.c", fp32, "i,j", "i=64,j=64,k=64", "i=32,j=32", "k=8",
		TRUE, NULL, "160 128 64 0 41000 55244");
}

/* Values passed along diagonals of slope 2 (tests/hls/kernels/
 * delay_rows.c): each of the 6 PEs holds two chains of two int delay
 * registers, 2 x 2 x 32 = 128 FF a PE, 768 in all, and nothing else
 * the chains change; both through design.json. */
static const char *rows =
	"#define B 4\n#define N 6\n#define W 5\n"
	"void rows(int X[B][W], int Y[B][W], const int A[N][2 * N + W])\n"
	"{\n#pragma scop\n"
	"    for (int b = 0; b < B; b++)\n"
	"        for (int i = 0; i < N; i++)\n"
	"            for (int j = 2 * i; j < 2 * i + W; j++) {\n"
	"                X[b][j - 2 * i] = X[b][j - 2 * i] * 3 + A[i][j] + b;\n"
	"                Y[b][j - 2 * i] = Y[b][j - 2 * i] - A[i][j] * 2;\n"
	"            }\n"
	"#pragma endscop\n}\n";

static void test_delays(void)
{
	SyTestDesign m;
	g_autofree char *with = NULL, *without = NULL;
	guint n = 0;

	make(&m, "rows.c", rows, "i", NULL, NULL, NULL, FALSE);
	with = estimate_both(m.design, NULL);
	for (guint i = 0; i < m.design->pe_facts->stmts->len; i++) {
		const SyPeStmt *s = g_ptr_array_index(m.design->pe_facts->stmts, i);

		for (guint k = 0; k < s->accesses->len; k++) {
			SyPeAccess *a = g_ptr_array_index(s->accesses, k);

			n += a->delay;
			a->delay = 0;
		}
	}
	g_assert_cmpuint(n, ==, 4);
	without = estimate_both(m.design, NULL);
	g_test_message("with %s, without %s", with, without);
	g_assert_cmpstr(with, ==, "36 13 7 0 10676 15283");
	g_assert_cmpstr(without, ==, "36 13 7 0 10676 14515");
	sy_test_design_clear(&m);
}

static void test_conv(void)
{
	check("conv.c", NULL, "o,r", NULL, NULL, NULL, FALSE, NULL, "640 31 16 0 145586 199468");
	check("conv.c", NULL, "o,r", "o=8,r=4,c=8,i=16", "o=4,r=2", "i=4",
		FALSE, NULL, "80 34 17 0 23174 31382");
}

/* int16 and int8 elements: one DSP per MAC, half with int8 packing. */
static void test_integers(void)
{
	g_autofree char *int16 = g_strconcat("#define DT short\n", mm_typed, NULL);
	g_autofree char *int8 = g_strconcat(
		"#define DT signed char\n", mm_typed, NULL);
	SyResourceOptions packed;

	sy_resource_options_init(&packed);
	packed.int8_packing = TRUE;
	check("mm16.c", int16, "i,j", "i=16,j=16,k=32", "i=4,j=4", "k=8",
		FALSE, NULL, "128 34 17 0 44856 58360");
	check("mm8.c", int8, "i,j", "i=16,j=16,k=32", "i=4,j=4", "k=16",
		FALSE, NULL, "256 18 9 0 33048 43960");
	check("mm8.c", int8, "i,j", "i=16,j=16,k=32", "i=4,j=4", "k=16",
		FALSE, &packed, "128 18 9 0 37656 45496");
}

/* "lutram N bram M" of the buffers' bindings in text: the kernel's
 * bind_storage pragmas, or the model's kinds. */
static char *bindings_of_kernel(const char *text)
{
	guint n[SY_MEMORY_URAM + 1] = {0};
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);

	for (guint i = 0; lines[i]; i++) {
		const char *impl;

		if (!g_str_has_prefix(lines[i], "#pragma HLS bind_storage "))
			continue;
		impl = strstr(lines[i], " type=ram_2p impl=");
		g_assert_nonnull(impl);
		impl += strlen(" type=ram_2p impl=");
		for (int k = 0; k <= SY_MEMORY_URAM; k++)
			if (sy_memory_impl(k) &&
				strcmp(impl, sy_memory_impl(k)) == 0)
				n[k]++;
	}
	return g_strdup_printf("lutram %u bram %u uram %u",
		n[SY_MEMORY_LUTRAM], n[SY_MEMORY_BRAM], n[SY_MEMORY_URAM]);
}

/* The model's memories, one per declaration: an I/O family's buffers
 * (ping and pong), the PE's as its facts give them (its banks are one
 * declaration), as sy_resources_estimate counts them. */
static char *bindings_of_model(const SyDesign *design)
{
	guint n[SY_MEMORY_URAM + 1] = {0};
	const SyPeFacts *facts = design->pe_facts;

	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);

		for (guint k = 0; m->kind != SY_MODULE_PE &&
			k < m->buffers->len; k++) {
			const SyBuffer *b = g_ptr_array_index(m->buffers, k);

			n[sy_memory_kind(b->elem_bits * b->pack, b->depth,
				FALSE)] += b->ping_pong ? 2 : 1;
		}
	}
	for (guint i = 0; i < facts->buffers->len; i++) {
		const SyPeBuffer *buf = g_ptr_array_index(facts->buffers, i);
		gint64 banks, depth;

		sy_pe_buffer_banks(facts, buf, &banks, &depth);
		n[sy_memory_kind(buf->plain_array->bits, depth, FALSE)]++;
	}
	return g_strdup_printf("lutram %u bram %u uram %u",
		n[SY_MEMORY_LUTRAM], n[SY_MEMORY_BRAM], n[SY_MEMORY_URAM]);
}

/* The kernel binds every buffer to the memory the model charges: as
 * many bind_storage pragmas of each kind as the model has memories of
 * it (none for registers), on designs with LUTRAM and block RAM
 * buffers, single buffers, and a PE buffer partitioned into banks. */
static void check_bindings(const char *name, const char *text,
	const char *space, const char *tile, const char *latency,
	const char *simd, gboolean no_double_buffer, const char *expected)
{
	SyDesignOptions options = {.no_double_buffer = no_double_buffer};
	SyTestDesignSpec spec = {.dir = examples_dir, .name = name,
		.text = text, .space = space, .tile = tile,
		.latency = latency, .simd = simd, .options = &options,
		.complete = TRUE};
	g_autoptr(SyTestDesign) t = sy_test_design_new(&spec);
	SyHlsFiles files = {0};
	g_autofree char *code = NULL;
	g_autofree char *model = NULL;

	sy_hls_generate(t->design, &files);
	code = bindings_of_kernel(files.kernel);
	model = bindings_of_model(t->design);
	g_test_message("%s %s %s %s: %s", name, tile, latency, simd, code);
	g_assert_cmpstr(code, ==, model);
	g_assert_cmpstr(code, ==, expected);
	sy_hls_files_clear(&files);
}

static void test_bindings(void)
{
	g_autofree char *fp32 = g_strconcat("#define DT float\n", mm_typed, NULL);

	/* test_mm's derivation: the PE's local_C (1024 words) and A's and
	 * B's L2 buffers (128 words, ping and pong, boundary or not) in
	 * block RAM: 1 + 4 + 4; C's L1 buffers in and out (64 words) in
	 * LUTRAM: 4 + 4; single buffers halve the I/O ones. */
	check_bindings("mmf.c", fp32, "i,j", "i=64,j=64,k=64", "i=32,j=32",
		"k=8", FALSE, "lutram 8 bram 9 uram 0");
	check_bindings("mmf.c", fp32, "i,j", "i=64,j=64,k=64", "i=32,j=32",
		"k=8", TRUE, "lutram 4 bram 5 uram 0");
	/* Tiles of 16, latency 4: every buffer at most 64 words, the PE's
	 * 16 and the 16 I/O declarations. */
	check_bindings("mm.c", NULL, "i,j", "i=16,j=16,k=16", "i=4,j=4",
		"k=2", FALSE, "lutram 17 bram 0 uram 0");
	check_bindings("conv.c", NULL, "o,r", "o=8,r=4,c=8,i=16", "o=4,r=2",
		"i=4", FALSE, "lutram 13 bram 0 uram 0");
	/* local_C[1][8] in 2 banks of 4 along j (ARRAY_PARTITION cyclic,
	 * one pragma for both); the I/O buffers of one word are registers,
	 * unbound. */
	check_bindings("gemm.c", NULL, "i,k", "i=8,j=8", NULL, "j=2", FALSE,
		"lutram 1 bram 0 uram 0");
}

/* An estimate whose families exist (another model made them) gets
 * its resources in them; a design without its PE's facts, or with
 * other modules than the estimate's families, is refused. */
static void test_families(void)
{
	SyTestDesign m;
	g_autoptr(SyEstimate) e = sy_estimate_new();
	g_autoptr(SyEstimate) wrong = sy_estimate_new();
	g_autoptr(SyDesign) bare = NULL;
	GError *error = NULL;

	make(&m, "mm.c", NULL, "i,j", "i=16,j=16,k=16", "i=4,j=4", "k=2",
		FALSE);
	for (guint i = 0; i < m.design->modules->len; i++) {
		const SyModule *mod = g_ptr_array_index(m.design->modules, i);

		sy_estimate_add_module(e, mod->name, mod->kind, mod->count);
	}
	g_assert_true(sy_resources_estimate(m.design, NULL, e, &error));
	g_assert_no_error(error);
	g_assert_cmpuint(e->modules->len, ==, m.design->modules->len);
	g_assert_cmpfloat(((SyModuleEstimate *)e->modules->pdata[0])
				  ->resources.v[SY_RESOURCE_DSP], ==, 160);
	sy_estimate_add_module(wrong, "PE", SY_MODULE_PE, 16);
	g_assert_false(sy_resources_estimate(m.design, NULL, wrong, &error));
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==,
		"the estimate has 1 module families, the design 19 modules");
	g_clear_error(&error);
	bare = sy_design_new(m.array, NULL, &error);
	g_assert_no_error(error);
	g_assert_false(sy_resources_estimate(bare, NULL, wrong, &error));
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==,
		"the design has no PE facts: its code was not built");
	g_clear_error(&error);
	g_clear_pointer(&bare, sy_design_free);
	sy_test_design_clear(&m);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/resources/bram-primitives", test_bram_primitives);
	g_test_add_func("/resources/memory-cost", test_memory_cost);
	g_test_add_func("/resources/mm", test_mm);
	g_test_add_func("/resources/conv", test_conv);
	g_test_add_func("/resources/delays", test_delays);
	g_test_add_func("/resources/integers", test_integers);
	g_test_add_func("/resources/families", test_families);
	g_test_add_func("/resources/bindings", test_bindings);
	return g_test_run();
}
