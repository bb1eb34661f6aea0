#include <string.h>

/* The latency model's size-parametric form (see form.h). */
#include "comm/design-kernel.h"
#include "comm/design-grid.h"
#include "comm/io-facts.h"
#include "compute/pe-array.h"
#include "model/form-private.h"
#include "model/latency-walk.h"
#include "model/latency.h"
#include "model/resources.h"

void sy_model_form_free(SyModelForm *form)
{
	if (!form)
		return;
	sy_model_form_forget_tape(form);
	sy_latency_inputs_free(form->read);
	g_free(form->inputs);
	g_free(form->batch);
	g_free(form->held);
	g_free(form->scratch);
	if (form->paths)
		g_array_unref(form->paths);
	sy_form_code_clear(&form->code);
	sy_form_numbers_free(form->numbers);
	sy_form_roles_free(form->roles);
	sy_config_free(form->built);
	sy_config_free(form->at);
	sy_design_free(form->design);
	sy_pe_array_free(form->array);
	g_free(form);
}

gboolean sy_model_form_fail(GError **error, const char *what)
{
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID, "form: %s",
		what);
	return FALSE;
}

/* Every module's code and every path's tile loops. */
static gboolean collect_code(SyModelForm *form, GError **error)
{
	SyDesign *d = form->design;
	SyFormContext ctx = {form->roles, form->built, form->choices};

	for (guint k = 0; k < d->modules->len; k++) {
		SyModule *m = g_ptr_array_index(d->modules, k);

		if (m->code &&
			!sy_form_code_collect(
				&form->code, &ctx, m->code, m->name, error))
			return FALSE;
	}
	for (guint k = 0; k < d->io->paths->len; k++) {
		SyIoPathFacts *f = g_ptr_array_index(d->io->paths, k);

		if (!sy_form_code_collect(&form->code, &ctx, f->tiles,
			    f->path->prefix, error))
			return FALSE;
	}
	return TRUE;
}

static void read_paths(SyModelForm *form)
{
	SyDesign *d = form->design;
	guint n_ports = d->kernel->ports->len;

	form->paths = g_array_new(FALSE, TRUE, sizeof(Path));
	for (guint k = 0; k < d->io->paths->len; k++) {
		SyIoPathFacts *f = g_ptr_array_index(d->io->paths, k);
		Path p = {f, FALSE, FALSE, k < n_ports};

		p.lanes = form->built->simd >= 0 && f->lanes > 1 &&
			f->lanes == form->built->simd_factor;
		p.widest = f->n_dims > 0 &&
			f->pack ==
				sy_design_pack_widest(
					f->path->plain_array->bits,
					f->box[f->n_dims - 1]);
		g_array_append_val(form->paths, p);
	}
}

/* What the class fixes of member m's last tile, where its tile does
 * not divide its loop (0 where it does): whether the points left fill
 * whole latency groups and whole vectors, and every PE or time step of
 * the tile (isl prints other padding guards for each). */
static guint last_tile(const SyFormSizes *s, guint m)
{
	gint64 n = sy_form_member_extent(s, m), t = s->config->tile[m];
	gint64 l = s->config->latency[m];
	gint64 v = l * sy_form_member_simd(s, m).v;
	gint64 r = n % t;

	if (!r)
		return 0;
	return 1u | (guint)(r % l == 0) << 1 | (guint)(r % v == 0) << 2 |
		(guint)((r + l - 1) / l < t / l) << 3 |
		(guint)((r + v - 1) / v < t / v) << 4;
}

/* Whether a read of the PE waits in delay registers (comm/pe-facts.h):
 * their number follows the sizes of the loops inside the distance. */
static gboolean delayed(const SyDesign *design)
{
	const SyPeFacts *facts = design->pe_facts;

	for (guint i = 0; facts && i < facts->stmts->len; i++) {
		const SyPeStmt *s = g_ptr_array_index(facts->stmts, i);

		for (guint k = 0; k < s->accesses->len; k++)
			if (((const SyPeAccess *)g_ptr_array_index(
				     s->accesses, k))
					->delay)
				return TRUE;
	}
	return FALSE;
}

