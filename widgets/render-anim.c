/* Frames from a timeline: the processes and FIFOs of each PE and I/O
 * lane listed once, each frame a binary search per process (sim-timeline
 * .c) and per FIFO. */
#include <math.h>
#include <string.h>

#include "render-anim.h"

struct _SyAnim {
	const SyArrayScene *scene;
	const SySimTimeline *tl;
	GArray **pe; /* per (row, col): guint process indices */
	GArray **lane; /* per I/O lane: guint process indices */
	GArray **lane_fifo; /* per I/O lane: guint FIFO indices */
	guint n_lanes;
};

/* "PE_3_1" for row 3, col 1, layer-less; "PE_5" in a 1-D array. */
static char *pe_name(const SyArrayScene *scene, gint64 r, gint64 c, gint64 l)
{
	if (scene->n_dims == 1)
		return g_strdup_printf("PE_%" G_GINT64_FORMAT, c);
	if (scene->n_dims == 2)
		return g_strdup_printf(
			"PE_%" G_GINT64_FORMAT "_%" G_GINT64_FORMAT, r, c);
	return g_strdup_printf("PE_%" G_GINT64_FORMAT "_%" G_GINT64_FORMAT
			       "_%" G_GINT64_FORMAT,
		r, c, l);
}

/* name less its "_boundary", if it has one. */
static gboolean same_family(const char *family, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(family, name, n) &&
		(!family[n] || !strcmp(family + n, "_boundary"));
}

static int lane_of(const SyAnim *a, const char *family)
{
	for (guint i = 0; i < a->n_lanes; i++) {
		const SyIoLane *lane = g_ptr_array_index(
			a->scene->io->lanes, i);

		if (same_family(family, lane->name))
			return (int)i;
	}
	return -1;
}

static void map_pes(SyAnim *a)
{
	const SyArrayScene *s = a->scene;
	GHashTable *by_name = g_hash_table_new(g_str_hash, g_str_equal);
	const SySimResult *r = sy_sim_timeline_result(a->tl);

	for (guint p = 0; p < r->n_processes; p++)
		g_hash_table_insert(
			by_name, r->processes[p].name, GUINT_TO_POINTER(p + 1));
	a->pe = g_new0(GArray *, s->rows * s->cols + 1);
	for (gint64 row = 0; row < s->rows; row++)
		for (gint64 c = 0; c < s->cols; c++) {
			GArray *list = g_array_new(FALSE, FALSE, sizeof(guint));

			for (gint64 l = 0; l < s->layers; l++) {
				g_autofree char *n = pe_name(s, row, c, l);
				guint p = GPOINTER_TO_UINT(
					g_hash_table_lookup(by_name, n));

				if (p--)
					g_array_append_val(list, p);
			}
			a->pe[row * s->cols + c] = list;
		}
	g_hash_table_unref(by_name);
}

/* Each I/O lane's processes and the FIFOs they write (not their
 * buffers' tokens, "X.free" and "X.full"). */
static void map_lanes(SyAnim *a)
{
	const SySimResult *r = sy_sim_timeline_result(a->tl);

	a->n_lanes = a->scene->io ? a->scene->io->lanes->len : 0;
	a->lane = g_new0(GArray *, a->n_lanes + 1);
	a->lane_fifo = g_new0(GArray *, a->n_lanes + 1);
	for (guint i = 0; i < a->n_lanes; i++) {
		a->lane[i] = g_array_new(FALSE, FALSE, sizeof(guint));
		a->lane_fifo[i] = g_array_new(FALSE, FALSE, sizeof(guint));
	}
	for (guint p = 0; p < r->n_processes; p++) {
		int i = lane_of(a, r->processes[p].family);

		if (i >= 0)
			g_array_append_val(a->lane[i], p);
	}
	for (guint f = 0; f < r->n_fifos; f++) {
		const SySimFifoResult *fr = &r->fifos[f];
		int i = fr->producer >= 0 && strstr(fr->name, "->")
			? lane_of(a, r->processes[fr->producer].family)
			: -1;

		if (i >= 0)
			g_array_append_val(a->lane_fifo[i], f);
	}
}

SyAnim *sy_anim_new(const SyArrayScene *scene, const SySimTimeline *tl)
{
	SyAnim *a = g_new0(SyAnim, 1);

	a->scene = scene;
	a->tl = tl;
	map_pes(a);
	map_lanes(a);
	return a;
}

