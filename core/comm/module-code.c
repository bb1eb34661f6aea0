/* The code of the modules with statements: requests per statement
 * (values and conditions, simplified once on the statement's points,
 * turned into expressions at each user node of isl's AST), the AST of
 * the PE array's schedule on whole tiles per module, its pragmas. */
#include <stdlib.h>
#include <string.h>

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include "comm/io-facts-build.h"
#include "comm/module-ast.h"
#include "comm/module-code.h"
#include "comm/tb-loops.h"
#include "comm/pe-facts-build.h"
#include "compute/code-isl.h"
#include "poly/isl-stage.h"

/* Requests: what a module's statement needs computed at each instance,
 * as functions of the statement's iterators, turned into expressions of
 * the loop iterators where isl builds the AST. */

typedef struct {
	isl_pw_aff *value; /* a value, or */
	isl_set *set; /* a condition */
} Req;

/* What the modules of a design share: the simplified requests. */
typedef struct {
	GHashTable *simplified; /* see sy_module_code_simplified */
} Shared;

/* A module being coded: its path (NULL for the PE) and its requests. */
typedef struct {
	const SyHlsModel *m;
	Shared *shared;
	const SyHlsPath *path;
	GHashTable *reqs; /* statement name -> GPtrArray of Req */
	const char *const *fixed; /* per schedule dimension (module_sched) */
} Module;

static void req_free(gpointer data)
{
	Req *r = data;

	isl_pw_aff_free(r->value);
	isl_set_free(r->set);
	g_free(r);
}

/* A statement's list of requests (also how a statement without
 * requests takes part). */
static GPtrArray *reqs_of(Module *mod, const SyStmt *stmt)
{
	GPtrArray *list = g_hash_table_lookup(mod->reqs, stmt->name);

	if (!list) {
		list = g_ptr_array_new_with_free_func(req_free);
		g_hash_table_insert(mod->reqs, stmt->name, list);
	}
	return list;
}

static void req_value(Module *mod, const SyStmt *stmt, isl_pw_aff *value)
{
	const SyHlsStmt *h = sy_hls_model_stmt(mod->m, stmt->name);
	Req *r = g_new0(Req, 1);

	r->value = sy_module_code_simplified(mod->shared->simplified, h, value);
	g_ptr_array_add(reqs_of(mod, stmt), r);
}

static void req_set(Module *mod, const SyStmt *stmt, isl_set *set)
{
	const SyHlsStmt *h = sy_hls_model_stmt(mod->m, stmt->name);
	Req *r = g_new0(Req, 1);

	set = isl_set_preimage_pw_multi_aff(
		set, isl_pw_multi_aff_copy(h->inverse));
	r->set = isl_set_gist(set, isl_set_copy(h->points));
	g_ptr_array_add(reqs_of(mod, stmt), r);
}

/* The expression of a request at a user node whose schedule leads back
 * to the statement's points by back. */
static isl_ast_expr *req_expr(
	isl_ast_build *build, isl_pw_multi_aff *back, const Req *r)
{
	isl_set *set, *here;
	isl_bool all;

	if (r->value)
		return isl_ast_build_expr_from_pw_aff(build,
			isl_pw_aff_pullback_pw_multi_aff(
				isl_pw_aff_copy(r->value),
				isl_pw_multi_aff_copy(back)));
	if (isl_set_plain_is_universe(r->set))
		return NULL;
	set = isl_set_preimage_pw_multi_aff(
		isl_set_copy(r->set), isl_pw_multi_aff_copy(back));
	/* Always true where the node runs: no condition. */
	here = isl_set_from_union_set(
		isl_union_map_range(isl_ast_build_get_schedule(build)));
	all = isl_set_is_subset(here, set);
	isl_set_free(here);
	if (all == isl_bool_true) {
		isl_set_free(set);
		return NULL;
	}
	return isl_ast_build_expr_from_set(build, set);
}

/* The arguments of a user node of a module's AST (built on schedule
 * points): the statement's iterators (for the PE, which prints
 * statements), then the requests' expressions. */
