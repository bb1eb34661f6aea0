/* The C lexer: raw source text to tokens.
 *
 * Comments disappear here; preprocessing directives stay as ordinary tokens
 * whose first token has bol set, so the preprocessor can find them. */
#include <string.h>

#include "diag.h"
#include "token.h"

static const char *const punct_spelling[SY_P_N] = {
	[SY_P_NONE] = "",
	[SY_P_LPAREN] = "(",
	[SY_P_RPAREN] = ")",
	[SY_P_LBRACKET] = "[",
	[SY_P_RBRACKET] = "]",
	[SY_P_LBRACE] = "{",
	[SY_P_RBRACE] = "}",
	[SY_P_COMMA] = ",",
	[SY_P_SEMI] = ";",
	[SY_P_QUESTION] = "?",
	[SY_P_COLON] = ":",
	[SY_P_DOT] = ".",
	[SY_P_ARROW] = "->",
	[SY_P_ELLIPSIS] = "...",
	[SY_P_HASH] = "#",
	[SY_P_HASHHASH] = "##",
	[SY_P_PLUS] = "+",
	[SY_P_MINUS] = "-",
	[SY_P_STAR] = "*",
	[SY_P_SLASH] = "/",
	[SY_P_PERCENT] = "%",
	[SY_P_INC] = "++",
	[SY_P_DEC] = "--",
	[SY_P_EQ] = "==",
	[SY_P_NE] = "!=",
	[SY_P_LT] = "<",
	[SY_P_LE] = "<=",
	[SY_P_GT] = ">",
	[SY_P_GE] = ">=",
	[SY_P_ANDAND] = "&&",
	[SY_P_OROR] = "||",
	[SY_P_NOT] = "!",
	[SY_P_TILDE] = "~",
	[SY_P_AMP] = "&",
	[SY_P_PIPE] = "|",
	[SY_P_CARET] = "^",
	[SY_P_SHL] = "<<",
	[SY_P_SHR] = ">>",
	[SY_P_ASSIGN] = "=",
	[SY_P_ADD_ASSIGN] = "+=",
	[SY_P_SUB_ASSIGN] = "-=",
	[SY_P_MUL_ASSIGN] = "*=",
	[SY_P_DIV_ASSIGN] = "/=",
	[SY_P_MOD_ASSIGN] = "%=",
	[SY_P_AND_ASSIGN] = "&=",
	[SY_P_OR_ASSIGN] = "|=",
	[SY_P_XOR_ASSIGN] = "^=",
	[SY_P_SHL_ASSIGN] = "<<=",
	[SY_P_SHR_ASSIGN] = ">>=",
};

const char *sy_punct_spelling(SyPunct p)
{
	return p < SY_P_N ? punct_spelling[p] : "";
}

gboolean sy_token_is(const SyToken *tok, const char *word)
{
	return tok->kind == SY_TOK_IDENT && strlen(word) == tok->len &&
		memcmp(tok->text, word, tok->len) == 0;
}

gboolean sy_token_is_punct(const SyToken *tok, SyPunct p)
{
	return tok->kind == SY_TOK_PUNCT && tok->punct == p;
}

char *sy_token_dup_text(const SyToken *tok)
{
	return g_strndup(tok->text, tok->len);
}

typedef struct {
	const SySource *src;
	gsize pos;
	gboolean bol;
	GArray *toks;
	GError **error;
} Lexer;

static char peek(const Lexer *lx, gsize ahead)
{
	gsize at = lx->pos + ahead;

	return at < lx->src->len ? lx->src->text[at] : '\0';
}

static gboolean fail(
	Lexer *lx, gsize at, guint span, const char *hint, const char *what)
{
	SyLoc loc = sy_source_loc(lx->src, at);

	sy_input_error_set(
		lx->error, SY_INPUT_ERROR_SYNTAX, &loc, span, hint, "%s", what);
	return FALSE;
}

/* Skips blanks, comments and line splices; notes line starts. */
static gboolean skip_space(Lexer *lx)
{
	for (;;) {
		char c = peek(lx, 0);

		if (c == '\n') {
			lx->bol = TRUE;
			lx->pos++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
			c == '\v') {
			lx->pos++;
		} else if (c == '\\' &&
			(peek(lx, 1) == '\n' ||
				(peek(lx, 1) == '\r' && peek(lx, 2) == '\n'))) {
			lx->pos += peek(lx, 1) == '\n' ? 2 : 3;
		} else if (c == '/' && peek(lx, 1) == '/') {
			while (lx->pos < lx->src->len && peek(lx, 0) != '\n')
				lx->pos++;
		} else if (c == '/' && peek(lx, 1) == '*') {
			const char *end = strstr(
				lx->src->text + lx->pos + 2, "*/");

			if (!end)
				return fail(lx, lx->pos, 2, NULL,
					"unterminated comment");
			for (const char *p = lx->src->text + lx->pos; p < end;
				p++)
				if (*p == '\n')
					lx->bol = TRUE;
			lx->pos = (gsize)(end - lx->src->text) + 2;
		} else {
			return TRUE;
		}
	}
}

static SyToken *push(Lexer *lx, SyTokKind kind, gsize start)
{
	SyToken tok = {0};

	tok.kind = kind;
	tok.bol = lx->bol;
	tok.text = lx->src->text + start;
	tok.len = (guint)(lx->pos - start);
	tok.loc = sy_source_loc(lx->src, start);
	tok.span = tok.len;
	lx->bol = FALSE;
	g_array_append_val(lx->toks, tok);
	return &g_array_index(lx->toks, SyToken, lx->toks->len - 1);
}

static gboolean is_ident_char(char c)
{
	return g_ascii_isalnum(c) || c == '_';
}

