/* The explorer's history of design choices (app/sy-design-history.c),
 * without a display: undo and redo through the states, a new choice
 * dropping what could be redone, equal states once, merged steps, a
 * state whose sizes arrive later, and the bound. */
#include "sy-design-history.h"
#include "testutil.h"

/* mm's dataflow id at tile i (member 0) of tile. */
static SyDesignState state_of(
	const SyAnalysis *a, guint id, gint64 tile, SyConfig **out)
{
	g_autoptr(SyChoices) choices = sy_choices_new(
		a, g_ptr_array_index(a->candidates, id), NULL);
	SyDesignState s = {(int)id, NULL, {0}};

	*out = sy_config_new(choices);
	(*out)->tile[0] = tile;
	s.config = *out;
	return s;
}

static void test_undo_redo(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("64", 2);
	SyDesignHistory *h = sy_design_history_new(100);
	SyConfig *c16, *c32, *c8;
	SyDesignState s16 = state_of(a, 0, 16, &c16);
	SyDesignState s32 = state_of(a, 0, 32, &c32);
	SyDesignState s8 = state_of(a, 1, 8, &c8);
	SyDesignState no_db = s32;
	const SyDesignState *back;

	no_db.options.no_double_buffer = TRUE;
	g_assert_false(sy_design_history_can_undo(h));
	sy_design_history_push(h, &s16, FALSE);
	sy_design_history_push(h, &s16, FALSE); /* the same: once */
	sy_design_history_push(h, &s32, FALSE);
	sy_design_history_push(h, &no_db, FALSE);
	g_assert_cmpuint(sy_design_history_get_length(h), ==, 3);
	back = sy_design_history_undo(h);
	g_assert_false(back->options.no_double_buffer);
	g_assert_cmpint(back->config->tile[0], ==, 32);
	back = sy_design_history_undo(h);
	g_assert_cmpint(back->config->tile[0], ==, 16);
	g_assert_null(sy_design_history_undo(h));
	back = sy_design_history_redo(h);
	g_assert_cmpint(back->config->tile[0], ==, 32);
	/* A new choice here drops the switch that could be redone. */
	sy_design_history_push(h, &s8, FALSE);
	g_assert_false(sy_design_history_can_redo(h));
	g_assert_cmpuint(sy_design_history_get_length(h), ==, 3);
	back = sy_design_history_undo(h);
	g_assert_cmpint(back->dataflow, ==, 0);
	g_assert_cmpint(back->config->tile[0], ==, 32);
	sy_design_history_clear(h);
	g_assert_cmpuint(sy_design_history_get_length(h), ==, 0);
	g_assert_false(sy_design_history_can_undo(h));
	sy_design_history_free(h);
	sy_config_free(c16);
	sy_config_free(c32);
	sy_config_free(c8);
}

/* A drag is one step; a dataflow just selected gets its sizes when
 * they are built, in the same step; the oldest go past the bound. */
static void test_merge_and_bound(void)
{
	g_autoptr(SyAnalysis) a = sy_test_mm("64", 2);
	SyDesignHistory *h = sy_design_history_new(3);
	SyConfig *c16, *c32, *c8;
	SyDesignState s16 = state_of(a, 0, 16, &c16);
	SyDesignState s32 = state_of(a, 0, 32, &c32);
	SyDesignState s8 = state_of(a, 0, 8, &c8);
	SyDesignState chosen = {1, NULL, {0}};
	SyDesignState built;
	SyConfig *c1;
	const SyDesignState *back;

	sy_design_history_push(h, &s16, FALSE);
	sy_design_history_push(h, &s32, FALSE);
	sy_design_history_push(h, &s8, TRUE); /* replaces 32 */
	g_assert_cmpuint(sy_design_history_get_length(h), ==, 2);
	back = sy_design_history_undo(h);
	g_assert_cmpint(back->config->tile[0], ==, 16);
	sy_design_history_redo(h);

	sy_design_history_push(h, &chosen, FALSE);
	built = state_of(a, 1, 4, &c1);
	sy_design_history_push(h, &built, FALSE);
	g_assert_cmpuint(sy_design_history_get_length(h), ==, 3);
	back = sy_design_history_undo(h);
	g_assert_cmpint(back->config->tile[0], ==, 8);
	back = sy_design_history_redo(h);
	g_assert_cmpint(back->dataflow, ==, 1);
	g_assert_cmpint(back->config->tile[0], ==, 4);

	/* Past the bound of 3 the oldest (16) goes. */
	sy_design_history_push(h, &s32, FALSE);
	g_assert_cmpuint(sy_design_history_get_length(h), ==, 3);
	sy_design_history_undo(h);
	back = sy_design_history_undo(h);
	g_assert_cmpint(back->config->tile[0], ==, 8);
	g_assert_null(sy_design_history_undo(h));
	sy_design_history_free(h);
	sy_config_free(c16);
	sy_config_free(c32);
	sy_config_free(c8);
	sy_config_free(c1);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/design-history/undo-redo", test_undo_redo);
	g_test_add_func("/design-history/merge-bound", test_merge_and_bound);
	return g_test_run();
}
