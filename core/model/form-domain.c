/* Padding guards re-set for other sizes (form-domain.h). */
#include "model/form-domain.h"

#include "base/integer.h"

#define SY_FORM_DOMAIN_TERMS 8

/* lhs - rhs as a sum of terms and a constant: each term an identifier
 * times its factor's node (NULL: 1), each node entering with sign mu. */
typedef struct {
	guint n;
	const char *id[SY_FORM_DOMAIN_TERMS];
	SyCodeExpr *node[SY_FORM_DOMAIN_TERMS];
	gint64 mu[SY_FORM_DOMAIN_TERMS]; /* the term is mu x node's value */
	SyCodeExpr *cnode; /* the constant's node, NULL for 0 */
	gint64 cmu;
} Linear;

/* A guard: terms over one band member's dimensions, in the normal form
 * sum f_k x_k + f0 <= 0 with f_k = stride_k / g and f0 = -floor(
 * (extent - 1) / g) - strict. */
typedef struct {
	guint member;
	guint n;
	SyFormDim dim[SY_FORM_DOMAIN_TERMS];
	SyCodeExpr *node[SY_FORM_DOMAIN_TERMS];
	gint64 mu[SY_FORM_DOMAIN_TERMS];
	SyCodeExpr *cnode;
	gint64 cmu;
	gint64 strict; /* 1 for <, 0 for <= */
} Domain;

GArray *sy_form_domains_new(void)
{
	return g_array_new(FALSE, FALSE, sizeof(Domain));
}

static gboolean term(Linear *l, const char *id, SyCodeExpr *node, gint64 mu)
{
	for (guint k = 0; k < l->n; k++)
		if (!g_strcmp0(l->id[k], id))
			return FALSE;
	if (l->n == SY_FORM_DOMAIN_TERMS)
		return FALSE;
	l->id[l->n] = id;
	l->node[l->n] = node;
	l->mu[l->n++] = mu;
	return TRUE;
}

static gboolean linear(SyCodeExpr *e, gint64 sign, Linear *l)
{
	SyCodeExpr *k, *x;

	switch (e->kind) {
	case SY_CODE_EXPR_INT:
		if (l->cnode)
			return FALSE;
		l->cnode = e;
		l->cmu = sign;
		return TRUE;
	case SY_CODE_EXPR_ID: return term(l, e->name, NULL, sign);
	case SY_CODE_EXPR_OP: break;
	}
	switch (e->op) {
	case SY_CODE_OP_MINUS: return linear(e->args[0], -sign, l);
	case SY_CODE_OP_ADD:
		return linear(e->args[0], sign, l) &&
			linear(e->args[1], sign, l);
	case SY_CODE_OP_SUB:
		return linear(e->args[0], sign, l) &&
			linear(e->args[1], -sign, l);
	case SY_CODE_OP_MUL:
		k = e->args[0]->kind == SY_CODE_EXPR_INT ? e->args[0]
							 : e->args[1];
		x = k == e->args[0] ? e->args[1] : e->args[0];
		if (k->kind != SY_CODE_EXPR_INT || x->kind != SY_CODE_EXPR_ID)
			return FALSE;
		return term(l, x->name, k, sign);
	default: return FALSE;
	}
}

static gint64 value(const SyCodeExpr *node, gint64 mu)
{
	return mu * (node ? node->value : 1);
}

/* The normal form's factors and constant at sizes. */
static void expected(const Domain *d, const SyFormSizes *s, SyNum *f, SyNum *f0)
{
	SyTape *t = sy_form_sizes_tape(s);
	SyNum g = sy_num(0);

	for (guint k = 0; k < d->n; k++) {
		f[k] = sy_form_dim_stride(&d->dim[k], s);
		g = sy_num_gcd(t, g, f[k]);
	}
	for (guint k = 0; k < d->n; k++)
		f[k] = sy_num_div(t, f[k], g);
	*f0 = sy_num_sub(t,
		sy_num_neg(t,
			sy_num_fdiv(t,
				sy_num(sy_form_member_extent(s, d->member) - 1),
				g)),
		sy_num(d->strict));
}

