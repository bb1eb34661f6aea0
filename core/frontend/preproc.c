#include <string.h>

#include "base/diag.h"
#include "frontend/expr-parse.h"
#include "frontend/preproc.h"

#define MAX_INCLUDE_DEPTH 64
/* Macro expansion is bounded in depth (each level is a C stack frame)
 * and in the tokens it makes in all: macros that double at each level
 * reach 2^40 tokens in 40 lines. */
#define MAX_MACRO_DEPTH 256
#define MAX_MACRO_TOKENS 1000000

typedef struct {
	gboolean parent_active;
	gboolean taken; /* some branch of this #if was taken */
	gboolean active; /* the current branch is */
	gboolean seen_else;
	SyLoc loc;
} Cond;

typedef struct {
	SyPreprocessed *pp;
	const char *const *include_dirs;
	GHashTable *once; /* paths with #pragma once */
	GPtrArray *expanding; /* macro names being expanded (no recursion) */
	gboolean in_scop;
	guint depth;
	guint expanded; /* tokens made by macros so far */
	GError **error;
} Pre;

static void macro_free(gpointer data)
{
	SyMacro *m = data;

	g_free(m->name);
	g_array_unref(m->body);
	g_free(m);
}

void sy_preprocessed_free(SyPreprocessed *pp)
{
	if (!pp)
		return;
	if (pp->tokens)
		g_array_unref(pp->tokens);
	g_hash_table_unref(pp->macros);
	g_ptr_array_unref(pp->sources);
	g_free(pp);
}

static gboolean fail(Pre *pre, const SyToken *at, SyInputError code,
	const char *hint, const char *format, ...) G_GNUC_PRINTF(5, 6);

static gboolean fail(Pre *pre, const SyToken *at, SyInputError code,
	const char *hint, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	sy_input_error_set(
		pre->error, code, &at->loc, at->span, hint, "%s", what);
	return FALSE;
}

/* Names the SCoP grammar understands itself, so a function-like macro of
 * that name (the usual #define min(a,b) ...) needs no expansion. */
static gboolean is_scop_builtin(const SyToken *tok)
{
	return sy_token_is(tok, "min") || sy_token_is(tok, "max") ||
		sy_token_is(tok, "floord") || sy_token_is(tok, "ceild");
}

static gboolean is_being_expanded(Pre *pre, const SyToken *tok)
{
	for (guint i = 0; i < pre->expanding->len; i++) {
		const char *name = g_ptr_array_index(pre->expanding, i);

		if (strlen(name) == tok->len &&
			memcmp(name, tok->text, tok->len) == 0)
			return TRUE;
	}
	return FALSE;
}

static SyMacro *lookup(Pre *pre, const SyToken *tok)
{
	g_autofree char *name = NULL;

	if (tok->kind != SY_TOK_IDENT)
		return NULL;
	name = sy_token_dup_text(tok);
	return g_hash_table_lookup(pre->pp->macros, name);
}

/* Whether tok calls a function-like macro (next is its '('). */
static gboolean is_invocation(Pre *pre, const SyToken *tok, const SyToken *next)
{
	SyMacro *m = lookup(pre, tok);

	return m && m->function_like && next &&
		sy_token_is_punct(next, SY_P_LPAREN);
}

/* Appends tok to out, expanding object-like macros.  site is the token the
 * user wrote (the outermost macro name), next the token after it. */
