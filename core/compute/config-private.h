/* What the configuration's files share (compute/config.h): the named
 * flags (config.c) and AutoSA's strings (config-sa-sizes.c) set the
 * same stages. */
#pragma once

#include "compute/config.h"

G_BEGIN_DECLS

/* "" for one, "s" for more. */
__isl_keep const char *sy_config_plural(guint n);

/* A whole decimal integer that fits in 64 bits. */
gboolean sy_config_parse_int(__isl_keep const char *text, gint64 *v);

/* array_part: one size per tilable loop, in the choices' order (-1:
 * untiled); latency: one factor per latency loop, or none. */
gboolean sy_config_set_tiles(__isl_keep SyConfig *config,
	__isl_keep const SyChoices *choices, __isl_keep const GArray *values,
	GError **error);
/* array_part_L2 (--two-level-buffer): one factor per band loop, in
 * array_part's order, each a number of tiles (1 and up); sets
 * config->tile_l2. */
gboolean sy_config_set_tiles_l2(__isl_keep SyConfig *config,
	__isl_keep const SyChoices *choices, __isl_keep const GArray *values,
	GError **error);
gboolean sy_config_set_latency(__isl_keep SyConfig *config,
	__isl_keep const SyChoices *choices, __isl_keep const GArray *values,
	GError **error);

/* simd: one factor per SIMD choice, in the choices' order, or none;
 * at most one above 1. */
gboolean sy_config_set_simd(__isl_keep SyConfig *config,
	__isl_keep const SyChoices *choices, __isl_keep const GArray *values,
	GError **error);

G_END_DECLS
