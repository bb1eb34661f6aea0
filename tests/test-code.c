/* Code (compute/code.h): expressions and their C, loops and their trip
 * counts, trees from isl's ASTs (the PE arrays of the examples), JSON
 * both ways with exact errors.  Expected texts were worked out by hand
 * from C's precedence and from the kernels' loops. */
#include <string.h>

#include <isl/ast_build.h>
#include <isl/options.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "compute/code-isl.h"
#include "compute/code-json.h"
#include "comm/module-code.h"
#include "compute/codegen.h"
#include "hls/hls-private.h"
#include "testutil.h"

#ifndef SYSTOLE_EXAMPLES_DIR
#error "SYSTOLE_EXAMPLES_DIR must be defined"
#endif

/* Statements print as calls: "S_0(c0, c1);", an argument that always
 * holds as "true". */
static void print_call(SyAstPrinter *p, const SyCode *stmt, gpointer data)
{
	(void)data;
	g_string_append_printf(p->out, "%s(", stmt->name);
	for (guint k = 0; k < stmt->args->len; k++) {
		const SyCodeExpr *e = g_ptr_array_index(stmt->args, k);

		if (k)
			g_string_append(p->out, ", ");
		if (e)
			sy_ast_print_expr(p, p->out, e, SY_AST_PREC_ANY);
		else
			g_string_append(p->out, "true");
	}
	g_string_append(p->out, ");\n");
}

static char *print_code(const SyCode *code, gboolean loop_braces)
{
	SyAstHooks hooks = {print_call, loop_braces};
	SyAstPrinter p;
	char *text;

	sy_ast_printer_init(&p, "", "  ", "int", &hooks, NULL);
	sy_ast_print_node(&p, code);
	text = g_strdup(p.out->str);
	sy_ast_printer_clear(&p);
	return text;
}

/* An expression printed where prec is needed (taken), and the helpers
 * it used. */
static char *print_expr(SyCodeExpr *e, int prec, guint *used)
{
	SyAstHooks hooks = {print_call, FALSE};
	SyAstPrinter p;
	GString *out = g_string_new(NULL);

	sy_ast_printer_init(&p, "", "  ", "int", &hooks, NULL);
	sy_ast_print_expr(&p, out, e, prec);
	if (used)
		*used = p.used;
	sy_ast_printer_clear(&p);
	sy_code_expr_free(e);
	return g_string_free(out, FALSE);
}

static SyCodeExpr *id(const char *name)
{
	return sy_code_expr_id(name);
}

static SyCodeExpr *num(gint64 v)
{
	return sy_code_expr_int(v);
}

static void check_expr(SyCodeExpr *e, int prec, const char *want)
{
	g_autofree char *got = print_expr(e, prec, NULL);

	g_assert_cmpstr(got, ==, want);
}

