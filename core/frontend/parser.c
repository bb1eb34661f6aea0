/* The C parser's common ground (parser-private.h): types, declarators,
 * scopes and errors, used by the SCoP's parser (scop-parse.c) and by the
 * reading of the whole file around it (file-parse.c), and using neither. */
#include <string.h>

#include "frontend/parser-private.h"

void sy_type_clear(SyType *type)
{
	g_free(type->written);
	g_free(type->base);
}

gboolean sy_parser_fail_tok(SyParser *p, const SyToken *at, SyInputError code,
	const char *hint, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	if (sy_parser_failed(p))
		return FALSE;
	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	sy_input_error_set(p->error, code, &at->loc,
		at->kind == SY_TOK_EOF ? 0 : at->span, hint, "%s", what);
	return FALSE;
}

gboolean sy_parser_fail_expr(SyParser *p, const SyExpr *at, SyInputError code,
	const char *hint, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	if (sy_parser_failed(p))
		return FALSE;
	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	sy_input_error_set(
		p->error, code, &at->loc, at->span, hint, "%s", what);
	return FALSE;
}

gboolean sy_parser_expect(SyParser *p, SyPunct punct, const char *context)
{
	return sy_cursor_expect(&p->cur, punct, context);
}

/* Scopes */

void sy_parser_push_scope(SyParser *p)
{
	g_ptr_array_add(p->scopes, g_hash_table_new(g_str_hash, g_str_equal));
}

void sy_parser_pop_scope(SyParser *p)
{
	g_ptr_array_set_size(p->scopes, p->scopes->len - 1);
}

SyVar *sy_parser_lookup(SyParser *p, const char *name)
{
	for (guint i = p->scopes->len; i-- > 0;) {
		SyVar *var = g_hash_table_lookup(
			g_ptr_array_index(p->scopes, i), name);

		if (var)
			return var;
	}
	return NULL;
}

SyVar *sy_parser_declare(SyParser *p, SyVar *var)
{
	var->global = p->scopes->len == 1;
	g_ptr_array_add(p->prog->vars, var);
	g_hash_table_replace(g_ptr_array_index(p->scopes, p->scopes->len - 1),
		var->name, var);
	return var;
}

void sy_var_free(gpointer data)
{
	SyVar *var = data;

	g_free(var->name);
	g_free(var->type);
	g_free(var->base_type);
	g_free(var->dims);
	g_clear_error(&var->size_error);
	g_free(var);
}

/* Types */

static gboolean is_typedef_name(const SyToken *tok, gpointer user)
{
	SyParser *p = user;
	g_autofree char *name = sy_token_dup_text(tok);

	return g_hash_table_contains(p->typedefs, name) &&
		!sy_parser_lookup(p, name);
}

static gboolean is_qualifier(const SyToken *tok)
{
	static const char *const words[] = {
		"static",
		"extern",
		"register",
		"inline",
		"auto",
		"restrict",
		"__restrict",
		"__restrict__",
		"__inline",
		"__inline__",
	};

	for (guint i = 0; i < G_N_ELEMENTS(words); i++)
		if (sy_token_is(tok, words[i]))
			return TRUE;
	return FALSE;
}

static gboolean is_type_word(SyParser *p, const SyToken *tok)
{
	return sy_is_builtin_type_word(tok) || is_typedef_name(tok, p);
}

gboolean sy_parser_starts_declaration(SyParser *p)
{
	const SyToken *tok = sy_parser_peek(p, 0);

	return is_qualifier(tok) || is_type_word(p, tok) ||
		sy_token_is(tok, "__attribute__") ||
		sy_token_is(tok, "struct") || sy_token_is(tok, "union") ||
		sy_token_is(tok, "enum");
}

static gboolean type_is_integer(const char *base)
{
	static const char *const words[] = {
		"char",
		"short",
		"int",
		"long",
		"signed",
		"unsigned",
		"bool",
		"_Bool",
		"size_t",
		"ptrdiff_t",
	};

	if (strstr(base, "float") || strstr(base, "double"))
		return FALSE;
	if (strstr(base, "int8_t") || strstr(base, "int16_t") ||
		strstr(base, "int32_t") || strstr(base, "int64_t"))
		return TRUE;
	for (guint i = 0; i < G_N_ELEMENTS(words); i++)
		if (strstr(base, words[i]))
			return TRUE;
	return FALSE;
}

