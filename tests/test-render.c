/* The Cairo renderers drawn to image surfaces, probed pixel by pixel:
 * PEs where they must be, each flow's arrow in its array's colour, the
 * summary of huge arrays, and the dependence view's plot. */
#include <math.h>

#include "comm/design.h"
#include "comm/io-plan.h"
#include "compute/pe-work.h"
#include "render-anim.h"
#include "render-array.h"
#include "render-deps.h"
#include "render-estimate.h"
#include "render-pareto.h"
#include "testutil.h"

/* The colour of pixel (x, y) of an RGB24/ARGB32 surface. */
static SyRgb pixel(cairo_surface_t *surface, int x, int y)
{
	unsigned char *data = cairo_image_surface_get_data(surface);
	int stride = cairo_image_surface_get_stride(surface);
	guint32 p = *(guint32 *)(data + y * stride + x * 4);
	SyRgb c = {((p >> 16) & 0xff) / 255.0, ((p >> 8) & 0xff) / 255.0,
		(p & 0xff) / 255.0};

	return c;
}

static void assert_color(cairo_surface_t *surface, int x, int y, SyRgb want)
{
	SyRgb got = pixel(surface, x, y);
	double d = fabs(got.r - want.r) + fabs(got.g - want.g) +
		fabs(got.b - want.b);

	if (d > 0.08)
		g_error("pixel (%d, %d) is (%.2f, %.2f, %.2f), expected "
			"(%.2f, %.2f, %.2f)",
			x, y, got.r, got.g, got.b, want.r, want.g, want.b);
}

/* c drawn with alpha over the background. */
static SyRgb blend(SyRgb c, double alpha, SyRgb under)
{
	SyRgb out = {alpha * c.r + (1 - alpha) * under.r,
		alpha * c.g + (1 - alpha) * under.g,
		alpha * c.b + (1 - alpha) * under.b};

	return out;
}

static const SyArrayLink *link_of(
	const SyArrayScene *scene, const char *array, SyDepKind kind)
{
	for (guint i = 0; i < scene->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(scene->links, i);

		if (g_str_equal(l->array, array) && l->kind == kind)
			return l;
	}
	g_assert_not_reached();
	return NULL;
}

/* Scene x or y of a PE centre, in pixels. */
static int px(const SyRenderView *v, double cell)
{
	return (int)round((cell + 0.5 + SY_ARRAY_MARGIN - v->x0) * v->scale);
}

static int py(const SyRenderView *v, double cell)
{
	return (int)round((cell + 0.5 + SY_ARRAY_MARGIN - v->y0) * v->scale);
}

static cairo_surface_t *draw(const SyArrayScene *scene, SyRenderView *v)
{
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, v->width, v->height);
	cairo_t *cr = cairo_create(surface);
	SyRenderStyle style = *sy_render_style_print();

	style.labels = FALSE;
	sy_render_array(cr, scene, v, &style, -1, -1);
	cairo_destroy(cr);
	cairo_surface_flush(surface);
	return surface;
}

/* draw's surface, also written to SYSTOLE_RENDER_DIR/name when that is
 * set (to look at). */
static cairo_surface_t *draw_kept(
	const SyArrayScene *scene, SyRenderView *v, const char *name)
{
	cairo_surface_t *surface = draw(scene, v);
	const char *dir = g_getenv("SYSTOLE_RENDER_DIR");

	if (dir) {
		g_autofree char *path = g_build_filename(dir, name, NULL);

		cairo_surface_write_to_png(surface, path);
	}
	return surface;
}

/* Output stationary [i, j]: A flows right, B down, C stays. */
static void test_array_2d(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("4", 2);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		a, g_ptr_array_index(a->candidates, 3), NULL);
	const SyRenderStyle *style = sy_render_style_print();
	SyRenderView v = {100, 0, 0, 700, 700};
	cairo_surface_t *surface;
	const SyArrayLink *la, *lb;

	g_assert_cmpint(scene->rows, ==, 4);
	g_assert_cmpint(scene->cols, ==, 4);
	la = link_of(scene, "A", SY_DEP_READ);
	lb = link_of(scene, "B", SY_DEP_READ);
	g_assert_cmpint(la->dr, ==, 0);
	g_assert_cmpint(la->dc, ==, 1);
	g_assert_cmpint(lb->dr, ==, 1);
	g_assert_cmpint(lb->dc, ==, 0);
	surface = draw(scene, &v);
	/* PE (2, 1): filled; background between PEs. */
	assert_color(surface, px(&v, 1) - 20, py(&v, 2) + 20, style->pe_fill);
	assert_color(
		surface, px(&v, 1) + 49, py(&v, 2) + 49, style->background);
	/* A's arrow from PE (2, 1) to (2, 2), B's from (2, 1) to (3, 1). */
	assert_color(surface, px(&v, 1) + 50, py(&v, 2),
		sy_render_style_color(style, la->color));
	assert_color(surface, px(&v, 1), py(&v, 2) + 50,
		sy_render_style_color(style, lb->color));
	/* Inputs from outside at the borders: A at the left, B at the top. */
	assert_color(surface, px(&v, -1) + 50, py(&v, 0),
		sy_render_style_color(style, la->color));
	assert_color(surface, px(&v, 3), py(&v, -1) + 50,
		sy_render_style_color(style, lb->color));
	cairo_surface_destroy(surface);
}

/* [k]: one row of PEs, C flows along it. */
static void test_array_1d(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("4", 2);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		a, g_ptr_array_index(a->candidates, 2), NULL);
	const SyRenderStyle *style = sy_render_style_print();
	SyRenderView v = {100, 0, 0, 700, 400};
	cairo_surface_t *surface;
	const SyArrayLink *lc = link_of(scene, "C", SY_DEP_FLOW);

	g_assert_cmpint(scene->n_dims, ==, 1);
	g_assert_cmpint(scene->rows, ==, 1);
	g_assert_cmpint(scene->cols, ==, 4);
	g_assert_cmpint(lc->dc, ==, 1);
	surface = draw(scene, &v);
	assert_color(surface, px(&v, 2) + 20, py(&v, 0) + 20, style->pe_fill);
	/* C flow and C output share the direction: parallel arrows. */
	assert_color(surface, px(&v, 2) + 50,
		py(&v, 0) - (int)round(0.075 * v.scale),
		sy_render_style_color(style, lc->color));
	cairo_surface_destroy(surface);
}

/* 2^20 x 2^20 PEs fitted in a window: one block, drawn at once. */
static void test_array_summary(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("1048576", 2);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		a, g_ptr_array_index(a->candidates, 3), NULL);
	const SyRenderStyle *style = sy_render_style_print();
	double w, h;
	SyRenderView v;
	cairo_surface_t *surface;

	sy_array_scene_size(scene, &w, &h);
	v = sy_render_view_fit(w, h, 600, 600);
	g_assert_cmpfloat(v.scale, <, 1e-3);
	surface = draw(scene, &v);
	assert_color(surface, 200, 420, style->pe_fill);
	cairo_surface_destroy(surface);
}

static void test_hit(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("8", 2);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		a, g_ptr_array_index(a->candidates, 3), NULL);
	SyRenderView v = {50, 0, 0, 600, 600};
	g_autofree char *text = NULL;
	gint64 row, col;

	g_assert_true(sy_array_scene_hit(
		scene, &v, px(&v, 5), py(&v, 3), &row, &col));
	g_assert_cmpint(row, ==, 3);
	g_assert_cmpint(col, ==, 5);
	g_assert_false(sy_array_scene_hit(scene, &v, 5, 5, &row, &col));
	text = sy_array_scene_describe(scene, 0, 7);
	g_assert_cmpstr(text, ==,
		"PE i = 0, j = 7\n"
		"C flow: stays in this PE\n"
		"C output: stays in this PE\n"
		"C read: stays in this PE\n"
		"A read: from the neighbour, out of the array\n"
		"B read: from outside, on to the next PE");
}

/* A value passed along a diagonal (tests/hls/kernels/delay_diag.c) on
 * [i]: the PE takes X from its neighbour a step of j after it was made,
 * in its delay registers; the first PE from outside. */
static void test_hit_delayed(void)
{
	static const char text[] =
		"#define N 8\n#define W 6\n"
		"void diag(int X[W], const int A[N][N + W])\n{\n"
		"#pragma scop\n"
		"for (int i = 0; i < N; i++)\n"
		"  for (int j = i; j < i + W; j++)\n"
		"    X[j - i] = X[j - i] * 3 + A[i][j];\n"
		"#pragma endscop\n}\n";
	SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};
	GError *error = NULL;
	g_autoptr(SyAnalysis) a = sy_analysis_new_from_data(
		"diag.c", text, -1, &options, &error);
	g_autoptr(SyArrayScene) scene = NULL;
	g_autofree char *inner = NULL, *first = NULL;

	g_assert_no_error(error);
	scene = sy_array_scene_new(a, g_ptr_array_index(a->candidates, 0), NULL);
	inner = sy_array_scene_describe(scene, 0, 3);
	g_assert_cmpstr(inner, ==,
		"PE i = 3\n"
		"X flow: from the neighbour 1 step of j after it was made "
		"(delay registers), on to the next PE\n"
		"X output: from the neighbour, on to the next PE\n"
		"X read: stays in this PE\n"
		"A read: stays in this PE");
	first = sy_array_scene_describe(scene, 0, 0);
	g_assert_cmpstr(first, ==,
		"PE i = 0\n"
		"X flow: from outside, on to the next PE\n"
		"X output: from outside, on to the next PE\n"
		"X read: stays in this PE\n"
		"A read: stays in this PE");
}