static void test_expr_print(void)
{
	SyCodeExpr *args[4];
	guint used = 0;
	g_autofree char *min = NULL, *floord = NULL;

	/* Left-associative: parentheses on the right only. */
	check_expr(sy_code_expr_op2(SY_CODE_OP_SUB, id("a"),
			   sy_code_expr_op2(SY_CODE_OP_SUB, id("b"), id("c"))),
		SY_AST_PREC_ANY, "a - (b - c)");
	check_expr(sy_code_expr_op2(SY_CODE_OP_SUB,
			   sy_code_expr_op2(SY_CODE_OP_SUB, id("a"), id("b")),
			   id("c")),
		SY_AST_PREC_ANY, "a - b - c");
	check_expr(sy_code_expr_op2(SY_CODE_OP_MUL, num(2),
			   sy_code_expr_op2(SY_CODE_OP_ADD, id("c0"), num(1))),
		SY_AST_PREC_ANY, "2 * (c0 + 1)");
	/* Never the decrement. */
	check_expr(sy_code_expr_op1(SY_CODE_OP_MINUS,
			   sy_code_expr_op1(SY_CODE_OP_MINUS, id("x"))),
		SY_AST_PREC_ANY, "- -x");
	check_expr(sy_code_expr_op1(SY_CODE_OP_MINUS, num(-3)), SY_AST_PREC_ANY,
		"- -3");
	check_expr(sy_code_expr_op2(SY_CODE_OP_AND,
			   sy_code_expr_op2(SY_CODE_OP_OR, id("a"), id("b")),
			   sy_code_expr_op2(SY_CODE_OP_GE, id("c"), num(0))),
		SY_AST_PREC_ANY, "(a || b) && c >= 0");
	check_expr(sy_code_expr_op3(SY_CODE_OP_SELECT,
			   sy_code_expr_op2(SY_CODE_OP_LT, id("a"), id("b")),
			   id("a"), id("b")),
		SY_AST_PREC_SUM, "(a < b ? a : b)");
	check_expr(sy_code_expr_op2(SY_CODE_OP_PDIV_R, id("c3"), num(8)),
		SY_AST_PREC_ATOM, "(c3 % 8)");
	check_expr(sy_code_expr_op2(SY_CODE_OP_EQ, id("c3"), num(8)),
		SY_AST_PREC_SUM, "(c3 == 8)");
	args[0] = id("a");
	args[1] = id("b");
	args[2] = num(-1);
	min = print_expr(sy_code_expr_op(SY_CODE_OP_MIN, 3, args),
		SY_AST_PREC_ATOM, &used);
	g_assert_cmpstr(min, ==, "sy_min(a, sy_min(b, -1))");
	g_assert_cmpuint(used, ==, SY_AST_USE_MIN);
	floord = print_expr(
		sy_code_expr_op2(SY_CODE_OP_FDIV_Q,
			sy_code_expr_op2(SY_CODE_OP_SUB, id("n"), num(1)),
			num(4)),
		SY_AST_PREC_ANY, &used);
	g_assert_cmpstr(floord, ==, "sy_floord(n - 1, 4)");
	g_assert_cmpuint(used, ==, SY_AST_USE_FLOORD);
	/* What statements of code read back may hold. */
	args[0] = id("f");
	args[1] = id("a");
	args[2] = sy_code_expr_op2(SY_CODE_OP_ADD, id("b"), num(1));
	check_expr(sy_code_expr_op(SY_CODE_OP_CALL, 3, args), SY_AST_PREC_ANY,
		"f(a, b + 1)");
	args[0] = id("A");
	args[1] = id("i");
	args[2] = id("j");
	check_expr(sy_code_expr_op(SY_CODE_OP_ACCESS, 3, args), SY_AST_PREC_ANY,
		"A[i][j]");
	check_expr(sy_code_expr_op2(SY_CODE_OP_MEMBER, id("s"), id("m")),
		SY_AST_PREC_ANY, "s.m");
	check_expr(sy_code_expr_op1(SY_CODE_OP_ADDRESS_OF, id("A")),
		SY_AST_PREC_ANY, "&A");
}

/* Arities are isl's; a wrong one gives NULL and frees the arguments
 * (valgrind sees them). */
static void test_expr_arity(void)
{
	SyCodeExpr *args[3] = {id("a"), id("b"), id("c")};

	g_assert_null(sy_code_expr_op(SY_CODE_OP_MINUS, 2, args));
	sy_code_expr_free(args[2]);
	args[0] = id("a");
	g_assert_null(sy_code_expr_op(SY_CODE_OP_MIN, 1, args));
	args[0] = id("a");
	args[1] = id("b");
	g_assert_null(sy_code_expr_op(SY_CODE_OP_SELECT, 2, args));
	g_assert_null(sy_code_expr_op2(SY_CODE_OP_ADD, id("a"), NULL));
	g_assert_true(sy_code_op_takes(SY_CODE_OP_MAX, 5));
	g_assert_false(sy_code_op_takes(SY_CODE_OP_MEMBER, 3));
	g_assert_true(sy_code_op_takes(SY_CODE_OP_CALL, 1));
	g_assert_false(sy_code_op_takes(SY_CODE_N_OPS, 2));
}

/* Every name maps back to its operation. */
static void test_op_names(void)
{
	for (guint i = 0; i < SY_CODE_N_OPS; i++)
		g_assert_cmpint(
			sy_code_op_from_name(sy_code_op_name(i)), ==, i);
	g_assert_cmpstr(sy_code_op_name(SY_CODE_OP_FDIV_Q), ==, "fdiv_q");
	g_assert_cmpstr(
		sy_code_op_name(SY_CODE_OP_ADDRESS_OF), ==, "address_of");
	g_assert_null(sy_code_op_name(SY_CODE_N_OPS));
	g_assert_cmpint(sy_code_op_from_name("plus"), ==, SY_CODE_N_OPS);
}

static SyCodeExpr *cond(SyCodeOp op, const char *it, SyCodeExpr *bound)
{
	return sy_code_expr_op2(op, id(it), bound);
}

static gint64 trip(gint64 init, SyCodeExpr *c, gint64 inc, gboolean degenerate)
{
	g_autoptr(SyCodeExpr) i = num(init);
	g_autoptr(SyCodeExpr) s = num(inc);
	gint64 n = sy_code_for_trip("c0", i, c, s, degenerate);

	sy_code_expr_free(c);
	return n;
}

