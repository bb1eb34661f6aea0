/* Counting integer points in closed form (see count.h). */
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/val.h>

#include "poly/count.h"

G_DEFINE_QUARK(sy - count - error - quark, sy_count_error)

/* Polynomials over the set's dimensions, exact */

/* c * x0^e[0] * x1^e[1] ... */
typedef struct {
	guint8 e[SY_COUNT_MAX_DIMS];
	mpq_t c;
} Term;

/* A sum of terms with distinct exponents (zero terms may remain). */
typedef struct {
	GArray *terms;
} Poly;

static void poly_init(Poly *p)
{
	p->terms = g_array_new(FALSE, FALSE, sizeof(Term));
}

static void poly_clear(Poly *p)
{
	for (guint i = 0; i < p->terms->len; i++)
		mpq_clear(g_array_index(p->terms, Term, i).c);
	g_array_free(p->terms, TRUE);
}

/* p += c * x^e */
static void poly_add_term(Poly *p, const guint8 *e, const mpq_t c)
{
	Term t;

	if (mpq_sgn(c) == 0)
		return;
	for (guint i = 0; i < p->terms->len; i++) {
		Term *u = &g_array_index(p->terms, Term, i);

		if (memcmp(u->e, e, sizeof(u->e)) == 0) {
			mpq_add(u->c, u->c, c);
			return;
		}
	}
	memcpy(t.e, e, sizeof(t.e));
	mpq_init(t.c);
	mpq_set(t.c, c);
	g_array_append_val(p->terms, t);
}

static void poly_set_si(Poly *p, long k)
{
	static const guint8 zero[SY_COUNT_MAX_DIMS];
	mpq_t c;

	mpq_init(c);
	mpq_set_si(c, k, 1);
	poly_add_term(p, zero, c);
	mpq_clear(c);
}

/* out += a * b * s */
static void poly_add_product(
	Poly *out, const Poly *a, const Poly *b, const mpq_t s)
{
	mpq_t c;

	mpq_init(c);
	for (guint i = 0; i < a->terms->len; i++)
		for (guint j = 0; j < b->terms->len; j++) {
			const Term *x = &g_array_index(a->terms, Term, i);
			const Term *y = &g_array_index(b->terms, Term, j);
			guint8 e[SY_COUNT_MAX_DIMS];

			for (guint k = 0; k < SY_COUNT_MAX_DIMS; k++)
				e[k] = x->e[k] + y->e[k];
			mpq_mul(c, x->c, y->c);
			mpq_mul(c, c, s);
			poly_add_term(out, e, c);
		}
	mpq_clear(c);
}

/* An affine expression over the dimensions before the eliminated one:
 * sum c[i] x_i + k. */
typedef struct {
	long c[SY_COUNT_MAX_DIMS];
	long k;
} Aff;

static void poly_set_aff(Poly *p, const Aff *a, guint n)
{
	mpq_t c;

	poly_set_si(p, a->k);
	mpq_init(c);
	for (guint i = 0; i < n; i++) {
		guint8 e[SY_COUNT_MAX_DIMS] = {0};

		e[i] = 1;
		mpq_set_si(c, a->c[i], 1);
		poly_add_term(p, e, c);
	}
	mpq_clear(c);
}

/* Faulhaber's polynomials F_p(n) = sum_{t=0}^{n} t^p (0^0 = 1), as
 * coefficients of n^0 .. n^{p+1}.  Since F_p(n) - F_p(n-1) = n^p for
 * every n, sum_{t=l}^{u} t^p = F_p(u) - F_p(l - 1) whenever l <= u + 1.
 * From the telescoping sum_{t=0}^{n} (t+1)^{p+1} - t^{p+1} = (n+1)^{p+1}:
 * (p+1) F_p = (n+1)^{p+1} - sum_{k<p} C(p+1, k) F_k. */
