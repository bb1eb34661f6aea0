/* The frontend with -D definitions: a first line "-DNAME=VALUE -DNAME
 * ..." gives them (as systole-cli -D does), the rest is the C text; an
 * input without such a line is text alone. */
#include <string.h>

#include "fuzz-common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_init();
	return 0;
}

/* The words of "-DA=1 -DB" as "A=1", "B"; NULL if a word is not -D. */
static char **defines(const char *line, gsize len)
{
	g_autofree char *copy = g_strndup(line, len);
	g_auto(GStrv) words = g_strsplit_set(copy, " \t", -1);
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);

	for (guint i = 0; words[i]; i++) {
		if (!*words[i])
			continue;
		if (!g_str_has_prefix(words[i], "-D")) {
			g_ptr_array_free(out, TRUE);
			return NULL;
		}
		g_ptr_array_add(out, g_strdup(words[i] + 2));
	}
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *nl = memchr(text, '\n', size);
	g_auto(GStrv) defs = NULL;
	SyAnalysisOptions options = {0};
	g_autoptr(GError) error = NULL;
	g_autoptr(SyAnalysis) a = NULL;

	if (size >= 2 && text[0] == '-' && text[1] == 'D' && nl &&
		!memchr(text, '\0', (size_t)(nl - text)))
		defs = defines(text, (gsize)(nl - text));
	if (defs) {
		size -= (size_t)(nl + 1 - text);
		text = nl + 1;
	}
	options.defines = (const char *const *)defs;
	a = sy_analysis_new_from_data(SYSTOLE_EXAMPLES_DIR "/fuzz.c", text,
		(gssize)size, &options, &error);
	g_assert((a == NULL) == (error != NULL));
	return 0;
}
