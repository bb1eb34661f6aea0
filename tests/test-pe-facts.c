/* The PE's facts (comm/pe-facts.h): per statement its accesses with
 * where each finds or puts its value, its computation as a template,
 * the PE's buffers, streams and lanes warning, exactly, for matrix
 * multiply (SIMD; results passed PE to PE), a temporary passed PE to PE,
 * a template with an iterator, a cast and an argument; the code's leaf
 * naming its statement; and every one through JSON and back. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "base/json-load.h"
#include "comm/design-json.h"
#include "comm/design.h"
#include "comm/module-code.h"
#include "comm/pe-facts-json.h"
#include "compute/code-json.h"

static const char *examples_dir;

/* A design with its code built, and what it stands on. */
/* The kernel text (or the example name when text is NULL) on the
 * array of space loops space with sizes as systole-cli's --tile,
 * --latency and --simd (NULL: none), with its code. */
static void make(SyTestDesign *m, const char *name, const char *text,
	const char *space, const char *tile, const char *latency,
	const char *simd)
{
	SyTestDesignSpec spec = {.dir = examples_dir, .name = name,
		.text = text, .space = space, .tile = tile,
		.latency = latency, .simd = simd, .code = TRUE};

	sy_test_design_init(m, &spec);
	g_assert_nonnull(m->design->pe_facts);
}

/* An access in short: "ref array w|r value path stream fifo buffer
 * lanes once reg forward at", "-" for none. */
static char *access_text(const SyPeAccess *a)
{
	return g_strdup_printf("%u %s %s %s %d %s %d %d %u %d %s %d %d",
		a->ref, a->array->name, a->write ? "w" : "r",
		sy_pe_value_name(a->value), a->path,
		a->stream ? a->stream : "-", a->fifo, a->buffer, a->lanes,
		a->once, a->reg ? a->reg : "-", a->forward, a->at);
}

static void assert_accesses(const SyPeStmt *s, const char *const *want)
{
	guint n = g_strv_length((char **)want);

	g_assert_cmpuint(s->accesses->len, ==, n);
	for (guint k = 0; k < n; k++) {
		g_autofree char *got = access_text(
			g_ptr_array_index(s->accesses, k));

		g_assert_cmpstr(got, ==, want[k]);
	}
}

/* A template in short: text as is, {aN} an access, {iN@P} an iterator
 * where the context binds at P, {name} a name. */
static char *template_text(const SyPeStmt *s)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < s->value->len; i++) {
		const SyPePiece *p = g_ptr_array_index(s->value, i);

		switch (p->kind) {
		case SY_PE_PIECE_TEXT: g_string_append(out, p->text); break;
		case SY_PE_PIECE_ACCESS:
			g_string_append_printf(out, "{a%u}", p->n);
			break;
		case SY_PE_PIECE_ITERATOR:
			g_string_append_printf(out, "{i%u@%d}", p->n, p->prec);
			break;
		case SY_PE_PIECE_NAME:
			g_string_append_printf(out, "{%s}", p->text);
			break;
		}
	}
	return g_string_free(out, FALSE);
}

static char *ops_text(const SyPeStmt *s)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < s->ops->len; i++) {
		const SyPeOp *op = g_ptr_array_index(s->ops, i);

		g_string_append_printf(
			out, "%s%s x%u", i ? ", " : "", op->op, op->count);
	}
	return g_string_free(out, FALSE);
}

static char *streams_text(const SyPeFacts *f)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < f->streams->len; i++) {
		const SyPeStream *st = g_ptr_array_index(f->streams, i);

		g_string_append_printf(out, "%s%d %s %s %s %u", i ? ", " : "",
			st->path, st->stem, st->in ? "in" : "out",
			st->array->name, st->lanes);
	}
	return g_string_free(out, FALSE);
}

static char *buffers_text(const SyPeFacts *f)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < f->buffers->len; i++) {
		const SyPeBuffer *buf = g_ptr_array_index(f->buffers, i);

		g_string_append_printf(out, "%s%s", i ? ", " : "",
			buf->array->name);
		for (guint d = 0; d < buf->n_dims; d++)
			g_string_append_printf(
				out, "[%" G_GINT64_FORMAT "]", buf->size[d]);
		for (guint d = 0; d < buf->n_partition; d++)
			g_string_append_printf(
				out, " banks on %u", buf->partition[d]);
	}
	return g_string_free(out, FALSE);
}

static void assert_stmt(const SyPeFacts *f, guint i, const char *name,
	guint n_iters, guint passed, const char *value, const char *ops)
{
	const SyPeStmt *s = g_ptr_array_index(f->stmts, i);
	g_autofree char *v = template_text(s);
	g_autofree char *o = ops_text(s);

	g_assert_cmpstr(s->name, ==, name);
	g_assert_cmpuint(s->n_iters, ==, n_iters);
	g_assert_cmpuint(s->passed, ==, passed);
	g_assert_cmpstr(v, ==, value);
	g_assert_cmpstr(o, ==, ops);
}