static void free_lists(GArray **lists)
{
	for (guint k = 0; lists && lists[k]; k++)
		g_array_unref(lists[k]);
	g_free(lists);
}

void sy_anim_free(SyAnim *a)
{
	if (!a)
		return;
	free_lists(a->pe);
	free_lists(a->lane);
	free_lists(a->lane_fifo);
	g_free(a);
}

gint64 sy_anim_cycles(const SyAnim *a)
{
	return sy_sim_timeline_result(a->tl)->cycles;
}

/* The busiest state of processes at t: busy over stalled over idle. */
static guint8 state_of(const SyAnim *a, const GArray *procs, gint64 t)
{
	guint8 best = SY_FRAME_IDLE;

	for (guint k = 0; k < procs->len; k++) {
		SySimState s = sy_sim_timeline_state(
			a->tl, g_array_index(procs, guint, k), t, NULL);

		if (s == SY_SIM_BUSY)
			return SY_FRAME_BUSY;
		if (s == SY_SIM_STALLED)
			best = SY_FRAME_STALLED;
	}
	return best;
}

/* The mean fraction of their depths the FIFOs hold at t; -1: none. */
static double fill_of(const SyAnim *a, const GArray *fifos, gint64 t)
{
	const SySimResult *r = sy_sim_timeline_result(a->tl);
	double sum = 0;

	if (!fifos->len)
		return -1;
	for (guint k = 0; k < fifos->len; k++) {
		guint f = g_array_index(fifos, guint, k);

		sum += (double)sy_sim_timeline_words(a->tl, f, t) /
			r->fifos[f].depth;
	}
	return sum / fifos->len;
}

SyArrayFrame *sy_anim_frame(const SyAnim *a, gint64 t)
{
	const SyArrayScene *s = a->scene;
	SyArrayFrame *f = g_new0(SyArrayFrame, 1);
	gint64 n = s->rows * s->cols;

	f->cycle = t;
	f->cycles = sy_anim_cycles(a);
	f->pe = g_new0(guint8, n + 1);
	for (gint64 k = 0; k < n; k++) {
		f->pe[k] = state_of(a, a->pe[k], t);
		f->busy += f->pe[k] == SY_FRAME_BUSY;
		f->stalled += f->pe[k] == SY_FRAME_STALLED;
	}
	f->n_lanes = a->n_lanes;
	f->lane = g_new0(guint8, a->n_lanes + 1);
	f->fill = g_new0(double, a->n_lanes + 1);
	for (guint i = 0; i < a->n_lanes; i++) {
		f->lane[i] = state_of(a, a->lane[i], t);
		f->fill[i] = fill_of(a, a->lane_fifo[i], t);
	}
	return f;
}

/* The animated SVG */

static void hex(GString *out, SyRgb c)
{
	g_string_append_printf(out, "#%02x%02x%02x", (guint)lround(c.r * 255),
		(guint)lround(c.g * 255), (guint)lround(c.b * 255));
}

/* A number in SVG's form, whatever the locale: points to a
 * thousandth, times to a hundred-thousandth of the run (frames are at
 * most 10000). */
static void formatted(GString *out, const char *format, double x)
{
	char buf[G_ASCII_DTOSTR_BUF_SIZE];

	g_string_append(out, g_ascii_formatd(buf, sizeof buf, format, x));
}

static void number(GString *out, double x)
{
	formatted(out, "%.3f", x);
}

static void fill_of_state(GString *out, guint8 state, const SyRenderStyle *st)
{
	if (state == SY_FRAME_BUSY)
		hex(out, st->accent);
	else if (state == SY_FRAME_STALLED)
		g_string_append(out, "url(#sy-stall)");
	else
		g_string_append(out, "none");
}

