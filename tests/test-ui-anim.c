/* The Array view's animation under Xvfb (issue 15): the example's
 * design is over the recording's limit, said in the bar; on mm at 8^3,
 * Step
 * (win.anim-step) records the design's run off the main thread and
 * shows cycle 0; Step again cycle 1, on the slider too; Play
 * (win.anim-play) runs the frames to the end by the frame clock and
 * pauses there; a new design drops the run.  Skips (77) without a
 * display.
 *
 * Run with G_DEBUG=fatal-criticals: any GTK critical fails it. */
#include "sim/sim-timeline.h"
#include "sy-anim-bar.h"
#include "sy-window-private.h"
#include "uitest.h"
#include "uiwindow.h"

static SyAnimBar *bar_of(SyWindow *window)
{
	return SY_ANIM_BAR(sy_test_find(GTK_WIDGET(window), SY_TYPE_ANIM_BAR));
}

static gboolean recorded(SyWindow *window)
{
	SyAnimBar *bar = bar_of(window);

	return !sy_anim_bar_is_recording(bar) &&
		(sy_anim_bar_get_cycles(bar) >= 0 ||
			!g_str_equal(sy_anim_bar_get_text(bar),
				"Play simulates the design"));
}

static gboolean at_end(SyWindow *window)
{
	SyAnimBar *bar = bar_of(window);

	return sy_anim_bar_get_cycle(bar) == sy_anim_bar_get_cycles(bar);
}

static gboolean paused(SyWindow *window)
{
	g_autoptr(GVariant) state = g_action_group_get_action_state(
		G_ACTION_GROUP(window), "anim-play");

	return !g_variant_get_boolean(state);
}

static const char small_mm[] =
	"#define I 8\n#define J 8\n#define K 8\n"
	"void mm(float A[I][K], float B[J][K], float C[I][J])\n{\n"
	"#pragma scop\n"
	"\tfor (int i = 0; i < I; i++)\n"
	"\t\tfor (int j = 0; j < J; j++)\n"
	"\t\t\tfor (int k = 0; k < K; k++)\n"
	"\t\t\t\tC[i][j] = C[i][j] + A[i][k] * B[j][k];\n"
	"#pragma endscop\n}\n";

static void test_anim(void)
{
	SyWindow *window = sy_test_open_example("mm.c");
	GtkWidget *root = GTK_WIDGET(window);
	GActionGroup *actions = G_ACTION_GROUP(window);
	SyAnimBar *bar = bar_of(window);
	GtkRange *slider = GTK_RANGE(
		sy_test_find(GTK_WIDGET(bar), GTK_TYPE_SCALE));
	SyArrayView *view = SY_ARRAY_VIEW(
		sy_test_find(root, SY_TYPE_ARRAY_VIEW));
	gint64 cycles;

	sy_test_wait(window, sy_test_settled, "the design");
	g_assert_true(g_action_group_has_action(actions, "anim-play"));
	g_assert_true(g_action_group_has_action(actions, "anim-step"));
	g_assert_cmpint(sy_anim_bar_get_cycles(bar), ==, -1);
	g_assert_cmpstr(
		sy_anim_bar_get_text(bar), ==, "Play simulates the design");

	/* The example's sizes: too many events to record. */
	g_action_group_activate_action(actions, "anim-step", NULL);
	sy_test_wait(window, recorded, "the run refused");
	g_assert_cmpstr(sy_anim_bar_get_text(bar), ==,
		"simulate: the design takes about 1360136 events, over the "
		"limit of 1000000; simulate smaller sizes (fewer tiles or a "
		"smaller problem)");
	g_assert_cmpint(sy_anim_bar_get_cycles(bar), ==, -1);
	g_assert_true(paused(window));

	/* mm at 8^3: a new design, the bar as new. */
	gtk_text_buffer_set_text(GTK_TEXT_BUFFER(window->buffer), small_mm, -1);
	sy_test_wait(window, sy_test_settled, "the small design");
	g_assert_cmpstr(
		sy_anim_bar_get_text(bar), ==, "Play simulates the design");
	g_action_group_activate_action(actions, "anim-step", NULL);
	sy_test_wait(window, recorded, "the run recorded");
	cycles = sy_anim_bar_get_cycles(bar);
	g_test_message(
		"mm.c's design on show: %" G_GINT64_FORMAT " cycles", cycles);
	g_assert_cmpint(cycles, >, 1);
	g_assert_cmpint(sy_anim_bar_get_cycle(bar), ==, 0);
	g_assert_nonnull(sy_array_view_get_scene(view)->frame);
	g_assert_cmpint(sy_array_view_get_scene(view)->frame->cycle, ==, 0);
	g_action_group_activate_action(actions, "anim-step", NULL);
	g_assert_cmpint(sy_anim_bar_get_cycle(bar), ==, 1);
	g_assert_cmpfloat(gtk_range_get_value(slider), ==, 1);
	g_assert_cmpint(sy_array_view_get_scene(view)->frame->cycle, ==, 1);
	{
		g_autofree char *want = g_strdup_printf(
			"cycle 1 of %" G_GINT64_FORMAT, cycles);

		g_assert_cmpstr(sy_anim_bar_get_text(bar), ==, want);
	}
	/* The slider shows any cycle. */
	gtk_range_set_value(slider, (double)(cycles / 2));
	g_assert_cmpint(sy_anim_bar_get_cycle(bar), ==, cycles / 2);
	sy_test_screenshot(root, "ui-anim.png");

	/* Play: the rest of the run at its speed (a tenth of it a
	 * second), paused at its end. */
	g_action_group_change_action_state(
		actions, "anim-play", g_variant_new_boolean(TRUE));
	g_assert_false(paused(window));
	sy_test_wait(window, at_end, "the run's end");
	sy_test_wait(window, paused, "paused at the end");

	/* Step at the end stays there. */
	g_action_group_activate_action(actions, "anim-step", NULL);
	g_assert_cmpint(sy_anim_bar_get_cycle(bar), ==, cycles);

	gtk_widget_destroy(root);
	g_object_unref(window);
}

const SyTestCase sy_test_cases[] = {
	{"/ui/anim", test_anim},
	{NULL, NULL},
};
