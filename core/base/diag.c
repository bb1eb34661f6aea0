#include "base/diag.h"

typedef struct {
	char *path;
	guint line;
	guint col;
	guint span;
	char *summary;
	char *hint;
} SyInputErrorPrivate;

static void sy_input_error_private_init(SyInputErrorPrivate *priv)
{
	(void)priv;
}

static void sy_input_error_private_copy(
	const SyInputErrorPrivate *src, SyInputErrorPrivate *dest)
{
	dest->path = g_strdup(src->path);
	dest->line = src->line;
	dest->col = src->col;
	dest->span = src->span;
	dest->summary = g_strdup(src->summary);
	dest->hint = g_strdup(src->hint);
}

static void sy_input_error_private_clear(SyInputErrorPrivate *priv)
{
	g_free(priv->path);
	g_free(priv->summary);
	g_free(priv->hint);
}

G_DEFINE_EXTENDED_ERROR(SyInputError, sy_input_error)

/* The length of the character at p (at most end - p bytes): one for
 * ASCII and for bytes that are not valid UTF-8. */
static gsize char_len(const char *p, const char *end)
{
	const char *next;

	if ((guchar)*p < 0x80)
		return 1;
	next = g_utf8_find_next_char(p, end);
	if (!next)
		next = end;
	return g_utf8_validate(p, next - p, NULL) ? (gsize)(next - p) : 1;
}

/* The source line and a caret line under it, gcc style:
 *    12 |   A[i * j] = 0;
 *       |     ^~~~~
 * One caret column per character (not byte); tabs are kept so the caret
 * lines up; control and invalid bytes show as '?'. */
static void append_excerpt(GString *out, const SyLoc *loc, guint span)
{
	gsize len;
	const char *line = sy_source_line(loc->src, loc->line, &len);
	const char *end = line + len;
	const char *at = line + loc->col - 1;
	GString *caret = g_string_new(NULL);
	int width;

	if (loc->col > len + 1) {
		g_string_free(caret, TRUE);
		return;
	}
	width = g_snprintf(NULL, 0, "%u", loc->line);
	g_string_append_printf(out, "\n %u | ", loc->line);
	for (const char *p = line; p <= end; p += char_len(p, end)) {
		gboolean text = p < end;
		gsize n = text ? char_len(p, end) : 1;
		char pad = text && *p == '\t' ? '\t' : ' ';

		if (p < at)
			g_string_append_c(caret, pad);
		else if (p == at)
			g_string_append_c(caret, '^');
		else if (p < at + span && text)
			g_string_append_c(caret, '~');
		if (!text)
			break;
		if (n > 1)
			g_string_append_len(out, p, (gssize)n);
		else if ((guchar)*p < 0x20 && *p != '\t')
			g_string_append_c(out, '?');
		else if ((guchar)*p >= 0x7f)
			g_string_append_c(out, '?');
		else
			g_string_append_c(out, *p);
	}
	g_string_append_printf(out, "\n %*s | %s", width, "", caret->str);
	g_string_free(caret, TRUE);
}

void sy_input_error_set(GError **error, SyInputError code, const SyLoc *loc,
	guint span, const char *hint, const char *format, ...)
{
	va_list args;
	g_autofree char *summary = NULL;
	GString *msg;
	SyInputErrorPrivate *priv;
	GError *err;

	if (!error)
		return;
	va_start(args, format);
	summary = g_strdup_vprintf(format, args);
	va_end(args);

	msg = g_string_new(NULL);
	g_string_append_printf(msg, "%s:%u:%u: error: %s", loc->src->path,
		loc->line, loc->col, summary);
	append_excerpt(msg, loc, span);
	if (hint)
		g_string_append_printf(msg, "\nnote: %s", hint);

	err = g_error_new_literal(SY_INPUT_ERROR, code, msg->str);
	g_string_free(msg, TRUE);
	priv = sy_input_error_get_private(err);
	priv->path = g_strdup(loc->src->path);
	priv->line = loc->line;
	priv->col = loc->col;
	priv->span = span ? span : 1;
	priv->summary = g_steal_pointer(&summary);
	priv->hint = g_strdup(hint);
	g_propagate_error(error, err);
}

/* The extended data, for errors of our domain only: asking GLib for the
 * private data of a foreign error is a critical. */
static SyInputErrorPrivate *get_priv(const GError *error)
{
	if (!error || error->domain != SY_INPUT_ERROR)
		return NULL;
	return sy_input_error_get_private(error);
}

gboolean sy_input_error_get_location(const GError *error, const char **path,
	guint *line, guint *col, guint *span)
{
	SyInputErrorPrivate *priv = get_priv(error);

	if (!priv || !priv->path)
		return FALSE;
	if (path)
		*path = priv->path;
	if (line)
		*line = priv->line;
	if (col)
		*col = priv->col;
	if (span)
		*span = priv->span;
	return TRUE;
}

const char *sy_input_error_get_summary(const GError *error)
{
	SyInputErrorPrivate *priv = get_priv(error);

	return priv && priv->summary ? priv->summary : error->message;
}

const char *sy_input_error_get_hint(const GError *error)
{
	SyInputErrorPrivate *priv = get_priv(error);

	return priv ? priv->hint : NULL;
}
