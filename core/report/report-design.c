#include "report/report-compile.h"
#include "report/report-design.h"

static void text_buffers(GString *out, const GPtrArray *buffers)
{
	for (guint i = 0; i < buffers->len; i++) {
		const SyBuffer *buf = g_ptr_array_index(buffers, i);

		g_string_append_printf(out, "%s%s[", i ? ", " : "", buf->name);
		for (guint d = 0; d < buf->n_dims; d++)
			g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
				d ? "][" : "", buf->shape[d]);
		g_string_append_printf(out, "] %" G_GINT64_FORMAT " x %u%s",
			buf->depth, buf->pack,
			buf->ping_pong ? " ping-pong" : "");
	}
}

/* DRAM port i: its array's name, or where the array has several ports
 * one way (syrk's A[i][k] and A[j][k]), its path's ("A_0"). */
static const char *port_name(const SyDesign *design, guint i)
{
	const SyDramPort *p = g_ptr_array_index(design->dram, i);

	for (guint k = 0; k < design->dram->len; k++) {
		const SyDramPort *o = g_ptr_array_index(design->dram, k);

		if (k != i && o->array == p->array && o->in == p->in && p->path)
			return p->path->prefix;
	}
	return p->plain_array->name;
}

char *sy_report_design_text(const SyDesign *design)
{
	GString *out = g_string_new(NULL);
	g_autofree char *head = sy_report_pe_array_text(design->array);

	g_string_append(out, head);
	g_string_append(out,
		"\nmodules\n  count  name                              "
		"     level  where   buffers (words x pack)\n");
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);

		g_string_append_printf(out,
			"  %5" G_GINT64_FORMAT "  %-38s %u  %-7s ", m->count,
			m->name, m->level, sy_edge_name(m->edge));
		text_buffers(out, m->buffers);
		g_string_append_c(out, '\n');
	}
	g_string_append(out,
		"\nfifos\n  count  name                              "
		"     bits  from -> to\n");
	for (guint i = 0; i < design->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(design->fifos, i);

		g_string_append_printf(out,
			"  %5" G_GINT64_FORMAT "  %-38s %4u  %s -> %s\n",
			f->count, f->name, f->width_bits, f->from->name,
			f->to->name);
	}
	g_string_append(out, "\ndram\n");
	for (guint i = 0; i < design->dram->len; i++) {
		const SyDramPort *p = g_ptr_array_index(design->dram, i);

		g_string_append_printf(out,
			"  %-8s %-3s %4u bits  %" G_GINT64_FORMAT " elements",
			port_name(design, i), p->in ? "in" : "out",
			p->width_bits, p->elements);
		/* --hbm: the parts, each its own port. */
		if (p->ports > 1)
			g_string_append_printf(out, " on %u ports", p->ports);
		g_string_append_c(out, '\n');
	}
	return g_string_free(out, FALSE);
}
