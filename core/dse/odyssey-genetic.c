/* Odyssey's genetic search (dse/odyssey-search.h,
 * ../shared/reference/odyssey.md §5.4, tuners.py's GeneticTuner), per
 * design, with Odyssey's operators and parameters:
 * - the population, 200, starts as copies of one ancestor: here the
 *   design's best divisor-only point (Odyssey's is AMPL/IPOPT's
 *   rounded relaxation, a divisor point too); 200 random samples where
 *   the design has no feasible divisor point;
 * - each generation keeps the 60 fittest (fitness 1 / cycles, 0 where
 *   infeasible) unchanged as parents; child c crosses parent c mod 60
 *   with a random parent, each loop's (t1, t2) from either;
 * - a child mutates with probability 0.5: a tenth of those become a
 *   random sample, the others, per loop, move between the factors
 *   [D / t1 (floor), t1 / t2, t2] either a random amount (0.2) or one
 *   prime factor (0.8);
 * - t2 snaps to the nearest divisor of t1 (the SIMD to the nearest
 *   power of two dividing it, up to 8);
 * - it stops after a whole generation once the evaluations reach the
 *   budget (Odyssey stops after a time: 1 s per design in run_tests).
 * To stay in the exact search's space (so that its gap is against the
 * same space), t1 of i and j (o, r, c) is kept at most D and k's (i's)
 * t1 snaps to the nearest divisor of K (Odyssey's GA would pad it
 * implicitly).  The RNG
 * is seeded per design: the same answer on every run. */
#include <math.h>
#include <string.h>

#include "dse/odyssey-search-private.h"

#define POPULATION 200
#define PARENTS 60
#define MUTATION 0.5
#define EPSILON 0.1
#define RANDOM_MOVE 0.2

typedef struct {
	SyDseOdysseyDesign d;
	double fitness;
	guint index; /* in its generation: ties by it */
} Individual;

typedef struct {
	SyDseOdyssey *s;
	GRand *rand;
	guint dataflow, order;
	int last; /* the SIMD's loop (k, i): not padded */
	GArray *k1; /* its size's divisors */
	guint64 evaluated;
} Ga;

/* The divisor of n nearest to x (the smaller on a tie); pow2: powers of
 * two up to 8 only. */
static gint64 nearest_divisor(gint64 n, gint64 x, gboolean pow2)
{
	g_autoptr(GArray) d = sy_dse_odyssey_divisors(n);
	gint64 best = 1;

	for (guint i = 0; i < d->len; i++) {
		gint64 v = g_array_index(d, gint64, i);

		if (pow2 && (v > 8 || v & (v - 1)))
			continue;
		if (llabs(v - x) < llabs(best - x))
			best = v;
	}
	return best;
}

/* adjust_params, and the space's limits (see above). */
static void snap(const Ga *g, SyDseOdysseyDesign *d)
{
	int k = g->last;

	for (int x = 0; x < k; x++) {
		d->t1[x] = CLAMP(d->t1[x], 1, g->s->o.size[x]);
		d->t2[x] = nearest_divisor(d->t1[x], d->t2[x], FALSE);
	}
	d->t1[k] = nearest_divisor(g->s->o.size[k], d->t1[k], FALSE);
	d->t2[k] = nearest_divisor(d->t1[k], d->t2[k], TRUE);
}

static gint64 random_divisor(Ga *g, gint64 n)
{
	g_autoptr(GArray) d = sy_dse_odyssey_divisors(n);

	return g_array_index(
		d, gint64, g_rand_int_range(g->rand, 0, (gint32)d->len));
}

/* random_sampling: t1 uniform in [1, D] (k, i: a divisor), t2 a
 * random divisor, the SIMD a power of two dividing min(t1, 8), drawn
 * again (up to 100 times) until the other t2 multiply to 8 SIMD. */
static void sample(Ga *g, SyDseOdysseyDesign *d)
{
	int k = g->last;

	for (int tries = 0; tries < 100; tries++) {
		gint64 simd_max, sums = 1;

		for (int x = 0; x < k; x++) {
			d->t1[x] = 1 +
				g_rand_int_range(
					g->rand, 0, (gint32)g->s->o.size[x]);
			d->t2[x] = random_divisor(g, d->t1[x]);
			sums *= d->t2[x];
		}
		d->t1[k] = g_array_index(g->k1, gint64,
			g_rand_int_range(g->rand, 0, (gint32)g->k1->len));
		simd_max = nearest_divisor(d->t1[k], 8, TRUE);
		d->t2[k] = 1;
		while (d->t2[k] < simd_max && g_rand_boolean(g->rand))
			d->t2[k] *= 2;
		if (sums >= 8 * d->t2[k])
			break;
	}
}

static void evaluate(Ga *g, Individual *ind)
{
	ind->d.dataflow = g->dataflow;
	ind->d.order = g->order;
	snap(g, &ind->d);
	g->evaluated++;
	g->s->stats.evaluated++;
	ind->fitness = 0;
	if (!sy_dse_odyssey_eval(g->s, &ind->d))
		return;
	g->s->stats.feasible++;
	ind->fitness = 1 / ind->d.cycles;
	sy_dse_odyssey_offer(g->s, &ind->d);
}

