/* The simulator's graph: processes, their steps, FIFOs. */
#include <string.h>

#include "sim/sim-private.h"

G_DEFINE_QUARK(sy-sim-error-quark, sy_sim_error)

static void process_free(gpointer data)
{
	SySimProcess *p = data;

	for (guint k = 0; k < p->steps->len; k++)
		g_array_unref(g_array_index(p->steps, SySimStep, k).flows);
	g_array_unref(p->steps);
	g_free(p->name);
	g_free(p);
}

static void fifo_free(gpointer data)
{
	SySimFifo *f = data;

	g_free(f->name);
	g_free(f);
}

SySim *sy_sim_new(void)
{
	SySim *sim = g_new0(SySim, 1);

	sim->processes = g_ptr_array_new_with_free_func(process_free);
	sim->fifos = g_ptr_array_new_with_free_func(fifo_free);
	return sim;
}

void sy_sim_free(SySim *sim)
{
	if (!sim)
		return;
	g_ptr_array_unref(sim->processes);
	g_ptr_array_unref(sim->fifos);
	g_free(sim);
}

guint sy_sim_add_fifo(SySim *sim, const char *name, guint depth, guint initial)
{
	SySimFifo *f = g_new0(SySimFifo, 1);

	f->name = g_strdup(name);
	f->depth = MAX(depth, 1);
	f->initial = MIN(initial, f->depth);
	f->producer = f->consumer = -1;
	g_ptr_array_add(sim->fifos, f);
	return sim->fifos->len - 1;
}

guint sy_sim_add_process(SySim *sim, const char *name, const char *family)
{
	SySimProcess *p = g_new0(SySimProcess, 1);

	p->name = g_strdup(name);
	p->family = family;
	p->steps = g_array_new(FALSE, TRUE, sizeof(SySimStep));
	g_ptr_array_add(sim->processes, p);
	return sim->processes->len - 1;
}

void sy_sim_add_step(SySim *sim, guint p, gint64 iters, guint ii, guint depth,
	gint64 start, gint64 min_cycles)
{
	SySimProcess *proc = g_ptr_array_index(sim->processes, p);
	SySimStep s = {MAX(iters, 0), MAX(ii, 1), depth, MAX(start, 0),
		MAX(min_cycles, 0),
		g_array_new(FALSE, FALSE, sizeof(SySimFlow))};

	g_array_append_val(proc->steps, s);
}

/* A FIFO has one producer and one consumer: a second marks it shared,
 * which a run refuses (its order would be the simulator's choice). */
static void use_end(SySimFifo *f, guint p, gboolean write)
{
	int *end = write ? &f->producer : &f->consumer;

	if (*end >= 0 && *end != (int)p)
		f->shared = TRUE;
	*end = (int)p;
}

void sy_sim_step_flow(
	SySim *sim, guint p, guint fifo, gboolean write, gint64 words)
{
	SySimProcess *proc = g_ptr_array_index(sim->processes, p);
	SySimStep *s;
	SySimFlow flow = {fifo, write, words};

	g_return_if_fail(proc->steps->len > 0 && fifo < sim->fifos->len);
	if (words <= 0)
		return;
	s = &g_array_index(proc->steps, SySimStep, proc->steps->len - 1);
	g_array_append_val(s->flows, flow);
	use_end(g_ptr_array_index(sim->fifos, fifo), p, write);
}

void sy_sim_fifo_totals(const SySim *sim, gint64 *written, gint64 *read)
{
	memset(written, 0, sim->fifos->len * sizeof(*written));
	memset(read, 0, sim->fifos->len * sizeof(*read));
	for (guint i = 0; i < sim->processes->len; i++) {
		const SySimProcess *p = g_ptr_array_index(sim->processes, i);

		for (guint k = 0; k < p->steps->len; k++) {
			const SySimStep *s = &g_array_index(
				p->steps, SySimStep, k);

			for (guint j = 0; j < s->flows->len; j++) {
				const SySimFlow *f = &g_array_index(
					s->flows, SySimFlow, j);

				(f->write ? written : read)[f->fifo] +=
					f->words;
			}
		}
	}
}

gint64 sy_sim_events(const SySim *sim)
{
	gint64 n = 0;

	for (guint i = 0; i < sim->processes->len; i++) {
		const SySimProcess *p = g_ptr_array_index(sim->processes, i);

		for (guint k = 0; k < p->steps->len; k++)
			n += MAX(
				g_array_index(p->steps, SySimStep, k).iters, 1);
	}
	return n;
}

guint sy_sim_n_processes(const SySim *sim)
{
	return sim->processes->len;
}

guint sy_sim_n_fifos(const SySim *sim)
{
	return sim->fifos->len;
}

void sy_sim_result_free(SySimResult *r)
{
	if (!r)
		return;
	for (guint k = 0; k < r->n_processes; k++)
		g_free(r->processes[k].name);
	for (guint k = 0; k < r->n_fifos; k++)
		g_free(r->fifos[k].name);
	g_free(r->processes);
	g_free(r->fifos);
	if (r->cycle)
		g_array_unref(r->cycle);
	g_free(r);
}