SyModelForm *sy_model_form_new(
	SyDesign *design, SyPeArray *owned, GError **error)
{
	SyModelForm *form = g_new0(SyModelForm, 1);
	const SyPeArray *array = design->array;

	form->design = design;
	form->array = owned;
	sy_form_code_init(&form->code);
	if (!array || !design->io || !design->kernel || !design->grid) {
		sy_model_form_fail(error, "the design is not complete");
		goto error;
	}
	if (delayed(design)) {
		sy_model_form_fail(error,
			"a PE's delay registers are as many as the steps "
			"between its points, which the fast path does not "
			"re-set");
		goto error;
	}
	/* The roles read one tile loop per band member. */
	if (array->config->tile_l2) {
		sy_model_form_fail(error,
			"--two-level-buffer's second tiling level is not in "
			"the fast path's forms");
		goto error;
	}
	form->choices = array->choices;
	form->built = sy_config_copy(array->config);
	form->at = sy_config_copy(array->config);
	/* A statement that runs part of the SIMD loop's iterations has
	 * guards of its own on its vectors, which the roles do not
	 * follow. */
	if (!sy_form_strip_whole(form->choices, form->built)) {
		sy_model_form_fail(error,
			"a statement runs part of the SIMD loop below the "
			"band");
		goto error;
	}
	form->roles = sy_form_roles_new(array);
	if (!form->roles) {
		sy_model_form_fail(
			error, "the schedule's roles cannot be read");
		goto error;
	}
	if (!collect_code(form, error))
		goto error;
	/* --host-serialize's and --data-pack-sizes' words follow
	 * divisibility rules the numbers' candidates do not: the exact
	 * model answers. */
	for (guint i = 0; i < design->paths->len; i++)
		if (((const SyIoPath *)g_ptr_array_index(design->paths, i))
				->reduce_op[0]) {
			sy_model_form_fail(error,
				"--local-reduce's folding L3 module is not in "
				"the fast path's forms");
			goto error;
		}
	/* --hbm's port counts follow each chain's length (AutoSA's
	 * fallback to one port), which the numbers' candidates do not
	 * track: the option, not the ports this design got, decides. */
	if (design->option_flags && strstr(design->option_flags, " --hbm")) {
		sy_model_form_fail(error,
			"--hbm's DRAM ports per path are not in the fast "
			"path's forms");
		goto error;
	}
	/* Chains along the last space loop: not checked against the
	 * forms' candidates yet; the exact model answers. */
	if (design->option_flags &&
		strstr(design->option_flags, " --int-io-dir")) {
		sy_model_form_fail(error,
			"--int-io-dir's chains are not in the fast path's "
			"forms");
		goto error;
	}
	if (design->capped) {
		sy_model_form_fail(error,
			"--host-serialize or --data-pack-sizes packs the words "
			"by rules the fast path does not follow");
		goto error;
	}
	read_paths(form);
	form->numbers = sy_form_numbers_new(design, form->built);
	return form;
error:
	sy_model_form_free(form);
	return NULL;
}

/* What the class fixes of a trip count: 1 (isl prints no loop), and
 * for the PEs along a space loop also 2 (a chain of a head and a tail
 * has no FIFOs between interior modules). */
static gint64 trip_class(const SyFormDim *d, const SyFormSizes *s)
{
	gint64 n = sy_form_dim_trip(d, s).v;

	return MIN(n, d->role == SY_FORM_PES ? 3 : 2);
}

