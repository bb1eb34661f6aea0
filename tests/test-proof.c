/* Proof by execution: every dataflow of a kernel under many
 * configurations (divisor and non-divisor tiles, factors 1 and full,
 * every tile order, latency hiding and SIMD on and off, and seeded random
 * ones), printed as one self-checking program that runs the original SCoP
 * and every transformed version from the same inputs and compares their
 * results.  The program is compiled with CC and must pass; with --mutate,
 * one version is broken on purpose and the program must catch it.
 *
 * test-proof CC INCLUDE_DIR OUT_DIR KERNEL.c [--mutate] */
#include <string.h>

#include "compute/check.h"

typedef struct {
	const SyChoices *c;
	GPtrArray *arrays; /* SyPeArray */
	GRand *rand;
} Proof;

/* The smallest divisor of n above 1, or 1. */
static gint64 small_divisor(gint64 n)
{
	for (gint64 d = 2; d <= n; d++)
		if (n % d == 0)
			return d;
	return 1;
}

/* The largest divisor of n at most n / 2, or 1. */
static gint64 half_divisor(gint64 n)
{
	for (gint64 d = n / 2; d > 1; d--)
		if (n % d == 0)
			return d;
	return 1;
}

/* A size that does not divide n (when there is one): n / 3 + 1 or +2. */
static gint64 non_divisor(gint64 n)
{
	gint64 t = n / 3 + 1;

	if (n % t == 0 && t + 1 < n)
		t++;
	return MAX(1, MIN(t, n));
}

static gint64 random_divisor(GRand *r, gint64 n)
{
	g_autoptr(GArray) div = sy_config_divisors(n);

	return g_array_index(
		div, gint64, g_rand_int_range(r, 0, (gint32)div->len));
}

static void add(Proof *p, const SyConfig *cfg)
{
	GError *error = NULL;
	SyPeArray *array = sy_pe_array_new(p->c, cfg, &error);
	g_autofree char *flags = sy_config_to_flags(cfg, p->c);

	if (!array)
		g_error("%s: %s", flags, error->message);
	g_ptr_array_add(p->arrays, array);
}

typedef enum { TILE_FULL, TILE_ONE, TILE_DIVISOR, TILE_OTHER } Tiles;

static void set_tiles(const SyChoices *c, SyConfig *cfg, Tiles how)
{
	for (guint i = 0; i < c->tilable->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->tilable, i);
		gint64 e = ref->extent;

		cfg->tile[ref->member] = how == TILE_FULL ? e
			: how == TILE_ONE                 ? 1
			: how == TILE_DIVISOR             ? half_divisor(e)
							  : non_divisor(e);
	}
}

static void set_latency(const SyChoices *c, SyConfig *cfg)
{
	for (guint i = 0; i < c->latency->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->latency, i);

		cfg->latency[ref->member] = small_divisor(
			cfg->tile[ref->member]);
	}
}

/* SIMD on choice s with the smallest width that fits; FALSE if none. */
static gboolean set_simd(const SyChoices *c, SyConfig *cfg, guint s)
{
	const SySimdChoice *sc = g_ptr_array_index(c->simd, s);
	gint64 range = sy_config_simd_range(cfg, c, s);
	gint64 w = sc->loop.rectangular ? small_divisor(range) : MIN(2, range);

	if (!sc->ok || w < 2)
		return FALSE;
	cfg->simd = (int)s;
	cfg->simd_factor = w;
	return TRUE;
}

static void random_config(Proof *p, SyConfig *cfg)
{
	const SyChoices *c = p->c;
	guint s;

	for (guint i = 0; i < c->tilable->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->tilable, i);

		cfg->tile[ref->member] = g_rand_int_range(
			p->rand, 1, (gint32)ref->extent + 1);
	}
	for (guint i = 0; i < c->latency->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->latency, i);

		cfg->latency[ref->member] = random_divisor(
			p->rand, cfg->tile[ref->member]);
	}
	if (c->simd->len) {
		s = (guint)g_rand_int_range(p->rand, 0, (gint32)c->simd->len);
		set_simd(c, cfg, s);
	}
	memcpy(cfg->order,
		((GArray *)g_ptr_array_index(c->orders,
			 g_rand_int_range(p->rand, 0, (gint32)c->orders->len)))
			->data,
		sizeof(guint) * cfg->n_members);
}

