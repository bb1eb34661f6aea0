/* Export jobs, as the explorer runs them in a worker thread: the same
 * files as systole-cli export, byte for byte; a folder in the way is
 * refused and left as it was; --force's equivalent replaces an earlier
 * export and nothing else.
 *
 * Arguments: systole-cli's path and the examples folder. */
#include <string.h>

#include <glib/gstdio.h>

#include "base/escape.h"
#include "project/export-job.h"
#include "project/export.h"

static const char *cli;
static const char *examples;
static char *tmp; /* removed at the end */

/* Removes a folder and what it holds. */
static void remove_tree(const char *path)
{
	GDir *dir;
	const char *name;

	if (!g_file_test(path, G_FILE_TEST_IS_DIR)) {
		g_remove(path);
		return;
	}
	dir = g_dir_open(path, 0, NULL);
	while (dir && (name = g_dir_read_name(dir))) {
		g_autofree char *child = g_build_filename(path, name, NULL);

		remove_tree(child);
	}
	if (dir)
		g_dir_close(dir);
	g_rmdir(path);
}

/* Every file under root as "path\n<contents>\n", sorted by path: two
 * trees are the same when their texts are. */
static void list_tree(const char *root, const char *rel, GPtrArray *out)
{
	g_autofree char *path = g_build_filename(root, rel, NULL);
	GDir *dir = g_dir_open(path, 0, NULL);
	const char *name;

	g_assert_nonnull(dir);
	while ((name = g_dir_read_name(dir))) {
		g_autofree char *child = *rel
			? g_build_filename(rel, name, NULL)
			: g_strdup(name);
		g_autofree char *full = g_build_filename(root, child, NULL);
		g_autofree char *text = NULL;
		gsize len;

		if (g_file_test(full, G_FILE_TEST_IS_DIR)) {
			list_tree(root, child, out);
			continue;
		}
		g_assert_true(g_file_get_contents(full, &text, &len, NULL));
		g_ptr_array_add(out,
			g_strdup_printf("%s\n%.*s\n", child, (int)len, text));
	}
	g_dir_close(dir);
}

