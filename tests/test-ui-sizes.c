/* The explorer's sizes and network panels under Xvfb: tiles, latency
 * hiding and SIMD set from the widgets, the grid, the loop nest and the
 * command line following; a module's details and the network's
 * switches; the sizes kept across an edit, and reset.  Skips (77)
 * without a display.
 *
 * Run with G_DEBUG=fatal-criticals: any GTK critical fails it. */
#include <string.h>

#include "model/estimate.h"
#include "sy-array-view.h"
#include "sy-config-panel.h"
#include "sy-design-panel.h"
#include "uitest.h"
#include "uiwindow.h"

/* Every widget of type under root, in tree order, but not of type not. */
static void find_all(GtkWidget *root, GType type, GType not, GPtrArray *out)
{
	GList *children;

	if (G_TYPE_CHECK_INSTANCE_TYPE(root, type) &&
		!G_TYPE_CHECK_INSTANCE_TYPE(root, not ))
		g_ptr_array_add(out, root);
	if (!GTK_IS_CONTAINER(root))
		return;
	children = gtk_container_get_children(GTK_CONTAINER(root));
	for (GList *l = children; l; l = l->next)
		find_all(l->data, type, not, out);
	g_list_free(children);
}

static char *transformed_text(SyWindow *window)
{
	g_autoptr(GPtrArray) views = g_ptr_array_new();
	GtkTextBuffer *buffer;
	GtkTextIter start, end;

	find_all(GTK_WIDGET(window), GTK_TYPE_TEXT_VIEW, G_TYPE_NONE, views);
	g_assert_cmpuint(views->len, ==, 2);
	buffer = gtk_text_view_get_buffer(g_ptr_array_index(views, 1));
	gtk_text_buffer_get_bounds(buffer, &start, &end);
	return gtk_text_buffer_get_text(buffer, &start, &end, FALSE);
}

/* Sizes: a non-divisor tile, latency hiding and SIMD from the panel's
 * widgets; the grid, the loop nest and the command line follow; the
 * sizes survive an edit of the kernel; reset. */
/* The edge of the selected module family's first module, as the
 * details' first line gives it ("C_IO_L2_in: 3 (L2 in, ..., north)"). */
static const char *first_edge(SyDesignPanel *network)
{
	static char edge[16];
	const char *text = sy_design_panel_get_details(network);
	const char *end = strstr(text, ")\n");
	const char *start = end;

	g_assert_nonnull(end);
	while (start > text && start[-1] != ' ')
		start--;
	g_strlcpy(edge, start, MIN(sizeof edge, (gsize)(end - start) + 1));
	return edge;
}

static const char *status_text(GtkWidget *panel)
{
	return gtk_label_get_text(GTK_LABEL(sy_test_get(panel, "status")));
}

/* Top-level row label of the Network page's tree: its count, and the
 * sum of its children's in *children (an array's row counts its
 * modules, the FIFOs' row its FIFOs). */
static gint64 network_row(
	GtkWidget *network, const char *label, gint64 *children)
{
	GtkTreeModel *model = gtk_tree_view_get_model(
		GTK_TREE_VIEW(sy_test_find(network, GTK_TYPE_TREE_VIEW)));
	GtkTreeIter it, child;

	g_assert_true(gtk_tree_model_get_iter_first(model, &it));
	do {
		g_autofree char *text = NULL;
		gint64 count = 0, n;

		gtk_tree_model_get(model, &it, 1, &text, 2, &count, -1);
		if (!g_str_equal(text, label))
			continue;
		*children = 0;
		if (gtk_tree_model_iter_children(model, &child, &it))
			do {
				gtk_tree_model_get(model, &child, 2, &n, -1);
				*children += n;
			} while (gtk_tree_model_iter_next(model, &child));
		return count;
	} while (gtk_tree_model_iter_next(model, &it));
	g_error("no row %s", label);
	return -1;
}

