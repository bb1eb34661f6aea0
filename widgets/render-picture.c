#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "project/export.h"
#include "render-picture.h"

/* An array's points per PE: as many as fit UNIT_FIT points across the
 * scene, within [MIN_UNIT, MAX_UNIT] (at MAX_UNIT every detail the
 * renderer has is drawn: PE indices, FIFO widths). */
#define UNIT_FIT 800.0
#define MIN_UNIT 3.0
#define MAX_UNIT 56.0
/* Module names are drawn from this many points per PE: smaller, they
 * would not fit between the lanes. */
#define NAMES_UNIT 28.0
#define NAMES_FIT 1600.0
#define PAD 12.0 /* around a page's parts, points */
/* The plots' sizes, points. */
#define DEPS_W 960
#define DEPS_H 600
#define PARETO_W 900
#define PARETO_H 560

static const char *const view_names[] = {"array", "network", "deps", "pareto"};

G_DEFINE_QUARK(sy - picture - error - quark, sy_picture_error)

const char *sy_picture_view_name(SyPictureView view)
{
	return view < SY_PICTURE_N_VIEWS ? view_names[view] : NULL;
}

int sy_picture_view_from_name(const char *name)
{
	for (guint i = 0; i < G_N_ELEMENTS(view_names); i++)
		if (g_str_equal(name, view_names[i]))
			return (int)i;
	return -1;
}

gboolean sy_picture_format_of(
	const char *path, SyPictureFormat *format, GError **error)
{
	static const char *const ext[] = {".svg", ".pdf", ".png"};
	g_autofree char *lower = g_ascii_strdown(path, -1);

	for (guint i = 0; i < G_N_ELEMENTS(ext); i++)
		if (g_str_has_suffix(lower, ext[i])) {
			*format = (SyPictureFormat)i;
			return TRUE;
		}
	g_set_error(error, SY_PICTURE_ERROR, SY_PICTURE_ERROR_FORMAT,
		"%s: a picture is .svg, .pdf or .png (its name's extension "
		"chooses)",
		path);
	return FALSE;
}

static const SyRenderStyle *style_of(const SyPictureOptions *o)
{
	return o->style ? o->style : sy_render_style_print();
}

/* A context that only measures text, as the pages' will. */
static cairo_t *measure_new(void)
{
	cairo_surface_t *s = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(s);

	cairo_surface_destroy(s);
	return cr;
}

/* Arrays */

/* The scene a view draws: the network's whole, or the array's without
 * its I/O (a copy sharing its parts: the renderers only read it).  No
 * selection: a picture shows no pointer's choice. */
static SyArrayScene scene_of(const SyPicturePage *page)
{
	SyArrayScene s = *page->array;

	s.selected = NULL;
	if (page->view == SY_PICTURE_ARRAY) {
		s.io = NULL;
		s.margin = SY_ARRAY_MARGIN;
	}
	return s;
}

/* Whether the page is to name the modules (if they fit). */
static gboolean names_wanted(const SyArrayScene *s, const SyPicturePage *page,
	const SyPictureOptions *o)
{
	return o->labels && page->view == SY_PICTURE_NETWORK && s->io;
}

/* Points per PE; where names are wanted, enough for them if the scene
 * then stays within NAMES_FIT points (a long 1-D array's names). */
static double unit_of(const SyArrayScene *s, gboolean names)
{
	double w, h, unit;

	sy_array_scene_size(s, &w, &h);
	unit = CLAMP(floor(UNIT_FIT / MAX(w, h)), MIN_UNIT, MAX_UNIT);
	if (names && unit < NAMES_UNIT && MAX(w, h) * NAMES_UNIT <= NAMES_FIT)
		unit = NAMES_UNIT;
	return unit;
}

static gboolean has_bottleneck(const SyArrayScene *s)
{
	double x0, y0, x1, y1;

	if (!s->bottleneck)
		return FALSE;
	if (g_str_equal(s->bottleneck, "PE"))
		return TRUE;
	return s->io &&
		sy_io_scene_family_box(
			s->io, s->bottleneck, &x0, &y0, &x1, &y1);
}

