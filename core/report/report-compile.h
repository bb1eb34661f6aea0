/* Computation management as the CLI prints it: what each stage accepts
 * for a dataflow, and the PE array a configuration makes. */
#pragma once

#include <json-glib/json-glib.h>

#include "base/own.h"
#include "compute/pe-array.h"

G_BEGIN_DECLS

/* Tilable loops with extents and divisors, tile orders, latency loops,
 * SIMD loops with scores and reasons, and config's values for each. */
__isl_give JsonNode *sy_report_choices_json(
	__isl_keep const SyChoices *choices, __isl_keep const SyConfig *config);
__isl_give char *sy_report_choices_text(
	__isl_keep const SyChoices *choices, __isl_keep const SyConfig *config);

/* The PE array: sizes, padded sizes, PE dims and count, SIMD width, the
 * equivalent --sa-sizes string and flags. */
__isl_give JsonNode *sy_report_pe_array_json(__isl_keep const SyPeArray *array);
__isl_give char *sy_report_pe_array_text(__isl_keep const SyPeArray *array);

G_END_DECLS
