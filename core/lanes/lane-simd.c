/* The lane program as C with GCC's vector extensions (lane-emit.h): a
 * strip's W lanes are one sy_vec; a delay line is an array of sy_vec
 * indexed by the step modulo its length (a register rotation), a move
 * of dk lanes a __builtin_shuffle; masks are int vectors of -1 and 0. */
#include "lanes/lane-emit.h"

/* The names of (k, t...) in vector code (k the lanes' vector) and in
 * per-lane code (k the lane's own). */
typedef struct {
	char **vec;
	char **lane;
	char **strip; /* k is the strip's first lane */
} Names;

static void names_init(Names *n, const SyLaneProgram *p)
{
	n->vec = g_new0(char *, p->n_coords + 1);
	n->lane = g_new0(char *, p->n_coords + 1);
	n->strip = g_new0(char *, p->n_coords + 1);
	n->vec[0] = g_strdup("sy_k");
	n->lane[0] = g_strdup("sy_kl");
	n->strip[0] = g_strdup("sy_s0");
	for (guint i = 1; i < p->n_coords; i++) {
		n->vec[i] = g_strdup_printf("sy_t%u", i - 1);
		n->lane[i] = g_strdup(n->vec[i]);
		n->strip[i] = g_strdup(n->vec[i]);
	}
}

static void names_clear(Names *n)
{
	g_strfreev(n->vec);
	g_strfreev(n->lane);
	g_strfreev(n->strip);
}

static const char *bits_type(guint size)
{
	switch (size) {
	case 1: return "signed char";
	case 2: return "short";
	case 8: return "long long";
	default: return "int";
	}
}

/* Whether r's element is at consecutive addresses along the lanes:
 * 1 upwards, -1 downwards (the lanes in reverse order), 0 neither. */
static int contiguous(const SyLaneRead *r)
{
	gint64 c;

	for (guint d = 0; d + 1 < r->n_dims; d++)
		if (r->index[d].coef[0])
			return 0;
	c = r->n_dims ? r->index[r->n_dims - 1].coef[0] : 0;
	return c == 1 || c == -1 ? (int)c : 0;
}

/* Lanes where r's element comes from memory (mask sy_io) into v, or
 * from v to memory (store). */