static gboolean has_fold(const SyArrayScene *s)
{
	for (guint i = 0; s->io && i < s->io->lanes->len; i++)
		if (((const SyIoLane *)g_ptr_array_index(s->io->lanes, i))
				->fold_buffer)
			return TRUE;
	return FALSE;
}

/* The legend sy_render_array draws at the top left: its lines as it
 * counts them, its width as it measures it; the page keeps a band
 * that high above the array, so that it covers nothing. */
static void legend_size(cairo_t *cr, const SyArrayScene *s,
	const SyRenderStyle *style, double *w, double *h)
{
	double size = style->font_size;
	guint lines = s->links->len + 1 + has_bottleneck(s) + has_fold(s) +
		(s->io && sy_io_scene_l2_lanes(s->io, NULL));

	*w = sy_render_text_width(cr, s->title, size, TRUE);
	for (guint i = 0; i < s->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(s->links, i);

		*w = MAX(*w,
			sy_render_text_width(cr, l->label, size, FALSE) + 22);
	}
	if (has_fold(s))
		*w = MAX(*w,
			sy_render_text_width(
				cr, SY_ARRAY_FOLD_LEGEND, size, FALSE) +
				22);
	if (s->io && sy_io_scene_l2_lanes(s->io, NULL))
		*w = MAX(*w,
			sy_render_text_width(
				cr, SY_ARRAY_L2_LEGEND, size, FALSE) +
				22);
	if (has_bottleneck(s)) {
		g_autofree char *why = g_strdup_printf(
			"%s: the bottleneck", s->bottleneck);

		*w = MAX(*w, sy_render_text_width(cr, why, size, FALSE) + 22);
	}
	*w += 28;
	*h = size * 1.6 * lines + 10 + 8;
}

/* Where an array page's parts are, points. */
typedef struct {
	double width, height; /* the picture, above the caption */
	double unit; /* points per PE */
	double x, y; /* the scene's top left */
} ArrayGeometry;

static void array_geometry(cairo_t *cr, const SyArrayScene *s,
	const SyRenderStyle *style, gboolean names, ArrayGeometry *g)
{
	double sw, sh, lw, lh;

	sy_array_scene_size(s, &sw, &sh);
	legend_size(cr, s, style, &lw, &lh);
	g->unit = unit_of(s, names);
	g->width = ceil(MAX(sw * g->unit, lw) + 2 * PAD);
	g->height = ceil(lh + sh * g->unit + 2 * PAD);
	g->x = (g->width - sw * g->unit) / 2;
	g->y = lh + PAD;
}

/* The lanes whose names are drawn: the I/O modules beside the grid
 * and in its corners (those inside the PEs share the PEs' boxes). */
static gboolean named(const SyIoLane *lane)
{
	return lane->edge != SY_EDGE_GRID && lane->count > 0;
}

static gboolean draws_names(const SyArrayScene *s, const SyPicturePage *page,
	const SyPictureOptions *o)
{
	gboolean names = names_wanted(s, page, o);

	return names && unit_of(s, names) >= NAMES_UNIT;
}

GPtrArray *sy_picture_names(
	const SyPicturePage *page, const SyPictureOptions *options)
{
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	SyArrayScene s;

	if (page->view != SY_PICTURE_ARRAY && page->view != SY_PICTURE_NETWORK)
		return names;
	s = scene_of(page);
	if (!draws_names(&s, page, options))
		return names;
	for (guint i = 0; i < s.io->lanes->len; i++) {
		const SyIoLane *lane = g_ptr_array_index(s.io->lanes, i);

		if (named(lane))
			g_ptr_array_add(names, g_strdup(lane->name));
	}
	return names;
}

/* A name's place: its plate's rectangle on the page, and whether it
 * runs along a west or east lane (turned a quarter). */
typedef struct {
	SyRect rect;
	int turn; /* 0, -1 (west: upward), 1 (east: downward) */
} NamePlace;

/* Where a lane's name may go, best first, for text w by h (plate
 * included) beside the boxes (x0, y0)-(x1, y1): outward from the grid,
 * at the lane's start, then at its end; then on its inner side. */
