/* The SCoP: loops, conditions, blocks, declarations and assignments,
 * with every name resolved and every unsupported construct reported at
 * its place. */
#include <string.h>

#include "frontend/scop-parse.h"

static const char *const unsupported_here =
	"the SCoP may contain for loops with affine bounds, if/else with "
	"affine conditions, blocks, declarations and assignments";

/* SCoP: expressions */

static const char *const pointer_hint =
	"declare arrays with constant sizes, as in 'float A[N][M]', and "
	"index them with affine subscripts";

/* Resolves names and rejects what the SCoP cannot express. */
static gboolean resolve_expr(SyParser *p, SyExpr *e)
{
	SyVar *var = NULL;

	if (e->kind == SY_EXPR_NAME || e->kind == SY_EXPR_INDEX ||
		e->kind == SY_EXPR_CALL)
		var = sy_parser_lookup(p, e->name);
	switch (e->kind) {
	case SY_EXPR_NAME:
		if (!var)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_SEMANTIC,
				"names in the SCoP are loop iterators, "
				"variables declared before it, or macros "
				"(#define NAME value, or -D NAME=value)",
				"'%s' undeclared", e->name);
		if (var->kind == SY_VAR_ARRAY)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_UNSUPPORTED, pointer_hint,
				"array '%s' used without "
				"subscripts",
				e->name);
		if (var->kind == SY_VAR_POINTER)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_UNSUPPORTED, pointer_hint,
				"pointer '%s' is not supported "
				"in the SCoP",
				e->name);
		break;
	case SY_EXPR_INDEX:
		if (!var)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_SEMANTIC, pointer_hint,
				"'%s' undeclared", e->name);
		if (var->kind == SY_VAR_POINTER)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_UNSUPPORTED, pointer_hint,
				"pointer arithmetic or "
				"dereference: '%s' is a pointer",
				e->name);
		if (var->kind != SY_VAR_ARRAY)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_SEMANTIC,
				"only arrays take subscripts",
				"'%s' is not an array", e->name);
		if (e->n_args != var->n_dims)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_UNSUPPORTED,
				"access every array element with one "
				"subscript per dimension",
				"array '%s' has %u dimension%s but %u "
				"subscript%s",
				e->name, var->n_dims,
				var->n_dims == 1 ? "" : "s", e->n_args,
				e->n_args == 1 ? "" : "s");
		/* A bad size is reported where it is written. */
		if (var->size_error) {
			if (!sy_parser_failed(p))
				g_propagate_error(p->error,
					g_error_copy(var->size_error));
			return FALSE;
		}
		break;
	case SY_EXPR_CALL:
		if (var)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_SEMANTIC,
				"a name declared as a variable cannot be "
				"called",
				"'%s' is a variable, not a function", e->name);
		break;
	case SY_EXPR_UNARY:
		if (e->op == SY_P_STAR || e->op == SY_P_AMP)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_UNSUPPORTED, pointer_hint,
				e->op == SY_P_STAR
					? "pointer dereference is not "
					  "supported "
					  "in the SCoP"
					: "taking an address is not supported "
					  "in the SCoP");
		if (e->op == SY_P_INC || e->op == SY_P_DEC)
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_UNSUPPORTED,
				"write the update as its own statement, "
				"as in 'x += 1;'",
				"'%s' inside an expression is not supported",
				sy_punct_spelling(e->op));
		break;
	case SY_EXPR_CAST:
		if (g_str_has_prefix(e->name, "struct") ||
			g_str_has_prefix(e->name, "union") ||
			g_str_has_prefix(e->name, "enum"))
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_UNSUPPORTED,
				"use arrays of scalars",
				"structures, unions and enumerations are not "
				"supported in the SCoP");
		if (strchr(e->name, '*'))
			return sy_parser_fail_expr(p, e,
				SY_INPUT_ERROR_UNSUPPORTED, pointer_hint,
				"pointer casts are not "
				"supported in the SCoP");
		break;
	default: break;
	}
	e->ref = var;
	for (guint i = 0; i < e->n_args; i++)
		if (!resolve_expr(p, e->args[i]))
			return FALSE;
	return TRUE;
}

