/* AutoSA's --select-rar-dep (ppcg.c: build_rar_dep): which reuse
 * vector a read takes when its subscripts leave several loops free. */
#include <stdlib.h>
#include <string.h>

#include <isl/set.h>

#include "compute/config.h"
#include "compute/select-rar.h"

/* pet's reference ids: every access of every statement in order, the
 * target first, a compound assignment's target once (pet's one access
 * reads and writes it), then the reads in evaluation order; NULL past
 * the last. */
static const SyAccess *pet_ref(const SyScop *scop, guint64 id)
{
	guint64 n = 0;

	for (guint s = 0; s < scop->stmts->len; s++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, s);

		for (guint i = 0; i < stmt->accesses->len; i++) {
			/* Systole reads a compound target in an access of
			 * its own, right after the write. */
			if (i == 1 && stmt->node->op != SY_P_ASSIGN)
				continue;
			if (n++ == id)
				return g_ptr_array_index(stmt->accesses, i);
		}
	}
	return NULL;
}

/* "kernel[]->__pet_ref_N[K]": N and K, or FALSE. */
static gboolean read_item(const char *item, guint64 *id, guint64 *nth)
{
	static const char *const parts[] = {
		"kernel", "[", "]", "->", "__pet_ref_", NULL, "[", NULL, "]"};
	const char *at = item;
	guint64 *values[] = {id, nth};
	guint v = 0;

	for (guint k = 0; k < G_N_ELEMENTS(parts); k++) {
		char *end;

		while (g_ascii_isspace(*at))
			at++;
		if (parts[k]) {
			if (strncmp(at, parts[k], strlen(parts[k])))
				return FALSE;
			at += strlen(parts[k]);
			continue;
		}
		if (!g_ascii_isdigit(*at))
			return FALSE;
		*values[v++] = g_ascii_strtoull(at, &end, 10);
		if (end - at > 9)
			return FALSE;
		at = end;
	}
	while (g_ascii_isspace(*at))
		at++;
	return *at == '\0';
}

/* The loops a read may reuse along, by name: "r, c". */
static char *loop_names(const SyAccess *access, const guint *loops, guint n)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < n; i++)
		g_string_append_printf(out, "%s%u %s", i ? ", " : "", i,
			access->stmt->iters[loops[i]]->name);
	return g_string_free(out, FALSE);
}

/* AutoSA's external read (ppcg.c: is_external_access): no value it
 * reads comes from inside the SCoP. */
static gboolean external(const SyDeps *deps, const SyAccess *access)
{
	isl_set *live = access->write ? NULL : sy_deps_live_in(deps, access);

	return live &&
		isl_set_is_equal(live, access->stmt->domain) == isl_bool_true;
}

/* pet's ids of the reads that have a reuse to choose, for a warning:
 * "__pet_ref_3 (w: 0 r, 1 c)". */
static char *choosable(const SyDeps *deps)
{
	GString *out = g_string_new(NULL);
	const SyAccess *access;

	for (guint64 id = 0; (access = pet_ref(deps->scop, id)); id++) {
		g_autofree guint *loops = g_new(
			guint, access->stmt->n_iters + 1);
		g_autofree char *names = NULL;
		guint n;

		if (!external(deps, access))
			continue;
		n = sy_deps_reuse_loops(access, loops);
		if (n < 2)
			continue;
		names = loop_names(access, loops, n);
		g_string_append_printf(out,
			"%s__pet_ref_%" G_GUINT64_FORMAT " (%s: %s)",
			out->len ? ", " : "", id, access->array->name, names);
	}
	return g_string_free(out, FALSE);
}

/* One choice.  As AutoSA, a reference that is not an external read
 * with two or more reuse candidates is left as it is (a warning says
 * so); a choice past the candidates is an error (AutoSA then drops the
 * read's reuse altogether). */
static gboolean choose(
	SyDeps *deps, guint64 id, guint64 nth, GString *warning, GError **error)
{
	const SyAccess *access = pet_ref(deps->scop, id);
	g_autofree guint *loops = NULL;
	g_autofree char *names = NULL;
	g_autofree char *what = NULL;
	guint n = 0;

	if (access && external(deps, access)) {
		loops = g_new(guint, access->stmt->n_iters + 1);
		n = sy_deps_reuse_loops(access, loops);
		names = loop_names(access, loops, n);
	}
	if (n < 2) {
		g_autofree char *list = choosable(deps);

		what = !access ? g_strdup("names no reference of the SCoP")
			: access->write
			? g_strdup_printf("writes '%s'", access->array->name)
			: g_strdup_printf("reads '%s' %s", access->array->name,
				  external(deps, access)
					  ? "with one reuse candidate or none"
					  : "values the SCoP writes");
		g_string_append_printf(warning,
			"%s--select-rar-dep: __pet_ref_%" G_GUINT64_FORMAT
			" %s; left as AutoSA leaves it (reads with a choice: "
			"%s)",
			warning->len ? "; " : "", id, what,
			*list ? list : "none");
		return TRUE;
	}
	if (nth >= n)
		return sy_config_fail(error,
			"--select-rar-dep: __pet_ref_%" G_GUINT64_FORMAT
			" ('%s') has %u reuse candidates, %s; "
			"[%" G_GUINT64_FORMAT "] is not one",
			id, access->array->name, n, names, nth);
	sy_deps_choose_reuse(deps, access, (guint)nth);
	return TRUE;
}

gboolean sy_select_rar_dep(
	SyAnalysis *a, const char *spec, char **warning, GError **error)
{
	g_autofree char *body = g_strstrip(g_strdup(spec));
	g_autoptr(GString) warned = g_string_new(NULL);
	g_auto(GStrv) items = NULL;
	gsize len = strlen(body);

	*warning = NULL;
	if (a->scop->kills->len)
		return sy_config_fail(error,
			"--select-rar-dep: the SCoP declares variables, and "
			"pet numbers their kills among the references; Systole "
			"numbers references only in SCoPs without "
			"declarations");
	if (len < 2 || body[0] != '{' || body[len - 1] != '}')
		return sy_config_fail(error,
			"--select-rar-dep: cannot read '%s'; it looks like "
			"\"{kernel[]->__pet_ref_4[1]}\"",
			spec);
	body[len - 1] = '\0';
	items = g_strsplit(body + 1, ";", -1);
	for (guint i = 0; items[i]; i++) {
		guint64 id, nth;

		if (!read_item(items[i], &id, &nth))
			return sy_config_fail(error,
				"--select-rar-dep: cannot read '%s'; it looks "
				"like \"{kernel[]->__pet_ref_4[1]}\"",
				g_strstrip(items[i]));
		if (!choose(a->deps, id, nth, warned, error))
			return FALSE;
	}
	if (warned->len)
		*warning = g_strdup(warned->str);
	return sy_analysis_reuse_changed(a, error);
}