static int compare_texts(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *tree_text(const char *root, guint *n_files)
{
	g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func(g_free);
	GString *out = g_string_new(NULL);

	list_tree(root, "", files);
	g_ptr_array_sort(files, compare_texts);
	for (guint i = 0; i < files->len; i++)
		g_string_append(out, g_ptr_array_index(files, i));
	if (n_files)
		*n_files = files->len;
	return g_string_free(out, FALSE);
}

/* The names in a folder, sorted, one a line. */
static char *names(const char *path)
{
	g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func(g_free);
	GDir *dir = g_dir_open(path, 0, NULL);
	const char *name;

	g_assert_nonnull(dir);
	while ((name = g_dir_read_name(dir)))
		g_ptr_array_add(list, g_strdup(name));
	g_dir_close(dir);
	g_ptr_array_sort(list, compare_texts);
	g_ptr_array_add(list, NULL);
	return g_strjoinv("\n", (char **)list->pdata);
}

static void run_cli(const char *const *args)
{
	g_autoptr(GPtrArray) argv = g_ptr_array_new();
	g_autofree char *out = NULL, *err = NULL;
	GError *error = NULL;
	int status;

	g_ptr_array_add(argv, (char *)cli);
	g_ptr_array_add(argv, "export");
	for (guint i = 0; args[i]; i++)
		g_ptr_array_add(argv, (char *)args[i]);
	g_ptr_array_add(argv, NULL);
	g_assert_true(g_spawn_sync(NULL, (char **)argv->pdata, NULL,
		G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
	g_assert_no_error(error);
	if (!g_spawn_check_wait_status(status, &error))
		g_error("systole-cli export failed: %s\n%s", error->message,
			err);
}

/* The job for matrix multiply on [i, j] with 16 x 16 x 16 tiles, made
 * from an analysis of this thread's own, which is freed before the job
 * runs: the job must hold copies of everything. */
static SyExportJob *mm_job_with(const char *space, const char *simd,
	const SyDesignOptions *design_options, const char *device,
	const char *dir, gboolean force)
{
	g_autofree char *path = g_build_filename(examples, "mm.c", NULL);
	g_autofree char *text = NULL;
	SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};
	g_autoptr(SyAnalysis) a = NULL;
	g_autoptr(SyChoices) choices = NULL;
	g_autoptr(SyConfig) config = NULL;
	GError *error = NULL;
	int id;

	g_assert_true(g_file_get_contents(path, &text, NULL, &error));
	a = sy_analysis_new_from_data(path, text, -1, &options, &error);
	g_assert_no_error(error);
	id = sy_config_find_space(a, space, &error);
	g_assert_no_error(error);
	choices = sy_choices_new(a, g_ptr_array_index(a->candidates, id), NULL);
	config = sy_config_new(choices);
	g_assert_true(sy_config_apply_named(
		config, choices, "tile", "i=16,j=16,k=16", &error));
	if (simd)
		g_assert_true(sy_config_apply_named(
			config, choices, "simd", simd, &error));
	return sy_export_job_new(path, text, -1, &options, (guint)id, config,
		design_options, device, dir, force);
}

static SyExportJob *mm_job(const SyDesignOptions *design_options,
	const char *device, const char *dir, gboolean force)
{
	return mm_job_with("i,j", NULL, design_options, device, dir, force);
}

typedef struct {
	SyExportJob *job;
	GString *stages; /* "Analysing 0.00\n..." */
	double last;
	GError *error;
	gboolean ok;
} Run;

static void progress(const char *stage, double fraction, gpointer data)
{
	Run *run = data;

	g_assert_cmpfloat(fraction, >=, run->last);
	g_assert_cmpfloat(fraction, <=, 1);
	run->last = fraction;
	g_string_append_printf(
		run->stages, "%s%s", run->stages->len ? "," : "", stage);
}

static gpointer run_in_thread(gpointer data)
{
	Run *run = data;

	run->ok = sy_export_job_run(run->job, progress, run, &run->error);
	return NULL;
}

/* Runs the job in a thread of its own, as the explorer does; returns
 * the stages it reported. */
static char *run_job(SyExportJob *job, GError **error)
{
	Run run = {job, g_string_new(NULL), 0, NULL, FALSE};

	g_thread_join(g_thread_new("export", run_in_thread, &run));
	g_assert_true(run.ok == (run.error == NULL));
	if (run.error)
		g_propagate_error(error, run.error);
	return g_string_free(run.stages, FALSE);
}

static void test_same_as_cli(void)
{
	g_autofree char *job_dir = g_build_filename(tmp, "job", NULL);
	g_autofree char *cli_dir = g_build_filename(tmp, "cli", NULL);
	g_autofree char *path = g_build_filename(examples, "mm.c", NULL);
	const char *args[] = {path, "--space", "i,j", "--tile",
		"i=16,j=16,k=16", "-o", cli_dir, NULL};
	g_autoptr(SyExportJob) job = mm_job(NULL, "u250", job_dir, FALSE);
	g_autofree char *stages = NULL, *mine = NULL, *theirs = NULL;
	GError *error = NULL;
	guint n;
	gint64 start = g_get_monotonic_time();

	stages = run_job(job, &error);
	g_assert_no_error(error);
	g_test_message("export of mm.c [i, j] 16 x 16 x 16: %.1f ms",
		(g_get_monotonic_time() - start) / 1000.0);
	g_assert_cmpstr(stages, ==, "Analysing,Generating,Writing,Writing");
	run_cli(args);
	mine = tree_text(job_dir, &n);
	theirs = tree_text(cli_dir, NULL);
	g_assert_cmpstr(mine, ==, theirs);
	/* The project's files, and the marker beside them. */
	g_assert_cmpuint(sy_export_job_get_n_files(job), ==, n - 1);
	g_assert_nonnull(strstr(mine, ".systole-export\nsystole-export 1\n"));
	g_assert_cmpuint(n, >=, 13);
	g_assert_cmpstr(sy_export_job_get_device_description(job), ==,
		"AMD Alveo U250 (xcu250, VU13P class, 4 SLRs)");
	g_assert_cmpstr(sy_export_job_get_dir(job), ==, job_dir);
	g_assert_cmpstr(sy_export_job_get_device(job), ==, "u250");
	g_assert_cmpuint(sy_export_job_get_warnings(job)->len, ==, 0);
}

/* What keeps a design from II=1 reaches the explorer as it reaches the
 * CLI: SIMD on j for mm on [i] moves C (partial sums) and B (B[j][k],
 * not contiguous along j) an element per lane; A, which every lane
 * shares, moves once. */
static void test_warnings(void)
{
	g_autofree char *dir = g_build_filename(tmp, "simd", NULL);
	g_autoptr(SyExportJob)
		job = mm_job_with("i", "j=2", NULL, "u250", dir, FALSE);
	GError *error = NULL;
	GPtrArray *warnings;

	g_assert_null(sy_export_job_get_warnings(job));
	g_free(run_job(job, &error));
	g_assert_no_error(error);
	warnings = sy_export_job_get_warnings(job);
	g_assert_cmpuint(warnings->len, ==, 1);
	g_assert_cmpstr(g_ptr_array_index(warnings, 0), ==,
		"SIMD on 'j' moves C and B through the PE's FIFOs an element "
		"per lane, so its pipeline starts an iteration every 2 cycles, "
		"not every cycle; B[j][k]: make dimension 0 the innermost, as "
		"B[k][j]");
}

/* The network options travel too: a packing table the job copied, and
 * single buffers. */
static void test_design_options(void)
{
	g_autofree char *job_dir = g_build_filename(tmp, "job-pack", NULL);
	g_autofree char *cli_dir = g_build_filename(tmp, "cli-pack", NULL);
	g_autofree char *path = g_build_filename(examples, "mm.c", NULL);
	const char *args[] = {path, "--space", "i,j", "--tile",
		"i=16,j=16,k=16", "--pack", "A:L2=8", "--no-double-buffer",
		"--device", "u280", "-o", cli_dir, NULL};
	GHashTable *pack = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);
	SyDesignOptions options = {.no_double_buffer = TRUE, .pack = pack};
	g_autoptr(SyExportJob) job = NULL;
	g_autofree char *mine = NULL, *theirs = NULL;
	GError *error = NULL;

	g_hash_table_insert(pack, g_strdup("A:L2"), GUINT_TO_POINTER(8));
	job = mm_job(&options, "u280", job_dir, FALSE);
	g_hash_table_unref(pack);
	g_free(run_job(job, &error));
	g_assert_no_error(error);
	run_cli(args);
	mine = tree_text(job_dir, NULL);
	theirs = tree_text(cli_dir, NULL);
	g_assert_cmpstr(mine, ==, theirs);
	g_assert_nonnull(strstr(mine, "HBM"));
}

/* Without force a folder in the way is refused, as systole-cli's exit
 * status 4 says, and nothing changes; with force it is replaced. */
static void test_exists_then_force(void)
{
	g_autofree char *dir = g_build_filename(tmp, "again", NULL);
	g_autofree char *marker = g_build_filename(dir, "mine.txt", NULL);
	g_autoptr(SyExportJob) first = mm_job(NULL, "u250", dir, FALSE);
	g_autoptr(SyExportJob) second = mm_job(NULL, "u280", dir, FALSE);
	g_autoptr(SyExportJob) third = mm_job(NULL, "u280", dir, TRUE);
	g_autofree char *before = NULL, *after = NULL, *stages = NULL;
	g_autofree char *around = NULL, *around_after = NULL;
	GError *error = NULL;

	g_free(run_job(first, &error));
	g_assert_no_error(error);
	g_assert_true(g_file_set_contents(marker, "keep me\n", -1, NULL));
	before = tree_text(dir, NULL);
	around = names(tmp);

	stages = run_job(second, &error);
	g_assert_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_EXISTS);
	g_assert_nonnull(strstr(error->message, dir));
	g_clear_error(&error);
	g_assert_cmpstr(stages, ==, "Analysing");
	g_assert_cmpuint(sy_export_job_get_n_files(second), ==, 0);
	g_assert_null(sy_export_job_get_device_description(second));
	after = tree_text(dir, NULL);
	g_assert_cmpstr(after, ==, before);
	around_after = names(tmp);
	g_assert_cmpstr(around_after, ==, around);

	g_free(run_job(third, &error));
	g_assert_no_error(error);
	g_assert_false(g_file_test(marker, G_FILE_TEST_EXISTS));
	g_free(after);
	after = tree_text(dir, NULL);
	g_assert_nonnull(strstr(after, "HBM"));
	g_free(around_after);
	around_after = names(tmp);
	g_assert_cmpstr(around_after, ==, around);
}

