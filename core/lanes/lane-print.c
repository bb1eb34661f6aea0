/* What the lane emitters share (lane-emit.h): parameters, element
 * references, the statement's value, the domain test, the reference
 * nest, kernel.h and main.c. */
#include <string.h>

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/printer.h>
#include <isl/schedule.h>

#include "base/escape.h"
#include "lanes/lane-emit.h"

void sy_lanes_print_shifted(GString *out, const SyLaneProgram *p,
	const SyLaneRead *r, int sign, char **names)
{
	for (guint i = 0; i < p->n_coords; i++) {
		gint64 d = sign * (i ? r->dt[i - 1] : r->dk);

		g_string_append_printf(out, "%s%s", i ? ", " : "", names[i]);
		if (d)
			g_string_append_printf(out, " %c %" G_GINT64_FORMAT,
				d < 0 ? '-' : '+', d < 0 ? -d : d);
	}
}

void sy_lanes_print_delay_lines(
	GString *out, const SyLaneProgram *p, const char *elem)
{
	for (guint i = 0; i < p->reads->len; i++) {
		const SyLaneRead *r = g_ptr_array_index(p->reads, i);

		if (r->source == SY_LANE_DELAY)
			g_string_append_printf(out,
				"\t%s sy_line%u[%" G_GINT64_FORMAT
				"]; /* %s's delay line */\n",
				elem, i, r->delay, r->access->array->name);
	}
}

void sy_lanes_print_params(
	GString *out, const SyLaneProgram *p, gboolean flat, const char *prefix)
{
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);

		g_string_append_printf(out, "%s%s%s %s%s", i ? ", " : "",
			prefix, p->elem_type, flat ? "*" : "", a->name);
		for (guint d = 0; !flat && d < a->n_dims; d++)
			g_string_append_printf(
				out, "[%" G_GINT64_FORMAT "]", a->dims[d]);
	}
}

void sy_lanes_print_element(GString *out, const SyLaneProgram *p,
	const SyLaneRead *r, gboolean flat, const char *const *names)
{
	const SyArray *a = r->access->array;

	g_string_append_printf(out, "%s[", a->name);
	for (guint d = 0; d < r->n_dims; d++) {
		if (flat) {
			gint64 size = 1;

			for (guint e = d + 1; e < a->n_dims; e++)
				size *= a->dims[e];
			g_string_append(out, d ? " + (" : "(");
			sy_lane_aff_print(
				out, &r->index[d], p->n_coords, names);
			g_string_append(out, ")");
			if (size != 1)
				g_string_append_printf(
					out, " * %" G_GINT64_FORMAT, size);
		} else {
			if (d)
				g_string_append(out, "][");
			sy_lane_aff_print(
				out, &r->index[d], p->n_coords, names);
		}
	}
	g_string_append(out, "]");
}

typedef struct {
	const SyLaneProgram *p;
	gboolean ok;
	const char *what;
} Subst;

static int read_of(const SyLaneProgram *p, const SyExpr *e)
{
	for (guint i = 0; i < p->reads->len; i++) {
		const SyLaneRead *r = g_ptr_array_index(p->reads, i);

		if (r->access->expr == e)
			return (int)i;
	}
	return -1;
}