static void print_lanes_io(GString *out, const SyLaneProgram *p,
	const SyLaneRead *r, const char *v, const char *mask, gboolean store,
	const Names *n, const char *indent)
{
	GString *elem = g_string_new(NULL);

	/* Where the vector's elements are all in the array (the lanes'
	 * row, from the strip's first lane on), it moves whole, blended
	 * with what stays: a load reads elements it drops, a store writes
	 * back the others' values unchanged. */
	if (contiguous(r) == 1 || (contiguous(r) == -1 && !store)) {
		const SyLaneAff *last = &r->index[r->n_dims - 1];
		GString *first = g_string_new(NULL);
		gint64 back = contiguous(r) == -1 ? p->width - 1 : 0;

		sy_lanes_print_element(
			elem, p, r, FALSE, (const char *const *)n->strip);
		sy_lane_aff_print(first, last, p->n_coords,
			(const char *const *)n->strip);
		/* one lane moves on scalars: a vector moved for one lane
		 * costs more, and a store over a vector a later load
		 * overlaps stalls it */
		g_autofree char *many = p->domain->len != 1 ? g_strdup("1")
			: g_str_equal(mask, "sy_m")
			? g_strdup("sy_b > sy_a")
			: g_strdup_printf("%s_n > 1", mask);

		g_string_append_printf(out,
			"%sif (%s && %s >= %" G_GINT64_FORMAT
			" && %s <= %" G_GINT64_FORMAT ") {\n"
			"%s\tsy_vec sy_mem;\n\n"
			"%s\tmemcpy(&sy_mem, &%s - %" G_GINT64_FORMAT
			", sizeof sy_mem);\n",
			indent, many, first->str, back, first->str,
			r->access->array->dims[r->n_dims - 1] - p->width + back,
			indent, indent, elem->str, back);
		g_string_free(first, TRUE);
		if (back) {
			g_string_append_printf(out,
				"%s\tsy_mem = __builtin_shuffle(sy_mem, "
				"(sy_bits){",
				indent);
			for (guint l = 0; l < p->width; l++)
				g_string_append_printf(out, "%s%u",
					l ? ", " : "", p->width - 1 - l);
			g_string_append(out, "});\n");
		}
		if (store)
			g_string_append_printf(out,
				"%s\tsy_mem = sy_blend(%s, %s, sy_mem);\n"
				"%s\tmemcpy(&%s, &sy_mem, sizeof sy_mem);\n",
				indent, mask, v, indent, elem->str);
		else
			g_string_append_printf(out,
				"%s\t%s = sy_blend(%s, sy_mem, %s);\n", indent,
				v, mask, v);
		g_string_append_printf(out, "%s} else\n", indent);
		g_string_truncate(elem, 0);
	}
	sy_lanes_print_element(elem, p, r, FALSE, (const char *const *)n->lane);
	if (p->domain->len != 1) {
		g_string_append_printf(out,
			"%s\tfor (int sy_l = 0; sy_l < %u; sy_l++)\n"
			"%s\t\tif (%s[sy_l]) {\n",
			indent, p->width, indent, mask);
	} else if (g_str_equal(mask, "sy_m")) {
		g_string_append_printf(out,
			"%s\tfor (int sy_l = sy_a; sy_l <= sy_b; sy_l++) {\n"
			"%s\t\t{\n",
			indent, indent);
	} else {
		/* the mask's lanes: at most two ranges (print_neighbour) */
		g_string_append_printf(out,
			"%s\tfor (int sy_r = 0; sy_r < 2; sy_r++)\n"
			"%s\t\tfor (int sy_l = sy_r ? %s_r1a : sy_a; sy_l <= "
			"(sy_r ? sy_b : %s_r0b); sy_l++) {\n",
			indent, indent, mask, mask);
	}
	g_string_append_printf(
		out, "%s\t\t\tconst int sy_kl = sy_s0 + sy_l;\n\n", indent);
	if (store)
		g_string_append_printf(
			out, "%s\t\t\t%s = %s[sy_l];\n", indent, elem->str, v);
	else /* in registers: an insert at a variable lane would go
		through memory and stall the load after it */
		g_string_append_printf(out,
			"%s\t\t\t%s = sy_blend(sy_lane == sy_l, "
			"(sy_vec){0} + %s, %s);\n",
			indent, v, elem->str, v);
	g_string_append_printf(out, "%s\t\t}\n", indent);
	if (p->domain->len == 1 && g_str_equal(mask, "sy_m"))
		g_string_append_printf(out, "%s\t}\n", indent);
	g_string_free(elem, TRUE);
}

/* Whether the domain is one convex piece: then the lanes a step runs
 * are an interval, computed on scalars (sy_span), and so are their
 * neighbours'; else masks come from sy_in_domain on the lanes'
 * vector. */
static gboolean convex(const SyLaneProgram *p)
{
	return p->domain->len == 1;
}

/* name: the lanes of the step (sy_m) whose neighbour sign * (dk, dt)
 * away is not in the domain or not in the strip; name_any and
 * name_all say whether it holds some lanes, all of them. */
