/* The design description's own operations (comm/design.h): names,
 * allocation and freeing, lookups, and the plain twin of an analysis
 * array.  design.c builds a design from a PE array on these;
 * design-load.c fills one from design.json. */
#include "comm/design.h"
#include "comm/io-plan.h"
#include "comm/pe-facts.h"
#include "comm/tb-facts.h"

G_DEFINE_QUARK(sy - design - error - quark, sy_design_error)

/* Names */

const char *sy_module_kind_name(SyModuleKind kind)
{
	static const char *const names[] = {"pe", "io", "drain", "dummy"};

	return names[kind];
}

const char *sy_edge_name(SyEdge edge)
{
	static const char *const names[] = {
		"grid", "north", "south", "west", "east", "corner"};

	return names[edge];
}

/* An L3 module's buffer whose name starts with prefix. */
static const SyBuffer *l3_buffer(const SyModule *m, const char *prefix)
{
	for (guint i = 0; m->level == 3 && i < m->buffers->len; i++) {
		const SyBuffer *b = g_ptr_array_index(m->buffers, i);

		if (g_str_has_prefix(b->name, prefix))
			return b;
	}
	return NULL;
}

const SyBuffer *sy_module_l2_buffer(const SyModule *m)
{
	return l3_buffer(m, SY_L2_BUFFER_PREFIX);
}

const SyBuffer *sy_module_fold_buffer(const SyModule *m)
{
	return l3_buffer(m, SY_FOLD_BUFFER_PREFIX);
}

gint64 sy_buffer_bytes(const SyBuffer *b)
{
	return b->depth * b->pack * b->elem_bits / 8;
}

guint sy_type_bits(const char *type)
{
	static const struct {
		const char *name;
		guint bits;
	} types[] = {
		{"float", 32},
		{"double", 64},
		{"long double", 128},
		{"char", 8},
		{"signed char", 8},
		{"unsigned char", 8},
		{"short", 16},
		{"unsigned short", 16},
		{"int", 32},
		{"unsigned", 32},
		{"unsigned int", 32},
		{"long", 64},
		{"unsigned long", 64},
		{"long long", 64},
		{"unsigned long long", 64},
		{"_Bool", 8},
		{"int8_t", 8},
		{"uint8_t", 8},
		{"int16_t", 16},
		{"uint16_t", 16},
		{"int32_t", 32},
		{"uint32_t", 32},
		{"int64_t", 64},
		{"uint64_t", 64},
	};

	for (guint i = 0; i < G_N_ELEMENTS(types); i++)
		if (g_str_equal(type, types[i].name))
			return types[i].bits;
	return 0;
}

/* Freeing */

static void loop_node_free(gpointer data)
{
	SyLoopNode *node = data;

	if (!node)
		return;
	g_free(node->name);
	g_free(node->role);
	if (node->children)
		g_ptr_array_unref(node->children);
	g_free(node);
}

static void buffer_free(gpointer data)
{
	SyBuffer *b = data;

	g_free(b->name);
	g_free(b->shape);
	g_free(b);
}

static void module_free(gpointer data)
{
	SyModule *m = data;

	g_free(m->name);
	g_ptr_array_unref(m->buffers);
	loop_node_free(m->loops);
	sy_code_free(m->code);
	if (m->params)
		g_ptr_array_unref(m->params);
	g_free(m);
}

static void fifo_free(gpointer data)
{
	SyFifo *f = data;

	g_free(f->name);
	g_free(f);
}

void sy_design_clear_code(SyDesign *design)
{
	for (guint i = 0; i < design->modules->len; i++) {
		SyModule *m = g_ptr_array_index(design->modules, i);

		g_clear_pointer(&m->code, sy_code_free);
		g_clear_pointer(&m->params, g_ptr_array_unref);
	}
	g_clear_pointer(&design->tb, sy_tb_facts_free);
	g_clear_pointer(&design->io, sy_io_facts_free);
	g_clear_pointer(&design->pe_facts, sy_pe_facts_free);
}

void sy_design_free(SyDesign *design)
{
	if (!design)
		return;
	sy_io_facts_free(design->io);
	g_ptr_array_unref(design->modules);
	g_ptr_array_unref(design->fifos);
	g_ptr_array_unref(design->dram);
	if (design->paths)
		g_ptr_array_unref(design->paths);
	sy_tile_boxes_free(design->tiles);
	sy_tb_facts_free(design->tb);
	sy_pe_facts_free(design->pe_facts);
	if (design->tiles_error)
		g_error_free(design->tiles_error);
	sy_design_kernel_free(design->kernel);
	sy_design_grid_free(design->grid);
	if (design->arrays)
		g_ptr_array_unref(design->arrays);
	g_free(design->option_flags);
	g_free(design);
}

guint sy_design_path_pack(const SyDesign *design, const SyIoPath *path)
{
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);

		if (m->path == path && m->buffers->len)
			return ((SyBuffer *)g_ptr_array_index(m->buffers, 0))
				->pack;
	}
	return 1;
}

const SyModule *sy_design_find(const SyDesign *design, const char *name)
{
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);

		if (g_str_equal(m->name, name))
			return m;
	}
	return NULL;
}

gint64 sy_design_fifo_count(const SyDesign *design, const char *name)
{
	gint64 n = 0;

	for (guint i = 0; i < design->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(design->fifos, i);

		if (g_str_equal(f->name, name))
			n += f->count;
	}
	return n;
}

/* The pieces a reader of design.json (comm/design-load.c) and the
 * builder (design.c) fill, with the functions that free them here. */

SyDesign *sy_design_alloc(void)
{
	SyDesign *design = g_new0(SyDesign, 1);

	design->modules = g_ptr_array_new_with_free_func(module_free);
	design->fifos = g_ptr_array_new_with_free_func(fifo_free);
	design->dram = g_ptr_array_new_with_free_func(g_free);
	return design;
}

SyModule *sy_design_add_module(
	SyDesign *design, const char *name, SyModuleKind kind)
{
	SyModule *m = g_new0(SyModule, 1);

	m->name = g_strdup(name);
	m->kind = kind;
	m->boundary = g_str_has_suffix(name, "_boundary");
	m->buffers = g_ptr_array_new_with_free_func(buffer_free);
	g_ptr_array_add(design->modules, m);
	return m;
}

SyLoopNode *sy_loop_node_new(const char *name, const char *role, gint64 trip)
{
	SyLoopNode *node = g_new0(SyLoopNode, 1);

	node->name = g_strdup(name);
	node->role = g_strdup(role);
	node->trip = trip;
	node->children = g_ptr_array_new_with_free_func(loop_node_free);
	return node;
}

void sy_loop_node_free(SyLoopNode *node)
{
	loop_node_free(node);
}

const SyDesignArray *sy_design_plain(const SyDesign *design, const SyArray *x)
{
	guint k;

	if (!x ||
		!g_ptr_array_find(design->array->analysis->scop->arrays, x, &k))
		return NULL;
	return g_ptr_array_index(design->arrays, k);
}
