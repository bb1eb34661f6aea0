/* The top function (kernel0) and the header around it, printed from the
 * design: the kernel's interface (design->kernel), its FIFOs, and the
 * modules of hls-io.c and hls-pe.c called in a dataflow region. */
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "hls/hls-private.h"

void sy_hls_files_clear(SyHlsFiles *files)
{
	g_clear_pointer(&files->kernel, g_free);
	g_clear_pointer(&files->header, g_free);
	g_clear_pointer(&files->testbench, g_free);
	g_clear_pointer(&files->host, g_free);
	g_clear_pointer(&files->warnings, g_ptr_array_unref);
}

/* The top function */

static char *kernel_params(const SyDesignKernel *k, gboolean typed)
{
	GString *s = g_string_new(NULL);
	g_autoptr(GPtrArray) args = sy_design_kernel_arguments(k);

	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);

		g_autofree char *word = sy_design_port_word(port);

		for (guint j = 0; j < sy_design_port_parts(port); j++) {
			g_autofree char *name = sy_design_port_part(port, j);

			g_string_append_printf(s, "%s%s%s%s",
				s->len ? ", " : "", typed ? word : "",
				typed ? " *" : "", name);
		}
	}
	for (guint i = 0; i < args->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(args, i);

		if (typed)
			g_string_append_printf(s, "%s%s %s", s->len ? ", " : "",
				x->ctype, x->id);
		else
			g_string_append_printf(
				s, "%s%s", s->len ? ", " : "", x->id);
	}
	/* The launch's tiles, last (sy_hls_launch's, without its
	 * separator after). */
	for (guint d = 0; d < k->n_launch; d++)
		g_string_append_printf(s, "%s%ssy_l%u", s->len ? ", " : "",
			typed ? "int " : "", d);
	return g_string_free(s, FALSE);
}

/* The depth design.json gives the FIFOs of that name (--fifo-depth). */
static guint fifo_depth(const SyHlsGen *hls, const char *name)
{
	const GPtrArray *fifos = hls->design->fifos;

	for (guint i = 0; i < fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(fifos, i);

		if (g_str_equal(f->name, name))
			return f->depth;
	}
	return 2;
}

static void declare_stream(
	SyHlsGen *hls, const char *type, const char *name, const char *dims)
{
	GString *out = hls->out;
	guint depth = fifo_depth(hls, name);

	g_string_append_printf(out,
		"    hls::stream<%s> %s%s;\n#pragma HLS STREAM variable=%s "
		"depth=%u\n",
		type, name, dims, name, depth);
}

/* Whether a path declares what its stem's paths share (its word type,
 * its PE FIFOs): every path through DRAM whose port has the stem's name
 * (SyDesignPort.declares), and the temporaries passed PE to PE. */
static gboolean declares_stem(const SyHlsGen *hls, guint i)
{
	const GPtrArray *ports = hls->kernel->ports;

	return i >= ports->len ||
		((const SyDesignPort *)g_ptr_array_index(ports, i))->declares;
}

/* Whether the design's I/O facts f are those of a path through DRAM
 * (it has a port and modules), not a temporary passed PE to PE. */
static gboolean through_dram(const SyIoPathFacts *f)
{
	return f->path->role != SY_PATH_PASS;
}