static void print_neighbour(GString *out, const SyLaneProgram *p,
	const SyLaneRead *r, int sign, const Names *n, const char *name,
	const char *ind)
{
	gint64 dk = sign * r->dk, e = -dk;

	if (!convex(p)) {
		g_string_append_printf(out,
			"%sconst sy_mask %s = sy_m & ~(sy_in_domain(", ind,
			name);
		sy_lanes_print_shifted(out, p, r, sign, n->vec);
		g_string_append(out, ")");
		if (dk)
			g_string_append_printf(out,
				" & (sy_lane + %" G_GINT64_FORMAT
				" >= 0) & (sy_lane + %" G_GINT64_FORMAT
				" < %u)",
				dk, dk, p->width);
		g_string_append_printf(out,
			");\n%sconst int %s_any = sy_any(%s), %s_all = "
			"sy_all(%s);\n",
			ind, name, name, name, name);
		return;
	}
	/* lane l's neighbour s0 + l - e is in [lo, hi] and the strip */
	g_string_append_printf(
		out, "%sint %s_lo, %s_hi;\n\n%ssy_span(", ind, name, name, ind);
	for (guint i = 1; i < p->n_coords; i++) {
		gint64 d = sign * r->dt[i - 1];

		g_string_append_printf(out, "%s", n->vec[i]);
		if (d)
			g_string_append_printf(out, " %c %" G_GINT64_FORMAT,
				d < 0 ? '-' : '+', d < 0 ? -d : d);
		g_string_append(out, ", ");
	}
	g_string_append_printf(out,
		"&%s_lo, &%s_hi);\n"
		"%s%s_lo = max(%s_lo - sy_s0 + %" G_GINT64_FORMAT
		", %" G_GINT64_FORMAT ");\n"
		"%s%s_hi = min(%s_hi - sy_s0 + %" G_GINT64_FORMAT
		", %" G_GINT64_FORMAT ");\n"
		"%sconst sy_mask %s = sy_m & ~((sy_lane >= %s_lo) & (sy_lane "
		"<= "
		"%s_hi));\n"
		"%sconst int %s_any = %s_lo > %s_hi || sy_a < %s_lo || sy_b > "
		"%s_hi;\n"
		"%sconst int %s_all = sy_m_all && (%s_lo > %s_hi || %s_hi < 0 "
		"|| %s_lo > %u);\n",
		name, name, ind, name, name, e, e, ind, name, name, e,
		(gint64)p->width - 1 + e, ind, name, name, name, ind, name,
		name, name, name, name, ind, name, name, name, name, name,
		p->width - 1);
	/* its lanes as two ranges: [sy_a, r0b] and [r1a, sy_b]; n of them */
	g_string_append_printf(out,
		"%sconst int %s_n = (sy_b - sy_a + 1) - max(0, min(sy_b, "
		"%s_hi) "
		"- max(sy_a, %s_lo) + 1);\n",
		ind, name, name, name);
	g_string_append_printf(out,
		"%sconst int %s_r0b = %s_lo > %s_hi ? sy_b : min(sy_b, %s_lo - "
		"1);\n"
		"%sconst int %s_r1a = %s_lo > %s_hi ? sy_b + 1 : max(sy_a, "
		"%s_hi + 1);\n",
		ind, name, name, name, name, ind, name, name, name, name);
}

