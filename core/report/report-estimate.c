#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "report/report-estimate.h"

/* The resources as the tables and warnings name them. */
static const char *const resource_labels[SY_N_RESOURCES] = {
	"DSP", "BRAM18K", "URAM", "LUT", "FF"};

/* x rounded to 6 significant digits, as the JSON gives ratios. */
static double six_digits(double x)
{
	char buf[G_ASCII_DTOSTR_BUF_SIZE];

	return g_ascii_strtod(g_ascii_formatd(buf, sizeof buf, "%.6g", x), NULL);
}

static double percent(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : 0;
}

/* ---- JSON ---- */

/* A number (null if the models gave none that is finite). */
static void add_number(JsonBuilder *b, const char *name, double x)
{
	json_builder_set_member_name(b, name);
	if (isfinite(x))
		json_builder_add_double_value(b, x);
	else
		json_builder_add_null_value(b);
}

static void add_ratio(JsonBuilder *b, const char *name, double x)
{
	add_number(b, name, isfinite(x) ? six_digits(x) : x);
}

static void add_string(JsonBuilder *b, const char *name, const char *s)
{
	json_builder_set_member_name(b, name);
	if (s)
		json_builder_add_string_value(b, s);
	else
		json_builder_add_null_value(b);
}

static void add_resources(
	JsonBuilder *b, const char *name, const SyResources *r)
{
	json_builder_set_member_name(b, name);
	json_builder_begin_object(b);
	for (int k = 0; k < SY_N_RESOURCES; k++)
		add_number(b, sy_resource_name(k), r->v[k]);
	json_builder_end_object(b);
}

static void add_module(JsonBuilder *b, const SyModuleEstimate *m)
{
	json_builder_begin_object(b);
	add_string(b, "name", m->name);
	add_string(b, "kind", sy_module_kind_name(m->kind));
	json_builder_set_member_name(b, "count");
	json_builder_add_int_value(b, m->count);
	add_number(b, "cycles", m->cycles);
	add_number(b, "first", m->first);
	add_number(b, "last", m->last);
	json_builder_set_member_name(b, "ii");
	json_builder_add_int_value(b, m->ii);
	add_string(b, "ii_reason", m->ii_reason);
	json_builder_set_member_name(b, "depth");
	json_builder_add_int_value(b, m->depth);
	add_ratio(b, "share", m->share);
	add_resources(b, "resources", &m->resources);
	json_builder_end_object(b);
}

static void add_fit_one(JsonBuilder *b, const char *name,
	const SyResourceFit *f, double scale)
{
	json_builder_set_member_name(b, name);
	json_builder_begin_object(b);
	add_number(b, "used", f->used * scale);
	add_number(b, "available", f->available * scale);
	add_number(b, "budget", f->budget * scale);
	add_ratio(b, "percent", percent(f->used, f->available));
	json_builder_set_member_name(b, "over");
	json_builder_add_boolean_value(b, f->over);
	json_builder_end_object(b);
}

/* Per resource, and BRAM as 36K tiles (two BRAM18K each) after
 * BRAM18K. */
static void add_fit(JsonBuilder *b, const SyEstimate *e)
{
	json_builder_set_member_name(b, "fit");
	if (!e->device) {
		json_builder_add_null_value(b);
		return;
	}
	json_builder_begin_object(b);
	for (int k = 0; k < SY_N_RESOURCES; k++) {
		add_fit_one(b, sy_resource_name(k), &e->fit[k], 1.0);
		if (k == SY_RESOURCE_BRAM18K)
			add_fit_one(b, "bram36k", &e->fit[k], 0.5);
	}
	json_builder_end_object(b);
}

static void add_over(JsonBuilder *b, const SyEstimate *e)
{
	json_builder_set_member_name(b, "over");
	json_builder_begin_array(b);
	for (int k = 0; e->device && k < SY_N_RESOURCES; k++)
		if (e->fit[k].over)
			json_builder_add_string_value(b, sy_resource_name(k));
	json_builder_end_array(b);
}

