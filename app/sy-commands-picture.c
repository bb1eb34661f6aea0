/* Pictures of the views (issue 15): win.export-picture writes the view
 * on screen as SVG or PNG, or every view of the design (and the Pareto
 * plot of an exploration) as a PDF, a page each; win.copy-image puts
 * the view on screen on the clipboard as an image.  Both draw what
 * systole-cli render draws (render-picture.h): the same renderers, the
 * print style, a caption.  The views' context menu (a right click)
 * offers both. */
#include <string.h>

#include "compute/pe-array.h"
#include "model/device.h"
#include "render-picture.h"
#include "sy-commands.h"
#include "sy-window-private.h"

/* What the pages point to, held while they are drawn. */
typedef struct {
	SyPicturePage pages[SY_PICTURE_N_VIEWS];
	guint n;
	char *caption; /* the design's */
	char *plot_caption;
	GArray *points; /* SyParetoPoint */
} Pictures;

static void pictures_clear(Pictures *p)
{
	g_free(p->caption);
	g_free(p->plot_caption);
	if (p->points)
		g_array_unref(p->points);
}

/* The caption of the design on screen. */
static char *design_caption(SyWindow *self, const SyArrayScene *scene)
{
	const SyPeArray *pe = sy_pipeline_get_pe_array(self->pipeline);
	const char *name = sy_pipeline_get_device(self->pipeline);
	const GError *why = sy_pipeline_get_estimate_error(self->pipeline);
	g_autoptr(SyDevice) device = name ? sy_device_lookup(name, NULL) : NULL;
	g_autofree char *sizes = NULL;

	if (!pe)
		return NULL;
	sizes = sy_config_to_sizes(pe->config, pe->choices);
	return sy_picture_design_caption(pe->analysis->prog->pp->main->path,
		scene, sizes,
		device         ? device->description
			: name ? name
			       : "no device",
		sy_pipeline_get_estimate(self->pipeline),
		why ? why->message : NULL);
}

/* The explore panel's designs, as the plot shows them. */
static gboolean add_plot(SyWindow *self, Pictures *p)
{
	const SyExploreResult *r = sy_explore_panel_get_result(
		self->explore_panel);
	SyPicturePage *page = &p->pages[p->n];

	if (!r)
		return FALSE;
	p->points = g_array_new(FALSE, TRUE, sizeof(SyParetoPoint));
	for (guint i = 0; i < r->designs->len; i++) {
		const SyExploreDesign *d = g_ptr_array_index(r->designs, i);
		SyParetoPoint pt = {d->cycles, d->resources.v[SY_RESOURCE_DSP],
			d->resources.v[SY_RESOURCE_BRAM18K],
			d->rank == 1 ? SY_PARETO_SELECTED : 0};

		g_array_append_val(p->points, pt);
	}
	g_autofree char *base = self->file ? g_file_get_basename(self->file)
					   : NULL;

	p->plot_caption = g_strdup_printf(
		"%s: Pareto plot, %u design%s explored on the %s: latency "
		"against DSP slices, colour BRAM18K; the best ringed",
		base ? base : "the kernel", r->designs->len,
		r->designs->len == 1 ? "" : "s", r->device);
	page->view = SY_PICTURE_PARETO;
	page->points = (const SyParetoPoint *)p->points->data;
	page->n_points = p->points->len;
	page->dsp_budget = r->budget.v[SY_RESOURCE_DSP];
	page->bram_budget = r->budget.v[SY_RESOURCE_BRAM18K];
	page->message = p->points->len ? NULL : "No design fits the budget";
	page->caption = p->plot_caption;
	p->n++;
	return TRUE;
}

static gboolean add_design(SyWindow *self, Pictures *p, SyPictureView view)
{
	const SyArrayScene *scene = sy_array_view_get_scene(self->array_view);
	SyPicturePage *page = &p->pages[p->n];

	if (!scene)
		return FALSE;
	if (!p->caption)
		p->caption = design_caption(self, scene);
	page->view = view;
	page->array = scene;
	page->caption = p->caption;
	p->n++;
	return TRUE;
}

static gboolean add_deps(SyWindow *self, Pictures *p)
{
	SyPicturePage *page = &p->pages[p->n];

	page->deps = sy_deps_view_get_scene(self->deps_view);
	if (!page->deps.analysis)
		return FALSE;
	page->view = SY_PICTURE_DEPS;
	page->caption = p->caption;
	p->n++;
	return TRUE;
}

