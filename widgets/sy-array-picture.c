#include <string.h>

#include "sy-array-picture.h"

/* Main-loop time an idle turn spends rendering (µs), and a frame: the
 * frame also lays out and draws the other widgets that changed (the
 * Sizes panel, 2 to 4 ms a step), and must stay under the 16 ms of a
 * 60 Hz frame on a loaded machine.  A picture that takes longer than a
 * frame's share is rendered by idle turns, between frames. */
#define BUDGET_US 4000
#define FRAME_BUDGET_US 2000
/* What one strip should cost (µs): a turn ends at most this much past
 * its budget. */
#define STRIP_US 2000
#define MIN_STRIP 8 /* pixels */

/* What a picture shows. */
typedef struct {
	SyArrayScene *scene; /* a reference, or NULL: no picture */
	char *selected; /* the scene's selection when it was asked for */
	char *bottleneck; /* and its bottleneck */
	SyRenderView view;
	SyRenderStyle style;
	gint64 hover_row, hover_col;
	int scale; /* the window's scale factor */
} Key;

struct _SyArrayPicture {
	GtkWidget *widget;
	/* the last complete picture, a surface like the window's */
	Key shown_key;
	cairo_surface_t *shown;
	/* the picture under way: an image, rendered down to next_y */
	Key job_key;
	cairo_surface_t *image;
	cairo_font_options_t *fonts; /* the window's, for the image's text */
	int next_y;
	int strip; /* pixels; follows the cost of the last strip */
	guint idle;
};

static void key_clear(Key *key)
{
	g_clear_pointer(&key->scene, sy_array_scene_free);
	g_clear_pointer(&key->selected, g_free);
	g_clear_pointer(&key->bottleneck, g_free);
}

static void key_set(Key *key, SyArrayScene *scene, const SyRenderView *view,
	const SyRenderStyle *style, gint64 hover_row, gint64 hover_col,
	int scale)
{
	key_clear(key);
	key->scene = sy_array_scene_ref(scene);
	key->selected = g_strdup(scene->selected);
	key->bottleneck = g_strdup(scene->bottleneck);
	key->view = *view;
	key->style = *style;
	key->hover_row = hover_row;
	key->hover_col = hover_col;
	key->scale = scale;
}

static gboolean same_rgb(SyRgb a, SyRgb b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b;
}

/* Field by field: a struct's padding is not compared. */
static gboolean same_style(const SyRenderStyle *a, const SyRenderStyle *b)
{
	return same_rgb(a->background, b->background) &&
		same_rgb(a->foreground, b->foreground) &&
		same_rgb(a->pe_fill, b->pe_fill) &&
		same_rgb(a->pe_border, b->pe_border) &&
		same_rgb(a->muted, b->muted) &&
		same_rgb(a->accent, b->accent) &&
		same_rgb(a->warning, b->warning) &&
		same_rgb(a->error, b->error) && a->palette == b->palette &&
		a->n_palette == b->n_palette &&
		a->font_size == b->font_size && a->labels == b->labels;
}

static gboolean same_view(const SyRenderView *a, const SyRenderView *b)
{
	return a->scale == b->scale && a->x0 == b->x0 && a->y0 == b->y0 &&
		a->width == b->width && a->height == b->height;
}

/* Whether the picture of key is the one asked for; the scene's
 * reference keeps its address from being reused. */
static gboolean key_matches(const Key *key, const SyArrayScene *scene,
	const SyRenderView *view, const SyRenderStyle *style,
	gint64 hover_row, gint64 hover_col, int scale)
{
	return key->scene == scene &&
		g_strcmp0(key->selected, scene->selected) == 0 &&
		g_strcmp0(key->bottleneck, scene->bottleneck) == 0 &&
		same_view(&key->view, view) && same_style(&key->style, style) &&
		key->hover_row == hover_row && key->hover_col == hover_col &&
		key->scale == scale;
}

SyArrayPicture *sy_array_picture_new(GtkWidget *widget)
{
	SyArrayPicture *picture = g_new0(SyArrayPicture, 1);

	picture->widget = widget;
	return picture;
}

static void drop_job(SyArrayPicture *picture)
{
	key_clear(&picture->job_key);
	g_clear_pointer(&picture->image, cairo_surface_destroy);
	g_clear_pointer(&picture->fonts, cairo_font_options_destroy);
	if (picture->idle) {
		g_source_remove(picture->idle);
		picture->idle = 0;
	}
}

void sy_array_picture_clear(SyArrayPicture *picture)
{
	drop_job(picture);
	key_clear(&picture->shown_key);
	g_clear_pointer(&picture->shown, cairo_surface_destroy);
}

void sy_array_picture_free(SyArrayPicture *picture)
{
	if (!picture)
		return;
	sy_array_picture_clear(picture);
	g_free(picture);
}

void sy_array_picture_restart(SyArrayPicture *picture)
{
	drop_job(picture);
}

