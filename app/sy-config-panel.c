#include <math.h>
#include <string.h>

#include "sy-config-panel.h"

/* One band loop: its tile slider, its L2 factor (two-level buffering)
 * and, if parallel, its latency. */
typedef struct {
	SyConfigPanel *panel;
	const SyLoopRef *ref;
	GtkAdjustment *tile;
	GtkAdjustment *l2; /* tiles per L2 tile */
	GtkWidget *l2_spin; /* shown with two-level buffering, under the
			       tile's spin button */
	GtkWidget *l2_label; /* "L2", beside the padding */
	GtkLabel *padding;
	GtkComboBoxText *latency; /* NULL for a loop that is not parallel */
	GArray *latencies; /* gint64: what latency lists */
} Row;

struct _SyConfigPanel {
	GtkBox parent_instance;

	/* template children */
	GtkGrid *loops;
	GtkComboBoxText *order_combo;
	GtkComboBoxText *simd_combo;
	GtkSwitch *touch_space;
	GtkSwitch *two_level;
	GtkComboBoxText *width_combo;
	GtkLabel *status;
	GtkEntry *command_entry;
	GtkEntry *sa_sizes_entry;

	const SyChoices *choices;
	SyConfig *config;
	char *file;
	GPtrArray *rows; /* Row */
	GArray *widths; /* gint64: what width_combo lists */
	gboolean filling; /* setting widgets: their signals are ours */
};

G_DEFINE_FINAL_TYPE(SyConfigPanel, sy_config_panel, GTK_TYPE_BOX)

enum { CHANGED, N_SIGNALS };

static guint signals[N_SIGNALS];

/* Combo entries carry their value as id. */
static void combo_add_value(GtkComboBoxText *combo, gint64 v, const char *text)
{
	char id[32];

	g_snprintf(id, sizeof id, "%" G_GINT64_FORMAT, v);
	gtk_combo_box_text_append(combo, id, text ? text : id);
}

static gint64 combo_value(GtkComboBoxText *combo, gint64 dflt)
{
	const char *id = gtk_combo_box_get_active_id(GTK_COMBO_BOX(combo));

	return id ? g_ascii_strtoll(id, NULL, 10) : dflt;
}

/* Whether list holds values (NULL: nothing listed). */
static gboolean same_values(const GArray *list, const GArray *values)
{
	return list && list->len == values->len &&
		memcmp(list->data, values->data,
			sizeof(gint64) * values->len) == 0;
}

/* combo lists values (the divisors of a size), *list saying what it
 * lists: filled again only when they change.  A combo filled again asks
 * for a new size, and the panel is laid out and drawn again whole: per
 * step of a tile size, that was most of the main thread's frame. */
static void combo_fill(
	GtkComboBoxText *combo, GArray **list, GArray *values /* take */)
{
	if (same_values(*list, values)) {
		g_array_unref(values);
		return;
	}
	gtk_combo_box_text_remove_all(combo);
	for (guint i = 0; i < values->len; i++)
		combo_add_value(combo, g_array_index(values, gint64, i), NULL);
	if (*list)
		g_array_unref(*list);
	*list = values;
}

static void combo_clear(GtkComboBoxText *combo, GArray **list)
{
	gtk_combo_box_text_remove_all(combo);
	g_clear_pointer(list, g_array_unref);
}

static void combo_select(GtkComboBoxText *combo, gint64 v)
{
	char id[32];

	g_snprintf(id, sizeof id, "%" G_GINT64_FORMAT, v);
	gtk_combo_box_set_active_id(GTK_COMBO_BOX(combo), id);
}

static void update_texts(SyConfigPanel *self)
{
	g_autofree char *flags = sy_config_to_flags(
		self->config, self->choices);
	g_autofree char *sizes = sy_config_to_sa_sizes(
		self->config, self->choices);
	/* Quoted only when the shell needs it. */
	g_autofree char *quoted = self->file[strspn(self->file,
					  "abcdefghijklmnopqrstuvwxyz"
					  "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
					  "0123456789._/-+")]
		? g_shell_quote(self->file)
		: g_strdup(self->file);
	g_autofree char *command = g_strdup_printf(
		"systole-cli compile %s %s", quoted, flags);

	gtk_entry_set_text(self->command_entry, command);
	gtk_entry_set_text(self->sa_sizes_entry, sizes);
}

