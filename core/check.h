/* A self-checking program: the input file with its SCoP replaced by the
 * original SCoP and then each transformed loop nest, every one run from
 * the same inputs, their results compared element by element (exactly
 * for integers, to a tight relative tolerance for floating point).  It
 * prints "Systole check: passed ..." or, per result that differs, the
 * first difference and the version, and exits with status 1.
 * Identifiers starting with sy_ are reserved for Systole. */
#pragma once

#include "pe-array.h"

G_BEGIN_DECLS

/* The arrays (n >= 1) are of one analysis. */
char *sy_check_file(SyPeArray *const *arrays, guint n, GError **error);

G_END_DECLS
