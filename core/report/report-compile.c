#include "base/checked.h"
#include "base/json-members.h"
#include "compute/simd-autosa.h"
#include "report/report-compile.h"

/* Band members as names. */
static void member_loops(JsonBuilder *b, const char *name, const SyBand *band,
	const guint *members, guint n)
{
	json_builder_set_member_name(b, name);
	json_builder_begin_array(b);
	for (guint i = 0; i < n; i++)
		json_builder_add_string_value(
			b, band->members[members[i]].name);
	json_builder_end_array(b);
}

static void loop_ref(JsonBuilder *b, const SyLoopRef *ref)
{
	sy_json_member_str(b, "name", ref->name);
	sy_json_member_bool(b, "in_band", ref->in_band);
	sy_json_member_int(b, "extent", ref->extent);
}

static void add_tilable(JsonBuilder *b, const SyChoices *c, const SyConfig *cfg)
{
	json_builder_set_member_name(b, "tilable");
	json_builder_begin_array(b);
	for (guint i = 0; i < c->tilable->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->tilable, i);
		g_autoptr(GArray) div = sy_config_divisors(ref->extent);

		json_builder_begin_object(b);
		loop_ref(b, ref);
		sy_json_member_bool(b, "space", i < c->candidate->n_space);
		sy_json_member_ints(
			b, "divisors", (gint64 *)div->data, div->len);
		sy_json_member_int(b, "tile", cfg->tile[ref->member]);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	json_builder_set_member_name(b, "tile_orders");
	json_builder_begin_array(b);
	for (guint o = 0; o < c->orders->len; o++) {
		GArray *order = g_ptr_array_index(c->orders, o);

		json_builder_begin_array(b);
		for (guint k = 0; k < order->len; k++)
			json_builder_add_string_value(b,
				c->analysis->band
					->members[g_array_index(
						order, guint, k)]
					.name);
		json_builder_end_array(b);
	}
	json_builder_end_array(b);
	member_loops(
		b, "tile_order", c->analysis->band, cfg->order, cfg->n_members);
}