/* Replace follows --force's rule: an earlier export only.  A folder of
 * other things, or a file, is refused before any work, whatever force
 * says, and left as it was. */

/* A cancelled job stops its isl work and writes nothing: cancelled
 * before the run, and while it generates (from the progress callback,
 * as another thread would). */
static void cancel_at_generating(
	const char *stage, double fraction, gpointer data)
{
	(void)fraction;
	if (g_str_equal(stage, "Generating"))
		g_cancellable_cancel(data);
}

static void test_cancel(void)
{
	for (int when = 0; when < 2; when++) {
		g_autofree char *dir = g_build_filename(tmp, "cancelled", NULL);
		g_autoptr(SyExportJob) job = mm_job(NULL, "u250", dir, FALSE);
		g_autoptr(GCancellable) cancellable = g_cancellable_new();
		GError *error = NULL;

		if (when == 0)
			g_cancellable_cancel(cancellable);
		sy_export_job_set_cancellable(job, cancellable);
		g_assert_false(sy_export_job_run(job,
			when == 1 ? cancel_at_generating : NULL, cancellable,
			&error));
		g_assert_error(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
		g_assert_false(g_file_test(dir, G_FILE_TEST_EXISTS));
		g_error_free(error);
	}
}

static void test_not_ours(void)
{
	g_autofree char *mine = g_build_filename(tmp, "mine", NULL);
	g_autofree char *notes = g_build_filename(mine, "notes.txt", NULL);
	g_autofree char *file = g_build_filename(tmp, "file", NULL);
	const char *const places[] = {mine, file};

	g_assert_cmpint(g_mkdir(mine, 0755), ==, 0);
	g_assert_true(g_file_set_contents(notes, "keep\n", -1, NULL));
	g_assert_true(g_file_set_contents(file, "keep\n", -1, NULL));
	g_assert_cmpint(sy_export_dir_state(mine), ==, SY_EXPORT_DIR_OTHER);
	g_assert_cmpint(
		sy_export_dir_state(file), ==, SY_EXPORT_DIR_NOT_FOLDER);
	for (guint i = 0; i < G_N_ELEMENTS(places); i++) {
		g_autoptr(SyExportJob)
			job = mm_job(NULL, "u250", places[i], TRUE);
		g_autofree char *stages = NULL, *want = NULL, *text = NULL;
		GError *error = NULL;

		stages = run_job(job, &error);
		g_assert_error(
			error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_NOT_OURS);
		want = i == 0 ? g_strdup_printf(
					"%s is not a Systole export (no "
					".systole-export); remove it yourself "
					"or choose another folder",
					mine)
			      : g_strdup_printf("%s is not a folder; remove "
						"it yourself or choose another "
						"folder",
					file);
		g_assert_cmpstr(error->message, ==, want);
		g_clear_error(&error);
		g_assert_cmpstr(stages, ==, "Analysing");
		g_assert_true(g_file_get_contents(
			i == 0 ? notes : file, &text, NULL, NULL));
		g_assert_cmpstr(text, ==, "keep\n");
	}
}

/* A project folder whose folder is gone (removed after the dialog
 * chose it) is refused before the analysis, as systole-cli's exit
 * status 4 says, and nothing is made. */
static void test_no_parent(void)
{
	g_autofree char *gone = g_build_filename(tmp, "gone", NULL);
	g_autofree char *dir = g_build_filename(gone, "p", NULL);
	g_autoptr(SyExportJob) job = mm_job(NULL, "u250", dir, FALSE);
	g_autofree char *stages = NULL, *want = NULL;
	GError *error = NULL;

	stages = run_job(job, &error);
	g_assert_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_WRITE);
	want = g_strdup_printf("%s: the folder %s does not exist; nothing "
			       "was written",
		dir, gone);
	g_assert_cmpstr(error->message, ==, want);
	g_clear_error(&error);
	g_assert_cmpstr(stages, ==, "Analysing");
	g_assert_cmpuint(sy_export_job_get_n_files(job), ==, 0);
	g_assert_false(g_file_test(gone, G_FILE_TEST_EXISTS));
}

