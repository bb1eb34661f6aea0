#include "base/escape.h"
#include "base/json-members.h"
#include "comm/design-json.h"
#include "comm/tb-facts-json.h"
#include "comm/io-facts-json.h"
#include "comm/pe-facts-json.h"
#include "comm/design-kernel-json.h"
#include "comm/design-load.h"
#include "comm/io-plan.h"
#include "compute/code-json.h"

static void add_buffers(JsonBuilder *b, const GPtrArray *buffers)
{
	json_builder_set_member_name(b, "buffers");
	json_builder_begin_array(b);
	for (guint i = 0; i < buffers->len; i++) {
		const SyBuffer *buf = g_ptr_array_index(buffers, i);

		json_builder_begin_object(b);
		sy_json_member_str(b, "name", buf->name);
		sy_json_member_int(b, "elem_bits", buf->elem_bits);
		sy_json_member_ints(b, "shape", buf->shape, buf->n_dims);
		sy_json_member_int(b, "depth", buf->depth);
		sy_json_member_int(b, "pack", buf->pack);
		json_builder_set_member_name(b, "ping_pong");
		json_builder_add_boolean_value(b, buf->ping_pong);
		/* Only where --uram put it there: other designs' files
		 * stay as they were. */
		if (buf->uram) {
			json_builder_set_member_name(b, "uram");
			json_builder_add_boolean_value(b, TRUE);
		}
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

static void add_loops(JsonBuilder *b, const SyLoopNode *node)
{
	json_builder_begin_object(b);
	sy_json_member_str(b, "name", node->name);
	sy_json_member_str(b, "role", node->role);
	sy_json_member_int(b, "trip", node->trip);
	if (node->children->len) {
		json_builder_set_member_name(b, "children");
		json_builder_begin_array(b);
		for (guint i = 0; i < node->children->len; i++)
			add_loops(b, g_ptr_array_index(node->children, i));
		json_builder_end_array(b);
	}
	json_builder_end_object(b);
}

/* The schedule dimensions the code has fixed (see SyCodeParam). */
static void add_params(JsonBuilder *b, const GPtrArray *params)
{
	json_builder_set_member_name(b, "params");
	json_builder_begin_array(b);
	for (guint i = 0; i < params->len; i++) {
		const SyCodeParam *param = g_ptr_array_index(params, i);

		json_builder_begin_object(b);
		sy_json_member_str(b, "name", param->name);
		sy_json_member_int(b, "dim", param->dim);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

/* A module's path: its index in "paths" (prefixes repeat, one a way). */
static void add_path(JsonBuilder *b, const SyDesign *d, const SyIoPath *path)
{
	guint i;

	json_builder_set_member_name(b, "path");
	if (path && g_ptr_array_find(d->paths, path, &i))
		json_builder_add_int_value(b, i);
	else
		json_builder_add_null_value(b);
}

static void add_module(
	JsonBuilder *b, const SyDesign *design, const SyModule *m)
{
	json_builder_begin_object(b);
	sy_json_member_str(b, "name", m->name);
	sy_json_member_str(b, "kind", sy_module_kind_name(m->kind));
	sy_json_member_str(
		b, "array", m->plain_array ? m->plain_array->name : NULL);
	add_path(b, design, m->path);
	sy_json_member_int(b, "level", m->level);
	sy_json_member_str(b, "direction", m->in ? "in" : "out");
	sy_json_member_int(b, "count", m->count);
	sy_json_member_str(b, "placement", sy_edge_name(m->edge));
	add_buffers(b, m->buffers);
	json_builder_set_member_name(b, "loops");
	add_loops(b, m->loops);
	/* Its statements' loops as printed, once built (see
	 * sy_design_build_code). */
	if (m->code) {
		json_builder_set_member_name(b, "code");
		sy_code_build_json(b, m->code);
		add_params(b, m->params);
	}
	json_builder_end_object(b);
}

static void add_fifo(JsonBuilder *b, const SyFifo *f)
{
	json_builder_begin_object(b);
	sy_json_member_str(b, "name", f->name);
	sy_json_member_str(b, "array", f->plain_array->name);
	sy_json_member_int(b, "count", f->count);
	sy_json_member_int(b, "width_bits", f->width_bits);
	sy_json_member_int(b, "depth", f->depth);
	sy_json_member_str(b, "from", f->from->name);
	sy_json_member_str(b, "to", f->to->name);
	json_builder_end_object(b);
}

JsonNode *sy_design_to_json(const SyDesign *design)
{
	const SyDesignGrid *grid = design->grid;
	g_autoptr(JsonBuilder) b = json_builder_new();
	/* A path need not be UTF-8; JSON must be. */
	g_autofree char *kernel = sy_escape_json_text(grid->kernel);

	json_builder_begin_object(b);
	sy_json_member_str(b, "kernel", kernel);
	sy_json_member_int(b, "candidate", grid->candidate);
	sy_json_member_str(b, "sizes", grid->sizes);
	sy_json_member_ints(b, "padded_sizes", grid->padded, grid->n_members);
	json_builder_set_member_name(b, "pe");
	json_builder_begin_object(b);
	sy_json_member_ints(b, "dims", grid->pe, grid->n_space);
	sy_json_member_int(b, "count", grid->count);
	sy_json_member_int(b, "simd", grid->simd);
	add_buffers(b, design->pe->buffers);
	sy_pe_facts_add_json(b, design->pe_facts);
	json_builder_end_object(b);
	sy_design_arrays_build_json(b, design->arrays);
	sy_design_paths_build_json(b, design->paths);
	json_builder_set_member_name(b, "modules");
	json_builder_begin_array(b);
	for (guint i = 0; i < design->modules->len; i++)
		add_module(b, design, g_ptr_array_index(design->modules, i));
	json_builder_end_array(b);
	json_builder_set_member_name(b, "fifos");
	json_builder_begin_array(b);
	for (guint i = 0; i < design->fifos->len; i++)
		add_fifo(b, g_ptr_array_index(design->fifos, i));
	json_builder_end_array(b);
	json_builder_set_member_name(b, "dram");
	json_builder_begin_array(b);
	for (guint i = 0; i < design->dram->len; i++) {
		const SyDramPort *port = g_ptr_array_index(design->dram, i);

		json_builder_begin_object(b);
		sy_json_member_str(b, "array", port->plain_array->name);
		sy_json_member_str(b, "direction", port->in ? "in" : "out");
		sy_json_member_int(b, "width_bits", port->width_bits);
		sy_json_member_int(b, "elements", port->elements);
		if (port->ports > 1)
			sy_json_member_int(b, "ports", port->ports);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	sy_tb_facts_add_json(b, design->tb);
	sy_io_facts_add_json(b, design);
	sy_design_kernel_add_member(b, design->kernel);
	/* Last, as exports have always written it: the interface's
	 * renames as a plain map. */
	sy_design_renamed_build_json(
		b, design->kernel ? design->kernel->renamed : NULL);
	json_builder_end_object(b);
	return json_builder_get_root(b);
}
