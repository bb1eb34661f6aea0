#include <stdlib.h>
#include <string.h>

#include "poly/space-time.h"

G_DEFINE_QUARK(sy - space - time - error - quark, sy_space_time_error)

/* Numbers beyond this are refused: determinants of 8 x 8 matrices of
 * them stay far from overflow. */
#define MAX_COEFFICIENT 1000000

void sy_space_time_free(SySpaceTime *st)
{
	if (!st)
		return;
	g_free(st->rows);
	g_free(st->inverse);
	g_free(st->note);
	g_free(st->text);
	g_strfreev(st->names);
	g_free(st);
}

const gint64 *sy_space_time_row(const SySpaceTime *st, guint r)
{
	return st->rows + (gsize)r * st->n_loops;
}

void sy_space_time_map(const SySpaceTime *st, const gint64 *v, gint64 *out)
{
	for (guint r = 0; r < st->n_loops; r++) {
		const gint64 *row = sy_space_time_row(st, r);

		out[r] = 0;
		for (guint j = 0; j < st->n_loops; j++)
			out[r] += row[j] * v[j];
	}
}

/* Bareiss' fraction-free elimination: exact on integers. */
gint64 sy_space_time_det(const gint64 *m, guint n)
{
	gint64 a[SY_SPACE_TIME_MAX_LOOPS * SY_SPACE_TIME_MAX_LOOPS];
	gint64 prev = 1, sign = 1;

	if (n == 0)
		return 1;
	memcpy(a, m, sizeof(gint64) * n * n);
	for (guint k = 0; k + 1 < n; k++) {
		if (a[k * n + k] == 0) {
			guint p = k + 1;

			while (p < n && a[p * n + k] == 0)
				p++;
			if (p == n)
				return 0;
			for (guint j = 0; j < n; j++) {
				gint64 t = a[k * n + j];

				a[k * n + j] = a[p * n + j];
				a[p * n + j] = t;
			}
			sign = -sign;
		}
		for (guint i = k + 1; i < n; i++)
			for (guint j = k + 1; j < n; j++)
				a[i * n + j] =
					(a[i * n + j] * a[k * n + k] -
						a[i * n + k] * a[k * n + j]) /
					prev;
		prev = a[k * n + k];
	}
	return sign * a[(n - 1) * n + n - 1];
}

/* The rank of m (rows x n), by elimination over the rationals kept
 * as integers (rows scaled, then divided by their gcd). */
static guint rank_of(const gint64 *m, guint rows, guint n)
{
	gint64 a[SY_SPACE_TIME_MAX_LOOPS * SY_SPACE_TIME_MAX_LOOPS];
	guint rank = 0;

	memcpy(a, m, sizeof(gint64) * rows * n);
	for (guint col = 0; col < n && rank < rows; col++) {
		guint p = rank;

		while (p < rows && a[p * n + col] == 0)
			p++;
		if (p == rows)
			continue;
		for (guint j = 0; j < n; j++) {
			gint64 t = a[rank * n + j];

			a[rank * n + j] = a[p * n + j];
			a[p * n + j] = t;
		}
		for (guint i = rank + 1; i < rows; i++) {
			gint64 f = a[i * n + col], g = a[rank * n + col];
			gint64 d = 0;

			for (guint j = 0; j < n; j++) {
				a[i * n + j] = a[i * n + j] * g -
					a[rank * n + j] * f;
				d = d ? d : llabs(a[i * n + j]);
			}
			for (guint j = 0; d && j < n; j++) {
				gint64 x = llabs(a[i * n + j]);

				while (x) {
					gint64 t = d % x;

					d = x;
					x = t;
				}
			}
			for (guint j = 0; d > 1 && j < n; j++)
				a[i * n + j] /= d;
		}
		rank++;
	}
	return rank;
}

/* The inverse of an n x n matrix of determinant det = +-1: the
 * adjugate times det. */
static void inverse_of(const gint64 *m, guint n, gint64 det, gint64 *inv)
{
	gint64 sub[SY_SPACE_TIME_MAX_LOOPS * SY_SPACE_TIME_MAX_LOOPS];

	for (guint i = 0; i < n; i++)
		for (guint j = 0; j < n; j++) {
			guint s = 0;

			/* cofactor (j, i): row j and column i removed */
			for (guint r = 0; r < n; r++)
				for (guint c = 0; c < n; c++)
					if (r != j && c != i)
						sub[s++] = m[r * n + c];
			inv[i * n + j] = ((i + j) % 2 ? -1 : 1) * det *
				sy_space_time_det(sub, n - 1);
		}
}