static void changed(SyConfigPanel *self)
{
	if (self->filling)
		return;
	update_texts(self);
	g_signal_emit(self, signals[CHANGED], 0);
}

/* What a tile size costs when it does not divide the loop. */
static void update_padding(Row *row)
{
	gint64 e = row->ref->extent;
	gint64 t = row->panel->config->tile[row->ref->member];
	gint64 padded = (e + t - 1) / t * t;
	g_autofree char *text = NULL;

	if (padded == e)
		text = g_strdup_printf("%" G_GINT64_FORMAT
				       " tile%s, no padding",
			e / t, e / t == 1 ? "" : "s");
	else
		text = g_strdup_printf("%" G_GINT64_FORMAT " tiles, padded to "
				       "%" G_GINT64_FORMAT " (+%.1f%%)",
			padded / t, padded,
			100.0 * (double)(padded - e) / (double)e);
	gtk_label_set_text(row->padding, text);
	if (padded == e)
		gtk_style_context_remove_class(
			gtk_widget_get_style_context(GTK_WIDGET(row->padding)),
			"padded");
	else
		gtk_style_context_add_class(
			gtk_widget_get_style_context(GTK_WIDGET(row->padding)),
			"padded");
}

/* The latency factors a tile allows: its divisors. */
static void fill_latency(Row *row)
{
	SyConfig *cfg = row->panel->config;
	guint m = row->ref->member;

	if (!row->latency)
		return;
	if (cfg->tile[m] % cfg->latency[m] != 0)
		cfg->latency[m] = 1;
	combo_fill(row->latency, &row->latencies,
		sy_config_divisors(cfg->tile[m]));
	combo_select(row->latency, cfg->latency[m]);
}

/* The tiles of a row's loop at its tile size. */
static gint64 row_tiles(const Row *row)
{
	gint64 t = row->panel->config->tile[row->ref->member];

	return (row->ref->extent + t - 1) / t;
}

/* The L2 factor a tile allows: 1 to its loop's tiles (AutoSA's
 * array_part_L2 counts tiles; the core takes larger factors as all of
 * them, which the spin button does not offer).  Shown with two-level
 * buffering only. */
static void fill_l2(Row *row)
{
	SyConfig *cfg = row->panel->config;
	guint m = row->ref->member;
	gint64 tiles = row_tiles(row);
	gint64 v = cfg->tile_l2 ? MIN(cfg->tile_l2[m], tiles) : tiles;

	if (cfg->tile_l2)
		cfg->tile_l2[m] = v;
	gtk_adjustment_configure(row->l2, (double)v, 1, (double)tiles, 1, 1, 0);
	gtk_widget_set_sensitive(row->l2_spin, tiles > 1);
	gtk_widget_set_visible(row->l2_spin, cfg->tile_l2 != NULL);
	gtk_widget_set_visible(row->l2_label, cfg->tile_l2 != NULL);
}

/* The SIMD widths the chosen loop allows. */
static void fill_width(SyConfigPanel *self)
{
	SyConfig *cfg = self->config;
	GArray *div;
	gint64 range;

	if (cfg->simd < 0) {
		combo_clear(self->width_combo, &self->widths);
		gtk_widget_set_sensitive(GTK_WIDGET(self->width_combo), FALSE);
		return;
	}
	range = sy_config_simd_range(cfg, self->choices, (guint)cfg->simd);
	div = sy_config_divisors(range);
	/* A new loop (factor 0) or a width that no longer fits: the
	 * narrowest vector. */
	if (cfg->simd_factor < 1 || range % cfg->simd_factor != 0)
		cfg->simd_factor = div->len > 1 ? g_array_index(div, gint64, 1)
						: 1;
	combo_fill(self->width_combo, &self->widths, div);
	combo_select(self->width_combo, cfg->simd_factor);
	gtk_widget_set_sensitive(GTK_WIDGET(self->width_combo), TRUE);
}

/* c as *best if it is past value towards dir and nearer it. */
static void closer(gint64 c, gint64 value, int dir, gint64 *best)
{
	if (dir > 0 ? c > value && c < *best : c < value && c > *best)
		*best = c;
}

