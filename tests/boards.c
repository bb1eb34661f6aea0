/* AutoSA's published U250 designs rebuilt and estimated (boards.h). */
#include "boards.h"

#include "compute/config.h"
#include "model/model.h"
#include "model/resources-memory.h"
#include "testutil.h"

/* The measured figures are AutoSA's tables for the designs after
 * AutoBridge ("Optimized"); the kernel time is "Kernel Time (s)".
 *
 * The CNN: AutoSA's kernel.h now says O 640, but its table's 932.714
 * GFLOP/s is 2 x 512 x 512 x 56 x 56 x 9 over 0.015865 s, and O 640
 * in that time would be 1166 GFLOP/s, over what 8960 DSPs (1792 fp32
 * lanes) give at 265 MHz (950): the board ran O 512, as tests/boards/
 * cnn.c has it.  Its simd[1,1,8] is SIMD 8 on i (8960 DSP = 16 x 14
 * PEs x 8 lanes x 5): AutoSA's candidates there are p, q and i (c,
 * strip-mined by 7 in a tile of 14, drops out). */
/* AutoSA's memories of the int8 design, read off its
 * autosa_tests/large/mm_int8/kernel_kernel_opt.cpp: every buffer bound
 * to block RAM ("#pragma HLS RESOURCE variable=... core=RAM_1P_BRAM" or
 * RAM_2P_BRAM, autosa_common.cpp extract_memory_type), 24 A_IO_L2_in
 * (ping and pong A_t64 local_A[11][1]), 8 B_IO_L2_in (B_t64
 * local_B[32][1]), 192 PEs (C_t1 local_C[11][32], char) and 192
 * C_drain_IO_L1_out (C_t32 local_C[11][1], 256 bits, one buffer); the
 * PEs' local_A and local_B are partitioned into registers.  The three
 * DRAM ports' burst buffers are the model's (resources.c,
 * AXI_BUFFER_WORDS).  2726 BRAM18K: 1363 tiles against 1364. */
static const SyBoardMemory mm_int8_memories[] = {
	{"A_IO_L2_in local_A", 512, 11, 24 * 2},
	{"B_IO_L2_in local_B", 512, 32, 8 * 2},
	{"PE local_C", 8, 11 * 32, 192},
	{"C_drain_IO_L1_out local_C", 256, 11, 192},
	{"m_axi A and B", 512, 256, 2},
	{"m_axi C", 256, 256, 1},
	{NULL, 0, 0, 0},
};

/* The int16 design's, from the same code generator with the same
 * --data-pack-sizes (AutoSA ships no code for it): 16 x 16 PEs, A and B
 * in words of the 32 SIMD lanes (512 bits) 16 deep at 16 L2 modules
 * each, local_C[16][16] of short per PE, and the drain's L1 buffer of
 * 16 words of 16 shorts (the 32-byte cap of its level) per PE.  3302
 * BRAM18K: 1651 tiles against 1655. */
static const SyBoardMemory mm_int16_memories[] = {
	{"A_IO_L2_in local_A", 512, 16, 16 * 2},
	{"B_IO_L2_in local_B", 512, 16, 16 * 2},
	{"PE local_C", 16, 16 * 16, 256},
	{"C_drain_IO_L1_out local_C", 256, 16, 256},
	{"m_axi A and B", 512, 256, 2},
	{"m_axi C", 256, 256, 1},
	{NULL, 0, 0, 0},
};

const SyBoard sy_boards[SY_N_BOARDS] = {
	{"MM fp32 13x16x8", "mm_fp32.c",
		"{kernel[]->space_time[3];kernel[]->array_part[260,256,512];"
		"kernel[]->latency[20,16];kernel[]->simd[8]}",
		NULL, NULL, NULL, NULL, FALSE, TRUE, 300, 0.00232357, 803752,
		1325480, 952, 8320, NULL},
	{"CNN fp32", "cnn.c",
		"{kernel[]->space_time[4];kernel[]->array_part[64,56,14,64];"
		"kernel[]->latency[4,4,7];kernel[]->simd[1,1,8]}",
		NULL, NULL, NULL, NULL, FALSE, FALSE, 265, 0.015865, 884520,
		1445020, 697, 8960, NULL},
	{"MM int16", "mm_int16.c",
		"{kernel[]->space_time[3];kernel[]->array_part[256,256,32];"
		"kernel[]->latency[16,16];kernel[]->simd[32]}",
		NULL, NULL, NULL, NULL, FALSE, FALSE, 261, 0.000625233, 607442,
		836031, 1655, 8192, mm_int16_memories},
	{"MM int8", "mm_int8.c",
		"{kernel[]->space_time[3];kernel[]->array_part[264,256,64];"
		"kernel[]->latency[11,32];kernel[]->simd[64]}",
		NULL, NULL, NULL, NULL, TRUE, FALSE, 300, 0.000302619, 730647,
		786680, 1364, 6144, mm_int8_memories},
};

/* Block RAM whatever their depth: AutoSA binds them so. */
double sy_board_autosa_bram18k(const SyBoard *board)
{
	double n = 0;

	if (!board->autosa_memories)
		return -1;
	for (const SyBoardMemory *m = board->autosa_memories; m->what; m++)
		n += (double)m->copies * sy_memory_bram18k(m->width, m->depth);
	return n;
}

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