static gboolean expand(Pre *pre, const SyToken *tok, const SyToken *site,
	const SyToken *next, GArray *out)
{
	SyMacro *m = lookup(pre, tok);
	SyToken copy = *tok;

	if (tok->kind == SY_TOK_INVALID) {
		sy_token_invalid_error(tok, pre->error);
		return FALSE;
	}
	if (m && !is_being_expanded(pre, tok)) {
		gboolean ok = TRUE;

		if (m->function_like) {
			if (!is_invocation(pre, tok, next) || !pre->in_scop ||
				is_scop_builtin(tok))
				goto plain;
			return fail(pre, site, SY_INPUT_ERROR_UNSUPPORTED,
				"inside the SCoP use an object-like #define, "
				"a static function, or write the expression "
				"out",
				"function-like macro '%s' is not supported in "
				"the SCoP",
				m->name);
		}
		if (pre->expanding->len >= MAX_MACRO_DEPTH)
			return fail(pre, site, SY_INPUT_ERROR_PREPROCESS,
				"Systole expands macros at most "
				G_STRINGIFY(MAX_MACRO_DEPTH) " deep; define "
				"the value with fewer levels",
				"macro '%.*s' expands through more than %u "
				"macros",
				(int)site->len, site->text, MAX_MACRO_DEPTH);
		g_ptr_array_add(pre->expanding, m->name);
		for (guint i = 0; ok && i < m->body->len; i++) {
			const SyToken *b = &g_array_index(m->body, SyToken, i);
			const SyToken *after = i + 1 < m->body->len
				? &g_array_index(m->body, SyToken, i + 1)
				: next;

			ok = expand(pre, b, site, after, out);
		}
		g_ptr_array_set_size(pre->expanding, pre->expanding->len - 1);
		return ok;
	}
plain:
	if (site != tok && ++pre->expanded > MAX_MACRO_TOKENS)
		return fail(pre, site, SY_INPUT_ERROR_PREPROCESS,
			"Systole expands at most " G_STRINGIFY(
				MAX_MACRO_TOKENS) " tokens from macros in a "
					  "file; a macro that doubles at "
					  "each level grows past any limit",
			"macro '%.*s' expands to too many tokens (over %u in "
			"all)",
			(int)site->len, site->text, MAX_MACRO_TOKENS);
	if (site != tok) {
		copy.loc = site->loc;
		copy.span = site->span;
		copy.macro = site->macro ? site->macro
					 : g_ptr_array_index(pre->expanding, 0);
	}
	copy.bol = FALSE;
	g_array_append_val(out, copy);
	return TRUE;
}

static gboolean is_active(GArray *conds)
{
	return conds->len == 0 ||
		g_array_index(conds, Cond, conds->len - 1).active;
}

/* "defined X" and "defined(X)" to 1 or 0, then macros, then the
 * remaining names to 0, as C's #if does. */
static GArray *if_tokens(Pre *pre, const SyToken *line, guint n)
{
	GArray *out = g_array_new(FALSE, TRUE, sizeof(SyToken));
	SyToken eof;

	for (guint i = 0; i < n; i++) {
		const SyToken *tok = &line[i];

		if (sy_token_is(tok, "defined")) {
			gboolean paren = i + 1 < n &&
				sy_token_is_punct(&line[i + 1], SY_P_LPAREN);
			guint at = i + (paren ? 2 : 1);
			SyToken one = *tok;

			if (at >= n || line[at].kind != SY_TOK_IDENT ||
				(paren &&
					(at + 1 >= n ||
						!sy_token_is_punct(
							&line[at + 1],
							SY_P_RPAREN)))) {
				fail(pre, tok, SY_INPUT_ERROR_PREPROCESS,
					"write 'defined NAME' or "
					"'defined(NAME)'",
					"'defined' needs a macro name");
				g_array_unref(out);
				return NULL;
			}
			one.kind = SY_TOK_INT;
			one.value = lookup(pre, &line[at]) != NULL;
			g_array_append_val(out, one);
			i = at + (paren ? 1 : 0);
			continue;
		}
		if (is_invocation(pre, tok, i + 1 < n ? &line[i + 1] : NULL)) {
			fail(pre, tok, SY_INPUT_ERROR_PREPROCESS,
				"#if expressions use object-like macros, "
				"numbers and defined(NAME)",
				"function-like macro '%.*s' is not supported "
				"in "
				"#if",
				(int)tok->len, tok->text);
			g_array_unref(out);
			return NULL;
		}
		if (!expand(pre, tok, tok, i + 1 < n ? &line[i + 1] : NULL,
			    out)) {
			g_array_unref(out);
			return NULL;
		}
	}
	for (guint i = 0; i < out->len; i++) {
		SyToken *tok = &g_array_index(out, SyToken, i);

		if (tok->kind == SY_TOK_IDENT) {
			tok->kind = SY_TOK_INT;
			tok->value = 0;
		}
	}
	eof = n ? line[n - 1] : (SyToken){0};
	eof.kind = SY_TOK_EOL;
	eof.loc.offset += eof.len;
	eof.loc.col += eof.len;
	eof.span = 0;
	g_array_append_val(out, eof);
	return out;
}

