/* C expressions to isl: affine expressions to piecewise quasi-affine
 * functions, conditions to sets.  This is where "non-affine" is decided
 * and reported, at the exact sub-expression. */
#pragma once

#include <isl/aff.h>
#include <isl/set.h>

#include "base/own.h"
#include "frontend/program.h"

G_BEGIN_DECLS

typedef enum {
	SY_AFFINE_BOUND, /* loop bounds and conditions */
	SY_AFFINE_SUBSCRIPT, /* array subscripts */
} SyAffineUse;

typedef struct {
	isl_space *space; /* a set space, one dim per iterator */
	/* the iterators, outermost first */
	__isl_keep const SyVar *const *iters;
	guint n_iters;
	SyAffineUse use;
} SyAffineEnv;

__isl_give isl_pw_aff *sy_affine_from_expr(__isl_keep const SyAffineEnv *env,
	__isl_keep const SyExpr *expr, GError **error);
__isl_give isl_set *sy_affine_cond(__isl_keep const SyAffineEnv *env,
	__isl_keep const SyExpr *expr, GError **error);

G_END_DECLS