static SyExpr *parse_scop_expr(SyParser *p)
{
	SyExpr *e = sy_parse_expr(&p->cur);

	if (e && !resolve_expr(p, e)) {
		sy_expr_free(e);
		return NULL;
	}
	return e;
}

/* SCoP: statements */

static SyNode *node_new(SyNodeKind kind, const SyToken *at)
{
	SyNode *node = g_new0(SyNode, 1);

	node->kind = kind;
	node->loc = at->loc;
	node->span = at->span;
	if (kind == SY_NODE_BLOCK)
		node->children = g_ptr_array_new_with_free_func(
			(GDestroyNotify)sy_node_free);
	return node;
}

void sy_node_free(SyNode *node)
{
	if (!node)
		return;
	if (node->children)
		g_ptr_array_unref(node->children);
	sy_expr_free(node->init);
	sy_expr_free(node->cond);
	sy_node_free(node->body);
	sy_node_free(node->then_node);
	sy_node_free(node->else_node);
	sy_expr_free(node->lhs);
	sy_expr_free(node->rhs);
	g_free(node->text);
	g_free(node);
}

/* The statement as the user wrote it, on one line. */
static char *statement_text(const SyToken *first, const SyToken *last)
{
	GString *out;
	gboolean space = FALSE;

	if (first->loc.src != last->loc.src || first->macro || last->macro ||
		last->loc.offset < first->loc.offset)
		return NULL;
	out = g_string_new(NULL);
	for (const char *c = first->text; c < last->text + last->len; c++) {
		if (g_ascii_isspace(*c)) {
			space = TRUE;
			continue;
		}
		if (space && out->len)
			g_string_append_c(out, ' ');
		space = FALSE;
		g_string_append_c(out, *c);
	}
	return g_string_free(out, FALSE);
}

static SyNode *parse_stmt(SyParser *p);
static gboolean take_pragma(SyParser *p);

/* The lhs of an assignment: an array element or a scalar variable. */
static gboolean check_lvalue(SyParser *p, const SyExpr *lhs)
{
	const SyVar *var = sy_expr_var(lhs);

	if (lhs->kind != SY_EXPR_INDEX && lhs->kind != SY_EXPR_NAME)
		return sy_parser_fail_expr(p, lhs, SY_INPUT_ERROR_UNSUPPORTED,
			"assign to an array element or a scalar variable",
			"cannot assign to this expression");
	if (var->kind == SY_VAR_ITERATOR)
		return sy_parser_fail_expr(p, lhs, SY_INPUT_ERROR_UNSUPPORTED,
			"loop iterators change only in the loop header",
			"loop iterator '%s' is assigned in the loop body",
			var->name);
	return TRUE;
}

static gboolean is_assign_op(const SyToken *tok)
{
	if (tok->kind != SY_TOK_PUNCT)
		return FALSE;
	switch (tok->punct) {
	case SY_P_ASSIGN:
	case SY_P_ADD_ASSIGN:
	case SY_P_SUB_ASSIGN:
	case SY_P_MUL_ASSIGN:
	case SY_P_DIV_ASSIGN:
	case SY_P_MOD_ASSIGN:
	case SY_P_AND_ASSIGN:
	case SY_P_OR_ASSIGN:
	case SY_P_XOR_ASSIGN:
	case SY_P_SHL_ASSIGN:
	case SY_P_SHR_ASSIGN: return TRUE;
	default: return FALSE;
	}
}

/* x++ and ++x as statements are x += 1. */
static SyExpr *one_like(const SyExpr *at)
{
	SyExpr *one = g_new0(SyExpr, 1);

	one->kind = SY_EXPR_INT;
	one->value = 1;
	one->loc = at->loc;
	one->span = at->span;
	return one;
}

/* The ';' after an assignment, with a word for C that the SCoP does not
 * take: a = b = c and a = b, c = d. */
static gboolean end_of_statement(SyParser *p)
{
	const SyToken *tok = sy_parser_peek(p, 0);

	if (is_assign_op(tok))
		return sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED,
			"write one assignment per statement",
			"chained assignments are not supported in the SCoP");
	if (sy_token_is_punct(tok, SY_P_COMMA))
		return sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED,
			"write one statement per assignment",
			"the comma operator is not supported in the SCoP");
	return sy_parser_expect(p, SY_P_SEMI, "at the end of the statement");
}