static gboolean eval_if(Pre *pre, const SyToken *dir, const SyToken *line,
	guint n, gboolean *value)
{
	g_autoptr(GArray) toks = NULL;
	g_autoptr(SyExpr) expr = NULL;
	SyCursor cur;
	gint64 v;

	if (n == 0)
		return fail(pre, dir, SY_INPUT_ERROR_PREPROCESS,
			"write '#if EXPRESSION', an integer constant "
			"expression of macros, numbers and defined(NAME)",
			"#%.*s with no expression", (int)dir->len, dir->text);
	toks = if_tokens(pre, line, n);
	if (!toks)
		return FALSE;
	sy_cursor_init(
		&cur, (const SyToken *)toks->data, toks->len, pre->error);
	expr = sy_parse_expr(&cur);
	if (!expr)
		return FALSE;
	if (sy_cursor_peek(&cur, 0)->kind != SY_TOK_EOL) {
		g_autofree char *what = sy_token_describe(
			sy_cursor_peek(&cur, 0));

		return fail(pre, sy_cursor_peek(&cur, 0),
			SY_INPUT_ERROR_PREPROCESS,
			"an #if expression is one integer constant expression",
			"unexpected %s in #if expression", what);
	}
	if (!sy_expr_eval_int(expr, &v, pre->error))
		return FALSE;
	*value = v != 0;
	return TRUE;
}

static gboolean do_conditional(Pre *pre, GArray *conds, const SyToken *dir,
	const SyToken *line, guint n)
{
	gboolean active = is_active(conds);
	gboolean value = FALSE;
	Cond *top = conds->len ? &g_array_index(conds, Cond, conds->len - 1)
			       : NULL;

	if (sy_token_is(dir, "if") || sy_token_is(dir, "ifdef") ||
		sy_token_is(dir, "ifndef")) {
		Cond c = {active, FALSE, FALSE, FALSE, dir->loc};

		if (active && sy_token_is(dir, "if")) {
			if (!eval_if(pre, dir, line, n, &value))
				return FALSE;
		} else if (active) {
			if (n == 0 || line[0].kind != SY_TOK_IDENT)
				return fail(pre, dir, SY_INPUT_ERROR_PREPROCESS,
					"write '#ifdef NAME' or '#ifndef NAME'",
					"#%.*s needs a macro name",
					(int)dir->len, dir->text);
			value = (lookup(pre, &line[0]) != NULL) ==
				sy_token_is(dir, "ifdef");
		}
		c.active = c.taken = active && value;
		g_array_append_val(conds, c);
		return TRUE;
	}
	if (!top)
		return fail(pre, dir, SY_INPUT_ERROR_PREPROCESS,
			"#elif, #else and #endif close an #if, #ifdef or "
			"#ifndef earlier in the same file",
			"#%.*s without #if", (int)dir->len, dir->text);
	if (sy_token_is(dir, "endif")) {
		g_array_set_size(conds, conds->len - 1);
		return TRUE;
	}
	if (top->seen_else)
		return fail(pre, dir, SY_INPUT_ERROR_PREPROCESS,
			"#else is the last branch of an #if: close it with "
			"#endif",
			"#%.*s after #else", (int)dir->len, dir->text);
	if (sy_token_is(dir, "else")) {
		top->seen_else = TRUE;
		top->active = top->parent_active && !top->taken;
		top->taken = TRUE;
		return TRUE;
	}
	/* #elif */
	top->active = FALSE;
	if (top->parent_active && !top->taken) {
		if (!eval_if(pre, dir, line, n, &value))
			return FALSE;
		top->active = top->taken = value;
	}
	return TRUE;
}

