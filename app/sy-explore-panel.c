#include <math.h>

#include "render-estimate.h"
#include "sy-explore-panel.h"
#include "sy-pareto-view.h"

enum {
	COL_RANK,
	COL_DATAFLOW,
	COL_SIZES,
	COL_CYCLES,
	COL_DSP,
	COL_BRAM,
	COL_INDEX,
	COL_TIP,
};

struct _SyExplorePanel {
	GtkBox parent_instance;

	/* template children */
	GtkComboBoxText *scope_combo;
	GtkSpinButton *top_spin;
	GtkProgressBar *progress;
	GtkLabel *status;
	SyParetoView *plot;
	GtkTreeView *table;
	GtkListStore *store;

	GCancellable *cancellable; /* the running search's, NULL */
	guint generation; /* of the newest search */
	char *running_text; /* what the running search reads */
	char *text; /* what the result's search read */
	SyExploreResult *result;
	gboolean filling; /* selecting rows itself: ignore the table */
	gboolean disposed;
};

enum {
	PROP_0,
	PROP_RUNNING,
	N_PROPS,
};

enum {
	DESIGN_ACTIVATED,
	N_SIGNALS,
};

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(SyExplorePanel, sy_explore_panel, GTK_TYPE_BOX)

/* Progress */

static guint64 done_of(const SyDseStats *st)
{
	return st->evaluated + st->pruned + st->refused;
}

/* About once a second, from the search (sy-explore-job.h). */
static void on_progress(
	GObject *source, GCancellable *cancellable, const SyDseStats *st)
{
	SyExplorePanel *self = SY_EXPLORE_PANEL(source);
	g_autofree char *text = NULL;
	g_autofree char *best = NULL;

	if (self->disposed || cancellable != self->cancellable)
		return;
	best = isfinite(st->incumbent)
		? g_strdup_printf("; N-th best %.1f cycles", st->incumbent)
		: g_strdup("");
	text = g_strdup_printf("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
			       " points%s; %.0f s",
		done_of(st), st->points, best, st->seconds);
	if (st->eta >= 0) {
		char *with = g_strdup_printf(
			"%s, about %.0f s left", text, st->eta);

		g_free(text);
		text = with;
	}
	gtk_progress_bar_set_fraction(self->progress,
		st->points ? (double)done_of(st) / (double)st->points : 0);
	gtk_progress_bar_set_text(self->progress, text);
}

/* Results */

static char *count(double v)
{
	return sy_estimate_format_count(v);
}

/* The tooltip of a dot: the design whole, as explore prints it. */
static char *tip_of(const SyExploreDesign *d)
{
	const double *v = d->resources.v;
	g_autofree char *cycles = count(d->cycles);
	g_autofree char *dsp = count(v[SY_RESOURCE_DSP]);
	g_autofree char *bram = count(v[SY_RESOURCE_BRAM18K]);
	g_autofree char *uram = count(v[SY_RESOURCE_URAM]);
	g_autofree char *lut = count(v[SY_RESOURCE_LUT]);
	g_autofree char *ff = count(v[SY_RESOURCE_FF]);
	g_autofree char *rank = d->rank ? g_strdup_printf("#%u ", d->rank)
					: g_strdup("");

	return g_markup_printf_escaped(
		"<b>%s[%s]</b>\n%s\n<b>%s cycles</b>%s\n"
		"DSP %s, BRAM18K %s, URAM %s, LUT %s, FF %s\n"
		"--sa-sizes <tt>%s</tt>\nClick to load it into the sizes",
		rank, d->dataflow, d->sizes, cycles,
		d->fast ? " (by its form)" : "", dsp, bram, uram, lut, ff,
		d->sa_sizes);
}

