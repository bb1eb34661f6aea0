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
	case 1:
		return "signed char";
	case 2:
		return "short";
	case 8:
		return "long long";
	default:
		return "int";
	}
}

/* Whether r's element is at consecutive addresses along the lanes. */
static gboolean contiguous(const SyLaneRead *r)
{
	for (guint d = 0; d + 1 < r->n_dims; d++)
		if (r->index[d].coef[0])
			return FALSE;
	return r->n_dims && r->index[r->n_dims - 1].coef[0] == 1;
}

/* The coordinates shifted by sign (dk, dt): "sy_k - 1, sy_t0 - 1". */
static void print_shifted(GString *out, const SyLaneProgram *p,
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

/* Lanes where r's element comes from memory (mask sy_io) into v, or
 * from v to memory (store). */
static void print_lanes_io(GString *out, const SyLaneProgram *p,
	const SyLaneRead *r, const char *v, const char *mask, gboolean store,
	const Names *n, const char *indent)
{
	GString *elem = g_string_new(NULL);

	if (contiguous(r)) {
		sy_lanes_print_element(elem, p, r, FALSE,
			(const char *const *)n->strip);
		g_string_append_printf(out,
			"%sif (sy_all(%s))\n%s\tmemcpy(&%s, &%s, sizeof %s);\n"
			"%selse\n",
			indent, mask, indent, store ? elem->str : v,
			store ? v : elem->str, v, indent);
		g_string_truncate(elem, 0);
	}
	sy_lanes_print_element(
		elem, p, r, FALSE, (const char *const *)n->lane);
	g_string_append_printf(out,
		"%s\tfor (int sy_l = 0; sy_l < %u; sy_l++)\n"
		"%s\t\tif (%s[sy_l]) {\n"
		"%s\t\t\tconst int sy_kl = sy_s0 + sy_l;\n\n",
		indent, p->width, indent, mask, indent);
	if (store)
		g_string_append_printf(
			out, "%s\t\t\t%s = %s[sy_l];\n", indent, elem->str, v);
	else
		g_string_append_printf(
			out, "%s\t\t\t%s[sy_l] = %s;\n", indent, v, elem->str);
	g_string_append_printf(out, "%s\t\t}\n", indent);
	g_string_free(elem, TRUE);
}

/* The lanes whose neighbour sign * (dk, dt) away is in the domain and
 * the strip. */
static void print_neighbour(GString *out, const SyLaneProgram *p,
	const SyLaneRead *r, int sign, const Names *n)
{
	gint64 dk = sign * r->dk;

	g_string_append(out, "sy_in_domain(");
	print_shifted(out, p, r, sign, n->vec);
	g_string_append(out, ")");
	if (dk)
		g_string_append_printf(out,
			" & (sy_lane + %" G_GINT64_FORMAT
			" >= 0) & (sy_lane + %" G_GINT64_FORMAT " < %u)",
			dk, dk, p->width);
}

static void print_read(GString *out, const SyLaneProgram *p, guint i,
	const Names *n)
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
		g_string_append_printf(
			out, "%sconst sy_mask sy_io%u = sy_m & ~(", ind, i);
		print_neighbour(out, p, r, -1, n);
		g_string_append_printf(out, ");\n%sif (sy_any(sy_io%u)) {\n", ind, i);
		{
			g_autofree char *mask = g_strdup_printf("sy_io%u", i);
			g_autofree char *ind2 = g_strdup_printf("%s\t", ind);

			print_lanes_io(out, p, r, v, mask, FALSE, n, ind2);
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
			"strip */\n"
			"%sconst sy_mask sy_st = sy_m & ~(",
			ind, i, ind, ind);
		print_neighbour(out, p, acc, 1, n);
		g_string_append(out, ");\n");
	} else {
		g_string_append_printf(out, "%sconst sy_mask sy_st = sy_m;\n", ind);
	}
	g_string_append_printf(out, "%sif (sy_any(sy_st)) {\n", ind);
	print_lanes_io(out, p, p->write, "sy_w", "sy_st", TRUE, n, "\t\t\t\t");
	g_string_append_printf(out, "%s}\n", ind);
}