/* The tile sizes the arrow keys, the spin button's arrows and the
 * slider's steps go through: the loop's divisors (no padding) and the
 * powers of two (what buffers and vectors come in), from 1 to the
 * extent, so that a loop of 2^20 takes 20 steps from end to end and one
 * of 1000 goes 1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 40...  The next one
 * after value towards dir (+1 or -1); the end itself at an end. */
static gint64 tile_step(gint64 extent, gint64 value, int dir)
{
	g_autoptr(GArray) div = sy_config_divisors(extent);
	gint64 best = dir > 0 ? extent : 1;

	for (guint i = 0; i < div->len; i++)
		closer(g_array_index(div, gint64, i), value, dir, &best);
	for (gint64 p = 1; p <= extent; p *= 2)
		closer(p, value, dir, &best);
	return best;
}

/* The tile adjustment's step increment: half a size, a value no size
 * has, so that a step of the spin button's arrows or keys (which GTK
 * takes to value +- step, with no signal of its own) is told from a
 * size typed or set, and taken to the next size of tile_step. */
#define TILE_STEP 0.5

static void tile_changed(GtkAdjustment *adj, Row *row)
{
	SyConfigPanel *self = row->panel;
	gboolean filling = self->filling;
	double v = gtk_adjustment_get_value(adj);
	gint64 old = self->config->tile[row->ref->member];

	if (fabs(v - (double)old) == TILE_STEP) {
		/* Runs this handler again with the size stepped to. */
		gtk_adjustment_set_value(adj,
			(double)tile_step(row->ref->extent, old,
				v > (double)old ? 1 : -1));
		return;
	}
	self->config->tile[row->ref->member] = (gint64)v;
	update_padding(row);
	self->filling = TRUE;
	fill_latency(row);
	fill_l2(row);
	fill_width(self);
	self->filling = filling;
	changed(self);
}

/* The slider's steps (arrow keys; GtkRange would round a half step
 * away) go through tile_step's sizes too; drags and pages stay
 * linear. */
static gboolean scale_change_value(
	GtkRange *range, GtkScrollType scroll, double value, Row *row)
{
	gint64 old = row->panel->config->tile[row->ref->member];

	(void)range;
	switch (scroll) {
	case GTK_SCROLL_STEP_BACKWARD:
	case GTK_SCROLL_STEP_FORWARD:
	case GTK_SCROLL_STEP_UP:
	case GTK_SCROLL_STEP_DOWN:
	case GTK_SCROLL_STEP_LEFT:
	case GTK_SCROLL_STEP_RIGHT:
		gtk_adjustment_set_value(row->tile,
			(double)tile_step(row->ref->extent, old,
				value > (double)old ? 1 : -1));
		return TRUE;
	default: return FALSE;
	}
}

/* Digits of n: the spin button's width, so that a loop of 1048576 shows
 * its sizes whole. */
