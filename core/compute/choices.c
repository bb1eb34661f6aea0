#include <string.h>

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include <json-glib/json-glib.h>

#include "base/checked.h"
#include "base/json-load.h"
#include "compute/choices.h"

G_DEFINE_QUARK(sy - choices - error - quark, sy_choices_error)

static void loop_ref_clear(SyLoopRef *ref)
{
	g_free(ref->name);
	if (ref->nodes)
		g_ptr_array_unref(ref->nodes);
	if (ref->spans)
		g_array_unref(ref->spans);
}

static void loop_ref_free(gpointer data)
{
	loop_ref_clear(data);
	g_free(data);
}

static void simd_choice_free(gpointer data)
{
	SySimdChoice *sc = data;

	loop_ref_clear(&sc->loop);
	g_free(sc->reason);
	g_ptr_array_unref(sc->layout);
	g_free(sc);
}

void sy_choices_free(SyChoices *choices)
{
	if (!choices)
		return;
	g_ptr_array_unref(choices->simd);
	g_ptr_array_unref(choices->latency);
	g_ptr_array_unref(choices->orders);
	g_ptr_array_unref(choices->tilable);
	g_free(choices);
}

int sy_choices_find(GPtrArray *list, const char *name)
{
	for (guint i = 0; i < list->len; i++)
		if (g_str_equal(((SyLoopRef *)g_ptr_array_index(list, i))->name,
			    name))
			return (int)i;
	return -1;
}

char *sy_choices_names(GPtrArray *list)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < list->len; i++)
		g_string_append_printf(out, "%s%s", i ? ", " : "",
			((SyLoopRef *)g_ptr_array_index(list, i))->name);
	return g_string_free(out, FALSE);
}

char *sy_choices_order_text(
	const SyChoices *c, const guint *order, const char *sep)
{
	GString *out = g_string_new(NULL);

	for (guint k = 0; k < c->analysis->band->n_members; k++)
		g_string_append_printf(out, "%s%s", k ? sep : "",
			c->analysis->band->members[order[k]].name);
	return g_string_free(out, FALSE);
}

char *sy_choices_orders_text(const SyChoices *c)
{
	GString *out = g_string_new(NULL);

	for (guint o = 0; o < c->orders->len; o++) {
		GArray *order = g_ptr_array_index(c->orders, o);
		g_autofree char *text = sy_choices_order_text(
			c, (const guint *)order->data, ",");

		g_string_append_printf(out, "%s%s", o ? "; " : "", text);
	}
	return g_string_free(out, FALSE);
}

static void init_member(SyLoopRef *ref, const SyBand *band, guint m)
{
	ref->name = g_strdup(band->members[m].name);
	ref->in_band = TRUE;
	ref->member = m;
	/* The analysis refuses extents beyond 64 bits (sy_dataflow_legal):
	 * choices exist only for arrays it allows. */
	if (!sy_checked_span(band->members[m].min, band->members[m].max, 1,
		    &ref->extent))
		ref->extent = G_MAXINT64;
	ref->rectangular = TRUE;
}

static SyLoopRef *member_ref(const SyBand *band, guint m)
{
	SyLoopRef *ref = g_new0(SyLoopRef, 1);

	init_member(ref, band, m);
	return ref;
}

/* Loops below the band named name: their nodes, and the bounding box of
 * their iterations. */
