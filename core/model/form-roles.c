/* The roles of the schedule's dimensions, read off its marks. */
#include <stdlib.h>
#include <string.h>

#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_set.h>

#include "comm/io-facts.h"
#include "compute/tile-boxes.h"
#include "model/form-roles.h"
#include "poly/scop.h"

static const SyLoopRef *member_ref(const SyChoices *c, guint m)
{
	for (guint i = 0; i < c->tilable->len; i++) {
		const SyLoopRef *l = g_ptr_array_index(c->tilable, i);

		if (l->member == m)
			return l;
	}
	return NULL;
}

gboolean sy_form_nums_init(SyFormNums *nums, const SyConfig *cfg, SyTape *tape)
{
	if (cfg->n_members > SY_FORM_MAX_MEMBERS)
		return FALSE;
	nums->tape = tape;
	for (guint m = 0; m < cfg->n_members; m++) {
		nums->tile[m] = sy_tape_input(tape, m, cfg->tile[m]);
		nums->latency[m] = sy_tape_input(
			tape, SY_FORM_MAX_MEMBERS + m, cfg->latency[m]);
	}
	nums->simd = sy_tape_input(tape, 2 * SY_FORM_MAX_MEMBERS,
		cfg->simd < 0 ? 1 : cfg->simd_factor);
	return TRUE;
}

void sy_form_nums_inputs(const SyConfig *cfg, gint64 *inputs)
{
	for (guint m = 0; m < cfg->n_members && m < SY_FORM_MAX_MEMBERS; m++) {
		inputs[m] = cfg->tile[m];
		inputs[SY_FORM_MAX_MEMBERS + m] = cfg->latency[m];
	}
	inputs[2 * SY_FORM_MAX_MEMBERS] = cfg->simd < 0 ? 1 : cfg->simd_factor;
}

SyTape *sy_form_sizes_tape(const SyFormSizes *s)
{
	return s->nums ? s->nums->tape : NULL;
}

SyNum sy_form_tile(const SyFormSizes *s, guint m)
{
	return s->nums ? s->nums->tile[m] : sy_num(s->config->tile[m]);
}

SyNum sy_form_latency(const SyFormSizes *s, guint m)
{
	return s->nums ? s->nums->latency[m] : sy_num(s->config->latency[m]);
}

SyNum sy_form_simd(const SyFormSizes *s)
{
	if (s->nums)
		return s->nums->simd;
	return sy_num(s->config->simd < 0 ? 1 : s->config->simd_factor);
}

gint64 sy_form_member_extent(const SyFormSizes *s, guint m)
{
	const SyLoopRef *l = member_ref(s->choices, m);

	return l ? l->extent : -1;
}

/* The SIMD width where it divides member m's points (the SIMD loop is
 * m), else 1. */
/* The band member the sizes' SIMD loop is, or -1 (no SIMD, or a loop
 * below the band). */
static int simd_member(const SyFormSizes *s)
{
	const SySimdChoice *ch;

	if (s->config->simd < 0)
		return -1;
	ch = g_ptr_array_index(s->choices->simd, s->config->simd);
	return ch->loop.in_band ? (int)ch->loop.member : -1;
}

SyNum sy_form_member_simd(const SyFormSizes *s, guint m)
{
	return simd_member(s) == (int)m ? sy_form_simd(s) : sy_num(1);
}

/* The SIMD choice of the sizes, where it is below the band. */
static const SyLoopRef *simd_below(const SyChoices *c, const SyConfig *cfg)
{
	const SyLoopRef *ref;

	if (cfg->simd < 0)
		return NULL;
	ref = g_ptr_array_index(c->simd, cfg->simd);
	return ref->in_band ? NULL : ref;
}

/* The iterations of the statements of FOR node k of a SIMD loop below
 * the band: the same for each (sy_form_strip_whole), or -1. */
