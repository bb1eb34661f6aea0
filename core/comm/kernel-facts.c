/* The backend's last refusals and the kernel's interface as plain data
 * (see kernel-facts.h): what the top function, the header, the
 * testbench and the host print, taken once from the analysis. */
#include <string.h>

#include <isl/ilp.h>
#include <isl/set.h>
#include <isl/val.h>

#include "base/checked.h"
#include "base/escape.h"
#include "compute/check.h"
#include "compute/codegen.h"
#include "comm/design-kernel.h"
#include "comm/hls-chain.h"
#include "comm/kernel-facts.h"
#include "comm/module-code.h"

/* Vitis HLS's ap_[u]int holds up to 4096 bits with AP_INT_MAX_W defined
 * before ap_int.h (UG1399). */
#define SY_AP_INT_MAX_W 4096

/* Refusals */

/* A vector of SIMD lanes wider than Vitis allows: refused, with the
 * widest width that fits. */
static gboolean check_widths(const SyHlsModel *m, GError **error)
{
	const SyConfig *cfg = m->array->config;

	for (guint i = 0; i < m->pe_paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->pe_paths, i);
		const SySimdChoice *sc;
		guint bits = hp->path->plain_array->bits;
		gint64 fits = SY_AP_INT_MAX_W / bits;

		if ((guint64)hp->lanes * bits <= SY_AP_INT_MAX_W)
			continue;
		/* A width that divides this one divides the loop too. */
		while (cfg->simd_factor % fits)
			fits--;
		sc = g_ptr_array_index(m->array->choices->simd, cfg->simd);
		return sy_hls_refuse(error,
			"SIMD on '%s' moves %u lanes of %s at once, a word of "
			"%" G_GUINT64_FORMAT " bits; Vitis HLS's ap_uint "
			"holds at most %u (AP_INT_MAX_W): use --simd "
			"%s=%" G_GINT64_FORMAT " or less",
			sc->loop.name, hp->lanes, hp->path->array->name,
			(guint64)hp->lanes * bits, SY_AP_INT_MAX_W,
			sc->loop.name, fits);
	}
	return TRUE;
}

/* The SCoP's use of a variable, NULL if it does not use it. */
static const SyArray *array_of(const SyScop *scop, const SyVar *var)
{
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);

		if (x->var == var)
			return x;
	}
	return NULL;
}

/* The generated main must be able to call the SCoP's function: every
 * parameter a scalar, an array of known sizes, or passed null.  (The
 * SCoP itself only uses arrays of known sizes.) */
static gboolean check_callable(const SyScop *scop, GError **error)
{
	const SyProgram *prog = scop->prog;
	const char *hint = "put the SCoP in main(), where your own check "
			   "decides, or give";

	if (!prog->params_known)
		return sy_hls_refuse(error,
			"the testbench calls %s() from a generated main, but "
			"its parameters could not be read; %s %s() "
			"parameters of scalar and array types",
			prog->function, hint, prog->function);
	for (guint i = 0; i < prog->params->len; i++) {
		const SyVar *v = g_ptr_array_index(prog->params, i);

		if (v->kind == SY_VAR_POINTER && array_of(scop, v))
			return sy_hls_refuse(error,
				"the testbench calls %s() from a generated "
				"main, but cannot size the memory its pointer "
				"'%s' points to; %s '%s' array sizes",
				prog->function, v->name, hint, v->name);
	}
	return TRUE;
}

/* The ports: kernel0's DRAM words, counted in 64 bits (a count beyond
 * refuses the design: every count the generated code holds fits) */

/* Units of a path: lines (exterior) or PEs (interior). */
static gint64 units(const SyPeArray *array, const SyIoPath *p)
{
	return p->exterior
		? sy_pe_array_count(array) / array->pe[sy_io_path_along(p)]
		: sy_pe_array_count(array);
}

/* The tiles that move data (boxes but for triangular kernels, which
 * count them, never iterations). */