static void module_args(
	SyCode *call, isl_ast_build *build, isl_pw_multi_aff *back, void *user)
{
	Module *mod = user;
	const SyHlsStmt *h = sy_hls_model_stmt(mod->m, call->name);
	GPtrArray *reqs = g_hash_table_lookup(mod->reqs, h->stmt->name);
	guint index;

	/* Printers find the statement by its index (SyPeFacts' order). */
	if (g_ptr_array_find(
		    mod->m->array->analysis->scop->stmts, h->stmt, &index))
		call->stmt = (int)index;

	back = sy_module_ast_lift(
		mod->m, mod->fixed, h, isl_pw_multi_aff_copy(back));
	for (guint k = 0; !mod->path && k < h->stmt->n_iters; k++)
		sy_code_user_add_isl(call,
			isl_ast_build_expr_from_pw_aff(build,
				isl_pw_aff_pullback_pw_multi_aff(
					isl_pw_multi_aff_get_pw_aff(
						h->inverse, (int)k),
					isl_pw_multi_aff_copy(back))));
	for (guint k = 0; reqs && k < reqs->len; k++)
		sy_code_user_add_isl(call,
			req_expr(build, back, g_ptr_array_index(reqs, k)));
	isl_pw_multi_aff_free(back);
}

/* Pragmas */

/* One walk: the depth below a loop is known when its pragma is chosen
 * (a search below every loop was exponential in nested statements). */
guint sy_module_code_set_pragmas(SyCode *code, int lanes)
{
	guint depth = 0, other;

	switch (code->kind) {
	case SY_CODE_FOR:
		depth = sy_module_code_set_pragmas(code->body, lanes);
		if (code->degenerate)
			return depth;
		if (lanes >= 0 && sy_code_loop_dim(code) == lanes) {
			code->pragma = SY_CODE_PRAGMA_UNROLL;
			return depth;
		}
		if (depth == 0) {
			code->pragma = SY_CODE_PRAGMA_PIPELINE;
			code->ii = 1;
		}
		return depth + 1;
	case SY_CODE_IF:
		/* Each walk once: MAX() would evaluate a call twice. */
		depth = sy_module_code_set_pragmas(code->body, lanes);
		other = code->else_body
			? sy_module_code_set_pragmas(code->else_body, lanes)
			: 0;
		return MAX(depth, other);
	case SY_CODE_BLOCK:
		for (guint i = 0; i < code->children->len; i++) {
			other = sy_module_code_set_pragmas(
				code->children->pdata[i], lanes);
			depth = MAX(depth, other);
		}
		return depth;
	case SY_CODE_MARK:
		return sy_module_code_set_pragmas(code->body, lanes);
	case SY_CODE_USER: return 0;
	}
	return 0;
}

/* ASTs */

/* A module's code and its parameters. */
typedef struct {
	SyCode *code;
	GPtrArray *params;
} Coded;

/* The schedule isl builds a module's AST from: the points of instances
 * (of all statements with requests when NULL) at their free dimensions,
 * schedule dimension d fixed to parameter fixed[d] where that is not
 * NULL (*space: the parameters' space). */
static isl_union_map *module_sched(Module *mod, isl_union_set *instances,
	const char *const *fixed, isl_space **space)
{
	const SyHlsModel *m = mod->m;
	isl_union_set *points;

	mod->fixed = fixed;
	/* The points of the statements asked for (or of instances). */
	if (instances) {
		points = sy_hls_model_points(m, instances);
	} else {
		GHashTableIter it;
		gpointer name;

		points = isl_union_set_empty(
			isl_space_params_alloc(m->array->analysis->ctx, 0));
		g_hash_table_iter_init(&it, mod->reqs);
		while (g_hash_table_iter_next(&it, &name, NULL))
			points = isl_union_set_add_set(points,
				isl_set_copy(
					sy_hls_model_stmt(m, name)->points));
	}
	return sy_module_ast_sched(m, points, fixed, space);
}

/* The code of a module from its tree, with its loops' pragmas. */
static Coded module_coded(const SyHlsModel *m, isl_ast_node *tree,
	SyCodeUserFunc user_fn, gpointer user, const char *const *fixed)
{
	SyCode *code = sy_code_from_isl(tree, user_fn, user);

	if (code)
		sy_module_code_set_pragmas(code, (int)m->lanes_dim);
	return (Coded){code, sy_module_ast_params(fixed, m->n_dims)};
}


