/* Communication management: the I/O network of PE arrays, checked
 * against the structure AutoSA reports for a published design, on the
 * choices that change it (tile order, live-in data, double buffering,
 * packing), and for internal consistency on every dataflow of every
 * example. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "comm/design.h"
#include "comm/module-code.h"

static const char *examples_dir;

static SyAnalysis *analyse(
	const char *name, const char *const *defines, guint max_dims)
{
	g_autofree char *path = g_build_filename(examples_dir, name, NULL);
	SyAnalysisOptions ao = {defines, NULL, max_dims, 0, FALSE};
	GError *error = NULL;
	SyAnalysis *a = sy_analysis_new_from_file(path, &ao, &error);

	g_assert_no_error(error);
	return a;
}

/* A design, its choices and array kept alive with it. */
typedef struct {
	SyChoices *choices;
	SyPeArray *array;
	SyDesign *design;
} Made;

static void made_clear(Made *m)
{
	sy_design_free(m->design);
	sy_pe_array_free(m->array);
	sy_choices_free(m->choices);
}

static void make(Made *m, const SyAnalysis *a, guint candidate,
	const char *sizes, const char *order, const SyDesignOptions *options)
{
	g_autoptr(SyConfig) cfg = NULL;
	GError *error = NULL;

	m->choices = sy_choices_new(
		a, g_ptr_array_index(a->candidates, candidate), NULL);
	cfg = sy_config_new(m->choices);
	if (sizes)
		g_assert_true(sy_config_apply_sa_sizes(
			cfg, m->choices, sizes, &error));
	if (order)
		g_assert_true(
			sy_config_set_order(cfg, m->choices, order, &error));
	g_assert_no_error(error);
	m->array = sy_pe_array_new(m->choices, cfg, &error);
	g_assert_no_error(error);
	m->design = sy_design_new(m->array, options, &error);
	g_assert_no_error(error);
}

static const SyModule *module(const SyDesign *d, const char *name)
{
	const SyModule *m = sy_design_find(d, name);

	if (!m)
		g_error("no module %s", name);
	return m;
}

static void assert_module(const SyDesign *d, const char *name, gint64 count)
{
	g_assert_cmpint(module(d, name)->count, ==, count);
}

static const SyBuffer *buffer(const SyModule *m)
{
	g_assert_cmpuint(m->buffers->len, ==, 1);
	return g_ptr_array_index(m->buffers, 0);
}

static guint fifo_width(const SyDesign *d, const char *name)
{
	guint width = 0;

	for (guint i = 0; i < d->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(d->fifos, i);

		if (!g_str_equal(f->name, name))
			continue;
		g_assert_true(width == 0 || width == f->width_bits);
		width = f->width_bits;
	}
	return width;
}

static const char *const mm1024[] = {"I=1024", "J=1024", "K=1024", NULL};

/* Odyssey's design (odyssey.md 6.3): 43 x 5 PEs; 43 A_IO_L2_in modules
 * (42 and a boundary) with 12-deep 16-wide ping-pong buffers (3 rows of
 * 64 floats); 258 fifo_A_PE (43 rows of 6), 220 fifo_B_PE (44 x 5),
 * 215 fifo_C_drain_PE; A and B cross the PEs 8 floats at a time (SIMD
 * 8 on k), C one at a time. */