static int digits(gint64 n)
{
	int d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

static void latency_changed(GtkComboBoxText *combo, Row *row)
{
	SyConfigPanel *self = row->panel;

	if (self->filling)
		return;
	self->config->latency[row->ref->member] = combo_value(combo, 1);
	self->filling = TRUE;
	fill_width(self);
	self->filling = FALSE;
	changed(self);
}

static void l2_changed(GtkAdjustment *adj, Row *row)
{
	SyConfigPanel *self = row->panel;

	if (self->filling || !self->config->tile_l2)
		return;
	self->config->tile_l2[row->ref->member] =
		(gint64)gtk_adjustment_get_value(adj);
	changed(self);
}

/* Two-level buffering on: every loop one L2 tile of all its tiles (a
 * factor that never splits the tiles of a loop whose partial results
 * must meet in turn, which the core refuses), for the user to lower;
 * off: one tiling level (AutoSA's default). */
static void two_level_changed(
	GObject *sw, GParamSpec *pspec, SyConfigPanel *self)
{
	SyConfig *cfg = self->config;

	(void)pspec;
	if (self->filling || !cfg)
		return;
	g_clear_pointer(&cfg->tile_l2, g_free);
	if (gtk_switch_get_active(GTK_SWITCH(sw))) {
		cfg->tile_l2 = g_new(gint64, cfg->n_members);
		for (guint m = 0; m < cfg->n_members; m++)
			cfg->tile_l2[m] = 1;
		for (guint i = 0; i < self->rows->len; i++) {
			Row *row = g_ptr_array_index(self->rows, i);

			cfg->tile_l2[row->ref->member] = row_tiles(row);
		}
	}
	self->filling = TRUE;
	for (guint i = 0; i < self->rows->len; i++)
		fill_l2(g_ptr_array_index(self->rows, i));
	self->filling = FALSE;
	changed(self);
}

static void order_changed(GtkComboBox *combo, SyConfigPanel *self)
{
	int at = gtk_combo_box_get_active(combo);
	GArray *order;

	if (self->filling || at < 0)
		return;
	order = g_ptr_array_index(self->choices->orders, at);
	memcpy(self->config->order, order->data, sizeof(guint) * order->len);
	changed(self);
}

static void simd_changed(GtkComboBoxText *combo, SyConfigPanel *self)
{
	if (self->filling)
		return;
	self->config->simd = (int)combo_value(combo, -1);
	self->config->simd_factor = self->config->simd >= 0 ? 0 : 1;
	self->filling = TRUE;
	fill_width(self);
	self->filling = FALSE;
	changed(self);
}

/* The choices are made again with or without the space loops; a SIMD
 * choice among them goes. */
static void touch_space_changed(
	GObject *sw, GParamSpec *pspec, SyConfigPanel *self)
{
	const SySimdChoice *sc;

	(void)pspec;
	if (self->filling || !self->config)
		return;
	self->config->touch_space = gtk_switch_get_active(GTK_SWITCH(sw));
	sc = self->config->simd >= 0
		? g_ptr_array_index(self->choices->simd, self->config->simd)
		: NULL;
	if (sc && sc->space) {
		self->config->simd = -1;
		self->config->simd_factor = 1;
	}
	changed(self);
}

static void width_changed(GtkComboBoxText *combo, SyConfigPanel *self)
{
	if (self->filling)
		return;
	self->config->simd_factor = combo_value(combo, 1);
	changed(self);
}

static GtkWidget *small_label(const char *text, const char *style)
{
	GtkWidget *label = gtk_label_new(text);

	gtk_label_set_xalign(GTK_LABEL(label), 0);
	gtk_style_context_add_class(gtk_widget_get_style_context(label), style);
	gtk_widget_show(label);
	return label;
}

static void row_free(gpointer data)
{
	Row *row = data;

	if (row->latencies)
		g_array_unref(row->latencies);
	g_free(row);
}

/* name role [slider] [spin] [latency]
 *           padding                    */
static void add_row(SyConfigPanel *self, const SyLoopRef *ref, guint at)
{
	Row *row = g_new0(Row, 1);
	gint64 extent = ref->extent;
	g_autoptr(GArray) div = sy_config_divisors(extent);
	GtkWidget *scale, *spin, *box;
	g_autofree char *name = NULL;
	int y = (int)(2 * at + 1);

	row->panel = self;
	row->ref = ref;
	/* Pages of an eighth of the loop, whole sizes. */
	row->tile = gtk_adjustment_new((double)self->config->tile[ref->member],
		1, (double)extent, TILE_STEP, (double)MAX(1, extent / 8), 0);
	scale = gtk_scale_new(GTK_ORIENTATION_HORIZONTAL, row->tile);
	gtk_scale_set_draw_value(GTK_SCALE(scale), FALSE);
	gtk_range_set_round_digits(GTK_RANGE(scale), 0);
	gtk_widget_set_hexpand(scale, TRUE);
	/* Divisors as ticks; a slider stays readable with up to 40. */
	for (guint i = 0; i < div->len && div->len <= 40; i++)
		gtk_scale_add_mark(GTK_SCALE(scale),
			(double)g_array_index(div, gint64, i), GTK_POS_BOTTOM,
			NULL);
	gtk_widget_set_sensitive(scale, extent > 1);
	/* No climb: a held arrow steps through tile_step's sizes, at
	 * GTK's repeat rate, rather than by growing half sizes. */
	spin = gtk_spin_button_new(row->tile, 0, 0);
	gtk_spin_button_set_numeric(GTK_SPIN_BUTTON(spin), TRUE);
	gtk_entry_set_width_chars(GTK_ENTRY(spin), MAX(2, digits(extent)));
	row->padding = GTK_LABEL(small_label("", "dim-label"));
	/* Named for CSS, accessibility tools and tests. */
	name = g_strconcat("tile-", ref->name, NULL);
	gtk_widget_set_name(spin, name);
	g_free(name);
	name = g_strconcat("slider-", ref->name, NULL);
	gtk_widget_set_name(scale, name);
	gtk_grid_attach(
		self->loops, small_label(ref->name, "heading"), 0, y, 1, 1);
	gtk_grid_attach(self->loops,
		small_label(at < self->choices->candidate->n_space ? "space"
								   : "time",
			"dim-label"),
		1, y, 1, 1);
	gtk_grid_attach(self->loops, scale, 2, y, 1, 1);
	gtk_grid_attach(self->loops, spin, 3, y, 1, 1);
	/* The L2 factor on the padding's line, under the tile's spin
	 * button: the slider keeps the panel's width. */
	box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
	row->l2_label = small_label("L2", "dim-label");
	gtk_widget_set_no_show_all(row->l2_label, TRUE);
	gtk_box_pack_start(
		GTK_BOX(box), GTK_WIDGET(row->padding), TRUE, TRUE, 0);
	gtk_box_pack_end(GTK_BOX(box), row->l2_label, FALSE, FALSE, 0);
	gtk_widget_show(box);
	gtk_grid_attach(self->loops, box, 2, y + 1, 1, 1);
	row->l2 = gtk_adjustment_new(1, 1, 1, 1, 1, 0);
	row->l2_spin = gtk_spin_button_new(row->l2, 1, 0);
	gtk_spin_button_set_numeric(GTK_SPIN_BUTTON(row->l2_spin), TRUE);
	gtk_entry_set_width_chars(
		GTK_ENTRY(row->l2_spin), MAX(2, digits(extent)));
	g_free(name);
	name = g_strconcat("tile-l2-", ref->name, NULL);
	gtk_widget_set_name(row->l2_spin, name);
	gtk_widget_set_tooltip_text(row->l2_spin,
		"Two-level buffering: this loop's tiles in one L2 tile "
		"(AutoSA's array_part_L2)");
	gtk_widget_set_no_show_all(row->l2_spin, TRUE);
	gtk_grid_attach(self->loops, row->l2_spin, 3, y + 1, 1, 1);
	if (sy_choices_find(self->choices->latency, ref->name) >= 0) {
		row->latency = GTK_COMBO_BOX_TEXT(gtk_combo_box_text_new());
		g_free(name);
		name = g_strconcat("latency-", ref->name, NULL);
		gtk_widget_set_name(GTK_WIDGET(row->latency), name);
		gtk_widget_set_tooltip_text(GTK_WIDGET(row->latency),
			"Latency hiding: PEs along this loop interleave this "
			"many independent iterations");
		gtk_grid_attach(
			self->loops, GTK_WIDGET(row->latency), 4, y, 1, 1);
		g_signal_connect(row->latency, "changed",
			G_CALLBACK(latency_changed), row);
	}
	gtk_widget_show_all(scale);
	gtk_widget_show(spin);
	if (row->latency)
		gtk_widget_show(GTK_WIDGET(row->latency));
	g_signal_connect(
		row->tile, "value-changed", G_CALLBACK(tile_changed), row);
	g_signal_connect(
		scale, "change-value", G_CALLBACK(scale_change_value), row);
	g_signal_connect(row->l2, "value-changed", G_CALLBACK(l2_changed), row);
	g_ptr_array_add(self->rows, row);
	update_padding(row);
	fill_latency(row);
	fill_l2(row);
}

static void clear(SyConfigPanel *self)
{
	GList *children = gtk_container_get_children(
		GTK_CONTAINER(self->loops));

	/* A focused spin button commits its text when destroyed: its row,
	 * half destroyed by then, must not hear it. */
	for (guint i = 0; i < self->rows->len; i++) {
		Row *row = g_ptr_array_index(self->rows, i);

		g_signal_handlers_disconnect_by_data(row->tile, row);
		g_signal_handlers_disconnect_by_data(row->l2, row);
		if (row->latency)
			g_signal_handlers_disconnect_by_data(row->latency, row);
	}
	for (GList *l = children; l; l = l->next)
		gtk_widget_destroy(l->data);
	g_list_free(children);
	g_ptr_array_set_size(self->rows, 0);
	gtk_combo_box_text_remove_all(self->order_combo);
	gtk_combo_box_text_remove_all(self->simd_combo);
	combo_clear(self->width_combo, &self->widths);
	g_clear_pointer(&self->config, sy_config_free);
	self->choices = NULL;
}

static void fill_orders(SyConfigPanel *self)
{
	const SyChoices *c = self->choices;

	for (guint o = 0; o < c->orders->len; o++) {
		GArray *order = g_ptr_array_index(c->orders, o);
		g_autofree char *text = sy_choices_order_text(
			c, (const guint *)order->data, ", ");
		g_autofree char *label = g_strconcat(
			text, o ? "" : " (default)", NULL);

		gtk_combo_box_text_append_text(self->order_combo, label);
		if (memcmp(order->data, self->config->order,
			    sizeof(guint) * order->len) == 0)
			gtk_combo_box_set_active(
				GTK_COMBO_BOX(self->order_combo), (int)o);
	}
	gtk_widget_set_sensitive(
		GTK_WIDGET(self->order_combo), c->orders->len > 1);
}

static void fill_simd(SyConfigPanel *self)
{
	const SyChoices *c = self->choices;

	combo_add_value(self->simd_combo, -1, "none");
	for (guint i = 0; i < c->simd->len; i++) {
		const SySimdChoice *sc = g_ptr_array_index(c->simd, i);
		g_autofree char *text = g_strdup_printf("%s%s: %s, score %d",
			sc->loop.name, sc->space ? " (space)" : "",
			sc->parallel            ? "parallel"
				: sc->reduction ? "reduction"
						: "not vectorizable",
			sc->score);

		combo_add_value(self->simd_combo, i, text);
	}
	combo_select(self->simd_combo, self->config->simd);
	gtk_switch_set_active(self->touch_space, c->touch_space);
	fill_width(self);
}

void sy_config_panel_set_choices(SyConfigPanel *self, const SyChoices *choices,
	const SyConfig *config, const char *file)
{
	self->filling = TRUE;
	clear(self);
	g_free(self->file);
	self->file = g_strdup(file ? file : "kernel.c");
	self->choices = choices;
	gtk_widget_set_sensitive(GTK_WIDGET(self), choices != NULL);
	if (!choices) {
		gtk_entry_set_text(self->command_entry, "");
		gtk_entry_set_text(self->sa_sizes_entry, "");
		gtk_label_set_text(self->status, "");
		self->filling = FALSE;
		return;
	}
	self->config = config ? sy_config_copy(config) : sy_config_new(choices);
	gtk_grid_attach(
		self->loops, small_label("Loop", "dim-label"), 0, 0, 2, 1);
	gtk_grid_attach(
		self->loops, small_label("Tile", "dim-label"), 2, 0, 2, 1);
	if (choices->latency->len)
		gtk_grid_attach(self->loops,
			small_label("Latency", "dim-label"), 4, 0, 1, 1);
	gtk_switch_set_active(self->two_level, self->config->tile_l2 != NULL);
	for (guint i = 0; i < choices->tilable->len; i++)
		add_row(self, g_ptr_array_index(choices->tilable, i), i);
	fill_orders(self);
	fill_simd(self);
	update_texts(self);
	self->filling = FALSE;
}

const SyConfig *sy_config_panel_get_config(SyConfigPanel *self)
{
	return self->config;
}

void sy_config_panel_set_status(SyConfigPanel *self, const char *markup)
{
	gtk_label_set_markup(self->status, markup);
}

static void copy_entry(GtkEntry *entry)
{
	gtk_clipboard_set_text(gtk_widget_get_clipboard(GTK_WIDGET(entry),
				       GDK_SELECTION_CLIPBOARD),
		gtk_entry_get_text(entry), -1);
}

static void copy_command_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	(void)action;
	(void)param;
	copy_entry(SY_CONFIG_PANEL(user)->command_entry);
}

