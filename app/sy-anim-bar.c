/* The animation bar: a run recorded off the main thread, then shown a
 * cycle at a time through the array view's frame (render-anim.h). */
#include "sy-anim-bar.h"

#include "model/device.h"
#include "model/model.h"
#include "render-anim.h"
#include "sim/sim-timeline.h"

struct _SyAnimBar {
	GtkBox parent_instance;

	/* template children */
	GtkAdjustment *time;
	GtkSpinButton *speed;
	GtkLabel *label;

	SyPipeline *pipeline; /* kept */
	SyArrayView *view;
	GSimpleAction *play, *step;
	guint serial; /* of the design on show: a run of an older one is
			 dropped */
	GCancellable *cancellable; /* the run under way, or NULL */
	SySimTimeline *tl; /* the run, or NULL */
	SyAnim *anim; /* tl over scene */
	SyArrayScene *scene; /* the view's, referenced */
	gint64 cycle;
	double at; /* the cycle playing reached, fractional */
	gint64 last_time; /* the frame clock's, at the last tick (0: none) */
	guint tick_id;
	gboolean moving; /* setting the slider, not the user */
};

G_DEFINE_FINAL_TYPE(SyAnimBar, sy_anim_bar, GTK_TYPE_BOX)

/* The label, ellipsized to keep the window's least width (a refusal
 * is long): the whole text in its tooltip. */
static void set_text(SyAnimBar *self, const char *text)
{
	gtk_label_set_text(self->label, text);
	gtk_widget_set_tooltip_text(GTK_WIDGET(self->label), text);
}

static void stop_ticking(SyAnimBar *self)
{
	if (self->tick_id)
		gtk_widget_remove_tick_callback(
			GTK_WIDGET(self), self->tick_id);
	self->tick_id = 0;
	self->last_time = 0;
}

static void set_playing(SyAnimBar *self, gboolean playing)
{
	g_simple_action_set_state(self->play, g_variant_new_boolean(playing));
	if (!playing)
		stop_ticking(self);
}

static gboolean is_playing(SyAnimBar *self)
{
	g_autoptr(GVariant) state = g_action_get_state(G_ACTION(self->play));

	return g_variant_get_boolean(state);
}

/* The frame of the current cycle on the view; the animation made
 * again for a scene the view has replaced (same design, new sizes of
 * its drawing). */
static void show_cycle(SyAnimBar *self)
{
	SyArrayScene *scene = (SyArrayScene *)sy_array_view_get_scene(
		self->view);
	g_autofree char *text = NULL;

	if (!self->tl || !scene)
		return;
	if (scene != self->scene) {
		g_clear_pointer(&self->anim, sy_anim_free);
		sy_array_scene_free(self->scene);
		self->scene = sy_array_scene_ref(scene);
		self->anim = sy_anim_new(scene, self->tl);
	}
	sy_array_view_set_frame(
		self->view, sy_anim_frame(self->anim, self->cycle));
	self->moving = TRUE;
	gtk_adjustment_set_value(self->time, (double)self->cycle);
	self->moving = FALSE;
	text = g_strdup_printf("cycle %" G_GINT64_FORMAT
			       " of %" G_GINT64_FORMAT,
		self->cycle, sy_anim_cycles(self->anim));
	set_text(self, text);
}

/* Drops the run (a new design, or none). */
static void drop_run(SyAnimBar *self)
{
	set_playing(self, FALSE);
	if (self->cancellable)
		g_cancellable_cancel(self->cancellable);
	g_clear_object(&self->cancellable);
	g_clear_pointer(&self->anim, sy_anim_free);
	g_clear_pointer(&self->scene, sy_array_scene_free);
	g_clear_pointer(&self->tl, sy_sim_timeline_free);
	self->cycle = 0;
	self->at = 0;
	self->serial++;
	self->moving = TRUE;
	gtk_adjustment_set_upper(self->time, 0);
	gtk_adjustment_set_value(self->time, 0);
	self->moving = FALSE;
	if (self->view)
		sy_array_view_set_frame(self->view, NULL);
	set_text(self, "Play simulates the design");
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
	SyAnimBar *self = SY_ANIM_BAR(widget);
	gint64 now = gdk_frame_clock_get_frame_time(clock);
	gint64 cycles = sy_sim_timeline_result(self->tl)->cycles;

	(void)data;
	if (self->last_time)
		self->at += gtk_spin_button_get_value(self->speed) *
			(double)(now - self->last_time) / G_USEC_PER_SEC;
	self->last_time = now;
	self->cycle = MIN((gint64)self->at, cycles);
	show_cycle(self);
	if (self->cycle < cycles)
		return G_SOURCE_CONTINUE;
	/* The end: paused there. */
	self->tick_id = 0;
	self->last_time = 0;
	g_simple_action_set_state(self->play, g_variant_new_boolean(FALSE));
	return G_SOURCE_REMOVE;
}