static void test_for_trip(void)
{
	g_assert_cmpint(
		trip(0, cond(SY_CODE_OP_LE, "c0", num(15)), 1, 0), ==, 16);
	g_assert_cmpint(
		trip(0, cond(SY_CODE_OP_LT, "c0", num(16)), 1, 0), ==, 16);
	g_assert_cmpint(
		trip(0, cond(SY_CODE_OP_LE, "c0", num(15)), 2, 0), ==, 8);
	g_assert_cmpint(
		trip(1, cond(SY_CODE_OP_LT, "c0", num(16)), 5, 0), ==, 3);
	g_assert_cmpint(
		trip(-4, cond(SY_CODE_OP_LE, "c0", num(-4)), 1, 0), ==, 1);
	g_assert_cmpint(
		trip(5, cond(SY_CODE_OP_LE, "c0", num(3)), 1, 0), ==, 0);
	g_assert_cmpint(
		trip(7, cond(SY_CODE_OP_LE, "c0", num(7)), 1, 1), ==, 1);
	/* Not plain: a parameter, another iterator, a step of 0, a
	 * comparison isl does not write for an upper bound. */
	g_assert_cmpint(
		trip(0, cond(SY_CODE_OP_LE, "c0", id("N")), 1, 0), ==, -1);
	g_assert_cmpint(
		trip(0, cond(SY_CODE_OP_LE, "c1", num(3)), 1, 0), ==, -1);
	g_assert_cmpint(
		trip(0, cond(SY_CODE_OP_LE, "c0", num(3)), 0, 0), ==, -1);
	g_assert_cmpint(
		trip(0, cond(SY_CODE_OP_GE, "c0", num(3)), 1, 0), ==, -1);
	/* 2^64 iterations do not fit; 2^63 - 1 do. */
	g_assert_cmpint(
		trip(G_MININT64, cond(SY_CODE_OP_LE, "c0", num(G_MAXINT64)), 1,
			0),
		==, -1);
	g_assert_cmpint(
		trip(0, cond(SY_CODE_OP_LT, "c0", num(G_MAXINT64)), 1, 0), ==,
		G_MAXINT64);
	g_assert_cmpint(
		trip(G_MININT64, cond(SY_CODE_OP_LT, "c0", num(G_MININT64)), 1,
			0),
		==, 0);
}

/* A tree with every kind of node: a mark, a pipelined loop over a
 * block with an unrolled loop, an if/else-if chain, a degenerate loop,
 * a loop with a step. */
static SyCode *sample_tree(void)
{
	SyCode *block = sy_code_block_new();
	SyCode *inner = sy_code_user_new("S_0");
	SyCode *unrolled, *chain, *loop, *once, *stepped;

	sy_code_user_add(inner, id("c1"));
	sy_code_user_add(inner, NULL);
	unrolled = sy_code_for_new("c2", num(0),
		cond(SY_CODE_OP_LE, "c2", num(1)), num(1), FALSE, inner);
	unrolled->pragma = SY_CODE_PRAGMA_UNROLL;
	chain = sy_code_if_new(cond(SY_CODE_OP_EQ, "c1", num(0)),
		sy_code_user_new("first"),
		sy_code_if_new(cond(SY_CODE_OP_GE, "c1", num(2)),
			sy_code_user_new("late"), sy_code_user_new("other")));
	sy_code_block_add(block, chain);
	sy_code_block_add(block, unrolled);
	loop = sy_code_for_new("c1", num(0), cond(SY_CODE_OP_LT, "c1", num(4)),
		num(1), FALSE, block);
	loop->pragma = SY_CODE_PRAGMA_PIPELINE;
	loop->ii = 2;
	once = sy_code_for_new("c3", num(5), cond(SY_CODE_OP_LE, "c3", num(5)),
		num(1), TRUE, sy_code_user_new("S_1"));
	stepped = sy_code_for_new("c4", num(0),
		cond(SY_CODE_OP_LE, "c4", id("N")), num(2), FALSE,
		sy_code_user_new("S_2"));
	block = sy_code_block_new();
	sy_code_block_add(block, loop);
	sy_code_block_add(block, once);
	sy_code_block_add(block, stepped);
	return sy_code_mark_new("array", block);
}

