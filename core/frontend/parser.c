/* The C parser: declarations everywhere, statements only in the SCoP.
 *
 * Outside the SCoP the parser is tolerant: it records typedefs and the
 * declarations the SCoP can see and skips everything else statement by
 * statement.  Inside the SCoP (scop-parse.c) it is strict and says
 * precisely what is not supported. */
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
static void skip_to_close(SyParser *p)
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
static gboolean skip_attributes(SyParser *p)
{
	while (sy_token_is(sy_parser_peek(p, 0), "__attribute__")) {
		const SyToken *kw = sy_parser_next(p);

		if (!sy_token_is_punct(sy_parser_peek(p, 0), SY_P_LPAREN))
			return sy_parser_fail_tok(p, kw, SY_INPUT_ERROR_SYNTAX,
				"write it as __attribute__((...))",
				"'__attribute__' without its parenthesised "
				"list");
		sy_parser_next(p);
		skip_to_close(p);
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
			if (!skip_attributes(p))
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

/* Skipping (outside the SCoP) */

/* Skips one statement or declaration: up to and including the ';' at
 * depth 0, or up to (not including) a brace or pragma at depth 0. */
static void skip_statement(SyParser *p)
{
	int depth = 0;

	for (;;) {
		const SyToken *tok = sy_parser_peek(p, 0);

		if (tok->kind == SY_TOK_EOF || tok->kind == SY_TOK_PRAGMA)
			return;
		if (depth == 0 &&
			(sy_token_is_punct(tok, SY_P_LBRACE) ||
				sy_token_is_punct(tok, SY_P_RBRACE)))
			return;
		sy_parser_next(p);
		if (sy_token_is_punct(tok, SY_P_LPAREN) ||
			sy_token_is_punct(tok, SY_P_LBRACKET))
			depth++;
		else if ((sy_token_is_punct(tok, SY_P_RPAREN) ||
				 sy_token_is_punct(tok, SY_P_RBRACKET)) &&
			depth > 0)
			depth--;
		else if (depth == 0 && sy_token_is_punct(tok, SY_P_SEMI))
			return;
	}
}

/* Skips a balanced {...} group; the current token is '{'. */
static void skip_braces(SyParser *p)
{
	int depth = 0;

	do {
		const SyToken *tok = sy_parser_next(p);

		if (tok->kind == SY_TOK_EOF)
			return;
		if (sy_token_is_punct(tok, SY_P_LBRACE))
			depth++;
		else if (sy_token_is_punct(tok, SY_P_RBRACE))
			depth--;
	} while (depth > 0);
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

/* Skips an initializer outside the SCoP: up to ',' or ';' at depth 0. */
static void skip_initializer(SyParser *p)
{
	int depth = 0;

	for (;;) {
		const SyToken *tok = sy_parser_peek(p, 0);

		if (tok->kind == SY_TOK_EOF || tok->kind == SY_TOK_PRAGMA)
			return;
		if (depth == 0 &&
			(sy_token_is_punct(tok, SY_P_COMMA) ||
				sy_token_is_punct(tok, SY_P_SEMI)))
			return;
		if (sy_token_is_punct(tok, SY_P_LPAREN) ||
			sy_token_is_punct(tok, SY_P_LBRACE) ||
			sy_token_is_punct(tok, SY_P_LBRACKET))
			depth++;
		if (sy_token_is_punct(tok, SY_P_RPAREN) ||
			sy_token_is_punct(tok, SY_P_RBRACE) ||
			sy_token_is_punct(tok, SY_P_RBRACKET))
			depth--;
		sy_parser_next(p);
	}
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

/* A declarator outside the SCoP: what we cannot read is not ours to
 * judge, so it is skipped, not reported. */
static SyVar *try_declarator(SyParser *p, const SyType *type)
{
	GError *err = NULL;
	GError **saved = p->error;
	SyVar *var;

	p->error = &err;
	p->cur.error = &err;
	var = sy_parser_declarator(p, type, FALSE);
	p->error = saved;
	p->cur.error = saved;
	g_clear_error(&err);
	return var;
}

/* Function parameters, declared in the current (function) scope and
 * listed in params if not NULL.  The current token is '('.  Parameters
 * of types Systole does not know (FILE *, structures, function pointers)
 * end the reading quietly: the SCoP cannot use them anyway, but then the
 * list is not known to be complete. */
static void parse_params(SyParser *p, GPtrArray *params)
{
	if (params) {
		g_ptr_array_set_size(params, 0);
		p->params_known = FALSE;
	}
	sy_parser_next(p);
	if (sy_token_is(sy_parser_peek(p, 0), "void") &&
		sy_token_is_punct(sy_parser_peek(p, 1), SY_P_RPAREN))
		sy_parser_next(p);
	while (!sy_cursor_accept(&p->cur, SY_P_RPAREN)) {
		SyType type;
		SyVar *var;

		if (sy_cursor_accept(&p->cur, SY_P_ELLIPSIS))
			continue;
		if (!sy_parser_starts_declaration(p)) {
			skip_to_close(p);
			return;
		}
		sy_parser_parse_type(p, &type);
		var = type.aggregate ? NULL : try_declarator(p, &type);
		sy_type_clear(&type);
		if (!var) {
			skip_to_close(p);
			return;
		}
		sy_parser_declare(p, var);
		if (params)
			g_ptr_array_add(params, var);
		if (!sy_token_is_punct(sy_parser_peek(p, 0), SY_P_RPAREN) &&
			!sy_cursor_accept(&p->cur, SY_P_COMMA)) {
			skip_to_close(p);
			return;
		}
	}
	if (params)
		p->params_known = TRUE;
}

static gboolean parse_typedef(SyParser *p)
{
	SyType type;
	const SyToken *name;

	sy_parser_next(p); /* typedef */
	sy_parser_parse_type(p, &type);
	name = sy_parser_peek(p, 0);
	if (!type.aggregate && name->kind == SY_TOK_IDENT &&
		sy_token_is_punct(sy_parser_peek(p, 1), SY_P_SEMI)) {
		g_hash_table_replace(p->typedefs, sy_token_dup_text(name),
			g_strdup(type.base));
		sy_parser_next(p);
		sy_parser_next(p);
	} else {
		/* Structures, arrays and function types: not for kernels. */
		if (sy_token_is_punct(sy_parser_peek(p, 0), SY_P_LBRACE))
			skip_braces(p);
		skip_statement(p);
	}
	sy_type_clear(&type);
	return TRUE;
}

static gboolean parse_function_body(SyParser *p);

/* A declaration outside the SCoP, or a function definition. */
static gboolean parse_outer_declaration(SyParser *p)
{
	SyType type;
	gboolean ok = TRUE;

	sy_parser_parse_type(p, &type);
	if (type.aggregate || !*type.written) {
		if (sy_token_is(sy_parser_peek(p, 0), "struct") ||
			sy_token_is_punct(sy_parser_peek(p, 0), SY_P_LBRACE) ||
			sy_parser_peek(p, 0)->kind == SY_TOK_IDENT) {
			while (sy_parser_peek(p, 0)->kind == SY_TOK_IDENT)
				sy_parser_next(p);
			if (sy_token_is_punct(
				    sy_parser_peek(p, 0), SY_P_LBRACE))
				skip_braces(p);
		}
		skip_statement(p);
		sy_type_clear(&type);
		return TRUE;
	}
	for (;;) {
		SyVar *var;

		while (sy_token_is_punct(sy_parser_peek(p, 0), SY_P_STAR))
			sy_parser_next(p);
		/* A function: name ( params ) { body } or ; */
		if (sy_parser_peek(p, 0)->kind == SY_TOK_IDENT &&
			sy_token_is_punct(sy_parser_peek(p, 1), SY_P_LPAREN)) {
			gboolean outer = !p->in_function;
			const SyToken *name = sy_parser_next(p);

			sy_parser_push_scope(p);
			parse_params(p, outer ? p->params : NULL);
			if (outer) {
				p->function = name;
				skip_attributes(p);
			}
			if (outer &&
				sy_token_is_punct(
					sy_parser_peek(p, 0), SY_P_LBRACE)) {
				ok = parse_function_body(p);
				sy_parser_pop_scope(p);
				sy_type_clear(&type);
				return ok;
			}
			sy_parser_pop_scope(p);
		} else {
			var = try_declarator(p, &type);
			if (!var) {
				skip_statement(p);
				break;
			}
			sy_parser_declare(p, var);
			if (sy_token_is_punct(
				    sy_parser_peek(p, 0), SY_P_ASSIGN))
				skip_initializer(p);
		}
		if (!sy_cursor_accept(&p->cur, SY_P_COMMA))
			break;
	}
	if (ok && !sy_parser_failed(p) && !sy_cursor_accept(&p->cur, SY_P_SEMI))
		skip_statement(p);
	sy_type_clear(&type);
	return ok;
}

/* Outside the SCoP */

/* A function body, braces included: declarations are recorded, other
 * statements skipped, the SCoP parsed. */
static gboolean parse_function_body(SyParser *p)
{
	int depth = 0;

	p->in_function = TRUE;
	do {
		const SyToken *tok = sy_parser_peek(p, 0);

		if (tok->kind == SY_TOK_EOF)
			break;
		if (sy_token_is_punct(tok, SY_P_LBRACE)) {
			sy_parser_next(p);
			sy_parser_push_scope(p);
			depth++;
		} else if (sy_token_is_punct(tok, SY_P_RBRACE)) {
			sy_parser_next(p);
			sy_parser_pop_scope(p);
			depth--;
		} else if (sy_token_is_pragma(tok, "scop")) {
			if (!sy_parser_scop(p))
				return FALSE;
		} else if (sy_token_is_pragma(tok, "endscop")) {
			return sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
				"start the SCoP with '#pragma scop'",
				"'#pragma endscop' without '#pragma scop'");
		} else if (tok->kind == SY_TOK_PRAGMA) {
			sy_parser_next(p);
		} else if (sy_token_is(tok, "typedef")) {
			parse_typedef(p);
		} else if (sy_parser_starts_declaration(p) &&
			!sy_token_is_punct(sy_parser_peek(p, 1), SY_P_LPAREN)) {
			if (!parse_outer_declaration(p))
				return FALSE;
		} else {
			const SyToken *before = sy_parser_peek(p, 0);

			skip_statement(p);
			if (sy_parser_peek(p, 0) == before)
				sy_parser_next(p);
		}
	} while (depth > 0 && !sy_parser_failed(p));
	p->in_function = FALSE;
	return !sy_parser_failed(p);
}

/* Remembers the function a header we skip is about to define: the last
 * name followed by '(' before the next ';' or '{'. */
static void note_function_name(SyParser *p)
{
	for (guint i = p->cur.pos; i + 1 < p->cur.n; i++) {
		const SyToken *tok = &p->cur.toks[i];

		if (sy_token_is_punct(tok, SY_P_SEMI) ||
			sy_token_is_punct(tok, SY_P_LBRACE) ||
			tok->kind == SY_TOK_EOF || tok->kind == SY_TOK_PRAGMA)
			return;
		if (tok->kind == SY_TOK_IDENT &&
			sy_token_is_punct(&p->cur.toks[i + 1], SY_P_LPAREN) &&
			!sy_token_is(tok, "__attribute__")) {
			p->function = tok;
			g_ptr_array_set_size(p->params, 0);
			p->params_known = FALSE;
		}
	}
}

static gboolean parse_unit(SyParser *p)
{
	while (!sy_parser_failed(p)) {
		const SyToken *tok = sy_parser_peek(p, 0);

		if (tok->kind == SY_TOK_EOF)
			break;
		if (sy_token_is_pragma(tok, "scop")) {
			sy_parser_scop(p);
		} else if (sy_token_is_pragma(tok, "endscop")) {
			return sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
				"start the SCoP with '#pragma scop'",
				"'#pragma endscop' without '#pragma scop'");
		} else if (sy_token_is(tok, "typedef")) {
			parse_typedef(p);
		} else if (sy_parser_starts_declaration(p)) {
			parse_outer_declaration(p);
		} else if (sy_token_is_punct(tok, SY_P_LBRACE)) {
			/* A body after a header we could not read (K&R
			 * parameters, attributes): read it all the same. */
			if (!parse_function_body(p))
				return FALSE;
		} else {
			note_function_name(p);
			skip_statement(p);
			if (sy_parser_peek(p, 0) == tok)
				sy_parser_next(p);
		}
	}
	return !sy_parser_failed(p);
}

void sy_program_free(SyProgram *prog)
{
	if (!prog)
		return;
	sy_node_free(prog->scop);
	g_ptr_array_unref(prog->vars);
	g_ptr_array_unref(prog->pragmas);
	g_free(prog->function);
	if (prog->params)
		g_ptr_array_unref(prog->params);
	sy_preprocessed_free(prog->pp);
	g_free(prog);
}

SyProgram *sy_program_parse(SyPreprocessed *pp, GError **error)
{
	SyProgram *prog = g_new0(SyProgram, 1);
	SyParser p = {0};
	GError *err = NULL;

	prog->pp = pp;
	prog->vars = g_ptr_array_new_with_free_func(sy_var_free);
	prog->pragmas = g_ptr_array_new_with_free_func(g_free);
	p.prog = prog;
	p.error = &err;
	p.typedefs = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, g_free);
	p.scopes = g_ptr_array_new_with_free_func(
		(GDestroyNotify)g_hash_table_unref);
	p.params = g_ptr_array_new();
	sy_cursor_init(&p.cur, (const SyToken *)pp->tokens->data,
		pp->tokens->len, &err);
	p.cur.is_type = is_typedef_name;
	p.cur.user = &p;
	sy_parser_push_scope(&p);

	if (parse_unit(&p) && !p.scop) {
		SyLoc loc = sy_source_loc(pp->main, 0);

		sy_input_error_set(&err, SY_INPUT_ERROR_SYNTAX, &loc, 0,
			"mark the loop nest to map with a line '#pragma scop' "
			"before it and '#pragma endscop' after it",
			"no '#pragma scop' in this file");
	}
	g_hash_table_unref(p.typedefs);
	g_ptr_array_unref(p.scopes);
	g_ptr_array_unref(p.params);
	if (err) {
		g_propagate_error(error, err);
		sy_program_free(prog);
		return NULL;
	}
	return prog;
}