/* A table as dp.c's on [i] (flows (1, 0), (0, 1), (1, 1)): D[i - 1][j]
 * reaches the next PE at the step that made it, which keeps it in its
 * buffer for D[i - 1][j - 1] a step of j later (no delay registers). */
static void test_hit_kept(void)
{
	static const char text[] =
		"#define N 8\n#define M 6\n"
		"void table(int D[N + 1][M + 1])\n{\n"
		"#pragma scop\n"
		"for (int i = 1; i <= N; i++)\n"
		"  for (int j = 1; j <= M; j++)\n"
		"    D[i][j] = D[i - 1][j] + D[i][j - 1] + D[i - 1][j - 1];\n"
		"#pragma endscop\n}\n";
	SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};
	GError *error = NULL;
	g_autoptr(SyAnalysis) a = sy_analysis_new_from_data(
		"table.c", text, -1, &options, &error);
	g_autoptr(SyArrayScene) scene = NULL;
	g_autofree char *inner = NULL;

	g_assert_no_error(error);
	scene = sy_array_scene_new(
		a, g_ptr_array_index(a->candidates, 0), NULL);
	inner = sy_array_scene_describe(scene, 0, 3);
	g_assert_cmpstr(inner, ==,
		"PE i = 3\n"
		"D flow: from the neighbour, kept in this PE's buffer for a "
		"read 1 step of j later, on to the next PE\n"
		"D flow: stays in this PE\n"
		"D output: stays in this PE\n"
		"D read: stays in this PE");
}

/* The message under the loops, whole: wrapped to the view's width, the
 * plot below it; a short one keeps the strip's height (60 px). */
static void test_deps_message(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("4", 2);
	g_autoptr(SyProjection) p = sy_projection_new(a, 0, 1);
	static const char *const message =
		"loop 'p' (line 12) cannot join the band: the flow dependence "
		"of out on itself has distance (0, 1, -1) along (c, p, q), "
		"which a band of the outer loops cannot hold: keep p below "
		"the band";
	SyDepsScene scene = {a, p, NULL, -1, message};
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 500, 400);
	cairo_t *cr = cairo_create(surface);
	SyDepsLayout layout;

	sy_deps_layout_init(&layout, &scene, cr, 500, 400);
	g_assert_cmpfloat(layout.message.x, ==, 10);
	g_assert_cmpfloat(layout.message.y, ==, 38);
	g_assert_cmpfloat(layout.message.w, ==, 480);
	g_assert_cmpint(layout.message_lines, >=, 3);
	g_assert_cmpfloat(layout.strip.h, ==, 38 + layout.message.h + 6);
	g_assert_cmpfloat(layout.plot.y, ==, layout.strip.h);
	g_assert_cmpfloat(layout.graph.y, >, layout.plot.y);
	g_assert_cmpfloat(
		sy_render_text_wrapped(cr, message, 0, 0, 480, 11, FALSE, NULL),
		==, layout.message.h);
	sy_deps_layout_clear(&layout);
	scene.message = "i is not parallel";
	sy_deps_layout_init(&layout, &scene, cr, 500, 400);
	g_assert_cmpint(layout.message_lines, ==, 1);
	g_assert_cmpfloat(layout.strip.h, ==, 60);
	g_assert_cmpfloat(layout.plot.y, ==, 60);
	sy_deps_layout_clear(&layout);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

/* The dependence view: points of the projection, arrows of reuse. */
static void test_deps(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("4", 2);
	g_autoptr(SyProjection) p = sy_projection_new(a, 0, 1);
	const SyRenderStyle *style = sy_render_style_print();
	gboolean space[3] = {TRUE, TRUE, FALSE};
	SyDepsScene scene = {a, p, space, -1, NULL};
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 900, 600);
	cairo_t *cr = cairo_create(surface);
	SyDepsLayout layout;
	SyRenderView v = {60, -1, -4, 0, 0};
	const SyProjectedStmt *ps = g_ptr_array_index(p->stmts, 0);

	g_assert_cmpuint(ps->set.points->len / 2, ==, 16);
	g_assert_cmpint(p->min[0], ==, 0);
	g_assert_cmpint(p->max[1], ==, 3);
	sy_deps_layout_init(&layout, &scene, cr, 900, 600);
	g_assert_cmpuint(layout.n_chips, ==, 3);
	g_assert_cmpint(sy_deps_layout_chip_at(&layout, layout.chips[2].x + 3,
				layout.chips[2].y + 3),
		==, 2);
	v.width = (int)layout.plot.w;
	v.height = (int)layout.plot.h;
	sy_render_deps(cr, &scene, &layout, &v, style);
	cairo_surface_flush(surface);
	/* The chosen loops i and j are filled with the accent colour. */
	assert_color(surface, (int)layout.chips[0].x + 4,
		(int)(layout.chips[0].y + layout.chips[0].h / 2),
		style->accent);
	assert_color(surface, (int)layout.chips[2].x + 4,
		(int)(layout.chips[2].y + layout.chips[2].h / 2),
		style->pe_fill);
	/* The read of B (distance (1, 0)): arrows along i between points,
	 * e.g. from (1, 1) to (2, 1).  Reads are green, B's lighter than
	 * A's (the second array read), drawn at 75% over the background. */
	assert_color(surface, (int)(layout.plot.x + (1.5 - v.x0) * v.scale),
		(int)(layout.plot.y + (-1 - v.y0) * v.scale),
		blend(blend(sy_render_style_color(
				    style, sy_deps_kind_color(SY_DEP_READ)),
			      0.7, style->background),
			0.75, style->background));
	sy_deps_layout_clear(&layout);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

/* The lane of family name in scene, or NULL. */
static const SyIoLane *lane_named(const SyArrayScene *scene, const char *name)
{
	for (guint i = 0; i < scene->io->lanes->len; i++) {
		const SyIoLane *l = g_ptr_array_index(scene->io->lanes, i);

		if (g_str_equal(l->name, name))
			return l;
	}
	return NULL;
}

/* The I/O network of a 4 x 4 array around its grid: A's L2 modules in
 * the west lane (one per row), B's in the north, their dummies east and
 * south; a module is found under the pointer. */
static void test_array_io(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("16", 2);
	const SyCandidate *cand = g_ptr_array_index(a->candidates, 3);
	g_autoptr(SyChoices) c = sy_choices_new(a, cand, NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyArrayScene) scene = NULL;
	const SyRenderStyle *style = sy_render_style_print();
	SyRenderView v;
	cairo_surface_t *surface;
	const SyIoLane *west = NULL;
	double w, h, x, y;

	g_assert_true(
		sy_config_apply_named(cfg, c, "latency", "i=4,j=4", NULL));
	array = sy_pe_array_new(c, cfg, NULL);
	design = sy_design_new(array, NULL, NULL);
	scene = sy_array_scene_new(a, cand, array->pe);
	sy_array_scene_set_design(scene, design);
	g_assert_nonnull(scene->io);
	west = lane_named(scene, "A_IO_L2_in");
	g_assert_nonnull(west);
	g_assert_cmpint(west->edge, ==, SY_EDGE_WEST);
	g_assert_cmpint(west->count, ==, 4);
	g_assert_cmpuint(west->chain_bits, ==, 512);
	sy_array_scene_size(scene, &w, &h);
	v = sy_render_view_fit(w, h, 800, 800);
	surface = draw_kept(scene, &v, "render-io.png");
	/* Row 2's L2 module: west of the grid, lane 0. */
	x = (-0.8 + scene->margin - v.x0) * v.scale;
	y = (2.5 + scene->margin - v.y0) * v.scale;
	assert_color(surface, (int)x, (int)y,
		blend(sy_render_style_color(style, west->color), 0.35,
			style->background));
	g_assert_cmpstr(
		sy_array_scene_hit_module(scene, &v, x, y), ==, "A_IO_L2_in");
	g_assert_null(sy_array_scene_hit_module(
		scene, &v, (2.5 + scene->margin - v.x0) * v.scale, y));
	cairo_surface_destroy(surface);
}

/* --hbm: A's chain of 4 L2 modules in two chains of 2, each headed by
 * its L3 module one lane past the west lane, beside the chain's first
 * module (rows 0 and 2); no chain arrow between rows 1 and 2. */
static void test_array_io_hbm(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("16", 2);
	const SyCandidate *cand = g_ptr_array_index(a->candidates, 3);
	g_autoptr(SyChoices) c = sy_choices_new(a, cand, NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyArrayScene) scene = NULL;
	const SyRenderStyle *style = sy_render_style_print();
	SyDesignOptions o = {.hbm = TRUE};
	g_autofree char *tip = NULL;
	SyRenderView v;
	cairo_surface_t *surface;
	const SyIoLane *west = NULL, *l3 = NULL;
	double w, h, x, y;

	g_assert_true(
		sy_config_apply_named(cfg, c, "latency", "i=4,j=4", NULL));
	array = sy_pe_array_new(c, cfg, NULL);
	design = sy_design_new(array, &o, NULL);
	scene = sy_array_scene_new(a, cand, array->pe);
	sy_array_scene_set_design(scene, design);
	west = lane_named(scene, "A_IO_L2_in");
	l3 = lane_named(scene, "A_IO_L3_in");
	g_assert_nonnull(west);
	g_assert_nonnull(l3);
	g_assert_cmpint(west->count, ==, 4);
	g_assert_cmpint(west->parts, ==, 2);
	g_assert_cmpint(l3->count, ==, 2);
	sy_array_scene_size(scene, &w, &h);
	v = sy_render_view_fit(w, h, 800, 800);
	surface = draw_kept(scene, &v, "render-io-hbm.png");
	/* The second L3 module: west of row 2's L2 module, lane 1. */
	x = (-1.9 + scene->margin - v.x0) * v.scale;
	y = (2.5 + scene->margin - v.y0) * v.scale;
	assert_color(surface, (int)x, (int)y,
		blend(sy_render_style_color(style, l3->color), 0.6,
			style->background));
	g_assert_cmpstr(
		sy_array_scene_hit_module(scene, &v, x, y), ==, "A_IO_L3_in");
	tip = sy_array_scene_describe_module(scene, "A_IO_L3_in");
	g_assert_cmpstr(tip, ==,
		"A_IO_L3_in: 2 modules, I/O level 3, in\nDRAM words 512 bits, "
		"2 ports, one per module");
	/* Between rows 1 and 2 in the west lane: no chain FIFO. */
	x = (-0.8 + scene->margin - v.x0) * v.scale;
	y = (2.0 + scene->margin - v.y0) * v.scale;
	assert_color(surface, (int)x, (int)y, style->background);
	cairo_surface_destroy(surface);
}