static gboolean same_ones(const SyModelForm *form, const SyConfig *cfg)
{
	SyFormSizes a = {form->choices, form->built, NULL};
	SyFormSizes b = {form->choices, cfg, NULL};

	for (guint m = 0; m < cfg->n_members; m++) {
		SyFormDim dims[] = {{SY_FORM_TILES, m}, {SY_FORM_POINTS, m},
			{SY_FORM_LATENCY, m}, {SY_FORM_PES, m}};

		for (guint k = 0; k < G_N_ELEMENTS(dims); k++) {
			if (dims[k].role == SY_FORM_PES &&
				m >= form->choices->candidate->n_space)
				continue;
			if (trip_class(&dims[k], &a) !=
				trip_class(&dims[k], &b))
				return FALSE;
		}
		if (last_tile(&a, m) != last_tile(&b, m))
			return FALSE;
	}
	/* The vectors of each FOR node of a SIMD loop below the band
	 * (STRIP: none where the SIMD loop is none or in the band). */
	for (guint k = 0;; k++) {
		SyFormDim strip = {SY_FORM_STRIP, k};

		if (sy_form_dim_trip(&strip, &a).v < 0)
			break;
		if (trip_class(&strip, &a) != trip_class(&strip, &b))
			return FALSE;
	}
	return (form->built->simd_factor == 1) == (cfg->simd_factor == 1);
}

/* Appends v to key, as bytes. */
static void key_add(GByteArray *key, gint64 v)
{
	g_byte_array_append(key, (const guint8 *)&v, sizeof(v));
}

void sy_model_form_class_key(
	const SyChoices *choices, const SyConfig *cfg, GByteArray *key)
{
	SyFormSizes s = {choices, cfg, NULL};

	key_add(key, cfg->candidate);
	key_add(key, cfg->n_members);
	key_add(key, cfg->simd);
	key_add(key, cfg->reverse_order);
	key_add(key, cfg->tile_l2 != NULL);
	key_add(key, cfg->simd_factor == 1);
	for (guint m = 0; m < cfg->n_members; m++) {
		SyFormDim dims[] = {{SY_FORM_TILES, m}, {SY_FORM_POINTS, m},
			{SY_FORM_LATENCY, m}, {SY_FORM_PES, m}};

		key_add(key, cfg->order[m]);
		for (guint k = 0; k < G_N_ELEMENTS(dims); k++)
			key_add(key, dims[k].role == SY_FORM_PES &&
						     m >= choices->candidate->n_space
					     ? -1
					     : trip_class(&dims[k], &s));
		key_add(key, last_tile(&s, m));
	}
	for (guint k = 0;; k++) {
		SyFormDim strip = {SY_FORM_STRIP, k};

		if (sy_form_dim_trip(&strip, &s).v < 0)
			break;
		key_add(key, trip_class(&strip, &s));
	}
}

gboolean sy_model_form_covers(const SyModelForm *form, const SyConfig *cfg)
{
	const SyConfig *b = form->built;

	if (cfg->n_members != b->n_members || cfg->simd != b->simd ||
		cfg->reverse_order != b->reverse_order || cfg->tile_l2)
		return FALSE;
	for (guint m = 0; m < b->n_members; m++)
		if (cfg->order[m] != b->order[m])
			return FALSE;
	return same_ones(form, cfg);
}

/* The setters below re-set the design's numbers at the sizes, each
 * defined on the sizes' tape while it records. */
static void set_grid(SyModelForm *form, const SyFormSizes *s)
{
	SyDesignGrid *g = form->design->grid;
	SyTape *t = sy_form_sizes_tape(s);
	SyNum count = sy_num(1);

	for (guint d = 0; d < g->n_space; d++) {
		SyFormDim pes = {SY_FORM_PES, d};

		sy_tape_set_i64(t, &g->pe[d], sy_form_dim_trip(&pes, s));
		count = sy_num_mul(t, count, sy_num_i64(t, &g->pe[d]));
	}
	sy_tape_set_i64(t, &g->count, count);
	for (guint m = 0; m < g->n_members; m++) {
		SyFormDim tiles = {SY_FORM_TILES, m};

		sy_tape_set_i64(t, &g->padded[m],
			sy_num_mul(t, sy_form_dim_trip(&tiles, s),
				sy_form_tile(s, m)));
	}
	sy_tape_set_u32(t, &g->simd, sy_form_simd(s));
}

/* The tiles of each of the host's tile loops (the first of the tile
 * order): its launches. */
