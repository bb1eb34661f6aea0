/* The C parser: declarations everywhere, statements only in the SCoP.
 *
 * Outside the SCoP the parser is tolerant: it records typedefs and the
 * declarations the SCoP can see and skips everything else statement by
 * statement.  Inside the SCoP (scop-parse.c) it is strict and says
 * precisely what is not supported.  This file reads the file around the
 * SCoP and calls the SCoP's parser; both stand on parser.c. */
#include "frontend/scop-parse.h"

/* Skipping */

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
			sy_parser_skip_to_close(p);
			return;
		}
		sy_parser_parse_type(p, &type);
		var = type.aggregate ? NULL : try_declarator(p, &type);
		sy_type_clear(&type);
		if (!var) {
			sy_parser_skip_to_close(p);
			return;
		}
		sy_parser_declare(p, var);
		if (params)
			g_ptr_array_add(params, var);
		if (!sy_token_is_punct(sy_parser_peek(p, 0), SY_P_RPAREN) &&
			!sy_cursor_accept(&p->cur, SY_P_COMMA)) {
			sy_parser_skip_to_close(p);
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
				sy_parser_skip_attributes(p);
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
	SyParser p;
	GError *err = NULL;

	prog->pp = pp;
	prog->vars = g_ptr_array_new_with_free_func(sy_var_free);
	prog->pragmas = g_ptr_array_new_with_free_func(g_free);
	sy_parser_init(&p, prog, &err);
	if (parse_unit(&p) && !p.scop) {
		SyLoc loc = sy_source_loc(pp->main, 0);

		sy_input_error_set(&err, SY_INPUT_ERROR_SYNTAX, &loc, 0,
			"mark the loop nest to map with a line '#pragma scop' "
			"before it and '#pragma endscop' after it",
			"no '#pragma scop' in this file");
	}
	sy_parser_clear(&p);
	if (err) {
		g_propagate_error(error, err);
		sy_program_free(prog);
		return NULL;
	}
	return prog;
}