/* The centre of family name's (first) box, in pixels. */
static void family_centre(const SyArrayScene *scene, const SyRenderView *v,
	const char *name, double *x, double *y)
{
	double x0, y0, x1, y1;

	g_assert_true(
		sy_io_scene_family_box(scene->io, name, &x0, &y0, &x1, &y1));
	*x = ((x0 + x1) / 2 + scene->margin - v->x0) * v->scale;
	*y = ((y0 + y1) / 2 + scene->margin - v->y0) * v->scale;
}

/* --two-level-buffer (mm 64^3 on [i, j], tiles of 16, --tile-l2
 * i=2,j=2,k=4: README's; B not transposed, so its words hold one
 * element): A's and B's L3 modules hold L2 buffers,
 * drawn as a box in the background's colour inside theirs, with a
 * legend line; C's holds none.  Their tooltips give the buffer's shape,
 * words and bytes. */
static void test_array_io_l2(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("64", 2);
	const SyCandidate *cand = g_ptr_array_index(a->candidates, 3);
	g_autoptr(SyChoices) c = sy_choices_new(a, cand, NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyArrayScene) scene = NULL;
	g_autoptr(GPtrArray) names = g_ptr_array_new();
	g_autofree char *tip = NULL;
	const SyRenderStyle *style = sy_render_style_print();
	/* The grid away from the legend, which covers the corner at a
	 * fit. */
	SyRenderView v = {30, -12, -10, 1100, 1000};
	cairo_surface_t *surface;
	const SyIoLane *l3a = NULL, *l3b = NULL, *l3c = NULL;
	double x, y, size = style->font_size, line = size * 1.6;

	g_assert_true(
		sy_config_apply_named(cfg, c, "tile", "i=16,j=16,k=16", NULL));
	g_assert_true(
		sy_config_apply_named(cfg, c, "tile-l2", "i=2,j=2,k=4", NULL));
	array = sy_pe_array_new(c, cfg, NULL);
	g_assert_nonnull(array);
	design = sy_design_new(array, NULL, NULL);
	g_assert_nonnull(design);
	scene = sy_array_scene_new(a, cand, array->pe);
	sy_array_scene_set_design(scene, design);
	g_assert_cmpuint(sy_io_scene_l2_lanes(scene->io, names), ==, 2);
	g_assert_cmpstr(g_ptr_array_index(names, 0), ==, "A_IO_L3_in");
	g_assert_cmpstr(g_ptr_array_index(names, 1), ==, "B_IO_L3_in");
	l3a = lane_named(scene, "A_IO_L3_in");
	l3b = lane_named(scene, "B_IO_L3_in");
	l3c = lane_named(scene, "C_IO_L3_in");
	g_assert_nonnull(l3a);
	g_assert_nonnull(l3b);
	g_assert_nonnull(l3c);
	g_assert_cmpstr(l3a->l2_buffer, ==, "l2_A[64][16]");
	g_assert_cmpint(l3a->l2_words, ==, 64);
	g_assert_cmpuint(l3a->l2_pack, ==, 16);
	g_assert_cmpuint(l3a->l2_elem_bits, ==, 32);
	g_assert_cmpint(l3a->l2_bytes, ==, 4096);
	g_assert_cmpstr(l3b->l2_buffer, ==, "l2_B[2048][1]");
	g_assert_cmpint(l3b->l2_bytes, ==, 8192);
	g_assert_null(l3c->l2_buffer);
	tip = sy_array_scene_describe_module(scene, "B_IO_L3_in");
	g_assert_cmpstr(tip, ==,
		"B_IO_L3_in: 1 module, I/O level 3, in\nDRAM words 32 "
		"bits\nL2 buffer (two-level buffering): l2_B[2048][1], 2048 "
		"words of 1 x 32 bits, 8192 bytes");
	g_clear_pointer(&tip, g_free);
	tip = sy_array_scene_describe_module(scene, "C_IO_L3_in");
	g_assert_null(strstr(tip, "L2 buffer"));
	surface = draw_kept(scene, &v, "render-io-l2.png");
	/* A's L3 module: the inner box at its centre, its own fill
	 * between the two. */
	family_centre(scene, &v, "A_IO_L3_in", &x, &y);
	assert_color(surface, (int)x, (int)y, style->background);
	assert_color(surface, (int)(x + 0.21 * v.scale), (int)y,
		blend(sy_render_style_color(style, l3a->color), 0.6,
			style->background));
	family_centre(scene, &v, "C_IO_L3_in", &x, &y);
	assert_color(surface, (int)x, (int)y,
		blend(sy_render_style_color(style, l3c->color), 0.6,
			style->background));
	/* The legend's line after the links: the glyph in a muted box. */
	y = 10 + line * (scene->links->len + 1) + 4 + size / 2;
	assert_color(surface, 26, (int)y, style->background);
	assert_color(surface, 30, (int)y,
		blend(style->muted, 0.6, style->background));
	cairo_surface_destroy(surface);
}

/* The scene of mm n^3 on the space loops named (space, "i,k") at
 * tiles and the tile order (NULL: the default), its design built with
 * options; *design and *array hold what the scene draws. */
static SyArrayScene *mm_scene(SyAnalysis *a, const char *space,
	const char *tiles, const char *order, const SyDesignOptions *options,
	SyChoices **c, SyPeArray **array, SyDesign **design)
{
	int id = sy_config_find_space(a, space, NULL);
	const SyCandidate *cand;
	g_autoptr(SyConfig) cfg = NULL;
	SyArrayScene *scene;

	g_assert_cmpint(id, >=, 0);
	cand = g_ptr_array_index(a->candidates, id);
	*c = sy_choices_new(a, cand, NULL);
	cfg = sy_config_new(*c);
	g_assert_true(sy_config_apply_named(cfg, *c, "tile", tiles, NULL));
	if (order)
		g_assert_true(sy_config_set_order(cfg, *c, order, NULL));
	*array = sy_pe_array_new(*c, cfg, NULL);
	g_assert_nonnull(*array);
	*design = sy_design_new(*array, options, NULL);
	g_assert_nonnull(*design);
	scene = sy_array_scene_new(a, cand, (*array)->pe);
	sy_array_scene_set_design(scene, *design);
	return scene;
}

/* --local-reduce on [i, k] (mm 64^3, tiles of 16): C's L3 module out
 * folds k's tiles in acc_C, drawn as a plus inside its box, with a
 * legend line; its tooltip gives the buffer. */
static void test_array_io_fold(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("64", 2);
	g_autoptr(SyChoices) c = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyArrayScene) scene = NULL;
	g_autofree char *tip = NULL;
	SyDesignOptions o = {.reduce_op = "+"};
	const SyRenderStyle *style = sy_render_style_print();
	SyRenderView v = {30, -12, -10, 1100, 1000};
	cairo_surface_t *surface;
	const SyIoLane *out;
	double x, y, size = style->font_size, line = size * 1.6;

	scene = mm_scene(
		a, "i,k", "i=16,j=16,k=16", NULL, &o, &c, &array, &design);
	out = lane_named(scene, "C_IO_L3_out");
	g_assert_nonnull(out);
	g_assert_cmpstr(out->fold_buffer, ==, "acc_C[16][16]");
	g_assert_cmpint(out->fold_bytes, ==, 1024);
	g_assert_null(lane_named(scene, "C_IO_L3_in")->fold_buffer);
	tip = sy_array_scene_describe_module(scene, "C_IO_L3_out");
	g_assert_cmpstr(tip, ==,
		"C_IO_L3_out: 1 module, I/O level 3, out\nchain FIFOs 512 "
		"bits\nDRAM words 512 bits\npartial results passed PE to "
		"PE, in at the first PE, "
		"out at the last\nfolds partial results (local reduction) "
		"in acc_C[16][16], 1024 bytes");
	surface = draw_kept(scene, &v, "render-io-fold.png");
	/* The plus: the foreground at the centre, the box's fill beside
	 * it. */
	family_centre(scene, &v, "C_IO_L3_out", &x, &y);
	assert_color(surface, (int)x, (int)y, style->foreground);
	assert_color(surface, (int)(x + 0.08 * v.scale),
		(int)(y + 0.08 * v.scale),
		blend(sy_render_style_color(style, out->color), 0.6,
			style->background));
	y = 10 + line * (scene->links->len + 1) + 4 + size / 2;
	assert_color(surface, 30, (int)y,
		blend(style->muted, 0.6, style->background));
	cairo_surface_destroy(surface);
}