static mpq_t *faulhaber(GPtrArray *table, guint p)
{
	mpz_t bin;

	mpz_init(bin);
	while (table->len <= p) {
		guint q = table->len;
		mpq_t *f = g_new(mpq_t, q + 2);
		mpq_t c;

		mpq_init(c);
		for (guint i = 0; i <= q + 1; i++) {
			mpq_init(f[i]);
			mpz_bin_uiui(bin, q + 1, i);
			mpq_set_z(f[i], bin);
		}
		for (guint k = 0; k < q; k++) {
			const mpq_t *fk = g_ptr_array_index(table, k);

			mpz_bin_uiui(bin, q + 1, k);
			for (guint i = 0; i <= k + 1; i++) {
				mpq_set_z(c, bin);
				mpq_mul(c, c, fk[i]);
				mpq_sub(f[i], f[i], c);
			}
		}
		mpq_set_ui(c, q + 1, 1);
		for (guint i = 0; i <= q + 1; i++)
			mpq_div(f[i], f[i], c);
		mpq_clear(c);
		g_ptr_array_add(table, f);
	}
	mpz_clear(bin);
	return g_ptr_array_index(table, p);
}

/* out += s * F(a), F of degree q given by its coefficients, by
 * Horner's rule. */
static void poly_add_composed(
	Poly *out, const mpq_t *f, guint q, const Poly *a, const mpq_t s)
{
	static const guint8 zero[SY_COUNT_MAX_DIMS];
	Poly r, one;
	mpq_t unit;

	mpq_init(unit);
	mpq_set_ui(unit, 1, 1);
	poly_init(&r);
	poly_init(&one);
	poly_set_si(&one, 1);
	poly_add_term(&r, zero, f[q]);
	for (guint i = q; i-- > 0;) {
		Poly next;

		poly_init(&next);
		poly_add_product(&next, &r, a, unit);
		poly_add_term(&next, zero, f[i]);
		poly_clear(&r);
		r = next;
	}
	poly_add_product(out, &r, &one, s);
	poly_clear(&one);
	poly_clear(&r);
	mpq_clear(unit);
}

/* out = sum_{x_v = l}^{u} w, over the dimensions before v (l <= u + 1
 * wherever the result is used): per power p of x_v, its coefficient
 * times F_p(u) - F_p(l - 1). */
static void poly_sum(Poly *out, const Poly *w, guint v, const Aff *l,
	const Aff *u, GPtrArray *table)
{
	Aff below = *l;
	Poly pu, pl;
	mpq_t one, minus;
	guint top = 0;

	below.k--;
	poly_init(&pu);
	poly_init(&pl);
	poly_set_aff(&pu, u, v);
	poly_set_aff(&pl, &below, v);
	mpq_init(one);
	mpq_init(minus);
	mpq_set_si(one, 1, 1);
	mpq_set_si(minus, -1, 1);
	for (guint i = 0; i < w->terms->len; i++)
		top = MAX(top, g_array_index(w->terms, Term, i).e[v]);
	for (guint p = 0; p <= top; p++) {
		const mpq_t *f = faulhaber(table, p);
		Poly g, fu;

		poly_init(&g);
		for (guint i = 0; i < w->terms->len; i++) {
			Term t = g_array_index(w->terms, Term, i);

			if (t.e[v] != p)
				continue;
			t.e[v] = 0;
			poly_add_term(&g, t.e, t.c);
		}
		poly_init(&fu);
		poly_add_composed(&fu, f, p + 1, &pu, one);
		poly_add_composed(&fu, f, p + 1, &pl, minus);
		poly_add_product(out, &g, &fu, one);
		poly_clear(&fu);
		poly_clear(&g);
	}
	mpq_clear(minus);
	mpq_clear(one);
	poly_clear(&pl);
	poly_clear(&pu);
}

/* Counting */

typedef struct {
	char *set; /* the set counted, for messages */
	guint pieces;
	GPtrArray *faulhaber; /* mpq_t arrays, F_0, F_1, ... */
	GError *error;
} Counter;

static gboolean fail_isl(Counter *c)
{
	if (!c->error)
		g_set_error(&c->error, SY_COUNT_ERROR, SY_COUNT_ERROR_ISL,
			"isl failed while counting the points of %s (the "
			"operation limit, or cancelled)",
			c->set);
	return FALSE;
}

/* The bounds of dimension v of a basic set: x_v >= l, x_v <= u. */
typedef struct {
	guint v;
	GArray *lower, *upper; /* Aff */
	Counter *counter;
} Bounds;