static gint64 node_count(const SyLoopRef *ref, guint k)
{
	gint64 n = -1;

	for (guint i = 0; i < ref->spans->len; i++) {
		const SyLoopSpan *span = &g_array_index(
			ref->spans, SyLoopSpan, i);

		if (span->stmt->n_iters <= ref->depth ||
			span->stmt->loops[ref->depth] !=
				g_ptr_array_index(ref->nodes, k))
			continue;
		if (span->first != 0 || (n >= 0 && span->count != n))
			return -1;
		n = span->count;
	}
	return n;
}

gboolean sy_form_strip_whole(const SyChoices *c, const SyConfig *cfg)
{
	const SyLoopRef *ref = simd_below(c, cfg);

	if (!ref)
		return TRUE;
	if (!ref->rectangular)
		return FALSE;
	for (guint k = 0; k < ref->nodes->len; k++)
		if (node_count(ref, k) < 1)
			return FALSE;
	return TRUE;
}

/* The vectors of FOR node k of the SIMD loop below the band. */
static SyNum strips(const SyFormSizes *s, guint k)
{
	const SyLoopRef *ref = simd_below(s->choices, s->config);

	if (!ref || k >= ref->nodes->len)
		return sy_num(-1);
	return sy_num_div(sy_form_sizes_tape(s), sy_num(node_count(ref, k)),
		sy_form_simd(s));
}

/* Member m's points per PE or time step: tile / latency / SIMD. */
static SyNum points(const SyFormSizes *s, guint m)
{
	SyTape *t = sy_form_sizes_tape(s);

	return sy_num_div(t,
		sy_num_div(t, sy_form_tile(s, m), sy_form_latency(s, m)),
		sy_form_member_simd(s, m));
}

SyNum sy_form_dim_trip(const SyFormDim *dim, const SyFormSizes *s)
{
	const SyLoopRef *l;
	guint m = dim->member;

	switch (dim->role) {
	case SY_FORM_TILES:
		l = member_ref(s->choices, m);
		return l ? sy_num_cdiv(sy_form_sizes_tape(s), sy_num(l->extent),
				   sy_form_tile(s, m))
			 : sy_num(-1);
	case SY_FORM_PES: /* the space loop's points */
		return points(s, s->choices->candidate->space[m]);
	case SY_FORM_POINTS: return points(s, m);
	case SY_FORM_LATENCY: return sy_form_latency(s, m);
	case SY_FORM_SIMD: return sy_form_simd(s);
	case SY_FORM_STRIP: return strips(s, m);
	case SY_FORM_FIXED:
	case SY_FORM_AMBIGUOUS: return sy_num(-1);
	}
	return sy_num(-1);
}

SyNum sy_form_dim_stride(const SyFormDim *dim, const SyFormSizes *s)
{
	SyTape *t = sy_form_sizes_tape(s);
	guint m = dim->member;

	switch (dim->role) {
	case SY_FORM_TILES: return sy_form_tile(s, m);
	case SY_FORM_PES:
		m = s->choices->candidate->space[m];
		return sy_num_mul(
			t, sy_form_latency(s, m), sy_form_member_simd(s, m));
	case SY_FORM_POINTS:
		return sy_num_mul(
			t, sy_form_latency(s, m), sy_form_member_simd(s, m));
	case SY_FORM_LATENCY: return sy_num(1);
	case SY_FORM_SIMD:
		return simd_member(s) >= 0
			? sy_form_latency(s, (guint)simd_member(s))
			: sy_num(1);
	case SY_FORM_STRIP: return sy_form_simd(s);
	case SY_FORM_FIXED:
	case SY_FORM_AMBIGUOUS: return sy_num(-1);
	}
	return sy_num(-1);
}

/* Member m's last iteration of the kernel in its (padded) tile: its
 * point there, (extent - 1) mod tile. */
static SyNum last_point(const SyFormSizes *s, guint m)
{
	SyTape *t = sy_form_sizes_tape(s);
	gint64 n = sy_form_member_extent(s, m);

	return sy_num_mod(t, sy_num(n - 1), sy_form_tile(s, m));
}