static SyNode *parse_assignment(SyParser *p)
{
	const SyToken *first = sy_parser_peek(p, 0), *op;
	SyExpr *lhs;
	SyNode *node;

	lhs = sy_parse_unary(&p->cur);
	if (!lhs)
		return NULL;
	node = node_new(SY_NODE_STMT, first);
	/* ++x and x++ on their own: an update by one. */
	if (lhs->kind == SY_EXPR_UNARY &&
		(lhs->op == SY_P_INC || lhs->op == SY_P_DEC)) {
		SyExpr *target = lhs->args[0];

		node->op = lhs->op == SY_P_INC ? SY_P_ADD_ASSIGN
					       : SY_P_SUB_ASSIGN;
		lhs->args[0] = NULL;
		lhs->n_args = 0;
		node->rhs = one_like(lhs);
		sy_expr_free(lhs);
		lhs = target;
	} else {
		op = sy_parser_peek(p, 0);
		if (!is_assign_op(op)) {
			g_autofree char *found = sy_token_describe(op);

			node->lhs = lhs;
			sy_node_free(node);
			sy_parser_fail_tok(p, op, SY_INPUT_ERROR_UNSUPPORTED,
				"statements in the SCoP are assignments such "
				"as 'A[i][j] = expr;' or 'x += expr;'",
				"expected an assignment, found %s", found);
			return NULL;
		}
		sy_parser_next(p);
		node->op = op->punct;
		node->rhs = parse_scop_expr(p);
	}
	node->lhs = lhs;
	if (!node->rhs || !resolve_expr(p, lhs) || !check_lvalue(p, lhs) ||
		!end_of_statement(p)) {
		sy_node_free(node);
		return NULL;
	}
	node->text = statement_text(first, &p->cur.toks[p->cur.pos - 2]);
	if (!node->text) {
		GString *text = g_string_new(NULL);

		sy_expr_print(text, lhs);
		g_string_append_printf(
			text, " %s ", sy_punct_spelling(node->op));
		sy_expr_print(text, node->rhs);
		node->text = g_string_free(text, FALSE);
	}
	return node;
}

/* A declaration in the SCoP: local arrays (on-chip temporaries) and
 * scalars, a scalar initializer being an assignment. */
static gboolean parse_local_declaration(SyParser *p, SyNode *block)
{
	SyType type;
	gboolean ok = TRUE;

	sy_parser_parse_type(p, &type);
	if (type.aggregate) {
		sy_type_clear(&type);
		return sy_parser_fail_tok(p, sy_parser_peek(p, 0),
			SY_INPUT_ERROR_UNSUPPORTED, "use arrays of scalars",
			"structures, unions and "
			"enumerations are not supported in the SCoP");
	}
	do {
		const SyToken *start = sy_parser_peek(p, 0);
		SyVar *var = sy_parser_declarator(p, &type, TRUE);
		SyNode *decl;

		if (!var) {
			ok = FALSE;
			break;
		}
		if (var->kind == SY_VAR_POINTER) {
			sy_parser_fail_tok(p, start, SY_INPUT_ERROR_UNSUPPORTED,
				pointer_hint,
				"pointer '%s' is not supported "
				"in the SCoP",
				var->name);
			sy_var_free(var);
			ok = FALSE;
			break;
		}
		var->local = TRUE;
		sy_parser_declare(p, var);
		decl = node_new(SY_NODE_DECL, start);
		decl->var = var;
		g_ptr_array_add(block->children, decl);
		if (sy_token_is_punct(sy_parser_peek(p, 0), SY_P_ASSIGN)) {
			SyNode *init;
			const SyToken *first = sy_parser_peek(p, 0);

			if (var->kind == SY_VAR_ARRAY) {
				ok = sy_parser_fail_tok(p, first,
					SY_INPUT_ERROR_UNSUPPORTED,
					"initialise the array with loops",
					"array initializers are not supported "
					"in the SCoP");
				break;
			}
			sy_parser_next(p);
			init = node_new(SY_NODE_STMT, start);
			init->op = SY_P_ASSIGN;
			init->lhs = sy_expr_new(SY_EXPR_NAME, start);
			init->lhs->name = g_strdup(var->name);
			init->lhs->ref = var;
			init->rhs = parse_scop_expr(p);
			g_ptr_array_add(block->children, init);
			if (!init->rhs) {
				ok = FALSE;
				break;
			}
			init->text = statement_text(
				start, &p->cur.toks[p->cur.pos - 1]);
			if (!init->text)
				init->text = g_strdup(var->name);
		}
	} while (sy_cursor_accept(&p->cur, SY_P_COMMA));
	sy_type_clear(&type);
	return ok &&
		sy_parser_expect(p, SY_P_SEMI, "at the end of the declaration");
}

