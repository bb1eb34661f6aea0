#include <string.h>

#include "sy-candidate-list.h"
#include "sy-markup.h"

struct _SyCandidateList {
	GtkListBox parent_instance;

	guint scroll_idle; /* bringing the selected row into view */
	/* Till then, or till the list is first shown, every new layout
	 * brings the selected row into view again: at start-up the row
	 * was selected before the list was laid out, and the rows above
	 * it grow as their PE arrays and throughputs arrive. */
	gint64 follow_until;
	gboolean follow_shown;
	gboolean filling; /* rows going and coming: no selections */
};

G_DEFINE_FINAL_TYPE(SyCandidateList, sy_candidate_list, GTK_TYPE_LIST_BOX)

enum { CANDIDATE_SELECTED, N_SIGNALS };

static guint signals[N_SIGNALS];

static char *space_names(const SyAnalysis *a, const SyCandidate *c)
{
	GString *out = g_string_new("[");

	for (guint k = 0; k < c->n_space; k++)
		g_string_append_printf(out, "%s%s", k ? ", " : "",
			a->band->members[c->space[k]].name);
	g_string_append_c(out, ']');
	return g_string_free(out, FALSE);
}

static GtkWidget *candidate_row(const SyAnalysis *a, const SyCandidate *c)
{
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(a, c, NULL);
	g_autofree char *space = space_names(a, c);
	g_autofree char *title = g_markup_printf_escaped("<b>%s</b>", space);
	g_autofree char *sub = g_strdup_printf("space_time[%u]", c->id);
	g_autofree char *io = sy_markup_io(scene);
	const char *size = strstr(scene->title, ": ");
	GtkWidget *row = gtk_list_box_row_new();
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3);
	GtkWidget *top = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
	GtkWidget *label;

	label = gtk_label_new(NULL);
	gtk_label_set_markup(GTK_LABEL(label), title);
	gtk_box_pack_start(GTK_BOX(top), label, FALSE, FALSE, 0);
	/* One PE per iteration until the PE array at its sizes is known. */
	label = gtk_label_new(size ? size + 2 : "");
	gtk_style_context_add_class(
		gtk_widget_get_style_context(label), "dim-label");
	gtk_box_pack_start(GTK_BOX(top), label, FALSE, FALSE, 0);
	g_object_set_data(G_OBJECT(row), "pes", label);
	label = gtk_label_new(sub);
	gtk_style_context_add_class(
		gtk_widget_get_style_context(label), "dim-label");
	gtk_style_context_add_class(gtk_widget_get_style_context(label), "id");
	gtk_box_pack_end(GTK_BOX(top), label, FALSE, FALSE, 0);
	/* The estimated throughput, once a worker has it. */
	label = gtk_label_new(NULL);
	gtk_style_context_add_class(
		gtk_widget_get_style_context(label), "throughput");
	gtk_box_pack_end(GTK_BOX(top), label, FALSE, FALSE, 0);
	g_object_set_data(G_OBJECT(row), "throughput", label);
	/* Shown where the backend refuses the design. */
	label = gtk_image_new_from_icon_name(
		"dialog-warning-symbolic", GTK_ICON_SIZE_MENU);
	gtk_style_context_add_class(
		gtk_widget_get_style_context(label), "refused");
	gtk_widget_set_no_show_all(label, TRUE);
	gtk_box_pack_end(GTK_BOX(top), label, FALSE, FALSE, 0);
	g_object_set_data(G_OBJECT(row), "refused", label);
	gtk_box_pack_start(GTK_BOX(box), top, FALSE, FALSE, 0);
	label = gtk_label_new(NULL);
	gtk_label_set_markup(GTK_LABEL(label), io);
	gtk_label_set_xalign(GTK_LABEL(label), 0);
	gtk_style_context_add_class(gtk_widget_get_style_context(label), "io");
	gtk_box_pack_start(GTK_BOX(box), label, FALSE, FALSE, 0);
	gtk_style_context_add_class(
		gtk_widget_get_style_context(row), "candidate-row");
	gtk_container_add(GTK_CONTAINER(row), box);
	g_object_set_data(G_OBJECT(row), "candidate", GUINT_TO_POINTER(c->id));
	gtk_widget_show_all(row);
	return row;
}

/* Brings the selected dataflow into view once the list is laid out. */
static gboolean scroll_to_selected(gpointer data)
{
	SyCandidateList *self = data;
	GtkListBoxRow *row = gtk_list_box_get_selected_row(GTK_LIST_BOX(self));
	GtkWidget *scrolled = gtk_widget_get_ancestor(
		GTK_WIDGET(self), GTK_TYPE_SCROLLED_WINDOW);
	int x, y;

	self->scroll_idle = 0;
	if (row && !gtk_widget_get_mapped(GTK_WIDGET(row)))
		return G_SOURCE_REMOVE; /* again once laid out */
	self->follow_shown = FALSE;
	if (row && scrolled &&
		gtk_widget_translate_coordinates(
			GTK_WIDGET(row), GTK_WIDGET(self), 0, 0, &x, &y))
		gtk_adjustment_clamp_page(
			gtk_scrolled_window_get_vadjustment(
				GTK_SCROLLED_WINDOW(scrolled)),
			y,
			y + gtk_widget_get_allocated_height(GTK_WIDGET(row)));
	return G_SOURCE_REMOVE;
}

static void sy_candidate_list_row_selected(GtkListBox *box, GtkListBoxRow *row)
{
	SyCandidateList *self = SY_CANDIDATE_LIST(box);

	if (row) {
		self->follow_until = g_get_monotonic_time() + G_USEC_PER_SEC;
		self->follow_shown = TRUE;
	}
	if (row && !self->scroll_idle)
		self->scroll_idle = g_idle_add(scroll_to_selected, self);
	if (self->filling || !row)
		return;
	g_signal_emit(self, signals[CANDIDATE_SELECTED], 0,
		GPOINTER_TO_UINT(
			g_object_get_data(G_OBJECT(row), "candidate")));
}