/* Integer literal value with C's bases and suffixes. */
static gboolean parse_int(const char *text, guint len, gint64 *value)
{
	guint i = 0, base = 10;
	guint64 v = 0;

	if (len > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
		base = 16;
		i = 2;
	} else if (len > 1 && text[0] == '0' &&
		(text[1] == 'b' || text[1] == 'B')) {
		base = 2;
		i = 2;
	} else if (text[0] == '0') {
		base = 8;
	}
	if (i == len)
		return FALSE;
	for (; i < len && g_ascii_isxdigit(text[i]); i++) {
		guint d = (guint)g_ascii_xdigit_value(text[i]);

		if (d >= base)
			return FALSE;
		if (v > ((guint64)G_MAXINT64 - d) / base)
			return FALSE;
		v = v * base + d;
	}
	/* Suffixes: any mix of u and l, as C allows. */
	for (; i < len; i++)
		if (!strchr("uUlL", text[i]))
			return FALSE;
	*value = (gint64)v;
	return TRUE;
}

static gboolean parse_float(const char *text, guint len)
{
	g_autofree char *copy = g_strndup(text, len);
	char *end = NULL;

	if (len && strchr("fFlL", copy[len - 1]))
		copy[len - 1] = '\0';
	g_ascii_strtod(copy, &end);
	return end && *end == '\0' && end != copy;
}

static gboolean lex_number(Lexer *lx)
{
	gsize start = lx->pos;
	gboolean is_float = FALSE, hex;
	SyToken *tok;

	hex = peek(lx, 0) == '0' && (peek(lx, 1) == 'x' || peek(lx, 1) == 'X');
	/* A preprocessing number, as C defines it. */
	for (;;) {
		char c = peek(lx, 0);

		if ((c == '+' || c == '-') && lx->pos > start) {
			char e = lx->src->text[lx->pos - 1];

			if ((!hex && (e == 'e' || e == 'E')) || e == 'p' ||
				e == 'P')
				lx->pos++;
			else
				break;
		} else if (is_ident_char(c) || c == '.') {
			lx->pos++;
		} else {
			break;
		}
	}
	for (gsize i = start; i < lx->pos; i++) {
		char c = lx->src->text[i];

		if (c == '.' || c == 'p' || c == 'P' ||
			(!hex && (c == 'e' || c == 'E')))
			is_float = TRUE;
	}
	tok = push(lx, is_float ? SY_TOK_FLOAT : SY_TOK_INT, start);
	if (is_float ? parse_float(tok->text, tok->len)
		     : parse_int(tok->text, tok->len, &tok->value))
		return TRUE;
	return fail(lx, start, tok->len,
		"integer constants must fit in 64 bits; floating constants "
		"look like 1.5, 2e-3 or 0.5f",
		"invalid numeric constant");
}

static gboolean lex_quoted(Lexer *lx, char quote)
{
	gsize start = lx->pos;

	lx->pos++;
	for (;;) {
		char c = peek(lx, 0);

		if (c == '\0' || c == '\n')
			return fail(lx, start, 1, NULL,
				quote == '"'
					? "missing terminating '\"' character"
					: "missing terminating ' character");
		lx->pos++;
		if (c == '\\' && peek(lx, 0) != '\0')
			lx->pos++;
		else if (c == quote)
			break;
	}
	push(lx, quote == '"' ? SY_TOK_STRING : SY_TOK_CHAR, start);
	return TRUE;
}

static gboolean lex_punct(Lexer *lx)
{
	SyPunct best = SY_P_NONE;
	gsize best_len = 0;
	SyToken *tok;
	gsize start = lx->pos;

	for (int p = SY_P_NONE + 1; p < SY_P_N; p++) {
		gsize n = strlen(punct_spelling[p]);

		if (n > best_len && lx->pos + n <= lx->src->len &&
			memcmp(lx->src->text + lx->pos, punct_spelling[p], n) ==
				0) {
			best = p;
			best_len = n;
		}
	}
	if (best == SY_P_NONE) {
		char what[64];

		g_snprintf(what, sizeof what,
			g_ascii_isprint(peek(lx, 0))
				? "stray '%c' in program"
				: "stray byte 0x%02x in program",
			g_ascii_isprint(peek(lx, 0)) ? peek(lx, 0)
						     : (guchar)peek(lx, 0));
		return fail(lx, lx->pos, 1, NULL, what);
	}
	lx->pos += best_len;
	tok = push(lx, SY_TOK_PUNCT, start);
	tok->punct = best;
	return TRUE;
}

GArray *sy_lex(const SySource *src, GError **error)
{
	Lexer lx = {src, 0, TRUE, NULL, error};

	lx.toks = g_array_new(FALSE, TRUE, sizeof(SyToken));
	for (;;) {
		gboolean ok;
		char c;

		if (!skip_space(&lx))
			goto failed;
		if (lx.pos >= src->len)
			break;
		c = peek(&lx, 0);
		if (g_ascii_isalpha(c) || c == '_') {
			gsize start = lx.pos;

			while (is_ident_char(peek(&lx, 0)))
				lx.pos++;
			push(&lx, SY_TOK_IDENT, start);
			ok = TRUE;
		} else if (g_ascii_isdigit(c) ||
			(c == '.' && g_ascii_isdigit(peek(&lx, 1)))) {
			ok = lex_number(&lx);
		} else if (c == '"' || c == '\'') {
			ok = lex_quoted(&lx, c);
		} else {
			ok = lex_punct(&lx);
		}
		if (!ok)
			goto failed;
	}
	lx.bol = TRUE;
	push(&lx, SY_TOK_EOF, src->len);
	return lx.toks;
failed:
	g_array_unref(lx.toks);
	return NULL;
}