/* What a folder is, as the dialog says it before Export: nothing, an
 * empty folder, an earlier export (its marker), with a slash or not. */
static void test_dir_state(void)
{
	g_autofree char *dir = g_build_filename(tmp, "state", NULL);
	g_autofree char *slash = g_strconcat(dir, "/", NULL);
	g_autoptr(SyExportJob) job = mm_job(NULL, "u250", slash, FALSE);
	g_autofree char *marker = NULL, *text = NULL;
	GError *error = NULL;

	g_assert_cmpint(sy_export_dir_state(dir), ==, SY_EXPORT_DIR_ABSENT);
	g_assert_cmpint(g_mkdir(dir, 0755), ==, 0);
	g_assert_cmpint(sy_export_dir_state(slash), ==, SY_EXPORT_DIR_EMPTY);
	g_free(run_job(job, &error));
	g_assert_no_error(error);
	g_assert_cmpint(sy_export_dir_state(dir), ==, SY_EXPORT_DIR_EXPORT);
	marker = g_build_filename(dir, ".systole-export", NULL);
	g_assert_true(g_file_get_contents(marker, &text, NULL, NULL));
	g_assert_cmpstr(text, ==, "systole-export 1\n");
	g_assert_true(sy_export_write_allowed(dir, TRUE, &error));
	g_assert_false(sy_export_write_allowed(slash, FALSE, &error));
	g_assert_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_EXISTS);
	g_clear_error(&error);
}

