/* SyWindow's insides, for the files that implement its commands (as
 * gedit keeps its commands apart from its window): the template's
 * widgets, the kernel, and its pipeline. */
#pragma once

#include <gtksourceview/gtksource.h>

#include "sy-anim-bar.h"
#include "sy-array-view.h"
#include "sy-candidate-list.h"
#include "sy-config-panel.h"
#include "sy-deps-view.h"
#include "sy-design-panel.h"
#include "sy-estimate-panel.h"
#include "sy-explore-panel.h"
#include "sy-export-bar.h"
#include "sy-pipeline.h"
#include "sy-transform-list.h"
#include "sy-window.h"

G_BEGIN_DECLS

/* The widgets presentation mode hides. */
#define SY_PRESENT_HIDDEN 4

struct _SyWindow {
	GtkApplicationWindow parent_instance;

	/* template children */
	GtkHeaderBar *header;
	GtkMenuButton *recent_button;
	GtkMenuButton *device_button;
	GtkLabel *device_label;
	GtkInfoBar *error_bar;
	GtkLabel *error_label;
	GtkSourceView *editor;
	GtkStack *views;
	SyArrayView *array_view;
	SyAnimBar *anim_bar; /* under the Array view */
	SyDepsView *deps_view;
	GtkBox *axes_box;
	GtkComboBoxText *x_combo;
	GtkComboBoxText *y_combo;
	SyCandidateList *candidates;
	GtkLabel *details;
	SyTransformList *transforms; /* under the dataflows */
	GtkLabel *movement; /* the design's, under them */
	SyConfigPanel *config_panel;
	SyDesignPanel *design_panel;
	SyEstimatePanel *estimate_panel;
	GtkStack *side_stack;
	GtkSourceView *transformed;
	SyExportBar *export_bar;
	SyExplorePanel *explore_panel;
	GtkPaned *outer_paned; /* the editor's */
	GtkStackSwitcher *view_switcher;
	struct _SyDesignHistory *history; /* the design choices, for undo */
	gboolean restoring; /* undo or redo under way: nothing recorded */
	gint64 sizes_recorded; /* when sizes were last recorded */
	/* The editor's width follows the window's until its handle is
	 * moved: the width last set, and whether it still follows. */
	int editor_width;
	gboolean editor_follows;

	GSettings *settings;
	GFile *file;
	gboolean is_example; /* the bundled example: save goes elsewhere */
	GtkSourceBuffer *buffer;
	GtkTextTag *error_tag;
	gint64 error_scroll_until; /* the editor follows the error till then */

	SyPipeline *pipeline; /* the kernel's pipeline: every result */
	gboolean filling; /* rebuilding lists: ignore their signals */
	gboolean network_filled; /* the Network page holds the design */
	GtkWidget *export_dialog; /* while open */

	/* Presentation mode (sy-commands-present.c): on; the Explore
	 * page's design shown (-1: none yet); whether each widget it
	 * hides was shown before. */
	gboolean presenting;
	gint present_design;
	gboolean present_shown[SY_PRESENT_HIDDEN];
};

/* The title and subtitle: file, modified, the analysis's state. */
void sy_window_update_title(SyWindow *self);

/* Analyses the editor's text now (a pending one is dropped). */
void sy_window_analyse(SyWindow *self);

/* Export needs a design, and runs one export at a time. */
void sy_window_update_export_action(SyWindow *self);
/* The Network page: the design while it is shown, nothing hidden. */
void sy_window_update_network(SyWindow *self);

/* Saves the kernel (elsewhere when it is the bundled example); FALSE
 * if it was not saved. */
gboolean sy_window_save(SyWindow *self);

/* The export bar's "replace" and "notify::running". */
void sy_window_export_replace(
	SyExportBar *bar, const char *dir, const char *device, SyWindow *self);
void sy_window_export_running(GObject *bar, GParamSpec *pspec, SyWindow *self);

/* Explore (sy-commands-explore.c): the panel's signals connected, its
 * actions' state, the sliders' design marked, the kernel's changes. */
void sy_window_explore_init(SyWindow *self);
void sy_window_update_explore_actions(SyWindow *self);
void sy_window_explore_estimate(SyWindow *self);
void sy_window_explore_analysis(SyWindow *self);

/* The views' context menu: Copy Image, Export Picture
 * (sy-commands-picture.c). */
void sy_window_picture_init(SyWindow *self);

/* Presentation mode (sy-commands-present.c): win.present and its
 * keys; a new search's designs stepped from the first. */
void sy_window_present_init(SyWindow *self);
void sy_window_present_result(SyWindow *self);

/* Undo and redo of design choices (sy-commands-history.c):
 * win.undo-design and win.redo-design, Ctrl+Z and Ctrl+Shift+Z (Ctrl+Y)
 * where the focus is in no text; the state before a change by the user
 * and after it recorded (sizes within half a second of the last are
 * one step); the history cleared by a new analysis. */
void sy_window_history_init(SyWindow *self);
void sy_window_history_finalize(SyWindow *self);
void sy_window_history_before(SyWindow *self);
void sy_window_history_after(SyWindow *self, gboolean sizes);
void sy_window_history_clear(SyWindow *self);

/* Space-time transforms (sy-commands-space-time.c): their list under
 * the dataflows', win.space-time (a string: the matrix, "" for none)
 * and the design's movement. */
void sy_window_space_time_init(SyWindow *self);

G_END_DECLS