static void declare_fifos(SyHlsGen *hls)
{
	const SyDesignKernel *k = hls->kernel;
	const GPtrArray *paths = hls->io->paths;

	for (guint i = 0; i < paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(paths, i);
		const SyIoPath *p = f->path;
		const char *way = p->in ? "in" : "out";
		g_autofree char *word = g_strdup_printf("%s_word", p->prefix);
		g_autofree char *pe_word = sy_hls_word(
			p->plain_array, f->lanes);
		g_autofree char *l2 = g_strdup_printf(
			"fifo_%s_%s_IO_L2_%s", p->prefix, p->prefix, way);
		g_autofree char *l1 = g_strdup_printf(
			"fifo_%s_%s_IO_L1_%s", p->prefix, p->prefix, way);
		g_autofree char *pe = g_strdup_printf("fifo_%s_PE", p->prefix);
		gint64 n2 = p->exterior
			? f->units
			: k->grid->count / k->grid->pe[f->along];
		GString *dims = g_string_new(NULL);

		/* Chains of n modules: n FIFOs, the boundary module at
		 * the far end has none beyond it.  Temporaries passed PE
		 * to PE have no modules. */
		g_string_printf(dims, "[%" G_GINT64_FORMAT "]", n2);
		if (through_dram(f))
			declare_stream(hls, word, l2, dims->str);
		if (!p->exterior) {
			g_string_printf(dims,
				"[%" G_GINT64_FORMAT "][%" G_GINT64_FORMAT "]",
				n2, k->grid->pe[f->along]);
			declare_stream(hls, word, l1, dims->str);
		}
		/* One PE FIFO array per stem: partial results in and out
		 * share it. */
		if (declares_stem(hls, i)) {
			g_string_truncate(dims, 0);
			for (guint d = 0; d < k->grid->n_space; d++)
				g_string_append_printf(dims,
					"[%" G_GINT64_FORMAT "]",
					k->grid->pe[d] +
						(p->exterior &&
							p->direction[d]));
			declare_stream(hls, pe_word, pe, dims->str);
		}
		g_string_free(dims, TRUE);
	}
}

/* SyHlsModule calls of a path: one L2 module of a chain (i, on a chain
 * or, under --hbm, a part of per modules) with its FIFO, the next
 * module's unless it is the last of its part, and the FIFO below. */
static void call_l2(GString *out, const SyDesignKernel *k, const char *P,
	const char *way, gint64 i, gint64 per, const char *below)
{
	gboolean last = i % per == per - 1;

	g_string_append_printf(
		out, "    %s_IO_L2_%s%s(", P, way, last ? "_boundary" : "");
	sy_hls_launch(out, k, FALSE);
	g_string_append_printf(out,
		"%" G_GINT64_FORMAT ", fifo_%s_%s_IO_L2_%s[%" G_GINT64_FORMAT
		"], ",
		i, P, P, way, i);
	if (!last)
		g_string_append_printf(out,
			"fifo_%s_%s_IO_L2_%s[%" G_GINT64_FORMAT "], ", P, P,
			way, i + 1);
	g_string_append_printf(out, "%s);\n", below);
}

/* An exterior path's L2 module of line l, which meets the PEs at
 * coordinate at along the path. */
static void call_line(
	SyHlsGen *hls, const SyIoPathFacts *f, gint64 l, gint64 at)
{
	const SyIoPath *p = f->path;
	const char *way = p->in ? "in" : "out";
	gint64 coord[3];
	g_autofree char *index = NULL, *below = NULL;

	sy_design_kernel_unit_coords(hls->kernel, f->along, at, l, coord);
	index = sy_hls_fifo_index(
		coord, hls->kernel->grid->n_space, p->in ? -1 : (int)f->along);
	below = g_strdup_printf("fifo_%s_PE%s", p->prefix, index);
	call_l2(hls->out, hls->kernel, p->prefix, way, l,
		f->units / sy_io_path_ports(p), below);
}

/* An interior path's L2 module of chain c, above its first L1 module. */
static void call_chain(SyHlsGen *hls, const SyIoPathFacts *f, gint64 c)
{
	const SyIoPath *p = f->path;
	const char *way = p->in ? "in" : "out";
	g_autofree char *below = g_strdup_printf(
		"fifo_%s_%s_IO_L1_%s[%" G_GINT64_FORMAT "][0]", p->prefix,
		p->prefix, way, c);

	call_l2(hls->out, hls->kernel, p->prefix, way, c,
		hls->kernel->grid->count / hls->kernel->grid->pe[f->along] /
			sy_io_path_ports(p),
		below);
}

/* The L1 module of chain c at place q (along the chain's space loop),
 * next to its PE. */