/* Modules on one AST: modules whose statements' points are scheduled
 * alike (the PE and the dummies that drop what leaves the input lines,
 * the PE coordinates named alike; the intra_trans of two inputs) have
 * the same AST.  isl builds it once, with every module's arguments one
 * after another at each user node; each module then takes its part. */
typedef struct {
	Module *const *mods;
	guint n;
	guint k; /* the module being converted */
} Joint;

static void joint_args(
	SyCode *call, isl_ast_build *build, isl_pw_multi_aff *back, void *user)
{
	const Joint *j = user;

	for (guint k = 0; k < j->n; k++)
		module_args(call, build, back, j->mods[k]);
}

static isl_ast_node *joint_at_domain(
	isl_ast_node *node, isl_ast_build *build, void *joint)
{
	return sy_code_annotate(node, build, joint_args, joint);
}

/* How many arguments module_args gives statement name in mod. */
static guint n_args(const Module *mod, const char *name)
{
	const SyHlsStmt *h = sy_hls_model_stmt(mod->m, name);
	GPtrArray *reqs = g_hash_table_lookup(mod->reqs, name);

	return (mod->path ? 0 : h->stmt->n_iters) + (reqs ? reqs->len : 0);
}

/* Module j->k's statement at a user node: its part of the arguments. */
static SyCode *joint_user(isl_ast_node *node, gpointer user)
{
	const Joint *j = user;
	const SyCode *all = sy_code_annotation(node);
	guint from = 0, n;
	SyCode *stmt;

	if (!all)
		return NULL;
	for (guint k = 0; k < j->k; k++)
		from += n_args(j->mods[k], all->name);
	n = n_args(j->mods[j->k], all->name);
	stmt = sy_code_user_new(all->name);
	stmt->stmt = all->stmt;
	for (guint i = from; i < from + n && i < all->args->len; i++) {
		const SyCodeExpr *e = g_ptr_array_index(all->args, i);

		sy_code_user_add(stmt, e ? sy_code_expr_copy(e) : NULL);
	}
	return stmt;
}

/* Whether a name of the PE coordinates, in the PE or in I/O modules, is
 * also one of the kernel's parameters: then renaming would not be the
 * dummies' own code. */
static gboolean names_clash(const SyHlsModel *m)
{
	isl_space *space = isl_union_set_get_space(
		m->array->analysis->scop->domain);
	isl_size np = isl_space_dim(space, isl_dim_param);
	gboolean clash = np < 0;

	for (int i = 0; !clash && i < np; i++) {
		const char *name = isl_space_get_dim_name(
			space, isl_dim_param, (unsigned)i);

		for (guint k = 0; name && k < G_N_ELEMENTS(
					       sy_module_code_p_names); k++)
			clash = clash ||
				g_str_equal(name, sy_module_code_p_names[k]) ||
				g_str_equal(name, sy_module_code_pe_names[k]);
	}
	isl_space_free(space);
	return clash;
}

static void module_init(
	Module *mod, const SyHlsModel *m, Shared *shared, const SyHlsPath *path)
{
	mod->m = m;
	mod->shared = shared;
	mod->path = path;
	mod->reqs = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
		(GDestroyNotify)g_ptr_array_unref);
}

static void module_clear(Module *mod)
{
	g_hash_table_unref(mod->reqs);
}

/* What modules ask of their statements */

/* An access's place in a box, a value per dimension. */
static void req_box_index(Module *mod, const SyAccess *a,
	const SyHlsBox *box, const gboolean *keep)
{
	for (guint d = 0; d < a->array->n_dims; d++)
		req_value(mod, a->stmt,
			sy_module_code_box_index(mod->m, a, box, keep, d));
}

/* The SIMD lane of a statement instance: its last schedule dimension. */
static isl_pw_aff *lane_of(const SyHlsModel *m, const SyStmt *stmt)
{
	const SyHlsStmt *h = sy_hls_model_stmt(m, stmt->name);

	return isl_pw_aff_from_aff(
		isl_multi_aff_get_at(h->sched, (int)m->lanes_dim));
}

/* The requests every module of a path makes of a statement that moves
 * its data: its points, then the SIMD lane; FALSE if it moves none. */