static void test_print_tree(void)
{
	static const char want_hls[] = "/* array */\n"
				       "for (int c1 = 0; c1 < 4; c1++) {\n"
				       "  #pragma HLS PIPELINE II=2\n"
				       "  if (c1 == 0)\n"
				       "    first();\n"
				       "  else if (c1 >= 2)\n"
				       "    late();\n"
				       "  else\n"
				       "    other();\n"
				       "  for (int c2 = 0; c2 <= 1; c2++) {\n"
				       "    #pragma HLS UNROLL\n"
				       "    S_0(c1, true);\n"
				       "  }\n"
				       "}\n"
				       "{\n"
				       "  const int c3 = 5;\n"
				       "\n"
				       "  S_1();\n"
				       "}\n"
				       "for (int c4 = 0; c4 <= N; c4 += 2) {\n"
				       "  S_2();\n"
				       "}\n";
	g_autoptr(SyCode) code = sample_tree();
	g_autofree char *hls = print_code(code, TRUE);
	g_autofree char *plain = print_code(code, FALSE);
	const char *tail = strstr(plain, "for (int c4");

	g_assert_cmpstr(hls, ==, want_hls);
	/* Without the HLS style, a loop of one statement and no pragma
	 * needs no braces; those with pragmas keep theirs. */
	g_assert_nonnull(tail);
	g_assert_cmpstr(
		tail, ==, "for (int c4 = 0; c4 <= N; c4 += 2)\n  S_2();\n");
	g_assert_nonnull(strstr(plain, "    #pragma HLS UNROLL\n"));
}

/* A host's tile loop isl left out (a path that moves data in one tile
 * of it): sy_code_at_value puts it back as a degenerate loop, which
 * the printer runs at the launch's tile only; sy_code_has_loop finds a
 * dimension's loop anywhere in a tree, degenerate ones included. */
static void test_at_value(void)
{
	static const char want[] = "{\n"
				   "  const int t2 = sy_l2;\n"
				   "\n"
				   "  if (t2 == 1) {\n"
				   "    T(0, 0, 1);\n"
				   "  }\n"
				   "}\n";
	SyCode *user = sy_code_user_new("T");
	g_autoptr(SyCode) code = NULL;
	g_autoptr(SyCode) tree = sample_tree();
	SyAstHooks hooks = {print_call, TRUE};
	SyAstPrinter p;

	sy_code_user_add(user, num(0));
	sy_code_user_add(user, num(0));
	sy_code_user_add(user, num(1));
	code = sy_code_at_value("t2", 1, user);
	g_assert_cmpint(code->kind, ==, SY_CODE_FOR);
	g_assert_true(code->degenerate);
	g_assert_cmpint(code->trip, ==, 1);
	g_assert_cmpint(sy_code_loop_dim(code), ==, 2);
	sy_ast_printer_init(&p, "", "  ", "int", &hooks, NULL);
	p.n_launch = 3;
	sy_ast_print_node(&p, code);
	g_assert_cmpstr(p.out->str, ==, want);
	sy_ast_printer_clear(&p);
	g_assert_true(sy_code_has_loop(code, 2));
	g_assert_false(sy_code_has_loop(code, 1));
	/* Below marks, blocks and ifs; c3 degenerate. */
	g_assert_true(sy_code_has_loop(tree, 1));
	g_assert_true(sy_code_has_loop(tree, 2));
	g_assert_true(sy_code_has_loop(tree, 3));
	g_assert_true(sy_code_has_loop(tree, 4));
	g_assert_false(sy_code_has_loop(tree, 0));
	g_assert_false(sy_code_has_loop(tree, 5));
	g_assert_false(sy_code_has_loop(NULL, 0));
}

static void test_copy_equal(void)
{
	g_autoptr(SyCode) a = sample_tree();
	g_autoptr(SyCode) b = sy_code_copy(a);
	SyCode *loop = g_ptr_array_index(b->body->children, 0);

	g_assert_true(sy_code_is_equal(a, b));
	g_assert_cmpint(loop->trip, ==, 4);
	loop->ii = 1;
	g_assert_false(sy_code_is_equal(a, b));
	loop->ii = 2;
	g_assert_true(sy_code_is_equal(a, b));
	/* The argument that always holds (NULL) is not a condition. */
	g_ptr_array_remove_index(
		((SyCode *)g_ptr_array_index(loop->body->children, 1))
			->body->args,
		1);
	g_assert_false(sy_code_is_equal(a, b));
	g_assert_true(sy_code_is_equal(NULL, NULL));
	g_assert_false(sy_code_is_equal(a, NULL));
}