char *sy_space_time_rows_text(const gint64 *rows, guint n_rows, guint n)
{
	GString *out = g_string_new("[");

	for (guint r = 0; r < n_rows; r++) {
		g_string_append_printf(out, "%s[", r ? "," : "");
		for (guint j = 0; j < n; j++)
			g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
				j ? "," : "", rows[r * n + j]);
		g_string_append_c(out, ']');
	}
	g_string_append_c(out, ']');
	return g_string_free(out, FALSE);
}

/* v as an expression of the band's members: "c + q", "2 c - q". */
static char *expression(const gint64 *v, const SyBand *band)
{
	GString *out = g_string_new(NULL);

	for (guint j = 0; j < band->n_members; j++) {
		gint64 c = v[j];

		if (c == 0)
			continue;
		if (out->len)
			g_string_append(out, c < 0 ? " - " : " + ");
		else if (c < 0)
			g_string_append_c(out, '-');
		if (llabs(c) != 1)
			g_string_append_printf(
				out, "%" G_GINT64_FORMAT " ", (gint64)llabs(c));
		g_string_append(out, band->members[j].name);
	}
	if (!out->len)
		g_string_append_c(out, '0');
	return g_string_free(out, FALSE);
}

/* Reading "[[1,1],[0,1]]". */
typedef struct {
	const char *text;
	const char *p;
	const SyBand *band;
	GArray *numbers; /* gint64 */
	GArray *lengths; /* guint per row */
	guint split; /* rows before a ';' (the space rows), or 0 */
	GError **error;
} Reader;

static void skip_space(Reader *r)
{
	while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n')
		r->p++;
}

static gboolean expect(Reader *r, char c, const char *what)
{
	skip_space(r);
	if (*r->p == c) {
		r->p++;
		return TRUE;
	}
	g_set_error(r->error, SY_SPACE_TIME_ERROR, SY_SPACE_TIME_ERROR_SYNTAX,
		"expected %s at column %u of \"%s\", found %s%.*s%s "
		"(write rows of integers: \"[[1,1],[0,1]]\")",
		what, (guint)(r->p - r->text) + 1, r->text, *r->p ? "'" : "",
		*r->p ? 1 : 0, r->p, *r->p ? "'" : "the end");
	return FALSE;
}

static gboolean read_number(Reader *r)
{
	const char *start;
	char *end;
	gint64 v;

	skip_space(r);
	start = r->p;
	if (*r->p == '-' || *r->p == '+')
		r->p++;
	if (!g_ascii_isdigit(*r->p)) {
		r->p = start;
		return expect(r, '0', "a number");
	}
	v = g_ascii_strtoll(start, &end, 10);
	r->p = end;
	if (llabs(v) > MAX_COEFFICIENT || end - start > 9) {
		g_set_error(r->error, SY_SPACE_TIME_ERROR,
			SY_SPACE_TIME_ERROR_SYNTAX,
			"%.*s at column %u is too large (at most %d either "
			"way)",
			(int)(end - start), start, (guint)(start - r->text) + 1,
			MAX_COEFFICIENT);
		return FALSE;
	}
	g_array_append_val(r->numbers, v);
	return TRUE;
}

static gboolean read_row(Reader *r)
{
	guint n = 0;

	if (!expect(r, '[', "'[' (a row)"))
		return FALSE;
	do {
		if (!read_number(r))
			return FALSE;
		n++;
		skip_space(r);
	} while (*r->p == ',' && r->p++);
	if (!expect(r, ']', "',' or ']'"))
		return FALSE;
	g_array_append_val(r->lengths, n);
	return TRUE;
}

static gboolean read_matrix(Reader *r)
{
	if (!expect(r, '[', "'['"))
		return FALSE;
	for (;;) {
		if (!read_row(r))
			return FALSE;
		skip_space(r);
		if (*r->p == ';' && !r->split) {
			r->split = r->lengths->len;
			r->p++;
			continue;
		}
		if (*r->p != ',')
			break;
		r->p++;
	}
	if (!expect(r, ']', r->split ? "',' or ']'" : "',', ';' or ']'"))
		return FALSE;
	skip_space(r);
	if (*r->p)
		return expect(r, '\0', "the end");
	return TRUE;
}

