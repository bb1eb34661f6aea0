/* A configuration of computation management for one dataflow: tile
 * sizes and the order of the tile loops (array partitioning), latency
 * factors, and one SIMD loop with its width.
 *
 * It reads AutoSA's --sa-sizes strings with AutoSA's meaning and order of
 * factors (array_part: the band, space loops first; latency: its
 * parallel loops; simd: the PE's time loops, then the loops below the
 * band, see choices.h) and friendlier named lists (i=16,j=16), and says
 * what is allowed when a value is not. */
#pragma once

#include "base/own.h"
#include "compute/choices.h"

G_BEGIN_DECLS

#define SY_CONFIG_ERROR (sy_config_error_quark())

typedef enum {
	SY_CONFIG_ERROR_INVALID,
} SyConfigError;

GQuark sy_config_error_quark(void);

/* Sets error to an SY_CONFIG_ERROR; returns FALSE. */
gboolean sy_config_fail(GError **error, __isl_keep const char *format, ...)
	G_GNUC_PRINTF(2, 3);

typedef struct {
	guint candidate; /* its id */
	guint n_members; /* band members */
	gint64 *tile; /* per band member: the tile size (its extent:
				not tiled) */
	/* AutoSA's --two-level-buffer with array_part_L2[...]: per band
	 * member, the tiles of its second tiling level (the tile loops
	 * tiled again, the L2 tile loops outermost); NULL: one level. */
	gint64 *tile_l2;
	guint *order; /* the tile loops, band members outer first */
	gint64 *latency; /* per band member: 1 for none */
	int simd; /* index in the choices' simd list, -1: none */
	gint64 simd_factor;
	/* AutoSA's --reverse-order (its default): the latency loops run
	 * the band's last member outermost; FALSE (Systole's default,
	 * AutoSA's --no-reverse-order): the band's order. */
	gboolean reverse_order;
	/* Its choices list the space loops for SIMD too (AutoSA's
	 * --simd-touch-space; simd indexes that list): the choices to make
	 * again for it (sy_choices_new_touch). */
	gboolean touch_space;
} SyConfig;

/* Untiled, no latency hiding, no SIMD, the default tile order. */
__isl_give SyConfig *sy_config_new(__isl_keep const SyChoices *choices);
__isl_give SyConfig *sy_config_copy(__isl_keep const SyConfig *config);
void sy_config_free(__isl_take SyConfig *config);

/* The space_time[N] of an AutoSA string, -1 if it has none. */
int sy_config_sa_sizes_candidate(
	__isl_keep const char *sa_sizes, GError **error);

/* The candidate whose space loops are names ("i,j"). */
int sy_config_find_space(__isl_keep const SyAnalysis *a,
	__isl_keep const char *names, GError **error);

/* Reads AutoSA's string into config: array_part and latency per the
 * choices' lists, simd per AutoSA's SIMD candidates at those sizes.
 * latency[...] goes to the latency loops in the band's order, or last
 * to first where simd[...] has one factor per candidate that way and
 * not in the band's order (the AutoSA release of 2021-04-21 to
 * 2021-08-01 under its defaults: sy_config_sa_sizes_reversed). */
gboolean sy_config_apply_sa_sizes(__isl_keep SyConfig *config,
	__isl_keep const SyChoices *choices, __isl_keep const char *sa_sizes,
	GError **error);

/* AutoSA's --two-level-buffer: reads sa_sizes' array_part_L2[...]
 * (one factor per array_part loop, in tiles) into config->tile_l2;
 * none leaves config as it is.  Without --two-level-buffer AutoSA does
 * not read the key (sy_config_apply_sa_sizes skips it). */
gboolean sy_config_apply_sa_sizes_l2(__isl_keep SyConfig *config,
	__isl_keep const SyChoices *choices, __isl_keep const char *sa_sizes,
	GError **error);

/* The hbm_<group>[n] items of sa_sizes (AutoSA's HBM port counts, which
 * the design reads: comm/design-options.h) as --hbm-ports spells them,
 * "A=2,C_drain=2" in their order, NULL (no error) when there are
 * none, or NULL with an error for an item that is not one number. */
__isl_give char *sy_config_sa_sizes_hbm(
	__isl_keep const char *sa_sizes, GError **error);

/* Where sa_sizes (applied to config) gives a factor above 1 to an
 * AutoSA SIMD candidate that needs a layout change, which AutoSA and
 * Systole skip: a warning naming each such loop and the --simd flag
 * that vectorizes it anyway; NULL where there is none. */
__isl_give char *sy_config_sa_sizes_skipped(__isl_keep const char *sa_sizes,
	__isl_keep const SyChoices *choices, __isl_keep const SyConfig *config);

/* Where sa_sizes (applied to config) had its latency[...] read last to
 * first, as the AutoSA release of 2021-04-21 to 2021-08-01 reads it
 * under --reverse-order (its simd[...] has one factor per AutoSA SIMD
 * candidate that way, not in the band's order): a note saying so, with
 * each loop's factor and both candidate lists; NULL where the factors
 * went in the band's order. */
