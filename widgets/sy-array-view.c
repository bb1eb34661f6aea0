#include <math.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "sy-array-view.h"
#include "sy-view-nav.h"
#include "sy-view-style.h"

#define MAX_SCALE 400.0 /* pixels per PE */
#define MIN_SCALE 1e-4

/* A scene shared by the view and the pictures of it being drawn on the
 * render thread (g_atomic_rc_box: the last reference frees it). */
typedef struct {
	SyArrayScene *scene;
} Shared;

/* What a picture shows: drawn again when any of it changes. */
typedef struct {
	Shared *shared;
	SyRenderView view;
	const SyRenderStyle *theme; /* sy_view_style_for's */
	gboolean labels;
	char *selected;
} Key;

/* A picture: drawn on the render thread from its key, then painted by
 * the main thread as long as its key is the view's. */
typedef struct {
	Key key;
	cairo_surface_t *surface; /* NULL until drawn */
} Picture;

struct _SyArrayView {
	GtkDrawingArea parent_instance;

	SyArrayScene *scene; /* shared->scene */
	Shared *shared;
	SyViewNav nav; /* its view: PE units to pixels */
	gboolean labels;
	gint64 hover_row, hover_col;
	char *selected; /* a module family, "PE", or NULL */
	Picture *picture; /* the newest drawn, or NULL */
	Picture *drawing; /* on the render thread, or NULL */
	gboolean current; /* the last frame painted the picture wanted */
};

enum { MODULE_SELECTED, N_SIGNALS };

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(SyArrayView, sy_array_view, GTK_TYPE_DRAWING_AREA)

/* Pictures */

static void shared_clear(gpointer data)
{
	sy_array_scene_free(((Shared *)data)->scene);
}

static void shared_unref(Shared *shared)
{
	if (shared)
		g_atomic_rc_box_release_full(shared, shared_clear);
}

static void picture_free(Picture *p)
{
	if (!p)
		return;
	shared_unref(p->key.shared);
	g_free(p->key.selected);
	if (p->surface)
		cairo_surface_destroy(p->surface);
	g_free(p);
}

static gboolean same_key(const Key *a, const Key *b)
{
	return a->shared == b->shared && a->theme == b->theme &&
		a->labels == b->labels && a->view.scale == b->view.scale &&
		a->view.x0 == b->view.x0 && a->view.y0 == b->view.y0 &&
		a->view.width == b->view.width &&
		a->view.height == b->view.height &&
		g_strcmp0(a->selected, b->selected) == 0;
}

/* The render thread: pictures are drawn there with the pure renderer,
 * off the main loop (a 64 x 64 grid with its network takes 10 to 40 ms,
 * more than a frame).  The scene is read only (the view never changes
 * one once set); the selection is the key's. */
static void picture_draw(Picture *p)
{
	SyArrayScene scene = *p->key.shared->scene;
	SyRenderStyle style = *p->key.theme;
	cairo_t *cr;

	scene.selected = p->key.selected;
	style.labels = p->key.labels;
	p->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
		MAX(p->key.view.width, 1), MAX(p->key.view.height, 1));
	cr = cairo_create(p->surface);
	sy_render_array(cr, &scene, &p->key.view, &style, -1, -1);
	cairo_destroy(cr);
	cairo_surface_flush(p->surface);
}

static void render_run(GTask *task, gpointer source, gpointer data,
	GCancellable *cancellable)
{
	(void)source;
	(void)cancellable;
	picture_draw(data);
	g_task_return_boolean(task, TRUE);
}

/* One thread, kept: Pango keeps a font map per thread.  Below the main
 * thread, which only paints the pictures it makes. */
static void render_thread(gpointer data, gpointer user)
{
	GTask *task = data;
	static gboolean niced;

	(void)user;
	if (!niced) {
#ifdef __linux__
		setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 5);
#endif
		niced = TRUE;
	}
	render_run(task, g_task_get_source_object(task),
		g_task_get_task_data(task), NULL);
	g_object_unref(task);
}

static GThreadPool *render_pool(void)
{
	static GThreadPool *pool;

	if (g_once_init_enter(&pool))
		g_once_init_leave(&pool,
			g_thread_pool_new(render_thread, NULL, 1, TRUE, NULL));
	return pool;
}

/* A picture drawn: the newest, painted at the next frame.  The task
 * holds the view until then. */