/* A job's -D and -I reach the project as systole-cli's do: the
 * testbench defines the macro, the README gives the options. */
static void test_defines(void)
{
	g_autofree char *job_dir = g_build_filename(tmp, "job-d", NULL);
	g_autofree char *cli_dir = g_build_filename(tmp, "cli-d", NULL);
	g_autofree char *path = g_build_filename(examples, "mm.c", NULL);
	g_autofree char *text = NULL, *mine = NULL, *theirs = NULL;
	const char *args[] = {"-D", "I=32", "-I", examples, path, "--space",
		"i,j", "--tile", "i=16,j=16,k=16", "-o", cli_dir, NULL};
	const char *defines[] = {"I=32", NULL};
	const char *dirs[] = {examples, NULL};
	SyAnalysisOptions options = {defines, dirs, 2, 0, FALSE};
	g_autoptr(SyAnalysis) a = NULL;
	g_autoptr(SyChoices) choices = NULL;
	g_autoptr(SyConfig) config = NULL;
	g_autoptr(SyExportJob) job = NULL;
	GError *error = NULL;
	int id;

	g_assert_true(g_file_get_contents(path, &text, NULL, &error));
	a = sy_analysis_new_from_data(path, text, -1, &options, &error);
	g_assert_no_error(error);
	id = sy_config_find_space(a, "i,j", &error);
	choices = sy_choices_new(a, g_ptr_array_index(a->candidates, id), NULL);
	config = sy_config_new(choices);
	g_assert_true(sy_config_apply_named(
		config, choices, "tile", "i=16,j=16,k=16", &error));
	job = sy_export_job_new(path, text, -1, &options, (guint)id, config,
		NULL, "u250", job_dir, FALSE);
	g_free(run_job(job, &error));
	g_assert_no_error(error);
	run_cli(args);
	mine = tree_text(job_dir, NULL);
	theirs = tree_text(cli_dir, NULL);
	g_assert_cmpstr(mine, ==, theirs);
	g_assert_nonnull(strstr(mine, "\n#define I 32\n"));
	g_assert_nonnull(strstr(mine, "with `-D I=32 -I "));
}

