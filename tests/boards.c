/* AutoSA's published U250 designs rebuilt and estimated (boards.h). */
#include "boards.h"

#include "compute/config.h"
#include "model/model.h"
#include "testutil.h"

/* The measured figures are AutoSA's tables for the designs after
 * AutoBridge ("Optimized"); the kernel time is "Kernel Time (s)".
 *
 * The CNN: AutoSA's kernel.h now says O 640, but its table's 932.714
 * GFLOP/s is 2 x 512 x 512 x 56 x 56 x 9 over 0.015865 s, and O 640
 * in that time would be 1166 GFLOP/s, over what 8960 DSPs (1792 fp32
 * lanes) give at 265 MHz (950): the board ran O 512, as tests/boards/
 * cnn.c has it.  Its simd[1,1,8] is SIMD 8 on i (8960 DSP = 16 x 14
 * PEs x 8 lanes x 5), which Systole's --sa-sizes reads in another
 * order (its SIMD loops are c, i, p, q): built with Systole's flags. */
const SyBoard sy_boards[SY_N_BOARDS] = {
	{"MM fp32 13x16x8", "mm_fp32.c",
		"{kernel[]->space_time[3];kernel[]->array_part[260,256,512];"
		"kernel[]->latency[20,16];kernel[]->simd[8]}",
		NULL, NULL, NULL, NULL, FALSE, TRUE, 300, 0.00232357, 803752,
		1325480, 952, 8320},
	{"CNN fp32", "cnn.c", NULL, "o,r", "o=64,r=56,c=14,i=64",
		"o=4,r=4,c=7", "i=8", FALSE, FALSE, 265, 0.015865, 884520,
		1445020, 697, 8960},
	{"MM int16", "mm_int16.c",
		"{kernel[]->space_time[3];kernel[]->array_part[256,256,32];"
		"kernel[]->latency[16,16];kernel[]->simd[32]}",
		NULL, NULL, NULL, NULL, FALSE, FALSE, 261, 0.000625233, 607442,
		836031, 1655, 8192},
	{"MM int8", "mm_int8.c",
		"{kernel[]->space_time[3];kernel[]->array_part[264,256,64];"
		"kernel[]->latency[11,32];kernel[]->simd[64]}",
		NULL, NULL, NULL, NULL, TRUE, FALSE, 300, 0.000302619, 730647,
		786680, 1364, 6144},
};

double sy_board_cycles(const SyBoard *board)
{
	return board->seconds * board->mhz * 1e6;
}

SyEstimate *sy_board_estimate(
	const SyBoard *b, const char *dir, const char *model)
{
	g_autoptr(SyDevice) u250 = sy_device_lookup("u250", NULL);
	SyEstimateOptions o = {model, b->mhz, 0, b->int8_packing};
	/* Completed as an export completes it: the models read the
	 * modules' code. */
	SyTestDesignSpec spec = {.dir = dir, .name = b->file,
		.space = b->space, .tile = b->tile, .latency = b->latency,
		.simd = b->simd, .sa_sizes = b->sa_sizes, .complete = TRUE};
	g_autoptr(SyTestDesign) t = NULL;
	SyEstimate *e;
	GError *error = NULL;

	if (b->sa_sizes) {
		int id = sy_config_sa_sizes_candidate(b->sa_sizes, &error);

		g_assert_no_error(error);
		g_assert_cmpint(id, >=, 0);
		spec.candidate = (guint)id;
	}
	t = sy_test_design_new(&spec);
	e = sy_design_estimate(t->design, u250, &o, &error);
	g_assert_no_error(error);
	return e;
}