SyNum sy_form_dim_last(const SyFormDim *dim, const SyFormSizes *s)
{
	SyTape *t = sy_form_sizes_tape(s);
	guint m = dim->member;

	/* point = latency x (SIMD x time + lane) + latency loop. */
	switch (dim->role) {
	case SY_FORM_PES:
		m = s->choices->candidate->space[m];
		G_GNUC_FALLTHROUGH;
	case SY_FORM_POINTS:
		return sy_num_div(t, last_point(s, m),
			sy_num_mul(t, sy_form_latency(s, m),
				sy_form_member_simd(s, m)));
	case SY_FORM_LATENCY:
		return sy_num_mod(t, last_point(s, m), sy_form_latency(s, m));
	case SY_FORM_SIMD:
		if (simd_member(s) < 0)
			return sy_num(-1);
		m = (guint)simd_member(s);
		return sy_num_mod(t,
			sy_num_div(t, last_point(s, m), sy_form_latency(s, m)),
			sy_form_simd(s));
	case SY_FORM_TILES:
	case SY_FORM_STRIP:
	case SY_FORM_FIXED:
	case SY_FORM_AMBIGUOUS: return sy_num(-1);
	}
	return sy_num(-1);
}

struct _SyFormRoles {
	GPtrArray *stmt; /* GArray of SyFormDim per depth, per statement
			    (NULL: on no leaf) */
	GArray *merged; /* SyFormDim per depth: every statement's */
};

void sy_form_roles_free(SyFormRoles *roles)
{
	if (!roles)
		return;
	g_ptr_array_unref(roles->stmt);
	g_array_unref(roles->merged);
	g_free(roles);
}

typedef struct {
	const SyBand *band;
	const SyScop *scop;
	const SyLoopRef *simd; /* the SIMD loop, where below the band */
	GArray *path; /* SyFormDim per depth, on the way down */
	GPtrArray *leaves; /* Leaf: every leaf's path, in walk order */
	SyFormRoles *roles;
	gboolean failed;
} Walk;

/* A leaf of the schedule: the roles on its path and the statements
 * that reach it. */
typedef struct {
	GArray *path; /* SyFormDim per depth, down to the leaf */
	GArray *stmts; /* guint */
} Leaf;

static void leaf_free(gpointer data)
{
	Leaf *leaf = data;

	g_array_unref(leaf->path);
	g_array_unref(leaf->stmts);
	g_free(leaf);
}

static void path_set(Walk *w, guint depth, SyFormDim dim)
{
	SyFormDim none = {SY_FORM_FIXED, 0};

	while (w->path->len <= depth)
		g_array_append_val(w->path, none);
	g_array_index(w->path, SyFormDim, depth) = dim;
}

/* into[d] merged with dim: the same, or AMBIGUOUS. */
static void merge(GArray *into, guint d, const SyFormDim *dim)
{
	SyFormDim *had;

	if (d >= into->len) {
		g_array_set_size(into, d + 1);
		g_array_index(into, SyFormDim, d) = *dim;
		return;
	}
	had = &g_array_index(into, SyFormDim, d);
	if (had->role != dim->role || had->member != dim->member)
		had->role = SY_FORM_AMBIGUOUS;
}

static SyFormRole role_named(const char *mark, gsize len)
{
	static const struct {
		const char *name;
		SyFormRole role;
	} roles[] = {{"array_part", SY_FORM_TILES}, {"space", SY_FORM_POINTS},
		{"time", SY_FORM_POINTS}, {"latency", SY_FORM_LATENCY},
		{"simd", SY_FORM_SIMD}};

	for (guint k = 0; k < G_N_ELEMENTS(roles); k++)
		if (strlen(roles[k].name) == len &&
			!strncmp(mark, roles[k].name, len))
			return roles[k].role;
	return SY_FORM_AMBIGUOUS;
}

static int member_named(const SyBand *band, const char *name, gsize len)
{
	for (guint m = 0; m < band->n_members; m++)
		if (strlen(band->members[m].name) == len &&
			!strncmp(band->members[m].name, name, len))
			return (int)m;
	return -1;
}