/* Partial results through DRAM: mm on [i, j] with k's tile loop
 * outermost (--tile-order k,i,j) writes C's sums out after each k tile
 * and reads them back; the L3 modules' tooltips say so.  With k's
 * tile loop innermost they stay in the PEs. */
static void test_array_io_partial(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("64", 2);
	g_autoptr(SyChoices) c = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyArrayScene) scene = NULL;
	g_autofree char *tip = NULL;

	scene = mm_scene(
		a, "i,j", "i=16,j=16,k=16", "k,i,j", NULL, &c, &array, &design);
	g_assert_true(lane_named(scene, "C_IO_L3_in")->partial);
	g_assert_true(lane_named(scene, "C_IO_L1_in")->partial);
	g_assert_false(lane_named(scene, "A_IO_L3_in")->partial);
	tip = sy_array_scene_describe_module(scene, "C_IO_L3_in");
	g_assert_cmpstr(tip, ==,
		"C_IO_L3_in: 1 module, I/O level 3, in\nDRAM words 32 "
		"bits\npartial results written out to DRAM and read back in "
		"a later tile");
	g_clear_pointer(&scene, sy_array_scene_free);
	g_clear_pointer(&design, sy_design_free);
	g_clear_pointer(&array, sy_pe_array_free);
	g_clear_pointer(&c, sy_choices_free);
	scene = mm_scene(
		a, "i,j", "i=16,j=16,k=16", NULL, NULL, &c, &array, &design);
	g_assert_false(lane_named(scene, "C_IO_L3_in")->partial);
}

/* --host-serialize: C's L3 module out writes DRAM words of 512 bits,
 * sixteen of its FIFO's 32; its tooltip says so. */
static void test_array_io_serialize(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("64", 2);
	SyDesignOptions o = {.host_serialize = TRUE};

	for (guint serialize = 0; serialize < 2; serialize++) {
		g_autoptr(SyChoices) c = NULL;
		g_autoptr(SyPeArray) array = NULL;
		g_autoptr(SyDesign) design = NULL;
		g_autoptr(SyArrayScene) scene = NULL;
		g_autofree char *tip = NULL;
		g_autofree char *want = NULL;
		guint bits = serialize ? 512 : 32;

		scene = mm_scene(a, "i,j", "i=16,j=16,k=16", NULL,
			serialize ? &o : NULL, &c, &array, &design);
		g_assert_cmpuint(
			lane_named(scene, "C_drain_IO_L3_out")->dram_bits, ==,
			bits);
		tip = sy_array_scene_describe_module(
			scene, "C_drain_IO_L3_out");
		want = g_strdup_printf("C_drain_IO_L3_out: 1 module, I/O "
				       "level 3, out\nchain FIFOs 32 "
				       "bits\nDRAM words %u bits",
			bits);
		g_assert_cmpstr(tip, ==, want);
	}
}

/* Pixels of column x (rows y0 to y1) or of row y (x0 to x1) within
 * assert_color's tolerance of want. */
static guint count_color(cairo_surface_t *surface, int x0, int y0, int x1,
	int y1, SyRgb want)
{
	guint n = 0;

	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++) {
			SyRgb got = pixel(surface, x, y);

			n += fabs(got.r - want.r) + fabs(got.g - want.g) +
					fabs(got.b - want.b) <=
				0.08;
		}
	return n;
}

/* The bottleneck outlined in stripes of the warning colour and the
 * foreground: A's L2 modules (named by their boundary's family too),
 * then the PEs; the legend and the tooltips say so. */
static void test_array_bottleneck(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("16", 2);
	const SyCandidate *cand = g_ptr_array_index(a->candidates, 3);
	g_autoptr(SyChoices) c = sy_choices_new(a, cand, NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyArrayScene) scene = NULL;
	g_autofree char *tip = NULL;
	g_autofree char *pe_tip = NULL;
	const SyRenderStyle *style = sy_render_style_print();
	SyRenderView v;
	cairo_surface_t *surface;
	double w, h, x0, y0, x1, y1, pad;
	int x, ya, yb;

	g_assert_true(
		sy_config_apply_named(cfg, c, "latency", "i=4,j=4", NULL));
	array = sy_pe_array_new(c, cfg, NULL);
	design = sy_design_new(array, NULL, NULL);
	scene = sy_array_scene_new(a, cand, array->pe);
	sy_array_scene_set_design(scene, design);
	/* West of the grid, lane 0 (0.8 out), a box per row. */
	g_assert_true(sy_io_scene_family_box(
		scene->io, "A_IO_L2_in_boundary", &x0, &y0, &x1, &y1));
	g_assert_cmpfloat(fabs(x0 + 0.8 + 0.28), <, 1e-12);
	g_assert_cmpfloat(fabs(x1 + 0.8 - 0.28), <, 1e-12);
	g_assert_cmpfloat(fabs(y0 - 0.5 + 0.28), <, 1e-12);
	g_assert_cmpfloat(fabs(y1 - 3.5 - 0.28), <, 1e-12);
	g_assert_false(sy_io_scene_family_box(
		scene->io, "Z_IO_L2_in", &x0, &y0, &x1, &y1));
	sy_array_scene_size(scene, &w, &h);
	v = sy_render_view_fit(w, h, 800, 800);
	/* 24 pixels of the outline's left side, halfway down. */
	pad = MAX(4, 0.08 * v.scale);
	x = (int)round((x0 + scene->margin - v.x0) * v.scale - pad);
	ya = (int)(((y0 + y1) / 2 + scene->margin - v.y0) * v.scale) - 12;
	yb = ya + 24;
	surface = draw(scene, &v);
	g_assert_cmpuint(
		count_color(surface, x, ya, x, yb, style->warning), ==, 0);
	cairo_surface_destroy(surface);
	sy_array_scene_set_bottleneck(scene, "A_IO_L2_in_boundary");
	surface = draw(scene, &v);
	g_assert_cmpuint(
		count_color(surface, x, ya, x, yb, style->warning), >=, 8);
	g_assert_cmpuint(
		count_color(surface, x, ya, x, yb, style->foreground), >=, 8);
	cairo_surface_destroy(surface);
	tip = sy_array_scene_describe_module(scene, "A_IO_L2_in");
	g_assert_true(g_str_has_suffix(
		tip, "\nThe bottleneck: the slowest module of the design"));
	/* The PEs: above the grid, 24 pixels of it around column 2. */
	sy_array_scene_set_bottleneck(scene, "PE");
	surface = draw(scene, &v);
	x = (int)round((2 + scene->margin - v.x0) * v.scale);
	ya = (int)round((scene->margin - v.y0) * v.scale - pad);
	g_assert_cmpuint(count_color(surface, x - 12, ya, x + 12, ya,
				 style->warning),
		>=, 8);
	cairo_surface_destroy(surface);
	pe_tip = sy_array_scene_describe(scene, 0, 0);
	g_assert_true(g_str_has_suffix(pe_tip,
		"\nThe PEs are the bottleneck: the slowest module of the "
		"design"));
}

/* v drawn strip by strip, each strip under its clip, as the explorer
 * renders a picture in slices; strip 0: at once, with no clip. */
static cairo_surface_t *draw_strips(const SyArrayScene *scene,
	const SyRenderView *v, const SyRenderStyle *style, int strip)
{
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, v->width, v->height);
	cairo_t *cr = cairo_create(surface);

	if (!strip)
		sy_render_array(cr, scene, v, style, 3, 5);
	for (int y = 0; strip && y < v->height; y += strip) {
		cairo_save(cr);
		cairo_rectangle(cr, 0, y, v->width, MIN(strip, v->height - y));
		cairo_clip(cr);
		sy_render_array(cr, scene, v, style, 3, 5);
		cairo_restore(cr);
	}
	cairo_destroy(cr);
	cairo_surface_flush(surface);
	return surface;
}

/* Bytes of the two pictures' pixels that differ. */
static guint count_differences(cairo_surface_t *a, cairo_surface_t *b)
{
	const unsigned char *pa = cairo_image_surface_get_data(a);
	const unsigned char *pb = cairo_image_surface_get_data(b);
	int stride = cairo_image_surface_get_stride(a);
	int width = cairo_image_surface_get_width(a);
	guint n = 0;

	for (int y = 0; y < cairo_image_surface_get_height(a); y++)
		for (int x = 0; x < width * 4; x++)
			n += pa[y * stride + x] != pb[y * stride + x];
	return n;
}

/* A 64 x 64 array with its network, fitted (links), zoomed in (labels,
 * ports, L1 modules) and out (flow lines, the summary): the picture
 * drawn in strips under clips, with only what reaches each strip, is
 * the whole picture byte for byte, whatever the strips' height. */