/* The JSON of a small tree, exactly. */
static void test_json_text(void)
{
	static const char want[] =
		"{\"kind\":\"for\",\"iterator\":\"c0\",\"init\":0,"
		"\"cond\":{\"op\":\"le\",\"args\":[\"c0\",{\"op\":\"min\","
		"\"args\":[\"N\",15]}]},\"inc\":1,\"degenerate\":false,"
		"\"trip\":null,\"pragma\":\"pipeline\",\"ii\":1,\"body\":{"
		"\"kind\":\"user\",\"name\":\"S\",\"args\":[null,"
		"{\"op\":\"minus\",\"args\":[\"c0\"]},-9223372036854775808]}}";
	SyCodeExpr *args[] = {id("N"), num(15)};
	SyCode *user = sy_code_user_new("S");
	g_autoptr(SyCode) loop = NULL;
	g_autoptr(SyCode) back = NULL;
	JsonNode *node;
	g_autofree char *text = NULL;
	GError *error = NULL;

	sy_code_user_add(user, NULL);
	sy_code_user_add(user, sy_code_expr_op1(SY_CODE_OP_MINUS, id("c0")));
	sy_code_user_add(user, num(G_MININT64));
	loop = sy_code_for_new("c0", num(0),
		cond(SY_CODE_OP_LE, "c0",
			sy_code_expr_op(SY_CODE_OP_MIN, 2, args)),
		num(1), FALSE, user);
	loop->pragma = SY_CODE_PRAGMA_PIPELINE;
	loop->ii = 1;
	node = sy_code_to_json(loop);
	text = json_to_string(node, FALSE);
	json_node_unref(node);
	g_assert_cmpstr(text, ==, want);
	back = sy_code_from_json_text(text, -1, &error);
	g_assert_no_error(error);
	g_assert_true(sy_code_is_equal(loop, back));
}

static void check_json_error(const char *text, GQuark domain, const char *want)
{
	GError *error = NULL;
	SyCode *code = sy_code_from_json_text(text, -1, &error);

	g_assert_null(code);
	g_assert_nonnull(error);
	g_assert_cmpstr(error->message, ==, want);
	g_assert_true(error->domain == domain);
	g_error_free(error);
}

#define USER "{\"kind\":\"user\",\"name\":\"S\",\"args\":[]}"
#define FOR_HEAD                                                               \
	"{\"kind\":\"for\",\"iterator\":\"c0\",\"init\":0,\"cond\":{\"op\":"   \
	"\"le\",\"args\":[\"c0\",3]},\"inc\":1,\"degenerate\":false,"

static void test_json_errors(void)
{
	GQuark code = SY_CODE_ERROR, parse = JSON_PARSER_ERROR;

	check_json_error(
		"[]", code, "code: an array is not a node (an object)");
	check_json_error("{}", code, "code: no member \"kind\"");
	check_json_error("{\"kind\":\"while\"}", code,
		"code: \"kind\" is \"while\", not block, for, if, mark or "
		"user");
	check_json_error("{\"kind\":\"block\",\"children\":[" USER ",3]}", code,
		"code/children/1: an integer is not a node (an object)");
	check_json_error("{\"kind\":\"user\",\"name\":\"S\",\"args\":[],"
			 "\"line\":3}",
		code, "code: unknown member \"line\"");
	check_json_error("{\"kind\":\"mark\",\"mark\":\"x\"}", code,
		"code: no member \"body\"");
	check_json_error("{\"kind\":\"mark\",\"mark\":7,\"body\":" USER "}",
		code, "code: \"mark\" is an integer, not a string");
	check_json_error("{\"kind\":\"block\",\"children\":[{\"kind\":\"if\","
			 "\"cond\":{\"op\":\"lt\",\"args\":[1]},\"then\":" USER
			 "}]}",
		code, "code/children/0/cond: lt does not take 1 arguments");
	check_json_error("{\"kind\":\"if\",\"cond\":{\"op\":\"plus\",\"args\":"
			 "[1,2]},\"then\":" USER "}",
		code, "code/cond: \"op\" is not an operation (add, sub, ...)");
	check_json_error(
		"{\"kind\":\"if\",\"cond\":{\"op\":\"eq\",\"args\":"
		"[1,{\"op\":\"add\",\"args\":[1,true]}]},\"then\":" USER "}",
		code,
		"code/cond/args/1/args/1: a boolean is not an expression");
	check_json_error("{\"kind\":\"if\",\"cond\":null,\"then\":" USER "}",
		code, "code/cond: null is not an expression");
	check_json_error("{\"kind\":\"user\",\"name\":\"S\",\"args\":[1.5]}",
		code, "code/args/0: a number is not an expression");
	check_json_error(FOR_HEAD
		"\"trip\":5,\"pragma\":\"none\",\"body\":" USER "}",
		code, "code: \"trip\" is not 4, the loop's trip count");
	check_json_error(FOR_HEAD
		"\"trip\":4,\"pragma\":\"pipeline\",\"body\":" USER "}",
		code,
		"code: a pipeline needs \"ii\", an integer from 1 to "
		"4294967295");
	check_json_error(FOR_HEAD "\"trip\":4,\"pragma\":\"none\",\"ii\":1,"
				  "\"body\":" USER "}",
		code, "code: \"ii\" without a pipeline");
	check_json_error(FOR_HEAD
		"\"trip\":4,\"pragma\":\"dataflow\",\"body\":" USER "}",
		code,
		"code: \"pragma\" is \"dataflow\", not none, pipeline or "
		"unroll");
	check_json_error(FOR_HEAD "\"trip\":4,\"pragma\":\"none\",\"body\":[]}",
		code, "code/body: an array is not a node (an object)");
	/* JSON-GLib would wrap these around. */
	check_json_error("{\"kind\":\"user\",\"name\":\"S\",\"args\":["
			 "9223372036854775808]}",
		parse, "<data>:1:35: Parse error: an integer beyond 64 bits");
	check_json_error("{\"kind\":\"user\",\"name\":\"S\",\"args\":[1,\n"
			 "-9223372036854775809]}",
		parse, "<data>:2:1: Parse error: an integer beyond 64 bits");
}

