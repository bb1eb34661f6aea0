/* Private to the parser, its common ground (parser.c): types,
 * declarators, scopes and errors.  scop-parse.c reads the SCoP with it,
 * file-parse.c the file around the SCoP; parser.c knows neither. */
#pragma once

#include "base/own.h"
#include "frontend/expr-parse.h"
#include "frontend/program.h"

G_BEGIN_DECLS

typedef struct {
	SyCursor cur;
	__isl_keep SyProgram *prog;
	GHashTable *typedefs; /* name -> resolved type */
	GPtrArray *scopes; /* GHashTable: name -> SyVar */
	gboolean in_function;
	__isl_keep const SyToken *function; /* the function being parsed */
	GPtrArray *params; /* __isl_keep SyVar: its parameters, in order */
	gboolean params_known; /* all of them were read */
	__isl_keep const SyToken *scop; /* the '#pragma scop' token once seen */
	guint depth; /* statements nested in the SCoP */
	GError **error; /* __isl_keep: where errors go */
} SyParser;

typedef struct {
	char *written;
	char *base;
	gboolean integer;
	gboolean aggregate; /* struct, union or enum: not for us */
} SyType;

/* A parser of prog->pp's tokens into prog, its errors in *error (which
 * must stay valid while it parses), at the file's scope. */
void sy_parser_init(
	__isl_keep SyParser *p, __isl_keep SyProgram *prog, GError **error);
void sy_parser_clear(__isl_keep SyParser *p);

static inline __isl_keep const SyToken *sy_parser_peek(
	__isl_keep SyParser *p, guint ahead)
{
	return sy_cursor_peek(&p->cur, ahead);
}

static inline __isl_keep const SyToken *sy_parser_next(__isl_keep SyParser *p)
{
	return sy_cursor_next(&p->cur);
}

static inline gboolean sy_parser_failed(__isl_keep SyParser *p)
{
	return *p->error != NULL;
}

gboolean sy_parser_fail_tok(__isl_keep SyParser *p,
	__isl_keep const SyToken *at, SyInputError code,
	__isl_keep const char *hint, __isl_keep const char *format, ...)
	G_GNUC_PRINTF(5, 6);
gboolean sy_parser_fail_expr(__isl_keep SyParser *p,
	__isl_keep const SyExpr *at, SyInputError code,
	__isl_keep const char *hint, __isl_keep const char *format, ...)
	G_GNUC_PRINTF(5, 6);
gboolean sy_parser_expect(
	__isl_keep SyParser *p, SyPunct punct, __isl_keep const char *context);

/* Skips to just after the ')' that closes an open parenthesis. */
void sy_parser_skip_to_close(__isl_keep SyParser *p);
/* GNU attributes, __attribute__((...)), possibly several; FALSE (an
 * error) for the keyword without its list. */
gboolean sy_parser_skip_attributes(__isl_keep SyParser *p);

void sy_parser_push_scope(__isl_keep SyParser *p);
void sy_parser_pop_scope(__isl_keep SyParser *p);
__isl_keep SyVar *sy_parser_lookup(
	__isl_keep SyParser *p, __isl_keep const char *name);
__isl_keep SyVar *sy_parser_declare(
	__isl_keep SyParser *p, __isl_take SyVar *var);
__isl_give SyVar *sy_var_new(__isl_keep const SyType *type,
	__isl_keep const SyToken *name, SyVarKind kind);
void sy_var_free(__isl_take gpointer var);

gboolean sy_parser_starts_declaration(__isl_keep SyParser *p);
void sy_parser_parse_type(__isl_keep SyParser *p, __isl_keep SyType *type);
void sy_type_clear(__isl_keep SyType *type);
__isl_give SyVar *sy_parser_declarator(
	__isl_keep SyParser *p, __isl_keep const SyType *type, gboolean strict);

gboolean sy_token_is_pragma(
	__isl_keep const SyToken *tok, __isl_keep const char *word);

G_END_DECLS