static void add_slrs(JsonBuilder *b, const SyEstimate *e)
{
	json_builder_set_member_name(b, "slrs");
	json_builder_begin_array(b);
	for (guint s = 0; s < e->n_slrs; s++) {
		json_builder_begin_object(b);
		for (int k = 0; k < SY_N_RESOURCES; k++)
			add_number(b, sy_resource_name(k), e->slr[s].v[k]);
		add_resources(b, "available", &e->slr_available[s]);
		add_resources(b, "budget", &e->slr_budget[s]);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

static const char *bottleneck_name(const SyEstimate *e)
{
	const SyModuleEstimate *m;

	if (e->bottleneck < 0 || (guint)e->bottleneck >= e->modules->len)
		return NULL;
	m = g_ptr_array_index(e->modules, e->bottleneck);
	return m->name;
}

static void add_timing(JsonBuilder *b, const SyEstimate *e)
{
	add_number(b, "mhz", e->mhz);
	add_number(b, "cycles", e->cycles);
	add_number(b, "prologue", e->prologue);
	add_number(b, "steady", e->steady);
	add_number(b, "epilogue", e->epilogue);
	add_number(b, "launches", e->launches);
	add_ratio(b, "seconds", e->seconds);
	add_number(b, "ops", e->ops);
	json_builder_set_member_name(b, "flops");
	json_builder_add_boolean_value(b, e->flops);
	add_ratio(b, "gops", e->gops);
	add_ratio(b, "dsp_efficiency", e->dsp_efficiency);
	add_ratio(b, "pe_utilisation", e->pe_utilisation);
	add_number(b, "offchip_bytes", e->offchip_bytes);
	add_ratio(b, "bandwidth_gbps", e->bandwidth_gbps);
	add_ratio(b, "device_gbps", e->device_gbps);
}

JsonNode *sy_report_estimate_json(const SyEstimate *e)
{
	g_autoptr(JsonBuilder) b = json_builder_new();

	json_builder_begin_object(b);
	add_string(b, "model", e->model);
	add_string(b, "device", e->device);
	add_timing(b, e);
	add_string(b, "bottleneck", bottleneck_name(e));
	add_resources(b, "resources", &e->total);
	add_resources(b, "fifos", &e->fifos);
	json_builder_set_member_name(b, "modules");
	json_builder_begin_array(b);
	for (guint i = 0; i < e->modules->len; i++)
		add_module(b, g_ptr_array_index(e->modules, i));
	json_builder_end_array(b);
	add_fit(b, e);
	add_over(b, e);
	add_slrs(b, e);
	json_builder_end_object(b);
	return json_builder_get_root(b);
}

/* ---- Text ---- */

/* x with at most `decimals` decimals, trailing zeros dropped ("1280",
 * "0.5", "1234.25"), in the C locale. */
static char *number(double x, int decimals)
{
	char format[8], buf[G_ASCII_DTOSTR_BUF_SIZE];
	char *s;
	gsize len;

	if (!isfinite(x))
		return g_strdup("?");
	g_snprintf(format, sizeof format, "%%.%df", decimals);
	s = g_strdup(g_ascii_formatd(buf, sizeof buf, format, x));
	len = strlen(s);
	if (strchr(s, '.')) {
		while (s[len - 1] == '0')
			s[--len] = '\0';
		if (s[len - 1] == '.')
			s[--len] = '\0';
	}
	/* -0 after rounding reads as 0. */
	if (g_str_equal(s, "-0")) {
		g_free(s);
		s = g_strdup("0");
	}
	return s;
}

/* A count: whole numbers as such, fractions of a cycle or a DSP to two
 * decimals. */
static char *count(double x)
{
	return number(x, 2);
}

/* "43.2 %", to one decimal always. */
static char *percent_text(double x)
{
	char buf[G_ASCII_DTOSTR_BUF_SIZE];

	if (!isfinite(x))
		return g_strdup("? %");
	return g_strconcat(
		g_ascii_formatd(buf, sizeof buf, "%.1f", x), " %", NULL);
}

/* Seconds in the unit that gives 1 to 999 of it, 6 significant
 * digits ("4.11523 ms"). */
static char *duration(double s)
{
	static const struct {
		double scale;
		const char *unit;
	} units[] = {{1, "s"}, {1e3, "ms"}, {1e6, "us"}, {1e9, "ns"}};
	char buf[G_ASCII_DTOSTR_BUF_SIZE];
	guint u = 0;

	if (!isfinite(s))
		return g_strdup("? s");
	while (u + 1 < G_N_ELEMENTS(units) && s > 0 && s * units[u].scale < 1)
		u++;
	g_ascii_formatd(buf, sizeof buf, "%.6g", s * units[u].scale);
	return g_strdup_printf("%s %s", buf, units[u].unit);
}

/* A table of text cells, columns padded to their widest cell (in
 * characters: names may be UTF-8), aligned as `align` says. */
typedef struct {
	const char *align; /* per column 'l' or 'r' */
	guint n_cols;
	GPtrArray *cells; /* char *, row after row */
} Table;

static void table_init(Table *t, const char *align)
{
	t->align = align;
	t->n_cols = (guint)strlen(align);
	t->cells = g_ptr_array_new_with_free_func(g_free);
}

/* Adds n cells (taken), copies of the strings given. */
static void table_add(Table *t, guint n, ...)
{
	va_list ap;

	va_start(ap, n);
	for (guint c = 0; c < n; c++)
		g_ptr_array_add(t->cells, g_strdup(va_arg(ap, const char *)));
	va_end(ap);
}

static void table_print(Table *t, GString *out)
{
	g_autofree glong *width = g_new0(glong, t->n_cols);
	guint n_rows = t->cells->len / t->n_cols;

	for (guint i = 0; i < t->cells->len; i++)
		width[i % t->n_cols] = MAX(width[i % t->n_cols],
			g_utf8_strlen(t->cells->pdata[i], -1));
	for (guint r = 0; r < n_rows; r++) {
		GString *line = g_string_new(NULL);

		for (guint c = 0; c < t->n_cols; c++) {
			const char *cell = t->cells->pdata[r * t->n_cols + c];
			glong pad = width[c] - g_utf8_strlen(cell, -1);

			if (c)
				g_string_append(line, "  ");
			if (t->align[c] == 'r')
				g_string_append_printf(line, "%*s", (int)pad, "");
			g_string_append(line, cell);
			if (t->align[c] == 'l')
				g_string_append_printf(line, "%*s", (int)pad, "");
		}
		while (line->len && line->str[line->len - 1] == ' ')
			g_string_truncate(line, line->len - 1);
		g_string_append_printf(out, "%s\n", line->str);
		g_string_free(line, TRUE);
	}
	g_ptr_array_unref(t->cells);
}

/* The five resources' cells, then the row is complete. */
static void resources_cells(Table *t, const SyResources *r)
{
	for (int k = 0; k < SY_N_RESOURCES; k++)
		g_ptr_array_add(t->cells, count(r->v[k]));
}

static void text_header(GString *out, const SyEstimate *e)
{
	g_autofree char *mhz = number(e->mhz, 2);

	g_string_append_printf(out, "model %s", e->model);
	if (e->device)
		g_string_append_printf(out, " on %s", e->device);
	g_string_append_printf(out, " at %s MHz\n\n", mhz);
}

static void text_figures(GString *out, const SyEstimate *e)
{
	g_autofree char *cycles = count(e->cycles);
	g_autofree char *prologue = count(e->prologue);
	g_autofree char *steady = count(e->steady);
	g_autofree char *epilogue = count(e->epilogue);
	g_autofree char *time = duration(e->seconds);
	g_autofree char *gops = number(e->gops, 3);
	g_autofree char *ops = count(e->ops);
	g_autofree char *dsp = percent_text(100 * e->dsp_efficiency);
	g_autofree char *pe = percent_text(100 * e->pe_utilisation);
	g_autofree char *bytes = count(e->offchip_bytes);
	g_autofree char *need = number(e->bandwidth_gbps, 3);
	const char *bottleneck = bottleneck_name(e);

	g_string_append_printf(out,
		"cycles          %s (prologue %s, steady state %s, epilogue "
		"%s)\n"
		"time            %s\n"
		"throughput      %s %s (%s %s on the original problem)\n"
		"DSP efficiency  %s\n"
		"PE utilisation  %s\n"
		"off-chip        %s bytes, %s GB/s",
		cycles, prologue, steady, epilogue, time, gops,
		e->flops ? "GFLOP/s" : "GOP/s", ops,
		e->flops ? "floating-point operations" : "operations", dsp, pe,
		bytes, need);
	if (e->device_gbps > 0) {
		g_autofree char *has = number(e->device_gbps, 3);
		g_autofree char *part =
			percent_text(percent(e->bandwidth_gbps, e->device_gbps));

		g_string_append_printf(out, " of the device's %s GB/s (%s)",
			has, part);
	}
	g_string_append_printf(out, "\nbottleneck      %s\n",
		bottleneck ? bottleneck : "none");
	if (e->launches > 1) {
		g_autofree char *n = count(e->launches);

		g_string_append_printf(out,
			"launches        %s (each fills and drains the array: "
			"partial results cross the host's tile loops through "
			"DRAM)\n",
			n);
	}
}

static void text_modules(GString *out, const SyEstimate *e)
{
	Table t;

	table_init(&t, "llrrrrrrrrr");
	table_add(&t, 6, "module", "kind", "count", "cycles", "II", "share");
	for (int k = 0; k < SY_N_RESOURCES; k++)
		table_add(&t, 1, resource_labels[k]);
	for (guint i = 0; i < e->modules->len; i++) {
		const SyModuleEstimate *m = g_ptr_array_index(e->modules, i);

		g_ptr_array_add(t.cells, g_strdup(m->name));
		g_ptr_array_add(t.cells, g_strdup(sy_module_kind_name(m->kind)));
		g_ptr_array_add(t.cells,
			g_strdup_printf("%" G_GINT64_FORMAT, m->count));
		g_ptr_array_add(t.cells, count(m->cycles));
		g_ptr_array_add(t.cells, g_strdup_printf("%u", m->ii));
		g_ptr_array_add(t.cells, percent_text(100 * m->share));
		resources_cells(&t, &m->resources);
	}
	table_add(&t, 6, "FIFOs", "", "", "", "", "");
	resources_cells(&t, &e->fifos);
	table_add(&t, 6, "total", "", "", "", "", "");
	resources_cells(&t, &e->total);
	g_string_append_c(out, '\n');
	table_print(&t, out);
	for (guint i = 0, n = 0; i < e->modules->len; i++) {
		const SyModuleEstimate *m = g_ptr_array_index(e->modules, i);

		if (m->ii > 1)
			g_string_append_printf(out, "%sII %u in %s: %s\n",
				n++ ? "" : "\n", m->ii,
				m->name,
				m->ii_reason ? m->ii_reason : "no reason given");
	}
}

/* One line of the fit: used, available, budget, percent, OVER. */
static void fit_row(Table *t, const char *label, const SyResourceFit *f,
	double scale)
{
	table_add(t, 1, label);
	g_ptr_array_add(t->cells, count(f->used * scale));
	g_ptr_array_add(t->cells, count(f->available * scale));
	g_ptr_array_add(t->cells, count(f->budget * scale));
	g_ptr_array_add(t->cells, percent_text(percent(f->used, f->available)));
	table_add(t, 1, f->over ? "OVER" : "");
}

/* A fit table's columns and header; per SLR, the SLR first. */
static void fit_table_init(Table *t, gboolean per_slr)
{
	table_init(t, per_slr ? "llrrrrl" : "lrrrrl");
	if (per_slr)
		table_add(t, 1, "SLR");
	table_add(t, 6, "resource", "used", "available", "budget", "percent",
		"");
}

/* The rows of fits (one per resource), BRAM in 36K tiles after
 * BRAM18K.  slr (NULL in the whole device's table) names the SLR in the
 * first row's first column. */
static void fit_rows(Table *t, const char *slr,
	const SyResourceFit fits[SY_N_RESOURCES])
{
	for (int k = 0; k < SY_N_RESOURCES; k++) {
		if (slr)
			table_add(t, 1, k == 0 ? slr : "");
		fit_row(t, resource_labels[k], &fits[k], 1.0);
		if (k != SY_RESOURCE_BRAM18K)
			continue;
		if (slr)
			table_add(t, 1, "");
		fit_row(t, "BRAM36K", &fits[k], 0.5);
	}
}

static void text_fit(GString *out, const SyEstimate *e)
{
	Table t;

	fit_table_init(&t, FALSE);
	fit_rows(&t, NULL, e->fit);
	g_string_append_printf(out, "\nfit on %s\n", e->device);
	table_print(&t, out);
}

/* Per SLR, its share of the design against what it leaves to the user,
 * as the whole device's fit. */
static void text_slrs(GString *out, const SyEstimate *e)
{
	Table t;

	fit_table_init(&t, TRUE);
	for (guint s = 0; s < e->n_slrs; s++) {
		SyResourceFit fits[SY_N_RESOURCES];
		g_autofree char *label = g_strdup_printf("SLR%u", s);

		for (int k = 0; k < SY_N_RESOURCES; k++)
			fits[k] = sy_estimate_slr_fit(e, s, k);
		fit_rows(&t, label, fits);
	}
	g_string_append_printf(
		out, "\nthe design spans %u SLRs\n", e->n_slrs);
	table_print(&t, out);
}

char *sy_report_estimate_text(const SyEstimate *e)
{
	GString *out = g_string_new(NULL);

	text_header(out, e);
	text_figures(out, e);
	text_modules(out, e);
	if (e->device)
		text_fit(out, e);
	if (e->n_slrs > 1)
		text_slrs(out, e);
	return g_string_free(out, FALSE);
}

/* ---- Warnings ---- */

static char *over_warning(const SyEstimate *e, SyResourceKind k)
{
	const SyResourceFit *f = &e->fit[k];
	g_autofree char *used = count(f->used);
	g_autofree char *available = count(f->available);
	g_autofree char *budget = count(f->budget);
	g_autofree char *part = percent_text(percent(f->used, f->available));
	g_autofree char *tiles = NULL;

	if (k == SY_RESOURCE_BRAM18K) {
		g_autofree char *half = count(f->used / 2);

		tiles = g_strdup_printf(" (%s 36K tiles)", half);
	}
	if (f->budget == f->available)
		return g_strdup_printf("the design needs %s %s%s, over the %s "
				       "the %s gives (%s)",
			used, resource_labels[k], tiles ? tiles : "",
			available, e->device, part);
	return g_strdup_printf("the design needs %s %s%s, over its budget of "
			       "%s of the %s the %s gives (%s)",
		used, resource_labels[k], tiles ? tiles : "", budget,
		available, e->device, part);
}

GPtrArray *sy_report_estimate_warnings(const SyEstimate *e)
{
	GPtrArray *warnings = g_ptr_array_new_with_free_func(g_free);

	for (int k = 0; e->device && k < SY_N_RESOURCES; k++)
		if (e->fit[k].over)
			g_ptr_array_add(warnings, over_warning(e, k));
	return warnings;
}