/* The largest integers of 64 bits are read back; a larger one from isl
 * fails the conversion with an error on the context. */
static void test_isl_wide_int(void)
{
	isl_ctx *ctx = isl_ctx_alloc();
	isl_val *big;
	isl_ast_expr *expr;
	SyCodeExpr *e;

	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	expr = isl_ast_expr_from_val(isl_val_int_from_si(ctx, G_MININT64));
	e = sy_code_expr_from_isl(expr);
	g_assert_nonnull(e);
	g_assert_cmpint(e->value, ==, G_MININT64);
	sy_code_expr_free(e);
	isl_ast_expr_free(expr);
	big = isl_val_add_ui(isl_val_int_from_si(ctx, G_MAXINT64), 1);
	expr = isl_ast_expr_from_val(big);
	g_assert_null(sy_code_expr_from_isl(expr));
	g_assert_cmpint(isl_ctx_last_error(ctx), ==, isl_error_invalid);
	g_assert_cmpstr(isl_ctx_last_error_msg(ctx), ==,
		"an integer of more than 64 bits in generated code");
	isl_ast_expr_free(expr);
	isl_ctx_free(ctx);
}

/* A statement in a user callback's place. */
static SyCode *named_x(isl_ast_node *node, gpointer user)
{
	(void)node;
	(*(guint *)user)++;
	return sy_code_user_new("X");
}

/* Without an annotation, a user node is the call isl wrote; a callback
 * may say otherwise. */
static void test_isl_plain_calls(void)
{
	isl_ctx *ctx = isl_ctx_alloc();
	isl_union_map *sched = isl_union_map_read_from_str(
		ctx, "{ T[i, j] -> [i, j] : 0 <= i < 4 and 0 <= j <= i }");
	isl_ast_build *build = isl_ast_build_alloc(ctx);
	isl_ast_node *tree = isl_ast_build_node_from_schedule_map(build, sched);
	g_autoptr(SyCode) code = sy_code_from_isl(tree, NULL, NULL);
	g_autoptr(SyCode) other = NULL;
	g_autofree char *text = print_code(code, FALSE);
	guint calls = 0;

	g_assert_cmpstr(text, ==,
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= c0; c1++)\n"
		"    T(c0, c1);\n");
	g_assert_cmpint(code->trip, ==, 4);
	g_assert_cmpint(code->body->trip, ==, -1);
	other = sy_code_from_isl(tree, named_x, &calls);
	g_assert_cmpuint(calls, ==, 1);
	g_assert_cmpstr(other->body->body->name, ==, "X");
	g_assert_cmpuint(other->body->body->args->len, ==, 0);
	g_assert_null(sy_code_from_isl(NULL, NULL, NULL));
	isl_ast_node_free(tree);
	isl_ast_build_free(build);
	isl_ctx_free(ctx);
}

static SyPeArray *array_of(const SyAnalysis *a, guint candidate,
	const char *sizes, SyChoices **choices)
{
	g_autoptr(SyConfig) cfg = NULL;
	GError *error = NULL;
	SyPeArray *array;

	*choices = sy_choices_new(
		a, g_ptr_array_index(a->candidates, candidate), NULL);
	cfg = sy_config_new(*choices);
	if (sizes)
		g_assert_true(
			sy_config_apply_sa_sizes(cfg, *choices, sizes, &error));
	g_assert_no_error(error);
	array = sy_pe_array_new(*choices, cfg, &error);
	g_assert_no_error(error);
	return array;
}

