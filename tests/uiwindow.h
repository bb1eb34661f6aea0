/* What the explorer's test programs under Xvfb (test-ui, test-ui-*)
 * share: one application per process, waits on a window's pipeline,
 * screenshots, and their main().  Each program holds the tests of one
 * part of the explorer. */
#pragma once

#include <gtk/gtk.h>

#include "sy-application.h"
#include "sy-window.h"

/* The application of the process (GTK styles are global) and when its
 * main() began, before GTK started. */
SyApplication *sy_test_app(void); /* keep */
gint64 sy_test_launch(void);

/* Runs the main loop until cond holds on window; fails after a few
 * seconds, naming what it waited for. */
typedef gboolean (*SyTestCondition)(SyWindow *window);
void sy_test_wait(SyWindow *window /* keep */, SyTestCondition cond,
	const char *what /* keep */);

/* Conditions: an analysis shown and not stale; an error shown; the
 * pipeline's workers done, what is shown the newest. */
gboolean sy_test_analysed(SyWindow *window /* keep */);
gboolean sy_test_failed(SyWindow *window /* keep */);
gboolean sy_test_settled(SyWindow *window /* keep */);

/* data/examples/name opened in a window (a reference the caller
 * drops), its analysis shown. */
SyWindow *sy_test_open_example(const char *name /* keep */); /* give */

/* A key pressed in widget (no modifier), as GDK would hand it over. */
void sy_test_key(GtkWidget *widget /* keep */, guint keyval);
/* Whether window is in presentation mode (win.present's state). */
gboolean sy_test_presenting(SyWindow *window /* keep */);

/* Lets drawing and the stack's transitions finish. */
void sy_test_settle(GtkWidget *widget /* keep */);

/* gdk's contents saved as name in SYSTOLE_SCREENSHOT_DIR (default: the
 * current folder). */
void sy_test_shoot(GdkWindow *gdk /* keep */, const char *name /* keep */);
/* The window of widget, settled first. */
void sy_test_screenshot(
	GtkWidget *widget /* keep */, const char *name /* keep */);

/* The tests of a program, which it defines, up to {NULL, NULL}.
 * uiwindow.c's main() runs them: with no display it says so and
 * returns 77 (skipped); else it starts GTK and GTest, refuses to go on
 * without an SVG pixbuf loader (see there) and registers the
 * application first. */
typedef struct {
	const char *path;
	GTestFunc func;
} SyTestCase;

extern const SyTestCase sy_test_cases[];