static void find_inner(const SyScop *scop, const SyBand *band, const char *name,
	SyLoopRef *ref)
{
	ref->name = g_strdup(name);
	ref->nodes = g_ptr_array_new();
	ref->rectangular = TRUE;
	for (guint i = 0; i < scop->loops->len; i++) {
		const SyLoop *loop = g_ptr_array_index(scop->loops, i);
		isl_set *it;
		isl_val *lo, *hi;
		gint64 n;

		if (g_hash_table_contains(band->absorbed, loop->node) ||
			!g_str_equal(loop->node->iter->name, name))
			continue;
		g_ptr_array_add(ref->nodes, (gpointer)loop->node);
		ref->depth = loop->depth;
		it = loop->iterations;
		lo = isl_set_dim_min_val(isl_set_copy(it), (int)loop->depth);
		hi = isl_set_dim_max_val(isl_set_copy(it), (int)loop->depth);
		/* Strides count iterations, not values. */
		if (!sy_checked_span(isl_val_get_num_si(lo),
			    isl_val_get_num_si(hi), ABS(loop->node->step), &n))
			n = G_MAXINT64;
		ref->extent = MAX(ref->extent, n);
		/* Rectangular: the bounds do not depend on outer loops. */
		if (loop->depth > 0) {
			isl_set *proj = isl_set_project_out(
				isl_set_copy(it), isl_dim_set, 0, loop->depth);
			isl_set *box = isl_set_project_out(
				isl_set_copy(it), isl_dim_set, loop->depth, 1);

			box = isl_set_flat_product(box, isl_set_copy(proj));
			if (isl_set_is_equal(box, it) != isl_bool_true)
				ref->rectangular = FALSE;
			isl_set_free(box);
			isl_set_free(proj);
		}
		isl_val_free(lo);
		isl_val_free(hi);
	}
}

/* Whether stmt runs inside loop ref (the FOR node at ref's depth). */
static gboolean inside(const SyLoopRef *ref, const SyBand *band,
	const SyStmt *stmt, guint *depth)
{
	if (ref->in_band) {
		const GPtrArray *loops = band->members[ref->member].loops;

		for (guint k = 0; k < stmt->n_iters; k++)
			if (g_ptr_array_find(
				    (GPtrArray *)loops, stmt->loops[k], NULL)) {
				*depth = k;
				return TRUE;
			}
		return FALSE;
	}
	*depth = ref->depth;
	return stmt->n_iters > ref->depth &&
		g_ptr_array_find(ref->nodes, stmt->loops[ref->depth], NULL);
}

/* The span of the statements inside loop ref (below the band), from
 * the first iteration of their FOR node (isl's bounds on each domain,
 * in schedule values: i for i++, -i for i--). */
static void find_spans(SyLoopRef *ref, const SyScop *scop, const SyBand *band)
{
	g_autoptr(GHashTable)
		start = g_hash_table_new_full(NULL, NULL, NULL, g_free);

	ref->spans = g_array_new(FALSE, FALSE, sizeof(SyLoopSpan));
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);
		const SyNode *node;
		isl_pw_aff *value;
		isl_val *lo, *hi;
		SyLoopSpan span = {stmt, 0, 0};
		gint64 *first;
		guint d;

		if (!inside(ref, band, stmt, &d))
			continue;
		node = stmt->loops[d];
		value = isl_pw_aff_intersect_domain(
			sy_loop_schedule_value(node,
				isl_pw_aff_var_on_domain(
					isl_local_space_from_space(
						isl_set_get_space(
							stmt->domain)),
					isl_dim_set, d)),
			isl_set_copy(stmt->domain));
		lo = isl_pw_aff_min_val(isl_pw_aff_copy(value));
		hi = isl_pw_aff_max_val(value);
		/* first holds the statement's lowest value until every
		 * statement of its node is seen. */
		span.first = isl_val_get_num_si(lo);
		if (!sy_checked_span(
			    span.first, isl_val_get_num_si(hi), 1, &span.count))
			span.count = G_MAXINT64;
		isl_val_free(lo);
		isl_val_free(hi);
		first = g_hash_table_lookup(start, node);
		if (!first) {
			first = g_new(gint64, 1);
			*first = span.first;
			g_hash_table_insert(start, (gpointer)node, first);
		}
		*first = MIN(*first, span.first);
		g_array_append_val(ref->spans, span);
	}
	for (guint i = 0; i < ref->spans->len; i++) {
		SyLoopSpan *span = &g_array_index(ref->spans, SyLoopSpan, i);
		guint d;

		inside(ref, band, span->stmt, &d);
		span->first -= *(gint64 *)g_hash_table_lookup(
			start, span->stmt->loops[d]);
	}
}

/* Whether dep crosses iterations of ref: for a band member, a distance
 * other than 0 on it; below the band, pairs in one instance of the loop
 * (same outer iterators) with different values of its iterator. */
