#include "base/json-members.h"
#include "comm/design-plain.h"
#include "compute/pe-array.h"

SyDesignGrid *sy_design_grid_new(const SyPeArray *array)
{
	const SyConfig *cfg = array->config;
	SyDesignGrid *grid = g_new0(SyDesignGrid, 1);

	grid->kernel = g_strdup(array->analysis->prog->pp->main->path);
	grid->candidate = array->choices->candidate->id;
	grid->sizes = sy_config_to_sa_sizes(cfg, array->choices);
	grid->n_members = cfg->n_members;
	grid->padded = g_memdup2(
		array->padded, cfg->n_members * sizeof(gint64));
	grid->n_space = array->n_space;
	for (guint k = 0; k < array->n_space; k++)
		grid->pe[k] = array->pe[k];
	grid->count = sy_pe_array_count(array);
	grid->simd = cfg->simd_factor;
	return grid;
}

void sy_design_grid_free(SyDesignGrid *grid)
{
	if (!grid)
		return;
	g_free(grid->kernel);
	g_free(grid->sizes);
	g_free(grid->padded);
	g_free(grid);
}

GPtrArray *sy_design_arrays_new(const GPtrArray *scop_arrays)
{
	GPtrArray *arrays = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_design_array_free);

	for (guint i = 0; i < scop_arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop_arrays, i);
		SyDesignArray *d = g_new0(SyDesignArray, 1);

		d->name = g_strdup(x->name);
		d->n_dims = x->n_dims;
		d->dims = x->n_dims
			? g_memdup2(x->dims, x->n_dims * sizeof(gint64))
			: NULL;
		d->local = x->local;
		d->read = x->read;
		d->written = x->written;
		d->ctype = g_strdup(x->var->base_type);
		d->integer = x->var->integer;
		d->global = x->var->global;
		g_ptr_array_add(arrays, d);
	}
	return arrays;
}

const SyDesignArray *sy_design_array_find(
	const GPtrArray *arrays, const char *name)
{
	for (guint i = 0; i < arrays->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(arrays, i);

		if (g_str_equal(x->name, name))
			return x;
	}
	return NULL;
}

void sy_design_arrays_build_json(JsonBuilder *b, const GPtrArray *arrays)
{
	json_builder_set_member_name(b, "arrays");
	json_builder_begin_array(b);
	for (guint i = 0; i < arrays->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(arrays, i);

		json_builder_begin_object(b);
		sy_json_member_str(b, "name", x->name);
		if (x->id)
			sy_json_member_str(b, "id", x->id);
		sy_json_member_str(b, "ctype", x->ctype);
		sy_json_member_int(b, "bits", x->bits);
		sy_json_member_bool(b, "integer", x->integer);
		sy_json_member_bool(b, "global", x->global);
		sy_json_member_ints(b, "dims", x->dims, x->n_dims);
		sy_json_member_bool(b, "local", x->local);
		sy_json_member_bool(b, "read", x->read);
		sy_json_member_bool(b, "written", x->written);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

void sy_design_renamed_build_json(JsonBuilder *b, const GPtrArray *renamed)
{
	if (!renamed || !renamed->len)
		return;
	json_builder_set_member_name(b, "renamed");
	json_builder_begin_object(b);
	for (guint i = 0; i < renamed->len; i++) {
		const SyDesignRename *r = g_ptr_array_index(renamed, i);

		sy_json_member_str(b, r->user, r->id);
	}
	json_builder_end_object(b);
}