/* Code printed as sy_codegen_loops prints it, one level in (the
 * kernel's statements through the codegen's own printer are what
 * codegen_body holds; here statements print as calls). */
static char *calls_text(const SyCode *code)
{
	SyAstHooks hooks = {print_call, FALSE};
	SyAstPrinter p;
	char *text;

	sy_ast_printer_init(&p, "", "  ", "int", &hooks, NULL);
	sy_ast_indent_more(&p);
	sy_ast_print_node(&p, code);
	text = g_strdup(p.out->str);
	sy_ast_printer_clear(&p);
	return text;
}

/* The PE array of mm.c (I = J = K = 4, tiles of 2, array [i,j]): the
 * marks, loops of 2 iterations each, and the statement with its three
 * iterators as expressions of the loop iterators. */
static void test_isl_mm(void)
{
	static const char *const mm4[] = {"I=4", "J=4", "K=4", NULL};
	static const char want[] =
		"  /* array_part[i,j,k] */\n"
		"  for (int c0 = 0; c0 <= 1; c0++)\n"
		"    for (int c1 = 0; c1 <= 1; c1++)\n"
		"      for (int c2 = 0; c2 <= 1; c2++)\n"
		"        /* space[i,j] */\n"
		"        for (int c3 = 0; c3 <= 1; c3++)\n"
		"          for (int c4 = 0; c4 <= 1; c4++)\n"
		"            /* time[k] */\n"
		"            for (int c5 = 0; c5 <= 1; c5++)\n"
		"              S0(2 * c0 + c3, 2 * c1 + c4, 2 * c2 + c5);\n";
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", mm4);
	g_autoptr(SyChoices) c = NULL;
	g_autoptr(SyPeArray) array = array_of(a, 3,
		"{kernel[]->space_time[3];kernel[]->array_part[2,2,2]}", &c);
	g_autoptr(SyCode) code = sy_codegen_code(array);
	g_autofree char *text = calls_text(code);
	const SyCode *node = code;
	guint loops = 0;

	g_assert_cmpstr(text, ==, want);
	while (node->kind != SY_CODE_USER) {
		if (node->kind == SY_CODE_FOR) {
			g_assert_cmpint(node->trip, ==, 2);
			g_assert_cmpint(node->pragma, ==, SY_CODE_PRAGMA_NONE);
			loops++;
		}
		node = node->body;
	}
	g_assert_cmpuint(loops, ==, 6);
	g_assert_cmpstr(node->name, ==, "S0");
	g_assert_cmpuint(node->args->len, ==, 3);
}

/* Every example's PE arrays (each candidate, untiled): code to JSON
 * text and back is the same tree, printed byte for byte as the loop
 * nest of `--emit c`. */
static void test_examples_round_trip(void)
{
	static const char *const names[] = {"conv.c", "dp.c", "fir.c", "gemm.c",
		"gemv.c", "lu.c", "mm.c", "mm_init.c", "mttkrp.c", "trmm.c",
		"ttm.c", "ttmc.c"};
	/* Under valgrind every stride-th dataflow of each example, from
	 * one that it has (every dataflow took 93 s there). */
	guint stride = sy_test_under_valgrind() ? sy_test_stride() : 1;
	guint trees = 0;

	for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
		g_autoptr(SyAnalysis) a = sy_test_example(
			SYSTOLE_EXAMPLES_DIR, names[i], NULL);

		for (guint k = i % stride % a->candidates->len;
			k < a->candidates->len; k += stride) {
			g_autoptr(SyChoices) c = NULL;
			g_autoptr(SyPeArray) array = array_of(a, k, NULL, &c);
			g_autoptr(SyCode) code = sy_codegen_code(array);
			JsonNode *node = sy_code_to_json(code);
			g_autofree char *json = json_to_string(node, FALSE);
			g_autoptr(SyCode) back = NULL;
			g_autofree char *want = sy_codegen_loops(
				array, "", "  ");
			g_autofree char *got = NULL;
			GError *error = NULL;

			json_node_unref(node);
			back = sy_code_from_json_text(json, -1, &error);
			g_assert_no_error(error);
			g_assert_true(sy_code_is_equal(code, back));
			got = sy_codegen_print(array, back, "", "  ");
			g_assert_cmpstr(got, ==, want);
			trees++;
		}
	}
	g_test_message("%u trees", trees);
	g_assert_cmpuint(trees, >=, G_N_ELEMENTS(names));
	if (stride == 1)
		g_assert_cmpuint(trees, ==, 75);
}

