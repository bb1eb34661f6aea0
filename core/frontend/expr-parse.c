/* Recursive descent over C's conditional-expression grammar. */
#include <string.h>

#include "frontend/expr-parse.h"

void sy_cursor_init(SyCursor *cur, const SyToken *toks, guint n, GError **error)
{
	memset(cur, 0, sizeof *cur);
	cur->toks = toks;
	cur->n = n;
	cur->error = error;
}

const SyToken *sy_cursor_peek(const SyCursor *cur, guint ahead)
{
	guint at = cur->pos + ahead;

	return &cur->toks[at < cur->n ? at : cur->n - 1];
}

const SyToken *sy_cursor_next(SyCursor *cur)
{
	const SyToken *tok = sy_cursor_peek(cur, 0);

	if (cur->pos < cur->n - 1)
		cur->pos++;
	return tok;
}

gboolean sy_cursor_accept(SyCursor *cur, SyPunct p)
{
	if (!sy_token_is_punct(sy_cursor_peek(cur, 0), p))
		return FALSE;
	sy_cursor_next(cur);
	return TRUE;
}

char *sy_token_describe(const SyToken *tok)
{
	switch (tok->kind) {
	case SY_TOK_EOF: return g_strdup("end of input");
	case SY_TOK_EOL: return g_strdup("end of line");
	case SY_TOK_PRAGMA:
		return g_strdup_printf(
			"'#pragma %.*s'", (int)tok->len, tok->text);
	default: return g_strdup_printf("'%.*s'", (int)tok->len, tok->text);
	}
}

void sy_cursor_fail(SyCursor *cur, const SyToken *at, SyInputError code,
	const char *hint, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	if (!cur->error || *cur->error)
		return;
	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	sy_input_error_set(cur->error, code, &at->loc,
		at->kind == SY_TOK_EOF || at->kind == SY_TOK_EOL ? 0 : at->span,
		hint, "%s", what);
}

static const char *const syntax_hint =
	"Systole reads C99; the SCoP subset is described in README.md";

gboolean sy_cursor_expect(SyCursor *cur, SyPunct p, const char *context)
{
	const SyToken *tok = sy_cursor_peek(cur, 0);
	g_autofree char *found = NULL;

	if (sy_cursor_accept(cur, p))
		return TRUE;
	found = sy_token_describe(tok);
	/* Missing at the end of a line: say so there, as compilers do. */
	if (cur->pos > 0) {
		const SyToken *prev = &cur->toks[cur->pos - 1];

		if (prev->loc.src == tok->loc.src &&
			prev->loc.line < tok->loc.line && !prev->macro) {
			SyToken end = *prev;

			end.loc.col += prev->span;
			end.loc.offset += prev->span;
			end.span = 1;
			sy_cursor_fail(cur, &end, SY_INPUT_ERROR_SYNTAX,
				syntax_hint, "expected '%s' %s",
				sy_punct_spelling(p), context);
			return FALSE;
		}
	}
	sy_cursor_fail(cur, tok, SY_INPUT_ERROR_SYNTAX, syntax_hint,
		"expected '%s' %s, found %s", sy_punct_spelling(p), context,
		found);
	return FALSE;
}

gboolean sy_is_builtin_type_word(const SyToken *tok)
{
	static const char *const words[] = {
		"void",
		"char",
		"short",
		"int",
		"long",
		"float",
		"double",
		"signed",
		"unsigned",
		"_Bool",
		"bool",
		"const",
		"volatile",
		"int8_t",
		"int16_t",
		"int32_t",
		"int64_t",
		"uint8_t",
		"uint16_t",
		"uint32_t",
		"uint64_t",
		"size_t",
		"ptrdiff_t",
	};

	if (tok->kind != SY_TOK_IDENT)
		return FALSE;
	for (guint i = 0; i < G_N_ELEMENTS(words); i++)
		if (sy_token_is(tok, words[i]))
			return TRUE;
	return FALSE;
}

static gboolean is_aggregate_word(const SyToken *tok)
{
	return sy_token_is(tok, "struct") || sy_token_is(tok, "union") ||
		sy_token_is(tok, "enum");
}