static void start_ticking(SyAnimBar *self)
{
	gint64 cycles = sy_sim_timeline_result(self->tl)->cycles;

	if (self->tick_id)
		return;
	/* Played to the end: again from the start. */
	if (self->cycle >= cycles)
		self->cycle = 0;
	self->at = (double)self->cycle;
	self->tick_id = gtk_widget_add_tick_callback(
		GTK_WIDGET(self), tick, NULL, NULL);
}

/* The run recorded: the worker's side, the SySim (no isl) its own. */
static void record_thread(
	GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
	GError *error = NULL;
	SySimTimeline *tl;

	(void)source;
	tl = sy_sim_timeline_record(data, 0, cancellable, &error);
	if (tl)
		g_task_return_pointer(
			task, tl, (GDestroyNotify)sy_sim_timeline_free);
	else
		g_task_return_error(task, error);
}

static void recorded(GObject *source, GAsyncResult *result, gpointer data)
{
	SyAnimBar *self = SY_ANIM_BAR(source);
	guint serial = GPOINTER_TO_UINT(data);
	GError *error = NULL;
	SySimTimeline *tl = g_task_propagate_pointer(G_TASK(result), &error);
	gint64 cycles;

	if (serial != self->serial || !self->view) {
		/* Of a design gone, or the bar is. */
		sy_sim_timeline_free(tl);
		g_clear_error(&error);
		return;
	}
	g_clear_object(&self->cancellable);
	if (!tl) {
		set_playing(self, FALSE);
		set_text(self, error->message);
		g_clear_error(&error);
		return;
	}
	self->tl = tl;
	cycles = sy_sim_timeline_result(tl)->cycles;
	gtk_adjustment_set_upper(self->time, (double)cycles);
	/* The whole run in about ten seconds. */
	gtk_spin_button_set_value(self->speed, MAX(1, cycles / 10));
	self->cycle = 0;
	show_cycle(self);
	if (is_playing(self))
		start_ticking(self);
}

/* Builds the simulator's graph of the design on show (here: it reads
 * the design in the pipeline's context) and records its run on a
 * worker.  FALSE with the reason shown where it cannot. */
static gboolean record(SyAnimBar *self)
{
	const SyDesign *design = sy_pipeline_get_design(self->pipeline);
	g_autoptr(SyDevice) device = NULL;
	g_autoptr(GTask) task = NULL;
	GError *error = NULL;
	SyModelTarget target;
	SySim *sim = NULL;

	if (self->cancellable)
		return TRUE;
	if (!design) {
		set_text(self, "No design to simulate");
		return FALSE;
	}
	device = sy_device_lookup(
		sy_pipeline_get_device(self->pipeline), &error);
	if (device) {
		sy_model_target(design, device, 0, &target);
		sim = sy_sim_design_build(
			design, &target, SY_SIM_TIMELINE_MAX_EVENTS, &error);
	}
	if (!device || !sim) {
		set_text(self, error->message);
		g_clear_error(&error);
		return FALSE;
	}
	self->cancellable = g_cancellable_new();
	task = g_task_new(self, self->cancellable, recorded,
		GUINT_TO_POINTER(self->serial));
	g_task_set_task_data(task, sim, (GDestroyNotify)sy_sim_free);
	g_task_run_in_thread(task, record_thread);
	set_text(self, "Simulating\u2026");
	return TRUE;
}