static gint64 tiles(const SyHlsPath *hp, SyChecked *ck)
{
	isl_set *set = hp->load ? hp->load : hp->tiles;
	isl_size n_dims = isl_set_dim(set, isl_dim_set);
	isl_val *count;
	gint64 n = 1;

	if (isl_set_is_empty(set) == isl_bool_true)
		return 0;
	if (isl_set_is_box(set) != isl_bool_true) {
		count = isl_set_count_val(set);
		n = isl_val_get_num_si(count);
		isl_val_free(count);
		return n;
	}
	for (int d = 0; d < n_dims; d++) {
		isl_val *lo = isl_set_dim_min_val(isl_set_copy(set), d);
		isl_val *hi = isl_set_dim_max_val(isl_set_copy(set), d);

		/* Tile numbers: within the padded extent. */
		n = sy_checked_mul(ck, n,
			isl_val_get_num_si(hi) - isl_val_get_num_si(lo) + 1,
			"the number of tiles of %s", hp->path->prefix);
		isl_val_free(lo);
		isl_val_free(hi);
	}
	return n;
}

/* The words the L3 module of hp moves through its port: its tiles,
 * times its units, times a box's words. */
static gint64 port_words(
	const SyHlsModel *m, const SyHlsPath *hp, SyChecked *ck)
{
	gint64 n = tiles(hp, ck), box = 1;

	for (guint d = 0; d < hp->box.n_dims; d++)
		box = sy_checked_mul(ck, box, hp->box.size[d],
			"the number of elements of a box");
	n = sy_checked_mul(ck, n, units(m->array, hp->path),
		"the number of boxes of %s", hp->path->prefix);
	return sy_checked_mul(ck, n, box / hp->pack,
		"the number of words of port %s", hp->path->prefix);
}

static gboolean has_in(const SyHlsModel *m, const char *prefix)
{
	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);

		if (hp->path->in && g_str_equal(hp->path->prefix, prefix))
			return TRUE;
	}
	return FALSE;
}

static guint array_index(const SyScop *scop, const SyArray *x)
{
	guint i = 0;

	while (g_ptr_array_index(scop->arrays, i) != x)
		i++;
	return i;
}

/* FIFO words per DRAM word: how many the design's DRAM port of the
 * same place (both are in the order of the paths through DRAM) holds,
 * wider than the FIFO's under --host-serialize (design.c: whole ones
 * per tile, so they divide the port's words). */
static guint serial_of(const SyDesign *design, guint i, guint fifo_bits)
{
	const SyDramPort *dp = i < design->dram->len
		? g_ptr_array_index(design->dram, i)
		: NULL;

	return dp && fifo_bits && dp->width_bits % fifo_bits == 0
		? dp->width_bits / fifo_bits
		: 1;
}

/* --hbm names a port's parts "<name>_<j>": none may be another
 * port's name (an array entering along two paths has "A" and "A_1"). */
static gboolean parts_distinct(const SyDesignKernel *k, GError **error)
{
	g_autoptr(GHashTable) seen = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);

	for (guint i = 0; i < k->ports->len; i++) {
		const SyDesignPort *port = g_ptr_array_index(k->ports, i);

		for (guint j = 0; j < sy_design_port_parts(port); j++) {
			char *name = sy_design_port_part(port, j);

			if (!g_hash_table_add(seen, name))
				return sy_hls_refuse(error,
					"--hbm: two of kernel0's DRAM ports "
					"would be named %s; give %s one port "
					"(--hbm-ports %s=1)",
					name, port->stem, port->stem);
		}
	}
	return TRUE;
}

/* A port per path through DRAM, in kernel0's order: named after its
 * stem, but results of an array that also comes in under that stem
 * ("<stem>_out"). */
