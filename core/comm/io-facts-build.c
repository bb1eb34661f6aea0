/* The I/O paths' facts, from the model the modules' code was built on
 * (see io-facts-build.h). */
#include <string.h>

#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "comm/io-facts-build.h"
#include "compute/code-isl.h"

/* The loops over a path's tiles: one statement "T" per tile, its
 * arguments the tile's coordinates t0, t1, ... */
static SyCode *tile_code(isl_set *tiles)
{
	isl_set *named = isl_set_set_tuple_name(isl_set_copy(tiles), "T");
	isl_ctx *ctx = isl_set_get_ctx(named);
	int n = (int)isl_set_dim(named, isl_dim_set);
	isl_map *id = isl_map_intersect_domain(
		isl_map_identity(
			isl_space_map_from_set(isl_set_get_space(named))),
		isl_set_copy(named));
	isl_ast_build *build = isl_ast_build_from_context(
		isl_set_universe(isl_space_params(isl_set_get_space(named))));
	isl_id_list *names = isl_id_list_alloc(ctx, n);
	isl_ast_node *tree;
	SyCode *code;

	isl_set_free(named);
	for (int k = 0; k < n; k++) {
		g_autofree char *name = g_strdup_printf("t%d", k);

		names = isl_id_list_add(names, isl_id_alloc(ctx, name, NULL));
	}
	build = isl_ast_build_set_iterators(build, names);
	tree = isl_ast_build_node_from_schedule_map(
		build, isl_union_map_from_map(id));
	isl_ast_build_free(build);
	code = sy_code_from_isl(tree, NULL, NULL);
	isl_ast_node_free(tree);
	return code;
}

/* code (taken) with a loop of each host's tile loop (of several
 * tiles) that isl left out of it, tiles fixing its value: the path
 * moves data in one tile of that loop (the final values a drain takes
 * in the last launch, partial results that come back after the
 * first), and the printer runs its body in that launch only
 * (ast-print.c).  A value isl folds into the other loops stays out:
 * kernel-facts.c refuses it. */
static SyCode *launch_loops(SyCode *code, isl_set *tiles, const SyHlsModel *m)
{
	for (guint d = m->n_launch; code && d-- > 0;) {
		g_autofree char *name = g_strdup_printf("t%u", d);
		isl_val *lo, *hi;

		if (sy_pe_array_tile_trips(m->array, d) <= 1 ||
			sy_code_has_loop(code, (int)d))
			continue;
		lo = isl_set_dim_min_val(isl_set_copy(tiles), (int)d);
		hi = isl_set_dim_max_val(isl_set_copy(tiles), (int)d);
		if (isl_val_is_int(lo) == isl_bool_true &&
			isl_val_eq(lo, hi) == isl_bool_true)
			code = sy_code_at_value(
				name, isl_val_get_num_si(lo), code);
		isl_val_free(lo);
		isl_val_free(hi);
	}
	return code;
}

/* The L3 module's code under an L2 buffer: at each point of the tile
 * loops above n (the L2 tiles, then the tiles outside the buffer's
 * place), the tiles of load ("L", their boxes read into the buffer),
 * then those of tiles ("T", served), each in order; iterators t0, t1,
 * ... as tile_code's. */
static SyCode *l2_code(isl_set *load, isl_set *tiles, guint n)
{
	isl_ctx *ctx = isl_set_get_ctx(tiles);
	int dims = (int)isl_set_dim(tiles, isl_dim_set);
	isl_union_map *sched = isl_union_map_empty(isl_set_get_space(tiles));
	isl_ast_build *build = isl_ast_build_from_context(
		isl_set_universe(isl_space_params(isl_set_get_space(tiles))));
	isl_id_list *names = isl_id_list_alloc(ctx, dims + 1);
	isl_ast_node *tree;
	SyCode *code;

	for (int phase = 0; phase < 2; phase++) {
		isl_set *set = isl_set_set_tuple_name(
			isl_set_copy(phase ? tiles : load), phase ? "T" : "L");
		isl_map *map = isl_map_identity(
			isl_space_map_from_set(isl_set_get_space(set)));

		map = isl_map_reset_tuple_id(map, isl_dim_out);
		map = isl_map_insert_dims(map, isl_dim_out, n, 1);
		map = isl_map_fix_si(map, isl_dim_out, n, phase);
		map = isl_map_intersect_domain(map, set);
		sched = isl_union_map_add_map(sched, map);
	}
	for (int k = 0; k <= dims; k++) {
		g_autofree char *name = (guint)k == n
			? g_strdup("sy_phase")
			: g_strdup_printf("t%d", k - ((guint)k > n));

		names = isl_id_list_add(names, isl_id_alloc(ctx, name, NULL));
	}
	build = isl_ast_build_set_iterators(build, names);
	tree = isl_ast_build_node_from_schedule_map(build, sched);
	isl_ast_build_free(build);
	code = sy_code_from_isl(tree, NULL, NULL);
	isl_ast_node_free(tree);
	return code;
}

/* The L2 buffer's facts (hp->load, the path's l2_keep). */
static void l2_facts(SyIoPathFacts *f, const SyHlsModel *m, const SyHlsPath *hp)
{
	const SyConfig *cfg = m->array->config;
	guint n = cfg->n_members;

	guint at = n;

	f->l2_factor = g_new(gint64, n);
	f->l2_keep = g_new(gint64, n);
	for (guint k = 0; k < n; k++) {
		f->l2_factor[k] = cfg->tile_l2[cfg->order[k]];
		f->l2_keep[k] = hp->path->l2_keep[cfg->order[k]];
		/* The buffer's place: above the first tile loop it keeps
		 * no tiles of (io-plan.c, sy_io_plan_l2). */
		if (!f->l2_keep[k] && at == n)
			at = n + k;
	}
	f->l2 = l2_code(hp->load, hp->tiles, at);
}

