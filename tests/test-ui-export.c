/* The explorer's export under Xvfb: the dialog (its name, its folder,
 * an earlier export or another folder in the way), the bar's progress,
 * success, warning and failure, Replace, and a window closed while its
 * export runs.  Skips (77) without a display.
 *
 * Run with G_DEBUG=fatal-criticals: any GTK critical fails it. */
#include <string.h>

#include <glib/gstdio.h>

#include "sy-config-panel.h"
#include "sy-export-bar.h"
#include "sy-export-dialog.h"
#include "uitest.h"
#include "uiwindow.h"

static SyExportBar *export_bar(SyWindow *window)
{
	return SY_EXPORT_BAR(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_EXPORT_BAR));
}

static gboolean export_over(SyWindow *window)
{
	return !sy_export_bar_is_running(export_bar(window));
}

static gboolean export_enabled(SyWindow *window)
{
	return g_action_group_get_action_enabled(
		G_ACTION_GROUP(window), "export");
}

/* The dialog win.export opened. */
static SyExportDialog *export_dialog(void)
{
	GList *all = gtk_window_list_toplevels();
	SyExportDialog *found = NULL;

	for (GList *l = all; l; l = l->next)
		if (SY_IS_EXPORT_DIALOG(l->data) &&
			gtk_widget_get_visible(l->data))
			found = l->data;
	g_list_free(all);
	g_assert_nonnull(found);
	return found;
}

/* The whole screen: a dialog over its window. */
static void screenshot_screen(GtkWidget *widget, const char *name)
{
	sy_test_settle(widget);
	sy_test_shoot(gdk_get_default_root_window(), name);
}

/* The first frame drawn while the job runs, if the job is still
 * running by then: it takes some 70 ms, so the shot is taken without
 * the info bar's animation. */
static void screenshot_progress(SyWindow *window, const char *name)
{
	gtk_test_widget_wait_for_draw(GTK_WIDGET(window));
	if (export_over(window)) {
		g_test_message("the export ended before a frame: no %s", name);
		return;
	}
	sy_test_shoot(gtk_widget_get_window(GTK_WIDGET(window)), name);
}

/* A design whose SIMD lanes keep its PEs from II=1 (mm on [i], SIMD on
 * j): exported all the same, the bar says why, as a warning. */
static void export_warning(
	SyWindow *window, SyExportBar *bar, GtkWidget *panel, const char *tmp)
{
	const SyAnalysis *a = sy_window_get_analysis(window);
	g_autofree char *dir = g_build_filename(tmp, "mm_i_simd", NULL);
	g_autoptr(SyChoices) choices = NULL;
	int id = sy_config_find_space(a, "i", NULL);
	char simd[16];

	sy_window_select_candidate(window, id);
	sy_test_wait(window, sy_test_settled, "the dataflow [i]");
	choices = sy_choices_new(a, g_ptr_array_index(a->candidates, id), NULL);
	g_snprintf(
		simd, sizeof simd, "%d", sy_choices_find(choices->simd, "j"));
	g_assert_true(gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "simd-loop")), simd));
	g_assert_true(gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(panel, "simd-width")), "2"));
	sy_test_wait(window, sy_test_settled, "SIMD on j");
	g_assert_true(sy_window_export_to(window, dir, "u250", FALSE));
	sy_test_wait(window, export_over, "the export with a warning");
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_DONE);
	g_assert_cmpint(gtk_info_bar_get_message_type(GTK_INFO_BAR(bar)), ==,
		GTK_MESSAGE_WARNING);
	/* Simulated as by systole-cli simulate mm.c --space i --simd j=2. */
	g_assert_nonnull(strstr(sy_export_bar_get_text(bar),
		" SLRs)\nSimulated: 10785 cycles, no deadlock\nWarning: SIMD on "
		"'j' moves C and B through the PE's FIFOs an element per lane"));
	sy_test_screenshot(GTK_WIDGET(window), "ui-export-warning-1920.png");
	gtk_info_bar_response(GTK_INFO_BAR(bar), GTK_RESPONSE_CLOSE);
}

/* Cancel (issue 15, defect 14: exports had none): the bar says what
 * runs in words, Cancel stops the job before it writes, and the folder
 * is not there at all. */
static void export_cancel(SyWindow *window, SyExportBar *bar, const char *tmp)
{
	g_autofree char *dir = g_build_filename(tmp, "cancelled", NULL);
	g_autofree char *shown = sy_export_dialog_path_text(dir);
	g_autofree char *running = g_strdup_printf(
		"Exporting to %s: analysing the kernel\u2026", shown);
	g_autofree char *expect = g_strdup_printf(
		"Export cancelled: nothing was written to %s", shown);

	g_assert_true(sy_window_export_to(window, dir, "u250", FALSE));
	g_assert_cmpstr(sy_export_bar_get_text(bar), ==, running);
	sy_export_bar_cancel(bar);
	sy_test_wait(window, export_over, "the cancelled export");
	g_assert_cmpint(
		sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_CANCELLED);
	g_assert_cmpstr(sy_export_bar_get_text(bar), ==, expect);
	g_assert_false(g_file_test(dir, G_FILE_TEST_EXISTS));
	g_assert_true(export_enabled(window));
	/* Nothing runs: Cancel does nothing. */
	sy_export_bar_cancel(bar);
	g_assert_cmpint(
		sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_CANCELLED);
	gtk_info_bar_response(GTK_INFO_BAR(bar), GTK_RESPONSE_CLOSE);
}

