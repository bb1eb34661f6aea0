#include "sy-transform-list.h"

#include "sy-transform-rows.h"

struct _SyTransformList {
	GtkListBox parent_instance;
	gboolean filling; /* rows set or selected by code: no signal */
};

G_DEFINE_FINAL_TYPE(SyTransformList, sy_transform_list, GTK_TYPE_LIST_BOX)

enum { SIGNAL_TRANSFORM_SELECTED, N_SIGNALS };

static guint signals[N_SIGNALS];

/* The row's matrix ("" for none), kept on the row. */
#define ROW_TEXT "sy-space-time"

static GtkWidget *label_new(const char *markup, gboolean dim)
{
	GtkWidget *label = gtk_label_new(NULL);

	gtk_label_set_markup(GTK_LABEL(label), markup);
	gtk_label_set_xalign(GTK_LABEL(label), 0);
	gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
	if (dim)
		gtk_style_context_add_class(
			gtk_widget_get_style_context(label), "dim-label");
	return label;
}

static void add_row(SyTransformList *self, const char *text, const char *head,
	const char *body, const char *tooltip)
{
	GtkWidget *row = gtk_list_box_row_new();
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);

	g_object_set_data_full(G_OBJECT(row), ROW_TEXT, g_strdup(text), g_free);
	gtk_container_set_border_width(GTK_CONTAINER(box), 4);
	gtk_container_add(GTK_CONTAINER(box), label_new(head, FALSE));
	if (body)
		gtk_container_add(GTK_CONTAINER(box), label_new(body, TRUE));
	gtk_widget_set_tooltip_text(row, tooltip);
	gtk_container_add(GTK_CONTAINER(row), box);
	gtk_widget_show_all(row);
	gtk_list_box_insert(GTK_LIST_BOX(self), row, -1);
}

void sy_transform_list_set_rows(SyTransformList *self, const GPtrArray *rows)
{
	GList *children = gtk_container_get_children(GTK_CONTAINER(self));

	self->filling = TRUE;
	for (GList *l = children; l; l = l->next)
		gtk_widget_destroy(l->data);
	g_list_free(children);
	add_row(self, "", "<b>none</b>  the loops' own dataflows", NULL,
		"No space-time transform: the dataflows above");
	for (guint i = 0; rows && i < rows->len; i++) {
		const SyTransformRow *r = g_ptr_array_index(rows, i);
		g_autofree char *st = g_markup_escape_text(r->space_time, -1);
		g_autofree char *mv = g_markup_escape_text(r->movement, -1);
		g_autofree char *head = g_strdup_printf(
			"<tt>%s</tt>  %s PEs \u00d7 %" G_GINT64_FORMAT
			" steps%s%s",
			st, r->pes, r->steps, r->loop_aligned ? "  " : "",
			r->loop_aligned ? r->autosa : "");
		g_autofree char *body = g_strdup_printf(
			"<small>%s</small>", mv);
		g_autofree char *tip = g_strdup_printf(
			"Space-time %s (space row, time row): %s PEs, "
			"%" G_GINT64_FORMAT " steps; movement (dk,dt): S "
			"stationary, B broadcast, F forwarded, M moving, N "
			"none, X multi",
			r->space_time, r->pes, r->steps);

		add_row(self, r->space_time, head, body, tip);
	}
	self->filling = FALSE;
}

guint sy_transform_list_get_n_rows(SyTransformList *self)
{
	GList *children = gtk_container_get_children(GTK_CONTAINER(self));
	guint n = g_list_length(children);

	g_list_free(children);
	return n ? n - 1 : 0;
}

gboolean sy_transform_list_select(SyTransformList *self, const char *text)
{
	GtkListBoxRow *row;

	self->filling = TRUE;
	gtk_list_box_unselect_all(GTK_LIST_BOX(self));
	for (int i = 0;
		(row = gtk_list_box_get_row_at_index(GTK_LIST_BOX(self), i));
		i++)
		if (g_strcmp0(g_object_get_data(G_OBJECT(row), ROW_TEXT),
			    text ? text : "") == 0) {
			gtk_list_box_select_row(GTK_LIST_BOX(self), row);
			break;
		}
	self->filling = FALSE;
	return row != NULL;
}

static void row_selected(GtkListBox *box, GtkListBoxRow *row)
{
	SyTransformList *self = SY_TRANSFORM_LIST(box);

	if (self->filling || !row)
		return;
	g_signal_emit(self, signals[SIGNAL_TRANSFORM_SELECTED], 0,
		g_object_get_data(G_OBJECT(row), ROW_TEXT));
}

static void sy_transform_list_class_init(SyTransformListClass *klass)
{
	GTK_LIST_BOX_CLASS(klass)->row_selected = row_selected;
	signals[SIGNAL_TRANSFORM_SELECTED] = g_signal_new("transform-selected",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void sy_transform_list_init(SyTransformList *self)
{
	gtk_list_box_set_selection_mode(
		GTK_LIST_BOX(self), GTK_SELECTION_SINGLE);
}

GtkWidget *sy_transform_list_new(void)
{
	return g_object_new(SY_TYPE_TRANSFORM_LIST, NULL);
}