__isl_give char *sy_config_sa_sizes_reversed(__isl_keep const char *sa_sizes,
	__isl_keep const SyChoices *choices, __isl_keep const SyConfig *config);

/* AutoSA's stages a run may skip (its --config "enable": 0). */
enum {
	SY_CONFIG_SKIP_ARRAY_PART = 1 << 0,
	SY_CONFIG_SKIP_LATENCY = 1 << 1,
	SY_CONFIG_SKIP_SIMD = 1 << 2,
	/* array_part_L2 off: AutoSA turns --two-level-buffer off */
	SY_CONFIG_SKIP_ARRAY_PART_L2 = 1 << 3,
};

/* The stage at which AutoSA's manual mode stops, given sa_sizes
 * (already applied to config): the first it runs ("array_part",
 * "latency", "simd") whose key the string lacks and which has loops to
 * choose from (for SIMD, AutoSA's candidates at config), or NULL where
 * it goes on to generate the design. */
__isl_keep const char *sy_config_sa_sizes_stop(__isl_keep const char *sa_sizes,
	__isl_keep const SyChoices *choices, __isl_keep const SyConfig *config,
	guint skip);

/* stage is "tile", "tile-l2" (the second level's factors, in tiles),
 * "latency" or "simd"; spec is "i=16,j=8". */
gboolean sy_config_apply_named(__isl_keep SyConfig *config,
	__isl_keep const SyChoices *choices, __isl_keep const char *stage,
	__isl_keep const char *spec, GError **error);

/* spec is "k,i,j": one of the choices' orders. */
gboolean sy_config_set_order(__isl_keep SyConfig *config,
	__isl_keep const SyChoices *choices, __isl_keep const char *spec,
	GError **error);

/* The members whose latency loops the PE runs (factor above 1),
 * outermost first, into members (n_members long); returns how many.
 * AutoSA (autosa_trans.cpp, autosa_latency_tile_band_loop) strip-mines
 * the parallel loops one by one and sinks each point loop: the band's
 * order under --no-reverse-order, its reverse under --reverse-order.
 * Each member keeps its own factor (which loop --sa-sizes' latency[...]
 * gives which factor: sy_config_apply_sa_sizes). */
guint sy_config_latency_loops(__isl_keep const SyConfig *config,
	__isl_keep const SyChoices *choices, __isl_keep guint *members);
/* Whether a and b are the same sizes of the same dataflow. */
gboolean sy_config_equal(
	__isl_keep const SyConfig *a, __isl_keep const SyConfig *b);

/* Drops latency factors from the loops that take none in c (sizes
 * kept for a dataflow before an edit changed what its loops take), and
 * a SIMD choice past c's list; takes c's touch_space. */
void sy_config_conform(
	__isl_keep SyConfig *config, __isl_keep const SyChoices *choices);

/* The checks that span stages: latency factors divide their tiles, the
 * SIMD width divides what is left of its loop. */
gboolean sy_config_validate(__isl_keep const SyConfig *config,
	__isl_keep const SyChoices *choices, GError **error);

/* The same configuration as an AutoSA string and as systole-cli flags. */
__isl_give char *sy_config_to_sa_sizes(
	__isl_keep const SyConfig *config, __isl_keep const SyChoices *choices);
__isl_give char *sy_config_to_flags(
	__isl_keep const SyConfig *config, __isl_keep const SyChoices *choices);

/* The dataflow of choices, its space loops as --space takes them:
 * "i,j".  (The tile order as text: sy_choices_order_text.) */
__isl_give char *sy_config_to_space(__isl_keep const SyChoices *choices);

/* The SIMD loop and width, "k=2"; "" where there is none. */
__isl_give char *sy_config_to_simd(
	__isl_keep const SyConfig *config, __isl_keep const SyChoices *choices);

/* The sizes in one line, for people: the tile order, the tiles, the
 * latency factors other than 1 and the SIMD loop if any,
 * "order i,j,k; tiles i=4,j=2,k=2; latency j=2; simd k=2". */
__isl_give char *sy_config_to_sizes(
	__isl_keep const SyConfig *config, __isl_keep const SyChoices *choices);

/* The SIMD widths a loop allows are the divisors of its range: what is
 * left of a band loop once tiled and latency-hidden; below the band,
 * the greatest common divisor of every statement's iterations and of
 * where they start in their loop, so that no vector is cut short. */
gint64 sy_config_simd_range(__isl_keep const SyConfig *config,
	__isl_keep const SyChoices *choices, guint simd);

/* The divisors of n > 0, ascending (gint64), found in O(sqrt n); for n
 * above 2^40 only those up to 2^20 and their cofactors, so that a loop of
 * any extent answers at once. */
#define SY_CONFIG_DIVISOR_SEARCH ((gint64)1 << 20)
__isl_give GArray *sy_config_divisors(gint64 n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyConfig, sy_config_free)

G_END_DECLS
