/* The explorer's estimate under Xvfb: the panel, the array view's
 * bottleneck and each dataflow's throughput in the list follow the
 * pipeline's estimate; another device (win.device) is remembered and
 * estimated against.  Skips (77) without a display.
 *
 * Run with G_DEBUG=fatal-criticals: any GTK critical fails it. */
#include "render-estimate.h"
#include "sy-array-view.h"
#include "sy-candidate-list.h"
#include "sy-config-panel.h"
#include "sy-estimate-panel.h"
#include "uitest.h"
#include "uiwindow.h"

/* Every job done, the dataflows' survey too. */
static gboolean surveyed(SyWindow *window)
{
	return !sy_window_is_busy(window) && !sy_pipeline_count_jobs();
}

/* The estimate panel shows the pipeline's estimate, the Array view
 * outlines its bottleneck, each dataflow shows its throughput; another
 * device (win.device) is remembered and estimated against. */
static void test_estimate(void)
{
	g_autoptr(GFile) example = sy_application_get_example(sy_test_app());
	SyWindow *window = SY_WINDOW(
		sy_application_open_file(sy_test_app(), example));
	GtkWidget *root = GTK_WIDGET(window);
	SyPipeline *p = sy_window_get_pipeline(window);
	SyEstimatePanel *panel = SY_ESTIMATE_PANEL(
		sy_test_find(root, SY_TYPE_ESTIMATE_PANEL));
	SyArrayView *array = SY_ARRAY_VIEW(
		sy_test_find(root, SY_TYPE_ARRAY_VIEW));
	SyCandidateList *list = SY_CANDIDATE_LIST(
		sy_test_find(root, SY_TYPE_CANDIDATE_LIST));
	GSettings *settings = sy_application_get_settings(sy_test_app());
	const SyEstimate *e;
	const SyModuleEstimate *m;

	g_object_ref(window);
	sy_test_wait(window, sy_test_analysed, "the first analysis");
	sy_test_wait(window, surveyed, "the dataflows' survey");
	e = sy_pipeline_get_estimate(p);
	g_assert_nonnull(e);
	g_assert_true(sy_estimate_panel_get_estimate(panel) == e);
	g_assert_true(
		gtk_widget_get_visible(sy_estimate_panel_get_drawing(panel)));
	g_assert_cmpstr(e->device, ==, "u250");
	m = g_ptr_array_index(e->modules, e->bottleneck);
	g_assert_cmpstr(sy_array_view_get_bottleneck(array), ==, m->name);
	g_assert_cmpstr(
		sy_array_view_get_scene(array)->bottleneck, ==, m->name);
	for (guint i = 0; i < 6; i++) {
		gboolean flops;
		double gops = sy_pipeline_get_throughput(p, i, &flops);
		g_autofree char *text = sy_estimate_format_throughput(
			gops, flops);

		g_assert_cmpstr(
			sy_candidate_list_get_throughput(list, i), ==, text);
	}
	sy_test_screenshot(root, "ui-estimate-1280.png");

	g_action_group_activate_action(
		G_ACTION_GROUP(window), "device", g_variant_new_string("u280"));
	g_assert_cmpstr(sy_pipeline_get_device(p), ==, "u280");
	g_assert_cmpstr(gtk_label_get_text(
				GTK_LABEL(sy_test_named(root, "device-label"))),
		==, "U280");
	{
		g_autofree char *saved = g_settings_get_string(
			settings, "device");

		g_assert_cmpstr(saved, ==, "u280");
	}
	sy_test_wait(window, surveyed, "the estimate on the U280");
	g_assert_cmpstr(sy_pipeline_get_estimate(p)->device, ==, "u280");
	g_assert_true(sy_estimate_panel_get_estimate(panel) ==
		sy_pipeline_get_estimate(p));
	/* An unknown device changes nothing. */
	g_action_group_activate_action(G_ACTION_GROUP(window), "device",
		g_variant_new_string("no-such-board"));
	g_assert_cmpstr(sy_pipeline_get_device(p), ==, "u280");
	g_settings_reset(settings, "device");
	g_assert_cmpstr(sy_pipeline_get_device(p), ==, "u250");
	sy_test_wait(window, surveyed, "the estimate on the U250 again");

	gtk_widget_destroy(root);
	g_object_unref(window);
}

static void assert_pes(SyCandidateList *list, const char *const *want)
{
	for (guint i = 0; want[i]; i++)
		g_assert_cmpstr(
			sy_candidate_list_get_pes(list, i), ==, want[i]);
}

/* Each dataflow's PE array at its sizes in the list (matrix multiply's
 * defaults: one PE per iteration of the space loops), the selected
 * one's following its sizes, and kept once another is selected. */