static guint name_places(const SyIoLane *lane, double x0, double y0,
	double x1, double y1, double w, double h, NamePlace *c)
{
	switch (lane->edge) {
	case SY_EDGE_SOUTH:
		c[0] = (NamePlace){{x0, y1 + 1, w, h}, 0};
		c[1] = (NamePlace){{x1 - w, y1 + 1, w, h}, 0};
		c[2] = (NamePlace){{x0, y0 - h - 1, w, h}, 0};
		return 3;
	case SY_EDGE_WEST:
		c[0] = (NamePlace){{x0 - 1 - h, y1 - w, h, w}, -1};
		c[1] = (NamePlace){{x0 - 1 - h, y0, h, w}, -1};
		c[2] = (NamePlace){{x1 + 1, y1 - w, h, w}, -1};
		return 3;
	case SY_EDGE_EAST:
		c[0] = (NamePlace){{x1 + 1, y0, h, w}, 1};
		c[1] = (NamePlace){{x1 + 1, y1 - w, h, w}, 1};
		c[2] = (NamePlace){{x0 - 1 - h, y0, h, w}, 1};
		return 3;
	default: /* north and the corners */
		c[0] = (NamePlace){{x0, y0 - h - 1, w, h}, 0};
		c[1] = (NamePlace){{x1 - w, y0 - h - 1, w, h}, 0};
		c[2] = (NamePlace){{x0, y1 + 1, w, h}, 0};
		return 3;
	}
}

/* text on a plate of the background's colour (lines cross under it) at
 * place. */
static void draw_plate(cairo_t *cr, const char *text, const NamePlace *p,
	double size, const SyRenderStyle *style)
{
	double w = p->turn ? p->rect.h : p->rect.w;
	double h = p->turn ? p->rect.w : p->rect.h;

	cairo_save(cr);
	if (p->turn < 0) {
		cairo_translate(cr, p->rect.x, p->rect.y + p->rect.h);
		cairo_rotate(cr, -G_PI / 2);
	} else if (p->turn > 0) {
		cairo_translate(cr, p->rect.x + p->rect.w, p->rect.y);
		cairo_rotate(cr, G_PI / 2);
	} else {
		cairo_translate(cr, p->rect.x, p->rect.y);
	}
	sy_render_rounded_rect(cr, 0, 0, w, h, 2);
	sy_render_set_color(cr, style->background, 0.85);
	cairo_fill(cr);
	sy_render_set_color(cr, style->foreground, 1);
	sy_render_text(cr, text, 2, 0, size, FALSE, FALSE);
	cairo_restore(cr);
}

/* Every named lane's name, where it covers no FIFO width label the
 * network drew and no name placed before (the first place of its
 * lane if every place does); v is the array's view (scene units). */
static void draw_names(cairo_t *cr, const SyArrayScene *s,
	const SyRenderView *v, const SyRenderStyle *style)
{
	double size = MIN(style->font_size, 0.22 * v->scale);
	/* The network's view: the grid's coordinates, PE (0, 0) at 0. */
	SyRenderView grid = *v;
	g_autoptr(GArray) labels = NULL;
	g_autoptr(GArray) taken = g_array_new(FALSE, FALSE, sizeof(SyRect));

	grid.x0 -= s->margin;
	grid.y0 -= s->margin;
	labels = sy_io_scene_labels(
		s->io, &grid, cr, sy_io_label_size(style, &grid));
	for (guint i = 0; i < labels->len; i++)
		g_array_append_val(
			taken, g_array_index(labels, SyIoLabel, i).rect);
	for (guint i = 0; i < s->io->lanes->len; i++) {
		const SyIoLane *lane = g_ptr_array_index(s->io->lanes, i);
		double x0, y0, x1, y1, w;
		NamePlace c[3];
		SyRect rects[3];
		guint n;
		int k;

		if (!named(lane) ||
			!sy_io_scene_family_box(
				s->io, lane->name, &x0, &y0, &x1, &y1))
			continue;
		w = sy_render_text_width(cr, lane->name, size, FALSE) + 4;
		/* Grid units to the page's points. */
		n = name_places(lane, sy_render_x(&grid, x0),
			sy_render_y(&grid, y0), sy_render_x(&grid, x1),
			sy_render_y(&grid, y1), w, size * 1.3, c);
		for (guint j = 0; j < n; j++)
			rects[j] = c[j].rect;
		k = MAX(sy_render_place(rects, n, taken), 0);
		draw_plate(cr, lane->name, &c[k], size, style);
		g_array_append_val(taken, c[k].rect);
	}
}

