/* Running the simulator: an event per issued iteration, processes
 * ordered by the cycle they may next issue at (a binary heap); a
 * process that waits on a FIFO leaves the heap until the FIFO's other
 * end wakes it. */
#include "sim/sim-private.h"

typedef struct {
	gint64 *stamp; /* ring of depth: the cycle each word was written */
	guint head, count;
	guint high_water;
	gint64 written;
	int wait_read, wait_write; /* the process waiting, -1 for none */
} FifoState;

typedef struct {
	guint step;
	gint64 iter;
	gint64 ready; /* the earliest cycle its next iteration may issue */
	gint64 step_begin; /* the cycle its step began */
	gint64 wait_since; /* -1: not waiting */
	gint64 stall, end, iters;
	int blocked;
	int waited; /* the FIFO it last waited on (for the trace) */
	gboolean blocked_write, done;
} ProcState;

typedef struct {
	gint64 time;
	guint p;
} Event;

typedef struct {
	const SySim *sim;
	const SySimRunOptions *o;
	FifoState *fifos;
	ProcState *procs;
	GArray *heap; /* Event */
	gint64 now, events;
} Run;

static gboolean before(const Event *a, const Event *b)
{
	return a->time < b->time || (a->time == b->time && a->p < b->p);
}

static void heap_push(Run *r, gint64 time, guint p)
{
	Event e = {time, p};
	Event *h;
	guint k;

	g_array_append_val(r->heap, e);
	h = (Event *)r->heap->data;
	for (k = r->heap->len - 1; k > 0 && before(&h[k], &h[(k - 1) / 2]);
		k = (k - 1) / 2) {
		Event t = h[k];

		h[k] = h[(k - 1) / 2];
		h[(k - 1) / 2] = t;
	}
}

static Event heap_pop(Run *r)
{
	Event *h = (Event *)r->heap->data;
	Event top = h[0];
	guint n = r->heap->len - 1, k = 0;

	h[0] = h[n];
	g_array_set_size(r->heap, n);
	for (;;) {
		guint l = 2 * k + 1, m = k;

		if (l < n && before(&h[l], &h[m]))
			m = l;
		if (l + 1 < n && before(&h[l + 1], &h[m]))
			m = l + 1;
		if (m == k)
			break;
		Event t = h[k];

		h[k] = h[m];
		h[m] = t;
		k = m;
	}
	return top;
}

static const SySimStep *step_of(const Run *r, guint p)
{
	const SySimProcess *proc = g_ptr_array_index(r->sim->processes, p);

	return &g_array_index(proc->steps, SySimStep, r->procs[p].step);
}

/* The words of a flow iteration i of n moves: spread evenly, the
 * remainder on the later iterations. */
static gint64 words_at(const SySimFlow *f, gint64 i, gint64 n)
{
	return (i + 1) * f->words / n - i * f->words / n;
}

static gint64 step_iters(const SySimStep *s)
{
	return MAX(s->iters, 1);
}

static void wake(Run *r, int p, gint64 time)
{
	if (p < 0)
		return;
	r->procs[p].blocked = -1;
	heap_push(r, MAX(time, r->procs[p].ready), (guint)p);
}

/* Whether iteration `iter` of p's step can issue at now; where it
 * cannot, p waits (on a FIFO, or until *retry where the words it needs
 * are written this cycle). */
static gboolean can_issue(Run *r, guint p, const SySimStep *s, gint64 *retry)
{
	ProcState *ps = &r->procs[p];
	gint64 n = step_iters(s);

	*retry = -1;
	for (guint k = 0; k < s->flows->len; k++) {
		const SySimFlow *f = &g_array_index(s->flows, SySimFlow, k);
		const SySimFifo *sf = g_ptr_array_index(r->sim->fifos, f->fifo);
		FifoState *fs = &r->fifos[f->fifo];
		gint64 w = words_at(f, ps->iter, n);

		if (!w)
			continue;
		if (f->write && fs->count + w > sf->depth) {
			ps->blocked = ps->waited = (int)f->fifo;
			ps->blocked_write = TRUE;
			fs->wait_write = (int)p;
			*retry = -1;
			return FALSE;
		}
		if (!f->write && fs->count < w) {
			ps->blocked = ps->waited = (int)f->fifo;
			ps->blocked_write = FALSE;
			fs->wait_read = (int)p;
			*retry = -1;
			return FALSE;
		}
		if (!f->write) {
			gint64 last = fs->stamp[(fs->head + w - 1) % sf->depth];

			if (last + 1 > r->now) {
				*retry = MAX(*retry, last + 1);
				ps->waited = (int)f->fifo;
			}
		}
	}
	return *retry < 0;
}