static gboolean parse_block_items(
	SyParser *p, SyNode *block, gboolean (*at_end)(SyParser *p))
{
	while (!at_end(p)) {
		SyNode *child;

		if (sy_parser_peek(p, 0)->kind == SY_TOK_PRAGMA) {
			if (!take_pragma(p))
				return FALSE;
			continue;
		}
		if (sy_parser_starts_declaration(p) &&
			!sy_token_is_punct(sy_parser_peek(p, 1), SY_P_LPAREN)) {
			if (!parse_local_declaration(p, block))
				return FALSE;
			continue;
		}
		child = parse_stmt(p);
		if (!child)
			return FALSE;
		g_ptr_array_add(block->children, child);
	}
	return TRUE;
}

static gboolean at_rbrace(SyParser *p)
{
	const SyToken *tok = sy_parser_peek(p, 0);

	return sy_token_is_punct(tok, SY_P_RBRACE) || tok->kind == SY_TOK_EOF;
}

static SyNode *parse_block(SyParser *p)
{
	SyNode *block = node_new(SY_NODE_BLOCK, sy_parser_next(p));

	sy_parser_push_scope(p);
	if (!parse_block_items(p, block, at_rbrace) ||
		!sy_parser_expect(p, SY_P_RBRACE, "to close the block")) {
		sy_parser_pop_scope(p);
		sy_node_free(block);
		return NULL;
	}
	sy_parser_pop_scope(p);
	return block;
}

/* for (init; cond; step): the step is +c or -c for a constant c > 0. */
static gboolean parse_step(SyParser *p, SyNode *loop)
{
	const SyToken *tok = sy_parser_peek(p, 0), *name;
	gboolean prefix = FALSE;
	gint64 sign = 0, c = 1;
	static const char *const hint =
		"supported steps: i++, ++i, i--, --i, i += c, i -= c, "
		"i = i + c, i = i - c with a positive constant c";

	if (sy_token_is_punct(tok, SY_P_INC) ||
		sy_token_is_punct(tok, SY_P_DEC)) {
		prefix = TRUE;
		sign = tok->punct == SY_P_INC ? 1 : -1;
		sy_parser_next(p);
	}
	name = sy_parser_next(p);
	if (name->kind != SY_TOK_IDENT || !sy_token_is(name, loop->iter->name))
		return sy_parser_fail_tok(p, name, SY_INPUT_ERROR_UNSUPPORTED,
			hint, "the loop step must update the iterator '%s'",
			loop->iter->name);
	if (prefix) {
		loop->step = sign;
		return TRUE;
	}
	tok = sy_parser_next(p);
	if (!prefix &&
		(sy_token_is_punct(tok, SY_P_INC) ||
			sy_token_is_punct(tok, SY_P_DEC))) {
		sign = tok->punct == SY_P_INC ? 1 : -1;
	} else if (!prefix &&
		(sy_token_is_punct(tok, SY_P_ADD_ASSIGN) ||
			sy_token_is_punct(tok, SY_P_SUB_ASSIGN) ||
			sy_token_is_punct(tok, SY_P_ASSIGN))) {
		g_autoptr(SyExpr) e = sy_parse_expr(&p->cur);
		const SyExpr *amount = e;
		GError *err = NULL;

		if (!e)
			return FALSE;
		sign = tok->punct == SY_P_SUB_ASSIGN ? -1 : 1;
		/* i = i + c, i = c + i, i = i - c */
		if (tok->punct == SY_P_ASSIGN) {
			amount = NULL;
			if (e->kind == SY_EXPR_BINARY &&
				(e->op == SY_P_PLUS || e->op == SY_P_MINUS)) {
				const SyExpr *a = e->args[0], *b = e->args[1];

				if (a->kind == SY_EXPR_NAME &&
					strcmp(a->name, loop->iter->name) == 0)
					amount = b;
				else if (e->op == SY_P_PLUS &&
					b->kind == SY_EXPR_NAME &&
					strcmp(b->name, loop->iter->name) == 0)
					amount = a;
				sign = e->op == SY_P_MINUS ? -1 : 1;
			}
			if (!amount)
				return sy_parser_fail_expr(p, e,
					SY_INPUT_ERROR_UNSUPPORTED, hint,
					"unsupported loop step");
		}
		if (!sy_expr_eval_int(amount, &c, &err) || c <= 0) {
			g_clear_error(&err);
			return sy_parser_fail_expr(p, amount,
				SY_INPUT_ERROR_UNSUPPORTED, hint,
				"the loop step must be a positive "
				"integer constant");
		}
	} else if (!prefix) {
		return sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED,
			hint, "unsupported loop step");
	}
	loop->step = sign * c;
	return TRUE;
}

