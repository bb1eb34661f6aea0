/* The design of a PE array (comm/design.h): the PE and its loops, each
 * I/O path's chains of modules from the DRAM port down, the FIFOs
 * between them, their buffers packed by the options, and the checks
 * that every count fits; the description's own operations are in
 * design-data.c. */
#include <string.h>

#include <isl/aff.h>

#include "base/checked.h"
#include "comm/design-hbm.h"
#include "comm/design.h"
#include "comm/io-plan.h"
#include "comm/tb-facts.h"
#include "comm/pe-facts.h"
#include "poly/names.h"

#define WORD_BITS 512
#define DEFAULT_FIFO_DEPTH 2

typedef struct {
	SyDesign *design;
	const SyPeArray *array;
	const SyDesignOptions *options;
	GPtrArray *paths;
	const SyIoPath *path; /* whose modules are being added, or NULL */
	gint64 pe_steps; /* PE iterations per tile, SIMD lanes aside */
	GHashTable *packable; /* "A:L2" of every buffer: the keys --pack
				 may name */
	GError **error;
	gboolean failed;
	SyChecked ck; /* the first count that overflows 64 bits */
} Build;

/* Loop trees */

/* Appends child under parent; returns child. */
static SyLoopNode *loop_add(SyLoopNode *parent, SyLoopNode *child)
{
	g_ptr_array_add(parent->children, child);
	return child;
}

/* The tile loops, outermost first; returns the innermost (or root). */
static SyLoopNode *tile_loops(const SyPeArray *array, SyLoopNode *root)
{
	const SyConfig *cfg = array->config;
	const SyBand *band = array->analysis->band;
	SyLoopNode *at = root;

	for (guint k = 0; k < cfg->n_members; k++) {
		guint m = cfg->order[k];
		gint64 n = array->padded[m] / cfg->tile[m];
		g_autofree char *name = g_strconcat(
			band->members[m].name, "_tile", NULL);

		if (n > 1)
			at = loop_add(
				at, sy_loop_node_new(name, "array_part", n));
	}
	return at;
}

static gint64 simd_factor_of(const SyPeArray *array, const SyLoopRef *ref)
{
	const SyConfig *cfg = array->config;
	const SySimdChoice *sc = cfg->simd >= 0
		? g_ptr_array_index(array->choices->simd, cfg->simd)
		: NULL;

	return sc && g_str_equal(sc->loop.name, ref->name) ? cfg->simd_factor
							   : 1;
}

/* The PE: tiles, time loops, the loops below the band, latency loops
 * and the SIMD loop around the computation.  Returns its iterations per
 * tile, SIMD lanes aside. */
static SyLoopNode *pe_loops(
	const SyPeArray *array, SyChecked *ck, gint64 *steps)
{
	const SyChoices *c = array->choices;
	const SyConfig *cfg = array->config;
	SyLoopNode *root = sy_loop_node_new("PE", "module", 1);
	SyLoopNode *at = tile_loops(array, root);
	g_autofree guint *lat = g_new(guint, cfg->n_members + 1);
	guint n_lat;

	*steps = 1;
	for (guint i = c->candidate->n_space; i < c->tilable->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->tilable, i);
		gint64 n = cfg->tile[ref->member] / cfg->latency[ref->member] /
			simd_factor_of(array, ref);

		at = loop_add(at, sy_loop_node_new(ref->name, "time", n));
		*steps = sy_checked_mul(
			ck, *steps, n, "the number of steps of a PE per tile");
	}
	for (guint i = 0; i < c->simd->len; i++) {
		const SySimdChoice *sc = g_ptr_array_index(c->simd, i);
		gint64 w = simd_factor_of(array, &sc->loop);
		/* Whole vectors, without extent + w - 1. */
		gint64 n = sc->loop.extent / w + (sc->loop.extent % w != 0);

		if (sc->loop.in_band)
			continue;
		at = loop_add(at, sy_loop_node_new(sc->loop.name, "inner", n));
		*steps = sy_checked_mul(
			ck, *steps, n, "the number of steps of a PE per tile");
	}
	n_lat = sy_config_latency_loops(cfg, c, lat);
	for (guint i = 0; i < n_lat; i++) {
		const SyBandMember *m = &array->analysis->band->members[lat[i]];
		g_autofree char *name = g_strconcat(m->name, "_lat", NULL);

		at = loop_add(at,
			sy_loop_node_new(
				name, "latency", cfg->latency[lat[i]]));
		*steps = sy_checked_mul(ck, *steps, cfg->latency[lat[i]],
			"the number of steps of a PE per tile");
	}
	if (cfg->simd >= 0) {
		const SySimdChoice *sc = g_ptr_array_index(c->simd, cfg->simd);
		g_autofree char *name = g_strconcat(
			sc->loop.name, "_simd", NULL);

		at = loop_add(
			at, sy_loop_node_new(name, "simd", cfg->simd_factor));
	}
	loop_add(at, sy_loop_node_new("compute", "statement", 1));
	return root;
}

/* An I/O module: per tile, the words it passes on (inter_trans) and
 * those it hands to its PEs or takes from them (intra_trans). */