static void test_array_strips(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("64", 2);
	const SyCandidate *cand = g_ptr_array_index(a->candidates, 3);
	g_autoptr(SyChoices) c = sy_choices_new(a, cand, NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = sy_pe_array_new(c, cfg, NULL);
	g_autoptr(SyDesign) design = sy_design_new(array, NULL, NULL);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(a, cand, NULL);
	static const double zooms[] = {1, 3, 5, 0.6, 0.2};
	static const int strips[] = {1, 37, 128, 500};
	SyRenderStyle style = *sy_render_style_print();
	double w, h;

	sy_array_scene_set_design(scene, design);
	sy_array_scene_select(scene, "A_IO_L2_in");
	sy_array_scene_set_bottleneck(scene, "B_IO_L2_in");
	sy_array_scene_size(scene, &w, &h);
	for (gsize z = 0; z < G_N_ELEMENTS(zooms); z++) {
		SyRenderView v = sy_render_view_fit(w, h, 700, 500);
		cairo_surface_t *whole;

		sy_render_view_zoom(&v, zooms[z], 300, 200);
		whole = draw_strips(scene, &v, &style, 0);
		for (gsize s = 0; s < G_N_ELEMENTS(strips); s++) {
			cairo_surface_t *sliced = draw_strips(
				scene, &v, &style, strips[s]);

			g_assert_cmpuint(count_differences(whole, sliced), ==,
				0);
			cairo_surface_destroy(sliced);
		}
		cairo_surface_destroy(whole);
	}
}

/* An estimate as the models leave it: a 13 x 16 PE design on a U250
 * whose LUTs are over the budget (90% of the device). */
static SyEstimate *estimate_example(void)
{
	SyEstimate *e = sy_estimate_new();
	static const double used[SY_N_RESOURCES] = {
		3072, 1234.5, 0, 1500000, 2000000};
	static const double available[SY_N_RESOURCES] = {
		12288, 5376, 1280, 1182000, 2364000};
	SyModuleEstimate *m;

	sy_estimate_add_module(e, "PE", SY_MODULE_PE, 208);
	m = sy_estimate_add_module(e, "A_IO_L2_in", SY_MODULE_IO, 13);
	m->ii = 2;
	e->bottleneck = 1;
	for (int i = 0; i < SY_N_RESOURCES; i++) {
		e->total.v[i] = used[i];
		e->fit[i].used = used[i];
		e->fit[i].available = available[i];
		e->fit[i].budget = 0.9 * available[i];
		e->fit[i].over = used[i] > e->fit[i].budget;
	}
	e->device = g_strdup("u250");
	e->n_slrs = 1;
	e->cycles = 1088;
	e->mhz = 250;
	e->seconds = 1088 / 250e6;
	e->flops = TRUE;
	e->gops = 123.456;
	e->dsp_efficiency = 0.875;
	e->pe_utilisation = 1;
	e->bandwidth_gbps = 38.4;
	e->device_gbps = 77;
	return e;
}

/* The estimate panel: bars as long as the share of the device used,
 * the budget marked, the LUTs over it in red; the numbers as text. */
static void test_estimate(void)
{
	g_autoptr(SyEstimate) e = estimate_example();
	const SyRenderStyle *style = sy_render_style_print();
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 380, 230);
	cairo_t *cr = cairo_create(surface);
	SyEstimateLayout l;
	const SyEstimateBar *dsp, *lut, *uram, *bw;
	int x;

	sy_estimate_layout_init(&l, e, style, cr, 380);
	dsp = &l.bars[SY_RESOURCE_DSP];
	lut = &l.bars[SY_RESOURCE_LUT];
	uram = &l.bars[SY_RESOURCE_URAM];
	bw = &l.bars[SY_ESTIMATE_BANDWIDTH];
	/* 11-point style: rows of 22 pixels, bars 8 high in their middle;
	 * six bars, a gap, four rows of timing. */
	g_assert_cmpfloat(l.row, ==, 22);
	g_assert_cmpfloat(dsp->bar_y, ==, 7);
	g_assert_cmpfloat(lut->bar_y, ==, 3 * 22 + 7);
	g_assert_cmpfloat(l.height, ==, 6 * 22 + 6 + 4 * 22);
	/* Every bar as long as the others, between labels and numbers. */
	g_assert_cmpfloat(dsp->x, >, 30);
	g_assert_cmpfloat(dsp->w, >, 60);
	g_assert_cmpfloat(dsp->x + dsp->w, <, 380 - 100);
	g_assert_cmpfloat(lut->x, ==, dsp->x);
	g_assert_cmpfloat(lut->w, ==, dsp->w);
	g_assert_cmpstr(dsp->label, ==, "DSP");
	g_assert_cmpstr(dsp->value, ==, "3,072 / 12,288 (25.0%)");
	g_assert_cmpfloat(dsp->fill, ==, dsp->w / 4);
	g_assert_cmpfloat(dsp->budget, ==, dsp->x + 0.9 * dsp->w);
	g_assert_false(dsp->over);
	g_assert_cmpstr(l.bars[SY_RESOURCE_BRAM18K].value, ==,
		"1,234.5 / 5,376 (23.0%)");
	g_assert_cmpfloat(uram->fill, ==, 0);
	g_assert_cmpstr(lut->value, ==, "1.50M / 1.18M (126.9%)");
	g_assert_cmpstr(l.bars[SY_RESOURCE_FF].value, ==,
		"2.00M / 2.36M (84.6%)");
	g_assert_cmpfloat(lut->fill, ==, lut->w);
	g_assert_true(lut->over);
	g_assert_cmpstr(bw->label, ==, "Bandwidth");
	g_assert_cmpstr(bw->value, ==, "38.4 / 77.0 GB/s (49.9%)");
	g_assert_cmpfloat(fabs(bw->fill - bw->w * 38.4 / 77), <, 1e-9);
	g_assert_cmpfloat(bw->budget, ==, -1);
	g_assert_false(bw->over);
	g_assert_cmpstr(sy_estimate_layout_line(&l, "Latency")->value, ==,
		"1,088 cycles, 4.35 \u00b5s at 250 MHz");
	g_assert_cmpstr(sy_estimate_layout_line(&l, "Throughput")->value, ==,
		"123 GFLOP/s");
	g_assert_cmpstr(sy_estimate_layout_line(&l, "DSP efficiency")->value,
		==, "87.5%");
	g_assert_cmpstr(sy_estimate_layout_line(&l, "PE utilisation")->value,
		==, "100.0%");
	g_assert_cmpfloat(sy_estimate_layout_line(&l, "PE utilisation")->x,
		==, 190);
	g_assert_cmpfloat(sy_estimate_layout_line(&l, "PE utilisation")->y,
		==, sy_estimate_layout_line(&l, "DSP efficiency")->y);
	g_assert_cmpstr(sy_estimate_layout_line(&l, "Bottleneck")->value, ==,
		"A_IO_L2_in, II 2");
	g_assert_true(sy_estimate_layout_line(&l, "Bottleneck")->warn);
	sy_render_estimate(cr, &l, style);
	cairo_surface_flush(surface);
	if (g_getenv("SYSTOLE_RENDER_DIR")) {
		g_autofree char *path = g_build_filename(
			g_getenv("SYSTOLE_RENDER_DIR"), "render-estimate.png",
			NULL);

		cairo_surface_write_to_png(surface, path);
	}
	/* Used in the accent colour up to a quarter, the track after it;
	 * the budget's mark at 90%; the LUTs red to the end. */
	x = (int)(dsp->x + dsp->fill);
	assert_color(surface, x - 1, (int)dsp->bar_y + 4, style->accent);
	assert_color(surface, x + 1, (int)dsp->bar_y + 4, style->pe_fill);
	assert_color(surface, (int)dsp->budget, (int)dsp->bar_y + 4,
		style->foreground);
	assert_color(
		surface, (int)lut->x + 1, (int)lut->bar_y + 4, style->error);
	assert_color(surface, (int)(lut->x + lut->w) - 1, (int)lut->bar_y + 4,
		style->error);
	assert_color(surface, (int)(uram->x + uram->w / 2),
		(int)uram->bar_y + 4, style->pe_fill);
	sy_estimate_layout_clear(&l);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

/* Without a device: the counts alone, no bar filled. */
static void test_estimate_no_device(void)
{
	g_autoptr(SyEstimate) e = sy_estimate_new();
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 10, 10);
	cairo_t *cr = cairo_create(surface);
	SyEstimateLayout l;
	g_autofree char *big = sy_estimate_format_count(1e16);
	g_autofree char *half = sy_estimate_format_count(0.5);
	g_autofree char *k = sy_estimate_format_short(345678);
	g_autofree char *exact = sy_estimate_format_count(1234567);

	e->total.v[SY_RESOURCE_DSP] = 1024;
	e->bandwidth_gbps = 3.26;
	/* The host's launches (partial results through DRAM) show. */
	e->cycles = 44960;
	e->seconds = 149.867e-6;
	e->mhz = 300;
	e->launches = 8;
	sy_estimate_layout_init(&l, e, sy_render_style_print(), cr, 200);
	g_assert_cmpstr(sy_estimate_layout_line(&l, "Latency")->value, ==,
		"44,960 cycles, 150 \u00b5s at 300 MHz, 8 launches");
	g_assert_cmpstr(l.bars[SY_RESOURCE_DSP].value, ==, "1,024");
	g_assert_cmpfloat(l.bars[SY_RESOURCE_DSP].fill, ==, 0);
	g_assert_cmpfloat(l.bars[SY_RESOURCE_DSP].budget, ==, -1);
	g_assert_cmpstr(l.bars[SY_ESTIMATE_BANDWIDTH].value, ==, "3.3 GB/s");
	g_assert_cmpstr(sy_estimate_layout_line(&l, "Bottleneck")->value, ==,
		"none");
	g_assert_false(sy_estimate_layout_line(&l, "Bottleneck")->warn);
	g_assert_cmpstr(big, ==, "1e+16");
	g_assert_cmpstr(half, ==, "0.5");
	g_assert_cmpstr(k, ==, "346k");
	g_assert_cmpstr(exact, ==, "1,234,567");
	sy_estimate_layout_clear(&l);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

/* Three designs on linear axes (DSP 100 to 400, cycles 250 to 1,000:
 * factors under 10), text size 10: the plot is [50, 380] x [20, 350]
 * (margins 5, 2, 9 and 4 sizes in 470 x 390), each range padded by 5 %
 * of itself, so DSP 85 to 415 and cycles 212.5 to 1,037.5 fill it. */
static const SyParetoPoint pareto_points[] = {
	{1000, 100, 10, 0},
	{500, 200, 20, 0},
	{250, 400, 40, 0},
};

static void test_pareto_linear(void)
{
	SyParetoLayout l;
	const SyRenderStyle *style = sy_render_style_print();
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 470, 390);
	cairo_t *cr = cairo_create(surface);
	const double want[][2] = {{65, 35}, {165, 235}, {365, 335}};
	const double xticks[] = {100, 200, 300, 400};

	sy_pareto_layout_init(&l, pareto_points, 3, NULL, 0, 0, 470, 390, 10);
	g_assert_false(l.x.log);
	g_assert_false(l.y.log);
	g_assert_cmpfloat(l.x.t0, ==, 85);
	g_assert_cmpfloat(l.x.t1, ==, 415);
	g_assert_cmpfloat(l.y.t0, ==, 212.5);
	g_assert_cmpfloat(l.y.t1, ==, 1037.5);
	g_assert_cmpfloat(l.x.p0, ==, 50);
	g_assert_cmpfloat(l.x.p1, ==, 380);
	g_assert_cmpfloat(l.y.p0, ==, 350);
	g_assert_cmpfloat(l.y.p1, ==, 20);
	g_assert_cmpfloat(l.bram_max, ==, 40);
	for (guint i = 0; i < 3; i++) {
		double x, y;

		sy_render_pareto_xy(&l, &pareto_points[i], &x, &y);
		g_assert_cmpfloat_with_epsilon(x, want[i][0], 1e-9);
		g_assert_cmpfloat_with_epsilon(y, want[i][1], 1e-9);
	}
	/* Ticks every 100 DSP (a sixth of 330 is 55: the step is 100),
	 * every 200 cycles (137.5: 200). */
	g_assert_cmpuint(l.x.n_ticks, ==, 4);
	for (guint i = 0; i < 4; i++)
		g_assert_cmpfloat(l.x.ticks[i], ==, xticks[i]);
	g_assert_cmpuint(l.y.n_ticks, ==, 4);
	g_assert_cmpfloat(l.y.ticks[0], ==, 400);
	g_assert_cmpfloat(l.y.ticks[3], ==, 1000);

	/* Hits: a dot's radius (4) and 3 pixels more; the nearest. */
	g_assert_cmpint(
		sy_render_pareto_hit(&l, pareto_points, 3, 165, 235), ==, 1);
	g_assert_cmpint(
		sy_render_pareto_hit(&l, pareto_points, 3, 172, 235), ==, 1);
	g_assert_cmpint(
		sy_render_pareto_hit(&l, pareto_points, 3, 172.5, 235), ==, -1);
	g_assert_cmpint(
		sy_render_pareto_hit(&l, pareto_points, 3, 300, 100), ==, -1);

	/* BRAM as colour: viridis' stops at 10, 20 and 40 of 40. */
	sy_render_pareto(cr, &l, pareto_points, 3, NULL, NULL, style);
	assert_color(surface, 65, 35, (SyRgb){0.231, 0.322, 0.545});
	assert_color(surface, 165, 235, (SyRgb){0.129, 0.569, 0.549});
	assert_color(surface, 365, 335, (SyRgb){0.993, 0.906, 0.144});
	/* Away from dots, grid and staircase: the background. */
	assert_color(surface, 300, 100, style->background);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

/* A DSP budget of 8,000 puts DSP on a log axis (100 to 8,000: a factor
 * of 80), ticks at 1, 2, 5 x 10^k; the budget's line is drawn in the
 * error colour; a current design widens the cycles' range. */
static void test_pareto_log(void)
{
	SyParetoLayout l;
	const SyRenderStyle *style = sy_render_style_print();
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 800, 500);
	cairo_t *cr = cairo_create(surface);
	const SyParetoPoint current = {4000, 150, 5, 0};
	const double ticks[] = {100, 200, 500, 1000, 2000, 5000};
	double t0 = 2, t1 = log10(8000), pad = (t1 - t0) * 0.05;
	double x, y, bx;

	sy_pareto_layout_init(
		&l, pareto_points, 3, &current, 8000, 3000, 800, 500, 10);
	g_assert_true(l.x.log);
	g_assert_cmpfloat_with_epsilon(l.x.t0, t0 - pad, 1e-12);
	g_assert_cmpfloat_with_epsilon(l.x.t1, t1 + pad, 1e-12);
	g_assert_cmpuint(l.x.n_ticks, ==, 6);
	for (guint i = 0; i < 6; i++)
		g_assert_cmpfloat(l.x.ticks[i], ==, ticks[i]);
	/* Cycles 250 to 4,000 (the current's): a factor of 16, log. */
	g_assert_true(l.y.log);
	sy_render_pareto_xy(&l, &pareto_points[1], &x, &y);
	g_assert_cmpfloat_with_epsilon(x,
		50 + (log10(200) - l.x.t0) / (l.x.t1 - l.x.t0) * (710 - 50),
		1e-9);
	g_assert_cmpfloat_with_epsilon(y,
		460 + (log10(500) - l.y.t0) / (l.y.t1 - l.y.t0) * (20 - 460),
		1e-9);
	g_assert_cmpint(
		sy_render_pareto_hit(&l, pareto_points, 3, x, y), ==, 1);
	sy_render_pareto(cr, &l, pareto_points, 3, &current, NULL, style);
	if (g_getenv("SYSTOLE_RENDER_DIR")) {
		g_autofree char *path = g_build_filename(
			g_getenv("SYSTOLE_RENDER_DIR"), "render-pareto.png",
			NULL);

		cairo_surface_write_to_png(surface, path);
	}
	bx = round(sy_pareto_axis_map(&l.x, 8000)) + 0.5;
	/* The dashes start at the bottom: 6 pixels on, 4 off. */
	assert_color(surface, (int)bx, 455,
		blend(style->error, 0.9, style->background));
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

static void test_pareto_ticks(void)
{
	static const struct {
		double v;
		const char *text;
	} cases[] = {
		{8, "8"},
		{250, "250"},
		{2000, "2k"},
		{1.5e6, "1.5M"},
		{1e9, "1G"},
		{0.5, "0.5"},
	};

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *t = sy_render_pareto_tick_label(cases[i].v);

		g_assert_cmpstr(t, ==, cases[i].text);
	}
}