static SyNode *parse_for(SyParser *p)
{
	const SyToken *kw = sy_parser_next(p), *name;
	SyNode *loop = node_new(SY_NODE_FOR, kw);
	SyType type = {0};
	SyVar *outer;

	sy_parser_push_scope(p);
	if (!sy_parser_expect(p, SY_P_LPAREN, "after 'for'"))
		goto failed;
	if (sy_parser_starts_declaration(p))
		sy_parser_parse_type(p, &type);
	name = sy_parser_peek(p, 0);
	if (name->kind != SY_TOK_IDENT ||
		!sy_token_is_punct(sy_parser_peek(p, 1), SY_P_ASSIGN)) {
		sy_parser_fail_tok(p, name, SY_INPUT_ERROR_UNSUPPORTED,
			"write loops as 'for (int i = lb; i < ub; i++)'",
			"a for loop must start by assigning its iterator");
		goto failed;
	}
	{
		g_autofree char *iname = sy_token_dup_text(name);

		outer = sy_parser_lookup(p, iname);
	}
	if (outer && outer->kind == SY_VAR_ITERATOR) {
		sy_parser_fail_tok(p, name, SY_INPUT_ERROR_UNSUPPORTED,
			"give every loop of the nest its own iterator",
			"iterator '%.*s' is already used by an enclosing loop",
			(int)name->len, name->text);
		goto failed;
	}
	if (!type.written) {
		if (!outer || outer->kind != SY_VAR_SCALAR || !outer->integer) {
			sy_parser_fail_tok(p, name, SY_INPUT_ERROR_SEMANTIC,
				"declare the iterator in the loop: "
				"'for (int i = ...'",
				outer ? "loop iterator '%.*s' is not an "
					"integer variable"
				      : "loop iterator '%.*s' "
					"undeclared",
				(int)name->len, name->text);
			goto failed;
		}
		type.written = g_strdup(outer->type);
		type.base = g_strdup(outer->base_type);
		type.integer = TRUE;
	} else if (!type.integer) {
		sy_parser_fail_tok(p, name, SY_INPUT_ERROR_UNSUPPORTED,
			"loop iterators are integers",
			"loop iterator '%.*s' must have an integer type",
			(int)name->len, name->text);
		goto failed;
	}
	sy_parser_next(p);
	sy_parser_next(p); /* = */
	/* The initial value is in the scope around the loop. */
	loop->init = parse_scop_expr(p);
	if (!loop->init ||
		!sy_parser_expect(p, SY_P_SEMI, "after the loop's start"))
		goto failed;
	loop->iter = sy_parser_declare(
		p, sy_var_new(&type, name, SY_VAR_ITERATOR));
	if (sy_token_is_punct(sy_parser_peek(p, 0), SY_P_SEMI)) {
		sy_parser_fail_tok(p, sy_parser_peek(p, 0),
			SY_INPUT_ERROR_UNSUPPORTED,
			"give the loop a bound, as in 'i < N'",
			"a for loop without a condition is not supported");
		goto failed;
	}
	loop->cond = parse_scop_expr(p);
	if (!loop->cond ||
		!sy_parser_expect(p, SY_P_SEMI, "after the loop condition"))
		goto failed;
	if (loop->cond->kind == SY_EXPR_BINARY && loop->cond->op == SY_P_NE) {
		sy_parser_fail_expr(p, loop->cond, SY_INPUT_ERROR_UNSUPPORTED,
			"bound the iterator with <, <=, > or >=, as in "
			"'i < N'",
			"a loop condition with '!=' is not supported");
		goto failed;
	}
	if (!parse_step(p, loop) ||
		!sy_parser_expect(p, SY_P_RPAREN, "after the loop step"))
		goto failed;
	loop->body = parse_stmt(p);
	if (!loop->body)
		goto failed;
	sy_parser_pop_scope(p);
	sy_type_clear(&type);
	return loop;
failed:
	sy_parser_pop_scope(p);
	sy_type_clear(&type);
	sy_node_free(loop);
	return NULL;
}