static gboolean stmt_requests(Module *mod, const SyStmt *stmt)
{
	const SyHlsPath *hp = mod->path;
	gboolean any = FALSE;

	for (guint k = 0; k < stmt->accesses->len; k++)
		any = any ||
			sy_module_code_moves(
				g_ptr_array_index(stmt->accesses, k), hp);
	if (!any)
		return FALSE;
	reqs_of(mod, stmt);
	if (hp->lanes > 1 || hp->once)
		req_value(mod, stmt, lane_of(mod->m, stmt));
	return TRUE;
}

/* Requests of a feeding or collecting module: the lane, then per access
 * moved its condition (interior paths) and its place in the box. */
static void io_requests(Module *mod, const gboolean *keep)
{
	const SyHlsModel *m = mod->m;
	const SyHlsPath *hp = mod->path;
	const SyScop *scop = m->array->analysis->scop;

	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		if (!stmt_requests(mod, stmt))
			continue;
		for (guint k = 0; k < stmt->accesses->len; k++) {
			const SyAccess *a = g_ptr_array_index(
				stmt->accesses, k);

			if (!sy_module_code_moves(a, hp))
				continue;
			if (!hp->path->exterior)
				req_set(mod, stmt,
					a->write ? sy_hls_model_live_out(m, a)
						 : sy_hls_model_live_in(m, a));
			req_box_index(mod, a, &hp->box, keep);
		}
	}
}

/* The PE's: per statement its domain (padding computes nothing), the
 * lane, then per access in the order the PE prints them (the reads,
 * then the write, access 0) its place in the local buffer and where it
 * uses a FIFO, or where a read from an interior path's FIFO takes
 * a value from outside. */
static void pe_requests(Module *mod)
{
	const SyHlsModel *m = mod->m;
	const SyScop *scop = m->array->analysis->scop;

	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		req_set(mod, stmt, isl_set_copy(stmt->domain));
		if (m->lanes_dim >= 0)
			req_value(mod, stmt, lane_of(m, stmt));
		for (guint n = 1; n <= stmt->accesses->len; n++) {
			guint k = n % stmt->accesses->len;
			const SyAccess *a = g_ptr_array_index(
				stmt->accesses, k);
			SyPeSource src = sy_module_code_source(m, a);

			if (src == SY_PE_SOURCE_LOCAL) {
				req_box_index(mod, a,
					g_hash_table_lookup(m->pe_box, a->array),
					NULL);
				if (sy_module_code_uses_fifo(m, a))
					req_set(mod, stmt,
						sy_module_code_fifo_set(m, a));
				if (a->write && sy_hls_model_also(m, a))
					req_set(mod, stmt,
						isl_set_copy(sy_hls_model_also(
							m, a)));
				if (sy_module_code_drain(m, a))
					req_set(mod, stmt,
						sy_hls_model_live_out(m, a));
			} else if (src == SY_PE_SOURCE_FIFO && !a->write) {
				req_set(mod, stmt, sy_hls_model_live_in(m, a));
			}
		}
	}
}

/* The modules' code */

/* A module to code: its requests, the names of its fixed dimensions
 * (those isl builds with, and its own where they differ: the dummies
 * are built with the PE's), its schedule, and where its code goes. */
typedef struct {
	Module mod;
	const char **fixed, **own;
	char **tnames; /* sy_t0... (intra_trans) */
	isl_union_map *sched;
	isl_space *space;
	char *text; /* of sched: the modules of one AST have the same */
	SyModuleKind kind; /* IO (intra_trans), DUMMY, or PE */
	Coded code;
} Job;

static void job_free(gpointer data)
{
	Job *job = data;

	module_clear(&job->mod);
	g_free(job->fixed);
	g_free(job->own);
	g_strfreev(job->tnames);
	isl_union_map_free(job->sched);
	isl_space_free(job->space);
	free(job->text);
	sy_code_free(job->code.code);
	if (job->code.params)
		g_ptr_array_unref(job->code.params);
	g_free(job);
}

static Job *job_new(const SyHlsModel *m, Shared *shared,
	const SyHlsPath *hp, SyModuleKind kind)
{
	Job *job = g_new0(Job, 1);

	module_init(&job->mod, m, shared, hp);
	job->fixed = g_new0(const char *, m->n_dims + 1);
	job->own = g_new0(const char *, m->n_dims + 1);
	job->tnames = g_new0(char *, m->n_tile + 1);
	job->kind = kind;
	return job;
}

/* The schedule of a job's statements (of instances, taken, or of
 * those with requests for NULL). */
