/* Redraw times of the array renderer: a 64 x 64 PE grid in full detail
 * (the 16 ms frame budget), and larger grids fitted in a window.  Prints
 * milliseconds per frame; not a test. */
#include <stdio.h>

#include "comm/design.h"
#include "comm/io-plan.h"
#include "render-array.h"
#include "testutil.h"


static int compare(gconstpointer a, gconstpointer b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void bench(const char *label, const char *n, double zoom, gboolean io)
{
	g_autoptr(SyAnalysis) a = sy_test_mm(n, 2);
	const SyCandidate *cand = g_ptr_array_index(a->candidates, 3);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(a, cand, NULL);
	g_autoptr(SyChoices) choices = sy_choices_new(a, cand, NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(choices);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 1024, 1024);
	cairo_t *cr = cairo_create(surface);
	double w, h, ms[100];
	SyRenderView v;

	if (io) {
		array = sy_pe_array_new(choices, cfg, NULL);
		design = sy_design_new(array, NULL, NULL);
		sy_array_scene_set_design(scene, design);
	}
	sy_array_scene_size(scene, &w, &h);
	v = sy_render_view_fit(w, h, 1024, 1024);
	sy_render_view_zoom(&v, zoom, 512, 512);
	for (int i = 0; i < 100; i++) {
		gint64 start = g_get_monotonic_time();

		sy_render_array(cr, scene, &v, sy_render_style_print(), -1, -1);
		cairo_surface_flush(surface);
		ms[i] = (g_get_monotonic_time() - start) / 1000.0;
	}
	qsort(ms, 100, sizeof *ms, compare);
	printf("%-44s %8.1f %9.2f %9.2f\n", label, v.scale, ms[0], ms[50]);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

/* A triangular kernel on [i, j] at n x n, its k loop as inner gives
 * it (trmm's PE row i runs n - i points, syrk's PE (i, j) n or none);
 * the PEs shaded by their work (the time to count it printed first). */
static void bench_work(const char *label, int n, const char *inner)
{
	g_autofree char *text = g_strdup_printf(
		"#define N %d\n"
		"void kernel(float A[N][N], float B[N][N], float C[N][N]) {\n"
		"#pragma scop\n"
		"for (int i = 0; i < N; i++)\n"
		"  for (int j = 0; j < N; j++)\n"
		"    %s\n"
		"      C[i][j] += A[i][k] * B[k][j];\n"
		"#pragma endscop\n}\n",
		n, inner);
	SyTestDesignSpec spec = {
		.name = "trmm.c", .text = text, .space = "i,j"};
	g_autoptr(SyTestDesign) t = sy_test_design_new(&spec);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		t->analysis, t->choices->candidate, t->array->pe);
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 1024, 1024);
	cairo_t *cr = cairo_create(surface);
	gint64 start = g_get_monotonic_time();
	double w, h, ms[100];
	SyRenderView v;

	sy_array_scene_set_work(scene, t->array);
	printf("%-44s %8s %9.2f (counting the work)\n", label, "",
		(g_get_monotonic_time() - start) / 1000.0);
	sy_array_scene_size(scene, &w, &h);
	v = sy_render_view_fit(w, h, 1024, 1024);
	for (int i = 0; i < 100; i++) {
		start = g_get_monotonic_time();
		sy_render_array(cr, scene, &v, sy_render_style_print(), -1, -1);
		cairo_surface_flush(surface);
		ms[i] = (g_get_monotonic_time() - start) / 1000.0;
	}
	qsort(ms, 100, sizeof *ms, compare);
	printf("%-44s %8.1f %9.2f %9.2f\n", label, v.scale, ms[0], ms[50]);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

int main(void)
{
	printf("%-44s %8s %9s %9s\n", "1024 x 1024 pixels", "px/PE", "min ms",
		"median ms");
	bench("64 x 64 PEs, whole grid, full detail", "64", 1, FALSE);
	bench("64 x 64 PEs, zoomed x4", "64", 4, FALSE);
	bench("256 x 256 PEs, whole grid", "256", 1, FALSE);
	bench("256 x 256 PEs, zoomed x8 (a 32 x 32 window)", "256", 8, FALSE);
	bench("2^20 x 2^20 PEs, whole grid (summary)", "1048576", 1, FALSE);
	bench("64 x 64 PEs and I/O network, whole", "64", 1, TRUE);
	bench("64 x 64 PEs and I/O network, zoomed x4", "64", 4, TRUE);
	bench("256 x 256 PEs and I/O network, whole", "256", 1, TRUE);
	bench("256 x 256 PEs and I/O, zoomed x8", "256", 8, TRUE);
	bench_work("64 x 64 PEs of trmm, shaded by their work", 64,
		"for (int k = i; k < N; k++)");
	bench_work("64 x 64 PEs of syrk, shaded by their work", 64,
		"for (int k = 0; k < N; k++) if (j <= i)");
	return 0;
}
