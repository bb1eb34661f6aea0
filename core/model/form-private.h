/* The size-parametric form's layout, shared by its building and checks
 * (form.c) and its tapes (form-replay.c). */
#pragma once

#include "comm/io-facts.h"
#include "model/form-code.h"
#include "model/form-numbers.h"
#include "model/form-roles.h"
#include "model/form.h"
#include "model/resources.h"
#include "model/tape.h"

typedef struct {
	SyIoPathFacts *f;
	gboolean lanes; /* f->lanes is the SIMD width */
	gboolean widest; /* f->pack is sy_design_pack_widest's */
	gboolean port; /* it has a DRAM port: kernel's ports[index] */
} Path;

struct _SyModelForm {
	SyDesign *design;
	SyPeArray *array; /* the design's, if the form owns it */
	const SyChoices *choices;
	SyConfig *built; /* the sizes design was built at */
	SyConfig *at; /* those it is set at */
	SyFormRoles *roles;
	SyFormCode code;
	GArray *paths; /* Path, per design->io->paths */
	SyFormNumbers *numbers; /* what the resource model reads */
	/* The latency model's reader recorded (model/tape.h), once the
	 * form is checked: its replays fill replayed. */
	SyTape *tape;
	gboolean tape_reads; /* its replays read the design set first */
	SyTapeReg *regs;
	SyLatencyInputs *replayed;
	SyLatencyInputs *read; /* where a replay's checks fail */
	guint64 n_replayed, n_read;
	/* The reader, the evaluation at target and the resource model
	 * with options recorded, replayed on many sizes at once
	 * (sy_model_form_points): cycles and resources, from the sizes
	 * alone.  A tape per path through their decisions, each recorded
	 * at a size the others' checks fail (at most
	 * SY_FORM_POINTS_TAPES).  lanes: SY_TAPE_LANES x the most
	 * registers a tape needs; used: the inputs any reads; inputs,
	 * batch and held: one batch's. */
	GPtrArray *points; /* SyTape */
	SyModelTarget target;
	SyResourceOptions options;
	gboolean cycles_only; /* sy_model_form_cycles's tapes */
	guint64 n_held; /* sizes their replays answered */
	SyFormPoint *scratch; /* its batch's points */
	SyTapeReg *lanes;
	gsize n_lanes;
	guint used[SY_FORM_N_INPUTS], n_used;
	gint64 *inputs;
	double *batch;
	gboolean *held;
	guint probed; /* sy_model_form_next_probe's */
};

/* The tapes a form's points take at most. */
#define SY_FORM_POINTS_TAPES 8

/* Fails with "form: what" (SY_DESIGN_ERROR). */
gboolean sy_model_form_fail(GError **error, __isl_keep const char *what);

/* Fails: the designs the form was checked on leave its numbers open. */
gboolean sy_model_form_unknown(GError **error);

/* The form's design set at s's sizes: FALSE where its numbers are
 * open there. */
gboolean sy_model_form_set_at(
	__isl_keep SyModelForm *form, __isl_keep const SyFormSizes *s);

/* Every field sy_model_form_at sets, live on t. */
void sy_model_form_mark_live(
	__isl_keep SyModelForm *form, __isl_keep SyTape *t);

/* Drops the tapes (the form's numbers changed). */
void sy_model_form_forget_tape(__isl_keep SyModelForm *form);
