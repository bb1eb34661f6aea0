#include <isl/aff.h>
#include <isl/printer.h>
#include <isl/set.h>

#include "report/report.h"

char *sy_report_vector(const gint64 *v, guint n)
{
	GString *out = g_string_new("(");

	for (guint i = 0; i < n; i++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, i ? ", " : "", v[i]);
	g_string_append_c(out, ')');
	return g_string_free(out, FALSE);
}

static char *schedule_yaml(isl_schedule *sched)
{
	isl_printer *p = isl_printer_to_str(isl_schedule_get_ctx(sched));
	char *str;

	p = isl_printer_set_yaml_style(p, ISL_YAML_STYLE_BLOCK);
	p = isl_printer_print_schedule(p, sched);
	str = isl_printer_get_str(p);
	isl_printer_free(p);
	return str;
}

/* An access as its index function: { S0[i, j, k] -> A[i, k] }. */
static char *access_str(const SyAccess *access)
{
	isl_map *map = isl_map_from_multi_pw_aff(
		isl_multi_pw_aff_copy(access->subscripts));
	char *str = isl_map_to_str(map);

	isl_map_free(map);
	return str;
}

static void add_isl_string(JsonBuilder *b, const char *member, char *str)
{
	json_builder_set_member_name(b, member);
	json_builder_add_string_value(b, str);
	free(str);
}

static void add_vector(JsonBuilder *b, const gint64 *v, guint n)
{
	json_builder_begin_array(b);
	for (guint i = 0; i < n; i++)
		json_builder_add_int_value(b, v[i]);
	json_builder_end_array(b);
}

static void add_names(
	JsonBuilder *b, const char *member, const char *const *names, guint n)
{
	json_builder_set_member_name(b, member);
	json_builder_begin_array(b);
	for (guint i = 0; i < n; i++)
		json_builder_add_string_value(b, names[i]);
	json_builder_end_array(b);
}

