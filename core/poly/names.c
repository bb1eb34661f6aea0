#include <string.h>

#include "poly/names.h"

struct _SyNames {
	const SyScop *scop;
	guint c_only; /* bits of c_keywords the program uses */
	GHashTable *ids; /* user name -> SyRename, renamed ones only */
	GPtrArray *renamed; /* SyRename, sorted */
	GHashTable *headers; /* SySource -> its name under src/ */
	char **include_dirs;
};

/* C++20's keywords and alternative tokens that C does not have as
 * keywords. */
static const char *const cxx_keywords[] = {"alignas", "alignof", "and",
	"and_eq", "bitand", "bitor", "bool", "catch", "char8_t", "char16_t",
	"char32_t", "class", "compl", "concept", "consteval", "constexpr",
	"constinit", "const_cast", "co_await", "co_return", "co_yield",
	"decltype", "delete", "dynamic_cast", "explicit", "export", "false",
	"friend", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
	"nullptr", "operator", "or", "or_eq", "private", "protected", "public",
	"reinterpret_cast", "requires", "static_assert", "static_cast",
	"template", "this", "thread_local", "throw", "true", "try", "typeid",
	"typename", "using", "virtual", "wchar_t", "xor", "xor_eq", NULL};

/* Those a C program may use with their C++ meaning, from <stdbool.h>,
 * <iso646.h>, <assert.h>, <stdalign.h>, <threads.h>, <stddef.h>,
 * <uchar.h> or C23: renamed only where the program declares them. */
static const char *const from_c_headers[] = {"alignas", "alignof", "and",
	"and_eq", "bitand", "bitor", "bool", "char16_t", "char32_t", "compl",
	"constexpr", "false", "not", "not_eq", "nullptr", "or", "or_eq",
	"static_assert", "thread_local", "true", "wchar_t", "xor", "xor_eq",
	NULL};

/* Names the generated code declares or calls where the user's names
 * are seen (the top function, the PE and its coordinates, the
 * standard, Vitis and XRT namespaces, the C library the testbench
 * calls); the I/O modules see none of the user's names. */
static const char *const generated_names[] = {"PE", "PE_wrapper", "exit",
	"fprintf", "hls", "idx", "idy", "idz", "kernel0", "printf", "stderr",
	"std", "xrt", NULL};

/* Prefixes of generated names: Systole's own, ap_int.h's, FIFOs and the
 * PE's local buffers. */
static const char *const generated_prefixes[] = {"sy_", "SY_", "systole_",
	"SYSTOLE_", "ap_", "AP_", "fifo_", "local_", NULL};

/* What the testbench's own code uses after the user's text, where a
 * macro of that name would expand: names of members and templates. */
static const char *const testbench_names[] = {"data", "push_back", "range",
	"resize", "sim", "size", "vector", "warnings", NULL};

/* C's keywords that C++ spells otherwise, and how. */
static const char *const c_keywords[][2] = {{"restrict", "__restrict"},
	{"_Bool", "bool"}, {"_Static_assert", "static_assert"},
	{"_Alignas", "alignas"}, {"_Alignof", "alignof"},
	{"_Noreturn", "[[noreturn]]"}, {"_Thread_local", "thread_local"}};

static gboolean in_list(const char *const *list, const char *name)
{
	return g_strv_contains(list, name);
}

static gboolean has_prefix(const char *name)
{
	for (guint i = 0; generated_prefixes[i]; i++)
		if (g_str_has_prefix(name, generated_prefixes[i]))
			return TRUE;
	return FALSE;
}

/* Strips tail from the end of *len characters of name. */
static gboolean strip(const char *name, gsize *len, const char *tail)
{
	gsize n = strlen(tail);

	if (*len <= n || strncmp(name + *len - n, tail, n) != 0)
		return FALSE;
	*len -= n;
	return TRUE;
}

/* An array's paths are named stem[_drain][_N] and their ports that,
 * or that with _out: a name of that form on another array's stem would
 * be one of its names. */
static gboolean another_stem(const SyScop *scop, const char *name)
{
	gsize len = strlen(name), digits = 0;
	gboolean cut = strip(name, &len, "_out");

	while (digits < len && g_ascii_isdigit(name[len - 1 - digits]))
		digits++;
	if (digits && digits < len && name[len - 1 - digits] == '_') {
		len -= digits + 1;
		cut = TRUE;
	}
	cut = strip(name, &len, "_drain") || cut;
	if (!cut)
		return FALSE;
	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);

		if (strlen(x->name) == len && strncmp(x->name, name, len) == 0)
			return TRUE;
	}
	return FALSE;
}

/* An array or scalar of the SCoP: its name reaches the RTL, as a port
 * or an argument. */