static SyNode *parse_if(SyParser *p)
{
	SyNode *node = node_new(SY_NODE_IF, sy_parser_next(p));

	if (!sy_parser_expect(p, SY_P_LPAREN, "after 'if'"))
		goto failed;
	node->cond = parse_scop_expr(p);
	if (!node->cond ||
		!sy_parser_expect(p, SY_P_RPAREN, "after the condition"))
		goto failed;
	node->then_node = parse_stmt(p);
	if (!node->then_node)
		goto failed;
	if (sy_token_is(sy_parser_peek(p, 0), "else")) {
		sy_parser_next(p);
		node->else_node = parse_stmt(p);
		if (!node->else_node)
			goto failed;
	}
	return node;
failed:
	sy_node_free(node);
	return NULL;
}

/* A pragma inside the SCoP: kept for later stages (none is an error but a
 * nested scop or an endscop that closes nothing). */
static gboolean take_pragma(SyParser *p)
{
	const SyToken *tok = sy_parser_next(p);

	if (sy_token_is_pragma(tok, "scop"))
		return sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
			"close the SCoP with '#pragma endscop' first",
			"nested '#pragma scop'");
	if (sy_token_is_pragma(tok, "endscop"))
		return sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
			"an if, for or block that starts inside the SCoP must "
			"end inside it",
			"'#pragma endscop' inside a statement");
	g_ptr_array_add(p->prog->pragmas, g_memdup2(tok, sizeof *tok));
	return TRUE;
}

static SyNode *parse_one_stmt(SyParser *p)
{
	const SyToken *tok = sy_parser_peek(p, 0);
	static const char *const banned[] = {
		"while",
		"do",
		"goto",
		"break",
		"continue",
		"return",
		"switch",
		"case",
		"default",
	};

	/* Pragmas are not statements: a pragma between a loop header and
	 * its body leaves the body where it is. */
	while (tok->kind == SY_TOK_PRAGMA) {
		if (!take_pragma(p))
			return NULL;
		tok = sy_parser_peek(p, 0);
	}
	if (p->depth >= SY_MAX_NESTING) {
		sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED,
			"split the code into functions or simplify it",
			"statements nested more than %d levels deep",
			SY_MAX_NESTING);
		return NULL;
	}
	if (sy_token_is(tok, "else")) {
		sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
			"an else belongs to the if just before it",
			"'else' without a previous 'if'");
		return NULL;
	}
	if (sy_token_is_punct(tok, SY_P_LBRACE))
		return parse_block(p);
	if (sy_token_is_punct(tok, SY_P_SEMI))
		return node_new(SY_NODE_BLOCK, sy_parser_next(p));
	if (sy_token_is(tok, "for"))
		return parse_for(p);
	if (sy_token_is(tok, "if"))
		return parse_if(p);
	for (guint i = 0; i < G_N_ELEMENTS(banned); i++)
		if (sy_token_is(tok, banned[i])) {
			sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED,
				unsupported_here,
				"'%s' is not supported in "
				"the SCoP",
				banned[i]);
			return NULL;
		}
	if (tok->kind == SY_TOK_IDENT &&
		sy_token_is_punct(sy_parser_peek(p, 1), SY_P_COLON)) {
		sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED,
			unsupported_here,
			"labels are not supported in the SCoP");
		return NULL;
	}
	if (sy_parser_starts_declaration(p)) {
		sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED,
			"put the declaration in a block: '{ float t; ... }'",
			"a declaration is not a statement here");
		return NULL;
	}
	if (tok->kind == SY_TOK_EOF) {
		sy_parser_fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
			"close every block and end the SCoP with "
			"'#pragma endscop'",
			"expected a statement, found end of input");
		return NULL;
	}
	return parse_assignment(p);
}