static void commit(Run *r, guint p, const SySimStep *s)
{
	ProcState *ps = &r->procs[p];
	gint64 n = step_iters(s);

	for (guint k = 0; k < s->flows->len; k++) {
		const SySimFlow *f = &g_array_index(s->flows, SySimFlow, k);
		const SySimFifo *sf = g_ptr_array_index(r->sim->fifos, f->fifo);
		FifoState *fs = &r->fifos[f->fifo];
		gint64 w = words_at(f, ps->iter, n);

		if (!w)
			continue;
		if (f->write) {
			for (gint64 j = 0; j < w; j++)
				fs->stamp[(fs->head + fs->count++) %
					sf->depth] = r->now;
			fs->written += w;
			fs->high_water = MAX(fs->high_water, fs->count);
			wake(r, fs->wait_read, r->now + 1);
			fs->wait_read = -1;
		} else {
			fs->head = (guint)((fs->head + w) % sf->depth);
			fs->count -= (guint)w;
			wake(r, fs->wait_write, r->now);
			fs->wait_write = -1;
		}
	}
}

/* The step after p's current one begins at `at`; FALSE where p is
 * done. */
static gboolean next_step(Run *r, guint p, gint64 at)
{
	const SySimProcess *proc = g_ptr_array_index(r->sim->processes, p);
	ProcState *ps = &r->procs[p];

	ps->iter = 0;
	ps->step_begin = at;
	if (++ps->step >= proc->steps->len) {
		ps->done = TRUE;
		ps->end = at;
		return FALSE;
	}
	ps->ready = at + step_of(r, p)->start;
	return TRUE;
}

/* Issues p's next iteration at r->now where it can. */
static void issue(Run *r, guint p)
{
	ProcState *ps = &r->procs[p];
	const SySimStep *s = step_of(r, p);
	gint64 retry, end;

	if (ps->wait_since < 0)
		ps->wait_since = r->now;
	if (!can_issue(r, p, s, &retry)) {
		if (retry >= 0)
			heap_push(r, retry, p);
		return;
	}
	if (ps->wait_since < r->now) {
		ps->stall += r->now - ps->wait_since;
		if (r->o && r->o->trace)
			r->o->trace(p, r->now, ps->step, -1, ps->waited,
				ps->wait_since, r->o->trace_data);
	}
	ps->wait_since = -1;
	ps->blocked = -1;
	commit(r, p, s);
	r->events++;
	ps->iters += s->iters > 0;
	if (r->o && r->o->trace)
		r->o->trace(p, r->now, ps->step, ps->iter, -1, r->now,
			r->o->trace_data);
	ps->ready = r->now + s->ii;
	if (++ps->iter < step_iters(s)) {
		heap_push(r, ps->ready, p);
		return;
	}
	/* The last iteration leaves the pipeline depth cycles after it. */
	end = (s->iters > 0 ? r->now + s->ii : r->now) + s->depth;
	end = MAX(end, ps->step_begin + s->start + s->min_cycles);
	if (next_step(r, p, end))
		heap_push(r, ps->ready, p);
}

/* Whether every iteration of p's steps moves at most a FIFO's depth
 * of words through it (more would wait forever). */
static gboolean fits(const SySim *sim, const SySimProcess *p, GError **error)
{
	for (guint k = 0; k < p->steps->len; k++) {
		const SySimStep *s = &g_array_index(p->steps, SySimStep, k);

		for (guint j = 0; j < s->flows->len; j++) {
			const SySimFlow *f = &g_array_index(
				s->flows, SySimFlow, j);
			const SySimFifo *sf = g_ptr_array_index(
				sim->fifos, f->fifo);
			gint64 n = step_iters(s);
			gint64 most = (f->words + n - 1) / n;

			if (most > sf->depth) {
				g_set_error(error, SY_SIM_ERROR,
					SY_SIM_ERROR_INVALID,
					"simulate: %s moves %" G_GINT64_FORMAT
					" words an iteration through %s, "
					"deeper than its %u",
					p->name, most, sf->name, sf->depth);
				return FALSE;
			}
		}
	}
	return TRUE;
}

