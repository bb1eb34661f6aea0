/* What the modules' code asks of a PE array's accesses on the model
 * (comm/hls-model.h): where a PE's access finds its value or puts it,
 * where it uses a FIFO, its place in a box, and values simplified on a
 * statement's points.  module-code.c builds the modules' code on these,
 * the facts the printers read (pe-facts-build.h) are computed on them. */
#include <stdlib.h>

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>

#include "comm/hls-chain.h"
#include "comm/module-code-access.h"
#include "poly/deps.h"

static void pw_aff_free(gpointer pa)
{
	isl_pw_aff_free(pa);
}

GHashTable *sy_module_code_cache_new(void)
{
	return g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, pw_aff_free);
}

/* Requests are kept on the statement's schedule points, simplified
 * there once: the expressions isl builds from them at each user node
 * are then cheap (i mod 8 on a box of 8 is just its point).  Modules
 * ask the same (gist is the costly part): the cache finds them by
 * their text. */
isl_pw_aff *sy_module_code_simplified(
	GHashTable *cache, const SyHlsStmt *h, isl_pw_aff *value)
{
	char *key;
	isl_pw_aff *known;

	value = isl_pw_aff_pullback_pw_multi_aff(
		value, isl_pw_multi_aff_copy(h->inverse));
	if (!cache)
		return isl_pw_aff_gist(value, isl_set_copy(h->points));
	key = isl_pw_aff_to_str(value);
	/* isl failed (the stage's check says how): nothing to look up. */
	if (!key)
		return isl_pw_aff_free(value);
	known = g_hash_table_lookup(cache, key);
	if (known) {
		free(key);
		isl_pw_aff_free(value);
		return isl_pw_aff_copy(known);
	}
	value = isl_pw_aff_gist(value, isl_set_copy(h->points));
	g_hash_table_insert(cache, g_strdup(key), isl_pw_aff_copy(value));
	free(key);
	return value;
}

/* S -> [tile, the PE dimensions keep selects (all for NULL)]. */
static isl_multi_aff *unit_of(
	const SyHlsModel *m, const SyStmt *stmt, const gboolean *keep)
{
	isl_multi_aff *ma = isl_multi_aff_copy(
		sy_hls_model_stmt(m, stmt->name)->sched);

	/* Drop from the end: dimensions after the PE, then the PE
	 * dimensions not kept. */
	ma = isl_multi_aff_drop_dims(ma, isl_dim_out, m->n_tile + m->n_space,
		m->n_dims - m->n_tile - m->n_space);
	for (guint k = m->n_space; k-- > 0;)
		if (keep && !keep[k])
			ma = isl_multi_aff_drop_dims(
				ma, isl_dim_out, m->n_tile + k, 1);
	return ma;
}

isl_pw_aff *sy_module_code_box_index(const SyHlsModel *m, const SyAccess *a,
	const SyHlsBox *box, const gboolean *keep, guint d)
{
	isl_pw_aff *sub = isl_multi_pw_aff_get_at(a->subscripts, (int)d);
	isl_pw_aff *off = isl_multi_pw_aff_get_at(box->offset, (int)d);

	off = isl_pw_aff_pullback_multi_aff(off, unit_of(m, a->stmt, keep));
	return isl_pw_aff_sub(sub, off);
}

isl_set *sy_module_code_fifo_set(const SyHlsModel *m, const SyAccess *a)
{
	isl_set *chain = sy_hls_model_chain(m, a);
	const SyHlsPath *way = sy_hls_model_way(m, a, !a->write);

	if (chain)
		return isl_set_copy(chain);
	if (!way || way->path->exterior)
		return NULL;
	return a->write ? sy_hls_model_live_out(m, a)
			: sy_hls_model_live_in(m, a);
}

gboolean sy_module_code_uses_fifo(const SyHlsModel *m, const SyAccess *a)
{
	const SyHlsPath *way = sy_hls_model_way(m, a, !a->write);

	/* A table's write goes to the next PE where its chain says; its
	 * drain is its own (sy_module_code_drain). */
	if (sy_module_code_drain(m, a))
		return sy_hls_model_chain(m, a) != NULL;
	return sy_hls_model_chain(m, a) || (way && !way->path->exterior);
}

/* Whether a's array is a table with edges that PEs keep and pass on. */
static gboolean edges(const SyHlsModel *m, const SyAccess *a)
{
	return sy_hls_model_chained(m, a->array) &&
		sy_hls_chain_edges(m->plan, a->array);
}

const SyHlsPath *sy_module_code_drain(const SyHlsModel *m, const SyAccess *a)
{
	return a->write && edges(m, a) ? sy_hls_model_way(m, a, FALSE) : NULL;
}

gboolean sy_module_code_keeps(const SyHlsModel *m, const SyAccess *a)
{
	return !a->write && sy_hls_model_chain(m, a) && edges(m, a);
}

SyPeSource sy_module_code_source(const SyHlsModel *m, const SyAccess *a)
{
	const SyHlsPath *in;

	if (!a->write && sy_access_is_argument(a))
		return SY_PE_SOURCE_ARG;
	/* Kept and passed: local, with the chain's FIFOs where values
	 * cross PEs. */
	if (sy_hls_model_chained(m, a->array))
		return SY_PE_SOURCE_LOCAL;
	in = sy_hls_model_way(m, a, TRUE);
	if (!a->write && in && in->path->exterior)
		return SY_PE_SOURCE_EXT;
	if (g_hash_table_contains(m->pe_box, a->array))
		return SY_PE_SOURCE_LOCAL;
	if (a->write) {
		const SyHlsPath *out = sy_hls_model_way(m, a, FALSE);

		return out && out->path->exterior ? SY_PE_SOURCE_EXT
						  : SY_PE_SOURCE_FIFO;
	}
	return SY_PE_SOURCE_FIFO;
}

gboolean sy_module_code_moves(const SyAccess *a, const SyHlsPath *hp)
{
	return sy_io_path_moves(hp->path, a);
}
