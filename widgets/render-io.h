/* The I/O network around a PE grid, drawn with Cairo: per array its
 * module families in lanes along the edges where data enters or leaves
 * (L2 chains, dummies), the L1 modules inside the PEs, the L3 modules at
 * the corners, and the FIFOs between them labelled with their width.
 *
 * Coordinates are the grid's: PE (r, c) covers [c, c + 1] x [r, r + 1];
 * lanes sit outside it, lane 0 nearest. */
#pragma once

#include "comm/design.h"
#include "render-style.h"

G_BEGIN_DECLS

#define SY_IO_LANE 1.1 /* scene units between lanes */

typedef struct {
	char *name;         /* the family, as "A_IO_L2_in" (its boundary
			       included) */
	char *array;
	guint color;        /* the array's legend colour */
	SyModuleKind kind;
	guint level;
	gboolean in;
	SyEdge edge;
	guint lane;         /* 0 next to the grid */
	gint64 count;       /* modules, boundary included */
	gint64 parts;       /* chains along the edge: 1, or (--hbm) one
			       per L3 module above them */
	guint chain_bits;   /* FIFOs between them */
	guint pe_bits;      /* FIFOs to or from the PEs */
	char *chain_fifo;   /* their names, or NULL */
	char *pe_fifo;
	/* --two-level-buffer: the L2 buffer its L3 modules hold, drawn
	 * as a box inside theirs: its name with its shape
	 * ("l2_A[64][16]"), words of pack elements of elem_bits, and
	 * bytes (each module's); NULL and 0 for none. */
	char *l2_buffer;
	gint64 l2_words;
	guint l2_pack, l2_elem_bits;
	gint64 l2_bytes;
	/* --local-reduce: the buffer its L3 modules fold partial results
	 * in, drawn as a plus inside theirs ("acc_C[16][16]"), and its
	 * bytes; NULL and 0 for none. */
	char *fold_buffer;
	gint64 fold_bytes;
	/* Its path carries partial results (SY_PATH_PARTIAL; FALSE in a
	 * design read back): exterior ones passed PE to PE, in at the
	 * first PE, out at the last; interior ones written out to DRAM
	 * and read back in a later tile (another tile order than the
	 * reduction's innermost). */
	gboolean partial;
	gboolean exterior;
	/* An L3 module's DRAM port: its words' width (wider than its
	 * FIFO's under --host-serialize) and (--hbm) its ports, one per
	 * module; 0 for other modules. */
	guint dram_bits;
	guint dram_ports;
} SyIoLane;

typedef struct {
	gint64 rows, cols;
	GPtrArray *lanes;   /* SyIoLane: edges' lanes, corners and grids */
	guint depth[4];     /* lanes on the north, south, west, east edges */
} SyIoScene;

/* color_of gives an array's legend colour. */
typedef guint (*SyIoColorFunc)(const char *array, gpointer user);

SyIoScene *sy_io_scene_new(const SyDesign *design, gint64 rows, gint64 cols,
	SyIoColorFunc color_of, gpointer user);
void sy_io_scene_free(SyIoScene *io);

/* The room the lanes need beyond the grid, in scene units. */
double sy_io_scene_margin(const SyIoScene *io);

/* The family drawn at grid point (x, y), or NULL; the FIFOs drawn there
 * (between a lane's modules, or from them to the PEs), or NULL. */
const SyIoLane *sy_io_scene_hit(const SyIoScene *io, double x, double y);
const char *sy_io_scene_hit_fifo(const SyIoScene *io, double x, double y);

/* The lanes whose modules hold an L2 buffer (--two-level-buffer):
 * how many; their names into names (NULL: not wanted), in the
 * scene's order. */
guint sy_io_scene_l2_lanes(const SyIoScene *io, GPtrArray *names);

/* The rectangle, in grid units, that family name's modules take (a
 * boundary's name gives its family's): its boxes along its lane, its
 * corner box, or the whole grid for the modules inside the PEs; FALSE
 * if the scene draws no such family. */
gboolean sy_io_scene_family_box(const SyIoScene *io, const char *name,
	double *x0, double *y0, double *x1, double *y1);

/* A FIFO's width label, "512b", and where it is drawn. */
typedef struct {
	const SyIoLane *lane;
	char text[16];
	SyRect rect; /* pixels */
} SyIoLabel;

/* The width labels of the lanes' chain FIFOs at view v (in the grid's
 * coordinates, as sy_render_io's) in text of size pixels, measured
 * with cr: each beside its lane's first FIFO, outside the lane, where
 * it meets no lane's modules (sy_io_scene_family_box), no PE and no
 * other label (sy_render_place); one that has no such place is left
 * out.  Below the scale that draws labels, none. */
GArray *sy_io_scene_labels(
	const SyIoScene *io, const SyRenderView *v, cairo_t *cr, double size);
/* The size sy_render_io draws those labels in. */
double sy_io_label_size(const SyRenderStyle *style, const SyRenderView *v);

/* Draws in the grid's coordinates (v already shifted so that the grid
 * starts at 0); selected names a family to highlight (may be NULL). */
void sy_render_io(cairo_t *cr, const SyIoScene *io, const SyRenderView *v,
	const SyRenderStyle *style, const char *selected);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyIoScene, sy_io_scene_free)

G_END_DECLS
