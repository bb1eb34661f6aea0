/* The kernel's interface as plain data: construction and the few
 * questions the printers ask of it. */
#include "comm/design-kernel.h"

void sy_design_array_free(SyDesignArray *x)
{
	if (!x)
		return;
	g_free(x->name);
	g_free(x->id);
	g_free(x->dims);
	g_free(x->ctype);
	g_free(x);
}

static void param_free(gpointer data)
{
	SyDesignParam *v = data;

	g_free(v->name);
	g_free(v->ctype);
	g_free(v->dims);
	g_free(v);
}

static void port_free(gpointer data)
{
	SyDesignPort *port = data;

	g_free(port->name);
	g_free(port->stem);
	g_free(port);
}

static void define_free(gpointer data)
{
	SyDesignDefine *d = data;

	g_free(d->id);
	g_free(d->params);
	g_free(d->value);
	g_free(d);
}

static void rename_free(gpointer data)
{
	SyDesignRename *r = data;

	g_free(r->user);
	g_free(r->id);
	g_free(r->why);
	g_free(r);
}

static void header_free(gpointer data)
{
	SyDesignHeader *h = data;

	g_free(h->path);
	g_free(h->place);
	g_free(h->text);
	g_free(h);
}

static void function_free(gpointer data)
{
	SyDesignFunction *f = data;

	g_free(f->name);
	g_free(f->text);
	g_free(f);
}

/* Empty lists, ready to be filled (by comm/kernel-facts.c or from
 * JSON); the arrays are the design's (SyDesign.arrays), which the
 * filler shares. */
SyDesignKernel *sy_design_kernel_new(void)
{
	SyDesignKernel *kernel = g_new0(SyDesignKernel, 1);

	kernel->params = g_ptr_array_new_with_free_func(param_free);
	kernel->ports = g_ptr_array_new_with_free_func(port_free);
	kernel->defines = g_ptr_array_new_with_free_func(define_free);
	kernel->renamed = g_ptr_array_new_with_free_func(rename_free);
	kernel->headers = g_ptr_array_new_with_free_func(header_free);
	kernel->functions = g_ptr_array_new_with_free_func(function_free);
	return kernel;
}

void sy_design_kernel_free(SyDesignKernel *kernel)
{
	SyDesignTestbench *tb;

	if (!kernel)
		return;
	tb = &kernel->testbench;
	g_free(kernel->source);
	g_free(kernel->function);
	g_free(kernel->function_id);
	g_ptr_array_unref(kernel->params);
	if (kernel->arrays)
		g_ptr_array_unref(kernel->arrays);
	g_free(kernel->flags);
	g_free(kernel->device);
	g_ptr_array_unref(kernel->ports);
	g_free(kernel->keywords);
	g_ptr_array_unref(kernel->defines);
	g_ptr_array_unref(kernel->renamed);
	g_ptr_array_unref(kernel->headers);
	g_ptr_array_unref(kernel->functions);
	g_free(kernel->launch);
	g_free(tb->before);
	g_free(tb->after);
	g_free(tb->indent);
	g_free(tb->unit);
	g_free(kernel);
}

gboolean sy_design_array_is_argument(const SyDesignArray *x)
{
	return !x->n_dims && !x->written && !x->local;
}

GPtrArray *sy_design_kernel_arguments(const SyDesignKernel *kernel)
{
	GPtrArray *args = g_ptr_array_new();

	for (guint i = 0; i < kernel->arrays->len; i++) {
		SyDesignArray *x = g_ptr_array_index(kernel->arrays, i);

		if (sy_design_array_is_argument(x))
			g_ptr_array_add(args, x);
	}
	return args;
}

gint64 sy_design_kernel_launches(const SyDesignKernel *kernel)
{
	gint64 n = 1;

	for (guint k = 0; k < kernel->n_launch; k++)
		n *= kernel->launch[k];
	return n;
}

guint sy_design_port_parts(const SyDesignPort *port)
{
	return port->ports > 1 ? port->ports : 1;
}

char *sy_design_port_part(const SyDesignPort *port, guint j)
{
	return port->ports > 1 ? g_strdup_printf("%s_%u", port->name, j)
			       : g_strdup(port->name);
}

char *sy_design_port_word(const SyDesignPort *port)
{
	return port->serial > 1 ? g_strconcat(port->name, "_dram_word", NULL)
				: g_strconcat(port->stem, "_word", NULL);
}

const char *sy_design_kernel_id(const SyDesignKernel *kernel, const char *user)
{
	for (guint i = 0; i < kernel->renamed->len; i++) {
		const SyDesignRename *r = g_ptr_array_index(kernel->renamed, i);

		if (g_str_equal(r->user, user))
			return r->id;
	}
	return user;
}

void sy_design_kernel_unit_coords(const SyDesignKernel *kernel, guint skip,
	gint64 at, gint64 n, gint64 *coord)
{
	for (guint k = kernel->grid->n_space; k-- > 0;) {
		if (k == skip) {
			coord[k] = at;
			continue;
		}
		coord[k] = n % kernel->grid->pe[k];
		n /= kernel->grid->pe[k];
	}
}