/* The view an array page draws its scene in, on a page of width x
 * height points. */
static SyRenderView array_view(const SyPicturePage *page,
	const SyPictureOptions *o, double width, double height)
{
	SyRenderStyle style = *style_of(o);
	SyArrayScene s = scene_of(page);
	cairo_t *measure = measure_new();
	ArrayGeometry g;
	SyRenderView v;

	/* PE indices with the names, else none. */
	style.labels = o->labels;
	/* Measured as sy_picture_page_size measures. */
	array_geometry(measure, &s, &style, names_wanted(&s, page, o), &g);
	cairo_destroy(measure);
	v.scale = g.unit;
	v.x0 = -g.x / g.unit;
	v.y0 = -g.y / g.unit;
	v.width = (int)width;
	v.height = (int)height;
	return v;
}

gboolean sy_picture_array_view(const SyPicturePage *page,
	const SyPictureOptions *options, SyRenderView *view)
{
	int w, h;

	if (page->view != SY_PICTURE_ARRAY && page->view != SY_PICTURE_NETWORK)
		return FALSE;
	sy_picture_page_size(page, options, &w, &h);
	*view = array_view(page, options, w, h);
	return TRUE;
}

static void draw_array(cairo_t *cr, const SyPicturePage *page,
	const SyPictureOptions *o, double width, double height)
{
	SyRenderStyle style = *style_of(o);
	SyArrayScene s = scene_of(page);
	SyRenderView v = array_view(page, o, width, height);

	style.labels = o->labels;
	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, width, height);
	cairo_clip(cr);
	sy_render_array(cr, &s, &v, &style, -1, -1);
	if (draws_names(&s, page, o))
		draw_names(cr, &s, &v, &style);
	cairo_restore(cr);
}

/* Plots */

static void draw_deps(cairo_t *cr, const SyPicturePage *page,
	const SyPictureOptions *o, double width, double height)
{
	SyDepsLayout layout;
	SyRenderView v = {1, 0, 0, 1, 1};
	double x, y, w, h;

	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, width, height);
	cairo_clip(cr);
	sy_deps_layout_init(&layout, &page->deps, cr, (int)width, (int)height);
	if (page->deps.projection && page->deps.projection->x >= 0) {
		sy_deps_plot_extent(&page->deps, &x, &y, &w, &h);
		v = sy_render_view_fit(
			w, h, (int)layout.plot.w, (int)layout.plot.h);
		v.x0 += x;
		v.y0 += y;
	}
	sy_render_deps(cr, &page->deps, &layout, &v, style_of(o));
	sy_deps_layout_clear(&layout);
	cairo_restore(cr);
}

static void draw_pareto(cairo_t *cr, const SyPicturePage *page,
	const SyPictureOptions *o, double width, double height)
{
	const SyRenderStyle *style = style_of(o);
	SyParetoLayout layout;

	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, width, height);
	cairo_clip(cr);
	sy_pareto_layout_init(&layout, page->points, page->n_points,
		page->current, page->dsp_budget, page->bram_budget, width,
		height, style->font_size * 1.1);
	sy_render_pareto(cr, &layout, page->points, page->n_points,
		page->current, page->message, style);
	cairo_restore(cr);
}

/* Pages */

/* The picture's size above the caption. */
static void picture_size(cairo_t *cr, const SyPicturePage *page,
	const SyPictureOptions *o, double *w, double *h)
{
	SyArrayScene s;
	ArrayGeometry g;

	switch (page->view) {
	case SY_PICTURE_DEPS:
		*w = DEPS_W;
		*h = DEPS_H;
		return;
	case SY_PICTURE_PARETO:
		*w = PARETO_W;
		*h = PARETO_H;
		return;
	default:
		s = scene_of(page);
		array_geometry(
			cr, &s, style_of(o), names_wanted(&s, page, o), &g);
		*w = g.width;
		*h = g.height;
		return;
	}
}