static void call_l1(SyHlsGen *hls, const SyIoPathFacts *f, gint64 c, gint64 q)
{
	const SyDesignKernel *k = hls->kernel;
	const SyIoPath *p = f->path;
	const char *P = p->prefix, *way = p->in ? "in" : "out";
	gboolean last = q == k->grid->pe[f->along] - 1;
	GString *out = hls->out;
	gint64 coord[3];
	g_autofree char *at = NULL;

	sy_design_kernel_unit_coords(hls->kernel, f->along, q, c, coord);
	at = sy_hls_fifo_index(coord, k->grid->n_space, -1);
	g_string_append_printf(
		out, "    %s_IO_L1_%s%s(", P, way, last ? "_boundary" : "");
	sy_hls_launch(out, k, FALSE);
	for (guint d = 0; d < k->grid->n_space; d++)
		g_string_append_printf(out, "%" G_GINT64_FORMAT ", ", coord[d]);
	g_string_append_printf(out,
		"fifo_%s_%s_IO_L1_%s[%" G_GINT64_FORMAT "][%" G_GINT64_FORMAT
		"], ",
		P, P, way, c, q);
	if (!last)
		g_string_append_printf(out,
			"fifo_%s_%s_IO_L1_%s[%" G_GINT64_FORMAT
			"][%" G_GINT64_FORMAT "], ",
			P, P, way, c, q + 1);
	g_string_append_printf(out, "fifo_%s_PE%s);\n", P, at);
}

/* The L3 modules of a path: one per DRAM port (--hbm), each at the
 * head of its part of the L2 chain (of l2 modules). */
static void call_l3(
	SyHlsGen *hls, const SyIoPath *p, const SyDesignPort *port, gint64 l2)
{
	const char *way = p->in ? "in" : "out";
	guint parts = sy_design_port_parts(port);

	for (guint j = 0; j < parts; j++) {
		g_autofree char *name = sy_design_port_part(port, j);

		g_string_append_printf(
			hls->out, "    %s_IO_L3_%s(", p->prefix, way);
		sy_hls_launch(hls->out, hls->kernel, FALSE);
		g_string_append_printf(hls->out,
			"%s, fifo_%s_%s_IO_L2_%s[%" G_GINT64_FORMAT "]);\n",
			name, p->prefix, p->prefix, way, l2 / parts * j);
	}
}

/* The module calls of an input path, from the DRAM port to the PEs. */
static void call_in(
	SyHlsGen *hls, const SyIoPathFacts *f, const SyDesignPort *port)
{
	const SyDesignKernel *k = hls->kernel;
	const SyIoPath *p = f->path;
	gint64 chains = k->grid->count / k->grid->pe[f->along];

	call_l3(hls, p, port, p->exterior ? f->units : chains);
	if (p->exterior) {
		for (gint64 l = 0; l < f->units; l++)
			call_line(hls, f, l, 0);
		return;
	}
	for (gint64 c = 0; c < chains; c++)
		call_chain(hls, f, c);
	for (gint64 c = 0; c < chains; c++)
		for (gint64 q = 0; q < k->grid->pe[f->along]; q++)
			call_l1(hls, f, c, q);
}

/* The module calls of an output path, from the PEs to the DRAM port:
 * the farthest module of every chain first. */
static void call_out(
	SyHlsGen *hls, const SyIoPathFacts *f, const SyDesignPort *port)
{
	const SyDesignKernel *k = hls->kernel;
	const SyIoPath *p = f->path;
	gint64 chains = k->grid->count / k->grid->pe[f->along];

	if (p->exterior) {
		for (gint64 l = f->units; l-- > 0;)
			call_line(hls, f, l, k->grid->pe[f->along] - 1);
	} else {
		for (gint64 c = 0; c < chains; c++)
			for (gint64 q = k->grid->pe[f->along]; q-- > 0;)
				call_l1(hls, f, c, q);
		for (gint64 c = chains; c-- > 0;)
			call_chain(hls, f, c);
	}
	call_l3(hls, p, port, p->exterior ? f->units : chains);
}

/* Whether the paths have an exterior one out of p's array. */
static gboolean goes_out(const GPtrArray *paths, const SyIoPath *p)
{
	for (guint i = 0; i < paths->len; i++) {
		const SyIoPath *o =
			((const SyIoPathFacts *)g_ptr_array_index(paths, i))
				->path;

		if (o->plain_array == p->plain_array && !o->in && o->exterior)
			return TRUE;
	}
	return FALSE;
}

/* Whether the last PEs of a path's lines pass what they read on to a
 * dummy: inputs read PE to PE, temporaries passed PE to PE, and a
 * table whose edges leave each PE by a drain (comm/hls-chain.h). */
static gboolean leaves_lines(const SyHlsGen *hls, const SyIoPath *p)
{
	return p->in && p->exterior &&
		(p->role == SY_PATH_READ || p->role == SY_PATH_PASS ||
			(p->role == SY_PATH_PARTIAL &&
				!goes_out(hls->io->paths, p)));
}