/* The span of v . x over the band's box: how many values it takes. */
static gint64 span_of(const gint64 *v, const SyBand *band)
{
	gint64 span = 1;

	for (guint j = 0; j < band->n_members; j++)
		span += llabs(v[j]) *
			(band->members[j].max - band->members[j].min);
	return span;
}

/* The smallest span of v minus small multiples of the space rows: the
 * values v takes within one PE (the reverse transform's t - s). */
static gint64 span_in_pe(
	const gint64 *v, const gint64 *space, guint n_space, const SyBand *band)
{
	guint n = band->n_members, combos = 1;
	gint64 best = G_MAXINT64;

	for (guint s = 0; s < n_space; s++)
		combos *= 5;
	for (guint c = 0; c < combos; c++) {
		gint64 w[SY_SPACE_TIME_MAX_LOOPS];
		guint code = c;

		memcpy(w, v, n * sizeof(gint64));
		for (guint s = 0; s < n_space; s++, code /= 5)
			for (guint j = 0; j < n; j++)
				w[j] -= ((gint64)(code % 5) - 2) *
					space[s * n + j];
		best = MIN(best, span_of(w, band));
	}
	return best;
}

/* A flattened time row t = a + F b (T2SP's chained projections) read
 * as the lexicographic rows (b, a), each read again the same way, when
 * F, its largest coefficient, covers the values a takes within a PE;
 * the rows go to out (outermost first).  FALSE if row is not such a
 * linearisation (it then goes to out as it is). */
static gboolean unflatten(const gint64 *row, const gint64 *space, guint n_space,
	const SyBand *band, GArray *out)
{
	guint n = band->n_members;
	gint64 big = 0, a[SY_SPACE_TIME_MAX_LOOPS], b[SY_SPACE_TIME_MAX_LOOPS];
	gboolean any_a = FALSE;

	for (guint j = 0; j < n; j++)
		big = MAX(big, llabs(row[j]));
	for (guint j = 0; big >= 2 && j < n; j++) {
		b[j] = row[j] / big; /* -1, 0 or 1 */
		a[j] = row[j] - big * b[j];
		any_a |= a[j] != 0;
	}
	if (big < 2 || !any_a || span_in_pe(a, space, n_space, band) > big) {
		g_array_append_vals(out, row, n);
		return FALSE;
	}
	unflatten(b, space, n_space, band, out);
	unflatten(a, space, n_space, band, out);
	return TRUE;
}

/* unflatten, first on the row itself, then on the row less small
 * multiples of the space rows (T2SP's t = s + i + SIZE k, whose
 * reverse transform reads i and k off t - s): the multiple is added
 * back to the innermost row, which keeps the skew across PEs. */
static gboolean unflatten_skewed(const gint64 *row, const gint64 *space,
	guint n_space, const SyBand *band, GArray *out)
{
	guint n = band->n_members, combos = 1;

	for (guint k = 0; k < n_space; k++)
		combos *= 5;
	/* 0, then 1, -1, 2, -2 of the first space row, ... */
	for (guint c = 0; c < combos; c++) {
		g_autoptr(GArray)
			rows = g_array_new(FALSE, FALSE, sizeof(gint64));
		gint64 w[SY_SPACE_TIME_MAX_LOOPS],
			lambda[SY_SPACE_TIME_MAX_SPACE];
		guint code = c;
		gint64 *inner;

		for (guint k = 0; k < n_space; k++, code /= 5)
			lambda[k] = (code % 5 + 1) / 2 *
				(code % 5 % 2 ? 1 : -1);
		memcpy(w, row, n * sizeof(gint64));
		for (guint k = 0; k < n_space; k++)
			for (guint j = 0; j < n; j++)
				w[j] -= lambda[k] * space[k * n + j];
		if (!unflatten(w, space, n_space, band, rows))
			continue;
		inner = (gint64 *)rows->data + rows->len - n;
		for (guint k = 0; k < n_space; k++)
			for (guint j = 0; j < n; j++)
				inner[j] += lambda[k] * space[k * n + j];
		g_array_append_vals(out, rows->data, rows->len);
		return TRUE;
	}
	g_array_append_vals(out, row, n);
	return FALSE;
}

/* The names of the new members, none an identifier of the kernel or a
 * name of the old band. */
static gboolean name_taken(
	const char *name, const SyBand *band, const SyScop *scop)
{
	if (sy_band_member_index(band, name) >= 0)
		return TRUE;
	for (guint i = 0; i < band->inner->len; i++)
		if (g_str_equal(g_ptr_array_index(band->inner, i), name))
			return TRUE;
	for (guint i = 0; scop && i < scop->prog->vars->len; i++)
		if (g_str_equal(((const SyVar *)g_ptr_array_index(
					 scop->prog->vars, i))
					->name,
			    name))
			return TRUE;
	return FALSE;
}