static void picture_drawn(GObject *source, GAsyncResult *res, gpointer data)
{
	SyArrayView *self = SY_ARRAY_VIEW(source);
	Picture *p = g_task_get_task_data(G_TASK(res));

	(void)data;
	self->drawing = NULL;
	picture_free(self->picture);
	self->picture = p;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* One picture on the render thread at a time: a newer key waits for
 * the frame after it (steps faster than pictures skip pictures). */
static void picture_request(SyArrayView *self, const Key *key)
{
	Picture *p;
	GTask *task;

	if (self->drawing)
		return;
	p = g_new0(Picture, 1);
	p->key = *key;
	p->key.shared = g_atomic_rc_box_acquire(key->shared);
	p->key.selected = g_strdup(key->selected);
	self->drawing = p;
	/* The picture is the view's again in picture_drawn, which always
	 * runs (the task holds the view). */
	task = g_task_new(self, NULL, picture_drawn, NULL);
	g_task_set_task_data(task, p, NULL);
	g_thread_pool_push(render_pool(), task, NULL);
}

/* The last picture, moved and scaled to the view asked for (a pan or
 * a zoom follows at once, sharp again when its own picture comes). */
static void picture_paint(
	cairo_t *cr, const Picture *p, const SyRenderView *v)
{
	const SyRenderView *o = &p->key.view;
	double k = v->scale / o->scale;

	if (!(k > 0) || !isfinite(k))
		return;
	cairo_save(cr);
	cairo_translate(cr, (o->x0 - v->x0) * v->scale,
		(o->y0 - v->y0) * v->scale);
	cairo_scale(cr, k, k);
	cairo_set_source_surface(cr, p->surface, 0, 0);
	cairo_paint(cr);
	cairo_restore(cr);
}

static void fit(SyArrayView *self)
{
	double w, h;
	int width = gtk_widget_get_allocated_width(GTK_WIDGET(self));
	int height = gtk_widget_get_allocated_height(GTK_WIDGET(self));

	if (!self->scene)
		return;
	sy_array_scene_size(self->scene, &w, &h);
	self->nav.view = sy_render_view_fit(
		w, h, MAX(width, 1), MAX(height, 1));
}

/* The main thread paints the newest picture and the hover on it; a
 * picture of what changed is drawn on the render thread. */
static gboolean sy_array_view_draw(GtkWidget *widget, cairo_t *cr)
{
	SyArrayView *self = SY_ARRAY_VIEW(widget);
	const SyRenderStyle *theme = sy_view_style_for(widget);
	SyRenderStyle style = *theme;
	Key key;

	style.labels = self->labels;
	sy_render_set_color(cr, style.background, 1);
	cairo_paint(cr);
	self->current = !self->scene;
	if (!self->scene)
		return GDK_EVENT_PROPAGATE;
	if (self->nav.auto_fit)
		fit(self);
	self->nav.view.width = gtk_widget_get_allocated_width(widget);
	self->nav.view.height = gtk_widget_get_allocated_height(widget);
	key = (Key){self->shared, self->nav.view, theme, self->labels,
		self->selected};
	/* Not laid out yet, or an empty scene: nothing to draw. */
	if (!(key.view.scale > 0) || key.view.width < 1 ||
		key.view.height < 1)
		return GDK_EVENT_PROPAGATE;
	if (self->picture && same_key(&self->picture->key, &key)) {
		self->current = TRUE;
		cairo_set_source_surface(cr, self->picture->surface, 0, 0);
		cairo_paint(cr);
		sy_render_array_hover(cr, self->scene, &self->nav.view, &style,
			self->hover_row, self->hover_col);
		return GDK_EVENT_PROPAGATE;
	}
	/* Until its picture comes, the last one (the last array stays
	 * drawn while new sizes are built). */
	if (self->picture)
		picture_paint(cr, self->picture, &self->nav.view);
	if (!self->drawing || !same_key(&self->drawing->key, &key))
		picture_request(self, &key);
	return GDK_EVENT_PROPAGATE;
}

static gboolean ready(GtkWidget *widget)
{
	return SY_ARRAY_VIEW(widget)->scene != NULL;
}

/* A click (a drag that hardly moved) selects the module family or the
 * PEs under it. */
static void on_release(
	GtkWidget *widget, GtkGestureDrag *drag, double dx, double dy)
{
	SyArrayView *self = SY_ARRAY_VIEW(widget);
	double x, y;
	const char *name;
	gint64 row, col;

	if (!self->scene || hypot(dx, dy) > 4 ||
		!gtk_gesture_drag_get_start_point(drag, &x, &y))
		return;
	name = sy_array_scene_hit_module(self->scene, &self->nav.view, x, y);
	if (!name &&
		sy_array_scene_hit(
			self->scene, &self->nav.view, x, y, &row, &col) &&
		self->scene->io)
		name = "PE";
	if (!name)
		return;
	sy_array_view_select(self, name);
	g_signal_emit(self, signals[MODULE_SELECTED], 0, name);
}

static void set_hover(SyArrayView *self, gint64 row, gint64 col)
{
	if (row == self->hover_row && col == self->hover_col)
		return;
	self->hover_row = row;
	self->hover_col = col;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void on_motion(GtkWidget *widget, double x, double y)
{
	SyArrayView *self = SY_ARRAY_VIEW(widget);
	gint64 row, col;

	if (self->scene &&
		sy_array_scene_hit(
			self->scene, &self->nav.view, x, y, &row, &col))
		set_hover(self, row, col);
	else
		set_hover(self, -1, -1);
}

static void on_leave(GtkWidget *widget)
{
	set_hover(SY_ARRAY_VIEW(widget), -1, -1);
}

static const SyViewNavHooks nav_hooks = {
	.ready = ready,
	.release = on_release,
	.motion = on_motion,
	.leave = on_leave,
};

static gboolean sy_array_view_query_tooltip(
	GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
	SyArrayView *self = SY_ARRAY_VIEW(widget);
	g_autofree char *text = NULL;
	gint64 row, col;

	const char *module;

	(void)keyboard;
	if (!self->scene)
		return FALSE;
	module = sy_array_scene_hit_module(self->scene, &self->nav.view, x, y);
	if (module) {
		text = sy_array_scene_describe_module(self->scene, module);
		gtk_tooltip_set_text(tooltip, text);
		return TRUE;
	}
	if (!sy_array_scene_hit(self->scene, &self->nav.view, x, y, &row, &col))
		return FALSE;
	text = sy_array_scene_describe(self->scene, row, col);
	gtk_tooltip_set_text(tooltip, text);
	return TRUE;
}

static void sy_array_view_finalize(GObject *object)
{
	SyArrayView *self = SY_ARRAY_VIEW(object);

	shared_unref(self->shared);
	picture_free(self->picture);
	g_free(self->selected);
	sy_view_nav_clear(&self->nav);
	G_OBJECT_CLASS(sy_array_view_parent_class)->finalize(object);
}

static void sy_array_view_class_init(SyArrayViewClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->finalize = sy_array_view_finalize;
	widget_class->draw = sy_array_view_draw;
	widget_class->query_tooltip = sy_array_view_query_tooltip;
	signals[MODULE_SELECTED] = g_signal_new("module-selected",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
	gtk_widget_class_set_css_name(widget_class, "arrayview");
}

static void sy_array_view_init(SyArrayView *self)
{
	self->labels = TRUE;
	self->hover_row = self->hover_col = -1;
	sy_view_nav_init(
		&self->nav, GTK_WIDGET(self), &nav_hooks, MIN_SCALE, MAX_SCALE);
}

GtkWidget *sy_array_view_new(void)
{
	return g_object_new(SY_TYPE_ARRAY_VIEW, NULL);
}

static gboolean same_array(const SyArrayScene *a, const SyArrayScene *b)
{
	return a && b && a->rows == b->rows && a->cols == b->cols &&
		a->n_dims == b->n_dims && a->margin == b->margin;
}

void sy_array_view_set_scene(SyArrayView *self, SyArrayScene *scene)
{
	gboolean keep = same_array(self->scene, scene);

	shared_unref(self->shared);
	self->shared = NULL;
	self->scene = scene;
	if (scene) {
		self->shared = g_atomic_rc_box_new0(Shared);
		self->shared->scene = scene;
	}
	self->hover_row = self->hover_col = -1;
	if (!keep) {
		self->nav.auto_fit = TRUE;
		fit(self);
	}
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

const SyArrayScene *sy_array_view_get_scene(SyArrayView *self)
{
	return self->scene;
}

void sy_array_view_set_labels(SyArrayView *self, gboolean labels)
{
	self->labels = labels;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* Fitted at once, not at the next draw: the scale is read back. */
void sy_array_view_zoom(SyArrayView *self, int step)
{
	sy_view_nav_step(&self->nav, step,
		gtk_widget_get_allocated_width(GTK_WIDGET(self)) / 2.0,
		gtk_widget_get_allocated_height(GTK_WIDGET(self)) / 2.0);
	if (step == 0)
		fit(self);
}

double sy_array_view_get_scale(SyArrayView *self)
{
	return self->nav.view.scale;
}

void sy_array_view_select(SyArrayView *self, const char *name)
{
	g_free(self->selected);
	self->selected = g_strdup(name);
	/* Drawn from the picture's key: the scene, which the render
	 * thread may be reading, is never changed once set. */
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

const char *sy_array_view_get_selected(SyArrayView *self)
{
	return self->selected;
}

gboolean sy_array_view_is_current(SyArrayView *self)
{
	return self->current;
}