/* The configurations of one dataflow. */
static void configs(Proof *p, gboolean few)
{
	const SyChoices *c = p->c;
	g_autoptr(SyConfig) cfg = sy_config_new(c);

	add(p, cfg); /* untiled */
	set_tiles(c, cfg, TILE_OTHER);
	set_latency(c, cfg);
	add(p, cfg);
	for (guint r = 0; r < (few ? 1u : 3u); r++) {
		g_autoptr(SyConfig) rnd = sy_config_new(c);

		random_config(p, rnd);
		add(p, rnd);
	}
	if (few)
		return;
	set_tiles(c, cfg, TILE_ONE);
	set_latency(c, cfg);
	add(p, cfg);
	set_tiles(c, cfg, TILE_DIVISOR);
	set_latency(c, cfg);
	if (c->simd->len && set_simd(c, cfg, 0))
		add(p, cfg);
	cfg->simd = -1;
	cfg->simd_factor = 1;
	add(p, cfg);
	/* Non-divisor tiles with every SIMD loop and every tile order. */
	set_tiles(c, cfg, TILE_OTHER);
	set_latency(c, cfg);
	for (guint s = 0; s < c->simd->len; s++) {
		g_autoptr(SyConfig) v = sy_config_copy(cfg);

		if (set_simd(c, v, s))
			add(p, v);
	}
	for (guint o = 1; o < c->orders->len; o++) {
		GArray *order = g_ptr_array_index(c->orders, o);

		memcpy(cfg->order, order->data, sizeof(guint) * order->len);
		add(p, cfg);
	}
}

/* Breaks one version: its innermost loop stops one iteration early. */
static gboolean mutate(GString *text)
{
	const char *mark = strstr(text->str, "sy_variant = \"0:");
	const char *loop = NULL, *le;

	for (const char *at = strstr(text->str, "for ("); at && at < mark;
		at = strstr(at + 1, "for ("))
		loop = at;
	le = loop ? strstr(loop, " <= ") : NULL;
	if (!le)
		return FALSE;
	g_string_erase(text, le - text->str + 2, 1);
	return TRUE;
}

static gboolean run(char **argv, char **out)
{
	GError *error = NULL;
	int status;

	if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
		    out, NULL, &status, &error))
		g_error("%s: %s", argv[0], error->message);
	return g_spawn_check_wait_status(status, NULL);
}

int main(int argc, char **argv)
{
	SyAnalysisOptions ao = {NULL, NULL, 3, 0, FALSE};
	g_autoptr(SyAnalysis) a = NULL;
	g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_choices_free);
	Proof p = {NULL,
		g_ptr_array_new_with_free_func(
			(GDestroyNotify)sy_pe_array_free),
		g_rand_new_with_seed(20261122)};
	gboolean mutated = argc > 5 && g_str_equal(argv[5], "--mutate");
	g_autofree char *base = NULL, *src = NULL, *bin = NULL;
	g_autofree char *out = NULL, *expect = NULL, *inc = NULL;
	g_autofree char *checked = NULL;
	GError *error = NULL;
	GString *text;
	gint64 start = g_get_monotonic_time();
	gboolean ok;

	if (argc < 5)
		g_error("usage: test-proof CC INCLUDE_DIR OUT_DIR KERNEL.c "
			"[--mutate]");
	a = sy_analysis_new_from_file(argv[4], &ao, &error);
	if (!a)
		g_error("%s", error->message);
	for (guint i = 0; i < a->candidates->len; i++) {
		const SyCandidate *cand = g_ptr_array_index(a->candidates, i);

		p.c = sy_choices_new(a, cand, NULL);
		g_ptr_array_add(choices, (gpointer)p.c);
		configs(&p, mutated || cand->n_space == 3);
	}
	if (!p.arrays->len)
		g_error("%s: no systolic array to check", argv[4]);
	/* sy_check_file gives its string: the GString takes a copy. */
	checked = sy_check_file(
		(SyPeArray *const *)p.arrays->pdata, p.arrays->len, &error);
	if (!checked)
		g_error("%s", error->message);
	text = g_string_new(checked);
	if (mutated && !mutate(text))
		g_error("nothing to mutate");
	base = g_path_get_basename(argv[4]);
	*strrchr(base, '.') = '\0';
	src = g_strdup_printf(
		"%s/proof-%s%s.c", argv[3], base, mutated ? "-mutated" : "");
	bin = g_strdup_printf(
		"%s/proof-%s%s", argv[3], base, mutated ? "-mutated" : "");
	inc = g_strconcat("-I", argv[2], NULL);
	if (!g_file_set_contents(src, text->str, (gssize)text->len, &error))
		g_error("%s", error->message);
	g_string_free(text, TRUE);
	{
		char *cc[] = {argv[1], "-std=c99", "-O1", "-Wall", "-Wextra",
			"-Werror", inc, "-o", bin, src, "-lm", NULL};
		char *prog[] = {bin, NULL};

		if (!run(cc, NULL))
			g_error("%s does not compile", src);
		printf("%s: %u versions of %u arrays, generated and compiled "
		       "in %.1f s\n",
			base, p.arrays->len, a->candidates->len,
			(double)(g_get_monotonic_time() - start) / 1e6);
		ok = run(prog, &out);
	}
	fputs(out, stdout);
	expect = g_strdup_printf(
		"Systole check: passed (%u versions)", p.arrays->len);
	if (mutated)
		ok = !ok && strstr(out, "in version 0:") != NULL;
	else
		ok = ok && strstr(out, expect) != NULL;
	g_ptr_array_unref(p.arrays);
	g_rand_free(p.rand);
	return ok ? 0 : 1;
}