/* The writers of chains without a way in, before their PEs. */
static void call_heads(SyHlsGen *hls)
{
	const SyDesignKernel *k = hls->kernel;
	const GPtrArray *paths = hls->io->paths;

	for (guint i = 0; i < paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(paths, i);

		if (!f->headless)
			continue;
		for (gint64 l = 0; l < f->units; l++) {
			gint64 coord[3];
			g_autofree char *here = NULL;

			sy_design_kernel_unit_coords(
				hls->kernel, f->along, 0, l, coord);
			here = sy_hls_fifo_index(coord, k->grid->n_space, -1);
			g_string_append_printf(hls->out,
				"    %s_PE_dummy_head(fifo_%s_PE%s);\n",
				f->path->prefix, f->path->prefix, here);
		}
	}
}

/* PE_wrapper of the PE at coord: its coordinates, the kernel's scalars,
 * its FIFOs in the order of the paths. */
static void call_pe(SyHlsGen *hls, const gint64 *coord, const GPtrArray *args)
{
	const SyDesignKernel *k = hls->kernel;
	const GPtrArray *paths = hls->io->paths;
	GString *out = hls->out;

	g_string_append(out, "    PE_wrapper(");
	sy_hls_launch(out, k, FALSE);
	for (guint d = 0; d < k->grid->n_space; d++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, d ? ", " : "", coord[d]);
	for (guint d = 0; d < args->len; d++)
		g_string_append_printf(out, ", %s",
			((SyDesignArray *)g_ptr_array_index(args, d))->id);
	for (guint i = 0; i < paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(paths, i);
		const SyIoPath *io = f->path;
		int a = io->exterior ? (int)f->along : -1;
		g_autofree char *here = sy_hls_fifo_index(
			coord, k->grid->n_space, -1);
		g_autofree char *next = sy_hls_fifo_index(
			coord, k->grid->n_space, a);

		if (io->in || f->headless)
			g_string_append_printf(
				out, ", fifo_%s_PE%s", io->prefix, here);
		if (leaves_lines(hls, io))
			g_string_append_printf(
				out, ", fifo_%s_PE%s", io->prefix, next);
		if (!io->in)
			g_string_append_printf(out, ", fifo_%s_PE%s",
				io->prefix, io->exterior ? next : here);
	}
	g_string_append(out, ");\n");
}

/* What leaves the last PEs of inputs' lines. */
static void call_tails(SyHlsGen *hls)
{
	const SyDesignKernel *k = hls->kernel;
	const GPtrArray *paths = hls->io->paths;
	GString *out = hls->out;

	for (guint i = 0; i < paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(paths, i);
		const SyIoPath *io = f->path;
		guint a = f->along;

		if (!leaves_lines(hls, io))
			continue;
		for (gint64 l = 0; l < f->units; l++) {
			gint64 coord[3];
			g_autofree char *next = NULL;

			sy_design_kernel_unit_coords(
				hls->kernel, a, k->grid->pe[a] - 1, l, coord);
			next = sy_hls_fifo_index(
				coord, k->grid->n_space, (int)a);
			g_string_append_printf(
				out, "    %s_PE_dummy_in(", io->prefix);
			/* Dropping dummies loop over tiles. */
			if (io->role == SY_PATH_READ)
				sy_hls_launch(out, k, FALSE);
			for (guint d = 0; d < k->grid->n_space; d++)
				g_string_append_printf(out,
					"%" G_GINT64_FORMAT ", ", coord[d]);
			g_string_append_printf(
				out, "fifo_%s_PE%s);\n", io->prefix, next);
		}
	}
}

static void call_pes(SyHlsGen *hls)
{
	const SyDesignKernel *k = hls->kernel;
	g_autoptr(GPtrArray) args = sy_design_kernel_arguments(k);

	call_heads(hls);
	for (gint64 i = 0; i < k->grid->count; i++) {
		gint64 coord[3], rest = i;

		for (guint d = k->grid->n_space; d-- > 0;) {
			coord[d] = rest % k->grid->pe[d];
			rest /= k->grid->pe[d];
		}
		call_pe(hls, coord, args);
	}
	call_tails(hls);
}

/* The port of the design's path i (the kernel's ports are in the
 * order of its paths through DRAM). */