static void test_published_mm(void)
{
	g_autoptr(SyAnalysis) a = analyse("mm.c", mm1024, 2);
	Made m;
	const SyBuffer *buf;

	make(&m, a, 3,
		"{kernel[]->space_time[3];kernel[]->array_part[129,130,64];"
		"kernel[]->latency[3,26];kernel[]->simd[8]}",
		NULL, NULL);
	assert_module(m.design, "PE", 215);
	assert_module(m.design, "A_IO_L3_in", 1);
	assert_module(m.design, "A_IO_L2_in", 42);
	assert_module(m.design, "A_IO_L2_in_boundary", 1);
	assert_module(m.design, "A_PE_dummy_in", 43);
	assert_module(m.design, "B_IO_L2_in", 4);
	assert_module(m.design, "B_IO_L2_in_boundary", 1);
	assert_module(m.design, "B_PE_dummy_in", 5);
	assert_module(m.design, "C_drain_IO_L1_out", 210);
	assert_module(m.design, "C_drain_IO_L1_out_boundary", 5);
	assert_module(m.design, "C_drain_IO_L2_out", 4);
	assert_module(m.design, "C_drain_IO_L2_out_boundary", 1);
	assert_module(m.design, "C_drain_IO_L3_out", 1);
	buf = buffer(module(m.design, "A_IO_L2_in"));
	g_assert_cmpint(buf->shape[0], ==, 3);
	g_assert_cmpint(buf->shape[1], ==, 64);
	g_assert_cmpint(buf->depth, ==, 12);
	g_assert_cmpuint(buf->pack, ==, 16);
	g_assert_true(buf->ping_pong);
	buf = buffer(module(m.design, "B_IO_L2_in"));
	g_assert_cmpint(buf->shape[0], ==, 26);
	g_assert_cmpint(buf->depth, ==, 104);
	/* C: 3 x 26 per PE, in pairs (26 is even, not a multiple of 4). */
	buf = buffer(module(m.design, "C_drain_IO_L1_out"));
	g_assert_cmpint(buf->depth, ==, 39);
	g_assert_cmpuint(buf->pack, ==, 2);
	buf = buffer(m.design->pe);
	g_assert_cmpstr(buf->name, ==, "local_C");
	g_assert_cmpint(buf->shape[0] * buf->shape[1], ==, 78);
	g_assert_cmpint(sy_design_fifo_count(m.design, "fifo_A_PE"), ==, 258);
	g_assert_cmpint(sy_design_fifo_count(m.design, "fifo_B_PE"), ==, 220);
	g_assert_cmpint(
		sy_design_fifo_count(m.design, "fifo_C_drain_PE"), ==, 215);
	g_assert_cmpint(
		sy_design_fifo_count(m.design, "fifo_A_A_IO_L2_in"), ==, 43);
	g_assert_cmpint(sy_design_fifo_count(
				m.design, "fifo_C_drain_C_drain_IO_L1_out"),
		==, 215);
	g_assert_cmpuint(fifo_width(m.design, "fifo_A_PE"), ==, 256);
	g_assert_cmpuint(fifo_width(m.design, "fifo_B_PE"), ==, 256);
	g_assert_cmpuint(fifo_width(m.design, "fifo_C_drain_PE"), ==, 32);
	g_assert_cmpuint(fifo_width(m.design, "fifo_A_A_IO_L2_in"), ==, 512);
	made_clear(&m);
}

/* C = C + A * B reads C before writing it: mm.c loads it (once, at the
 * first k tile: 1032 x 1040 padded elements), mm_init.c, which zeroes
 * it in the SCoP, does not. */
static void test_live_in(void)
{
	g_autoptr(SyAnalysis) mm = analyse("mm.c", mm1024, 2);
	g_autoptr(SyAnalysis) init = analyse("mm_init.c", NULL, 2);
	const char *sizes =
		"{kernel[]->space_time[3];kernel[]->array_part[129,130,64];"
		"kernel[]->latency[3,26];kernel[]->simd[8]}";
	Made m, n;
	const SyDramPort *port;

	make(&m, mm, 3, sizes, NULL, NULL);
	assert_module(m.design, "C_IO_L1_in", 210);
	port = g_ptr_array_index(m.design->dram, 0);
	g_assert_cmpstr(port->array->name, ==, "C");
	g_assert_true(port->in);
	g_assert_cmpint(port->elements, ==, 1032 * 1040);
	made_clear(&m);
	make(&n, init, 3, NULL, NULL, NULL);
	g_assert_null(sy_design_find(n.design, "C_IO_L1_in"));
	g_assert_null(sy_design_find(n.design, "C_IO_L3_in"));
	made_clear(&n);
}

/* Partial sums passed PE to PE along k: with C zeroed in the SCoP and k
 * untiled nothing enters, so there is no way in, and a dummy writes
 * (nothing) into the first PE's FIFO; with k tiled they come back from
 * DRAM between tiles, and with C = C + A * B they start outside. */