static char **new_names(
	guint n_space, guint n, const SyBand *band, const SyScop *scop)
{
	char **names = g_new0(char *, n + 1);

	for (guint i = 0; i < n; i++) {
		gboolean space = i < n_space;
		guint count = space ? n_space : n - n_space;
		guint index = space ? i : i - n_space;
		GString *name = g_string_new(space ? "k" : "t");

		if (count > 1)
			g_string_append_printf(name, "%u", index);
		for (;;) {
			gboolean clash = name_taken(name->str, band, scop);

			for (guint j = 0; !clash && j < i; j++)
				clash = g_str_equal(names[j], name->str);
			if (!clash)
				break;
			g_string_append_c(name, '_');
		}
		names[i] = g_string_free(name, FALSE);
	}
	return names;
}

/* The rows completed with unit rows of the loops that raise the rank,
 * in band order; the matrix (n x n) into full, the loops added into
 * added (a text), FALSE if they cannot (the rows are dependent). */
static gboolean complete(
	const gint64 *rows, guint n_rows, guint n, gint64 *full, guint *added)
{
	guint m = n_rows;

	memcpy(full, rows, sizeof(gint64) * n_rows * n);
	if (rank_of(full, m, n) < m)
		return FALSE;
	*added = 0;
	for (guint j = 0; j < n && m < n; j++) {
		memset(full + m * n, 0, n * sizeof(gint64));
		full[m * n + j] = 1;
		if (rank_of(full, m + 1, n) == m + 1) {
			m++;
			*added |= 1u << j;
		}
	}
	return m == n;
}

static gboolean unit_row(const gint64 *row, guint n, guint *which)
{
	guint ones = 0;

	for (guint j = 0; j < n; j++) {
		if (row[j] == 1) {
			ones++;
			*which = j;
		} else if (row[j] != 0)
			return FALSE;
	}
	return ones == 1;
}

/* The transform of rows (n x n, unimodular) over band. */
static SySpaceTime *make(const gint64 *full, guint n, guint n_space, gint64 det,
	const SyBand *band, const SyScop *scop)
{
	SySpaceTime *st = g_new0(SySpaceTime, 1);
	guint which;

	st->n_loops = n;
	st->n_space = n_space;
	st->rows = g_memdup2(full, sizeof(gint64) * n * n);
	st->inverse = g_new0(gint64, (gsize)n * n);
	inverse_of(full, n, det, st->inverse);
	st->names = new_names(n_space, n, band, scop);
	st->loop_aligned = TRUE;
	for (guint r = 0; r < n; r++)
		st->loop_aligned &= unit_row(full + r * n, n, &which);
	st->space_time = -1;
	return st;
}

/* The message of a matrix that is not unimodular. */
static void singular(const gint64 *full, guint n, const SyBand *band,
	gint64 det, guint added, const char *flat, GError **error)
{
	g_autofree char *rows = sy_space_time_rows_text(full, n, n);
	g_autofree char *loops = sy_band_members_text(band);

	g_set_error(error, SY_SPACE_TIME_ERROR, SY_SPACE_TIME_ERROR_SINGULAR,
		"the matrix %s%s over the loops %s has determinant "
		"%" G_GINT64_FORMAT ": a space-time transform must be "
		"unimodular (determinant 1 or -1), so that every iteration "
		"is one (PE, time) point and every point an iteration "
		"(hint: make the rows' coefficients coprime, e.g. "
		"[[1,1],[0,1]] rather than [[2,0],[0,1]])%s",
		rows, added ? " (completed with unit rows)" : "", loops, det,
		flat ? flat : "");
}

/* Why the time row, with a coefficient of 2 or more, is no linearised
 * lexicographic order (T2SP's flattened chained projection), or NULL
 * if it has none. */