static gboolean do_define(
	Pre *pre, const SyToken *dir, const SyToken *line, guint n)
{
	SyMacro *m;
	guint i = 1;

	if (n == 0 || line[0].kind != SY_TOK_IDENT)
		return fail(pre, dir, SY_INPUT_ERROR_PREPROCESS,
			"write '#define NAME value'", "macro name missing");
	m = g_new0(SyMacro, 1);
	m->name = sy_token_dup_text(&line[0]);
	m->loc = line[0].loc;
	m->body = g_array_new(FALSE, TRUE, sizeof(SyToken));
	/* A parenthesis right after the name makes it function-like. */
	if (n > 1 && sy_token_is_punct(&line[1], SY_P_LPAREN) &&
		line[1].loc.offset == line[0].loc.offset + line[0].len &&
		line[1].loc.src == line[0].loc.src) {
		m->function_like = TRUE;
		while (i < n && !sy_token_is_punct(&line[i], SY_P_RPAREN))
			i++;
		i++;
	}
	if (i < n)
		g_array_append_vals(m->body, &line[i], n - i);
	g_hash_table_replace(pre->pp->macros, m->name, m);
	return TRUE;
}

static gboolean is_standard_header(const char *name)
{
	static const char *const headers[] = {
		"assert.h",
		"complex.h",
		"ctype.h",
		"errno.h",
		"fenv.h",
		"float.h",
		"inttypes.h",
		"iso646.h",
		"limits.h",
		"locale.h",
		"math.h",
		"setjmp.h",
		"signal.h",
		"stdalign.h",
		"stdarg.h",
		"stdatomic.h",
		"stdbool.h",
		"stddef.h",
		"stdint.h",
		"stdio.h",
		"stdlib.h",
		"stdnoreturn.h",
		"string.h",
		"tgmath.h",
		"threads.h",
		"time.h",
		"uchar.h",
		"wchar.h",
		"wctype.h",
		"unistd.h",
		"ap_int.h",
		"ap_fixed.h",
		"hls_stream.h",
		"hls_math.h",
		"hls_vector.h",
	};

	if (g_str_has_prefix(name, "sys/"))
		return TRUE;
	for (guint i = 0; i < G_N_ELEMENTS(headers); i++)
		if (strcmp(name, headers[i]) == 0)
			return TRUE;
	return FALSE;
}

static gboolean process_source(Pre *pre, SySource *src);

static char *find_include(Pre *pre, const SySource *from, const char *name)
{
	char *path;

	if (g_path_is_absolute(name))
		return g_file_test(name, G_FILE_TEST_IS_REGULAR)
			? g_strdup(name)
			: NULL;
	/* Next to the including file ("kernel.h", not "./kernel.h"). */
	path = strcmp(from->dir, ".") == 0
		? g_strdup(name)
		: g_build_filename(from->dir, name, NULL);
	if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
		return path;
	g_free(path);
	for (guint i = 0; pre->include_dirs && pre->include_dirs[i]; i++) {
		path = g_build_filename(pre->include_dirs[i], name, NULL);
		if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
			return path;
		g_free(path);
	}
	return NULL;
}

static gboolean do_include(
	Pre *pre, const SyToken *dir, const SyToken *line, guint n)
{
	g_autofree char *name = NULL, *path = NULL;
	SySource *src;

	if (n > 0 && sy_token_is_punct(&line[0], SY_P_LT))
		return TRUE; /* <system.h>: outside what a kernel computes */
	if (n == 0 || line[0].kind != SY_TOK_STRING)
		return fail(pre, dir, SY_INPUT_ERROR_PREPROCESS,
			"write #include \"file.h\"",
			"#include expects \"FILENAME\"");
	name = g_strndup(line[0].text + 1, line[0].len - 2);
	path = find_include(pre, dir->loc.src, name);
	if (!path) {
		if (is_standard_header(name))
			return TRUE;
		return fail(pre, &line[0], SY_INPUT_ERROR_PREPROCESS,
			"local headers are searched next to the including "
			"file, then in the -I directories",
			"cannot find include file '%s'", name);
	}
	if (g_hash_table_contains(pre->once, path))
		return TRUE;
	if (pre->depth >= MAX_INCLUDE_DEPTH)
		return fail(pre, &line[0], SY_INPUT_ERROR_PREPROCESS,
			"guard the header with #ifndef or #pragma once",
			"#include nested too deeply (recursive include?)");
	src = sy_source_new_from_file(path, pre->error);
	if (!src)
		return FALSE;
	return process_source(pre, src);
}

