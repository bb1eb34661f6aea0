/* The latency model's size-parametric form: a design built once per
 * dataflow, tile order, options and class of sizes, whose numbers the
 * sizes decide are re-set for other sizes of that class without isl,
 * so that the latency model (model/latency.h) reads it as it reads a
 * design built at those sizes.
 *
 * What changes with the sizes: the trip counts of the modules' loops
 * and the constants of their guards (model/form-code.h), the PE grid,
 * each I/O path's box, lanes, packing, words and units, and the DRAM
 * ports' words.  A class keeps the same code: the same tile order and
 * SIMD loop, the same loops of one iteration (isl prints none for
 * them), and for each tile that does not divide its loop, the same
 * shape of its last tile (whole latency groups, whole vectors, every
 * PE busy).  Where a design has anything else that changes (an affine
 * guard other than a tile's padding, a box that is no tile or latency
 * factor), the form refuses it, and the exact path (a design built at
 * the sizes) stays the answer.
 *
 * A form is checked against a design built at other sizes of its class
 * (sy_model_form_check): the same code and numbers, or an error naming
 * the first difference.  tests/test-form.c holds it to the exact path
 * (==) on random sizes of every example. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/design.h"
#include "compute/config.h"
#include "model/latency.h"
#include "model/resources.h"

G_BEGIN_DECLS

typedef struct _SyModelForm SyModelForm;

/* The form of design (taken: completed, sy_design_complete), built on
 * array (taken, freed after the design; NULL: the caller's, which must
 * outlive the form, as the choices and the analysis must); NULL (error
 * set, SY_DESIGN_ERROR) where its code or numbers are not re-set by the
 * sizes as above. */
__isl_give SyModelForm *sy_model_form_new(__isl_take SyDesign *design,
	__isl_take SyPeArray *array, GError **error);
void sy_model_form_free(__isl_take SyModelForm *form);

/* Whether config (of the form's choices) is in its class. */
gboolean sy_model_form_covers(
	__isl_keep const SyModelForm *form, __isl_keep const SyConfig *config);

/* The class of config's sizes (config of choices), appended to key
 * as bytes: a form built at sizes b covers config (sy_model_form_covers)
 * exactly where b's key and config's are equal, so that a search groups
 * its sizes by class without a form. */
void sy_model_form_class_key(__isl_keep const SyChoices *choices,
	__isl_keep const SyConfig *config, __isl_keep GByteArray *key);

/* The form's design re-set at config (covered by the form): for the
 * models alone (its statements' subscripts stay those of the sizes it
 * was built at).  Valid until the next call.  NULL where the designs
 * the form was checked on leave some number open at config (several
 * of its candidates stood on them and give different values there):
 * the form does not know that design. */
__isl_keep const SyDesign *sy_model_form_at(
	__isl_keep SyModelForm *form, __isl_keep const SyConfig *config);

/* The latency model's inputs at config (covered by the form), as
 * sy_latency_inputs_new reads them from a design built there: replayed
 * from the tape of the reader's arithmetic and decisions
 * (model/tape.h), recorded at the first call after the form's check,
 * where every decision it recorded holds at config, else read from the
 * form's design re-set at config.  Replays carry no ii_reason (the
 * numbers in the words would be the recorded sizes').  Valid until the
 * next call; NULL (error set) where the design cannot be read. */
__isl_keep const SyLatencyInputs *sy_model_form_latency(
	__isl_keep SyModelForm *form, __isl_keep const SyConfig *config,
	GError **error);

/* The fast path's numbers of a design. */
typedef struct {
	double cycles; /* sy_latency_eval's */
	SyResources resources; /* sy_resources_estimate's total */
} SyFormPoint;

/* The designs' points at configs[0 .. n - 1] (each covered by the
 * form) on target with options (NULL: the defaults), as
 * sy_latency_eval and sy_resources_estimate give them from designs
 * built there: the reader, the evaluation and the resource model
 * recorded on tapes, replayed on many sizes side by side
 * (model/tape.h's sy_tape_run_batch).  A size no tape holds for gets a
 * tape of its own, recorded there, up to a few per target and options;
 * after that the sizes whose decisions differ are read as
 * sy_model_form_latency and sy_model_form_at read them.  A point's
 * numbers are NAN where the form does not know its design
 * (sy_model_form_at).  FALSE (error set) where a design cannot be
 * read.  Allocates nothing after the first call but where it reads. */
gboolean sy_model_form_points(__isl_keep SyModelForm *form,
	__isl_keep const SyModelTarget *target,
	__isl_keep const SyResourceOptions *options,
	__isl_keep const SyConfig *const *configs, gsize n,
	__isl_keep SyFormPoint *points, GError **error);

/* sy_model_form_points's cycles alone (no resources on its tapes,
 * which are then shorter): cycles[j] NAN where the form does not know
 * configs[j]'s design. */
gboolean sy_model_form_cycles(__isl_keep SyModelForm *form,
	__isl_keep const SyModelTarget *target,
	__isl_keep const SyConfig *const *configs, gsize n,
	__isl_keep double *cycles, GError **error);

/* The tapes sy_model_form_points (or _cycles) recorded (a tape per
 * path through the decisions of the sizes it saw), the operations of
 * the longest, and how many sizes they answered in all (the others
 * were read). */
void sy_model_form_points_tapes(__isl_keep const SyModelForm *form,
	guint *tapes, gsize *ops, guint64 *held);

/* How the form's sy_model_form_latency calls went: replayed or read,
 * the operations of its tape (0: none recorded yet), and whether its
 * replays read the form's design re-set (reads) or compute everything
 * from the sizes. */
void sy_model_form_replays(__isl_keep const SyModelForm *form,
	guint64 *replayed, guint64 *read, gsize *ops, gboolean *reads);

/* Sizes of the form's class that differ from those it was built at in
 * as many tiles, latency factors and SIMD width as the class allows
 * (each changed to the nearest other value that keeps the class): what
 * to build the design of sy_model_form_check at.  NULL where the class
 * has no other sizes. */
__isl_give SyConfig *sy_model_form_probe(__isl_keep const SyModelForm *form);

/* The next sizes to check the form at (each to build a design at and
 * give to sy_model_form_check), until NULL: first
 * sy_model_form_probe's, then sizes with one tile, latency factor or
 * the SIMD width moved at a time, those alone where numbers the checks
 * so far leave open (sy_model_form_ambiguous) differ. */
__isl_give SyConfig *sy_model_form_next_probe(__isl_keep SyModelForm *form);

/* Checks the form at other's sizes (other: completed, of the form's
 * choices, in its class) against other: FALSE (error set,
 * SY_DESIGN_ERROR, naming the first difference) where they differ in
 * anything the latency model reads. */
gboolean sy_model_form_check(__isl_keep SyModelForm *form,
	__isl_keep const SyDesign *other, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyModelForm, sy_model_form_free)

/* The numbers of the form's design that the designs it was checked on
 * leave open (several candidates explain them): at sizes where those
 * candidates differ, the form does not answer. */
guint sy_model_form_ambiguous(__isl_keep const SyModelForm *form);

G_END_DECLS