static gboolean add_ports(SyDesignKernel *k, SyDesign *design,
	const SyHlsModel *m, GError **error)
{
	const SyScop *scop = m->array->analysis->scop;
	SyChecked ck = {NULL};

	for (guint i = 0; i < m->paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->paths, i);
		SyDesignPort *port = g_new0(SyDesignPort, 1);

		port->stem = g_strdup(hp->path->prefix);
		port->in = hp->path->in;
		port->declares = port->in || !has_in(m, port->stem);
		port->name = port->declares
			? g_strdup(port->stem)
			: g_strconcat(port->stem, "_out", NULL);
		port->array = array_index(scop, hp->path->array);
		port->pack = hp->pack;
		port->words = port_words(m, hp, &ck);
		port->ports = sy_io_path_ports(hp->path);
		port->serial = serial_of(
			design, i, hp->pack * hp->path->plain_array->bits);
		/* Whole DRAM words: each tile's burst is (design.c), but
		 * a path whose tiles move other words than its buffers
		 * hold would not be. */
		if (port->words % port->serial)
			return sy_hls_refuse(error,
				"--host-serialize or --data-pack-sizes: port "
				"%s moves "
				"%" G_GINT64_FORMAT
				" words, not whole DRAM words of %u; export "
				"it without those options",
				port->name, port->words, port->serial);
		port->words /= port->serial;
		k->widest_word = MAX(k->widest_word,
			port->serial * port->pack *
				hp->path->plain_array->bits);
		g_ptr_array_add(k->ports, port);
	}
	return sy_checked_ok(&ck, error) && parts_distinct(k, error);
}

/* The widest ap_uint the kernel declares: the DRAM ports' words and the
 * PEs' vectors of SIMD lanes. */
static guint widest_word(const SyHlsModel *m)
{
	guint widest = 0;

	for (guint i = 0; i < m->pe_paths->len; i++) {
		const SyHlsPath *hp = g_ptr_array_index(m->pe_paths, i);

		widest = MAX(widest,
			MAX(hp->pack, hp->lanes) * hp->path->plain_array->bits);
	}
	return widest;
}

/* The arrays and the function */

static void add_arrays(
	SyDesignKernel *k, SyDesign *design, const SyNames *names)
{
	for (guint i = 0; i < design->arrays->len; i++) {
		SyDesignArray *x = g_ptr_array_index(design->arrays, i);

		g_free(x->id);
		x->id = g_strdup(sy_names_id(names, x->name));
	}
	k->arrays = g_ptr_array_ref(design->arrays);
}

/* A parameter the generated main passes as a null pointer: a pointer,
 * or an array without sizes, that the SCoP does not use. */
static gboolean passes_null(const SyScop *scop, const SyVar *v)
{
	gboolean sized = v->kind != SY_VAR_POINTER;

	for (guint d = 0; d < v->n_dims; d++)
		sized = sized && v->dims[d] > 0;
	return !sized && !array_of(scop, v);
}

static void add_params(SyDesignKernel *k, const SyScop *scop)
{
	const SyProgram *prog = scop->prog;

	for (guint i = 0; prog->params && i < prog->params->len; i++) {
		const SyVar *v = g_ptr_array_index(prog->params, i);
		const SyArray *a = array_of(scop, v);
		SyDesignParam *p = g_new0(SyDesignParam, 1);

		p->name = g_strdup(v->name);
		p->ctype = g_strdup(v->base_type);
		p->n_dims = v->n_dims;
		p->dims = g_memdup2(
			v->dims, MAX(v->n_dims, 1) * sizeof *v->dims);
		p->integer = v->integer;
		p->passes_null = passes_null(scop, v);
		p->written = a && a->written;
		g_ptr_array_add(k->params, p);
	}
}

/* -D NAME[(params)][=VALUE] as the analysis read it, NAME as the
 * project calls it, VALUE's first line (the command line refuses
 * others). */
static void add_defines(
	SyDesignKernel *k, const SyNames *names, const char *const *defines)
{
	for (guint i = 0; defines && defines[i]; i++) {
		const char *d = defines[i], *eq = strchr(d, '=');
		gsize name = strspn(d,
			"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm"
			"nopqrstuvwxyz0123456789_");
		g_autofree char *id = g_strndup(d, name);
		const char *value = eq ? eq + 1 : "1";
		SyDesignDefine *def = g_new0(SyDesignDefine, 1);

		def->id = g_strdup(sy_names_id(names, id));
		def->params = g_strndup(
			d + name, (eq ? (gsize)(eq - d) : strlen(d)) - name);
		def->value = g_strndup(value, strcspn(value, "\n"));
		g_ptr_array_add(k->defines, def);
	}
}

