#include <string.h>

#include "compute/check.h"
#include "compute/codegen.h"

typedef struct {
	GString *out;
	const char *indent; /* of the check's lines */
	const SyNames *names; /* NULL: the user's names as they are */
} Check;

static void line(Check *c, const char *format, ...) G_GNUC_PRINTF(2, 3);

static void line(Check *c, const char *format, ...)
{
	va_list args;

	g_string_append(c->out, c->indent);
	va_start(args, format);
	g_string_append_vprintf(c->out, format, args);
	va_end(args);
	g_string_append_c(c->out, '\n');
}

/* The results to compare: what the SCoP writes and outlives it. */
static gboolean is_result(const SyArray *array)
{
	return array->written && !array->local;
}

static gint64 n_elements(const SyArray *array)
{
	gint64 n = 1;

	for (guint d = 0; d < array->n_dims; d++)
		n *= array->dims[d];
	return n;
}

/* The array as the code names it. */
static const char *code_name(const Check *c, const SyArray *array)
{
	return c->names ? sy_names_id(c->names, array->name) : array->name;
}

/* An array's element type as the code names it: the words of the
 * type as written, each renamed if it is (a typedef named 'typename'). */
static char *code_type(const Check *c, const SyArray *array)
{
	g_auto(GStrv) words = g_strsplit(array->var->type, " ", -1);
	GString *out = g_string_new(NULL);

	for (guint i = 0; words[i]; i++)
		g_string_append_printf(out, "%s%s", i ? " " : "",
			c->names ? sy_names_id(c->names, words[i]) : words[i]);
	return g_string_free(out, FALSE);
}

/* The address of an array's first byte: arrays decay, scalars do not. */
static const char *address_of(const SyArray *array)
{
	return array->n_dims ? "" : "&";
}

static void copy(Check *c, const char *to, const char *to_addr,
	const char *from, const char *from_addr, const char *size)
{
	line(c, "for (unsigned long sy_k = 0; sy_k < sizeof %s; sy_k++)", size);
	line(c,
		"    ((unsigned char *)%s%s)[sy_k] = "
		"((const unsigned char *)%s%s)[sy_k];",
		to_addr, to, from_addr, from);
}

static void declare(Check *c, const SyArray *array)
{
	GString *dims = g_string_new(NULL);
	g_autofree char *type = code_type(c, array);

	for (guint d = 0; d < array->n_dims; d++)
		g_string_append_printf(
			dims, "[%" G_GINT64_FORMAT "]", array->dims[d]);
	line(c, "static %s sy_in_%s%s, sy_ref_%s%s;", type, array->name,
		dims->str, array->name, dims->str);
	g_string_free(dims, TRUE);
}

/* Counts the elements that differ and prints the first. */
static void compare(Check *c, const SyArray *array)
{
	const char *name = array->name;
	const char *code = code_name(c, array);
	g_autofree char *type = code_type(c, array);
	const char *base = array->var->base_type;
	const char *tol = strstr(base, "double") ? "1e-12" : "1e-5";
	GString *where = g_string_new(name), *args = g_string_new(NULL);
	gint64 stride = n_elements(array);

	for (guint d = 0; d < array->n_dims; d++) {
		stride /= array->dims[d];
		g_string_append(where, "[%lu]");
		g_string_append(args, ", sy_first");
		if (stride > 1)
			g_string_append_printf(
				args, " / %" G_GINT64_FORMAT "UL", stride);
		if (d > 0)
			g_string_append_printf(args,
				" %% %" G_GINT64_FORMAT "UL", array->dims[d]);
	}
	line(c, "{");
	line(c, "    const %s *sy_got = (const %s *)%s%s;", type, type,
		address_of(array), code);
	line(c, "    const %s *sy_want = (const %s *)%ssy_ref_%s;", type, type,
		address_of(array), name);
	line(c,
		"    unsigned long sy_n = sizeof sy_ref_%s / sizeof *sy_want, "
		"sy_first = 0, sy_diff = 0;",
		name);
	g_string_append_c(c->out, '\n');
	line(c, "    for (unsigned long sy_k = 0; sy_k < sy_n; sy_k++) {");
	if (array->var->integer) {
		line(c,
			"        if (sy_got[sy_k] != sy_want[sy_k] && "
			"!sy_diff++)");
	} else {
		line(c,
			"        double sy_a = (double)sy_got[sy_k], "
			"sy_b = (double)sy_want[sy_k];");
		line(c,
			"        double sy_d = sy_a > sy_b ? sy_a - sy_b : "
			"sy_b - sy_a;");
		line(c,
			"        double sy_m = (sy_a < 0 ? -sy_a : sy_a) + "
			"(sy_b < 0 ? -sy_b : sy_b);");
		g_string_append_c(c->out, '\n');
		line(c,
			"        if (!(sy_d <= %s * sy_m) && "
			"!(sy_a != sy_a && sy_b != sy_b) && !sy_diff++)",
			tol);
	}
	line(c, "            sy_first = sy_k;");
	line(c, "    }");
	line(c, "    if (sy_diff) {");
	line(c,
		"        printf(\"Systole check: %s is %s, the original "
		"SCoP computes %s (%%lu of %%lu elements differ) in version "
		"%%s\\n\"%s, (%s)sy_got[sy_first], (%s)sy_want[sy_first], "
		"sy_diff, sy_n, sy_variant);",
		where->str, array->var->integer ? "%lld" : "%.9g",
		array->var->integer ? "%lld" : "%.9g", args->str,
		array->var->integer ? "long long" : "double",
		array->var->integer ? "long long" : "double");
	line(c, "        sy_failed = 1;");
	line(c, "    }");
	line(c, "}");
	g_string_free(where, TRUE);
	g_string_free(args, TRUE);
}