/* A coefficient or constant of a constraint, below 2^40 in magnitude
 * so that differences of bounds stay within a long: 1 if it is, 0 if
 * not, -1 where isl failed. */
static int value_of(isl_val *val, long *out)
{
	int ok = !val ? -1
		      : isl_val_is_int(val) == isl_bool_true &&
			isl_val_cmp_si(val, 1L << 40) < 0 &&
			isl_val_cmp_si(val, -(1L << 40)) > 0;

	*out = ok > 0 ? isl_val_get_num_si(val) : 0;
	isl_val_free(val);
	return ok;
}

/* The constraint as sum a_i x_i + a_v x_v + k (= or >= 0), a_v = +-1, read
 * as a bound of x_v: -(the rest) / a_v. */
static isl_stat add_bound(isl_constraint *con, void *user)
{
	Bounds *b = user;
	Counter *c = b->counter;
	long av = 0;
	Aff aff = {{0}, 0};
	gboolean eq = isl_constraint_is_equality(con) == isl_bool_true;
	int ok = value_of(
		isl_constraint_get_coefficient_val(con, isl_dim_set, (int)b->v),
		&av);

	if (ok > 0)
		ok = value_of(isl_constraint_get_constant_val(con), &aff.k);
	for (guint i = 0; ok > 0 && i < b->v; i++)
		ok = value_of(isl_constraint_get_coefficient_val(
				      con, isl_dim_set, (int)i),
			&aff.c[i]);
	isl_constraint_free(con);
	if (ok < 0)
		return fail_isl(c), isl_stat_error;
	if (ok == 0) {
		g_set_error(&c->error, SY_COUNT_ERROR,
			SY_COUNT_ERROR_UNSUPPORTED,
			"cannot count the points of %s: a bound has a "
			"coefficient or a constant of 2^40 or more",
			c->set);
		return isl_stat_error;
	}
	if (av == 0)
		return isl_stat_ok;
	if (av != 1 && av != -1) {
		g_set_error(&c->error, SY_COUNT_ERROR,
			SY_COUNT_ERROR_UNSUPPORTED,
			"cannot count the points of %s: dimension %u has "
			"the coefficient %ld in a bound (only 1 and -1 are "
			"counted)",
			c->set, b->v, labs(av));
		return isl_stat_error;
	}
	/* a_v x_v >= -(rest): x_v >= -rest for 1, x_v <= rest for -1 */
	if (av == 1) {
		aff.k = -aff.k;
		for (guint i = 0; i < b->v; i++)
			aff.c[i] = -aff.c[i];
	}
	if (eq || av == 1)
		g_array_append_val(b->lower, aff);
	if (eq || av == -1)
		g_array_append_val(b->upper, aff);
	return isl_stat_ok;
}

/* bset and: a - b >= k over the first v dimensions. */
static isl_basic_set *add_order(
	isl_basic_set *bset, const Aff *a, const Aff *b, guint v, long k)
{
	isl_ctx *ctx = isl_basic_set_get_ctx(bset);
	isl_local_space *ls = isl_basic_set_get_local_space(bset);
	isl_constraint *con = isl_constraint_alloc_inequality(ls);

	/* |coefficients| < 2^40 (value_of): no overflow */
	con = isl_constraint_set_constant_val(
		con, isl_val_int_from_si(ctx, a->k - b->k - k));
	for (guint i = 0; i < v; i++)
		con = isl_constraint_set_coefficient_val(con, isl_dim_set,
			(int)i, isl_val_int_from_si(ctx, a->c[i] - b->c[i]));
	return isl_basic_set_add_constraint(bset, con);
}

/* The piece of bset where bound k of bounds (lower ones for sign 1,
 * upper ones for -1) binds: it is beyond those before it and at least
 * as far as those after, so the pieces of all k are disjoint. */
