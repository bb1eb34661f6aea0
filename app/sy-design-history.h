/* SyDesignHistory: the design choices made in a window (the dataflow,
 * its sizes, the network's switches), for undo and redo apart from the
 * editor's text.  A bounded list of states and a cursor on the one
 * shown; GLib only.  The states of one analysis: a new one clears it,
 * as dataflow numbers may then mean other loops. */
#pragma once

#include "comm/design-options.h"
#include "compute/config.h"

G_BEGIN_DECLS

typedef struct {
	int dataflow; /* -1: none */
	/* The dataflow's sizes; NULL: those the pipeline remembers for
	 * it (a dataflow just selected, its sizes not yet built). */
	SyConfig *config;
	/* The Network page's switches (no tables: the page sets none). */
	SyDesignOptions options;
} SyDesignState;

typedef struct _SyDesignHistory SyDesignHistory;

/* Keeps at most limit states (at least 2), dropping the oldest. */
SyDesignHistory *sy_design_history_new(guint limit); /* give */
void sy_design_history_free(SyDesignHistory *history /* take */);
void sy_design_history_clear(SyDesignHistory *history /* keep */);

/* state (copied) becomes the one shown, after the cursor; what could be
 * redone goes.  Nothing if it equals the one shown; with merge, it
 * replaces the one shown (a slider's drag is one step). */
void sy_design_history_push(SyDesignHistory *history /* keep */,
	const SyDesignState *state /* keep */, gboolean merge);

/* The state to show on undo (the one before the cursor) or redo, the
 * cursor moved to it; NULL, and nothing moves, if there is none.  The
 * history's. */
const SyDesignState *sy_design_history_undo(SyDesignHistory *history);
const SyDesignState *sy_design_history_redo(SyDesignHistory *history);
gboolean sy_design_history_can_undo(const SyDesignHistory *history);
gboolean sy_design_history_can_redo(const SyDesignHistory *history);
guint sy_design_history_get_length(const SyDesignHistory *history);

G_END_DECLS
