#include "model/estimate.h"

static void module_free(gpointer data)
{
	SyModuleEstimate *m = data;

	g_free(m->name);
	g_free(m->ii_reason);
	g_free(m);
}

SyEstimate *sy_estimate_new(void)
{
	SyEstimate *e = g_new0(SyEstimate, 1);

	e->model = g_strdup("systole");
	e->bottleneck = -1;
	e->launches = 1;
	e->modules = g_ptr_array_new_with_free_func(module_free);
	return e;
}

void sy_estimate_free(SyEstimate *estimate)
{
	if (!estimate)
		return;
	g_free(estimate->model);
	g_ptr_array_unref(estimate->modules);
	g_free(estimate->device);
	g_free(estimate->slr);
	g_free(estimate->slr_available);
	g_free(estimate->slr_budget);
	g_free(estimate);
}

SyModuleEstimate *sy_estimate_add_module(SyEstimate *estimate,
	const char *name, SyModuleKind kind, gint64 count)
{
	SyModuleEstimate *m = g_new0(SyModuleEstimate, 1);

	m->name = g_strdup(name);
	m->kind = kind;
	m->count = count;
	m->ii = 1;
	g_ptr_array_add(estimate->modules, m);
	return m;
}

SyResourceFit sy_estimate_slr_fit(
	const SyEstimate *e, guint slr, SyResourceKind kind)
{
	SyResourceFit f = {0};

	g_return_val_if_fail(e && slr < e->n_slrs && kind < SY_N_RESOURCES, f);
	g_return_val_if_fail(e->slr_available && e->slr_budget, f);
	f.used = e->slr[slr].v[kind];
	f.available = e->slr_available[slr].v[kind];
	f.budget = e->slr_budget[slr].v[kind];
	f.over = f.used > f.budget;
	return f;
}

const char *sy_resource_name(SyResourceKind kind)
{
	static const char *const names[SY_N_RESOURCES] = {
		"dsp", "bram18k", "uram", "lut", "ff"};

	return kind < SY_N_RESOURCES ? names[kind] : NULL;
}

void sy_resources_add(SyResources *a, const SyResources *b)
{
	for (int i = 0; i < SY_N_RESOURCES; i++)
		a->v[i] += b->v[i];
}
