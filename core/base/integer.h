/* Whole-number helpers on 64-bit signed counts (extents, tiles, strides,
 * depths): the greatest common divisor, and division rounded down or
 * up.  C's own / rounds towards zero, which is the floor only where the
 * operands have one sign; a guard's constant or a stride's offset can be
 * negative, so these round as their names say for every sign.
 *
 * As for C's /, b == 0 is the caller's to exclude (the callers check
 * it, or divide by a constant or by a size of at least 1), and
 * G_MININT64 / -1 does not fit.
 * Inline: the latency model's evaluation calls them per statement. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The greatest common divisor of |a| and |b|, never negative; 0 for
 * (0, 0) and |a| for (a, 0), so that a gcd is accumulated from 0.  Its
 * operands' magnitudes are taken unsigned, so that G_MININT64 works
 * too, but a result of 2^63 (G_MININT64 with 0 or with itself) does
 * not fit. */
static inline gint64 sy_integer_gcd(gint64 a, gint64 b)
{
	guint64 x = a < 0 ? -(guint64)a : (guint64)a;
	guint64 y = b < 0 ? -(guint64)b : (guint64)b;

	while (y) {
		guint64 r = x % y;

		x = y;
		y = r;
	}
	return (gint64)x;
}

/* a / b rounded towards minus infinity (floor(-7 / 2) = -4, as isl's
 * floord); b != 0. */
static inline gint64 sy_integer_div_floor(gint64 a, gint64 b)
{
	gint64 q = a / b;

	return a % b != 0 && (a < 0) != (b < 0) ? q - 1 : q;
}

/* a / b rounded towards plus infinity (ceil(7 / 2) = 4, ceil(-7 / 2) =
 * -3); b != 0.  For a >= 0 and b > 0 it is (a + b - 1) / b without that
 * sum's overflow. */
static inline gint64 sy_integer_div_ceil(gint64 a, gint64 b)
{
	gint64 q = a / b;

	return a % b != 0 && (a < 0) == (b < 0) ? q + 1 : q;
}

G_END_DECLS