static void test_sizes(void)
{
	g_autoptr(GFile) example = sy_application_get_example(sy_test_app());
	g_autofree char *text = NULL;
	SyWindow *window;
	SyArrayView *array;
	GtkWidget *panel;
	GtkEntry *command, *sizes;
	SyDesignPanel *network;
	GtkTextBuffer *buffer;
	GtkTextIter iter;
	gint64 start;

	window = SY_WINDOW(sy_application_open_file(sy_test_app(), example));
	g_object_ref(window);
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	sy_test_wait(window, sy_test_analysed, "the first analysis");
	array = SY_ARRAY_VIEW(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_ARRAY_VIEW));
	panel = sy_test_find(GTK_WIDGET(window), SY_TYPE_CONFIG_PANEL);
	command = GTK_ENTRY(sy_test_get(panel, "command"));
	sizes = GTK_ENTRY(sy_test_get(panel, "sa-sizes"));
	g_assert_null(
		sy_test_named(panel, "latency-k")); /* k carries C's flow */

	start = g_get_monotonic_time();
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-i")), 20);
	sy_test_wait(window, sy_test_settled, "the tile size");
	g_test_message("a tile size to a new PE array and loop nest: %.1f ms",
		(g_get_monotonic_time() - start) / 1000.0);
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 20);
	g_assert_cmpint(sy_array_view_get_scene(array)->cols, ==, 64);
	g_assert_cmpstr(gtk_entry_get_text(command), ==,
		"systole-cli compile mm.c --space i,j --tile i=20");
	g_assert_nonnull(strstr(status_text(panel),
		", 1280 PEs; iteration space 64 \u00d7 64 \u00d7 64 padded to "
		"80 \u00d7 64 \u00d7 64"));

	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "latency-i")), "4");
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "simd-loop")), "0");
	sy_test_wait(window, sy_test_settled, "latency and SIMD");
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 5);
	g_assert_cmpstr(gtk_entry_get_text(sizes), ==,
		"{kernel[]->space_time[3];kernel[]->array_part[20,64,64];"
		"kernel[]->latency[4,1];kernel[]->simd[2]}");
	text = transformed_text(window);
	g_assert_nonnull(strstr(text, "/* simd[k] */"));
	g_assert_nonnull(strstr(text, "sy_min(4, -5 * c0 + 15)"));
	sy_test_screenshot(GTK_WIDGET(window), "ui-sizes-1920.png");

	/* The I/O network of a 4 x 4 array: a module clicked in the array
	 * shows its buffers, FIFOs and loops; switches rebuild it. */
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-i")), 16);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-j")), 16);
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "latency-i")), "4");
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "latency-j")), "4");
	sy_test_wait(window, sy_test_settled, "the 4 x 4 array");
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 4);
	g_assert_cmpint(sy_array_view_get_scene(array)->cols, ==, 4);
	/* 16 divides 64: nothing is padded, and the status says so. */
	g_assert_nonnull(strstr(status_text(panel),
		", 16 PEs; iteration space 64 \u00d7 64 \u00d7 64, no "
		"padding"));
	g_signal_emit_by_name(array, "module-selected", "A_IO_L2_in");
	network = SY_DESIGN_PANEL(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_DESIGN_PANEL));
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"A_IO_L2_in: 3 (L2 in, west)\nbuffers\n  local_A[4][64]: 16 "
		"words of 16 x 32 bits, ping-pong\n"));
	/* The module selected only, not its family's boundary too; the
	 * boundary has a row of its own (issue 15, defect 12). */
	g_assert_null(strstr(
		sy_design_panel_get_details(network), "A_IO_L2_in_boundary: "));
	sy_design_panel_select(network, "A_IO_L2_in_boundary");
	g_assert_true(g_str_has_prefix(sy_design_panel_get_details(network),
		"A_IO_L2_in_boundary: 1 (L2 in, west)\n"));
	g_assert_null(
		strstr(sy_design_panel_get_details(network), "A_IO_L2_in: "));
	sy_design_panel_select(network, "A_IO_L2_in");
	/* Header rows count what they hold (they showed 0). */
	{
		gint64 sum = 0;

		g_assert_cmpint(
			network_row(GTK_WIDGET(network), "A", &sum), ==, sum);
		/* A_IO_L3_in, 3 A_IO_L2_in and its boundary, 4 dummies. */
		g_assert_cmpint(sum, ==, 9);
		g_assert_cmpint(network_row(GTK_WIDGET(network), "FIFOs", &sum),
			==, sum);
		g_assert_cmpint(sum, ==, 120);
	}
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "zoom-fit", NULL);
	sy_test_screenshot(GTK_WIDGET(window), "ui-network-1920.png");
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "double-buffer")),
		FALSE);
	sy_test_wait(window, sy_test_settled, "the network without ping-pong");
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"local_A[4][64]: 16 words of 16 x 32 bits\n"));
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "packing")), FALSE);
	sy_test_wait(window, sy_test_settled, "the network without packing");
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"local_A[4][64]: 256 words of 1 x 32 bits\n"));
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "double-buffer")),
		TRUE);
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "packing")), TRUE);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-j")), 64);
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "latency-j")), "1");
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-i")), 20);
	sy_test_wait(window, sy_test_settled, "the sizes before the edit");

	/* Serialized DRAM words: C's boxes of 4 x 1 elements leave in
	 * words of one, sixteen to a DRAM word (1280 per tile). */
	g_signal_emit_by_name(array, "module-selected", "C_drain_IO_L3_out");
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"DRAM\n  32-bit words\nFIFOs\n  in  "
		"fifo_C_drain_C_drain_IO_L2_out, 32 bits"));
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "host-serialize")),
		TRUE);
	sy_test_wait(window, sy_test_settled, "serialized DRAM words");
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"DRAM\n  512-bit words\nFIFOs\n  in  "
		"fifo_C_drain_C_drain_IO_L2_out, 32 bits"));
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "host-serialize")),
		FALSE);
	sy_test_wait(window, sy_test_settled, "DRAM words as the FIFO's");

	/* Folding reduction tiles (--local-reduce --reduce-op=+): on
	 * [i,j] no partial sums pass PE to PE, the network stays. */
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "local-reduce")),
		TRUE);
	sy_test_wait(window, sy_test_settled, "reduction tiles folded");
	g_assert_cmpstr(
		sy_design_panel_get_options(network).reduce_op, ==, "+");
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"DRAM\n  32-bit words\nFIFOs\n  in  "
		"fifo_C_drain_C_drain_IO_L2_out, 32 bits"));
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "local-reduce")),
		FALSE);
	sy_test_wait(window, sy_test_settled, "reduction tiles not folded");
	g_assert_cmpstr(sy_design_panel_get_options(network).reduce_op, ==, "");

	/* --uram: asked for; with nothing folded at a DRAM port, no buffer
	 * moves to UltraRAM. */
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "uram")), TRUE);
	sy_test_wait(window, sy_test_settled, "UltraRAM at the DRAM ports");
	g_assert_true(sy_design_panel_get_options(network).uram);
	g_assert_null(strstr(sy_design_panel_get_details(network), "UltraRAM"));
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "uram")), FALSE);
	sy_test_wait(window, sy_test_settled, "no UltraRAM");
	g_assert_false(sy_design_panel_get_options(network).uram);

	/* --int-io-dir=1: C's interior chains along j, their L2 modules
	 * west of the grid; off again, north. */
	g_signal_emit_by_name(array, "module-selected", "C_IO_L2_in");
	g_assert_cmpstr(first_edge(network), ==, "north");
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "int-io-dir")),
		TRUE);
	sy_test_wait(window, sy_test_settled, "interior chains along j");
	g_assert_cmpuint(
		sy_design_panel_get_options(network).int_io_dir, ==, 1);
	g_assert_cmpstr(first_edge(network), ==, "west");
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "int-io-dir")),
		FALSE);
	sy_test_wait(window, sy_test_settled, "interior chains along i");
	g_assert_cmpstr(first_edge(network), ==, "north");
	g_signal_emit_by_name(array, "module-selected", "C_drain_IO_L3_out");

	/* --hbm (two DRAM ports a path): C's L3 module out on two ports,
	 * one per module; off again, one. */
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "hbm")), TRUE);
	sy_test_wait(window, sy_test_settled, "two DRAM ports a path");
	g_assert_true(sy_design_panel_get_options(network).hbm);
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"C_drain_IO_L3_out: 2 (L3 out, drain, corner)\nDRAM\n  "
		"32-bit words\n  2 ports, one per module\nFIFOs\n"));
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "hbm")), FALSE);
	sy_test_wait(window, sy_test_settled, "one DRAM port a path");
	g_assert_false(sy_design_panel_get_options(network).hbm);
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"DRAM\n  32-bit words\nFIFOs\n"));

	/* SIMD on a space loop (AutoSA's --simd-touch-space): j's 64 PEs
	 * take 2 lanes each, 32 of them; the command says so.  Off again,
	 * the choice goes with it. */
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(panel, "touch-space")), TRUE);
	sy_test_wait(window, sy_test_settled, "the space loops for SIMD");
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "simd-loop")), "2");
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "simd-width")), "2");
	sy_test_wait(window, sy_test_settled, "SIMD 2 on j");
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 5);
	g_assert_cmpint(sy_array_view_get_scene(array)->cols, ==, 32);
	g_assert_cmpstr(gtk_entry_get_text(command), ==,
		"systole-cli compile mm.c --space i,j --tile i=20 --latency "
		"i=4 --simd j=2 --simd-touch-space");
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(panel, "touch-space")), FALSE);
	sy_test_wait(window, sy_test_settled, "no SIMD on space loops");
	g_assert_cmpint(sy_array_view_get_scene(array)->cols, ==, 64);
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "simd-loop")), "0");
	sy_test_wait(window, sy_test_settled, "SIMD on k again");

	/* An edit re-analyses; the dataflow keeps its sizes. */
	buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(
		sy_test_find(GTK_WIDGET(window), GTK_TYPE_TEXT_VIEW)));
	gtk_text_buffer_get_start_iter(buffer, &iter);
	gtk_text_buffer_insert(buffer, &iter, "// edited\n", -1);
	sy_test_wait(window, sy_test_analysed, "the analysis after an edit");
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 5);
	g_assert_cmpstr(
		gtk_entry_get_text(GTK_ENTRY(sy_test_get(panel, "sa-sizes"))),
		==,
		"{kernel[]->space_time[3];kernel[]->array_part[20,64,64];"
		"kernel[]->latency[4,1];kernel[]->simd[2]}");

	g_action_group_activate_action(
		gtk_widget_get_action_group(panel, "config"), "reset", NULL);
	sy_test_wait(window, sy_test_settled, "the sizes reset");
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 64);
	g_assert_cmpstr(
		gtk_entry_get_text(GTK_ENTRY(sy_test_get(panel, "sa-sizes"))),
		==,
		"{kernel[]->space_time[3];kernel[]->array_part[64,64,64];"
		"kernel[]->latency[1,1];kernel[]->simd[1]}");
	gtk_text_buffer_set_modified(buffer, FALSE);
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