static gboolean carries(
	const SyLoopRef *ref, const SyAnalysis *a, const SyDep *dep)
{
	guint d, d2;
	isl_map *same, *equal;
	isl_bool sub;

	if (ref->in_band)
		return !dep->uniform || dep->distance[ref->member] != 0;
	if (!inside(ref, a->band, dep->source->stmt, &d) ||
		!inside(ref, a->band, dep->sink->stmt, &d2) ||
		dep->source->stmt->loops[d] != dep->sink->stmt->loops[d])
		return FALSE;
	same = isl_map_copy(dep->relation);
	for (guint k = 0; k < d; k++)
		same = isl_map_equate(
			same, isl_dim_in, (int)k, isl_dim_out, (int)k);
	equal = isl_map_equate(
		isl_map_copy(same), isl_dim_in, (int)d, isl_dim_out, (int)d);
	sub = isl_map_is_subset(same, equal);
	isl_map_free(equal);
	isl_map_free(same);
	return sub != isl_bool_true;
}

static gboolean same_expr(const SyExpr *a, const SyExpr *b)
{
	g_autofree char *x = sy_expr_to_string(a);
	g_autofree char *y = sy_expr_to_string(b);

	return g_str_equal(x, y);
}

static gboolean reads_var(const SyExpr *e, const SyVar *var)
{
	if ((e->kind == SY_EXPR_INDEX || e->kind == SY_EXPR_NAME) &&
		sy_expr_var(e) == var)
		return TRUE;
	for (guint i = 0; i < e->n_args; i++)
		if (reads_var(e->args[i], var))
			return TRUE;
	return FALSE;
}

/* X op= e, X = X op e, X = e op X (op + or *), X = min(X, e) and the like:
 * the e, or NULL if the statement is no reduction. */
static const SyExpr *reduction_operand(const SyNode *node)
{
	const SyExpr *rhs = node->rhs, *lhs = node->lhs;
	static const char *const calls[] = {
		"min",
		"max",
		"fmin",
		"fmax",
		"fminf",
		"fmaxf",
	};

	if (node->op == SY_P_ADD_ASSIGN || node->op == SY_P_MUL_ASSIGN)
		return rhs;
	if (node->op != SY_P_ASSIGN || rhs->n_args != 2)
		return NULL;
	if (rhs->kind == SY_EXPR_BINARY &&
		(rhs->op == SY_P_PLUS || rhs->op == SY_P_STAR)) {
		if (same_expr(rhs->args[0], lhs))
			return rhs->args[1];
		if (same_expr(rhs->args[1], lhs))
			return rhs->args[0];
	}
	for (guint i = 0; rhs->kind == SY_EXPR_CALL && i < G_N_ELEMENTS(calls);
		i++)
		if (g_str_equal(rhs->name, calls[i])) {
			if (same_expr(rhs->args[0], lhs))
				return rhs->args[1];
			if (same_expr(rhs->args[1], lhs))
				return rhs->args[0];
		}
	return NULL;
}

/* Whether the access's subscripts depend on the iterator at depth d. */
static gboolean involves(const SyAccess *access, guint d)
{
	for (guint k = 0; k < access->array->n_dims; k++) {
		isl_pw_aff *pa = isl_multi_pw_aff_get_at(
			access->subscripts, (int)k);
		isl_bool in = isl_pw_aff_involves_dims(pa, isl_dim_in, d, 1);

		isl_pw_aff_free(pa);
		if (in != isl_bool_false)
			return TRUE;
	}
	return FALSE;
}

/* A dependence that only a reduction carries: on the array its statement
 * reduces into, whose element stays the same along the loop. */
static gboolean reduction_dep(
	const SyLoopRef *ref, const SyAnalysis *a, const SyDep *dep)
{
	const SyStmt *stmt = dep->source->stmt;
	const SyExpr *operand;
	const SyAccess *write;
	guint d;

	if (stmt != dep->sink->stmt || !inside(ref, a->band, stmt, &d))
		return FALSE;
	operand = reduction_operand(stmt->node);
	write = g_ptr_array_index(stmt->accesses, 0);
	return operand && dep->source->array == write->array &&
		!reads_var(operand, write->array->var) && !involves(write, d);
}