static void test_pe_grid(void)
{
	static const char *const full[] = {"64 PEs", "64 PEs", "64 PEs",
		"64 \u00d7 64 PEs", "64 \u00d7 64 PEs", "64 \u00d7 64 PEs",
		NULL};
	static const char *const sized[] = {"64 PEs", "64 PEs", "64 PEs",
		"16 \u00d7 16 PEs", "64 \u00d7 64 PEs", "64 \u00d7 64 PEs",
		NULL};
	static const char *const latency[] = {"64 PEs", "64 PEs", "64 PEs",
		"4 \u00d7 16 PEs", "64 \u00d7 64 PEs", "64 \u00d7 64 PEs",
		NULL};
	g_autoptr(GFile) example = sy_application_get_example(sy_test_app());
	SyWindow *window = SY_WINDOW(
		sy_application_open_file(sy_test_app(), example));
	GtkWidget *root = GTK_WIDGET(window);
	SyCandidateList *list = SY_CANDIDATE_LIST(
		sy_test_find(root, SY_TYPE_CANDIDATE_LIST));
	GtkWidget *panel = sy_test_find(root, SY_TYPE_CONFIG_PANEL);

	g_object_ref(window);
	sy_test_wait(window, sy_test_analysed, "the first analysis");
	sy_test_wait(window, surveyed, "the dataflows' survey");
	g_assert_cmpint(sy_window_get_candidate(window), ==, 3);
	assert_pes(list, full);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-i")), 16);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-j")), 16);
	sy_test_wait(window, surveyed, "the 16 x 16 array");
	assert_pes(list, sized);
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "latency-i")), "4");
	sy_test_wait(window, surveyed, "latency hiding along i");
	assert_pes(list, latency);
	sy_window_select_candidate(window, 4);
	sy_test_wait(window, surveyed, "[i, k]");
	assert_pes(list, latency);
	for (guint i = 0; i < 6; i++)
		g_assert_null(sy_candidate_list_get_refusal(list, i));
	gtk_widget_destroy(root);
	g_object_unref(window);
}

/* A dataflow the HLS backend refuses (dp.c's [i, j], as systole-cli
 * export --space i,j refuses it) is marked in the list with the
 * backend's reason, before Export is clicked and whether it is
 * selected or not; the others are not. */
static void test_refused(void)
{
	static const char *const why =
		"Not exportable: D enters the array along two paths (D_0 and "
		"D_1); the HLS backend supports one per array and way";
	SyWindow *window = sy_test_open_example("dp.c");
	SyCandidateList *list = SY_CANDIDATE_LIST(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_CANDIDATE_LIST));

	sy_test_wait(window, surveyed, "dp.c's survey");
	g_assert_cmpuint(
		sy_window_get_analysis(window)->candidates->len, ==, 3);
	/* The first 2D dataflow is selected: its own result says so. */
	g_assert_cmpint(sy_window_get_candidate(window), ==, 2);
	g_assert_null(sy_candidate_list_get_refusal(list, 0));
	g_assert_null(sy_candidate_list_get_refusal(list, 1));
	g_assert_cmpstr(sy_candidate_list_get_refusal(list, 2), ==, why);
	g_assert_cmpstr(
		sy_candidate_list_get_pes(list, 2), ==, "64 \u00d7 48 PEs");
	/* Another selected, [i, j] stays marked. */
	sy_window_select_candidate(window, 1);
	sy_test_wait(window, surveyed, "dp.c's [j]");
	g_assert_cmpstr(sy_candidate_list_get_refusal(list, 2), ==, why);
	g_assert_null(sy_candidate_list_get_refusal(list, 1));
	/* Another device: every dataflow forgotten, then surveyed, [i, j]
	 * by the survey alone. */
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "device", g_variant_new_string("u280"));
	sy_test_wait(window, surveyed, "dp.c on the U280");
	g_assert_cmpstr(sy_candidate_list_get_refusal(list, 2), ==, why);
	g_assert_null(sy_candidate_list_get_refusal(list, 0));
	g_assert_null(sy_candidate_list_get_refusal(list, 1));
	sy_test_screenshot(GTK_WIDGET(window), "ui-refused-1280.png");
	g_settings_reset(sy_application_get_settings(sy_test_app()), "device");
	sy_test_wait(window, surveyed, "dp.c on the U250 again");
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

const SyTestCase sy_test_cases[] = {
	{"/ui/estimate", test_estimate},
	{"/ui/pe-grid", test_pe_grid},
	{"/ui/refused", test_refused},
	{NULL, NULL},
};
