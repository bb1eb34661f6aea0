/* Reading a source: from a file or from memory, checked to be text
 * before anyone lexes it.  Apart from source.c because it reports
 * through diag.h, which itself needs source.c's lines for its excerpts:
 * source.c <- diag.c <- source-load.c, one way. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "base/diag.h"
#include "base/source.h"

static gboolean too_large(const char *path, GError **error)
{
	g_set_error(error, SY_INPUT_ERROR, SY_INPUT_ERROR_READ,
		"%s: error: the file is larger than %u MiB (%u bytes), the "
		"most Systole reads",
		path, SY_SOURCE_MAX_BYTES >> 20, SY_SOURCE_MAX_BYTES);
	return FALSE;
}

static gboolean is_blank(const char *text, gsize len)
{
	for (gsize i = 0; i < len; i++)
		if (!g_ascii_isspace(text[i]))
			return FALSE;
	return TRUE;
}

static void index_lines(SySource *src)
{
	gsize start = 0;

	src->lines = g_array_new(FALSE, FALSE, sizeof(gsize));
	g_array_append_val(src->lines, start);
	for (gsize i = 0; i < src->len; i++) {
		if (src->text[i] == '\n') {
			gsize next = i + 1;
			g_array_append_val(src->lines, next);
		}
	}
}

/* Rejects what is not text before anyone tries to lex it: a NUL byte or
 * an invalid UTF-8 sequence means the user opened the wrong file. */
static gboolean check_text(SySource *src, GError **error)
{
	const char *end = NULL;
	const char *nul = memchr(src->text, '\0', src->len);
	gsize bad;

	if (!g_utf8_validate(src->text, src->len, &end) || nul) {
		SyLoc loc;

		bad = (gsize)(end - src->text);
		/* NUL bytes: binary data, not a text in another encoding. */
		if (nul) {
			loc = sy_source_loc(
				src, MIN(bad, (gsize)(nul - src->text)));
			sy_input_error_set(error, SY_INPUT_ERROR_ENCODING, &loc,
				0, "Systole reads C source files",
				"not a text file: it holds binary data");
			return FALSE;
		}
		loc = sy_source_loc(src, bad);
		sy_input_error_set(error, SY_INPUT_ERROR_ENCODING, &loc, 0,
			"Systole reads UTF-8 (ASCII is UTF-8); convert a "
			"Latin-1 file with 'iconv -f LATIN1 -t UTF-8'",
			"invalid UTF-8: byte 0x%02x", (guchar)src->text[bad]);
		return FALSE;
	}
	if (is_blank(src->text, src->len)) {
		SyLoc loc = sy_source_loc(src, 0);

		sy_input_error_set(error, SY_INPUT_ERROR_ENCODING, &loc, 0,
			"write a loop nest between '#pragma scop' and "
			"'#pragma endscop'",
			"the file is empty");
		return FALSE;
	}
	return TRUE;
}

SySource *sy_source_new_from_data(
	const char *path, const char *text, gssize len, GError **error)
{
	SySource *src;

	if (len < 0)
		len = (gssize)strlen(text);
	if ((gsize)len > SY_SOURCE_MAX_BYTES) {
		too_large(path, error);
		return NULL;
	}
	src = g_new0(SySource, 1);
	src->path = g_strdup(path);
	src->dir = g_path_get_dirname(path);
	/* Copy the bytes as they are: a NUL inside must reach the check. */
	src->text = g_malloc((gsize)len + 1);
	memcpy(src->text, text, (gsize)len);
	src->text[len] = '\0';
	src->len = (gsize)len;
	index_lines(src);
	if (!check_text(src, error)) {
		sy_source_free(src);
		return NULL;
	}
	return src;
}

/* A device or a pipe has no size to check first (/dev/zero never
 * ends): read at most one byte more than the limit. */
static gboolean read_stream(
	const char *path, char **text, gsize *len, GError **error)
{
	FILE *f = fopen(path, "rb");
	gsize n;

	if (!f) {
		g_set_error(error, SY_INPUT_ERROR, SY_INPUT_ERROR_READ,
			"%s: error: %s", path, g_strerror(errno));
		return FALSE;
	}
	*text = g_malloc(SY_SOURCE_MAX_BYTES + 2);
	n = fread(*text, 1, SY_SOURCE_MAX_BYTES + 1, f);
	if (ferror(f)) {
		g_set_error(error, SY_INPUT_ERROR, SY_INPUT_ERROR_READ,
			"%s: error: %s", path, g_strerror(errno));
		fclose(f);
		g_clear_pointer(text, g_free);
		return FALSE;
	}
	fclose(f);
	if (n > SY_SOURCE_MAX_BYTES) {
		g_clear_pointer(text, g_free);
		return too_large(path, error);
	}
	(*text)[n] = '\0';
	*len = n;
	return TRUE;
}

static gboolean read_file(
	const char *path, char **text, gsize *len, GError **error)
{
	GStatBuf st;
	GError *io_error = NULL;

	if (g_stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
		!S_ISDIR(st.st_mode))
		return read_stream(path, text, len, error);
	if (g_stat(path, &st) == 0 && st.st_size > SY_SOURCE_MAX_BYTES)
		return too_large(path, error);
	if (!g_file_get_contents(path, text, len, &io_error)) {
		g_set_error(error, SY_INPUT_ERROR, SY_INPUT_ERROR_READ,
			"%s: error: %s", path, io_error->message);
		g_error_free(io_error);
		return FALSE;
	}
	/* It may have grown since. */
	if (*len > SY_SOURCE_MAX_BYTES) {
		g_clear_pointer(text, g_free);
		return too_large(path, error);
	}
	return TRUE;
}

SySource *sy_source_new_from_file(const char *path, GError **error)
{
	g_autofree char *text = NULL;
	gsize len = 0;

	if (!read_file(path, &text, &len, error))
		return NULL;
	return sy_source_new_from_data(path, text, (gssize)len, error);
}