static void set_launches(SyModelForm *form, const SyFormSizes *s)
{
	SyDesignKernel *k = form->design->kernel;

	for (guint d = 0; d < k->n_launch; d++) {
		SyFormDim tiles = {SY_FORM_TILES, s->config->order[d]};

		sy_tape_set_i64(sy_form_sizes_tape(s), &k->launch[d],
			sy_form_dim_trip(&tiles, s));
	}
}

/* The tiles a path's tile loops run. */
static SyNum tile_count(const SyIoPathFacts *f, SyTape *t)
{
	SyWalkEnv env = {{0}, {{0}}, 0, t};
	SyWalkCount c = {
		sy_num(0), sy_num(0), 0, NULL, NULL, {sy_num(1), sy_num(0)}};

	if (!sy_walk_count(f->tiles, &env, &c, NULL))
		return sy_num(-1);
	return c.issue;
}

static void set_path(SyModelForm *form, Path *p, const SyFormSizes *s)
{
	SyIoPathFacts *f = p->f;
	const SyDesignGrid *g = form->design->grid;
	SyTape *t = sy_form_sizes_tape(s);
	SyNum n = sy_num(1), count = sy_num_i64(t, &g->count);

	for (guint x = 0; x < f->n_dims; x++)
		n = sy_num_mul(t, n, sy_num_i64(t, &f->box[x]));
	if (p->lanes)
		sy_tape_set_u32(t, &f->lanes, sy_form_simd(s));
	if (p->widest)
		sy_tape_set_u32(t, &f->pack,
			sy_num_pack_widest(t, f->path->plain_array->bits,
				sy_num_i64(t, &f->box[f->n_dims - 1])));
	sy_tape_set_i64(
		t, &f->box_words, sy_num_div(t, n, sy_num_u32(t, &f->pack)));
	sy_tape_set_i64(t, &f->units,
		f->path->exterior
			? sy_num_div(t, count, sy_num_i64(t, &g->pe[f->along]))
			: count);
}

static void set_port(SyModelForm *form, guint k, const Path *p, SyTape *t)
{
	SyDesignPort *port = g_ptr_array_index(form->design->kernel->ports, k);

	sy_tape_set_u32(t, &port->pack, sy_num_u32(t, &p->f->pack));
	sy_tape_set_i64(t, &port->words,
		sy_num_mul(t,
			sy_num_mul(t, tile_count(p->f, t),
				sy_num_i64(t, &p->f->units)),
			sy_num_i64(t, &p->f->box_words)));
}

/* The design's numbers at s: FALSE where the designs the form was
 * checked on leave a number's candidates giving different values. */
gboolean sy_model_form_set_at(SyModelForm *form, const SyFormSizes *s)
{
	gboolean agree;

	sy_form_code_set(&form->code, s);
	set_grid(form, s);
	set_launches(form, s);
	/* The paths' boxes first: their packing and words follow them. */
	agree = sy_form_numbers_set_extents(form->numbers, s);
	for (guint k = 0; k < form->paths->len; k++) {
		Path *p = &g_array_index(form->paths, Path, k);

		set_path(form, p, s);
		if (p->port)
			set_port(form, k, p, sy_form_sizes_tape(s));
	}
	return sy_form_numbers_set(form->numbers, s) && agree;
}

const SyDesign *sy_model_form_at(SyModelForm *form, const SyConfig *cfg)
{
	SyFormSizes s = {form->choices, cfg, NULL};

	return sy_model_form_set_at(form, &s) ? form->design : NULL;
}

gboolean sy_model_form_unknown(GError **error)
{
	return sy_model_form_fail(error,
		"the designs the form was checked on do not say "
		"what its numbers are at these sizes");
}

/* cfg with member m's tile (latency: its factor) set to the nearest
 * other value in the class, if there is one. */