static void sy_candidate_list_size_allocate(
	GtkWidget *widget, GtkAllocation *allocation)
{
	SyCandidateList *self = SY_CANDIDATE_LIST(widget);

	GTK_WIDGET_CLASS(sy_candidate_list_parent_class)
		->size_allocate(widget, allocation);
	if ((self->follow_shown ||
		    g_get_monotonic_time() < self->follow_until) &&
		!self->scroll_idle)
		self->scroll_idle = g_idle_add(scroll_to_selected, self);
}

static void sy_candidate_list_dispose(GObject *object)
{
	SyCandidateList *self = SY_CANDIDATE_LIST(object);

	if (self->scroll_idle) {
		g_source_remove(self->scroll_idle);
		self->scroll_idle = 0;
	}
	G_OBJECT_CLASS(sy_candidate_list_parent_class)->dispose(object);
}

static void sy_candidate_list_class_init(SyCandidateListClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkListBoxClass *box_class = GTK_LIST_BOX_CLASS(klass);

	object_class->dispose = sy_candidate_list_dispose;
	box_class->row_selected = sy_candidate_list_row_selected;
	GTK_WIDGET_CLASS(klass)->size_allocate =
		sy_candidate_list_size_allocate;
	signals[CANDIDATE_SELECTED] = g_signal_new("candidate-selected",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void sy_candidate_list_init(SyCandidateList *self)
{
	GtkWidget *none = gtk_label_new(
		"No systolic array: see the details below");

	gtk_widget_show(none);
	gtk_list_box_set_placeholder(GTK_LIST_BOX(self), none);
	gtk_list_box_set_selection_mode(
		GTK_LIST_BOX(self), GTK_SELECTION_BROWSE);
}

GtkWidget *sy_candidate_list_new(void)
{
	return g_object_new(SY_TYPE_CANDIDATE_LIST, NULL);
}

void sy_candidate_list_set_analysis(SyCandidateList *self, const SyAnalysis *a)
{
	GList *rows = gtk_container_get_children(GTK_CONTAINER(self));

	self->filling = TRUE;
	for (GList *l = rows; l; l = l->next)
		gtk_widget_destroy(l->data);
	g_list_free(rows);
	for (guint i = 0; i < a->candidates->len; i++)
		gtk_list_box_insert(GTK_LIST_BOX(self),
			candidate_row(a, g_ptr_array_index(a->candidates, i)),
			-1);
	self->filling = FALSE;
}

void sy_candidate_list_set_throughput(
	SyCandidateList *self, guint id, const char *text, const char *tooltip)
{
	GtkListBoxRow *row = gtk_list_box_get_row_at_index(
		GTK_LIST_BOX(self), (int)id);
	GtkLabel *label = row ? g_object_get_data(G_OBJECT(row), "throughput")
			      : NULL;

	if (!label)
		return;
	gtk_widget_set_tooltip_text(GTK_WIDGET(label), tooltip);
	if (g_strcmp0(gtk_label_get_text(label), text ? text : "") != 0)
		gtk_label_set_text(label, text);
}

const char *sy_candidate_list_get_throughput(SyCandidateList *self, guint id)
{
	GtkListBoxRow *row = gtk_list_box_get_row_at_index(
		GTK_LIST_BOX(self), (int)id);
	GtkLabel *label = row ? g_object_get_data(G_OBJECT(row), "throughput")
			      : NULL;

	return label ? gtk_label_get_text(label) : NULL;
}

static gpointer row_data(SyCandidateList *self, guint id, const char *key)
{
	GtkListBoxRow *row = gtk_list_box_get_row_at_index(
		GTK_LIST_BOX(self), (int)id);

	return row ? g_object_get_data(G_OBJECT(row), key) : NULL;
}

void sy_candidate_list_set_facts(
	SyCandidateList *self, guint id, const char *pes, const char *refused)
{
	GtkLabel *label = row_data(self, id, "pes");
	GtkWidget *icon = row_data(self, id, "refused");
	g_autofree char *tip =
		refused ? g_strdup_printf("Not exportable: %s", refused) : NULL;

	if (!label || !icon)
		return;
	if (pes && g_strcmp0(gtk_label_get_text(label), pes) != 0)
		gtk_label_set_text(label, pes);
	/* The tooltip kept on the icon too, for _get_refusal. */
	if (g_strcmp0(g_object_get_data(G_OBJECT(icon), "tip"), tip) != 0) {
		gtk_widget_set_tooltip_text(icon, tip);
		g_object_set_data_full(
			G_OBJECT(icon), "tip", g_steal_pointer(&tip), g_free);
	}
	gtk_widget_set_visible(icon, refused != NULL);
}

const char *sy_candidate_list_get_pes(SyCandidateList *self, guint id)
{
	GtkLabel *label = row_data(self, id, "pes");

	return label ? gtk_label_get_text(label) : NULL;
}

const char *sy_candidate_list_get_refusal(SyCandidateList *self, guint id)
{
	GtkWidget *icon = row_data(self, id, "refused");

	return icon ? g_object_get_data(G_OBJECT(icon), "tip") : NULL;
}

gboolean sy_candidate_list_select(SyCandidateList *self, int id)
{
	GtkListBoxRow *row = id >= 0
		? gtk_list_box_get_row_at_index(GTK_LIST_BOX(self), id)
		: NULL;

	if (row)
		gtk_list_box_select_row(GTK_LIST_BOX(self), row);
	return row != NULL;
}