static void add_latency(JsonBuilder *b, const SyChoices *c, const SyConfig *cfg)
{
	json_builder_set_member_name(b, "latency");
	json_builder_begin_array(b);
	for (guint i = 0; i < c->latency->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->latency, i);
		g_autoptr(GArray)
			div = sy_config_divisors(cfg->tile[ref->member]);

		json_builder_begin_object(b);
		loop_ref(b, ref);
		sy_json_member_ints(
			b, "divisors", (gint64 *)div->data, div->len);
		sy_json_member_int(b, "factor", cfg->latency[ref->member]);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

static void add_simd(JsonBuilder *b, const SyChoices *c, const SyConfig *cfg)
{
	json_builder_set_member_name(b, "simd");
	json_builder_begin_array(b);
	for (guint i = 0; i < c->simd->len; i++) {
		const SySimdChoice *sc = g_ptr_array_index(c->simd, i);

		json_builder_begin_object(b);
		loop_ref(b, &sc->loop);
		sy_json_member_bool(b, "parallel", sc->parallel);
		sy_json_member_bool(b, "reduction", sc->reduction);
		sy_json_member_bool(b, "legal", sc->ok);
		sy_json_member_int(b, "score", sc->score);
		sy_json_member_str(b, "reason", sc->reason);
		json_builder_set_member_name(b, "layout");
		json_builder_begin_array(b);
		for (guint k = 0; k < sc->layout->len; k++)
			json_builder_add_string_value(
				b, g_ptr_array_index(sc->layout, k));
		json_builder_end_array(b);
		sy_json_member_int(b, "range", sy_config_simd_range(cfg, c, i));
		sy_json_member_int(b, "factor",
			(int)i == cfg->simd ? cfg->simd_factor : 1);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

/* AutoSA's SIMD candidates at these sizes, in its order: what
 * `simd[...]` in --sa-sizes gives factors to. */
static void add_autosa_simd(
	JsonBuilder *b, const SyChoices *c, const SyConfig *cfg)
{
	g_autoptr(GArray)
		list = sy_autosa_simd_list(c, cfg->tile, cfg->latency);

	json_builder_set_member_name(b, "autosa_simd");
	json_builder_begin_array(b);
	for (guint i = 0; i < list->len; i++) {
		const SyAutosaSimd *e = &g_array_index(list, SyAutosaSimd, i);
		const SySimdChoice *sc = g_ptr_array_index(c->simd, e->simd);

		json_builder_begin_object(b);
		sy_json_member_str(b, "name", sc->loop.name);
		sy_json_member_bool(b, "legal", e->legal);
		json_builder_set_member_name(b, "score");
		json_builder_add_double_value(b, e->score);
		sy_json_member_int(b, "range", e->range);
		sy_json_member_int(b, "factor",
			(int)e->simd == cfg->simd ? cfg->simd_factor : 1);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

static void add_candidate(JsonBuilder *b, const SyChoices *c)
{
	sy_json_member_str(b, "kernel", c->analysis->prog->pp->main->path);
	sy_json_member_int(b, "candidate", c->candidate->id);
	member_loops(b, "space", c->analysis->band, c->candidate->space,
		c->candidate->n_space);
}

JsonNode *sy_report_choices_json(const SyChoices *c, const SyConfig *cfg)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autofree char *sizes = sy_config_to_sa_sizes(cfg, c);
	g_autofree char *flags = sy_config_to_flags(cfg, c);

	json_builder_begin_object(b);
	add_candidate(b, c);
	add_tilable(b, c, cfg);
	add_latency(b, c, cfg);
	add_simd(b, c, cfg);
	add_autosa_simd(b, c, cfg);
	sy_json_member_str(b, "sa_sizes", sizes);
	sy_json_member_str(b, "flags", flags);
	json_builder_end_object(b);
	return json_builder_get_root(b);
}

static void text_divisors(GString *out, gint64 n)
{
	g_autoptr(GArray) div = sy_config_divisors(n);

	for (guint i = 0; i < div->len; i++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT, i ? " " : "",
			g_array_index(div, gint64, i));
}

/* "simd in --sa-sizes (AutoSA's candidates): k (score 15), l (score
 * 7.5, needs a layout change)" */
static void text_autosa_simd(
	GString *out, const SyChoices *c, const SyConfig *cfg)
{
	g_autoptr(GArray)
		list = sy_autosa_simd_list(c, cfg->tile, cfg->latency);

	g_string_append(out, "\nsimd in --sa-sizes (AutoSA's candidates): ");
	for (guint i = 0; i < list->len; i++) {
		const SyAutosaSimd *e = &g_array_index(list, SyAutosaSimd, i);
		const SySimdChoice *sc = g_ptr_array_index(c->simd, e->simd);

		g_string_append_printf(out, "%s%s (score %g%s)", i ? ", " : "",
			sc->loop.name, e->score,
			e->legal ? "" : ", needs a layout change");
	}
	g_string_append(out, list->len ? "\n" : "none\n");
}

char *sy_report_choices_text(const SyChoices *c, const SyConfig *cfg)
{
	GString *out = g_string_new(NULL);
	g_autofree char *sizes = sy_config_to_sa_sizes(cfg, c);

	g_string_append_printf(
		out, "array %u\n\ntile (array_part)\n", c->candidate->id);
	for (guint i = 0; i < c->tilable->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->tilable, i);

		g_string_append_printf(out,
			"  %-6s extent %-6" G_GINT64_FORMAT " %s divisors: ",
			ref->name, ref->extent,
			i < c->candidate->n_space ? "space" : "time ");
		text_divisors(out, ref->extent);
		g_string_append_c(out, '\n');
	}
	g_string_append(out, "\ntile orders (outermost first)\n");
	for (guint o = 0; o < c->orders->len; o++) {
		GArray *order = g_ptr_array_index(c->orders, o);

		g_autofree char *text = sy_choices_order_text(
			c, (const guint *)order->data, ",");

		g_string_append_printf(
			out, "  %s%s\n", text, o ? "" : "  (default)");
	}
	g_string_append(out, "\nlatency (parallel loops)\n");
	for (guint i = 0; i < c->latency->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->latency, i);

		g_string_append_printf(out, "  %-6s factors: ", ref->name);
		text_divisors(out, cfg->tile[ref->member]);
		g_string_append_c(out, '\n');
	}
	if (!c->latency->len)
		g_string_append(out, "  none\n");
	g_string_append(out, "\nsimd\n");
	for (guint i = 0; i < c->simd->len; i++) {
		const SySimdChoice *sc = g_ptr_array_index(c->simd, i);

		g_string_append_printf(out, "  %-6s %-10s score %d%s%s\n",
			sc->loop.name,
			sc->parallel            ? "parallel"
				: sc->reduction ? "reduction"
						: "no",
			sc->score, sc->reason ? "  " : "",
			sc->reason ? sc->reason : "");
		for (guint k = 0; k < sc->layout->len; k++)
			g_string_append_printf(out, "         %s\n",
				(char *)g_ptr_array_index(sc->layout, k));
	}
	text_autosa_simd(out, c, cfg);
	g_string_append_printf(out, "\n--sa-sizes=\"%s\"\n", sizes);
	return g_string_free(out, FALSE);
}

JsonNode *sy_report_pe_array_json(const SyPeArray *array)
{
	const SyChoices *c = array->choices;
	const SyConfig *cfg = array->config;
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autofree char *sizes = sy_config_to_sa_sizes(cfg, c);
	g_autofree char *flags = sy_config_to_flags(cfg, c);

	json_builder_begin_object(b);
	add_candidate(b, c);
	json_builder_set_member_name(b, "loops");
	json_builder_begin_array(b);
	for (guint m = 0; m < cfg->n_members; m++)
		json_builder_add_string_value(
			b, c->analysis->band->members[m].name);
	json_builder_end_array(b);
	sy_json_member_ints(b, "tile", cfg->tile, cfg->n_members);
	sy_json_member_ints(b, "padded_sizes", array->padded, cfg->n_members);
	member_loops(
		b, "tile_order", c->analysis->band, cfg->order, cfg->n_members);
	sy_json_member_ints(b, "latency", cfg->latency, cfg->n_members);
	json_builder_set_member_name(b, "pe");
	json_builder_begin_object(b);
	sy_json_member_ints(b, "dims", array->pe, array->n_space);
	sy_json_member_int(b, "count", sy_pe_array_count(array));
	sy_json_member_int(b, "simd", cfg->simd_factor);
	sy_json_member_str(b, "simd_loop",
		cfg->simd >= 0
			? ((SyLoopRef *)g_ptr_array_index(c->simd, cfg->simd))
				  ->name
			: NULL);
	json_builder_end_object(b);
	sy_json_member_str(b, "sa_sizes", sizes);
	sy_json_member_str(b, "flags", flags);
	json_builder_end_object(b);
	return json_builder_get_root(b);
}

char *sy_report_pe_array_text(const SyPeArray *array)
{
	const SyChoices *c = array->choices;
	const SyConfig *cfg = array->config;
	const SyBand *band = c->analysis->band;
	GString *out = g_string_new(NULL);
	g_autofree char *sizes = sy_config_to_sa_sizes(cfg, c);
	g_autofree char *flags = sy_config_to_flags(cfg, c);
	g_autofree char *order = sy_choices_order_text(c, cfg->order, ",");

	g_string_append_printf(out, "array %u: ", c->candidate->id);
	for (guint k = 0; k < array->n_space; k++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
			k ? " x " : "", array->pe[k]);
	g_string_append_printf(
		out, " PEs (%" G_GINT64_FORMAT ")", sy_pe_array_count(array));
	if (cfg->simd >= 0)
		g_string_append_printf(out, ", SIMD %" G_GINT64_FORMAT " on %s",
			cfg->simd_factor,
			((SyLoopRef *)g_ptr_array_index(c->simd, cfg->simd))
				->name);
	g_string_append(out, "\n\n  loop   extent   tile  padded  latency\n");
	for (guint m = 0; m < cfg->n_members; m++) {
		gint64 extent = 0;

		/* It fits: the analysis refuses extents that do not. */
		sy_checked_span(
			band->members[m].min, band->members[m].max, 1, &extent);
		g_string_append_printf(out,
			"  %-6s %6" G_GINT64_FORMAT " %6" G_GINT64_FORMAT
			" %7" G_GINT64_FORMAT " %8" G_GINT64_FORMAT "\n",
			band->members[m].name, extent, cfg->tile[m],
			array->padded[m], cfg->latency[m]);
	}
	g_string_append_printf(out, "\ntile order: %s\n--sa-sizes=\"%s\"\n%s\n",
		order, sizes, flags);
	return g_string_free(out, FALSE);
}