static gboolean step(
	const SyModelForm *form, SyConfig *cfg, guint m, gboolean latency)
{
	gint64 *v = latency ? &cfg->latency[m] : &cfg->tile[m];
	gint64 was = *v, best = 0;
	const SyLoopRef *l = NULL;
	g_autoptr(GArray) values = NULL;
	guint n, at = 0;

	for (guint i = 0; i < form->choices->tilable->len; i++)
		if (((const SyLoopRef *)form->choices->tilable->pdata[i])
				->member == m)
			l = form->choices->tilable->pdata[i];
	if (!l)
		return FALSE;
	/* Factors divide their tiles; tiles: the loop's divisors, then the
	 * sizes next to this one that are not among them, so that each is
	 * tried once (both ascend: a merge finds the repeats). */
	values = sy_config_divisors(latency ? cfg->tile[m] : l->extent);
	n = values->len;
	for (gint64 d = MAX(was - 16, 1);
		!latency && d <= MIN(was + 16, l->extent); d++) {
		while (at < n && g_array_index(values, gint64, at) < d)
			at++;
		if (at == n || g_array_index(values, gint64, at) != d)
			g_array_append_val(values, d);
	}
	for (guint k = 0; k < values->len; k++) {
		gint64 d = g_array_index(values, gint64, k);

		*v = d;
		if (d != was && sy_config_validate(cfg, form->choices, NULL) &&
			sy_model_form_covers(form, cfg) &&
			(!best || ABS(d - was) < ABS(best - was)))
			best = d;
	}
	*v = best ? best : was;
	return best != 0;
}

/* cfg with its SIMD width set to another power of two in the class,
 * if there is one. */
static gboolean step_simd(const SyModelForm *form, SyConfig *cfg)
{
	gint64 was = cfg->simd_factor;

	if (cfg->simd < 0)
		return FALSE;
	for (gint64 w = 2; w <= 64 && cfg->simd_factor == was; w *= 2) {
		cfg->simd_factor = w;
		if (w == was || !sy_config_validate(cfg, form->choices, NULL) ||
			!sy_model_form_covers(form, cfg))
			cfg->simd_factor = was;
	}
	return cfg->simd_factor != was;
}

SyConfig *sy_model_form_probe(const SyModelForm *form)
{
	SyConfig *cfg = sy_config_copy(form->built);
	gboolean moved = FALSE;

	for (guint m = 0; m < cfg->n_members; m++) {
		moved |= step(form, cfg, m, FALSE);
		moved |= step(form, cfg, m, TRUE);
	}
	moved |= step_simd(form, cfg);
	if (!moved)
		g_clear_pointer(&cfg, sy_config_free);
	return cfg;
}

/* Probe k past the first: the sizes the form was built at with one
 * tile (k even), latency factor (odd) or, past them, the SIMD width
 * moved; NULL where it cannot move. */
static SyConfig *probe_one(const SyModelForm *form, guint k)
{
	g_autoptr(SyConfig) cfg = sy_config_copy(form->built);
	guint m = k / 2;

	if (m < cfg->n_members ? step(form, cfg, m, k % 2)
			       : step_simd(form, cfg))
		return g_steal_pointer(&cfg);
	return NULL;
}

/* Designs checked past the neighbours' where numbers stay open. */
#define SY_FORM_OPEN_PROBES 3

/* Whether cfg is of the form's class with some number open there. */
static gboolean opens(SyModelForm *form, const SyConfig *cfg)
{
	return sy_config_validate(cfg, form->choices, NULL) &&
		sy_model_form_covers(form, cfg) && !sy_model_form_at(form, cfg);
}

/* The first sizes of the class, with one member's tile and latency
 * factor (every pair: the loop's divisors and its tile's) or the SIMD
 * width moved, where numbers still open differ; NULL where none. */
static SyConfig *probe_open(SyModelForm *form)
{
	g_autoptr(SyConfig) cfg = sy_config_copy(form->built);

	for (guint i = 0; i < form->choices->tilable->len; i++) {
		const SyLoopRef *l = g_ptr_array_index(
			form->choices->tilable, i);
		guint m = l->member;
		g_autoptr(GArray) tiles = sy_config_divisors(l->extent);

		for (guint a = 0; a < tiles->len; a++) {
			g_autoptr(GArray) lats = NULL;

			cfg->tile[m] = g_array_index(tiles, gint64, a);
			lats = sy_config_divisors(cfg->tile[m]);
			for (guint b = 0; b < lats->len; b++) {
				cfg->latency[m] = g_array_index(
					lats, gint64, b);
				if (opens(form, cfg))
					return g_steal_pointer(&cfg);
			}
		}
		cfg->tile[m] = form->built->tile[m];
		cfg->latency[m] = form->built->latency[m];
	}
	for (gint64 w = 2; cfg->simd >= 0 && w <= 64; w *= 2) {
		cfg->simd_factor = w;
		if (opens(form, cfg))
			return g_steal_pointer(&cfg);
	}
	return NULL;
}

