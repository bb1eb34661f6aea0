#include <string.h>

#include "comm/io-plan.h"
#include "sy-design-panel.h"

enum { COL_FAMILY, COL_LABEL, COL_COUNT, COL_KIND };

struct _SyDesignPanel {
	GtkBox parent_instance;

	/* template children */
	GtkSwitch *double_buffer;
	GtkSwitch *packing;
	GtkSwitch *host_serialize;
	GtkSwitch *local_reduce;
	GtkSwitch *uram;
	GtkSwitch *int_io_dir;
	GtkSwitch *hbm;
	GtkTreeView *tree;
	GtkTreeStore *store;
	GtkLabel *details;

	const SyDesign *design;
	char *text; /* the details, as plain text */
	char *selected; /* the family shown, kept across designs */
	gboolean filling;
};

G_DEFINE_FINAL_TYPE(SyDesignPanel, sy_design_panel, GTK_TYPE_BOX)

enum { OPTIONS_CHANGED, MODULE_SELECTED, N_SIGNALS };

static guint signals[N_SIGNALS];

/* "A_IO_L2_in" for itself and its boundary. */
static char *family_of(const char *name)
{
	return g_str_has_suffix(name, "_boundary")
		? g_strndup(name, strlen(name) - strlen("_boundary"))
		: g_strdup(name);
}

static char *kind_text(const SyModule *m)
{
	if (m->kind == SY_MODULE_PE)
		return g_strdup("PE");
	if (m->kind == SY_MODULE_DUMMY)
		return g_strdup("dummy");
	return g_strdup_printf("L%u %s%s", m->level, m->in ? "in" : "out",
		m->kind == SY_MODULE_DRAIN ? ", drain" : "");
}

/* Adds n to row it's count. */
static void add_count(GtkTreeStore *store, GtkTreeIter *it, gint64 n)
{
	gint64 count;

	gtk_tree_model_get(GTK_TREE_MODEL(store), it, COL_COUNT, &count, -1);
	gtk_tree_store_set(store, it, COL_COUNT, count + n, -1);
}

/* The row of a module under parent, added if new; its count grows with
 * every module of that name, and so does its array's (the array's row
 * counts its modules, not 0).  A family's boundary module has a row of
 * its own: selected, each shows its own details only. */
static void add_module(
	GtkTreeStore *store, GtkTreeIter *parent, const SyModule *m)
{
	g_autofree char *kind = kind_text(m);
	GtkTreeIter it;

	add_count(store, parent, m->count);
	if (gtk_tree_model_iter_children(GTK_TREE_MODEL(store), &it, parent))
		do {
			g_autofree char *name = NULL;

			gtk_tree_model_get(GTK_TREE_MODEL(store), &it,
				COL_FAMILY, &name, -1);
			if (g_str_equal(name, m->name)) {
				add_count(store, &it, m->count);
				return;
			}
		} while (gtk_tree_model_iter_next(GTK_TREE_MODEL(store), &it));
	gtk_tree_store_insert_with_values(store, &it, parent, -1, COL_FAMILY,
		m->name, COL_LABEL, m->name, COL_COUNT, m->count, COL_KIND,
		kind, -1);
}

static gboolean find_child(GtkTreeStore *store, GtkTreeIter *parent,
	const char *label, GtkTreeIter *out)
{
	if (!gtk_tree_model_iter_children(GTK_TREE_MODEL(store), out, parent))
		return FALSE;
	do {
		g_autofree char *text = NULL;

		gtk_tree_model_get(
			GTK_TREE_MODEL(store), out, COL_LABEL, &text, -1);
		if (g_str_equal(text, label))
			return TRUE;
	} while (gtk_tree_model_iter_next(GTK_TREE_MODEL(store), out));
	return FALSE;
}

static void fill_fifos(SyDesignPanel *self)
{
	GtkTreeIter top, it;

	gtk_tree_store_insert_with_values(self->store, &top, NULL, -1,
		COL_FAMILY, "", COL_LABEL, "FIFOs", COL_COUNT, (gint64)0,
		COL_KIND, "", -1);
	for (guint i = 0; i < self->design->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(self->design->fifos, i);
		g_autofree char *kind = g_strdup_printf(
			"%u bits", f->width_bits);

		add_count(self->store, &top, f->count);
		if (find_child(self->store, &top, f->name, &it)) {
			add_count(self->store, &it, f->count);
			continue;
		}
		gtk_tree_store_insert_with_values(self->store, &it, &top, -1,
			COL_FAMILY, f->name, COL_LABEL, f->name, COL_COUNT,
			f->count, COL_KIND, kind, -1);
	}
}

