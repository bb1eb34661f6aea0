/* Tokens of C source, as the lexer and the preprocessor hand them on. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "base/source.h"

G_BEGIN_DECLS

typedef enum {
	SY_TOK_EOF,
	SY_TOK_IDENT,
	SY_TOK_INT,
	SY_TOK_FLOAT,
	SY_TOK_STRING,
	SY_TOK_CHAR,
	SY_TOK_PUNCT,
	SY_TOK_PRAGMA, /* a #pragma line; text is what follows "pragma" */
	SY_TOK_EOL, /* the end of a directive line */
	SY_TOK_INVALID, /* not C; an error only if it is not skipped */
} SyTokKind;

/* Why a token is SY_TOK_INVALID (in its value). */
typedef enum {
	SY_INVALID_STRAY, /* a character C does not have */
	SY_INVALID_CHAR, /* ' without its closing ' */
	SY_INVALID_STRING, /* " without its closing " */
	SY_INVALID_NUMBER, /* a malformed numeric constant */
} SyInvalid;

typedef enum {
	SY_P_NONE,
	SY_P_LPAREN,
	SY_P_RPAREN,
	SY_P_LBRACKET,
	SY_P_RBRACKET,
	SY_P_LBRACE,
	SY_P_RBRACE,
	SY_P_COMMA,
	SY_P_SEMI,
	SY_P_QUESTION,
	SY_P_COLON,
	SY_P_DOT,
	SY_P_ARROW,
	SY_P_ELLIPSIS,
	SY_P_HASH,
	SY_P_HASHHASH,
	SY_P_PLUS,
	SY_P_MINUS,
	SY_P_STAR,
	SY_P_SLASH,
	SY_P_PERCENT,
	SY_P_INC,
	SY_P_DEC,
	SY_P_EQ,
	SY_P_NE,
	SY_P_LT,
	SY_P_LE,
	SY_P_GT,
	SY_P_GE,
	SY_P_ANDAND,
	SY_P_OROR,
	SY_P_NOT,
	SY_P_TILDE,
	SY_P_AMP,
	SY_P_PIPE,
	SY_P_CARET,
	SY_P_SHL,
	SY_P_SHR,
	SY_P_ASSIGN,
	SY_P_ADD_ASSIGN,
	SY_P_SUB_ASSIGN,
	SY_P_MUL_ASSIGN,
	SY_P_DIV_ASSIGN,
	SY_P_MOD_ASSIGN,
	SY_P_AND_ASSIGN,
	SY_P_OR_ASSIGN,
	SY_P_XOR_ASSIGN,
	SY_P_SHL_ASSIGN,
	SY_P_SHR_ASSIGN,
	SY_P_N
} SyPunct;

typedef struct {
	SyTokKind kind;
	SyPunct punct;
	guint bol : 1; /* first token on its line */
	__isl_keep const char *text; /* into the SySource, not NUL-ended */
	guint len;
	SyLoc loc; /* where the user sees it (macro use site) */
	guint span; /* bytes to underline at loc */
	gint64 value; /* SY_TOK_INT */
	__isl_keep const char *macro; /* outermost macro it was expanded from */
} SyToken;

__isl_keep const char *sy_punct_spelling(SyPunct p);
gboolean sy_token_is(
	__isl_keep const SyToken *tok, __isl_keep const char *word);
gboolean sy_token_is_punct(__isl_keep const SyToken *tok, SyPunct p);
__isl_give char *sy_token_dup_text(__isl_keep const SyToken *tok);

/* Lexes a whole source into raw tokens (comments removed, directives
 * left as tokens with bol set).  Ends with an SY_TOK_EOF token.  What is
 * not C becomes an SY_TOK_INVALID token, so that code in #if 0 may hold
 * prose; only an unterminated comment fails here.  The tokens point into
 * src, which must outlive them. */
__isl_give GArray *sy_lex(__isl_keep const SySource *src, GError **error);

/* Reports an SY_TOK_INVALID token as the error it is. */
void sy_token_invalid_error(__isl_keep const SyToken *tok, GError **error);

G_END_DECLS