static SyLoopNode *io_loops(
	const SyPeArray *array, const char *name, gint64 inter, gint64 intra)
{
	SyLoopNode *root = sy_loop_node_new(name, "module", 1);
	SyLoopNode *at = tile_loops(array, root);

	if (inter)
		loop_add(
			at, sy_loop_node_new("inter_trans", "transfer", inter));
	if (intra)
		loop_add(
			at, sy_loop_node_new("intra_trans", "transfer", intra));
	return root;
}

/* Modules and FIFOs */

static SyModule *module_add(Build *b, const char *name, SyModuleKind kind,
	const SyArray *x, guint level, gboolean in, gint64 count, SyEdge edge)
{
	SyModule *m = sy_design_add_module(b->design, name, kind);

	m->array = x;
	m->path = b->path;
	m->level = level;
	m->in = in;
	m->count = count;
	m->edge = edge;
	return m;
}

static void fifo_add(Build *b, const char *name, const SyArray *x, gint64 count,
	guint width_bits, const SyModule *from, const SyModule *to)
{
	SyFifo *f;

	if (count <= 0)
		return;
	/* One entry per name and pair of families. */
	for (guint i = 0; i < b->design->fifos->len; i++) {
		f = g_ptr_array_index(b->design->fifos, i);
		if (f->from == from && f->to == to &&
			g_str_equal(f->name, name)) {
			f->count = sy_checked_add(&b->ck, f->count, count,
				"the number of FIFOs %s", name);
			return;
		}
	}
	f = g_new0(SyFifo, 1);
	f->name = g_strdup(name);
	f->array = x;
	f->count = count;
	f->width_bits = width_bits;
	f->depth = b->options && b->options->fifo_depth ? b->options->fifo_depth
							: DEFAULT_FIFO_DEPTH;
	f->from = from;
	f->to = to;
	g_ptr_array_add(b->design->fifos, f);
}

/* An element's bits as the backend declares it: 32 for a type Systole
 * does not know. */
static guint elem_bits(const SyArray *x)
{
	guint bits = sy_type_bits(x->var->base_type);

	return bits ? bits : 32;
}

/* x's caps: its own, or those --data-pack-sizes gives every array it
 * does not name, or NULL. */
static const SyPackCaps *caps_of(const Build *b, const SyArray *x)
{
	GHashTable *caps = b->options ? b->options->pack_caps : NULL;
	const SyPackCaps *own = caps ? g_hash_table_lookup(caps, x->name)
				     : NULL;

	return own || !caps ? own
			    : g_hash_table_lookup(caps, SY_DESIGN_PACK_ALL);
}

/* The widest power of two that divides innermost and fits bits-bit
 * elements in a word of cap bits (one element at least). */
static guint widest_under(guint bits, gint64 innermost, guint cap)
{
	guint p = 1;

	while ((guint64)p * 2 * bits <= cap && innermost % (p * 2) == 0)
		p *= 2;
	return p;
}

/* The word a buffer at level (1 or 2) of the path being built may
 * take: 512 bits, or --data-pack-sizes' cap for the level, but never
 * narrower than the SIMD lanes the path moves (AutoSA: the SIMD factor
 * wins over the cap). */
static guint level_cap(const Build *b, const SyArray *x, guint level)
{
	const SyPackCaps *caps = caps_of(b, x);
	guint cap, lanes;

	if (!caps || level < 1 || level > 2)
		return WORD_BITS;
	cap = caps->bytes[level - 1] * 8;
	lanes = b->path
		? sy_io_path_lanes(b->array, b->design->tiles, b->path) *
			elem_bits(x)
		: 0;
	return MIN(MAX(cap, lanes), WORD_BITS);
}

/* The packing factor of a buffer at a level: the user's, checked, or
 * the widest power of two that divides its innermost dimension and
 * fits the level's word (level_cap). */
static guint pack_of(Build *b, const char *prefix, guint level,
	const SyArray *x, gint64 innermost)
{
	guint bits = elem_bits(x), p = 1;
	g_autofree char *key = g_strdup_printf("%s:L%u", prefix, level);
	gpointer chosen = b->options && b->options->pack
		? g_hash_table_lookup(b->options->pack, key)
		: NULL;

	g_hash_table_add(b->packable, g_strdup(key));
	if (chosen) {
		guint want = GPOINTER_TO_UINT(chosen);

		if ((want & (want - 1)) == 0 && want * bits <= WORD_BITS &&
			innermost % want == 0)
			return want;
		if (!b->failed)
			g_set_error(b->error, SY_DESIGN_ERROR,
				SY_DESIGN_ERROR_INVALID,
				"--pack %s=%u: a packing factor is a power of "
				"two of at most %u %u-bit elements that "
				"divides the buffer's innermost dimension "
				"(%" G_GINT64_FORMAT ")",
				key, want, WORD_BITS / bits, bits, innermost);
		b->failed = TRUE;
		return 1;
	}
	if (b->options && b->options->no_packing)
		return p;
	return widest_under(bits, innermost, level_cap(b, x, level));
}

guint sy_design_pack_widest(guint bits, gint64 innermost)
{
	return widest_under(bits, innermost, WORD_BITS);
}