static isl_basic_set *binding(
	isl_basic_set *bset, const GArray *bounds, guint k, guint v, long sign)
{
	const Aff *a = &g_array_index(bounds, Aff, k);

	for (guint j = 0; j < bounds->len && bounds->len > 1; j++) {
		const Aff *b = &g_array_index(bounds, Aff, j);

		if (j == k)
			continue;
		bset = sign > 0 ? add_order(bset, a, b, v, j < k ? 1 : 0)
				: add_order(bset, b, a, v, j < k ? 1 : 0);
	}
	return bset;
}

static gboolean count_basic(
	Counter *c, isl_basic_set *bset, const Poly *w, mpq_t total);

/* Sums w over dimension v of the piece of bset where lower bound k and
 * upper bound m bind: u - l + 1 points for every point of the
 * projection, which isl computes exactly (Fourier-Motzkin is exact on
 * the integers where the eliminated coefficients are +-1). */
static gboolean count_piece(Counter *c, isl_basic_set *bset, const Bounds *b,
	guint k, guint m, const Poly *w, mpq_t total)
{
	Poly sum;
	gboolean ok;

	bset = binding(bset, b->lower, k, b->v, 1);
	bset = binding(bset, b->upper, m, b->v, -1);
	bset = isl_basic_set_remove_dims(bset, isl_dim_set, b->v, 1);
	poly_init(&sum);
	poly_sum(&sum, w, b->v, &g_array_index(b->lower, Aff, k),
		&g_array_index(b->upper, Aff, m), c->faulhaber);
	ok = count_basic(c, bset, &sum, total);
	poly_clear(&sum);
	return ok;
}

/* The weight of the point of a 0-dimensional set: w's constant. */
static void add_constant(const Poly *w, mpq_t total)
{
	for (guint i = 0; i < w->terms->len; i++)
		mpq_add(total, total, g_array_index(w->terms, Term, i).c);
}

static gboolean no_bound(Counter *c, guint v)
{
	g_set_error(&c->error, SY_COUNT_ERROR, SY_COUNT_ERROR_UNSUPPORTED,
		"cannot count the points of %s: dimension %u is unbounded",
		c->set, v);
	return FALSE;
}

/* Counts n pieces more, before any work on them: FALSE beyond
 * SY_COUNT_MAX_PIECES. */
static gboolean more_pieces(Counter *c, guint n)
{
	c->pieces += n;
	if (c->pieces <= SY_COUNT_MAX_PIECES)
		return TRUE;
	g_set_error(&c->error, SY_COUNT_ERROR, SY_COUNT_ERROR_TOO_LARGE,
		"cannot count the points of %s: it needs more than %d pieces",
		c->set, SY_COUNT_MAX_PIECES);
	return FALSE;
}

/* total += the sum of w over the points of bset (taken). */
static gboolean count_basic(
	Counter *c, isl_basic_set *bset, const Poly *w, mpq_t total)
{
	isl_size n = isl_basic_set_dim(bset, isl_dim_set);
	isl_bool empty = isl_basic_set_is_empty(bset);
	Bounds b = {0, NULL, NULL, c};
	gboolean ok = TRUE;

	if (n < 0 || empty < 0) {
		isl_basic_set_free(bset);
		return fail_isl(c);
	}
	if (empty || n == 0) {
		if (!empty)
			add_constant(w, total);
		isl_basic_set_free(bset);
		return TRUE;
	}
	bset = isl_basic_set_remove_redundancies(bset);
	b.v = (guint)n - 1;
	b.lower = g_array_new(FALSE, FALSE, sizeof(Aff));
	b.upper = g_array_new(FALSE, FALSE, sizeof(Aff));
	if (!bset || isl_basic_set_foreach_constraint(bset, add_bound, &b) < 0)
		ok = c->error ? FALSE : fail_isl(c);
	else if (b.lower->len == 0 || b.upper->len == 0)
		ok = no_bound(c, b.v);
	else
		ok = more_pieces(c, b.lower->len * b.upper->len);
	for (guint k = 0; ok && k < b.lower->len; k++)
		for (guint m = 0; ok && m < b.upper->len; m++)
			ok = count_piece(c, isl_basic_set_copy(bset), &b, k, m,
				w, total);
	g_array_free(b.lower, TRUE);
	g_array_free(b.upper, TRUE);
	isl_basic_set_free(bset);
	return ok;
}

