/* The models against AutoSA's published U250 designs (boards.h):
 * per design, the measured cycles (kernel time x clock), DSP, block RAM
 * (36K tiles), LUT and FF beside Systole's estimate and Odyssey's
 * (where Odyssey has the design), with the gaps in % of the measured
 * value.  The goals (ISSUE12): cycles within 3 %, DSP exact, BRAM
 * within 10 %, LUT and FF within 25 %.  Where boards.c lists AutoSA's
 * own memories, also their block RAM on the model's primitives.
 * Prints numbers; not a test (test-boards holds the estimates' exact
 * values).
 *
 * bench-boards [BOARDS_DIR]: the kernels in tests/boards. */
#include <stdio.h>

#include "boards.h"
#include "model/resources-memory.h"

#ifndef SYSTOLE_BOARDS_DIR
#define SYSTOLE_BOARDS_DIR "tests/boards"
#endif

/* "+1.2 %" of x against measured m, or "-" where there is no x. */
static void gap(char *buf, gsize n, double x, double m)
{
	if (x < 0)
		g_snprintf(buf, n, "-");
	else
		g_snprintf(buf, n, "%+.1f %%", 100.0 * (x - m) / m);
}

/* ody < 0: Odyssey has no design for it, or no such figure (it counts
 * no LUT or FF: 0). */
static void row(const char *what, double measured, double ours, double ody)
{
	char g1[32], g2[32], o[32];

	gap(g1, sizeof g1, ours, measured);
	gap(g2, sizeof g2, ody, measured);
	if (ody < 0)
		g_snprintf(o, sizeof o, "-");
	else
		g_snprintf(o, sizeof o, "%.0f", ody);
	printf("  %-7s %12.0f %12.0f %9s %12s %9s\n", what, measured, ours, g1,
		o, g2);
}

/* The memory model on AutoSA's own memories of the design, where
 * boards.c lists them: what the model gives for the same buffers, apart
 * from how Systole's design differs. */
static void autosa_memories(const SyBoard *b)
{
	double n = sy_board_autosa_bram18k(b);
	char g[32];

	if (n < 0)
		return;
	gap(g, sizeof g, sy_memory_bram36(n), b->bram36);
	printf("  (BRAM36 of AutoSA's own memories on the same primitives: "
	       "%.0f, %s)\n",
		sy_memory_bram36(n), g);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : SYSTOLE_BOARDS_DIR;

	printf("AutoSA's U250 designs: measured, Systole's estimate, "
	       "Odyssey's (gaps against measured)\n");
	for (int i = 0; i < SY_N_BOARDS; i++) {
		const SyBoard *b = &sy_boards[i];
		g_autoptr(SyEstimate) e = sy_board_estimate(b, dir, "systole");
		g_autoptr(SyEstimate) o =
			b->odyssey ? sy_board_estimate(b, dir, "odyssey") : NULL;

		printf("\n%s at %g MHz (%s)\n", b->name, b->mhz,
			b->sa_sizes ? "its --sa-sizes" : "Systole's flags");
		printf("  %-7s %12s %12s %9s %12s %9s\n", "", "measured",
			"systole", "gap", "odyssey", "gap");
		row("cycles", sy_board_cycles(b), e->cycles,
			o ? o->cycles : -1);
		row("DSP", b->dsp, e->total.v[SY_RESOURCE_DSP],
			o ? o->total.v[SY_RESOURCE_DSP] : -1);
		/* Odyssey counts BRAM18K: half as 36K tiles. */
		row("BRAM36", b->bram36, e->bram36,
			o ? o->total.v[SY_RESOURCE_BRAM18K] / 2 : -1);
		autosa_memories(b);
		row("LUT", b->lut, e->total.v[SY_RESOURCE_LUT],
			o && o->total.v[SY_RESOURCE_LUT] ? o->total.v[SY_RESOURCE_LUT] : -1);
		row("FF", b->ff, e->total.v[SY_RESOURCE_FF],
			o && o->total.v[SY_RESOURCE_FF] ? o->total.v[SY_RESOURCE_FF] : -1);
	}
	return 0;
}