/* The shape of a buffer of x per tile and unit of PEs (keep: the PE
 * coordinates a unit has, NULL for all): the box on whole tiles of its
 * reads (writes > 0: writes, < 0: both); accesses, the kernel's own
 * that move, where there are no such boxes. */
static gint64 *footprint(Build *b, const SyArray *x, int writes,
	const gboolean *keep, isl_union_map *accesses, const gint64 *along)
{
	const SyTileBoxes *tiles = b->design->tiles;
	SyTileBox box;

	if (!tiles)
		return sy_io_footprint(b->array, accesses, x->n_dims, along);
	isl_union_map_free(accesses);
	/* The same boxes as the HLS model's paths: computed once. */
	sy_tile_boxes_box(tiles, &box, x, writes, keep);
	isl_multi_pw_aff_free(box.offset);
	return box.size;
}

/* The PE coordinates a unit of a path's boxes has: all for an interior
 * path (per PE), those it does not move along for an exterior one (per
 * line); NULL for all. */
static gboolean *unit_keep(const SyIoPath *p)
{
	gboolean *keep;

	if (!p->exterior)
		return NULL;
	keep = g_new(gboolean, p->n_space + 1);
	for (guint k = 0; k < p->n_space; k++)
		keep[k] = p->direction[k] == 0;
	return keep;
}

/* A buffer of a footprint, packed for its level. */
static SyBuffer *buffer_new(Build *b, const char *prefix, guint level,
	const SyArray *x, gint64 *shape, gboolean ping_pong)
{
	SyBuffer *buf = g_new0(SyBuffer, 1);
	gint64 n = 1;

	buf->name = g_strconcat("local_", prefix, NULL);
	buf->elem_bits = elem_bits(x);
	buf->n_dims = MAX(x->n_dims, 1);
	buf->shape = shape;
	if (x->n_dims == 0)
		buf->shape[0] = 1;
	for (guint d = 0; d < buf->n_dims; d++)
		n = sy_checked_mul(&b->ck, n, buf->shape[d],
			"the number of elements of buffer %s", buf->name);
	buf->pack = level
		? pack_of(b, prefix, level, x, buf->shape[buf->n_dims - 1])
		: 1;
	buf->depth = n / buf->pack;
	buf->ping_pong = ping_pong &&
		!(b->options && b->options->no_double_buffer);
	return buf;
}

/* The folding L3 module's buffer: the words of one line's box (held's)
 * for each of lines lines, stacked along the first dimension. */
static SyBuffer *fold_buffer(
	Build *b, const SyIoPath *p, const SyBuffer *held, gint64 lines)
{
	SyBuffer *buf = g_new0(SyBuffer, 1);

	buf->name = g_strconcat(SY_FOLD_BUFFER_PREFIX, p->prefix, NULL);
	/* AutoSA's --uram: the memories of modules at a DRAM port. */
	buf->uram = b->options && b->options->uram;
	buf->elem_bits = held->elem_bits;
	buf->n_dims = held->n_dims;
	buf->shape = g_memdup2(held->shape, sizeof(gint64) * held->n_dims);
	buf->shape[0] = sy_checked_mul(&b->ck, buf->shape[0], lines,
		"the number of elements of buffer %s", buf->name);
	buf->pack = held->pack;
	buf->depth = sy_checked_mul(&b->ck, held->depth, lines,
		"the number of words of buffer %s", buf->name);
	return buf;
}

/* The tiles of one L2 tile an L3 module's L2 buffer keeps
 * (--two-level-buffer, p->l2_keep): those of the members its data
 * depends on. */
static gint64 l2_slots(const SyIoPath *p, guint n_members)
{
	gint64 n = 1;

	for (guint m = 0; m < n_members; m++)
		if (p->l2_keep[m])
			n *= p->l2_keep[m];
	return n;
}

/* The L3 module's L2 buffer: the words of every unit's box (held's,
 * tile_words in all) of each tile it keeps, stacked along the first
 * dimension; in UltraRAM under --uram (a memory at a DRAM port). */
static SyBuffer *l2_buffer(
	Build *b, const SyIoPath *p, const SyBuffer *held, gint64 tile_words)
{
	SyBuffer *buf = g_new0(SyBuffer, 1);
	gint64 slots = l2_slots(p, b->array->config->n_members);

	buf->name = g_strconcat(SY_L2_BUFFER_PREFIX, p->prefix, NULL);
	buf->uram = b->options && b->options->uram;
	buf->elem_bits = held->elem_bits;
	buf->n_dims = held->n_dims;
	buf->shape = g_memdup2(held->shape, sizeof(gint64) * held->n_dims);
	buf->shape[0] = sy_checked_mul(&b->ck, buf->shape[0],
		slots * (tile_words / held->depth),
		"the number of elements of buffer %s", buf->name);
	buf->pack = held->pack;
	buf->depth = sy_checked_mul(&b->ck, tile_words, slots,
		"the number of words of buffer %s", buf->name);
	return buf;
}

