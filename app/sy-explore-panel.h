/* SyExplorePanel: the explorer's Explore page (issue 14).  A search
 * (sy-explore-job.h) runs off the main thread with a progress bar and
 * a Cancel button (win.explore, win.explore-cancel); its designs are
 * drawn on a Pareto plot (SyParetoView: latency against DSP, BRAM18K as
 * colour, the DSP budget drawn, each design's details on hover) and the
 * best listed in a table (rank, dataflow, sizes, cycles, DSP, BRAM18K).
 * A click on a dot or a row emits "design-activated" with the design
 * (const SyExploreDesign *, the panel's until the next search); the
 * design of the sliders is marked on the plot (set_current). */
#pragma once

#include <gtk/gtk.h>

#include "model/estimate.h"
#include "sy-explore-job.h"

G_BEGIN_DECLS

#define SY_TYPE_EXPLORE_PANEL (sy_explore_panel_get_type())
G_DECLARE_FINAL_TYPE(
	SyExplorePanel, sy_explore_panel, SY, EXPLORE_PANEL, GtkBox)

GtkWidget *sy_explore_panel_new(void);

/* Starts a search of request (copied) with the panel's top N (a running
 * one is cancelled and its result dropped).  text_key: what the search
 * read (copied), so that its designs are loaded only into the same
 * kernel (sy_explore_panel_get_text). */
void sy_explore_panel_start(
	SyExplorePanel *self, const SyExploreRequest *request /* keep */);
/* Stops the search: the designs it found so far are shown. */
void sy_explore_panel_cancel(SyExplorePanel *self);
gboolean sy_explore_panel_is_running(SyExplorePanel *self);

/* The kernel's text the shown result comes from, NULL without one. */
const char *sy_explore_panel_get_text(SyExplorePanel *self);

/* Whether to search every dataflow (else the selected one), and how
 * many designs to keep. */
gboolean sy_explore_panel_get_every_dataflow(SyExplorePanel *self);
guint sy_explore_panel_get_top(SyExplorePanel *self);

/* The last search's result, NULL before one ends. */
const SyExploreResult *sy_explore_panel_get_result(SyExplorePanel *self);

/* The sliders' design's estimate (NULL: none), marked on the plot. */
void sy_explore_panel_set_current(
	SyExplorePanel *self, const SyEstimate *estimate /* keep */);

/* Drops the result, with why (the kernel changed). */
void sy_explore_panel_clear(SyExplorePanel *self, const char *why);

/* Selects design index of the result (plot and table) and emits
 * "design-activated", as a click does. */
void sy_explore_panel_activate(SyExplorePanel *self, guint index);

/* Its parts, for the tests. */
GtkWidget *sy_explore_panel_get_plot(SyExplorePanel *self);
GtkTreeView *sy_explore_panel_get_table(SyExplorePanel *self);
GtkProgressBar *sy_explore_panel_get_progress(SyExplorePanel *self);
const char *sy_explore_panel_get_status(SyExplorePanel *self);

G_END_DECLS