static void assert_instances(const SyPeFacts *f, guint i, gint64 n)
{
	const SyPeStmt *s = g_ptr_array_index(f->stmts, i);

	g_assert_cmpint(s->instances, ==, n);
}

static void assert_pe(const SyPeFacts *f, guint lanes, const char *buffers,
	const char *streams, const char *warning)
{
	g_autofree char *b = buffers_text(f);
	g_autofree char *s = streams_text(f);

	g_assert_cmpuint(f->lanes, ==, lanes);
	g_assert_cmpstr(b, ==, buffers);
	g_assert_cmpstr(s, ==, streams);
	g_assert_cmpstr(f->lanes_warning, ==, warning);
}

/* The facts as JSON text ({"facts": ...}). */
static char *facts_json(const SyPeFacts *facts)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autoptr(JsonNode) root = NULL;

	json_builder_begin_object(b);
	sy_pe_facts_add_json(b, facts);
	json_builder_end_object(b);
	root = json_builder_get_root(b);
	return json_to_string(root, TRUE);
}

/* Facts from JSON text ({"facts": ...}) on m's arrays and paths. */
static SyPeFacts *facts_from_text(
	const SyTestDesign *m, const char *text, GError **error)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o;

	g_assert_true(sy_json_load(parser, text, -1, NULL));
	o = json_node_get_object(json_parser_get_root(parser));
	return sy_pe_facts_from_json(json_object_get_member(o, "facts"),
		m->analysis->scop->arrays, m->design->paths->len, error);
}

/* JSON, back, and JSON again: the same text. */
static void assert_round_trip(const SyTestDesign *m)
{
	g_autofree char *text = facts_json(m->design->pe_facts);
	g_autofree char *again = NULL;
	GError *error = NULL;
	g_autoptr(SyPeFacts) back = facts_from_text(m, text, &error);

	g_assert_no_error(error);
	again = facts_json(back);
	g_assert_cmpstr(again, ==, text);
}

/* Matrix multiply, AutoSA's 2D array with SIMD: C kept in the PE
 * (from outside through its interior path, to the drain), A and B
 * streaming PE to PE two lanes a word, each in a register of its own. */
static void test_mm(void)
{
	static const char *const s0[] = {
		"0 C w local 3 C_drain 1 0 1 0 - 0 5",
		"1 C r local 0 C 1 0 1 0 - 0 2",
		"2 A r stream 1 A 0 -1 2 0 sy_w_A_2 1 -1",
		"3 B r stream 2 B 0 -1 2 0 sy_w_B_3 1 -1", NULL};
	SyTestDesign m;

	make(&m, "mm.c", NULL, "i,j", "i=16,j=16,k=16", "i=4,j=4", "k=2");
	assert_pe(m.design->pe_facts, 2, "C[4][4]",
		"0 C in C 1, 1 A in A 2, 1 A out A 2, 2 B in B 2, "
		"2 B out B 2, 3 C_drain out C 1",
		NULL);
	g_assert_cmpuint(m.design->pe_facts->stmts->len, ==, 1);
	assert_stmt(m.design->pe_facts, 0, "S0", 3, 0, "{a1} + {a2} * {a3}",
		"+ x1, * x1");
	assert_accesses(g_ptr_array_index(m.design->pe_facts->stmts, 0), s0);
	/* the original problem, 64^3, not the tiles */
	assert_instances(m.design->pe_facts, 0, 64 * 64 * 64);
	assert_round_trip(&m);
	sy_test_design_clear(&m);
}

/* Matrix multiply along k: C passes from PE to PE, the value read from
 * the previous PE passing on where the statement does not run; A and B
 * come to each PE from outside, an element at a time. */
static void test_mm_passed(void)
{
	static const char *const s0[] = {"0 C w stream 3 C 0 -1 1 0 - 0 -1",
		"1 C r stream 0 C 0 -1 1 0 - 0 -1",
		"2 A r fifo 1 A 0 -1 1 0 - 0 1",
		"3 B r fifo 2 B 0 -1 1 0 - 0 2", NULL};
	SyTestDesign m;

	make(&m, "mm.c", NULL, "k", "i=16,j=16", NULL, NULL);
	assert_pe(m.design->pe_facts, 0, "",
		"0 C in C 1, 1 A in A 1, 2 B in B 1, 3 C out C 1", NULL);
	assert_stmt(m.design->pe_facts, 0, "S0", 3, 1, "{a1} + {a2} * {a3}",
		"+ x1, * x1");
	assert_accesses(g_ptr_array_index(m.design->pe_facts->stmts, 0), s0);
	assert_round_trip(&m);
	sy_test_design_clear(&m);
}

/* SIMD along j of the 1D array on i, k: A, one element for both lanes,
 * read once at lane 0; C and B move an element per lane, which the
 * warning says, with B's layout hint. */