static void job_sched(Job *job, isl_union_set *instances)
{
	job->sched = module_sched(&job->mod, instances,
		(const char *const *)job->fixed, &job->space);
	job->text = isl_union_map_to_str(job->sched);
}

/* The intra_trans of a path, in the PEs' own order: the tile and the
 * PE coordinates its box is per (all on interior paths, those across
 * the lines on exterior ones) are fixed. */
static Job *intra_job(const SyHlsModel *m, Shared *shared, const SyHlsPath *hp)
{
	const SyIoPath *p = hp->path;
	g_autofree gboolean *keep = g_new0(gboolean, m->n_space + 1);
	Job *job = job_new(m, shared, hp, SY_MODULE_IO);

	for (guint k = 0; k < m->n_space; k++)
		keep[k] = !p->exterior || p->direction[k] == 0;
	for (guint d = 0; d < m->n_tile; d++) {
		job->tnames[d] = g_strdup_printf("sy_t%u", d);
		job->fixed[d] = job->own[d] = job->tnames[d];
	}
	for (guint k = 0; k < m->n_space; k++)
		job->fixed[m->n_tile + k] = job->own[m->n_tile + k] =
			sy_module_code_p_names[k];
	io_requests(&job->mod, keep);
	job_sched(job, isl_union_set_copy(hp->moving));
	return job;
}

/* The dummy that drops what leaves the last PEs of an input's lines,
 * per PE: built with the PE's names of its coordinates (it then shares
 * the PE's AST), unless a kernel parameter has one of the names. */
static Job *drop_job(const SyHlsModel *m, Shared *shared,
	const SyHlsPath *hp, gboolean as_pe)
{
	const SyScop *scop = m->array->analysis->scop;
	Job *job = job_new(m, shared, hp, SY_MODULE_DUMMY);

	for (guint k = 0; k < m->n_space; k++) {
		job->own[m->n_tile + k] = sy_module_code_p_names[k];
		job->fixed[m->n_tile + k] = as_pe ? sy_module_code_pe_names[k]
						  : sy_module_code_p_names[k];
	}
	for (guint i = 0; i < scop->stmts->len; i++)
		stmt_requests(&job->mod, g_ptr_array_index(scop->stmts, i));
	job_sched(job, NULL);
	return job;
}

static Job *pe_job(const SyHlsModel *m, Shared *shared)
{
	Job *job = job_new(m, shared, NULL, SY_MODULE_PE);

	for (guint k = 0; k < m->n_space; k++)
		job->fixed[m->n_tile + k] = job->own[m->n_tile + k] =
			sy_module_code_pe_names[k];
	pe_requests(&job->mod);
	job_sched(job, NULL);
	return job;
}

/* Codes jobs from first (and every later one with the same schedule)
 * on one AST. */
static void code_group(const SyHlsModel *m, GPtrArray *jobs, guint first)
{
	Job *lead = g_ptr_array_index(jobs, first);
	g_autoptr(GPtrArray) group = g_ptr_array_new();
	g_autoptr(GPtrArray) mods = g_ptr_array_new();
	isl_ast_node *tree;

	for (guint i = first; i < jobs->len; i++) {
		Job *job = g_ptr_array_index(jobs, i);

		if (job == lead ||
			(lead->text && job->text && !job->code.params &&
				g_str_equal(job->text, lead->text))) {
			g_ptr_array_add(group, job);
			g_ptr_array_add(mods, &job->mod);
		}
	}
	tree = sy_module_ast_build(m, lead->sched,
		(const char *const *)lead->fixed, lead->space, joint_at_domain,
		&(Joint){(Module *const *)mods->pdata, mods->len, 0});
	lead->sched = NULL;
	lead->space = NULL;
	for (guint k = 0; k < group->len; k++) {
		Job *job = g_ptr_array_index(group, k);

		job->code = module_coded(m, tree, joint_user,
			&(Joint){(Module *const *)mods->pdata, mods->len, k},
			(const char *const *)job->own);
		if (job->kind == SY_MODULE_DUMMY)
			sy_module_ast_rename(job->code.code,
				(const char *const *)job->fixed + m->n_tile,
				(const char *const *)job->own + m->n_tile,
				m->n_space);
	}
	isl_ast_node_free(tree);
}