static void declare_all(Check *c, const SyScop *scop)
{
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(scop->arrays, i);

		if (is_result(a))
			declare(c, a);
	}
}

/* saved = results (or the reverse) for every result. */
static void copy_all(
	Check *c, const SyScop *scop, const char *prefix, gboolean save)
{
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(scop->arrays, i);
		g_autofree char *saved = g_strconcat(prefix, a->name, NULL);
		const char *at = address_of(a);

		if (!is_result(a))
			continue;
		if (save)
			copy(c, saved, at, code_name(c, a), at, saved);
		else
			copy(c, code_name(c, a), at, saved, at, saved);
	}
}

/* One transformed loop nest of sy_check_file. */
static char *loops_version(GString *out, guint i, const char *indent,
	const char *unit, gpointer data)
{
	SyPeArray *const *arrays = data;
	g_autofree char *block = sy_codegen_block(arrays[i], indent, unit);

	g_string_append(out, block);
	return sy_config_to_flags(arrays[i]->config, arrays[i]->choices);
}

void sy_check_block(const SyScop *scop, const SyNames *names,
	const SyScopText *t, guint n, SyCheckVersionFunc version, gpointer data,
	gboolean libc_declared, GString *out)
{
	g_autofree char *inner = g_strconcat(t->indent, t->unit, NULL);
	Check c = {out, t->indent, names};

	line(&c,
		"/* Systole check: the original SCoP, then %u transformed "
		"version%s of it",
		n, n == 1 ? "" : "s");
	line(&c, " * from the same inputs; their results must agree. */");
	line(&c, "{");
	c.indent = inner;
	if (!libc_declared) {
		line(&c, "extern int printf(const char *, ...);");
		line(&c, "extern void exit(int);");
	}
	declare_all(&c, scop);
	line(&c, "const char *sy_variant;");
	line(&c, "int sy_failed = 0;");
	g_string_append_c(out, '\n');
	copy_all(&c, scop, "sy_in_", TRUE);
	line(&c, "{");
	g_string_append_len(
		out, t->src->text + t->body, (gssize)(t->body_end - t->body));
	line(&c, "}");
	copy_all(&c, scop, "sy_ref_", TRUE);
	for (guint i = 0; i < n; i++) {
		g_autofree char *label = NULL;

		copy_all(&c, scop, "sy_in_", FALSE);
		label = version(out, i, inner, t->unit, data);
		line(&c, "sy_variant = \"%u: %s\";", i, label);
		for (guint k = 0; k < scop->arrays->len; k++) {
			const SyArray *x = g_ptr_array_index(scop->arrays, k);

			if (is_result(x))
				compare(&c, x);
		}
	}
	line(&c, "if (sy_failed)");
	line(&c, "    exit(1);");
	line(&c, "printf(\"Systole check: passed (%u version%s)\\n\");", n,
		n == 1 ? "" : "s");
	c.indent = t->indent;
	line(&c, "}");
}

char *sy_check_file(SyPeArray *const *arrays, guint n, GError **error)
{
	SyScopText t;
	GString *out;

	if (!sy_codegen_scop_text(arrays[0]->analysis->prog, &t, error))
		return NULL;
	sy_isl_stage_begin(arrays[0]->analysis->ctx);
	out = g_string_new_len(t.src->text, (gssize)t.begin);
	sy_check_block(arrays[0]->analysis->scop, NULL, &t, n, loops_version,
		(gpointer)arrays, FALSE, out);
	if (!sy_isl_stage_check(arrays[0]->analysis->ctx,
		    sy_analysis_path(arrays[0]->analysis), "the check",
		    error)) {
		g_free(t.indent);
		g_string_free(out, TRUE);
		return NULL;
	}
	g_string_append_len(
		out, t.src->text + t.end, (gssize)(t.src->len - t.end));
	g_free(t.indent);
	return g_string_free(out, FALSE);
}
