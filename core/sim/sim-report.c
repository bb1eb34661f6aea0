/* A simulation's result as text and JSON (sim-report.h). */
#include "sim/sim-report.h"

char *sy_sim_result_text(const SySimResult *r, double model_cycles)
{
	GString *s = g_string_new(NULL);
	g_autofree char *why = sy_sim_result_describe_deadlock(r);

	if (why)
		g_string_append_printf(s, "simulated: %s\n", why);
	else
		g_string_append_printf(s,
			"simulated: %" G_GINT64_FORMAT
			" cycles, no deadlock (%" G_GINT64_FORMAT " events)\n",
			r->cycles, r->events);
	if (model_cycles > 0 && !r->deadlock)
		g_string_append_printf(s,
			"model: %.0f cycles (simulated / model = %.3f)\n",
			model_cycles, (double)r->cycles / model_cycles);
	g_string_append_printf(s, "\n%-40s %12s %12s %12s\n", "module", "busy",
		"stall", "end");
	for (guint k = 0; k < r->n_processes; k++) {
		const SySimProcessResult *p = &r->processes[k];

		g_string_append_printf(s,
			"%-40s %12" G_GINT64_FORMAT " %12" G_GINT64_FORMAT,
			p->name, p->busy, p->stall);
		if (p->end >= 0)
			g_string_append_printf(
				s, " %12" G_GINT64_FORMAT "\n", p->end);
		else
			g_string_append_printf(s, " %12s\n", "blocked");
	}
	g_string_append_printf(s, "\n%-56s %6s %10s %10s\n", "FIFO", "depth",
		"high-water", "words");
	for (guint k = 0; k < r->n_fifos; k++) {
		const SySimFifoResult *f = &r->fifos[k];

		g_string_append_printf(s,
			"%-56s %6u %10u %10" G_GINT64_FORMAT "\n", f->name,
			f->depth, f->high_water, f->words);
	}
	return g_string_free(s, FALSE);
}

static void add_int(JsonBuilder *b, const char *name, gint64 v)
{
	json_builder_set_member_name(b, name);
	json_builder_add_int_value(b, v);
}

static void add_string(JsonBuilder *b, const char *name, const char *v)
{
	json_builder_set_member_name(b, name);
	json_builder_add_string_value(b, v);
}

static void add_blocked(JsonBuilder *b, const SySimResult *r)
{
	json_builder_set_member_name(b, "blocked");
	json_builder_begin_array(b);
	for (guint k = 0; k < r->n_processes; k++) {
		const SySimProcessResult *p = &r->processes[k];

		if (p->end >= 0 || p->blocked_on < 0)
			continue;
		json_builder_begin_object(b);
		add_string(b, "module", p->name);
		add_string(b, "fifo", r->fifos[p->blocked_on].name);
		add_string(b, "waits_to", p->blocked_write ? "write" : "read");
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	json_builder_set_member_name(b, "deadlock_cycle");
	json_builder_begin_array(b);
	for (guint k = 0; r->cycle && k < r->cycle->len; k++)
		json_builder_add_string_value(b,
			r->processes[g_array_index(r->cycle, guint, k)].name);
	json_builder_end_array(b);
}

JsonNode *sy_sim_result_json(const SySimResult *r, double model_cycles)
{
	g_autoptr(JsonBuilder) b = json_builder_new();

	json_builder_begin_object(b);
	add_int(b, "cycles", r->cycles);
	json_builder_set_member_name(b, "deadlock");
	json_builder_add_boolean_value(b, r->deadlock);
	add_int(b, "events", r->events);
	if (model_cycles > 0) {
		json_builder_set_member_name(b, "model_cycles");
		json_builder_add_double_value(b, model_cycles);
	}
	if (r->deadlock)
		add_blocked(b, r);
	json_builder_set_member_name(b, "modules");
	json_builder_begin_array(b);
	for (guint k = 0; k < r->n_processes; k++) {
		const SySimProcessResult *p = &r->processes[k];

		json_builder_begin_object(b);
		add_string(b, "name", p->name);
		add_string(b, "family", p->family);
		add_int(b, "busy", p->busy);
		add_int(b, "stall", p->stall);
		add_int(b, "end", p->end);
		add_int(b, "iterations", p->iters);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	json_builder_set_member_name(b, "fifos");
	json_builder_begin_array(b);
	for (guint k = 0; k < r->n_fifos; k++) {
		const SySimFifoResult *f = &r->fifos[k];

		json_builder_begin_object(b);
		add_string(b, "name", f->name);
		add_int(b, "depth", f->depth);
		add_int(b, "high_water", f->high_water);
		add_int(b, "words", f->words);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	json_builder_end_object(b);
	return json_builder_get_root(b);
}
