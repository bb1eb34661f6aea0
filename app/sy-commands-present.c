/* Presentation mode (issue 15): win.present, a boolean state, F5.  The
 * window goes full screen with the views alone (the editor, the side
 * panel, the estimate below the views and the export bar hidden: the
 * array takes the screen), its text and the views' larger
 * (the style class SY_VIEW_STYLE_PRESENTING, sy-view-style.h); Left
 * and Right step through the dataflows, Up and Down through the
 * Explore page's designs (the best first); F5 or Escape leaves, and
 * what was hidden comes back as it was. */
#include "sy-view-style.h"
#include "sy-window-private.h"

/* The larger text of the window's own widgets while it presents. */
static const char present_css[] =
	"." SY_VIEW_STYLE_PRESENTING " { font-size: 1.5em; }";

/* The widgets presentation mode hides: the editor's column, the side
 * panel, the estimate, the export bar. */
static void hidden_widgets(SyWindow *self, GtkWidget *hide[SY_PRESENT_HIDDEN])
{
	GtkWidget *inner = gtk_paned_get_child2(self->outer_paned);

	hide[0] = gtk_paned_get_child1(self->outer_paned);
	hide[1] = GTK_IS_PANED(inner) ? gtk_paned_get_child2(GTK_PANED(inner))
				      : NULL;
	hide[2] = GTK_WIDGET(self->estimate_panel);
	hide[3] = GTK_WIDGET(self->export_bar);
}

static void set_presenting(SyWindow *self, gboolean on)
{
	GtkStyleContext *context =
		gtk_widget_get_style_context(GTK_WIDGET(self));
	GtkWidget *hide[SY_PRESENT_HIDDEN];

	if (self->presenting == on)
		return;
	hidden_widgets(self, hide);
	for (guint k = 0; k < SY_PRESENT_HIDDEN; k++) {
		if (!hide[k])
			continue;
		if (on)
			self->present_shown[k] = gtk_widget_get_visible(hide[k]);
		gtk_widget_set_visible(hide[k], !on && self->present_shown[k]);
	}
	self->presenting = on;
	if (on) {
		gtk_style_context_add_class(context, SY_VIEW_STYLE_PRESENTING);
		gtk_window_fullscreen(GTK_WINDOW(self));
	} else {
		gtk_style_context_remove_class(
			context, SY_VIEW_STYLE_PRESENTING);
		gtk_window_unfullscreen(GTK_WINDOW(self));
	}
	/* The views' text changed size: fitted again, redrawn. */
	g_action_group_activate_action(G_ACTION_GROUP(self), "zoom-fit", NULL);
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void present_changed(
	GSimpleAction *action, GVariant *state, gpointer user)
{
	set_presenting(user, g_variant_get_boolean(state));
	g_simple_action_set_state(action, state);
}

/* The Explore page's design step from the one shown (none yet: the
 * first), within the result's designs. */
static void step_design(SyWindow *self, int step)
{
	const SyExploreResult *r =
		sy_explore_panel_get_result(self->explore_panel);
	int n = r ? (int)r->designs->len : 0;
	int at;

	if (!n)
		return;
	at = self->present_design < 0 ? 0
				      : CLAMP(self->present_design + step, 0,
						n - 1);
	self->present_design = at;
	sy_explore_panel_activate(self->explore_panel, (guint)at);
}

static void leave(SyWindow *self)
{
	g_action_group_change_action_state(G_ACTION_GROUP(self), "present",
		g_variant_new_boolean(FALSE));
}

/* Before the focus widget sees them: the keys of presentation mode. */
static gboolean key_pressed(GtkWidget *widget, GdkEventKey *event, SyWindow *self)
{
	GActionGroup *group = G_ACTION_GROUP(self);

	(void)widget;
	if (!self->presenting ||
		(event->state & gtk_accelerator_get_default_mod_mask()))
		return GDK_EVENT_PROPAGATE;
	switch (event->keyval) {
	case GDK_KEY_Left:
		g_action_group_activate_action(
			group, "previous-candidate", NULL);
		return GDK_EVENT_STOP;
	case GDK_KEY_Right:
		g_action_group_activate_action(group, "next-candidate", NULL);
		return GDK_EVENT_STOP;
	case GDK_KEY_Up: step_design(self, -1); return GDK_EVENT_STOP;
	case GDK_KEY_Down: step_design(self, 1); return GDK_EVENT_STOP;
	case GDK_KEY_Escape: leave(self); return GDK_EVENT_STOP;
	default: return GDK_EVENT_PROPAGATE;
	}
}

/* A new search's designs start again from the first. */
void sy_window_present_result(SyWindow *self)
{
	self->present_design = -1;
}

static const GActionEntry present_actions[] = {
	{"present", NULL, NULL, "false", present_changed, {0}},
};

void sy_window_present_init(SyWindow *self)
{
	static GtkCssProvider *css;

	if (!css) {
		css = gtk_css_provider_new();
		gtk_css_provider_load_from_data(css, present_css, -1, NULL);
		gtk_style_context_add_provider_for_screen(
			gdk_screen_get_default(), GTK_STYLE_PROVIDER(css),
			GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
	}
	self->present_design = -1;
	g_action_map_add_action_entries(G_ACTION_MAP(self), present_actions,
		G_N_ELEMENTS(present_actions), self);
	g_signal_connect(
		self, "key-press-event", G_CALLBACK(key_pressed), self);
}