static void print_helpers(GString *out, const SyLaneProgram *p, const Names *n)
{
	g_string_append_printf(out,
		"typedef systole_elem sy_vec __attribute__((vector_size(%u)));\n"
		"typedef int sy_mask __attribute__((vector_size(%u)));\n"
		"typedef %s sy_bits __attribute__((vector_size(%u)));\n\n"
		"static const sy_mask sy_lane = {",
		p->width * p->elem_size, p->width * 4,
		bits_type(p->elem_size), p->width * p->elem_size);
	for (guint l = 0; l < p->width; l++)
		g_string_append_printf(out, "%s%u", l ? ", " : "", l);
	g_string_append(out, "};\nstatic const sy_mask sy_zero;\n\n"
			     "/* The lanes whose instance T^-1 (k, t) is in "
			     "the domain. */\n"
			     "static inline sy_mask sy_in_domain(sy_mask sy_k");
	for (guint i = 1; i < p->n_coords; i++)
		g_string_append_printf(out, ", int %s", n->vec[i]);
	g_string_append(out, ")\n{\n\treturn ");
	sy_lanes_print_domain(out, p, (const char *const *)n->vec, "sy_zero");
	g_string_append_printf(out,
		";\n}\n\n"
		"static inline int sy_any(sy_mask m)\n{\n\tint a = 0;\n\n"
		"\tfor (int l = 0; l < %u; l++)\n\t\ta |= m[l];\n"
		"\treturn a;\n}\n\n"
		"static inline int sy_all(sy_mask m)\n{\n\tint a = -1;\n\n"
		"\tfor (int l = 0; l < %u; l++)\n\t\ta &= m[l];\n"
		"\treturn a;\n}\n\n",
		p->width, p->width);
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
	g_string_append(out, " */\n#include <string.h>\n\n#include \"kernel.h\"\n\n");
	print_helpers(out, p, &n);
	g_string_append(out, "void systole_lanes(");
	sy_lanes_print_params(out, p, FALSE, "");
	g_string_append(out, ")\n{\n");
	for (guint i = 0; i < p->reads->len; i++) {
		const SyLaneRead *r = g_ptr_array_index(p->reads, i);

		if (r->source == SY_LANE_DELAY)
			g_string_append_printf(out,
				"\tsy_vec sy_line%u[%" G_GINT64_FORMAT
				"]; /* %s's delay line */\n",
				i, r->delay, r->access->array->name);
	}
	g_string_append_printf(out,
		"\n\tfor (int sy_s0 = %" G_GINT64_FORMAT
		"; sy_s0 <= %" G_GINT64_FORMAT "; sy_s0 += %u) {\n"
		"\t\tconst sy_mask sy_k = sy_lane + sy_s0;\n"
		"\t\tlong sy_tau = -1;\n\n",
		p->kmin, p->kmax, p->width);
	for (guint i = 0; i < p->n_time; i++)
		g_string_append_printf(out,
			"\t\tfor (int %s = %" G_GINT64_FORMAT "; %s <= "
			"%" G_GINT64_FORMAT "; %s++)\n",
			n.vec[i + 1], p->tmin[i], n.vec[i + 1], p->tmax[i],
			n.vec[i + 1]);
	g_string_append(out, "\t\t{\n\t\t\tsy_tau++;\n"
			     "\t\t\tconst sy_mask sy_m = sy_in_domain(sy_k");
	for (guint i = 1; i < p->n_coords; i++)
		g_string_append_printf(out, ", %s", n.vec[i]);
	g_string_append(out, ");\n\n\t\t\tif (!sy_any(sy_m))\n\t\t\t\tcontinue;\n");
	for (guint i = 0; i < p->reads->len; i++)
		print_read(out, p, i, &n);
	for (guint i = 0; i < p->stmt->n_iters; i++) {
		g_string_append_printf(out,
			"\t\t\tconst sy_vec it%u = __builtin_convertvector("
			"sy_zero + ",
			i);
		sy_lane_aff_print(out, &p->iters[i], p->n_coords,
			(const char *const *)n.vec);
		g_string_append_printf(out, ", sy_vec);\n\t\t\t(void)it%u;\n", i);
	}
	g_string_append(out, "\t\t\tconst sy_vec sy_w = ");
	sy_lanes_print_value(out, p);
	g_string_append(out, ";\n\n");
	print_write(out, p, &n);
	g_string_append(out, "\t\t}\n\t}\n}\n");
	names_clear(&n);
	return g_string_free(out, FALSE);
}