/* Skips to just after the ')' that closes an open parenthesis. */
void sy_parser_skip_to_close(SyParser *p)
{
	int depth = 1;

	while (depth > 0 && sy_parser_peek(p, 0)->kind != SY_TOK_EOF) {
		const SyToken *tok = sy_parser_next(p);

		if (sy_token_is_punct(tok, SY_P_LPAREN))
			depth++;
		else if (sy_token_is_punct(tok, SY_P_RPAREN))
			depth--;
	}
}

/* GNU attributes: __attribute__((...)), possibly several.  The keyword
 * alone is an error rather than a type word: the callers loop until the
 * attributes are consumed, so one left in place would never end. */
gboolean sy_parser_skip_attributes(SyParser *p)
{
	while (sy_token_is(sy_parser_peek(p, 0), "__attribute__")) {
		const SyToken *kw = sy_parser_next(p);

		if (!sy_token_is_punct(sy_parser_peek(p, 0), SY_P_LPAREN))
			return sy_parser_fail_tok(p, kw, SY_INPUT_ERROR_SYNTAX,
				"write it as __attribute__((...))",
				"'__attribute__' without its parenthesised "
				"list");
		sy_parser_next(p);
		sy_parser_skip_to_close(p);
	}
	return TRUE;
}

/* Qualifiers and type words, as in "static const unsigned int". */
void sy_parser_parse_type(SyParser *p, SyType *type)
{
	GString *written = g_string_new(NULL);
	GString *base = g_string_new(NULL);

	memset(type, 0, sizeof *type);
	for (;;) {
		const SyToken *tok = sy_parser_peek(p, 0);

		if (sy_token_is(tok, "__attribute__")) {
			if (!sy_parser_skip_attributes(p))
				break;
		} else if (is_qualifier(tok)) {
			sy_parser_next(p);
		} else if (sy_token_is(tok, "struct") ||
			sy_token_is(tok, "union") || sy_token_is(tok, "enum")) {
			type->aggregate = TRUE;
			sy_parser_next(p);
		} else if (is_type_word(p, tok) && !sy_token_is(tok, "const") &&
			!sy_token_is(tok, "volatile")) {
			g_autofree char *word = sy_token_dup_text(tok);
			const char *resolved = g_hash_table_lookup(
				p->typedefs, word);

			sy_parser_next(p);
			if (written->len) {
				g_string_append_c(written, ' ');
				g_string_append_c(base, ' ');
			}
			g_string_append(written, word);
			g_string_append(base,
				resolved && !sy_is_builtin_type_word(tok)
					? resolved
					: word);
		} else if (sy_token_is(tok, "const") ||
			sy_token_is(tok, "volatile")) {
			sy_parser_next(p);
		} else {
			break;
		}
	}
	type->written = g_string_free(written, FALSE);
	type->base = g_string_free(base, FALSE);
	type->integer = type_is_integer(type->base);
}

/* Declarators */

SyVar *sy_var_new(const SyType *type, const SyToken *name, SyVarKind kind)
{
	SyVar *var = g_new0(SyVar, 1);

	var->kind = kind;
	var->name = sy_token_dup_text(name);
	var->type = g_strdup(type->written);
	var->base_type = g_strdup(type->base);
	var->integer = type->integer;
	var->loc = name->loc;
	return var;
}

/* [ size ] after a declarator name.  Outside the SCoP a size we cannot
 * compute is recorded as -1 (an error only if the SCoP uses the array). */
/* Why a size is not a positive constant, as an error at the size.
 * eval_error (taken) is the evaluation's own error, if it failed. */
static GError *size_error(SyParser *p, const SyVar *var, const SyExpr *size,
	GError *eval_error, gint64 value)
{
	static const char *const hint =
		"array sizes are positive integer constants: numbers, "
		"object-like #define'd names and C's integer operators";
	SyMacro *macro = size->kind == SY_EXPR_CALL
		? g_hash_table_lookup(p->prog->pp->macros, size->name)
		: NULL;
	GError *error = NULL;

	/* Division by zero, overflow: the evaluation says it best. */
	if (eval_error &&
		!g_error_matches(eval_error, SY_INPUT_ERROR,
			SY_INPUT_ERROR_NOT_CONSTANT))
		return eval_error;
	if (macro && macro->function_like)
		sy_input_error_set(&error, SY_INPUT_ERROR_UNSUPPORTED,
			&size->loc, size->span, hint,
			"function-like macro '%s' is not supported in array "
			"sizes",
			size->name);
	else if (eval_error)
		sy_input_error_set(&error, SY_INPUT_ERROR_SEMANTIC, &size->loc,
			size->span, hint,
			"size of array '%s' is not an integer constant",
			var->name);
	else
		sy_input_error_set(&error, SY_INPUT_ERROR_SEMANTIC, &size->loc,
			size->span, hint, "size of array '%s' is %s", var->name,
			value < 0 ? "negative" : "zero");
	g_clear_error(&eval_error);
	return error;
}