static void print_read(
	GString *out, const SyLaneProgram *p, guint i, const Names *n)
{
	const SyLaneRead *r = g_ptr_array_index(p->reads, i);
	const char *ind = "\t\t\t";
	g_autofree char *v = g_strdup_printf("v%u", i);
	GString *elem = g_string_new(NULL);

	g_string_append_printf(out, "%s/* %s: %s */\n", ind,
		r->access->array->name, r->movement);
	switch (r->source) {
	case SY_LANE_SPLAT:
		sy_lanes_print_element(
			elem, p, r, FALSE, (const char *const *)n->strip);
		g_string_append_printf(out,
			"%sconst sy_vec %s = (sy_vec){0} + %s;\n", ind, v,
			elem->str);
		break;
	case SY_LANE_LOAD:
		g_string_append_printf(out, "%ssy_vec %s = {0};\n", ind, v);
		print_lanes_io(out, p, r, v, "sy_m", FALSE, n, ind);
		break;
	case SY_LANE_DELAY:
		g_string_append_printf(out,
			"%ssy_vec *const sy_slot%u = &sy_line%u[sy_tau %% "
			"%" G_GINT64_FORMAT "];\n",
			ind, i, i, r->delay);
		if (r->dk) {
			g_string_append_printf(out,
				"%ssy_vec %s = __builtin_shuffle(*sy_slot%u, "
				"(sy_bits){",
				ind, v, i);
			for (guint l = 0; l < p->width; l++) {
				gint64 from = ((gint64)l - r->dk) % p->width;

				g_string_append_printf(out,
					"%s%" G_GINT64_FORMAT, l ? ", " : "",
					from < 0 ? from + p->width : from);
			}
			g_string_append(out, "});\n");
		} else {
			g_string_append_printf(
				out, "%ssy_vec %s = *sy_slot%u;\n", ind, v, i);
		}
		{
			g_autofree char *name = g_strdup_printf("sy_io%u", i);

			print_neighbour(out, p, r, -1, n, name, ind);
		}
		g_string_append_printf(out, "%sif (sy_io%u_any) {\n", ind, i);
		{
			g_autofree char *mask = g_strdup_printf("sy_io%u", i);
			g_autofree char *ind2 = g_strdup_printf("%s\t", ind);

			print_lanes_io(out, p, r, v, mask, FALSE, n, ind2);
			(void)0;
		}
		g_string_append_printf(out, "%s}\n", ind);
		if (r != p->accumulator)
			g_string_append_printf(
				out, "%s*sy_slot%u = %s;\n", ind, i, v);
		break;
	}
	g_string_free(elem, TRUE);
}

static void print_write(GString *out, const SyLaneProgram *p, const Names *n)
{
	const char *ind = "\t\t\t";
	const SyLaneRead *acc = p->accumulator;

	if (acc) {
		guint i;

		g_ptr_array_find(p->reads, acc, &i);
		g_string_append_printf(out,
			"%s*sy_slot%u = sy_w;\n"
			"%s/* stored where the next instance is not in this "
			"strip */\n",
			ind, i, ind);
		print_neighbour(out, p, acc, 1, n, "sy_st", ind);
		g_string_append_printf(out, "%sif (sy_st_any) {\n", ind);
	} else {
		g_string_append_printf(out,
			"%sconst sy_mask sy_st = sy_m;\n"
			"%s{\n",
			ind, ind);
	}
	print_lanes_io(out, p, p->write, "sy_w", "sy_st", TRUE, n, "\t\t\t\t");
	g_string_append_printf(out, "%s}\n", ind);
}

static void print_helpers(GString *out, const SyLaneProgram *p, const Names *n)
{
	g_string_append_printf(out,
		"typedef systole_elem sy_vec "
		"__attribute__((vector_size(%u)));\n"
		"typedef int sy_mask __attribute__((vector_size(%u)));\n"
		"typedef %s sy_bits __attribute__((vector_size(%u)));\n\n"
		"static const sy_mask sy_lane = {",
		p->width * p->elem_size, p->width * 4, bits_type(p->elem_size),
		p->width * p->elem_size);
	for (guint l = 0; l < p->width; l++)
		g_string_append_printf(out, "%s%u", l ? ", " : "", l);
	g_string_append(out,
		"};\nstatic const sy_mask sy_zero;\n\n"
		"/* The lanes whose instance T^-1 (k, t) is in "
		"the domain. */\n"
		"static inline sy_mask sy_in_domain(sy_mask sy_k");
	for (guint i = 1; i < p->n_coords; i++)
		g_string_append_printf(out, ", int %s", n->vec[i]);
	g_string_append(out, ")\n{\n\treturn ");
	sy_lanes_print_domain(out, p, (const char *const *)n->vec, "sy_zero");
	/* Any and all on the mask's words, which compilers make a few
	 * instructions, not a loop over the lanes. */
	g_string_append_printf(out,
		";\n}\n\n"
		"typedef unsigned %s sy_word;\n\n"
		"static inline int sy_any(sy_mask m)\n{\n"
		"\tsy_word u[sizeof m / sizeof(sy_word)], a = 0;\n\n"
		"\tmemcpy(u, &m, sizeof m);\n"
		"\tfor (unsigned i = 0; i < sizeof m / sizeof(sy_word); i++)\n"
		"\t\ta |= u[i];\n\treturn a != 0;\n}\n\n"
		"static inline int sy_all(sy_mask m)\n{\n"
		"\tsy_word u[sizeof m / sizeof(sy_word)], a = ~(sy_word)0;\n\n"
		"\tmemcpy(u, &m, sizeof m);\n"
		"\tfor (unsigned i = 0; i < sizeof m / sizeof(sy_word); i++)\n"
		"\t\ta &= u[i];\n\treturn a == ~(sy_word)0;\n}\n\n"
		"/* a where m is set, else b */\n"
		"static inline sy_vec sy_blend(sy_mask m, sy_vec a, sy_vec "
		"b)\n{\n"
		"\tconst sy_bits bm = __builtin_convertvector(m, sy_bits);\n\n"
		"\treturn (sy_vec)(((sy_bits)a & bm) | ((sy_bits)b & ~bm));\n"
		"}\n\n",
		p->width == 1 ? "int" : "long long");
}