static void copy_sizes_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	(void)action;
	(void)param;
	copy_entry(SY_CONFIG_PANEL(user)->sa_sizes_entry);
}

static void reset_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	SyConfigPanel *self = user;
	g_autofree char *file = g_strdup(self->file);

	(void)action;
	(void)param;
	if (!self->choices)
		return;
	sy_config_panel_set_choices(self, self->choices, NULL, file);
	changed(self);
}

static const GActionEntry panel_actions[] = {
	{"copy-command", copy_command_activated, NULL, NULL, NULL, {0}},
	{"copy-sa-sizes", copy_sizes_activated, NULL, NULL, NULL, {0}},
	{"reset", reset_activated, NULL, NULL, NULL, {0}},
};

static void sy_config_panel_finalize(GObject *object)
{
	SyConfigPanel *self = SY_CONFIG_PANEL(object);

	g_ptr_array_unref(self->rows);
	g_clear_pointer(&self->widths, g_array_unref);
	sy_config_free(self->config);
	g_free(self->file);
	G_OBJECT_CLASS(sy_config_panel_parent_class)->finalize(object);
}

static void sy_config_panel_class_init(SyConfigPanelClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->finalize = sy_config_panel_finalize;
	signals[CHANGED] = g_signal_new("changed", G_TYPE_FROM_CLASS(klass),
		G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
	gtk_widget_class_set_template_from_resource(
		widget_class, "/org/systole/Systole/sy-config-panel.ui");
	gtk_widget_class_bind_template_child(
		widget_class, SyConfigPanel, loops);
	gtk_widget_class_bind_template_child(
		widget_class, SyConfigPanel, order_combo);
	gtk_widget_class_bind_template_child(
		widget_class, SyConfigPanel, simd_combo);
	gtk_widget_class_bind_template_child(
		widget_class, SyConfigPanel, width_combo);
	gtk_widget_class_bind_template_child(
		widget_class, SyConfigPanel, touch_space);
	gtk_widget_class_bind_template_child(
		widget_class, SyConfigPanel, two_level);
	gtk_widget_class_bind_template_child(
		widget_class, SyConfigPanel, status);
	gtk_widget_class_bind_template_child(
		widget_class, SyConfigPanel, command_entry);
	gtk_widget_class_bind_template_child(
		widget_class, SyConfigPanel, sa_sizes_entry);
}

/* A long choice ("k (reduction, score 12) ...") is ellipsized in the
 * combo, whole in its list and tooltip: it widened the side panel
 * (issue 15, defect 4). */
static void ellipsize_combo(GtkComboBoxText *combo)
{
	GList *cells = gtk_cell_layout_get_cells(GTK_CELL_LAYOUT(combo));

	for (GList *l = cells; l; l = l->next)
		if (GTK_IS_CELL_RENDERER_TEXT(l->data))
			g_object_set(l->data, "ellipsize", PANGO_ELLIPSIZE_END,
				"width-chars", 8, NULL);
	g_list_free(cells);
}

/* The choice whole, where the combo ellipsizes it. */
static void tooltip_from_active(GtkComboBoxText *combo)
{
	g_autofree char *text = gtk_combo_box_text_get_active_text(combo);

	gtk_widget_set_tooltip_text(GTK_WIDGET(combo), text);
}

static void sy_config_panel_init(SyConfigPanel *self)
{
	GSimpleActionGroup *group = g_simple_action_group_new();

	gtk_widget_init_template(GTK_WIDGET(self));
	self->rows = g_ptr_array_new_with_free_func(row_free);
	g_action_map_add_action_entries(G_ACTION_MAP(group), panel_actions,
		G_N_ELEMENTS(panel_actions), self);
	gtk_widget_insert_action_group(
		GTK_WIDGET(self), "config", G_ACTION_GROUP(group));
	g_object_unref(group);
	g_signal_connect(
		self->order_combo, "changed", G_CALLBACK(order_changed), self);
	g_signal_connect(
		self->simd_combo, "changed", G_CALLBACK(simd_changed), self);
	g_signal_connect(
		self->width_combo, "changed", G_CALLBACK(width_changed), self);
	g_signal_connect(self->touch_space, "notify::active",
		G_CALLBACK(touch_space_changed), self);
	g_signal_connect(self->two_level, "notify::active",
		G_CALLBACK(two_level_changed), self);
	ellipsize_combo(self->order_combo);
	ellipsize_combo(self->simd_combo);
	g_signal_connect(self->simd_combo, "changed",
		G_CALLBACK(tooltip_from_active), NULL);
	gtk_widget_set_sensitive(GTK_WIDGET(self), FALSE);
}

GtkWidget *sy_config_panel_new(void)
{
	return g_object_new(SY_TYPE_CONFIG_PANEL, NULL);
}