/* The caption as drawn: a number kept on the line of the word before it
 * (a space before a digit made a no-break space), so that a wrap never
 * leaves "FF" at a line's end and its count on the next. */
static char *caption_drawn(const char *caption)
{
	GString *s = g_string_sized_new(strlen(caption) + 16);

	for (const char *c = caption; *c; c++) {
		if (*c == ' ' && g_ascii_isdigit(c[1]))
			g_string_append(s, "\u00a0");
		else
			g_string_append_c(s, *c);
	}
	return g_string_free(s, FALSE);
}

/* The caption's height at width w, a rule above it included. */
static double caption_height(cairo_t *cr, const SyPicturePage *page,
	const SyPictureOptions *o, double w)
{
	double size = style_of(o)->font_size;
	g_autofree char *text = NULL;

	if (!page->caption || !*page->caption)
		return 0;
	text = caption_drawn(page->caption);
	return ceil(sy_render_text_wrapped(
			    cr, text, 0, 0, w - 2 * PAD, size, FALSE, NULL) +
		1.5 * PAD);
}

void sy_picture_page_size(const SyPicturePage *page,
	const SyPictureOptions *options, int *width, int *height)
{
	cairo_t *cr = measure_new();
	double w, h;

	picture_size(cr, page, options, &w, &h);
	*width = (int)w;
	*height = (int)(h + caption_height(cr, page, options, w));
	cairo_destroy(cr);
}

void sy_picture_draw(
	cairo_t *cr, const SyPicturePage *page, const SyPictureOptions *options)
{
	const SyRenderStyle *style = style_of(options);
	cairo_t *measure = measure_new();
	double w, h, ch;

	/* The sizes sy_picture_page_size gives, whatever cr's target. */
	picture_size(measure, page, options, &w, &h);
	ch = caption_height(measure, page, options, w);
	cairo_destroy(measure);
	cairo_save(cr);
	sy_render_set_color(cr, style->background, 1);
	cairo_rectangle(cr, 0, 0, w, h + ch);
	cairo_fill(cr);
	switch (page->view) {
	case SY_PICTURE_DEPS: draw_deps(cr, page, options, w, h); break;
	case SY_PICTURE_PARETO: draw_pareto(cr, page, options, w, h); break;
	default: draw_array(cr, page, options, w, h); break;
	}
	if (ch > 0) {
		sy_render_set_color(cr, style->muted, 1);
		cairo_set_line_width(cr, 0.75);
		cairo_move_to(cr, PAD, h + 0.5);
		cairo_line_to(cr, w - PAD, h + 0.5);
		cairo_stroke(cr);
		g_autofree char *text = caption_drawn(page->caption);

		sy_render_set_color(cr, style->foreground, 1);
		sy_render_text_wrapped(cr, text, PAD, h + PAD / 2, w - 2 * PAD,
			style->font_size, TRUE, NULL);
	}
	cairo_restore(cr);
}

/* Encoding */

static cairo_status_t append(
	void *closure, const unsigned char *data, unsigned int length)
{
	g_byte_array_append(closure, data, length);
	return CAIRO_STATUS_SUCCESS;
}

static gboolean cairo_ok(cairo_status_t status, GError **error)
{
	if (status == CAIRO_STATUS_SUCCESS)
		return TRUE;
	g_set_error(error, SY_PICTURE_ERROR, SY_PICTURE_ERROR_CAIRO,
		"the picture could not be drawn: %s",
		cairo_status_to_string(status));
	return FALSE;
}

/* A caption's first line, its title. */
static char *first_line(const char *caption)
{
	return caption ? g_strndup(caption, strcspn(caption, "\n"))
		       : g_strdup("");
}

/* Cairo's SVG draws text as glyph outlines: the caption and the names
 * drawn go in as the SVG's <title> and <desc> too, for search and
 * screen readers (and the tests). */
