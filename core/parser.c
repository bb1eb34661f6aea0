/* The C parser: declarations everywhere, statements only in the SCoP.
 *
 * Outside the SCoP the parser is tolerant: it records typedefs and the
 * declarations the SCoP can see and skips everything else statement by
 * statement.  Inside the SCoP it is strict and says precisely what is not
 * supported. */
#include <string.h>

#include "expr-parse.h"
#include "program.h"

typedef struct {
	SyCursor cur;
	SyProgram *prog;
	GHashTable *typedefs;  /* name -> resolved type */
	GPtrArray *scopes;     /* GHashTable: name -> SyVar */
	gboolean in_function;
	const SyToken *function; /* the name of the function being parsed */
	const SyToken *scop;   /* the '#pragma scop' token once seen */
	GError **error;
} Parser;

typedef struct {
	char *written;
	char *base;
	gboolean integer;
	gboolean aggregate; /* struct, union or enum: not for us */
} SyType;

static void type_clear(SyType *type)
{
	g_free(type->written);
	g_free(type->base);
}

static const char *const unsupported_here =
	"the SCoP may contain for loops with affine bounds, if/else with "
	"affine conditions, blocks, declarations and assignments";

static const SyToken *peek(Parser *p, guint ahead)
{
	return sy_cursor_peek(&p->cur, ahead);
}

static const SyToken *next(Parser *p)
{
	return sy_cursor_next(&p->cur);
}

static gboolean failed(Parser *p)
{
	return *p->error != NULL;
}

static gboolean fail_tok(Parser *p, const SyToken *at, SyInputError code,
	const char *hint, const char *format, ...) G_GNUC_PRINTF(5, 6);

static gboolean fail_tok(Parser *p, const SyToken *at, SyInputError code,
	const char *hint, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	if (failed(p))
		return FALSE;
	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	sy_input_error_set(p->error, code, &at->loc,
		at->kind == SY_TOK_EOF ? 0 : at->span, hint, "%s", what);
	return FALSE;
}

static gboolean fail_expr(Parser *p, const SyExpr *at, SyInputError code,
	const char *hint, const char *format, ...) G_GNUC_PRINTF(5, 6);

static gboolean fail_expr(Parser *p, const SyExpr *at, SyInputError code,
	const char *hint, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	if (failed(p))
		return FALSE;
	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	sy_input_error_set(p->error, code, &at->loc, at->span, hint, "%s",
		what);
	return FALSE;
}

static gboolean expect(Parser *p, SyPunct punct, const char *context)
{
	return sy_cursor_expect(&p->cur, punct, context);
}

/* Scopes */

static void push_scope(Parser *p)
{
	g_ptr_array_add(p->scopes, g_hash_table_new(g_str_hash, g_str_equal));
}

static void pop_scope(Parser *p)
{
	g_ptr_array_set_size(p->scopes, p->scopes->len - 1);
}

static SyVar *lookup_name(Parser *p, const char *name)
{
	for (guint i = p->scopes->len; i-- > 0;) {
		SyVar *var = g_hash_table_lookup(
			g_ptr_array_index(p->scopes, i), name);

		if (var)
			return var;
	}
	return NULL;
}

static SyVar *declare(Parser *p, SyVar *var)
{
	g_ptr_array_add(p->prog->vars, var);
	g_hash_table_replace(g_ptr_array_index(p->scopes, p->scopes->len - 1),
		var->name, var);
	return var;
}

static void var_free(gpointer data)
{
	SyVar *var = data;

	g_free(var->name);
	g_free(var->type);
	g_free(var->base_type);
	g_free(var->dims);
	g_free(var);
}

/* Types */

static gboolean is_typedef_name(const SyToken *tok, gpointer user)
{
	Parser *p = user;
	g_autofree char *name = sy_token_dup_text(tok);

	return g_hash_table_contains(p->typedefs, name) &&
	       !lookup_name(p, name);
}

static gboolean is_qualifier(const SyToken *tok)
{
	static const char *const words[] = {
		"static", "extern", "register", "inline", "auto", "restrict",
		"__restrict", "__restrict__", "__inline", "__inline__",
	};

	for (guint i = 0; i < G_N_ELEMENTS(words); i++)
		if (sy_token_is(tok, words[i]))
			return TRUE;
	return FALSE;
}

static gboolean is_type_word(Parser *p, const SyToken *tok)
{
	return sy_is_builtin_type_word(tok) || is_typedef_name(tok, p);
}

static gboolean starts_declaration(Parser *p)
{
	const SyToken *tok = peek(p, 0);

	return is_qualifier(tok) || is_type_word(p, tok) ||
	       sy_token_is(tok, "struct") || sy_token_is(tok, "union") ||
	       sy_token_is(tok, "enum");
}

