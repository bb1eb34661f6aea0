/* Helpers shared by the latency model's tests of two paths to one
 * answer (test-fast, test-form) and their benchmarks: random sizes,
 * designs built at them, inputs compared. */
#pragma once

#include "compute/config.h"
#include "compute/pe-array.h"
#include "model/latency.h"

/* The examples every dataflow of which the sweeps take. */
extern const char *const sy_test_model_examples[];

/* Random sizes for c: tiles up to the loop's extent (at most 4 on space
 * loops, so that arrays stay small; the others untiled one time in
 * two), divisors of it only where divisors says so; latency a divisor
 * of the tile; SIMD (one time in two) a width its loop allows. */
void sy_test_config_randomize(__isl_keep SyConfig *cfg,
	__isl_keep const SyChoices *c, __isl_keep GRand *rng,
	gboolean divisors);

/* The design at cfg, completed as an export completes it; NULL where
 * the sizes or the backend refuse it.  *array is the PE array it stands
 * on (NULL with it). */
__isl_give SyDesign *sy_test_design_at(__isl_keep const SyAnalysis *a,
	__isl_keep const SyChoices *c, __isl_keep const SyConfig *cfg,
	__isl_give SyPeArray **array);

/* fn on the design of every dataflow of every example (names in
 * examples, files in dir) at its default sizes that the backend prints,
 * completed as an export completes it (under valgrind every stride-th
 * dataflow, from the example's index); how many designs. */
typedef void (*SyTestDesignFunc)(const char *example, guint candidate,
	__isl_keep const SyDesign *design, gpointer data);
guint sy_test_default_designs(const char *dir, const char *const *examples,
	SyTestDesignFunc fn, gpointer data);

/* The U250 target the sweeps evaluate at. */
extern const SyModelTarget sy_test_u250;

/* Asserts that both inputs give the same cycles (==), per family and
 * for the design, and the same work and off-chip bytes. */
void sy_test_latency_same(__isl_keep const SyLatencyInputs *a,
	__isl_keep const SyLatencyInputs *b);

/* Asserts that both designs give the same resources (==), per family
 * and in all. */
void sy_test_resources_same(
	__isl_keep const SyDesign *a, __isl_keep const SyDesign *b);