static gboolean refuse(Counter *c, const char *why)
{
	g_set_error(&c->error, SY_COUNT_ERROR, SY_COUNT_ERROR_UNSUPPORTED,
		"cannot count the points of %s: %s", c->set, why);
	return FALSE;
}

/* Refuses what is not counted before any work. */
static gboolean countable(Counter *c, isl_set *set)
{
	isl_size n_param = isl_set_dim(set, isl_dim_param);
	isl_size n = isl_set_dim(set, isl_dim_set);
	isl_bool bounded;

	if (n_param < 0 || n < 0)
		return fail_isl(c);
	if (n_param > 0)
		return refuse(c, "it has parameters");
	if (n > SY_COUNT_MAX_DIMS) {
		g_set_error(&c->error, SY_COUNT_ERROR, SY_COUNT_ERROR_TOO_LARGE,
			"cannot count the points of %s: it has more than %d "
			"dimensions",
			c->set, SY_COUNT_MAX_DIMS);
		return FALSE;
	}
	bounded = isl_set_is_bounded(set);
	if (bounded < 0)
		return fail_isl(c);
	return bounded || refuse(c, "it is unbounded");
}

typedef struct {
	Counter *counter;
	mpq_t total;
} Sum;

static isl_stat count_each(isl_basic_set *bset, void *user)
{
	Sum *s = user;
	isl_size n_div = isl_basic_set_dim(bset, isl_dim_div);
	Poly one;
	gboolean ok;

	if (n_div != 0) {
		isl_basic_set_free(bset);
		if (n_div < 0)
			return fail_isl(s->counter), isl_stat_error;
		refuse(s->counter,
			"it has a stride or a division (an existential "
			"variable)");
		return isl_stat_error;
	}
	poly_init(&one);
	poly_set_si(&one, 1);
	ok = count_basic(s->counter, bset, &one, s->total);
	poly_clear(&one);
	return ok ? isl_stat_ok : isl_stat_error;
}

/* *count = total if it is an integer of 64 bits. */
static gboolean to_count(Counter *c, mpq_t total, gint64 *count)
{
	mpz_t limit;
	gboolean fits;

	mpz_init_set_si(limit, G_MAXINT64);
	fits = mpz_cmp_ui(mpq_denref(total), 1) == 0 &&
		mpz_cmp(mpq_numref(total), limit) <= 0;
	mpz_clear(limit);
	if (!fits) {
		g_set_error(&c->error, SY_COUNT_ERROR, SY_COUNT_ERROR_TOO_LARGE,
			"cannot count the points of %s: more than "
			"%" G_GINT64_FORMAT,
			c->set, G_MAXINT64);
		return FALSE;
	}
	*count = mpz_get_si(mpq_numref(total));
	return TRUE;
}

gboolean sy_count_points(isl_set *set, gint64 *count, GError **error)
{
	Counter c = {isl_set_to_str(set), 0, g_ptr_array_new(), NULL};
	Sum s;
	isl_set *disjoint;
	gboolean ok;

	G_STATIC_ASSERT(sizeof(long) == sizeof(gint64));
	*count = -1;
	s.counter = &c;
	mpq_init(s.total);
	if (!c.set)
		c.set = strdup("a set isl could not print");
	ok = countable(&c, set);
	if (ok) {
		disjoint = isl_set_make_disjoint(isl_set_copy(set));
		ok = disjoint &&
			isl_set_foreach_basic_set(disjoint, count_each, &s) >=
				0;
		if (!disjoint)
			fail_isl(&c);
		isl_set_free(disjoint);
	}
	ok = ok && to_count(&c, s.total, count);
	if (!ok && !c.error)
		fail_isl(&c);
	if (!ok)
		g_propagate_error(error, c.error);
	for (guint p = 0; p < c.faulhaber->len; p++) {
		mpq_t *f = g_ptr_array_index(c.faulhaber, p);

		for (guint i = 0; i <= p + 1; i++)
			mpq_clear(f[i]);
		g_free(f);
	}
	g_ptr_array_free(c.faulhaber, TRUE);
	mpq_clear(s.total);
	free(c.set);
	return ok;
}