/* Gives code to the modules of path p at level (both of a chain: they
 * share their intra_trans), or to its dummy (level 0). */
static void give_code(SyDesign *design, const SyIoPath *p, guint level,
	SyModuleKind kind, const Coded *code)
{
	for (guint i = 0; i < design->modules->len; i++) {
		SyModule *mod = g_ptr_array_index(design->modules, i);

		if (mod->path != p || mod->level != level ||
			(kind == SY_MODULE_DUMMY) !=
				(mod->kind == SY_MODULE_DUMMY))
			continue;
		sy_code_free(mod->code);
		if (mod->params)
			g_ptr_array_unref(mod->params);
		mod->code = sy_code_copy(code->code);
		mod->params = code->code
			? sy_module_ast_params_copy(code->params)
			: NULL;
	}
}

static gboolean built(const SyDesign *design)
{
	return design->pe->code != NULL;
}

/* Dummies that drop: of inputs read in PEs (those of temporaries passed
 * on read nothing; heads write nothing). */
static gboolean drops(const SyHlsPath *hp)
{
	return hp->path->in && hp->path->exterior &&
		hp->path->role == SY_PATH_READ;
}

/* Every module's job: the intra_trans per path, the dummies, the PE. */
static GPtrArray *jobs_new(const SyHlsModel *m, Shared *shared)
{
	GPtrArray *jobs = g_ptr_array_new_with_free_func(job_free);
	gboolean as_pe = !names_clash(m);

	for (guint i = 0; i < m->paths->len; i++)
		g_ptr_array_add(jobs,
			intra_job(m, shared, g_ptr_array_index(m->paths, i)));
	for (guint i = 0; i < m->pe_paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->pe_paths, i);

		if (drops(hp))
			g_ptr_array_add(jobs, drop_job(m, shared, hp, as_pe));
	}
	g_ptr_array_add(jobs, pe_job(m, shared));
	return jobs;
}

gboolean sy_design_fill_code(
	SyDesign *design, const SyHlsModel *m, gboolean testbench)
{
	g_autoptr(GHashTable) simplified = sy_module_code_cache_new();
	Shared shared = {simplified};
	g_autoptr(GPtrArray) jobs = NULL;
	gboolean ok = TRUE;

	if (built(design))
		return TRUE;
	jobs = jobs_new(m, &shared);
	/* Modules with the same schedule share isl's AST. */
	for (guint i = 0; i < jobs->len; i++)
		if (!((Job *)g_ptr_array_index(jobs, i))->code.params)
			code_group(m, jobs, i);
	for (guint i = 0; ok && i < jobs->len; i++) {
		Job *job = g_ptr_array_index(jobs, i);
		const SyHlsPath *hp = job->mod.path;

		ok = job->code.code != NULL;
		if (job->kind == SY_MODULE_IO)
			give_code(design, hp->path, hp->path->exterior ? 2 : 1,
				SY_MODULE_IO, &job->code);
		else if (job->kind == SY_MODULE_DUMMY)
			give_code(design, hp->path, 0, SY_MODULE_DUMMY,
				&job->code);
	}
	if (ok) {
		Job *pe = g_ptr_array_index(jobs, jobs->len - 1);

		design->pe->code = g_steal_pointer(&pe->code.code);
		design->pe->params = g_steal_pointer(&pe->code.params);
	}
	ok = ok &&
		(!testbench ||
			(design->tb = sy_tb_facts_from_model(m)) != NULL);
	ok = ok && (design->io = sy_io_facts_new(design, m)) != NULL;
	design->pe_facts = ok ? sy_pe_facts_build(m, simplified) : NULL;
	if (!ok)
		sy_design_clear_code(design);
	return ok;
}

gboolean sy_design_build_code(SyDesign *design, GError **error)
{
	const SyAnalysis *a = design->array->analysis;
	SyHlsModel *m;
	gboolean ok;

	if (built(design))
		return TRUE;
	sy_isl_stage_begin(a->ctx);
	m = sy_hls_model_new(design, error);
	ok = m && sy_design_fill_code(design, m, TRUE);
	sy_hls_model_free(m);
	if (!sy_isl_stage_check(
		    a->ctx, sy_analysis_path(a), "the modules' code", error)) {
		sy_design_clear_code(design);
		return FALSE;
	}
	return ok;
}
