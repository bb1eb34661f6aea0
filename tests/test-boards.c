/* The models on AutoSA's published U250 designs (boards.h): Systole's
 * estimate of each, exact (so that a change to the models shows up
 * here, and in the README's table), its DSPs equal to the measured
 * ones, and Odyssey's estimate of the fp32 13x16x8 design (its own
 * figures, odyssey.md §6.4: 680,353 cycles, DSP 8320, BRAM18K 2300).
 * bench-boards prints them beside the measured numbers. */
#include <math.h>

#include "boards.h"
#include "model/resources-memory.h"

static const char *boards_dir;

/* "cycles dsp bram18k bram36 lut ff" of an estimate. */
static char *summary(const SyEstimate *e)
{
	return g_strdup_printf("%.17g %.17g %.17g %.17g %.17g %.17g", e->cycles,
		e->total.v[SY_RESOURCE_DSP], e->total.v[SY_RESOURCE_BRAM18K],
		e->bram36, e->total.v[SY_RESOURCE_LUT],
		e->total.v[SY_RESOURCE_FF]);
}

/* Systole's estimates at the boards' clocks.  MM int8, by hand: its
 * PE zeroes local_C in the first k tile's iterations of its update
 * loop (pe-array.c), 4 x 4 x 16 x 11 x 32 = 90112 iterations at II 1
 * + depth 67 = 90179; A_IO_L2_in is slower: its first tile's 264 words
 * + 3, then 256 tiles of 11 x 32 + 3 served (355 each, over the next
 * tile's load): 267 + 256 x 355 = 91147, the steady state; prologue
 * 286 (the first tiles in), epilogue 2134 (the last C tile: 2112
 * words of 256 bits + 2 + a 20-cycle burst): 93567. */
static const char *const want[SY_N_BOARDS] = {
	"676303 8320 1487 744 804316 1326312",
	"4177580 8960 1158 579 611770 1065066",
	"146732 8192 294 147 663042 838708",
	"93567 6144 230 115 734322 788524",
};

static void check_board(gconstpointer data)
{
	const SyBoard *b = data;
	guint i = (guint)(b - sy_boards);
	g_autoptr(SyEstimate) e = sy_board_estimate(b, boards_dir, "systole");
	g_autofree char *got = summary(e);

	g_test_message("%s: %s", b->name, got);
	g_assert_cmpfloat(e->mhz, ==, b->mhz);
	g_assert_cmpfloat(e->total.v[SY_RESOURCE_DSP], ==, b->dsp);
	g_assert_cmpstr(got, ==, want[i]);
}

/* The memory model on AutoSA's own memories of the int8 and int16
 * designs (boards.c): BRAM18K exact, and the 36K tiles Vivado counts
 * within 10 % of the measured ones (they are within 0.3 %). */
static void test_autosa_memories(void)
{
	static const double bram18k[SY_N_BOARDS] = {-1, -1, 3302, 2726};

	for (guint i = 0; i < SY_N_BOARDS; i++) {
		const SyBoard *b = &sy_boards[i];
		double n = sy_board_autosa_bram18k(b);
		double tiles = sy_memory_bram36(n);

		g_assert_cmpfloat(n, ==, bram18k[i]);
		if (n < 0)
			continue;
		g_test_message("%s: %g BRAM18K, %g tiles, measured %g", b->name,
			n, tiles, b->bram36);
		g_assert_cmpfloat(fabs(tiles - b->bram36), <=, 0.1 * b->bram36);
	}
	g_assert_cmpfloat(sy_memory_bram36(3302), ==, 1651);
	g_assert_cmpfloat(sy_memory_bram36(2726), ==, 1363);
}

static void test_odyssey(void)
{
	g_autoptr(SyEstimate) e =
		sy_board_estimate(&sy_boards[0], boards_dir, "odyssey");

	g_assert_cmpstr(e->model, ==, "odyssey");
	g_assert_cmpfloat(e->cycles, ==, 680353);
	g_assert_cmpfloat(e->total.v[SY_RESOURCE_DSP], ==, 8320);
	g_assert_cmpfloat(e->total.v[SY_RESOURCE_BRAM18K], ==, 2300);
}

/* The measured cycles: the kernel's time at its clock. */
static void test_measured(void)
{
	g_assert_cmpfloat(sy_board_cycles(&sy_boards[0]), ==, 0.00232357 * 300e6);
	g_assert_cmpint((gint64)(sy_board_cycles(&sy_boards[1]) + 0.5), ==,
		4204225);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	boards_dir = argc > 1 ? argv[1] : SYSTOLE_BOARDS_DIR;
	for (guint i = 0; i < SY_N_BOARDS; i++) {
		g_autofree char *path =
			g_strdup_printf("/boards/%s", sy_boards[i].file);

		g_test_add_data_func(path, &sy_boards[i], check_board);
	}
	g_test_add_func("/boards/autosa-memories", test_autosa_memories);
	g_test_add_func("/boards/odyssey", test_odyssey);
	g_test_add_func("/boards/measured", test_measured);
	return g_test_run();
}
