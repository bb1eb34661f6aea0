/* Two ways to one answer: the latency model's closed forms for the tile
 * loops (a rectangular nest counted as a product, boxes of tiles on
 * which intra_trans counts the same taken at once) against the same
 * inputs counted tile by tile, on random configurations of every
 * example's dataflows (fixed seed: tile sizes that do not divide their
 * loops included, latency factors among the tiles' divisors, SIMD
 * widths among those the loop allows).  Every figure must be equal
 * (==): both sum the same integers. */
#include "testutil.h"
#include "testmodel.h"
#include "comm/kernel-facts.h"
#include "compute/config.h"
#include "compute/pe-array.h"
#include "model/latency.h"
#include "poly/names.h"

static const char *examples_dir;

/* Configurations per dataflow. */
#define TRIES 6

/* Both inputs give the same cycles, per family and for the design. */
static void assert_same(const SyDesign *design)
{
	GError *error = NULL;
	g_autoptr(SyLatencyInputs) fast =
		sy_latency_inputs_new(design, &error);
	g_autoptr(SyLatencyInputs) slow = NULL;

	g_assert_no_error(error);
	slow = sy_latency_inputs_new_by_tile(design, &error);
	g_assert_no_error(error);
	sy_test_latency_same(fast, slow);
}

static void test_random(void)
{
	const char *const *examples = sy_test_model_examples;
	g_autoptr(GRand) rng = g_rand_new_with_seed(12);
	guint stride = sy_test_stride();
	/* Under valgrind two configurations a dataflow: the same paths,
	 * in a third of its time (143 s of CI's 30 minutes); and the odd
	 * examples, test-form's model the even ones, so that the valgrind
	 * run still builds every example's designs (83 s there with all
	 * of them). */
	guint tries = sy_test_count(TRIES);
	guint total = 0;

	for (guint x = 0; examples[x]; x++) {
		SyAnalysisOptions ao = {NULL, NULL, 2, 0, FALSE};
		g_autofree char *path = NULL;
		g_autoptr(SyAnalysis) a = NULL;
		guint covered = 0;

		if (!sy_test_takes_example(x, 1))
			continue;
		path = g_build_filename(examples_dir, examples[x], NULL);
		a = sy_analysis_new_from_file(path, &ao, NULL);
		g_assert_nonnull(a);
		/* Under valgrind every stride-th dataflow. */
		for (guint c = sy_test_first_dataflow(x, a->candidates->len);
			c < a->candidates->len; c += stride) {
			g_autoptr(SyChoices) ch = sy_choices_new(
				a, g_ptr_array_index(a->candidates, c), NULL);

			for (guint t = 0; t < tries; t++) {
				g_autoptr(SyConfig) cfg = sy_config_new(ch);
				g_autoptr(SyPeArray) array = NULL;
				g_autoptr(SyDesign) design = NULL;

				sy_test_config_randomize(cfg, ch, rng, FALSE);
				design = sy_test_design_at(a, ch, cfg, &array);
				if (!design)
					continue;
				assert_same(design);
				covered++;
			}
		}
		g_test_message("%s: %u configurations", examples[x], covered);
		total += covered;
	}
	g_test_message("%u configurations", total);
	g_assert_cmpuint(total, >=, 100 / stride);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/fast/closed-form-tiles", test_random);
	return g_test_run();
}