static void dram_add(Build *b, const SyIoPath *p, guint width_bits)
{
	SyDramPort *port = g_new0(SyDramPort, 1);
	g_autofree gint64 *zero = g_new0(gint64, p->n_space);
	g_autofree gint64 *tile = sy_io_footprint(b->array,
		sy_io_path_accesses(b->array, p), p->array->n_dims, zero);
	gint64 n = 1;

	for (guint d = 0; d < p->array->n_dims; d++)
		n = sy_checked_mul(&b->ck, n, tile[d],
			"the number of elements of %s in a tile",
			p->array->name);
	port->array = p->array;
	port->in = p->in;
	port->path = p;
	port->width_bits = width_bits;
	port->ports = sy_io_path_ports(p);
	port->elements = sy_checked_mul(&b->ck, n,
		sy_io_tiles_l2(b->array, sy_io_path_accesses(b->array, p),
			p->l2_keep, &b->ck),
		"the number of elements of %s %s DRAM", p->array->name,
		p->in ? "read from" : "written to");
	g_ptr_array_add(b->design->dram, port);
}

/* Geometry of the PE grid */

static gint64 pe_count(const SyPeArray *array)
{
	return sy_pe_array_count(array);
}

/* PE-to-PE links along d: PEs whose neighbour at +d is in the grid. */
static gint64 links(const SyPeArray *array, const gint64 *d)
{
	gint64 n = 1;

	for (guint k = 0; k < array->n_space; k++) {
		gint64 step = d[k] < 0 ? -d[k] : d[k];

		n *= array->pe[k] > step ? array->pe[k] - step : 0;
	}
	return n;
}

/* Where data moving along d enters the grid. */
static SyEdge entry_edge(const gint64 *d, guint n_space)
{
	if (n_space >= 2 && d[0] == 0 && d[1] != 0)
		return d[1] > 0 ? SY_EDGE_WEST : SY_EDGE_EAST;
	if (n_space == 1)
		return d[0] > 0 ? SY_EDGE_WEST : SY_EDGE_EAST;
	return d[0] > 0 ? SY_EDGE_NORTH : SY_EDGE_SOUTH;
}

static SyEdge opposite(SyEdge edge)
{
	switch (edge) {
	case SY_EDGE_NORTH: return SY_EDGE_SOUTH;
	case SY_EDGE_SOUTH: return SY_EDGE_NORTH;
	case SY_EDGE_WEST: return SY_EDGE_EAST;
	case SY_EDGE_EAST: return SY_EDGE_WEST;
	default: return edge;
	}
}

/* Daisy chains at a level: chains of length modules each, the last of
 * every chain (farthest from DRAM) its boundary.  *first gets the
 * others' family (NULL when chains are one module long). */
static SyModule *chain_add(Build *b, const SyIoPath *p, guint level,
	gint64 length, gint64 chains, SyEdge edge, SyModule **first)
{
	const char *way = p->in ? "in" : "out";
	g_autofree char *name = g_strdup_printf(
		"%s_IO_L%u_%s", p->prefix, level, way);
	g_autofree char *boundary = g_strconcat(name, "_boundary", NULL);
	SyModuleKind kind = p->role == SY_PATH_DRAIN ? SY_MODULE_DRAIN
						     : SY_MODULE_IO;

	*first = length > 1 ? module_add(b, name, kind, p->array, level, p->in,
				      (length - 1) * chains, edge)
			    : NULL;
	return module_add(
		b, boundary, kind, p->array, level, p->in, chains, edge);
}

/* The FIFOs of chains: from up (one per chain) down the chain for
 * inputs, up from the boundary for outputs. */
static void chain_fifos(Build *b, const SyIoPath *p, const char *name,
	guint width, const SyModule *up, const SyModule *first,
	const SyModule *last, gint64 length, gint64 chains)
{
	const SyModule *top = first ? first : last;

	if (p->in) {
		fifo_add(b, name, p->array, chains, width, up, top);
		if (first)
			fifo_add(b, name, p->array, (length - 2) * chains,
				width, first, first);
		if (first)
			fifo_add(b, name, p->array, chains, width, first, last);
		return;
	}
	if (first)
		fifo_add(b, name, p->array, chains, width, last, first);
	if (first)
		fifo_add(b, name, p->array, (length - 2) * chains, width, first,
			first);
	fifo_add(b, name, p->array, chains, width, top, up);
}

/* FIFOs between a chain and the PEs it serves: count of them per
 * module family. */
static void pe_fifos(Build *b, const SyIoPath *p, const char *name, guint width,
	const SyModule *first, const SyModule *last)
{
	if (first)
		fifo_add(b, name, p->array, first->count, width,
			p->in ? first : b->design->pe,
			p->in ? b->design->pe : first);
	fifo_add(b, name, p->array, last->count, width,
		p->in ? last : b->design->pe, p->in ? b->design->pe : last);
}

static guint pe_width(Build *b, const SyIoPath *p)
{
	return sy_io_path_lanes(b->array, b->design->tiles, p) *
		elem_bits(p->array);
}

