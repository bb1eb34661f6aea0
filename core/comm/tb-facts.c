#include "comm/tb-facts.h"

static void path_free(gpointer data)
{
	SyTbPath *tp = data;

	g_free(tp->port);
	g_free(tp->box);
	sy_code_free(tp->loops);
	g_free(tp);
}

SyTbFacts *sy_tb_facts_new(void)
{
	SyTbFacts *facts = g_new0(SyTbFacts, 1);

	facts->paths = g_ptr_array_new_with_free_func(path_free);
	return facts;
}

void sy_tb_facts_free(SyTbFacts *facts)
{
	if (!facts)
		return;
	g_ptr_array_unref(facts->paths);
	g_free(facts);
}

void sy_tb_facts_add(SyTbFacts *facts, const SyIoPath *path, const char *port,
	gint64 port_words, guint n_dims, const gint64 *box, guint pack,
	gint64 box_words, SyCode *loops)
{
	SyTbPath *tp = g_new0(SyTbPath, 1);

	tp->path = path;
	tp->port = g_strdup(port);
	tp->port_words = port_words;
	tp->n_dims = n_dims;
	tp->box = g_memdup2(box, n_dims * sizeof(*box));
	tp->pack = pack;
	tp->box_words = box_words;
	tp->loops = loops;
	g_ptr_array_add(facts->paths, tp);
}

static gboolean path_is_equal(const SyTbPath *a, const SyTbPath *b)
{
	if (a->path != b->path || g_strcmp0(a->port, b->port) != 0 ||
		a->port_words != b->port_words || a->n_dims != b->n_dims ||
		a->pack != b->pack || a->box_words != b->box_words)
		return FALSE;
	for (guint d = 0; d < a->n_dims; d++)
		if (a->box[d] != b->box[d])
			return FALSE;
	return sy_code_is_equal(a->loops, b->loops);
}

gboolean sy_tb_facts_is_equal(const SyTbFacts *a, const SyTbFacts *b)
{
	if (!a || !b)
		return a == b;
	if (a->paths->len != b->paths->len)
		return FALSE;
	for (guint i = 0; i < a->paths->len; i++)
		if (!path_is_equal(g_ptr_array_index(a->paths, i),
			    g_ptr_array_index(b->paths, i)))
			return FALSE;
	return TRUE;
}