/* User strings in generated files, escaped for each language. */
static void test_escape(void)
{
	const char *hostile = "a/*b*/c\\\n$(x)`y``z'q\"\xff\xc3\xa9";
	struct {
		char *(*escape)(const char *);
		const char *want;
	} cases[] = {
		{sy_escape_c_comment,
			"a/\\*b*\\/c\\\\\\n$(x)`y``z'q\"\\xff\xc3\xa9"},
		{sy_escape_line_comment,
			"a/*b*/c\\\\\\n$(x)`y``z'q\"\\xff\xc3\xa9"},
		{sy_escape_markdown_code,
			"``` a/*b*/c\\\\\\n$(x)`y``z'q\"\\xff\xc3\xa9 ```"},
		{sy_escape_shell, "'a/*b*/c\\\n$(x)`y``z'\\''q\"\xff\xc3\xa9'"},
		{sy_escape_json_text,
			"a/*b*/c\\\n$(x)`y``z'q\"\xef\xbf\xbd\xc3\xa9"},
	};

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *got = cases[i].escape(hostile);

		g_assert_cmpstr(got, ==, cases[i].want);
	}
	/* Words a shell takes as they are stay so. */
	for (guint i = 0; i < 2; i++) {
		const char *word = i ? "I=32" : "/a/b-c.d";
		g_autofree char *got = sy_escape_shell(word);

		g_assert_cmpstr(got, ==, word);
	}
}

/* Errors of the stages come back whole. */
static void test_errors(void)
{
	g_autofree char *dir = g_build_filename(tmp, "none", NULL);
	g_autoptr(SyExportJob) device = mm_job(NULL, "u999", dir, FALSE);
	g_autoptr(SyExportJob) broken = NULL;
	g_autoptr(SyConfig) config = NULL;
	SyChoices *choices;
	SyAnalysis *a;
	SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};
	const char *text = "float A[8];\nvoid f(void)\n{\n#pragma scop\n"
			   "for (int i = 0; i < 8; i++)\n  A[i] = A[i] + 1;\n"
			   "#pragma endscop\n}\n";
	GError *error = NULL;

	g_free(run_job(device, &error));
	g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_UNKNOWN);
	g_assert_nonnull(strstr(error->message, "u250"));
	g_clear_error(&error);

	/* Sizes made for another kernel's dataflow. */
	a = sy_analysis_new_from_data("f.c", text, -1, &options, &error);
	g_assert_no_error(error);
	choices = sy_choices_new(a, g_ptr_array_index(a->candidates, 0), NULL);
	config = sy_config_new(choices);
	sy_choices_free(choices);
	sy_analysis_free(a);
	broken = sy_export_job_new(
		"f.c", text, -1, &options, 7, config, NULL, "u250", dir, FALSE);
	g_free(run_job(broken, &error));
	g_assert_error(error, SY_CONFIG_ERROR, SY_CONFIG_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==,
		"f.c: dataflow 7 does not exist: the kernel has 1");
	g_clear_error(&error);
	g_assert_false(g_file_test(dir, G_FILE_TEST_EXISTS));
}

int main(int argc, char **argv)
{
	GError *error = NULL;
	int status;

	g_test_init(&argc, &argv, NULL);
	if (argc != 3) {
		g_printerr("usage: %s SYSTOLE-CLI EXAMPLES-DIR\n", argv[0]);
		return 2;
	}
	cli = argv[1];
	examples = argv[2];
	tmp = g_dir_make_tmp("systole-export-job-XXXXXX", &error);
	g_assert_no_error(error);
	g_test_add_func("/export-job/same-as-cli", test_same_as_cli);
	g_test_add_func("/export-job/design-options", test_design_options);
	g_test_add_func("/export-job/warnings", test_warnings);
	g_test_add_func(
		"/export-job/exists-then-force", test_exists_then_force);
	g_test_add_func("/export-job/errors", test_errors);
	g_test_add_func("/export-job/not-ours", test_not_ours);
	g_test_add_func("/export-job/no-parent", test_no_parent);
	g_test_add_func("/export-job/cancel", test_cancel);
	g_test_add_func("/export-job/dir-state", test_dir_state);
	g_test_add_func("/export-job/defines", test_defines);
	g_test_add_func("/export-job/escape", test_escape);
	status = g_test_run();
	remove_tree(tmp);
	g_free(tmp);
	return status;
}