static const SyIoPath *partner(Build *b, const SyIoPath *p)
{
	for (guint i = 0; i < b->paths->len; i++) {
		const SyIoPath *o = g_ptr_array_index(b->paths, i);

		if (o != p && o->array == p->array && o->in != p->in &&
			o->exterior == p->exterior &&
			memcmp(o->direction, p->direction,
				p->n_space * sizeof(gint64)) == 0)
			return o;
	}
	return NULL;
}

/* The DRAM word's bits: several of the L3 FIFO's words (buf's, width
 * bits) up to the outermost cap (512 bits, or --data-pack-sizes'):
 * under --host-serialize as many as divide the words a tile's burst
 * moves (AutoSA's update_serialize_data_pack; no DRAM word straddles
 * two tiles), else, with --data-pack-sizes, as many as divide the
 * buffer's innermost dimension (AutoSA's compute_io_group_data_pack
 * at the outermost level); otherwise the FIFO's word. */
static guint dram_width(const Build *b, const SyIoPath *p, const SyBuffer *buf,
	gint64 tile_words)
{
	const SyPackCaps *caps = caps_of(b, p->array);
	guint width = buf->pack * buf->elem_bits;
	guint cap = MAX(caps ? caps->bytes[2] * 8 : WORD_BITS, width);
	guint serial = 1;

	if (b->options && b->options->host_serialize) {
		/* FIFO words as the elements of a DRAM word. */
		serial = widest_under(width, tile_words, cap);
	} else if (caps && !b->options->no_packing) {
		serial = widest_under(buf->elem_bits,
				 buf->shape[buf->n_dims - 1], cap) /
			buf->pack;
	}
	return MAX(serial, 1) * width;
}

/* L3 at the DRAM port, L2 chains (and L1 chains), their FIFOs; returns
 * the L2 (exterior) or L1 (interior) families next to the PEs. */
static void dram_side(Build *b, const SyIoPath *p, gint64 l2_count, SyEdge edge,
	gint64 l1_length, SyModule **first, SyModule **last)
{
	const char *way = p->in ? "in" : "out";
	g_autofree char *l3_name = g_strdup_printf(
		"%s_IO_L3_%s", p->prefix, way);
	g_autofree char *l2_fifo = g_strdup_printf(
		"fifo_%s_%s_IO_L2_%s", p->prefix, p->prefix, way);
	g_autofree char *l1_fifo = g_strdup_printf(
		"fifo_%s_%s_IO_L1_%s", p->prefix, p->prefix, way);
	SyModuleKind kind = p->role == SY_PATH_DRAIN ? SY_MODULE_DRAIN
						     : SY_MODULE_IO;
	/* --hbm: the L2 chain in parts, one L3 module (and DRAM port)
	 * above each. */
	gint64 ports = sy_io_path_ports(p);
	SyModule *l3 = module_add(
		b, l3_name, kind, p->array, 3, p->in, ports, SY_EDGE_CORNER);
	SyModule *l2_first, *l2_last, *l1_first = NULL, *l1_last = NULL;
	const SyModule *buffered;
	const SyBuffer *held;
	guint width;
	gint64 tile_words;

	l2_last = chain_add(b, p, 2, l2_count / ports, ports, edge, &l2_first);
	if (l1_length)
		l1_last = chain_add(
			b, p, 1, l1_length, l2_count, SY_EDGE_GRID, &l1_first);
	/* The buffer: per line of PEs in L2 (exterior), per PE in L1. */
	buffered = l1_length ? l1_last : l2_last;
	{
		g_autofree gboolean *keep = l1_length ? NULL : unit_keep(p);
		gint64 *shape = footprint(b, p->array, !p->in, keep,
			sy_io_path_accesses(b->array, p),
			l1_length ? NULL : p->direction);
		SyBuffer *buf = buffer_new(
			b, p->prefix, buffered->level, p->array, shape, TRUE);

		width = buf->pack * buf->elem_bits;
		held = buf;
		/* Every tile, each L2 (exterior) or L1 (interior) module
		 * moves its buffer's words. */
		tile_words = buf->depth * l2_count *
			(l1_length ? l1_length : 1);
		if (l1_first)
			g_ptr_array_add(l1_first->buffers,
				buffer_new(b, p->prefix, 1, p->array,
					g_memdup2(shape,
						sizeof(gint64) * buf->n_dims),
					TRUE));
		if (l2_first && !l1_length)
			g_ptr_array_add(l2_first->buffers,
				buffer_new(b, p->prefix, 2, p->array,
					g_memdup2(shape,
						sizeof(gint64) * buf->n_dims),
					TRUE));
		g_ptr_array_add(((SyModule *)buffered)->buffers, buf);
	}
	if (p->l2_keep)
		g_ptr_array_add(l3->buffers, l2_buffer(b, p, held, tile_words));
	/* --local-reduce: the L3 module out folds each tile's boxes of
	 * every line into the earlier tiles' (hls-io.c). */
	if (!p->in && sy_io_plan_folded(b->array, p) >= 0)
		g_ptr_array_add(l3->buffers, fold_buffer(b, p, held, l2_count));
	chain_fifos(b, p, l2_fifo, width, l3, l2_first, l2_last,
		l2_count / ports, ports);
	if (l1_length) {
		/* Every L2 module feeds (or drains) one L1 chain. */
		if (l2_first)
			chain_fifos(b, p, l1_fifo, width, l2_first, l1_first,
				l1_last, l1_length, l2_first->count);
		chain_fifos(b, p, l1_fifo, width, l2_last, l1_first, l1_last,
			l1_length, l2_last->count);
	}
	dram_add(b, p, dram_width(b, p, held, tile_words));
	*first = l1_length ? l1_first : l2_first;
	*last = l1_length ? l1_last : l2_last;
}