/* Export from the dialog into a new folder: progress, then the files
 * and the success bar; again into the same folder: the folder is in the
 * way, and says so; Replace writes over it; a window closed while its
 * export runs lets the export finish without it. */
static void test_export(void)
{
	g_autoptr(GFile) example = sy_application_get_example(sy_test_app());
	g_autofree char *tmp = g_dir_make_tmp("systole-ui-XXXXXX", NULL);
	g_autofree char *dir = g_build_filename(tmp, "mm_ij_hls", NULL);
	g_autofree char *kernel = g_build_filename(
		dir, "src", "systole_kernel.cpp", NULL);
	g_autofree char *last = g_build_filename(tmp, "last", "src", NULL);
	g_autofree char *expect = NULL, *mine = NULL, *saved = NULL;
	g_autofree char *mine_dir = g_build_filename(tmp, "mine", NULL);
	g_autofree char *notes = g_build_filename(mine_dir, "notes.txt", NULL);
	g_autofree char *shown = NULL;
	GtkLabel *target;
	GtkSettings *gtk = gtk_settings_get_default();
	SyWindow *window;
	SyExportDialog *dialog;
	SyExportBar *bar;
	GtkWidget *panel, *export;
	gint64 start;

	g_assert_nonnull(tmp);
	/* The pointer out of the way: no tooltip in the screenshots. */
	gdk_device_warp(gdk_seat_get_pointer(gdk_display_get_default_seat(
				gdk_display_get_default())),
		gdk_screen_get_default(), 0, 1079);
	window = SY_WINDOW(sy_application_open_file(sy_test_app(), example));
	g_object_ref(window);
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	sy_test_wait(window, sy_test_analysed, "the first analysis");
	bar = export_bar(window);
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_HIDDEN);
	g_assert_true(export_enabled(window));
	panel = sy_test_find(GTK_WIDGET(window), SY_TYPE_CONFIG_PANEL);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-i")), 16);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-j")), 16);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(panel, "tile-k")), 16);
	sy_test_wait(window, sy_test_settled, "16 x 16 x 16 tiles");

	/* The dialog: a name from the kernel and its space loops; Export
	 * needs a name that is one folder. */
	g_action_group_activate_action(G_ACTION_GROUP(window), "export", NULL);
	dialog = export_dialog();
	sy_export_dialog_set_folder(dialog, tmp);
	mine = sy_export_dialog_get_dir(dialog);
	g_assert_cmpstr(mine, ==, dir);
	export = gtk_dialog_get_widget_for_response(
		GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
	g_assert_true(gtk_widget_get_sensitive(export));
	sy_export_dialog_set_name(dialog, "a/b");
	g_assert_null(sy_export_dialog_get_dir(dialog));
	g_assert_false(gtk_widget_get_sensitive(export));
	sy_export_dialog_set_name(dialog, "mm_ij_hls");
	g_assert_true(gtk_widget_get_sensitive(export));
	g_assert_cmpstr(sy_export_dialog_get_device(dialog), ==, "u250");
	g_assert_false(sy_export_dialog_get_force(dialog));
	screenshot_screen(GTK_WIDGET(dialog), "ui-export-dialog.png");

	g_object_set(gtk, "gtk-enable-animations", FALSE, NULL);
	gtk_dialog_response(GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
	g_assert_true(sy_export_bar_is_running(bar));
	g_assert_false(export_enabled(window));
	screenshot_progress(window, "ui-export-progress-1920.png");
	sy_test_wait(window, export_over, "the export");
	g_object_set(gtk, "gtk-enable-animations", TRUE, NULL);
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_DONE);
	g_assert_true(g_file_test(kernel, G_FILE_TEST_IS_REGULAR));
	/* The simulator's word as systole-cli simulate's on mm.c --space
	 * i,j --tile i=16,j=16,k=16. */
	expect = g_strdup_printf("Exported 13 files to %s for the AMD Alveo "
				 "U250 (xcu250, VU13P class, 4 SLRs)\n"
				 "Simulated: 5479 cycles, no deadlock",
		dir);
	g_assert_cmpstr(sy_export_bar_get_text(bar), ==, expect);
	g_assert_true(gtk_info_bar_get_revealed(GTK_INFO_BAR(bar)));
	g_assert_cmpint(gtk_info_bar_get_message_type(GTK_INFO_BAR(bar)), ==,
		GTK_MESSAGE_INFO);
	g_assert_true(export_enabled(window));
	saved = g_settings_get_string(
		sy_application_get_settings(sy_test_app()), "export-folder");
	g_assert_cmpstr(saved, ==, tmp);
	sy_test_screenshot(GTK_WIDGET(window), "ui-export-done-1920.png");

	/* Again, without replacing: the dialog remembers the location and
	 * warns; the bar shows the error in full. */
	g_action_group_activate_action(G_ACTION_GROUP(window), "export", NULL);
	dialog = export_dialog();
	g_free(mine);
	mine = sy_export_dialog_get_dir(dialog);
	g_assert_cmpstr(mine, ==, dir);
	sy_export_dialog_set_device(dialog, "u280");
	shown = sy_export_dialog_path_text(dir);
	target = GTK_LABEL(sy_test_get(GTK_WIDGET(dialog), "target"));
	g_free(expect);
	expect = g_strdup_printf("%s holds an earlier export. Export leaves "
				 "it as it is unless you replace it.",
		shown);
	g_assert_cmpstr(gtk_label_get_text(target), ==, expect);
	sy_export_dialog_set_force(dialog, TRUE);
	g_free(expect);
	expect = g_strdup_printf(
		"Replaces the earlier export %s and everything in it", shown);
	g_assert_cmpstr(gtk_label_get_text(target), ==, expect);
	sy_export_dialog_set_force(dialog, FALSE);
	/* A folder that is no export is never replaced: Export cannot
	 * start, whatever the switch says. */
	g_assert_cmpint(g_mkdir(mine_dir, 0755), ==, 0);
	g_assert_true(g_file_set_contents(notes, "keep\n", -1, NULL));
	sy_export_dialog_set_name(dialog, "mine");
	sy_export_dialog_set_force(dialog, TRUE);
	g_free(shown);
	shown = sy_export_dialog_path_text(mine_dir);
	g_free(expect);
	expect = g_strdup_printf("%s is not a Systole export. Export never "
				 "replaces it: choose another name.",
		shown);
	g_assert_cmpstr(gtk_label_get_text(target), ==, expect);
	export = gtk_dialog_get_widget_for_response(
		GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
	g_assert_false(gtk_widget_get_sensitive(export));
	sy_export_dialog_set_force(dialog, FALSE);
	sy_export_dialog_set_name(dialog, "mm_ij_hls");
	screenshot_screen(GTK_WIDGET(dialog), "ui-export-dialog-exists.png");
	gtk_dialog_response(GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
	sy_test_wait(window, export_over, "the refused export");
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_FAILED);
	g_assert_cmpint(gtk_info_bar_get_message_type(GTK_INFO_BAR(bar)), ==,
		GTK_MESSAGE_ERROR);
	g_free(expect);
	expect = g_strdup_printf("The project could not be exported\n%s "
				 "exists and is not an empty folder; nothing "
				 "was written",
		dir);
	g_assert_cmpstr(sy_export_bar_get_text(bar), ==, expect);
	sy_test_screenshot(GTK_WIDGET(window), "ui-export-exists-1920.png");

	/* Replace, as the bar's button does; timed from the click to the
	 * success bar. */
	start = g_get_monotonic_time();
	g_signal_emit_by_name(bar, "replace", dir, "u280");
	sy_test_wait(window, export_over, "the export that replaces");
	g_test_message("export, from Replace to the success bar: %.1f ms",
		(g_get_monotonic_time() - start) / 1000.0);
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_DONE);
	g_assert_nonnull(strstr(sy_export_bar_get_text(bar), "U280"));
	gtk_info_bar_response(GTK_INFO_BAR(bar), GTK_RESPONSE_CLOSE);
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_HIDDEN);
	export_warning(window, bar, panel, tmp);
	export_cancel(window, bar, tmp);

	/* Closed while exporting: the folder is still written whole, and
	 * nothing touches the window (criticals are fatal here). */
	g_free(mine);
	mine = g_build_filename(tmp, "last", NULL);
	g_assert_true(sy_window_export_to(window, mine, "u250", FALSE));
	g_assert_false(sy_window_export_to(window, mine, "u250", FALSE));
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
	start = g_get_monotonic_time();
	while (!g_file_test(last, G_FILE_TEST_IS_DIR)) {
		g_assert_cmpint(
			g_get_monotonic_time() - start, <, 10 * G_USEC_PER_SEC);
		g_main_context_iteration(NULL, FALSE);
		g_usleep(1000);
	}
	/* The job's completion, dropped. */
	start = g_get_monotonic_time();
	while (g_get_monotonic_time() - start < 300 * 1000) {
		g_main_context_iteration(NULL, FALSE);
		g_usleep(1000);
	}
	sy_test_remove_tree(tmp);
}

const SyTestCase sy_test_cases[] = {
	{"/ui/export", test_export},
	{NULL, NULL},
};