static void set_spin(GtkWidget *panel, const char *name, double v)
{
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(sy_test_get(panel, name)), v);
}

/* Two-level buffering (AutoSA's --two-level-buffer): off by default;
 * the switch gives the pipeline a second tiling level (each loop one
 * L2 tile of its tiles), the L2 factors beside the tiles change it; the
 * L3 modules of A and B hold L2 buffers, which the array view marks and
 * describes, the Network page lists and the estimate counts (README's
 * mm at i=2,j=2,k=4: 98304 bytes off chip, not 163840; 47 BRAM18K, not
 * 32); k split between L2 tiles shows the core's refusal; under
 * --host-serialize the buffers go, as the command line says. */
static void test_two_level(void)
{
	g_autoptr(GFile) example = sy_application_get_example(sy_test_app());
	SyWindow *window;
	SyPipeline *p;
	SyArrayView *array;
	SyDesignPanel *network;
	GtkWidget *panel, *sw;
	GtkEntry *command;
	const SyConfig *cfg;
	const SyArrayScene *scene;
	const SyEstimate *e;
	g_autoptr(GPtrArray) names = g_ptr_array_new();
	g_autofree char *tip = NULL;

	window = SY_WINDOW(sy_application_open_file(sy_test_app(), example));
	g_object_ref(window);
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	sy_test_wait(window, sy_test_analysed, "the first analysis");
	p = sy_window_get_pipeline(window);
	array = SY_ARRAY_VIEW(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_ARRAY_VIEW));
	network = SY_DESIGN_PANEL(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_DESIGN_PANEL));
	panel = sy_test_find(GTK_WIDGET(window), SY_TYPE_CONFIG_PANEL);
	command = GTK_ENTRY(sy_test_get(panel, "command"));
	sw = sy_test_get(panel, "two-level-buffer");
	set_spin(panel, "tile-i", 16);
	set_spin(panel, "tile-j", 16);
	set_spin(panel, "tile-k", 16);
	sy_test_wait(window, sy_test_settled, "tiles of 16");
	g_assert_false(gtk_switch_get_active(GTK_SWITCH(sw)));
	g_assert_false(gtk_widget_get_visible(sy_test_get(panel, "tile-l2-i")));
	g_assert_null(sy_pipeline_get_config(p)->tile_l2);
	g_assert_cmpuint(
		sy_io_scene_l2_lanes(sy_array_view_get_scene(array)->io, NULL),
		==, 0);
	e = sy_pipeline_get_estimate(p);
	g_assert_nonnull(e);
	g_assert_cmpfloat(e->offchip_bytes, ==, 163840);
	g_assert_cmpfloat(e->total.v[SY_RESOURCE_BRAM18K], ==, 32);

	/* On: one L2 tile of every loop's 4 tiles. */
	gtk_switch_set_active(GTK_SWITCH(sw), TRUE);
	sy_test_wait(window, sy_test_settled, "two-level buffering on");
	cfg = sy_pipeline_get_config(p);
	g_assert_nonnull(cfg->tile_l2);
	g_assert_cmpint(cfg->tile_l2[0], ==, 4);
	g_assert_cmpint(cfg->tile_l2[1], ==, 4);
	g_assert_cmpint(cfg->tile_l2[2], ==, 4);
	g_assert_true(gtk_widget_get_visible(sy_test_get(panel, "tile-l2-k")));
	g_assert_cmpstr(gtk_entry_get_text(command), ==,
		"systole-cli compile mm.c --space i,j --tile i=16,j=16,k=16 "
		"--two-level-buffer --tile-l2 i=4,j=4,k=4");

	/* README's factors. */
	set_spin(panel, "tile-l2-i", 2);
	set_spin(panel, "tile-l2-j", 2);
	sy_test_wait(window, sy_test_settled, "L2 tiles of 2 x 2 x 4");
	cfg = sy_pipeline_get_config(p);
	g_assert_cmpint(cfg->tile_l2[0], ==, 2);
	g_assert_cmpint(cfg->tile_l2[1], ==, 2);
	g_assert_cmpint(cfg->tile_l2[2], ==, 4);
	g_assert_cmpstr(gtk_entry_get_text(command), ==,
		"systole-cli compile mm.c --space i,j --tile i=16,j=16,k=16 "
		"--two-level-buffer --tile-l2 i=2,j=2,k=4");
	g_assert_cmpstr(
		gtk_entry_get_text(GTK_ENTRY(sy_test_get(panel, "sa-sizes"))),
		==,
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->array_part_L2[2,2,4];kernel[]->latency[1,1];"
		"kernel[]->simd[1]}");
	scene = sy_array_view_get_scene(array);
	g_assert_cmpuint(sy_io_scene_l2_lanes(scene->io, names), ==, 2);
	g_assert_cmpstr(g_ptr_array_index(names, 0), ==, "A_IO_L3_in");
	g_assert_cmpstr(g_ptr_array_index(names, 1), ==, "B_IO_L3_in");
	tip = sy_array_scene_describe_module(scene, "A_IO_L3_in");
	g_assert_cmpstr(tip, ==,
		"A_IO_L3_in: 1 module, I/O level 3, in\nDRAM words 512 "
		"bits\nL2 buffer (two-level buffering): l2_A[64][16], 64 "
		"words of 16 x 32 bits, 4096 bytes");
	g_assert_nonnull(strstr(status_text(panel),
		"\nL2 buffers: l2_A in A_IO_L3_in (4096 bytes), l2_B in "
		"B_IO_L3_in (8192 bytes)"));
	e = sy_pipeline_get_estimate(p);
	g_assert_nonnull(e);
	g_assert_cmpfloat(e->offchip_bytes, ==, 98304);
	g_assert_cmpfloat(e->total.v[SY_RESOURCE_BRAM18K], ==, 47);
	sy_test_screenshot(GTK_WIDGET(window), "ui-two-level-sizes-1920.png");
	g_signal_emit_by_name(array, "module-selected", "B_IO_L3_in");
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"B_IO_L3_in: 1 (L3 in, corner)\nbuffers\n  l2_B[128][16]: "
		"128 words of 16 x 32 bits\n    L2 buffer (two-level "
		"buffering), 8192 bytes\nDRAM\n"));
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "zoom-fit", NULL);
	sy_test_screenshot(GTK_WIDGET(window), "ui-two-level-1920.png");

	/* k's 4 tiles in two L2 tiles: C's partial sums would cross them
	 * through DRAM; the core's refusal is the sizes' error. */
	set_spin(panel, "tile-l2-k", 2);
	sy_test_wait(window, sy_test_settled, "k split between L2 tiles");
	g_assert_nonnull(strstr(status_text(panel),
		"--two-level-buffer: partial results of C cross tiles of 'k' "
		"through DRAM between L2 tiles (the host's launches), which "
		"Systole does not run with a second tiling level yet; give "
		"'k' an array_part_L2 factor of its 4 tiles"));
	g_assert_null(sy_pipeline_get_estimate(p));
	set_spin(panel, "tile-l2-k", 4);
	sy_test_wait(window, sy_test_settled, "k whole again");
	g_assert_nonnull(sy_pipeline_get_estimate(p));

	/* --host-serialize: no L2 buffers, the second level stays. */
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "host-serialize")),
		TRUE);
	sy_test_wait(window, sy_test_settled, "serialized DRAM words");
	g_assert_nonnull(sy_pipeline_get_config(p)->tile_l2);
	g_assert_cmpuint(
		sy_io_scene_l2_lanes(sy_array_view_get_scene(array)->io, NULL),
		==, 0);
	g_assert_nonnull(strstr(status_text(panel),
		"\nTwo-level buffering is disabled because host data "
		"serialization is enabled. (AutoSA's warning: no L2 buffers; "
		"the tile loops stay tiled twice, as AutoSA's do)"));
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(GTK_WIDGET(network), "host-serialize")),
		FALSE);

	/* An L2 tile of one tile along i and j: no tiles share A's or
	 * B's data, no buffer. */
	set_spin(panel, "tile-l2-i", 1);
	set_spin(panel, "tile-l2-j", 1);
	sy_test_wait(window, sy_test_settled, "L2 tiles of 1 x 1 x 4");
	g_assert_cmpuint(
		sy_io_scene_l2_lanes(sy_array_view_get_scene(array)->io, NULL),
		==, 0);
	g_assert_nonnull(strstr(status_text(panel),
		"\nNo L2 buffer: no input read through one DRAM port has "
		"data the tiles of an L2 tile share (raise an L2 factor)"));

	/* Off: one tiling level, the factors hidden. */
	gtk_switch_set_active(GTK_SWITCH(sw), FALSE);
	sy_test_wait(window, sy_test_settled, "two-level buffering off");
	g_assert_null(sy_pipeline_get_config(p)->tile_l2);
	g_assert_false(gtk_widget_get_visible(sy_test_get(panel, "tile-l2-i")));
	g_assert_cmpstr(gtk_entry_get_text(command), ==,
		"systole-cli compile mm.c --space i,j --tile i=16,j=16,k=16");
	g_assert_cmpuint(
		sy_io_scene_l2_lanes(sy_array_view_get_scene(array)->io, NULL),
		==, 0);
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