static void start_job(SyArrayPicture *picture, cairo_t *cr,
	SyArrayScene *scene, const SyRenderView *view,
	const SyRenderStyle *style, gint64 hover_row, gint64 hover_col)
{
	int scale = gtk_widget_get_scale_factor(picture->widget);

	key_set(&picture->job_key, scene, view, style, hover_row, hover_col,
		scale);
	/* In the process's memory: an image like the window's (shared
	 * with the X server) costs a round trip to it. */
	picture->image = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
		view->width * scale, view->height * scale);
	cairo_surface_set_device_scale(picture->image, scale, scale);
	/* Text as the window would draw it (antialiasing, hinting). */
	picture->fonts = cairo_font_options_create();
	cairo_surface_get_font_options(cairo_get_target(cr), picture->fonts);
	picture->next_y = 0;
	/* Scenes differ: each picture starts with a thin strip. */
	picture->strip = MIN_STRIP * 4;
}

/* One strip of the picture under way. */
static void render_strip(SyArrayPicture *picture)
{
	const Key *key = &picture->job_key;
	cairo_t *cr = cairo_create(picture->image);
	int h = MIN(picture->strip, key->view.height - picture->next_y);
	gint64 start = g_get_monotonic_time();
	gint64 spent;

	cairo_set_font_options(cr, picture->fonts);
	cairo_rectangle(cr, 0, picture->next_y, key->view.width, h);
	cairo_clip(cr);
	sy_render_array(cr, key->scene, &key->view, &key->style,
		key->hover_row, key->hover_col);
	cairo_destroy(cr);
	picture->next_y += h;
	/* The next strip's height, for STRIP_US at this strip's cost. */
	spent = MAX(g_get_monotonic_time() - start, 1);
	picture->strip = (int)CLAMP(
		(gint64)h * STRIP_US / spent, MIN_STRIP, 2 * (gint64)h);
}

/* The picture under way becomes the one shown, copied once into a
 * surface like the window's (painting it again is then a copy there). */
static void finish_job(SyArrayPicture *picture)
{
	GdkWindow *window = gtk_widget_get_window(picture->widget);
	const SyRenderView *v = &picture->job_key.view;
	cairo_t *cr;

	cairo_surface_flush(picture->image);
	g_clear_pointer(&picture->shown, cairo_surface_destroy);
	picture->shown = gdk_window_create_similar_surface(
		window, CAIRO_CONTENT_COLOR, v->width, v->height);
	cr = cairo_create(picture->shown);
	cairo_set_source_surface(cr, picture->image, 0, 0);
	cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
	cairo_paint(cr);
	cairo_destroy(cr);
	key_clear(&picture->shown_key);
	picture->shown_key = picture->job_key;
	memset(&picture->job_key, 0, sizeof picture->job_key);
	g_clear_pointer(&picture->image, cairo_surface_destroy);
	g_clear_pointer(&picture->fonts, cairo_font_options_destroy);
}

/* Strips of the picture under way for budget µs; TRUE when it is
 * complete (and shown). */
static gboolean render_slice(SyArrayPicture *picture, gint64 budget)
{
	gint64 end = g_get_monotonic_time() + budget;

	do
		render_strip(picture);
	while (picture->next_y < picture->job_key.view.height &&
		g_get_monotonic_time() < end);
	if (picture->next_y < picture->job_key.view.height)
		return FALSE;
	finish_job(picture);
	return TRUE;
}

/* Idle turns go on with the picture under way; a complete one is
 * painted by the next frame (which starts the newest if the view has
 * moved on). */
static gboolean render_idle(gpointer data)
{
	SyArrayPicture *picture = data;

	if (!render_slice(picture, BUDGET_US))
		return G_SOURCE_CONTINUE;
	picture->idle = 0;
	gtk_widget_queue_draw(picture->widget);
	return G_SOURCE_REMOVE;
}

gboolean sy_array_picture_paint(SyArrayPicture *picture, cairo_t *cr,
	SyArrayScene *scene, const SyRenderView *view,
	const SyRenderStyle *style, gint64 hover_row, gint64 hover_col)
{
	int scale = gtk_widget_get_scale_factor(picture->widget);
	gboolean wanted = picture->shown &&
		key_matches(&picture->shown_key, scene, view, style, hover_row,
			hover_col, scale);

	if (!wanted && view->width > 0 && view->height > 0) {
		if (!picture->image)
			start_job(picture, cr, scene, view, style, hover_row,
				hover_col);
		/* A slice now, unless idle turns are at it already. */
		if (!picture->idle &&
			render_slice(picture, FRAME_BUDGET_US)) {
			wanted = key_matches(&picture->shown_key, scene, view,
				style, hover_row, hover_col, scale);
			/* What was under way was older: the newest next. */
			if (!wanted)
				start_job(picture, cr, scene, view, style,
					hover_row, hover_col);
		}
		if (picture->image && !picture->idle)
			picture->idle = g_idle_add(render_idle, picture);
	}
	/* Where the last picture does not reach (none yet, or smaller):
	 * the background. */
	if (!picture->shown ||
		picture->shown_key.view.width < view->width ||
		picture->shown_key.view.height < view->height) {
		sy_render_set_color(cr, style->background, 1);
		cairo_paint(cr);
	}
	if (picture->shown) {
		cairo_set_source_surface(cr, picture->shown, 0, 0);
		cairo_paint(cr);
	}
	return wanted;
}