static void fill(SyDesignPanel *self)
{
	const SyDesign *d = self->design;
	GtkTreeIter it, parent;

	gtk_tree_store_clear(self->store);
	if (!d)
		return;
	gtk_tree_store_insert_with_values(self->store, &it, NULL, -1,
		COL_FAMILY, "PE", COL_LABEL, "PE", COL_COUNT, d->pe->count,
		COL_KIND, "PE", -1);
	/* Per array, from the DRAM port down: L3, L2, L1, dummies. */
	for (guint level = 4; level-- > 0;)
		for (guint i = 0; i < d->modules->len; i++) {
			const SyModule *m = g_ptr_array_index(d->modules, i);

			if (!m->array || m->level != level)
				continue;
			if (!find_child(
				    self->store, NULL, m->array->name, &parent))
				gtk_tree_store_insert_with_values(self->store,
					&parent, NULL, -1, COL_FAMILY, "",
					COL_LABEL, m->array->name, COL_COUNT,
					(gint64)0, COL_KIND, "array", -1);
			add_module(self->store, &parent, m);
		}
	fill_fifos(self);
	gtk_tree_view_expand_all(self->tree);
}

/* Details */

static void append_loops(GString *out, const SyLoopNode *node, guint depth)
{
	for (guint i = 0; i < node->children->len; i++) {
		const SyLoopNode *c = g_ptr_array_index(node->children, i);

		g_string_append_printf(out, "%*s", (int)(2 * depth + 2), "");
		if (c->children->len)
			g_string_append_printf(out,
				"for %s (%s): %" G_GINT64_FORMAT "\n", c->name,
				c->role, c->trip);
		else if (g_str_equal(c->role, "transfer"))
			g_string_append_printf(out,
				"%s: %" G_GINT64_FORMAT " words\n", c->name,
				c->trip);
		else
			g_string_append_printf(out, "%s\n", c->name);
		append_loops(out, c, depth + 1);
	}
}

/* A module's buffers; its L2 buffer (two-level buffering) says so, with
 * its bytes. */
static void append_buffers(GString *out, const SyModule *m)
{
	const SyBuffer *l2 = sy_module_l2_buffer(m);

	for (guint i = 0; i < m->buffers->len; i++) {
		const SyBuffer *b = g_ptr_array_index(m->buffers, i);

		g_string_append_printf(out, "  %s", b->name);
		for (guint d = 0; d < b->n_dims; d++)
			g_string_append_printf(
				out, "[%" G_GINT64_FORMAT "]", b->shape[d]);
		g_string_append_printf(out,
			": %" G_GINT64_FORMAT " words of %u x %u bits%s%s\n",
			b->depth, b->pack, b->elem_bits,
			b->ping_pong ? ", ping-pong" : "",
			b->uram ? ", UltraRAM" : "");
		if (b == l2)
			g_string_append_printf(out,
				"    L2 buffer (two-level buffering), "
				"%" G_GINT64_FORMAT " bytes\n",
				sy_buffer_bytes(b));
	}
}

static void append_fifos(GString *out, const SyDesign *d, const SyModule *m)
{
	for (guint i = 0; i < d->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(d->fifos, i);

		if (f->to == m && f->from != m)
			g_string_append_printf(out,
				"  in  %s, %u bits, from %s (%" G_GINT64_FORMAT
				")\n",
				f->name, f->width_bits, f->from->name,
				f->count);
		else if (f->from == m)
			g_string_append_printf(out,
				"  out %s, %u bits, to %s (%" G_GINT64_FORMAT
				")\n",
				f->name, f->width_bits, f->to->name, f->count);
	}
}

/* An L3 module's DRAM port: the width of its words (wider than its
 * FIFO's under --host-serialize). */
static void append_dram(GString *out, const SyDesign *d, const SyModule *m)
{
	for (guint i = 0; m->level == 3 && i < d->dram->len; i++) {
		const SyDramPort *p = g_ptr_array_index(d->dram, i);

		if (p->plain_array == m->plain_array && p->in == m->in) {
			g_string_append_printf(
				out, "DRAM\n  %u-bit words\n", p->width_bits);
			/* --hbm: each L3 module on a port of its own. */
			if (p->ports > 1)
				g_string_append_printf(out,
					"  %u ports, one per module\n",
					p->ports);
			return;
		}
	}
}