static void test_mm_lanes_warning(void)
{
	static const char *const s0[] = {"0 C w stream 3 C 0 -1 1 0 - 0 -1",
		"1 C r stream 0 C 0 -1 1 0 - 0 -1",
		"2 A r vector 1 A 0 -1 1 1 sy_w_A_2 0 2",
		"3 B r stream 2 B 0 -1 1 0 - 1 -1", NULL};
	SyTestDesign m;

	make(&m, "mm.c", NULL, "i,k", "i=16", "i=4", "j=2");
	assert_pe(m.design->pe_facts, 2, "",
		"0 C in C 1, 1 A in A 1, 2 B in B 1, 2 B out B 1, "
		"3 C out C 1",
		"SIMD on 'j' moves C and B through the PE's FIFOs an element "
		"per lane, so its pipeline starts an iteration every 2 "
		"cycles, not every cycle; B[j][k]: make dimension 0 the "
		"innermost, as B[k][j]");
	assert_accesses(g_ptr_array_index(m.design->pe_facts->stmts, 0), s0);
	assert_round_trip(&m);
	sy_test_design_clear(&m);
}

static const char scan[] = "#define N 24\n#define M 20\n"
			   "void scan(const float A[N][M], float S[N][M])\n"
			   "{\n#pragma scop\n{\nfloat t[N][M];\n"
			   "for (int i = 0; i < N; i++)\n"
			   "  for (int j = 0; j < M; j++) {\n"
			   "    if (i == 0)\n      t[i][j] = A[i][j];\n"
			   "    else\n"
			   "      t[i][j] = 0.5f * t[i - 1][j] + A[i][j];\n"
			   "    S[i][j] = t[i][j];\n  }\n}\n"
			   "#pragma endscop\n}\n";

/* A temporary passed PE to PE along i: each PE keeps its row of t,
 * takes t[i - 1][j] from the previous PE and gives the next its own
 * (the pass's FIFOs, path 0: the PE's streams list passes last); S
 * drains from the PEs' buffers. */
static void test_scan_passed(void)
{
	static const char *const s0[] = {"0 t w local 0 t 1 0 1 0 - 0 2",
		"1 A r fifo 1 A 0 -1 1 0 - 0 1", NULL};
	static const char *const s1[] = {"2 t w local 0 t 1 0 1 0 - 0 5",
		"3 t r local 0 t 1 0 1 0 - 0 1",
		"4 A r fifo 1 A 0 -1 1 0 - 0 4", NULL};
	static const char *const s2[] = {
		"5 S w local 2 S_drain 1 1 1 0 - 0 3",
		"6 t r local -1 - 0 0 1 0 - 0 1", NULL};
	const SyPeFacts *f;
	SyTestDesign m;

	make(&m, "scan.c", scan, "i", NULL, NULL, NULL);
	f = m.design->pe_facts;
	assert_pe(f, 0, "t[2][20], S[1][20]",
		"1 A in A 1, 2 S_drain out S 1, 0 t in t 1, 0 t out t 1",
		NULL);
	assert_stmt(f, 0, "S0", 2, 0, "{a1}", "");
	assert_stmt(f, 1, "S1", 2, 0, "0.5f * {a1} + {a2}", "+ x1, * x1");
	assert_stmt(f, 2, "S2", 2, 0, "{a1}", "");
	assert_accesses(g_ptr_array_index(f->stmts, 0), s0);
	assert_accesses(g_ptr_array_index(f->stmts, 1), s1);
	assert_accesses(g_ptr_array_index(f->stmts, 2), s2);
	assert_round_trip(&m);
	sy_test_design_clear(&m);
}

static const char halved[] = "#define N 16\n"
			     "float x[N], z[N], y[N][N], t[N][N];\n"
			     "void halved(void)\n{\n#pragma scop\n"
			     "for (int i = 0; i < N; i++)\n"
			     "  for (int j = 0; j < N; j++) {\n"
			     "    if (j <= i)\n"
			     "      t[i][j] = 3.0f * x[i];\n"
			     "    if (2 * j <= i)\n"
			     "      y[i][j] = 2.0f * z[i];\n"
			     "  }\n"
			     "#pragma endscop\n}\n";

/* A statement's instances in the original problem: N(N+1)/2 for the
 * triangle; unknown (-1) under 2j <= i, a bound with the coefficient 2
 * on j, which is not counted exactly (poly/count.h); both through
 * JSON.  (Strided loops never get here: the backend refuses them.) */
static void test_instances(void)
{
	SyTestDesign m;

	make(&m, "halved.c", halved, "i", NULL, NULL, NULL);
	g_assert_cmpuint(m.design->pe_facts->stmts->len, ==, 2);
	assert_instances(m.design->pe_facts, 0, 16 * 17 / 2);
	assert_instances(m.design->pe_facts, 1, -1);
	assert_round_trip(&m);
	sy_test_design_clear(&m);
}