static gboolean subst(GString *out, const SyExpr *e, int prec, gpointer user)
{
	Subst *s = user;
	const SyVar *var;
	int i;

	(void)prec;
	switch (e->kind) {
	case SY_EXPR_INDEX:
	case SY_EXPR_NAME:
		i = read_of(s->p, e);
		if (i >= 0) {
			g_string_append_printf(out, "v%d", i);
			return TRUE;
		}
		var = sy_expr_var(e);
		for (guint j = 0; var && j < s->p->stmt->n_iters; j++)
			if (s->p->stmt->iters[j] == var) {
				g_string_append_printf(out, "it%u", j);
				return TRUE;
			}
		s->ok = FALSE;
		s->what = "a name that is neither an array element nor a loop";
		return FALSE;
	case SY_EXPR_CALL:
		s->ok = FALSE;
		s->what = "a function call";
		return FALSE;
	case SY_EXPR_COND:
		s->ok = FALSE;
		s->what = "a conditional expression";
		return FALSE;
	case SY_EXPR_CAST:
		s->ok = FALSE;
		s->what = "a cast";
		return FALSE;
	case SY_EXPR_UNARY:
		if (e->op != SY_P_MINUS && e->op != SY_P_PLUS) {
			s->ok = FALSE;
			s->what = "a unary operator other than - and +";
		}
		return FALSE;
	case SY_EXPR_BINARY:
		if (e->op != SY_P_PLUS && e->op != SY_P_MINUS &&
			e->op != SY_P_STAR && e->op != SY_P_SLASH) {
			s->ok = FALSE;
			s->what = "an operator other than +, -, * and /";
		}
		return FALSE;
	default: return FALSE;
	}
}

static gboolean print_value(GString *out, const SyLaneProgram *p, Subst *s)
{
	const SyNode *node = p->stmt->node;
	SyPunct op = node->op;

	if (op != SY_P_ASSIGN && op != SY_P_ADD_ASSIGN &&
		op != SY_P_SUB_ASSIGN && op != SY_P_MUL_ASSIGN &&
		op != SY_P_DIV_ASSIGN) {
		s->ok = FALSE;
		s->what = "an assignment other than =, +=, -=, *= and /=";
		return FALSE;
	}
	if (op != SY_P_ASSIGN) {
		const char *spelt = sy_punct_spelling(op);

		/* the lhs' read is the first read of a compound assignment */
		g_string_append_printf(out, "v0 %c (", spelt[0]);
	}
	sy_expr_print_with(out, node->rhs, subst, s);
	if (op != SY_P_ASSIGN)
		g_string_append(out, ")");
	return s->ok;
}

gboolean sy_lanes_print_value(GString *out, const SyLaneProgram *p)
{
	Subst s = {p, TRUE, NULL};

	return print_value(out, p, &s);
}

gboolean sy_lanes_value_ok(const SyLaneProgram *p, GError **error)
{
	g_autoptr(GString) out = g_string_new(NULL);
	Subst s = {p, TRUE, NULL};

	if (print_value(out, p, &s))
		return TRUE;
	g_set_error(error, SY_LANES_ERROR, SY_LANES_ERROR_UNSUPPORTED,
		"the statement (%s) has %s; the lane targets compute with "
		"+, -, * and / on array elements and loop iterators",
		p->stmt->node->text, s.what);
	return FALSE;
}

void sy_lanes_print_domain(GString *out, const SyLaneProgram *p,
	const char *const *names, const char *zero)
{
	const char *and = zero ? " & " : " && ";

	for (guint i = 0; i < p->domain->len; i++) {
		const GArray *conj = g_ptr_array_index(p->domain, i);

		g_string_append(out, i ? (zero ? " | (" : " || (") : "(");
		for (guint j = 0; j < conj->len; j++) {
			const SyLaneConstraint *c = &g_array_index(
				conj, SyLaneConstraint, j);

			if (j)
				g_string_append(out, and);
			g_string_append_printf(out, "(%s%s", zero ? zero : "",
				zero ? " + " : "");
			sy_lane_aff_print(out, &c->aff, p->n_coords, names);
			g_string_append(out, c->eq ? " == 0)" : " >= 0)");
		}
		if (!conj->len)
			g_string_append_printf(out, "%s", zero ? "~" : "1");
		if (!conj->len && zero)
			g_string_append(out, zero);
		g_string_append(out, ")");
	}
	if (!p->domain->len)
		g_string_append_printf(out, "%s", zero ? zero : "0");
}