static void fill_plot(SyExplorePanel *self)
{
	const SyExploreResult *r = self->result;
	guint n = r ? r->designs->len : 0;
	g_autofree SyParetoPoint *points = g_new0(SyParetoPoint, n + 1);
	g_autofree char **tips = g_new0(char *, n + 1);

	for (guint i = 0; i < n; i++) {
		const SyExploreDesign *d = g_ptr_array_index(r->designs, i);

		points[i].cycles = d->cycles;
		points[i].dsp = d->resources.v[SY_RESOURCE_DSP];
		points[i].bram = d->resources.v[SY_RESOURCE_BRAM18K];
		tips[i] = tip_of(d);
	}
	sy_pareto_view_set_points(
		self->plot, points, n, (const char *const *)tips);
	for (guint i = 0; i < n; i++)
		g_free(tips[i]);
	if (r)
		sy_pareto_view_set_budget(self->plot,
			r->budget.v[SY_RESOURCE_DSP],
			r->budget.v[SY_RESOURCE_BRAM18K]);
	sy_pareto_view_set_message(self->plot,
		r ? "No design fits the budget" : "Explore to see the designs");
}

static void fill_table(SyExplorePanel *self)
{
	const SyExploreResult *r = self->result;

	self->filling = TRUE;
	gtk_list_store_clear(self->store);
	for (guint i = 0; r && i < r->designs->len; i++) {
		const SyExploreDesign *d = g_ptr_array_index(r->designs, i);
		const double *v = d->resources.v;
		g_autofree char *cycles = NULL;
		g_autofree char *dsp = NULL;
		g_autofree char *bram = NULL;
		g_autofree char *tip = NULL;

		if (!d->rank)
			continue;
		cycles = count(d->cycles);
		dsp = count(v[SY_RESOURCE_DSP]);
		bram = count(v[SY_RESOURCE_BRAM18K]);
		tip = tip_of(d);
		gtk_list_store_insert_with_values(self->store, NULL, -1,
			COL_RANK, d->rank, COL_DATAFLOW, d->dataflow, COL_SIZES,
			d->sizes, COL_CYCLES, cycles, COL_DSP, dsp, COL_BRAM,
			bram, COL_INDEX, i, COL_TIP, tip, -1);
	}
	self->filling = FALSE;
}

static char *status_of(const SyExploreResult *r)
{
	const SyDseStats *st = &r->stats;
	const char *what = r->complete ? "proven optimum"
		: r->cancelled         ? "cancelled, the best found so far "
					 "(not proven)"
				       : "time limit, the best found so far "
					 "(not proven)";

	return g_strdup_printf("On the %s: %s; %" G_GUINT64_FORMAT
			       " points, %" G_GUINT64_FORMAT
			       " evaluated (%" G_GUINT64_FORMAT
			       " by forms), %" G_GUINT64_FORMAT
			       " pruned by the bound, %" G_GUINT64_FORMAT
			       " refused by the HLS backend; %.2f s; "
			       "%u designs listed",
		r->device, what, st->points, st->evaluated, st->fast,
		st->pruned, st->refused, st->seconds, r->n_best);
}

static void set_running(SyExplorePanel *self, GCancellable *cancellable)
{
	g_clear_object(&self->cancellable);
	self->cancellable = cancellable;
	g_object_notify_by_pspec(G_OBJECT(self), props[PROP_RUNNING]);
}

static void search_done(GObject *source, GAsyncResult *res, gpointer data)
{
	SyExplorePanel *self = SY_EXPLORE_PANEL(source);
	g_autoptr(GError) error = NULL;
	SyExploreResult *r = sy_explore_job_finish(res, &error);

	/* A newer search, or the panel gone: dropped. */
	if (self->disposed || GPOINTER_TO_UINT(data) != self->generation) {
		sy_explore_result_free(r);
		return;
	}
	g_free(self->text);
	self->text = g_steal_pointer(&self->running_text);
	sy_explore_result_free(self->result);
	self->result = r;
	fill_plot(self);
	fill_table(self);
	gtk_progress_bar_set_fraction(self->progress, r ? 1 : 0);
	if (r) {
		g_autofree char *text = status_of(r);

		gtk_progress_bar_set_text(
			self->progress, r->complete ? "Done" : "Stopped");
		gtk_label_set_text(self->status, text);
	} else {
		gtk_progress_bar_set_text(self->progress, "Failed");
		gtk_label_set_text(self->status, error->message);
	}
	set_running(self, NULL);
}