static const SyDesignPort *port_at(const SyDesignKernel *k, guint i)
{
	return g_ptr_array_index(k->ports, i);
}

static void emit_top(SyHlsGen *hls)
{
	const SyDesignKernel *k = hls->kernel;
	GString *out = hls->out;
	g_autofree char *params = kernel_params(k, TRUE);
	g_autoptr(GPtrArray) args = sy_design_kernel_arguments(k);

	g_string_append_printf(
		out, "extern \"C\" {\nvoid kernel0(%s)\n{\n", params);
	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);
		guint parts = sy_design_port_parts(port);

		/* depth: what co-simulation sizes the port's memory to;
		 * --hbm's parts each move their share. */
		for (guint j = 0; j < parts; j++) {
			g_autofree char *name = sy_design_port_part(port, j);

			g_string_append_printf(out,
				"#pragma HLS INTERFACE m_axi port=%s "
				"offset=slave bundle=gmem_%s "
				"depth=%" G_GINT64_FORMAT "\n",
				name, name, MAX(1, port->words / parts));
		}
	}
	for (guint i = 0; i < args->len; i++)
		g_string_append_printf(out,
			"#pragma HLS INTERFACE s_axilite port=%s "
			"bundle=control\n",
			((SyDesignArray *)g_ptr_array_index(args, i))->id);
	for (guint d = 0; d < k->n_launch; d++)
		g_string_append_printf(out,
			"#pragma HLS INTERFACE s_axilite port=sy_l%u "
			"bundle=control\n",
			d);
	g_string_append(out,
		"#pragma HLS INTERFACE s_axilite port=return bundle=control\n"
		"#pragma HLS DATAFLOW\n\n");
	declare_fifos(hls);
	g_string_append_c(out, '\n');
	for (guint i = 0; i < k->ports->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(hls->io->paths, i);

		if (f->path->in)
			call_in(hls, f, port_at(k, i));
	}
	call_pes(hls);
	for (guint i = 0; i < k->ports->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(hls->io->paths, i);

		if (!f->path->in)
			call_out(hls, f, port_at(k, i));
	}
	g_string_append(out, "}\n}\n");
}

/* The header: word types, bit casts, the kernel's prototype */

static void emit_bits(GString *out, const SyDesignArray *x, GHashTable *done)
{
	const char *type = x->ctype;
	g_autofree char *tag = sy_hls_tag(type);
	guint b = x->bits;

	if (g_hash_table_contains(done, type))
		return;
	g_hash_table_add(done, (gpointer)type);
	if (g_str_equal(type, "float") || g_str_equal(type, "double")) {
		const char *u = b == 32 ? "unsigned int" : "unsigned long long";

		g_string_append_printf(out,
			"static inline ap_uint<%u> sy_to_bits_%s(%s v)\n{\n    "
			"union { %s f; %s u; } c;\n\n    c.f = v;\n    return "
			"ap_uint<%u>(c.u);\n}\n\n"
			"static inline %s sy_from_bits_%s(ap_uint<%u> b)\n{\n  "
			"  union { %s f; %s u; } c;\n\n    c.u = "
			"b.to_uint64();\n"
			"    return c.f;\n}\n\n",
			b, tag, type, type, u, b, type, tag, b, type, u);
		return;
	}
	g_string_append_printf(out,
		"static inline ap_uint<%u> sy_to_bits_%s(%s v)\n{\n    return "
		"ap_uint<%u>(v);\n}\n\n"
		"static inline %s sy_from_bits_%s(ap_uint<%u> b)\n{\n    "
		"return "
		"(%s)b.to_uint64();\n}\n\n",
		b, tag, type, b, type, tag, b, type);
}

/* The file's functions the statements call, as it defines them (the
 * PE calls them). */
static void emit_functions(SyHlsGen *hls)
{
	const GPtrArray *functions = hls->kernel->functions;

	if (!functions->len)
		return;
	g_string_append(hls->out,
		"/* The functions of the kernel's file that its statements "
		"call. */\n");
	for (guint i = 0; i < functions->len; i++) {
		const SyDesignFunction *f = g_ptr_array_index(functions, i);

		g_string_append_printf(hls->out, "%s\n\n", f->text);
	}
}