/* Whether the design has a module called name. */
static gboolean has_module(const SyDesign *d, const char *name)
{
	for (guint i = 0; i < d->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(d->modules, i);

		if (g_str_equal(m->name, name))
			return TRUE;
	}
	return FALSE;
}

/* The details of the module called name; of every module of the family
 * name only when no module has that name (a family known only by its
 * boundary).  A_IO_L2_in selected shows A_IO_L2_in, not its boundary
 * too. */
static char *module_details(const SyDesign *d, const char *name)
{
	GString *out = g_string_new(NULL);
	gboolean exact = has_module(d, name);

	for (guint i = 0; i < d->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(d->modules, i);
		g_autofree char *f = family_of(m->name);
		g_autofree char *kind = NULL;

		if (!g_str_equal(exact ? m->name : f, name))
			continue;
		kind = kind_text(m);
		g_string_append_printf(out,
			"%s: %" G_GINT64_FORMAT " (%s, %s)\n", m->name,
			m->count, kind, sy_edge_name(m->edge));
		if (m->buffers->len) {
			g_string_append(out, "buffers\n");
			append_buffers(out, m);
		}
		append_dram(out, d, m);
		g_string_append(out, "FIFOs\n");
		append_fifos(out, d, m);
		if (m->loops) {
			g_string_append(out, "loops (trip counts)\n");
			append_loops(out, m->loops, 0);
		}
		g_string_append_c(out, '\n');
	}
	return g_string_free(out, FALSE);
}

static char *fifo_details(const SyDesign *d, const char *name)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < d->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(d->fifos, i);

		if (g_str_equal(f->name, name))
			g_string_append_printf(out,
				"%s: %" G_GINT64_FORMAT " from %s to %s, %u "
				"bits, depth %u\n",
				f->name, f->count, f->from->name, f->to->name,
				f->width_bits, f->depth);
	}
	return g_string_free(out, FALSE);
}

static void show_details(SyDesignPanel *self, const char *family)
{
	g_autofree char *markup = NULL;

	g_clear_pointer(&self->text, g_free);
	if (self->design && family && *family)
		self->text = g_str_has_prefix(family, "fifo_")
			? fifo_details(self->design, family)
			: module_details(self->design, family);
	markup = g_markup_printf_escaped(
		"<tt>%s</tt>", self->text ? self->text : "");
	gtk_label_set_markup(self->details, markup);
}

static void selection_changed(GtkTreeSelection *sel, SyDesignPanel *self)
{
	GtkTreeModel *model;
	GtkTreeIter it;
	g_autofree char *family = NULL;

	if (!gtk_tree_selection_get_selected(sel, &model, &it))
		return;
	gtk_tree_model_get(model, &it, COL_FAMILY, &family, -1);
	if (!self->filling) {
		g_free(self->selected);
		self->selected = g_strdup(family);
	}
	show_details(self, family);
	if (!self->filling && *family && !g_str_has_prefix(family, "fifo_")) {
		/* The array view knows families: a boundary is drawn with
		 * its family. */
		g_autofree char *drawn = family_of(family);

		g_signal_emit(self, signals[MODULE_SELECTED], 0, drawn);
	}
}

static gboolean select_in(
	SyDesignPanel *self, GtkTreeIter *parent, const char *name)
{
	GtkTreeModel *model = GTK_TREE_MODEL(self->store);
	GtkTreeIter it;

	if (!gtk_tree_model_iter_children(model, &it, parent))
		return FALSE;
	do {
		g_autofree char *family = NULL;

		gtk_tree_model_get(model, &it, COL_FAMILY, &family, -1);
		if (g_str_equal(family, name)) {
			gtk_tree_selection_select_iter(
				gtk_tree_view_get_selection(self->tree), &it);
			return TRUE;
		}
		if (select_in(self, &it, name))
			return TRUE;
	} while (gtk_tree_model_iter_next(model, &it));
	return FALSE;
}

void sy_design_panel_select(SyDesignPanel *self, const char *name)
{
	gboolean filling = self->filling;

	if (name != self->selected) {
		g_free(self->selected);
		self->selected = g_strdup(name);
	}
	self->filling = TRUE;
	if (!name || !select_in(self, NULL, name))
		show_details(self, name);
	self->filling = filling;
}