/* The roles of a marked band's members at depth on: "role[a,b]". */
static void assign_marked(Walk *w, const char *mark, guint depth, guint n)
{
	const char *open = strchr(mark, '[');
	const char *at;
	SyFormRole role;

	if (!open) {
		w->failed = TRUE;
		return;
	}
	role = role_named(mark, (gsize)(open - mark));
	at = open + 1;
	for (guint k = 0; k < n; k++) {
		gsize len = strcspn(at, ",]");
		int m = member_named(w->band, at, len);
		SyFormDim dim = {role, m < 0 ? 0 : (guint)m};

		/* The SIMD loop below the band names no member. */
		if (m < 0 && role != SY_FORM_SIMD)
			dim.role = SY_FORM_AMBIGUOUS;
		path_set(w, depth + k, dim);
		at += len + (at[len] == ',');
	}
}

/* Statement s's role at depth d merged with dim. */
static void stmt_merge(
	SyFormRoles *roles, guint s, guint d, const SyFormDim *dim)
{
	GArray *r = roles->stmt->pdata[s];

	if (!r) {
		r = g_array_new(FALSE, TRUE, sizeof(SyFormDim));
		roles->stmt->pdata[s] = r;
	}
	merge(r, d, dim);
}

static int stmt_named(const SyScop *scop, const char *name)
{
	for (guint i = 0; i < scop->stmts->len; i++)
		if (!g_strcmp0(((const SyStmt *)scop->stmts->pdata[i])->name,
			    name))
			return (int)i;
	return -1;
}

static isl_stat leaf_stmt(isl_set *set, void *user)
{
	Walk *w = ((gpointer *)user)[0];
	Leaf *leaf = ((gpointer *)user)[1];
	int s = stmt_named(w->scop, isl_set_get_tuple_name(set));

	isl_set_free(set);
	if (s >= 0)
		g_array_append_val(leaf->stmts, s);
	return isl_stat_ok;
}

/* A leaf: the path's roles are those of the statements that reach
 * it, once the flat schedule's layout is known (leaves_merge). */
static void leaf(Walk *w, isl_schedule_node *node, guint depth)
{
	isl_union_set *domain = isl_schedule_node_get_domain(node);
	Leaf *l = g_new0(Leaf, 1);
	gpointer user[2] = {w, l};
	SyFormDim none = {SY_FORM_FIXED, 0};

	l->path = g_array_new(FALSE, TRUE, sizeof(SyFormDim));
	l->stmts = g_array_new(FALSE, FALSE, sizeof(guint));
	for (guint d = 0; d < depth; d++)
		g_array_append_val(l->path,
			*(d < w->path->len
					? &g_array_index(w->path, SyFormDim, d)
					: &none));
	g_ptr_array_add(w->leaves, l);
	if (isl_union_set_foreach_set(domain, leaf_stmt, user) < 0)
		w->failed = TRUE;
	isl_union_set_free(domain);
}

/* Every leaf's roles at the dimensions of the flat schedule the
 * modules' code is printed from: isl pads shallower leaves with zeros
 * and the leaf loops (latency, SIMD) go last (compute/tile-boxes.h),
 * so that conv's init has its latency loop where its update has its
 * own, below the filter's loops. */
static void leaves_merge(Walk *w, int k)
{
	SyFormDim none = {SY_FORM_FIXED, 0};
	guint n = 0;

	for (guint i = 0; i < w->leaves->len; i++)
		n = MAX(n, ((Leaf *)w->leaves->pdata[i])->path->len);
	for (guint i = 0; i < w->leaves->len; i++) {
		const Leaf *l = w->leaves->pdata[i];

		for (guint d = 0; d < n; d++) {
			int from = sy_tile_boxes_flat_source(
				(int)d, (int)l->path->len, (int)n, k);
			const SyFormDim *dim = from < 0
				? &none
				: &g_array_index(l->path, SyFormDim, from);

			merge(w->roles->merged, d, dim);
			for (guint j = 0; j < l->stmts->len; j++)
				stmt_merge(w->roles,
					g_array_index(l->stmts, guint, j), d,
					dim);
		}
	}
}

/* The FOR node of stmt whose band is the one below loops others on
 * its path: the bands of the loops below the band, outermost first
 * (sy_scop_schedule makes one of each loop the band does not absorb,
 * and none of the others). */