static const char scaled[] = "#define N 16\n"
			     "float x[N], y[N];\nfloat s;\n"
			     "void scaled(void)\n{\n#pragma scop\n"
			     "for (int i = 0; i < N; i++)\n"
			     "  y[i] = (float)(i + 1) * x[i] - -s;\n"
			     "#pragma endscop\n}\n";

/* Iterators go in slots with the binding their place needs, casts and
 * literals stay text, an argument is a slot the printer fills with its
 * name; the operations counted. */
static void test_template(void)
{
	static const char *const s0[] = {"0 y w local 1 y_drain 1 0 1 0 - 0 2",
		"1 x r fifo 0 x 0 -1 1 0 - 0 1",
		"2 s r argument -1 - 0 -1 1 0 - 0 -1",
		NULL};
	const SyPeFacts *f;
	SyTestDesign m;

	make(&m, "scaled.c", scaled, "i", "i=4", NULL, NULL);
	f = m.design->pe_facts;
	assert_stmt(f, 0, "S0", 1, 0, "(float)({i0@12} + 1) * {a1} - -{a2}",
		"- x1, * x1, (float) x1, + x1, unary - x1");
	assert_accesses(g_ptr_array_index(f->stmts, 0), s0);
	assert_round_trip(&m);
	sy_test_design_clear(&m);
}

/* The leaves of the PE's code name their statement by its index, which
 * JSON keeps. */
static gboolean leaves_named(const SyCode *c, const SyPeFacts *f)
{
	switch (c->kind) {
	case SY_CODE_USER:
		return c->stmt >= 0 && (guint)c->stmt < f->stmts->len &&
			strcmp(((const SyPeStmt *)g_ptr_array_index(
					f->stmts, c->stmt))
					->name,
				c->name) == 0;
	case SY_CODE_BLOCK:
		for (guint i = 0; i < c->children->len; i++)
			if (!leaves_named(c->children->pdata[i], f))
				return FALSE;
		return TRUE;
	case SY_CODE_IF:
		return leaves_named(c->body, f) &&
			(!c->else_body || leaves_named(c->else_body, f));
	default: return leaves_named(c->body, f);
	}
}

static void test_leaf_index(void)
{
	SyTestDesign m;
	g_autoptr(JsonNode) node = NULL;
	g_autoptr(SyCode) back = NULL;
	g_autofree char *text = NULL;
	GError *error = NULL;

	make(&m, "scan.c", scan, "i", NULL, NULL, NULL);
	g_assert_true(leaves_named(m.design->pe->code, m.design->pe_facts));
	node = sy_code_to_json(m.design->pe->code);
	text = json_to_string(node, FALSE);
	g_assert_nonnull(strstr(text, "\"name\":\"S1\",\"stmt\":1,"));
	back = sy_code_from_json_text(text, -1, &error);
	g_assert_no_error(error);
	g_assert_true(sy_code_is_equal(back, m.design->pe->code));
	sy_test_design_clear(&m);
	/* An index is a natural number. */
	g_assert_null(sy_code_from_json_text("{\"kind\":\"user\",\"name\":"
					     "\"S\",\"stmt\":-1,\"args\":[]}",
		-1, &error));
	g_assert_error(error, SY_CODE_ERROR, SY_CODE_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==,
		"code: \"stmt\" is not a statement's index");
	g_error_free(error);
}

static void assert_refused(const SyTestDesign *m, const char *from, const char *to,
	const char *want)
{
	g_autofree char *text = facts_json(m->design->pe_facts);
	g_autofree char *bad = NULL;
	GError *error = NULL;
	SyPeFacts *facts;
	char *at = strstr(text, from);

	g_assert_nonnull(at);
	*at = '\0';
	bad = g_strconcat(text, to, at + strlen(from), NULL);
	facts = facts_from_text(m, bad, &error);
	g_assert_null(facts);
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==, want);
	g_error_free(error);
}

static const char rows[] =
	"#define B 4\n#define N 6\n#define W 5\n"
	"void rows(int X[B][W], int Y[B][W], const int A[N][2 * N + W])\n"
	"{\n#pragma scop\n"
	"    for (int b = 0; b < B; b++)\n"
	"        for (int i = 0; i < N; i++)\n"
	"            for (int j = 2 * i; j < 2 * i + W; j++) {\n"
	"                X[b][j - 2 * i] = X[b][j - 2 * i] * 3 + A[i][j] + b;\n"
	"                Y[b][j - 2 * i] = Y[b][j - 2 * i] - A[i][j] * 2;\n"
	"            }\n"
	"#pragma endscop\n}\n";

/* The delays of a statement's accesses, "delay@along" each, "-" for
 * none. */
static char *delays_text(const SyPeStmt *s)
{
	GString *out = g_string_new(NULL);

	for (guint k = 0; k < s->accesses->len; k++) {
		const SyPeAccess *a = g_ptr_array_index(s->accesses, k);

		if (k)
			g_string_append_c(out, ' ');
		if (a->delay)
			g_string_append_printf(out, "%u@%u", a->delay, a->along);
		else
			g_string_append_c(out, '-');
	}
	return g_string_free(out, FALSE);
}