void sy_explore_panel_start(
	SyExplorePanel *self, const SyExploreRequest *request)
{
	SyExploreRequest r = *request;
	GCancellable *cancellable = g_cancellable_new();

	if (self->cancellable)
		g_cancellable_cancel(self->cancellable);
	self->generation++;
	r.top = sy_explore_panel_get_top(self);
	g_free(self->running_text);
	self->running_text = r.len < 0 ? g_strdup(r.text)
				       : g_strndup(r.text, (gsize)r.len);
	gtk_progress_bar_set_fraction(self->progress, 0);
	gtk_progress_bar_set_text(self->progress, "Starting…");
	gtk_label_set_text(self->status, "Searching…");
	set_running(self, cancellable);
	sy_explore_job_run(G_OBJECT(self), &r, on_progress, cancellable,
		search_done, GUINT_TO_POINTER(self->generation));
}

void sy_explore_panel_cancel(SyExplorePanel *self)
{
	if (self->cancellable)
		g_cancellable_cancel(self->cancellable);
}

gboolean sy_explore_panel_is_running(SyExplorePanel *self)
{
	return self->cancellable != NULL;
}

const char *sy_explore_panel_get_text(SyExplorePanel *self)
{
	return self->result ? self->text : NULL;
}

gboolean sy_explore_panel_get_every_dataflow(SyExplorePanel *self)
{
	return g_strcmp0(gtk_combo_box_get_active_id(
				 GTK_COMBO_BOX(self->scope_combo)),
		       "selected") != 0;
}

guint sy_explore_panel_get_top(SyExplorePanel *self)
{
	return (guint)gtk_spin_button_get_value_as_int(self->top_spin);
}

const SyExploreResult *sy_explore_panel_get_result(SyExplorePanel *self)
{
	return self->result;
}

void sy_explore_panel_set_current(SyExplorePanel *self, const SyEstimate *e)
{
	SyParetoPoint p = {0};

	if (e) {
		p.cycles = e->cycles;
		p.dsp = e->total.v[SY_RESOURCE_DSP];
		p.bram = e->total.v[SY_RESOURCE_BRAM18K];
	}
	sy_pareto_view_set_current(self->plot, e ? &p : NULL);
}

void sy_explore_panel_clear(SyExplorePanel *self, const char *why)
{
	g_clear_pointer(&self->result, sy_explore_result_free);
	g_clear_pointer(&self->text, g_free);
	fill_plot(self);
	fill_table(self);
	gtk_progress_bar_set_fraction(self->progress, 0);
	gtk_progress_bar_set_text(self->progress, "");
	gtk_label_set_text(self->status, why);
}

/* Selection */

static void select_row(SyExplorePanel *self, guint index)
{
	GtkTreeModel *model = GTK_TREE_MODEL(self->store);
	GtkTreeSelection *sel = gtk_tree_view_get_selection(self->table);
	GtkTreeIter iter;
	gboolean valid = gtk_tree_model_get_iter_first(model, &iter);

	self->filling = TRUE;
	gtk_tree_selection_unselect_all(sel);
	for (; valid; valid = gtk_tree_model_iter_next(model, &iter)) {
		guint at;

		gtk_tree_model_get(model, &iter, COL_INDEX, &at, -1);
		if (at == index) {
			g_autoptr(GtkTreePath)
				path = gtk_tree_model_get_path(model, &iter);

			gtk_tree_selection_select_iter(sel, &iter);
			gtk_tree_view_scroll_to_cell(
				self->table, path, NULL, FALSE, 0, 0);
			break;
		}
	}
	self->filling = FALSE;
}

void sy_explore_panel_activate(SyExplorePanel *self, guint index)
{
	if (!self->result || index >= self->result->designs->len)
		return;
	sy_pareto_view_set_selected(self->plot, (int)index);
	select_row(self, index);
	g_signal_emit(self, signals[DESIGN_ACTIVATED], 0,
		g_ptr_array_index(self->result->designs, index));
}

