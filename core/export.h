/* A Vitis HLS project folder for a design: the kernel, its testbench and
 * host, the simulation headers, the scripts for vitis_hls and v++, a
 * Makefile, the descriptor and a README.  Written atomically: into a
 * temporary folder renamed into place; an existing non-empty folder is
 * replaced only when asked to. */
#pragma once

#include "design.h"
#include "device.h"

G_BEGIN_DECLS

#define SY_EXPORT_ERROR (sy_export_error_quark())

typedef enum {
	SY_EXPORT_ERROR_EXISTS, /* a non-empty folder, without force */
	SY_EXPORT_ERROR_WRITE, /* the file system refused */
} SyExportError;

GQuark sy_export_error_quark(void);

/* The project's files: relative path -> contents, in a stable order. */
typedef struct {
	GPtrArray *paths; /* char * */
	GPtrArray *contents; /* GBytes */
	GPtrArray *warnings; /* char *: what keeps the design from its best
				(also in the project's README) */
} SyExportFiles;

gboolean sy_export_files(const SyDesign *design, const SyDevice *device,
	SyExportFiles *files, GError **error);
void sy_export_files_clear(SyExportFiles *files);

/* Whether dir may be written without force: absent, or an empty
 * folder. */
gboolean sy_export_write_allowed(const char *dir, GError **error);

/* Writes files into dir. */
gboolean sy_export_write(const SyExportFiles *files, const char *dir,
	gboolean force, GError **error);

G_END_DECLS