static GByteArray *svg_described(
	GByteArray *svg, const SyPicturePage *page, const SyPictureOptions *o)
{
	g_autoptr(GPtrArray) names = sy_picture_names(page, o);
	g_autofree char *title = first_line(page->caption);
	g_autofree char *t = g_markup_escape_text(title, -1);
	g_autofree char *d = NULL;
	GString *desc = g_string_new(page->caption ? page->caption : "");
	const char *open;
	char *end;
	GByteArray *out;
	gsize at;

	if (names->len) {
		g_string_append(desc, "\nModules named on the picture:");
		for (guint i = 0; i < names->len; i++)
			g_string_append_printf(desc, " %s",
				(const char *)g_ptr_array_index(names, i));
	}
	d = g_markup_escape_text(desc->str, -1);
	g_string_free(desc, TRUE);
	g_byte_array_append(svg, (const guint8 *)"", 1);
	open = strstr((const char *)svg->data, "<svg");
	end = open ? strchr(open, '>') : NULL;
	if (!end) {
		g_byte_array_set_size(svg, svg->len - 1);
		return svg;
	}
	at = (gsize)(end + 1 - (const char *)svg->data);
	out = g_byte_array_new();
	g_byte_array_append(out, svg->data, (guint)at);
	g_byte_array_append(out, (const guint8 *)"\n<title>", 8);
	g_byte_array_append(out, (const guint8 *)t, (guint)strlen(t));
	g_byte_array_append(out, (const guint8 *)"</title>\n<desc>", 15);
	g_byte_array_append(out, (const guint8 *)d, (guint)strlen(d));
	g_byte_array_append(out, (const guint8 *)"</desc>", 7);
	g_byte_array_append(out, svg->data + at, svg->len - 1 - (guint)at);
	g_byte_array_unref(svg);
	return out;
}

/* cr's drawing on surface done, both destroyed: bytes, what the
 * surface wrote into them, or NULL (bytes freed) where Cairo failed. */
