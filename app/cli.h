/* What systole-cli's commands share: exit codes, the options that read
 * a kernel, error reporting and output. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "comm/design.h"
#include "model/device.h"
#include "compute/config.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

enum {
	EXIT_OK = 0,
	EXIT_INPUT = 1, /* the input file or a size is wrong */
	EXIT_USAGE = 2, /* the command line is wrong */
	EXIT_INTERNAL = 3, /* a bug in Systole */
	EXIT_OUTPUT = 4, /* the output exists (no --force) or cannot be
			      written */
	EXIT_TOO_COMPLEX = 5, /* a stage needs more isl operations than
				 --max-operations allows */
	EXIT_INTERRUPTED = 130, /* explore: Ctrl-C, the best found out */
};

/* Options every command that reads a kernel understands. */
typedef struct {
	char **defines;
	char **include_dirs;
	char *max_dims_text;
	int max_dims; /* from max_dims_text, once parsed */
	char *max_operations_text;
	guint64 max_operations; /* from max_operations_text: 0 default */
	gboolean live_range_reordering;
	gboolean json;
	char *repeat_text;
} CliOptions;

int cli_usage_error(const char *format, ...) G_GNUC_PRINTF(1, 2);

/* The exit code of an error; cli_report_error prints it too. */
int cli_error_code(const GError *error);
int cli_report_error(const GError *error);

void cli_options_clear(CliOptions *o);
void cli_add_kernel_options(GOptionContext *ctx, CliOptions *o);

/* Parses argv for a command; returns the exit code on failure, or -1. */
int cli_parse_options(
	GOptionContext *ctx, int *argc, char ***argv, CliOptions *o);
SyAnalysisOptions cli_analysis_options(const CliOptions *o);

/* An option read as bytes (G_OPTION_ARG_FILENAME), made UTF-8 in place:
 * kept if it is UTF-8 (the C locale has no other way to pass 'é'),
 * else converted from the locale's encoding.  A whole number from min
 * to max.  Both return the exit code on failure, or -1. */
int cli_option_text(const char *option, char **value);
int cli_option_number(const char *option, const char *text, gint64 min,
	gint64 max, gint64 *value);

/* sy_json_print's text on stdout. */
void cli_print_json(JsonNode *root);

/* text to path atomically (never over a file without force, never
 * over anything else), or to stdout when path is NULL; returns an exit
 * code.  cli_write_error prints why an output file was not written. */
int cli_write_output(const char *path, const char *text, gboolean force);
int cli_write_error(const GError *error);

/* --space-time (cli-space-time.c): the transform applied to the
 * analysis (errors as sizes' are); the candidate of its space loops
 * (--space, if given, must name them: a design's command does);
 * the summary's "movement", "movement_kind" and "space_time" members
 * added to root (the candidate's loop-aligned transform without
 * --space-time); the same as text. */
gboolean cli_space_time_apply(SyAnalysis *a, const char *text, GError **error);
/* export's limit (sy_space_time_exportable), as an input error. */
gboolean cli_space_time_exportable(const SyAnalysis *a, GError **error);
const SyCandidate *cli_space_time_candidate(
	const SyAnalysis *a, const char *space, GError **error);
void cli_space_time_add_json(
	JsonNode *root, const SyAnalysis *a, const SyCandidate *c);
char *cli_space_time_text(const SyAnalysis *a, const SyCandidate *c);

int cli_compile(int argc, char **argv);
/* systole-cli transforms (cli-transforms.c). */
int cli_transforms(int argc, char **argv);
int cli_export(int argc, char **argv);
/* export --target c-simd|opencl|cuda (cli-export-lanes.c), which
 * cli_export hands argv to when cli_export_wants_lanes. */
int cli_export_lanes(int argc, char **argv);
gboolean cli_export_wants_lanes(int argc, char **argv);
int cli_estimate(int argc, char **argv);
int cli_explore(int argc, char **argv);
int cli_merge(int argc, char **argv);

/* explore's and merge's output, from explore's JSON (root, kept):
 * that JSON printed, CSV, or text (seconds: the search's, < 0: none
 * to say). */
typedef enum {
	CLI_EXPLORE_TEXT,
	CLI_EXPLORE_JSON,
	CLI_EXPLORE_CSV,
} CliExploreFormat;
char *cli_explore_print(
	JsonNode *root, CliExploreFormat format, double seconds);
/* explore --model odyssey's formats, from its JSON. */
char *cli_explore_odyssey_print(
	JsonNode *root, CliExploreFormat format, double seconds);