static SyNode *parse_stmt(SyParser *p)
{
	SyNode *node;

	p->depth++;
	node = parse_one_stmt(p);
	p->depth--;
	return node;
}

static gboolean at_scop_end(SyParser *p)
{
	const SyToken *tok = sy_parser_peek(p, 0);

	return sy_token_is_pragma(tok, "endscop") || at_rbrace(p);
}

static gboolean has_statement(const SyNode *node)
{
	switch (node->kind) {
	case SY_NODE_STMT: return TRUE;
	case SY_NODE_BLOCK:
		for (guint i = 0; i < node->children->len; i++)
			if (has_statement(g_ptr_array_index(node->children, i)))
				return TRUE;
		return FALSE;
	case SY_NODE_FOR: return has_statement(node->body);
	case SY_NODE_IF:
		return has_statement(node->then_node) ||
			(node->else_node && has_statement(node->else_node));
	default: return FALSE;
	}
}

/* Whether a '#pragma endscop' comes later (before any other scop). */
static gboolean endscop_follows(SyParser *p)
{
	for (guint i = p->cur.pos; i < p->cur.n; i++) {
		const SyToken *tok = &p->cur.toks[i];

		if (sy_token_is_pragma(tok, "endscop"))
			return TRUE;
		if (sy_token_is_pragma(tok, "scop"))
			return FALSE;
	}
	return FALSE;
}

gboolean sy_parser_scop(SyParser *p)
{
	const SyToken *begin = sy_parser_next(p);
	SyNode *block;

	if (p->scop) {
		return sy_parser_fail_tok(p, begin, SY_INPUT_ERROR_UNSUPPORTED,
			"map one loop nest per file",
			"a second '#pragma scop' (the first is on line %u)",
			p->scop->loc.line);
	}
	if (!p->in_function)
		return sy_parser_fail_tok(p, begin, SY_INPUT_ERROR_SYNTAX,
			"put the SCoP inside a function body, such as main()",
			"'#pragma scop' outside a function");
	p->scop = begin;
	p->prog->begin = begin->loc;
	p->prog->function = p->function ? sy_token_dup_text(p->function)
					: g_strdup("<unknown>");
	p->prog->params = g_ptr_array_copy(p->params, NULL, NULL);
	p->prog->params_known = p->function && p->params_known;
	block = node_new(SY_NODE_BLOCK, begin);
	p->prog->scop = block;
	sy_parser_push_scope(p);
	if (!parse_block_items(p, block, at_scop_end)) {
		sy_parser_pop_scope(p);
		return FALSE;
	}
	sy_parser_pop_scope(p);
	if (sy_token_is_punct(sy_parser_peek(p, 0), SY_P_RBRACE) &&
		endscop_follows(p))
		return sy_parser_fail_tok(p, sy_parser_peek(p, 0),
			SY_INPUT_ERROR_SYNTAX,
			"every '{' inside the SCoP needs its '}' inside it",
			"unbalanced '}' before '#pragma endscop'");
	if (!sy_token_is_pragma(sy_parser_peek(p, 0), "endscop"))
		return sy_parser_fail_tok(p, begin, SY_INPUT_ERROR_SYNTAX,
			"end the SCoP with '#pragma endscop' in the same "
			"block",
			"'#pragma scop' without a matching "
			"'#pragma endscop'");
	p->prog->end = sy_parser_next(p)->loc;
	if (!has_statement(block))
		return sy_parser_fail_tok(p, begin, SY_INPUT_ERROR_SEMANTIC,
			"put at least one assignment between the pragmas",
			"the SCoP is empty");
	return TRUE;
}