/* The stride of an access along the loop at depth d; *dim is the
 * dimension that moves, for SY_STRIDE_PERMUTE. */
static SyStride stride(const SyAccess *access, guint d, int *dim)
{
	SyStride result = SY_STRIDE_0;
	guint n = access->array->n_dims;

	*dim = -1;
	for (guint k = 0; k < n; k++) {
		isl_pw_aff *pa = isl_multi_pw_aff_get_at(
			access->subscripts, (int)k);
		gboolean unit = FALSE;

		if (isl_pw_aff_involves_dims(pa, isl_dim_in, d, 1) ==
			isl_bool_false) {
			isl_pw_aff_free(pa);
			continue;
		}
		if (isl_pw_aff_isa_aff(pa) == isl_bool_true) {
			isl_aff *aff = isl_pw_aff_as_aff(isl_pw_aff_copy(pa));
			isl_val *c = isl_aff_get_coefficient_val(
				aff, isl_dim_in, (int)d);

			unit = isl_val_is_one(c) == isl_bool_true &&
				isl_aff_dim(aff, isl_dim_div) == 0;
			isl_val_free(c);
			isl_aff_free(aff);
		}
		isl_pw_aff_free(pa);
		if (result != SY_STRIDE_0 || !unit)
			result = SY_STRIDE_OTHER;
		else
			result = k == n - 1 ? SY_STRIDE_1 : SY_STRIDE_PERMUTE;
		*dim = (int)k;
	}
	return result;
}

SyStride sy_choices_stride(const SyChoices *c, const SyLoopRef *ref,
	const SyAccess *access, int *dim)
{
	guint d;

	*dim = -1;
	if (!inside(ref, c->analysis->band, access->stmt, &d))
		return SY_STRIDE_OUTSIDE;
	return stride(access, d, dim);
}

/* "B[k][j]: make dimension 1 (k) the innermost, as B[j][k]" */
static char *layout_note(
	const SyAccess *access, int dim, SyStride s, const char *loop)
{
	const SyExpr *e = access->expr;
	g_autofree char *text = sy_expr_to_string(e);
	GString *out;

	if (s == SY_STRIDE_OTHER)
		return g_strdup_printf("%s: not contiguous along %s, whatever "
				       "the layout",
			text, loop);
	out = g_string_new(NULL);
	g_string_append_printf(out,
		"%s: make dimension %d the innermost, "
		"as %s",
		text, dim, e->name);
	for (guint k = 0; k <= e->n_args; k++) {
		const SyExpr *sub = k < e->n_args
			? (k == (guint)dim ? NULL : e->args[k])
			: e->args[dim];
		g_autofree char *t = NULL;

		if (!sub)
			continue;
		t = sy_expr_to_string(sub);
		g_string_append_printf(out, "[%s]", t);
	}
	return g_string_free(out, FALSE);
}

/* Parallel, reduction or neither; the score and the layout notes. */
static void classify(
	SySimdChoice *sc, const SyAnalysis *a, GHashTable *overrides)
{
	const SyLoopRef *ref = &sc->loop;
	gboolean carried = FALSE, reduction = TRUE;
	gpointer over;

	for (guint i = 0; i < a->deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(a->deps->deps, i);

		if (dep->kind == SY_DEP_READ || !carries(ref, a, dep))
			continue;
		carried = TRUE;
		if (!reduction_dep(ref, a, dep))
			reduction = FALSE;
	}
	sc->parallel = !carried;
	sc->reduction = carried && reduction;
	if (overrides &&
		g_hash_table_lookup_extended(overrides, ref->name, NULL, &over))
		sc->reduction = carried && GPOINTER_TO_INT(over);
	sc->ok = sc->parallel || sc->reduction;
	if (!sc->ok)
		sc->reason = g_strdup_printf("loop '%s' carries dependences "
					     "that are not a reduction",
			ref->name);
	sc->score = 2 * sc->parallel + 4 * sc->reduction;
	for (guint i = 0; i < a->scop->accesses->len; i++) {
		const SyAccess *access = g_ptr_array_index(
			a->scop->accesses, i);
		guint d;
		int dim;
		SyStride s;

		if (!inside(ref, a->band, access->stmt, &d) || !access->expr)
			continue;
		s = stride(access, d, &dim);
		if (s == SY_STRIDE_0 || s == SY_STRIDE_1) {
			sc->score++;
		} else {
			char *note = layout_note(access, dim, s, ref->name);

			if (g_ptr_array_find_with_equal_func(
				    sc->layout, note, g_str_equal, NULL))
				g_free(note);
			else
				g_ptr_array_add(sc->layout, note);
		}
	}
}