static void play_changed(GSimpleAction *action, GVariant *state, gpointer data)
{
	SyAnimBar *self = data;
	gboolean on = g_variant_get_boolean(state);

	g_simple_action_set_state(action, state);
	if (!on)
		stop_ticking(self);
	else if (self->tl)
		start_ticking(self);
	else if (!record(self))
		g_simple_action_set_state(action, g_variant_new_boolean(FALSE));
}

static void step_activated(
	GSimpleAction *action, GVariant *parameter, gpointer data)
{
	SyAnimBar *self = data;

	(void)action;
	(void)parameter;
	set_playing(self, FALSE);
	if (!self->tl) {
		record(self);
		return;
	}
	if (self->cycle < sy_sim_timeline_result(self->tl)->cycles)
		self->cycle++;
	show_cycle(self);
}

static void slider_moved(GtkAdjustment *time, SyAnimBar *self)
{
	if (self->moving || !self->tl)
		return;
	self->cycle = (gint64)gtk_adjustment_get_value(time);
	self->at = (double)self->cycle;
	show_cycle(self);
}

static void design_changed(
	GObject *pipeline, GParamSpec *pspec, SyAnimBar *self)
{
	(void)pipeline;
	(void)pspec;
	drop_run(self);
}

void sy_anim_bar_attach(SyAnimBar *self, SyPipeline *pipeline,
	SyArrayView *view, GActionMap *actions)
{
	self->pipeline = g_object_ref(pipeline);
	self->view = view;
	self->play = g_simple_action_new_stateful(
		"anim-play", NULL, g_variant_new_boolean(FALSE));
	self->step = g_simple_action_new("anim-step", NULL);
	g_signal_connect(
		self->play, "change-state", G_CALLBACK(play_changed), self);
	g_signal_connect(
		self->step, "activate", G_CALLBACK(step_activated), self);
	g_action_map_add_action(actions, G_ACTION(self->play));
	g_action_map_add_action(actions, G_ACTION(self->step));
	g_signal_connect_object(pipeline, "notify::design",
		G_CALLBACK(design_changed), self, 0);
}

gint64 sy_anim_bar_get_cycles(SyAnimBar *self)
{
	return self->tl ? sy_sim_timeline_result(self->tl)->cycles : -1;
}

gint64 sy_anim_bar_get_cycle(SyAnimBar *self)
{
	return self->cycle;
}

gboolean sy_anim_bar_is_recording(SyAnimBar *self)
{
	return self->cancellable != NULL;
}

const char *sy_anim_bar_get_text(SyAnimBar *self)
{
	return gtk_label_get_text(self->label);
}

static void sy_anim_bar_dispose(GObject *object)
{
	SyAnimBar *self = SY_ANIM_BAR(object);

	stop_ticking(self);
	/* A run under way ends on its own; its result is dropped. */
	if (self->cancellable)
		g_cancellable_cancel(self->cancellable);
	g_clear_object(&self->cancellable);
	self->serial++;
	self->view = NULL;
	g_clear_pointer(&self->anim, sy_anim_free);
	g_clear_pointer(&self->scene, sy_array_scene_free);
	g_clear_pointer(&self->tl, sy_sim_timeline_free);
	g_clear_object(&self->play);
	g_clear_object(&self->step);
	g_clear_object(&self->pipeline);
	G_OBJECT_CLASS(sy_anim_bar_parent_class)->dispose(object);
}

static void sy_anim_bar_class_init(SyAnimBarClass *klass)
{
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	G_OBJECT_CLASS(klass)->dispose = sy_anim_bar_dispose;
	gtk_widget_class_set_template_from_resource(
		widget_class, "/org/systole/Systole/sy-anim-bar.ui");
	gtk_widget_class_bind_template_child(widget_class, SyAnimBar, time);
	gtk_widget_class_bind_template_child(widget_class, SyAnimBar, speed);
	gtk_widget_class_bind_template_child(widget_class, SyAnimBar, label);
}

static void sy_anim_bar_init(SyAnimBar *self)
{
	gtk_widget_init_template(GTK_WIDGET(self));
	g_signal_connect(
		self->time, "value-changed", G_CALLBACK(slider_moved), self);
}