void sy_lanes_print_prelude(GString *out, gboolean opencl)
{
	g_string_append(out, "/* What isl's bounds call. */\n");
	if (!opencl)
		g_string_append(out,
			"#ifndef max\n#define max(x, y) ((x) > (y) ? (x) : "
			"(y))\n#endif\n#ifndef min\n#define min(x, y) ((x) < "
			"(y) ? (x) : (y))\n#endif\n");
	g_string_append(out,
		"#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) "
		": (n) / (d))\n\n");
}

void sy_lanes_print_time_loops(GString *out, const SyLaneProgram *p,
	const char *const *names, const char *ind)
{
	g_string_append_printf(out,
		"%sconst int sy_lo = %s%" G_GINT64_FORMAT "%s%s%s;\n"
		"%sconst int sy_hi = %s%" G_GINT64_FORMAT "%s%s%s;\n\n",
		ind, p->strip_t0_min ? "max(" : "", p->tmin[0],
		p->strip_t0_min ? ", " : "",
		p->strip_t0_min ? p->strip_t0_min : "",
		p->strip_t0_min ? ")" : "", ind, p->strip_t0_max ? "min(" : "",
		p->tmax[0], p->strip_t0_max ? ", " : "",
		p->strip_t0_max ? p->strip_t0_max : "",
		p->strip_t0_max ? ")" : "");
	for (guint i = 0; i < p->n_time; i++) {
		g_autofree char *lo = i
			? g_strdup_printf("%" G_GINT64_FORMAT, p->tmin[i])
			: g_strdup("sy_lo");
		g_autofree char *hi = i
			? g_strdup_printf("%" G_GINT64_FORMAT, p->tmax[i])
			: g_strdup("sy_hi");

		g_string_append_printf(out,
			"%sfor (int %s = %s; %s <= %s; %s++)\n", ind,
			names[i + 1], lo, names[i + 1], hi, names[i + 1]);
	}
}

/* The original schedule as isl prints it, each statement a call
 * "S0(c0, c1);" of the macro the reference defines. */
static char *reference_loops(const SyLaneProgram *p)
{
	isl_ctx *ctx = p->analysis->ctx;
	isl_ast_build *build = isl_ast_build_alloc(ctx);
	isl_ast_node *tree = isl_ast_build_node_from_schedule(
		build, isl_schedule_copy(p->analysis->scop->schedule));
	isl_printer *pr = isl_printer_to_str(ctx);
	char *text;

	isl_ast_build_free(build);
	pr = isl_printer_set_output_format(pr, ISL_FORMAT_C);
	pr = isl_printer_set_indent(pr, 1);
	pr = isl_ast_node_print(tree, pr, isl_ast_print_options_alloc(ctx));
	text = isl_printer_get_str(pr);
	isl_printer_free(pr);
	isl_ast_node_free(tree);
	return text;
}

static void print_banner(GString *out, const SyLaneProgram *p, const char *what)
{
	g_autofree char *path = sy_escape_c_comment(
		sy_analysis_path(p->analysis));
	g_autofree char *stmt = sy_escape_c_comment(p->stmt->node->text);

	g_string_append_printf(out,
		"/* %s, generated by Systole from %s:\n *     %s\n */\n", what,
		path, stmt);
}

char *sy_lanes_emit_reference(const SyLaneProgram *p)
{
	GString *out = g_string_new(NULL);
	g_autofree char *loops = reference_loops(p);
	const SyNode *node = p->stmt->node;

	print_banner(out, p, "The original nest, the reference");
	g_string_append(out, "#include \"kernel.h\"\n\n");
	sy_lanes_print_prelude(out, FALSE);
	g_string_append(out, "void systole_reference(");
	sy_lanes_print_params(out, p, FALSE, "");
	g_string_append_printf(out, ")\n{\n#define %s(", p->stmt->name);
	for (guint i = 0; i < p->stmt->n_iters; i++)
		g_string_append_printf(
			out, "%s%s", i ? ", " : "", p->stmt->iters[i]->name);
	g_string_append(out, ") ");
	sy_expr_print(out, node->lhs);
	g_string_append_printf(out, " %s ", sy_punct_spelling(node->op));
	sy_expr_print(out, node->rhs);
	g_string_append_printf(out, "\n%s#undef %s\n}\n", loops, p->stmt->name);
	return g_string_free(out, FALSE);
}