static gboolean is_type_start(const SyCursor *cur, const SyToken *tok)
{
	if (sy_is_builtin_type_word(tok) || is_aggregate_word(tok))
		return TRUE;
	return cur->is_type && tok->kind == SY_TOK_IDENT &&
		cur->is_type(tok, cur->user);
}

/* Recursion guards: nesting deeper than SY_MAX_NESTING is an error, so
 * that no input exhausts the stack. */
static gboolean enter(SyCursor *cur)
{
	const SyToken *tok = sy_cursor_peek(cur, 0);

	if (cur->depth < SY_MAX_NESTING) {
		cur->depth++;
		return TRUE;
	}
	sy_cursor_fail(cur, tok, SY_INPUT_ERROR_UNSUPPORTED,
		"simplify the expression or split it with temporaries",
		"expression nested more than %d levels deep", SY_MAX_NESTING);
	return FALSE;
}

static SyExpr *leave(SyCursor *cur, SyExpr *expr)
{
	cur->depth--;
	return expr;
}

static SyExpr *parse_cond(SyCursor *cur);

static SyExpr *fail_expected(SyCursor *cur, const char *what)
{
	const SyToken *tok = sy_cursor_peek(cur, 0);
	g_autofree char *found = sy_token_describe(tok);

	sy_cursor_fail(cur, tok, SY_INPUT_ERROR_SYNTAX, syntax_hint,
		"expected %s, found %s", what, found);
	return NULL;
}

/* ( args ) after a function name; the name token is already consumed. */
static SyExpr *parse_call(SyCursor *cur, SyExpr *call)
{
	sy_cursor_next(cur); /* ( */
	if (!sy_cursor_accept(cur, SY_P_RPAREN)) {
		do {
			SyExpr *arg = parse_cond(cur);

			if (!arg)
				goto failed;
			sy_expr_add_arg(call, arg);
		} while (sy_cursor_accept(cur, SY_P_COMMA));
		if (!sy_cursor_expect(
			    cur, SY_P_RPAREN, "after the arguments of a call"))
			goto failed;
	}
	sy_expr_set_end(call, &cur->toks[cur->pos - 1]);
	return call;
failed:
	sy_expr_free(call);
	return NULL;
}

static SyExpr *parse_subscripts(SyCursor *cur, SyExpr *index)
{
	while (sy_cursor_accept(cur, SY_P_LBRACKET)) {
		SyExpr *sub = parse_cond(cur);

		if (!sub)
			goto failed;
		sy_expr_add_arg(index, sub);
		if (!sy_cursor_expect(cur, SY_P_RBRACKET, "after a subscript"))
			goto failed;
		sy_expr_set_end(index, &cur->toks[cur->pos - 1]);
	}
	return index;
failed:
	sy_expr_free(index);
	return NULL;
}