/* The loops of the first and last modules of a DRAM side: per tile, the
 * words of one buffer times the PEs it feeds. */
static void end_loops(Build *b, SyModule *first, SyModule *last, gint64 pes)
{
	for (guint i = 0; i < 2; i++) {
		SyModule *m = i ? last : first;

		if (m)
			m->loops = io_loops(b->array, m->name,
				sy_checked_mul(&b->ck,
					((SyBuffer *)g_ptr_array_index(
						 last->buffers, 0))
						->depth,
					pes,
					"the number of words of %s per tile",
					m->name),
				b->pe_steps);
	}
}

/* Data moving PE to PE along the path's direction: entries fed by L2
 * modules, links between neighbours, exits to L2 modules (results) or
 * to dummies (inputs nobody needs any more). */
static void exterior_path(Build *b, const SyIoPath *p)
{
	const SyPeArray *array = b->array;
	const SyIoPath *back = partner(b, p);
	gint64 inner = links(array, p->direction);
	gint64 ends = pe_count(array) - inner;
	g_autofree char *pe_fifo = g_strdup_printf("fifo_%s_PE", p->prefix);
	guint width = pe_width(b, p);
	SyEdge edge = entry_edge(p->direction, p->n_space);
	SyModule *first = NULL, *last = NULL;

	/* Links belong to the way in, or to the results if nothing comes
	 * in. */
	if (p->in || !back)
		fifo_add(b, pe_fifo, p->array, inner, width, b->design->pe,
			b->design->pe);
	if (p->role != SY_PATH_PASS) {
		dram_side(b, p, ends, p->in ? edge : opposite(edge), 0, &first,
			&last);
		pe_fifos(b, p, pe_fifo, width, first, last);
		end_loops(b, first, last, ends);
	}
	if (p->in && !back) {
		g_autofree char *name = g_strdup_printf(
			"%s_PE_dummy_in", p->prefix);
		SyModule *dummy = module_add(b, name, SY_MODULE_DUMMY, p->array,
			0, TRUE, ends, opposite(edge));

		dummy->loops = io_loops(array, name, 0, b->pe_steps);
		fifo_add(b, pe_fifo, p->array, ends, width, b->design->pe,
			dummy);
	}
	/* Partial results that start in the first PEs (nothing enters,
	 * see sy_io_plan), and temporaries passed PE to PE: their
	 * upstream FIFOs get a writer that writes nothing. */
	if ((!p->in && !back && p->role == SY_PATH_PARTIAL) ||
		p->role == SY_PATH_PASS) {
		g_autofree char *name = g_strdup_printf(
			"%s_PE_dummy_head", p->prefix);
		SyModule *dummy = module_add(b, name, SY_MODULE_DUMMY, p->array,
			0, TRUE, ends, edge);

		dummy->loops = sy_loop_node_new(name, "module", 1);
		fifo_add(b, pe_fifo, p->array, ends, width, dummy,
			b->design->pe);
	}
}

/* The DRAM ports of a path (--hbm, comm/design-hbm.h): its L2 chain's
 * length as exterior_path and interior_path give it; 0 on an error. */
static guint hbm_ports(Build *b, const SyIoPath *p)
{
	gint64 l2 = p->exterior
		? pe_count(b->array) - links(b->array, p->direction)
		: pe_count(b->array) / b->array->pe[p->chain];
	guint n = sy_design_hbm_ports(b->options, p, l2, b->error);

	/* --local-reduce's collector folds every unit's tiles in one
	 * buffer (hls-io.c). */
	if (n > 1 && !p->in && sy_io_plan_folded(b->array, p) >= 0) {
		g_set_error(b->error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"--hbm: %s's tiles are folded on chip by its one L3 "
			"module (--local-reduce); give it one port "
			"(--hbm-ports %s=1)",
			p->prefix, p->prefix);
		return 0;
	}
	return n;
}

/* Every PE its own data: L1 modules with buffers in chains along the
 * path's chain loop (the first space loop, or the last with
 * --int-io-dir=1), one L2 module per chain, on the edge the chains
 * start from: above the rows or left of the columns. */
static void interior_path(Build *b, const SyIoPath *p)
{
	const SyPeArray *array = b->array;
	gint64 length = array->pe[p->chain];
	gint64 chains = pe_count(array) / length;
	g_autofree char *pe_fifo = g_strdup_printf("fifo_%s_PE", p->prefix);
	gboolean rows = p->chain == 0;
	SyModule *first, *last;

	dram_side(b, p, chains,
		p->in ? (rows ? SY_EDGE_NORTH : SY_EDGE_WEST)
		      : (rows ? SY_EDGE_SOUTH : SY_EDGE_EAST),
		length, &first, &last);
	pe_fifos(b, p, pe_fifo, pe_width(b, p), first, last);
	end_loops(b, first, last, length);
}

