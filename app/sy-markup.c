#include "render-style.h"
#include "report/report.h"
#include "sy-markup.h"

static void color_hex(guint index, char *hex)
{
	SyRgb c = sy_render_style_color(sy_render_style_print(), index);

	g_snprintf(hex, 8, "#%02x%02x%02x", (int)(c.r * 255), (int)(c.g * 255),
		(int)(c.b * 255));
}

char *sy_markup_io(const SyArrayScene *scene)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < scene->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(scene->links, i);
		g_autofree char *label = g_markup_escape_text(l->label, -1);
		char hex[8];

		color_hex(l->color, hex);
		g_string_append_printf(out,
			"%s<span foreground=\"%s\">\u25cf</span> %s",
			i ? "\n" : "", hex, label);
	}
	return g_string_free(out, FALSE);
}

static void append_deps_markup(GString *out, const SyAnalysis *a)
{
	g_autoptr(GHashTable) seen = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);

	g_string_append(out, "\n<b>Dependences</b>");
	if (a->band->n_members) {
		GString *loops = g_string_new(NULL);

		for (guint i = 0; i < a->band->n_members; i++)
			g_string_append_printf(loops, "%s%s", i ? ", " : "",
				a->band->members[i].name);
		g_string_append_printf(
			out, " <small>in (%s)</small>", loops->str);
		g_string_free(loops, TRUE);
	}
	for (guint i = 0; i < a->deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(a->deps->deps, i);
		g_autofree char *dist = dep->distance
			? sy_report_vector(dep->distance, dep->depth)
			: g_strdup("not uniform");
		g_autofree char *line = g_markup_printf_escaped(
			"\n%s %s  %s\u2192%s  <tt>%s</tt>",
			sy_dep_kind_name(dep->kind), dep->source->array->name,
			dep->source->stmt->name, dep->sink->stmt->name, dist);

		if (g_hash_table_add(seen, g_strdup(line)))
			g_string_append(out, line);
	}
	if (a->deps->deps->len == 0)
		g_string_append(out, "\nnone");
}

char *sy_markup_details(const SyAnalysis *a, int candidate)
{
	GString *out = g_string_new(NULL);

	if (candidate >= 0) {
		const SyCandidate *c = g_ptr_array_index(
			a->candidates, candidate);
		g_autoptr(SyArrayScene) scene = sy_array_scene_new(a, c, NULL);
		g_autofree char *io = sy_markup_io(scene);
		g_autofree char *title = g_markup_escape_text(scene->title, -1);

		g_string_append_printf(out,
			"<b>%s</b>\nspace_time[%u]\n\n"
			"<b>I/O groups</b>\n%s\n",
			title, c->id, io);
	}
	g_string_append_printf(
		out, "\n<b>Legal:</b> %s", a->legal ? "yes" : "no");
	for (guint i = 0; i < a->reasons->len; i++) {
		g_autofree char *reason = g_markup_escape_text(
			g_ptr_array_index(a->reasons, i), -1);

		g_string_append_printf(out, "\n\u2022 %s", reason);
	}
	if (a->band->source_order) {
		g_autofree char *why = g_markup_escape_text(
			a->band->source_order, -1);

		/* As analyze prints it: whose band this is, and why. */
		g_string_append_printf(out, "\n<small>%s: %s</small>",
			a->band->rescheduled
				? "The band comes from isl's scheduler"
				: "isl's scheduler",
			why);
	}
	if (a->band->stop) {
		g_autofree char *stop = g_markup_escape_text(a->band->stop, -1);

		g_string_append_printf(
			out, "\n<small>The band ends: %s</small>", stop);
	}
	g_string_append_c(out, '\n');
	append_deps_markup(out, a);
	return g_string_free(out, FALSE);
}

char *sy_markup_pe_grid(const gint64 *pe, guint n)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < n; i++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, i ? " \u00d7 " : "", pe[i]);
	g_string_append(out, " PEs");
	return g_string_free(out, FALSE);
}