/* A #pragma line becomes one token whose text is what follows "pragma". */
static gboolean do_pragma(
	Pre *pre, const SyToken *dir, const SyToken *line, guint n)
{
	SyToken tok = *dir;
	gboolean scop, endscop;

	tok.kind = SY_TOK_PRAGMA;
	tok.bol = TRUE;
	tok.macro = NULL;
	if (n > 0 && line[n - 1].loc.src == line[0].loc.src) {
		tok.text = line[0].text;
		tok.len = (guint)(line[n - 1].text + line[n - 1].len -
			line[0].text);
	} else {
		tok.text = "";
		tok.len = 0;
	}
	if (n == 1 && sy_token_is(&line[0], "once")) {
		g_hash_table_add(pre->once, g_strdup(dir->loc.src->path));
		return TRUE;
	}
	scop = n == 1 && sy_token_is(&line[0], "scop");
	endscop = n == 1 && sy_token_is(&line[0], "endscop");
	if (scop)
		pre->in_scop = TRUE;
	if (endscop)
		pre->in_scop = FALSE;
	g_array_append_val(pre->pp->tokens, tok);
	return TRUE;
}

static const char *const directive_hint =
	"supported: #include, #define, #undef, #if, #ifdef, #ifndef, #elif, "
	"#else, #endif, #pragma, #error, #warning, #line";

static gboolean do_directive(Pre *pre, GArray *conds, const SyToken *hash,
	const SyToken *line, guint n)
{
	const SyToken *dir = n ? &line[0] : hash;

	if (n == 0)
		return TRUE; /* the null directive */
	/* A line marker, "# 12 "kernel.c"", as cpp writes them. */
	if (dir->kind == SY_TOK_INT)
		return TRUE;
	if (dir->kind != SY_TOK_IDENT && is_active(conds))
		return fail(pre, dir, SY_INPUT_ERROR_PREPROCESS, directive_hint,
			"invalid preprocessing directive");
	if (sy_token_is(dir, "if") || sy_token_is(dir, "ifdef") ||
		sy_token_is(dir, "ifndef") || sy_token_is(dir, "elif") ||
		sy_token_is(dir, "else") || sy_token_is(dir, "endif"))
		return do_conditional(pre, conds, dir, line + 1, n - 1);
	if (!is_active(conds))
		return TRUE;
	if (sy_token_is(dir, "define"))
		return do_define(pre, dir, line + 1, n - 1);
	if (sy_token_is(dir, "undef")) {
		if (n > 1 && line[1].kind == SY_TOK_IDENT) {
			g_autofree char *name = sy_token_dup_text(&line[1]);

			g_hash_table_remove(pre->pp->macros, name);
		}
		return TRUE;
	}
	if (sy_token_is(dir, "include"))
		return do_include(pre, dir, line + 1, n - 1);
	if (sy_token_is(dir, "pragma"))
		return do_pragma(pre, hash, line + 1, n - 1);
	if (sy_token_is(dir, "error"))
		return fail(pre, dir, SY_INPUT_ERROR_PREPROCESS,
			"the file stops itself here; check the macros the "
			"#if around it tests",
			"#error %.*s",
			n > 1 ? (int)(line[n - 1].text + line[n - 1].len -
					line[1].text)
			      : 0,
			n > 1 ? line[1].text : "");
	if (sy_token_is(dir, "line") || sy_token_is(dir, "warning") ||
		sy_token_is(dir, "ident"))
		return TRUE;
	return fail(pre, dir, SY_INPUT_ERROR_PREPROCESS, directive_hint,
		"invalid preprocessing directive '#%.*s'", (int)dir->len,
		dir->text);
}