/* The view on screen's page (the Array view's is its network), or
 * every page there is; FALSE where there is none. */
static gboolean pictures_init(SyWindow *self, Pictures *p, gboolean every)
{
	const char *shown = gtk_stack_get_visible_child_name(self->views);
	const SyArrayScene *scene = sy_array_view_get_scene(self->array_view);

	memset(p, 0, sizeof(*p));
	if (scene)
		p->caption = design_caption(self, scene);
	if (every) {
		add_design(self, p, SY_PICTURE_NETWORK);
		add_design(self, p, SY_PICTURE_ARRAY);
		add_deps(self, p);
		add_plot(self, p);
		return p->n > 0;
	}
	if (shown && g_str_equal(shown, "deps"))
		return add_deps(self, p);
	if (shown && g_str_equal(shown, "explore"))
		return add_plot(self, p);
	return add_design(self, p, SY_PICTURE_NETWORK);
}

static SyPictureOptions options_of(SyWindow *self)
{
	SyPictureOptions o = {sy_render_style_print(), FALSE,
		gtk_widget_get_scale_factor(GTK_WIDGET(self))};

	/* The names with the PE labels the preference shows. */
	if (self->settings)
		o.labels = g_settings_get_boolean(
			self->settings, "show-pe-labels");
	return o;
}

gboolean sy_window_export_picture_to(
	SyWindow *self, const char *path, gboolean force, GError **error)
{
	SyPictureFormat format;
	SyPictureOptions o = options_of(self);
	Pictures p;
	gboolean ok;

	if (!sy_picture_format_of(path, &format, error))
		return FALSE;
	if (!pictures_init(self, &p, format == SY_PICTURE_PDF)) {
		g_set_error(error, SY_PICTURE_ERROR, SY_PICTURE_ERROR_PAGES,
			"nothing to draw: open a kernel (and explore for the "
			"Pareto plot)");
		pictures_clear(&p);
		return FALSE;
	}
	/* A PNG at the screen's pixels. */
	ok = sy_picture_write(path, p.pages, p.n, &o, force, error);
	pictures_clear(&p);
	return ok;
}

cairo_surface_t *sy_window_picture_image(SyWindow *self)
{
	SyPictureOptions o = options_of(self);
	cairo_surface_t *image = NULL;
	Pictures p;

	if (pictures_init(self, &p, FALSE))
		image = sy_picture_image(&p.pages[0], &o);
	pictures_clear(&p);
	return image;
}

void sy_cmd_copy_image(GSimpleAction *action, GVariant *param, gpointer user)
{
	SyWindow *self = user;
	cairo_surface_t *image = sy_window_picture_image(self);
	g_autoptr(GdkPixbuf) pixbuf = NULL;

	(void)action;
	(void)param;
	if (!image) {
		gtk_widget_error_bell(GTK_WIDGET(self));
		return;
	}
	pixbuf = gdk_pixbuf_get_from_surface(image, 0, 0,
		cairo_image_surface_get_width(image),
		cairo_image_surface_get_height(image));
	cairo_surface_destroy(image);
	if (pixbuf)
		gtk_clipboard_set_image(
			gtk_widget_get_clipboard(
				GTK_WIDGET(self), GDK_SELECTION_CLIPBOARD),
			pixbuf);
}

static void show_error(SyWindow *self, const GError *error)
{
	GtkWidget *dialog = gtk_message_dialog_new(GTK_WINDOW(self),
		GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
		GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
		"The picture was not written");

	gtk_message_dialog_format_secondary_text(
		GTK_MESSAGE_DIALOG(dialog), "%s", error->message);
	g_signal_connect(
		dialog, "response", G_CALLBACK(gtk_widget_destroy), NULL);
	gtk_widget_show(dialog);
}

static void add_filter(GtkFileChooser *chooser, const char *name,
	const char *pattern, const char *ext)
{
	GtkFileFilter *filter = gtk_file_filter_new();

	gtk_file_filter_set_name(filter, name);
	gtk_file_filter_add_pattern(filter, pattern);
	g_object_set_data(G_OBJECT(filter), "sy-ext", (gpointer)ext);
	gtk_file_chooser_add_filter(chooser, filter);
}

