/* A cursor over a token array and the C expression grammar on it.
 *
 * Shared by the preprocessor (#if) and the parser (sizes, bounds,
 * statements).  Only conditional expressions are parsed here: assignment
 * and the comma operator belong to the statement grammar. */
#pragma once

#include "base/diag.h"
#include "frontend/expr.h"
#include "frontend/token.h"

G_BEGIN_DECLS

typedef gboolean (*SyIsTypeFunc)(const SyToken *tok, gpointer user);

/* Deeper expressions and statements are refused, not overflowed. */
#define SY_MAX_NESTING 256

typedef struct {
	const SyToken *toks; /* ends with an SY_TOK_EOF token */
	guint n;
	guint pos;
	GError **error;
	SyIsTypeFunc is_type; /* may be NULL: no casts */
	guint depth; /* nesting of the expression being parsed */
	gpointer user;
} SyCursor;

void sy_cursor_init(
	SyCursor *cur, const SyToken *toks, guint n, GError **error);
const SyToken *sy_cursor_peek(const SyCursor *cur, guint ahead);
const SyToken *sy_cursor_next(SyCursor *cur);
gboolean sy_cursor_accept(SyCursor *cur, SyPunct p);
gboolean sy_cursor_expect(SyCursor *cur, SyPunct p, const char *context);
void sy_cursor_fail(SyCursor *cur, const SyToken *at, SyInputError code,
	const char *hint, const char *format, ...) G_GNUC_PRINTF(5, 6);
char *sy_token_describe(const SyToken *tok);

/* A built-in C type word (int, float, unsigned, uint32_t, ...). */
gboolean sy_is_builtin_type_word(const SyToken *tok);

SyExpr *sy_parse_expr(SyCursor *cur);
SyExpr *sy_parse_unary(SyCursor *cur);

G_END_DECLS