/* One PE's box, its fill changing where its state does. */
static void pe_rect(GString *out, const SyRenderView *v, double margin,
	gint64 r, gint64 c, const guint8 *states, gint64 n,
	const SyRenderStyle *st, double seconds)
{
	double half = 0.38 * v->scale;
	GString *times = g_string_new(NULL), *values = g_string_new(NULL);

	for (gint64 k = 0; k < n; k++) {
		if (k && states[k] == states[k - 1])
			continue;
		if (times->len) {
			g_string_append_c(times, ';');
			g_string_append_c(values, ';');
		}
		formatted(times, "%.5f", (double)k / n);
		fill_of_state(values, states[k], st);
	}
	g_string_append(out, "<rect x=\"");
	number(out, (c + 0.5 + margin - v->x0) * v->scale - half);
	g_string_append(out, "\" y=\"");
	number(out, (r + 0.5 + margin - v->y0) * v->scale - half);
	g_string_append(out, "\" width=\"");
	number(out, 2 * half);
	g_string_append(out, "\" height=\"");
	number(out, 2 * half);
	g_string_append(out, "\" fill=\"none\">");
	g_string_append(out, "<animate attributeName=\"fill\" dur=\"");
	number(out, seconds * n);
	g_string_append_printf(out,
		"s\" repeatCount=\"indefinite\" calcMode=\"discrete\" "
		"keyTimes=\"%s\" values=\"%s\"/></rect>\n",
		times->str, values->str);
	g_string_free(times, TRUE);
	g_string_free(values, TRUE);
}

/* The PEs' states frame by frame, PE after PE. */
static guint8 *states_of(const SyAnim *a, gint64 step, gint64 n)
{
	gint64 pes = a->scene->rows * a->scene->cols;
	guint8 *states = g_new0(guint8, pes * n + 1);
	gint64 cycles = sy_anim_cycles(a);

	for (gint64 k = 0; k < n; k++) {
		gint64 t = MIN(k * step, cycles);

		for (gint64 p = 0; p < pes; p++)
			states[p * n + k] = state_of(a, a->pe[p], t);
	}
	return states;
}

static void overlay(GString *out, const SyAnim *a, const SyRenderView *v,
	const SyRenderStyle *st, gint64 step, double seconds, int width,
	int height)
{
	const SyArrayScene *s = a->scene;
	gint64 cycles = sy_anim_cycles(a);
	gint64 n = cycles / step + 1 + (cycles % step != 0);
	g_autofree guint8 *states = states_of(a, step, n);

	g_string_append(out,
		"<defs><pattern id=\"sy-stall\" "
		"patternUnits=\"userSpaceOnUse\" width=\"6\" "
		"height=\"6\" patternTransform=\"rotate(45)\">"
		"<rect width=\"3\" height=\"6\" fill=\"");
	hex(out, st->warning);
	g_string_append(out, "\"/></pattern></defs>\n<g id=\"sy-anim\">\n");
	for (gint64 r = 0; r < s->rows; r++)
		for (gint64 c = 0; c < s->cols; c++)
			pe_rect(out, v, s->margin, r, c,
				states + (r * s->cols + c) * n, n, st, seconds);
	/* The time: a bar across the bottom, full at the run's end. */
	g_string_append_printf(out,
		"<rect x=\"0\" y=\"%d\" width=\"0\" height=\"3\" fill=\"",
		height - 3);
	hex(out, st->accent);
	g_string_append(out,
		"\"><animate attributeName=\"width\" "
		"from=\"0\" ");
	g_string_append_printf(out, "to=\"%d\" dur=\"", width);
	number(out, seconds * n);
	g_string_append(out, "s\" repeatCount=\"indefinite\"/></rect>\n</g>\n");
}

GBytes *sy_anim_svg(const SyAnim *a, const SyPicturePage *page,
	const SyPictureOptions *options, gint64 step, double seconds,
	GError **error)
{
	const SyRenderStyle *st = options->style ? options->style
						 : sy_render_style_print();
	g_autoptr(GBytes) base = NULL;
	SyRenderView v;
	GString *out;
	const char *data, *end;
	gsize len;
	int w, h;

	g_return_val_if_fail(page->array == a->scene && step > 0, NULL);
	if (!sy_picture_array_view(page, options, &v)) {
		g_set_error(error, SY_PICTURE_ERROR, SY_PICTURE_ERROR_FORMAT,
			"an animation draws the array or network view");
		return NULL;
	}
	base = sy_picture_encode(page, 1, SY_PICTURE_SVG, options, error);
	if (!base)
		return NULL;
	sy_picture_page_size(page, options, &w, &h);
	data = g_bytes_get_data(base, &len);
	end = g_strrstr_len(data, (gssize)len, "</svg>");
	if (!end) {
		g_set_error(error, SY_PICTURE_ERROR, SY_PICTURE_ERROR_CAIRO,
			"Cairo wrote an SVG without its end");
		return NULL;
	}
	/* The overlay after everything the page draws. */
	out = g_string_new_len(data, end - data);
	overlay(out, a, &v, st, step, seconds, w, h);
	g_string_append_len(out, end, (gssize)(data + len - end));
	return g_string_free_to_bytes(out);
}