static void add_arrays(JsonBuilder *b, const SyScop *scop)
{
	json_builder_set_member_name(b, "arrays");
	json_builder_begin_array(b);
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *array = g_ptr_array_index(scop->arrays, i);

		json_builder_begin_object(b);
		json_builder_set_member_name(b, "name");
		json_builder_add_string_value(b, array->name);
		json_builder_set_member_name(b, "type");
		json_builder_add_string_value(b, array->var->base_type);
		json_builder_set_member_name(b, "dims");
		add_vector(b, array->dims, array->n_dims);
		json_builder_set_member_name(b, "local");
		json_builder_add_boolean_value(b, array->local);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

static void add_loops(JsonBuilder *b, const SyBand *band)
{
	json_builder_set_member_name(b, "loops");
	json_builder_begin_array(b);
	for (guint i = 0; i < band->n_members; i++) {
		const SyBandMember *m = &band->members[i];

		json_builder_begin_object(b);
		json_builder_set_member_name(b, "name");
		json_builder_add_string_value(b, m->name);
		json_builder_set_member_name(b, "min");
		json_builder_add_int_value(b, m->min);
		json_builder_set_member_name(b, "max");
		json_builder_add_int_value(b, m->max);
		json_builder_set_member_name(b, "parallel");
		json_builder_add_boolean_value(b, m->coincident);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	add_names(b, "inner_loops", (const char *const *)band->inner->pdata,
		band->inner->len);
	/* Only where isl's scheduler was asked and gave a longer band, so
	 * that every other analysis prints as before. */
	if (band->source_order) {
		json_builder_set_member_name(b, "rescheduled");
		json_builder_add_boolean_value(b, band->rescheduled);
		json_builder_set_member_name(b, "reschedule_note");
		json_builder_add_string_value(b, band->source_order);
	}
	json_builder_set_member_name(b, "band_end");
	if (band->stop)
		json_builder_add_string_value(b, band->stop);
	else
		json_builder_add_null_value(b);
}

static void add_access_list(JsonBuilder *b, const SyStmt *stmt, gboolean write)
{
	json_builder_set_member_name(b, write ? "writes" : "reads");
	json_builder_begin_array(b);
	for (guint i = 0; i < stmt->accesses->len; i++) {
		const SyAccess *access = g_ptr_array_index(stmt->accesses, i);
		char *str;

		if (access->write != write)
			continue;
		str = access_str(access);
		json_builder_add_string_value(b, str);
		free(str);
	}
	json_builder_end_array(b);
}

static void add_statements(JsonBuilder *b, const SyScop *scop)
{
	json_builder_set_member_name(b, "statements");
	json_builder_begin_array(b);
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		json_builder_begin_object(b);
		json_builder_set_member_name(b, "name");
		json_builder_add_string_value(b, stmt->name);
		json_builder_set_member_name(b, "text");
		json_builder_add_string_value(b, stmt->node->text);
		json_builder_set_member_name(b, "line");
		json_builder_add_int_value(b, stmt->node->loc.line);
		add_isl_string(b, "domain", isl_set_to_str(stmt->domain));
		add_access_list(b, stmt, FALSE);
		add_access_list(b, stmt, TRUE);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

/* One line per distinct dependence: references of the same statements
 * and array with the same distance print as one. */
static char *dep_key(const SyDep *dep, char *relation)
{
	g_autofree char *dist = dep->distance
		? sy_report_vector(dep->distance, dep->depth)
		: NULL;

	return g_strdup_printf("%d|%s|%s|%s|%s|%s", dep->kind,
		dep->source->array->name, dep->source->stmt->name,
		dep->sink->stmt->name, dist ? dist : dep->distances, relation);
}

static void add_dependences(JsonBuilder *b, const SyDeps *deps)
{
	g_autoptr(GHashTable) seen = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);

	json_builder_set_member_name(b, "dependences");
	json_builder_begin_array(b);
	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);
		char *relation = isl_map_to_str(dep->relation);
		char *key = dep_key(dep, relation);

		if (!g_hash_table_add(seen, key)) {
			free(relation);
			continue;
		}
		json_builder_begin_object(b);
		json_builder_set_member_name(b, "kind");
		json_builder_add_string_value(b, sy_dep_kind_name(dep->kind));
		json_builder_set_member_name(b, "array");
		json_builder_add_string_value(b, dep->source->array->name);
		json_builder_set_member_name(b, "source");
		json_builder_add_string_value(b, dep->source->stmt->name);
		json_builder_set_member_name(b, "sink");
		json_builder_add_string_value(b, dep->sink->stmt->name);
		json_builder_set_member_name(b, "distance");
		if (dep->distance)
			add_vector(b, dep->distance, dep->depth);
		else
			json_builder_add_null_value(b);
		json_builder_set_member_name(b, "uniform");
		json_builder_add_boolean_value(b, dep->uniform);
		add_isl_string(b, "relation", relation);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

static void add_candidates(JsonBuilder *b, const SyAnalysis *a)
{
	const SyBand *band = a->band;

	json_builder_set_member_name(b, "candidates");
	json_builder_begin_array(b);
	for (guint i = 0; i < a->candidates->len; i++) {
		const SyCandidate *c = g_ptr_array_index(a->candidates, i);

		json_builder_begin_object(b);
		json_builder_set_member_name(b, "id");
		json_builder_add_int_value(b, c->id);
		json_builder_set_member_name(b, "space");
		json_builder_begin_array(b);
		for (guint k = 0; k < c->n_space; k++)
			json_builder_add_string_value(
				b, band->members[c->space[k]].name);
		json_builder_end_array(b);
		json_builder_set_member_name(b, "time");
		json_builder_begin_array(b);
		for (guint m = 0; m < band->n_members; m++) {
			if (!sy_candidate_is_space(c, m))
				json_builder_add_string_value(
					b, band->members[m].name);
		}
		for (guint k = 0; k < band->inner->len; k++)
			json_builder_add_string_value(
				b, g_ptr_array_index(band->inner, k));
		json_builder_end_array(b);
		json_builder_set_member_name(b, "io");
		json_builder_begin_array(b);
		for (guint k = 0; k < c->io->len; k++) {
			const SyIoGroup *g = g_ptr_array_index(c->io, k);

			json_builder_begin_object(b);
			json_builder_set_member_name(b, "array");
			json_builder_add_string_value(b, g->array->name);
			json_builder_set_member_name(b, "kind");
			json_builder_add_string_value(
				b, sy_dep_kind_name(g->kind));
			json_builder_set_member_name(b, "direction");
			add_vector(b, g->direction, g->n_space);
			json_builder_set_member_name(b, "type");
			json_builder_add_string_value(
				b, g->exterior ? "exterior" : "interior");
			json_builder_end_object(b);
		}
		json_builder_end_array(b);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

JsonNode *sy_report_analysis_json(const SyAnalysis *a)
{
	g_autoptr(JsonBuilder) b = json_builder_new();

	json_builder_begin_object(b);
	json_builder_set_member_name(b, "file");
	json_builder_add_string_value(b, a->prog->pp->main->path);
	json_builder_set_member_name(b, "function");
	json_builder_add_string_value(b, a->prog->function);
	add_arrays(b, a->scop);
	add_loops(b, a->band);
	/* Only with the option, so that every other analysis prints as
	 * before. */
	if (a->live_range_reordering) {
		json_builder_set_member_name(b, "live_range_reordering");
		json_builder_add_boolean_value(b, TRUE);
	}
	add_statements(b, a->scop);
	add_isl_string(b, "schedule", schedule_yaml(a->scop->schedule));
	add_isl_string(b, "band_schedule", schedule_yaml(a->band->schedule));
	add_dependences(b, a->deps);
	json_builder_set_member_name(b, "legal");
	json_builder_add_boolean_value(b, a->legal);
	add_names(b, "reasons", (const char *const *)a->reasons->pdata,
		a->reasons->len);
	add_candidates(b, a);
	json_builder_end_object(b);
	return json_builder_get_root(b);
}

/* Text: small tables with columns padded to their widest cell. */

typedef struct {
	guint n_cols;
	GPtrArray *cells; /* char *, row by row */
} Table;

static void table_init(Table *t, guint n_cols)
{
	t->n_cols = n_cols;
	t->cells = g_ptr_array_new_with_free_func(g_free);
}

static void table_add(Table *t, char *cell /* take */)
{
	g_ptr_array_add(t->cells, cell);
}

static void table_print(Table *t, GString *out)
{
	g_autofree guint *width = g_new0(guint, t->n_cols);

	for (guint i = 0; i < t->cells->len; i++) {
		guint len = (guint)g_utf8_strlen(
			g_ptr_array_index(t->cells, i), -1);

		width[i % t->n_cols] = MAX(width[i % t->n_cols], len);
	}
	for (guint i = 0; i < t->cells->len; i++) {
		const char *cell = g_ptr_array_index(t->cells, i);
		gboolean last = i % t->n_cols == t->n_cols - 1;

		if (i % t->n_cols == 0)
			g_string_append(out, "  ");
		g_string_append(out, cell);
		if (last) {
			g_string_append_c(out, '\n');
			continue;
		}
		for (guint k = (guint)g_utf8_strlen(cell, -1);
			k < width[i % t->n_cols] + 2; k++)
			g_string_append_c(out, ' ');
	}
	g_ptr_array_unref(t->cells);
}

static char *member_names(const SyBand *band, const guint *idx, guint n)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < n; i++)
		g_string_append_printf(out, "%s%s", i ? ", " : "",
			band->members[idx ? idx[i] : i].name);
	return g_string_free(out, FALSE);
}

static void text_statements(GString *out, const SyScop *scop)
{
	Table t;

	g_string_append(out, "\nStatements\n");
	table_init(&t, 3);
	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		table_add(&t, g_strdup(stmt->name));
		table_add(&t, g_strdup_printf("line %u", stmt->node->loc.line));
		table_add(&t, g_strdup(stmt->node->text));
	}
	table_print(&t, out);
}

static void text_dependences(GString *out, const SyAnalysis *a)
{
	g_autofree char *loops = member_names(
		a->band, NULL, a->band->n_members);
	g_autoptr(GHashTable) seen = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);
	Table t;

	g_string_append_printf(out, "\nDependences (distances in %s%s%s)\n",
		a->band->n_members ? "(" : "",
		a->band->n_members ? loops : "no loops",
		a->band->n_members ? ")" : "");
	if (a->deps->deps->len == 0) {
		g_string_append(out, "  none\n");
		return;
	}
	table_init(&t, 5);
	table_add(&t, g_strdup("kind"));
	table_add(&t, g_strdup("array"));
	table_add(&t, g_strdup("from"));
	table_add(&t, g_strdup("to"));
	table_add(&t, g_strdup("distance"));
	for (guint i = 0; i < a->deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(a->deps->deps, i);
		char *dist = dep->distance
			? sy_report_vector(dep->distance, dep->depth)
			: g_strdup_printf("not uniform: %s", dep->distances);

		if (!g_hash_table_add(seen, dep_key(dep, dist))) {
			g_free(dist);
			continue;
		}
		table_add(&t, g_strdup(sy_dep_kind_name(dep->kind)));
		table_add(&t, g_strdup(dep->source->array->name));
		table_add(&t, g_strdup(dep->source->stmt->name));
		table_add(&t, g_strdup(dep->sink->stmt->name));
		table_add(&t, dist);
	}
	table_print(&t, out);
}