SyConfig *sy_model_form_next_probe(SyModelForm *form)
{
	guint n = 2 * form->built->n_members + 1;

	while (form->probed < n + 1) {
		guint k = form->probed++;
		SyConfig *cfg = k ? probe_one(form, k - 1)
				  : sy_model_form_probe(form);

		/* Past the first, only sizes where numbers still open
		 * differ: their design settles them. */
		if (cfg && (!k || !sy_model_form_at(form, cfg)))
			return cfg;
		sy_config_free(cfg);
	}
	if (form->probed++ < n + 1 + SY_FORM_OPEN_PROBES)
		return probe_open(form);
	return NULL;
}

static gboolean differ(GError **error, const char *what, const char *name)
{
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"form: %s of %s differs from the design built at its sizes",
		what, name);
	return FALSE;
}

static gboolean check_paths(
	SyModelForm *form, const SyDesign *other, GError **error)
{
	for (guint k = 0; k < form->paths->len; k++) {
		const SyIoPathFacts *f = g_array_index(form->paths, Path, k).f;
		const SyIoPathFacts *o = g_ptr_array_index(other->io->paths, k);
		const char *name = f->path->prefix;

		for (guint x = 0; x < f->n_dims; x++)
			if (f->box[x] != o->box[x]) {
				g_set_error(error, SY_DESIGN_ERROR,
					SY_DESIGN_ERROR_INVALID,
					"form: the box of %s is "
					"%" G_GINT64_FORMAT
					" along dimension %u, the design built "
					"at its sizes has %" G_GINT64_FORMAT,
					name, f->box[x], x, o->box[x]);
				return FALSE;
			}
		if (f->lanes != o->lanes || f->pack != o->pack ||
			f->box_words != o->box_words || f->units != o->units)
			return differ(error, "the words", name);
		if (!sy_form_code_same(f->tiles, o->tiles))
			return differ(error, "the tile loops", name);
	}
	return TRUE;
}

static gboolean check_modules(
	const SyDesign *d, const SyDesign *other, GError **error)
{
	for (guint k = 0; k < d->modules->len; k++) {
		const SyModule *m = g_ptr_array_index(d->modules, k);
		const SyModule *o = g_ptr_array_index(other->modules, k);

		if (g_strcmp0(m->name, o->name))
			return differ(error, "the modules", m->name);
		if (!sy_form_code_same(m->code, o->code))
			return differ(error, "the code", m->name);
	}
	for (guint k = 0; k < d->kernel->ports->len; k++) {
		const SyDesignPort *p = g_ptr_array_index(d->kernel->ports, k);
		const SyDesignPort *o = g_ptr_array_index(
			other->kernel->ports, k);

		if (p->words != o->words || p->pack != o->pack)
			return differ(error, "the words", p->name);
	}
	return TRUE;
}

/* What the latency model reads of both: the same numbers. */
static gboolean check_inputs(
	const SyDesign *d, const SyDesign *other, GError **error)
{
	g_autoptr(SyLatencyInputs) a = sy_latency_inputs_new(d, error);
	g_autoptr(SyLatencyInputs) b = a ? sy_latency_inputs_new(other, error)
					 : NULL;

	if (!b)
		return FALSE;
	return sy_latency_inputs_same(a, b) ||
		differ(error, "the latency model's inputs", "the design");
}

/* The first resource a and b differ in, or -1. */
static int resource_differs(const SyResources *a, const SyResources *b)
{
	for (int k = 0; k < SY_N_RESOURCES; k++)
		if (a->v[k] != b->v[k])
			return k;
	return -1;
}