char *sy_lanes_emit_header(const SyLaneProgram *p, const char *target)
{
	GString *out = g_string_new(NULL);

	print_banner(out, p, "The kernel's arrays");
	g_string_append_printf(out,
		"#pragma once\n\n"
		"/* %s: %u lanes, strips of the space loop k from "
		"%" G_GINT64_FORMAT " to %" G_GINT64_FORMAT
		", %" G_GINT64_FORMAT " time steps a strip */\n"
		"#define SYSTOLE_LANES %u\n"
		"#define SYSTOLE_INTEGER %d\n"
		"typedef %s systole_elem;\n\n",
		target, p->width, p->kmin, p->kmax, p->steps, p->width,
		p->integer, p->elem_type);
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);
		gint64 n = 1;

		for (guint d = 0; d < a->n_dims; d++)
			n *= a->dims[d];
		g_string_append_printf(out,
			"#define SYSTOLE_SIZE_%u %" G_GINT64_FORMAT
			" /* %s: elements */\n",
			i, n, a->name);
	}
	g_string_append(out, "\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n");
	g_string_append(out, "void systole_reference(");
	sy_lanes_print_params(out, p, FALSE, "");
	g_string_append(out, ");\nvoid systole_lanes(");
	sy_lanes_print_params(out, p, FALSE, "");
	g_string_append(out, ");\n#ifdef __cplusplus\n}\n#endif\n");
	return g_string_free(out, FALSE);
}

/* The arrays as main declares them: name, then its copy for the
 * reference. */
static void print_decls(GString *out, const SyLaneProgram *p)
{
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);

		for (int copy = 0; copy < 2; copy++) {
			g_string_append_printf(out, "static systole_elem %s%s",
				copy ? "sy_ref_" : "sy_lane_", a->name);
			for (guint d = 0; d < a->n_dims; d++)
				g_string_append_printf(out,
					"[%" G_GINT64_FORMAT "]", a->dims[d]);
			g_string_append(out, ";\n");
		}
	}
}

static void print_call(GString *out, const SyLaneProgram *p, const char *fn,
	const char *prefix)
{
	g_string_append_printf(out, "%s(", fn);
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);

		g_string_append_printf(
			out, "%s%s%s", i ? ", " : "", prefix, a->name);
	}
	g_string_append(out, ")");
}

static gboolean written(const SyLaneProgram *p, const SyArray *a)
{
	return p->write->access->array == a;
}