/* Sizes of a loop of 2^20 and one of 1000: spin buttons wide enough
 * for them, steps through the divisors and powers of two (the spin
 * button's and the slider's), any size typed kept. */
static void test_large(void)
{
	g_autofree char *dir = g_dir_make_tmp("systole-large-XXXXXX", NULL);
	g_autofree char *mm = g_build_filename(
		SYSTOLE_SOURCE_DATADIR, "examples", "mm.c", NULL);
	g_autofree char *path = g_build_filename(dir, "mm.c", NULL);
	g_autofree char *header = g_build_filename(dir, "kernel.h", NULL);
	g_autofree char *text = NULL;
	g_autoptr(GFile) file = g_file_new_for_path(path);
	SyWindow *window;
	GtkWidget *panel, *slider;
	/* A spin button set to from (0: as it is), stepped towards dir:
	 * to.  i and j: 2^20, k: 1000 (its divisors and the powers of
	 * two). */
	static const struct {
		const char *spin;
		double from;
		GtkSpinType dir;
		double to;
	} steps[] = {
		{"tile-i", 1000, GTK_SPIN_STEP_FORWARD, 1024},
		{"tile-i", 0, GTK_SPIN_STEP_FORWARD, 2048},
		{"tile-i", 0, GTK_SPIN_STEP_BACKWARD, 1024},
		{"tile-i", 1048576, GTK_SPIN_STEP_FORWARD, 1048576},
		{"tile-i", 0, GTK_SPIN_STEP_BACKWARD, 524288},
		{"tile-k", 8, GTK_SPIN_STEP_FORWARD, 10},
		{"tile-k", 0, GTK_SPIN_STEP_FORWARD, 16},
		{"tile-k", 0, GTK_SPIN_STEP_FORWARD, 20},
		{"tile-k", 513, GTK_SPIN_STEP_BACKWARD, 512},
		{"tile-k", 0, GTK_SPIN_STEP_BACKWARD, 500},
		{"tile-k", 1, GTK_SPIN_STEP_BACKWARD, 1},
	};

	g_assert_true(g_file_get_contents(mm, &text, NULL, NULL));
	g_assert_true(g_file_set_contents(path, text, -1, NULL));
	g_assert_true(g_file_set_contents(header,
		"#define I 1048576\n#define J 1048576\n#define K 1000\n"
		"typedef float data_t;\n",
		-1, NULL));
	window = SY_WINDOW(sy_application_open_file(sy_test_app(), file));
	g_object_ref(window);
	sy_test_wait(window, sy_test_analysed, "the analysis of 2^20 loops");
	panel = sy_test_find(GTK_WIDGET(window), SY_TYPE_CONFIG_PANEL);
	g_assert_cmpint(gtk_entry_get_width_chars(
				GTK_ENTRY(sy_test_get(panel, "tile-i"))),
		==, 7);
	g_assert_cmpint(gtk_entry_get_width_chars(
				GTK_ENTRY(sy_test_get(panel, "tile-k"))),
		==, 4);

	for (gsize i = 0; i < G_N_ELEMENTS(steps); i++) {
		GtkSpinButton *spin = GTK_SPIN_BUTTON(
			sy_test_get(panel, steps[i].spin));

		if (steps[i].from)
			gtk_spin_button_set_value(spin, steps[i].from);
		gtk_spin_button_spin(spin, steps[i].dir, 0);
		g_assert_cmpfloat(
			gtk_spin_button_get_value(spin), ==, steps[i].to);
	}
	/* The slider's arrow keys step the same way. */
	slider = sy_test_get(panel, "slider-i");
	g_signal_emit_by_name(slider, "move-slider", GTK_SCROLL_STEP_LEFT);
	g_assert_cmpfloat(gtk_range_get_value(GTK_RANGE(slider)), ==, 262144);
	g_signal_emit_by_name(slider, "move-slider", GTK_SCROLL_STEP_RIGHT);
	g_assert_cmpfloat(gtk_range_get_value(GTK_RANGE(slider)), ==, 524288);
	sy_test_wait(window, sy_test_settled, "the last sizes");
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
	sy_test_remove_tree(dir);
}