/* How the accesses of array in a SIMD loop move from lane to lane. */
typedef enum {
	LANES_NONE, /* none is in the loop */
	LANES_SAME, /* all stay on one element */
	LANES_VECTOR, /* some move to the next element, the rest stay */
	LANES_APART, /* some move by more: a layout change would help */
} LaneKind;

static LaneKind lane_kind(const SyChoices *c, int simd, const SyArray *array)
{
	const SyAnalysis *a = c->analysis;
	const SySimdChoice *sc = g_ptr_array_index(c->simd, simd);
	LaneKind kind = LANES_NONE;

	for (guint i = 0; i < a->scop->accesses->len; i++) {
		const SyAccess *access = g_ptr_array_index(
			a->scop->accesses, i);
		guint d;
		int dim;

		if (access->array != array ||
			!inside(&sc->loop, a->band, access->stmt, &d))
			continue;
		switch (stride(access, d, &dim)) {
		case SY_STRIDE_0: kind = MAX(kind, LANES_SAME); break;
		case SY_STRIDE_1: kind = MAX(kind, LANES_VECTOR); break;
		default: return LANES_APART;
		}
	}
	return kind;
}

guint sy_choices_lanes(
	const SyChoices *c, int simd, gint64 factor, const SyArray *array)
{
	if (simd < 0 || factor <= 1)
		return 1;
	return lane_kind(c, simd, array) == LANES_VECTOR ? (guint)factor : 1;
}

gboolean sy_choices_lanes_same(
	const SyChoices *c, int simd, gint64 factor, const SyArray *array)
{
	return simd >= 0 && factor > 1 &&
		lane_kind(c, simd, array) == LANES_SAME;
}

/* "#pragma systole reduction(k, l)" lines in the SCoP, into overrides. */
static void pragma_reductions(const SyProgram *prog, GHashTable *overrides)
{
	for (guint i = 0; i < prog->pragmas->len; i++) {
		const SyToken *tok = g_ptr_array_index(prog->pragmas, i);
		g_autofree char *text = g_strndup(tok->text, tok->len);
		g_auto(GStrv) words = NULL;
		char *open, *close;

		open = strchr(text, '(');
		close = strrchr(text, ')');
		if (!open || !close || close < open)
			continue;
		*open = '\0';
		*close = '\0';
		g_strstrip(text);
		if (!g_str_equal(text, "systole reduction") &&
			!g_str_equal(text, "systole  reduction"))
			continue;
		words = g_strsplit(open + 1, ",", -1);
		for (guint k = 0; words[k]; k++)
			g_hash_table_insert(overrides,
				g_strdup(g_strstrip(words[k])),
				GINT_TO_POINTER(TRUE));
	}
}

/* The orders Odyssey's pruning theorem keeps: only where the loops that
 * carry flow dependences sit among the others matters, so the others
 * keep their order and the flow-carrying block moves, innermost first. */