static void test_no_way_in(void)
{
	g_autoptr(SyAnalysis) init = analyse("mm_init.c", NULL, 2);
	g_autoptr(SyAnalysis) mm = analyse("mm.c", NULL, 2);
	const char *tiled = "{kernel[]->space_time[2];"
			    "kernel[]->array_part[16,32,48]}";
	Made none, back, live;
	const SyFifo *feed = NULL;

	make(&none, init, 2, NULL, NULL, NULL);
	g_assert_null(sy_design_find(none.design, "C_IO_L3_in"));
	g_assert_null(sy_design_find(none.design, "C_IO_L2_in_boundary"));
	assert_module(none.design, "C_PE_dummy_head", 1);
	g_assert_cmpint(
		module(none.design, "C_PE_dummy_head")->edge, ==, SY_EDGE_WEST);
	assert_module(none.design, "C_IO_L2_out_boundary", 1);
	g_assert_cmpint(sy_design_fifo_count(none.design, "fifo_C_PE"), ==, 65);
	for (guint i = 0; i < none.design->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(none.design->fifos, i);

		if (f->from == module(none.design, "C_PE_dummy_head"))
			feed = f;
	}
	g_assert_nonnull(feed);
	g_assert_true(feed->to == none.design->pe);
	g_assert_cmpint(feed->count, ==, 1);
	g_assert_cmpuint(none.design->dram->len, ==, 3);
	made_clear(&none);
	make(&back, init, 2, tiled, NULL, NULL);
	assert_module(back.design, "C_IO_L3_in", 1);
	g_assert_null(sy_design_find(back.design, "C_PE_dummy_head"));
	g_assert_cmpuint(back.design->dram->len, ==, 4);
	made_clear(&back);
	make(&live, mm, 2, NULL, NULL, NULL);
	assert_module(live.design, "C_IO_L3_in", 1);
	g_assert_null(sy_design_find(live.design, "C_PE_dummy_head"));
	made_clear(&live);
}

/* A temporary passed PE to PE (Up in LU along i) never meets DRAM:
 * a dummy writes (nothing) into the first PE and one reads (nothing)
 * from the last. */
static void test_temporary_passed(void)
{
	g_autoptr(SyAnalysis) a = analyse("lu.c", NULL, 2);
	Made m;

	make(&m, a, 1, NULL, NULL, NULL);
	assert_module(m.design, "Up_PE_dummy_head", 1);
	assert_module(m.design, "Up_PE_dummy_in", 1);
	g_assert_cmpint(
		module(m.design, "Up_PE_dummy_head")->edge, ==, SY_EDGE_WEST);
	g_assert_cmpint(
		module(m.design, "Up_PE_dummy_in")->edge, ==, SY_EDGE_EAST);
	g_assert_null(sy_design_find(m.design, "Up_IO_L3_in"));
	g_assert_cmpint(sy_design_fifo_count(m.design, "fifo_Up_PE"), ==, 17);
	g_assert_cmpuint(m.design->dram->len, ==, 2);
	made_clear(&m);
}

/* A module's code parameters as "name:dim name:dim". */
static void assert_params(const SyModule *mod, const char *want)
{
	GString *got = g_string_new(NULL);

	g_assert_nonnull(mod->params);
	for (guint i = 0; i < mod->params->len; i++) {
		const SyCodeParam *param = g_ptr_array_index(mod->params, i);

		g_string_append_printf(
			got, "%s%s:%u", i ? " " : "", param->name, param->dim);
	}
	g_assert_cmpstr(got->str, ==, want);
	g_string_free(got, TRUE);
}

/* The modules' code: the PE, each buffered module's intra_trans (both
 * of a chain, the same) and nothing for modules without statements (a
 * temporary passed PE to PE has dummies that print none); built once,
 * dropped whole.  A design the backend refuses gets none. */
