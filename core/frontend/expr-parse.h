/* A cursor over a token array and the C expression grammar on it.
 *
 * Shared by the preprocessor (#if) and the parser (sizes, bounds,
 * statements).  Only conditional expressions are parsed here: assignment
 * and the comma operator belong to the statement grammar. */
#pragma once

#include "base/diag.h"
#include "base/own.h"
#include "frontend/expr.h"
#include "frontend/token.h"

G_BEGIN_DECLS

typedef gboolean (*SyIsTypeFunc)(__isl_keep const SyToken *tok, gpointer user);

/* Deeper expressions and statements are refused, not overflowed. */
#define SY_MAX_NESTING 256

typedef struct {
	__isl_keep const SyToken *toks; /* ends with an SY_TOK_EOF token */
	guint n;
	guint pos;
	GError **error; /* where the cursor's errors go (__isl_keep) */
	SyIsTypeFunc is_type; /* may be NULL: no casts */
	guint depth; /* nesting of the expression being parsed */
	gpointer user;
} SyCursor;

void sy_cursor_init(__isl_keep SyCursor *cur, __isl_keep const SyToken *toks,
	guint n, GError **error);
__isl_keep const SyToken *sy_cursor_peek(
	__isl_keep const SyCursor *cur, guint ahead);
__isl_keep const SyToken *sy_cursor_next(__isl_keep SyCursor *cur);
gboolean sy_cursor_accept(__isl_keep SyCursor *cur, SyPunct p);
gboolean sy_cursor_expect(
	__isl_keep SyCursor *cur, SyPunct p, __isl_keep const char *context);
void sy_cursor_fail(__isl_keep SyCursor *cur, __isl_keep const SyToken *at,
	SyInputError code, __isl_keep const char *hint,
	__isl_keep const char *format, ...) G_GNUC_PRINTF(5, 6);
__isl_give char *sy_token_describe(__isl_keep const SyToken *tok);

/* A built-in C type word (int, float, unsigned, uint32_t, ...). */
gboolean sy_is_builtin_type_word(__isl_keep const SyToken *tok);

__isl_give SyExpr *sy_parse_expr(__isl_keep SyCursor *cur);
__isl_give SyExpr *sy_parse_unary(__isl_keep SyCursor *cur);

G_END_DECLS
