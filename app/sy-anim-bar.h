/* SyAnimBar: the Array view's animation, driven by the simulator.
 *
 * Play (win.anim-play, a toggle) first simulates the design on show:
 * the simulator's graph is built on the main thread (it reads the
 * design's code, in the pipeline's isl context), the run recorded
 * (sim/sim-timeline.h) on a worker thread, so the main thread never
 * waits on it.  Then the view shows the run cycle by cycle at the
 * speed asked (cycles a second), a frame per display frame (a tick
 * callback); Step (win.anim-step) shows the next cycle; the slider
 * any cycle.  A new design drops the run (a run under way is
 * cancelled). */
#pragma once

#include <gtk/gtk.h>

#include "sy-array-view.h"
#include "sy-pipeline.h"

G_BEGIN_DECLS

#define SY_TYPE_ANIM_BAR (sy_anim_bar_get_type())
G_DECLARE_FINAL_TYPE(SyAnimBar, sy_anim_bar, SY, ANIM_BAR, GtkBox)

/* Follows pipeline's design, draws on view, and adds win.anim-play and
 * win.anim-step to actions (the window); all kept. */
void sy_anim_bar_attach(SyAnimBar *self, SyPipeline *pipeline,
	SyArrayView *view, GActionMap *actions);

/* The run's cycles, -1 before one is recorded; the cycle on show. */
gint64 sy_anim_bar_get_cycles(SyAnimBar *self);
gint64 sy_anim_bar_get_cycle(SyAnimBar *self);
/* Whether a run is being recorded, and the label's text. */
gboolean sy_anim_bar_is_recording(SyAnimBar *self);
const char *sy_anim_bar_get_text(SyAnimBar *self);

G_END_DECLS