/* The command line's options that made the design, as a shell takes
 * them: -D, -I, then the sizes, then the I/O network's (design). */
static char *command_flags(const SyAnalysisOptions *options, const char *flags,
	const SyDesign *design)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; options && options->defines && options->defines[i];
		i++) {
		g_autofree char *word = sy_escape_shell(options->defines[i]);

		g_string_append_printf(out, "-D %s ", word);
	}
	for (guint i = 0;
		options && options->include_dirs && options->include_dirs[i];
		i++) {
		g_autofree char *word = sy_escape_shell(
			options->include_dirs[i]);

		g_string_append_printf(out, "-I %s ", word);
	}
	g_string_append(out, flags);
	if (design->array->analysis->source_kept)
		g_string_append(out, " --no-reschedule");
	if (design->array->analysis->space_time) {
		g_autofree char *word = sy_escape_shell(
			design->array->analysis->space_time->text);

		g_string_append_printf(out, " --space-time %s", word);
	}
	if (design->array->analysis->live_range_reordering)
		g_string_append(out, " --live-range-reordering");
	if (design->option_flags)
		g_string_append(out, design->option_flags);
	return g_string_free(out, FALSE);
}

/* What the project calls otherwise, and the kernel's headers where the
 * testbench finds them, with the project's names. */
static void add_names(
	SyDesignKernel *k, const SyNames *names, const SyPreprocessed *pp)
{
	const GPtrArray *renamed = sy_names_renamed(names);

	for (guint i = 0; i < renamed->len; i++) {
		const SyRename *r = g_ptr_array_index(renamed, i);
		SyDesignRename *to = g_new0(SyDesignRename, 1);

		to->user = g_strdup(r->user);
		to->id = g_strdup(r->id);
		to->why = g_strdup(r->why);
		g_ptr_array_add(k->renamed, to);
	}
	for (guint i = 0; i < pp->sources->len; i++) {
		const SySource *src = g_ptr_array_index(pp->sources, i);
		const char *place = sy_names_header(names, src);
		SyDesignHeader *h;
		gsize len;

		if (!place)
			continue;
		h = g_new0(SyDesignHeader, 1);
		h->path = g_strdup(src->path);
		h->place = g_strdup(place);
		h->text = sy_names_rewrite(names, src, NULL, 0, &len);
		g_ptr_array_add(k->headers, h);
	}
}

/* The functions the statements call */

/* A function defined in the file: its name's token and the tokens from
 * its first to its body's closing brace. */
typedef struct {
	const SyToken *name;
	guint first, last;
} Definition;

/* The index after the token at i's matching close (of open, close). */
static guint after_match(
	const GArray *tokens, guint i, SyPunct open, SyPunct close)
{
	int depth = 0;

	for (; i < tokens->len; i++) {
		const SyToken *t = &g_array_index(tokens, SyToken, i);

		if (t->kind == SY_TOK_EOF)
			break;
		depth += sy_token_is_punct(t, open);
		if (sy_token_is_punct(t, close) && --depth == 0)
			return i + 1;
	}
	return tokens->len;
}

/* The functions the main file defines at file scope, as written there
 * (no token of a macro or a header). */
