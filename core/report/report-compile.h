/* Computation management as the CLI prints it: what each stage accepts
 * for a dataflow, and the PE array a configuration makes. */
#pragma once

#include <json-glib/json-glib.h>

#include "compute/pe-array.h"

G_BEGIN_DECLS

/* Tilable loops with extents and divisors, tile orders, latency loops,
 * SIMD loops with scores and reasons, and config's values for each. */
JsonNode *sy_report_choices_json(
	const SyChoices *choices, const SyConfig *config);
char *sy_report_choices_text(const SyChoices *choices, const SyConfig *config);

/* The PE array: sizes, padded sizes, PE dims and count, SIMD width, the
 * equivalent --sa-sizes string and flags. */
JsonNode *sy_report_pe_array_json(const SyPeArray *array);
char *sy_report_pe_array_text(const SyPeArray *array);

G_END_DECLS