static SyExpr *parse_primary(SyCursor *cur)
{
	const SyToken *tok = sy_cursor_peek(cur, 0);
	SyExpr *expr;

	switch (tok->kind) {
	case SY_TOK_INT:
		sy_cursor_next(cur);
		expr = sy_expr_new(SY_EXPR_INT, tok);
		expr->value = tok->value;
		return expr;
	case SY_TOK_FLOAT:
		sy_cursor_next(cur);
		expr = sy_expr_new(SY_EXPR_FLOAT, tok);
		expr->name = sy_token_dup_text(tok);
		return expr;
	case SY_TOK_IDENT:
		if (sy_token_is(tok, "sizeof")) {
			sy_cursor_fail(cur, tok, SY_INPUT_ERROR_UNSUPPORTED,
				"write the size as a constant or a #define",
				"'sizeof' is not supported here");
			return NULL;
		}
		sy_cursor_next(cur);
		if (sy_token_is_punct(sy_cursor_peek(cur, 0), SY_P_LPAREN)) {
			expr = sy_expr_new(SY_EXPR_CALL, tok);
			expr->name = sy_token_dup_text(tok);
			return parse_call(cur, expr);
		}
		if (sy_token_is_punct(sy_cursor_peek(cur, 0), SY_P_LBRACKET)) {
			expr = sy_expr_new(SY_EXPR_INDEX, tok);
			expr->name = sy_token_dup_text(tok);
			return parse_subscripts(cur, expr);
		}
		expr = sy_expr_new(SY_EXPR_NAME, tok);
		expr->name = sy_token_dup_text(tok);
		return expr;
	case SY_TOK_STRING:
	case SY_TOK_CHAR:
		sy_cursor_fail(cur, tok, SY_INPUT_ERROR_UNSUPPORTED,
			"kernels compute on numbers: use integer or floating "
			"constants",
			"string and character constants are not supported "
			"here");
		return NULL;
	default: break;
	}
	if (sy_cursor_accept(cur, SY_P_LPAREN)) {
		expr = parse_cond(cur);
		if (!expr)
			return NULL;
		if (!sy_cursor_expect(
			    cur, SY_P_RPAREN, "to close the parenthesis")) {
			sy_expr_free(expr);
			return NULL;
		}
		/* The span of (e) covers the parentheses. */
		expr->loc = tok->loc;
		expr->span = tok->span;
		sy_expr_set_end(expr, &cur->toks[cur->pos - 1]);
		return expr;
	}
	return fail_expected(cur, "an expression");
}

static SyExpr *parse_postfix(SyCursor *cur)
{
	SyExpr *expr = parse_primary(cur);

	while (expr) {
		const SyToken *tok = sy_cursor_peek(cur, 0);

		if (sy_token_is_punct(tok, SY_P_INC) ||
			sy_token_is_punct(tok, SY_P_DEC)) {
			SyExpr *post = sy_expr_new(SY_EXPR_UNARY, tok);

			sy_cursor_next(cur);
			post->op = tok->punct;
			post->postfix = TRUE;
			post->loc = expr->loc;
			post->span = expr->span;
			sy_expr_set_end(post, tok);
			sy_expr_add_arg(post, expr);
			expr = post;
		} else if (sy_token_is_punct(tok, SY_P_LBRACKET) ||
			sy_token_is_punct(tok, SY_P_LPAREN)) {
			sy_cursor_fail(cur, tok, SY_INPUT_ERROR_UNSUPPORTED,
				"subscript arrays by name, as in A[i][j]",
				"only named arrays and functions can be "
				"subscripted or called");
			sy_expr_free(expr);
			return NULL;
		} else if (sy_token_is_punct(tok, SY_P_DOT) ||
			sy_token_is_punct(tok, SY_P_ARROW)) {
			sy_cursor_fail(cur, tok, SY_INPUT_ERROR_UNSUPPORTED,
				"use arrays of scalars instead of structures",
				"structure members are not supported");
			sy_expr_free(expr);
			return NULL;
		} else {
			break;
		}
	}
	return expr;
}

/* A cast: ( type words [*...] ) unary.  The opening parenthesis is the
 * current token and the next one starts a type. */
static SyExpr *parse_cast(SyCursor *cur)
{
	const SyToken *open = sy_cursor_next(cur);
	GString *type = g_string_new(NULL);
	SyExpr *expr, *operand;

	while (is_type_start(cur, sy_cursor_peek(cur, 0))) {
		const SyToken *word = sy_cursor_next(cur);

		if (type->len)
			g_string_append_c(type, ' ');
		g_string_append_len(type, word->text, word->len);
		/* struct tag: the tag is a name, not a type */
		if (is_aggregate_word(word) &&
			sy_cursor_peek(cur, 0)->kind == SY_TOK_IDENT) {
			word = sy_cursor_next(cur);
			g_string_append_c(type, ' ');
			g_string_append_len(type, word->text, word->len);
		}
	}
	while (sy_cursor_accept(cur, SY_P_STAR))
		g_string_append(type, " *");
	if (!sy_cursor_expect(cur, SY_P_RPAREN, "after the type of a cast")) {
		g_string_free(type, TRUE);
		return NULL;
	}
	operand = enter(cur) ? leave(cur, sy_parse_unary(cur)) : NULL;
	if (!operand) {
		g_string_free(type, TRUE);
		return NULL;
	}
	expr = sy_expr_new(SY_EXPR_CAST, open);
	expr->name = g_string_free(type, FALSE);
	sy_expr_join_span(expr, operand);
	sy_expr_add_arg(expr, operand);
	return expr;
}