/* The FIFOs of array x: "count name from>to", comma-separated. */
static char *fifos_text(const SyDesign *d, const char *x)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < d->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(d->fifos, i);

		if (!g_str_equal(f->plain_array->name, x))
			continue;
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT " %s %s>%s",
			out->len ? ", " : "", f->count, f->name, f->from->name,
			f->to->name);
	}
	return g_string_free(out, FALSE);
}

/* Values passed along diagonals of slope 2 (tests/hls/kernels/
 * delay_rows.c) on [i]: X and Y stream PE to PE, their reads two steps
 * of j behind the previous PE (delay 2 along the PE coordinate 0),
 * each statement its own, on the FIFOs a value passed at the same step
 * would take (one between two PEs); through JSON (the members only on
 * them), and what reading refuses of them. */
static void test_delayed(void)
{
	static const char *const s0[] = {"0 X w stream 3 X 0 -1 1 0 - 0 -1",
		"1 X r stream 0 X 0 -1 1 0 - 0 -1",
		"2 A r fifo 1 A 0 -1 1 0 - 0 1", NULL};
	static const char *const s1[] = {"3 Y w stream 4 Y 0 -1 1 0 - 0 -1",
		"4 Y r stream 2 Y 0 -1 1 0 - 0 -1",
		"5 A r fifo 1 A 0 -1 1 0 - 0 1", NULL};
	const SyPeFacts *f;
	g_autofree char *d0 = NULL, *d1 = NULL, *json = NULL, *fifos = NULL;
	SyTestDesign m;

	make(&m, "rows.c", rows, "i", NULL, NULL, NULL);
	f = m.design->pe_facts;
	assert_pe(f, 0, "",
		"0 X in X 1, 1 A in A 1, 2 Y in Y 1, 3 X out X 1, "
		"4 Y out Y 1",
		NULL);
	assert_accesses(g_ptr_array_index(f->stmts, 0), s0);
	assert_accesses(g_ptr_array_index(f->stmts, 1), s1);
	d0 = delays_text(g_ptr_array_index(f->stmts, 0));
	d1 = delays_text(g_ptr_array_index(f->stmts, 1));
	g_assert_cmpstr(d0, ==, "- 2@0 -");
	g_assert_cmpstr(d1, ==, "- 2@0 -");
	fifos = fifos_text(m.design, "X");
	g_assert_cmpstr(fifos, ==,
		"5 fifo_X_PE PE>PE, "
		"1 fifo_X_X_IO_L2_in X_IO_L3_in>X_IO_L2_in_boundary, "
		"1 fifo_X_PE X_IO_L2_in_boundary>PE, "
		"1 fifo_X_X_IO_L2_out X_IO_L2_out_boundary>X_IO_L3_out, "
		"1 fifo_X_PE PE>X_IO_L2_out_boundary");
	json = facts_json(f);
	g_assert_nonnull(strstr(json, "\"delay\" : 2,\n"));
	g_assert_null(strstr(json, "\"delay\" : 0"));
	assert_round_trip(&m);
	assert_refused(&m, "\"delay\" : 2,", "",
		"facts/statements/0/accesses/1: \"delay\" and \"along\" "
		"come together");
	assert_refused(&m, "\"delay\" : 2,", "\"delay\" : 0,",
		"facts/statements/0/accesses/1: \"delay\" is 0, not from 1 to "
		"4294967295");
	assert_refused(&m, "\"value\" : \"stream\",\n            \"path\" : 0",
		"\"value\" : \"fifo\",\n            \"path\" : 0",
		"facts/statements/0/accesses/1: \"delay\" on an access that "
		"is not a stream read");
	sy_test_design_clear(&m);
}

/* The second paths of a statement's writes: "path:stream" where the
 * value also goes on along one, "-" elsewhere. */
static char *also_text(const SyPeFacts *f)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < f->stmts->len; i++) {
		const SyPeStmt *s = g_ptr_array_index(f->stmts, i);

		for (guint k = 0; k < s->accesses->len; k++) {
			const SyPeAccess *a = g_ptr_array_index(s->accesses, k);

			if (!a->write)
				continue;
			g_string_append_printf(
				out, "%s%s ", out->len ? " " : "", s->name);
			if (a->also >= 0)
				g_string_append_printf(
					out, "%d:%s", a->also, a->also_stream);
			else
				g_string_append_c(out, '-');
		}
	}
	return g_string_free(out, FALSE);
}

/* lu.c on [k, i]: Up passed along k (Up_0: Up[k - 1][i][j], read by
 * S1) and along i (Up_1: Up[k][i - 1][j], read by S4).  S4's value goes
 * on along both, the first through its FIFO, the second as also; S2's
 * (i == k) along i only, so through also alone.  Through JSON (the
 * members only on them), and what reading refuses of them. */
