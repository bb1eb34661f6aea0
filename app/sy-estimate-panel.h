/* SyEstimatePanel: what the model says the design costs, against the
 * device: a bar per resource (used over available, the budget marked,
 * over budget in red), the bandwidth the design needs against the
 * device's, latency in cycles and time, throughput, DSP efficiency, PE
 * utilisation and the bottleneck module.  Drawn by sy_render_estimate
 * (widgets/render-estimate.h).
 *
 * "estimate" (const SyEstimate *) is borrowed: the window binds it to
 * the pipeline's, which keeps it until it notifies again.  Without one,
 * the panel says why ("message"). */
#pragma once

#include <gtk/gtk.h>

#include "model/estimate.h"

G_BEGIN_DECLS

#define SY_TYPE_ESTIMATE_PANEL (sy_estimate_panel_get_type())
G_DECLARE_FINAL_TYPE(
	SyEstimatePanel, sy_estimate_panel, SY, ESTIMATE_PANEL, GtkBox)

GtkWidget *sy_estimate_panel_new(void);

/* The estimate drawn (borrowed; NULL: none, the message shown). */
void sy_estimate_panel_set_estimate(
	SyEstimatePanel *self, const SyEstimate *estimate /* keep */);
const SyEstimate *sy_estimate_panel_get_estimate(SyEstimatePanel *self);

/* What the panel says without an estimate ("No design", an error). */
void sy_estimate_panel_set_message(
	SyEstimatePanel *self, const char *message /* keep */);
const char *sy_estimate_panel_get_message(SyEstimatePanel *self);

/* The drawing area: tests and the benchmark watch its frames. */
GtkWidget *sy_estimate_panel_get_drawing(SyEstimatePanel *self);

G_END_DECLS