static char *flat_refusal(
	const gint64 *rows, guint n_rows, guint n_space, const SyBand *band)
{
	guint n = band->n_members;
	const gint64 *t = rows + (n_rows - 1) * n;
	gint64 big = 0, a[SY_SPACE_TIME_MAX_LOOPS];
	g_autofree char *row = NULL, *inner = NULL;

	if (n_rows != n_space + 1)
		return NULL;
	for (guint j = 0; j < n; j++)
		big = MAX(big, llabs(t[j]));
	if (big < 2)
		return NULL;
	for (guint j = 0; j < n; j++)
		a[j] = t[j] - big * (t[j] / big);
	row = expression(t, band);
	inner = expression(a, band);
	return g_strdup_printf(
		"; nor is the time row %s a linearised "
		"lexicographic order: %s takes %" G_GINT64_FORMAT
		" values within a PE, more than %" G_GINT64_FORMAT
		" (hint: a coefficient of at least the inner "
		"rows' extent, as T2SP's t = p + P * q)",
		row, inner, span_in_pe(a, rows, n_space, band), big);
}

static gboolean check_shape(guint n_rows, guint n_space, guint n,
	const SyBand *band, GError **error)
{
	g_autofree char *loops = sy_band_members_text(band);

	if (n < 2 || n > SY_SPACE_TIME_MAX_LOOPS) {
		g_set_error(error, SY_SPACE_TIME_ERROR,
			SY_SPACE_TIME_ERROR_SHAPE,
			"the band has %u loop%s %s: a space-time transform "
			"needs 2 to %d",
			n, n == 1 ? "" : "s", loops, SY_SPACE_TIME_MAX_LOOPS);
		return FALSE;
	}
	if (n_space == 0 || n_space > MIN(SY_SPACE_TIME_MAX_SPACE, n - 1) ||
		n_rows > n || n_rows == n_space) {
		guint most = MIN(SY_SPACE_TIME_MAX_SPACE, n - 1);

		g_set_error(error, SY_SPACE_TIME_ERROR,
			SY_SPACE_TIME_ERROR_SHAPE,
			"%u space row%s and %u time row%s over the band's %u "
			"loops %s: give %s%u space row%s, then time rows, "
			"at most %u rows in all (the last row is time; "
			"'%s' after the space rows makes every later row "
			"time: \"[[1,0,0];[0,1,1],[0,0,1]]\")",
			n_space, n_space == 1 ? "" : "s", n_rows - n_space,
			n_rows - n_space == 1 ? "" : "s", n, loops,
			most > 1 ? "1 to " : "", most, most == 1 ? "" : "s", n,
			";");
		return FALSE;
	}
	return TRUE;
}

static char *completion_note(const SySpaceTime *st, guint added,
	const SyBand *band, const char *flat)
{
	GString *out = g_string_new(flat);

	if (added) {
		g_string_append_printf(out, "%sinner time rows added for",
			out->len ? "; " : "");
		for (guint j = 0; j < st->n_loops; j++)
			if (added & (1u << j))
				g_string_append_printf(
					out, " %s", band->members[j].name);
	}
	if (!out->len) {
		g_string_free(out, TRUE);
		return NULL;
	}
	return g_string_free(out, FALSE);
}

SySpaceTime *sy_space_time_new(const gint64 *rows, guint n_rows, guint n_space,
	const SyBand *band, const SyScop *scop, GError **error)
{
	guint n = band->n_members, added = 0;
	gint64 full[SY_SPACE_TIME_MAX_LOOPS * SY_SPACE_TIME_MAX_LOOPS];
	g_autoptr(GArray) lex = g_array_new(FALSE, FALSE, sizeof(gint64));
	g_autofree char *flat = NULL;
	SySpaceTime *st;
	gint64 det = 0;

	if (!check_shape(n_rows, n_space, n, band, error))
		return NULL;
	/* A flattened time row read lexicographically first: it gives
	 * the loops' own order where it can. */
	g_array_append_vals(lex, rows, n_space * n);
	if (n_rows == n_space + 1 &&
		unflatten_skewed(
			rows + n_space * n, rows, n_space, band, lex) &&
		lex->len / n <= n &&
		complete((gint64 *)lex->data, lex->len / n, n, full, &added) &&
		llabs(det = sy_space_time_det(full, n)) == 1) {
		g_autoptr(GString) as = g_string_new(NULL);
		g_autofree char *t = expression(rows + n_space * n, band);

		for (guint r = n_space; r < lex->len / n; r++) {
			g_autofree char *e = expression(
				(gint64 *)lex->data + r * n, band);

			g_string_append_printf(
				as, "%s%s", r > n_space ? ", " : "", e);
		}
		flat = g_strdup_printf("the time row %s read as the "
				       "lexicographic time (%s)",
			t, as->str);
	} else {
		if (!complete(rows, n_rows, n, full, &added)) {
			g_autofree char *loops = sy_band_members_text(band);

			g_set_error(error, SY_SPACE_TIME_ERROR,
				SY_SPACE_TIME_ERROR_SINGULAR,
				"the rows are linearly dependent over the "
				"loops %s: each row must add a direction "
				"(hint: a space row and a time row that are "
				"not multiples of each other)",
				loops);
			return NULL;
		}
		det = sy_space_time_det(full, n);
		if (llabs(det) != 1) {
			g_autofree char *why = flat_refusal(
				rows, n_rows, n_space, band);

			singular(full, n, band, det, added, why, error);
			return NULL;
		}
	}
	st = make(full, n, n_space, det, band, scop);
	st->n_given = n_rows;
	st->note = completion_note(st, added, band, flat ? flat : "");
	return st;
}

