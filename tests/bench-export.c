/* What an export costs as the kernel grows: matrix multiply with
 * Odyssey's published 1024^3 sizes (43 x 5 PEs, SIMD 8), and one loop
 * nest whose body holds S accumulations C[i][j] = C[i][j] + A[i][k] *
 * B[j][k] (S = 10 to 50, generated here) under --space i,j --tile
 * i=16,j=16,k=16 --latency i=4,j=4.  Per stage, the median CPU
 * milliseconds of a few runs in this process, and the kernel's bytes: the export's
 * time should grow with the code it prints.  Prints numbers; not a
 * test.
 *
 * bench-export [EXAMPLES_DIR] [S...]: mm.c is read from EXAMPLES_DIR
 * (data/examples), the series is S = 10 20 30 40 50 unless given.
 * bench-export --kernel S prints the kernel of S accumulations, to time
 * systole-cli export on it from outside. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "comm/design.h"
#include "comm/hls-model.h"
#include "compute/config.h"
#include "project/export.h"

#define MM_RUNS 9
#define SERIES_RUNS 3
#define MAX_RUNS 9

static int compare(gconstpointer a, gconstpointer b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *ms, int n)
{
	qsort(ms, (size_t)n, sizeof *ms, compare);
	return ms[n / 2];
}

/* CPU time of the process: the machines this runs on are shared, and
 * wall time there counts other people's work. */
static gint64 cpu_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (gint64)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static double ms_since(gint64 start)
{
	return (double)(cpu_us() - start) / 1000.0;
}

/* One kernel's stages, timed. */
typedef struct {
	const char *label;
	const char *path; /* for messages and includes */
	const char *text; /* NULL: read path */
	const char *const *defines;
	const char *space, *sa_sizes, *tile, *latency;
} Case;

typedef struct {
	double analysis, array, design, model, files;
	gsize kernel; /* bytes of src/systole_kernel.cpp */
} Run;

static SyConfig *configure(const SyChoices *c, const Case *k)
{
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	GError *error = NULL;

	if ((k->sa_sizes &&
		    !sy_config_apply_sa_sizes(cfg, c, k->sa_sizes, &error)) ||
		(k->tile &&
			!sy_config_apply_named(cfg, c, "tile", k->tile, &error)) ||
		(k->latency &&
			!sy_config_apply_named(
				cfg, c, "latency", k->latency, &error)))
		g_error("%s: %s", k->label, error->message);
	return g_steal_pointer(&cfg);
}

static gsize kernel_bytes(const SyExportFiles *files)
{
	for (guint i = 0; i < files->paths->len; i++)
		if (g_str_equal(g_ptr_array_index(files->paths, i),
			    "src/systole_kernel.cpp"))
			return g_bytes_get_size(
				g_ptr_array_index(files->contents, i));
	g_error("no src/systole_kernel.cpp in the export");
	return 0;
}

static void run_once(const Case *k, const SyDevice *device, Run *r)
{
	SyAnalysisOptions options = {k->defines, NULL, 2, 0, FALSE};
	GError *error = NULL;
	gint64 start = cpu_us();
	g_autoptr(SyAnalysis) a = k->text
		? sy_analysis_new_from_data(
			  k->path, k->text, -1, &options, &error)
		: sy_analysis_new_from_file(k->path, &options, &error);
	g_autoptr(SyChoices) c = NULL;
	g_autoptr(SyConfig) cfg = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyHlsModel) model = NULL;
	SyExportFiles files = {0};
	int cand;

	if (!a)
		g_error("%s: %s", k->label, error->message);
	r->analysis = ms_since(start);
	start = cpu_us();
	cand = sy_config_find_space(a, k->space, &error);
	if (cand < 0)
		g_error("%s: %s", k->label, error->message);
	c = sy_choices_new(a, g_ptr_array_index(a->candidates, cand), NULL);
	cfg = configure(c, k);
	array = sy_pe_array_new(c, cfg, &error);
	if (!array)
		g_error("%s: %s", k->label, error->message);
	r->array = ms_since(start);
	start = cpu_us();
	design = sy_design_new(array, NULL, &error);
	if (!design)
		g_error("%s: %s", k->label, error->message);
	r->design = ms_since(start);
	/* The HLS model alone, then the whole project (which builds the
	 * model again). */
	start = cpu_us();
	model = sy_hls_model_new(design, &error);
	if (!model)
		g_error("%s: %s", k->label, error->message);
	r->model = ms_since(start);
	start = cpu_us();
	if (!sy_export_files(design, device, &options, &files, &error))
		g_error("%s: %s", k->label, error->message);
	r->files = ms_since(start);
	r->kernel = kernel_bytes(&files);
	sy_export_files_clear(&files);
}