char *sy_lanes_emit_main(const SyLaneProgram *p)
{
	GString *out = g_string_new(NULL);

	print_banner(out, p,
		"The check: the lane program against the "
		"original nest");
	g_string_append(out,
		"#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
		"#include <string.h>\n#include <time.h>\n\n"
		"#include \"kernel.h\"\n\n");
	print_decls(out, p);
	g_string_append(out,
		"\n/* The same numbers on every run and machine. */\n"
		"static unsigned long sy_seed = 12345;\n\n"
		"static systole_elem sy_random(void)\n{\n"
		"\tsy_seed = sy_seed * 6364136223846793005ul + "
		"1442695040888963407ul;\n"
		"#if SYSTOLE_INTEGER\n"
		"\treturn (systole_elem)((sy_seed >> 33) % 16) - 8;\n"
		"#else\n"
		"\treturn (systole_elem)((double)(sy_seed >> 11) / "
		"9007199254740992.0 * 2 - 1);\n"
		"#endif\n}\n\n"
		"static void sy_fill(systole_elem *a, systole_elem *ref, long "
		"n)\n"
		"{\n\tfor (long i = 0; i < n; i++)\n"
		"\t\ta[i] = ref[i] = sy_random();\n}\n\n"
		"/* Exact for integers, relative " SY_LANES_FLOAT_TOLERANCE
		" for floating point. */\n"
		"static long sy_compare(const char *name, const systole_elem "
		"*a, "
		"const systole_elem *ref, long n)\n{\n\tlong bad = 0;\n\n"
		"\tfor (long i = 0; i < n; i++) {\n#if SYSTOLE_INTEGER\n"
		"\t\tint same = a[i] == ref[i];\n#else\n"
		"\t\tint same = fabs((double)a[i] - (double)ref[i]) "
		"<= " SY_LANES_FLOAT_TOLERANCE
		" * (1 + fabs((double)ref[i]));\n"
		"#endif\n"
		"\t\tif (!same && bad++ < 5)\n"
		"\t\t\tprintf(\"%s[%ld]: %g, the reference %g\\n\", name, i, "
		"(double)a[i], (double)ref[i]);\n\t}\n\treturn bad;\n}\n\n"
		"static double sy_seconds(void)\n{\n\tstruct timespec t;\n\n"
		"\tclock_gettime(CLOCK_MONOTONIC, &t);\n"
		"\treturn t.tv_sec + t.tv_nsec * 1e-9;\n}\n\n"
		"int main(int argc, char **argv)\n{\n\tlong bad = 0;\n\n");
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);

		g_string_append_printf(out,
			"\tsy_fill((systole_elem *)sy_lane_%s, (systole_elem "
			"*)sy_ref_%s, SYSTOLE_SIZE_%u);\n",
			a->name, a->name, i);
	}
	g_string_append(out, "\t");
	print_call(out, p, "systole_reference", "sy_ref_");
	g_string_append(out, ";\n\t");
	print_call(out, p, "systole_lanes", "sy_lane_");
	g_string_append(out, ";\n");
	for (guint i = 0; i < p->arrays->len; i++) {
		const SyArray *a = g_ptr_array_index(p->arrays, i);

		if (written(p, a))
			g_string_append_printf(out,
				"\tbad += sy_compare(\"%s\", (systole_elem "
				"*)sy_lane_%s, (systole_elem *)sy_ref_%s, "
				"SYSTOLE_SIZE_%u);\n",
				a->name, a->name, a->name, i);
	}
	g_string_append(out,
		"\tif (bad) {\n\t\tprintf(\"FAIL: %ld elements differ\\n\", "
		"bad);\n\t\treturn 1;\n\t}\n\tprintf(\"PASS\\n\");\n"
		"\tif (argc > 1 && strcmp(argv[1], \"bench\") == 0) {\n"
		"\t\tint runs = argc > 2 ? atoi(argv[2]) : 100;\n"
		"\t\tdouble t0, t_ref, t_lanes;\n\n"
		"\t\tt0 = sy_seconds();\n"
		"\t\tfor (int r = 0; r < runs; r++)\n\t\t\t");
	print_call(out, p, "systole_reference", "sy_ref_");
	g_string_append(out,
		";\n\t\tt_ref = (sy_seconds() - t0) / runs;\n"
		"\t\tt0 = sy_seconds();\n"
		"\t\tfor (int r = 0; r < runs; r++)\n\t\t\t");
	print_call(out, p, "systole_lanes", "sy_lane_");
	g_string_append(out,
		";\n\t\tt_lanes = (sy_seconds() - t0) / runs;\n"
		"\t\tprintf(\"reference %.4g ms, lanes %.4g ms a run (%d "
		"runs): the lanes take %.2fx the reference's time\\n\", "
		"t_ref * 1e3, t_lanes * 1e3, runs, t_lanes / t_ref);\n"
		"\t}\n\treturn 0;\n}\n");
	return g_string_free(out, FALSE);
}
