#include <string.h>

#include "comm/design.h"
#include "compute/pe-array.h"
#include "fuzz-common.h"

void fuzz_init(void)
{
	g_log_set_always_fatal(G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

const SyAnalysis *fuzz_example(const char *name)
{
	static GHashTable *cache;
	g_autofree char *path = NULL;
	SyAnalysis *a;

	if (!cache)
		cache = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
			(GDestroyNotify)sy_analysis_free);
	if (g_hash_table_lookup_extended(cache, name, NULL, (gpointer *)&a))
		return a;
	if (strchr(name, '/') || strchr(name, '.') || !*name)
		return NULL;
	path = g_strdup_printf("%s/%s.c", SYSTOLE_EXAMPLES_DIR, name);
	a = g_file_test(path, G_FILE_TEST_IS_REGULAR)
		? sy_analysis_new_from_file(path, NULL, NULL)
		: NULL;
	g_hash_table_insert(cache, g_strdup(name), a);
	return a;
}

char *fuzz_text(const uint8_t *data, size_t size)
{
	if (memchr(data, '\0', size))
		return NULL;
	return g_strndup((const char *)data, size);
}

/* The candidate --space and --sa-sizes choose, as the CLI checks them:
 * space_time[N] within range, and both agreeing. */
static const SyCandidate *choose(const SyAnalysis *a, const FuzzOptions *o)
{
	int by_sizes = -1, by_space = -1;

	if (o->sa_sizes) {
		by_sizes = sy_config_sa_sizes_candidate(o->sa_sizes, NULL);
		if (by_sizes < -1 || by_sizes >= (int)a->candidates->len)
			return NULL;
	}
	if (o->space &&
		(by_space = sy_config_find_space(a, o->space, NULL)) < 0)
		return NULL;
	if (by_space >= 0 && by_sizes >= 0 && by_space != by_sizes)
		return NULL;
	if (by_space < 0 && by_sizes < 0)
		return NULL;
	return g_ptr_array_index(
		a->candidates, by_space >= 0 ? by_space : by_sizes);
}

static SyConfig *configure(const SyChoices *c, const FuzzOptions *o)
{
	g_autoptr(SyConfig) cfg = sy_config_new(c);

	if (o->sa_sizes && !sy_config_apply_sa_sizes(cfg, c, o->sa_sizes, NULL))
		return NULL;
	if (o->tile && !sy_config_apply_named(cfg, c, "tile", o->tile, NULL))
		return NULL;
	if (o->order && !sy_config_set_order(cfg, c, o->order, NULL))
		return NULL;
	if (o->latency &&
		!sy_config_apply_named(cfg, c, "latency", o->latency, NULL))
		return NULL;
	if (o->simd && !sy_config_apply_named(cfg, c, "simd", o->simd, NULL))
		return NULL;
	return g_steal_pointer(&cfg);
}

static gboolean design(const SyPeArray *array, const FuzzOptions *o)
{
	g_autoptr(GHashTable) pack = NULL;
	g_autoptr(GHashTable) caps = NULL;
	g_autoptr(GHashTable) ports = NULL;
	g_autoptr(SyDesign) design = NULL;
	SyDesignOptions options = {.no_double_buffer = o->no_double_buffer,
		.no_packing = o->no_packing,
		.host_serialize = o->host_serialize,
		.hbm = o->hbm,
		.uram = o->uram};

	if (o->hbm_ports &&
		!(ports = sy_design_parse_hbm_ports(o->hbm_ports, NULL)))
		return FALSE;
	if (o->hbm_port_num &&
		!sy_design_parse_hbm_port_num(
			o->hbm_port_num, &options.hbm_port_num, NULL))
		return FALSE;
	options.hbm_ports = ports;
	if (o->int_io_dir &&
		!sy_design_parse_int_io_dir(
			o->int_io_dir, &options.int_io_dir, NULL))
		return FALSE;

	if (o->pack && !(pack = sy_design_parse_pack(o->pack, NULL)))
		return FALSE;
	if (o->data_pack_sizes &&
		!(caps = sy_design_parse_pack_caps(o->data_pack_sizes, NULL)))
		return FALSE;
	options.pack_caps = caps;
	if (o->fifo_depth &&
		!sy_design_parse_fifo_depth(
			o->fifo_depth, &options.fifo_depth, NULL))
		return FALSE;
	options.pack = pack;
	design = sy_design_new(array, &options, NULL);
	return design != NULL;
}

gboolean fuzz_compile(const SyAnalysis *a, const FuzzOptions *o)
{
	g_autoptr(SyChoices) c = NULL;
	g_autoptr(SyConfig) cfg = NULL;
	g_autoptr(SyPeArray) array = NULL;
	const SyCandidate *cand;

	if (!a || !a->legal || !(cand = choose(a, o)))
		return FALSE;
	c = sy_choices_new(a, cand, NULL);
	if (!(cfg = configure(c, o)))
		return FALSE;
	array = sy_pe_array_new(c, cfg, NULL);
	return array && (o->no_design || design(array, o));
}