char *sy_report_io_groups(const SyCandidate *c)
{
	GString *out = g_string_new(NULL);

	for (guint k = 0; k < c->io->len; k++) {
		const SyIoGroup *g = g_ptr_array_index(c->io, k);
		g_autofree char *dir = sy_report_vector(
			g->direction, g->n_space);

		g_string_append_printf(out, "%s%s %s %s %s", k ? "; " : "",
			g->array->name, sy_dep_kind_name(g->kind), dir,
			g->exterior ? "exterior" : "interior");
	}
	return g_string_free(out, FALSE);
}

static void text_candidates(GString *out, const SyAnalysis *a)
{
	Table t;

	g_string_append_printf(out, "\nCandidates (%u)\n", a->candidates->len);
	if (a->candidates->len == 0)
		return;
	table_init(&t, 3);
	table_add(&t, g_strdup("id"));
	table_add(&t, g_strdup("space"));
	table_add(&t, g_strdup("I/O (array kind direction type)"));
	for (guint i = 0; i < a->candidates->len; i++) {
		const SyCandidate *c = g_ptr_array_index(a->candidates, i);

		table_add(&t, g_strdup_printf("%u", c->id));
		table_add(&t, member_names(a->band, c->space, c->n_space));
		table_add(&t, sy_report_io_groups(c));
	}
	table_print(&t, out);
}