static void bench(const Case *k, const SyDevice *device, int runs)
{
	double analysis[MAX_RUNS], array[MAX_RUNS], design[MAX_RUNS];
	double model[MAX_RUNS], files[MAX_RUNS], total[MAX_RUNS];
	Run r = {0};

	for (int i = 0; i < runs; i++) {
		run_once(k, device, &r);
		analysis[i] = r.analysis;
		array[i] = r.array;
		design[i] = r.design;
		model[i] = r.model;
		files[i] = r.files;
		total[i] = r.array + r.design + r.files;
	}
	printf("%-24s %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9zu\n", k->label,
		median(analysis, runs), median(array, runs),
		median(design, runs), median(model, runs),
		median(files, runs), median(total, runs), r.kernel);
	fflush(stdout);
}

/* One nest over i, j, k of 64 whose body is s accumulations into C. */
static char *accumulations(guint s)
{
	GString *src = g_string_new(
		"float A[64][64], B[64][64], C[64][64];\n"
		"void kernel(void)\n{\n#pragma scop\n"
		"for (int i = 0; i < 64; i++)\n"
		"  for (int j = 0; j < 64; j++)\n"
		"    for (int k = 0; k < 64; k++) {\n");

	for (guint n = 0; n < s; n++)
		g_string_append(src, "      C[i][j] = C[i][j] + A[i][k] * B[j][k];\n");
	g_string_append(src, "    }\n#pragma endscop\n}\n");
	return g_string_free(src, FALSE);
}

int main(int argc, char **argv)
{
	static const char *const defines[] = {
		"I=1024", "J=1024", "K=1024", NULL};
	const char *examples;
	g_autofree char *mm = NULL;
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	static const guint series[] = {10, 20, 30, 40, 50};
	Case odyssey = {"mm, Odyssey 1024^3", NULL, NULL, defines, "i,j",
		"{kernel[]->space_time[3];kernel[]->array_part[129,130,64];"
		"kernel[]->latency[3,26];kernel[]->simd[8]}",
		NULL, NULL};

	if (argc == 3 && g_str_equal(argv[1], "--kernel")) {
		g_autofree char *text = accumulations((guint)atoi(argv[2]));

		fputs(text, stdout);
		return 0;
	}
	examples = argc > 1 ? argv[1] : "data/examples";
	mm = g_build_filename(examples, "mm.c", NULL);
	odyssey.path = mm;

	printf("%-24s %9s %9s %9s %9s %9s %9s %9s\n", "kernel", "analysis",
		"PE array", "design", "HLS model", "files", "export",
		"kernel");
	printf("%-24s %9s %9s %9s %9s %9s %9s %9s\n", "(median CPU ms)", "", "",
		"", "", "(model+", "(array to", "bytes");
	printf("%-24s %9s %9s %9s %9s %9s %9s %9s\n", "", "", "", "", "",
		"printing)", "files)", "");
	bench(&odyssey, device, MM_RUNS);
	for (int i = 0; i < (argc > 2 ? argc - 2 : (int)G_N_ELEMENTS(series));
		i++) {
		guint s = argc > 2 ? (guint)atoi(argv[i + 2]) : series[i];
		g_autofree char *text = accumulations(s);
		g_autofree char *label =
			g_strdup_printf("%u accumulations", s);
		Case k = {label, "accumulations.c", text, NULL, "i,j", NULL,
			"i=16,j=16,k=16", "i=4,j=4"};

		bench(&k, device, SERIES_RUNS);
	}
	return 0;
}