SySpaceTime *sy_space_time_parse(const char *text, const SyBand *band,
	const SyScop *scop, GError **error)
{
	g_autoptr(GArray) numbers = g_array_new(FALSE, FALSE, sizeof(gint64));
	g_autoptr(GArray) lengths = g_array_new(FALSE, FALSE, sizeof(guint));
	Reader r = {text, text, band, numbers, lengths, 0, error};
	guint n = band->n_members;
	SySpaceTime *st;

	if (!read_matrix(&r))
		return NULL;
	for (guint i = 0; i < lengths->len; i++)
		if (g_array_index(lengths, guint, i) != n) {
			g_autofree char *loops = sy_band_members_text(band);
			guint got = g_array_index(lengths, guint, i);

			g_set_error(error, SY_SPACE_TIME_ERROR,
				SY_SPACE_TIME_ERROR_SHAPE,
				"row %u has %u number%s, the band has %u "
				"loop%s %s (one coefficient per loop)",
				i + 1, got, got == 1 ? "" : "s", n,
				n == 1 ? "" : "s", loops);
			return NULL;
		}
	st = sy_space_time_new((const gint64 *)numbers->data, lengths->len,
		r.split ? r.split : lengths->len - 1, band, scop, error);
	if (st)
		st->text = g_strdup(text);
	return st;
}

SySpaceTime *sy_space_time_new_aligned(const guint *space, guint n_space,
	const SyBand *band, const SyScop *scop)
{
	guint n = band->n_members, r = 0;
	gint64 full[SY_SPACE_TIME_MAX_LOOPS * SY_SPACE_TIME_MAX_LOOPS] = {0};
	gboolean is_space[SY_SPACE_TIME_MAX_LOOPS] = {0};
	SySpaceTime *st;

	g_return_val_if_fail(n <= SY_SPACE_TIME_MAX_LOOPS, NULL);
	for (guint s = 0; s < n_space; s++) {
		full[r++ * n + space[s]] = 1;
		is_space[space[s]] = TRUE;
	}
	for (guint j = 0; j < n; j++)
		if (!is_space[j])
			full[r++ * n + j] = 1;
	st = make(full, n, n_space, sy_space_time_det(full, n), band, scop);
	st->n_given = n;
	st->text = sy_space_time_to_string(st);
	return st;
}

char *sy_space_time_to_string(const SySpaceTime *st)
{
	return sy_space_time_rows_text(st->rows, st->n_loops, st->n_loops);
}

char *sy_space_time_describe(const SySpaceTime *st, const SyBand *old_band)
{
	GString *out = g_string_new(NULL);

	for (guint r = 0; r < st->n_loops; r++) {
		g_autofree char *e = expression(
			sy_space_time_row(st, r), old_band);

		g_string_append_printf(
			out, "%s%s = %s", r ? ", " : "", st->names[r], e);
	}
	return g_string_free(out, FALSE);
}

gboolean sy_space_time_exportable(const SySpaceTime *st, char **why)
{
	guint n = st->n_loops, which;

	*why = NULL;
	if (st->loop_aligned)
		return TRUE;
	for (guint r = 0; r < n; r++) {
		const gint64 *row = sy_space_time_row(st, r);

		if (r < st->n_space && !unit_row(row, n, &which)) {
			*why = g_strdup_printf("its space row %s combines "
					       "loops (a skewed PE grid)",
				st->names[r]);
			return FALSE;
		}
		for (guint j = 0; r >= st->n_space && j < n; j++)
			if (row[j] < 0) {
				*why = g_strdup_printf(
					"its time row %s runs a "
					"loop backwards "
					"(coefficient %" G_GINT64_FORMAT ")",
					st->names[r], row[j]);
				return FALSE;
			}
	}
	return TRUE;
}