static GArray *definitions(const SyPreprocessed *pp)
{
	GArray *defs = g_array_new(FALSE, FALSE, sizeof(Definition));
	const GArray *tokens = pp->tokens;
	guint start = 0;

	for (guint i = 0; i + 1 < tokens->len;) {
		const SyToken *t = &g_array_index(tokens, SyToken, i);
		guint body;

		if (t->kind == SY_TOK_EOF)
			break;
		if (t->kind == SY_TOK_PRAGMA || t->kind == SY_TOK_EOL ||
			sy_token_is_punct(t, SY_P_SEMI)) {
			start = ++i;
			continue;
		}
		if (sy_token_is_punct(t, SY_P_LBRACE)) {
			start = i = after_match(
				tokens, i, SY_P_LBRACE, SY_P_RBRACE);
			continue;
		}
		if (t->kind != SY_TOK_IDENT ||
			!sy_token_is_punct(
				&g_array_index(tokens, SyToken, i + 1),
				SY_P_LPAREN)) {
			i++;
			continue;
		}
		body = after_match(tokens, i + 1, SY_P_LPAREN, SY_P_RPAREN);
		if (body < tokens->len &&
			sy_token_is_punct(&g_array_index(tokens, SyToken, body),
				SY_P_LBRACE)) {
			Definition d = {t, start,
				after_match(tokens, body, SY_P_LBRACE,
					SY_P_RBRACE) -
					1};
			gboolean plain = TRUE;

			for (guint k = d.first; k <= d.last && plain; k++) {
				const SyToken *u = &g_array_index(
					tokens, SyToken, k);

				plain = !u->macro && u->loc.src == pp->main;
			}
			if (plain && d.last < tokens->len)
				g_array_append_val(defs, d);
			start = i = d.last + 1;
			continue;
		}
		i = body;
	}
	return defs;
}

/* The definition of name among defs, or -1. */
static int defined(const GArray *defs, const char *name, gsize len)
{
	for (guint i = 0; i < defs->len; i++) {
		const SyToken *t = g_array_index(defs, Definition, i).name;

		if (t->len == len && strncmp(t->text, name, len) == 0)
			return (int)i;
	}
	return -1;
}

static void mark_calls(const SyExpr *e, const GArray *defs, gboolean *used)
{
	int d;

	if (!e)
		return;
	if (e->kind == SY_EXPR_CALL &&
		(d = defined(defs, e->name, strlen(e->name))) >= 0)
		used[d] = TRUE;
	for (guint i = 0; i < e->n_args; i++)
		mark_calls(e->args[i], defs, used);
}

/* The functions the statements call, and those they call in turn (a
 * function's names that are defined ones), in the file's order, with
 * the project's names. */
static void add_functions(SyDesignKernel *k, const SyNames *names,
	const SyProgram *prog, const SyScop *scop)
{
	const GArray *tokens = prog->pp->tokens;
	g_autoptr(GArray) defs = definitions(prog->pp);
	g_autofree gboolean *used = g_new0(gboolean, defs->len + 1);
	gboolean more = TRUE;

	for (guint i = 0; i < scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(scop->stmts, i);

		if (stmt->node && stmt->node->kind == SY_NODE_STMT)
			mark_calls(stmt->node->rhs, defs, used);
	}
	while (more) {
		more = FALSE;
		for (guint i = 0; i < defs->len; i++) {
			const Definition *d = &g_array_index(
				defs, Definition, i);

			for (guint t = d->first; used[i] && t <= d->last; t++) {
				const SyToken *u = &g_array_index(
					tokens, SyToken, t);
				int o = u->kind == SY_TOK_IDENT
					? defined(defs, u->text, u->len)
					: -1;

				if (o >= 0 && !used[o])
					more = used[o] = TRUE;
			}
		}
	}
	for (guint i = 0; i < defs->len; i++) {
		const Definition *d = &g_array_index(defs, Definition, i);
		const SyToken *first = &g_array_index(
			tokens, SyToken, d->first);
		const SyToken *last = &g_array_index(tokens, SyToken, d->last);
		g_autofree char *text = NULL;
		gsize at[2], len;
		SyDesignFunction *f;

		if (!used[i])
			continue;
		at[0] = first->loc.offset;
		at[1] = last->loc.offset + last->len;
		text = sy_names_rewrite(names, prog->pp->main, at, 2, &len);
		f = g_new0(SyDesignFunction, 1);
		f->name = g_strndup(d->name->text, d->name->len);
		f->text = g_strndup(text + at[0], at[1] - at[0]);
		g_ptr_array_add(k->functions, f);
	}
}

/* The testbench's text */