static void tile_orders(SyChoices *c)
{
	const SyAnalysis *a = c->analysis;
	g_autoptr(GArray) flow = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(GArray) rest = g_array_new(FALSE, FALSE, sizeof(guint));

	for (guint i = 0; i < c->tilable->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->tilable, i);
		gboolean carries_flow = FALSE;

		for (guint k = 0; k < a->deps->deps->len; k++) {
			const SyDep *dep = g_ptr_array_index(a->deps->deps, k);

			if (dep->kind == SY_DEP_FLOW &&
				(!dep->uniform ||
					dep->distance[ref->member] != 0))
				carries_flow = TRUE;
		}
		g_array_append_val(carries_flow ? flow : rest, ref->member);
	}
	c->n_flow = flow->len;
	for (guint pos = rest->len + 1; pos-- > 0;) {
		GArray *order = g_array_new(FALSE, FALSE, sizeof(guint));

		g_array_append_vals(order, rest->data, pos);
		g_array_append_vals(order, flow->data, flow->len);
		/* No pointer arithmetic on an empty array's NULL data. */
		if (pos < rest->len)
			g_array_append_vals(order,
				&g_array_index(rest, guint, pos),
				rest->len - pos);
		g_ptr_array_add(c->orders, order);
		if (flow->len == 0)
			break;
	}
}

SyChoices *sy_choices_new(
	const SyAnalysis *a, const SyCandidate *cand, GHashTable *overrides)
{
	return sy_choices_new_touch(a, cand, overrides, FALSE);
}

/* A band member's SIMD choice, classified. */
static SySimdChoice *member_simd(
	const SyAnalysis *a, guint m, GHashTable *reductions)
{
	SySimdChoice *sc = g_new0(SySimdChoice, 1);

	init_member(&sc->loop, a->band, m);
	sc->layout = g_ptr_array_new_with_free_func(g_free);
	classify(sc, a, reductions);
	return sc;
}

SyChoices *sy_choices_new_touch(const SyAnalysis *a, const SyCandidate *cand,
	GHashTable *overrides, gboolean touch_space)
{
	SyChoices *c = g_new0(SyChoices, 1);
	const SyBand *band = a->band;
	g_autoptr(GHashTable) reductions = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);
	gboolean *space = g_new0(gboolean, band->n_members + 1);

	c->analysis = a;
	c->candidate = cand;
	c->tilable = g_ptr_array_new_with_free_func(loop_ref_free);
	c->latency = g_ptr_array_new_with_free_func(loop_ref_free);
	c->simd = g_ptr_array_new_with_free_func(simd_choice_free);
	c->orders = g_ptr_array_new_with_free_func(
		(GDestroyNotify)g_array_unref);
	for (guint k = 0; k < cand->n_space; k++) {
		space[cand->space[k]] = TRUE;
		g_ptr_array_add(c->tilable, member_ref(band, cand->space[k]));
	}
	for (guint m = 0; m < band->n_members; m++)
		if (!space[m])
			g_ptr_array_add(c->tilable, member_ref(band, m));
	tile_orders(c);
	for (guint i = 0; i < c->tilable->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->tilable, i);

		if (band->members[ref->member].coincident)
			g_ptr_array_add(
				c->latency, member_ref(band, ref->member));
	}

	/* The command line has the last word over the source. */
	pragma_reductions(a->prog, reductions);
	if (overrides) {
		GHashTableIter it;
		gpointer key, value;

		g_hash_table_iter_init(&it, overrides);
		while (g_hash_table_iter_next(&it, &key, &value))
			g_hash_table_insert(reductions, g_strdup(key), value);
	}
	for (guint i = cand->n_space; i < c->tilable->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->tilable, i);

		g_ptr_array_add(
			c->simd, member_simd(a, ref->member, reductions));
	}
	for (guint i = 0; i < band->inner->len; i++) {
		SySimdChoice *sc = g_new0(SySimdChoice, 1);

		find_inner(a->scop, band, g_ptr_array_index(band->inner, i),
			&sc->loop);
		find_spans(&sc->loop, a->scop, band);
		sc->layout = g_ptr_array_new_with_free_func(g_free);
		classify(sc, a, reductions);
		g_ptr_array_add(c->simd, sc);
	}
	/* Last, so that the other choices keep their indexes. */
	for (guint k = 0; touch_space && k < cand->n_space; k++) {
		SySimdChoice *sc = member_simd(a, cand->space[k], reductions);

		sc->space = TRUE;
		g_ptr_array_add(c->simd, sc);
	}
	c->touch_space = touch_space;
	g_free(space);
	return c;
}