/* sy_m, the lanes of the step, and sy_m_all; nothing more is done in
 * a step where there are none. */
static void print_step_mask(
	GString *out, const SyLaneProgram *p, const Names *n)
{
	if (!convex(p)) {
		g_string_append(
			out, "\t\t\tconst sy_mask sy_m = sy_in_domain(sy_k");
		for (guint i = 1; i < p->n_coords; i++)
			g_string_append_printf(out, ", %s", n->vec[i]);
		g_string_append(out,
			");\n\n\t\t\tif (!sy_any(sy_m))\n"
			"\t\t\t\tcontinue;\n"
			"\t\t\tconst int sy_m_all = sy_all(sy_m);\n");
		return;
	}
	g_string_append(out, "\t\t\tint sy_a, sy_b;\n\n\t\t\tsy_span(");
	for (guint i = 1; i < p->n_coords; i++)
		g_string_append_printf(out, "%s, ", n->vec[i]);
	g_string_append_printf(out,
		"&sy_a, &sy_b);\n"
		"\t\t\tsy_a = max(sy_a - sy_s0, 0);\n"
		"\t\t\tsy_b = min(sy_b - sy_s0, %u);\n"
		"\t\t\tif (sy_a > sy_b)\n\t\t\t\tcontinue;\n"
		"\t\t\tconst sy_mask sy_m = (sy_lane >= sy_a) & (sy_lane <= "
		"sy_b);\n"
		"\t\t\tconst int sy_m_all = sy_a == 0 && sy_b == %u;\n",
		p->width - 1, p->width - 1);
}

/* sy_span(t..., &lo, &hi): the domain's k at step t, from lo to hi
 * (empty where lo > hi), each constraint bounding k or not. */