/* L2 and L3 loop trees: per tile, every word of their chains. */
static void upper_loops(Build *b)
{
	for (guint i = 0; i < b->design->modules->len; i++) {
		SyModule *m = g_ptr_array_index(b->design->modules, i);
		gint64 words = 0;

		if (m->loops || m->kind == SY_MODULE_PE)
			continue;
		for (guint k = 0; k < b->design->modules->len; k++) {
			const SyModule *o = g_ptr_array_index(
				b->design->modules, k);

			if (o->array == m->array && o->in == m->in &&
				o->level == m->level - 1 && o->level > 0 &&
				o->buffers->len && m->level > 1)
				words = sy_checked_add(&b->ck, words,
					sy_checked_mul(&b->ck, o->count,
						((SyBuffer *)g_ptr_array_index(
							 o->buffers, 0))
							->depth,
						"the number of words of %s per "
						"tile",
						m->name),
					"the number of words of %s per tile",
					m->name);
		}
		/* --hbm: each L3 module, and the first L2 module of each
		 * part of the chain, moves its part's words. */
		if (m->path)
			words /= sy_io_path_ports(m->path);
		m->loops = io_loops(b->array, m->name, words, 0);
	}
}

/* What stays in a PE from one step to the next: partial results and
 * temporaries, one tile's worth; named as the kernel names them. */
static void pe_buffers(Build *b)
{
	const SyScop *scop = b->array->analysis->scop;
	const SyCandidate *c = b->array->choices->candidate;
	g_autoptr(SyNames) names = sy_names_new(scop);

	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);
		gboolean kept = FALSE;

		for (guint k = 0; k < c->io->len; k++) {
			const SyIoGroup *g = g_ptr_array_index(c->io, k);

			kept = kept ||
				(g->array == x && !g->exterior &&
					(g->kind == SY_DEP_FLOW ||
						g->kind == SY_DEP_OUTPUT));
		}
		if (kept)
			g_ptr_array_add(b->design->pe->buffers,
				buffer_new(b, sy_names_id(names, x->name), 0, x,
					footprint(b, x, -1, NULL,
						sy_io_accesses(
							b->array, x, TRUE),
						NULL),
					FALSE));
	}
}

/* Every packing factor asked for must name a buffer of the design. */
static void check_pack(Build *b)
{
	GHashTableIter it;
	gpointer key;

	if (b->failed || !b->options || !b->options->pack)
		return;
	g_hash_table_iter_init(&it, b->options->pack);
	while (g_hash_table_iter_next(&it, &key, NULL)) {
		GString *known;
		GList *keys;

		if (g_hash_table_contains(b->packable, key))
			continue;
		keys = g_list_sort(g_hash_table_get_keys(b->packable),
			(GCompareFunc)strcmp);
		known = g_string_new(NULL);
		for (GList *l = keys; l; l = l->next)
			g_string_append_printf(known, "%s%s",
				l == keys ? "" : ", ", (char *)l->data);
		g_list_free(keys);
		g_set_error(b->error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"--pack %s: no buffer there; buffers are at %s",
			(char *)key, known->len ? known->str : "none");
		g_string_free(known, TRUE);
		b->failed = TRUE;
		return;
	}
}

/* Every array --data-pack-sizes names is one of the kernel's (first in
 * name order, for a message that does not depend on hashing). */
static void check_caps(Build *b)
{
	const GPtrArray *arrays = b->array->analysis->scop->arrays;
	g_autoptr(GList) keys = NULL;

	if (b->failed || !b->options || !b->options->pack_caps)
		return;
	keys = g_list_sort(g_hash_table_get_keys(b->options->pack_caps),
		(GCompareFunc)strcmp);
	for (GList *l = keys; l; l = l->next) {
		g_autoptr(GString) known = g_string_new(NULL);
		gboolean found = FALSE;

		for (guint i = 0; i < arrays->len; i++) {
			const SyArray *x = g_ptr_array_index(arrays, i);

			found |= g_str_equal(x->name, l->data);
			g_string_append_printf(
				known, "%s%s", i ? ", " : "", x->name);
		}
		if (found || g_str_equal(l->data, SY_DESIGN_PACK_ALL))
			continue;
		g_set_error(b->error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"--data-pack-sizes: the kernel has no array '%s'; its "
			"arrays are %s (or data_pack for every other)",
			(char *)l->data, known->str);
		b->failed = TRUE;
		return;
	}
}

/* The FIFOs of each name, counted over their pairs of families as
 * sy_design_fifo_count counts them, fit in 64 bits. */
static void check_fifo_totals(Build *b)
{
	GPtrArray *fifos = b->design->fifos;

	for (guint i = 0; i < fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(fifos, i);
		gint64 n = 0;

		for (guint k = 0; k < fifos->len; k++) {
			const SyFifo *o = g_ptr_array_index(fifos, k);

			if (g_str_equal(o->name, f->name))
				n = sy_checked_add(&b->ck, n, o->count,
					"the number of FIFOs %s", f->name);
		}
	}
}

