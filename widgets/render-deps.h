/* The dependence view, drawn with Cairo: a strip of the kernel's loops
 * (the band's loops can be picked as space loops), the iteration space
 * projected on two loops with the dependences as arrows, and the
 * statement graph whose edges carry the distance vectors. */
#pragma once

#include "poly/projection.h"
#include "render-style.h"

G_BEGIN_DECLS

/* Where things are, in pixels, for a widget of width x height. */
typedef struct {
	SyRect strip; /* the loop chips, and the message under them */
	SyRect message; /* the message, wrapped to the width (h = 0: none) */
	int message_lines;
	SyRect plot; /* the projected iteration space */
	SyRect graph; /* the statement graph */
	guint n_chips; /* band loops, then loops below the band */
	SyRect *chips;
} SyDepsLayout;

/* What the view shows besides the analysis. */
typedef struct {
	const SyAnalysis *analysis;
	const SyProjection *projection;
	const gboolean *space; /* per band member: chosen as a space loop */
	int hover_chip; /* -1 for none */
	const char *message; /* under the chips: why a choice is illegal */
} SyDepsScene;

void sy_deps_layout_init(SyDepsLayout *layout, const SyDepsScene *scene,
	cairo_t *cr, int width, int height);
void sy_deps_layout_clear(SyDepsLayout *layout);

/* The chip under (x, y), or -1; chips past the band's are inner loops. */
int sy_deps_layout_chip_at(const SyDepsLayout *layout, double x, double y);

/* The plot's scene rectangle (iteration units) to fit in plot. */
void sy_deps_plot_extent(
	const SyDepsScene *scene, double *x, double *y, double *w, double *h);

/* The colour index of a dependence kind (flow, anti, output, read). */
guint sy_deps_kind_color(SyDepKind kind);

/* plot_view maps iteration coordinates into the plot rectangle. */
void sy_render_deps(cairo_t *cr, const SyDepsScene *scene,
	const SyDepsLayout *layout, const SyRenderView *plot_view,
	const SyRenderStyle *style);

G_END_DECLS
