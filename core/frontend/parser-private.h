/* Private to the parser, its common ground (parser.c): types,
 * declarators, scopes and errors.  scop-parse.c reads the SCoP with it,
 * file-parse.c the file around the SCoP; parser.c knows neither. */
#pragma once

#include "frontend/expr-parse.h"
#include "frontend/program.h"

G_BEGIN_DECLS

typedef struct {
	SyCursor cur;
	SyProgram *prog;
	GHashTable *typedefs; /* name -> resolved type */
	GPtrArray *scopes; /* GHashTable: name -> SyVar */
	gboolean in_function;
	const SyToken *function; /* the name of the function being parsed */
	GPtrArray *params; /* SyVar: its parameters, in order */
	gboolean params_known; /* all of them were read */
	const SyToken *scop; /* the '#pragma scop' token once seen */
	guint depth; /* statements nested in the SCoP */
	GError **error;
} SyParser;

typedef struct {
	char *written;
	char *base;
	gboolean integer;
	gboolean aggregate; /* struct, union or enum: not for us */
} SyType;

/* A parser of prog->pp's tokens into prog, its errors in *error (which
 * must stay valid while it parses), at the file's scope. */
void sy_parser_init(SyParser *p, SyProgram *prog, GError **error);
void sy_parser_clear(SyParser *p);

static inline const SyToken *sy_parser_peek(SyParser *p, guint ahead)
{
	return sy_cursor_peek(&p->cur, ahead);
}

static inline const SyToken *sy_parser_next(SyParser *p)
{
	return sy_cursor_next(&p->cur);
}

static inline gboolean sy_parser_failed(SyParser *p)
{
	return *p->error != NULL;
}

gboolean sy_parser_fail_tok(SyParser *p, const SyToken *at, SyInputError code,
	const char *hint, const char *format, ...) G_GNUC_PRINTF(5, 6);
gboolean sy_parser_fail_expr(SyParser *p, const SyExpr *at, SyInputError code,
	const char *hint, const char *format, ...) G_GNUC_PRINTF(5, 6);
gboolean sy_parser_expect(SyParser *p, SyPunct punct, const char *context);

/* Skips to just after the ')' that closes an open parenthesis. */
void sy_parser_skip_to_close(SyParser *p);
/* GNU attributes, __attribute__((...)), possibly several; FALSE (an
 * error) for the keyword without its list. */
gboolean sy_parser_skip_attributes(SyParser *p);

void sy_parser_push_scope(SyParser *p);
void sy_parser_pop_scope(SyParser *p);
SyVar *sy_parser_lookup(SyParser *p, const char *name);
SyVar *sy_parser_declare(SyParser *p, SyVar *var /* take */);
SyVar *sy_var_new(const SyType *type, const SyToken *name, SyVarKind kind);
void sy_var_free(gpointer var);

gboolean sy_parser_starts_declaration(SyParser *p);
void sy_parser_parse_type(SyParser *p, SyType *type);
void sy_type_clear(SyType *type);
SyVar *sy_parser_declarator(SyParser *p, const SyType *type, gboolean strict);

gboolean sy_token_is_pragma(const SyToken *tok, const char *word);

G_END_DECLS