typedef struct {
	gsize at; /* where the version goes in the check block */
	char *indent;
	const char *unit;
	const char *sizes;
} Cut;

/* The systolic version's place in the check block: the printer puts it
 * there. */
static char *cut_version(GString *out, guint i, const char *indent,
	const char *unit, gpointer data)
{
	Cut *cut = data;

	(void)i;
	cut->at = out->len;
	cut->indent = g_strdup(indent);
	cut->unit = unit;
	return g_strdup(cut->sizes);
}

/* The user's text (with the project's names) around the SCoP; when
 * the SCoP is not in main, the check block of check.h around the
 * systolic version, which a generated main calls.  Fails as
 * sy_codegen_scop_text does, or where the generated main could not
 * call the SCoP's function. */
static gboolean add_testbench(SyDesignKernel *k, const SyHlsModel *m,
	const SyNames *names, GError **error)
{
	const SyScop *scop = m->array->analysis->scop;
	const SyProgram *prog = scop->prog;
	SyDesignTestbench *tb = &k->testbench;
	g_autofree char *text = NULL;
	g_autoptr(SySource) src = NULL;
	Cut cut = {0, NULL, NULL, k->grid->sizes};
	SyScopText t;
	GString *block;
	gsize at[4], len;

	tb->in_main = g_strcmp0(prog->function, "main") == 0;
	if (!tb->in_main && !check_callable(scop, error))
		return FALSE;
	if (!sy_codegen_scop_text(prog, &t, error))
		return FALSE;
	/* The kernel's text with the names it has in the project. */
	at[0] = t.begin, at[1] = t.body, at[2] = t.body_end, at[3] = t.end;
	text = sy_names_rewrite(names, t.src, at, 4, &len);
	src = sy_source_new_from_data(t.src->path, text, (gssize)len, error);
	if (!src) {
		g_free(t.indent);
		return FALSE;
	}
	t.src = src;
	t.begin = at[0], t.body = at[1], t.body_end = at[2], t.end = at[3];
	block = g_string_new_len(src->text, (gssize)t.begin);
	if (tb->in_main) {
		cut.at = block->len;
		cut.indent = g_strdup(t.indent);
		cut.unit = t.unit;
	} else {
		sy_check_block(
			scop, names, &t, 1, cut_version, &cut, TRUE, block);
	}
	g_string_append_len(
		block, src->text + t.end, (gssize)(src->len - t.end));
	tb->after = g_strdup(block->str + cut.at);
	g_string_truncate(block, cut.at);
	tb->before = g_string_free(block, FALSE);
	tb->indent = cut.indent;
	tb->unit = g_strdup(cut.unit);
	g_free(t.indent);
	return TRUE;
}

/* The host's tile loops: the tiles of each. */
static void add_launch(SyDesignKernel *k, const SyHlsModel *m)
{
	const SyPeArray *array = m->array;

	k->n_launch = m->n_launch;
	k->launch = g_new0(gint64, MAX(m->n_launch, 1));
	for (guint i = 0; i < m->n_launch; i++) {
		guint t = array->config->order[i];

		k->launch[i] = array->padded[t] / array->config->tile[t];
	}
}

/* What the generated code and the project's files take from the
 * analysis, but the testbench's text. */
static SyDesignKernel *kernel_new(SyDesign *design, const SyHlsModel *m,
	const SyNames *names, const SyAnalysisOptions *options, GError **error)
{
	const SyPeArray *array = m->array;
	const SyProgram *prog = array->analysis->prog;
	SyDesignKernel *k = sy_design_kernel_new();
	GString *keywords = g_string_new(NULL);
	g_autofree char *flags = sy_config_to_flags(
		array->config, array->choices);

	k->source = g_strdup(prog->pp->main->path);
	k->function = g_strdup(prog->function);
	k->function_id = prog->function
		? g_strdup(sy_names_id(names, prog->function))
		: NULL;
	k->params_known = prog->params_known;
	add_params(k, array->analysis->scop);
	add_arrays(k, design, names);
	k->grid = design->grid;
	k->flags = command_flags(options, flags, design);
	k->widest_word = widest_word(m);
	sy_names_c_keywords(names, keywords);
	k->keywords = g_string_free(keywords, FALSE);
	add_defines(k, names, options ? options->defines : NULL);
	add_names(k, names, prog->pp);
	add_functions(k, names, prog, array->analysis->scop);
	add_launch(k, m);
	if (!add_ports(k, design, m, error)) {
		sy_design_kernel_free(k);
		return NULL;
	}
	return k;
}

