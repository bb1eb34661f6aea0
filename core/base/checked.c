#include "base/checked.h"

G_DEFINE_QUARK(sy-checked-error-quark, sy_checked_error)

/* What every overflow message ends with: the limit, as the README
 * states it. */
#define SUPPORTED \
	"sizes are supported while every count they give stays below 2^63"

gboolean sy_checked_span(gint64 min, gint64 max, gint64 step, gint64 *count)
{
	gint64 span;

	/* max - min + 1 values; the step divides them without a sum that
	 * could overflow. */
	if (sy_sub_overflow(max, min, &span) || span == G_MAXINT64)
		return FALSE;
	span += 1;
	*count = span / step + (span % step != 0);
	return TRUE;
}

static void fail_va(SyChecked *ck, const char *operands, const char *what,
	va_list ap)
{
	g_autofree char *quantity = NULL;

	if (ck->error)
		return;
	quantity = g_strdup_vprintf(what, ap);
	ck->error = g_error_new(SY_CHECKED_ERROR, SY_CHECKED_ERROR_OVERFLOW,
		"%s overflows 64 bits (%s); " SUPPORTED, quantity, operands);
}

void sy_checked_fail(SyChecked *ck, const char *operands, const char *what, ...)
{
	va_list ap;

	va_start(ap, what);
	fail_va(ck, operands, what, ap);
	va_end(ap);
}

/* The overflow of "a OP b", told once; the result is then the largest
 * value, so that later checks overflow too rather than pass. */
static gint64 overflowed(SyChecked *ck, gint64 a, const char *op, gint64 b,
	const char *what, va_list ap)
{
	g_autofree char *operands = g_strdup_printf(
		"%" G_GINT64_FORMAT " %s %" G_GINT64_FORMAT, a, op, b);

	fail_va(ck, operands, what, ap);
	return G_MAXINT64;
}

gint64 sy_checked_add(SyChecked *ck, gint64 a, gint64 b, const char *what, ...)
{
	gint64 r;
	va_list ap;

	if (!sy_add_overflow(a, b, &r))
		return r;
	va_start(ap, what);
	r = overflowed(ck, a, "+", b, what, ap);
	va_end(ap);
	return r;
}

gint64 sy_checked_mul(SyChecked *ck, gint64 a, gint64 b, const char *what, ...)
{
	gint64 r;
	va_list ap;

	if (!sy_mul_overflow(a, b, &r))
		return r;
	va_start(ap, what);
	r = overflowed(ck, a, "x", b, what, ap);
	va_end(ap);
	return r;
}

gboolean sy_checked_ok(SyChecked *ck, GError **error)
{
	if (!ck->error)
		return TRUE;
	g_propagate_error(error, ck->error);
	ck->error = NULL;
	return FALSE;
}