static void test_passes(void)
{
	const SyPeFacts *f;
	g_autofree char *also = NULL, *json = NULL;
	SyTestDesign m;

	make(&m, "lu.c", NULL, "k,i", NULL, NULL, NULL);
	f = m.design->pe_facts;
	also = also_text(f);
	g_assert_cmpstr(
		also, ==, "S0 - S1 - S2 4:Up_1 S3 - S4 4:Up_1 S5 - S6 - S7 -");
	json = facts_json(f);
	g_assert_nonnull(strstr(json,
		"\"stream\" : \"Up_0\",\n            \"fifo\" : true,\n"
		"            \"buffer\" : 2,\n            \"lanes\" : 1,\n"
		"            \"once\" : false,\n            \"reg\" : null,\n"
		"            \"forward\" : false,\n            \"at\" : 5,\n"
		"            \"also\" : 4,\n            \"also_stream\" : "
		"\"Up_1\"\n"));
	assert_round_trip(&m);
	assert_refused(&m,
		"\"also\" : 4,\n            \"also_stream\" : "
		"\"Up_1\"\n          },\n          {\n"
		"            \"ref\" : 7",
		"\"also_stream\" : \"Up_1\"\n          },\n          {\n"
		"            \"ref\" : 7",
		"facts/statements/2/accesses/0: \"also\" and "
		"\"also_stream\" come together");
	assert_refused(&m, "\"also\" : 4,", "\"also\" : 9,",
		"facts/statements/2/accesses/0: \"also\" is 9, not from 0 "
		"to 5");
	sy_test_design_clear(&m);
}

/* The keep and drain of a statement's accesses: "k" a kept read,
 * "path:stream" a drained write, "-" neither. */
static char *edges_text(const SyPeStmt *s)
{
	GString *out = g_string_new(NULL);

	for (guint k = 0; k < s->accesses->len; k++) {
		const SyPeAccess *a = g_ptr_array_index(s->accesses, k);

		if (k)
			g_string_append_c(out, ' ');
		if (a->keep)
			g_string_append_c(out, 'k');
		else if (a->drain >= 0)
			g_string_append_printf(
				out, "%d:%s", a->drain, a->drain_stream);
		else
			g_string_append_c(out, '-');
	}
	return g_string_free(out, FALSE);
}

/* dp.c's edit distance on [i]: D kept in the PE (its row and the row
 * above), D[i - 1][j] from the previous PE's FIFO (path 0, D_0), kept
 * in the buffer where D[i - 1][j - 1] finds it a step later; the
 * table's edges from each PE's interior path (3, D_1) where they come
 * from outside; every value written drained (4, D_drain) and passed to
 * the next PE (D_0's FIFO out).  Through JSON (the members only on
 * them), and what reading refuses of them. */
static void test_edges(void)
{
	static const char *const s0[] = {"0 D w local 0 D_0 1 0 1 0 - 0 11",
		"1 D r local 0 D_0 1 0 1 0 - 0 1",
		"2 D r local 3 D_1 1 0 1 0 - 0 4",
		"3 D r local 3 D_1 1 0 1 0 - 0 7",
		"4 a r fifo 1 a 0 -1 1 0 - 0 10",
		"5 b r stream 2 b 0 -1 1 0 - 1 -1", NULL};
	const SyPeFacts *f;
	g_autofree char *e = NULL, *json = NULL;
	SyTestDesign m;

	make(&m, "dp.c", NULL, "i", NULL, NULL, NULL);
	f = m.design->pe_facts;
	assert_pe(f, 0, "D[2][49]",
		"0 D_0 in D 1, 0 D_0 out D 1, 1 a in a 1, 2 b in b 1, "
		"2 b out b 1, 3 D_1 in D 1, 4 D_drain out D 1",
		NULL);
	assert_accesses(g_ptr_array_index(f->stmts, 0), s0);
	e = edges_text(g_ptr_array_index(f->stmts, 0));
	g_assert_cmpstr(e, ==, "4:D_drain k - - - -");
	json = facts_json(f);
	g_assert_nonnull(strstr(json, "\"keep\" : true\n"));
	g_assert_nonnull(strstr(json,
		"\"drain\" : 4,\n            \"drain_stream\" : "
		"\"D_drain\"\n"));
	g_assert_null(strstr(json, "\"keep\" : false"));
	assert_round_trip(&m);
	assert_refused(&m, "\"drain\" : 4,", "",
		"facts/statements/0/accesses/0: \"drain\" and "
		"\"drain_stream\" come together");
	assert_refused(&m, "\"drain\" : 4,", "\"drain\" : 9,",
		"facts/statements/0/accesses/0: \"drain\" is 9, not from 0 "
		"to 4");
	assert_refused(&m, "\"keep\" : true", "\"keep\" : 1",
		"facts/statements/0/accesses/1: \"keep\" is an integer, not a "
		"boolean");
	assert_refused(&m,
		"\"fifo\" : true,\n            \"buffer\" : 0,\n"
		"            \"lanes\" : 1,\n            \"once\" : "
		"false,\n            \"reg\" : null,\n            "
		"\"forward\" : false,\n            \"at\" : 1,\n"
		"            \"keep\"",
		"\"fifo\" : false,\n            \"buffer\" : 0,\n"
		"            \"lanes\" : 1,\n            \"once\" : "
		"false,\n            \"reg\" : null,\n            "
		"\"forward\" : false,\n            \"at\" : 1,\n"
		"            \"keep\"",
		"facts/statements/0/accesses/1: \"keep\" on an access that is "
		"not a local read through a FIFO");
	sy_test_design_clear(&m);
}