static void test_code(void)
{
	g_autoptr(SyAnalysis) lu = analyse("lu.c", NULL, 2);
	g_autoptr(SyAnalysis) dp = analyse("dp.c", NULL, 2);
	static const char *const coded[] = {"PE", "A_IO_L1_in",
		"A_IO_L1_in_boundary", "LU_drain_IO_L1_out",
		"LU_drain_IO_L1_out_boundary", NULL};
	GError *error = NULL;
	const SyCode *pe;
	g_autoptr(SyCode) first = NULL;
	guint n = 0;
	Made m, refused;

	make(&m, lu, 1, NULL, NULL, NULL);
	g_assert_null(m.design->pe->code);
	g_assert_true(sy_design_build_code(m.design, &error));
	g_assert_no_error(error);
	for (guint i = 0; i < m.design->modules->len; i++) {
		const SyModule *mod = g_ptr_array_index(m.design->modules, i);

		if (!mod->code)
			continue;
		g_assert_nonnull(coded[n]);
		g_assert_cmpstr(mod->name, ==, coded[n++]);
	}
	g_assert_null(coded[n]);
	g_assert_true(sy_code_is_equal(module(m.design, "A_IO_L1_in")->code,
		module(m.design, "A_IO_L1_in_boundary")->code));
	pe = m.design->pe->code;
	g_assert_cmpint(pe->kind, ==, SY_CODE_IF);
	assert_params(m.design->pe, "idx:3");
	assert_params(
		module(m.design, "A_IO_L1_in"), "sy_t0:0 sy_t1:1 sy_t2:2 p0:3");
	g_assert_null(module(m.design, "Up_PE_dummy_in")->params);
	first = sy_code_copy(pe);
	/* Built: a second call keeps what is there. */
	g_assert_true(sy_design_build_code(m.design, &error));
	g_assert_true(m.design->pe->code == pe);
	sy_design_clear_code(m.design);
	for (guint i = 0; i < m.design->modules->len; i++)
		g_assert_null(
			((SyModule *)g_ptr_array_index(m.design->modules, i))
				->code);
	g_assert_true(sy_design_build_code(m.design, &error));
	g_assert_true(sy_code_is_equal(m.design->pe->code, first));
	made_clear(&m);
	/* dp's table on [i,j] enters along two paths. */
	make(&refused, dp, 2, NULL, NULL, NULL);
	g_assert_false(sy_design_build_code(refused.design, &error));
	g_assert_error(error, SY_HLS_ERROR, SY_HLS_ERROR_UNSUPPORTED);
	g_assert_cmpstr(error->message, ==,
		"D enters the array along two paths (D_0 and D_1); the HLS "
		"backend supports one per array and way");
	g_clear_error(&error);
	for (guint i = 0; i < refused.design->modules->len; i++)
		g_assert_null(((SyModule *)g_ptr_array_index(
				       refused.design->modules, i))
				      ->code);
	made_clear(&refused);
}

/* With k not innermost among the tile loops, partial sums leave the PEs
 * between k tiles and come back (Odyssey's C_IO_L1_in / _out); with k
 * innermost they stay (AutoSA's pruning). */
static void test_tile_order(void)
{
	g_autoptr(SyAnalysis) a = analyse("mm_init.c", NULL, 2);
	const char *sizes = "{kernel[]->space_time[3];"
			    "kernel[]->array_part[8,8,8]}";
	Made kept, back;

	make(&kept, a, 3, sizes, "i,j,k", NULL);
	g_assert_null(sy_design_find(kept.design, "C_IO_L1_in"));
	g_assert_nonnull(sy_design_find(kept.design, "C_drain_IO_L1_out"));
	made_clear(&kept);
	make(&back, a, 3, sizes, "i,k,j", NULL);
	assert_module(back.design, "C_IO_L1_in", 56);
	assert_module(back.design, "C_IO_L1_out", 56);
	g_assert_null(sy_design_find(back.design, "C_drain_IO_L1_out"));
	made_clear(&back);
}

/* --two-level-buffer (AutoSA's array_part_L2): mm on [i, j], tiles of 16
 * on 64 (4 per loop), L2 tiles of 2 x 3 x 4 tiles (i, j, k): A's data
 * is the same for the j tiles of an L2 tile, B's for the i tiles, so
 * their L3 modules read an L2 buffer above those tile loops, keeping the
 * tiles below that they depend on (A: 4 k tiles of 2 lines x 8 words,
 * read again per i tile; B: 3 j x 4 k), and read DRAM once per L2 tile
 * there: A's 16384 elements become 8192 (j's 4 tiles in 2 L2 tiles),
 * B's 8192 (i's in 2); C's, read at k's first tile only, and the drain
 * keep none.  The schedule has twice the tile dimensions,
 * the L2 tiles first; under --host-serialize there is no L2 buffer. */
