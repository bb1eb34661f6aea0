/* Pictures of the explorer's views for slides and papers: the same
 * renderers as the views (render-array.h, render-io.h, render-deps.h,
 * render-pareto.h), in a fixed style, each page with a caption under
 * it, written as SVG, PDF (a page per view) or PNG.  systole-cli render
 * and the explorer's File > Export Picture and Copy Image share it.
 *
 * A page's size is in points, whole numbers, independent of the window:
 * an array's is its scene at a fixed number of points per PE (smaller
 * for large arrays), a plot's is fixed.  A PNG has scale pixels per
 * point.  SVG and PDF are deterministic: the same pages give the same
 * bytes (no creation date).  A file is written atomically and never
 * over an existing one without force (sy_export_write_file). */
#pragma once

#include "render-array.h"
#include "render-deps.h"
#include "render-estimate.h"
#include "render-pareto.h"

G_BEGIN_DECLS

typedef enum {
	SY_PICTURE_ARRAY, /* the PE grid and its flows, no I/O */
	SY_PICTURE_NETWORK, /* the PE grid with its I/O network */
	SY_PICTURE_DEPS, /* the dependence view */
	SY_PICTURE_PARETO, /* an exploration's designs */
	SY_PICTURE_N_VIEWS,
} SyPictureView;

typedef enum {
	SY_PICTURE_SVG,
	SY_PICTURE_PDF,
	SY_PICTURE_PNG,
} SyPictureFormat;

#define SY_PICTURE_ERROR (sy_picture_error_quark())
GQuark sy_picture_error_quark(void);

typedef enum {
	SY_PICTURE_ERROR_FORMAT, /* not .svg, .pdf or .png */
	SY_PICTURE_ERROR_PAGES, /* several pages but not a PDF */
	SY_PICTURE_ERROR_CAIRO, /* Cairo failed (out of memory) */
} SyPictureError;

/* What one page shows; the pointers are borrowed. */
typedef struct {
	SyPictureView view;
	const SyArrayScene *array; /* array and network */
	SyDepsScene deps; /* deps */
	const SyParetoPoint *points; /* pareto: n_points of them */
	guint n_points;
	const SyParetoPoint *current; /* may be NULL */
	double dsp_budget, bram_budget; /* <= 0: none */
	const char *message; /* pareto: on an empty plot, or NULL */
	const char *caption; /* under the picture, lines; NULL: none */
} SyPicturePage;

typedef struct {
	const SyRenderStyle *style; /* NULL: sy_render_style_print() */
	/* The I/O modules' family names drawn beside their boxes (and the
	 * PEs' indices), which the views show in tooltips only. */
	gboolean labels;
	int scale; /* PNG pixels per point, 1 or more */
} SyPictureOptions;

/* "array" ... "pareto", and back (-1: none of them). */
const char *sy_picture_view_name(SyPictureView view);
int sy_picture_view_from_name(const char *name);

/* The format path's extension names (case-insensitive), or an error
 * naming the supported ones. */
gboolean sy_picture_format_of(
	const char *path, SyPictureFormat *format, GError **error);

/* A page's size in points. */
void sy_picture_page_size(const SyPicturePage *page,
	const SyPictureOptions *options, int *width, int *height);

/* The view (scene units to points) an array or network page draws its
 * scene in; FALSE for other views. */
gboolean sy_picture_array_view(const SyPicturePage *page,
	const SyPictureOptions *options, SyRenderView *view);

/* The page drawn on cr from (0, 0), in points. */
void sy_picture_draw(cairo_t *cr, const SyPicturePage *page,
	const SyPictureOptions *options);

/* The module family names --labels draws on page (an array's or
 * network's), in drawing order (give; empty where it draws none). */
GPtrArray *sy_picture_names(
	const SyPicturePage *page, const SyPictureOptions *options);

/* The pages in format, as bytes (give), or NULL with error. */
GBytes *sy_picture_encode(const SyPicturePage *pages, guint n,
	SyPictureFormat format, const SyPictureOptions *options,
	GError **error);

/* The pages to path in its extension's format, atomically; not over an
 * existing file without force. */
gboolean sy_picture_write(const char *path, const SyPicturePage *pages, guint n,
	const SyPictureOptions *options, gboolean force, GError **error);

/* A design's caption: the kernel (its file's name) and dataflow (the
 * scene's title), the sizes, the device and what the model estimates
 * (e), or why it does not (why, when e is NULL).  Give. */
char *sy_picture_design_caption(const char *kernel, const SyArrayScene *scene,
	const char *sizes, const char *device, const SyEstimate *e,
	const char *why);

/* One page as an image (give), for the clipboard. */
cairo_surface_t *sy_picture_image(
	const SyPicturePage *page, const SyPictureOptions *options);

G_END_DECLS