/* Whether a dimension runs over a band member's points, which a
 * padding guard bounds: not the vectors or lanes of a SIMD loop below
 * the band. */
static gboolean padded(const SyFormDim *dim, const SyFormSizes *s)
{
	const SySimdChoice *ch;

	if (dim->role == SY_FORM_STRIP)
		return FALSE;
	if (dim->role != SY_FORM_SIMD || s->config->simd < 0)
		return TRUE;
	ch = g_ptr_array_index(s->choices->simd, s->config->simd);
	return ch->loop.in_band;
}

/* The member a dimension belongs to (its band member; a PE
 * coordinate's space loop's). */
static guint member_of(const SyFormDim *dim, const SyFormSizes *s)
{
	return dim->role == SY_FORM_PES
		? s->choices->candidate->space[dim->member]
		: dim->member;
}

gboolean sy_form_domain_collect(GArray *domains, const SyFormSizes *at,
	SyCodeOp op, SyCodeExpr *lhs, SyCodeExpr *rhs, SyFormRoleOf role_of,
	gpointer data)
{
	Linear l = {0};
	Domain d = {0};
	SyNum f[SY_FORM_DOMAIN_TERMS], f0;
	gint64 sign = op == SY_CODE_OP_GE || op == SY_CODE_OP_GT ? -1 : 1;

	/* Normal form: lhs - rhs <= 0 (or < 0), or rhs - lhs for >=. */
	if ((op != SY_CODE_OP_LE && op != SY_CODE_OP_LT &&
		    op != SY_CODE_OP_GE && op != SY_CODE_OP_GT) ||
		!linear(lhs, sign, &l) || !linear(rhs, -sign, &l) || !l.n)
		return FALSE;
	d.strict = op == SY_CODE_OP_LT || op == SY_CODE_OP_GT;
	d.n = l.n;
	for (guint k = 0; k < l.n; k++) {
		if (!role_of(l.id[k], &d.dim[k], data) ||
			d.dim[k].role == SY_FORM_FIXED ||
			d.dim[k].role == SY_FORM_AMBIGUOUS ||
			!padded(&d.dim[k], at))
			return FALSE;
		if (k && member_of(&d.dim[k], at) != d.member)
			return FALSE;
		d.member = member_of(&d.dim[k], at);
		d.node[k] = l.node[k];
		d.mu[k] = l.mu[k];
	}
	d.cnode = l.cnode;
	d.cmu = l.cmu;
	expected(&d, at, f, &f0);
	for (guint k = 0; k < d.n; k++)
		if (value(d.node[k], d.mu[k]) != f[k].v)
			return FALSE;
	if ((d.cnode ? value(d.cnode, d.cmu) : 0) != f0.v || (!d.cnode && f0.v))
		return FALSE;
	g_array_append_val(domains, d);
	return TRUE;
}

void sy_form_domain_live(const GArray *domains, SyTape *tape)
{
	for (guint i = 0; i < domains->len; i++) {
		const Domain *d = &g_array_index(domains, Domain, i);

		for (guint k = 0; k < d->n; k++)
			if (d->node[k])
				sy_tape_live(tape, &d->node[k]->value);
		if (d->cnode)
			sy_tape_live(tape, &d->cnode->value);
	}
}

void sy_form_domain_set(GArray *domains, const SyFormSizes *sizes)
{
	for (guint i = 0; i < domains->len; i++) {
		Domain *d = &g_array_index(domains, Domain, i);
		SyTape *t = sy_form_sizes_tape(sizes);
		SyNum f[SY_FORM_DOMAIN_TERMS], f0;

		expected(d, sizes, f, &f0);
		/* A factor of 1 without a node stays 1: the class keeps
		 * the strides' ratios (latency factors divide tiles). */
		for (guint k = 0; k < d->n; k++)
			if (d->node[k])
				sy_tape_set_i64(t, &d->node[k]->value,
					sy_num_mul(t, f[k], sy_num(d->mu[k])));
		if (d->cnode)
			sy_tape_set_i64(t, &d->cnode->value,
				sy_num_mul(t, f0, sy_num(d->cmu)));
	}
}
