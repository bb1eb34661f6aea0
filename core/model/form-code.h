/* The size-dependent constants of a module's code (compute/code.h):
 * every loop bound and guard constant that compares one of the
 * schedule's dimensions (model/form-roles.h) with 0, its last value,
 * its trip count or its value at the kernel's last iteration, re-set
 * for other sizes in place.
 *
 * The form of a design collects them once (sy_form_code_collect) and
 * re-sets them at each evaluation (sy_form_code_set); a comparison it
 * cannot re-set (an affine guard of several dimensions, a constant
 * that is none of the three) refuses the code. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "compute/code.h"
#include "model/form-roles.h"
#include "model/tape.h"

G_BEGIN_DECLS

typedef struct {
	const SyFormRoles *roles;
	const SyConfig *config; /* the sizes code was built at */
	const SyChoices *choices;
} SyFormContext;

/* Where code's constants are: slots (into code's expressions) and
 * loops (whose trip counts follow them). */
typedef struct {
	GArray *slots; /* SyFormSlot */
	GArray *domains; /* padding guards (model/form-domain.h) */
	GPtrArray *loops; /* __isl_keep SyCode *: FOR nodes */
} SyFormCode;

void sy_form_code_init(__isl_keep SyFormCode *fc);
void sy_form_code_clear(__isl_keep SyFormCode *fc);

/* Adds code's constants to fc; FALSE (error set, SY_DESIGN_ERROR) where
 * a comparison of a size-dependent dimension cannot be re-set. code
 * must outlive fc. */
gboolean sy_form_code_collect(__isl_keep SyFormCode *fc,
	__isl_keep const SyFormContext *ctx, __isl_keep SyCode *code,
	__isl_keep const char *what, GError **error);

/* Sets every constant of fc to its value at sizes, then the loops'
 * trip counts. */
void sy_form_code_set(
	__isl_keep SyFormCode *fc, __isl_keep const SyFormSizes *sizes);

/* Marks on tape every constant and trip count sy_form_code_set sets:
 * fields a replay of tape reads (model/tape.h). */
void sy_form_code_live(
	__isl_keep const SyFormCode *fc, __isl_keep SyTape *tape);

/* Whether a and b have the same loops and guards (statements compared
 * by name, but the tile statements "T" of the I/O paths' tile loops by
 * their arguments too): what the latency model reads. */
gboolean sy_form_code_same(
	__isl_keep const SyCode *a, __isl_keep const SyCode *b);

G_END_DECLS