static const SyNode *loop_below(
	const Walk *w, const SyStmt *stmt, guint loops, guint *depth)
{
	for (guint d = 0; d < stmt->n_iters; d++) {
		if (w->band->absorbed &&
			g_hash_table_contains(
				w->band->absorbed, stmt->loops[d]))
			continue;
		if (!loops--) {
			*depth = d;
			return stmt->loops[d];
		}
	}
	return NULL;
}

typedef struct {
	const Walk *w;
	guint loops;
	SyFormDim dim;
	gboolean seen;
} Strip;

/* The role of the band of one statement's loop: STRIP where it is a
 * FOR node of the SIMD loop below the band. */
static isl_stat strip_stmt(isl_set *set, void *user)
{
	Strip *st = user;
	const SyLoopRef *ref = st->w->simd;
	int s = stmt_named(st->w->scop, isl_set_get_tuple_name(set));
	SyFormDim dim = {SY_FORM_FIXED, 0};
	const SyNode *loop;
	guint depth, k;

	isl_set_free(set);
	if (s < 0)
		return isl_stat_ok;
	loop = loop_below(
		st->w, st->w->scop->stmts->pdata[s], st->loops, &depth);
	if (loop && depth == ref->depth &&
		g_ptr_array_find(ref->nodes, loop, &k))
		dim = (SyFormDim){SY_FORM_STRIP, k};
	if (st->seen &&
		(dim.role != st->dim.role || dim.member != st->dim.member))
		dim.role = SY_FORM_AMBIGUOUS;
	st->dim = dim;
	st->seen = TRUE;
	return isl_stat_ok;
}

/* The role of an unmarked band, the band of a loop below the band
 * under loops others: FIXED but for the SIMD loop's vectors. */
static SyFormDim loop_role(Walk *w, isl_schedule_node *node, guint loops)
{
	Strip st = {w, loops, {SY_FORM_FIXED, 0}, FALSE};
	isl_union_set *domain;

	if (!w->simd)
		return st.dim;
	domain = isl_schedule_node_get_domain(node);
	if (isl_union_set_foreach_set(domain, strip_stmt, &st) < 0)
		w->failed = TRUE;
	isl_union_set_free(domain);
	return st.dim;
}

static void walk(Walk *w, isl_schedule_node *node, guint depth,
	const char *mark, guint loops);

/* loops: the unmarked bands above node. */
static void walk_children(Walk *w, isl_schedule_node *node, guint depth,
	const char *mark, guint loops)
{
	isl_size n = isl_schedule_node_n_children(node);

	for (int k = 0; k < n; k++)
		walk(w, isl_schedule_node_get_child(node, k), depth, mark,
			loops);
}

/* Takes node. */
static void walk(Walk *w, isl_schedule_node *node, guint depth,
	const char *mark, guint loops)
{
	isl_id *id;
	isl_size n;

	switch (isl_schedule_node_get_type(node)) {
	case isl_schedule_node_mark:
		id = isl_schedule_node_mark_get_id(node);
		walk_children(w, node, depth, isl_id_get_name(id), loops);
		isl_id_free(id);
		break;
	case isl_schedule_node_band:
		n = isl_schedule_node_band_n_member(node);
		if (mark)
			assign_marked(w, mark, depth, (guint)n);
		else
			for (int k = 0; k < n; k++)
				path_set(w, depth + (guint)k,
					n == 1 ? loop_role(w, node, loops)
					       : (SyFormDim){SY_FORM_FIXED, 0});
		walk_children(w, node, depth + (guint)n, NULL,
			loops + (mark ? 0 : (guint)n));
		break;
	case isl_schedule_node_sequence:
	case isl_schedule_node_set:
		/* The modules' code is printed from the flattened
		 * schedule, in which a sequence of several children is a
		 * dimension of its own (the child's position). */
		if (!sy_tile_boxes_separates(node)) {
			walk_children(w, node, depth, NULL, loops);
			break;
		}
		path_set(w, depth, (SyFormDim){SY_FORM_FIXED, 0});
		walk_children(w, node, depth + 1, NULL, loops);
		break;
	case isl_schedule_node_leaf: leaf(w, node, depth); break;
	case isl_schedule_node_error: w->failed = TRUE; break;
	default: walk_children(w, node, depth, NULL, loops); break;
	}
	isl_schedule_node_free(node);
}