static void point_activated(SyParetoView *plot, guint index, gpointer user)
{
	(void)plot;
	sy_explore_panel_activate(user, index);
}

static void row_selected(GtkTreeSelection *sel, SyExplorePanel *self)
{
	GtkTreeModel *model;
	GtkTreeIter iter;
	guint index;

	if (self->filling ||
		!gtk_tree_selection_get_selected(sel, &model, &iter))
		return;
	gtk_tree_model_get(model, &iter, COL_INDEX, &index, -1);
	sy_explore_panel_activate(self, index);
}

/* GObject */

static void sy_explore_panel_get_property(
	GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
	SyExplorePanel *self = SY_EXPLORE_PANEL(object);

	switch (id) {
	case PROP_RUNNING:
		g_value_set_boolean(value, self->cancellable != NULL);
		break;
	default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
	}
}

/* A search still running is cancelled; its result, dropped. */
static void sy_explore_panel_dispose(GObject *object)
{
	SyExplorePanel *self = SY_EXPLORE_PANEL(object);

	self->disposed = TRUE;
	if (self->cancellable)
		g_cancellable_cancel(self->cancellable);
	g_clear_object(&self->cancellable);
	G_OBJECT_CLASS(sy_explore_panel_parent_class)->dispose(object);
}

static void sy_explore_panel_finalize(GObject *object)
{
	SyExplorePanel *self = SY_EXPLORE_PANEL(object);

	sy_explore_result_free(self->result);
	g_free(self->text);
	g_free(self->running_text);
	G_OBJECT_CLASS(sy_explore_panel_parent_class)->finalize(object);
}

static void sy_explore_panel_class_init(SyExplorePanelClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->get_property = sy_explore_panel_get_property;
	object_class->dispose = sy_explore_panel_dispose;
	object_class->finalize = sy_explore_panel_finalize;
	props[PROP_RUNNING] = g_param_spec_boolean("running", "Running",
		"A search runs", FALSE,
		G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
	g_object_class_install_properties(object_class, N_PROPS, props);
	signals[DESIGN_ACTIVATED] = g_signal_new("design-activated",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
	g_type_ensure(SY_TYPE_PARETO_VIEW);
	gtk_widget_class_set_template_from_resource(
		widget_class, "/org/systole/Systole/sy-explore-panel.ui");
	gtk_widget_class_bind_template_child(
		widget_class, SyExplorePanel, scope_combo);
	gtk_widget_class_bind_template_child(
		widget_class, SyExplorePanel, top_spin);
	gtk_widget_class_bind_template_child(
		widget_class, SyExplorePanel, progress);
	gtk_widget_class_bind_template_child(
		widget_class, SyExplorePanel, status);
	gtk_widget_class_bind_template_child(
		widget_class, SyExplorePanel, plot);
	gtk_widget_class_bind_template_child(
		widget_class, SyExplorePanel, table);
	gtk_widget_class_bind_template_child(
		widget_class, SyExplorePanel, store);
}

static void sy_explore_panel_init(SyExplorePanel *self)
{
	gtk_widget_init_template(GTK_WIDGET(self));
	g_signal_connect(self->plot, "point-activated",
		G_CALLBACK(point_activated), self);
	g_signal_connect(gtk_tree_view_get_selection(self->table), "changed",
		G_CALLBACK(row_selected), self);
	fill_plot(self);
}

GtkWidget *sy_explore_panel_new(void)
{
	return g_object_new(SY_TYPE_EXPLORE_PANEL, NULL);
}

GtkWidget *sy_explore_panel_get_plot(SyExplorePanel *self)
{
	return GTK_WIDGET(self->plot);
}

GtkTreeView *sy_explore_panel_get_table(SyExplorePanel *self)
{
	return self->table;
}

GtkProgressBar *sy_explore_panel_get_progress(SyExplorePanel *self)
{
	return self->progress;
}

const char *sy_explore_panel_get_status(SyExplorePanel *self)
{
	return gtk_label_get_text(self->status);
}