static gboolean type_is_integer(const char *base)
{
	static const char *const words[] = {
		"char", "short", "int", "long", "signed", "unsigned", "bool",
		"_Bool", "size_t", "ptrdiff_t",
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

/* Qualifiers and type words, as in "static const unsigned int". */
static void parse_type(Parser *p, SyType *type)
{
	GString *written = g_string_new(NULL);
	GString *base = g_string_new(NULL);

	memset(type, 0, sizeof *type);
	for (;;) {
		const SyToken *tok = peek(p, 0);

		if (is_qualifier(tok)) {
			next(p);
		} else if (sy_token_is(tok, "struct") ||
			   sy_token_is(tok, "union") ||
			   sy_token_is(tok, "enum")) {
			type->aggregate = TRUE;
			next(p);
		} else if (is_type_word(p, tok) && !sy_token_is(tok, "const") &&
			   !sy_token_is(tok, "volatile")) {
			g_autofree char *word = sy_token_dup_text(tok);
			const char *resolved = g_hash_table_lookup(p->typedefs,
				word);

			next(p);
			if (written->len) {
				g_string_append_c(written, ' ');
				g_string_append_c(base, ' ');
			}
			g_string_append(written, word);
			g_string_append(base, resolved && !sy_is_builtin_type_word(
				tok) ? resolved : word);
		} else if (sy_token_is(tok, "const") ||
			   sy_token_is(tok, "volatile")) {
			next(p);
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
static void skip_statement(Parser *p)
{
	int depth = 0;

	for (;;) {
		const SyToken *tok = peek(p, 0);

		if (tok->kind == SY_TOK_EOF || tok->kind == SY_TOK_PRAGMA)
			return;
		if (depth == 0 && (sy_token_is_punct(tok, SY_P_LBRACE) ||
				   sy_token_is_punct(tok, SY_P_RBRACE)))
			return;
		next(p);
		if (sy_token_is_punct(tok, SY_P_LPAREN) ||
		    sy_token_is_punct(tok, SY_P_LBRACKET))
			depth++;
		else if ((sy_token_is_punct(tok, SY_P_RPAREN) ||
			  sy_token_is_punct(tok, SY_P_RBRACKET)) && depth > 0)
			depth--;
		else if (depth == 0 && sy_token_is_punct(tok, SY_P_SEMI))
			return;
	}
}

/* Skips a balanced {...} group; the current token is '{'. */
static void skip_braces(Parser *p)
{
	int depth = 0;

	do {
		const SyToken *tok = next(p);

		if (tok->kind == SY_TOK_EOF)
			return;
		if (sy_token_is_punct(tok, SY_P_LBRACE))
			depth++;
		else if (sy_token_is_punct(tok, SY_P_RBRACE))
			depth--;
	} while (depth > 0);
}

/* Declarators */

static SyVar *new_var(const SyType *type, const SyToken *name,
	SyVarKind kind)
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
static gboolean parse_dims(Parser *p, SyVar *var, gboolean strict)
{
	while (sy_token_is_punct(peek(p, 0), SY_P_LBRACKET)) {
		gint64 size = -1;

		next(p);
		if (!sy_token_is_punct(peek(p, 0), SY_P_RBRACKET)) {
			g_autoptr(SyExpr) expr = sy_parse_expr(&p->cur);
			GError *err = NULL;

			if (!expr)
				return FALSE;
			if (!sy_expr_eval_int(expr, &size, &err) || size <= 0) {
				g_clear_error(&err);
				if (strict)
					return fail_expr(p, expr,
						SY_INPUT_ERROR_SEMANTIC,
						"array sizes must be positive "
						"integer constants: numbers or "
						"#define'd names",
						"size of array '%s' is not a "
						"positive integer constant",
						var->name);
				size = -1;
			}
		}
		if (!expect(p, SY_P_RBRACKET, "after an array size"))
			return FALSE;
		var->dims = g_renew(gint64, var->dims, var->n_dims + 1);
		var->dims[var->n_dims++] = size;
	}
	return TRUE;
}

/* Skips an initializer outside the SCoP: up to ',' or ';' at depth 0. */
static void skip_initializer(Parser *p)
{
	int depth = 0;

	for (;;) {
		const SyToken *tok = peek(p, 0);

		if (tok->kind == SY_TOK_EOF || tok->kind == SY_TOK_PRAGMA)
			return;
		if (depth == 0 && (sy_token_is_punct(tok, SY_P_COMMA) ||
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
		next(p);
	}
}

/* One declarator: [*...] name [dims].  Returns the variable, not yet
 * declared in any scope. */
static SyVar *parse_declarator(Parser *p, const SyType *type,
	gboolean strict)
{
	int pointers = 0;
	const SyToken *name;
	SyVar *var;

	while (sy_cursor_accept(&p->cur, SY_P_STAR) ||
	       sy_token_is(peek(p, 0), "const") ||
	       sy_token_is(peek(p, 0), "restrict") ||
	       sy_token_is(peek(p, 0), "__restrict")) {
		if (!sy_token_is_punct(&p->cur.toks[p->cur.pos - 1],
			SY_P_STAR))
			next(p);
		else
			pointers++;
	}
	name = peek(p, 0);
	if (name->kind != SY_TOK_IDENT) {
		g_autofree char *found = sy_token_describe(name);

		fail_tok(p, name, SY_INPUT_ERROR_SYNTAX, NULL,
			"expected a name in the declaration, found %s", found);
		return NULL;
	}
	next(p);
	var = new_var(type, name, pointers ? SY_VAR_POINTER : SY_VAR_SCALAR);
	if (!parse_dims(p, var, strict)) {
		var_free(var);
		return NULL;
	}
	if (var->n_dims && !pointers)
		var->kind = SY_VAR_ARRAY;
	return var;
}

/* Function parameters, declared in the current (function) scope. */
static gboolean parse_params(Parser *p)
{
	if (!expect(p, SY_P_LPAREN, "to start the parameters"))
		return FALSE;
	if (sy_token_is(peek(p, 0), "void") &&
	    sy_token_is_punct(peek(p, 1), SY_P_RPAREN))
		next(p);
	while (!sy_cursor_accept(&p->cur, SY_P_RPAREN)) {
		SyType type;
		SyVar *var;

		if (sy_cursor_accept(&p->cur, SY_P_ELLIPSIS))
			continue;
		if (!starts_declaration(p)) {
			g_autofree char *found = sy_token_describe(peek(p, 0));

			return fail_tok(p, peek(p, 0), SY_INPUT_ERROR_SYNTAX,
				NULL, "expected a parameter declaration, "
				"found %s", found);
		}
		parse_type(p, &type);
		var = parse_declarator(p, &type, FALSE);
		type_clear(&type);
		if (!var)
			return FALSE;
		declare(p, var);
		if (!sy_token_is_punct(peek(p, 0), SY_P_RPAREN) &&
		    !expect(p, SY_P_COMMA, "between parameters"))
			return FALSE;
	}
	return TRUE;
}

static gboolean parse_typedef(Parser *p)
{
	SyType type;
	const SyToken *name;

	next(p); /* typedef */
	parse_type(p, &type);
	name = peek(p, 0);
	if (!type.aggregate && name->kind == SY_TOK_IDENT &&
	    sy_token_is_punct(peek(p, 1), SY_P_SEMI)) {
		g_hash_table_replace(p->typedefs, sy_token_dup_text(name),
			g_strdup(type.base));
		next(p);
		next(p);
	} else {
		/* Structures, arrays and function types: not for kernels. */
		if (sy_token_is_punct(peek(p, 0), SY_P_LBRACE))
			skip_braces(p);
		skip_statement(p);
	}
	type_clear(&type);
	return TRUE;
}

static gboolean parse_function_body(Parser *p);

/* A declaration outside the SCoP, or a function definition. */
static gboolean parse_outer_declaration(Parser *p)
{
	SyType type;
	gboolean ok = TRUE;

	parse_type(p, &type);
	if (type.aggregate || !*type.written) {
		if (sy_token_is(peek(p, 0), "struct") ||
		    sy_token_is_punct(peek(p, 0), SY_P_LBRACE) ||
		    peek(p, 0)->kind == SY_TOK_IDENT) {
			while (peek(p, 0)->kind == SY_TOK_IDENT)
				next(p);
			if (sy_token_is_punct(peek(p, 0), SY_P_LBRACE))
				skip_braces(p);
		}
		skip_statement(p);
		type_clear(&type);
		return TRUE;
	}
	for (;;) {
		SyVar *var;

		while (sy_token_is_punct(peek(p, 0), SY_P_STAR))
			next(p);
		/* A function: name ( params ) { body } or ; */
		if (peek(p, 0)->kind == SY_TOK_IDENT &&
		    sy_token_is_punct(peek(p, 1), SY_P_LPAREN)) {
			gboolean outer = !p->in_function;
			const SyToken *name = next(p);

			push_scope(p);
			ok = parse_params(p);
			if (ok && outer &&
			    sy_token_is_punct(peek(p, 0), SY_P_LBRACE)) {
				p->function = name;
				ok = parse_function_body(p);
				pop_scope(p);
				type_clear(&type);
				return ok;
			}
			pop_scope(p);
			if (!ok)
				break;
		} else {
			GError *err = NULL;
			GError **saved = p->error;

			/* A declarator we cannot read is not ours to judge. */
			p->error = &err;
			p->cur.error = &err;
			var = parse_declarator(p, &type, FALSE);
			p->error = saved;
			p->cur.error = saved;
			if (!var) {
				g_clear_error(&err);
				skip_statement(p);
				break;
			}
			declare(p, var);
			if (sy_token_is_punct(peek(p, 0), SY_P_ASSIGN))
				skip_initializer(p);
		}
		if (!sy_cursor_accept(&p->cur, SY_P_COMMA))
			break;
	}
	if (ok && !failed(p) && !sy_cursor_accept(&p->cur, SY_P_SEMI))
		skip_statement(p);
	type_clear(&type);
	return ok;
}

/* SCoP: expressions */

static const char *const pointer_hint =
	"declare arrays with constant sizes, as in 'float A[N][M]', and "
	"index them with affine subscripts";

/* Resolves names and rejects what the SCoP cannot express. */
static gboolean resolve_expr(Parser *p, SyExpr *e)
{
	SyVar *var = NULL;

	if (e->kind == SY_EXPR_NAME || e->kind == SY_EXPR_INDEX ||
	    e->kind == SY_EXPR_CALL)
		var = lookup_name(p, e->name);
	switch (e->kind) {
	case SY_EXPR_NAME:
		if (!var)
			return fail_expr(p, e, SY_INPUT_ERROR_SEMANTIC,
				"names in the SCoP are loop iterators, "
				"variables declared before it, or macros "
				"(#define NAME value, or -D NAME=value)",
				"'%s' undeclared", e->name);
		if (var->kind == SY_VAR_ARRAY)
			return fail_expr(p, e, SY_INPUT_ERROR_UNSUPPORTED,
				pointer_hint, "array '%s' used without "
				"subscripts", e->name);
		if (var->kind == SY_VAR_POINTER)
			return fail_expr(p, e, SY_INPUT_ERROR_UNSUPPORTED,
				pointer_hint, "pointer '%s' is not supported "
				"in the SCoP", e->name);
		break;
	case SY_EXPR_INDEX:
		if (!var)
			return fail_expr(p, e, SY_INPUT_ERROR_SEMANTIC,
				pointer_hint, "'%s' undeclared", e->name);
		if (var->kind == SY_VAR_POINTER)
			return fail_expr(p, e, SY_INPUT_ERROR_UNSUPPORTED,
				pointer_hint, "pointer arithmetic or "
				"dereference: '%s' is a pointer", e->name);
		if (var->kind != SY_VAR_ARRAY)
			return fail_expr(p, e, SY_INPUT_ERROR_SEMANTIC, NULL,
				"'%s' is not an array", e->name);
		if (e->n_args != var->n_dims)
			return fail_expr(p, e, SY_INPUT_ERROR_UNSUPPORTED,
				"access every array element with one "
				"subscript per dimension",
				"array '%s' has %u dimension%s but %u "
				"subscript%s", e->name, var->n_dims,
				var->n_dims == 1 ? "" : "s", e->n_args,
				e->n_args == 1 ? "" : "s");
		for (guint i = 0; i < var->n_dims; i++)
			if (var->dims[i] < 0)
				return fail_expr(p, e, SY_INPUT_ERROR_SEMANTIC,
					"declare the array with constant "
					"sizes (numbers or #define'd names)",
					"size of dimension %u of array '%s' "
					"is not a constant", i + 1, e->name);
		break;
	case SY_EXPR_CALL:
		if (var)
			return fail_expr(p, e, SY_INPUT_ERROR_SEMANTIC, NULL,
				"'%s' is a variable, not a function",
				e->name);
		break;
	case SY_EXPR_UNARY:
		if (e->op == SY_P_STAR || e->op == SY_P_AMP)
			return fail_expr(p, e, SY_INPUT_ERROR_UNSUPPORTED,
				pointer_hint, "pointer %s is not supported "
				"in the SCoP", e->op == SY_P_STAR ?
				"dereference" : "arithmetic ('&')");
		if (e->op == SY_P_INC || e->op == SY_P_DEC)
			return fail_expr(p, e, SY_INPUT_ERROR_UNSUPPORTED,
				"write the update as its own statement, "
				"as in 'x += 1;'",
				"'%s' inside an expression is not supported",
				sy_punct_spelling(e->op));
		break;
	case SY_EXPR_CAST:
		if (strchr(e->name, '*'))
			return fail_expr(p, e, SY_INPUT_ERROR_UNSUPPORTED,
				pointer_hint, "pointer casts are not "
				"supported in the SCoP");
		break;
	default:
		break;
	}
	e->ref = var;
	for (guint i = 0; i < e->n_args; i++)
		if (!resolve_expr(p, e->args[i]))
			return FALSE;
	return TRUE;
}

static SyExpr *parse_scop_expr(Parser *p)
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

static SyNode *parse_stmt(Parser *p);

/* The lhs of an assignment: an array element or a scalar variable. */
static gboolean check_lvalue(Parser *p, const SyExpr *lhs)
{
	const SyVar *var = sy_expr_var(lhs);

	if (lhs->kind != SY_EXPR_INDEX && lhs->kind != SY_EXPR_NAME)
		return fail_expr(p, lhs, SY_INPUT_ERROR_UNSUPPORTED,
			"assign to an array element or a scalar variable",
			"cannot assign to this expression");
	if (var->kind == SY_VAR_ITERATOR)
		return fail_expr(p, lhs, SY_INPUT_ERROR_UNSUPPORTED,
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
	case SY_P_ASSIGN: case SY_P_ADD_ASSIGN: case SY_P_SUB_ASSIGN:
	case SY_P_MUL_ASSIGN: case SY_P_DIV_ASSIGN: case SY_P_MOD_ASSIGN:
	case SY_P_AND_ASSIGN: case SY_P_OR_ASSIGN: case SY_P_XOR_ASSIGN:
	case SY_P_SHL_ASSIGN: case SY_P_SHR_ASSIGN:
		return TRUE;
	default:
		return FALSE;
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

static SyNode *parse_assignment(Parser *p)
{
	const SyToken *first = peek(p, 0), *op;
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

		node->op = lhs->op == SY_P_INC ? SY_P_ADD_ASSIGN :
			SY_P_SUB_ASSIGN;
		lhs->args[0] = NULL;
		lhs->n_args = 0;
		node->rhs = one_like(lhs);
		sy_expr_free(lhs);
		lhs = target;
	} else {
		op = peek(p, 0);
		if (!is_assign_op(op)) {
			g_autofree char *found = sy_token_describe(op);

			node->lhs = lhs;
			sy_node_free(node);
			fail_tok(p, op, SY_INPUT_ERROR_UNSUPPORTED,
				"statements in the SCoP are assignments such "
				"as 'A[i][j] = expr;' or 'x += expr;'",
				"expected an assignment, found %s", found);
			return NULL;
		}
		next(p);
		node->op = op->punct;
		node->rhs = parse_scop_expr(p);
	}
	node->lhs = lhs;
	if (!node->rhs || !resolve_expr(p, lhs) || !check_lvalue(p, lhs) ||
	    !expect(p, SY_P_SEMI, "at the end of the statement")) {
		sy_node_free(node);
		return NULL;
	}
	node->text = statement_text(first, &p->cur.toks[p->cur.pos - 2]);
	if (!node->text) {
		GString *text = g_string_new(NULL);

		sy_expr_print(text, lhs);
		g_string_append_printf(text, " %s ",
			sy_punct_spelling(node->op));
		sy_expr_print(text, node->rhs);
		node->text = g_string_free(text, FALSE);
	}
	return node;
}

/* A declaration in the SCoP: local arrays (on-chip temporaries) and
 * scalars, a scalar initializer being an assignment. */
static gboolean parse_local_declaration(Parser *p, SyNode *block)
{
	SyType type;
	gboolean ok = TRUE;

	parse_type(p, &type);
	if (type.aggregate) {
		type_clear(&type);
		return fail_tok(p, peek(p, 0), SY_INPUT_ERROR_UNSUPPORTED,
			"use arrays of scalars", "structures, unions and "
			"enumerations are not supported in the SCoP");
	}
	do {
		const SyToken *start = peek(p, 0);
		SyVar *var = parse_declarator(p, &type, TRUE);
		SyNode *decl;

		if (!var) {
			ok = FALSE;
			break;
		}
		if (var->kind == SY_VAR_POINTER) {
			fail_tok(p, start, SY_INPUT_ERROR_UNSUPPORTED,
				pointer_hint, "pointer '%s' is not supported "
				"in the SCoP", var->name);
			var_free(var);
			ok = FALSE;
			break;
		}
		var->local = TRUE;
		declare(p, var);
		decl = node_new(SY_NODE_DECL, start);
		decl->var = var;
		g_ptr_array_add(block->children, decl);
		if (sy_token_is_punct(peek(p, 0), SY_P_ASSIGN)) {
			SyNode *init;
			const SyToken *first = peek(p, 0);

			if (var->kind == SY_VAR_ARRAY) {
				ok = fail_tok(p, first,
					SY_INPUT_ERROR_UNSUPPORTED,
					"initialise the array with loops",
					"array initializers are not supported "
					"in the SCoP");
				break;
			}
			next(p);
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
			init->text = statement_text(start,
				&p->cur.toks[p->cur.pos - 1]);
			if (!init->text)
				init->text = g_strdup(var->name);
		}
	} while (sy_cursor_accept(&p->cur, SY_P_COMMA));
	type_clear(&type);
	return ok && expect(p, SY_P_SEMI, "at the end of the declaration");
}

static gboolean parse_block_items(Parser *p, SyNode *block,
	gboolean (*at_end)(Parser *p))
{
	while (!at_end(p)) {
		SyNode *child;

		if (starts_declaration(p) &&
		    !sy_token_is_punct(peek(p, 1), SY_P_LPAREN)) {
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

static gboolean at_rbrace(Parser *p)
{
	const SyToken *tok = peek(p, 0);

	return sy_token_is_punct(tok, SY_P_RBRACE) || tok->kind == SY_TOK_EOF;
}

static SyNode *parse_block(Parser *p)
{
	SyNode *block = node_new(SY_NODE_BLOCK, next(p));

	push_scope(p);
	if (!parse_block_items(p, block, at_rbrace) ||
	    !expect(p, SY_P_RBRACE, "to close the block")) {
		pop_scope(p);
		sy_node_free(block);
		return NULL;
	}
	pop_scope(p);
	return block;
}

/* for (init; cond; step): the step is +c or -c for a constant c > 0. */
static gboolean parse_step(Parser *p, SyNode *loop)
{
	const SyToken *tok = peek(p, 0), *name;
	gboolean prefix = FALSE;
	gint64 sign = 0, c = 1;
	static const char *const hint =
		"supported steps: i++, ++i, i--, --i, i += c, i -= c, "
		"i = i + c, i = i - c with a positive constant c";

	if (sy_token_is_punct(tok, SY_P_INC) ||
	    sy_token_is_punct(tok, SY_P_DEC)) {
		prefix = TRUE;
		sign = tok->punct == SY_P_INC ? 1 : -1;
		next(p);
	}
	name = next(p);
	if (name->kind != SY_TOK_IDENT || !sy_token_is(name,
		loop->iter->name))
		return fail_tok(p, name, SY_INPUT_ERROR_UNSUPPORTED, hint,
			"the loop step must update the iterator '%s'",
			loop->iter->name);
	tok = next(p);
	if (!prefix && (sy_token_is_punct(tok, SY_P_INC) ||
			sy_token_is_punct(tok, SY_P_DEC))) {
		sign = tok->punct == SY_P_INC ? 1 : -1;
	} else if (!prefix && (sy_token_is_punct(tok, SY_P_ADD_ASSIGN) ||
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
				return fail_expr(p, e,
					SY_INPUT_ERROR_UNSUPPORTED, hint,
					"unsupported loop step");
		}
		if (!sy_expr_eval_int(amount, &c, &err) || c <= 0) {
			g_clear_error(&err);
			return fail_expr(p, amount, SY_INPUT_ERROR_UNSUPPORTED,
				hint, "the loop step must be a positive "
				"integer constant");
		}
	} else if (!prefix) {
		return fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED, hint,
			"unsupported loop step");
	}
	loop->step = sign * c;
	return TRUE;
}

static SyNode *parse_for(Parser *p)
{
	const SyToken *kw = next(p), *name;
	SyNode *loop = node_new(SY_NODE_FOR, kw);
	SyType type = { 0 };
	SyVar *outer;

	push_scope(p);
	if (!expect(p, SY_P_LPAREN, "after 'for'"))
		goto failed;
	if (starts_declaration(p))
		parse_type(p, &type);
	name = peek(p, 0);
	if (name->kind != SY_TOK_IDENT ||
	    !sy_token_is_punct(peek(p, 1), SY_P_ASSIGN)) {
		fail_tok(p, name, SY_INPUT_ERROR_UNSUPPORTED,
			"write loops as 'for (int i = lb; i < ub; i++)'",
			"a for loop must start by assigning its iterator");
		goto failed;
	}
	{
		g_autofree char *iname = sy_token_dup_text(name);

		outer = lookup_name(p, iname);
	}
	if (!type.written) {
		if (!outer || outer->kind != SY_VAR_SCALAR || !outer->integer) {
			fail_tok(p, name, SY_INPUT_ERROR_SEMANTIC,
				"declare the iterator in the loop: "
				"'for (int i = ...'",
				outer ? "loop iterator '%.*s' is not an "
				"integer variable" : "loop iterator '%.*s' "
				"undeclared", (int)name->len, name->text);
			goto failed;
		}
		type.written = g_strdup(outer->type);
		type.base = g_strdup(outer->base_type);
		type.integer = TRUE;
	} else if (!type.integer) {
		fail_tok(p, name, SY_INPUT_ERROR_UNSUPPORTED,
			"loop iterators are integers",
			"loop iterator '%.*s' must have an integer type",
			(int)name->len, name->text);
		goto failed;
	}
	if (outer && outer->kind == SY_VAR_ITERATOR) {
		fail_tok(p, name, SY_INPUT_ERROR_UNSUPPORTED,
			"give every loop of the nest its own iterator",
			"iterator '%.*s' is already used by an enclosing loop",
			(int)name->len, name->text);
		goto failed;
	}
	next(p);
	next(p); /* = */
	/* The initial value is in the scope around the loop. */
	loop->init = parse_scop_expr(p);
	if (!loop->init || !expect(p, SY_P_SEMI, "after the loop's start"))
		goto failed;
	loop->iter = declare(p, new_var(&type, name, SY_VAR_ITERATOR));
	if (sy_token_is_punct(peek(p, 0), SY_P_SEMI)) {
		fail_tok(p, peek(p, 0), SY_INPUT_ERROR_UNSUPPORTED,
			"give the loop a bound, as in 'i < N'",
			"a for loop without a condition is not supported");
		goto failed;
	}
	loop->cond = parse_scop_expr(p);
	if (!loop->cond || !expect(p, SY_P_SEMI, "after the loop condition"))
		goto failed;
	if (!parse_step(p, loop) || !expect(p, SY_P_RPAREN,
		"after the loop step"))
		goto failed;
	loop->body = parse_stmt(p);
	if (!loop->body)
		goto failed;
	pop_scope(p);
	type_clear(&type);
	return loop;
failed:
	pop_scope(p);
	type_clear(&type);
	sy_node_free(loop);
	return NULL;
}

static SyNode *parse_if(Parser *p)
{
	SyNode *node = node_new(SY_NODE_IF, next(p));

	if (!expect(p, SY_P_LPAREN, "after 'if'"))
		goto failed;
	node->cond = parse_scop_expr(p);
	if (!node->cond || !expect(p, SY_P_RPAREN, "after the condition"))
		goto failed;
	node->then_node = parse_stmt(p);
	if (!node->then_node)
		goto failed;
	if (sy_token_is(peek(p, 0), "else")) {
		next(p);
		node->else_node = parse_stmt(p);
		if (!node->else_node)
			goto failed;
	}
	return node;
failed:
	sy_node_free(node);
	return NULL;
}

static SyNode *parse_stmt(Parser *p)
{
	const SyToken *tok = peek(p, 0);
	static const char *const banned[] = {
		"while", "do", "goto", "break", "continue", "return",
		"switch", "case", "default",
	};

	if (tok->kind == SY_TOK_PRAGMA) {
		next(p);
		if (tok->len == 4 && memcmp(tok->text, "scop", 4) == 0) {
			fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
				"close the SCoP with '#pragma endscop' first",
				"nested '#pragma scop'");
			return NULL;
		}
		if (tok->len == 7 && memcmp(tok->text, "endscop", 7) == 0) {
			fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
				"an if, for or block that starts inside the "
				"SCoP must end inside it",
				"'#pragma endscop' inside a statement");
			return NULL;
		}
		g_ptr_array_add(p->prog->pragmas, g_memdup2(tok,
			sizeof *tok));
		return node_new(SY_NODE_BLOCK, tok);
	}
	if (sy_token_is_punct(tok, SY_P_LBRACE))
		return parse_block(p);
	if (sy_token_is_punct(tok, SY_P_SEMI))
		return node_new(SY_NODE_BLOCK, next(p));
	if (sy_token_is(tok, "for"))
		return parse_for(p);
	if (sy_token_is(tok, "if"))
		return parse_if(p);
	for (guint i = 0; i < G_N_ELEMENTS(banned); i++)
		if (sy_token_is(tok, banned[i])) {
			fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED,
				unsupported_here, "'%s' is not supported in "
				"the SCoP", banned[i]);
			return NULL;
		}
	if (tok->kind == SY_TOK_IDENT &&
	    sy_token_is_punct(peek(p, 1), SY_P_COLON)) {
		fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED, unsupported_here,
			"labels are not supported in the SCoP");
		return NULL;
	}
	if (starts_declaration(p)) {
		fail_tok(p, tok, SY_INPUT_ERROR_UNSUPPORTED,
			"put the declaration in a block: '{ float t; ... }'",
			"a declaration is not a statement here");
		return NULL;
	}
	if (tok->kind == SY_TOK_EOF) {
		fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX, NULL,
			"expected a statement, found end of input");
		return NULL;
	}
	return parse_assignment(p);
}

static gboolean is_pragma(const SyToken *tok, const char *word)
{
	return tok->kind == SY_TOK_PRAGMA && tok->len == strlen(word) &&
	       memcmp(tok->text, word, tok->len) == 0;
}

static gboolean at_scop_end(Parser *p)
{
	const SyToken *tok = peek(p, 0);

	return is_pragma(tok, "endscop") || at_rbrace(p);
}

static gboolean has_statement(const SyNode *node)
{
	switch (node->kind) {
	case SY_NODE_STMT:
		return TRUE;
	case SY_NODE_BLOCK:
		for (guint i = 0; i < node->children->len; i++)
			if (has_statement(g_ptr_array_index(node->children,
				i)))
				return TRUE;
		return FALSE;
	case SY_NODE_FOR:
		return has_statement(node->body);
	case SY_NODE_IF:
		return has_statement(node->then_node) ||
		       (node->else_node && has_statement(node->else_node));
	default:
		return FALSE;
	}
}

static gboolean parse_scop(Parser *p)
{
	const SyToken *begin = next(p);
	SyNode *block;

	if (p->scop) {
		return fail_tok(p, begin, SY_INPUT_ERROR_UNSUPPORTED,
			"map one loop nest per file",
			"a second '#pragma scop' (the first is on line %u)",
			p->scop->loc.line);
	}
	if (!p->in_function)
		return fail_tok(p, begin, SY_INPUT_ERROR_SYNTAX,
			"put the SCoP inside a function body, such as main()",
			"'#pragma scop' outside a function");
	p->scop = begin;
	p->prog->begin = begin->loc;
	p->prog->function = sy_token_dup_text(p->function);
	block = node_new(SY_NODE_BLOCK, begin);
	p->prog->scop = block;
	push_scope(p);
	if (!parse_block_items(p, block, at_scop_end)) {
		pop_scope(p);
		return FALSE;
	}
	pop_scope(p);
	if (!is_pragma(peek(p, 0), "endscop"))
		return fail_tok(p, begin, SY_INPUT_ERROR_SYNTAX,
			"end the SCoP with '#pragma endscop' in the same "
			"block", "'#pragma scop' without a matching "
			"'#pragma endscop'");
	p->prog->end = next(p)->loc;
	if (!has_statement(block))
		return fail_tok(p, begin, SY_INPUT_ERROR_SEMANTIC,
			"put at least one assignment between the pragmas",
			"the SCoP is empty");
	return TRUE;
}

/* Outside the SCoP */

/* A function body, braces included: declarations are recorded, other
 * statements skipped, the SCoP parsed. */
static gboolean parse_function_body(Parser *p)
{
	int depth = 0;

	p->in_function = TRUE;
	do {
		const SyToken *tok = peek(p, 0);

		if (tok->kind == SY_TOK_EOF)
			break;
		if (sy_token_is_punct(tok, SY_P_LBRACE)) {
			next(p);
			push_scope(p);
			depth++;
		} else if (sy_token_is_punct(tok, SY_P_RBRACE)) {
			next(p);
			pop_scope(p);
			depth--;
		} else if (is_pragma(tok, "scop")) {
			if (!parse_scop(p))
				return FALSE;
		} else if (is_pragma(tok, "endscop")) {
			return fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
				"start the SCoP with '#pragma scop'",
				"'#pragma endscop' without '#pragma scop'");
		} else if (tok->kind == SY_TOK_PRAGMA) {
			next(p);
		} else if (sy_token_is(tok, "typedef")) {
			parse_typedef(p);
		} else if (starts_declaration(p) &&
			   !sy_token_is_punct(peek(p, 1), SY_P_LPAREN)) {
			if (!parse_outer_declaration(p))
				return FALSE;
		} else {
			const SyToken *before = peek(p, 0);

			skip_statement(p);
			if (peek(p, 0) == before)
				next(p);
		}
	} while (depth > 0 && !failed(p));
	p->in_function = FALSE;
	return !failed(p);
}

static gboolean parse_unit(Parser *p)
{
	while (!failed(p)) {
		const SyToken *tok = peek(p, 0);

		if (tok->kind == SY_TOK_EOF)
			break;
		if (is_pragma(tok, "scop")) {
			parse_scop(p);
		} else if (is_pragma(tok, "endscop")) {
			return fail_tok(p, tok, SY_INPUT_ERROR_SYNTAX,
				"start the SCoP with '#pragma scop'",
				"'#pragma endscop' without '#pragma scop'");
		} else if (sy_token_is(tok, "typedef")) {
			parse_typedef(p);
		} else if (starts_declaration(p)) {
			parse_outer_declaration(p);
		} else if (sy_token_is_punct(tok, SY_P_LBRACE)) {
			skip_braces(p);
		} else {
			skip_statement(p);
			if (peek(p, 0) == tok)
				next(p);
		}
	}
	return !failed(p);
}

void sy_program_free(SyProgram *prog)
{
	if (!prog)
		return;
	sy_node_free(prog->scop);
	g_ptr_array_unref(prog->vars);
	g_ptr_array_unref(prog->pragmas);
	g_free(prog->function);
	sy_preprocessed_free(prog->pp);
	g_free(prog);
}

SyProgram *sy_program_parse(SyPreprocessed *pp, GError **error)
{
	SyProgram *prog = g_new0(SyProgram, 1);
	Parser p = { 0 };
	GError *err = NULL;

	prog->pp = pp;
	prog->vars = g_ptr_array_new_with_free_func(var_free);
	prog->pragmas = g_ptr_array_new_with_free_func(g_free);
	p.prog = prog;
	p.error = &err;
	p.typedefs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
		g_free);
	p.scopes = g_ptr_array_new_with_free_func(
		(GDestroyNotify)g_hash_table_unref);
	sy_cursor_init(&p.cur, (const SyToken *)pp->tokens->data,
		pp->tokens->len, &err);
	p.cur.is_type = is_typedef_name;
	p.cur.user = &p;
	push_scope(&p);

	if (parse_unit(&p) && !p.scop) {
		SyLoc loc = sy_source_loc(pp->main, 0);

		sy_input_error_set(&err, SY_INPUT_ERROR_SYNTAX, &loc, 0,
			"mark the loop nest to map with a line '#pragma scop' "
			"before it and '#pragma endscop' after it",
			"no '#pragma scop' in this file");
	}
	g_hash_table_unref(p.typedefs);
	g_ptr_array_unref(p.scopes);
	if (err) {
		g_propagate_error(error, err);
		sy_program_free(prog);
		return NULL;
	}
	return prog;
}