static void test_two_level(void)
{
	g_autoptr(SyAnalysis) a = analyse("mm.c", NULL, 2);
	const char *sizes =
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->array_part_L2[2,3,4];kernel[]->latency[8,8];"
		"kernel[]->simd[2]}";
	SyDesignOptions serial = {.host_serialize = TRUE};
	g_autoptr(SyConfig) cfg = NULL;
	GError *error = NULL;
	const SyBuffer *buf;
	const SyDramPort *port;
	Made m;

	m.choices = sy_choices_new(
		a, g_ptr_array_index(a->candidates, 3), NULL);
	cfg = sy_config_new(m.choices);
	g_assert_true(sy_config_apply_sa_sizes(cfg, m.choices, sizes, &error));
	g_assert_true(
		sy_config_apply_sa_sizes_l2(cfg, m.choices, sizes, &error));
	g_assert_no_error(error);
	m.array = sy_pe_array_new(m.choices, cfg, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(sy_pe_array_n_tile(m.array), ==, 6);
	g_assert_cmpint(sy_pe_array_tile_trips(m.array, 0), ==, 2);
	g_assert_cmpint(sy_pe_array_tile_trips(m.array, 1), ==, 2);
	g_assert_cmpint(sy_pe_array_tile_trips(m.array, 2), ==, 1);
	g_assert_cmpint(sy_pe_array_tile_trips(m.array, 4), ==, 3);
	g_assert_cmpint(sy_pe_array_tile_trips(m.array, 5), ==, 4);
	g_assert_cmpuint(sy_pe_array_tile_member(m.array, 4), ==, 1);
	m.design = sy_design_new(m.array, NULL, &error);
	g_assert_no_error(error);
	buf = buffer(module(m.design, "A_IO_L3_in"));
	g_assert_cmpstr(buf->name, ==, "l2_A");
	g_assert_cmpint(buf->depth, ==, 4 * 2 * 8);
	g_assert_cmpint(buf->shape[0], ==, 4 * 2 * 8);
	g_assert_cmpint(buf->shape[1], ==, 16);
	g_assert_cmpuint(buf->pack, ==, 16);
	g_assert_false(buf->ping_pong);
	buf = buffer(module(m.design, "B_IO_L3_in"));
	g_assert_cmpint(buf->depth, ==, 3 * 4 * 2 * 8);
	g_assert_cmpuint(module(m.design, "C_IO_L3_in")->buffers->len, ==, 0);
	g_assert_cmpuint(
		module(m.design, "C_drain_IO_L3_out")->buffers->len, ==, 0);
	port = g_ptr_array_index(m.design->dram, 1);
	g_assert_cmpstr(port->array->name, ==, "A");
	g_assert_cmpint(port->elements, ==, 8192);
	port = g_ptr_array_index(m.design->dram, 2);
	g_assert_cmpint(port->elements, ==, 8192);
	port = g_ptr_array_index(m.design->dram, 0);
	g_assert_cmpint(port->elements, ==, 4096);
	g_assert_true(sy_design_build_code(m.design, &error));
	g_assert_no_error(error);
	sy_design_free(m.design);
	m.design = sy_design_new(m.array, &serial, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(module(m.design, "A_IO_L3_in")->buffers->len, ==, 0);
	port = g_ptr_array_index(m.design->dram, 1);
	g_assert_cmpint(port->elements, ==, 16384);
	made_clear(&m);
}

static void test_options(void)
{
	g_autoptr(SyAnalysis) a = analyse("mm.c", mm1024, 2);
	g_autoptr(GHashTable) pack = g_hash_table_new(g_str_hash, g_str_equal);
	const char *sizes =
		"{kernel[]->space_time[3];kernel[]->array_part[129,130,64];"
		"kernel[]->latency[3,26];kernel[]->simd[8]}";
	SyDesignOptions single = {.no_double_buffer = TRUE};
	SyDesignOptions packed = {.pack = pack, .fifo_depth = 4};
	GError *error = NULL;
	Made m;

	make(&m, a, 3, sizes, NULL, &single);
	g_assert_false(buffer(module(m.design, "A_IO_L2_in"))->ping_pong);
	made_clear(&m);

	g_hash_table_insert(pack, "A:L2", GUINT_TO_POINTER(8));
	make(&m, a, 3, sizes, NULL, &packed);
	g_assert_cmpint(buffer(module(m.design, "A_IO_L2_in"))->depth, ==, 24);
	g_assert_cmpuint(fifo_width(m.design, "fifo_A_A_IO_L2_in"), ==, 256);
	g_assert_cmpuint(
		((const SyFifo *)g_ptr_array_index(m.design->fifos, 0))->depth,
		==, 4);
	sy_design_free(m.design);

	g_hash_table_insert(pack, "A:L2", GUINT_TO_POINTER(32));
	m.design = sy_design_new(m.array, &packed, &error);
	g_assert_null(m.design);
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==,
		"--pack A:L2=32: a packing factor is a power of two of at most "
		"16 32-bit elements that divides the buffer's innermost "
		"dimension (64)");
	g_clear_error(&error);
	made_clear(&m);
}

/* Every FIFO joins two modules of the design; every module instance has
 * one FIFO of a name going in and one going out, or none (so counts per
 * name and family are 0 or the family's count; PEs where temporaries
 * enter have none in); buffers hold their shape in words of at most 512
 * bits. */
static void check_consistent(const SyDesign *d, const char *what)
{
	for (guint i = 0; i < d->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(d->fifos, i);

		g_assert_true(g_ptr_array_find(d->modules, f->from, NULL));
		g_assert_true(g_ptr_array_find(d->modules, f->to, NULL));
		g_assert_cmpint(f->count, >, 0);
		g_assert_cmpuint(f->width_bits % 8, ==, 0);
	}
	for (guint i = 0; i < d->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(d->modules, i);

		g_assert_cmpint(m->count, >, 0);
		for (guint k = 0; k < d->fifos->len; k++) {
			const SyFifo *f = g_ptr_array_index(d->fifos, k);
			gint64 in = 0, out = 0;

			for (guint j = 0; j < d->fifos->len; j++) {
				const SyFifo *g = g_ptr_array_index(
					d->fifos, j);

				if (!g_str_equal(g->name, f->name))
					continue;
				in += g->to == m ? g->count : 0;
				out += g->from == m ? g->count : 0;
			}
			/* PEs where temporaries enter the array compute
			 * them: fewer FIFOs in than PEs. */
			if (m == d->pe && in < m->count && out == m->count)
				in = m->count;
			if ((in && in != m->count) || (out && out != m->count))
				g_error("%s: %s: %" G_GINT64_FORMAT
					" modules, %" G_GINT64_FORMAT
					" in and %" G_GINT64_FORMAT
					" out of %s",
					what, m->name, m->count, in, out,
					f->name);
		}
		for (guint k = 0; k < m->buffers->len; k++) {
			const SyBuffer *b = g_ptr_array_index(m->buffers, k);
			gint64 n = 1;

			for (guint j = 0; j < b->n_dims; j++)
				n *= b->shape[j];
			g_assert_cmpint(b->depth * b->pack, ==, n);
			g_assert_cmpuint(b->pack * b->elem_bits, <=, 512);
		}
	}
	g_assert_cmpint(d->pe->count, ==, sy_pe_array_count(d->array));
}

static void test_consistent(void)
{
	static const char *const names[] = {"conv.c", "dp.c", "fir.c", "gemm.c",
		"gemv.c", "lu.c", "mm.c", "mm_init.c", "mttkrp.c", "trmm.c",
		"ttm.c", "ttmc.c"};
	/* Under valgrind, every stride-th dataflow of the even examples
	 * (test-pe-facts takes the odd ones): the same code paths in a
	 * fraction of the time. */
	guint stride = sy_test_stride();
	guint designs = 0;

	for (guint e = 0; e < G_N_ELEMENTS(names); e++) {
		g_autoptr(SyAnalysis) a = NULL;

		if (!sy_test_takes_example(e, 0))
			continue;
		a = analyse(names[e], NULL, 3);
		for (guint c = sy_test_first_dataflow(e, a->candidates->len);
			c < a->candidates->len; c += stride) {
			for (guint v = 0; v < 2; v++) {
				g_autofree char *what = g_strdup_printf(
					"%s array %u%s", names[e], c,
					v ? " tiled" : "");
				g_autoptr(SyChoices) ch = sy_choices_new(a,
					g_ptr_array_index(a->candidates, c),
					NULL);
				g_autoptr(SyConfig) cfg = sy_config_new(ch);
				g_autoptr(SyPeArray) array = NULL;
				g_autoptr(SyDesign) d = NULL;
				GError *error = NULL;

				/* Non-divisor tiles: a third and one. */
				for (guint m = 0; v && m < cfg->n_members; m++)
					cfg->tile[m] = cfg->tile[m] / 3 + 1;
				array = sy_pe_array_new(ch, cfg, &error);
				g_assert_no_error(error);
				d = sy_design_new(array, NULL, &error);
				g_assert_no_error(error);
				check_consistent(d, what);
				designs++;
			}
		}
	}
	g_test_message("%u designs consistent", designs);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : "data/examples";
	g_test_add_func("/design/published-mm", test_published_mm);
	g_test_add_func("/design/live-in", test_live_in);
	g_test_add_func("/design/no-way-in", test_no_way_in);
	g_test_add_func("/design/temporary-passed", test_temporary_passed);
	g_test_add_func("/design/code", test_code);
	g_test_add_func("/design/tile-order", test_tile_order);
	g_test_add_func("/design/options", test_options);
	g_test_add_func("/design/two-level", test_two_level);
	g_test_add_func("/design/consistent", test_consistent);
	return g_test_run();
}
