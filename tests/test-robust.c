/* Nothing crashes on any input: mutated kernels either analyse or fail
 * with an input error that has a location.  Deterministic (fixed seed);
 * SYSTOLE_FUZZ_ROUNDS sets the number of mutants per input file. */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "diag.h"

static const char *const fragments[] = {
	"(",
	")",
	"{",
	"}",
	"[",
	"]",
	";",
	",",
	"=",
	"+=",
	"*",
	"/",
	"%",
	"for",
	"if",
	"else",
	"while",
	"int",
	"float",
	"i",
	"j",
	"k",
	"N",
	"0",
	"-1",
	"99999999999999999999",
	"1.5",
	"\"",
	"'",
	"/*",
	"//",
	"\\\n",
	"\n#pragma scop\n",
	"\n#pragma endscop\n",
	"\n#define N\n",
	"\n#define X(a) a\n",
	"\n#if 1\n",
	"\n#endif\n",
	"\n#include \"x.h\"\n",
	"min(",
	"floord(i, 0)",
	"A[i][i * j]",
	"&",
	"->",
	"?",
	":",
	"\t",
	"\xc3\xa9",
	"\xff",
};

static void duplicate(GString *s, gsize at, gsize n)
{
	g_autofree char *copy = g_strndup(s->str + at, n);

	g_string_insert(s, (gssize)at, copy);
}

static char *mutate(GRand *rand, const char *text, gsize len, gsize *out_len)
{
	GString *s = g_string_new_len(text, (gssize)len);
	int n = g_rand_int_range(rand, 1, 4);

	for (int m = 0; m < n; m++) {
		gsize at = s->len
			? (gsize)g_rand_int_range(rand, 0, (gint32)s->len)
			: 0;
		const char *frag;
		gsize cut;

		switch (g_rand_int_range(rand, 0, 4)) {
		case 0: /* delete a few bytes */
			cut = (gsize)g_rand_int_range(rand, 1, 9);
			g_string_erase(
				s, (gssize)at, (gssize)MIN(cut, s->len - at));
			break;
		case 1: /* insert a fragment */
			frag = fragments[g_rand_int_range(
				rand, 0, G_N_ELEMENTS(fragments))];
			g_string_insert(s, (gssize)at, frag);
			break;
		case 2: /* duplicate a stretch */
			cut = (gsize)g_rand_int_range(rand, 1, 40);
			duplicate(s, at, MIN(cut, s->len - at));
			break;
		default: /* a NUL byte once in a while */
			if (g_rand_int_range(rand, 0, 8) == 0)
				g_string_insert_len(s, (gssize)at, "\0", 1);
			break;
		}
	}
	*out_len = s->len;
	return g_string_free(s, FALSE);
}

static void fuzz_file(gconstpointer data)
{
	const char *path = data;
	g_autofree char *text = NULL;
	gsize len;
	const char *env = g_getenv("SYSTOLE_FUZZ_ROUNDS");
	int rounds = env ? atoi(env) : 60;
	g_autofree char *name = g_path_get_basename(path);
	/* Seeded by the file name: the same mutants wherever the checkout. */
	GRand *rand = g_rand_new_with_seed(g_str_hash(name));

	g_assert_true(g_file_get_contents(path, &text, &len, NULL));
	for (int r = 0; r < rounds; r++) {
		gsize mlen;
		g_autofree char *mutant = mutate(rand, text, len, &mlen);
		GError *error = NULL;
		SyAnalysis *a = sy_analysis_new_from_data(
			path, mutant, (gssize)mlen, NULL, &error);

		if (a) {
			g_assert_no_error(error);
			sy_analysis_free(a);
			continue;
		}
		if (error->domain != SY_INPUT_ERROR ||
			(error->code != SY_INPUT_ERROR_READ &&
				!sy_input_error_get_location(
					error, NULL, NULL, NULL, NULL))) {
			g_printerr("round %d of %s:\n%.*s\n", r, path,
				(int)mlen, mutant);
			g_assert_no_error(error);
		}
		g_error_free(error);
	}
	g_rand_free(rand);
}

static int compare_names(gconstpointer a, gconstpointer b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(int argc, char **argv)
{
	g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(g_free);

	g_test_init(&argc, &argv, NULL);
	for (int d = 1; d < argc; d++) {
		g_autoptr(GDir) dir = g_dir_open(argv[d], 0, NULL);
		g_autoptr(GPtrArray)
			names = g_ptr_array_new_with_free_func(g_free);
		const char *name;

		g_assert_nonnull(dir);
		while ((name = g_dir_read_name(dir)))
			if (g_str_has_suffix(name, ".c"))
				g_ptr_array_add(names, g_strdup(name));
		g_ptr_array_sort(names, compare_names);
		for (guint i = 0; i < names->len; i++) {
			char *path = g_build_filename(
				argv[d], g_ptr_array_index(names, i), NULL);
			g_autofree char *test = g_strdup_printf("/robust/%s",
				(const char *)g_ptr_array_index(names, i));

			g_ptr_array_add(paths, path);
			g_test_add_data_func(test, path, fuzz_file);
		}
	}
	return g_test_run();
}
