/* The C lexer: raw source text to tokens.
 *
 * Comments disappear here; preprocessing directives stay as ordinary tokens
 * whose first token has bol set, so the preprocessor can find them. */
#include <string.h>

#include "base/diag.h"
#include "frontend/token.h"

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
	gboolean directive; /* on a line that starts with # */
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
			lx->directive = FALSE;
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
				return fail(lx, lx->pos, 2,
					"close the comment with '*/'",
					"unterminated comment");
			/* A comment is one space: inside a directive its
			 * newlines do not end the line. */
			for (const char *p = lx->src->text + lx->pos; p < end;
				p++)
				if (*p == '\n' && !lx->directive)
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
	if (lx->bol && kind == SY_TOK_PUNCT && tok.len == 1 &&
		tok.text[0] == '#')
		lx->directive = TRUE;
	lx->bol = FALSE;
	g_array_append_val(lx->toks, tok);
	return &g_array_index(lx->toks, SyToken, lx->toks->len - 1);
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

static void lex_number(Lexer *lx)
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
		} else if (g_ascii_isalnum(c) || c == '_' || c == '.') {
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
	if (!(is_float ? parse_float(tok->text, tok->len)
		       : parse_int(tok->text, tok->len, &tok->value))) {
		tok->kind = SY_TOK_INVALID;
		tok->value = SY_INVALID_NUMBER;
	}
}

/* A string or character constant; without its closing quote, the rest
 * of the line is one invalid token. */
static void lex_quoted(Lexer *lx, char quote)
{
	gsize start = lx->pos;
	SyToken *tok;

	lx->pos++;
	for (;;) {
		char c = peek(lx, 0);

		if (c == '\0' || c == '\n') {
			tok = push(lx, SY_TOK_INVALID, start);
			tok->value = quote == '"' ? SY_INVALID_STRING
						  : SY_INVALID_CHAR;
			return;
		}
		lx->pos++;
		if (c == '\\' && peek(lx, 0) != '\0')
			lx->pos++;
		else if (c == quote)
			break;
	}
	push(lx, quote == '"' ? SY_TOK_STRING : SY_TOK_CHAR, start);
}

static void lex_punct(Lexer *lx)
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
		/* One character, whole if it is UTF-8. */
		lx->pos = (gsize)(g_utf8_next_char(lx->src->text + lx->pos) -
			lx->src->text);
		tok = push(lx, SY_TOK_INVALID, start);
		tok->value = SY_INVALID_STRAY;
		return;
	}
	lx->pos += best_len;
	tok = push(lx, SY_TOK_PUNCT, start);
	tok->punct = best;
}

/* The bytes of the identifier character at pos, 0 if there is none:
 * C's letters, digits (not first) and '_', and non-ASCII letters and
 * digits in UTF-8, as gcc allows. */
static gsize ident_char(const Lexer *lx, gsize pos, gboolean first)
{
	const char *p = lx->src->text + pos;
	gunichar c;

	if (pos >= lx->src->len)
		return 0;
	if ((guchar)*p < 0x80)
		return g_ascii_isalpha(*p) || *p == '_' ||
				(!first && g_ascii_isdigit(*p))
			? 1
			: 0;
	c = g_utf8_get_char_validated(p, (gssize)(lx->src->len - pos));
	if (c == (gunichar)-1 || c == (gunichar)-2 || !g_unichar_isalnum(c))
		return 0;
	return (gsize)(g_utf8_next_char(p) - p);
}

GArray *sy_lex(const SySource *src, GError **error)
{
	Lexer lx = {src, 0, TRUE, FALSE, NULL, error};

	/* A UTF-8 byte order mark is not part of the program. */
	if (src->len >= 3 && memcmp(src->text, "\xef\xbb\xbf", 3) == 0)
		lx.pos = 3;
	lx.toks = g_array_new(FALSE, TRUE, sizeof(SyToken));
	for (;;) {
		char c;

		if (!skip_space(&lx)) {
			g_array_unref(lx.toks);
			return NULL;
		}
		if (lx.pos >= src->len)
			break;
		c = peek(&lx, 0);
		if (ident_char(&lx, lx.pos, TRUE)) {
			gsize start = lx.pos, n;

			while ((n = ident_char(&lx, lx.pos, lx.pos == start)))
				lx.pos += n;
			push(&lx, SY_TOK_IDENT, start);
		} else if (g_ascii_isdigit(c) ||
			(c == '.' && g_ascii_isdigit(peek(&lx, 1)))) {
			lex_number(&lx);
		} else if (c == '"' || c == '\'') {
			lex_quoted(&lx, c);
		} else {
			lex_punct(&lx);
		}
	}
	lx.bol = TRUE;
	push(&lx, SY_TOK_EOF, src->len);
	return lx.toks;
}

void sy_token_invalid_error(const SyToken *tok, GError **error)
{
	const char *hint = NULL;
	g_autofree char *what = NULL;

	switch ((SyInvalid)tok->value) {
	case SY_INVALID_CHAR:
		what = g_strdup("missing terminating ' character");
		hint = "character constants look like 'a' or '\\n'";
		break;
	case SY_INVALID_STRING:
		what = g_strdup("missing terminating '\"' character");
		hint = "a string ends on the line where it starts";
		break;
	case SY_INVALID_NUMBER:
		what = g_strdup("invalid numeric constant");
		hint = "integer constants must fit in 64 bits; floating "
		       "constants look like 1.5, 2e-3 or 0.5f";
		break;
	default:
		what = g_ascii_isprint(tok->text[0]) ||
				(guchar)tok->text[0] >= 0x80
			? g_strdup_printf("stray '%.*s' in program",
				  (int)tok->len, tok->text)
			: g_strdup_printf("stray byte 0x%02x in program",
				  (guchar)tok->text[0]);
		hint = "outside comments and strings, C source holds "
		       "identifiers, numbers and C's punctuation only";
		break;
	}
	sy_input_error_set(error, SY_INPUT_ERROR_SYNTAX, &tok->loc, tok->span,
		hint, "%s", what);
}