void sy_design_panel_set_design(SyDesignPanel *self, const SyDesign *design)
{
	self->filling = TRUE;
	self->design = design;
	fill(self);
	self->filling = FALSE;
	sy_design_panel_select(self, self->selected);
}

SyDesignOptions sy_design_panel_get_options(SyDesignPanel *self)
{
	SyDesignOptions options = {
		.no_double_buffer = !gtk_switch_get_active(self->double_buffer),
		.no_packing = !gtk_switch_get_active(self->packing),
		.host_serialize = gtk_switch_get_active(self->host_serialize),
		.hbm = gtk_switch_get_active(self->hbm),
		.uram = gtk_switch_get_active(self->uram),
		.int_io_dir = gtk_switch_get_active(self->int_io_dir)};

	if (gtk_switch_get_active(self->local_reduce))
		g_strlcpy(options.reduce_op, "+", sizeof(options.reduce_op));
	return options;
}

void sy_design_panel_set_options(
	SyDesignPanel *self, const SyDesignOptions *options)
{
	gtk_switch_set_active(self->double_buffer, !options->no_double_buffer);
	gtk_switch_set_active(self->packing, !options->no_packing);
	gtk_switch_set_active(self->host_serialize, options->host_serialize);
	gtk_switch_set_active(self->hbm, options->hbm);
	gtk_switch_set_active(self->uram, options->uram);
	gtk_switch_set_active(self->int_io_dir, options->int_io_dir != 0);
	gtk_switch_set_active(self->local_reduce, options->reduce_op[0] != 0);
}

const char *sy_design_panel_get_details(SyDesignPanel *self)
{
	return self->text ? self->text : "";
}

static void switched(GObject *sw, GParamSpec *pspec, SyDesignPanel *self)
{
	(void)sw;
	(void)pspec;
	g_signal_emit(self, signals[OPTIONS_CHANGED], 0);
}

static void sy_design_panel_finalize(GObject *object)
{
	SyDesignPanel *self = SY_DESIGN_PANEL(object);

	g_free(self->text);
	g_free(self->selected);
	G_OBJECT_CLASS(sy_design_panel_parent_class)->finalize(object);
}

static void sy_design_panel_class_init(SyDesignPanelClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->finalize = sy_design_panel_finalize;
	signals[OPTIONS_CHANGED] = g_signal_new("options-changed",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 0);
	signals[MODULE_SELECTED] = g_signal_new("module-selected",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
	gtk_widget_class_set_template_from_resource(
		widget_class, "/org/systole/Systole/sy-design-panel.ui");
	gtk_widget_class_bind_template_child(
		widget_class, SyDesignPanel, double_buffer);
	gtk_widget_class_bind_template_child(
		widget_class, SyDesignPanel, packing);
	gtk_widget_class_bind_template_child(
		widget_class, SyDesignPanel, host_serialize);
	gtk_widget_class_bind_template_child(
		widget_class, SyDesignPanel, local_reduce);
	gtk_widget_class_bind_template_child(widget_class, SyDesignPanel, hbm);
	gtk_widget_class_bind_template_child(widget_class, SyDesignPanel, uram);
	gtk_widget_class_bind_template_child(
		widget_class, SyDesignPanel, int_io_dir);
	gtk_widget_class_bind_template_child(widget_class, SyDesignPanel, tree);
	gtk_widget_class_bind_template_child(
		widget_class, SyDesignPanel, store);
	gtk_widget_class_bind_template_child(
		widget_class, SyDesignPanel, details);
}

static void sy_design_panel_init(SyDesignPanel *self)
{
	gtk_widget_init_template(GTK_WIDGET(self));
	g_signal_connect(gtk_tree_view_get_selection(self->tree), "changed",
		G_CALLBACK(selection_changed), self);
	g_signal_connect(self->double_buffer, "notify::active",
		G_CALLBACK(switched), self);
	g_signal_connect(
		self->packing, "notify::active", G_CALLBACK(switched), self);
	g_signal_connect(self->host_serialize, "notify::active",
		G_CALLBACK(switched), self);
	g_signal_connect(self->local_reduce, "notify::active",
		G_CALLBACK(switched), self);
	g_signal_connect(
		self->hbm, "notify::active", G_CALLBACK(switched), self);
	g_signal_connect(
		self->uram, "notify::active", G_CALLBACK(switched), self);
	g_signal_connect(
		self->int_io_dir, "notify::active", G_CALLBACK(switched), self);
}
