/* The padding guards of a module's code as functions of the sizes: a
 * comparison that keeps one band member's index inside its loop where
 * tiles do not divide it.  Its index is tile x its tile size + the
 * point inside the tile (latency x (SIMD x time + lane) + latency loop,
 * model/form-roles.h), so isl prints it as
 *
 *     sum over the dimensions k it reads of (stride_k / g) x_k
 *         <= floor((extent - 1) / g),
 *
 * g the strides' gcd ("3 * sy_t1 + p1 <= 31": tile 6, latency 2 of a
 * 64 loop), or as a loop's bound ("c6 <= min(2, 63 - 6 * sy_t0 - 3 *
 * p0)").  sy_form_domain_collect recognises that shape at the sizes the
 * code was built at and keeps the constants' places; sy_form_domain_set
 * re-sets them at other sizes. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "compute/code.h"
#include "model/form-roles.h"
#include "model/tape.h"

G_BEGIN_DECLS

/* The role of an identifier where its trips depend on the sizes. */
typedef gboolean (*SyFormRoleOf)(
	__isl_keep const char *name, SyFormDim *dim, gpointer data);

/* Adds to domains (a GArray the caller made with
 * sy_form_domains_new) the comparison lhs op rhs if it is a padding
 * guard at sizes; FALSE where it is not (then nothing is added). */
gboolean sy_form_domain_collect(__isl_keep GArray *domains,
	__isl_keep const SyFormSizes *at, SyCodeOp op,
	__isl_keep SyCodeExpr *lhs, __isl_keep SyCodeExpr *rhs,
	SyFormRoleOf role_of, gpointer data);

__isl_give GArray *sy_form_domains_new(void);

/* Marks on tape the constants sy_form_domain_set sets. */
void sy_form_domain_live(
	__isl_keep const GArray *domains, __isl_keep SyTape *tape);

/* Re-sets every guard of domains at sizes. */
void sy_form_domain_set(
	__isl_keep GArray *domains, __isl_keep const SyFormSizes *sizes);

G_END_DECLS
