/* Helpers shared by the tests and benchmarks. */
#pragma once

#include "poly/analysis.h"

/* Matrix multiply C[i][j] += A[i][k] * B[k][j] with loops of n (a
 * number, as text) iterations: its text, and analysed (aborts the test
 * on error). */
char *sy_test_mm_text(const char *n);
SyAnalysis *sy_test_mm(const char *n, guint max_dims);

/* The kernel name in folder dir analysed with defines (NULL-terminated,
 * may be NULL) and two-dimensional dataflows at most; aborts the test
 * on error. */
SyAnalysis *sy_test_example(
	const char *dir, const char *name, const char *const *defines);

#include "comm/design.h"
#include "compute/choices.h"
#include "compute/config.h"

/* cfg's sizes as systole-cli's --tile, --latency and --simd give them
 * (each NULL: left as it is); aborts the test on error. */
void sy_test_config_apply(SyConfig *cfg, const SyChoices *c,
	const char *tile, const char *latency, const char *simd);

/* Under valgrind (SYSTOLE_DESIGN_STRIDE), tests that sweep every
 * dataflow take every stride-th; 1 elsewhere. */
guint sy_test_stride(void);

/* Whether the test runs under valgrind (SYSTOLE_VALGRIND, set by
 * meson's valgrind setup), which runs threads one at a time. */
gboolean sy_test_under_valgrind(void);

/* n repetitions of one piece of work, a stride-th of them under
 * valgrind (at least 2: a repetition still follows another). */
guint sy_test_count(guint n);

/* Whether a sweep over the examples takes example x: every one, but
 * under valgrind only those of parity half (0 or 1), so that two tests
 * that sweep the same code take a half each and the valgrind run still
 * sees every example. */
gboolean sy_test_takes_example(guint x, guint half);

/* The first of example x's n dataflows that a sweep taking every
 * stride-th (sy_test_stride) visits: x % stride, wrapped to one the
 * example has (else, at stride 12, an example of fewer dataflows is
 * analysed for none). */
guint sy_test_first_dataflow(guint x, guint n);

/* What a test builds a design from: a kernel (the file name in dir, or
 * text under that name), its defines (NULL-terminated or NULL), the
 * dataflow (its space loops "i,j", or candidate when space is NULL),
 * sizes as systole-cli's --tile, --latency, --simd and --tile-order
 * take them or as an AutoSA string (each NULL: none), design options
 * (NULL: the defaults), and how far to go: the modules' code
 * (sy_design_build_code), or completed as an export completes it
 * (sy_design_complete, with the modules' code). */
typedef struct {
	const char *dir, *name, *text;
	const char *const *defines;
	const char *space;
	guint candidate;
	const char *tile, *latency, *simd, *order, *sa_sizes;
	const SyDesignOptions *options;
	gboolean code, complete;
	guint max_dims; /* 0: 2 */
} SyTestDesignSpec;

/* A design and what it stands on, freed after it in that order. */
typedef struct {
	SyAnalysis *analysis;
	SyChoices *choices;
	SyPeArray *array;
	SyDesign *design;
} SyTestDesign;

/* Aborts the test on any error.  _init and _clear work in place (a
 * design on the stack), _new and _free on the heap. */
void sy_test_design_init(SyTestDesign *t, const SyTestDesignSpec *spec);
void sy_test_design_clear(SyTestDesign *t);
SyTestDesign *sy_test_design_new(const SyTestDesignSpec *spec);
/* mm.c of dir at 8 x 8 x 8 on [i, j], tiles of 4, completed: the 4 x 4
 * array the simulator's, the timeline's and the animation's tests
 * run. */
SyTestDesign *sy_test_mm_4x4(const char *dir);
void sy_test_design_free(SyTestDesign *t);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyTestDesign, sy_test_design_free)