/* Whether a host's tile loop tests its iterator as isl builds loops,
 * "c2 <= E" or "c2 < E" (the printer's tests of the launch's tile
 * read E: ast-print.c). */
static gboolean plain_test(const SyCode *loop)
{
	const SyCodeExpr *cond = loop->cond;

	return loop->degenerate ||
		(cond && cond->kind == SY_CODE_EXPR_OP && cond->n_args == 2 &&
			(cond->op == SY_CODE_OP_LE ||
				cond->op == SY_CODE_OP_LT) &&
			cond->args[0]->kind == SY_CODE_EXPR_ID &&
			g_str_equal(cond->args[0]->name, loop->name));
}

/* The host's tile loops code runs (a bit per dimension below n; all
 * of them, and one more, where one has a test the printer does not
 * read). */
static guint64 launch_loops(const SyCode *code, guint n)
{
	guint64 seen = 0;
	int dim;

	if (!code)
		return 0;
	dim = sy_code_loop_dim(code);
	if (dim >= 0 && (guint)dim < n)
		seen |= plain_test(code) ? G_GUINT64_CONSTANT(1) << dim
					 : G_MAXUINT64;
	if (code->kind == SY_CODE_BLOCK)
		for (guint i = 0; i < code->children->len; i++)
			seen |= launch_loops(
				g_ptr_array_index(code->children, i), n);
	return seen | launch_loops(code->body, n) |
		launch_loops(code->else_body, n);
}

/* Whether code, what module runs, loops over every tile loop the host
 * runs (of several tiles: isl leaves out a loop of one): a module that
 * moves data on some of their tiles only (or keeps it across them)
 * would do it again in every launch.  An I/O path's loops run under a
 * test of the launch's tile (ast-print.c), a loop isl left out of them
 * at a fixed tile put back (io-facts-build.c's launch_loops). */
static gboolean launch_covers(const SyDesignKernel *k, const SyCode *code,
	const char *module, GError **error)
{
	guint64 all = 0;

	for (guint d = 0; d < k->n_launch; d++)
		if (k->launch[d] > 1)
			all |= G_GUINT64_CONSTANT(1) << d;

	guint64 seen = code ? launch_loops(code, k->n_launch) : all;

	if (seen != G_MAXUINT64 && (seen & all) == all)
		return TRUE;
	return sy_hls_refuse(error,
		"the host launches the kernel once per tile of its first %u "
		"tile loops (partial results cross them through DRAM), but "
		"%s runs on some of them only; the HLS backend needs every "
		"module to run on each: change the tile order (--tile-order) "
		"or leave those loops untiled",
		k->n_launch, module);
}

/* Whether code has a statement isl put beside a host's tile loop,
 * which the printer runs in the tile it guesses from that loop's
 * bounds (ast-print.c's gen_launch_side). */
static gboolean beside_host_loop(const SyCode *code, guint n)
{
	guint loops = 0;

	if (!code)
		return FALSE;
	if (code->kind != SY_CODE_BLOCK)
		return beside_host_loop(code->body, n) ||
			beside_host_loop(code->else_body, n);
	for (guint i = 0; i < code->children->len; i++) {
		if (beside_host_loop(code->children->pdata[i], n))
			return TRUE;
		loops += sy_code_outer_loop(code->children->pdata[i], n) !=
			NULL;
	}
	return loops > 0 && loops < code->children->len;
}

/* Whether tiles, an I/O path's, has a host's tile loop of several
 * tiles at one (io-facts-build.c's launch_loops). */