static gboolean in_rtl(const SyScop *scop, const char *name)
{
	for (guint i = 0; i < scop->arrays->len; i++)
		if (g_str_equal(((SyArray *)g_ptr_array_index(scop->arrays, i))
					->name,
			    name))
			return TRUE;
	return FALSE;
}

/* Why name must not appear as it is, or NULL. */
static const char *why_renamed(
	const SyScop *scop, const char *name, gboolean macro)
{
	if (in_list(cxx_keywords, name))
		return "a C++ keyword";
	if (!g_str_is_ascii(name) && in_rtl(scop, name))
		return "not ASCII, as the RTL's port names must be";
	if (has_prefix(name) || in_list(generated_names, name) ||
		g_str_has_suffix(name, "_word") || strstr(name, "_IO_L") ||
		strstr(name, "_PE_dummy") ||
		(macro && in_list(testbench_names, name)))
		return "a name of the generated code";
	if (another_stem(scop, name))
		return "a name of another array's paths";
	return NULL;
}

/* sy_utf8_ and the name with '_' doubled and every other character
 * that is not an ASCII letter or digit as _uXXXX_: one to one, and
 * apart from the ASCII names' sy_user_. */
static char *ascii_id(const char *name)
{
	GString *out = g_string_new("sy_utf8_");

	for (const char *c = name; *c; c = g_utf8_next_char(c)) {
		gunichar u = g_utf8_get_char(c);

		if (u == '_')
			g_string_append(out, "__");
		else if (u < 0x80 && g_ascii_isalnum((char)u))
			g_string_append_c(out, (char)u);
		else
			g_string_append_printf(out, "_u%04x_", u);
	}
	return g_string_free(out, FALSE);
}

static void consider(SyNames *names, const char *name, gboolean macro)
{
	const char *why;
	SyRename *r;

	if (g_hash_table_contains(names->ids, name))
		return;
	why = why_renamed(names->scop, name, macro);
	if (!why)
		return;
	r = g_new(SyRename, 1);
	r->user = g_strdup(name);
	r->id = g_str_is_ascii(name) ? g_strconcat("sy_user_", name, NULL)
				     : ascii_id(name);
	r->why = why;
	g_hash_table_insert(names->ids, (char *)r->user, r);
	g_ptr_array_add(names->renamed, r);
}

static void rename_free(gpointer data)
{
	SyRename *r = data;

	g_free((char *)r->user);
	g_free((char *)r->id);
	g_free(r);
}

static int by_user(gconstpointer a, gconstpointer b)
{
	const SyRename *x = *(SyRename *const *)a, *y = *(SyRename *const *)b;

	return strcmp(x->user, y->user);
}

/* The program's own names: what it declares, its macros, and every
 * C++-only keyword its code uses (C has none of them, so they are the
 * program's identifiers). */
SyNames *sy_names_new(const SyScop *scop)
{
	const SyProgram *prog = scop->prog;
	SyNames *names = g_new0(SyNames, 1);
	GHashTableIter iter;
	gpointer key;

	names->scop = scop;
	names->ids = g_hash_table_new(g_str_hash, g_str_equal);
	names->renamed = g_ptr_array_new_with_free_func(rename_free);
	names->headers = g_hash_table_new_full(
		g_direct_hash, g_direct_equal, NULL, g_free);
	for (guint i = 0; i < prog->vars->len; i++)
		consider(names,
			((SyVar *)g_ptr_array_index(prog->vars, i))->name,
			FALSE);
	if (prog->function)
		consider(names, prog->function, FALSE);
	g_hash_table_iter_init(&iter, prog->pp->macros);
	while (g_hash_table_iter_next(&iter, &key, NULL))
		consider(names, key, TRUE);
	for (guint i = 0; i < prog->pp->tokens->len; i++) {
		const SyToken *tok = &g_array_index(
			prog->pp->tokens, SyToken, i);
		char word[24];

		/* No keyword is longer: no copy of longer names. */
		if (tok->kind != SY_TOK_IDENT || tok->len >= sizeof word)
			continue;
		memcpy(word, tok->text, tok->len);
		word[tok->len] = '\0';
		for (guint k = 0; k < G_N_ELEMENTS(c_keywords); k++)
			if (g_str_equal(word, c_keywords[k][0]))
				names->c_only |= 1u << k;
		if (in_list(cxx_keywords, word) &&
			!in_list(from_c_headers, word))
			consider(names, word, FALSE);
	}
	g_ptr_array_sort(names->renamed, by_user);
	return names;
}

void sy_names_free(SyNames *names)
{
	if (!names)
		return;
	g_hash_table_unref(names->ids);
	g_ptr_array_unref(names->renamed);
	g_hash_table_unref(names->headers);
	g_strfreev(names->include_dirs);
	g_free(names);
}