static gboolean check(const SySim *sim, gint64 limit, GError **error)
{
	gint64 events = sy_sim_events(sim);

	for (guint k = 0; k < sim->processes->len; k++)
		if (!fits(sim, g_ptr_array_index(sim->processes, k), error))
			return FALSE;

	for (guint k = 0; k < sim->fifos->len; k++) {
		const SySimFifo *f = g_ptr_array_index(sim->fifos, k);

		if (f->shared) {
			g_set_error(error, SY_SIM_ERROR, SY_SIM_ERROR_INVALID,
				"simulate: FIFO %s has more than one writer "
				"or reader",
				f->name);
			return FALSE;
		}
	}
	if (events > limit) {
		g_set_error(error, SY_SIM_ERROR, SY_SIM_ERROR_LIMIT,
			"simulate: the design takes %" G_GINT64_FORMAT
			" events, over the limit of %" G_GINT64_FORMAT
			"; simulate smaller sizes (fewer tiles or a "
			"smaller problem)",
			events, limit);
		return FALSE;
	}
	return TRUE;
}

/* Processes waiting on each other in a cycle: from each waiting
 * process, the FIFO's other end, until a process comes round again. */
static GArray *wait_cycle(const Run *r)
{
	guint n = r->sim->processes->len;
	g_autofree int *seen = g_new0(int, n);
	GArray *cycle = g_array_new(FALSE, FALSE, sizeof(guint));

	for (guint start = 0; start < n && !cycle->len; start++) {
		int p = (int)start;

		for (guint k = 0; k < n; k++)
			seen[k] = -1;
		for (int step = 0; p >= 0 && seen[p] < 0; step++) {
			const SySimFifo *f;

			seen[p] = step;
			if (r->procs[p].done || r->procs[p].blocked < 0) {
				p = -1;
				break;
			}
			f = g_ptr_array_index(
				r->sim->fifos, r->procs[p].blocked);
			p = r->procs[p].blocked_write ? f->consumer
						      : f->producer;
		}
		if (p < 0)
			continue;
		/* p starts the cycle. */
		for (int q = p;;) {
			const SySimFifo *f = g_ptr_array_index(
				r->sim->fifos, r->procs[q].blocked);
			guint u = (guint)q;

			g_array_append_val(cycle, u);
			q = r->procs[q].blocked_write ? f->consumer
						      : f->producer;
			if (q == p)
				break;
		}
	}
	return cycle;
}

static SySimResult *result_new(const Run *r)
{
	const SySim *sim = r->sim;
	SySimResult *res = g_new0(SySimResult, 1);

	res->events = r->events;
	res->n_processes = sim->processes->len;
	res->n_fifos = sim->fifos->len;
	res->processes = g_new0(SySimProcessResult, res->n_processes + 1);
	res->fifos = g_new0(SySimFifoResult, res->n_fifos + 1);
	for (guint k = 0; k < res->n_processes; k++) {
		const SySimProcess *p = g_ptr_array_index(sim->processes, k);
		const ProcState *ps = &r->procs[k];
		SySimProcessResult *pr = &res->processes[k];
		gint64 until = ps->done ? ps->end : r->now;

		pr->name = g_strdup(p->name);
		pr->family = p->family;
		pr->stall = ps->stall;
		if (!ps->done && ps->wait_since >= 0)
			pr->stall += r->now - ps->wait_since;
		pr->busy = until - pr->stall;
		pr->end = ps->done ? ps->end : -1;
		pr->iters = ps->iters;
		pr->blocked_on = ps->done ? -1 : ps->blocked;
		pr->blocked_write = ps->blocked_write;
		if (!ps->done)
			res->deadlock = TRUE;
		res->cycles = MAX(res->cycles, until);
	}
	for (guint k = 0; k < res->n_fifos; k++) {
		const SySimFifo *f = g_ptr_array_index(sim->fifos, k);

		res->fifos[k] = (SySimFifoResult){g_strdup(f->name), f->depth,
			r->fifos[k].high_water, r->fifos[k].written,
			f->producer, f->consumer};
	}
	res->cycle = res->deadlock ? wait_cycle(r) : NULL;
	return res;
}