static double spin_value(GtkWidget *panel, const char *name)
{
	return gtk_spin_button_get_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, name)));
}

static gboolean action_enabled(SyWindow *window, const char *name)
{
	return g_action_group_get_action_enabled(G_ACTION_GROUP(window), name);
}

static void activate(SyWindow *window, const char *name, const char *what)
{
	g_action_group_activate_action(G_ACTION_GROUP(window), name, NULL);
	sy_test_wait(window, sy_test_settled, what);
}

/* A key pressed in window, handled as if GDK had read it. */
static void press_key(SyWindow *window, guint keyval, GdkModifierType mods)
{
	GdkEvent *e = gdk_event_new(GDK_KEY_PRESS);
	GdkDevice *keyboard = gdk_seat_get_keyboard(
		gdk_display_get_default_seat(
			gtk_widget_get_display(GTK_WIDGET(window))));
	g_autofree GdkKeymapKey *keys = NULL;
	int n = 0;

	e->key.window = g_object_ref(gtk_widget_get_window(GTK_WIDGET(window)));
	e->key.send_event = TRUE;
	e->key.time = GDK_CURRENT_TIME;
	e->key.keyval = keyval;
	e->key.state = mods;
	if (gdk_keymap_get_entries_for_keyval(
		    gdk_keymap_get_for_display(gdk_display_get_default()),
		    keyval, &keys, &n) &&
		n > 0)
		e->key.hardware_keycode = (guint16)keys[0].keycode;
	gdk_event_set_device(e, keyboard);
	gtk_main_do_event(e);
	gdk_event_free(e);
}