static SyCode *loop(
	const char *it, gint64 last, gboolean degenerate, SyCode *body)
{
	return sy_code_for_new(it, num(0), cond(SY_CODE_OP_LE, it, num(last)),
		num(1), degenerate, body);
}

/* The HLS modules' pragmas: the lanes' loop (schedule dimension 7 here)
 * unrolled, a loop with no real loop below pipelined (degenerate loops
 * and the lanes' loop are not real), the loops above nothing. */
static void test_hls_pragmas(void)
{
	SyCode *block = sy_code_block_new();
	SyCode *then_body = loop(
		"c6", 3, FALSE, loop("c7", 1, FALSE, sy_code_user_new("S_0")));
	SyCode *else_body = loop("c8", 1, TRUE, sy_code_user_new("S_1"));
	g_autoptr(SyCode) code = NULL;
	SyCode *guard = sy_code_if_new(
		cond(SY_CODE_OP_EQ, "c5", num(0)), then_body, else_body);
	SyCode *shallow = loop("t5", 3, FALSE, sy_code_user_new("S_2"));

	sy_code_block_add(block, guard);
	sy_code_block_add(block, shallow);
	code = loop("c4", 7, FALSE, sy_code_mark_new("pe", block));
	g_assert_cmpuint(sy_module_code_set_pragmas(code, 7), ==, 2);
	g_assert_cmpint(code->pragma, ==, SY_CODE_PRAGMA_NONE);
	g_assert_cmpint(then_body->pragma, ==, SY_CODE_PRAGMA_PIPELINE);
	g_assert_cmpuint(then_body->ii, ==, 1);
	g_assert_cmpint(then_body->body->pragma, ==, SY_CODE_PRAGMA_UNROLL);
	g_assert_cmpint(else_body->pragma, ==, SY_CODE_PRAGMA_NONE);
	g_assert_cmpint(shallow->pragma, ==, SY_CODE_PRAGMA_PIPELINE);
	/* Without lanes, c7 is the innermost real loop. */
	then_body->pragma = shallow->pragma = SY_CODE_PRAGMA_NONE;
	then_body->body->pragma = SY_CODE_PRAGMA_NONE;
	g_assert_cmpuint(sy_module_code_set_pragmas(code, -1), ==, 3);
	g_assert_cmpint(then_body->pragma, ==, SY_CODE_PRAGMA_NONE);
	g_assert_cmpint(then_body->body->pragma, ==, SY_CODE_PRAGMA_PIPELINE);
	g_assert_cmpint(shallow->pragma, ==, SY_CODE_PRAGMA_PIPELINE);
}

/* 40 statements, each in two nested loops, under nested guards: the
 * pragmas in one walk (a search below every loop took 2^40 steps). */
static void test_hls_pragmas_deep(void)
{
	SyCode *code = sy_code_user_new("S_0");

	for (guint n = 0; n < 40; n++) {
		SyCode *block = sy_code_block_new();

		sy_code_block_add(block, loop("c9", 1, FALSE, code));
		sy_code_block_add(block,
			loop("c8", 3, FALSE,
				loop("c9", 1, FALSE, sy_code_user_new("S_1"))));
		code = sy_code_if_new(
			cond(SY_CODE_OP_GE, "c1", num(n)), block, NULL);
	}
	g_assert_cmpuint(sy_module_code_set_pragmas(code, -1), ==, 41);
	sy_code_free(code);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/code/expr/print", test_expr_print);
	g_test_add_func("/code/expr/arity", test_expr_arity);
	g_test_add_func("/code/expr/op-names", test_op_names);
	g_test_add_func("/code/for/trip", test_for_trip);
	g_test_add_func("/code/print/tree", test_print_tree);
	g_test_add_func("/code/at-value", test_at_value);
	g_test_add_func("/code/copy-equal", test_copy_equal);
	g_test_add_func("/code/json/text", test_json_text);
	g_test_add_func("/code/json/errors", test_json_errors);
	g_test_add_func("/code/isl/wide-int", test_isl_wide_int);
	g_test_add_func("/code/isl/plain-calls", test_isl_plain_calls);
	g_test_add_func("/code/isl/mm", test_isl_mm);
	g_test_add_func(
		"/code/isl/examples-round-trip", test_examples_round_trip);
	g_test_add_func("/code/hls/pragmas", test_hls_pragmas);
	g_test_add_func("/code/hls/pragmas-deep", test_hls_pragmas_deep);
	return g_test_run();
}
