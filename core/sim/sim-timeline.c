/* Recording a run through the simulator's trace hook (sim.h): the
 * stalls come from its stall events, the FIFOs' words from its issue
 * events, each iteration's words as the run moves them (sim-run.c's
 * even spread). */
#include "sim/sim-timeline.h"
#include "sim/sim-private.h"

typedef struct {
	gint64 begin, end; /* [begin, end) */
	int fifo;
} Stall;

typedef struct {
	gint64 cycle;
	guint words;
} Change;

struct _SySimTimeline {
	SySimResult *result;
	GArray **stalls; /* per process: Stall, by begin */
	GArray **changes; /* per FIFO: Change, by cycle */
	guint *initial; /* per FIFO: its words before the run */
};

typedef struct {
	const SySim *sim;
	SySimTimeline *tl;
	guint *words; /* per FIFO, as the run goes */
} Recorder;

/* sim-run.c's: the words iteration i of n moves, the remainder on the
 * later iterations. */
static gint64 words_at(const SySimFlow *f, gint64 i, gint64 n)
{
	return (i + 1) * f->words / n - i * f->words / n;
}

static void change(Recorder *rec, guint f, gint64 cycle)
{
	GArray *a = rec->tl->changes[f];
	Change c = {cycle, rec->words[f]};

	/* Events come in cycle order: one change a cycle, its last. */
	if (a->len && g_array_index(a, Change, a->len - 1).cycle == cycle)
		g_array_index(a, Change, a->len - 1).words = c.words;
	else
		g_array_append_val(a, c);
}

static void record(guint p, gint64 cycle, guint step, gint64 iter, int fifo,
	gint64 since, gpointer data)
{
	Recorder *rec = data;
	const SySimProcess *proc;
	const SySimStep *s;
	gint64 n;

	if (iter < 0) {
		Stall st = {since, cycle, fifo};

		g_array_append_val(rec->tl->stalls[p], st);
		return;
	}
	proc = g_ptr_array_index(rec->sim->processes, p);
	s = &g_array_index(proc->steps, SySimStep, step);
	n = MAX(s->iters, 1);
	for (guint k = 0; k < s->flows->len; k++) {
		const SySimFlow *f = &g_array_index(s->flows, SySimFlow, k);
		gint64 w = words_at(f, iter, n);

		if (!w)
			continue;
		if (f->write)
			rec->words[f->fifo] += (guint)w;
		else
			rec->words[f->fifo] -= (guint)w;
		change(rec, f->fifo, cycle);
	}
}

static gint64 stalled_sum(const GArray *a)
{
	gint64 sum = 0;

	for (guint k = 0; k < a->len; k++) {
		const Stall *s = &g_array_index(a, Stall, k);

		sum += s->end - s->begin;
	}
	return sum;
}

/* A deadlocked process's last wait never ends, so the trace never
 * reports it: the result's stall less the traced ones, up to the
 * cycle it stopped at, open from there on. */
static void close_waits(SySimTimeline *tl)
{
	const SySimResult *r = tl->result;

	for (guint p = 0; p < r->n_processes; p++) {
		const SySimProcessResult *pr = &r->processes[p];
		gint64 open = pr->stall - stalled_sum(tl->stalls[p]);
		gint64 until = pr->busy + pr->stall;
		Stall st = {until - open, G_MAXINT64, pr->blocked_on};

		if (pr->end < 0 && pr->blocked_on >= 0)
			g_array_append_val(tl->stalls[p], st);
	}
}

static SySimTimeline *timeline_new(const SySim *sim)
{
	SySimTimeline *tl = g_new0(SySimTimeline, 1);
	guint np = sim->processes->len, nf = sim->fifos->len;

	tl->stalls = g_new0(GArray *, np + 1);
	tl->changes = g_new0(GArray *, nf + 1);
	tl->initial = g_new0(guint, nf + 1);
	for (guint p = 0; p < np; p++)
		tl->stalls[p] = g_array_new(FALSE, FALSE, sizeof(Stall));
	for (guint f = 0; f < nf; f++) {
		const SySimFifo *sf = g_ptr_array_index(sim->fifos, f);

		tl->changes[f] = g_array_new(FALSE, FALSE, sizeof(Change));
		tl->initial[f] = sf->initial;
	}
	return tl;
}