/* Undo and redo of the design choices, apart from the text's: a tile
 * size, the dataflow, a switch, back and forth by the actions and by
 * Ctrl+Z where the focus is in no text (the editor keeps its own). */
static void test_undo_design(void)
{
	SyWindow *window = sy_test_open_example("mm.c");
	GtkWidget *panel = sy_test_find(
		GTK_WIDGET(window), SY_TYPE_CONFIG_PANEL);
	GtkWidget *network = sy_test_find(
		GTK_WIDGET(window), SY_TYPE_DESIGN_PANEL);
	GtkSwitch *ping_pong = GTK_SWITCH(
		sy_test_get(network, "double-buffer"));
	SyPipeline *pipeline = sy_window_get_pipeline(window);
	int first = sy_pipeline_get_dataflow(pipeline);
	GtkWidget *editor;

	sy_test_wait(window, sy_test_settled, "the first design");
	g_assert_false(action_enabled(window, "undo-design"));
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-i")), 16);
	sy_test_wait(window, sy_test_settled, "tile i 16");
	g_usleep(600 * 1000); /* the next sizes are a step of their own */
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-j")), 8);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-j")), 16);
	sy_test_wait(window, sy_test_settled, "tile j 16, one step");
	sy_window_select_candidate(window, first == 0 ? 1 : 0);
	sy_test_wait(window, sy_test_settled, "another dataflow");
	gtk_switch_set_active(ping_pong, FALSE);
	sy_test_wait(window, sy_test_settled, "no double buffering");
	g_assert_true(action_enabled(window, "undo-design"));
	g_assert_false(action_enabled(window, "redo-design"));

	activate(window, "undo-design", "undo: the switch");
	g_assert_true(gtk_switch_get_active(ping_pong));
	g_assert_false(
		sy_pipeline_get_design_options(pipeline)->no_double_buffer);
	activate(window, "undo-design", "undo: the dataflow");
	g_assert_cmpint(sy_pipeline_get_dataflow(pipeline), ==, first);
	g_assert_cmpfloat(spin_value(panel, "tile-i"), ==, 16);
	g_assert_cmpfloat(spin_value(panel, "tile-j"), ==, 16);
	activate(window, "undo-design", "undo: tile j");
	g_assert_cmpfloat(spin_value(panel, "tile-i"), ==, 16);
	g_assert_cmpfloat(spin_value(panel, "tile-j"), ==, 64);
	activate(window, "undo-design", "undo: tile i");
	g_assert_cmpfloat(spin_value(panel, "tile-i"), ==, 64);
	g_assert_false(action_enabled(window, "undo-design"));

	activate(window, "redo-design", "redo: tile i");
	g_assert_cmpfloat(spin_value(panel, "tile-i"), ==, 16);
	activate(window, "redo-design", "redo: tile j");
	activate(window, "redo-design", "redo: the dataflow");
	g_assert_cmpint(sy_pipeline_get_dataflow(pipeline), !=, first);
	activate(window, "redo-design", "redo: the switch");
	g_assert_false(gtk_switch_get_active(ping_pong));
	g_assert_false(action_enabled(window, "redo-design"));

	/* Ctrl+Z: the design's with the focus in no text, the editor's
	 * in the editor. */
	gtk_window_set_focus(GTK_WINDOW(window), NULL);
	press_key(window, GDK_KEY_z, GDK_CONTROL_MASK);
	sy_test_wait(window, sy_test_settled, "Ctrl+Z");
	g_assert_true(gtk_switch_get_active(ping_pong));
	press_key(window, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
	sy_test_wait(window, sy_test_settled, "Ctrl+Shift+Z");
	g_assert_false(gtk_switch_get_active(ping_pong));
	editor = sy_test_find(GTK_WIDGET(window), GTK_TYPE_TEXT_VIEW);
	gtk_widget_grab_focus(editor);
	press_key(window, GDK_KEY_z, GDK_CONTROL_MASK);
	sy_test_settle(GTK_WIDGET(window));
	g_assert_false(gtk_switch_get_active(ping_pong));
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

const SyTestCase sy_test_cases[] = {
	{"/ui/undo-design", test_undo_design},
	{"/ui/sizes", test_sizes},
	{"/ui/two-level-buffer", test_two_level},
	{"/ui/large", test_large},
	{NULL, NULL},
};