/* Vitis HLS's ap_[u]int: up to 1024 bits by default (UG1399); wider
 * ones need AP_INT_MAX_W (the design never needs more than it allows:
 * comm/kernel-facts.h refuses it). */
#define SY_AP_INT_DEFAULT_W 1024

static char *emit_header(const SyDesignKernel *k)
{
	GString *out = g_string_new(NULL);
	g_autoptr(GHashTable) done = g_hash_table_new(g_str_hash, g_str_equal);
	g_autofree char *params = kernel_params(k, TRUE);
	g_autofree char *fpga = sy_hls_fpga_params(k);
	g_autofree char *path = sy_escape_c_comment(k->source);

	g_string_append_printf(out,
		"/* Generated by Systole from %s, %s. */\n#ifndef "
		"SYSTOLE_KERNEL_H\n#define SYSTOLE_KERNEL_H\n\n",
		path, k->grid->sizes);
	/* Wider words than Vitis's default need its limit raised before
	 * ap_int.h comes in. */
	if (k->widest_word > SY_AP_INT_DEFAULT_W)
		g_string_append_printf(out,
			"/* Words of %u bits: more than ap_int.h allows by "
			"default. */\n#ifndef AP_INT_MAX_W\n#define "
			"AP_INT_MAX_W %u\n#endif\n",
			k->widest_word, k->widest_word);
	g_string_append(
		out, "#include <ap_int.h>\n#include <hls_stream.h>\n\n");
	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);
		const SyDesignArray *x = g_ptr_array_index(
			k->arrays, port->array);

		if (port->declares)
			g_string_append_printf(out,
				"typedef ap_uint<%u> %s_word;\n",
				port->pack * x->bits, port->stem);
	}
	/* --host-serialize: the DRAM's words, whole FIFO words each. */
	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);
		const SyDesignArray *x = g_ptr_array_index(
			k->arrays, port->array);
		g_autofree char *word = sy_design_port_word(port);

		if (port->serial > 1)
			g_string_append_printf(out, "typedef ap_uint<%u> %s;\n",
				port->serial * port->pack * x->bits, word);
	}
	g_string_append_c(out, '\n');
	for (guint i = 0; i < k->arrays->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(k->arrays, i);

		if (!x->local)
			emit_bits(out, x, done);
	}
	g_string_append_printf(out,
		"extern \"C\" void kernel0(%s);\n\n"
		"#ifdef SYSTOLE_XRT\n/* src/host.cpp: kernel0 on the FPGA, on "
		"the same words. */\n#include <vector>\n\n"
		"void systole_run_fpga(%s);\n#endif\n\n#endif\n",
		params, fpga);
	return g_string_free(out, FALSE);
}

static char *emit_kernel(SyHlsGen *hls)
{
	hls->out = g_string_new(NULL);
	g_string_append(hls->out,
		"#include \"systole_kernel.h\"\n\n"
		"#define sy_min(x, y) ((x) < (y) ? (x) : (y))\n"
		"#define sy_max(x, y) ((x) > (y) ? (x) : (y))\n"
		"#define sy_floord(n, d) ((n) < 0 ? -((-(n) + (d) - 1) / "
		"(d)) : (n) / (d))\n\n");
	emit_functions(hls);
	for (guint i = 0; i < hls->io->paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(hls->io->paths, i);

		if (through_dram(f))
			sy_hls_io_emit(hls, f);
	}
	for (guint i = 0; i < hls->io->paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(hls->io->paths, i);

		if (leaves_lines(hls, f->path))
			sy_hls_io_emit_dummy(hls, f);
		if (f->headless)
			sy_hls_io_emit_head_dummy(hls, f);
	}
	sy_hls_emit_pe(hls);
	emit_top(hls);
	return g_string_free(hls->out, FALSE);
}

void sy_hls_generate(const SyDesign *design, SyHlsFiles *files)
{
	const char *warning = design->pe_facts->lanes_warning;
	SyHlsGen hls;

	sy_hls_gen_init(&hls, design);
	files->testbench = sy_hls_emit_testbench(&hls);
	files->header = emit_header(design->kernel);
	files->kernel = emit_kernel(&hls);
	files->host = sy_hls_emit_host(design->kernel);
	files->warnings = g_ptr_array_new_with_free_func(g_free);
	if (warning)
		g_ptr_array_add(files->warnings, g_strdup(warning));
}