/* systole-cli autosa: AutoSA's command line, unchanged (cli-autosa.c). */
int cli_autosa(int argc, char **argv);

/* What an AutoSA command line asks of export beyond its options. */
typedef struct {
	guint skip; /* SY_CONFIG_SKIP_*: stages its --config disables */
	/* its --config has the hbm stage (in manual mode): with --hbm, a
	 * path without its hbm_<path> key stops the run */
	gboolean hbm_manual;
} CliAutosa;

/* export, stopping where AutoSA's manual mode stops (printing what it
 * lists there, exit 0) when the sizes lack a stage's key. */
int cli_export_autosa(int argc, char **argv, const CliAutosa *autosa);

/* What systole-cli estimate asks of the models. */
typedef struct {
	const char *device; /* a name or a profile FILE.json; NULL: u250 */
	guint mhz; /* 0: the device's clock */
	const char *model; /* "systole" or "odyssey"; NULL: systole */
	gboolean json;
} CliEstimate;

/* --mhz and --model: returns the exit code of a usage error, or -1. */
int cli_estimate_check(const char *mhz, const char *model);
/* The estimate of a design compile's stages made: completed as export
 * completes it (options: the analysis'), estimated, printed. */
char *cli_estimate_design(SyDesign *design, const CliEstimate *what,
	const SyAnalysisOptions *options, GError **error);
/* What systole-cli simulate asks. */
typedef struct {
	const char *device; /* a name or a profile FILE.json; NULL: u250 */
	guint mhz; /* 0: the device's clock */
	gboolean json;
	const char *trace; /* --trace FILE: a CSV of the events, or NULL */
	gint64 max_events; /* 0: SY_SIM_MAX_EVENTS */
	/* --frames DIR: the Array view's animation as PNGs, one every
	 * frame_step cycles (0: a hundredth of the run, rounded up) over
	 * existing ones only with force; NULL: none. */
	const char *frames;
	gint64 frame_step;
	gboolean force;
} CliSimulate;

/* simulate --frames: the run recorded (sim-timeline.h, within
 * max_events or SY_SIM_TIMELINE_MAX_EVENTS) and drawn over the array
 * of design as frame-0000.png, frame-0001.png, ... in what->frames;
 * what was written, as text. */
char *cli_simulate_frames(const SyChoices *c, const SyPeArray *array,
	SyDesign *design, const CliSimulate *what,
	const SyAnalysisOptions *options, GError **error);

/* The simulation of a design compile's stages made (completed as
 * export completes it), printed; the deadlock is in the text, not an
 * error. */
char *cli_simulate_design(SyDesign *design, const CliSimulate *what,
	const SyAnalysisOptions *options, GError **error);
int cli_simulate(int argc, char **argv);

/* export --design: the project of the design.json at path, into the
 * folder output (checked already, see sy_export_write_allowed); returns
 * an exit code. */
int cli_export_design(const char *path, const char *output, const char *device,
	gboolean force);

/* systole-cli render (cli-render.c): its own options, read with
 * compile's (cli-compile.c). */
typedef struct {
	char *view_text; /* --view: names with commas, or all */
	char *scale_text;
	char *theme; /* light (NULL too) or dark */
	char *from; /* explore --json's output for the Pareto view */
	gboolean labels;
	guint views; /* from view_text: a bit per SyPictureView */
	int scale; /* from scale_text */
} CliRender;

void cli_render_clear(CliRender *r);
/* The options read (views, scale, theme, the output's extension, a
 * FILE.c where one is needed: argc as the command saw it); returns the
 * exit code of a usage error, or -1. */
int cli_render_check(CliRender *r, const char *output, int argc);
/* Only the Pareto view: no design to make. */
gboolean cli_render_pareto_only(const CliRender *r);
/* The pictures to output; what was written, as text, or NULL with
 * error.  path: the kernel (may be NULL with --from); space: --space,
 * the search's one dataflow (NULL: every one). */
char *cli_render_pareto(const char *path, const char *space, const char *output,
	gboolean force, const CliRender *r, const char *device,
	const SyAnalysisOptions *ao, GError **error);
/* design: c's and cfg's, made of array; completed here for the
 * models. */
char *cli_render_design(const char *path, const SyChoices *c,
	const SyConfig *cfg, const SyPeArray *array, SyDesign *design,
	const char *output, gboolean force, const CliRender *r,
	const char *device, const SyAnalysisOptions *ao, GError **error);
int cli_render(int argc, char **argv);

G_END_DECLS