static void chooser_response(
	GtkNativeDialog *native, int response, SyWindow *self)
{
	GtkFileChooser *chooser = GTK_FILE_CHOOSER(native);
	g_autofree char *path = response == GTK_RESPONSE_ACCEPT
		? gtk_file_chooser_get_filename(chooser)
		: NULL;
	GtkFileFilter *filter = gtk_file_chooser_get_filter(chooser);
	const char *ext = filter ? g_object_get_data(G_OBJECT(filter), "sy-ext")
				 : NULL;
	SyPictureFormat format;
	gboolean force = TRUE;
	GError *error = NULL;

	g_object_unref(native);
	if (!path)
		return;
	/* A name without an extension takes the filter's; the chooser
	 * asked before replacing only the name given. */
	if (!sy_picture_format_of(path, &format, NULL)) {
		char *with = g_strconcat(path, ext ? ext : ".png", NULL);

		g_free(path);
		path = with;
		force = FALSE;
	}
	if (!sy_window_export_picture_to(self, path, force, &error)) {
		show_error(self, error);
		g_error_free(error);
	}
}

void sy_cmd_export_picture(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	SyWindow *self = user;
	GtkFileChooserNative *native = gtk_file_chooser_native_new(
		"Export Picture", GTK_WINDOW(self),
		GTK_FILE_CHOOSER_ACTION_SAVE, "_Export", "_Cancel");
	GtkFileChooser *chooser = GTK_FILE_CHOOSER(native);
	const char *shown = gtk_stack_get_visible_child_name(self->views);
	g_autofree char *base = self->file ? g_file_get_basename(self->file)
					   : g_strdup("kernel");
	g_autofree char *name = NULL;
	char *dot = strrchr(base, '.');

	(void)action;
	(void)param;
	if (dot)
		*dot = 0;
	name = g_strdup_printf("%s-%s.png", base,
		shown && g_str_equal(shown, "deps")              ? "deps"
			: shown && g_str_equal(shown, "explore") ? "pareto"
								 : "network");
	add_filter(chooser, "PNG image (the view on screen)", "*.png", ".png");
	add_filter(chooser, "SVG image (the view on screen)", "*.svg", ".svg");
	add_filter(chooser, "PDF document (every view, a page each)", "*.pdf",
		".pdf");
	gtk_file_chooser_set_do_overwrite_confirmation(chooser, TRUE);
	gtk_file_chooser_set_current_name(chooser, name);
	if (self->file && !self->is_example) {
		g_autoptr(GFile) parent = g_file_get_parent(self->file);

		if (parent)
			gtk_file_chooser_set_current_folder_file(
				chooser, parent, NULL);
	}
	g_signal_connect(
		native, "response", G_CALLBACK(chooser_response), self);
	gtk_native_dialog_show(GTK_NATIVE_DIALOG(native));
}

/* A right click on a view: its menu. */
static void view_pressed(GtkGestureMultiPress *gesture, int n, double x,
	double y, SyWindow *self)
{
	GtkWidget *menu = g_object_get_data(G_OBJECT(self->views), "sy-menu");
	GdkEventSequence *seq = gtk_gesture_single_get_current_sequence(
		GTK_GESTURE_SINGLE(gesture));
	const GdkEvent *event = gtk_gesture_get_last_event(
		GTK_GESTURE(gesture), seq);

	(void)n;
	(void)x;
	(void)y;
	gtk_menu_popup_at_pointer(GTK_MENU(menu), event);
}

void sy_window_picture_init(SyWindow *self)
{
	g_autoptr(GMenu) model = g_menu_new();
	GtkGesture *press = gtk_gesture_multi_press_new(
		GTK_WIDGET(self->views));
	GtkWidget *menu;

	g_menu_append(model, "_Copy Image", "win.copy-image");
	g_menu_append(model, "Export _Picture…", "win.export-picture");
	menu = gtk_menu_new_from_model(G_MENU_MODEL(model));
	gtk_menu_attach_to_widget(
		GTK_MENU(menu), GTK_WIDGET(self->views), NULL);
	g_object_set_data(G_OBJECT(self->views), "sy-menu", menu);
	/* The views take the first button; the third is this menu's,
	 * seen before them. */
	gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(press), 3);
	gtk_event_controller_set_propagation_phase(
		GTK_EVENT_CONTROLLER(press), GTK_PHASE_CAPTURE);
	g_signal_connect(press, "pressed", G_CALLBACK(view_pressed), self);
	/* The gesture lives as long as the window. */
	g_object_set_data_full(
		G_OBJECT(self), "sy-picture-press", press, g_object_unref);
}