static gint64 box_elements(const SyIoPathFacts *f, SyChecked *ck)
{
	gint64 n = 1;

	for (guint d = 0; d < f->n_dims; d++)
		n = sy_checked_mul(
			ck, n, f->box[d], "the number of elements of a box");
	return n;
}

/* Box words (the backend refused counts beyond 64 bits first: the
 * largest stands in). */
static void count_words(SyIoPathFacts *f)
{
	SyChecked ck = {NULL};

	f->box_words = box_elements(f, &ck) / f->pack;
	g_clear_error(&ck.error);
}

/* The code of the first module of the path at level with code (0: its
 * dummy). */
static const SyCode *coded(
	const SyDesign *design, const SyIoPath *p, guint level)
{
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *mod = g_ptr_array_index(design->modules, i);

		if (mod->path == p && mod->level == level && mod->code)
			return mod->code;
	}
	return NULL;
}

static gboolean ping_pong(const SyDesign *design, const char *name)
{
	const SyModule *m = sy_design_find(design, name);

	return m && m->buffers->len &&
		((SyBuffer *)g_ptr_array_index(m->buffers, 0))->ping_pong;
}

/* The buffered module's ping-pong, by the names the printer gives
 * it. */
static void buffered(SyIoPathFacts *f, const SyDesign *design)
{
	const SyIoPath *p = f->path;
	g_autofree char *name = g_strdup_printf("%s_IO_L%u_%s", p->prefix,
		p->exterior ? 2 : 1, p->in ? "in" : "out");
	g_autofree char *last = g_strconcat(name, "_boundary", NULL);

	f->ping_pong[0] = ping_pong(design, name);
	f->ping_pong[1] = ping_pong(design, last);
}

/* Per statement the accesses the path moves; the lane registers, one
 * per access moved, in the kernel's order. */
static void moves(SyIoPathFacts *f, const SyHlsPath *hp, const SyScop *scop)
{
	g_autofree guint *idx = g_new0(guint, scop->accesses->len + 1);

	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);
		guint n = 0;

		for (guint k = 0; k < stmt->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				stmt->accesses, k);

			if (sy_io_path_moves(hp->path, a))
				idx[n++] = a->index;
		}
		if (n)
			g_ptr_array_add(
				f->moves, sy_io_moves_new(stmt->name, n, idx));
	}
	if (f->lanes == 1)
		return;
	f->registers = g_new0(guint, scop->accesses->len + 1);
	for (guint i = 0; i < scop->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(scop->accesses, i);

		if (sy_io_path_moves(hp->path, a))
			f->registers[f->n_registers++] = a->index;
	}
}

/* The tile dimension (and its first tile) whose tiles the path's L3
 * module folds (--local-reduce, sy_hls_model_folded). */
static void fold(SyIoPathFacts *f, const SyHlsModel *m, const SyHlsPath *hp)
{
	const SyConfig *cfg = m->array->config;
	int member = sy_hls_model_folded(m, hp->path);
	const SyHlsPath *other;
	isl_val *v;

	if (member < 0 || isl_set_is_empty(hp->tiles) != isl_bool_false)
		return;
	for (guint k = 0; k < cfg->n_members; k++)
		if (cfg->order[k] == (guint)member)
			f->fold_dim = (int)k;
	/* The first tile of both ways: an initialisation in the first
	 * tile leaves the way in nothing to move there. */
	v = isl_set_dim_min_val(isl_set_copy(hp->tiles), f->fold_dim);
	f->fold_first = isl_val_get_num_si(v);
	isl_val_free(v);
	other = sy_hls_model_path(m, hp->path->array, !hp->path->in);
	if (other && isl_set_is_empty(other->tiles) == isl_bool_false) {
		v = isl_set_dim_min_val(
			isl_set_copy(other->tiles), f->fold_dim);
		f->fold_first = MIN(f->fold_first, isl_val_get_num_si(v));
		isl_val_free(v);
	}
}

static SyIoPathFacts *path_facts(
	const SyDesign *design, const SyHlsModel *m, const SyHlsPath *hp)
{
	const SyIoPath *p = hp->path;
	const SyPeArray *array = m->array;
	SyIoPathFacts *f = sy_io_path_facts_alloc(p, hp->box.n_dims);

	memcpy(f->box, hp->box.size, hp->box.n_dims * sizeof(gint64));
	f->lanes = hp->lanes;
	f->once = hp->once;
	f->pack = hp->pack;
	f->along = p->exterior ? sy_io_path_along(p) : p->chain;
	f->units = p->exterior ? sy_pe_array_count(array) / array->pe[f->along]
			       : sy_pe_array_count(array);
	count_words(f);
	f->headless = sy_hls_model_headless(m, hp);
	fold(f, m, hp);
	buffered(f, design);
	f->tiles = launch_loops(tile_code(hp->tiles), hp->tiles, m);
	if (hp->load)
		l2_facts(f, m, hp);
	f->intra = coded(design, p, p->exterior ? 2 : 1);
	f->drop = coded(design, p, 0);
	moves(f, hp, array->analysis->scop);
	return f;
}

SyIoFacts *sy_io_facts_new(const SyDesign *design, const SyHlsModel *m)
{
	SyIoFacts *io = sy_io_facts_alloc(m->n_tile);

	for (guint i = 0; i < m->pe_paths->len; i++) {
		SyIoPathFacts *f = path_facts(
			design, m, g_ptr_array_index(m->pe_paths, i));

		g_ptr_array_add(io->paths, f);
		if (!f->tiles) {
			sy_io_facts_free(io);
			return NULL;
		}
	}
	return io;
}