const char *sy_names_id(const SyNames *names, const char *name)
{
	const SyRename *r = g_hash_table_lookup(names->ids, name);

	return r ? r->id : name;
}

const GPtrArray *sy_names_renamed(const SyNames *names)
{
	return names->renamed;
}

void sy_names_c_keywords(const SyNames *names, GString *out)
{
	for (guint k = 0; k < G_N_ELEMENTS(c_keywords); k++)
		if (names->c_only & (1u << k))
			g_string_append_printf(out, "#define %s %s\n",
				c_keywords[k][0], c_keywords[k][1]);
}

/* Headers */

/* path below dir ("." for none), or NULL. */
static char *below(const char *dir, const char *path)
{
	g_autofree char *prefix = g_strconcat(dir, G_DIR_SEPARATOR_S, NULL);
	g_auto(GStrv) parts = NULL;
	const char *rest;

	if (strcmp(dir, ".") == 0 && !g_path_is_absolute(path))
		rest = path;
	else if (g_str_has_prefix(path, prefix))
		rest = path + strlen(prefix);
	else
		return NULL;
	parts = g_strsplit(rest, G_DIR_SEPARATOR_S, -1);
	for (guint i = 0; parts[i]; i++)
		if (!*parts[i] || g_str_equal(parts[i], ".") ||
			g_str_equal(parts[i], ".."))
			return NULL;
	return g_strdup(rest);
}

/* name, or name with _1, _2, ... before its extension: the first that
 * is not in used. */
static char *unique(const char *name, GHashTable *used)
{
	const char *slash = strrchr(name, '/');
	const char *dot = strrchr(slash ? slash : name, '.');
	gsize stem = dot && dot != (slash ? slash + 1 : name)
		? (gsize)(dot - name)
		: strlen(name);
	char *try = g_strdup(name);

	for (guint n = 1; g_hash_table_contains(used, try); n++) {
		g_free(try);
		try = g_strdup_printf(
			"%.*s_%u%s", (int)stem, name, n, name + stem);
	}
	return try;
}

void sy_names_place_headers(SyNames *names, const char *const *include_dirs,
	const char *const *taken)
{
	const SyPreprocessed *pp = names->scop->prog->pp;
	g_autofree char *dir = g_path_get_dirname(pp->main->path);
	g_autoptr(GHashTable) used = g_hash_table_new(g_str_hash, g_str_equal);
	gboolean after_main = FALSE;

	names->include_dirs = g_strdupv((char **)include_dirs);
	for (guint i = 0; taken && taken[i]; i++)
		g_hash_table_add(used, (char *)taken[i]);
	/* The command line's definitions come before the kernel's file,
	 * its headers after it. */
	for (guint i = 0; i < pp->sources->len; i++) {
		const SySource *src = g_ptr_array_index(pp->sources, i);
		g_autofree char *name = NULL;
		char *place;

		if (src == pp->main || !after_main) {
			after_main = after_main || src == pp->main;
			continue;
		}
		name = below(dir, src->path);
		if (!name)
			name = g_path_get_basename(src->path);
		place = unique(name, used);
		g_hash_table_insert(names->headers, (gpointer)src, place);
		g_hash_table_add(used, place);
	}
}

const char *sy_names_header(const SyNames *names, const SySource *src)
{
	return g_hash_table_lookup(names->headers, src);
}

/* The header #include "name" in from found, as the preprocessor looks:
 * next to from, then in the -I folders; NULL if none of ours. */
static const SySource *included(
	const SyNames *names, const SySource *from, const char *name)
{
	g_autoptr(GPtrArray) tries = g_ptr_array_new_with_free_func(g_free);
	GHashTableIter iter;
	gpointer src;

	if (g_path_is_absolute(name))
		g_ptr_array_add(tries, g_strdup(name));
	else
		g_ptr_array_add(tries,
			strcmp(from->dir, ".") == 0
				? g_strdup(name)
				: g_build_filename(from->dir, name, NULL));
	for (guint i = 0; names->include_dirs && names->include_dirs[i]; i++)
		g_ptr_array_add(tries,
			g_build_filename(names->include_dirs[i], name, NULL));
	for (guint t = 0; t < tries->len; t++) {
		g_hash_table_iter_init(&iter, names->headers);
		while (g_hash_table_iter_next(&iter, &src, NULL))
			if (g_str_equal(((SySource *)src)->path,
				    g_ptr_array_index(tries, t)))
				return src;
	}
	return NULL;
}

/* The #include spelling of place (under src/) from a file at from
 * (under src/; the kernel's file is at the top). */