static const char syrk_text[] =
	"#define N 4\n#define K 3\n"
	"void kernel(float A[N][K], float C[N][N]) {\n"
	"#pragma scop\n"
	"for (int i = 0; i < N; i++)\n"
	"  for (int j = 0; j <= i; j++)\n"
	"    for (int k = 0; k < K; k++)\n"
	"      C[i][j] += A[i][k] * A[j][k];\n"
	"#pragma endscop\n}\n";

static const char trmm_text[] =
	"#define N 4\n#define M 3\n"
	"void kernel(float A[N][N], float B[N][M], float C[N][M]) {\n"
	"#pragma scop\n"
	"for (int i = 0; i < N; i++)\n"
	"  for (int j = 0; j < M; j++)\n"
	"    for (int k = i; k < N; k++)\n"
	"      C[i][j] += A[i][k] * B[k][j];\n"
	"#pragma endscop\n}\n";

/* The work of a kernel's PEs; the time counting took in *ms (may be
 * NULL). */
static SyPeWork *work_timed(const char *name, const char *text,
	const char *space, const char *tile, double *ms)
{
	SyTestDesignSpec spec = {.name = name, .text = text, .space = space,
		.tile = tile};
	g_autoptr(SyTestDesign) t = sy_test_design_new(&spec);
	gint64 start = g_get_monotonic_time();
	SyPeWork *work = sy_pe_work_new(t->array);

	if (ms)
		*ms = (g_get_monotonic_time() - start) / 1000.0;
	return work;
}

static SyPeWork *work_of(const char *name, const char *text,
	const char *space, const char *tile)
{
	return work_timed(name, text, space, tile, NULL);
}