static GByteArray *finish(cairo_t *cr, cairo_surface_t *surface,
	GByteArray *bytes, GError **error)
{
	cairo_status_t status = cairo_status(cr);

	cairo_destroy(cr);
	cairo_surface_finish(surface);
	if (status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_status(surface);
	cairo_surface_destroy(surface);
	if (!cairo_ok(status, error)) {
		g_byte_array_unref(bytes);
		return NULL;
	}
	return bytes;
}

static GByteArray *encode_svg(
	const SyPicturePage *page, const SyPictureOptions *o, GError **error)
{
	GByteArray *bytes = g_byte_array_new();
	cairo_surface_t *surface;
	cairo_t *cr;
	int w, h;

	sy_picture_page_size(page, o, &w, &h);
	surface = cairo_svg_surface_create_for_stream(append, bytes, w, h);
	cr = cairo_create(surface);
	sy_picture_draw(cr, page, o);
	if (!finish(cr, surface, bytes, error))
		return NULL;
	return svg_described(bytes, page, o);
}

static GByteArray *encode_pdf(const SyPicturePage *pages, guint n,
	const SyPictureOptions *o, GError **error)
{
	GByteArray *bytes = g_byte_array_new();
	g_autofree char *title = first_line(pages[0].caption);
	cairo_surface_t *surface;
	cairo_t *cr;
	int w, h;

	sy_picture_page_size(&pages[0], o, &w, &h);
	surface = cairo_pdf_surface_create_for_stream(append, bytes, w, h);
	/* No date: the same pages, the same bytes. */
	cairo_pdf_surface_set_metadata(
		surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
	cairo_pdf_surface_set_metadata(
		surface, CAIRO_PDF_METADATA_TITLE, title);
	cairo_pdf_surface_set_metadata(
		surface, CAIRO_PDF_METADATA_CREATOR, "Systole");
	cr = cairo_create(surface);
	for (guint i = 0; i < n; i++) {
		if (i) {
			sy_picture_page_size(&pages[i], o, &w, &h);
			cairo_pdf_surface_set_size(surface, w, h);
		}
		sy_picture_draw(cr, &pages[i], o);
		cairo_show_page(cr);
	}
	return finish(cr, surface, bytes, error);
}

cairo_surface_t *sy_picture_image(
	const SyPicturePage *page, const SyPictureOptions *options)
{
	int scale = MAX(options->scale, 1), w, h;
	cairo_surface_t *surface;
	cairo_t *cr;

	sy_picture_page_size(page, options, &w, &h);
	surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, w * scale, h * scale);
	cr = cairo_create(surface);
	cairo_scale(cr, scale, scale);
	sy_picture_draw(cr, page, options);
	cairo_destroy(cr);
	cairo_surface_flush(surface);
	return surface;
}

static GByteArray *encode_png(
	const SyPicturePage *page, const SyPictureOptions *o, GError **error)
{
	GByteArray *bytes = g_byte_array_new();
	cairo_surface_t *surface = sy_picture_image(page, o);
	cairo_status_t status = cairo_surface_status(surface);

	if (status == CAIRO_STATUS_SUCCESS)
		status = cairo_surface_write_to_png_stream(
			surface, append, bytes);
	cairo_surface_destroy(surface);
	if (!cairo_ok(status, error)) {
		g_byte_array_unref(bytes);
		return NULL;
	}
	return bytes;
}

GBytes *sy_picture_encode(const SyPicturePage *pages, guint n,
	SyPictureFormat format, const SyPictureOptions *options, GError **error)
{
	GByteArray *bytes;

	g_return_val_if_fail(n > 0, NULL);
	if (n > 1 && format != SY_PICTURE_PDF) {
		g_set_error(error, SY_PICTURE_ERROR, SY_PICTURE_ERROR_PAGES,
			"%u views make %u pages: only a .pdf holds several "
			"(one view for .svg and .png)",
			n, n);
		return NULL;
	}
	switch (format) {
	case SY_PICTURE_SVG: bytes = encode_svg(pages, options, error); break;
	case SY_PICTURE_PDF:
		bytes = encode_pdf(pages, n, options, error);
		break;
	default: bytes = encode_png(pages, options, error); break;
	}
	return bytes ? g_byte_array_free_to_bytes(bytes) : NULL;
}

gboolean sy_picture_write(const char *path, const SyPicturePage *pages, guint n,
	const SyPictureOptions *options, gboolean force, GError **error)
{
	SyPictureFormat format;
	g_autoptr(GBytes) bytes = NULL;
	gsize len;
	const char *data;

	/* What is in the way is said before the work. */
	if (!sy_picture_format_of(path, &format, error) ||
		!sy_export_file_allowed(path, force, error))
		return FALSE;
	bytes = sy_picture_encode(pages, n, format, options, error);
	if (!bytes)
		return FALSE;
	data = g_bytes_get_data(bytes, &len);
	return sy_export_write_file(path, data, len, force, error);
}

char *sy_picture_design_caption(const char *kernel, const SyArrayScene *scene,
	const char *sizes, const char *device, const SyEstimate *e,
	const char *why)
{
	g_autofree char *base = g_path_get_basename(kernel);
	g_autofree char *cycles = NULL;
	g_autofree char *dsp = NULL, *bram = NULL, *lut = NULL, *ff = NULL;
	GString *s = g_string_new(NULL);

	g_string_append_printf(
		s, "%s: dataflow %s\nSizes: %s\n", base, scene->title, sizes);
	if (!e) {
		g_string_append_printf(
			s, "%s: no estimate (%s)", device, why ? why : "none");
		return g_string_free(s, FALSE);
	}
	cycles = sy_estimate_format_count(e->cycles);
	dsp = sy_estimate_format_count(e->total.v[SY_RESOURCE_DSP]);
	bram = sy_estimate_format_count(e->total.v[SY_RESOURCE_BRAM18K]);
	lut = sy_estimate_format_count(e->total.v[SY_RESOURCE_LUT]);
	ff = sy_estimate_format_count(e->total.v[SY_RESOURCE_FF]);
	g_string_append_printf(s,
		"%s at %.0f MHz: %s cycles (%.3g \u00b5s); DSP %s, BRAM18K "
		"%s, LUT %s, FF %s",
		device, e->mhz, cycles, e->seconds * 1e6, dsp, bram, lut, ff);
	return g_string_free(s, FALSE);
}