/* Runs over one file's tokens.  Takes ownership of src (kept in
 * pp->sources so that every location stays valid). */
static gboolean process_source(Pre *pre, SySource *src)
{
	g_autoptr(GArray) toks = NULL;
	g_autoptr(GArray) conds = g_array_new(FALSE, FALSE, sizeof(Cond));
	gboolean ok = TRUE;
	guint i = 0;

	g_ptr_array_add(pre->pp->sources, src);
	toks = sy_lex(src, pre->error);
	if (!toks)
		return FALSE;
	pre->depth++;
	while (ok) {
		const SyToken *tok = &g_array_index(toks, SyToken, i);
		guint end;

		if (tok->kind == SY_TOK_EOF)
			break;
		if (tok->bol && sy_token_is_punct(tok, SY_P_HASH)) {
			end = i + 1;
			while (!g_array_index(toks, SyToken, end).bol)
				end++;
			ok = do_directive(pre, conds, tok,
				&g_array_index(toks, SyToken, i + 1),
				end - i - 1);
			i = end;
			continue;
		}
		if (is_active(conds))
			ok = expand(pre, tok, tok,
				&g_array_index(toks, SyToken, i + 1),
				pre->pp->tokens);
		i++;
	}
	pre->depth--;
	if (ok && conds->len) {
		Cond *c = &g_array_index(conds, Cond, conds->len - 1);

		sy_input_error_set(pre->error, SY_INPUT_ERROR_PREPROCESS,
			&c->loc, 0,
			"close every #if with #endif in the same "
			"file",
			"unterminated conditional directive");
		ok = FALSE;
	}
	return ok;
}

/* -D options as a source of #define lines, so they go through the same
 * path and report errors with a location. */
static SySource *command_line_source(const char *const *defines, GError **error)
{
	GString *text = g_string_new(NULL);
	SySource *src;

	for (guint i = 0; defines && defines[i]; i++) {
		const char *eq = strchr(defines[i], '=');

		if (eq)
			g_string_append_printf(text, "#define %.*s %s\n",
				(int)(eq - defines[i]), defines[i], eq + 1);
		else
			g_string_append_printf(
				text, "#define %s 1\n", defines[i]);
	}
	src = sy_source_new_from_data(
		"<command-line>", text->str, (gssize)text->len, error);
	g_string_free(text, TRUE);
	return src;
}

SyPreprocessed *sy_preprocess(SySource *main, const char *const *defines,
	const char *const *include_dirs, GError **error)
{
	SyPreprocessed *pp = g_new0(SyPreprocessed, 1);
	Pre pre = {pp, include_dirs, NULL, NULL, FALSE, 0, 0, error};
	gboolean ok = TRUE;
	SyToken eof = {0};

	pp->main = main;
	pp->sources = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_source_free);
	pp->tokens = g_array_new(FALSE, TRUE, sizeof(SyToken));
	pp->macros = g_hash_table_new_full(
		g_str_hash, g_str_equal, NULL, macro_free);
	pre.once = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	pre.expanding = g_ptr_array_new();

	if (defines && defines[0]) {
		SySource *cmd = command_line_source(defines, error);

		ok = cmd && process_source(&pre, cmd);
	}
	if (ok)
		ok = process_source(&pre, main);
	else
		sy_source_free(main);
	g_hash_table_unref(pre.once);
	g_ptr_array_unref(pre.expanding);
	if (!ok) {
		sy_preprocessed_free(pp);
		return NULL;
	}
	eof.kind = SY_TOK_EOF;
	eof.bol = TRUE;
	eof.text = main->text + main->len;
	eof.loc = sy_source_loc(main, main->len);
	g_array_append_val(pp->tokens, eof);
	return pp;
}
