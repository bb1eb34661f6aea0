#include <string.h>

#include "sy-design-history.h"

struct _SyDesignHistory {
	GPtrArray *states; /* SyDesignState *, oldest first */
	guint cursor; /* the state shown; 0 when empty */
	guint limit;
};

static void state_free(gpointer data)
{
	SyDesignState *s = data;

	if (s->config)
		sy_config_free(s->config);
	g_free(s);
}

static SyDesignState *state_copy(const SyDesignState *from)
{
	SyDesignState *s = g_new0(SyDesignState, 1);

	s->dataflow = from->dataflow;
	s->config = from->config ? sy_config_copy(from->config) : NULL;
	/* The switches only: the page sets no table. */
	s->options = from->options;
	s->options.pack_caps = NULL;
	s->options.hbm_ports = NULL;
	return s;
}

static gboolean same_switches(
	const SyDesignOptions *a, const SyDesignOptions *b)
{
	return a->no_double_buffer == b->no_double_buffer &&
		a->no_packing == b->no_packing &&
		a->host_serialize == b->host_serialize && a->hbm == b->hbm &&
		a->uram == b->uram && a->int_io_dir == b->int_io_dir &&
		strcmp(a->reduce_op, b->reduce_op) == 0;
}

static gboolean same_state(const SyDesignState *a, const SyDesignState *b)
{
	if (a->dataflow != b->dataflow ||
		!same_switches(&a->options, &b->options))
		return FALSE;
	if (!a->config || !b->config)
		return a->config == b->config;
	return sy_config_equal(a->config, b->config);
}

SyDesignHistory *sy_design_history_new(guint limit)
{
	SyDesignHistory *h = g_new0(SyDesignHistory, 1);

	h->states = g_ptr_array_new_with_free_func(state_free);
	h->limit = MAX(limit, 2);
	return h;
}

void sy_design_history_free(SyDesignHistory *history)
{
	if (!history)
		return;
	g_ptr_array_unref(history->states);
	g_free(history);
}

void sy_design_history_clear(SyDesignHistory *history)
{
	g_ptr_array_set_size(history->states, 0);
	history->cursor = 0;
}

void sy_design_history_push(
	SyDesignHistory *history, const SyDesignState *state, gboolean merge)
{
	GPtrArray *states = history->states;

	if (states->len) {
		SyDesignState *shown = g_ptr_array_index(
			states, history->cursor);

		if (same_state(shown, state))
			return;
		/* The same choice, its sizes now built: one state. */
		if (!shown->config && state->config &&
			shown->dataflow == state->dataflow &&
			same_switches(&shown->options, &state->options)) {
			shown->config = sy_config_copy(state->config);
			return;
		}
		/* What could be redone is of another branch now. */
		g_ptr_array_set_size(states, history->cursor + 1);
		if (merge && history->cursor > 0) {
			g_ptr_array_remove_index(states, history->cursor);
			history->cursor--;
		}
	}
	g_ptr_array_add(states, state_copy(state));
	if (states->len > history->limit)
		g_ptr_array_remove_index(states, 0);
	history->cursor = states->len - 1;
}

const SyDesignState *sy_design_history_undo(SyDesignHistory *history)
{
	if (!sy_design_history_can_undo(history))
		return NULL;
	return g_ptr_array_index(history->states, --history->cursor);
}

const SyDesignState *sy_design_history_redo(SyDesignHistory *history)
{
	if (!sy_design_history_can_redo(history))
		return NULL;
	return g_ptr_array_index(history->states, ++history->cursor);
}

gboolean sy_design_history_can_undo(const SyDesignHistory *history)
{
	return history->states->len && history->cursor > 0;
}

gboolean sy_design_history_can_redo(const SyDesignHistory *history)
{
	return history->cursor + 1 < history->states->len;
}

guint sy_design_history_get_length(const SyDesignHistory *history)
{
	return history->states->len;
}