/* The arrays declared in the SCoP, as "'V', 'U_tmp'", or "". */
static char *local_names(const SyScop *scop)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);

		if (x->local)
			g_string_append_printf(
				out, "%s'%s'", out->len ? ", " : "", x->name);
	}
	return g_string_free(out, FALSE);
}

char *sy_report_analysis_text(const SyAnalysis *a)
{
	GString *out = g_string_new(NULL);
	g_autofree char *loops = member_names(
		a->band, NULL, a->band->n_members);

	g_string_append_printf(out,
		"%s: SCoP in %s(), %u statement%s, "
		"outermost permutable band (%s)\n",
		a->prog->pp->main->path, a->prog->function, a->scop->stmts->len,
		a->scop->stmts->len == 1 ? "" : "s", loops);
	if (a->band->source_order)
		g_string_append_printf(out, "  %s: %s\n",
			a->band->rescheduled
				? "the band comes from isl's scheduler"
				: "isl's scheduler",
			a->band->source_order);
	if (a->band->stop)
		g_string_append_printf(
			out, "  the band ends: %s\n", a->band->stop);
	if (a->live_range_reordering) {
		g_autofree char *locals = local_names(a->scop);

		g_string_append_printf(out,
			"  --live-range-reordering: the anti and output "
			"dependences of %s do not limit the band\n",
			*locals ? locals
				: "no array (none is declared in the "
				  "SCoP)");
	}
	text_statements(out, a->scop);
	text_dependences(out, a);
	g_string_append_printf(out, "\nLegal: %s\n", a->legal ? "yes" : "no");
	for (guint i = 0; i < a->reasons->len; i++)
		g_string_append_printf(out, "  %s\n",
			(const char *)g_ptr_array_index(a->reasons, i));
	text_candidates(out, a);
	return g_string_free(out, FALSE);
}