static gboolean in_one_launch(const SyDesignKernel *k, const SyCode *tiles)
{
	int dim;

	for (; tiles && tiles->kind == SY_CODE_FOR; tiles = tiles->body) {
		dim = sy_code_loop_dim(tiles);
		if (tiles->degenerate && dim >= 0 && (guint)dim < k->n_launch &&
			k->launch[dim] > 1)
			return TRUE;
	}
	return FALSE;
}

/* What moves data in some launches only, where the printer's guess of
 * a statement's launch is not checked: final values drained in their
 * PEs, or a way in at one tile of a host's loop; NULL for none. */
static const char *launch_dependent(const SyDesign *design, const SyHlsModel *m)
{
	const SyDesignKernel *k = design->kernel;

	for (guint i = 0; i < design->io->paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(
			design->io->paths, i);

		if (in_one_launch(k, f->tiles) ||
			(!f->path->in && !f->path->exterior &&
				sy_hls_chain_edges(m->plan, f->path->array)))
			return f->path->prefix;
	}
	return NULL;
}

/* Every module's code runs every launch's tiles (launch_covers); where
 * some path moves data in some launches only, no statement beside a
 * host's tile loop (the 12 x 9 triangle of trmm_upper.c on [k] with k
 * and i tiled: a row isl peeled off the next tile of k ran in the
 * loop's last and starved the FIFOs). */
static gboolean check_launch(
	const SyDesign *design, const SyHlsModel *m, GError **error)
{
	const SyDesignKernel *k = design->kernel;
	const char *path;

	if (!k->n_launch)
		return TRUE;
	path = launch_dependent(design, m);
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *mod = g_ptr_array_index(design->modules, i);

		/* I/O and drain modules run their path's tiles (below). */
		if (mod->kind == SY_MODULE_IO || mod->kind == SY_MODULE_DRAIN)
			continue;
		if (!launch_covers(k, mod->code, mod->name, error))
			return FALSE;
		if (path && beside_host_loop(mod->code, k->n_launch))
			return sy_hls_refuse(error,
				"the host launches the kernel once per tile "
				"of its first %u tile loops and %s moves data "
				"in some of them only, but %s runs statements "
				"beside those loops, whose launch the HLS "
				"backend tells from the loops' bounds only: "
				"change the tile sizes or the tile order "
				"(--tile-order), or leave those loops untiled",
				k->n_launch, path, mod->name);
	}
	for (guint i = 0; i < design->io->paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(
			design->io->paths, i);
		g_autofree char *what = g_strdup_printf(
			"the code of %s's I/O modules", f->path->prefix);

		if (!launch_covers(k, f->tiles, what, error))
			return FALSE;
	}
	return TRUE;
}

static gboolean complete(SyDesign *design, const SyNames *names,
	const SyAnalysisOptions *options, gboolean testbench, GError **error)
{
	g_autoptr(SyHlsModel) m = sy_hls_model_new(design, error);
	SyDesignKernel *k;

	if (!m || !check_widths(m, error))
		return FALSE;
	k = kernel_new(design, m, names, options, error);
	if (!k)
		return FALSE;
	/* The modules' code after the checks that refuse a design, with
	 * the kernel's arrays there for what it builds; then the
	 * testbench, whose refusals came last (made for the models too:
	 * they are refusals). */
	sy_design_kernel_free(design->kernel);
	design->kernel = k;
	if (!sy_design_fill_code(design, m, testbench) ||
		!check_launch(design, m, error) ||
		!add_testbench(k, m, names, error)) {
		g_clear_pointer(&design->kernel, sy_design_kernel_free);
		return FALSE;
	}
	return TRUE;
}

gboolean sy_design_complete(SyDesign *design, const SyNames *names,
	const SyAnalysisOptions *options, GError **error)
{
	return complete(design, names, options, TRUE, error);
}

gboolean sy_design_complete_models(SyDesign *design, const SyNames *names,
	const SyAnalysisOptions *options, GError **error)
{
	return complete(design, names, options, FALSE, error);
}
