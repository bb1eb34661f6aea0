/* The I/O paths' facts: plain data (see io-facts.h). */
#include "base/checked.h"
#include "comm/io-facts.h"

const char *const sy_module_code_pe_names[] = {"idx", "idy", "idz"};
const char *const sy_module_code_p_names[3] = {"p0", "p1", "p2"};

/* Plain data */

static void moves_free(gpointer data)
{
	SyIoMoves *mv = data;

	g_free(mv->stmt);
	g_free(mv->accesses);
	g_free(mv);
}

SyIoMoves *sy_io_moves_new(const char *stmt, guint n, const guint *accesses)
{
	SyIoMoves *mv = g_new0(SyIoMoves, 1);

	mv->stmt = g_strdup(stmt);
	mv->n = n;
	mv->accesses = g_memdup2(accesses, n * sizeof(guint));
	return mv;
}

SyIoPathFacts *sy_io_path_facts_alloc(const SyIoPath *path, guint n_dims)
{
	SyIoPathFacts *f = g_new0(SyIoPathFacts, 1);

	f->path = path;
	f->n_dims = n_dims;
	f->fold_dim = -1;
	f->box = g_new0(gint64, n_dims + 1);
	f->moves = g_ptr_array_new_with_free_func(moves_free);
	return f;
}

void sy_io_path_facts_free(SyIoPathFacts *f)
{
	if (!f)
		return;
	g_free(f->box);
	sy_code_free(f->tiles);
	sy_code_free(f->l2);
	g_free(f->l2_factor);
	g_free(f->l2_keep);
	g_ptr_array_unref(f->moves);
	g_free(f->registers);
	g_free(f);
}

SyIoFacts *sy_io_facts_alloc(guint n_tile)
{
	SyIoFacts *io = g_new0(SyIoFacts, 1);

	io->n_tile = n_tile;
	io->paths = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_io_path_facts_free);
	return io;
}

void sy_io_facts_free(SyIoFacts *io)
{
	if (!io)
		return;
	g_ptr_array_unref(io->paths);
	g_free(io);
}

const SyIoPathFacts *sy_io_facts_path(const SyIoFacts *io, const SyIoPath *path)
{
	for (guint i = 0; i < io->paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(io->paths, i);

		if (f->path == path)
			return f;
	}
	return NULL;
}

const SyIoMoves *sy_io_path_facts_moves(
	const SyIoPathFacts *f, const char *stmt)
{
	for (guint i = 0; i < f->moves->len; i++) {
		const SyIoMoves *mv = g_ptr_array_index(f->moves, i);

		if (g_str_equal(mv->stmt, stmt))
			return mv;
	}
	return NULL;
}