SyExpr *sy_parse_unary(SyCursor *cur)
{
	const SyToken *tok = sy_cursor_peek(cur, 0);
	SyExpr *expr, *operand;

	if (tok->kind == SY_TOK_PUNCT &&
		(tok->punct == SY_P_MINUS || tok->punct == SY_P_PLUS ||
			tok->punct == SY_P_NOT || tok->punct == SY_P_TILDE ||
			tok->punct == SY_P_STAR || tok->punct == SY_P_AMP ||
			tok->punct == SY_P_INC || tok->punct == SY_P_DEC)) {
		sy_cursor_next(cur);
		if (!enter(cur))
			return NULL;
		operand = leave(cur, sy_parse_unary(cur));
		if (!operand)
			return NULL;
		expr = sy_expr_new(SY_EXPR_UNARY, tok);
		expr->op = tok->punct;
		sy_expr_join_span(expr, operand);
		sy_expr_add_arg(expr, operand);
		return expr;
	}
	if (sy_token_is_punct(tok, SY_P_LPAREN) &&
		is_type_start(cur, sy_cursor_peek(cur, 1)))
		return parse_cast(cur);
	return parse_postfix(cur);
}

static int infix_prec(const SyToken *tok)
{
	return tok->kind == SY_TOK_PUNCT ? sy_punct_binary_prec(tok->punct) : 0;
}

/* Precedence climbing over the left-associative binary operators. */
static SyExpr *parse_binary(SyCursor *cur, int min_prec)
{
	SyExpr *lhs = sy_parse_unary(cur);

	while (lhs) {
		const SyToken *op = sy_cursor_peek(cur, 0);
		int prec = infix_prec(op);
		SyExpr *rhs, *bin;

		if (prec == 0 || prec < min_prec)
			break;
		sy_cursor_next(cur);
		rhs = parse_binary(cur, prec + 1);
		if (!rhs) {
			sy_expr_free(lhs);
			return NULL;
		}
		bin = sy_expr_new(SY_EXPR_BINARY, op);
		bin->op = op->punct;
		bin->loc = lhs->loc;
		bin->span = lhs->span;
		bin->macro = lhs->macro;
		sy_expr_join_span(bin, rhs);
		sy_expr_add_arg(bin, lhs);
		sy_expr_add_arg(bin, rhs);
		lhs = bin;
	}
	return lhs;
}

static SyExpr *parse_ternary(SyCursor *cur);

static SyExpr *parse_cond(SyCursor *cur)
{
	return enter(cur) ? leave(cur, parse_ternary(cur)) : NULL;
}

static SyExpr *parse_ternary(SyCursor *cur)
{
	SyExpr *cond = parse_binary(cur, 4), *then, *other, *expr;
	const SyToken *q = sy_cursor_peek(cur, 0);

	if (!cond || !sy_cursor_accept(cur, SY_P_QUESTION))
		return cond;
	then = parse_cond(cur);
	if (!then ||
		!sy_cursor_expect(
			cur, SY_P_COLON, "in a conditional expression")) {
		sy_expr_free(cond);
		sy_expr_free(then);
		return NULL;
	}
	other = parse_cond(cur);
	if (!other) {
		sy_expr_free(cond);
		sy_expr_free(then);
		return NULL;
	}
	expr = sy_expr_new(SY_EXPR_COND, q);
	expr->loc = cond->loc;
	expr->span = cond->span;
	sy_expr_join_span(expr, other);
	sy_expr_add_arg(expr, cond);
	sy_expr_add_arg(expr, then);
	sy_expr_add_arg(expr, other);
	return expr;
}

SyExpr *sy_parse_expr(SyCursor *cur)
{
	return parse_cond(cur);
}