/* The plain data of the design: its PE array, the kernel's arrays, and
 * every array member's plain twin. */
static void add_plain(SyDesign *design)
{
	design->grid = sy_design_grid_new(design->array);
	design->arrays = sy_design_arrays_new(
		design->array->analysis->scop->arrays);
	for (guint i = 0; i < design->arrays->len; i++) {
		SyDesignArray *x = g_ptr_array_index(design->arrays, i);

		x->bits = elem_bits(g_ptr_array_index(
			design->array->analysis->scop->arrays, i));
	}
	for (guint i = 0; i < design->modules->len; i++) {
		SyModule *m = g_ptr_array_index(design->modules, i);

		m->plain_array = sy_design_plain(design, m->array);
	}
	for (guint i = 0; i < design->fifos->len; i++) {
		SyFifo *f = g_ptr_array_index(design->fifos, i);

		f->plain_array = sy_design_plain(design, f->array);
	}
	for (guint i = 0; i < design->dram->len; i++) {
		SyDramPort *port = g_ptr_array_index(design->dram, i);

		port->plain_array = sy_design_plain(design, port->array);
	}
	for (guint i = 0; i < design->paths->len; i++) {
		SyIoPath *p = g_ptr_array_index(design->paths, i);

		p->plain_array = sy_design_plain(design, p->array);
	}
}

/* AutoSA's --local-reduce with --two-level-buffer: refused where a
 * path folds partial results (autosa_comm.cpp, autosa_io_buffer_allocate,
 * on an I/O group with an attached drain group), in AutoSA's words. */
static gboolean check_l2_reduce(
	const SyPeArray *array, const GPtrArray *paths, GError **error)
{
	if (!array->config->tile_l2)
		return TRUE;
	for (guint i = 0; i < paths->len; i++)
		if (((const SyIoPath *)g_ptr_array_index(paths, i))
				->reduce_op[0]) {
			g_set_error(error, SY_DESIGN_ERROR,
				SY_DESIGN_ERROR_INVALID,
				"Two-level buffer and local reduce can't be "
				"used at the same time (AutoSA's error): "
				"--two-level-buffer and --local-reduce fold "
				"partial results of %s; drop one of them",
				((const SyIoPath *)g_ptr_array_index(paths, i))
					->array->name);
			return FALSE;
		}
	return TRUE;
}

SyDesign *sy_design_new(
	const SyPeArray *array, const SyDesignOptions *options, GError **error)
{
	SyDesign *design = sy_design_alloc();
	Build b = {design, array, options, NULL, NULL, 0,
		g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
		error, FALSE, {NULL}};

	sy_isl_stage_begin(array->analysis->ctx);
	design->array = array;
	design->tiles = sy_tile_boxes_new(array, &design->tiles_error);
	design->capped = options &&
		(options->host_serialize || options->pack_caps);
	design->option_flags = options ? sy_design_options_flags(options)
				       : g_strdup("");
	design->pe = module_add(&b, "PE", SY_MODULE_PE, NULL, 0, TRUE,
		pe_count(array), SY_EDGE_GRID);
	design->pe->loops = pe_loops(array, &b.ck, &b.pe_steps);
	pe_buffers(&b);
	b.paths = sy_io_plan(array);
	if (options && options->reduce_op[0] &&
		!sy_io_plan_reduce(array, b.paths, options->reduce_op, error))
		b.failed = TRUE;
	if (!b.failed && !check_l2_reduce(array, b.paths, error))
		b.failed = TRUE;
	if (!b.failed && !sy_design_hbm_check(options, b.paths, error))
		b.failed = TRUE;
	for (guint i = 0; i < b.paths->len; i++) {
		SyIoPath *p = g_ptr_array_index(b.paths, i);

		b.path = p;
		if (!p->exterior && options && options->int_io_dir)
			p->chain = p->n_space - 1;
		if (!b.failed && !(p->ports = hbm_ports(&b, p)))
			b.failed = TRUE;
		/* AutoSA turns its L2 buffers off under --host-serialize
		 * (sa_io_construct_optimize). */
		if (!b.failed && !(options && options->host_serialize))
			sy_io_plan_l2(array, p);
		if (p->exterior)
			exterior_path(&b, p);
		else
			interior_path(&b, p);
	}
	b.path = NULL;
	upper_loops(&b);
	check_pack(&b);
	check_caps(&b);
	check_fifo_totals(&b);
	design->paths = b.paths;
	add_plain(design);
	g_hash_table_unref(b.packable);
	/* An isl failure replaces what its NULL results made up (an
	 * invalid --pack, say); an overflow is told only when nothing else
	 * is, and freed otherwise. */
	if (!sy_isl_stage_check(array->analysis->ctx,
		    sy_analysis_path(array->analysis), "the I/O network",
		    error))
		b.failed = TRUE;
	if (!sy_checked_ok(&b.ck, b.failed ? NULL : error))
		b.failed = TRUE;
	if (b.failed) {
		sy_design_free(design);
		return NULL;
	}
	return design;
}
