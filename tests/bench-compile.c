/* What a slider move costs in the explorer: applying sizes to a dataflow
 * and re-deriving its PE array (choices, configuration, schedule tree),
 * then printing its loop nest and building its I/O network.  Prints
 * milliseconds; not a test. */
#include <stdio.h>

#include "comm/design.h"
#include "compute/codegen.h"
#include "project/export.h"
#include "testutil.h"

#define RUNS 20

static int compare(gconstpointer a, gconstpointer b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* sizes, then SIMD simd by name (sy_test_mm's B[k][j] needs a layout
 * change for SIMD on k, which AutoSA's simd[...] skips). */
static void bench(
	const char *label, const char *n, const char *sizes, const char *simd)
{
	g_autoptr(SyAnalysis) a = sy_test_mm(n, 2);
	const SyCandidate *cand = g_ptr_array_index(a->candidates, 3);
	double derive[RUNS], print[RUNS], design[RUNS], hls[RUNS];
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);

	for (int r = 0; r < RUNS; r++) {
		gint64 start = g_get_monotonic_time();
		g_autoptr(SyChoices) c = sy_choices_new(a, cand, NULL);
		g_autoptr(SyConfig) cfg = sy_config_new(c);
		g_autoptr(SyPeArray) array = NULL;
		g_autofree char *text = NULL;
		GError *error = NULL;

		if (!sy_config_apply_sa_sizes(cfg, c, sizes, &error) ||
			!sy_config_apply_named(cfg, c, "simd", simd, &error) ||
			!(array = sy_pe_array_new(c, cfg, &error)))
			g_error("%s", error->message);
		derive[r] = (double)(g_get_monotonic_time() - start) / 1000.0;
		start = g_get_monotonic_time();
		text = sy_codegen_loops(array, "", "    ");
		print[r] = (double)(g_get_monotonic_time() - start) / 1000.0;
		start = g_get_monotonic_time();
		{
			g_autoptr(SyDesign)
				d = sy_design_new(array, NULL, NULL);
			SyExportFiles files = {0};

			design[r] = (double)(g_get_monotonic_time() - start) /
				1000.0;
			start = g_get_monotonic_time();
			if (!sy_export_files(d, device, NULL, &files, &error))
				g_error("%s", error->message);
			hls[r] = (double)(g_get_monotonic_time() - start) /
				1000.0;
			sy_export_files_clear(&files);
		}
	}
	qsort(derive, RUNS, sizeof *derive, compare);
	qsort(print, RUNS, sizeof *print, compare);
	qsort(design, RUNS, sizeof *design, compare);
	qsort(hls, RUNS, sizeof *hls, compare);
	printf("%-40s %9.2f %9.2f %9.2f %9.2f %9.2f\n", label, derive[RUNS / 2],
		print[RUNS / 2], design[RUNS / 2], hls[RUNS / 2],
		derive[RUNS / 2] + design[RUNS / 2] + hls[RUNS / 2]);
}

int main(void)
{
	printf("%-40s %9s %9s %9s %9s %9s\n", "matrix multiply, array [i,j]",
		"PE array", "loops", "network", "export", "to export");
	printf("%-40s %9s %9s %9s %9s %9s\n", "(median ms of 20)", "", "", "",
		"files", "(no loops)");
	bench("64^3, untiled", "64",
		"{kernel[]->space_time[3];kernel[]->array_part[64,64,64]}", "");
	bench("64^3, 16/8/2 (AutoSA's example)", "64",
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->latency[8,8]}",
		"k=2");
	bench("1024^3, 129,130,64 / 3,26 / 8 (padded)", "1024",
		"{kernel[]->space_time[3];kernel[]->array_part[129,130,64];"
		"kernel[]->latency[3,26]}",
		"k=8");
	bench("2^20^3, 1000,1000,64 / 10,10 / 4", "1048576",
		"{kernel[]->space_time[3];kernel[]->array_part[1000,1000,64];"
		"kernel[]->latency[10,10]}",
		"k=4");
	return 0;
}
