/* The space-time transforms beside the dataflows under Xvfb (issue 16):
 * conv1d's list at the defaults (the six of systole-cli transforms),
 * win.space-time applying its SBM transform [[1,1],[0,1]] off the main
 * thread (x stationary, w broadcast, z moving one PE per step), a
 * refused one saying why, "" going back to the loops' dataflows, and
 * a projection direction dragged over the dependence view.
 * Skips (77) without a display. */
#include "sy-window-private.h"
#include "uitest.h"
#include "uiwindow.h"

static void space_time(SyWindow *window, const char *text)
{
	g_action_group_activate_action(G_ACTION_GROUP(window), "space-time",
		g_variant_new_string(text));
	sy_test_wait(window, sy_test_settled, "the transform's design");
}

static void test_space_time(void)
{
	SyWindow *window = sy_test_open_example("conv1d.c");
	SyPipeline *pipeline = sy_window_get_pipeline(window);
	const SyAnalysis *a;

	sy_test_wait(window, sy_test_settled, "conv1d's design");
	g_assert_cmpuint(sy_window_count_transforms(window), ==, 6);
	g_assert_null(sy_pipeline_get_space_time(pipeline));

	space_time(window, "[[1,1],[0,1]]");
	a = sy_window_get_analysis(window);
	g_assert_nonnull(a->space_time);
	g_assert_cmpstr(a->band->members[0].name, ==, "k");
	g_assert_cmpint(sy_window_get_candidate(window), >=, 0);
	g_assert_nonnull(sy_pipeline_get_design(pipeline));
	g_assert_cmpstr(sy_window_get_movement(window), ==,
		"Movement under [[1,1],[0,1]]:\n"
		"z: moving +k at 1 PE per step (1, 1)\n"
		"x: stationary (0, 1)\n"
		"w: broadcast (1, 0)");
	/* the list is of the band before the transform: the same six */
	g_assert_cmpuint(sy_window_count_transforms(window), ==, 6);
	sy_test_screenshot(GTK_WIDGET(window), "ui-space-time.png");

	/* A dependence running backwards: refused, the loops' band kept. */
	space_time(window, "[[1,0],[0,-1]]");
	g_assert_nonnull(sy_pipeline_get_space_time_error(pipeline));
	g_assert_null(sy_window_get_analysis(window)->space_time);
	g_assert_true(g_str_has_prefix(sy_window_get_movement(window),
		"Space-time [[1,0],[0,-1]] refused: "));

	space_time(window, "");
	g_assert_null(sy_pipeline_get_space_time(pipeline));
	g_assert_null(sy_window_get_analysis(window)->space_time);
	g_assert_true(g_str_has_prefix(
		sy_window_get_movement(window), "Movement:\n"));

	/* Shift-dragged down-right over (c, q): along (1, -1), k = c + q,
	 * SBM again (the deps view's signal, as its release emits it). */
	g_signal_emit_by_name(window->deps_view, "direction-chosen", 0, 1,
		4.0, -3.5);
	sy_test_wait(window, sy_test_settled, "the dragged transform");
	g_assert_cmpstr(sy_pipeline_get_space_time(pipeline), ==,
		"[[1,1],[0,1]]");
	g_assert_true(g_str_has_prefix(sy_window_get_movement(window),
		"Projection along (c, q) = (1, -1): space row [1,1], "
		"[[1,1],[0,1]]\nMovement under [[1,1],[0,1]]:\n"
		"z: moving +k at 1 PE per step (1, 1)\n"));
	space_time(window, "");
	/* up-right: k = c - q, which no legal transform has */
	g_signal_emit_by_name(
		window->deps_view, "direction-chosen", 0, 1, 1.0, 1.2);
	g_assert_null(sy_pipeline_get_space_time(pipeline));
	g_assert_true(g_str_has_prefix(sy_window_get_movement(window),
		"Projection along (c, q) = (1, 1): no legal transform has the "
		"space row [1,-1]"));
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

const SyTestCase sy_test_cases[] = {
	{"/ui/space-time", test_space_time},
	{NULL, NULL},
};