SyFormRoles *sy_form_roles_new(const SyPeArray *array)
{
	const SyScop *scop = array->analysis->scop;
	SyFormRoles *roles = g_new0(SyFormRoles, 1);
	Walk w = {array->analysis->band, scop,
		simd_below(array->choices, array->config),
		g_array_new(FALSE, TRUE, sizeof(SyFormDim)),
		g_ptr_array_new_with_free_func(leaf_free), roles, FALSE};

	roles->stmt = g_ptr_array_new_full(
		scop->stmts->len, (GDestroyNotify)g_array_unref);
	g_ptr_array_set_size(roles->stmt, (gint)scop->stmts->len);
	roles->merged = g_array_new(FALSE, TRUE, sizeof(SyFormDim));
	walk(&w, isl_schedule_get_root(array->schedule), 0, NULL, 0);
	leaves_merge(&w, sy_tile_boxes_leaf_loops(array));
	g_array_unref(w.path);
	g_ptr_array_unref(w.leaves);
	if (w.failed)
		g_clear_pointer(&roles, sy_form_roles_free);
	return roles;
}

/* The index of a coordinate name in a list of them, or -1. */
static int coordinate(const char *name, const char *const *names, guint n)
{
	for (guint k = 0; k < n; k++)
		if (g_str_equal(name, names[k]))
			return (int)k;
	return -1;
}

/* "<prefix><N>": N, or -1. */
static int numbered(const char *name, const char *prefix)
{
	gsize len = strlen(prefix);
	char *end;
	long v;

	if (strncmp(name, prefix, len) || !g_ascii_isdigit(name[len]))
		return -1;
	v = strtol(name + len, &end, 10);
	return *end || v > 64 ? -1 : (int)v;
}

/* The role of dimension k in code running stmts. */
static gboolean dim_of(const SyFormRoles *roles, guint k, const guint *stmts,
	guint n, SyFormDim *dim)
{
	GArray *merged = NULL;
	gboolean found = FALSE;

	if (!n) {
		if (k >= roles->merged->len)
			return FALSE;
		*dim = g_array_index(roles->merged, SyFormDim, k);
		return TRUE;
	}
	merged = g_array_new(FALSE, TRUE, sizeof(SyFormDim));
	for (guint i = 0; i < n; i++) {
		const GArray *r = stmts[i] < roles->stmt->len
			? roles->stmt->pdata[stmts[i]]
			: NULL;

		if (r && k < r->len) {
			merge(merged, 0, &g_array_index(r, SyFormDim, k));
			found = TRUE;
		}
	}
	/* A dimension on none of their paths: the roles cannot say what
	 * it runs over. */
	*dim = found ? g_array_index(merged, SyFormDim, 0)
		     : (SyFormDim){SY_FORM_AMBIGUOUS, 0};
	g_array_unref(merged);
	return TRUE;
}

gboolean sy_form_role_of(const char *name, const SyFormRoles *roles,
	const guint *stmts, guint n, const SyConfig *config, SyFormDim *dim)
{
	int k;

	if ((k = numbered(name, "c")) >= 0)
		return dim_of(roles, (guint)k, stmts, n, dim);
	if ((k = numbered(name, "sy_t")) >= 0 ||
		(k = numbered(name, "t")) >= 0) {
		if ((guint)k >= config->n_members)
			return FALSE;
		*dim = (SyFormDim){SY_FORM_TILES, config->order[k]};
		return TRUE;
	}
	if ((k = coordinate(name, sy_module_code_pe_names, 3)) >= 0 ||
		(k = coordinate(name, sy_module_code_p_names, 3)) >= 0) {
		*dim = (SyFormDim){SY_FORM_PES, (guint)k};
		return TRUE;
	}
	return FALSE;
}