/* Issue 15, defect 8: the points each PE runs, counted per PE. */
static void test_pe_work(void)
{
	g_autoptr(SyPeWork) syrk = work_of("syrk.c", syrk_text, "i,j", NULL);
	g_autoptr(SyPeWork) trmm = work_of("trmm.c", trmm_text, "i,j", NULL);
	g_autoptr(SyPeWork) tiled = work_of("trmm.c", trmm_text, "i,j", "i=2");
	g_autofree char *mm_text = sy_test_mm_text("64");
	g_autoptr(SyPeWork) mm = work_of("mm.c", mm_text, "i,j", "i=16,j=16");
	g_autoptr(SyPeWork) big = work_of("trmm.c", trmm_text, "i", NULL);
	g_autoptr(SyPeWork) syrk2 = work_of(
		"syrk.c", syrk_text, "i,j", "i=2,j=2");

	/* syrk: PE (i, j) runs K = 3 points on and below the diagonal. */
	g_assert_cmpint(syrk->rows, ==, 4);
	g_assert_cmpint(syrk->cols, ==, 4);
	g_assert_cmpint(syrk->total, ==, 30);
	g_assert_cmpint(syrk->busiest, ==, 3);
	g_assert_cmpint(sy_pe_work_points(syrk, 2, 1), ==, 3);
	g_assert_cmpint(sy_pe_work_points(syrk, 1, 2), ==, 0);
	g_assert_cmpfloat_with_epsilon(syrk->utilisation, 0.625, 1e-12);
	/* Tiles of 2 x 2: PE (r, c) runs i in {r, r + 2}, j in {c, c + 2},
	 * j <= i: 3, 1, 3 and 3 pairs of (i, j), 3 points of k each. */
	g_assert_cmpint(syrk2->rows, ==, 2);
	g_assert_cmpint(sy_pe_work_points(syrk2, 0, 0), ==, 9);
	g_assert_cmpint(sy_pe_work_points(syrk2, 0, 1), ==, 3);
	g_assert_cmpint(sy_pe_work_points(syrk2, 1, 0), ==, 9);
	g_assert_cmpint(sy_pe_work_points(syrk2, 1, 1), ==, 9);
	g_assert_cmpfloat_with_epsilon(syrk2->utilisation, 30.0 / 36, 1e-12);
	/* trmm: row i runs N - i = 4, 3, 2, 1 points per column. */
	g_assert_cmpint(trmm->rows, ==, 4);
	g_assert_cmpint(trmm->cols, ==, 3);
	for (gint64 r = 0; r < 4; r++)
		g_assert_cmpint(sy_pe_work_points(trmm, r, 2), ==, 4 - r);
	g_assert_cmpfloat_with_epsilon(trmm->utilisation, 30.0 / 48, 1e-12);
	/* Tiles of 2 along i: PE row 0 runs rows 0 and 2 (4 + 2), row 1
	 * rows 1 and 3 (3 + 1). */
	g_assert_cmpint(tiled->rows, ==, 2);
	g_assert_cmpint(sy_pe_work_points(tiled, 0, 0), ==, 6);
	g_assert_cmpint(sy_pe_work_points(tiled, 1, 0), ==, 4);
	g_assert_cmpfloat_with_epsilon(tiled->utilisation, 30.0 / 36, 1e-12);
	/* A dense box that the tiles divide: nothing counted per PE, each
	 * of the 16 x 16 PEs runs 4 x 4 values of i, j and 64 of k. */
	g_assert_cmpint(mm->rows, ==, 16);
	g_assert_cmpint(mm->busiest, ==, 4 * 4 * 64);
	g_assert_cmpfloat(mm->utilisation, ==, 1);
	/* 1-D [i]: one row of 4 PEs, 12, 9, 6, 3 points. */
	g_assert_cmpint(big->rows, ==, 1);
	g_assert_cmpint(big->cols, ==, 4);
	g_assert_cmpint(sy_pe_work_points(big, 0, 1), ==, 9);
	g_assert_cmpint(sy_pe_work_points(big, 1, 1), ==, -1);
}

/* Past SY_PE_WORK_MAX_COUNTS PE and tile pairs, the work is unknown
 * and says why; below, the example's 48 x 32 PEs are counted. */
static void test_pe_work_bounded(void)
{
	g_autofree char *big = NULL;
	g_autoptr(SyPeWork) mid = NULL;
	double ms;
	g_autoptr(SyPeWork) huge = NULL;

	big = g_strconcat("#define N 48\n#define M 32\n", trmm_text + 24, NULL);
	mid = work_timed("trmm.c", big, "i,j", NULL, &ms);
	g_test_message("48 x 32 PEs counted in %.1f ms", ms);
	g_assert_cmpint(mid->busiest, ==, 48);
	g_assert_cmpint(mid->total, ==, 48 * 49 / 2 * 32);
	g_assert_cmpfloat_with_epsilon(mid->utilisation, 49.0 / 96, 1e-12);
	g_free(big);
	big = g_strconcat("#define N 128\n#define M 64\n", trmm_text + 24, NULL);
	huge = work_of("trmm.c", big, "i,j", NULL);
	g_assert_null(huge->points);
	g_assert_cmpfloat(huge->utilisation, ==, -1);
	g_assert_cmpstr(huge->why, ==,
		"8192 PE and tile pairs: more than 4096 to count");
}

/* Issue 15, defect 8: syrk's PEs shaded by their work (idle ones
 * empty), with the work in the tooltip and the utilisation in the
 * legend. */
static void test_array_work(void)
{
	SyTestDesignSpec spec = {
		.name = "syrk.c", .text = syrk_text, .space = "i,j"};
	g_autoptr(SyTestDesign) t = sy_test_design_new(&spec);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		t->analysis, t->choices->candidate, t->array->pe);
	const SyRenderStyle *style = sy_render_style_print();
	SyRenderView v = {100, 0, 0, 700, 700};
	cairo_surface_t *surface;
	g_autofree char *busy = NULL;
	g_autofree char *idle = NULL;

	sy_array_scene_set_work(scene, t->array);
	g_assert_nonnull(scene->work);
	surface = draw_kept(scene, &v, "render-work.png");
	/* PE (2, 1) runs as many as the busiest: the strongest shade;
	 * PE (1, 2) none: the background inside its box. */
	assert_color(surface, px(&v, 1) - 20, py(&v, 2) + 20,
		blend(style->muted, 0.9, style->background));
	assert_color(
		surface, px(&v, 2) - 20, py(&v, 1) + 20, style->background);
	cairo_surface_destroy(surface);
	busy = sy_array_scene_describe(scene, 2, 1);
	idle = sy_array_scene_describe(scene, 1, 2);
	g_assert_true(g_str_has_suffix(
		busy, "\nwork: 3 of the busiest PE's 3 iterations (100.0 %)"));
	g_assert_true(g_str_has_suffix(idle, "\nidle: no iteration runs here"));
}

/* Issue 15, defect 9: mm's 4 x 4 array with its I/O, fitted to
 * 800 x 800: the FIFO labels meet no module, no PE and no other label,
 * and the legend none of the scene. */
static void test_array_labels(void)
{
	SyTestDesignSpec spec = {
		.name = "mm.c", .space = "i,j", .latency = "i=4,j=4"};
	g_autofree char *text = sy_test_mm_text("16");
	g_autoptr(SyTestDesign) t = NULL;
	g_autoptr(SyArrayScene) scene = NULL;
	const SyRenderStyle *style = sy_render_style_print();
	cairo_surface_t *surface;
	cairo_t *cr;
	g_autoptr(GArray) labels = NULL;
	SyRenderView v, grid;
	double w, h, lw, lh;
	SyRect legend, drawn;
	guint boxes = 0;

	spec.text = text;
	t = sy_test_design_new(&spec);
	scene = sy_array_scene_new(
		t->analysis, t->choices->candidate, t->array->pe);
	sy_array_scene_set_design(scene, t->design);
	v = sy_array_scene_fit(scene, style, 800, 800);
	surface = draw_kept(scene, &v, "render-labels.png");
	cr = cairo_create(surface);
	grid = v;
	grid.x0 -= scene->margin;
	grid.y0 -= scene->margin;
	labels = sy_io_scene_labels(
		scene->io, &grid, cr, MIN(style->font_size, v.scale * 0.2));
	/* B's and C's chains along the top, C's out along the bottom,
	 * A's down the left. */
	g_assert_cmpuint(labels->len, ==, 4);
	for (guint i = 0; i < labels->len; i++) {
		const SyIoLabel *l = &g_array_index(labels, SyIoLabel, i);
		SyRect pes = {sy_render_x(&grid, 0), sy_render_y(&grid, 0),
			4 * v.scale, 4 * v.scale};

		g_assert_cmpstr(l->text, ==,
			l->lane->edge == SY_EDGE_WEST ? "512b" : "128b");
		g_assert_false(sy_rect_meets(&l->rect, &pes));
		for (guint k = 0; k < labels->len; k++)
			g_assert_true(k == i ||
				!sy_rect_meets(&l->rect,
					&g_array_index(labels, SyIoLabel, k)
						 .rect));
		for (guint k = 0; k < scene->io->lanes->len; k++) {
			const SyIoLane *lane = g_ptr_array_index(
				scene->io->lanes, k);
			double x0, y0, x1, y1;
			SyRect box;

			if (lane->edge == SY_EDGE_GRID)
				continue;
			g_assert_true(sy_io_scene_family_box(
				scene->io, lane->name, &x0, &y0, &x1, &y1));
			box = (SyRect){sy_render_x(&grid, x0),
				sy_render_y(&grid, y0), (x1 - x0) * v.scale,
				(y1 - y0) * v.scale};
			g_assert_false(sy_rect_meets(&l->rect, &box));
			boxes++;
		}
	}
	g_assert_cmpuint(boxes, >, 0);
	/* The legend beside or below the scene, meeting none of it. */
	sy_array_scene_legend_size(scene, cr, style, &lw, &lh);
	sy_array_scene_size(scene, &w, &h);
	legend = (SyRect){8, 8, lw, lh};
	drawn = (SyRect){sy_render_x(&v, 0), sy_render_y(&v, 0), w * v.scale,
		h * v.scale};
	g_assert_false(sy_rect_meets(&legend, &drawn));
	g_assert_cmpfloat(drawn.x + drawn.w, <=, 800 + 1e-9);
	g_assert_cmpfloat(drawn.y + drawn.h, <=, 800 + 1e-9);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

/* Issue 15, defect 13: a 1-D array of 1024 PEs fitted to 800 x 600
 * keeps PEs of SY_ARRAY_MIN_PE pixels (boxes of 0.76 of that), its
 * first PE in view; one of 16 PEs is fitted whole. */
static void test_array_fit_1d(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("1024", 2);
	g_autoptr(SyAnalysis) small = sy_test_mm("16", 2);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		a, g_ptr_array_index(a->candidates, 2), NULL);
	g_autoptr(SyArrayScene) few = sy_array_scene_new(
		small, g_ptr_array_index(small->candidates, 2), NULL);
	const SyRenderStyle *style = sy_render_style_print();
	SyRenderView v = sy_array_scene_fit(scene, style, 800, 600);
	SyRenderView f = sy_array_scene_fit(few, style, 800, 600);
	cairo_surface_t *surface;
	double w, h;

	g_assert_cmpint(scene->cols, ==, 1024);
	g_assert_cmpfloat(v.scale, ==, SY_ARRAY_MIN_PE);
	surface = draw_kept(scene, &v, "render-fit-1d.png");
	/* PE 0's box: 7.6 pixels across its centre, pe_fill inside. */
	assert_color(surface, px(&v, 0), py(&v, 0), style->pe_fill);
	assert_color(surface, px(&v, 0) - 2, py(&v, 0) + 2, style->pe_fill);
	assert_color(surface, px(&v, 0), py(&v, 0) + 5, style->background);
	g_assert_cmpint(px(&v, 0), >, 0);
	g_assert_cmpint(py(&v, 0), >, 0);
	g_assert_cmpint(py(&v, 0), <, 600);
	cairo_surface_destroy(surface);
	/* 16 PEs and the margins: the width is what binds. */
	sy_array_scene_size(few, &w, &h);
	g_assert_cmpfloat(f.scale, >, SY_ARRAY_MIN_PE);
	g_assert_cmpfloat(f.scale * w, <=, 800 + 1e-9);
}