static void run_free(Run *r)
{
	for (guint k = 0; k < r->sim->fifos->len; k++)
		g_free(r->fifos[k].stamp);
	g_free(r->fifos);
	g_free(r->procs);
	g_array_unref(r->heap);
}

static void run_init(Run *r)
{
	const SySim *sim = r->sim;

	r->fifos = g_new0(FifoState, sim->fifos->len + 1);
	r->procs = g_new0(ProcState, sim->processes->len + 1);
	r->heap = g_array_new(FALSE, FALSE, sizeof(Event));
	for (guint k = 0; k < sim->fifos->len; k++) {
		const SySimFifo *f = g_ptr_array_index(sim->fifos, k);
		FifoState *fs = &r->fifos[k];

		fs->stamp = g_new0(gint64, f->depth);
		/* Initial words are there from before the run. */
		for (guint j = 0; j < f->initial; j++)
			fs->stamp[j] = -1;
		fs->count = fs->high_water = f->initial;
		fs->wait_read = fs->wait_write = -1;
	}
	for (guint k = 0; k < sim->processes->len; k++) {
		const SySimProcess *p = g_ptr_array_index(sim->processes, k);
		ProcState *ps = &r->procs[k];

		ps->blocked = ps->waited = -1;
		ps->wait_since = -1;
		ps->end = -1;
		if (!p->steps->len) {
			ps->done = TRUE;
			ps->end = 0;
			continue;
		}
		ps->ready = g_array_index(p->steps, SySimStep, 0).start;
		heap_push(r, ps->ready, k);
	}
}

SySimResult *sy_sim_run(
	const SySim *sim, const SySimRunOptions *options, GError **error)
{
	gint64 limit = options && options->max_events ? options->max_events
						      : SY_SIM_MAX_EVENTS;
	Run r = {sim, options, NULL, NULL, NULL, 0, 0};
	GCancellable *cancel = options ? options->cancellable : NULL;
	SySimResult *res;

	if (!check(sim, limit, error) ||
		g_cancellable_set_error_if_cancelled(cancel, error))
		return NULL;
	run_init(&r);
	while (r.heap->len) {
		Event e = heap_pop(&r);

		r.now = e.time;
		issue(&r, e.p);
		if ((r.events & 0xffff) == 0 &&
			g_cancellable_set_error_if_cancelled(cancel, error)) {
			run_free(&r);
			return NULL;
		}
	}
	res = result_new(&r);
	run_free(&r);
	return res;
}

char *sy_sim_result_describe_deadlock(const SySimResult *r)
{
	GString *s;

	if (!r->deadlock)
		return NULL;
	s = g_string_new(NULL);
	g_string_append_printf(
		s, "deadlock at cycle %" G_GINT64_FORMAT, r->cycles);
	for (guint k = 0; k < r->n_processes; k++) {
		const SySimProcessResult *p = &r->processes[k];
		const SySimFifoResult *f;
		int other;

		if (p->end >= 0 || p->blocked_on < 0)
			continue;
		f = &r->fifos[p->blocked_on];
		other = p->blocked_write ? f->consumer : f->producer;
		g_string_append_printf(s, "; %s waits to %s %s (%s, depth %u)",
			p->name, p->blocked_write ? "write" : "read", f->name,
			p->blocked_write ? "full" : "empty", f->depth);
		if (other >= 0)
			g_string_append_printf(s, ", %s by %s",
				p->blocked_write ? "drained" : "filled",
				r->processes[other].name);
	}
	if (r->cycle && r->cycle->len) {
		g_string_append(s, "; the cycle:");
		for (guint k = 0; k < r->cycle->len; k++)
			g_string_append_printf(s, " %s ->",
				r->processes[g_array_index(r->cycle, guint, k)]
					.name);
		g_string_append_printf(s, " %s",
			r->processes[g_array_index(r->cycle, guint, 0)].name);
	}
	return g_string_free(s, FALSE);
}
