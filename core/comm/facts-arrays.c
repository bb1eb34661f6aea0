/* The facts' arrays as the kernel declares them (see facts-arrays.h). */
#include "comm/facts-arrays.h"
#include "comm/pe-facts.h"
#include "compute/pe-array.h"

/* The kernel's arrays by the analysis' (SyArray -> SyDesignArray): both
 * lists are in the SCoP's order. */
static GHashTable *plain_of(const SyDesign *design)
{
	const GPtrArray *arrays = design->array->analysis->scop->arrays;
	const GPtrArray *plain = design->kernel->arrays;
	GHashTable *map = g_hash_table_new(NULL, NULL);

	g_return_val_if_fail(arrays->len == plain->len, map);
	for (guint i = 0; i < arrays->len; i++)
		g_hash_table_insert(map, arrays->pdata[i], plain->pdata[i]);
	return map;
}

static void bind_pe(const SyPeFacts *facts, GHashTable *map)
{
	for (guint i = 0; i < facts->buffers->len; i++) {
		SyPeBuffer *b = g_ptr_array_index(facts->buffers, i);

		b->plain_array = g_hash_table_lookup(map, b->array);
	}
	for (guint i = 0; i < facts->streams->len; i++) {
		SyPeStream *st = g_ptr_array_index(facts->streams, i);

		st->plain_array = g_hash_table_lookup(map, st->array);
	}
	for (guint i = 0; i < facts->stmts->len; i++) {
		const SyPeStmt *s = g_ptr_array_index(facts->stmts, i);

		for (guint k = 0; k < s->accesses->len; k++) {
			SyPeAccess *a = g_ptr_array_index(s->accesses, k);

			a->plain_array = g_hash_table_lookup(map, a->array);
		}
	}
}

void sy_design_bind_arrays(SyDesign *design)
{
	g_autoptr(GHashTable) map = NULL;

	if (!design->kernel)
		return;
	map = plain_of(design);
	for (guint i = 0; i < design->paths->len; i++) {
		SyIoPath *p = g_ptr_array_index(design->paths, i);

		p->plain_array = g_hash_table_lookup(map, p->array);
	}
	if (design->pe_facts)
		bind_pe(design->pe_facts, map);
}
