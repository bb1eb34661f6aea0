/* The PE array of a dataflow candidate, drawn with Cairo.
 *
 * A scene is built once from an analysis, a candidate and its PE counts;
 * the renderer
 * then draws any view of it.  Scene units are PEs: PE (row, col) covers
 * [col, col + 1] x [row, row + 1] after a margin for the boundary I/O. */
#pragma once

#include "compute/pe-work.h"
#include "poly/analysis.h"
#include "render-io.h"
#include "render-style.h"

G_BEGIN_DECLS

#define SY_ARRAY_MARGIN 1.25
/* The least pixels per PE a fitted 1-D array keeps (sy_array_scene_fit):
 * where arrows between PEs are drawn (LINKS_PX in render-array.c). */
#define SY_ARRAY_MIN_PE 10.0
/* The legend's line for the L3 modules that hold an L2 buffer, drawn
 * where the design has one (render-io.h). */
#define SY_ARRAY_L2_LEGEND "L2 buffer in the L3 module (two-level buffering)"
/* and for those that fold partial results (--local-reduce). */
#define SY_ARRAY_FOLD_LEGEND                                                   \
	"partial results folded in the L3 module (local reduction)"

typedef struct {
	guint color; /* index of the array in the legend */
	char *array;
	SyDepKind kind;
	int dr, dc; /* direction in the grid: rows, columns */
	int dl; /* across layers (3D arrays) */
	gboolean exterior;
	char *label; /* "A read (0, 1) exterior" */
	/* A flow that also crosses time steps (a diagonal's (1, 1) on
	 * [i]): the steps of loop delay_loop the next PE takes it after the
	 * previous made it, which its delay registers hold; 0 and NULL for
	 * none.  kept: the value also reaches the next PE at the step that
	 * made it (dp's (1, 0) with (1, 1)), and the PE keeps it in its
	 * buffer for the later read instead. */
	gint64 delay;
	char *delay_loop;
	gboolean kept;
} SyArrayLink;

/* One cycle of a simulation (render-anim.h), drawn over the scene:
 * PEs computing lit in the accent colour, stalled ones hatched in the
 * warning colour, idle ones empty; each I/O family outlined as its
 * busiest module is, with a bar filled by its FIFOs' words (the mean
 * fraction of their depths). */
typedef enum {
	SY_FRAME_IDLE, /* sim-timeline.h's SySimState, in its order */
	SY_FRAME_BUSY,
	SY_FRAME_STALLED,
} SyFrameState;

typedef struct {
	gint64 cycle, cycles; /* cycle `cycle` of a run of `cycles` */
	guint8 *pe; /* rows * cols, row-major, SyFrameState (3-D: the
		       layers' busiest) */
	guint n_lanes; /* the I/O scene's, in its order; 0: none */
	guint8 *lane; /* SyFrameState */
	double *fill; /* 0 to 1; < 0: no FIFO */
	guint busy, stalled; /* PEs computing, stalled */
} SyArrayFrame;

void sy_array_frame_free(SyArrayFrame *frame);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyArrayFrame, sy_array_frame_free)

typedef struct {
	guint n_dims;
	gint64 rows, cols, layers; /* 1D arrays are one row */
	char *row_loop, *col_loop, *layer_loop; /* NULL where absent */
	GPtrArray *links; /* SyArrayLink */
	GPtrArray *arrays; /* char *: legend order */
	char *title; /* "[i, j]: 64 x 64 PEs" */
	double margin; /* around the grid, for I/O */
	SyIoScene *io; /* the I/O network, or NULL */
	char *selected; /* a module family to highlight, or NULL */
	char *bottleneck; /* the slowest module family ("PE"), or NULL */
	/* The points each PE runs (sy_array_scene_set_work), or NULL:
	 * PEs are shaded by their share of the busiest PE's, idle ones
	 * left empty, and the legend gives the array's utilisation. */
	SyPeWork *work;
	/* The animation's frame on show (sy_array_scene_set_frame), or
	 * NULL. */
	SyArrayFrame *frame;
} SyArrayScene;

/* pe: the PEs along each space loop, as a configuration makes them
 * (SyPeArray.pe); NULL for one PE per iteration of the space loops. */
SyArrayScene *sy_array_scene_new(const SyAnalysis *analysis,
	const SyCandidate *candidate, const gint64 *pe);
/* A scene is counted: free drops a reference, the last frees it (the
 * explorer's picture holds one while it renders the scene). */
SyArrayScene *sy_array_scene_ref(SyArrayScene *scene);
void sy_array_scene_free(SyArrayScene *scene);

/* Adds the I/O network of design (NULL: none) around the grid. */
void sy_array_scene_set_design(SyArrayScene *scene, const SyDesign *design);

/* The module family or FIFO under pixel (px, py), or NULL; the family
 * drawn as selected; what a family is, for its tooltip. */
const char *sy_array_scene_hit_module(const SyArrayScene *scene,
	const SyRenderView *view, double px, double py);
void sy_array_scene_select(SyArrayScene *scene, const char *name);
char *sy_array_scene_describe_module(
	const SyArrayScene *scene, const char *name);

/* The module family the estimate names the bottleneck (its name in the
 * design: "PE", "A_IO_L2_in"; NULL: none): outlined in the style's
 * warning colour, and its tooltip says so. */
void sy_array_scene_set_bottleneck(SyArrayScene *scene, const char *name);

/* Counts the work of array's PEs (sy_pe_work_new) for the shading,
 * the tooltips and the legend; NULL drops it.  The array must be the
 * one the scene was made for (its PEs). */
void sy_array_scene_set_work(
	SyArrayScene *scene, __isl_keep const SyPeArray *array);

/* Shows frame (take; NULL: none) over the scene; it must be made for
 * this scene (its PEs and I/O lanes). */
void sy_array_scene_set_frame(SyArrayScene *scene, SyArrayFrame *frame);

/* The legend's box in pixels, drawn at its top-left corner (8, 8):
 * its width and height. */
void sy_array_scene_legend_size(const SyArrayScene *scene, cairo_t *cr,
	const SyRenderStyle *style, double *w, double *h);

/* A view that shows the whole scene in width x height pixels beside or
 * below its legend, whichever leaves the PEs larger: the legend covers
 * none of it.  A 1-D array keeps PEs of at least SY_ARRAY_MIN_PE
 * pixels where the view is that wide (else it is summarised, see
 * sy_render_array). */
SyRenderView sy_array_scene_fit(const SyArrayScene *scene,
	const SyRenderStyle *style, int width, int height);

/* The scene's size in scene units, margins included. */
void sy_array_scene_size(const SyArrayScene *scene, double *w, double *h);

/* The PE under pixel (px, py), if any. */
gboolean sy_array_scene_hit(const SyArrayScene *scene, const SyRenderView *view,
	double px, double py, gint64 *row, gint64 *col);

/* What flows through a PE, for its tooltip. */
char *sy_array_scene_describe(
	const SyArrayScene *scene, gint64 row, gint64 col);

/* Draws the view; hover (row, col) is highlighted unless hover_row < 0. */
void sy_render_array(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *view, const SyRenderStyle *style, gint64 hover_row,
	gint64 hover_col);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyArrayScene, sy_array_scene_free)

G_END_DECLS