static char *relative(const char *from, const char *place)
{
	g_auto(GStrv) a = g_strsplit(from, "/", -1);
	g_auto(GStrv) b = g_strsplit(place, "/", -1);
	guint na = MAX(g_strv_length(a), 1) - 1, common = 0;
	GString *out = g_string_new(NULL);

	/* Folders only: the last part of from is its file. */
	while (common < na && b[common + 1] &&
		g_str_equal(a[common], b[common]))
		common++;
	for (guint i = common; i < na; i++)
		g_string_append(out, "../");
	for (guint i = common; b[i]; i++)
		g_string_append_printf(
			out, "%s%s", i > common ? "/" : "", b[i]);
	return g_string_free(out, FALSE);
}

typedef struct {
	GString *out;
	gsize from; /* copied up to here */
	gsize *offsets;
	guint n;
	gssize *shift; /* per offset */
} Edit;

static void replace(
	Edit *e, const SySource *src, gsize at, gsize len, const char *with)
{
	gssize delta = (gssize)strlen(with) - (gssize)len;

	g_string_append_len(
		e->out, src->text + e->from, (gssize)(at - e->from));
	g_string_append(e->out, with);
	e->from = at + len;
	for (guint k = 0; k < e->n; k++)
		if (e->offsets[k] > at)
			e->shift[k] += delta;
}

static gboolean mentions_cplusplus(const SyToken *toks, guint i)
{
	/* The end of the file is at the start of a line too. */
	for (; !toks[i].bol; i++)
		if (sy_token_is(&toks[i], "__cplusplus"))
			return TRUE;
	return FALSE;
}

/* Rewrites the include at toks[i] (the file name's token). */
static void rewrite_include(
	const SyNames *names, const SySource *src, const SyToken *tok, Edit *e)
{
	g_autofree char *name = g_strndup(tok->text + 1, tok->len - 2);
	const SySource *target = included(names, src, name);
	const char *from = sy_names_header(names, src);
	g_autofree char *spelling = NULL, *quoted = NULL;

	if (!target)
		return;
	spelling = relative(
		from ? from : "testbench.cpp", sy_names_header(names, target));
	if (g_str_equal(spelling, name) || strpbrk(spelling, "\"\n"))
		return;
	quoted = g_strdup_printf("\"%s\"", spelling);
	replace(e, src, (gsize)(tok->text - src->text), tok->len, quoted);
}

char *sy_names_rewrite(const SyNames *names, const SySource *src,
	gsize *offsets, guint n, gsize *len)
{
	g_autoptr(GArray) toks = sy_lex(src, NULL);
	g_autoptr(GArray) cxx = g_array_new(FALSE, FALSE, sizeof(gboolean));
	g_autofree gssize *shift = g_new0(gssize, n + 1);
	Edit e = {g_string_new(NULL), 0, offsets, n, shift};
	const SyToken *t;

	/* It was lexed when it was analysed. */
	g_return_val_if_fail(toks, NULL);
	t = (const SyToken *)toks->data;
	for (guint i = 0; t[i].kind != SY_TOK_EOF; i++) {
		gboolean in_cxx = cxx->len &&
			g_array_index(cxx, gboolean, cxx->len - 1);
		g_autofree char *word = NULL;
		const char *id;

		if (t[i].bol && sy_token_is_punct(&t[i], SY_P_HASH) &&
			t[i + 1].kind == SY_TOK_IDENT && !t[i + 1].bol) {
			const SyToken *d = &t[i + 1];
			gboolean m = mentions_cplusplus(t, i + 2);
			gboolean nested = in_cxx || m;

			if (sy_token_is(d, "if") || sy_token_is(d, "ifdef") ||
				sy_token_is(d, "ifndef"))
				g_array_append_val(cxx, nested);
			else if (sy_token_is(d, "elif") && cxx->len)
				g_array_index(cxx, gboolean, cxx->len - 1) |= m;
			else if (sy_token_is(d, "endif") && cxx->len)
				g_array_set_size(cxx, cxx->len - 1);
			else if (sy_token_is(d, "include")) {
				if (!in_cxx && t[i + 2].kind == SY_TOK_STRING &&
					!t[i + 2].bol)
					rewrite_include(
						names, src, &t[i + 2], &e);
				/* <header.h> is not code either. */
				for (i += 2; !t[i].bol; i++)
					;
				i--;
				continue;
			}
		}
		if (t[i].kind != SY_TOK_IDENT || in_cxx)
			continue;
		word = sy_token_dup_text(&t[i]);
		id = sy_names_id(names, word);
		if (id != word)
			replace(&e, src, (gsize)(t[i].text - src->text),
				t[i].len, id);
	}
	g_string_append_len(
		e.out, src->text + e.from, (gssize)(src->len - e.from));
	for (guint k = 0; k < n; k++)
		offsets[k] = (gsize)((gssize)offsets[k] + shift[k]);
	*len = e.out->len;
	return g_string_free(e.out, FALSE);
}