/* What reading refuses, with where. */
static void test_json_errors(void)
{
	SyTestDesign m;

	make(&m, "mm.c", NULL, "k", "i=16,j=16", NULL, NULL);
	assert_refused(&m, "\"value\" : \"fifo\"", "\"value\" : \"pipe\"",
		"facts/statements/0/accesses/2: \"value\" is \"pipe\", not "
		"argument, stream, local, fifo or vector");
	assert_refused(&m, "\"array\" : \"B\"", "\"array\" : \"Z\"",
		"facts/streams/2: no array \"Z\" in the design");
	assert_refused(&m, "\"passed\" : 1", "\"passed\" : 4",
		"facts/statements/0: \"passed\" is 4, not from 0 to 3");
	assert_refused(&m, "\"instances\" : 262144", "\"instances\" : -2",
		"facts/statements/0: \"instances\" is -2, not from -1 to "
		"9223372036854775807");
	assert_refused(&m, "\"instances\" : 262144", "\"instance\" : 1",
		"facts/statements/0: no member \"instances\"");
	assert_refused(&m, "\"access\" : 3", "\"access\" : 3, \"x\" : 1",
		"facts/statements/0/value/4: unknown member \"x\"");
	assert_refused(&m, "\"path\" : 3,", "\"path\" : 9,",
		"facts/streams/3: \"path\" is 9, not from 0 to 3");
	assert_refused(&m, "\"lanes_warning\" : null", "\"lanes_warnings\" : null",
		"facts: no member \"lanes_warning\"");
	sy_test_design_clear(&m);
}

/* The requests access a reads from its leaf (see pe-facts.h). */
static guint requests_of(const SyPeAccess *a)
{
	if (a->value == SY_PE_VALUE_LOCAL)
		return a->array->n_dims + (a->fifo ? 1 : 0) +
			(a->drain >= 0 ? 1 : 0);
	return !a->write && (a->value == SY_PE_VALUE_FIFO ||
				    a->value == SY_PE_VALUE_VECTOR)
		? 1
		: 0;
}

/* Each leaf of the PE's code has its statement's iterators, the guard,
 * the lane with lanes, then its accesses' requests, each where its
 * "at" says, without gaps or overlaps. */
static void assert_leaves(const SyCode *c, const SyPeFacts *f, guint *n)
{
	const SyPeStmt *s;
	guint first = f->lanes ? 2 : 1, total = first;
	g_autofree gboolean *used = NULL;

	switch (c->kind) {
	case SY_CODE_BLOCK:
		for (guint i = 0; i < c->children->len; i++)
			assert_leaves(c->children->pdata[i], f, n);
		return;
	case SY_CODE_IF:
		assert_leaves(c->body, f, n);
		if (c->else_body)
			assert_leaves(c->else_body, f, n);
		return;
	case SY_CODE_FOR:
	case SY_CODE_MARK: assert_leaves(c->body, f, n); return;
	case SY_CODE_USER: break;
	}
	(*n)++;
	g_assert_cmpint(c->stmt, >=, 0);
	g_assert_cmpint(c->stmt, <, (int)f->stmts->len);
	s = g_ptr_array_index(f->stmts, c->stmt);
	g_assert_cmpstr(s->name, ==, c->name);
	for (guint k = 0; k < s->accesses->len; k++)
		total += requests_of(g_ptr_array_index(s->accesses, k));
	g_assert_cmpuint(c->args->len, ==, s->n_iters + total);
	used = g_new0(gboolean, total);
	for (guint k = 0; k < s->accesses->len; k++) {
		const SyPeAccess *a = g_ptr_array_index(s->accesses, k);
		guint r = requests_of(a);

		g_assert_cmpint(a->at, ==, r ? a->at : -1);
		for (guint i = 0; i < r; i++) {
			g_assert_cmpint(a->at + (int)i, >=, (int)first);
			g_assert_cmpint(a->at + (int)i, <, (int)total);
			g_assert_false(used[a->at + i]);
			used[a->at + i] = TRUE;
		}
	}
	for (guint i = first; i < total; i++)
		g_assert_true(used[i]);
}

