/* A Vitis HLS project folder for a design: the kernel, its testbench and
 * host, the simulation headers, the scripts for vitis_hls and v++, a
 * Makefile, the descriptor and a README (export.c); and writing it, or
 * compile's output file, atomically (export-write.c). */
#pragma once

#include "comm/design.h"
#include "model/device.h"
#include "model/estimate.h"
#include "poly/analysis.h"

G_BEGIN_DECLS

#define SY_EXPORT_ERROR (sy_export_error_quark())

typedef enum {
	SY_EXPORT_ERROR_EXISTS, /* an earlier export, or the output file,
				   without force */
	SY_EXPORT_ERROR_WRITE, /* the file system refused */
	SY_EXPORT_ERROR_NOT_OURS, /* what force does not replace: a folder
				     that is no export, a file, a link */
} SyExportError;

GQuark sy_export_error_quark(void);

/* The project's files: relative path -> contents, in a stable order. */
typedef struct {
	GPtrArray *paths; /* char * */
	GPtrArray *contents; /* GBytes */
	GPtrArray *warnings; /* char *: what keeps the design from its best
				(also in the project's README) */
} SyExportFiles;

/* Completes the design for the printer and the models (its modules'
 * code and the kernel's interface, sy_design_complete of
 * comm/kernel-facts.h, in one isl stage under the analysis' operation
 * limit), or says why the HLS backend refuses it.  options (may be
 * NULL) are those the kernel was analysed with: the testbench defines
 * what -D defined, and headers found through -I are copied too. */
gboolean sy_export_complete(__isl_keep SyDesign *design,
	const SyAnalysisOptions *options, GError **error);

/* The same checks and refusals, the design completed for the models
 * alone (sy_design_complete_models): a search's designs. */
gboolean sy_export_complete_models(__isl_keep SyDesign *design,
	const SyAnalysisOptions *options, GError **error);

/* The design completed (sy_export_complete), then printed. */
gboolean sy_export_files(__isl_keep SyDesign *design, const SyDevice *device,
	const SyAnalysisOptions *options, SyExportFiles *files, GError **error);
/* The files of a design that is complete (sy_design_complete made it
 * so, or design.json held all of it: sy_design_check_printable of
 * comm/design-load.h), for device, which the design then names.  Needs
 * no analysis and cannot fail.  What the models estimate on device
 * (model/model.h) goes into design.json and the README, and a warning
 * per resource over the device's budget (or why there is no estimate)
 * into files->warnings. */
void sy_export_files_print(__isl_keep SyDesign *design,
	__isl_keep const SyDevice *device, SyExportFiles *files);
void sy_export_files_clear(SyExportFiles *files);

/* design.json's text as an export for device writes it (the kernel's
 * interface must be there): the design (sy_design_to_json) and what the
 * models estimate on device, where they give an estimate, as its member
 * "estimate". */
__isl_give char *sy_export_design_json(__isl_keep const SyDesign *design,
	__isl_keep const SyDevice *device);

/* What is at a project folder's place.  An export is a folder holding
 * the marker file .systole-export, which every export writes. */
typedef enum {
	SY_EXPORT_DIR_ABSENT,
	SY_EXPORT_DIR_EMPTY, /* an empty folder */
	SY_EXPORT_DIR_EXPORT, /* an earlier export */
	SY_EXPORT_DIR_OTHER, /* a folder that holds other things */
	SY_EXPORT_DIR_NOT_FOLDER, /* a file, a symbolic link, a device */
} SyExportDir;

SyExportDir sy_export_dir_state(const char *dir);

/* Whether dir may be written: absent (in a folder that exists) or an
 * empty folder, or with force an earlier export.  Trailing slashes do
 * not matter. */
gboolean sy_export_write_allowed(
	const char *dir, gboolean force, GError **error);

/* Writes files into dir (see sy_export_write_allowed) all at once: into
 * a temporary folder next to it, then swapped into place, so that a
 * kill at any moment leaves the old project or the new one whole at
 * dir.  Leftovers of interrupted runs next to dir go first. */
gboolean sy_export_write(const SyExportFiles *files, const char *dir,
	gboolean force, GError **error);

/* Whether path may be written: absent (in a folder that exists), or
 * with force a regular file (never a folder, a link or a device). */
gboolean sy_export_file_allowed(
	const char *path, gboolean force, GError **error);

/* len bytes of text to path (see sy_export_file_allowed), atomically
 * the same way. */
gboolean sy_export_write_file(const char *path, const char *text, gsize len,
	gboolean force, GError **error);

G_END_DECLS