static gboolean differ_in(GError **error, const char *name,
	const SyResources *a, const SyResources *b, int k)
{
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"form: %s takes %g %s, the design built at its sizes %g", name,
		a->v[k], sy_resource_name((SyResourceKind)k), b->v[k]);
	return FALSE;
}

/* What the resource model gives both: the same figures. */
static gboolean check_resources(
	const SyDesign *d, const SyDesign *other, GError **error)
{
	g_autoptr(SyEstimate) a = sy_estimate_new();
	g_autoptr(SyEstimate) b = sy_estimate_new();
	int k;

	if (!sy_resources_estimate(d, NULL, a, error) ||
		!sy_resources_estimate(other, NULL, b, error))
		return FALSE;
	for (guint m = 0; m < a->modules->len; m++) {
		const SyModuleEstimate *x = g_ptr_array_index(a->modules, m);
		const SyModuleEstimate *y = g_ptr_array_index(b->modules, m);

		if ((k = resource_differs(&x->resources, &y->resources)) >= 0)
			return differ_in(error, x->name, &x->resources,
				&y->resources, k);
	}
	if ((k = resource_differs(&a->total, &b->total)) >= 0)
		return differ_in(error, "the design", &a->total, &b->total, k);
	return a->bram36 == b->bram36 ||
		differ(error, "the BRAM36 tiles", "the design");
}

gboolean sy_model_form_check(
	SyModelForm *form, const SyDesign *other, GError **error)
{
	const SyDesign *d = form->design;
	const SyDesignGrid *g = d->grid, *o = other->grid;
	gboolean narrowed = FALSE;

	if (!other->array || !other->io || !other->kernel ||
		other->array->choices != form->choices ||
		!sy_model_form_covers(form, other->array->config))
		return sy_model_form_fail(
			error, "the design is not of the form's class");
	if (d->modules->len != other->modules->len ||
		d->io->paths->len != other->io->paths->len ||
		d->kernel->ports->len != other->kernel->ports->len)
		return differ(error, "the modules", "the design");
	if (!sy_form_numbers_narrow(
		    form->numbers, other, other->array->config, &narrowed))
		return differ(error, "the FIFOs and buffers", "the design");
	/* Fewer candidates: a tape recorded on more is stale. */
	if (narrowed)
		sy_model_form_forget_tape(form);
	sy_model_form_at(form, other->array->config);
	for (guint k = 0; k < g->n_space; k++)
		if (g->pe[k] != o->pe[k])
			return differ(error, "the PEs", "the grid");
	return check_paths(form, other, error) &&
		check_modules(d, other, error) &&
		check_inputs(d, other, error) &&
		check_resources(d, other, error);
}

/* Every field sy_model_form_at sets, which a replay reads. */
void sy_model_form_mark_live(SyModelForm *form, SyTape *t)
{
	SyDesignGrid *g = form->design->grid;

	sy_form_code_live(&form->code, t);
	sy_form_numbers_live(form->numbers, t);
	for (guint d = 0; d < g->n_space; d++)
		sy_tape_live(t, &g->pe[d]);
	sy_tape_live(t, &g->count);
	for (guint d = 0; d < form->design->kernel->n_launch; d++)
		sy_tape_live(t, &form->design->kernel->launch[d]);
	for (guint k = 0; k < form->paths->len; k++) {
		Path *p = &g_array_index(form->paths, Path, k);

		if (p->lanes)
			sy_tape_live(t, &p->f->lanes);
		if (p->widest)
			sy_tape_live(t, &p->f->pack);
		sy_tape_live(t, &p->f->box_words);
		sy_tape_live(t, &p->f->units);
		if (p->port) {
			SyDesignPort *port = g_ptr_array_index(
				form->design->kernel->ports, k);

			sy_tape_live(t, &port->pack);
			sy_tape_live(t, &port->words);
		}
	}
}

guint sy_model_form_ambiguous(const SyModelForm *form)
{
	return sy_form_numbers_ambiguous(form->numbers);
}