/* Every dataflow of every example the backend takes, tiled a third and
 * one along each loop: the leaves agree with the facts, whose JSON
 * reads back to the same text, also from design.json's "pe". */
static void test_examples(void)
{
	static const char *const names[] = {"conv.c", "dp.c", "fir.c", "gemm.c",
		"gemv.c", "lu.c", "mm.c", "mm_init.c", "mttkrp.c", "trmm.c",
		"ttm.c", "ttmc.c"};
	/* Under valgrind, every stride-th dataflow of the odd examples
	 * (test-design takes the even ones). */
	guint stride = sy_test_stride();
	guint designs = 0, leaves = 0;

	for (guint e = 0; e < G_N_ELEMENTS(names); e++) {
		g_autofree char *path = g_build_filename(
			examples_dir, names[e], NULL);
		SyAnalysisOptions ao = {NULL, NULL, 2, 0, FALSE};
		GError *error = NULL;
		g_autoptr(SyAnalysis) a = NULL;

		if (!sy_test_takes_example(e, 1))
			continue;
		a = sy_analysis_new_from_file(path, &ao, &error);
		g_assert_no_error(error);
		for (guint c = sy_test_first_dataflow(e, a->candidates->len);
			c < a->candidates->len; c += stride) {
			SyTestDesign m = {NULL, NULL, NULL, NULL};
			g_autoptr(SyConfig) cfg = NULL;
			g_autoptr(JsonNode) root = NULL;
			g_autofree char *text = NULL, *again = NULL;
			g_autoptr(SyPeFacts) back = NULL;

			m.choices = sy_choices_new(
				a, g_ptr_array_index(a->candidates, c), NULL);
			cfg = sy_config_new(m.choices);
			for (guint k = 0; k < cfg->n_members; k++)
				cfg->tile[k] = cfg->tile[k] / 3 + 1;
			m.array = sy_pe_array_new(m.choices, cfg, &error);
			g_assert_no_error(error);
			m.design = sy_design_new(m.array, NULL, &error);
			g_assert_no_error(error);
			if (!sy_design_build_code(m.design, &error)) {
				/* Refused by the backend: no facts. */
				g_assert_null(m.design->pe_facts);
				g_clear_error(&error);
				sy_test_design_clear(&m);
				continue;
			}
			designs++;
			for (guint i = 0; i < a->scop->stmts->len; i++)
				g_assert_cmpint(((SyPeStmt *)g_ptr_array_index(
							 m.design->pe_facts
								 ->stmts,
							 i))
							->instances,
					>, 0);
			assert_leaves(m.design->pe->code, m.design->pe_facts,
				&leaves);
			root = sy_design_to_json(m.design);
			back = sy_pe_facts_from_json(
				json_object_get_member(
					json_object_get_object_member(
						json_node_get_object(root),
						"pe"),
					"facts"),
				a->scop->arrays, m.design->paths->len, &error);
			g_assert_no_error(error);
			text = facts_json(m.design->pe_facts);
			again = facts_json(back);
			g_assert_cmpstr(again, ==, text);
			sy_test_design_clear(&m);
		}
	}
	g_test_message("%u designs, %u leaves", designs, leaves);
	g_assert_cmpuint(designs, >, 0);
	if (stride == 1) {
		/* 35 and 48 before the host's launches took the
		 * dataflows whose partial results cross tiles through
		 * DRAM; 47 and 60 before dp's table on [i] and [j]; 49 and
		 * 62 before every PE drained final values made before the
		 * last (mttkrp's three dataflows along k and ttmc's four
		 * along l at these sizes export; gemm's three along k
		 * build their code, which the host's launches then
		 * refused); 59 before final values made before the last
		 * PE where the partial sums enter from the launch before
		 * (conv's four dataflows along i, gemv's two along j,
		 * mm_init's three along k; these 12, gemm's three with
		 * them, export and pass csim, but gemv's on [i, j], whose
		 * PE has statements beside the host's loops, which
		 * kernel-facts.c refuses; 75 leaves then). */
		g_assert_cmpuint(designs, ==, 68);
		g_assert_cmpuint(leaves, ==, 93);
	}
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/pe-facts/mm", test_mm);
	g_test_add_func("/pe-facts/mm-passed", test_mm_passed);
	g_test_add_func("/pe-facts/lanes-warning", test_mm_lanes_warning);
	g_test_add_func("/pe-facts/scan-passed", test_scan_passed);
	g_test_add_func("/pe-facts/template", test_template);
	g_test_add_func("/pe-facts/instances", test_instances);
	g_test_add_func("/pe-facts/leaf-index", test_leaf_index);
	g_test_add_func("/pe-facts/json-errors", test_json_errors);
	g_test_add_func("/pe-facts/delayed", test_delayed);
	g_test_add_func("/pe-facts/edges", test_edges);
	g_test_add_func("/pe-facts/passes", test_passes);
	g_test_add_func("/pe-facts/examples", test_examples);
	return g_test_run();
}