static gint64 smallest_prime(gint64 n)
{
	for (gint64 p = 2; p * p <= n; p++)
		if (n % p == 0)
			return p;
	return n;
}

/* A random prime factor of n > 1 (each distinct prime alike). */
static gint64 random_prime(Ga *g, gint64 n)
{
	gint64 primes[64];
	int count = 0;

	while (n > 1) {
		gint64 p = smallest_prime(n);

		primes[count++] = p;
		while (n % p == 0)
			n /= p;
	}
	return primes[g_rand_int_range(g->rand, 0, count)];
}

/* One loop's mutation over its factor chain [D / t1, t1 / t2, t2]. */
static void mutate_loop(Ga *g, SyDseOdysseyDesign *d, int x)
{
	gint64 f[3] = {MAX(1, g->s->o.size[x] / d->t1[x]),
		MAX(1, (d->t1[x] + d->t2[x] - 1) / d->t2[x]), d->t2[x]};
	int src = g_rand_int_range(g->rand, 0, 3);
	int dst = (src + g_rand_int_range(g->rand, 1, 3)) % 3;

	if (g_rand_double(g->rand) < RANDOM_MOVE) {
		gint64 s;

		if (f[dst] == 1)
			return;
		/* one draw: MAX evaluates its arguments twice */
		s = (gint64)(f[src] * g_rand_double(g->rand));
		s = MAX(1, s);
		f[dst] = MAX(1, (f[src] * f[dst] + s - 1) / s);
		f[src] = s;
	} else {
		gint64 p;

		if (f[src] == 1)
			return;
		p = random_prime(g, f[src]);
		f[src] /= p;
		f[dst] *= p;
	}
	d->t2[x] = f[2];
	d->t1[x] = f[2] * f[1];
}

static void mutate(Ga *g, SyDseOdysseyDesign *d)
{
	if (g_rand_double(g->rand) < EPSILON) {
		sample(g, d);
		return;
	}
	for (int x = 0; x <= g->last; x++)
		mutate_loop(g, d, x);
}

static int by_fitness(gconstpointer a, gconstpointer b)
{
	const Individual *x = a, *y = b;

	if (x->fitness != y->fitness)
		return x->fitness > y->fitness ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

static void run_design(Ga *g)
{
	Individual pop[POPULATION], next[POPULATION];
	SyDseOdysseyDesign seed;
	gboolean seeded = sy_dse_odyssey_divisor_best(
		&g->s->o, g->dataflow, g->order, &seed);

	for (guint i = 0; i < POPULATION; i++) {
		memset(&pop[i], 0, sizeof(pop[i]));
		if (seeded)
			pop[i].d = seed;
		else
			sample(g, &pop[i].d);
		evaluate(g, &pop[i]);
	}
	while (g->evaluated < g->s->o.evaluations) {
		for (guint i = 0; i < POPULATION; i++)
			pop[i].index = i;
		qsort(pop, POPULATION, sizeof(pop[0]), by_fitness);
		memcpy(next, pop, PARENTS * sizeof(pop[0]));
		for (guint c = PARENTS; c < POPULATION; c++) {
			const Individual *a = &pop[(c - PARENTS) % PARENTS];
			const Individual *b =
				&pop[g_rand_int_range(g->rand, 0, PARENTS)];
			Individual *child = &next[c];

			*child = *a;
			for (int x = 0; x <= g->last; x++)
				if (g_rand_boolean(g->rand)) {
					child->d.t1[x] = b->d.t1[x];
					child->d.t2[x] = b->d.t2[x];
				}
			if (g_rand_double(g->rand) < MUTATION)
				mutate(g, &child->d);
			evaluate(g, child);
		}
		memcpy(pop, next, sizeof(pop));
	}
}

SyDseOdysseyResult *sy_dse_odyssey_genetic(
	const SyDseOdysseyOptions *options, GError **error)
{
	SyDseOdyssey s;
	g_autoptr(GArray) k1 = NULL;

	if (!sy_dse_odyssey_init(&s, options, error))
		return NULL;
	k1 = sy_dse_odyssey_divisors(s.o.size[s.n_loops - 1]);
	for (guint design = 0; design < s.n_designs; design++) {
		guint d = design / 3, p = design % 3;
		Ga g = {&s, NULL, d, p, s.n_loops - 1, k1, 0};

		if (!sy_dse_odyssey_has_design(&s, d, p))
			continue;
		g.rand = g_rand_new_with_seed(s.o.seed * 31 + design);
		run_design(&g);
		g_rand_free(g.rand);
	}
	s.stats.points = sy_dse_odyssey_count(s.o.kernel, s.o.size) *
		(guint64)__builtin_popcount(s.o.designs);
	s.stats.pruned = s.stats.points > s.stats.evaluated
		? s.stats.points - s.stats.evaluated
		: 0;
	return sy_dse_odyssey_finish(&s);
}
