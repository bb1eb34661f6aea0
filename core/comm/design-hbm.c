/* AutoSA's --hbm port counts (comm/design-hbm.h). */
#include "comm/design-hbm.h"

/* Whether n ports split a chain of length modules: evenly, and into
 * parts of two or more (AutoSA tiles the chain's loop by length / n
 * only when the loop's last index is above n). */
static gboolean splits(guint n, gint64 length)
{
	return n == 1 || (length % n == 0 && length / n >= 2);
}

/* "1, 2 or 4": the port counts a chain of length modules takes. */
static GString *takes(gint64 length)
{
	GString *out = g_string_new("1");
	guint last = 1;

	for (guint n = 2; n <= SY_DESIGN_MAX_HBM_PORTS; n++)
		if (splits(n, length))
			last = n;
	for (guint n = 2; n <= last; n++)
		if (splits(n, length))
			g_string_append_printf(
				out, "%s%u", n == last ? " or " : ", ", n);
	return out;
}

/* A count p's chain does not split into, named by --hbm-ports (or
 * hbm_): the counts it takes. */
static guint refuse_ports(
	const SyIoPath *p, guint n, gint64 l2_count, GError **error)
{
	g_autoptr(GString) can = takes(l2_count);

	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"--hbm: %s=%u (hbm_%s[%u]): %s's chain of %" G_GINT64_FORMAT
		" L2 modules splits into ports evenly, at least two modules "
		"each: %s takes %s port%s",
		p->prefix, n, p->prefix, n, p->prefix, l2_count, p->prefix,
		can->str, g_str_equal(can->str, "1") ? "" : "s");
	return 0;
}

guint sy_design_hbm_ports(const SyDesignOptions *o, const SyIoPath *p,
	gint64 l2_count, GError **error)
{
	gpointer named = NULL;
	gboolean is_named;
	guint n;

	/* AutoSA's omitted groups: partial results read back, and an
	 * exterior group with no I/O level above the PEs' line. */
	if (!o || !o->hbm || p->role == SY_PATH_PASS ||
		p->role == SY_PATH_PARTIAL || (p->exterior && p->n_space < 2))
		return 1;
	is_named = o->hbm_ports &&
		g_hash_table_lookup_extended(
			o->hbm_ports, p->prefix, NULL, &named);
	n = is_named
		? GPOINTER_TO_UINT(named)
		: (o->hbm_port_num ? o->hbm_port_num : SY_DESIGN_HBM_PORTS);
	if (splits(n, l2_count))
		return n;
	/* AutoSA falls back to one port where the chain's last index is
	 * not above n, and where n does not divide the chain makes more
	 * parts than ports; a path --hbm-ports (or hbm_) does not name
	 * keeps one port in both cases. */
	if (!is_named)
		return 1;
	return refuse_ports(p, n, l2_count, error);
}

gboolean sy_design_hbm_check(
	const SyDesignOptions *o, const GPtrArray *paths, GError **error)
{
	GHashTableIter it;
	gpointer key;
	g_autoptr(GList) keys = NULL;

	if (!o || !o->hbm)
		return TRUE;
	if (o->host_serialize) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"--hbm and --host-serialize cannot be enabled at the "
			"same time (nor are they in AutoSA)");
		return FALSE;
	}
	if (!o->hbm_ports)
		return TRUE;
	g_hash_table_iter_init(&it, o->hbm_ports);
	while (g_hash_table_iter_next(&it, &key, NULL))
		keys = g_list_prepend(keys, key);
	keys = g_list_sort(keys, (GCompareFunc)g_strcmp0);
	for (GList *l = keys; l; l = l->next) {
		g_autoptr(GString) known = g_string_new(NULL);
		gboolean found = FALSE;

		for (guint i = 0; i < paths->len; i++) {
			const SyIoPath *p = g_ptr_array_index(paths, i);

			if (p->role == SY_PATH_PASS)
				continue;
			found |= g_str_equal(p->prefix, l->data);
			g_string_append_printf(known, "%s%s",
				known->len ? ", " : "", p->prefix);
		}
		if (found)
			continue;
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"--hbm: no path through DRAM is named %s; the paths "
			"are %s",
			(char *)l->data, known->len ? known->str : "none");
		return FALSE;
	}
	return TRUE;
}