static void print_span(GString *out, const SyLaneProgram *p, const Names *n)
{
	const GArray *conj = g_ptr_array_index(p->domain, 0);

	g_string_append(out,
		"static inline int sy_floor(int a, int b)\n{\n"
		"\treturn a >= 0 ? a / b : -((-a + b - 1) / b);\n}\n\n"
		"/* The domain's k at step t: from *lo to *hi. */\n"
		"static inline void sy_span(");
	for (guint i = 1; i < p->n_coords; i++)
		g_string_append_printf(out, "int %s, ", n->vec[i]);
	g_string_append(out,
		"int *lo, int *hi)\n{\n"
		"\tint l = -0x3fffffff, h = 0x3fffffff;\n\n");
	for (guint j = 0; j < conj->len; j++) {
		const SyLaneConstraint *c = &g_array_index(
			conj, SyLaneConstraint, j);
		gint64 a = c->aff.coef[0];
		g_autofree gint64 *coef = g_memdup2(
			c->aff.coef, sizeof(gint64) * p->n_coords);
		SyLaneAff rest = {coef, c->aff.c0};
		GString *r = g_string_new(NULL);

		coef[0] = 0; /* the rest: the step's part */
		sy_lane_aff_print(
			r, &rest, p->n_coords, (const char *const *)n->vec);
		/* a k + r >= 0 (or == 0) */
		if (a == 0)
			g_string_append_printf(out,
				"\tif (%s %s 0)\n\t\th = l - 1;\n", r->str,
				c->eq ? "!=" : "<");
		if (a > 0 || (a < 0 && c->eq))
			g_string_append_printf(out,
				"\tl = max(l, -sy_floor(%s(%s), "
				"%" G_GINT64_FORMAT "));\n",
				a > 0 ? "" : "-", r->str, ABS(a));
		if (a < 0 || (a > 0 && c->eq))
			g_string_append_printf(out,
				"\th = min(h, sy_floor(%s(%s), "
				"%" G_GINT64_FORMAT "));\n",
				a < 0 ? "" : "-", r->str, ABS(a));
		if (a != 0 && c->eq)
			g_string_append_printf(out,
				"\tif ((%s) %% %" G_GINT64_FORMAT
				")\n\t\th = l - 1;\n",
				r->str, ABS(a));
		g_string_free(r, TRUE);
	}
	g_string_append(out, "\t*lo = l;\n\t*hi = h;\n}\n\n");
}

gboolean sy_lanes_strips_independent(const SyLaneProgram *p)
{
	return !p->accumulator || p->accumulator->dk == 0;
}

char *sy_lanes_emit_simd(const SyLaneProgram *p)
{
	GString *out = g_string_new(NULL);
	Names n;

	names_init(&n, p);
	g_string_append_printf(out,
		"/* The lane program, generated by Systole: %u lanes of GCC "
		"vectors.\n",
		p->width);
	for (guint i = 0; i < p->notes->len; i++)
		g_string_append_printf(out, " *   %s\n",
			(const char *)g_ptr_array_index(p->notes, i));
	g_string_append(
		out, " */\n#include <string.h>\n\n#include \"kernel.h\"\n\n");
	sy_lanes_print_prelude(out, FALSE);
	print_helpers(out, p, &n);
	if (convex(p))
		print_span(out, p, &n);
	g_string_append(out, "void systole_lanes(");
	sy_lanes_print_params(out, p, FALSE, "");
	g_string_append(out, ")\n{\n");
	sy_lanes_print_delay_lines(out, p, "sy_vec");
	g_string_append_printf(out,
		"\n\tfor (int sy_s0 = %" G_GINT64_FORMAT
		"; sy_s0 <= %" G_GINT64_FORMAT "; sy_s0 += %u) {\n"
		"\t\tconst sy_mask sy_k = sy_lane + sy_s0;\n"
		"\t\tlong sy_tau = -1;\n\n",
		p->kmin, p->kmax, p->width);
	sy_lanes_print_time_loops(out, p, (const char *const *)n.vec, "\t\t");
	g_string_append(out, "\t\t{\n\t\t\tsy_tau++;\n");
	print_step_mask(out, p, &n);
	for (guint i = 0; i < p->reads->len; i++)
		print_read(out, p, i, &n);
	for (guint i = 0; i < p->stmt->n_iters; i++) {
		g_string_append_printf(out,
			"\t\t\tconst sy_vec it%u = __builtin_convertvector("
			"sy_zero + ",
			i);
		sy_lane_aff_print(out, &p->iters[i], p->n_coords,
			(const char *const *)n.vec);
		g_string_append_printf(
			out, ", sy_vec);\n\t\t\t(void)it%u;\n", i);
	}
	g_string_append(out, "\t\t\tconst sy_vec sy_w = ");
	sy_lanes_print_value(out, p);
	g_string_append(out, ";\n\n");
	print_write(out, p, &n);
	g_string_append(out, "\t\t}\n\t}\n}\n");
	names_clear(&n);
	return g_string_free(out, FALSE);
}