SySimTimeline *sy_sim_timeline_record(const SySim *sim, gint64 max_events,
	GCancellable *cancellable, GError **error)
{
	SySimTimeline *tl = timeline_new(sim);
	Recorder rec = {sim, tl,
		g_memdup2(tl->initial, sizeof(guint) * (sim->fifos->len + 1))};
	SySimRunOptions o = {
		max_events ? max_events : SY_SIM_TIMELINE_MAX_EVENTS,
		cancellable, record, &rec};

	tl->result = sy_sim_run(sim, &o, error);
	g_free(rec.words);
	if (!tl->result) {
		sy_sim_timeline_free(tl);
		return NULL;
	}
	close_waits(tl);
	return tl;
}

SySimTimeline *sy_sim_timeline_design(const SyDesign *design,
	const SyModelTarget *target, gint64 max_events,
	GCancellable *cancellable, GError **error)
{
	gint64 limit = max_events ? max_events : SY_SIM_TIMELINE_MAX_EVENTS;
	g_autoptr(SySim)
		sim = sy_sim_design_build(design, target, limit, error);

	return sim ? sy_sim_timeline_record(sim, limit, cancellable, error)
		   : NULL;
}

void sy_sim_timeline_free(SySimTimeline *tl)
{
	if (!tl)
		return;
	/* Both arrays end in NULL. */
	for (guint p = 0; tl->stalls[p]; p++)
		g_array_unref(tl->stalls[p]);
	for (guint f = 0; tl->changes[f]; f++)
		g_array_unref(tl->changes[f]);
	g_free(tl->stalls);
	g_free(tl->changes);
	g_free(tl->initial);
	sy_sim_result_free(tl->result);
	g_free(tl);
}

const SySimResult *sy_sim_timeline_result(const SySimTimeline *tl)
{
	return tl->result;
}

SySimState sy_sim_timeline_state(
	const SySimTimeline *tl, guint p, gint64 t, int *fifo)
{
	const SySimProcessResult *pr = &tl->result->processes[p];
	const GArray *a = tl->stalls[p];
	guint lo = 0, hi = a->len;

	if (fifo)
		*fifo = -1;
	if (t < 0 || (pr->end >= 0 && t >= pr->end))
		return SY_SIM_IDLE;
	/* The first stall beginning after t: lo. */
	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;

		if (g_array_index(a, Stall, mid).begin <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && t < g_array_index(a, Stall, lo - 1).end) {
		if (fifo)
			*fifo = g_array_index(a, Stall, lo - 1).fifo;
		return SY_SIM_STALLED;
	}
	return SY_SIM_BUSY;
}

guint sy_sim_timeline_words(const SySimTimeline *tl, guint f, gint64 t)
{
	const GArray *a = tl->changes[f];
	guint lo = 0, hi = a->len;

	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;

		if (g_array_index(a, Change, mid).cycle <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? g_array_index(a, Change, lo - 1).words : tl->initial[f];
}

guint sy_sim_timeline_n_stalls(const SySimTimeline *tl, guint p)
{
	return tl->stalls[p]->len;
}

gint64 sy_sim_timeline_busy(const SySimTimeline *tl, guint p)
{
	const SySimProcessResult *pr = &tl->result->processes[p];
	const GArray *a = tl->stalls[p];
	gint64 until = pr->end >= 0 ? pr->end : pr->busy + pr->stall;
	gint64 busy = until;

	/* The gaps between stalls, each clipped to the run. */
	for (guint k = 0; k < a->len; k++) {
		const Stall *s = &g_array_index(a, Stall, k);

		busy -= MIN(s->end, until) - s->begin;
	}
	return busy;
}

int sy_sim_timeline_process(const SySimTimeline *tl, const char *name)
{
	for (guint p = 0; p < tl->result->n_processes; p++)
		if (!g_strcmp0(tl->result->processes[p].name, name))
			return (int)p;
	return -1;
}