/* Zoomed by hand, the legend takes a corner of the view that leaves
 * the scene uncovered: mm's 4 x 4 grid at 60 pixels per PE fills the
 * top-left of 800 x 600, the legend goes top-right. */
static void test_array_legend_corner(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("4", 2);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		a, g_ptr_array_index(a->candidates, 3), NULL);
	const SyRenderStyle *style = sy_render_style_print();
	SyRenderView v = {60, 0, 0, 800, 600};
	cairo_surface_t *surface = draw_kept(scene, &v, "render-corner.png");
	cairo_t *cr = cairo_create(surface);
	double w, h;
	int right = 800 - 8, left;

	sy_array_scene_legend_size(scene, cr, style, &w, &h);
	left = (int)ceil(right - w);
	/* The scene ends at 6.5 x 60 = 390 pixels; the legend is drawn
	 * right of it, its border in the muted colour. */
	g_assert_cmpfloat(left, >, 390);
	g_assert_cmpuint(count_color(surface, left, 8, right, 8 + (int)h,
				 style->foreground),
		>, 0);
	g_assert_cmpuint(count_color(surface, 8, 8, 390 - 1, 8 + (int)h,
				 style->foreground),
		==, 0);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

/* A frame of the 4 x 4 array by hand: PE (2, 1) computing is filled in
 * the accent colour, PE (1, 2) stalled hatched in the warning colour
 * over the background, PE (0, 0) idle left as the background; the
 * line under the picture counts them. */
static void test_array_frame(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("4", 2);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		a, g_ptr_array_index(a->candidates, 3), NULL);
	const SyRenderStyle *style = sy_render_style_print();
	SyRenderView v = {100, 0, 0, 700, 700};
	SyArrayFrame *f = g_new0(SyArrayFrame, 1);
	cairo_surface_t *surface;
	int x = px(&v, 2), y = py(&v, 1);

	f->cycle = 7;
	f->cycles = 20;
	f->pe = g_new0(guint8, 16);
	f->pe[2 * 4 + 1] = SY_FRAME_BUSY;
	f->pe[1 * 4 + 2] = SY_FRAME_STALLED;
	f->busy = f->stalled = 1;
	sy_array_scene_set_frame(scene, f);
	surface = draw_kept(scene, &v, "render-frame.png");
	assert_color(surface, px(&v, 1) - 20, py(&v, 2) + 20, style->accent);
	assert_color(surface, px(&v, 1) + 20, py(&v, 2) - 20, style->accent);
	assert_color(
		surface, px(&v, 0) - 20, py(&v, 0) + 20, style->background);
	/* The hatching: a third of the stalled box or so, never idle. */
	g_assert_cmpuint(count_color(surface, x - 30, y - 30, x + 30, y + 30,
				 style->warning),
		>, 600);
	g_assert_cmpuint(count_color(surface, x - 30, y - 30, x + 30, y + 30,
				 style->background),
		>, 600);
	g_assert_cmpuint(
		count_color(surface, px(&v, 0) - 30, py(&v, 0) - 30,
			px(&v, 0) + 30, py(&v, 0) + 30, style->warning),
		==, 0);
	cairo_surface_destroy(surface);
	/* No frame: PE (2, 1) back to the plain fill. */
	sy_array_scene_set_frame(scene, NULL);
	surface = draw(scene, &v);
	assert_color(surface, px(&v, 1) - 20, py(&v, 2) + 20, style->pe_fill);
	cairo_surface_destroy(surface);
}

/* mm 8^3 on its 4 x 4 array (test-timeline's run) as frames: at cycle
 * 20 every PE waits for its first words; at 30 PE (0, 0) computes, A's
 * L2 chain moves words, its dummies wait; at 250 the PEs have ended,
 * A's L3 module idle, C's out still writing. */
static void test_array_anim(void)
{
	static const SyModelTarget u250 = {300, 512, 19.2, 4, 20};
	g_autoptr(SyTestDesign) t = sy_test_mm_4x4(SYSTOLE_EXAMPLES_DIR);
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		t->analysis, t->choices->candidate, t->array->pe);
	g_autoptr(SySimTimeline) tl = NULL;
	g_autoptr(SyAnim) anim = NULL;
	g_autoptr(SyArrayFrame) early = NULL, f = NULL, late = NULL;
	GError *error = NULL;

	sy_array_scene_set_design(scene, t->design);
	tl = sy_sim_timeline_design(t->design, &u250, 0, NULL, &error);
	g_assert_no_error(error);
	anim = sy_anim_new(scene, tl);
	g_assert_cmpint(sy_anim_cycles(anim), ==, 256);
	early = sy_anim_frame(anim, 20);
	g_assert_cmpuint(early->busy, ==, 0);
	g_assert_cmpuint(early->stalled, ==, 16);
	f = sy_anim_frame(anim, 30);
	g_assert_cmpint(f->pe[0], ==, SY_FRAME_BUSY);
	for (guint i = 0; i < f->n_lanes; i++) {
		const SyIoLane *lane = g_ptr_array_index(scene->io->lanes, i);

		/* A's L2 chain: 2 words in its 7 FIFOs of 2 (one in
		 * PE 0,0's, test-timeline's); its dummies only read. */
		if (g_str_equal(lane->name, "A_IO_L2_in")) {
			g_assert_cmpint(f->lane[i], ==, SY_FRAME_BUSY);
			g_assert_cmpfloat_with_epsilon(
				f->fill[i], 1.0 / 7, 1e-12);
		}
		if (g_str_equal(lane->name, "A_PE_dummy_in")) {
			g_assert_cmpint(f->lane[i], ==, SY_FRAME_STALLED);
			g_assert_cmpfloat(f->fill[i], <, 0);
		}
	}
	g_assert_cmpuint(f->n_lanes, ==, scene->io->lanes->len);
	late = sy_anim_frame(anim, 250);
	g_assert_cmpuint(late->busy + late->stalled, ==, 0);
	for (guint i = 0; i < late->n_lanes; i++) {
		const SyIoLane *lane = g_ptr_array_index(scene->io->lanes, i);

		if (g_str_equal(lane->name, "A_IO_L3_in"))
			g_assert_cmpint(late->lane[i], ==, SY_FRAME_IDLE);
		if (g_str_equal(lane->name, "C_drain_IO_L3_out"))
			g_assert_cmpint(late->lane[i], ==, SY_FRAME_BUSY);
	}
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/render/array-frame", test_array_frame);
	g_test_add_func("/render/array-anim", test_array_anim);
	g_test_add_func("/render/array-2d", test_array_2d);
	g_test_add_func("/render/pe-work", test_pe_work);
	g_test_add_func("/render/pe-work-bounded", test_pe_work_bounded);
	g_test_add_func("/render/array-work", test_array_work);
	g_test_add_func("/render/array-labels", test_array_labels);
	g_test_add_func("/render/array-fit-1d", test_array_fit_1d);
	g_test_add_func("/render/array-legend-corner", test_array_legend_corner);
	g_test_add_func("/render/array-1d", test_array_1d);
	g_test_add_func("/render/hit-delayed", test_hit_delayed);
	g_test_add_func("/render/hit-kept", test_hit_kept);
	g_test_add_func("/render/array-summary", test_array_summary);
	g_test_add_func("/render/hit", test_hit);
	g_test_add_func("/render/deps", test_deps);
	g_test_add_func("/render/deps-message", test_deps_message);
	g_test_add_func("/render/array-io", test_array_io);
	g_test_add_func("/render/array-io-hbm", test_array_io_hbm);
	g_test_add_func("/render/array-io-l2", test_array_io_l2);
	g_test_add_func("/render/array-io-fold", test_array_io_fold);
	g_test_add_func("/render/array-io-partial", test_array_io_partial);
	g_test_add_func("/render/array-io-serialize", test_array_io_serialize);
	g_test_add_func("/render/array-strips", test_array_strips);
	g_test_add_func("/render/array-bottleneck", test_array_bottleneck);
	g_test_add_func("/render/estimate", test_estimate);
	g_test_add_func("/render/estimate-no-device", test_estimate_no_device);
	g_test_add_func("/render/pareto-linear", test_pareto_linear);
	g_test_add_func("/render/pareto-log", test_pareto_log);
	g_test_add_func("/render/pareto-ticks", test_pareto_ticks);
	return g_test_run();
}