/* [ size ] after a declarator name.  A size that is not a positive
 * constant is recorded as -1 with its error, raised only if the SCoP uses
 * the array (strict: at once). */
static gboolean parse_dims(SyParser *p, SyVar *var, gboolean strict)
{
	while (sy_token_is_punct(sy_parser_peek(p, 0), SY_P_LBRACKET)) {
		const SyToken *open = sy_parser_next(p);
		gint64 size = -1;
		GError *bad = NULL;

		if (!sy_token_is_punct(sy_parser_peek(p, 0), SY_P_RBRACKET)) {
			g_autoptr(SyExpr) expr = sy_parse_expr(&p->cur);
			GError *err = NULL;

			if (!expr)
				return FALSE;
			if (!sy_expr_eval_int(expr, &size, &err) || size <= 0)
				bad = size_error(p, var, expr, err, size);
		} else {
			sy_input_error_set(&bad, SY_INPUT_ERROR_SEMANTIC,
				&open->loc, open->span,
				"declare the array with all its sizes, as in "
				"'float A[N][M]'",
				"array '%s' has no size in dimension %u",
				var->name, var->n_dims + 1);
		}
		if (bad && strict) {
			g_propagate_error(p->error, bad);
			return FALSE;
		}
		if (bad) {
			size = -1;
			if (var->size_error)
				g_error_free(bad);
			else
				var->size_error = bad;
		}
		if (!sy_parser_expect(p, SY_P_RBRACKET, "after an array size"))
			return FALSE;
		var->dims = g_renew(gint64, var->dims, var->n_dims + 1);
		var->dims[var->n_dims++] = size;
	}
	return TRUE;
}

/* One declarator: [*...] name [dims].  Returns the variable, not yet
 * declared in any scope. */
SyVar *sy_parser_declarator(SyParser *p, const SyType *type, gboolean strict)
{
	int pointers = 0;
	const SyToken *name;
	SyVar *var;

	/* Stars, and the qualifiers that may follow them (* const). */
	for (;;) {
		const SyToken *tok = sy_parser_peek(p, 0);

		if (sy_token_is_punct(tok, SY_P_STAR))
			pointers++;
		else if (!is_qualifier(tok) && !sy_token_is(tok, "const") &&
			!sy_token_is(tok, "volatile"))
			break;
		sy_parser_next(p);
	}
	name = sy_parser_peek(p, 0);
	if (name->kind != SY_TOK_IDENT) {
		g_autofree char *found = sy_token_describe(name);

		sy_parser_fail_tok(p, name, SY_INPUT_ERROR_SYNTAX,
			"declarations look like 'float A[N][M], s;'",
			"expected a name in the declaration, found %s", found);
		return NULL;
	}
	sy_parser_next(p);
	var = sy_var_new(type, name, pointers ? SY_VAR_POINTER : SY_VAR_SCALAR);
	if (!parse_dims(p, var, strict)) {
		sy_var_free(var);
		return NULL;
	}
	if (var->n_dims && !pointers)
		var->kind = SY_VAR_ARRAY;
	return var;
}

gboolean sy_token_is_pragma(const SyToken *tok, const char *word)
{
	return tok->kind == SY_TOK_PRAGMA && tok->len == strlen(word) &&
		memcmp(tok->text, word, tok->len) == 0;
}

/* The parser */

void sy_parser_init(SyParser *p, SyProgram *prog, GError **error)
{
	*p = (SyParser){0};
	p->prog = prog;
	p->error = error;
	p->typedefs = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, g_free);
	p->scopes = g_ptr_array_new_with_free_func(
		(GDestroyNotify)g_hash_table_unref);
	p->params = g_ptr_array_new();
	sy_cursor_init(&p->cur, (const SyToken *)prog->pp->tokens->data,
		prog->pp->tokens->len, error);
	p->cur.is_type = is_typedef_name;
	p->cur.user = p;
	sy_parser_push_scope(p);
}

void sy_parser_clear(SyParser *p)
{
	g_hash_table_unref(p->typedefs);
	g_ptr_array_unref(p->scopes);
	g_ptr_array_unref(p->params);
}
